//! binary32 computed through the narrow-format path (f64 and round to odd) against Rust's own
//! `f32` arithmetic, which is IEEE round to nearest even: the same code serves f16 and bf16,
//! whose results `smt`'s tests check against Z3.

use crate::{apply, Format, Op, Val};
use proptest::prelude::*;

const F: Format = Format::F32;

fn special() -> Vec<u32> {
    let mut v = vec![];
    for neg in [false, true] {
        for b in [
            F.zero(neg),
            F.min_subnormal(neg),
            F.min_normal(neg),
            F.max_finite(neg),
            F.inf(neg),
            F.min_normal(neg) - 1,
            F.from_f64(if neg { -1.0 } else { 1.0 }),
        ] {
            v.push(b as u32);
        }
    }
    v.push(F.nan() as u32);
    v
}

fn canon(x: f32) -> u64 {
    F.canon(x.to_bits() as u64)
}

fn float(x: u32) -> Val {
    Val::Float(F, x as u64)
}

fn check2(a: u32, b: u32) {
    let (x, y) = (f32::from_bits(a), f32::from_bits(b));
    let cases = [
        (Op::Add, x + y),
        (Op::Sub, x - y),
        (Op::Mul, x * y),
        (Op::Div, x / y),
    ];
    for (op, want) in cases {
        let got = apply(op, &[float(a), float(b)]);
        assert_eq!(
            got,
            Some(Val::Float(F, canon(want))),
            "{op:?} {x:e} {y:e} ({a:#x}, {b:#x})"
        );
    }
    let fma = apply(Op::Fma, &[float(a), float(b), float(a)]);
    assert_eq!(
        fma,
        Some(Val::Float(F, canon(x.mul_add(y, x)))),
        "fma {x:e} {y:e}"
    );
    let lt = apply(Op::Lt, &[float(a), float(b)]);
    assert_eq!(lt, Some(Val::Bool(x < y)));
}

fn check1(a: u32) {
    let x = f32::from_bits(a);
    let sqrt = apply(Op::Sqrt, &[float(a)]);
    assert_eq!(sqrt, Some(Val::Float(F, canon(x.sqrt()))), "sqrt {x:e}");
    let d = x as f64 * 3.0 + 1e-30;
    assert_eq!(F.from_f64(d), canon(d as f32), "from_f64 {d:e}");
    let h = apply(Op::ToFp(Format::F64), &[float(a)]);
    assert_eq!(
        h,
        Some(Val::Float(
            Format::F64,
            Format::F64.canon((x as f64).to_bits())
        ))
    );
    let i = apply(Op::ToSbv(32), &[float(a)]);
    let want = (x.is_finite() && x.trunc() >= -2147483648.0 && x.trunc() < 2147483648.0)
        .then(|| Val::Bv(32, x as i32 as u32 as u64));
    assert_eq!(i, want, "to_sbv {x:e}");
}

#[test]
fn special_values_agree_with_native_f32() {
    let s = special();
    for &a in &s {
        check1(a);
        for &b in &s {
            check2(a, b);
        }
    }
}

#[test]
fn integers_round_as_rust_does() {
    for i in [
        0i64,
        1,
        -1,
        16777217,
        -16777219,
        i64::MAX,
        i64::MIN,
        9007199254740993,
    ] {
        let got = apply(Op::FromSbv(F), &[Val::Bv(64, i as u64)]);
        assert_eq!(got, Some(Val::Float(F, (i as f32).to_bits() as u64)), "{i}");
        let d = apply(Op::FromSbv(Format::F64), &[Val::Bv(64, i as u64)]);
        assert_eq!(
            d,
            Some(Val::Float(Format::F64, (i as f64).to_bits())),
            "{i}"
        );
    }
}

