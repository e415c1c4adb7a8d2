//! `corpus/mlir-real` is what `tools/mlir_real.py` makes: the tool is run again into a
//! temporary folder (`--check`) and every file must be byte-identical to the checked-in one.
//! Needs the project's `.venv` with jax, jaxlib and iree-base-compiler (tools/requirements.txt)
//! and mlir-opt-19; skips with a notice otherwise.

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
    let out = Command::new(&python)
        .current_dir(&root)
        .args(["tools/mlir_real.py", "corpus/mlir-real", "--check"])
        .output()
        .expect("tools/mlir_real.py");
    print!("{}", String::from_utf8_lossy(&out.stdout));
    eprint!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "corpus/mlir-real differs from what tools/mlir_real.py makes (regenerate with `.venv/bin/python tools/mlir_real.py corpus/mlir-real`)"
    );
}
