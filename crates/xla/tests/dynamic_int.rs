//! `dynamic-slice` and `dynamic-update-slice` with start indices from operands, fixed-width
//! integers that wrap around, and the f16/bf16 arithmetic model: the corpus pairs
//! (`dynamic_slice`, `kv_cache`, `int_wrap`, `half_arith`, `pool`: general `reduce-window`,
//! verified as XLA:CPU prints them)
//! with edits that change their meaning are refuted by a replayed counterexample, and the
//! interpreter computes what XLA:CPU computed (measured with jax 0.7.1) on the corner cases.

mod common;
use common::edited;

use std::collections::BTreeMap;
use tensor::{Concrete, ConcreteTensor, Format, Scalar};
use xla::{lower, output_element, parse_module, Mode};

#[test]
fn edited_dynamic_slices_are_refuted() {
    for (name, from, to) in [
        // A negative start wrapped by 7 instead of the dimension's 8.
        (
            "dynamic_slice",
            "%constant.0 = s32[] constant(8)",
            "%constant.0 = s32[] constant(7)",
        ),
        // The update's start indices swapped between the dimensions.
        (
            "dynamic_slice",
            "(%param_0, %param_1, %select_n.0, %constant.1)",
            "(%param_0, %param_1, %constant.1, %select_n.0)",
        ),
        // The window read from `pos - 2` instead of `pos - 3`.
        (
            "kv_cache",
            "%constant.3 = s32[] constant(-3)",
            "%constant.3 = s32[] constant(-2)",
        ),
        // XLA's folded `pos - 3 + 16` made `pos + 12`.
        (
            "kv_cache",
            "%constant.2 = s32[] constant(13)",
            "%constant.2 = s32[] constant(12)",
        ),
    ] {
        let v = edited(name, from, to);
        assert_eq!(v.name(), "refuted", "{name}: {from} -> {to}: {v:?}");
    }
}

#[test]
fn edited_integer_programs_are_refuted() {
    for (name, from, to) in [
        ("int_wrap", "u8[] constant(200)", "u8[] constant(199)"),
        ("int_wrap", "s8[8]{0} maximum(", "s8[8]{0} minimum("),
        ("int_wrap", "s8[8]{0} divide(", "s8[8]{0} remainder("),
        // An f16 product's operand halved in bf16 instead.
        ("half_arith", "f16[] constant(0.5)", "f16[] constant(0.25)"),
    ] {
        let v = edited(name, from, to);
        assert_eq!(v.name(), "refuted", "{name}: {from} -> {to}: {v:?}");
    }
}

#[test]
fn edited_pools_are_refuted() {
    for (from, to) in [
        // SAME padding moved to the low side: other windows.
        ("pad=0_0x0_1x0_1x0_0", "pad=0_0x1_0x1_0x0_0"),
        // The max pool padded with 0 instead of -inf.
        (
            "%constant.5 = f32[] constant(-inf)",
            "%constant.5 = f32[] constant(0)",
        ),
        // The max pool's window dilated: other elements.
        (
            "stride=1x2x2x1 pad=0_0x0_1x0_1x0_0",
            "stride=1x2x2x1 pad=0_0x1_2x1_2x0_0 rhs_dilate=1x2x2x1",
        ),
    ] {
        let v = edited("pool", from, to);
        assert_eq!(v.name(), "refuted", "pool: {from} -> {to}: {v:?}");
    }
}

/// `ENTRY` applying `op` to two `ty[n]` parameters.
fn binary_module(op: &str, ty: &str, n: usize) -> String {
    format!(
        "HloModule m\n\nENTRY main {{\n  a = {ty}[{n}]{{0}} parameter(0)\n  \
         b = {ty}[{n}]{{0}} parameter(1)\n  ROOT c = {ty}[{n}]{{0}} {op}(a, b)\n}}\n"
    )
}

