//! `tensorproof mlir --suite DIR`: every `*.src.mlir`/`*.tgt.mlir` pair under DIR, in parallel,
//! against the expected verdicts of a `manifest.csv` (mlir-tv's format) or of `// expect:`
//! headers; a summary per expected class, timing figures, and a loud exit code on a soundness
//! alarm. The mapping of the manifest's classes is documented in docs/mlir.md.

use crate::args;
use report::{render_counterexample, render_diagnostic, JsonObject, Verdict};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const USAGE: &str = "usage: tensorproof mlir --suite DIR [--jobs N] [--timeout SECS] [--budget SECS] [--function NAME] [--json] [--quiet]";

/// One pair to check, with what is expected of it.
struct Pair {
    /// The path without `.src.mlir`: relative to the manifest's folder when a manifest names it,
    /// else as found under DIR.
    test: String,
    src: PathBuf,
    tgt: PathBuf,
    /// The class the expectation comes from: a manifest class (`VERIFY`, ...) or `header`.
    class: Option<String>,
    /// `verified`, `refuted` or `unknown`.
    expected: Option<&'static str>,
    /// Checked with `--no-signed-zeros`: the manifest's `args` name the reference's
    /// `--use-neg-zero`.
    no_signed_zeros: bool,
    /// The `--use-fn-argument-dims` rules of the manifest's `args` for this pair.
    same_dims: Vec<(String, usize)>,
}

/// The result of one pair: the most severe verdict over its functions.
struct Done {
    verdict: Verdict,
    /// The function the verdict is about (empty when the pair did not get that far).
    function: String,
    seconds: f64,
    /// The file and text a diagnostic of an `Error` verdict points into.
    error_in: Option<(String, String)>,
}

/// A manifest: `test -> (class, expected, no_signed_zeros, --use-fn-argument-dims rules)`.
type Manifest = BTreeMap<String, (String, Option<&'static str>, bool, Vec<(String, usize)>)>;

pub fn run(argv: &[String]) -> i32 {
    let mut rest = vec![];
    let mut dir: Option<PathBuf> = None;
    let mut function: Option<String> = None;
    let mut budget: Option<Duration> = None;
    let mut i = 0;
    while i < argv.len() {
        let a = argv[i].as_str();
        let v = argv.get(i + 1).cloned();
        match a {
            "--suite" => match v {
                Some(v) => dir = Some(PathBuf::from(v)),
                None => return usage("--suite needs a folder"),
            },
            "--function" => match v {
                Some(v) => function = Some(v.trim_start_matches('@').to_string()),
                None => return usage("--function needs a name"),
            },
            "--budget" => match v.and_then(|v| v.parse::<f64>().ok()).filter(|s| *s > 0.0) {
                Some(s) => budget = Some(Duration::from_secs_f64(s)),
                None => return usage("--budget needs seconds"),
            },
            _ => {
                rest.push(argv[i].clone());
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    let opts = match args::parse(&rest) {
        Ok(o) => o,
        Err(e) => return usage(&e),
    };
    if !opts.paths.is_empty() {
        return usage("--suite takes one folder and no other files");
    }
    if opts.dump_smt.is_some() {
        return usage("--dump-smt works on one pair, not with --suite");
    }
    let Some(dir) = dir else {
        return usage("--suite needs a folder");
    };
    if !dir.is_dir() {
        eprintln!("tensorproof: {}: no such folder", dir.display());
        return 2;
    }
    let pairs = match collect(&dir) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("tensorproof: {e}");
            return 2;
        }
    };
    if pairs.is_empty() {
        eprintln!("tensorproof: no *.src.mlir files under {}", dir.display());
        return 2;
    }
    let check_opts = mlirsem::Options {
        timeout: opts.timeout,
        function,
        ..mlirsem::Options::default()
    };
    // A backstop: the per-query timeouts bound a pair in practice; this catches a solver that
    // does not stop when interrupted, or a pathological pair with very many queries.
    let budget = budget.unwrap_or((opts.timeout * 6).max(Duration::from_secs(60)));
    let total = pairs.len();
    let done = AtomicUsize::new(0);
    let progress = !opts.quiet;
    let tty = std::io::stderr().is_terminal();
    let wall = Instant::now();
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(opts.jobs)
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("tensorproof: thread pool: {e}");
            return 2;
        }
    };
    let results: Vec<Done> = pool.install(|| {
        use rayon::prelude::*;
        pairs
            .par_iter()
            .map(|p| {
                let d = check_bounded(p, &check_opts, budget);
                let k = done.fetch_add(1, Ordering::SeqCst) + 1;
                if progress {
                    let line = format!("[{k}/{total}] {} {}", d.verdict.name(), p.test);
                    if tty {
                        eprint!("\r\x1b[2K{line}");
                    } else {
                        eprintln!("{line}");
                    }
                }
                d
            })
            .collect()
    });
    if progress && tty {
        eprintln!();
    }
    let wall = wall.elapsed().as_secs_f64();
    let stdout = std::io::stdout();
    let mut w = stdout.lock();
    let mut alarms = vec![];
    for (p, d) in pairs.iter().zip(&results) {
        let alarm = is_alarm(p.expected, d.verdict.name());
        if alarm {
            alarms.push((p, d));
        }
        if opts.json {
            let _ = writeln!(w, "{}", json_line(p, d, alarm));
        } else {
            print_pair(&mut w, p, d, alarm);
        }
    }
    if !opts.json {
        let _ = write!(w, "\n{}", summary(&pairs, &results));
        let _ = writeln!(w, "{}", timing(&pairs, &results, wall, opts.jobs));
    }
    if !alarms.is_empty() {
        let _ = w.flush();
        eprintln!(
            "tensorproof: SOUNDNESS ALARM: {} pair(s) contradict their expected verdict:",
            alarms.len()
        );
        for (p, d) in &alarms {
            eprintln!(
                "  {}: expected {}, got {}",
                p.test,
                p.expected.unwrap_or("?"),
                d.verdict.name()
            );
        }
    }
    exit_code(&pairs, &results)
}

