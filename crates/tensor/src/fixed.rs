//! Fixed-width integers (XLA's `s8`..`s64`, `u8`..`u64`): two's complement, wrapping around.
//!
//! A value is the domain's Int value within the type's range ([`IntTy::min`] to
//! [`IntTy::max`]). Every element function computes on Int with the domain's total
//! primitives and reduces the result modulo `2^bits` into the range ([`wrap`]), written once
//! here, so the concrete and the symbolic domain agree on overflow. Semantics: XLA's operation
//! semantics, and for what they leave to the implementation XLA:CPU's (measured, docs/xla.md):
//! `x / 0` is `-1` (signed) or the largest value (unsigned), `MIN / -1` is `MIN`, `x rem 0`
//! is `x`, `MIN rem -1` is `0`.
//!
//! Bitwise operations (`and`, `or`, `xor`, the shifts) go through the domain's
//! [`Prim::Bitwise`] on the value's low `bits` bits and wrap back into the range, so a signed
//! value is its two's complement pattern; `popcnt` and `count-leading-zeros` are written on
//! them here. A shift amount is read unsigned: at least the width gives 0 (`shift-left`,
//! `shift-right-logical`) or the sign fill (`shift-right-arithmetic`), XLA:CPU's results
//! (measured at jax 0.7.1: docs/xla.md).

use crate::domain::{BitOp, Domain, ElemType, FloatTy, IntTy, Literal, Prim};
use crate::ops::{BinaryOp, CompareOp, UnaryOp};

const INT: ElemType = ElemType::Int;

fn int<D: Domain>(d: &mut D, v: i128) -> D::V {
    d.lit_v(INT, Literal::Int(v))
}

/// `v` (any Int) reduced modulo `2^bits` into the type's range.
pub fn wrap<D: Domain>(d: &mut D, t: IntTy, v: &D::V) -> D::V {
    let lo = int(d, t.min());
    let modulus = int(d, 1i128 << t.bits);
    let off = d.prim(Prim::Sub, INT, &[v.clone(), lo.clone()]);
    let r = d.prim(Prim::EuclidMod, INT, &[off, modulus]);
    d.prim(Prim::Add, INT, &[r, lo])
}

/// Unary element functions: `negate` and `abs` wrap (`abs(MIN) = MIN`), `not` is the
/// bitwise complement (`-x - 1` signed, `max - x` unsigned).
pub fn unary<D: Domain>(d: &mut D, op: UnaryOp, t: IntTy, x: &D::V) -> D::V {
    match op {
        UnaryOp::Not => {
            if t.signed {
                let neg = d.prim(Prim::Neg, INT, std::slice::from_ref(x));
                let one = int(d, 1);
                d.prim(Prim::Sub, INT, &[neg, one])
            } else {
                let max = int(d, t.max());
                d.prim(Prim::Sub, INT, &[max, x.clone()])
            }
        }
        UnaryOp::Popcnt => popcnt(d, t, x),
        UnaryOp::Clz => clz(d, t, x),
        _ => {
            let v = crate::eval::unary(d, op, INT, x);
            wrap(d, t, &v)
        }
    }
}

/// `op` on the bit patterns of `a` and `b`, wrapped into the type's range.
fn bitwise<D: Domain>(d: &mut D, op: BitOp, t: IntTy, a: &D::V, b: &D::V) -> D::V {
    let r = d.prim(Prim::Bitwise(op, t.bits), INT, &[a.clone(), b.clone()]);
    wrap(d, t, &r)
}

/// Bit `i` of `x`'s pattern, as the Int 0 or 1.
fn bit<D: Domain>(d: &mut D, t: IntTy, x: &D::V, i: u32) -> D::V {
    let (amount, one) = (int(d, i as i128), int(d, 1));
    let shifted = d.prim(
        Prim::Bitwise(BitOp::LShr, t.bits),
        INT,
        &[x.clone(), amount],
    );
    d.prim(Prim::Bitwise(BitOp::And, t.bits), INT, &[shifted, one])
}

/// The number of one bits of `x`'s pattern (XLA `popcnt`).
fn popcnt<D: Domain>(d: &mut D, t: IntTy, x: &D::V) -> D::V {
    let mut sum = int(d, 0);
    for i in 0..t.bits {
        let b = bit(d, t, x, i);
        sum = d.prim(Prim::Add, INT, &[sum, b]);
    }
    sum
}

