//! `tensorproof mlir` on real ML programs: every program of `corpus/mlir-real` (JAX programs
//! lowered by IREE to linalg on tensors, then put through mlir-opt-19 pipelines by
//! `tools/mlir_real.py`) is checked against each pipeline step and against its wrong target, and
//! each (program, step) verdict with its reason must be the row of
//! `corpus/mlir-real/expectations.tsv`. A changed verdict therefore shows in review. On a
//! difference the test prints the rows added, removed and changed;
//! `TENSORPROOF_BLESS=1 cargo test --release -p mlirsem --test real` rewrites the table. A row
//! that changes to or from "solver time" (a timeout or the pair's budget) is a printed notice,
//! not a failure, unless the new verdict is a refutation: solver time varies by machine.
//! Hard failures whatever the table says: a wrong target verified, a source refuted against
//! itself. (A step refuted is a row like any other: a real miscompilation would be one.) The counts per step go to stdout.

use report::Verdict;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// The steps, in the order of `tools/mlir_real.py`, then the wrong target.
const STEPS: &[&str] = &[
    "generalize",
    "fuse",
    "canonicalize",
    "bufferize",
    "loops",
    "loops-fb",
    "wrong",
];
/// Per pair, so that the slowest pairs (unknown in any case: reassociated float sums the
/// solver does not decide) do not make the test slow; such a pair's reason names the budget.
const BUDGET_SECS: u64 = 8;
const TABLE: &str = "expectations.tsv";
const HEADER: &str = "# program\tstep\tverdict\treason\n";
const BLESS: &str = "TENSORPROOF_BLESS=1 cargo test --release -p mlirsem --test real";
/// The longest reason kept in the table (the start of the reason names the construct).
const REASON_CHARS: usize = 200;

/// The corpus, or `MLIR_REAL_DIR` (another output of `tools/mlir_real.py`, e.g. `--scale 10`:
/// printed, not compared with a table).
fn corpus() -> PathBuf {
    std::env::var_os("MLIR_REAL_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/mlir-real"))
}

/// One verdict with its reason for a pair's function(s): the worst of error > refuted >
/// unknown > vacuous > verified, with the first reason of that kind.
fn verdict(src: &str, tgt: &str, opts: &mlirsem::Options) -> (String, String) {
    let s = match mlir::parse(src) {
        Ok(m) => m,
        Err(_) => return ("error".into(), "the source does not parse".into()),
    };
    let t = match mlir::parse(tgt) {
        Ok(m) => m,
        Err(_) => return ("error".into(), "the target does not parse".into()),
    };
    let rs = mlirsem::check_pair(&s, &t, opts);
    for name in ["error", "refuted", "unknown", "vacuous", "verified"] {
        if let Some(r) = rs.iter().find(|r| r.verdict.name() == name) {
            let reason = match &r.verdict {
                Verdict::Unknown { reason } | Verdict::Vacuous { reason } => reason.clone(),
                Verdict::Error { diagnostics } => diagnostics
                    .first()
                    .map(|d| d.message.clone())
                    .unwrap_or_default(),
                _ => String::new(),
            };
            return (name.into(), short(&reason));
        }
    }
    ("error".into(), "no function checked".into())
}

/// A reason on one line, at most [`REASON_CHARS`] characters, durations (`1006 ms`) written
/// `N ms` and solver time limits as one class, so that the table depends less on the
/// machine's speed.
fn short(reason: &str) -> String {
    if reason.contains("timeout") || reason.contains("time budget") {
        // Which of the two comes first depends on the machine's load.
        return TIME.into();
    }
    let words: Vec<&str> = reason.split_whitespace().collect();
    let mut out = vec![];
    for (i, w) in words.iter().enumerate() {
        let unit = words.get(i + 1).is_some_and(|n| n.starts_with("ms"));
        let number = !w.is_empty() && w.chars().all(|c| c.is_ascii_digit());
        out.push(if unit && number { "N" } else { w });
    }
    out.join(" ").chars().take(REASON_CHARS).collect()
}

