//! `tensorproof lift FILE...`: what each Triton kernel computes; every `@triton.jit` function
//! is one job (a file is, when a formula is expected of it).

use crate::args::LiftArgs;
use crate::expect::{self, Judged};
use crate::out::{self, Ordered};
use crate::pool::{self, Pool};
use crate::worker::{Job, Reply};
use lift::KernelResult;
use report::{Diagnostic, Span, Verdict};
use serde_json::json;
use std::time::{Duration, Instant};

/// The files to lift: a file found under a given folder is skipped (counted in a note) when
/// its text never says `jit`, so it can hold no Triton function (`__init__.py`, tests, host
/// code); a file named on the command line is always lifted, and one that mentions `jit`
/// without a Triton function still gets its diagnostic.
fn without_triton(
    files: Vec<std::path::PathBuf>,
    named: &[std::path::PathBuf],
    quiet: bool,
) -> Vec<std::path::PathBuf> {
    let (kept, skipped): (Vec<_>, Vec<_>) = files.into_iter().partition(|f| {
        named.contains(f)
            || std::fs::read(f).map_or(true, |bytes| bytes.windows(3).any(|w| w == b"jit"))
    });
    if !skipped.is_empty() && !quiet {
        eprintln!(
            "note: {} file(s) under the given folders skipped: their text never says `jit`, so they hold no Triton function",
            skipped.len()
        );
    }
    kept
}

