//! `tensorproof rules` and `tensorproof bench`: every rule of every file is one job.

use crate::args::{show_secs, BenchArgs, RulesArgs, RunOpts};
use crate::dump::Dumper;
use crate::expect::{self, Judged};
use crate::out::{self, Ordered};
use crate::pool::{self, Pool};
use crate::worker::{Job, Reply};
use report::{Diagnostic, Outcome, Span, Verdict};
use serde_json::json;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One line of output: a rule, or a file that could not be read or parsed.
struct Entry {
    file: String,
    /// The file's text, for rendering diagnostics.
    text: Option<Arc<String>>,
    name: String,
    /// The rule's span, for an internal error's diagnostic.
    span: Span,
    expect: Option<String>,
    pending: Option<String>,
    /// The verdict known before checking (a file that does not parse).
    preset: Option<Verdict>,
    job: Option<Job>,
}

pub fn run(a: RulesArgs) -> i32 {
    check(
        &a.paths,
        &a.run,
        a.dump_smt.as_deref(),
        a.expectations && a.real_as.is_none(),
        false,
        (a.ftz, a.real_as),
    )
}

pub fn bench(a: BenchArgs) -> i32 {
    let paths = if a.paths.is_empty() {
        vec![PathBuf::from("corpus/rules/xla")]
    } else {
        a.paths
    };
    let judge = a.real_as.is_none();
    check(&paths, &a.run, None, judge, true, (false, a.real_as))
}

fn check(
    paths: &[PathBuf],
    run: &RunOpts,
    dump_smt: Option<&std::path::Path>,
    expectations: bool,
    bench: bool,
    (ftz, real_as): (bool, Option<String>),
) -> i32 {
    let command = if bench { "bench" } else { "rules" };
    let files = match crate::files::collect_for_command(paths, ".rule") {
        Ok(f) => f,
        Err(code) => return code,
    };
    let mut dumper = match dump_smt.map(Dumper::new).transpose() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    // A backstop far above what the per-query timeouts allow a rule in practice.
    let budget = run.budget_or(60, Duration::from_secs(300));
    let mut entries = entries(
        &files,
        run.timeout,
        budget,
        dump_smt.is_some(),
        ftz,
        &real_as,
    );
    if real_as.is_some() {
        // The headers state verdicts over reals, not at the float type.
        for e in &mut entries {
            e.expect = None;
        }
    }
    let wall = Instant::now();
    let bar = out::progress(entries.len(), run.quiet);
    let mut ordered = Ordered::new();
    let mut outcomes: Vec<Outcome> = Vec::with_capacity(entries.len());
    let mut emit = |i: usize, verdict: Verdict, seconds: f64, details: Vec<(String, String)>| {
        for (i, verdict, seconds, details) in ordered.push(i, (i, verdict, seconds, details)) {
            let e = &entries[i];
            let o = Outcome {
                file: e.file.clone(),
                name: e.name.clone(),
                verdict,
                expected: e.expect.clone(),
                pending: e.pending.clone(),
                seconds,
                details,
            };
            show(&bar, e, &o, run, bench, command);
            outcomes.push(o);
        }
    };
    let mut jobs = vec![];
    let mut job_entry = vec![];
    // CPU seconds of each rule whose worker could tell (Linux), for the benchmark.
    let mut cpu: Vec<f64> = vec![];
    for (i, e) in entries.iter().enumerate() {
        match (&e.preset, &e.job) {
            (Some(v), _) => emit(i, v.clone(), 0.0, vec![]),
            (None, Some(j)) => {
                jobs.push(j.clone());
                job_entry.push(i);
            }
            (None, None) => {}
        }
    }
    let pool = Pool {
        workers: run.workers(),
        budget: budget + Duration::from_secs(30),
        cpu: None,
    };
    pool::run(&pool, jobs, |k, result| {
        let i = job_entry[k];
        let e = &entries[i];
        bar.inc(1);
        bar.set_message(e.file.clone());
        let (verdict, seconds, details) = match result {
            Ok(Reply::Rule {
                verdict,
                details,
                smt,
                seconds,
                cpu_seconds,
            }) => {
                cpu.extend(cpu_seconds);
                if let Some(d) = dumper.as_mut() {
                    if let Err(err) = d.write(&format!("{}-{}", e.file, e.name), &smt) {
                        out::eprint(&bar, &format!("error: --dump-smt: {err}\n"));
                    }
                }
                (verdict, seconds, details)
            }
            Ok(Reply::Failed { message }) => (internal(e.span, message), 0.0, vec![]),
            Ok(Reply::Pair { .. } | Reply::Lift { .. } | Reply::Halide { .. }) => (
                internal(e.span, "a reply of the wrong kind".into()),
                0.0,
                vec![],
            ),
            Err(pool::Failure::TimedOut(d)) => (
                Verdict::Unknown {
                    reason: pool::Failure::TimedOut(d).message(),
                },
                d.as_secs_f64(),
                vec![],
            ),
            Err(f) if f.is_limit() => (
                Verdict::Unknown {
                    reason: f.message(),
                },
                0.0,
                vec![],
            ),
            Err(f) => (internal(e.span, f.message()), 0.0, vec![]),
        };
        emit(i, verdict, seconds, details);
    });
    bar.finish_and_clear();
    let wall = wall.elapsed().as_secs_f64();
    summarize(&outcomes, wall, run, bench, command, &cpu);
    if expectations {
        let judged: Vec<Judged> = outcomes
            .iter()
            .map(|o| Judged {
                expected: o.expected.as_deref(),
                pending: o.pending.is_some(),
                got: o.verdict.name(),
            })
            .collect();
        expect::exit_code(&judged)
    } else {
        report::exit_code(&outcomes)
    }
}

