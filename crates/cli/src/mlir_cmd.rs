//! `tensorproof mlir SRC TGT`: refinement of every function of SRC by TGT's.

use crate::args::MlirArgs;
use crate::dump::Dumper;
use crate::out;
use crate::pool::{self, Pool};
use crate::worker::{FunctionResult, Job, PairOpts, Reply};
use report::{Diagnostic, Outcome, Span, Verdict};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub fn run(a: MlirArgs) -> i32 {
    if a.suite.is_some() {
        return crate::mlir_suite::run(a);
    }
    let [src, tgt] = &a.files[..] else {
        eprintln!("error: expected two files, SRC and TGT (or --suite DIR)");
        return 2;
    };
    let mut dumper = match a.dump_smt.as_deref().map(Dumper::new).transpose() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let opts = pair_opts(&a);
    let budget = pair_budget(&a);
    let job = Job::Pair {
        src: src.clone(),
        tgt: tgt.clone(),
        opts: PairOpts {
            collect_smt: dumper.is_some(),
            ..opts
        },
    };
    let mut functions = vec![];
    let pool = Pool {
        workers: 1,
        budget: budget + Duration::from_secs(30),
        cpu: None,
    };
    pool::run(&pool, vec![job], |_, r| functions = functions_of(r, budget));
    let texts = (read_lossy(src), read_lossy(tgt));
    let (sf, tf) = (src.display().to_string(), tgt.display().to_string());
    let bar = indicatif::ProgressBar::hidden();
    let mut outcomes = vec![];
    for f in functions {
        if let Some(d) = dumper.as_mut() {
            let job = format!("{}-{}", stem(src), f.function);
            if let Err(e) = d.write(&job, &f.smt) {
                eprintln!("error: --dump-smt: {e}");
            }
        }
        let (file, text) = if f.in_target {
            (&tf, texts.1.as_deref())
        } else {
            (&sf, texts.0.as_deref())
        };
        let name = if f.function.is_empty() {
            String::new()
        } else {
            format!("@{}", f.function)
        };
        if a.run.json {
            let mut m = out::verdict_fields(&f.verdict, file, text, a.run.full_values);
            m.insert("file".into(), json!(sf));
            m.insert("target".into(), json!(tf));
            m.insert("name".into(), json!(name));
            m.insert("seconds".into(), json!(f.seconds));
            out::print(&bar, &out::record("mlir", "result", m));
        } else {
            out::eprint(&bar, &out::diagnostics(&f.verdict, file, text));
            let line = format!("{:<9} {sf} {name} ({:.2} s)\n", f.verdict.name(), f.seconds);
            out::print(&bar, &(line + &out::details(&f.verdict)));
        }
        outcomes.push(Outcome {
            file: sf.clone(),
            name,
            verdict: f.verdict,
            expected: None,
            pending: None,
            seconds: f.seconds,
            details: vec![],
        });
    }
    let code = report::exit_code(&outcomes);
    if a.run.json {
        let m = json!({
            "counts": out::counts(outcomes.iter().map(|o| o.verdict.name())),
            "total": outcomes.len(),
            "exit_code": code,
            "timeout_seconds": a.run.timeout.as_secs_f64(),
            "version": env!("CARGO_PKG_VERSION"),
        });
        if let serde_json::Value::Object(m) = m {
            out::print(&bar, &out::record("mlir", "summary", m));
        }
    }
    code
}

/// The options of every pair of this run.
pub fn pair_opts(a: &MlirArgs) -> PairOpts {
    PairOpts {
        timeout: a.run.timeout.as_secs_f64(),
        function: a
            .function
            .as_ref()
            .map(|f| f.trim_start_matches('@').to_string()),
        collect_smt: false,
        signed_zeros: !a.no_signed_zeros,
        same_dims: a.use_fn_argument_dims.iter().flatten().cloned().collect(),
    }
}

/// A pair's budget: `--budget`, else 6 x the query timeout and at least 60 s. The per-query
/// timeouts bound a pair in practice; this catches a pair with very many queries.
pub fn pair_budget(a: &MlirArgs) -> Duration {
    a.run.budget_or(6, Duration::from_secs(60))
}

/// The per-function results of a pair's job, or one verdict for the whole pair when the job
/// crashed or ran out of time.
pub fn functions_of(r: Result<Reply, pool::Failure>, budget: Duration) -> Vec<FunctionResult> {
    let one = |verdict: Verdict, seconds: f64| {
        vec![FunctionResult {
            function: String::new(),
            verdict,
            in_target: false,
            seconds,
            smt: vec![],
        }]
    };
    let internal = |message: String| Verdict::Error {
        diagnostics: vec![Diagnostic {
            span: Span::default(),
            message,
        }],
    };
    match r {
        Ok(Reply::Pair { functions }) if functions.is_empty() => one(
            Verdict::Unknown {
                reason: "no function to check (none of the source's functions is in the target)"
                    .into(),
            },
            0.0,
        ),
        Ok(Reply::Pair { functions }) => functions,
        Ok(Reply::Failed { message }) => one(internal(message), 0.0),
        Ok(Reply::Rule { .. } | Reply::Lift { .. } | Reply::Halide { .. }) => {
            one(internal("a reply of the wrong kind".into()), 0.0)
        }
        Err(pool::Failure::TimedOut(_)) => one(
            Verdict::Unknown {
                reason: pool::Failure::TimedOut(budget).message(),
            },
            budget.as_secs_f64(),
        ),
        Err(f) if f.is_limit() => one(
            Verdict::Unknown {
                reason: f.message(),
            },
            budget.as_secs_f64(),
        ),
        Err(f) => one(internal(f.message()), 0.0),
    }
}

/// A file's text for rendering diagnostics (lossy: a non-UTF-8 file's diagnostic points at
/// its first bad byte, inside the valid prefix).
pub fn read_lossy(p: &Path) -> Option<String> {
    std::fs::read(p)
        .ok()
        .map(|b| String::from_utf8_lossy(&b).to_string())
}

fn stem(p: &PathBuf) -> String {
    p.display().to_string()
}
