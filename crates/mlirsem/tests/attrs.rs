//! The attribute declaration invariant (`mlirsem::attrs`): every attribute an op carries is
//! declared by its op's definition, or the verdict is unknown, naming the attribute, the op and
//! its FILE:LINE:COL; and the declarations are those the sources read.

use mlirsem::attrs::{declared, Use, DECLARED};
use report::Verdict;
use std::time::Duration;

fn check(src: &str, tgt: &str) -> Vec<Verdict> {
    let mut s = mlir::parse(src).expect("source parses");
    let mut t = mlir::parse(tgt).expect("target parses");
    s.file = "src.mlir".into();
    t.file = "tgt.mlir".into();
    let opts = mlirsem::Options {
        timeout: Duration::from_secs(20),
        ..Default::default()
    };
    mlirsem::check_pair(&s, &t, &opts)
        .into_iter()
        .map(|r| r.verdict)
        .collect()
}

fn reason(v: &Verdict) -> String {
    match v {
        Verdict::Unknown { reason } => reason.clone(),
        other => format!("not unknown: {other:?}"),
    }
}

/// The `.rs` files under `dir`, in its sub-folders too.
fn rust_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = vec![];
    for e in std::fs::read_dir(dir).expect("src") {
        let p = e.expect("entry").path();
        if p.is_dir() {
            out.extend(rust_files(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
    out
}

/// The attribute names the sources of mlirsem read by name: `attr("NAME")` and the helpers
/// that take the name (`attr4`, `int_attr`, `f32_attr`, `ints_attr`, `pair_attr`, `flags`, the slice
/// `get`), and `static_low`/`static_high`-style names passed as `name`.
fn names_read() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = vec![];
    let callers = [
        "attr(\"",
        "attr4(m, o, \"",
        "int_attr(cx.m, o, \"",
        "int_attr(m, o, \"",
        "f32_attr(m, o, \"",
        "ints_attr(cx.m, o, \"",
        "pair_attr(m, o, \"",
        "flags(op, \"",
        "get(\"static_",
    ];
    for p in rust_files(&dir) {
        let text = std::fs::read_to_string(&p).expect("source");
        let file = p.strip_prefix(&dir).unwrap().to_string_lossy().to_string();
        for c in callers {
            for (i, _) in text.match_indices(c) {
                let rest = &text[i + c.len()..];
                let name: String = rest
                    .chars()
                    .take_while(|ch| ch.is_ascii_alphanumeric() || *ch == '_')
                    .collect();
                let name = if c.ends_with("static_") {
                    format!("static_{name}")
                } else {
                    name
                };
                // Skip the placeholder of the module docs.
                if name != "NAME" {
                    out.push((file.clone(), name));
                }
            }
        }
    }
    out
}

#[test]
fn every_attribute_read_is_declared() {
    let read = names_read();
    assert!(read.len() > 30, "the scan found too few reads: {read:?}");
    for (file, name) in &read {
        let known = DECLARED
            .iter()
            .any(|(_, attrs)| attrs.iter().any(|(a, _)| a == name));
        assert!(
            known,
            "{file} reads attribute `{name}`, which no op declares in mlirsem::attrs"
        );
    }
}

#[test]
fn every_declared_attribute_is_read_or_meaning_free() {
    let read = names_read();
    // Read through a variable name: `gen.rs` (`static_low`/`static_high` of tensor.pad, in a
    // loop over both) and `tensor_ops.rs` (`permutation`/`dimensions` by op).
    let indirect = ["static_low", "static_high", "permutation"];
    for (op, attrs) in DECLARED {
        for (a, u) in attrs.iter() {
            if matches!(u, Use::MeaningFree(_)) || indirect.contains(a) {
                continue;
            }
            assert!(
                read.iter().any(|(_, n)| n == a),
                "{op} declares `{a}` as read, but no source reads it by that name"
            );
        }
    }
}

#[test]
fn undeclared_attributes_make_the_verdict_unknown() {
    let plain = "func.func @f(%a: i8, %b: i8) -> i8 {
  %r = arith.addi %a, %b : i8
  return %r : i8
}";
    let cases = [
        (
            "func.func @f(%a: i8, %b: i8) -> i8 {
  %r = arith.addi %a, %b {foo = 1 : i64} : i8
  return %r : i8
}",
            "target: unsupported attribute foo on arith.addi at tgt.mlir:2:8",
        ),
        (
            "func.func @f(%a: i8, %b: i8) -> i8 {
  %r = \"arith.addi\"(%a, %b) <{frobnicate}> : (i8, i8) -> i8
  return %r : i8
}",
            "target: unsupported attribute frobnicate on arith.addi at tgt.mlir:2:8",
        ),
        (
            "func.func @f(%a: i8, %b: i8) -> i8 attributes {llvm.emit_c_interface} {
  %r = arith.addi %a, %b : i8
  return %r : i8
}",
            "target: unsupported attribute llvm.emit_c_interface on func.func at tgt.mlir:1:1",
        ),
        (
            "func.func @f(%a: i8, %b: i8) -> i8 {
  %c = arith.constant {note = \"x\"} 1 : i8
  %r = arith.addi %a, %c : i8
  %s = arith.subi %r, %c : i8
  %t = arith.addi %s, %b : i8
  %u = arith.subi %t, %b : i8
  %v = arith.addi %u, %b : i8
  return %v : i8
}",
            "target: unsupported attribute note on arith.constant at tgt.mlir:2:8",
        ),
        (
            "func.func @g(%a: i8, %b: i8) -> i8 {
  %r = arith.addi %a, %b {inner} : i8
  return %r : i8
}
func.func @f(%a: i8, %b: i8) -> i8 {
  %r = func.call @g(%a, %b) : (i8, i8) -> i8
  return %r : i8
}",
            "unsupported attribute inner on arith.addi at tgt.mlir:2:8",
        ),
    ];
    let module_attr =
        "module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index, 32 : i32>>} {