/// The number of zero bits above the highest one bit of `x`'s pattern, the width for 0 (XLA
/// `count-leading-zeros`).
fn clz<D: Domain>(d: &mut D, t: IntTy, x: &D::V) -> D::V {
    let mut count = int(d, t.bits as i128);
    for i in 0..t.bits {
        // From the lowest bit up, so the highest one bit decides last.
        let b = bit(d, t, x, i);
        let one = int(d, 1);
        let set = d.prim(Prim::Eq, INT, &[b, one]);
        let set = d.truth(&set);
        let here = int(d, (t.bits - 1 - i) as i128);
        count = d.ite_v(&set, &here, &count);
    }
    count
}

/// XLA `bitcast-convert` between types of one width: the bit pattern read as the other type
/// (a signed integer is its two's complement pattern; a float its IEEE encoding).
pub fn bitcast<D: Domain>(d: &mut D, from: ElemType, to: ElemType, x: &D::V) -> D::V {
    use ElemType::{Fixed, Float};
    let pattern = match from {
        Float(_) => d.prim(Prim::ToBits, from, std::slice::from_ref(x)),
        _ => x.clone(),
    };
    match to {
        Float(f) => d.prim(Prim::FromBits(f.format), INT, &[pattern]),
        Fixed(t) => wrap(d, t, &pattern),
        _ => pattern,
    }
}

/// Binary element functions (the graph's check admits `add subtract multiply divide rem
/// maximum minimum and or xor` and the shifts on fixed-width integers).
pub fn binary<D: Domain>(d: &mut D, op: BinaryOp, t: IntTy, a: &D::V, b: &D::V) -> D::V {
    match op {
        BinaryOp::Max | BinaryOp::Min | BinaryOp::Rem => crate::eval::binary(d, op, INT, a, b),
        BinaryOp::And => bitwise(d, BitOp::And, t, a, b),
        BinaryOp::Or => bitwise(d, BitOp::Or, t, a, b),
        BinaryOp::Xor => bitwise(d, BitOp::Xor, t, a, b),
        BinaryOp::ShiftLeft => bitwise(d, BitOp::Shl, t, a, b),
        BinaryOp::ShiftRightLogical => bitwise(d, BitOp::LShr, t, a, b),
        BinaryOp::ShiftRightArithmetic => bitwise(d, BitOp::AShr, t, a, b),
        BinaryOp::Div => {
            let zero = int(d, 0);
            let is_zero = d.prim(Prim::Eq, INT, &[b.clone(), zero]);
            let is_zero = d.truth(&is_zero);
            let q = crate::eval::trunc_div(d, INT, a, b);
            let q = wrap(d, t, &q);
            let by_zero = int(d, if t.signed { -1 } else { t.max() });
            d.ite_v(&is_zero, &by_zero, &q)
        }
        _ => {
            let v = crate::eval::binary(d, op, INT, a, b);
            wrap(d, t, &v)
        }
    }
}

/// Comparisons: the values are the integers themselves (signed or not as the type says).
pub fn compare<D: Domain>(d: &mut D, op: CompareOp, a: &D::V, b: &D::V) -> D::V {
    crate::eval::compare(d, op, INT, a, b)
}

/// XLA `convert` where a fixed-width integer or a predicate is involved: between integer
/// types wrapping around (sign or zero extension, truncation of the high bits); a predicate
/// to `1` or `0`; a number to a predicate `x != 0` (a float: NaN is true, a subnormal false
/// under DAZ); an integer to a float rounding to nearest even (`float::convert`); a float to
/// an integer type truncating toward zero, saturating, NaN to 0 (`float::convert`).
/// `None` when the pair is not one of these.
pub fn convert<D: Domain>(d: &mut D, from: ElemType, to: ElemType, x: &D::V) -> Option<D::V> {
    use ElemType::{Bool, Fixed, Float};
    Some(match (from, to) {
        (Fixed(_), Fixed(t)) => wrap(d, t, x),
        (Fixed(_), Float(_)) => crate::float::convert(d, INT, to, None, x),
        (Float(_), Fixed(t)) => crate::float::convert(d, from, INT, Some((t.min(), t.max())), x),
        (Bool, Fixed(_)) => {
            let c = d.truth(x);
            let (one, zero) = (int(d, 1), int(d, 0));
            d.ite_v(&c, &one, &zero)
        }
        (Bool, Float(FloatTy { format, .. })) => {
            let c = d.truth(x);
            let one = d.lit_v(to, Literal::Bits(format.from_int(1)));
            let zero = d.lit_v(to, Literal::Bits(0));
            d.ite_v(&c, &one, &zero)
        }
        (Fixed(_) | Float(_), Bool) => {
            let zero = match from {
                Float(_) => d.lit_v(from, Literal::Bits(0)),
                _ => int(d, 0),
            };
            crate::eval::compare(d, CompareOp::Ne, from.value_type(), x, &zero)
        }
        (Bool, Bool) => x.clone(),
        _ => return None,
    })
}
