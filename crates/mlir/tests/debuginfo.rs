//! `mlir-opt-19 --mlir-print-debuginfo` output parses (location aliases at the top and bottom
//! of the module, `loc(#locN)` after ops, arguments and regions), in custom and generic form,
//! with the same ops as the original and every op's location resolved to its text.
//! Skipped with a notice when `mlir-opt-19` is not on PATH.

use std::path::PathBuf;
use std::process::Command;

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus/mlir")
}

fn print(file: &str, generic: bool) -> Option<String> {
    let mut cmd = Command::new("mlir-opt-19");
    cmd.current_dir(corpus()).arg("--mlir-print-debuginfo");
    if generic {
        cmd.arg("--mlir-print-op-generic");
    }
    let out = cmd.arg(file).output().ok()?;
    if !out.status.success() {
        // Said, so that a run where every print fails shows why.
        eprintln!(
            "mlir-opt-19 --mlir-print-debuginfo {file} failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
    }
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

fn in_short_body(m: &mlir::Module, o: mlir::OpId) -> bool {
    let Some(b) = m.op(o).parent else {
        return false;
    };
    let parent = m.op(m.region(m.block(b).parent).parent);
    matches!(parent.name.as_str(), "linalg.map" | "linalg.reduce")
}

#[test]
fn debuginfo_prints_parse_with_locations() {
    let works = Command::new("mlir-opt-19")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !works {
        println!(
            "notice: mlir-opt-19 is not on PATH (or does not run); debug-location prints skipped"
        );
        return;
    }
    let files = [
        "broadcast.src.mlir",
        "float-reassoc.src.mlir",
        "affine-ceildiv.src.mlir",
        "linalg-map-short.src.mlir",
        "scf-for-sum.src.mlir",
        "tosa-maxpool-float-lowered.src.mlir",
    ];
    let mut checked = 0;
    for f in files {
        let Ok(orig) = std::fs::read_to_string(corpus().join(f)) else {
            continue;
        };
        let plain = mlir::parse(&orig).unwrap_or_else(|d| panic!("{f}: {d:?}"));
        let count = |m: &mlir::Module| m.walk().len();
        for generic in [false, true] {
            let Some(text) = print(f, generic) else {
                continue;
            };
            let m = mlir::parse(&text).unwrap_or_else(|d| panic!("{f} (generic {generic}): {d:?}"));
            assert_eq!(count(&m), count(&plain), "{f}");
            for o in m.walk() {
                if m.op(o).name == "builtin.module" {
                    continue;
                }
                let Some(loc) = m.op(o).loc.clone() else {
                    // The body of the short form `linalg.map { arith.subf }` is not written out.
                    assert!(!generic && in_short_body(&m, o), "{f}: no loc");
                    continue;
                };
                assert!(loc.starts_with(&format!("\"{f}\":")), "{f}: {loc}");
                assert!(m.op_location(o).contains(&loc));
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} prints checked");
}

#[test]
fn fused_named_and_callsite_locations() {
    let src = r#"#loc = loc("a.mlir":1:1)
#loc1 = loc(fused<"x">[#loc, "b.mlir":2:2])
func.func @f(%a: f32 loc("a.mlir":1:2)) -> f32 {
  %0 = arith.addf %a, %a : f32 loc(#loc1)
  %1 = arith.mulf %0, %0 : f32 loc("name"("c.mlir":3:3))
  %2 = arith.subf %1, %0 : f32 loc(callsite("g"("d.mlir":4:4) at #loc))
  return %2 : f32 loc(unknown)
} loc(#loc2)
#loc2 = loc("a.mlir":9:9)
"#;
    let m = mlir::parse(src).unwrap();
    let locs: Vec<Option<String>> = m.walk().iter().map(|&o| m.op(o).loc.clone()).collect();
    let want = [
        Some(r#""a.mlir":9:9"#),
        Some(r#"fused<"x">[#loc, "b.mlir":2:2]"#),
        Some(r#""name"("c.mlir":3:3)"#),
        Some(r#"callsite("g"("d.mlir":4:4) at #loc)"#),
        Some("unknown"),
    ];
    let want: Vec<Option<String>> = want.iter().map(|s| s.map(String::from)).collect();
    assert_eq!(locs, want);
    // An undefined location alias is an error, as in MLIR.
    let bad = "func.func @f(%a: f32) -> f32 {\n  return %a : f32 loc(#nope)\n}\n";
    let d = mlir::parse(bad).unwrap_err();
    assert!(d[0].message.contains("undefined location alias"), "{d:?}");
}
