//! The IEEE 754 element functions, once, generic over the domain: what XLA's elementwise ops
//! compute on `f16`, `bf16`, `f32` and `f64` elements, with or without flushing subnormals.
//!
//! The domain supplies IEEE primitives (`Prim` at a float type); this module adds what XLA
//! defines on top of them: `max`/`min` that propagate NaN and order `-0` below `+0` (IEEE
//! 754-2019 `maximum`/`minimum`), `abs` as the sign bit cleared, division without a zero
//! guard, and FTZ/DAZ: in that mode every operand is flushed before and every result after
//! an arithmetic operation (a subnormal becomes the zero of its sign), as XLA:CPU runs.

use crate::domain::{Domain, ElemType, FloatTy, Format, Literal, Prim};
use crate::ops::{BinaryOp, UnaryOp};

/// A subnormal `x` as the zero of its sign; anything else unchanged.
pub fn flush<D: Domain>(d: &mut D, ty: ElemType, x: &D::V) -> D::V {
    let Some(f) = ty.as_float() else {
        return x.clone();
    };
    let sub = d.prim(Prim::IsSubnormal, ty, &[x.clone()]);
    let sub = d.truth(&sub);
    let neg = d.prim(Prim::IsNegative, ty, &[x.clone()]);
    let neg = d.truth(&neg);
    let nz = d.lit_v(ty, Literal::Bits(f.format.zero(true)));
    let pz = d.lit_v(ty, Literal::Bits(f.format.zero(false)));
    let zero = d.ite_v(&neg, &nz, &pz);
    d.ite_v(&sub, &zero, x)
}

/// `op` on flushed operands, its result flushed, when the type flushes.
fn around<D: Domain>(
    d: &mut D,
    f: FloatTy,
    ty: ElemType,
    args: &[D::V],
    op: impl FnOnce(&mut D, &[D::V]) -> D::V,
) -> D::V {
    if !f.ftz {
        return op(d, args);
    }
    let flushed: Vec<D::V> = args.iter().map(|a| flush(d, ty, a)).collect();
    let r = op(d, &flushed);
    flush(d, ty, &r)
}

/// A unary elementwise op at float type `f`. `is-finite` gives a Bool element.
///
/// Flushing, measured on XLA:CPU (jax 0.7.1, FTZ/DAZ): the rounding ops, `sign` and `log1p`
/// read a subnormal operand as zero (`floor(-1e-45) = -0`, `sign(1e-45) = +0`,
/// `log1p(1e-45) = 0`); `expm1`, `sin`, `cos` and `cbrt` keep subnormal operands and results
/// (`expm1(1e-45) = sin(1e-45) = 1e-45`, `cbrt(1e-45) = 8.9e-16`): XLA:CPU's own code for
/// them returns small operands through a select, no arithmetic.
pub fn unary<D: Domain>(d: &mut D, op: UnaryOp, f: FloatTy, x: &D::V) -> D::V {
    let ty = ElemType::Float(f);
    let prim = match op {
        UnaryOp::Neg => Prim::Neg,
        UnaryOp::Abs => Prim::Abs,
        UnaryOp::Exp => Prim::Exp,
        UnaryOp::Log => Prim::Log,
        UnaryOp::Sqrt => Prim::Sqrt,
        UnaryOp::Rsqrt => Prim::Rsqrt,
        UnaryOp::Tanh => Prim::Tanh,
        UnaryOp::Log1p => Prim::Log1p,
        UnaryOp::Expm1 => Prim::Expm1,
        UnaryOp::Sin => Prim::Sin,
        UnaryOp::Cos => Prim::Cos,
        UnaryOp::Cbrt => Prim::Cbrt,
        UnaryOp::Not => Prim::Not,
        UnaryOp::Popcnt | UnaryOp::Clz => {
            unreachable!("the graph's check admits {op:?} on fixed-width integers only")
        }
        UnaryOp::Floor
        | UnaryOp::Ceil
        | UnaryOp::RoundNearestEven
        | UnaryOp::RoundNearestAfz
        | UnaryOp::Sign => {
            let x = if f.ftz { flush(d, ty, x) } else { x.clone() };
            return crate::rounding::unary(d, op, f.format, &x);
        }
        UnaryOp::Logistic => return logistic(d, f, x),
        UnaryOp::IsFinite => {
            let fin = is_finite(d, f, x);
            let (t, e) = (
                d.lit_v(ElemType::Bool, Literal::Bool(true)),
                d.lit_v(ElemType::Bool, Literal::Bool(false)),
            );
            return d.ite_v(&fin, &t, &e);
        }
    };
    if matches!(op, UnaryOp::Neg | UnaryOp::Abs) {
        // Sign operations do not round: no flushing of their own (XLA:CPU's are bit
        // operations); a flushed operand stays flushed.
        return d.prim(prim, ty, &[x.clone()]);
    }
    if matches!(
        op,
        UnaryOp::Expm1 | UnaryOp::Sin | UnaryOp::Cos | UnaryOp::Cbrt
    ) {
        return d.prim(prim, ty, &[x.clone()]);
    }
    around(d, f, ty, &[x.clone()], |d, a| d.prim(prim, ty, a))
}

