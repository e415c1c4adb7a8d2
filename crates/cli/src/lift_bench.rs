//! `tensorproof bench --lift [PATH...] [--runs N]`: times `lift` on every kernel of a corpus
//! (default `corpus/lift`), each file lifted `N` times in this process, one after another (no
//! worker pool: the times are of the lifting alone). Per file: the median wall time and the
//! median CPU time of the process (user + system, from `/proc/self/stat`, 10 ms resolution);
//! per kernel its median wall time (a kernel expected `verified` lifted as a user would, any
//! other against its `# formula:` header); the corpus total of the medians; each file against its
//! limit (2 s; 10 s for kernels with loops or `tl.dot`). Exit code as for `lift --expectations`.
//! Files without `# expect:` headers (other projects' code) are timed by `lift_bench_real`.

use crate::args::BenchArgs;
use crate::expect::{self, Judged};
use crate::out;
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

/// The limits of issue 11's acceptance.
const KERNEL_LIMIT: f64 = 2.0;
const LOOP_LIMIT: f64 = 10.0;
const CORPUS_LIMIT: f64 = 60.0;

/// CPU seconds of this process so far (user + system), where `/proc` has them.
fn cpu_seconds() -> Option<f64> {
    stat_seconds(2)
}

/// CPU seconds of this process and of its children that ended (solver processes).
pub(crate) fn cpu_seconds_with_children() -> Option<f64> {
    stat_seconds(4)
}

/// The sum of the first `n` of utime, stime, cutime, cstime in `/proc/self/stat`, in seconds.
fn stat_seconds(n: usize) -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // fields after the command name `(...)`: state is field 3, utime 14, stime 15, cutime 16,
    // cstime 17
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let mut ticks = 0.0;
    for k in 11..11 + n {
        ticks += f.get(k)?.parse::<f64>().ok()?;
    }
    Some(ticks / 100.0)
}

fn median(v: &[f64]) -> f64 {
    out::median_max(v).0
}

