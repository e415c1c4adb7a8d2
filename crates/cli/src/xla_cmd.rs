//! `tensorproof xla BEFORE AFTER` and `tensorproof xla MODEL.py`: did XLA's optimizations keep
//! the program's meaning? One pair, checked in this process (a panic is that pair's `error`).

use crate::args::XlaArgs;
use crate::out;
use report::{Outcome, Verdict};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Instant;

pub fn run(a: XlaArgs) -> i32 {
    let (before, after) = match &a.files[..] {
        [py] if py.extension().is_some_and(|e| e == "py") => match dump(py, a.passes) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("error: {e}");
                return 2;
            }
        },
        [b, af] => (b.clone(), af.clone()),
        _ => {
            eprintln!("error: expected BEFORE.hlo AFTER.hlo, or a JAX model MODEL.py");
            return 2;
        }
    };
    let mut texts = vec![];
    for f in [&before, &after] {
        match std::fs::read_to_string(f) {
            Ok(t) => texts.push(t),
            Err(e) => {
                eprintln!("error: {}: {e}", f.display());
                return 2;
            }
        }
    }
    let names = [before.display().to_string(), after.display().to_string()];
    let mut modules = vec![];
    let mut bad = false;
    for (name, text) in names.iter().zip(&texts) {
        match xla::parse_module(text) {
            Ok(m) => modules.push(m),
            Err(diagnostics) => {
                eprint!(
                    "{}",
                    out::diagnostics(&Verdict::Error { diagnostics }, name, Some(text))
                );
                bad = true;
            }
        }
    }
    if bad {
        return 2;
    }
    let opts = xla::Options {
        ftz: !a.no_ftz,
        timeout: a.run.timeout,
        ..xla::Options::default()
    };
    let start = Instant::now();
    let verdict = std::panic::catch_unwind(|| {
        let b = xla::Input {
            file: &names[0],
            text: &texts[0],
            module: &modules[0],
        };
        let af = xla::Input {
            file: &names[1],
            text: &texts[1],
            module: &modules[1],
        };
        xla::check_pair(&b, &af, &opts)
    })
    .unwrap_or_else(|p| Verdict::Unknown {
        reason: format!("internal error: {}", panic_text(&p)),
    });
    let secs = start.elapsed().as_secs_f64();
    let outcome = Outcome {
        file: names[1].clone(),
        name: format!("{} -> {}", names[0], names[1]),
        verdict,
        expected: None,
        pending: None,
        seconds: secs,
        details: vec![],
    };
    if a.run.json {
        let mut f = out::verdict_fields(
            &outcome.verdict,
            &names[1],
            Some(&texts[1]),
            a.run.full_values,
        );
        f.insert("before".into(), json!(names[0]));
        f.insert("after".into(), json!(names[1]));
        f.insert("seconds".into(), json!(secs));
        println!("{}", out::record("xla", "pair", f));
    } else {
        println!("{}: {} ({secs:.2} s)", outcome.name, outcome.verdict.name());
        print!("{}", out::details(&outcome.verdict));
    }
    report::exit_code(&[outcome])
}

fn panic_text(p: &Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "a panic".into())
}

/// Runs tools/xla_dump.py on a JAX model; the before and after texts it wrote.
fn dump(model: &Path, passes: bool) -> Result<(PathBuf, PathBuf), String> {
    if !model.is_file() {
        return Err(format!("{}: no such file", model.display()));
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let python = std::env::var_os("TENSORPROOF_PYTHON")
        .map(PathBuf::from)
        .or_else(|| Some(PathBuf::from(".venv/bin/python")).filter(|p| p.exists()))
        .or_else(|| Some(root.join(".venv/bin/python")).filter(|p| p.exists()))
        .ok_or("no Python environment with jax==0.7.1: make .venv (tools/requirements.txt) or set TENSORPROOF_PYTHON")?;
    let tool = root.join("tools/xla_dump.py");
    let out = std::env::temp_dir().join(format!("tensorproof-xla-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let mut cmd = std::process::Command::new(&python);
    cmd.arg(&tool).arg(model).arg(&out);
    if passes {
        cmd.arg("--passes");
    }
    let run = cmd
        .output()
        .map_err(|e| format!("{}: {e}", python.display()))?;
    if !run.status.success() {
        let err = String::from_utf8_lossy(&run.stderr);
        let tail: Vec<&str> = err.lines().rev().take(12).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        return Err(format!(
            "{} {} failed (a Python with jax==0.7.1 is needed):\n{}",
            python.display(),
            tool.display(),
            tail.join("\n")
        ));
    }
    Ok((out.join("before.hlo"), out.join("after.hlo")))
}