/// XLA's `logistic` as XLA:CPU runs it: its logistic expander rewrites `logistic(x)` into
/// `1 / (1 + exp(-x))` before code generation, each operation rounded (and flushed) on its
/// own, so the op's meaning here is that expansion.
fn logistic<D: Domain>(d: &mut D, f: FloatTy, x: &D::V) -> D::V {
    let ty = ElemType::Float(f);
    let one = d.lit_v(ty, Literal::Int(1));
    let minus_x = unary(d, UnaryOp::Neg, f, x);
    let e = unary(d, UnaryOp::Exp, f, &minus_x);
    let denominator = binary(d, BinaryOp::Add, f, &e, &one);
    binary(d, BinaryOp::Div, f, &one, &denominator)
}

/// A binary elementwise op at float type `f`.
pub fn binary<D: Domain>(d: &mut D, op: BinaryOp, f: FloatTy, a: &D::V, b: &D::V) -> D::V {
    let ty = ElemType::Float(f);
    let args = [a.clone(), b.clone()];
    if let (BinaryOp::Div, Some(c)) = (op, d.known_float(b)) {
        // `x / 2^k = x * 2^-k` exactly when `2^-k` is a normal number: both are `x * 2^-k`
        // rounded once.
        if let Some(r) = reciprocal_of_power_of_two(f.format, c) {
            let r = d.lit_v(ty, Literal::Bits(r));
            return around(d, f, ty, &[a.clone(), r], |d, a| d.prim(Prim::Mul, ty, a));
        }
    }
    let prim = match op {
        BinaryOp::Add => Prim::Add,
        BinaryOp::Sub => Prim::Sub,
        BinaryOp::Mul => Prim::Mul,
        BinaryOp::Div => Prim::RealDiv,
        BinaryOp::Pow => Prim::Pow,
        BinaryOp::ShiftLeft | BinaryOp::ShiftRightLogical | BinaryOp::ShiftRightArithmetic => {
            unreachable!("the graph's check admits {op:?} on fixed-width integers only")
        }
        BinaryOp::Atan2 => Prim::Atan2,
        BinaryOp::Max | BinaryOp::Min => {
            // The result is an operand or NaN: of flushed operands, flushed already.
            let args = if f.ftz {
                [flush(d, ty, a), flush(d, ty, b)]
            } else {
                args
            };
            // `maximum(x, -inf) = x` and `minimum(x, +inf) = x` (NaN included).
            let identity = f.format.inf(op == BinaryOp::Max);
            if d.known_float(&args[1]) == Some(identity) {
                return args[0].clone();
            }
            if d.known_float(&args[0]) == Some(identity) {
                return args[1].clone();
            }
            return extremum(d, ty, &args[0], &args[1], op == BinaryOp::Max);
        }
        // Not defined on floats (the graph's type check refuses them): a domain failure.
        BinaryOp::Rem => Prim::EuclidMod,
        BinaryOp::And | BinaryOp::Or | BinaryOp::Xor => Prim::And,
    };
    around(d, f, ty, &args, |d, a| d.prim(prim, ty, a))
}

