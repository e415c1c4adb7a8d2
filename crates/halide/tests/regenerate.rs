//! When Python and `halide==21.0.0` are available (`$TENSORPROOF_PYTHON`, else
//! `<workspace>/.venv/bin/python`), every pipeline of `corpus/halide/pipelines` is exported
//! again with `tools/halide_export.py` and must give byte-identical `.spec`/`.stmt` files: the
//! test fails if Halide's output changed. Without them it skips with a notice.

mod common;

use common::{python, root};
use std::path::PathBuf;
use std::process::Command;

#[test]
fn exported_files_match_halide() {
    let Some(py) = python() else {
        println!("skipped: no Python with `halide` (set TENSORPROOF_PYTHON or create .venv from tools/requirements.txt)");
        return;
    };
    // The exporter compiles its shim for exact float constants (tools/halide_exact.cpp)
    // with `c++`; without one it keeps Halide's 6-decimal text, which differs from the
    // checked-in files.
    if Command::new("c++").arg("--version").output().is_err() {
        println!("skipped: no C++ compiler `c++` (tools/halide_export.py needs one for exact float constants; .ci/run installs g++)");
        return;
    }
    let tmp =
        std::env::temp_dir().join(format!("tensorproof-halide-export-{}", std::process::id()));
    let pipelines = root().join("corpus/halide/pipelines");
    let mut mods: Vec<PathBuf> = std::fs::read_dir(&pipelines)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .collect();
    mods.sort();
    // A few modules at a time (each lowers its schedules in parallel processes too): all at
    // once put dozens of Python processes on a shared two-core machine.
    let width = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .max(2);
    let mut diffs = Vec::new();
    let mut n = 0;
    let mut exported = Vec::new();
    for chunk in mods.chunks(width) {
        let runs: Vec<_> = chunk
            .iter()
            .map(|m| {
                let child = Command::new(&py)
                    .arg(root().join("tools/halide_export.py"))
                    .arg(m)
                    .arg(&tmp)
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .expect("run the exporter");
                (m, child)
            })
            .collect();
        for (m, child) in runs {
            let out = child.wait_with_output().expect("wait for the exporter");
            assert!(
                out.status.success(),
                "{}: {}",
                m.display(),
                String::from_utf8_lossy(&out.stderr)
            );
            for name in String::from_utf8_lossy(&out.stdout).lines() {
                exported.push(name.to_string());
                for ext in ["spec", "stmt"] {
                    let fresh = std::fs::read_to_string(tmp.join(format!("{name}.{ext}"))).unwrap();
                    let kept =
                        std::fs::read_to_string(root().join(format!("corpus/halide/{name}.{ext}")))
                            .unwrap_or_default();
                    if fresh != kept {
                        diffs.push(format!("{name}.{ext}"));
                    }
                    n += 1;
                }
            }
        }
    }
    // Every committed exported statement comes from a module's schedule (none left behind).
    for e in std::fs::read_dir(root().join("corpus/halide")).unwrap() {
        let p = e.unwrap().path();
        let text = std::fs::read_to_string(&p).unwrap_or_default();
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        if p.extension().is_some_and(|x| x == "stmt")
            && text.starts_with("# statement exported by tools/halide_export.py")
            && !exported.contains(&name)
        {
            diffs.push(format!("{name}.stmt (no module exports it any more)"));
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(n > 0);
    assert!(
        diffs.is_empty(),
        "Halide's output changed for: {}",
        diffs.join(", ")
    );
}
