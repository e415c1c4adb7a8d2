//! JSON Lines rendering, written by hand to keep the dependency list short.

use crate::{Counterexample, Mismatch, Outcome, TensorValue, Verdict};

pub fn json_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A JSON object built field by field, keys in insertion order.
#[derive(Default)]
pub struct JsonObject {
    fields: Vec<(String, String)>,
}

impl JsonObject {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn str(mut self, k: &str, v: &str) -> Self {
        self.fields.push((k.into(), json_escape(v)));
        self
    }
    pub fn raw(mut self, k: &str, v: String) -> Self {
        self.fields.push((k.into(), v));
        self
    }
    pub fn num(self, k: &str, v: f64) -> Self {
        self.raw(k, format!("{v:.6}"))
    }
    pub fn finish(&self) -> String {
        let parts: Vec<String> = self
            .fields
            .iter()
            .map(|(k, v)| format!("{}:{}", json_escape(k), v))
            .collect();
        format!("{{{}}}", parts.join(","))
    }
}

fn axes_json(axes: &[(String, i128)]) -> String {
    let parts: Vec<String> = axes
        .iter()
        .map(|(a, n)| format!("{}:{}", json_escape(a), n))
        .collect();
    format!("{{{}}}", parts.join(","))
}

fn tensor_json(t: &TensorValue) -> String {
    let data: Vec<String> = t.data.iter().map(|d| json_escape(d)).collect();
    let free: Vec<String> = t.free.iter().map(|f| f.to_string()).collect();
    JsonObject::new()
        .str("name", &t.name)
        .str("type", &t.element_type)
        .raw("shape", axes_json(&t.axes))
        .raw("data", format!("[{}]", data.join(",")))
        .raw("free", format!("[{}]", free.join(",")))
        .finish()
}

pub(crate) fn counterexample_json(c: &Counterexample) -> String {
    let maps: Vec<String> = c
        .maps
        .iter()
        .map(|(n, v)| format!("{}:{}", json_escape(n), axes_json(v)))
        .collect();
    let scalars: Vec<String> = c
        .scalars
        .iter()
        .map(|(n, v)| format!("{}:{}", json_escape(n), json_escape(v)))
        .collect();
    let inputs: Vec<String> = c.inputs.iter().map(tensor_json).collect();
    let mismatch = match &c.mismatch {
        Mismatch::RhsInvalid { op } => JsonObject::new()
            .str("kind", "rhs-invalid")
            .str("op", op)
            .finish(),
        Mismatch::Shape { lhs, rhs } => JsonObject::new()
            .str("kind", "shape")
            .raw("lhs", axes_json(lhs))
            .raw("rhs", axes_json(rhs))
            .finish(),
        Mismatch::Value { index, lhs, rhs } => JsonObject::new()
            .str("kind", "value")
            .raw("index", axes_json(index))
            .str("lhs", lhs)
            .str("rhs", rhs)
            .finish(),
        Mismatch::TargetUb { what } => JsonObject::new()
            .str("kind", "target-ub")
            .str("what", what)
            .finish(),
        Mismatch::OutputShape { output, src, tgt } => JsonObject::new()
            .str("kind", "output-shape")
            .raw("output", output.to_string())
            .raw("src", format!("{src:?}"))
            .raw("tgt", format!("{tgt:?}"))
            .finish(),
        Mismatch::Output {
            output,
            index,
            src,
            tgt,
        } => JsonObject::new()
            .str("kind", "output")
            .raw("output", output.to_string())
            .raw("index", format!("{index:?}"))
            .str("src", src)
            .str("tgt", tgt)
            .finish(),
        Mismatch::Memory {
            block,
            index,
            src,
            tgt,
        } => JsonObject::new()
            .str("kind", "memory")
            .str("block", block)
            .raw("index", format!("{index:?}"))
            .str("src", src)
            .str("tgt", tgt)
            .finish(),
    };
    JsonObject::new()
        .str("instance", &c.instance)
        .raw("maps", format!("{{{}}}", maps.join(",")))
        .raw("scalars", format!("{{{}}}", scalars.join(",")))
        .raw("inputs", format!("[{}]", inputs.join(",")))
        .raw("mismatch", mismatch)
        .finish()
}

impl Outcome {
    /// One JSON Lines record.
    pub fn to_json(&self) -> String {
        self.to_json_with_source(None)
    }

    /// One JSON Lines record; with the input's text, diagnostics also carry line and column.
    pub fn to_json_with_source(&self, source: Option<&str>) -> String {
        let mut o = JsonObject::new()
            .str("file", &self.file)
            .str("name", &self.name)
            .str("verdict", self.verdict.name());
        if let Some(e) = &self.expected {
            o = o.str("expected", e);
        }
        o = o.num("seconds", self.seconds);
        match &self.verdict {
            Verdict::Verified { assumptions } => {
                let a: Vec<String> = assumptions.iter().map(|s| json_escape(s)).collect();
                o = o.raw("assumptions", format!("[{}]", a.join(",")));
            }
            Verdict::Refuted { counterexample } => {
                o = o.raw("counterexample", counterexample_json(counterexample));
            }
            Verdict::Vacuous { reason } | Verdict::Unknown { reason } => {
                o = o.str("reason", reason)
            }
            Verdict::Error { diagnostics } => {
                let d: Vec<String> = diagnostics
                    .iter()
                    .map(|d| {
                        let mut j = JsonObject::new()
                            .str("message", &d.message)
                            .raw("start", d.span.start.to_string())
                            .raw("end", d.span.end.to_string());
                        if let Some(src) = source {
                            let (line, col) = crate::text::line_col(src, d.span.start);
                            j = j
                                .raw("line", line.to_string())
                                .raw("column", col.to_string());
                        }
                        j.finish()
                    })
                    .collect();
                o = o.raw("diagnostics", format!("[{}]", d.join(",")));
            }
        }
        if !self.details.is_empty() {
            let d: Vec<String> = self
                .details
                .iter()
                .map(|(k, v)| format!("{}:{}", json_escape(k), json_escape(v)))
                .collect();
            o = o.raw("details", format!("{{{}}}", d.join(",")));
        }
        o.finish()
    }
}
