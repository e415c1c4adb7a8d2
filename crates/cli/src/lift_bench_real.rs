//! `tensorproof bench --lift DIR` on code without `# expect:` headers (other projects' kernels,
//! such as `../shared/corpus/triton-real`): each file lifted `N` times in this process, one
//! after another, each run on a job thread as a worker runs it (a panic is that file's
//! `error`). Reported per file: its records, the median wall time and the median CPU time of
//! the process; per kernel its median time; per group (the first two folders below the
//! argument, `FlagOpen/FlagGems`; files directly in it are one group) the count of each
//! verdict; the median and the largest kernel time; the total of the medians; and the reason
//! classes of `unknown` and `error` records (`reason_class`), most common first. Exit code as
//! `lift` on the same files.

use crate::args::BenchArgs;
use crate::out;
use crate::worker::{self, Job};
use lift::KernelResult;
use report::Verdict;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// One record of a file: its kernel (`-` for a file-level result), verdict, reason class and
/// median time.
struct Record {
    kernel: String,
    line: usize,
    verdict: &'static str,
    class: Option<String>,
    seconds: f64,
}

/// One file's medians over the runs.
struct FileTimes {
    file: String,
    group: String,
    records: Vec<Record>,
    wall: f64,
    cpu: Option<f64>,
}

/// The verdicts counted per group, in this order.
const VERDICTS: [&str; 4] = ["verified", "refuted", "unknown", "error"];

pub fn run(a: &BenchArgs, paths: &[PathBuf], files: &[PathBuf]) -> i32 {
    let bar = out::progress(files.len(), a.run.quiet);
    let start = Instant::now();
    let mut rows = vec![];
    for f in files {
        bar.inc(1);
        rows.push(time_file(f, group_of(f, paths), a));
    }
    bar.finish_and_clear();
    let elapsed = start.elapsed().as_secs_f64();
    let code = exit_code(&rows);
    let null = indicatif::ProgressBar::hidden();
    if a.run.json {
        for r in &rows {
            out::print(
                &null,
                &out::record("bench-lift", "result", file_json(r, a.runs)),
            );
        }
        let mut m = summary_json(&rows, a.runs);
        m.insert("wall_seconds".into(), json!(elapsed));
        m.insert("exit_code".into(), json!(code));
        out::print(&null, &out::record("bench-lift", "summary", m));
    } else {
        out::print(&null, &text_report(&rows, a.runs));
    }
    code
}

/// The group of a file: up to two folders of its path below the argument it was found under;
/// the argument itself for a file directly in it or named on the command line.
fn group_of(file: &Path, paths: &[PathBuf]) -> String {
    for p in paths.iter().filter(|p| p.is_dir()) {
        if let Ok(rel) = file.strip_prefix(p) {
            let dirs: Vec<String> = rel
                .parent()
                .map(|d| {
                    d.iter()
                        .take(2)
                        .map(|c| c.to_string_lossy().into_owned())
                        .collect()
                })
                .unwrap_or_default();
            if !dirs.is_empty() {
                return dirs.join("/");
            }
            return p.display().to_string();
        }
    }
    file.parent()
        .map(|d| d.display().to_string())
        .unwrap_or_default()
}

/// Lifts `file` `a.runs` times; the medians of the wall time, CPU time and each record's time.
fn time_file(file: &Path, group: String, a: &BenchArgs) -> FileTimes {
    let (mut walls, mut cpus) = (vec![], vec![]);
    let mut first: Vec<KernelResult> = vec![];
    let mut times: Vec<Vec<f64>> = vec![];
    for _ in 0..a.runs {
        let (t0, c0) = (Instant::now(), worker::cpu_seconds());
        let reply = worker::run_isolated(Job::Lift {
            file: file.to_path_buf(),
            expect: None,
            timeout: a.run.timeout.as_secs_f64(),
            only: None,
            function_time: None,
        });
        walls.push(t0.elapsed().as_secs_f64());
        if let (Some(a), Some(b)) = (c0, worker::cpu_seconds()) {
            cpus.push(b - a);
        }
        let kernels = crate::lift_cmd::kernels_of(Ok(reply), Duration::ZERO);
        for (n, k) in kernels.iter().enumerate() {
            times.resize(times.len().max(n + 1), vec![]);
            times[n].push(k.seconds);
        }
        if first.is_empty() {
            first = kernels;
        }
    }
    let records = first
        .into_iter()
        .zip(&times)
        .map(|(k, t)| record(k, median(t)))
        .collect();
    FileTimes {
        file: file.display().to_string(),
        group,
        records,
        wall: median(&walls),
        cpu: (cpus.len() == walls.len()).then(|| median(&cpus)),
    }
}