/// An internal error of the checker on one rule, pointing at the rule.
fn internal(span: Span, message: String) -> Verdict {
    Verdict::Error {
        diagnostics: vec![Diagnostic { span, message }],
    }
}

/// Reads and parses every file: one entry per rule, or one per broken file.
fn entries(
    files: &[PathBuf],
    timeout: Duration,
    budget: Duration,
    collect: bool,
    ftz: bool,
    real_as: &Option<String>,
) -> Vec<Entry> {
    let mut out = vec![];
    for f in files {
        let file = f.display().to_string();
        let broken = |text: Option<Arc<String>>, d: Diagnostic| Entry {
            file: file.clone(),
            text,
            name: String::new(),
            span: Span::default(),
            expect: None,
            pending: None,
            preset: Some(Verdict::Error {
                diagnostics: vec![d],
            }),
            job: None,
        };
        let text = match crate::files::read_text(f) {
            Ok(t) => Arc::new(t),
            Err((prefix, Some(d))) => {
                out.push(broken(Some(Arc::new(prefix)), d));
                continue;
            }
            Err((message, None)) => {
                out.push(broken(
                    None,
                    Diagnostic {
                        span: Span::default(),
                        message,
                    },
                ));
                continue;
            }
        };
        let (parsed, diags) = rules::parse_file(&text);
        let (expect, pending) = (parsed.header.expect.clone(), parsed.header.pending.clone());
        if !diags.is_empty() || parsed.rules.is_empty() {
            let diagnostics = if diags.is_empty() {
                vec![Diagnostic {
                    span: Span::default(),
                    message: "no rule in this file".into(),
                }]
            } else {
                diags
            };
            out.push(Entry {
                expect,
                pending,
                preset: Some(Verdict::Error { diagnostics }),
                ..broken(
                    Some(text.clone()),
                    Diagnostic {
                        span: Span::default(),
                        message: String::new(),
                    },
                )
            });
            continue;
        }
        for (index, rule) in parsed.rules.iter().enumerate() {
            out.push(Entry {
                file: file.clone(),
                text: Some(text.clone()),
                name: rule.name.clone(),
                // The rule's first line, not its whole text.
                span: Span {
                    start: rule.span.start,
                    end: rule.span.start + text[rule.span.start..].find('\n').unwrap_or(0),
                },
                expect: expect.clone(),
                pending: pending.clone(),
                preset: None,
                job: Some(Job::Rule {
                    file: f.clone(),
                    index,
                    timeout: timeout.as_secs_f64(),
                    budget: budget.as_secs_f64(),
                    collect_smt: collect,
                    ftz,
                    real_as: real_as.clone(),
                }),
            });
        }
    }
    out
}

