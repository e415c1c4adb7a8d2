//! `corpus/mlir-real` is what `tools/mlir_real.py` makes: the tool is run again into a
//! temporary folder (`--check`) and every file must be byte-identical to the checked-in one.
//! Needs the project's `.venv` with jax, jaxlib and iree-base-compiler (tools/requirements.txt)
//! and mlir-opt-19; skips with a notice otherwise. A stable third of the programs is
//! regenerated (each goes through JAX, IREE and six mlir-opt runs); `TENSORPROOF_REGEN=all`
//! regenerates every one.

use std::path::Path;
use std::process::Command;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let python = root.join(".venv/bin/python");
    let has = |args: &[&str]| {
        Command::new(args[0])
            .args(&args[1..])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    let py = python.to_string_lossy();
    if !has(&[&py, "-c", "import jax, iree.compiler"]) {
        println!("notice: {py} with jax and iree-base-compiler is absent; skipping the regeneration of corpus/mlir-real");
        return;
    }
    if !has(&["mlir-opt-19", "--version"]) {
        println!("notice: mlir-opt-19 is absent; skipping the regeneration of corpus/mlir-real");
        return;
    }
    let mut programs: Vec<String> = std::fs::read_dir(root.join("corpus/mlir-real"))
        .expect("corpus/mlir-real")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    programs.sort();
    let mut args = vec!["tools/mlir_real.py", "corpus/mlir-real", "--check"];
    let only: String;
    if !std::env::var("TENSORPROOF_REGEN").is_ok_and(|v| v == "all") {
        only = programs
            .iter()
            .step_by(3)
            .cloned()
            .collect::<Vec<_>>()
            .join(",");
        println!(
            "notice: a stable third of the programs ({only}; TENSORPROOF_REGEN=all runs every one)"
        );
        args.extend(["--only", only.as_str()]);
    }
    let out = Command::new(&python)
        .current_dir(&root)
        .args(&args)
        .output()
        .expect("tools/mlir_real.py");
    print!("{}", String::from_utf8_lossy(&out.stdout));
    eprint!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "corpus/mlir-real differs from what tools/mlir_real.py makes (regenerate with `.venv/bin/python tools/mlir_real.py corpus/mlir-real`)"
    );
}
