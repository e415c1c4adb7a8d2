//! What the xla tests share: the Python that runs JAX, the check of an edited corpus pair.

use std::path::{Path, PathBuf};

/// The Python that runs tools/xla_dump.py, if one with jax 0.7.1 is present
/// (TENSORPROOF_PYTHON, else the repository's .venv).
#[allow(dead_code)] // not every test binary that includes this module runs JAX
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

/// The verdict of `corpus/xla/NAME`'s after module with `from` replaced by `to`, against its
/// before module.
#[allow(dead_code)] // not every test binary that includes this module edits pairs
pub fn edited(name: &str, from: &str, to: &str) -> report::Verdict {
    let text = |ext: &str| {
        let p =
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../corpus/xla/{name}.{ext}"));
        std::fs::read_to_string(p).expect("corpus/xla")
    };
    let (bt, at) = (text("before.hlo"), text("after.hlo"));
    assert!(at.contains(from), "{from}");
    let et = at.replace(from, to);
    let (bm, em) = (
        xla::parse_module(&bt).unwrap(),
        xla::parse_module(&et).unwrap(),
    );
    xla::check_pair(
        &xla::Input {
            file: "before",
            text: &bt,
            module: &bm,
        },
        &xla::Input {
            file: "edited",
            text: &et,
            module: &em,
        },
        &xla::Options::default(),
    )
}