fn usage(why: &str) -> i32 {
    eprintln!("tensorproof mlir: {why}\n{USAGE}");
    2
}

/// A pair expected to verify that was refuted, or one expected refuted that was verified: a bug
/// in our semantics or in the expectation, never an acceptable outcome.
fn is_alarm(expected: Option<&str>, got: &str) -> bool {
    matches!(
        (expected, got),
        (Some("verified"), "refuted") | (Some("refuted"), "verified" | "vacuous")
    )
}

/// Whether a verdict meets an expectation: the same verdict, or `vacuous` for a pair expected
/// to verify (the source is undefined on every input, so refinement holds trivially).
fn meets(expected: &str, got: &str) -> bool {
    expected == got || (expected == "verified" && got == "vacuous")
}

/// 1 on a soundness alarm; else 0 when every pair met its expectation (a pair without one must
/// verify), else 3.
fn exit_code(pairs: &[Pair], results: &[Done]) -> i32 {
    let mut code = 0;
    for (p, d) in pairs.iter().zip(results) {
        let got = d.verdict.name();
        if is_alarm(p.expected, got) {
            return 1;
        }
        if !meets(p.expected.unwrap_or("verified"), got) {
            code = 3;
        }
    }
    code
}

/// Every `*.src.mlir` under `dir` (sorted, recursively), its target, and its expectation.
fn collect(dir: &Path) -> Result<Vec<Pair>, String> {
    let mut srcs = vec![];
    walk(dir, &mut srcs)?;
    let mut manifests: BTreeMap<PathBuf, Option<Manifest>> = BTreeMap::new();
    let mut out = vec![];
    for src in srcs {
        let s = src.to_string_lossy().to_string();
        let stem = s.strip_suffix(".src.mlir").unwrap_or(&s).to_string();
        let tgt = PathBuf::from(format!("{stem}.tgt.mlir"));
        // The nearest manifest.csv from the pair's folder up to `dir`.
        let mut found = None;
        let mut folder = src.parent().map(Path::to_path_buf);
        while let Some(f) = folder {
            if !manifests.contains_key(&f) {
                let m = read_manifest(&f.join("manifest.csv"))?;
                manifests.insert(f.clone(), m);
            }
            if manifests[&f].is_some() {
                found = Some(f.clone());
                break;
            }
            if f == dir {
                break;
            }
            folder = f.parent().map(Path::to_path_buf);
        }
        let rel = |base: &Path| -> String {
            Path::new(&stem)
                .strip_prefix(base)
                .map(|r| r.to_string_lossy().to_string())
                .unwrap_or_else(|_| stem.clone())
        };
        let mut pair = Pair {
            test: rel(dir),
            src: src.clone(),
            tgt,
            class: None,
            expected: None,
            no_signed_zeros: false,
            same_dims: vec![],
        };
        if let Some(f) = &found {
            let key = rel(f);
            if let Some(Some((class, expected, nsz, rules))) =
                manifests[f].as_ref().map(|m| m.get(&key))
            {
                pair.test = key;
                pair.class = Some(class.clone());
                pair.expected = *expected;
                pair.no_signed_zeros = *nsz;
                pair.same_dims = rules.clone();
            }
        }
        if pair.class.is_none() {
            let text = std::fs::read_to_string(&src).unwrap_or_default();
            if let Some(e) = header_expect(&text) {
                pair.class = Some("header".into());
                pair.expected = Some(e);
            }
        }
        out.push(pair);
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for e in entries {
        if e.is_dir() {
            walk(&e, out)?;
        } else if e.to_string_lossy().ends_with(".src.mlir") {
            out.push(e);
        }
    }
    Ok(())
}

/// `// expect: verified|refuted|unknown|vacuous` in the leading comment lines.
fn header_expect(text: &str) -> Option<&'static str> {
    let e = text
        .lines()
        .take_while(|l| l.trim_start().starts_with("//"))
        .find_map(|l| {
            l.trim_start()
                .trim_start_matches("//")
                .trim()
                .strip_prefix("expect:")
        })?;
    let word = e.split_whitespace().next()?;
    ["verified", "refuted", "unknown", "vacuous"]
        .into_iter()
        .find(|w| *w == word)
}

