//! What the tests that run JAX share.

use std::path::{Path, PathBuf};

/// The Python that runs tools/xla_dump.py, if one with jax 0.7.1 is present
/// (TENSORPROOF_PYTHON, else the repository's .venv).
pub fn python() -> Option<PathBuf> {
    let p = std::env::var_os("TENSORPROOF_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../.venv/bin/python"));
    let ok = std::process::Command::new(&p)
        .args(["-c", "import jax; assert jax.__version__ == '0.7.1'"])
        .output()
        .is_ok_and(|o| o.status.success());
    ok.then_some(p)
}
