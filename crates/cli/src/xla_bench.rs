//! `tensorproof bench --xla [PATH...] [--runs N]`: times `tensorproof xla` on every HLO pair of
//! a corpus (default `corpus/xla` and `corpus/xla-realistic`): `NAME.before.hlo` with its
//! `NAME.after.hlo`, each pair parsed once and checked `N` times in this process, one after
//! another (no worker pool: the times are of the check alone). Per program: the median wall
//! time and the median CPU time (user + system of this process and of the solver processes
//! it waited for, from `/proc/self/stat`, 10 ms resolution), its verdict against the
//! `# expect:` header of `NAME.py` when there is one; over the corpus: the median and the
//! maximum of both, each program against issue 22's limit of 30 s. Exit code as for
//! `lift --expectations`.

use crate::args::BenchArgs;
use crate::expect::{self, Judged};
use crate::lift_bench::cpu_seconds_with_children;
use crate::out;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Issue 22's limit for one program, in seconds of wall time on 2 cores.
const PROGRAM_LIMIT: f64 = 30.0;

struct Row {
    name: String,
    verdict: &'static str,
    expected: Option<String>,
    wall: f64,
    cpu: Option<f64>,
}

/// The pairs under `paths`: a folder's `*.before.hlo` files, or named `.before.hlo` files (or
/// the `NAME.py` beside one); each with its `NAME` path stem.
fn pairs(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut notes = vec![];
    let files = crate::files::collect(paths, ".before.hlo", &mut notes)?;
    for n in notes {
        eprintln!("note: {n}");
    }
    let mut stems = vec![];
    for f in files {
        let s = f.to_string_lossy();
        let stem = s
            .strip_suffix(".before.hlo")
            .or_else(|| s.strip_suffix(".py"))
            .ok_or_else(|| format!("{s}: expected NAME.before.hlo or NAME.py"))?;
        stems.push(PathBuf::from(stem));
    }
    stems.sort();
    stems.dedup();
    if stems.is_empty() {
        return Err("no .before.hlo files".into());
    }
    Ok(stems)
}

fn sibling(stem: &Path, ext: &str) -> PathBuf {
    PathBuf::from(format!("{}.{ext}", stem.display()))
}

/// The `# expect:` line of the program's `NAME.py`, if it has one.
fn expected(stem: &Path) -> Option<String> {
    let text = std::fs::read_to_string(sibling(stem, "py")).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix("# expect:"))
        .and_then(|v| v.split_whitespace().next().map(str::to_string))
}

/// One program timed `runs` times.
fn time_program(stem: &Path, runs: usize, opts: &xla::Options) -> Result<Row, String> {
    let (b, a) = (sibling(stem, "before.hlo"), sibling(stem, "after.hlo"));
    let read = |p: &Path| std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()));
    let (bt, at) = (read(&b)?, read(&a)?);
    let parse = |p: &Path, t: &str| {
        xla::parse_module(t).map_err(|d| format!("{}: {}", p.display(), d[0].message))
    };
    let (bm, am) = (parse(&b, &bt)?, parse(&a, &at)?);
    let (bn, an) = (b.display().to_string(), a.display().to_string());
    let (mut walls, mut cpus, mut verdict) = (vec![], vec![], "error");
    for _ in 0..runs {
        let (t0, c0) = (Instant::now(), cpu_seconds_with_children());
        let v = crate::xla_cmd::guarded_check((&bn, &bt, &bm), (&an, &at, &am), opts);
        walls.push(t0.elapsed().as_secs_f64());
        if let (Some(x), Some(y)) = (c0, cpu_seconds_with_children()) {
            cpus.push(y - x);
        }
        verdict = v.name();
    }
    Ok(Row {
        name: stem.display().to_string(),
        verdict,
        expected: expected(stem),
        wall: out::median_max(&walls).0,
        cpu: (cpus.len() == walls.len()).then(|| out::median_max(&cpus).0),
    })
}

