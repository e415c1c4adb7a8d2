//! `tensorproof mlir SRC TGT`: refinement of every function of SRC by TGT's.

use report::{render_counterexample, render_diagnostic, Outcome, Verdict};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

const USAGE: &str = "usage: tensorproof mlir SRC TGT [--function NAME] [--timeout SECS] [--no-signed-zeros] [--json] [--dump-smt DIR] [--use-fn-argument-dims=FUNCTION@ARGUMENT,...]
       tensorproof mlir --suite DIR [--jobs N] [--timeout SECS] [--budget SECS] [--function NAME] [--json] [--quiet]";

pub fn run(argv: &[String]) -> i32 {
    if argv.iter().any(|a| a == "--suite") {
        return crate::mlir_suite::run(argv);
    }
    let mut paths = vec![];
    let mut opts = mlirsem::Options::default();
    let mut json = false;
    let mut dump: Option<PathBuf> = None;
    let mut i = 0;
    while i < argv.len() {
        let a = argv[i].as_str();
        let mut value = || {
            i += 1;
            argv.get(i).cloned()
        };
        match a {
            "--function" => match value() {
                Some(v) => opts.function = Some(v.trim_start_matches('@').to_string()),
                None => return usage("--function needs a name"),
            },
            "--timeout" => match value()
                .and_then(|v| v.parse::<f64>().ok())
                .filter(|s| *s > 0.0)
            {
                Some(s) => opts.timeout = Duration::from_secs_f64(s),
                None => return usage("--timeout needs seconds"),
            },
            "--dump-smt" => match value() {
                Some(v) => dump = Some(PathBuf::from(v)),
                None => return usage("--dump-smt needs a folder"),
            },
            "--json" => json = true,
            "--no-signed-zeros" => opts.signed_zeros = false,
            "--use-fn-argument-dims" => match value().map(|v| crate::args::fn_arg_dims(&v)) {
                Some(Ok(rules)) => opts.same_dims.extend(rules),
                Some(Err(e)) => return usage(&e),
                None => return usage("--use-fn-argument-dims needs FUNCTION@ARGUMENT,..."),
            },
            s if s.starts_with('-') => return usage(&format!("unknown option `{s}`")),
            p => paths.push(PathBuf::from(p)),
        }
        i += 1;
    }
    let [src_path, tgt_path] = &paths[..] else {
        return usage("expected two files, SRC and TGT");
    };
    opts.collect_smt = dump.is_some();
    let read =
        |p: &PathBuf| std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()));
    let (src_text, tgt_text) = match (read(src_path), read(tgt_path)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("tensorproof: {e}");
            return 2;
        }
    };
    let (sf, tf) = (
        src_path.display().to_string(),
        tgt_path.display().to_string(),
    );
    let parsed = (mlir::parse(&src_text), mlir::parse(&tgt_text));
    let (src, tgt) = match parsed {
        (Ok(mut s), Ok(mut t)) => {
            // Reasons name ops at FILE:LINE:COL.
            (s.file, t.file) = (sf.clone(), tf.clone());
            (s, t)
        }
        (s, t) => {
            for (file, text, r) in [(&sf, &src_text, s.err()), (&tf, &tgt_text, t.err())] {
                for d in r.unwrap_or_default() {
                    eprint!("{}", render_diagnostic(file, text, &d));
                }
            }
            return 2;
        }
    };
    let results = mlirsem::check_pair(&src, &tgt, &opts);
    let mut outcomes = vec![];
    for r in &results {
        if let Some(dir) = &dump {
            if let Err(e) = std::fs::create_dir_all(dir) {
                eprintln!("tensorproof: --dump-smt {}: {e}", dir.display());
                return 2;
            }
            for (label, text) in &r.smt {
                let file = dir.join(format!("{label}.smt2"));
                if let Err(e) = std::fs::write(&file, text) {
                    eprintln!("tensorproof: {}: {e}", file.display());
                    return 2;
                }
            }
        }
        let outcome = Outcome {
            file: sf.clone(),
            name: format!("@{}", r.function),
            verdict: r.verdict.clone(),
            expected: None,
            pending: None,
            seconds: r.seconds,
            details: vec![("target".into(), tf.clone())],
        };
        if json {
            let _ = writeln!(std::io::stdout(), "{}", outcome_json(&outcome));
        } else {
            print_text(
                &mut std::io::stdout().lock(),
                r,
                &outcome,
                (&sf, &src_text),
                (&tf, &tgt_text),
            );
        }
        outcomes.push(outcome);
    }
    report::exit_code(&outcomes)
}

fn usage(why: &str) -> i32 {
    eprintln!("tensorproof mlir: {why}\n{USAGE}");
    2
}

fn outcome_json(o: &Outcome) -> String {
    o.to_json()
}

/// Writes one function's verdict; a closed stdout (`| head`) is ignored, not a panic.
fn print_text(
    w: &mut impl Write,
    r: &mlirsem::PairResult,
    o: &Outcome,
    src: (&str, &str),
    tgt: (&str, &str),
) {
    let _ = writeln!(
        w,
        "{:<9} {} {} ({:.2} s)",
        o.verdict.name(),
        src.0,
        o.name,
        o.seconds
    );
    match &r.verdict {
        Verdict::Verified { assumptions } => {
            for a in assumptions {
                let _ = writeln!(w, "  assuming {a}");
            }
        }
        Verdict::Refuted { counterexample } => {
            let _ = write!(w, "{}", render_counterexample(counterexample));
        }
        Verdict::Unknown { reason } | Verdict::Vacuous { reason } => {
            let _ = writeln!(w, "  {reason}");
        }
        Verdict::Error { diagnostics } => {
            let (file, text) = if r.error_side == Some(mlirsem::Side::Tgt) {
                tgt
            } else {
                src
            };
            for d in diagnostics {
                eprint!("{}", render_diagnostic(file, text, d));
            }
        }
    }
}
