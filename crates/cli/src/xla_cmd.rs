//! `tensorproof xla BEFORE AFTER` and `tensorproof xla MODEL.py`: did XLA's optimizations keep
//! the program's meaning? One pair, checked in this process (a panic is that pair's `error`).

use crate::args::XlaArgs;
use crate::out;
use report::{Outcome, Verdict};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Instant;

pub fn run(a: XlaArgs) -> i32 {
    let model = a
        .files
        .first()
        .filter(|p| p.extension().is_some_and(|e| e == "py"));
    let (before, after) = match &a.files[..] {
        [py] if model.is_some() => match dump(py, a.passes) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("error: {e}");
                return 2;
            }
        },
        [b, af] if !a.passes => (b.clone(), af.clone()),
        [_, _] => {
            eprintln!("error: --passes needs a JAX model (MODEL.py): XLA writes the per-pass dumps when it compiles");
            return 2;
        }
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
    let names = match model {
        Some(py) => [
            format!("{} (before optimization)", py.display()),
            format!("{} (after optimization)", py.display()),
        ],
        None => [before.display().to_string(), after.display().to_string()],
    };
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
        strict_reduce_order: a.strict_reduce_order,
        ..xla::Options::default()
    };
    let start = Instant::now();
    let verdict = guarded_check(
        (&names[0], &texts[0], &modules[0]),
        (&names[1], &texts[1], &modules[1]),
        &opts,
    );
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
        say(&out::record("xla", "pair", f));
    } else {
        say(&format!(
            "{}: {} ({secs:.2} s)\n{}",
            outcome.name,
            outcome.verdict.name(),
            out::details(&outcome.verdict)
        ));
    }
    if a.passes {
        let dir = before.with_file_name("passes");
        let json = a.run.json.then_some(a.run.full_values);
        if let Err(e) = passes(&dir, &opts, json) {
            eprintln!("error: {e}");
            return 2;
        }
    }
    report::exit_code(&[outcome])
}

/// One pair checked, a panic its `unknown` (internal error).
pub(crate) fn guarded_check(
    b: (&str, &str, &xla::hlo::Module),
    a: (&str, &str, &xla::hlo::Module),
    opts: &xla::Options,
) -> Verdict {
    std::panic::catch_unwind(|| {
        xla::check_pair(
            &xla::Input {
                file: b.0,
                text: b.1,
                module: b.2,
            },
            &xla::Input {
                file: a.0,
                text: a.1,
                module: a.2,
            },
            opts,
        )
    })
    .unwrap_or_else(|p| Verdict::Unknown {
        reason: format!("internal error: {}", panic_text(&p)),
    })
}

/// XLA's per-pass dumps in step order: `module_N.NAME.STEP.PIPELINE.after_PASS.before_NEXT.txt`.
fn pass_dumps(dir: &Path) -> Result<Vec<(String, PathBuf)>, String> {
    let mut steps = vec![];
    for e in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let path = e.map_err(|e| e.to_string())?.path();
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let parts: Vec<&str> = name.split('.').collect();
        let step_like = parts.len() >= 6
            && parts[0].starts_with("module_")
            && parts[2].len() == 4
            && parts[2].bytes().all(|c| c.is_ascii_digit())
            && name.ends_with(".txt");
        if step_like {
            let pass = parts[4].strip_prefix("after_").unwrap_or(parts[4]);
            let label = format!("step {} ({}: {pass})", parts[2], parts[3]);
            steps.push((format!("{}.{}", parts[0], parts[2]), label, path));
        }
    }
    steps.sort();
    Ok(steps.into_iter().map(|(_, l, p)| (l, p)).collect())
}

/// Every pass step against the one before it; the first step that is not verified is named.
/// `json`: JSON Lines instead (`Some(full_values)`): a `pass-step` record per step that is not
/// verified, then a `passes` summary.
fn passes(dir: &Path, opts: &xla::Options, json: Option<bool>) -> Result<(), String> {
    let steps = pass_dumps(dir)?;
    let count = steps.len();
    if json.is_none() {
        say(&format!("pass steps: {count}\n"));
    }
    let mut prev: Option<(String, String, xla::hlo::Module)> = None;
    let mut first_refuted = None;
    let mut verified = 0;
    for (label, path) in steps {
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let module = match xla::parse_module(&text) {
            Ok(m) => m,
            Err(d) => {
                match json {
                    Some(_) => {
                        let v = report::Verdict::Error { diagnostics: d };
                        let mut f = out::verdict_fields(&v, &label, Some(&text), false);
                        f.insert("step".into(), json!(label));
                        say(&out::record("xla", "pass-step", f));
                    }
                    None => say(&format!("  {label}: error: {}\n", d[0].message)),
                }
                prev = None;
                continue;
            }
        };
        if let Some((pl, pt, pm)) = &prev {
            let v = guarded_check((pl, pt, pm), (&label, &text, &module), opts);
            if v.name() == "verified" {
                verified += 1;
            } else if let Some(full) = json {
                let mut f = out::verdict_fields(&v, &label, Some(&text), full);
                f.insert("step".into(), json!(label));
                say(&out::record("xla", "pass-step", f));
            } else {
                say(&format!("  {label}: {}\n{}", v.name(), out::details(&v)));
            }
            if v.name() == "refuted" && first_refuted.is_none() {
                first_refuted = Some(label.clone());
            }
        }
        prev = Some((label, text, module));
    }
    if json.is_some() {
        let f = json!({"steps": count, "verified": verified, "first_refuted": first_refuted});
        let serde_json::Value::Object(f) = f else {
            unreachable!("an object")
        };
        say(&out::record("xla", "passes", f));
        return Ok(());
    }
    say(&format!("  {verified} steps verified\n"));
    if let Some(l) = first_refuted {
        say(&format!("  the first step that changes the meaning: {l}\n"));
    }
    Ok(())
}

/// Writes to stdout; a closed pipe (`| head`) is not an error of ours.
fn say(text: &str) {
    use std::io::Write;
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
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
    crate::tool_run::run(
        &mut cmd,
        &python,
        "a Python with jax==0.7.1 is needed: .venv or TENSORPROOF_PYTHON",
        &format!("{} {}", python.display(), tool.display()),
    )?;
    Ok((out.join("before.hlo"), out.join("after.hlo")))
}
