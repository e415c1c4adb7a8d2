//! The corpus of JAX programs (`corpus/xla/NAME.py`, the expected verdict in a `# expect:`
//! header) checked from their checked-in HLO texts (`NAME.before.hlo`, `NAME.after.hlo`):
//! one test per program, no JAX needed. `regenerate`: where a Python with jax==0.7.1 exists
//! (TENSORPROOF_PYTHON, or the repository's .venv), tools/xla_dump.py writes the same texts.

use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};
use xla::{check_pair, parse_module, Input, Options};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/xla")
}

fn programs() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(corpus())
        .expect("corpus/xla")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .collect();
    out.sort();
    out
}

fn header(py: &Path, key: &str) -> Option<String> {
    let text = std::fs::read_to_string(py).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("# {key}:")))
        .map(|v| v.trim().to_string())
}

fn check_program(py: &Path) -> Result<(), Failed> {
    let expected = header(py, "expect").ok_or("no `# expect:` header")?;
    let read = |ext: &str| -> Result<(String, String), Failed> {
        let p = py.with_extension(ext);
        let text = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
        Ok((p.file_name().unwrap().to_string_lossy().into_owned(), text))
    };
    let (bn, bt) = read("before.hlo")?;
    let (an, at) = read("after.hlo")?;
    let bm = parse_module(&bt).map_err(|d| format!("{bn}: {d:?}"))?;
    let am = parse_module(&at).map_err(|d| format!("{an}: {d:?}"))?;
    let v = check_pair(
        &Input {
            file: &bn,
            text: &bt,
            module: &bm,
        },
        &Input {
            file: &an,
            text: &at,
            module: &am,
        },
        &Options::default(),
    );
    if v.name() != expected {
        return Err(format!("expected {expected}, got {v:?}").into());
    }
    Ok(())
}

/// The Python that runs tools/xla_dump.py, if one with jax is present.
fn python() -> Option<PathBuf> {
    let p = std::env::var_os("TENSORPROOF_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../.venv/bin/python"));
    let ok = std::process::Command::new(&p)
        .args(["-c", "import jax; assert jax.__version__ == '0.7.1'"])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    ok.then_some(p)
}

fn regenerate() -> Result<(), Failed> {
    let Some(py) = python() else {
        println!(
            "notice: no Python with jax==0.7.1 (TENSORPROOF_PYTHON or .venv); regeneration skipped"
        );
        return Ok(());
    };
    let tool = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tools/xla_dump.py");
    let tmp = std::env::temp_dir().join(format!("xla-regen-{}", std::process::id()));
    for prog in programs() {
        let stem = prog.file_stem().unwrap().to_string_lossy().into_owned();
        let out = tmp.join(&stem);
        let run = std::process::Command::new(&py)
            .arg(&tool)
            .arg(&prog)
            .arg(&out)
            .output()
            .map_err(|e| format!("{e}"))?;
        if !run.status.success() {
            return Err(format!("{stem}: {}", String::from_utf8_lossy(&run.stderr)).into());
        }
        for which in ["before", "after"] {
            let fresh = std::fs::read_to_string(out.join(format!("{which}.hlo")))?;
            let kept = std::fs::read_to_string(prog.with_extension(format!("{which}.hlo")))?;
            if fresh != kept {
                return Err(
                    format!("{stem}.{which}.hlo differs from what jax 0.7.1 prints now").into(),
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let mut trials: Vec<Trial> = programs()
        .into_iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            Trial::test(name, move || check_program(&p))
        })
        .collect();
    trials.push(Trial::test("regenerate", regenerate));
    libtest_mimic::run(&args, trials).exit();
}