/// The reason class of [`short`] for solver timeouts and spent budgets.
const TIME: &str = "solver time: a query timed out or the pair's time budget ran out";

/// Whether a row is unknown for solver time.
fn is_time(row: &(String, String)) -> bool {
    row.0 == "unknown" && row.1 == TIME
}

/// `(program, step)` -> `(verdict, reason)` for every step file present.
type Rows = BTreeMap<(String, String), (String, String)>;

fn read_table(text: &str) -> Rows {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.splitn(4, '\t').collect();
            let [p, s, v, r] = f.as_slice() else {
                return None;
            };
            Some((
                (p.to_string(), s.to_string()),
                (v.to_string(), r.to_string()),
            ))
        })
        .collect()
}

fn write_table(rows: &Rows) -> String {
    let mut out = HEADER.to_string();
    for ((p, s), (v, r)) in rows {
        out.push_str(&format!("{p}\t{s}\t{v}\t{r}\n"));
    }
    out
}

/// The CPU seconds the calling thread has used (Linux: `/proc/thread-self/stat`, in clock
/// ticks of 10 ms), 0 where that cannot be read.
fn thread_cpu_secs() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    // The fields after the command name (in parentheses): utime and stime are the 12th and
    // 13th of them.
    let rest = stat.rsplit_once(')').map(|x| x.1).unwrap_or("");
    let f: Vec<f64> = rest
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0.0))
        .collect();
    (f.get(11).unwrap_or(&0.0) + f.get(12).unwrap_or(&0.0)) / 100.0
}

/// The median and maximum wall and CPU seconds of the pairs run (Z3 solves on the calling
/// thread, so its time is in the CPU figure).
fn print_times(times: &[(f64, f64)]) {
    if times.is_empty() {
        return;
    }
    let stat = |mut xs: Vec<f64>| {
        xs.sort_by(f64::total_cmp);
        (xs[xs.len() / 2], xs[xs.len() - 1], xs.iter().sum::<f64>())
    };
    let (wm, wx, ws) = stat(times.iter().map(|t| t.0).collect());
    let (cm, cx, cs) = stat(times.iter().map(|t| t.1).collect());
    println!(
        "pair times ({} pairs): wall median {wm:.2} s, max {wx:.1} s, sum {ws:.1} s; CPU median {cm:.2} s, max {cx:.1} s, sum {cs:.1} s",
        times.len()
    );
}

/// Runs `f` over `items` on two threads (the machine's budget), keeping the order.
fn parallel<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let out: Mutex<Vec<(usize, R)>> = Mutex::new(vec![]);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(item) = items.get(i) else { break };
                let r = f(item);
                out.lock().unwrap().push((i, r));
            });
        }
    });
    let mut out = out.into_inner().unwrap();
    out.sort_by_key(|(i, _)| *i);
    out.into_iter().map(|(_, r)| r).collect()
}