fn record(k: KernelResult, seconds: f64) -> Record {
    let class = match &k.verdict {
        Verdict::Unknown { reason } => Some(crate::reason_class::class(reason)),
        Verdict::Error { diagnostics } => Some(crate::reason_class::class_of_messages(
            diagnostics.iter().map(|d| d.message.as_str()),
        )),
        _ => None,
    };
    Record {
        kernel: if k.kernel.is_empty() {
            "-".into()
        } else {
            k.kernel
        },
        line: k.line,
        verdict: k.verdict.name(),
        class,
        seconds,
    }
}

fn median(v: &[f64]) -> f64 {
    out::median_max(v).0
}

/// As `lift`'s: 2 an error, 1 a refutation, 3 something unknown, else 0.
fn exit_code(rows: &[FileTimes]) -> i32 {
    let has = |v: &str| rows.iter().flat_map(|r| &r.records).any(|k| k.verdict == v);
    if has("error") {
        2
    } else if has("refuted") {
        1
    } else if has("unknown") {
        3
    } else {
        0
    }
}

/// Per group (sorted by name): files, each verdict's count, wall and CPU totals of the medians.
struct Group {
    files: usize,
    counts: BTreeMap<&'static str, usize>,
    wall: f64,
    cpu: f64,
}

fn groups(rows: &[FileTimes]) -> BTreeMap<String, Group> {
    let mut out: BTreeMap<String, Group> = BTreeMap::new();
    for r in rows {
        let g = out.entry(r.group.clone()).or_insert(Group {
            files: 0,
            counts: BTreeMap::new(),
            wall: 0.0,
            cpu: 0.0,
        });
        g.files += 1;
        g.wall += r.wall;
        g.cpu += r.cpu.unwrap_or(0.0);
        for k in &r.records {
            *g.counts.entry(k.verdict).or_default() += 1;
        }
    }
    out
}

/// Each reason class with its count, most common first (then by text).
fn classes(rows: &[FileTimes]) -> Vec<(String, usize)> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for c in rows
        .iter()
        .flat_map(|r| &r.records)
        .filter_map(|k| k.class.as_deref())
    {
        *counts.entry(c).or_default() += 1;
    }
    let mut v: Vec<(String, usize)> = counts
        .into_iter()
        .map(|(c, n)| (c.to_string(), n))
        .collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v
}

/// The kernel records' times (file-level records left out): (median, max, the slowest's name).
fn kernel_times(rows: &[FileTimes]) -> (f64, f64, Option<String>) {
    let named = || {
        rows.iter()
            .flat_map(|r| r.records.iter().map(move |k| (r, k)))
    };
    let named = || named().filter(|(_, k)| k.kernel != "-");
    let times: Vec<f64> = named().map(|(_, k)| k.seconds).collect();
    let (median, max) = out::median_max(&times);
    let slowest = named()
        .max_by(|a, b| a.1.seconds.total_cmp(&b.1.seconds))
        .map(|(r, k)| format!("{} {}", r.file, k.kernel));
    (median, max, slowest)
}

fn count_of(g: &Group, v: &str) -> usize {
    g.counts.get(v).copied().unwrap_or(0)
}

