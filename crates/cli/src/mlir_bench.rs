//! `tensorproof bench --mlir [DIR...] [--runs N]`: times `tensorproof mlir` on every pair of a
//! folder laid out as `corpus/mlir-real` (the default): `NAME/src.mlir` with each
//! `NAME/STEP.mlir` beside it (the pipeline steps and the wrong target of
//! `tools/mlir_real.py`). Each pair is parsed once and checked `N` times in this process, one
//! after another (no worker pool: the times are of the check alone), with the query timeout
//! and the pair budget of `tensorproof mlir` (`--timeout`, `--budget`). Per pair: the verdict,
//! against the folder's `expectations.tsv` when it has one (else `wrong` must be refuted), the
//! median wall time and the median CPU time (user + system of this process, Z3 included, from
//! `/proc/self/stat`, 10 ms resolution); over the folder: the median and the maximum of both,
//! each pair against issue 20's limit of 30 s. Exit code as for `bench --xla`.

use crate::args::BenchArgs;
use crate::bench_table::{self, Bench, Timed};
use crate::expect::{self, Judged};
use crate::lift_bench::cpu_seconds_with_children;
use crate::out;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Issue 20's limit for one pair, in seconds of wall time on 2 cores.
const PAIR_LIMIT: f64 = 30.0;

const BENCH: Bench = Bench {
    record: "bench-mlir",
    unit: "pair",
    limit: PAIR_LIMIT,
    counts: true,
};

/// `(program folder, step)` for every `STEP.mlir` beside a `src.mlir` under `dirs`, sorted.
fn pairs(dirs: &[PathBuf]) -> Result<Vec<(PathBuf, String)>, String> {
    let mut out = vec![];
    for dir in dirs {
        let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for program in entries.filter_map(|e| e.ok()).map(|e| e.path()) {
            if !program.join("src.mlir").is_file() {
                continue;
            }
            let files =
                std::fs::read_dir(&program).map_err(|e| format!("{}: {e}", program.display()))?;
            for f in files.filter_map(|e| e.ok()).map(|e| e.path()) {
                let step = f.file_name().and_then(|n| n.to_str()).unwrap_or_default();
                if let Some(step) = step.strip_suffix(".mlir").filter(|s| *s != "src") {
                    out.push((program.clone(), step.to_string()));
                }
            }
        }
    }
    out.sort();
    if out.is_empty() {
        return Err("no NAME/src.mlir with a NAME/STEP.mlir beside it".into());
    }
    Ok(out)
}

/// `(program, step) -> verdict` of a folder's `expectations.tsv` (tab-separated: program,
/// step, verdict, reason), empty when it has none.
fn expectations(dir: &Path) -> BTreeMap<(String, String), String> {
    let text = std::fs::read_to_string(dir.join("expectations.tsv")).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let f: Vec<&str> = l.splitn(4, '\t').collect();
            let [p, s, v, ..] = f.as_slice() else {
                return None;
            };
            Some(((p.to_string(), s.to_string()), v.to_string()))
        })
        .collect()
}

/// The worst verdict over a pair's functions: error > refuted > unknown > vacuous > verified.
fn worst(results: &[mlirsem::PairResult]) -> &'static str {
    let names: Vec<&'static str> = results.iter().map(|r| r.verdict.name()).collect();
    ["error", "refuted", "unknown", "vacuous", "verified"]
        .into_iter()
        .find(|n| names.contains(n))
        .unwrap_or("error")
}

/// One pair timed `runs` times.
fn time_pair(program: &Path, step: &str, runs: usize, opts: &mlirsem::Options) -> Timed {
    let read = |f: &str| std::fs::read_to_string(program.join(format!("{f}.mlir")));
    let name = program.display().to_string();
    let parsed = match (read("src"), read(step)) {
        (Ok(s), Ok(t)) => mlir::parse(&s).ok().zip(mlir::parse(&t).ok()),
        _ => None,
    };
    let (mut walls, mut cpus, mut verdict) = (vec![], vec![], "error");
    if let Some((s, t)) = parsed {
        for _ in 0..runs {
            let (t0, c0) = (Instant::now(), cpu_seconds_with_children());
            let results = mlirsem::check_pair(&s, &t, opts);
            walls.push(t0.elapsed().as_secs_f64());
            if let (Some(x), Some(y)) = (c0, cpu_seconds_with_children()) {
                cpus.push(y - x);
            }
            verdict = worst(&results);
        }
    }
    Timed {
        name: format!("{name}/{step}"),
        fields: vec![("program", name), ("step", step.to_string())],
        verdict,
        expected: None,
        wall: out::median_max(&walls).0,
        cpu: (!cpus.is_empty() && cpus.len() == walls.len()).then(|| out::median_max(&cpus).0),
    }
}

pub fn run(a: BenchArgs) -> i32 {
    let dirs = if a.paths.is_empty() {
        vec![PathBuf::from("corpus/mlir-real")]
    } else {
        a.paths.clone()
    };
    let pairs = match pairs(&dirs) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let opts = mlirsem::Options {
        timeout: a.run.timeout,
        budget: Some(a.run.budget_or(6, Duration::from_secs(60))),
        ..mlirsem::Options::default()
    };
    let runs = a.runs as usize;
    let bar = out::progress(pairs.len(), a.run.quiet);
    let start = Instant::now();
    let mut tables: BTreeMap<PathBuf, BTreeMap<(String, String), String>> = BTreeMap::new();
    let mut rows = vec![];
    for (program, step) in &pairs {
        bar.inc(1);
        bar.set_message(format!("{}/{step}", program.display()));
        let dir = program.parent().unwrap_or(Path::new(".")).to_path_buf();
        let table = tables
            .entry(dir.clone())
            .or_insert_with(|| expectations(&dir));
        let key = (
            program
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned(),
            step.clone(),
        );
        let mut row = time_pair(program, step, runs, &opts);
        row.expected = match table.get(&key) {
            Some(v) => Some(v.clone()),
            None if table.is_empty() && step == "wrong" => Some("refuted".into()),
            None => None,
        };
        rows.push(row);
    }
    bar.finish_and_clear();
    let judged: Vec<Judged> = rows
        .iter()
        .map(|r| Judged {
            expected: r.expected.as_deref(),
            // Without a table only the wrong targets are judged (a step may be unknown).
            pending: r.expected.is_none(),
            got: r.verdict,
        })
        .collect();
    let code = expect::exit_code(&judged);
    let elapsed = start.elapsed().as_secs_f64();
    if a.run.json {
        bench_table::print_json(&BENCH, &rows, runs, elapsed, code);
    } else {
        bench_table::print_text(&BENCH, &rows, runs);
    }
    code
}