/// Reads `manifest.csv` if present: columns `test,expected,expect_msg,...,mlirtv_verdict,...`
/// (found by their header names), and the `--use-fn-argument-dims` rules of its `args`.
fn read_manifest(path: &Path) -> Result<Option<Manifest>, String> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Ok(None);
    };
    let mut lines = text.lines();
    let header = csv(lines.next().unwrap_or_default());
    let col = |name: &str| header.iter().position(|h| h.trim() == name);
    let (Some(t), Some(e)) = (col("test"), col("expected")) else {
        return Err(format!(
            "{}: needs the columns `test` and `expected`",
            path.display()
        ));
    };
    let (msg, reference, args) = (col("expect_msg"), col("mlirtv_verdict"), col("args"));
    let mut m = Manifest::new();
    for line in lines.filter(|l| !l.trim().is_empty()) {
        let f = csv(line);
        let get = |i: Option<usize>| i.and_then(|i| f.get(i)).map(|s| s.trim()).unwrap_or("");
        let class = get(Some(e));
        let test = get(Some(t));
        let expected = match exception(test) {
            Some((verdict, _)) => Some(verdict),
            None => map_class(class, get(msg), get(reference), get(args)),
        };
        let no_signed_zeros = get(args).contains("use-neg-zero");
        let mut rules = vec![];
        for flag in get(args).split_whitespace() {
            if let Some(spec) = flag.strip_prefix("--use-fn-argument-dims=") {
                rules.extend(args::fn_arg_dims(spec).map_err(|e| format!("{test}: {e}"))?);
            }
        }
        m.insert(
            test.to_string(),
            (class.to_string(), expected, no_signed_zeros, rules),
        );
    }
    Ok(Some(m))
}

/// The documented exceptions (docs/mlir.md, "Exceptions"): pairs whose manifest class we do
/// not meet, each with our verdict and the reason. (`use-neg-zero`, once one, verifies since
/// pairs run with the reference's `--use-neg-zero` are checked with `--no-signed-zeros`.)
const EXCEPTIONS: &[(&str, &str, &str)] = &[
    ("litmus/tosa-ops/maxpool2d", "refuted", MAXPOOL_LOWERING),
    (
        "litmus/tosa-ops/maxpool2d_memref",
        "refuted",
        MAXPOOL_LOWERING,
    ),
];

