//! The differential test of issue 11: every corpus kernel expected `verified` runs in Triton's
//! CPU interpreter (`tensorproof lift --differential`, `tools/lift_differential.py`) on random
//! inputs of several sizes, and must agree with its lifted NumPy formula (a kernel not verified
//! whose header says `# differential: formula`, with its header formula). Skips, saying why,
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
        // A kernel verified only against its header's formula (`# synthesized: unknown`: the
        // synthesized one is wrong, and its replay says so) is compared through that formula
        // below (`# differential: formula`), not through the synthesized one.
        .filter(|p| {
            !std::fs::read_to_string(p)
                .unwrap()
                .lines()
                .take_while(|l| l.starts_with('#'))
                .any(|l| l.trim() == "# synthesized: unknown")
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
    // Kernels not verified whose header asks for it (`# differential: formula`) are compared
    // through their header's formula (`--expect`): what the kernel should compute.
    for p in std::fs::read_dir(root().join("corpus/lift")).unwrap() {
        let p = p.unwrap().path();
        let text = std::fs::read_to_string(&p).unwrap();
        let header: Vec<&str> = text.lines().take_while(|l| l.starts_with('#')).collect();
        if !header.iter().any(|l| l.trim() == "# differential: formula") {
            continue;
        }
        let formula = header
            .iter()
            .find_map(|l| l.strip_prefix("# formula:"))
            .expect("a `# formula:` header")
            .trim();
        let file = format!("corpus/lift/{}", p.file_name().unwrap().to_string_lossy());
        let out = Command::new(env!("CARGO_BIN_EXE_tensorproof"))
            .args([
                "lift",
                "--differential",
                "--json",
                "-q",
                "--expect",
                formula,
                &file,
            ])
            .current_dir(root())
            .output()
            .expect("run tensorproof");
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            let r: serde_json::Value = serde_json::from_str(line).unwrap();
            if r["record"] != "result" {
                continue;
            }
            match r["differential"]["status"].as_str() {
                Some("agree") => agree += 1,
                _ => failures.push(format!("{file}: {}", r["differential"])),
            }
        }
    }
    eprintln!("{agree} kernels agree with Triton's interpreter");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(agree >= 30, "only {agree} kernels compared:\n{stdout}");
}

/// Refutations by memory faults are run in Triton's interpreter at their counterexamples and
/// must be seen there (`confirmed`): loads and stores past a tensor, 2-D and block-pointer
/// reads, and races between programs (`tools/lift_memcheck.py`).
#[test]
fn memory_refutations_are_confirmed_in_triton_interpreter() {
    let probe = Command::new(python())
        .args(["-c", "import triton, numpy"])
        .current_dir(root())
        .output();
    if !probe.map(|o| o.status.success()).unwrap_or(false) {
        eprintln!("skipped: {} cannot import triton and numpy", python());
        return;
    }
    let files = [
        "wrong_add_off_by_one.py",
        "wrong_mul_unmasked_store.py",
        "wrong_add_block_ptr_unchecked.py",
        "wrong_matmul_transposed.py",
        "wrong_softmax_2d_no_row_mask.py",
        "wrong_overlap.py",
        "wrong_unrolled_grid.py",
        "wrong_transpose_unswapped.py",
    ];
    let paths: Vec<String> = files.iter().map(|f| format!("corpus/lift/{f}")).collect();
    let out = Command::new(env!("CARGO_BIN_EXE_tensorproof"))
        .args(["lift", "--differential", "--json", "-q"])
        .args(&paths)
        .current_dir(root())
        .output()
        .expect("run tensorproof");
    let mut confirmed = vec![];
    let mut failures = vec![];
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        if r["record"] != "result" || r["verdict"] != "refuted" {
            continue;
        }
        match r["differential"]["status"].as_str() {
            Some("confirmed") => confirmed.push(r["file"].to_string()),
            _ => failures.push(format!(
                "{} {}: {}",
                r["file"], r["kernel"], r["differential"]
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(confirmed.len(), files.len(), "{confirmed:?}");
}