/// IEEE 754-2019 `maximum` (`max`) or `minimum`: NaN if either operand is NaN, else the larger
/// (smaller), `-0 < +0`.
fn extremum<D: Domain>(d: &mut D, ty: ElemType, a: &D::V, b: &D::V, max: bool) -> D::V {
    let f = ty.as_float().expect("a float type").format;
    let nan = d.lit_v(ty, Literal::Bits(f.nan()));
    let an = d.prim(Prim::IsNaN, ty, &[a.clone()]);
    let bn = d.prim(Prim::IsNaN, ty, &[b.clone()]);
    let (an, bn) = (d.truth(&an), d.truth(&bn));
    let any_nan = d.or(&an, &bn);
    let (hi, lo) = if max { (a, b) } else { (b, a) };
    let a_wins = d.prim(Prim::Lt, ty, &[lo.clone(), hi.clone()]);
    let a_wins = d.truth(&a_wins);
    let b_wins = d.prim(Prim::Lt, ty, &[hi.clone(), lo.clone()]);
    let b_wins = d.truth(&b_wins);
    let a_neg = d.prim(Prim::IsNegative, ty, &[a.clone()]);
    let a_neg = d.truth(&a_neg);
    let tie = if max {
        d.ite_v(&a_neg, b, a)
    } else {
        d.ite_v(&a_neg, a, b)
    };
    let inner = d.ite_v(&b_wins, b, &tie);
    let inner = d.ite_v(&a_wins, a, &inner);
    d.ite_v(&any_nan, &nan, &inner)
}

/// `1/c` when `c` is a power of two (of either sign) whose reciprocal is a normal number.
fn reciprocal_of_power_of_two(f: crate::domain::Format, c: u64) -> Option<u64> {
    let x = f.to_f64(c);
    if !x.is_finite() || x == 0.0 || f.is_subnormal(c) {
        return None;
    }
    let m = x.abs();
    let e = m.log2().round() as i32;
    if 2f64.powi(e) != m {
        return None;
    }
    let r = f.from_f64(1.0 / x);
    let back = f.to_f64(r);
    (back == 1.0 / x && !f.is_subnormal(r) && back.is_finite() && back != 0.0).then_some(r)
}

/// A real number rounded to nearest even into float type `f` (flushed if `f` flushes): how a
/// value computed over the reals enters IEEE arithmetic (Halide's `strict_float` operands).
pub fn from_real<D: Domain>(d: &mut D, f: FloatTy, x: &D::V) -> D::V {
    let r = d.prim(
        Prim::ToFloat(f.format),
        ElemType::Real,
        std::slice::from_ref(x),
    );
    if f.ftz {
        flush(d, ElemType::Float(f), &r)
    } else {
        r
    }
}

/// The exact real value of a float of type `f`: meaningful for finite floats only (for NaN
/// and the infinities a domain may give any value, and the concrete one marks its run
/// inexact), so a caller states its finiteness where it matters.
pub fn to_real<D: Domain>(d: &mut D, f: FloatTy, x: &D::V) -> D::V {
    d.prim(Prim::ToReal, ElemType::Float(f), std::slice::from_ref(x))
}

/// Whether a float of type `f` is finite (neither NaN nor an infinity).
pub fn is_finite<D: Domain>(d: &mut D, f: FloatTy, x: &D::V) -> D::B {
    let ty = ElemType::Float(f);
    let nan = d.prim(Prim::IsNaN, ty, std::slice::from_ref(x));
    let inf = d.prim(Prim::IsInf, ty, std::slice::from_ref(x));
    let (nan, inf) = (d.truth(&nan), d.truth(&inf));
    let any = d.or(&nan, &inf);
    d.not(&any)
}