/// Prints one finished rule: a verdict line and its details (text), or a record (JSON).
fn show(
    bar: &indicatif::ProgressBar,
    e: &Entry,
    o: &Outcome,
    run: &RunOpts,
    bench: bool,
    command: &str,
) {
    let (json, full) = (run.json, run.full_values);
    let text = e.text.as_deref().map(|t| t.as_str());
    if json {
        let mut m = out::verdict_fields(&o.verdict, &o.file, text, full);
        m.insert("file".into(), json!(o.file));
        m.insert("name".into(), json!(o.name));
        m.insert("seconds".into(), json!(o.seconds));
        if let Some(x) = &o.expected {
            m.insert("expected".into(), json!(x));
            m.insert("met".into(), json!(expect::meets(x, o.verdict.name())));
        }
        if let Some(p) = &o.pending {
            m.insert("pending".into(), json!(p));
        }
        if !o.details.is_empty() {
            let d: serde_json::Map<String, serde_json::Value> = o
                .details
                .iter()
                .map(|(k, v)| (k.clone(), json!(v)))
                .collect();
            m.insert("details".into(), serde_json::Value::Object(d));
        }
        out::print(bar, &out::record(command, "result", m));
        return;
    }
    out::eprint(bar, &out::diagnostics(&o.verdict, &o.file, text));
    if bench {
        return;
    }
    let label = if o.name.is_empty() {
        o.file.clone()
    } else {
        format!("{}: {}", o.file, o.name)
    };
    let line = format!("{:<9} {label} ({:.2} s)\n", o.verdict.name(), o.seconds);
    out::print(bar, &(line + &out::details(&o.verdict)));
}

fn summarize(
    outcomes: &[Outcome],
    wall: f64,
    run: &RunOpts,
    bench: bool,
    command: &str,
    cpu: &[f64],
) {
    let times: Vec<f64> = outcomes.iter().map(|o| o.seconds).collect();
    let (median, max) = out::median_max(&times);
    let sum: f64 = times.iter().sum();
    if run.json {
        let tallies: Vec<out::Tally> = outcomes
            .iter()
            .map(|o| out::Tally {
                got: o.verdict.name(),
                expected: o.expected.as_deref(),
                met: o
                    .expected
                    .as_deref()
                    .is_some_and(|e| expect::meets(e, o.verdict.name())),
                seconds: o.seconds,
            })
            .collect();
        let record = out::summary_record(command, &tallies, wall, run, json!({}));
        out::print(&indicatif::ProgressBar::hidden(), &record);
        return;
    }
    let mut text = String::new();
    if bench {
        let mut rows: Vec<&Outcome> = outcomes.iter().collect();
        rows.sort_by(|a, b| b.seconds.total_cmp(&a.seconds));
        text += &format!("{:>8}  {:<9} rule\n", "seconds", "verdict");
        for o in rows {
            text += &format!(
                "{:>8.3}  {:<9} {} ({})\n",
                o.seconds,
                o.verdict.name(),
                o.file,
                o.name
            );
        }
        text += "\n";
        text += &report::summary_table(outcomes);
        text += &format!(
            "rules: {}   wall: {wall:.2} s   sum of rule times: {sum:.2} s   median: {median:.3} s   max: {max:.3} s\n",
            outcomes.len()
        );
        if !cpu.is_empty() {
            let (cpu_median, cpu_max) = out::median_max(cpu);
            let cpu_sum: f64 = cpu.iter().sum();
            text += &format!(
                "CPU (worker and solver processes, {} rules): sum {cpu_sum:.2} s   median: {cpu_median:.3} s   max: {cpu_max:.3} s\n",
                cpu.len()
            );
        }
    } else if outcomes.len() > 1 {
        text += "\n";
        text += &report::summary_table(outcomes);
        text += &format!(
            "wall time: {} with {} jobs\n",
            show_secs((wall * 100.0).round() / 100.0),
            run.workers()
        );
    }
    out::print(&indicatif::ProgressBar::hidden(), &text);
}