/// Why MLIR's lowering of a float `tosa.max_pool2d` does not refine it.
const MAXPOOL_LOWERING: &str = "MLIR's lowering starts the maximum from -FLT_MAX where the TOSA \
     spec starts from -inf: a window of -inf gives -inf in the source and -3.4028235e38 in the \
     target (MLIR's own canonicalizer, which folds a 1x1 max_pool2d away, needs -inf: \
     litmus/tosa-ops/maxpool_noop verifies)";

/// Our verdict and the reason when `test` is a documented exception.
fn exception(test: &str) -> Option<(&'static str, &'static str)> {
    EXCEPTIONS
        .iter()
        .find(|(t, _, _)| *t == test)
        .map(|(_, v, why)| (*v, *why))
}

/// The mapping table of docs/mlir.md: a manifest class (with the reference's message and
/// verdict) to our expected verdict.
fn map_class(class: &str, msg: &str, reference: &str, _args: &str) -> Option<&'static str> {
    match class {
        "VERIFY" => Some("verified"),
        "VERIFY-INCORRECT" => Some("refuted"),
        "UNSUPPORTED" => Some("unknown"),
        "EXPECT" => {
            let msg = msg.trim_matches('"');
            if msg.starts_with("correct") {
                Some("verified")
            } else {
                match reference {
                    "correct" => Some("verified"),
                    "incorrect" => Some("refuted"),
                    _ => None,
                }
            }
        }
        _ => None,
    }
}

/// The fields of a CSV line (double-quoted fields may hold commas; `""` is a quote).
fn csv(line: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        let last = out.len() - 1;
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                out[last].push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => out.push(String::new()),
            (c, _) => out[last].push(c),
        }
    }
    out
}

/// Checks one pair in a thread of its own, giving up (unknown) after `budget`.
fn check_bounded(p: &Pair, opts: &mlirsem::Options, budget: Duration) -> Done {
    let start = Instant::now();
    let unknown = |reason: String| Done {
        verdict: Verdict::Unknown { reason },
        function: String::new(),
        seconds: start.elapsed().as_secs_f64(),
        error_in: None,
    };
    let read = |f: &Path| std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()));
    let (src_text, tgt_text) = match (read(&p.src), read(&p.tgt)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            return Done {
                verdict: Verdict::Error {
                    diagnostics: vec![report::Diagnostic {
                        message: e,
                        span: report::Span::default(),
                    }],
                },
                function: String::new(),
                seconds: start.elapsed().as_secs_f64(),
                error_in: None,
            };
        }
    };
    let (tx, rx) = std::sync::mpsc::channel();
    let (s, t) = (src_text.clone(), tgt_text.clone());
    let files = (p.src.display().to_string(), p.tgt.display().to_string());
    let mut o = mlirsem::Options {
        same_dims: p.same_dims.clone(),
        ..opts.clone()
    };
    o.signed_zeros &= !p.no_signed_zeros;
    let spawned = std::thread::Builder::new()
        .name("check-pair".into())
        .spawn(move || {
            let _ = tx.send(check_texts(&s, &t, files, &o));
        });
    if spawned.is_err() {
        return unknown("could not start a checking thread".into());
    }
    let (verdict, function, side) = match rx.recv_timeout(budget) {
        Ok(r) => r,
        Err(_) => {
            return unknown(format!(
                "the check did not end within its {:.0} s budget",
                budget.as_secs_f64()
            ))
        }
    };
    let error_in = side.map(|side| match side {
        mlirsem::Side::Src => (p.src.display().to_string(), src_text),
        mlirsem::Side::Tgt => (p.tgt.display().to_string(), tgt_text),
    });
    Done {
        verdict,
        function,
        seconds: start.elapsed().as_secs_f64(),
        error_in,
    }
}

