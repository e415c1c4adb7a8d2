//! What the commands print: verdict lines and details on stdout as jobs finish (in input
//! order, so the output is the same for any `--jobs`), diagnostics and the progress bar on
//! stderr, and the JSON Lines records of docs/json.md.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use report::{render_counterexample, render_diagnostic_styled, Verdict};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};

/// The version of the JSON records' layout (docs/json.md).
pub const SCHEMA: u32 = 1;

/// A progress bar on stderr, drawn only on a terminal and without `--quiet`.
pub fn progress(total: usize, quiet: bool) -> ProgressBar {
    if quiet || total < 2 || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} [{elapsed}] {wide_msg}") {
        bar.set_style(style);
    }
    bar
}

/// Releases results in input order as soon as every earlier one is in.
pub struct Ordered<T> {
    next: usize,
    waiting: BTreeMap<usize, T>,
}

impl<T> Ordered<T> {
    pub fn new() -> Self {
        Ordered {
            next: 0,
            waiting: BTreeMap::new(),
        }
    }

    pub fn push(&mut self, i: usize, item: T) -> Vec<T> {
        self.waiting.insert(i, item);
        let mut out = vec![];
        while let Some(item) = self.waiting.remove(&self.next) {
            out.push(item);
            self.next += 1;
        }
        out
    }
}

/// Writes `text` to stdout, hiding the progress bar meanwhile; a closed stdout is ignored.
pub fn print(bar: &ProgressBar, text: &str) {
    bar.suspend(|| {
        let mut w = std::io::stdout().lock();
        let _ = w.write_all(text.as_bytes());
        let _ = w.flush();
    });
}

/// Writes `text` to stderr, hiding the progress bar meanwhile.
pub fn eprint(bar: &ProgressBar, text: &str) {
    bar.suspend(|| {
        let mut w = std::io::stderr().lock();
        let _ = w.write_all(text.as_bytes());
    });
}

/// The indented details under a verdict line: assumptions, the counterexample, the reason.
/// Diagnostics of an error go to stderr ([`diagnostics`]).
pub fn details(v: &Verdict) -> String {
    match v {
        Verdict::Verified { assumptions } => assumptions
            .iter()
            .map(|a| format!("  assuming {a}\n"))
            .collect(),
        Verdict::Refuted { counterexample } => render_counterexample(counterexample),
        Verdict::Vacuous { reason } | Verdict::Unknown { reason } => format!("  {reason}\n"),
        Verdict::Error { .. } => String::new(),
    }
}

/// The rendered diagnostics of an error verdict, pointing into `file` (colours on a terminal).
pub fn diagnostics(v: &Verdict, file: &str, text: Option<&str>) -> String {
    let Verdict::Error { diagnostics } = v else {
        return String::new();
    };
    let color = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    diagnostics
        .iter()
        .map(|d| match text {
            Some(t) => render_diagnostic_styled(file, t, d, color),
            None => format!("error: {}\n --> {file}\n", d.message),
        })
        .collect()
}

/// A verdict as JSON fields: `verdict`, and `assumptions`, `counterexample`, `reason` or
/// `diagnostics` (with `line` and `column` when the text is known).
pub fn verdict_fields(
    v: &Verdict,
    file: &str,
    text: Option<&str>,
    full: bool,
) -> Map<String, Value> {
    let mut m = match serde_json::to_value(v) {
        Ok(Value::Object(m)) => m,
        _ => Map::new(),
    };
    if let (Verdict::Refuted { counterexample }, false) = (v, full) {
        if let Some(Value::Array(inputs)) = m
            .get_mut("counterexample")
            .and_then(|c| c.get_mut("inputs"))
        {
            for (json, t) in inputs.iter_mut().zip(&counterexample.inputs) {
                summarize_tensor(json, t);
            }
        }
    }
    if let Verdict::Error { diagnostics } = v {
        let ds: Vec<Value> = diagnostics
            .iter()
            .map(|d| {
                let mut o = json!({
                    "file": file,
                    "message": d.message,
                    "start": d.span.start,
                    "end": d.span.end,
                });
                if let Some(t) = text {
                    let (line, column) = report::line_col(t, d.span.start);
                    o["line"] = json!(line);
                    o["column"] = json!(column);
                }
                o
            })
            .collect();
        m.insert("diagnostics".into(), Value::Array(ds));
    }
    m
}

/// Tensors with more elements than this are summarized in JSON unless `--full-values`.
pub const FULL_LIMIT: usize = 4096;

/// The most non-default elements a summary lists.
const LISTED: usize = 256;

