//! `tensorproof rules` and `tensorproof bench`.

use crate::args;
use report::{
    exit_code, render_counterexample, render_diagnostic, summary_table, Outcome, Verdict,
};
use rules::{ast, check_rule_bounded, parse_file, Options};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// One unit of work: a rule of a file, or a file that failed to parse.
enum Job {
    Rule {
        file: String,
        source: std::sync::Arc<String>,
        rule: ast::Rule,
        header: ast::Header,
    },
    Broken {
        file: String,
        source: std::sync::Arc<String>,
        diags: Vec<report::Diagnostic>,
        header: ast::Header,
    },
}

fn collect(paths: &[PathBuf], out: &mut Vec<PathBuf>) -> Result<(), String> {
    for p in paths {
        if p.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("{}: {e}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .collect();
            entries.sort();
            let (dirs, files): (Vec<PathBuf>, Vec<PathBuf>) =
                entries.into_iter().partition(|e| e.is_dir());
            for f in files {
                if f.extension().map(|x| x == "rule").unwrap_or(false) {
                    out.push(f);
                }
            }
            collect(&dirs, out)?;
        } else if p.exists() {
            out.push(p.clone());
        } else {
            return Err(format!("{}: no such file or folder", p.display()));
        }
    }
    Ok(())
}

pub fn run(argv: &[String], bench: bool) -> i32 {
    let mut opts = match args::parse(argv) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("tensorproof: {e}");
            return 2;
        }
    };
    if opts.paths.is_empty() {
        if bench {
            opts.paths.push(PathBuf::from("corpus/rules/xla"));
        } else {
            eprintln!("tensorproof rules: give .rule files or folders");
            return 2;
        }
    }
    let mut files = Vec::new();
    if let Err(e) = collect(&opts.paths, &mut files) {
        eprintln!("tensorproof: {e}");
        return 2;
    }
    let mut jobs = Vec::new();
    for f in &files {
        let name = f.display().to_string();
        let text = match std::fs::read_to_string(f) {
            Ok(t) => std::sync::Arc::new(t),
            Err(e) => {
                eprintln!("tensorproof: {name}: {e}");
                return 2;
            }
        };
        let (parsed, diags) = parse_file(&text);
        let header = parsed.header.clone();
        if !diags.is_empty() {
            jobs.push(Job::Broken {
                file: name,
                source: text,
                diags,
                header,
            });
            continue;
        }
        for rule in parsed.rules {
            jobs.push(Job::Rule {
                file: name.clone(),
                source: text.clone(),
                rule,
                header: header.clone(),
            });
        }
    }
    let check_opts = Options {
        timeout: opts.timeout,
        collect_smt: opts.dump_smt.is_some(),
        ..Options::default()
    };
    if let Some(dir) = &opts.dump_smt {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("tensorproof: --dump-smt {}: {e}", dir.display());
            return 2;
        }
    }
    // A backstop far above what the per-query timeouts allow a rule in practice.
    let rule_budget = (opts.timeout * 60).max(std::time::Duration::from_secs(300));
    let total = jobs.len();
    let done = AtomicUsize::new(0);
    let progress = !opts.quiet && total > 1;
    let tty = std::io::stderr().is_terminal();
    let dump_err: Mutex<Option<String>> = Mutex::new(None);
    let wall = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.jobs)
        .build()
        .expect("thread pool");
    let outcomes: Vec<(
        Outcome,
        Option<std::sync::Arc<String>>,
        Vec<report::Diagnostic>,
    )> = pool.install(|| {
        use rayon::prelude::*;
        jobs.par_iter()
            .map(|job| {
                let start = Instant::now();
                let out = match job {
                    Job::Broken {
                        file,
                        source,
                        diags,
                        header,
                    } => (
                        Outcome {
                            file: file.clone(),
                            name: String::new(),
                            verdict: Verdict::Error {
                                diagnostics: diags.clone(),
                            },
                            expected: header.expect.clone(),
                            pending: header.pending.clone(),
                            seconds: 0.0,
                            details: vec![],
                        },
                        Some(source.clone()),
                        diags.clone(),
                    ),
                    Job::Rule {
                        file,
                        source,
                        rule,
                        header,
                    } => {
                        let r = check_rule_bounded(rule, &check_opts, rule_budget);
                        if let Some(dir) = &opts.dump_smt {
                            if let Err(e) = dump(dir, file, &rule.name, &r.smt) {
                                *dump_err.lock().expect("lock") = Some(e);
                            }
                        }
                        let diags = match &r.verdict {
                            Verdict::Error { diagnostics } => diagnostics.clone(),
                            _ => vec![],
                        };
                        (
                            Outcome {
                                file: file.clone(),
                                name: rule.name.clone(),
                                verdict: r.verdict,
                                expected: header.expect.clone(),
                                pending: header.pending.clone(),
                                seconds: start.elapsed().as_secs_f64(),
                                details: r.details,
                            },
                            Some(source.clone()),
                            diags,
                        )
                    }
                };
                let k = done.fetch_add(1, Ordering::SeqCst) + 1;
                if progress {
                    let line = format!("[{k}/{total}] {} {}", out.0.verdict.name(), out.0.file);
                    if tty {
                        eprint!("\r\x1b[2K{line}");
                    } else {
                        eprintln!("{line}");
                    }
                }
                out
            })
            .collect()
    });
    if progress && tty {
        eprintln!();
    }
    let wall = wall.elapsed().as_secs_f64();
    if let Some(e) = dump_err.lock().expect("lock").take() {
        eprintln!("tensorproof: --dump-smt: {e}");
    }
    let stdout = std::io::stdout();
    let mut w = stdout.lock();
    for (o, source, diags) in &outcomes {
        if opts.json {
            let _ = writeln!(
                w,
                "{}",
                o.to_json_with_source(source.as_deref().map(|s| s.as_str()))
            );
            continue;
        }
        if bench {
            continue;
        }
        let label = if o.name.is_empty() {
            o.file.clone()
        } else {
            format!("{}: {}", o.file, o.name)
        };
        let _ = writeln!(w, "{:<9} {label} ({:.2} s)", o.verdict.name(), o.seconds);
        match &o.verdict {
            Verdict::Verified { assumptions } => {
                for a in assumptions {
                    let _ = writeln!(w, "  assuming {a}");
                }
            }
            Verdict::Refuted { counterexample } => {
                let _ = write!(w, "{}", render_counterexample(counterexample));
            }
            Verdict::Vacuous { reason } | Verdict::Unknown { reason } => {
                let _ = writeln!(w, "  {reason}");
            }
            Verdict::Error { .. } => {
                if let Some(src) = source {
                    for d in diags {
                        let _ = write!(w, "{}", render_diagnostic(&o.file, src, d));
                    }
                }
            }
        }
    }
    let plain: Vec<Outcome> = outcomes.iter().map(|x| x.0.clone()).collect();
    if bench {
        print_bench(&plain, wall);
    } else if !opts.json && plain.len() > 1 {
        let _ = write!(w, "\n{}", summary_table(&plain));
        let _ = writeln!(w, "wall time: {wall:.2} s with {} jobs", opts.jobs);
    }
    exit_code(&plain)
}