pub fn run(a: BenchArgs) -> i32 {
    let paths = if a.paths.is_empty() {
        vec![
            PathBuf::from("corpus/xla"),
            PathBuf::from("corpus/xla-realistic"),
        ]
    } else {
        a.paths.clone()
    };
    let stems = match pairs(&paths) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let opts = xla::Options {
        timeout: a.run.timeout,
        ..xla::Options::default()
    };
    let runs = a.runs as usize;
    let bar = out::progress(stems.len(), a.run.quiet);
    let start = Instant::now();
    let mut rows = vec![];
    for stem in &stems {
        bar.inc(1);
        match time_program(stem, runs, &opts) {
            Ok(r) => rows.push(r),
            Err(e) => {
                bar.finish_and_clear();
                eprintln!("error: {e}");
                return 2;
            }
        }
    }
    bar.finish_and_clear();
    let judged: Vec<Judged> = rows
        .iter()
        .map(|r| Judged {
            expected: r.expected.as_deref(),
            pending: false,
            got: r.verdict,
        })
        .collect();
    let code = expect::exit_code(&judged);
    let elapsed = start.elapsed().as_secs_f64();
    if a.run.json {
        print_json(&rows, runs, elapsed, code);
    } else {
        print_text(&rows, runs);
    }
    code
}

/// Median and maximum wall and CPU seconds over the programs.
fn summary(rows: &[Row]) -> ((f64, f64), Option<(f64, f64)>) {
    let walls: Vec<f64> = rows.iter().map(|r| r.wall).collect();
    let cpus: Vec<f64> = rows.iter().filter_map(|r| r.cpu).collect();
    let cpu = (cpus.len() == rows.len()).then(|| out::median_max(&cpus));
    (out::median_max(&walls), cpu)
}

fn print_text(rows: &[Row], runs: usize) {
    let mut s = format!(
        "{:>8} {:>8}  {:<9} {:<9} program\n",
        "wall", "cpu", "verdict", "expected"
    );
    let mut sorted: Vec<&Row> = rows.iter().collect();
    sorted.sort_by(|a, b| b.wall.total_cmp(&a.wall));
    for r in sorted {
        let cpu = r.cpu.map_or_else(|| "-".into(), |c| format!("{c:.3}"));
        let flag = if r.wall > PROGRAM_LIMIT { "  OVER" } else { "" };
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
    let over = rows.iter().filter(|r| r.wall > PROGRAM_LIMIT).count();
    s += &format!(
        "\nprograms: {}   runs each: {runs}   wall: median {wmed:.3} s, max {wmax:.2} s   CPU: {cpu}   over {PROGRAM_LIMIT} s: {over}\n",
        rows.len()
    );
    out::print(&indicatif::ProgressBar::hidden(), &s);
}

fn print_json(rows: &[Row], runs: usize, elapsed: f64, code: i32) {
    let null = indicatif::ProgressBar::hidden();
    let object = |v: serde_json::Value| match v {
        serde_json::Value::Object(m) => m,
        _ => unreachable!("an object"),
    };
    for r in rows {
        let m = json!({
            "program": r.name,
            "verdict": r.verdict,
            "expected": r.expected,
            "median_seconds": r.wall,
            "median_cpu_seconds": r.cpu,
            "limit_seconds": PROGRAM_LIMIT,
            "within": r.wall <= PROGRAM_LIMIT,
            "runs": runs,
        });
        out::print(&null, &out::record("bench-xla", "result", object(m)));
    }
    let ((wmed, wmax), cpu) = summary(rows);
    let m = json!({
        "programs": rows.len(),
        "median_seconds": wmed,
        "max_seconds": wmax,
        "median_cpu_seconds": cpu.map(|c| c.0),
        "max_cpu_seconds": cpu.map(|c| c.1),
        "limit_seconds": PROGRAM_LIMIT,
        "over_limit": rows.iter().filter(|r| r.wall > PROGRAM_LIMIT).map(|r| r.name.clone()).collect::<Vec<_>>(),
        "wall_seconds": elapsed,
        "runs": runs,
        "exit_code": code,
        "version": env!("CARGO_PKG_VERSION"),
    });
    out::print(&null, &out::record("bench-xla", "summary", object(m)));
}