/// XLA's `convert` of one element from `from` to `to` (`Op::Convert`), as XLA:CPU computes it:
/// between float formats rounding to nearest even (between f32 and f64 the operand flushed if
/// `from` flushes, the result if `to` does; to or from f16 or bf16 nothing flushed); an Int to the nearest float, ties to even; a float to an integer type
/// with values `range` truncated toward zero, saturating at the range's ends, NaN to 0
/// (measured on XLA:CPU, jax 0.7.1: `f32 -> s32` gives `0` on NaN, `2147483647` on `+inf`
/// and on `3e9`, `-2147483648` on `-inf`; `f32 -> u8` gives `0` on `-2.7`).
pub fn convert<D: Domain>(
    d: &mut D,
    from: ElemType,
    to: ElemType,
    range: Option<(i128, i128)>,
    x: &D::V,
) -> D::V {
    match (from, to, range) {
        (ElemType::Float(f), ElemType::Float(g), _) => {
            // The machine's conversions between f32 and f64 flush (DAZ on the operand, FTZ
            // on the result); those to and from f16 and bf16 are bit operations that keep
            // subnormals (measured: f32 1e-40 -> bf16 -> f32 is 1e-40 under FTZ).
            let wide = |fm| matches!(fm, Format::F32 | Format::F64);
            let hardware = wide(f.format) && wide(g.format);
            let x = if f.ftz && hardware {
                flush(d, from, x)
            } else {
                x.clone()
            };
            let r = d.prim(Prim::ToFloat(g.format), from, &[x]);
            if g.ftz && hardware {
                flush(d, to, &r)
            } else {
                r
            }
        }
        // A nonzero integer is at least 1 in magnitude: never subnormal, nothing to flush.
        (ElemType::Int, ElemType::Float(g), _) => {
            d.prim(Prim::ToFloat(g.format), from, std::slice::from_ref(x))
        }
        (ElemType::Float(f), ElemType::Int, Some((lo, hi))) => float_to_int(d, f, (lo, hi), x),
        _ => unreachable!("convert from {from} to {to}: rejected by the graph's type check"),
    }
}

/// A float truncated toward zero into `lo..=hi` (`lo <= 0 <= hi`), saturating, NaN to 0.
fn float_to_int<D: Domain>(d: &mut D, f: FloatTy, (lo, hi): (i128, i128), x: &D::V) -> D::V {
    let ty = ElemType::Float(f);
    // `hi + 1` and `lo` are powers of two (or 0): exact in the format, or beyond its range
    // (then an infinity, and only that infinity saturates on its side). Below `lo`, the
    // truncation is at most `lo`; from `hi + 1` up, at least `hi + 1`.
    let above = d.lit_v(ty, Literal::Bits(f.format.from_int(hi + 1)));
    let below = d.lit_v(ty, Literal::Bits(f.format.from_int(lo)));
    let nan = d.prim(Prim::IsNaN, ty, std::slice::from_ref(x));
    let nan = d.truth(&nan);
    let high = d.prim(Prim::Le, ty, &[above, x.clone()]);
    let high = d.truth(&high);
    let low = d.prim(Prim::Lt, ty, &[x.clone(), below]);
    let low = d.truth(&low);
    let truncated = d.prim(Prim::TruncInt, ty, std::slice::from_ref(x));
    let (zero, lo, hi) = (
        d.lit_v(ElemType::Int, Literal::Int(0)),
        d.lit_v(ElemType::Int, Literal::Int(lo)),
        d.lit_v(ElemType::Int, Literal::Int(hi)),
    );
    let r = d.ite_v(&low, &lo, &truncated);
    let r = d.ite_v(&high, &hi, &r);
    d.ite_v(&nan, &zero, &r)
}