/// Writes one rule's queries as `DIR/<file path>-<rule name>-<instance>-<obligation>.smt2`
/// (path and name reduced to file-name-safe characters and shortened).
fn dump(dir: &Path, file: &str, rule: &str, texts: &[(String, String)]) -> Result<(), String> {
    let safe = |s: &str, max: usize| -> String {
        let mut out: String = s
            .trim_end_matches(".rule")
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        while out.contains("__") {
            out = out.replace("__", "_");
        }
        out.trim_matches('_').chars().take(max).collect()
    };
    let stem = format!("{}-{}", safe(file, 80), safe(rule, 40));
    for (name, text) in texts {
        let path = dir.join(format!("{stem}-{}.smt2", safe(name, 80)));
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

fn print_bench(outcomes: &[Outcome], wall: f64) {
    let mut rows: Vec<&Outcome> = outcomes.iter().collect();
    rows.sort_by(|a, b| {
        b.seconds
            .partial_cmp(&a.seconds)
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    println!("{:>8}  {:<9} rule", "seconds", "verdict");
    for o in &rows {
        println!(
            "{:>8.3}  {:<9} {} ({})",
            o.seconds,
            o.verdict.name(),
            o.file,
            o.name
        );
    }
    let mut times: Vec<f64> = outcomes.iter().map(|o| o.seconds).collect();
    times.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    let n = times.len();
    let median = if n == 0 {
        0.0
    } else if n % 2 == 1 {
        times[n / 2]
    } else {
        (times[n / 2 - 1] + times[n / 2]) / 2.0
    };
    let max = times.last().copied().unwrap_or(0.0);
    let sum: f64 = times.iter().sum();
    println!();
    print!("{}", summary_table(outcomes));
    println!("rules: {n}   wall: {wall:.2} s   sum of rule times: {sum:.2} s   median: {median:.3} s   max: {max:.3} s");
}
