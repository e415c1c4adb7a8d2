//! The operations, as SMT-LIB's theory of floating point defines them (rounding mode RNE), on
//! bit patterns.

use crate::Format;

/// An operation of SMT-LIB's `FloatingPoint` theory, rounding to nearest even where it rounds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Sqrt,
    /// `a * b + c` rounded once.
    Fma,
    Abs,
    Neg,
    /// `fp.min`/`fp.max`: a NaN operand yields the other operand; `min(-0, +0)` is left
    /// unspecified by the standard (no value here).
    Min,
    Max,
    Lt,
    Leq,
    /// `fp.eq`: IEEE equality (`NaN != NaN`, `-0 == +0`). SMT-LIB's `=` is identity instead.
    Eq,
    IsNaN,
    IsInfinite,
    IsZero,
    IsSubnormal,
    IsNormal,
    IsNegative,
    /// `(_ to_fp e s) RNE x` from another float format.
    ToFp(Format),
    /// `(_ to_fp e s) RNE b` from a signed bit-vector.
    FromSbv(Format),
    /// `(_ fp.to_sbv w) RTZ x`: truncation; unspecified for NaN, infinities and out of range.
    ToSbv(u32),
    /// `(_ to_fp e s) b` from a bit-vector of width `e + s`: the bits read as a float.
    FromBits(Format),
    /// `(_ to_fp e s) RNE r` from a real. [`Val`] holds no rationals, so [`apply`] leaves it to
    /// callers that do ([`Format::from_rational`] computes it).
    FromReal(Format),
    /// `fp.to_real`: the exact value of a finite float (unspecified for NaN and infinities);
    /// also left to callers that hold rationals ([`Format::to_rational`]).
    ToReal,
}

/// A value an operation reads or returns.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Val {
    Bool(bool),
    Float(Format, u64),
    /// A bit-vector of the given width (at most 64), as its unsigned value.
    Bv(u32, u64),
}

/// `op` applied to `args`; `None` for wrong operands or a result the standard leaves
/// unspecified (`fp.min(-0, +0)`, `fp.to_sbv` of NaN or out of range).
pub fn apply(op: Op, args: &[Val]) -> Option<Val> {
    use Val::*;
    let f = |v: &Val| match v {
        Float(f, b) => Some((*f, f.canon(*b))),
        _ => None,
    };
    match (op, args) {
        (Op::FromSbv(to), [Bv(w, b)]) => Some(Float(to, to.from_int(signed(*w, *b)?))),
        (Op::FromBits(to), [Bv(w, b)]) if *w == to.width() => Some(Float(to, to.canon(*b))),
        (Op::ToFp(to), [x]) => {
            let (from, a) = f(x)?;
            Some(Float(to, to.convert(from, a)))
        }
        (Op::ToSbv(w), [x]) => {
            let (from, a) = f(x)?;
            let i = from.to_int(a, w)?;
            let mask = if w == 64 { u64::MAX } else { (1 << w) - 1 };
            Some(Bv(w, (i as i64 as u64) & mask))
        }
        (_, [x]) => {
            let (fm, a) = f(x)?;
            unary(op, fm, a)
        }
        (_, [x, y]) => {
            let ((fm, a), (g, b)) = (f(x)?, f(y)?);
            (fm == g).then_some(())?;
            binary(op, fm, a, b)
        }
        (Op::Fma, [x, y, z]) => {
            let ((fm, a), (g, b), (h, c)) = (f(x)?, f(y)?, f(z)?);
            (fm == g && g == h).then_some(())?;
            Some(Float(fm, fma(fm, a, b, c)))
        }
        _ => None,
    }
}

fn signed(w: u32, b: u64) -> Option<i128> {
    if w == 0 || w > 64 {
        return None;
    }
    let shift = 64 - w;
    Some(((b << shift) as i64 >> shift) as i128)
}

fn unary(op: Op, f: Format, a: u64) -> Option<Val> {
    let b = |x: bool| Some(Val::Bool(x));
    match op {
        Op::Sqrt => Some(Val::Float(f, sqrt(f, a))),
        Op::Abs => Some(Val::Float(f, f.canon(a & !f.sign_bit()))),
        Op::Neg => Some(Val::Float(f, f.canon(a ^ f.sign_bit()))),
        Op::IsNaN => b(f.is_nan(a)),
        Op::IsInfinite => b(f.is_infinite(a)),
        Op::IsZero => b(f.is_zero(a)),
        Op::IsSubnormal => b(f.is_subnormal(a)),
        Op::IsNormal => b(f.is_normal(a)),
        Op::IsNegative => b(f.is_negative(a)),
        _ => None,
    }
}

