//! The differential test of issue 11: every corpus kernel expected `verified` runs in Triton's
//! CPU interpreter (`tensorproof lift --differential`, `tools/lift_differential.py`) on random
//! inputs of several sizes, and must agree with its lifted NumPy formula. Skips, saying why,
//! where the Python (`$TENSORPROOF_PYTHON`, else `.venv/bin/python`) or Triton is absent.

use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn python() -> String {
    std::env::var("TENSORPROOF_PYTHON").unwrap_or_else(|_| ".venv/bin/python".into())
}

#[test]
fn corpus_agrees_with_triton_interpreter() {
    let probe = Command::new(python())
        .args(["-c", "import triton, numpy"])
        .current_dir(root())
        .output();
    if !probe.map(|o| o.status.success()).unwrap_or(false) {
        eprintln!(
            "skipped: {} cannot import triton and numpy (run .ci/run, or set TENSORPROOF_PYTHON)",
            python()
        );
        return;
    }
    let mut files: Vec<String> = std::fs::read_dir(root().join("corpus/lift"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .filter(|p| {
            std::fs::read_to_string(p)
                .unwrap()
                .lines()
                .take_while(|l| l.starts_with('#'))
                .any(|l| l.trim() == "# expect: verified")
        })
        .map(|p| format!("corpus/lift/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "{files:?}");
    let mut args = vec!["lift", "--differential", "--json", "-q"];
    args.extend(files.iter().map(String::as_str));
    let out = Command::new(env!("CARGO_BIN_EXE_tensorproof"))
        .args(&args)
        .current_dir(root())
        .output()
        .expect("run tensorproof");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut agree = 0;
    let mut failures = vec![];
    for line in stdout.lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        if r["record"] != "result" {
            continue;
        }
        let what = format!("{} {}", r["file"], r["kernel"]);
        match r["differential"]["status"].as_str() {
            Some("agree") => agree += 1,
            Some("skipped") => eprintln!(
                "{what}: differential skipped: {}",
                r["differential"]["reason"]
            ),
            None if r["numpy"].is_null() && r["formula"].is_null() => {
                eprintln!("{what}: no formula to compare ({})", r["verdict"])
            }
            _ => failures.push(format!("{what}: {}", r["differential"])),
        }
    }
    eprintln!("{agree} kernels agree with Triton's interpreter");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(agree >= 30, "only {agree} kernels compared:\n{stdout}");
}
