//! The table and JSON records of the benchmarks that time one check per item against a
//! per-item limit (`bench --xla`, `bench --mlir`): each item's median wall and CPU seconds,
//! its verdict and expectation; over all items the median and maximum of both.

use crate::out;
use serde_json::json;
use std::collections::BTreeMap;

/// One timed item.
pub struct Timed {
    /// Its name in the table (`attention/loops`).
    pub name: String,
    /// Its identity in the JSON record (`program`, and `step` for an MLIR pair).
    pub fields: Vec<(&'static str, String)>,
    pub verdict: &'static str,
    pub expected: Option<String>,
    /// Median wall seconds over the runs.
    pub wall: f64,
    /// Median CPU seconds over the runs, when every run measured it.
    pub cpu: Option<f64>,
}

/// What a benchmark's output is called and its per-item limit.
pub struct Bench {
    /// The JSON record kind (`bench-xla`).
    pub record: &'static str,
    /// What an item is (`program`, `pair`): the table's heading, the summary's count.
    pub unit: &'static str,
    pub limit: f64,
    /// Whether the text summary counts the verdicts.
    pub counts: bool,
}

/// Median and maximum wall and CPU seconds over the items.
fn summary(rows: &[Timed]) -> ((f64, f64), Option<(f64, f64)>) {
    let walls: Vec<f64> = rows.iter().map(|r| r.wall).collect();
    let cpus: Vec<f64> = rows.iter().filter_map(|r| r.cpu).collect();
    let cpu = (cpus.len() == rows.len()).then(|| out::median_max(&cpus));
    (out::median_max(&walls), cpu)
}

/// The table, slowest first, and the summary line.
pub fn print_text(b: &Bench, rows: &[Timed], runs: usize) {
    let limit = b.limit;
    let mut s = format!(
        "{:>8} {:>8}  {:<9} {:<9} {}\n",
        "wall", "cpu", "verdict", "expected", b.unit
    );
    let mut sorted: Vec<&Timed> = rows.iter().collect();
    sorted.sort_by(|a, b| b.wall.total_cmp(&a.wall));
    for r in sorted {
        let cpu = r.cpu.map_or_else(|| "-".into(), |c| format!("{c:.3}"));
        let flag = if r.wall > limit { "  OVER" } else { "" };
        s += &format!(
            "{:>8.3} {cpu:>8}  {:<9} {:<9} {}{flag}\n",
            r.wall,
            r.verdict,
            r.expected.as_deref().unwrap_or("-"),
            r.name
        );
    }
    let ((wmed, wmax), cpu) = summary(rows);
    let cpu = cpu.map_or_else(
        || "-".into(),
        |(m, x)| format!("median {m:.3} s, max {x:.2} s"),
    );
    let over = rows.iter().filter(|r| r.wall > limit).count();
    let counts = if b.counts {
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for r in rows {
            *counts.entry(r.verdict).or_default() += 1;
        }
        let counts: Vec<String> = counts.iter().map(|(v, n)| format!("{v} {n}")).collect();
        format!(" ({})", counts.join(", "))
    } else {
        String::new()
    };
    s += &format!(
        "\n{}s: {}{counts}   runs each: {runs}   wall: median {wmed:.3} s, max {wmax:.2} s   CPU: {cpu}   over {limit} s: {over}\n",
        b.unit,
        rows.len(),
    );
    out::print(&indicatif::ProgressBar::hidden(), &s);
}

/// A `result` record per item and a `summary` record.
pub fn print_json(b: &Bench, rows: &[Timed], runs: usize, elapsed: f64, code: i32) {
    let null = indicatif::ProgressBar::hidden();
    let object = |v: serde_json::Value| match v {
        serde_json::Value::Object(m) => m,
        _ => unreachable!("an object"),
    };
    for r in rows {
        let mut m = serde_json::Map::new();
        for (k, v) in &r.fields {
            m.insert(k.to_string(), json!(v));
        }
        m.extend(object(json!({
            "verdict": r.verdict,
            "expected": r.expected,
            "median_seconds": r.wall,
            "median_cpu_seconds": r.cpu,
            "limit_seconds": b.limit,
            "within": r.wall <= b.limit,
            "runs": runs,
        })));
        out::print(&null, &out::record(b.record, "result", m));
    }
    let ((wmed, wmax), cpu) = summary(rows);
    let mut m = serde_json::Map::new();
    m.insert(format!("{}s", b.unit), json!(rows.len()));
    m.extend(object(json!({
        "median_seconds": wmed,
        "max_seconds": wmax,
        "median_cpu_seconds": cpu.map(|c| c.0),
        "max_cpu_seconds": cpu.map(|c| c.1),
        "limit_seconds": b.limit,
        "over_limit": rows.iter().filter(|r| r.wall > b.limit).map(|r| r.name.clone()).collect::<Vec<_>>(),
        "wall_seconds": elapsed,
        "runs": runs,
        "exit_code": code,
        "version": env!("CARGO_PKG_VERSION"),
    })));
    out::print(&null, &out::record(b.record, "summary", m));
}