struct Row {
    file: String,
    kernels: Vec<(String, &'static str, f64)>,
    wall: f64,
    cpu: Option<f64>,
    limit: f64,
    expected: Option<String>,
}

pub fn run(a: BenchArgs) -> i32 {
    let paths = if a.paths.is_empty() {
        vec![PathBuf::from("corpus/lift")]
    } else {
        a.paths.clone()
    };
    let files = match crate::files::collect_for_command(&paths, ".py") {
        Ok(f) => f,
        Err(code) => return code,
    };
    if !files.iter().all(|f| has_expect_header(f)) {
        return crate::lift_bench_real::run(&a, &paths, &files);
    }
    let runs = a.runs as usize;
    let bar = out::progress(files.len(), a.run.quiet);
    let start = Instant::now();
    let mut rows = vec![];
    for f in &files {
        bar.inc(1);
        let file = f.display().to_string();
        let Some(text) = crate::mlir_cmd::read_lossy(f) else {
            eprintln!("error: {file}: cannot read");
            return 2;
        };
        let expected = crate::lift_cmd::header(&text, "expect:")
            .and_then(|e| e.split_whitespace().next().map(str::to_string));
        // A kernel expected verified is lifted as a user would (synthesis, simplification);
        // any other against its header's intended formula, as `lift --expectations` does.
        let opts = lift::Options {
            timeout: a.run.timeout,
            expect: (expected.as_deref() != Some("verified"))
                .then(|| crate::lift_cmd::header(&text, "formula:"))
                .flatten(),
            modules: crate::modules::imported(f, &text),
            only: None,
            function_time: None,
        };
        // Lifted without a formula, a kernel is judged by its `# synthesized:` header when the
        // file names a known limit of synthesis (as the corpus test does).
        let expected = match expected.as_deref() {
            Some("verified") => crate::lift_cmd::header(&text, "synthesized:")
                .and_then(|e| e.split_whitespace().next().map(str::to_string))
                .or(expected),
            _ => expected,
        };
        let (mut walls, mut cpus) = (vec![], vec![]);
        let mut per_kernel: Vec<(String, &'static str, Vec<f64>)> = vec![];
        for _ in 0..runs {
            let (t0, c0) = (Instant::now(), cpu_seconds());
            let results = lift::lift_file(&file, &text, &opts).unwrap_or_default();
            walls.push(t0.elapsed().as_secs_f64());
            if let (Some(a), Some(b)) = (c0, cpu_seconds()) {
                cpus.push(b - a);
            }
            for (n, r) in results.iter().enumerate() {
                if per_kernel.len() <= n {
                    per_kernel.push((r.kernel.clone(), r.verdict.name(), vec![]));
                }
                per_kernel[n].2.push(r.seconds);
            }
        }
        let looped = text.contains("tl.dot") || kernel_has_loop(&text);
        rows.push(Row {
            file,
            kernels: per_kernel
                .into_iter()
                .map(|(k, v, t)| (k, v, median(&t)))
                .collect(),
            wall: median(&walls),
            cpu: (cpus.len() == walls.len()).then(|| median(&cpus)),
            limit: if looped { LOOP_LIMIT } else { KERNEL_LIMIT },
            expected,
        });
    }
    bar.finish_and_clear();
    let elapsed = start.elapsed().as_secs_f64();
    let total: f64 = rows.iter().map(|r| r.wall).sum();
    let total_cpu: f64 = rows.iter().filter_map(|r| r.cpu).sum();
    let over: Vec<&Row> = rows.iter().filter(|r| r.wall > r.limit).collect();
    let judged: Vec<Judged> = rows
        .iter()
        .flat_map(|r| {
            r.kernels.iter().map(|(_, v, _)| Judged {
                expected: r.expected.as_deref(),
                pending: false,
                got: v,
            })
        })
        .collect();
    let code = expect::exit_code(&judged);
    let null = indicatif::ProgressBar::hidden();
    if a.run.json {
        for r in &rows {
            let m = json!({
                "file": r.file,
                "kernels": r.kernels.iter().map(|(k, v, t)| json!({"kernel": k, "verdict": v, "median_seconds": t})).collect::<Vec<_>>(),
                "median_seconds": r.wall,
                "median_cpu_seconds": r.cpu,
                "limit_seconds": r.limit,
                "within": r.wall <= r.limit,
                "expected": r.expected,
                "runs": runs,
            });
            let serde_json::Value::Object(m) = m else {
                unreachable!("an object")
            };
            out::print(&null, &out::record("bench-lift", "result", m));
        }
        let m = json!({
            "files": rows.len(),
            "kernels": judged.len(),
            "total_median_seconds": total,
            "total_median_cpu_seconds": total_cpu,
            "corpus_limit_seconds": CORPUS_LIMIT,
            "over_limit": over.iter().map(|r| r.file.clone()).collect::<Vec<_>>(),
            "wall_seconds": elapsed,
            "runs": runs,
            "exit_code": code,
            "version": env!("CARGO_PKG_VERSION"),
        });
        let serde_json::Value::Object(m) = m else {
            unreachable!("an object")
        };
        out::print(&null, &out::record("bench-lift", "summary", m));
        return code;
    }
    let mut s = format!(
        "{:>8} {:>8} {:>6}  {:<9} kernel\n",
        "wall", "cpu", "limit", "verdict"
    );
    let mut sorted: Vec<&Row> = rows.iter().collect();
    sorted.sort_by(|a, b| b.wall.total_cmp(&a.wall));
    for r in sorted {
        let cpu = r
            .cpu
            .map(|c| format!("{c:.3}"))
            .unwrap_or_else(|| "-".into());
        let flag = if r.wall > r.limit { "  OVER" } else { "" };
        let names: Vec<String> = r
            .kernels
            .iter()
            .map(|(k, v, t)| format!("{k} {v} {t:.3} s"))
            .collect();
        s += &format!(
            "{:>8.3} {cpu:>8} {:>5}s  {:<9} {}: {}{flag}\n",
            r.wall,
            r.limit,
            r.kernels.first().map(|k| k.1).unwrap_or("error"),
            r.file,
            names.join(", ")
        );
    }
    s += &format!(
        "\nfiles: {}   kernels: {}   runs each: {runs}   total of medians: {total:.2} s wall, {total_cpu:.2} s CPU (limit {CORPUS_LIMIT} s)   over their limit: {}\n",
        rows.len(),
        judged.len(),
        over.len()
    );
    out::print(&null, &s);
    code
}

/// A corpus file: its leading comments hold `# expect: VERDICT`.
fn has_expect_header(file: &std::path::Path) -> bool {
    crate::mlir_cmd::read_lossy(file)
        .is_some_and(|t| crate::lift_cmd::header(&t, "expect:").is_some())
}

/// A `for` loop inside a `@triton.jit` function (a rough reading of the source: it only
/// chooses the limit).
fn kernel_has_loop(text: &str) -> bool {
    let (mut jit, mut in_kernel) = (false, false);
    for l in text.lines() {
        let t = l.trim_start();
        let top =
            !l.starts_with(' ') && !l.starts_with('\t') && !t.is_empty() && !t.starts_with('#');
        if top && t.starts_with("@triton.jit") {
            jit = true;
        } else if top && t.starts_with("def ") {
            in_kernel = jit;
            jit = false;
        } else if top && !t.starts_with('@') {
            in_kernel = false;
        } else if in_kernel && t.starts_with("for ") {
            return true;
        }
    }
    false
}