/// Parses and checks a pair; the most severe verdict over its functions (error, refuted,
/// unknown, vacuous, verified), with its function and, for an error, the side it is in.
fn check_texts(
    src: &str,
    tgt: &str,
    (src_file, tgt_file): (String, String),
    opts: &mlirsem::Options,
) -> (Verdict, String, Option<mlirsem::Side>) {
    let (s, t) = match (mlir::parse(src), mlir::parse(tgt)) {
        (Ok(mut s), Ok(mut t)) => {
            // Reasons name ops at FILE:LINE:COL.
            (s.file, t.file) = (src_file, tgt_file);
            (s, t)
        }
        (Err(d), _) => {
            return (
                Verdict::Error { diagnostics: d },
                String::new(),
                Some(mlirsem::Side::Src),
            )
        }
        (_, Err(d)) => {
            return (
                Verdict::Error { diagnostics: d },
                String::new(),
                Some(mlirsem::Side::Tgt),
            )
        }
    };
    let results = mlirsem::check_pair(&s, &t, opts);
    let rank = |v: &Verdict| match v {
        Verdict::Error { .. } => 0,
        Verdict::Refuted { .. } => 1,
        Verdict::Unknown { .. } => 2,
        Verdict::Vacuous { .. } => 3,
        Verdict::Verified { .. } => 4,
    };
    match results.into_iter().min_by_key(|r| rank(&r.verdict)) {
        Some(r) => (r.verdict, r.function, r.error_side),
        None => (
            Verdict::Unknown {
                reason: "no function to check".into(),
            },
            String::new(),
            None,
        ),
    }
}

fn reason(v: &Verdict) -> Option<String> {
    match v {
        Verdict::Unknown { reason } | Verdict::Vacuous { reason } => Some(reason.clone()),
        Verdict::Error { diagnostics } => diagnostics.first().map(|d| d.message.clone()),
        _ => None,
    }
}

fn json_line(p: &Pair, d: &Done, alarm: bool) -> String {
    let mut o = JsonObject::new().str("test", &p.test);
    if let Some(c) = &p.class {
        o = o.str("class", c);
    }
    if let Some(e) = p.expected {
        o = o.str("expected", e);
    }
    o = o
        .str("verdict", d.verdict.name())
        .num("seconds", d.seconds)
        .str("src", &p.src.display().to_string())
        .str("tgt", &p.tgt.display().to_string());
    if !d.function.is_empty() {
        o = o.str("function", &format!("@{}", d.function));
    }
    if let Some(r) = reason(&d.verdict) {
        o = o.str("reason", &r);
    }
    if alarm {
        o = o.raw("alarm", "true".into());
    }
    o.finish()
}

/// One line per pair; the reason of an unknown or error; the counterexample of an alarm.
fn print_pair(w: &mut impl Write, p: &Pair, d: &Done, alarm: bool) {
    let got = d.verdict.name();
    let mark = match p.expected {
        _ if alarm => " ALARM",
        Some(e) if !meets(e, got) => " (not met)",
        _ => "",
    };
    let expected = p
        .expected
        .map(|e| format!(" expected {e}"))
        .unwrap_or_default();
    let _ = writeln!(
        w,
        "{got:<9} {} ({:.2} s){expected}{mark}",
        p.test, d.seconds
    );
    match &d.verdict {
        Verdict::Refuted { counterexample } if alarm => {
            let _ = write!(w, "{}", render_counterexample(counterexample));
        }
        Verdict::Error { diagnostics } => match &d.error_in {
            Some((file, text)) => {
                for diag in diagnostics {
                    let _ = write!(w, "{}", render_diagnostic(file, text, diag));
                }
            }
            None => {
                for diag in diagnostics {
                    let _ = writeln!(w, "  {}", diag.message);
                }
            }
        },
        v => {
            if let Some(r) = reason(v) {
                let _ = writeln!(w, "  {r}");
            }
        }
    }
}

const VERDICTS: [&str; 5] = ["verified", "refuted", "unknown", "vacuous", "error"];