/// Replaces the `data` of a large tensor by `elements` (the count), `default` (the most common
/// value), `others` (up to [`LISTED`] `{index, value}` of the other elements, row-major) and
/// `others_total`.
fn summarize_tensor(json: &mut Value, t: &report::TensorValue) {
    if t.data.len() <= FULL_LIMIT {
        return;
    }
    let mut freq: BTreeMap<&str, usize> = BTreeMap::new();
    for d in &t.data {
        *freq.entry(d.as_str()).or_default() += 1;
    }
    let default = freq
        .iter()
        .max_by_key(|(_, n)| **n)
        .map(|(v, _)| *v)
        .unwrap_or("");
    let dims: Vec<i128> = t.axes.iter().map(|(_, n)| *n).collect();
    let index = |mut off: usize| -> Vec<i128> {
        let mut idx = vec![0; dims.len()];
        for (k, n) in dims.iter().enumerate().rev() {
            let n = (*n).max(1) as usize;
            idx[k] = (off % n) as i128;
            off /= n;
        }
        idx
    };
    let others: Vec<(usize, &String)> = t
        .data
        .iter()
        .enumerate()
        .filter(|(_, d)| d.as_str() != default)
        .collect();
    let listed: Vec<Value> = others
        .iter()
        .take(LISTED)
        .map(|(off, v)| json!({"index": index(*off).iter().map(|i| *i as i64).collect::<Vec<_>>(), "value": v}))
        .collect();
    if let Value::Object(o) = json {
        o.remove("data");
        o.insert("elements".into(), json!(t.data.len()));
        o.insert("default".into(), json!(default));
        o.insert("others".into(), Value::Array(listed));
        o.insert("others_total".into(), json!(others.len()));
    }
}

/// A result record: `schema`, `record: "result"`, `command`, then `fields`.
pub fn record(command: &str, kind: &str, fields: Map<String, Value>) -> String {
    let mut m = Map::new();
    m.insert("schema".into(), json!(SCHEMA));
    m.insert("record".into(), json!(kind));
    m.insert("command".into(), json!(command));
    m.extend(fields);
    let mut s = Value::Object(m).to_string();
    s.push('\n');
    s
}

/// One finished job, as the summary record counts it.
pub struct Tally<'a> {
    pub got: &'a str,
    pub expected: Option<&'a str>,
    /// The expectation is met (beyond the verdict, e.g. a witness kind).
    pub met: bool,
    pub seconds: f64,
}

/// The summary record of a run: verdict counts, expectations, timing, settings, and `extra`
/// fields (an exit code, a budget, ...).
pub fn summary_record(
    command: &str,
    tallies: &[Tally],
    wall: f64,
    run: &crate::args::RunOpts,
    extra: Value,
) -> String {
    let times: Vec<f64> = tallies.iter().map(|t| t.seconds).collect();
    let (median, max) = median_max(&times);
    let with = tallies.iter().filter(|t| t.expected.is_some()).count();
    let met = tallies
        .iter()
        .filter(|t| t.expected.is_some() && t.met)
        .count();
    let alarms = tallies
        .iter()
        .filter(|t| crate::expect::is_alarm(t.expected, t.got))
        .count();
    let mut m = match json!({
        "counts": counts(tallies.iter().map(|t| t.got)),
        "total": tallies.len(),
        "expectations": {"with": with, "met": met, "alarms": alarms},
        "wall_seconds": wall,
        "sum_seconds": times.iter().sum::<f64>(),
        "median_seconds": median,
        "max_seconds": max,
        "jobs": run.workers(),
        "timeout_seconds": run.timeout.as_secs_f64(),
        "version": env!("CARGO_PKG_VERSION"),
    }) {
        Value::Object(m) => m,
        _ => Map::new(),
    };
    if let Value::Object(extra) = extra {
        m.extend(extra);
    }
    record(command, "summary", m)
}

/// The count of each verdict name.
pub fn counts<'a>(names: impl Iterator<Item = &'a str>) -> Value {
    let mut m: BTreeMap<&str, usize> = ["verified", "refuted", "vacuous", "unknown", "error"]
        .into_iter()
        .map(|n| (n, 0))
        .collect();
    for n in names {
        *m.entry(n).or_insert(0) += 1;
    }
    json!(m)
}

/// Median and maximum of `times`.
pub fn median_max(times: &[f64]) -> (f64, f64) {
    let mut t = times.to_vec();
    t.sort_by(|a, b| a.total_cmp(b));
    let n = t.len();
    let median = match n {
        0 => 0.0,
        n if n % 2 == 1 => t[n / 2],
        n => (t[n / 2 - 1] + t[n / 2]) / 2.0,
    };
    (median, t.last().copied().unwrap_or(0.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordered_release() {
        let mut o = Ordered::new();
        assert!(o.push(1, 'b').is_empty());
        assert_eq!(o.push(0, 'a'), vec!['a', 'b']);
        assert_eq!(o.push(2, 'c'), vec!['c']);
    }
}