fn main() {
    let dir = corpus();
    let only = std::env::var("MLIR_REAL_ONLY").unwrap_or_default();
    let elsewhere = std::env::var_os("MLIR_REAL_DIR").is_some();
    let mut programs: Vec<String> = std::fs::read_dir(&dir)
        .expect("corpus/mlir-real")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("src.mlir").exists())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|p| only.is_empty() || only.split(',').any(|o| o == p))
        .collect();
    programs.sort();
    let table = dir.join(TABLE);
    let want = read_table(&std::fs::read_to_string(&table).unwrap_or_default());
    let mut jobs = vec![];
    let mut skipped = Rows::new();
    for p in &programs {
        let steps = std::env::var("MLIR_REAL_STEPS").unwrap_or_default();
        let chosen = |s: &str| steps.is_empty() || steps.split(',').any(|x| x == s);
        for s in STEPS
            .iter()
            .copied()
            .chain(["identity"])
            .filter(|s| chosen(s))
        {
            let file = if s == "identity" { "src" } else { s };
            if !dir.join(p).join(format!("{file}.mlir")).exists() {
                continue;
            }
            let key = (p.clone(), s.to_string());
            match want.get(&key) {
                // A pair the table marks `skip` (with its reason) is not run: too slow for
                // this test (measured by hand, docs/mlir.md).
                Some(row) if row.0 == "skip" => {
                    skipped.insert(key, row.clone());
                }
                _ => jobs.push(key),
            }
        }
    }
    let budget = std::env::var("MLIR_REAL_BUDGET")
        .ok()
        .and_then(|b| b.parse().ok())
        .unwrap_or(BUDGET_SECS);
    let opts = mlirsem::Options {
        timeout: Duration::from_secs(2),
        budget: Some(Duration::from_secs(budget)),
        ..Default::default()
    };
    let times = Mutex::new(vec![]);
    let results = parallel(&jobs, |(p, s)| {
        let read = |f: &str| std::fs::read_to_string(dir.join(p).join(format!("{f}.mlir")));
        let src = read("src").unwrap();
        let tgt = if s == "identity" {
            src.clone()
        } else {
            read(s).unwrap()
        };
        let start = std::time::Instant::now();
        let cpu = thread_cpu_secs();
        let v = verdict(&src, &tgt, &opts);
        let (wall, cpu) = (start.elapsed().as_secs_f64(), thread_cpu_secs() - cpu);
        eprintln!("{p}/{s}: {} ({wall:.1} s, CPU {cpu:.1} s) {}", v.0, v.1);
        times.lock().unwrap().push((wall, cpu));
        v
    });
    print_times(&times.into_inner().unwrap());
    let mut got = skipped;
    let mut failures = vec![];
    let mut counts: BTreeMap<(String, String), usize> = BTreeMap::new();
    for ((p, s), (v, r)) in jobs.iter().zip(results) {
        match (s.as_str(), v.as_str()) {
            ("wrong", "verified" | "vacuous") => failures.push(format!("{p}: wrong target {v}")),
            ("wrong", _) => {}
            ("identity", "refuted") => failures.push(format!("{p}: refuted against itself")),
            _ => {}
        }
        *counts.entry((s.clone(), v.clone())).or_default() += 1;
        got.insert((p.clone(), s.clone()), (v, r));
    }
    println!(
        "corpus/mlir-real: {} programs; verdicts per step",
        programs.len()
    );
    for ((s, v), n) in &counts {
        println!("  {s:<13} {v:<9} {n}");
    }
    let subset = !only.is_empty() || std::env::var_os("MLIR_REAL_STEPS").is_some();
    if subset || elsewhere {
        // A subset (MLIR_REAL_ONLY=a,b) or another folder: printed, not compared.
    } else if std::env::var_os("TENSORPROOF_BLESS").is_some() {
        std::fs::write(&table, write_table(&got)).unwrap();
    } else {
        for (k, v) in &got {
            match want.get(k) {
                None => failures.push(format!("added {}/{}: {} {}", k.0, k.1, v.0, v.1)),
                // Solver time depends on the machine: either side of a row being that class
                // is a notice (bless to record it), unless a refutation appeared.
                Some(w) if w != v && (is_time(w) || is_time(v)) && v.0 != "refuted" => println!(
                    "notice: {}/{}: {} {} (the table: {} {}); solver time varies by machine",
                    k.0, k.1, v.0, v.1, w.0, w.1
                ),
                Some(w) if w != v => failures.push(format!(
                    "changed {}/{}: {} {} (was {} {})",
                    k.0, k.1, v.0, v.1, w.0, w.1
                )),
                _ => {}
            }
        }
        for k in want.keys().filter(|k| !got.contains_key(*k)) {
            failures.push(format!("removed {}/{}", k.0, k.1));
        }
    }
    if !failures.is_empty() {
        for f in &failures {
            println!("FAIL {f}");
        }
        panic!(
            "{} differences or failures on corpus/mlir-real (bless with {BLESS} when intended)",
            failures.len()
        );
    }
}