/// Verdict counts, expectations met, and for each expected class the counts per verdict.
fn summary(pairs: &[Pair], results: &[Done]) -> String {
    let mut out = String::new();
    use std::fmt::Write as _;
    let _ = writeln!(out, "{:<10} {:>6}", "verdict", "pairs");
    for n in VERDICTS {
        let c = results.iter().filter(|d| d.verdict.name() == n).count();
        let _ = writeln!(out, "{n:<10} {c:>6}");
    }
    let _ = writeln!(out, "{:<10} {:>6}", "total", results.len());
    let with: Vec<_> = pairs
        .iter()
        .zip(results)
        .filter(|(p, _)| p.expected.is_some())
        .collect();
    let met = with
        .iter()
        .filter(|(p, d)| p.expected.is_some_and(|e| meets(e, d.verdict.name())))
        .count();
    let alarms = with
        .iter()
        .filter(|(p, d)| is_alarm(p.expected, d.verdict.name()))
        .count();
    let _ = writeln!(
        out,
        "expectations met: {met}/{}   soundness alarms: {alarms}",
        with.len()
    );
    let mut classes: BTreeMap<String, (Option<&str>, [usize; 5])> = BTreeMap::new();
    for (p, d) in pairs.iter().zip(results) {
        let key = match (&p.class, p.expected) {
            (Some(c), Some(e)) if c != e => format!("{c} -> {e}"),
            (Some(c), _) => c.clone(),
            (None, _) => "(none)".into(),
        };
        let entry = classes.entry(key).or_insert((p.expected, [0; 5]));
        if let Some(i) = VERDICTS.iter().position(|n| *n == d.verdict.name()) {
            entry.1[i] += 1;
        }
    }
    let _ = writeln!(
        out,
        "\n{:<32} {:>6} {:>9} {:>8} {:>8} {:>8} {:>6}",
        "expected class", "pairs", "verified", "refuted", "unknown", "vacuous", "error"
    );
    for (class, (_, c)) in &classes {
        let _ = writeln!(
            out,
            "{class:<32} {:>6} {:>9} {:>8} {:>8} {:>8} {:>6}",
            c.iter().sum::<usize>(),
            c[0],
            c[1],
            c[2],
            c[3],
            c[4]
        );
    }
    out
}

/// Total wall time, sum, median and max of the pair times.
fn timing(pairs: &[Pair], results: &[Done], wall: f64, jobs: usize) -> String {
    let mut times: Vec<(f64, &str)> = results
        .iter()
        .zip(pairs)
        .map(|(d, p)| (d.seconds, p.test.as_str()))
        .collect();
    times.sort_by(|a, b| a.0.total_cmp(&b.0));
    let n = times.len();
    let median = match n {
        0 => 0.0,
        n if n % 2 == 1 => times[n / 2].0,
        n => (times[n / 2 - 1].0 + times[n / 2].0) / 2.0,
    };
    let sum: f64 = times.iter().map(|t| t.0).sum();
    let (max, slowest) = times.last().copied().unwrap_or((0.0, ""));
    format!(
        "pairs: {n}   wall: {wall:.2} s ({jobs} jobs)   sum of pair times: {sum:.2} s   median: {median:.3} s   max: {max:.3} s ({slowest})"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mapping_table() {
        assert_eq!(map_class("VERIFY", "", "correct", ""), Some("verified"));
        assert_eq!(
            map_class("VERIFY", "", "correct", "--use-neg-zero"),
            Some("verified")
        );
        assert_eq!(exception("litmus/tensor-ops/use-neg-zero"), None);
        assert_eq!(
            map_class("VERIFY-INCORRECT", "", "incorrect", ""),
            Some("refuted")
        );
        assert_eq!(
            map_class("UNSUPPORTED", "", "unsupported", ""),
            Some("unknown")
        );
        assert_eq!(
            map_class(
                "EXPECT",
                "\"correct (source is always undefined)\"",
                "timeout",
                ""
            ),
            Some("verified")
        );
        assert!(meets("verified", "vacuous"));
        assert!(!meets("vacuous", "verified"));
        assert!(is_alarm(Some("refuted"), "vacuous"));
        assert_eq!(
            map_class("EXPECT", "\"Return value mismatch\"", "incorrect", ""),
            Some("refuted")
        );
        assert_eq!(
            map_class("EXPECT", "\"f32 arg count: 2\"", "correct", ""),
            Some("verified")
        );
        assert_eq!(map_class("EXPECT", "\"?\"", "timeout", ""), None);
        assert_eq!(map_class("OTHER", "", "", ""), None);
    }

    #[test]
    fn csv_quotes() {
        assert_eq!(csv("a,\"b,\"\"c\"\"\",d"), vec!["a", "b,\"c\"", "d"]);
    }

    #[test]
    fn alarms_only_on_contradictions() {
        assert!(is_alarm(Some("verified"), "refuted"));
        assert!(is_alarm(Some("refuted"), "verified"));
        assert!(!is_alarm(Some("verified"), "unknown"));
        assert!(!is_alarm(Some("unknown"), "refuted"));
        assert!(!is_alarm(None, "refuted"));
    }
}