#[test]
fn narrow_formats_have_their_constants() {
    assert_eq!(Format::F16.max_finite(false), 0x7bff);
    assert_eq!(Format::F16.to_f64(0x7bff), 65504.0);
    assert_eq!(Format::F16.to_f64(1), 2f64.powi(-24));
    assert_eq!(Format::BF16.from_f64(1.0), 0x3f80);
    assert_eq!(Format::BF16.to_f64(1), 2f64.powi(-133));
    assert_eq!(
        Format::F16.from_f64(65520.0),
        0x7c00,
        "ties to even overflow"
    );
    assert_eq!(Format::F16.from_f64(65519.99), 0x7bff);
    assert_eq!(Format::F16.from_f64(2f64.powi(-25)), 0, "tie to even zero");
    assert_eq!(Format::F16.from_f64(2f64.powi(-25) * 1.0001), 1);
    assert_eq!(Format::F32.display(0x60ad78ec), "1e20");
    assert_eq!(Format::F32.hex(0x60ad78ec), "0x60ad78ec");
    assert_eq!(Format::F16.flush(0x8001), 0x8000);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn random_f32_agree_with_native(a in any::<u32>(), b in any::<u32>()) {
        check1(a);
        check2(a, b);
    }

    #[test]
    fn nearby_f32_agree_with_native(a in any::<u32>(), d in -64i32..64) {
        // Close operands: cancellation, ties, exact results.
        let b = (a as i64 + d as i64) as u32;
        check2(a, b);
        check2(a, b ^ 0x8000_0000);
    }
}

#[test]
fn fma_is_rounded_once() {
    // a*b + c = 1 + 2^-24 + 2^-70: f64 rounds it to the f32 midpoint 1 + 2^-24, which a second
    // rounding to nearest even would take down to 1; the exact value rounds up.
    let a = -(1.0 + 2f32.powi(-23)) * 2f32.powi(-12);
    let b = (1.0 - 2f32.powi(-23)) * 2f32.powi(-12);
    let c = 1.0 + 2f32.powi(-23);
    let want = a.mul_add(b, c);
    assert_eq!(want, 1.0 + 2f32.powi(-23));
    let got = apply(
        Op::Fma,
        &[float(a.to_bits()), float(b.to_bits()), float(c.to_bits())],
    );
    assert_eq!(got, Some(Val::Float(F, want.to_bits() as u64)));
}

#[test]
fn rationals_round_once() {
    for (n, d) in [
        (1i128, 10i128),
        (-1, 3),
        (100000000000000000000, 1),
        (1, 1 << 100),
        (7, 2),
    ] {
        let x = n as f64 / d as f64; // correctly rounded for these
        assert_eq!(Format::F64.from_rational(n, d), x.to_bits(), "{n}/{d}");
        assert_eq!(
            F.from_rational(n, d),
            (((n as f64) / (d as f64)) as f32).to_bits() as u64
        );
    }
    assert_eq!(F.from_rational(100000000000000000000, 1), 0x60ad78ec);
    assert_eq!(
        Format::F16.from_rational(1, 1 << 26),
        0,
        "below half the least subnormal"
    );
    assert_eq!(Format::F16.from_rational(3, 1 << 26), 1);
}

#[test]
fn exact_rationals_of_floats_round_back_to_themselves() {
    // Every special f32 and a sweep of bit patterns: the exact value, where it fits in i128,
    // rounds back to the same float (`-0` to `+0`: a rational has no sign of zero).
    let mut seen = 0;
    for bits in special()
        .into_iter()
        .chain((0..4000u32).map(|k| k.wrapping_mul(1_070_001)))
    {
        let b = bits as u64;
        match F.to_rational(b) {
            Some((n, d)) => {
                seen += 1;
                assert!(d > 0 && d.count_ones() == 1, "{bits:#x}: {n}/{d}");
                let back = F.from_rational(n, d);
                let want = if F.is_zero(b) {
                    0
                } else {
                    canon(f32::from_bits(bits))
                };
                assert_eq!(back, want, "{bits:#x}: {n}/{d}");
            }
            None => {
                let x = f32::from_bits(bits);
                // NaN, the infinities and the values below 2^-126 / above 2^126 only.
                assert!(
                    !x.is_finite() || x.abs() < 2f32.powi(-100) || x.abs() > 2f32.powi(100),
                    "{bits:#x}"
                );
            }
        }
    }
    assert!(seen > 1000);
    assert_eq!(F.to_rational(0.75f32.to_bits() as u64), Some((3, 4)));
    assert_eq!(F.to_rational((-6.0f32).to_bits() as u64), Some((-6, 1)));
    assert_eq!(F.exact(f32::INFINITY.to_bits() as u64), None);
}
