//! Human-readable rendering: diagnostics with carets, counterexamples as arrays, summaries.

use crate::{Counterexample, Mismatch, Outcome, TensorValue};
use std::fmt::Write;

fn render_axes(axes: &[(String, i128)]) -> String {
    let parts: Vec<String> = axes.iter().map(|(a, n)| format!("{a}: {n}")).collect();
    format!("[{}]", parts.join(", "))
}

/// Tensors with more elements than this are summarized ([`summarize`]).
pub const SUMMARY_ELEMENTS: usize = 64;
/// Most elements a summary lists.
const SUMMARY_LISTED: usize = 16;

/// The multi-index of row-major offset `off`.
fn unflatten(axes: &[(String, i128)], mut off: usize) -> Vec<i128> {
    let mut idx = vec![0; axes.len()];
    for (k, (_, n)) in axes.iter().enumerate().rev() {
        let n = (*n).max(1) as usize;
        idx[k] = (off % n) as i128;
        off /= n;
    }
    idx
}

/// A large tensor in a few lines: its element count, its most common value, and the elements
/// that differ from it (index and value, at most [`SUMMARY_LISTED`]), then how many more
/// there are. The full data stays in the [`TensorValue`] (for JSON).
///
/// With `focus` (the differing output position, when it is an index of this tensor too), the
/// element there and its neighbours along the last axis come first.
fn summarize(t: &TensorValue, focus: Option<&[i128]>) -> String {
    let mut counts: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    for d in &t.data {
        *counts.entry(d.as_str()).or_default() += 1;
    }
    // The most common value; ties go to the first in sorted order (deterministic).
    let common = counts
        .iter()
        .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
        .map(|(v, _)| *v)
        .unwrap_or("");
    let free: std::collections::BTreeSet<usize> = t.free.iter().copied().collect();
    let others: Vec<usize> = (0..t.data.len())
        .filter(|&k| t.data[k] != common || free.contains(&k))
        .collect();
    let mut out = format!("{} elements", t.data.len());
    if let Some(f) = focus.filter(|f| {
        f.len() == t.axes.len() && f.iter().zip(&t.axes).all(|(i, (_, n))| (0..*n).contains(i))
    }) {
        let last = t.axes.len().saturating_sub(1);
        let n = t.axes.get(last).map_or(1, |a| a.1);
        let mut near = vec![];
        for d in -1i128..=1 {
            let mut idx = f.to_vec();
            if let Some(x) = idx.get_mut(last) {
                *x += d;
                if !(0..n).contains(x) {
                    continue;
                }
            } else if d != 0 {
                continue;
            }
            let off = idx
                .iter()
                .zip(&t.axes)
                .fold(0i128, |a, (i, (_, n))| a * n + i) as usize;
            if let Some(v) = t.data.get(off) {
                near.push(format!("{idx:?} = {v}"));
            }
        }
        let _ = write!(
            out,
            " (at the differing output index and beside it: {})",
            near.join(", ")
        );
    }
    if others.is_empty() {
        let _ = write!(out, ", all {common}");
        return out;
    }
    let _ = write!(out, ", all {common} except");
    for (i, &k) in others.iter().take(SUMMARY_LISTED).enumerate() {
        let sep = if i == 0 { " " } else { ", " };
        let idx = unflatten(&t.axes, k);
        let mark = if free.contains(&k) { "*" } else { "" };
        let _ = write!(out, "{sep}{idx:?} = {}{mark}", t.data[k]);
    }
    if others.len() > SUMMARY_LISTED {
        let _ = write!(out, " (and {} more)", others.len() - SUMMARY_LISTED);
    }
    out
}

/// Nested brackets, outermost axis first; free elements are marked with `*`; a tensor of more
/// than [`SUMMARY_ELEMENTS`] elements is summarized.
fn render_data(t: &TensorValue, focus: Option<&[i128]>) -> String {
    if t.data.len() > SUMMARY_ELEMENTS {
        return summarize(t, focus);
    }
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
    let focus = match &c.mismatch {
        Mismatch::Output { index, .. }
        | Mismatch::Memory { index, .. }
        | Mismatch::Optimized { index, .. } => Some(&index[..]),
        _ => None,
    };
    for t in &c.inputs {
        let _ = writeln!(
            out,
            "    {} : {} {} = {}",
            t.name,
            t.element_type,
            render_axes(&t.axes),
            render_data(t, focus)
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
        Mismatch::FloatValue {
            index,
            lhs,
            rhs,
            difference,
        } => {
            let _ = writeln!(
                out,
                "    at {}: lhs = {lhs}, rhs = {rhs}",
                render_axes(index)
            );
            let _ = writeln!(out, "    {}", difference.describe());
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
        Mismatch::Optimized {
            output,
            index,
            before,
            after,
        } => {
            let _ = writeln!(
                out,
                "    output #{output} at {index:?}: before = {before}, after = {after}"
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