fn text_report(rows: &[FileTimes], runs: u32) -> String {
    let mut s = format!(
        "{:>8} {:>8} {:>7}  file: kernel verdict seconds\n",
        "wall", "cpu", "records"
    );
    for r in rows {
        let cpu = r.cpu.map_or("-".to_string(), |c| format!("{c:.2}"));
        let ks: Vec<String> = r
            .records
            .iter()
            .map(|k| format!("{} {} {:.4} s", k.kernel, k.verdict, k.seconds))
            .collect();
        s += &format!(
            "{:>8.4} {cpu:>8} {:>7}  {}: {}\n",
            r.wall,
            r.records.len(),
            r.file,
            ks.join(", ")
        );
    }
    s += &format!("\n{:<28} {:>5} {:>7}", "group", "files", "records");
    for v in VERDICTS {
        s += &format!(" {v:>8}");
    }
    s += &format!(" {:>8} {:>8}\n", "wall s", "cpu s");
    let gs = groups(rows);
    for (name, g) in &gs {
        s += &group_line(name, g);
    }
    s += &group_line("all", &all_of(gs.values()));
    let (median, max, slowest) = kernel_times(rows);
    let total: f64 = rows.iter().map(|r| r.wall).sum();
    let total_cpu: f64 = rows.iter().filter_map(|r| r.cpu).sum();
    s += &format!(
        "\nkernel time: median {median:.4} s, max {max:.4} s ({})\ntotal of medians: {total:.2} s wall, {total_cpu:.2} s CPU; runs each: {runs}\n",
        slowest.as_deref().unwrap_or("-")
    );
    let cs = classes(rows);
    s += &format!(
        "\nreason classes of unknown and error records ({}), most common first:\n",
        cs.len()
    );
    for (c, n) in &cs {
        s += &format!("{n:>5}  {c}\n");
    }
    s
}

fn group_line(name: &str, g: &Group) -> String {
    let records: usize = g.counts.values().sum();
    let mut s = format!("{name:<28} {:>5} {records:>7}", g.files);
    for v in VERDICTS {
        s += &format!(" {:>8}", count_of(g, v));
    }
    s + &format!(" {:>8.2} {:>8.2}\n", g.wall, g.cpu)
}

fn all_of<'a>(gs: impl Iterator<Item = &'a Group>) -> Group {
    let mut all = Group {
        files: 0,
        counts: BTreeMap::new(),
        wall: 0.0,
        cpu: 0.0,
    };
    for g in gs {
        all.files += g.files;
        all.wall += g.wall;
        all.cpu += g.cpu;
        for (v, n) in &g.counts {
            *all.counts.entry(v).or_default() += n;
        }
    }
    all
}

fn file_json(r: &FileTimes, runs: u32) -> Map<String, Value> {
    let kernels: Vec<Value> = r
        .records
        .iter()
        .map(|k| {
            json!({"kernel": k.kernel, "line": k.line, "verdict": k.verdict,
                   "reason_class": k.class, "median_seconds": k.seconds})
        })
        .collect();
    object(json!({
        "file": r.file,
        "group": r.group,
        "kernels": kernels,
        "median_seconds": r.wall,
        "median_cpu_seconds": r.cpu,
        "runs": runs,
    }))
}

fn summary_json(rows: &[FileTimes], runs: u32) -> Map<String, Value> {
    let gs = groups(rows);
    let group = |name: &str, g: &Group| {
        let mut m = object(json!({"group": name, "files": g.files,
            "records": g.counts.values().sum::<usize>(),
            "total_median_seconds": g.wall, "total_median_cpu_seconds": g.cpu}));
        for v in VERDICTS {
            m.insert(v.into(), json!(count_of(g, v)));
        }
        Value::Object(m)
    };
    let mut groups_json: Vec<Value> = gs.iter().map(|(n, g)| group(n, g)).collect();
    groups_json.push(group("all", &all_of(gs.values())));
    let (median, max, slowest) = kernel_times(rows);
    let classes: Vec<Value> = classes(rows)
        .into_iter()
        .map(|(c, n)| json!({"class": c, "count": n}))
        .collect();
    object(json!({
        "files": rows.len(),
        "groups": groups_json,
        "kernel_median_seconds": median,
        "kernel_max_seconds": max,
        "slowest": slowest,
        "total_median_seconds": rows.iter().map(|r| r.wall).sum::<f64>(),
        "total_median_cpu_seconds": rows.iter().filter_map(|r| r.cpu).sum::<f64>(),
        "reason_classes": classes,
        "runs": runs,
        "version": env!("CARGO_PKG_VERSION"),
    }))
}

fn object(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}
