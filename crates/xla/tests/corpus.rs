//! The corpus of JAX programs (`corpus/xla/NAME.py`, the expected verdict in a `# expect:`
//! header) checked from their checked-in HLO texts (`NAME.before.hlo`, `NAME.after.hlo`):
//! one test per program, no JAX needed. `regenerate`: where a Python with jax==0.7.1 exists
//! (TENSORPROOF_PYTHON, or the repository's .venv), tools/xla_dump.py writes the same texts,
//! and `xla_cpu_agrees` runs the refutations on XLA:CPU: for a stable third of the programs
//! (each starts a JAX process), every one with `TENSORPROOF_REGEN=all`.

mod common;
use common::python;

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
    // Refutations come from the concrete search first: it alone finds each one.
    if expected == "refuted" {
        let search_only = Options {
            solve: false,
            ..Options::default()
        };
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
            &search_only,
        );
        if v.name() != "refuted" {
            return Err(format!("the concrete search alone does not refute it: {v:?}").into());
        }
    }
    Ok(())
}

/// The programs the Python tests run: every third (a stable sample: each run starts a JAX
/// process), or all of them with `TENSORPROOF_REGEN=all`.
fn sampled(progs: Vec<PathBuf>) -> Vec<PathBuf> {
    if std::env::var("TENSORPROOF_REGEN").is_ok_and(|v| v == "all") {
        return progs;
    }
    println!("notice: a stable third of the programs (TENSORPROOF_REGEN=all runs every one)");
    progs.into_iter().step_by(3).collect()
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
    for prog in sampled(programs()) {
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

/// The hex bit pattern in a printed float (`1e20 (0x60ad78ec)`).
fn bits(printed: &str) -> Option<u64> {
    let hex = printed.rsplit_once("(0x")?.1.strip_suffix(')')?;
    u64::from_str_radix(hex, 16).ok()
}

/// NaN, infinite, zero, sign: the class a value's f32 bits fall in.
fn class32(b: u64) -> (bool, bool, bool, bool) {
    let f = f32::from_bits(b as u32);
    (
        f.is_nan(),
        f.is_infinite(),
        f == 0.0,
        !f.is_nan() && f.is_sign_negative(),
    )
}

/// The first output of `prog` compiled by XLA:CPU (with `flags`) and run on `inputs`.
fn run_on_cpu(
    py: &Path,
    tool: &Path,
    prog: &Path,
    out: &Path,
    inputs: &Path,
    flags: Option<&str>,
) -> Result<Vec<u64>, Failed> {
    let mut cmd = std::process::Command::new(py);
    cmd.arg(tool).arg(prog).arg(out).arg("--run").arg(inputs);
    if let Some(f) = flags {
        cmd.env("XLA_FLAGS", f);
    }
    let run = cmd.output()?;
    if !run.status.success() {
        return Err(format!(
            "{}: {}",
            prog.display(),
            String::from_utf8_lossy(&run.stderr)
        )
        .into());
    }
    let got = std::fs::read_to_string(out.join("run.json"))?;
    Ok(got
        .trim_matches(|c| c == '[' || c == ']' || c == '\n')
        .split(',')
        .map(|h| {
            u64::from_str_radix(h.trim().trim_matches('"').trim_start_matches("0x"), 16).unwrap()
        })
        .collect())
}

/// The differential test of the interpreter against XLA:CPU: every refuted program's
/// counterexample run by the compiled function on this machine gives the `after` value the
/// interpreter computed (bit for bit; of the same class where libm computed a function), and
/// compiled without the algebraic simplifier the `before` value (NaNs are one value),
/// except where a program's `# cpu-before:` header names the difference and its reason.
fn xla_cpu_agrees() -> Result<(), Failed> {
    let Some(py) = python() else {
        println!("notice: no Python with jax==0.7.1 (TENSORPROOF_PYTHON or .venv); XLA:CPU comparison skipped");
        return Ok(());
    };
    let tool = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tools/xla_dump.py");
    let tmp = std::env::temp_dir().join(format!("xla-cpu-{}", std::process::id()));
    std::fs::create_dir_all(&tmp)?;
    let mut compared = 0;
    let refuted: Vec<PathBuf> = programs()
        .into_iter()
        .filter(|p| header(p, "expect").as_deref() == Some("refuted"))
        .collect();
    for prog in sampled(refuted) {
        if header(&prog, "expect").as_deref() != Some("refuted") {
            continue;
        }
        let stem = prog.file_stem().unwrap().to_string_lossy().into_owned();
        let bt = std::fs::read_to_string(prog.with_extension("before.hlo"))?;
        let at = std::fs::read_to_string(prog.with_extension("after.hlo"))?;
        let (bm, am) = (parse_module(&bt).unwrap(), parse_module(&at).unwrap());
        let v = check_pair(
            &Input {
                file: "b",
                text: &bt,
                module: &bm,
            },
            &Input {
                file: "a",
                text: &at,
                module: &am,
            },
            &Options::default(),
        );
        let report::Verdict::Refuted { counterexample: c } = v else {
            return Err(format!("{stem}: not refuted").into());
        };
        let report::Mismatch::Optimized {
            output: 0,
            index,
            after,
            ..
        } = &c.mismatch
        else {
            continue;
        };
        let inputs: Vec<Vec<String>> = c
            .inputs
            .iter()
            .map(|t| {
                t.data
                    .iter()
                    .map(|d| format!("{:#x}", bits(d).unwrap()))
                    .collect()
            })
            .collect();
        let json = format!(
            "[{}]",
            inputs
                .iter()
                .map(|v| format!(
                    "[{}]",
                    v.iter()
                        .map(|b| format!("\"{b}\""))
                        .collect::<Vec<_>>()
                        .join(",")
                ))
                .collect::<Vec<_>>()
                .join(",")
        );
        let inp = tmp.join(format!("{stem}.json"));
        std::fs::write(&inp, json)?;
        let flat = run_on_cpu(&py, &tool, &prog, &tmp.join(&stem), &inp, None)?;
        // The original program on XLA:CPU: compiled without the algebraic simplifier.
        let unsimplified = run_on_cpu(
            &py,
            &tool,
            &prog,
            &tmp.join(format!("{stem}-noalgsimp")),
            &inp,
            Some("--xla_disable_hlo_passes=algsimp"),
        )?;
        let dims = match &am.entry().unwrap().instrs[am.entry().unwrap().root().unwrap()].shape {
            xla::hlo::Shape::Array { dims, .. } => dims.clone(),
            _ => continue,
        };
        let offset = index
            .iter()
            .zip(&dims)
            .fold(0i128, |acc, (i, n)| acc * *n as i128 + i) as usize;
        let (ours, cpu) = (bits(after).unwrap(), flat[offset]);
        let report::Mismatch::Optimized { before, .. } = &c.mismatch else {
            unreachable!()
        };
        let b = unsimplified[offset];
        let ours_before = bits(before).unwrap();
        println!(
            "{stem}: before = {before}, XLA:CPU without algsimp = {:e} ({b:#x})",
            f32::from_bits(b as u32)
        );
        // NaNs are one value in the model (x86 makes a negative one).
        let both_nan = class32(ours).0 && class32(cpu).0;
        let b_agrees = (class32(ours_before).0 && class32(b).0) || ours_before == b;
        match header(&prog, "cpu-before") {
            // A known difference between the HLO model and the machine, with its reason.
            Some(why) => println!("{stem}: before differs on XLA:CPU: {why}"),
            None if !b_agrees => {
                return Err(format!(
                    "{stem}: the interpreter's before = {before}, XLA:CPU without algsimp computes {b:#x}"
                )
                .into())
            }
            None => {}
        }
        let agree = if both_nan {
            true
        } else if c.instance.contains("libm") {
            class32(ours) == class32(cpu)
        } else {
            ours == cpu
        };
        println!(
            "{stem}: after = {after}, XLA:CPU = {:e} ({cpu:#x})",
            f32::from_bits(cpu as u32)
        );
        if !agree {
            return Err(format!(
                "{stem}: the interpreter's after = {after}, XLA:CPU computes {cpu:#x}"
            )
            .into());
        }
        compared += 1;
    }
    let _ = std::fs::remove_dir_all(&tmp);
    println!("{compared} counterexamples: XLA:CPU computes the interpreter's `after` value");
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
    trials.push(Trial::test("xla_cpu_agrees", xla_cpu_agrees));
    libtest_mimic::run(&args, trials).exit();
}
