//! The data-driven corpus: every `corpus/mlir/NAME.src.mlir` with its `NAME.tgt.mlir`; the
//! source's header `// expect: verified|refuted|unknown|vacuous` is the expected verdict of every
//! function. One test per pair; each pair is also checked against itself (never refuted). An
//! optional header `// reason: TEXT` must occur in every function's verdict text (an unknown's
//! reason, a refutation's counterexample).

use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn expected(text: &str) -> Option<String> {
    text.lines()
        .take_while(|l| l.starts_with("//"))
        .find_map(|l| l.trim_start_matches("//").trim().strip_prefix("expect:"))
        .map(|s| s.trim().to_string())
}

fn header(text: &str, key: &str) -> Option<String> {
    text.lines()
        .take_while(|l| l.starts_with("//"))
        .find_map(|l| l.trim_start_matches("//").trim().strip_prefix(key))
        .map(|s| s.trim().to_string())
}

fn verdicts(src: &str, tgt: &str) -> Result<Vec<String>, String> {
    let s = mlir::parse(src).map_err(|d| format!("source: {d:?}"))?;
    let t = mlir::parse(tgt).map_err(|d| format!("target: {d:?}"))?;
    let opts = mlirsem::Options {
        timeout: Duration::from_secs(20),
        ..Default::default()
    };
    Ok(mlirsem::check_pair(&s, &t, &opts)
        .into_iter()
        .map(|r| match &r.verdict {
            report::Verdict::Unknown { reason } => format!("unknown ({reason})"),
            report::Verdict::Refuted { counterexample } => format!("refuted ({counterexample:?})"),
            v => v.name().to_string(),
        })
        .collect())
}

fn run(src_path: &Path) -> Result<(), Failed> {
    let tgt_path = PathBuf::from(src_path.to_string_lossy().replace(".src.mlir", ".tgt.mlir"));
    let src = std::fs::read_to_string(src_path).map_err(|e| e.to_string())?;
    let tgt =
        std::fs::read_to_string(&tgt_path).map_err(|e| format!("{}: {e}", tgt_path.display()))?;
    let want = expected(&src).ok_or("no `// expect:` header")?;
    let reason = header(&src, "reason:");
    for v in verdicts(&src, &tgt)? {
        if !v.starts_with(&want) {
            return Err(format!("expected {want}, got {v}").into());
        }
        if reason.as_ref().is_some_and(|r| !v.contains(r.as_str())) {
            return Err(format!(
                "expected a verdict naming `{}`, got {v}",
                reason.unwrap_or_default()
            )
            .into());
        }
    }
    for (side, text) in [("source", &src), ("target", &tgt)] {
        for v in verdicts(text, text)? {
            if v.starts_with("refuted") || v == "error" {
                return Err(format!("the {side} against itself: {v}").into());
            }
        }
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/mlir");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus/mlir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".src.mlir"))
        .collect();
    files.sort();
    let trials = files
        .into_iter()
        .map(|p| {
            let name = p
                .file_name()
                .unwrap()
                .to_string_lossy()
                .replace(".src.mlir", "");
            Trial::test(name, move || run(&p))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
