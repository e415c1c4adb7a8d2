//! Human-readable rendering: diagnostics with carets, counterexamples as arrays, summaries.

use crate::{Counterexample, Mismatch, Outcome, TensorValue};
use std::fmt::Write;

fn render_axes(axes: &[(String, i128)]) -> String {
    let parts: Vec<String> = axes.iter().map(|(a, n)| format!("{a}: {n}")).collect();
    format!("[{}]", parts.join(", "))
}

/// Nested brackets, outermost axis first; free elements are marked with `*`.
fn render_data(t: &TensorValue) -> String {
    fn rec(t: &TensorValue, dim: usize, off: &mut usize, out: &mut String) {
        if dim == t.axes.len() {
            let v = t.data.get(*off).cloned().unwrap_or_default();
            out.push_str(&v);
            if t.free.contains(off) {
                out.push('*');
            }
            *off += 1;
            return;
        }
        out.push('[');
        let n = t.axes[dim].1.max(0);
        for i in 0..n {
            if i > 0 {
                out.push_str(", ");
            }
            rec(t, dim + 1, off, out);
        }
        out.push(']');
    }
    let mut out = String::new();
    let mut off = 0;
    rec(t, 0, &mut off, &mut out);
    out
}

/// The counterexample as indented text.
pub fn render_counterexample(c: &Counterexample) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "  counterexample ({}):", c.instance);
    for (name, vals) in &c.maps {
        let _ = writeln!(out, "    {name} = {}", render_axes(vals));
    }
    for (name, v) in &c.scalars {
        let _ = writeln!(out, "    {name} = {v}");
    }
    for t in &c.inputs {
        let _ = writeln!(
            out,
            "    {} : {} {} = {}",
            t.name,
            t.element_type,
            render_axes(&t.axes),
            render_data(t)
        );
    }
    if c.inputs.iter().any(|t| !t.free.is_empty()) {
        let _ = writeln!(
            out,
            "    (* = element the solver left free, shown with a fixed pattern)"
        );
    }
    match &c.mismatch {
        Mismatch::RhsInvalid { op } => {
            let _ = writeln!(
                out,
                "    the left side is well-formed but the right side is not: its `{op}` violates XLA's shape constraints"
            );
        }
        Mismatch::Shape { lhs, rhs } => {
            let _ = writeln!(
                out,
                "    shapes differ: lhs {} but rhs {}",
                render_axes(lhs),
                render_axes(rhs)
            );
        }
        Mismatch::Value { index, lhs, rhs } => {
            let _ = writeln!(
                out,
                "    at {}: lhs = {lhs}, rhs = {rhs}",
                render_axes(index)
            );
        }
        Mismatch::TargetUb { what } => {
            let _ = writeln!(out, "    {what}");
        }
        Mismatch::OutputShape { output, src, tgt } => {
            let _ = writeln!(
                out,
                "    result #{output} has shape {src:?} in the source but {tgt:?} in the target"
            );
        }
        Mismatch::Output {
            output,
            index,
            src,
            tgt,
        } => {
            let _ = writeln!(
                out,
                "    result #{output} at {index:?}: source = {src}, target = {tgt}"
            );
        }
        Mismatch::Memory {
            block,
            index,
            src,
            tgt,
        } => {
            let _ = writeln!(
                out,
                "    memory of {block} at {index:?} on return: source = {src}, target = {tgt}"
            );
        }
    }
    out
}

/// A table of verdict counts, and of expectations met when headers state them.
pub fn summary_table(outcomes: &[Outcome]) -> String {
    let names = ["verified", "refuted", "vacuous", "unknown", "error"];
    let mut out = String::new();
    let total: f64 = outcomes.iter().map(|o| o.seconds).sum();
    let _ = writeln!(out, "{:<10} {:>6}", "verdict", "count");
    for n in names {
        let c = outcomes.iter().filter(|o| o.verdict.name() == n).count();
        let _ = writeln!(out, "{:<10} {:>6}", n, c);
    }
    let _ = writeln!(
        out,
        "{:<10} {:>6}   ({:.2} s of checking)",
        "total",
        outcomes.len(),
        total
    );
    let with = outcomes.iter().filter(|o| o.expected.is_some()).count();
    if with > 0 {
        let met = outcomes
            .iter()
            .filter(|o| o.expected.as_deref() == Some(o.verdict.name()))
            .count();
        let _ = writeln!(out, "expectations met: {met}/{with}");
        for o in outcomes {
            if let Some(e) = &o.expected {
                if e != o.verdict.name() {
                    let tag = if o.pending.is_some() {
                        "pending "
                    } else {
                        "MISMATCH"
                    };
                    let why = o
                        .pending
                        .as_deref()
                        .map(|w| format!(" (pending: {w})"))
                        .unwrap_or_default();
                    let _ = writeln!(
                        out,
                        "  {tag} {} ({}): expected {e}, got {}{why}",
                        o.file,
                        o.name,
                        o.verdict.name()
                    );
                }
            }
        }
    }
    out
}
