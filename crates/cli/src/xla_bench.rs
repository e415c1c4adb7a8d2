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
use crate::bench_table::{self, Bench, Timed};
use crate::expect::{self, Judged};
use crate::lift_bench::cpu_seconds_with_children;
use crate::out;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Issue 22's limit for one program, in seconds of wall time on 2 cores.
const PROGRAM_LIMIT: f64 = 30.0;

const BENCH: Bench = Bench {
    record: "bench-xla",
    unit: "program",
    limit: PROGRAM_LIMIT,
    counts: false,
};

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
fn time_program(stem: &Path, runs: usize, opts: &xla::Options) -> Result<Timed, String> {
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
    let name = stem.display().to_string();
    Ok(Timed {
        fields: vec![("program", name.clone())],
        name,
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
        bench_table::print_json(&BENCH, &rows, runs, elapsed, code);
    } else {
        bench_table::print_text(&BENCH, &rows, runs);
    }
    code
}