func.func @f(%a: i8, %b: i8) -> i8 {
  %r = arith.addi %a, %b : i8
  return %r : i8
}
}";
    let vs = check(plain, module_attr);
    assert!(
        reason(&vs[0]).contains(
            "target: unsupported attribute dlti.dl_spec on builtin.module at tgt.mlir:1:"
        ),
        "{}",
        reason(&vs[0])
    );
    for (tgt, want) in cases {
        let vs = check(plain, tgt);
        let f = vs.last().expect("a verdict");
        assert!(reason(f).contains(want), "{want}\ngot: {}", reason(f));
    }
    // In a linalg.generic body, on a tosa op, in the source.
    let src = "#id = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<4xi8>) -> tensor<4xi8> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = [\"parallel\"]}
      ins(%x : tensor<4xi8>) outs(%x : tensor<4xi8>) {
  ^bb0(%a: i8, %o: i8):
    %s = arith.addi %a, %a {weird} : i8
    linalg.yield %s : i8
  } -> tensor<4xi8>
  %t = \"tosa.add\"(%r, %x) {mode = 3 : i32} : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  return %t : tensor<4xi8>
}";
    let vs = check(src, src);
    assert!(
        reason(&vs[0])
            .contains("source: unsupported attribute weird on arith.addi at src.mlir:6:10"),
        "{}",
        reason(&vs[0])
    );
}

#[test]
fn meaning_free_attributes_are_declared_with_a_reason() {
    for (op, a) in [
        ("memref.alloc", "alignment"),
        ("memref.global", "alignment"),
        ("memref.load", "nontemporal"),
        ("memref.store", "nontemporal"),
        ("tensor.pad", "nofold"),
    ] {
        assert!(
            matches!(declared(op, a), Some(Use::MeaningFree(why)) if !why.is_empty()),
            "{op} {a}"
        );
    }
    assert_eq!(declared("arith.addi", "overflowFlags"), Some(Use::Read));
    assert_eq!(declared("arith.divui", "exact"), None);
    // MLIR 19 honours `cast` on linalg.matmul only.
    assert_eq!(declared("linalg.matmul", "cast"), Some(Use::Read));
    for op in [
        "linalg.batch_matmul",
        "linalg.dot",
        "linalg.conv_2d_nhwc_hwcf",
    ] {
        assert_eq!(declared(op, "cast"), None, "{op}");
    }
    assert_eq!(declared("arith.extui", "nneg"), None);
}

#[test]
fn target_ub_names_the_op_and_its_location() {
    let src = "func.func @f(%x: i32, %y: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %z = arith.cmpi eq, %y, %c0 : i32
  %safe = arith.select %z, %x, %y : i32
  %q = arith.divsi %x, %safe : i32
  return %q : i32
}";
    let tgt = "func.func @f(%x: i32, %y: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %z = arith.cmpi eq, %y, %c0 : i32
  %q0 = arith.divsi %x, %y : i32
  %q1 = arith.divsi %x, %x : i32
  %q = arith.select %z, %q1, %q0 : i32
  return %q : i32
}";
    let vs = check(src, tgt);
    let text = format!("{:?}", vs[0]);
    assert!(matches!(vs[0], Verdict::Refuted { .. }), "{text}");
    assert!(
        text.contains("the target has undefined behaviour where the source has none: arith.divsi at tgt.mlir:"),
        "{text}"
    );
}