pub fn run(a: LiftArgs) -> i32 {
    let files = match crate::files::collect_for_command(&a.files, ".py") {
        Ok(f) => without_triton(f, &a.files, a.run.quiet),
        Err(code) => return code,
    };
    if files.is_empty() {
        eprintln!(
            "error: no .py file under the given folders mentions `jit`: no Triton function to lift"
        );
        return 2;
    }
    // A function's own budget is in CPU seconds (`lift::Options::function_time`); this wall
    // limit only stops a worker that hangs, so it allows for a loaded machine.
    let budget = a.run.budget_or(12, Duration::from_secs(120)) * pool::WALL_GUARD_PER_BUDGET;
    // With --expectations, a file's `# formula:` header is the formula to check (unless
    // --expect gives one): its `# expect:` verdict is about that formula.
    let (jobs, owners) = jobs(&files, &a);
    if let Some(missing) = a.kernel.iter().find(|k| {
        !owners
            .iter()
            .any(|(_, f)| f.as_ref().is_some_and(|(name, ..)| name == *k))
    }) {
        eprintln!("error: no `@triton.jit` function named `{missing}` in the given files");
        return 2;
    }
    let wall = Instant::now();
    let bar = out::progress(jobs.len(), a.run.quiet);
    let mut ordered = Ordered::new();
    // (file, expected, verdict name) of every kernel, for the summary and the exit code.
    let mut done: Vec<(String, Option<String>, Verdict, f64)> = vec![];
    // With --differential: some kernel disagreed with Triton's interpreter (or could not run).
    let mut disagree = false;
    let mut harness = crate::differential::Harness::default();
    let pool = Pool {
        workers: a.run.workers(),
        budget: budget + Duration::from_secs(30),
        // A solver query that does not stop when interrupted would hold its worker until the
        // wall guard; the worker's CPU time stops it at twice the job's budget (the portfolio's
        // threads count too) whatever the load.
        cpu: Some(a.run.budget_or(12, Duration::from_secs(120)) * 2 + Duration::from_secs(30)),
    };
    pool::run(&pool, jobs, |i, r| {
        bar.inc(1);
        for (j, r) in ordered.push(i, (i, r)) {
            let (i, function) = &owners[j];
            let i = *i;
            let file = files[i].display().to_string();
            let text = crate::mlir_cmd::read_lossy(&files[i]);
            let expected = text.as_deref().and_then(header_expect);
            let mut kernels = kernels_of(r, budget);
            // A function's job that was stopped: its record names the function.
            if let (Some((name, line, col)), [k]) = (function, &mut kernels[..]) {
                if k.kernel.is_empty() {
                    (k.kernel, k.line, k.column) = (name.clone(), *line, *col);
                }
            }
            let diffs = match a.differential {
                true if kernels.iter().any(runnable) => harness.check(&files[i], &kernels),
                true => kernels.iter().map(not_run).collect(),
                false => vec![],
            };
            for (n, k) in kernels.into_iter().enumerate() {
                // A file's `# expect:` is about its kernels; device functions and helpers
                // have records of their own, judged by nothing.
                let expected = expected.clone().filter(|_| k.kind == lift::Kind::Kernel);
                let d = diffs.get(n);
                disagree |= d.is_some_and(|d| {
                    !matches!(
                        d["status"].as_str(),
                        Some("agree" | "skipped" | "confirmed")
                    )
                });
                show(&bar, &file, text.as_deref(), expected.as_deref(), &k, d, &a);
                done.push((file.clone(), expected.clone(), k.verdict, k.seconds));
            }
        }
    });
    bar.finish_and_clear();
    let wall = wall.elapsed().as_secs_f64();
    let judged: Vec<Judged> = done
        .iter()
        .map(|(_, e, v, _)| Judged {
            expected: e.as_deref(),
            pending: false,
            got: v.name(),
        })
        .collect();
    let outcomes: Vec<report::Outcome> = done
        .iter()
        .map(|(f, e, v, s)| report::Outcome {
            file: f.clone(),
            name: String::new(),
            verdict: v.clone(),
            expected: e.clone(),
            pending: None,
            seconds: *s,
            details: vec![],
        })
        .collect();
    let mut code = if a.expectations {
        expect::exit_code(&judged)
    } else {
        report::exit_code(&outcomes)
    };
    if disagree && code != 2 {
        code = 1;
    }
    let null = indicatif::ProgressBar::hidden();
    if a.run.json {
        let tallies: Vec<out::Tally> = done
            .iter()
            .map(|(_, e, v, s)| out::Tally {
                got: v.name(),
                expected: e.as_deref(),
                met: e.as_deref().is_some_and(|e| expect::meets(e, v.name())),
                seconds: *s,
            })
            .collect();
        let extra = json!({"exit_code": code});
        out::print(
            &null,
            &out::summary_record("lift", &tallies, wall, &a.run, extra),
        );
    } else if outcomes.len() > 1 {
        out::print(
            &null,
            &format!(
                "\n{}wall time: {wall:.2} s with {} jobs\n",
                report::summary_table(&outcomes),
                a.run.workers()
            ),
        );
    }
    code
}

/// The jobs of `files`: one per `@triton.jit` function of a file (a function that runs past
/// its budget stops alone), or one for the whole file when a formula is expected of it (an
/// expected formula may span its kernels) or it has at most one function; with `--kernel`, one
/// per function of those names (an expected formula then checked of each). With each job, the
/// index of its file and the function it lifts (name, line, column).
type Owner = (usize, Option<(String, usize, usize)>);

fn jobs(files: &[std::path::PathBuf], a: &LiftArgs) -> (Vec<Job>, Vec<Owner>) {
    let (mut jobs, mut owners) = (vec![], vec![]);
    for (i, f) in files.iter().enumerate() {
        let text = crate::mlir_cmd::read_lossy(f);
        let expect = a.expect.clone().or_else(|| {
            a.expectations
                .then_some(text.as_deref())
                .flatten()
                .and_then(|t| header(t, "formula:"))
        });
        let functions = match (&expect, &text) {
            (_, Some(t)) if !a.kernel.is_empty() => lift::own_functions(t),
            (None, Some(t)) => lift::own_functions(t),
            _ => vec![],
        };
        let job = |only| Job::Lift {
            file: f.clone(),
            expect: expect.clone(),
            timeout: a.run.timeout.as_secs_f64(),
            only,
            // An explicit `--budget` is each function's time too (a job lifts one function).
            function_time: a.run.budget.map(|b| b.as_secs_f64()),
        };
        if !a.kernel.is_empty() {
            for (n, fun) in functions.into_iter().enumerate() {
                if a.kernel.contains(&fun.0) {
                    jobs.push(job(Some(n)));
                    owners.push((i, Some(fun)));
                }
            }
            continue;
        }
        if functions.len() < 2 {
            jobs.push(job(None));
            owners.push((i, functions.into_iter().next()));
            continue;
        }
        for (n, fun) in functions.into_iter().enumerate() {
            jobs.push(job(Some(n)));
            owners.push((i, Some(fun)));
        }
    }
    (jobs, owners)
}

