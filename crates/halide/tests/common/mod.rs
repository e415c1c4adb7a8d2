//! What the tests that run Halide's exporter share: the workspace root and a Python with
//! `halide` (`$TENSORPROOF_PYTHON`, else `<workspace>/.venv/bin/python`).

use std::path::{Path, PathBuf};
use std::process::Command;

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub fn python() -> Option<PathBuf> {
    let p = match std::env::var_os("TENSORPROOF_PYTHON") {
        Some(p) => PathBuf::from(p),
        None => root().join(".venv/bin/python"),
    };
    let ok = Command::new(&p)
        .args(["-c", "import halide"])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    ok.then_some(p)
}