fn binary(op: Op, f: Format, a: u64, c: u64) -> Option<Val> {
    let (x, y) = (f.to_f64(a), f.to_f64(c));
    let fl = |bits| Some(Val::Float(f, bits));
    match op {
        Op::Add => fl(add(f, x, y)),
        Op::Sub => fl(add(f, x, -y)),
        Op::Mul => fl(mul(f, x, y)),
        Op::Div => fl(div(f, x, y)),
        Op::Lt => Some(Val::Bool(x < y)),
        Op::Leq => Some(Val::Bool(x <= y)),
        Op::Eq => Some(Val::Bool(x == y)),
        Op::Min | Op::Max => {
            if f.is_nan(a) {
                return fl(c);
            }
            if f.is_nan(c) || a == c {
                return fl(a);
            }
            if x == y {
                return None; // -0 and +0: unspecified
            }
            fl(if (x < y) == (op == Op::Min) { a } else { c })
        }
        _ => None,
    }
}

/// The exact error of `s = x + y` (Knuth's TwoSum); 0 when `s` is not finite.
fn two_sum_err(x: f64, y: f64, s: f64) -> f64 {
    if !s.is_finite() {
        return 0.0;
    }
    let bb = s - x;
    (x - (s - bb)) + (y - bb)
}

fn add(f: Format, x: f64, y: f64) -> u64 {
    let s = x + y;
    if f == Format::F64 {
        return f.from_f64(s);
    }
    f.from_f64_sticky(s, two_sum_err(x, y, s))
}

fn mul(f: Format, x: f64, y: f64) -> u64 {
    let p = x * y;
    if f == Format::F64 {
        return f.from_f64(p);
    }
    let err = if p.is_finite() { x.mul_add(y, -p) } else { 0.0 };
    f.from_f64_sticky(p, err)
}

fn div(f: Format, x: f64, y: f64) -> u64 {
    let q = x / y;
    if f == Format::F64 {
        return f.from_f64(q);
    }
    // The remainder x - q*y is exact; the exact quotient lies on the side of q that
    // sign(r) * sign(y) says.
    let mut err = 0.0;
    if q.is_finite() && q != 0.0 {
        let r = (-q).mul_add(y, x);
        if r != 0.0 {
            err = if (r > 0.0) == (y > 0.0) { 1.0 } else { -1.0 };
        }
    }
    f.from_f64_sticky(q, err)
}

fn sqrt(f: Format, a: u64) -> u64 {
    let x = f.to_f64(a);
    let s = x.sqrt();
    if f == Format::F64 {
        return f.from_f64(s);
    }
    let err = if s.is_finite() && s > 0.0 {
        (-s).mul_add(s, x)
    } else {
        0.0
    };
    f.from_f64_sticky(s, err)
}

/// `a * b + c` rounded once. The narrow formats' product is exact in `f64` (at most 2 x 24
/// significand bits, exponents far inside its range), so one rounded-to-odd sum remains.
fn fma(f: Format, a: u64, b: u64, c: u64) -> u64 {
    let (x, y, z) = (f.to_f64(a), f.to_f64(b), f.to_f64(c));
    if f == Format::F64 {
        return f.from_f64(x.mul_add(y, z));
    }
    let p = x * y;
    let s = p + z;
    f.from_f64_sticky(s, two_sum_err(p, z, s))
}

/// IEEE 754-2019 `maximum`: NaN if either operand is NaN, `-0 < +0` (XLA's `max` on floats).
pub fn maximum(f: Format, a: u64, b: u64) -> u64 {
    extremum(f, a, b, true)
}

/// IEEE 754-2019 `minimum`: NaN if either operand is NaN, `-0 < +0` (XLA's `min` on floats).
pub fn minimum(f: Format, a: u64, b: u64) -> u64 {
    extremum(f, a, b, false)
}

fn extremum(f: Format, a: u64, b: u64, max: bool) -> u64 {
    if f.is_nan(a) || f.is_nan(b) {
        return f.nan();
    }
    let (x, y) = (f.to_f64(a), f.to_f64(b));
    if x == y {
        // Equal values, or the two zeros: the sign decides.
        let a_neg = f.is_negative(a);
        return if a_neg == max { b } else { a };
    }
    if (x > y) == max {
        a
    } else {
        b
    }
}
