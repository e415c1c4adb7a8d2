//! Real-size inputs never crash: generated functions of 100,000 ops (dependent chains of
//! `arith.addi`/`arith.addf` on scalars and tensors, independent ops), and deep region
//! nesting, are checked on a thread with an 8 MiB stack and give a verdict: `verified` where
//! the source is checked against itself or the encoding is small, otherwise `unknown` with the
//! bound that was reached ("query too deep", "tensor ops chained too deep"). Walks are
//! iterative or bounded (`smt::MAX_DEPTH`, `mlirsem::MAX_TENSOR_CHAIN`, `mlir::MAX_DEPTH`).

use report::Verdict;
use std::time::Duration;

/// `%vI = OP %v(I-1), %b` for `n` ops; the last op is `last` when given.
fn chain(n: usize, op: &str, ty: &str, last: Option<&str>) -> String {
    let mut s = format!("func.func @f(%a: {ty}, %b: {ty}) -> {ty} {{\n");
    let mut prev = "%a".to_string();
    for i in 0..n {
        let o = if i + 1 == n { last.unwrap_or(op) } else { op };
        s += &format!("  %v{i} = {o} {prev}, %b : {ty}\n");
        prev = format!("%v{i}");
    }
    s + &format!("  return {prev} : {ty}\n}}\n")
}

/// `n` independent ops on the arguments; the result combines the first and the last.
fn independent(n: usize, last: &str) -> String {
    let mut s = "func.func @f(%a: i32, %b: i32) -> i32 {\n".to_string();
    for i in 0..n {
        s += &format!("  %v{i} = arith.addi %a, %b : i32\n");
    }
    s + &format!(
        "  %w = {last} %v0, %v{} : i32\n  return %w : i32\n}}\n",
        n - 1
    )
}

/// `n` nested `scf.if`s, the innermost computing `op`.
fn nested(n: usize, op: &str) -> String {
    let mut s = "func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {\n".to_string();
    for i in 0..n {
        s += &format!("%r{i} = scf.if %c -> (i32) {{\n");
    }
    s += &format!("%x = {op} %a, %b : i32\nscf.yield %x : i32\n");
    for i in (0..n).rev() {
        s += "} else {\nscf.yield %a : i32\n}\n";
        if i > 0 {
            s += &format!("scf.yield %r{i} : i32\n");
        }
    }
    s + "return %r0 : i32\n}\n"
}

/// The verdicts of `src` against `tgt`, computed on a thread with an 8 MiB stack.
fn check(src: String, tgt: String) -> Vec<Verdict> {
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || {
            let s = mlir::parse(&src).expect("source parses");
            let t = mlir::parse(&tgt).expect("target parses");
            let opts = mlirsem::Options {
                timeout: Duration::from_secs(20),
                ..Default::default()
            };
            mlirsem::check_pair(&s, &t, &opts)
                .into_iter()
                .map(|r| r.verdict)
                .collect()
        })
        .unwrap()
        .join()
        .expect("no crash")
}

fn unknown_with(v: &[Verdict], why: &str) {
    match v {
        [Verdict::Unknown { reason }] => assert!(reason.contains(why), "{reason}"),
        other => panic!("expected unknown ({why}), got {other:?}"),
    }
}

fn verified(v: &[Verdict]) {
    assert!(matches!(v, [Verdict::Verified { .. }]), "{v:?}");
}

const N: usize = 100_000;

#[test]
fn scalar_chains_of_100k_ops() {
    for (op, wrong, ty) in [
        ("arith.addi", "arith.subi", "i32"),
        ("arith.addf", "arith.subf", "f32"),
    ] {
        let src = chain(N, op, ty, None);
        verified(&check(src.clone(), src.clone()));
        unknown_with(&check(src, chain(N, op, ty, Some(wrong))), "query too deep");
    }
}

#[test]
fn scalar_chains_within_the_depth_bound_are_decided() {
    // 600 `addi` give terms about 1200 deep: within `smt::MAX_DEPTH`, refuted with a replay.
    let v = check(
        chain(600, "arith.addi", "i32", None),
        chain(600, "arith.addi", "i32", Some("arith.subi")),
    );
    assert!(matches!(v[..], [Verdict::Refuted { .. }]), "{v:?}");
}

#[test]
fn tensor_chains_of_100k_ops() {
    let ty = "tensor<4xf32>";
    let src = chain(N, "arith.addf", ty, None);
    let bad = chain(N, "arith.addf", ty, Some("arith.subf"));
    unknown_with(&check(src.clone(), src), "tensor ops chained too deep");
    unknown_with(
        &check(chain(N, "arith.addf", ty, None), bad),
        "tensor ops chained too deep",
    );
}

#[test]
fn tensor_chains_at_the_chain_bound_fit_the_stack() {
    let n = mlirsem::MAX_TENSOR_CHAIN;
    let ty = "tensor<4xf32>";
    let src = chain(n, "arith.addf", ty, None);
    verified(&check(src.clone(), src));
    let v = check(
        chain(n, "arith.addf", ty, None),
        chain(n, "arith.addf", ty, Some("arith.subf")),
    );
    assert!(
        matches!(v[..], [Verdict::Refuted { .. }] | [Verdict::Unknown { .. }]),
        "{v:?}"
    );
}

#[test]
fn independent_100k_ops() {
    let src = independent(N, "arith.addi");
    verified(&check(src.clone(), src.clone()));
    let v = check(src, independent(N, "arith.subi"));
    assert!(matches!(v[..], [Verdict::Refuted { .. }]), "{v:?}");
}

#[test]
fn deep_region_nesting() {
    let depth = mlir::MAX_DEPTH - 8;
    let src = nested(depth, "arith.addi");
    verified(&check(src.clone(), src.clone()));
    let v = check(src, nested(depth, "arith.subi"));
    assert!(matches!(v[..], [Verdict::Refuted { .. }]), "{v:?}");
    // Beyond the parser's bound: a diagnostic, not a crash.
    let deeper = nested(mlir::MAX_DEPTH + 1, "arith.addi");
    let d = mlir::parse(&deeper).unwrap_err();
    assert!(d.iter().any(|d| d.message == "nesting too deep"), "{d:?}");
}