/// Whether `--differential` can run a record: a kernel with a NumPy formula, or a refuted one
/// (its counterexample is run), whose claim names a launcher of the file; or a verified
/// kernel-level claim with its launches (the kernel itself is launched, docs/lift.md).
fn runnable(k: &KernelResult) -> bool {
    let refuted = matches!(k.verdict, Verdict::Refuted { .. });
    let kernel_level = k.launcher.as_deref() == Some("<kernel-level claim>")
        && matches!(k.verdict, Verdict::Verified { .. })
        && k.numpy.is_some()
        && !k.launches.is_empty();
    k.kind == lift::Kind::Kernel
        && (kernel_level
            || (k.numpy.is_some() || refuted)
                && k.launcher.as_deref().is_some_and(|l| !l.starts_with('<')))
}

/// The differential record of a file none of whose records can be run.
fn not_run(k: &KernelResult) -> serde_json::Value {
    let reason = match (k.kind, &k.numpy, k.launcher.as_deref()) {
        (lift::Kind::DeviceFunction, ..) => "a device function: no launch to run".to_string(),
        (lift::Kind::Helper, ..) => "a helper: run inside the kernels that call it".into(),
        (_, None, _) => "no NumPy formula".into(),
        (_, _, l) => format!("no launcher of the file to run (`{}`)", l.unwrap_or("none")),
    };
    json!({"status": "skipped", "reason": reason})
}

/// `# expect: VERDICT` in the leading comment lines of a Python file.
fn header_expect(text: &str) -> Option<String> {
    header(text, "expect:").and_then(|e| e.split_whitespace().next().map(str::to_string))
}

/// The value of `# KEY value` in the leading comment lines of a Python file.
pub fn header(text: &str, key: &str) -> Option<String> {
    text.lines()
        .take_while(|l| l.trim_start().starts_with('#') || l.trim().is_empty())
        .find_map(|l| {
            l.trim_start()
                .trim_start_matches('#')
                .trim()
                .strip_prefix(key)
                .map(|v| v.trim().to_string())
        })
}

/// The kernels of a file's job, or one result for the whole file when it failed.
pub fn kernels_of(r: Result<Reply, pool::Failure>, budget: Duration) -> Vec<KernelResult> {
    let one = |verdict: Verdict| vec![KernelResult::bare(String::new(), 0, 0, verdict)];
    let error = |message: String| Verdict::Error {
        diagnostics: vec![Diagnostic {
            span: Span::default(),
            message,
        }],
    };
    match r {
        Ok(Reply::Lift {
            kernels,
            diagnostics,
        }) => {
            if diagnostics.is_empty() {
                kernels
            } else {
                one(Verdict::Error { diagnostics })
            }
        }
        Ok(Reply::Failed { message }) => one(error(message)),
        Ok(_) => one(error("a reply of the wrong kind".into())),
        Err(pool::Failure::TimedOut(_)) => one(Verdict::Unknown {
            reason: pool::Failure::TimedOut(budget).message(),
        }),
        Err(f) if f.is_limit() => one(Verdict::Unknown {
            reason: f.message(),
        }),
        Err(f) => one(error(f.message())),
    }
}

