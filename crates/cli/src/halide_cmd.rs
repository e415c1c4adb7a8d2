//! `tensorproof halide SPEC STMT` and `tensorproof halide --suite DIR`: a Halide statement
//! against its algorithm; each case is one job.

use crate::args::HalideArgs;
use crate::expect::{self, Judged};
use crate::lift_cmd::header;
use crate::out::{self, Ordered};
use crate::pool::{self, Pool};
use crate::worker::{HalideCase, Job, Reply};
use report::{Diagnostic, Span, Verdict};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// One statement to check, with its algorithm and what is expected of it.
struct Case {
    name: String,
    spec: PathBuf,
    stmt: PathBuf,
    /// `verified`, `refuted`, ... from a `# expect:` header.
    expected: Option<String>,
    /// The witness kind a refutation must have (`# expect: refuted unwritten`).
    witness: Option<String>,
}

pub fn run(a: HalideArgs) -> i32 {
    let cases = match (&a.suite, &a.files[..]) {
        (Some(dir), _) => match suite(dir) {
            Ok(c) if c.is_empty() => {
                eprintln!("error: no .stmt files under {}", dir.display());
                return 2;
            }
            Ok(c) => c,
            Err(e) => {
                eprintln!("error: {e}");
                return 2;
            }
        },
        (None, [py]) if py.extension().is_some_and(|e| e == "py") => {
            match export(py, &a.schedule) {
                Ok(c) => c,
                Err(e) => {
                    eprintln!("error: {e}");
                    return 2;
                }
            }
        }
        (None, [spec, stmt]) => vec![case(spec.clone(), stmt.clone(), stmt.display().to_string())],
        _ => {
            eprintln!("error: expected two files, SPEC and STMT (or --suite DIR)");
            return 2;
        }
    };
    // The case's own budget is in CPU seconds (`halide::Options::case_budget`), so that its
    // verdict does not depend on the machine's load; this wall limit only stops a worker that
    // hangs, so it allows for a loaded machine (a case's CPU share can be a fifth of a core).
    let budget = a.run.budget_or(12, Duration::from_secs(120)) * pool::WALL_GUARD_PER_BUDGET;
    // `--runs N`: each case N times in a row (job `j` is run `j % N` of case `j / N`).
    let runs = a.runs.max(1) as usize;
    let jobs: Vec<Job> = cases
        .iter()
        .flat_map(|c| std::iter::repeat_n(c, runs))
        .map(|c| Job::Halide {
            spec: c.spec.clone(),
            stmt: c.stmt.clone(),
            timeout: a.run.timeout.as_secs_f64(),
            collect_smt: a.dump_smt.is_some(),
        })
        .collect();
    let mut dumper = match a
        .dump_smt
        .as_deref()
        .map(crate::dump::Dumper::new)
        .transpose()
    {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let wall = Instant::now();
    let bar = out::progress(jobs.len(), a.run.quiet);
    let mut ordered = Ordered::new();
    let mut done: Vec<(usize, HalideCase)> = vec![];
    let mut pending: Vec<Vec<(HalideCase, Vec<(bool, Diagnostic)>)>> = vec![vec![]; cases.len()];
    let pool = Pool {
        workers: a.run.workers(),
        budget: budget + Duration::from_secs(30),
        cpu: None,
    };
    pool::run(&pool, jobs, |j, r| {
        let i = j / runs;
        bar.inc(1);
        bar.set_message(cases[i].name.clone());
        pending[i].push(case_of(r, budget));
        if pending[i].len() < runs {
            return;
        }
        let (mut c, errs) = combine(std::mem::take(&mut pending[i]));
        if let Some(d) = dumper.as_mut() {
            if let Err(e) = d.write(&cases[i].name, &c.smt) {
                eprintln!("error: --dump-smt: {e}");
            }
        }
        c.smt.clear();
        for (i, (c, errs)) in ordered.push(i, (i, (c, errs))) {
            show(&bar, &cases[i], &c, &errs, &a);
            done.push((i, c));
        }
    });
    bar.finish_and_clear();
    let wall = wall.elapsed().as_secs_f64();
    if let Some(dir) = cases.first().and_then(|c| c.stmt.parent()) {
        if dir.starts_with(std::env::temp_dir()) && a.suite.is_none() && a.files.len() == 1 {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
    let suite_mode = a.suite.is_some();
    let judged: Vec<Judged> = done
        .iter()
        .map(|(i, c)| Judged {
            expected: cases[*i].expected.as_deref(),
            pending: false,
            got: c.verdict.name(),
        })
        .collect();
    let wrong_witness = done.iter().any(|(i, c)| !witness_met(&cases[*i], c));
    let code = if suite_mode {
        match expect::exit_code(&judged) {
            0 if wrong_witness => 3,
            c => c,
        }
    } else {
        report::exit_code(&outcomes(&cases, &done))
    };
    let null = indicatif::ProgressBar::hidden();
    if a.run.json {
        let tallies: Vec<out::Tally> = done
            .iter()
            .map(|(i, c)| out::Tally {
                got: c.verdict.name(),
                expected: cases[*i].expected.as_deref(),
                met: cases[*i]
                    .expected
                    .as_deref()
                    .is_some_and(|e| expect::meets(e, c.verdict.name()))
                    && witness_met(&cases[*i], c),
                seconds: c.seconds,
            })
            .collect();
        let extra = json!({"exit_code": code});
        out::print(
            &null,
            &out::summary_record("halide", &tallies, wall, &a.run, extra),
        );
    } else if done.len() > 1 || runs > 1 {
        let times: Vec<f64> = done.iter().map(|d| d.1.seconds).collect();
        let (median, max) = out::median_max(&times);
        let mut text = format!(
            "\n{}{}cases: {}   wall: {wall:.2} s ({} jobs)   median: {median:.3} s   max: {max:.3} s\n",
            report::summary_table(&outcomes(&cases, &done)),
            witness_table(&cases, &done),
            done.len(),
            a.run.workers()
        );
        if runs > 1 {
            let cpu: Vec<f64> = done.iter().filter_map(|d| d.1.cpu_seconds).collect();
            let (cpu_median, cpu_max) = out::median_max(&cpu);
            let over = times.iter().filter(|t| **t >= 5.0).count();
            text += &format!(
                "benchmark: each case's median of {runs} runs   median: {median:.3} s   max: {max:.3} s   cases at 5 s or more: {over}   CPU median: {cpu_median:.3} s   CPU max: {cpu_max:.3} s\n"
            );
        }
        out::print(&null, &text);
    }
    code
}

/// One case's result from its runs: the first run's verdict (a note when the runs disagree),
/// the median wall and CPU seconds.
fn combine(
    mut runs: Vec<(HalideCase, Vec<(bool, Diagnostic)>)>,
) -> (HalideCase, Vec<(bool, Diagnostic)>) {
    let times: Vec<f64> = runs.iter().map(|r| r.0.seconds).collect();
    let cpu: Vec<f64> = runs.iter().filter_map(|r| r.0.cpu_seconds).collect();
    let names: Vec<&str> = runs.iter().map(|r| r.0.verdict.name()).collect();
    let agree = names.iter().all(|n| *n == names[0]);
    if !agree {
        eprintln!("note: the runs of one case disagree: {}", names.join(", "));
    }
    let (mut c, errs) = runs.swap_remove(0);
    if times.len() > 1 {
        c.seconds = out::median_max(&times).0;
        c.cpu_seconds = (cpu.len() == times.len()).then(|| out::median_max(&cpu).0);
    }
    (c, errs)
}

/// Refutations by witness kind, with how many met their expected kind.
fn witness_table(cases: &[Case], done: &[(usize, HalideCase)]) -> String {
    let mut kinds: std::collections::BTreeMap<&str, (usize, usize)> = Default::default();
    for (i, c) in done {
        if let Some(k) = c.witness_kind.as_deref() {
            let e = kinds.entry(k).or_default();
            e.0 += 1;
            if cases[*i].witness.as_deref() == Some(k) {
                e.1 += 1;
            }
        }
    }
    if kinds.is_empty() {
        return String::new();
    }
    let mut s = format!("{:<15} {:>5} {:>9}\n", "witness kind", "count", "expected");
    for (k, (n, met)) in kinds {
        s += &format!("{k:<15} {n:>5} {met:>9}\n");
    }
    s
}

fn outcomes(cases: &[Case], done: &[(usize, HalideCase)]) -> Vec<report::Outcome> {
    done.iter()
        .map(|(i, c)| report::Outcome {
            file: cases[*i].name.clone(),
            name: String::new(),
            verdict: c.verdict.clone(),
            expected: cases[*i].expected.clone(),
            pending: None,
            seconds: c.seconds,
            details: vec![],
        })
        .collect()
}

/// A refutation expected with a witness kind must have that kind.
fn witness_met(case: &Case, c: &HalideCase) -> bool {
    match (&case.witness, c.verdict.name()) {
        (Some(w), "refuted") => c.witness_kind.as_deref() == Some(w.as_str()),
        _ => true,
    }
}

/// A case from its files, with the statement's `# expect:` header.
fn case(spec: PathBuf, stmt: PathBuf, name: String) -> Case {
    let header = std::fs::read_to_string(&stmt)
        .ok()
        .and_then(|t| header(&t, "expect:"));
    let mut words = header.as_deref().unwrap_or("").split_whitespace();
    Case {
        name,
        spec,
        stmt,
        expected: words.next().map(str::to_string),
        witness: words.next().map(str::to_string),
    }
}

/// The cases of a pipeline module: `tools/halide_export.py` (or `$TENSORPROOF_HALIDE_EXPORTER`)
/// lowers each schedule with Halide 21 in Python (`$TENSORPROOF_PYTHON`, else `.venv/bin/python`,
/// else `python3`) into a fresh folder; each `.spec`/`.stmt` pair it writes is a case, with no
/// expectation (the module is the user's, not a corpus file).
fn export(module: &Path, schedules: &[String]) -> Result<Vec<Case>, String> {
    if !module.is_file() {
        return Err(format!("{}: no such file", module.display()));
    }
    let python = std::env::var_os("TENSORPROOF_PYTHON")
        .map(PathBuf::from)
        .or_else(|| Some(PathBuf::from(".venv/bin/python")).filter(|p| p.exists()))
        .unwrap_or_else(|| PathBuf::from("python3"));
    let exporter = std::env::var_os("TENSORPROOF_HALIDE_EXPORTER")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tools/halide_export.py")
        });
    let out = std::env::temp_dir().join(format!("tensorproof-halide-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let mut cmd = std::process::Command::new(&python);
    cmd.arg(&exporter).arg(module).arg(&out);
    for s in schedules {
        cmd.args(["--schedule", s]);
    }
    crate::tool_run::run(
        &mut cmd,
        &python,
        "set TENSORPROOF_PYTHON to a Python with halide==21.0.0",
        &format!("exporting {} with {}", module.display(), exporter.display()),
    )?;
    let mut cases = suite(&out)?;
    for c in &mut cases {
        c.expected = None;
        c.witness = None;
    }
    if cases.is_empty() {
        return Err(format!(
            "{}: the exporter wrote no statement",
            module.display()
        ));
    }
    Ok(cases)
}

/// `DIR/manifest.json`: each case's expected verdict and witness kind, overriding the
/// statement's header (docs/halide.md):
/// `{"cases": {"NAME": {"expect": "refuted", "witness_kind": "unwritten", "why": "..."}}}`.
fn manifest(dir: &Path) -> Result<Option<serde_json::Map<String, serde_json::Value>>, String> {
    let path = dir.join("manifest.json");
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(None);
    };
    let bad = |why: String| format!("{}: {why}", path.display());
    let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
    let Some(cases) = v.get("cases").and_then(|c| c.as_object()) else {
        return Err(bad("no object `cases`".into()));
    };
    for (name, c) in cases {
        match c.get("expect").and_then(|e| e.as_str()) {
            Some("verified" | "refuted" | "unknown" | "vacuous" | "error") => {}
            _ => return Err(bad(format!("case `{name}`: `expect` is not a verdict"))),
        }
        if let Some(k) = c.get("witness_kind") {
            if k.as_str().and_then(halide::WitnessKind::parse).is_none() {
                return Err(bad(format!("case `{name}`: unknown `witness_kind` {k}")));
            }
        }
    }
    Ok(Some(cases.clone()))
}

/// Every `.stmt` under `dir`, with its algorithm: the `# spec:` header's file (beside the
/// statement), else the `.spec` of the same stem; expectations from `dir/manifest.json` when
/// it lists the case, else the header.
fn suite(dir: &Path) -> Result<Vec<Case>, String> {
    let listed = manifest(dir)?;
    let mut notes = vec![];
    let stmts = crate::files::collect(&[dir.to_path_buf()], ".stmt", &mut notes)?;
    for n in notes {
        eprintln!("note: {n}");
    }
    let mut out = vec![];
    for stmt in stmts {
        let folder = stmt.parent().map(Path::to_path_buf).unwrap_or_default();
        let named = std::fs::read_to_string(&stmt)
            .ok()
            .and_then(|t| header(&t, "spec:"));
        let spec = match named {
            Some(s) => folder.join(s),
            None => stmt.with_extension("spec"),
        };
        let name = stmt
            .strip_prefix(dir)
            .unwrap_or(&stmt)
            .with_extension("")
            .display()
            .to_string();
        let mut c = case(spec, stmt, name);
        if let Some(m) = listed.as_ref().and_then(|l| l.get(&c.name)) {
            let field = |k: &str| m.get(k).and_then(|v| v.as_str()).map(str::to_string);
            c.expected = field("expect");
            c.witness = field("witness_kind");
        }
        out.push(c);
    }
    if let Some(l) = &listed {
        for name in l.keys().filter(|n| !out.iter().any(|c| &c.name == *n)) {
            eprintln!("note: manifest.json lists `{name}`, which has no statement");
        }
    }
    Ok(out)
}

/// The case of a job, or a verdict for the whole job when it failed; and the diagnostics with
/// the side they point into (`true`: the statement).
fn case_of(
    r: Result<Reply, pool::Failure>,
    budget: Duration,
) -> (HalideCase, Vec<(bool, Diagnostic)>) {
    let only = |verdict: Verdict| HalideCase {
        output: String::new(),
        verdict,
        witness_kind: None,
        witness: None,
        assumptions: vec![],
        obligations: 0,
        notes: vec![],
        seconds: 0.0,
        cpu_seconds: None,
        smt: vec![],
    };
    let error = |message: String| Verdict::Error {
        diagnostics: vec![Diagnostic {
            span: Span::default(),
            message,
        }],
    };
    match r {
        Ok(Reply::Halide {
            case: Some(c),
            diagnostics,
        }) => (c, diagnostics),
        Ok(Reply::Halide {
            case: None,
            diagnostics,
        }) => (
            only(Verdict::Error {
                diagnostics: diagnostics.iter().map(|d| d.1.clone()).collect(),
            }),
            diagnostics,
        ),
        Ok(Reply::Failed { message }) => (only(error(message)), vec![]),
        Ok(_) => (only(error("a reply of the wrong kind".into())), vec![]),
        Err(pool::Failure::TimedOut(_)) => (
            only(Verdict::Unknown {
                reason: pool::Failure::TimedOut(budget).message(),
            }),
            vec![],
        ),
        Err(f) if f.is_limit() => (
            only(Verdict::Unknown {
                reason: f.message(),
            }),
            vec![],
        ),
        Err(f) => (only(error(f.message())), vec![]),
    }
}

fn show(
    bar: &indicatif::ProgressBar,
    case: &Case,
    c: &HalideCase,
    errs: &[(bool, Diagnostic)],
    a: &HalideArgs,
) {
    let file_of = |in_stmt: bool| if in_stmt { &case.stmt } else { &case.spec };
    if a.run.json {
        let (file, text) = match errs.first() {
            Some((in_stmt, _)) => (
                file_of(*in_stmt).display().to_string(),
                crate::mlir_cmd::read_lossy(file_of(*in_stmt)),
            ),
            None => (case.stmt.display().to_string(), None),
        };
        let mut m = out::verdict_fields(&c.verdict, &file, text.as_deref(), a.run.full_values);
        m.insert("case".into(), json!(case.name));
        m.insert("spec".into(), json!(case.spec.display().to_string()));
        m.insert("stmt".into(), json!(case.stmt.display().to_string()));
        m.insert("output".into(), json!(c.output));
        m.insert("witness_kind".into(), json!(c.witness_kind));
        m.insert("witness".into(), json!(c.witness));
        m.insert("assumptions".into(), json!(c.assumptions));
        m.insert("obligations".into(), json!(c.obligations));
        m.insert("notes".into(), json!(c.notes));
        m.insert("seconds".into(), json!(c.seconds));
        m.insert("cpu_seconds".into(), json!(c.cpu_seconds));
        m.insert("runs".into(), json!(a.runs));
        // Present in every halide record (null when they do not apply).
        m.entry("reason").or_insert(serde_json::Value::Null);
        m.insert("expected".into(), json!(case.expected));
        if let Some(e) = &case.expected {
            m.insert("expected".into(), json!(e));
            m.insert(
                "met".into(),
                json!(expect::meets(e, c.verdict.name()) && witness_met(case, c)),
            );
        }
        if let Some(w) = &case.witness {
            m.insert("expected_witness_kind".into(), json!(w));
        }
        out::print(bar, &out::record("halide", "result", m));
        return;
    }
    for (in_stmt, d) in errs {
        let f = file_of(*in_stmt);
        let v = Verdict::Error {
            diagnostics: vec![d.clone()],
        };
        out::eprint(
            bar,
            &out::diagnostics(
                &v,
                &f.display().to_string(),
                crate::mlir_cmd::read_lossy(f).as_deref(),
            ),
        );
    }
    let mut s = match (a.runs, c.cpu_seconds) {
        (1, _) | (_, None) => format!("{:<9} {} ({:.2} s)", c.verdict.name(), case.name, c.seconds),
        (n, Some(cpu)) => format!(
            "{:<9} {} ({:.2} s, CPU {cpu:.2} s: medians of {n} runs)",
            c.verdict.name(),
            case.name,
            c.seconds
        ),
    };
    if let Some(e) = &case.expected {
        let w = case
            .witness
            .as_deref()
            .map(|w| format!(" {w}"))
            .unwrap_or_default();
        let met = expect::meets(e, c.verdict.name()) && witness_met(case, c);
        s += &format!(" expected {e}{w}{}", if met { "" } else { " (not met)" });
    }
    s.push('\n');
    s += &out::details(&c.verdict);
    if !matches!(c.verdict, Verdict::Verified { .. }) {
        // A refutation's assumptions (how float constants were read) are not in its verdict.
        for x in &c.assumptions {
            s += &format!("  assuming {x}\n");
        }
    }
    for n in &c.notes {
        s += &format!("  note: {n}\n");
    }
    out::print(bar, &s);
}
