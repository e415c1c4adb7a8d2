//! `convert`: the interpreter computes what XLA:CPU computed on special values (measured with
//! jax 0.7.1: truncation toward zero, saturation, NaN to 0; RNE between float formats), and
//! edited variants of `corpus/xla/convert_bf16` and `convert_int` (verified as XLA:CPU prints
//! them) whose meaning differs are refuted by a replayed counterexample.

mod common;
use common::edited;

use std::collections::BTreeMap;
use tensor::{Concrete, ConcreteTensor, Format, Scalar};
use xla::{lower, output_element, parse_module, Mode};

#[test]
fn edited_converts_are_refuted() {
    for (name, from, to) in [
        // bf16 round trip made an f16 one: another rounding.
        ("convert_bf16", "bf16[8]{0} convert(", "f16[8]{0} convert("),
        // int32 made int8: saturates at 127.
        (
            "convert_int",
            "s32[8]{0} convert(%mul.0)",
            "s8[8]{0} convert(%mul.0)",
        ),
    ] {
        let v = edited(name, from, to);
        assert_eq!(v.name(), "refuted", "{name}: {from} -> {to}: {v:?}");
    }
    // The second output (the s32 itself) made u8: the modules' signatures differ, since
    // integers have their widths.
    let v = edited(
        "convert_int",
        "s32[8]{0} convert(%mul.1)",
        "u8[8]{0} convert(%mul.1)",
    );
    let report::Verdict::Unknown { reason } = &v else {
        panic!("{v:?}")
    };
    assert!(reason.contains("element type"), "{reason}");
    let v = edited(
        "convert_int",
        "s32[8]{0} convert(%mul.0)",
        "u64[8]{0} convert(%mul.0)",
    );
    let report::Verdict::Unknown { reason } = v else {
        panic!("{v:?}")
    };
    assert!(reason.contains("u64"), "{reason}");
}

/// `ENTRY` converting an `f32[n]` parameter to `ty`.
fn convert_module(ty: &str, n: usize) -> String {
    format!(
        "HloModule m\n\nENTRY main {{\n  x = f32[{n}]{{0}} parameter(0)\n  \
         ROOT c = {ty}[{n}]{{0}} convert(x)\n}}\n"
    )
}

/// The interpreter's output of `convert_module(ty)` on `xs`.
fn run(ty: &str, xs: &[f32], ftz: bool) -> Vec<Scalar> {
    let m = parse_module(&convert_module(ty, xs.len())).unwrap();
    let l = lower(&mut Concrete::new(BTreeMap::new()), &m, Mode { ftz }).unwrap();
    let data = xs
        .iter()
        .map(|x| Scalar::Float(Format::F32, x.to_bits() as u64))
        .collect();
    let axes = vec![("d0".to_string(), xs.len() as i128)];
    let inputs = BTreeMap::from([("p0".to_string(), ConcreteTensor { axes, data })]);
    (0..xs.len())
        .map(|i| output_element(&l, &inputs, 0, &[i as i128]).unwrap().value)
        .collect()
}

#[test]
fn float_to_int_as_xla_cpu() {
    let xs = [
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        3e9,
        -3e9,
        2.7,
        -2.7,
        2147483520.0,
        -2147483648.0,
        2147483648.0,
        -0.0,
        1e-45,
    ];
    // XLA:CPU (jax 0.7.1) on these inputs, `x.astype(jnp.int32)` and `x.astype(jnp.uint8)`.
    let s32 = [
        0,
        2147483647,
        -2147483648,
        2147483647,
        -2147483648,
        2,
        -2,
        2147483520,
        -2147483648,
        2147483647,
        0,
        0,
    ];
    let u8s = [0, 255, 0, 255, 0, 2, 0, 255, 0, 255, 0, 0];
    for ftz in [true, false] {
        let ints = |v: Vec<Scalar>| -> Vec<i128> {
            v.into_iter()
                .map(|s| match s {
                    Scalar::Int(i) => i,
                    other => panic!("{other:?}"),
                })
                .collect()
        };
        assert_eq!(ints(run("s32", &xs, ftz)), s32);
        assert_eq!(ints(run("u8", &xs, ftz)), u8s);
    }
}

#[test]
fn float_to_float_rounds_to_nearest_even() {
    // 1 + 2^-8 is a tie between bf16 neighbours 1 and 1 + 2^-7: even is 1. 1e-40 is subnormal
    // in f32 and bf16: kept (as bf16's nearest subnormal, 0x0001) with or without FTZ, as on
    // XLA:CPU (jax 0.7.1: f32 1e-40 -> bf16 is 0x0001, -> f16 2.2e-7 is 0x0004).
    let xs = [
        1.0 + 2f32.powi(-8),
        1.0 + 3.0 * 2f32.powi(-8),
        1e-40,
        1e30,
        f32::NAN,
    ];
    let bits = |v: Vec<Scalar>| -> Vec<u64> {
        v.into_iter()
            .map(|s| match s {
                Scalar::Float(_, b) => b,
                other => panic!("{other:?}"),
            })
            .collect()
    };
    let bf = |x: f32| Format::BF16.from_f64(x as f64);
    let want = [0x3f80, 0x3f82, bf(1e-40), bf(1e30), Format::BF16.nan()];
    assert_eq!(want[2], 1);
    for ftz in [false, true] {
        assert_eq!(bits(run("bf16", &xs, ftz)), want);
        assert_eq!(bits(run("f16", &[2.2e-7], ftz)), vec![4]);
    }
    assert_eq!(
        bits(run("f16", &[1e30], false)),
        vec![Format::F16.inf(false)]
    );
    // f32 <-> f64 on the machine's conversions: flushed under FTZ/DAZ (measured: f32 1e-40
    // -> f64 is 0).
    assert_eq!(bits(run("f64", &[1e-40], true)), vec![0]);
    assert_ne!(bits(run("f64", &[1e-40], false)), vec![0]);
}
