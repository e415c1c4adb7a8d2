//! MLIR's float types on the workspace's one IEEE 754 definition: each [`FTy`] is an
//! [`ieee754::Format`], and the float operations on bit patterns (the concrete domain's, and
//! the symbolic domain's folding of literals) are the tensor core's element functions
//! ([`tensor::binary`], [`tensor::unary`], [`tensor::compare`], without flushing) computed in
//! its concrete domain, or `ieee754`'s operations where the core has no element function
//! (conversions, `fma`). All four types (f16, bf16, f32, f64) compute exactly, so all four
//! replay. NaN results are the canonical quiet NaN (payloads are not part of the model).
//!
//! This module defines no float operation of its own: it names which shared one an MLIR op
//! is. The `fastmath` flags stay outside, as poison conditions around these functions
//! ([`crate::eval`]).

use crate::base::domain::{FBin, FTy};
use ieee754::{apply, Format, Op, Val};
use tensor::{BinaryOp, CompareOp, Concrete, ElemType, FloatTy, Scalar, UnaryOp};

impl FTy {
    /// The IEEE 754 format of values of this type.
    pub fn format(self) -> Format {
        match self {
            FTy::F16 => Format::F16,
            FTy::BF16 => Format::BF16,
            FTy::F32 => Format::F32,
            FTy::F64 => Format::F64,
        }
    }

    /// The tensor core's element type of this type (round to nearest even, no flushing:
    /// MLIR's `arith` and `math` ops keep subnormals).
    fn elem(self) -> ElemType {
        ElemType::Float(FloatTy {
            format: self.format(),
            ftz: false,
        })
    }
}

/// The bits of a core scalar result of type `t` (an element function of float operands
/// always gives a float; anything else would be a bug in this adapter).
fn bits_of(t: FTy, s: Scalar) -> u64 {
    match s {
        Scalar::Float(_, b) => b,
        other => unreachable!("a float element function of {} gave {other}", t.name()),
    }
}

fn scalar(t: FTy, bits: u64) -> Scalar {
    let f = t.format();
    Scalar::Float(f, f.canon(bits))
}

/// `a op b` in type `t` (`arith.addf subf mulf divf`), rounded to nearest even.
pub(crate) fn bin(op: FBin, t: FTy, a: u64, b: u64) -> u64 {
    let op = match op {
        FBin::Add => BinaryOp::Add,
        FBin::Sub => BinaryOp::Sub,
        FBin::Mul => BinaryOp::Mul,
        FBin::Div => BinaryOp::Div,
    };
    let mut c = Concrete::default();
    let r = tensor::binary(&mut c, op, t.elem(), &scalar(t, a), &scalar(t, b));
    bits_of(t, r)
}

/// A unary element function of the core (`negf`, `absf`, `sqrt`) in type `t`.
pub(crate) fn un(op: UnaryOp, t: FTy, a: u64) -> u64 {
    let mut c = Concrete::default();
    let r = tensor::unary(&mut c, op, t.elem(), &scalar(t, a));
    bits_of(t, r)
}

/// `a * b + c` in type `t`, rounded once (`math.fma`).
pub(crate) fn fma(t: FTy, a: u64, b: u64, c: u64) -> u64 {
    let f = t.format();
    let v = |x| Val::Float(f, x);
    match apply(Op::Fma, &[v(a), v(b), v(c)]) {
        Some(Val::Float(_, r)) => r,
        _ => f.nan(),
    }
}

/// An IEEE comparison of the core (`<`, `<=`, `==`: false when an operand is NaN).
fn compare(op: CompareOp, t: FTy, a: u64, b: u64) -> bool {
    let mut c = Concrete::default();
    match tensor::compare(&mut c, op, t.elem(), &scalar(t, a), &scalar(t, b)) {
        Scalar::Bool(r) => r,
        other => unreachable!("a float comparison gave {other}"),
    }
}

/// `arith.cmpf` with predicate number `pred` (0..=15, MLIR's numbering): the ordered
/// predicates are the IEEE comparisons, the unordered ones their negations.
pub(crate) fn cmp(pred: u8, t: FTy, a: u64, b: u64) -> bool {
    let f = t.format();
    let uno = f.is_nan(a) || f.is_nan(b);
    let ord = !uno;
    let rel = |op| compare(op, t, a, b);
    match pred {
        0 => false,
        1 => rel(CompareOp::Eq),
        2 => rel(CompareOp::Gt),
        3 => rel(CompareOp::Ge),
        4 => rel(CompareOp::Lt),
        5 => rel(CompareOp::Le),
        6 => ord && !rel(CompareOp::Eq),
        7 => ord,
        8..=14 => !cmp(pred_negated(pred), t, a, b),
        _ => true,
    }
}