fn show(
    bar: &indicatif::ProgressBar,
    file: &str,
    text: Option<&str>,
    expected: Option<&str>,
    k: &KernelResult,
    diff: Option<&serde_json::Value>,
    a: &LiftArgs,
) {
    if a.run.json {
        let mut m = out::verdict_fields(&k.verdict, file, text, a.run.full_values);
        m.insert("file".into(), json!(file));
        m.insert("kernel".into(), json!(k.kernel));
        m.insert("kind".into(), json!(k.kind));
        if k.line > 0 {
            m.insert("line".into(), json!(k.line));
            m.insert("column".into(), json!(k.column));
        }
        m.insert("launcher".into(), json!(k.launcher));
        m.insert("formula".into(), json!(k.formula));
        if !k.variants.is_empty() {
            m.insert("variants".into(), json!(k.variants));
        }
        m.insert("latex".into(), json!(k.latex));
        m.insert("formula_raw".into(), json!(k.formula_raw));
        m.insert("readable".into(), json!(k.readable));
        m.insert("readable_notes".into(), json!(k.readable_notes));
        m.insert("named".into(), json!(k.named));
        m.insert("nodes_before".into(), json!(k.nodes_before));
        m.insert("nodes_after".into(), json!(k.nodes_after));
        m.insert("numpy".into(), json!(k.numpy));
        m.extend(crate::differential::signature_fields(k));
        if let Some(d) = diff {
            m.insert("differential".into(), d.clone());
        }
        m.insert("reads".into(), json!(k.reads));
        m.insert("writes".into(), json!(k.writes));
        m.insert("assumptions".into(), json!(k.assumptions));
        m.insert("seconds".into(), json!(k.seconds));
        if let Some(e) = expected {
            m.insert("expected".into(), json!(e));
            m.insert("met".into(), json!(expect::meets(e, k.verdict.name())));
        }
        out::print(bar, &out::record("lift", "result", m));
        return;
    }
    out::eprint(bar, &out::diagnostics(&k.verdict, file, text));
    let at = if k.line > 0 {
        format!("{file}:{}:{}", k.line, k.column)
    } else {
        file.to_string()
    };
    let name = match (k.kernel.is_empty(), k.kind) {
        (true, _) => String::new(),
        (false, lift::Kind::Kernel) => format!(" {}", k.kernel),
        (false, lift::Kind::DeviceFunction) => format!(" {} (device function)", k.kernel),
        (false, lift::Kind::Helper) => format!(" {} (helper)", k.kernel),
    };
    let mut s = format!("{:<9} {at}{name} ({:.2} s)\n", k.verdict.name(), k.seconds);
    if let Some(f) = &k.formula {
        s += &format!("  {f}\n");
    }
    if let Some(f) = &k.formula_raw {
        s += &format!("  (simplified, and checked again, from {f})\n");
    }
    for v in &k.variants {
        let f = v.formula.as_deref().unwrap_or("(no formula)");
        s += &format!("  with {} ({}): {f}\n", v.assignment, v.verdict);
        if let Some(r) = &v.reason {
            s += &format!("    ({r})\n");
        }
    }
    if let Some(f) = &k.readable {
        s += &format!("  readable: {f}\n");
        for n in &k.readable_notes {
            s += &format!("    ({n})\n");
        }
    }
    for n in &k.named {
        s += &format!("  named: {n}\n");
    }
    if a.latex {
        if let Some(l) = &k.latex {
            s += &format!("  latex: {l}\n");
        }
    }
    if a.numpy {
        if let Some(n) = &k.numpy {
            for line in n.lines() {
                s += &format!("  | {line}\n");
            }
        }
    }
    s += &out::details(&k.verdict);
    if let Some(d) = diff {
        s += &format!("  {}\n", crate::differential::summary(d));
    }
    out::print(bar, &s);
}
