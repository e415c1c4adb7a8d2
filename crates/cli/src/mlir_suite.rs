//! `tensorproof mlir --suite DIR`: every `*.src.mlir`/`*.tgt.mlir` pair under DIR, in parallel,
//! against the expected verdicts of a `manifest.csv` (mlir-tv's format) or of `// expect:`
//! headers; a summary per expected class, timing figures, and a loud exit code on a soundness
//! alarm. The mapping of the manifest's classes is documented in docs/mlir.md.

use crate::args::{self, MlirArgs};
use crate::expect::{self, is_alarm, meets, Judged};
use crate::mlir_cmd::{functions_of, pair_budget, pair_opts, read_lossy};
use crate::out::{self, Ordered};
use crate::pool::{self, Pool};
use crate::worker::{Job, PairOpts};
use report::{render_counterexample, Verdict};
use serde_json::json;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

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
    /// A documented reading dispute: why our verdict differs from the manifest's class.
    dispute: Option<String>,
}

/// The result of one pair: the most severe verdict over its functions.
struct Done {
    verdict: Verdict,
    /// The function the verdict is about (empty when the pair did not get that far).
    function: String,
    seconds: f64,
    /// The file a diagnostic of an `Error` verdict points into.
    error_in: Option<PathBuf>,
}

/// A manifest: `test -> (class, expected, no_signed_zeros, --use-fn-argument-dims rules)`.
type Manifest = BTreeMap<String, (String, Option<&'static str>, bool, Vec<(String, usize)>)>;

pub fn run(a: MlirArgs) -> i32 {
    let Some(dir) = a.suite.clone() else {
        return 2;
    };
    if a.dump_smt.is_some() {
        eprintln!("error: --dump-smt works on one pair, not with --suite");
        return 2;
    }
    if !dir.is_dir() {
        eprintln!("error: {}: no such folder", dir.display());
        return 2;
    }
    let disputes = match &a.disputes {
        Some(f) => std::fs::read_to_string(f)
            .map_err(|e| format!("{}: {e}", f.display()))
            .and_then(|t| read_disputes(&t, &f.display().to_string())),
        None => read_disputes(SHIPPED_DISPUTES, "corpus/mlir-tv-disputes.csv"),
    };
    let disputes = match disputes {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let pairs = match collect(&dir, &disputes) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    if pairs.is_empty() {
        eprintln!("error: no *.src.mlir files under {}", dir.display());
        return 2;
    }
    let base = pair_opts(&a);
    let budget = pair_budget(&a);
    let jobs: Vec<Job> = pairs
        .iter()
        .map(|p| Job::Pair {
            src: p.src.clone(),
            tgt: p.tgt.clone(),
            opts: PairOpts {
                same_dims: [base.same_dims.clone(), p.same_dims.clone()].concat(),
                signed_zeros: base.signed_zeros && !p.no_signed_zeros,
                ..base.clone()
            },
        })
        .collect();
    let wall = Instant::now();
    let bar = out::progress(pairs.len(), a.run.quiet);
    let mut ordered = Ordered::new();
    let mut results: Vec<Done> = Vec::with_capacity(pairs.len());
    let pool = Pool {
        workers: a.run.workers(),
        budget: budget + Duration::from_secs(30),
        cpu: None,
    };
    pool::run(&pool, jobs, |i, r| {
        bar.inc(1);
        bar.set_message(pairs[i].test.clone());
        let rank = |v: &Verdict| match v {
            Verdict::Error { .. } => 0,
            Verdict::Refuted { .. } => 1,
            Verdict::Unknown { .. } => 2,
            Verdict::Vacuous { .. } => 3,
            Verdict::Verified { .. } => 4,
        };
        let functions = functions_of(r, budget);
        let seconds = functions.iter().map(|f| f.seconds).sum();
        let worst = functions.into_iter().min_by_key(|f| rank(&f.verdict));
        let d = match worst {
            Some(f) => Done {
                error_in: Some(if f.in_target {
                    pairs[i].tgt.clone()
                } else {
                    pairs[i].src.clone()
                }),
                verdict: f.verdict,
                function: f.function,
                seconds,
            },
            None => return,
        };
        for (i, d) in ordered.push(i, (i, d)) {
            show(&bar, &pairs[i], &d, a.run.json, a.run.full_values);
            results.push(d);
        }
    });
    bar.finish_and_clear();
    let wall = wall.elapsed().as_secs_f64();
    let judged: Vec<Judged> = pairs
        .iter()
        .zip(&results)
        .map(|(p, d)| Judged {
            expected: Some(p.expected.unwrap_or("verified")),
            pending: false,
            got: d.verdict.name(),
        })
        .collect();
    let code = expect::exit_code(&judged);
    let null = indicatif::ProgressBar::hidden();
    if a.run.json {
        let tallies: Vec<out::Tally> = pairs
            .iter()
            .zip(&results)
            .map(|(p, d)| out::Tally {
                got: d.verdict.name(),
                expected: p.expected,
                met: p.expected.is_some_and(|e| meets(e, d.verdict.name())),
                seconds: d.seconds,
            })
            .collect();
        let extra = json!({
            "disputes": pairs.iter().filter(|p| p.dispute.is_some()).count(),
            "budget_seconds": budget.as_secs_f64(),
            "exit_code": code,
        });
        out::print(
            &null,
            &out::summary_record("mlir-suite", &tallies, wall, &a.run, extra),
        );
    } else {
        let text = format!(
            "\n{}{}\n",
            summary(&pairs, &results),
            timing(&pairs, &results, wall, a.run.workers())
        );
        out::print(&null, &text);
    }
    let alarms: Vec<String> = pairs
        .iter()
        .zip(&results)
        .filter(|(p, d)| is_alarm(p.expected, d.verdict.name()))
        .map(|(p, d)| {
            format!(
                "  {}: expected {}, got {}\n",
                p.test,
                p.expected.unwrap_or("?"),
                d.verdict.name()
            )
        })
        .collect();
    if !alarms.is_empty() {
        eprint!(
            "tensorproof: SOUNDNESS ALARM: {} pair(s) contradict their expected verdict:\n{}",
            alarms.len(),
            alarms.concat()
        );
    }
    code
}

fn reason(v: &Verdict) -> Option<String> {
    match v {
        Verdict::Unknown { reason } | Verdict::Vacuous { reason } => Some(reason.clone()),
        Verdict::Error { diagnostics } => diagnostics.first().map(|d| d.message.clone()),
        _ => None,
    }
}

/// One finished pair: a line, the reason of an unknown, the counterexample of an alarm or a
/// dispute, the diagnostics of an error (stderr); or its JSON record.
fn show(bar: &indicatif::ProgressBar, p: &Pair, d: &Done, json_out: bool, full: bool) {
    let got = d.verdict.name();
    let alarm = is_alarm(p.expected, got);
    let error_file = d.error_in.as_ref().map(|f| f.display().to_string());
    let error_text = d
        .error_in
        .as_deref()
        .and_then(read_lossy_if_error(&d.verdict));
    if json_out {
        let file = error_file.clone().unwrap_or_default();
        let mut m = out::verdict_fields(&d.verdict, &file, error_text.as_deref(), full);
        m.insert("test".into(), json!(p.test));
        if let Some(c) = &p.class {
            m.insert("class".into(), json!(c));
        }
        if let Some(e) = p.expected {
            m.insert("expected".into(), json!(e));
            m.insert("met".into(), json!(meets(e, got)));
        }
        m.insert("seconds".into(), json!(d.seconds));
        m.insert("src".into(), json!(p.src.display().to_string()));
        m.insert("tgt".into(), json!(p.tgt.display().to_string()));
        if !d.function.is_empty() {
            m.insert("function".into(), json!(format!("@{}", d.function)));
        }
        if let Some(r) = reason(&d.verdict) {
            m.insert("reason".into(), json!(r));
        }
        if let Some(why) = &p.dispute {
            m.insert("dispute".into(), json!(why));
        }
        m.insert("alarm".into(), json!(alarm));
        out::print(bar, &out::record("mlir-suite", "result", m));
        return;
    }
    let mark = match p.expected {
        _ if alarm => " ALARM",
        Some(e) if !meets(e, got) => " (not met)",
        Some(_) if p.dispute.is_some() => " (reading dispute)",
        _ => "",
    };
    let expected = p
        .expected
        .map(|e| format!(" expected {e}"))
        .unwrap_or_default();
    let mut text = format!("{got:<9} {} ({:.2} s){expected}{mark}\n", p.test, d.seconds);
    match &d.verdict {
        Verdict::Refuted { counterexample } if alarm || p.dispute.is_some() => {
            if let Some(why) = &p.dispute {
                text += &format!("  dispute: {why}\n");
            }
            text += &render_counterexample(counterexample);
        }
        Verdict::Error { .. } => {
            let file = error_file.unwrap_or_default();
            out::eprint(
                bar,
                &out::diagnostics(&d.verdict, &file, error_text.as_deref()),
            );
        }
        v => {
            if let Some(r) = reason(v) {
                text += &format!("  {r}\n");
            }
        }
    }
    out::print(bar, &text);
}

/// The text of the file an error points into (read only for errors).
fn read_lossy_if_error(v: &Verdict) -> impl Fn(&Path) -> Option<String> + '_ {
    move |p| match v {
        Verdict::Error { .. } => read_lossy(p),
        _ => None,
    }
}

/// Every `*.src.mlir` under `dir` (sorted, recursively), its target, and its expectation.
fn collect(dir: &Path, disputes: &Disputes) -> Result<Vec<Pair>, String> {
    let mut notes = vec![];
    let srcs = crate::files::collect(&[dir.to_path_buf()], ".src.mlir", &mut notes)?;
    for n in notes {
        eprintln!("note: {n}");
    }
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
                let m = read_manifest(&f.join("manifest.csv"), disputes)?;
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
            dispute: None,
        };
        if let Some(f) = &found {
            let key = rel(f);
            if let Some(Some((class, expected, nsz, rules))) =
                manifests[f].as_ref().map(|m| m.get(&key))
            {
                pair.dispute = disputes.get(&key).map(|d| d.1.clone());
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
fn read_manifest(path: &Path, disputes: &Disputes) -> Result<Option<Manifest>, String> {
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
        let expected = match disputes.get(test) {
            Some((verdict, _)) => Some(*verdict),
            None => map_class(class, get(msg), get(reference), get(args)),
        };
        let no_signed_zeros = get(args).contains("use-neg-zero");
        let mut rules = vec![];
        for flag in get(args).split_whitespace() {
            if let Some(spec) = flag.strip_prefix("--use-fn-argument-dims=") {
                rules.extend(args::parse_fn_arg_dims(spec).map_err(|e| format!("{test}: {e}"))?);
            }
        }
        m.insert(
            test.to_string(),
            (class.to_string(), expected, no_signed_zeros, rules),
        );
    }
    Ok(Some(m))
}

/// The documented reading disputes (docs/mlir.md, "Reading disputes"): pairs whose manifest
/// class we do not meet, each with our verdict and the reason: `test -> (verdict, reason)`.
type Disputes = BTreeMap<String, (&'static str, String)>;

/// The shipped table of disputes of mlir-tv's suite.
const SHIPPED_DISPUTES: &str = include_str!("../../../corpus/mlir-tv-disputes.csv");

/// Reads a disputes table: CSV with the columns `test`, `verdict` and `reason`.
fn read_disputes(text: &str, name: &str) -> Result<Disputes, String> {
    let mut lines = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    let header = csv(lines.next().unwrap_or_default());
    let col = |n: &str| header.iter().position(|h| h.trim() == n);
    let (Some(t), Some(v), Some(r)) = (col("test"), col("verdict"), col("reason")) else {
        return Err(format!(
            "{name}: needs the columns `test`, `verdict` and `reason`"
        ));
    };
    let mut out = Disputes::new();
    for line in lines {
        let f = csv(line);
        let get = |i: usize| f.get(i).map(|s| s.trim().to_string()).unwrap_or_default();
        let verdict = ["verified", "refuted", "unknown", "vacuous"]
            .into_iter()
            .find(|w| *w == get(v))
            .ok_or(format!("{name}: `{}` is not a verdict", get(v)))?;
        out.insert(get(t), (verdict, get(r)));
    }
    Ok(out)
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
        let d = read_disputes(SHIPPED_DISPUTES, "shipped").unwrap();
        assert_eq!(d["litmus/tosa-ops/maxpool2d"].0, "refuted");
        assert!(!d.contains_key("litmus/tensor-ops/use-neg-zero"));
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