/// The ordered predicate whose negation the unordered predicate `pred` (8..=14) is.
pub(crate) fn pred_negated(pred: u8) -> u8 {
    match pred {
        8 => 6,
        9 => 5,
        10 => 4,
        11 => 3,
        12 => 2,
        13 => 1,
        _ => 7,
    }
}

/// `arith.extf`/`arith.truncf` from `from` to `to` (round to nearest even; widening is exact).
pub(crate) fn convert(from: FTy, to: FTy, bits: u64) -> u64 {
    to.format()
        .convert(from.format(), from.format().canon(bits))
}

/// Whether converting `from` to `to` is exact for every value (a widening).
pub(crate) fn widens(from: FTy, to: FTy) -> bool {
    let (f, g) = (from.format(), to.format());
    f != g && f.ebits <= g.ebits && f.sbits <= g.sbits
}

/// The value `x` in type `t`, rounded to nearest even (exact for the literals callers pass:
/// `1.0`, `-1.0`, infinities, small integers, values of `t` itself).
pub(crate) fn from_f64(t: FTy, x: f64) -> u64 {
    t.format().from_f64(x)
}

/// The integer `x` in type `t`, rounded to nearest even (`arith.sitofp`/`uitofp`).
pub(crate) fn from_int(t: FTy, x: i128) -> u64 {
    t.format().from_int(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_types_compute_in_their_own_format() {
        // 1 + 2^-11 is not an f16: rounds to 1 (tie to even); 2049 rounds to 2048 in f16.
        let one = from_f64(FTy::F16, 1.0);
        let eps = from_f64(FTy::F16, 2f64.powi(-11));
        assert_eq!(bin(FBin::Add, FTy::F16, one, eps), one);
        assert_eq!(from_int(FTy::F16, 2049), from_f64(FTy::F16, 2048.0));
        // bf16 has 8 significand bits: 257 is not representable.
        assert_eq!(from_int(FTy::BF16, 257), from_f64(FTy::BF16, 256.0));
        // 65520 overflows f16 to +inf.
        let big = from_f64(FTy::F32, 65520.0);
        assert_eq!(
            convert(FTy::F32, FTy::F16, big),
            FTy::F16.format().inf(false)
        );
        assert!(widens(FTy::F16, FTy::F32) && widens(FTy::BF16, FTy::F32));
        assert!(!widens(FTy::F16, FTy::BF16) && !widens(FTy::BF16, FTy::F16));
    }

    #[test]
    fn cmpf_predicates_on_nan_and_zeros() {
        for t in [FTy::F16, FTy::BF16, FTy::F32, FTy::F64] {
            let f = t.format();
            let (nan, pz, nz) = (f.nan(), f.zero(false), f.zero(true));
            assert!(cmp(1, t, pz, nz) && !cmp(6, t, pz, nz));
            assert!(!cmp(1, t, nan, nan) && cmp(8, t, nan, pz) && cmp(14, t, nan, pz));
            assert!(!cmp(7, t, nan, pz) && cmp(13, t, nan, nan));
            let one = from_f64(t, 1.0);
            assert!(cmp(4, t, pz, one) && cmp(2, t, one, pz) && !cmp(11, t, one, pz));
        }
    }
}

/// A concrete float: its type and bit pattern. NaN results are canonical (payloads are not
/// part of the model).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CFloat {
    pub ty: FTy,
    pub bits: u64,
}

impl CFloat {
    /// The value `x` of type `t`, rounded to nearest even.
    pub fn of(t: FTy, x: f64) -> CFloat {
        CFloat {
            ty: t,
            bits: from_f64(t, x),
        }
    }
    pub fn f32(x: f32) -> CFloat {
        CFloat::of(FTy::F32, x as f64)
    }
    pub fn f64(x: f64) -> CFloat {
        CFloat::of(FTy::F64, x)
    }
    /// The value, exactly (every value of the four types is an `f64`).
    pub(crate) fn as_f64(self) -> f64 {
        self.ty.format().to_f64(self.bits)
    }
    pub fn is_nan(self) -> bool {
        self.ty.format().is_nan(self.bits)
    }
}

/// A float as readers expect it: the shortest text that reads back to the same value, with a
/// decimal point or an exponent (`1.0`, `-0.0`, `0.1`, `-3.4028235e38`, `1e-30`), `inf`,
/// `-inf` and `nan` (`ieee754::Format::display`); f16 and bf16 values are shown through f32,
/// which holds them exactly.
impl std::fmt::Display for CFloat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (fm, wide) = (self.ty.format(), ieee754::Format::F32);
        let text = match self.ty {
            FTy::F64 | FTy::F32 => fm.display(self.bits),
            FTy::F16 | FTy::BF16 => wide.display(wide.convert(fm, self.bits)),
        };
        f.write_str(&text)
    }
}