/// The interpreter's output of `binary_module(op, ty)` on `a`, `b`.
fn run(op: &str, ty: &str, a: &[Scalar], b: &[Scalar]) -> Vec<Scalar> {
    let m = parse_module(&binary_module(op, ty, a.len())).unwrap();
    let l = lower(&mut Concrete::new(BTreeMap::new()), &m, Mode { ftz: true }).unwrap();
    let axes = vec![("d0".to_string(), a.len() as i128)];
    let inputs = BTreeMap::from([
        (
            "p0".to_string(),
            ConcreteTensor {
                axes: axes.clone(),
                data: a.to_vec(),
            },
        ),
        (
            "p1".to_string(),
            ConcreteTensor {
                axes,
                data: b.to_vec(),
            },
        ),
    ]);
    (0..a.len())
        .map(|i| output_element(&l, &inputs, 0, &[i as i128]).unwrap().value)
        .collect()
}

fn ints(xs: &[i128]) -> Vec<Scalar> {
    xs.iter().map(|i| Scalar::Int(*i)).collect()
}

#[test]
fn integer_division_as_xla_cpu() {
    // XLA:CPU (jax 0.7.1), `lax.div`, `lax.rem`, `+`, `*` on these s32, u32 and s8 operands.
    let (min, max) = (i32::MIN as i128, i32::MAX as i128);
    let (a, b) = (ints(&[7, -7, min, max, 5]), ints(&[0, 0, -1, 0, 2]));
    assert_eq!(run("divide", "s32", &a, &b), ints(&[-1, -1, min, -1, 2]));
    assert_eq!(run("remainder", "s32", &a, &b), ints(&[7, -7, 0, max, 1]));
    assert_eq!(run("add", "s32", &a, &b), ints(&[7, -7, max, max, 7]));
    assert_eq!(run("multiply", "s32", &a, &a), ints(&[49, 49, 0, 1, 25]));
    let umax = u32::MAX as i128;
    let (a, b) = (ints(&[7, 7, 0, umax, 5]), ints(&[0, 0, 3, 0, 2]));
    assert_eq!(
        run("divide", "u32", &a, &b),
        ints(&[umax, umax, 0, umax, 2])
    );
    assert_eq!(run("remainder", "u32", &a, &b), ints(&[7, 7, 0, umax, 1]));
    let (a, b) = (ints(&[7, -7, -128, 127, 5]), ints(&[0, 0, -1, 0, 2]));
    assert_eq!(run("divide", "s8", &a, &b), ints(&[-1, -1, -128, -1, 2]));
    assert_eq!(run("add", "s8", &a, &b), ints(&[7, -7, 127, 127, 7]));
    assert_eq!(run("multiply", "s8", &a, &a), ints(&[49, 49, 0, 1, 25]));
}

#[test]
fn half_precision_subnormals_as_xla_cpu() {
    // XLA:CPU computes f16 and bf16 ops in f32 and rounds: an f16 subnormal is an f32 normal
    // and is kept (`s * 1 = s`, `s + s = 2s`); a bf16 subnormal is an f32 subnormal and is
    // flushed under FTZ/DAZ (both give 0). Measured with jax 0.7.1.
    let f16 = |b: u64| Scalar::Float(Format::F16, b);
    let bf16 = |b: u64| Scalar::Float(Format::BF16, b);
    let one16 = Format::F16.from_int(1);
    assert_eq!(
        run("multiply", "f16", &[f16(1)], &[f16(one16)]),
        vec![f16(1)]
    );
    assert_eq!(run("add", "f16", &[f16(1)], &[f16(1)]), vec![f16(2)]);
    let one_bf = Format::BF16.from_int(1);
    assert_eq!(
        run("multiply", "bf16", &[bf16(1)], &[bf16(one_bf)]),
        vec![bf16(0)]
    );
    assert_eq!(run("add", "bf16", &[bf16(1)], &[bf16(1)]), vec![bf16(0)]);
}
