//! XLA's rounding ops (`floor`, `ceil`, `round-nearest-even`, `round-nearest-afz`) and `sign`
//! on floats, exactly as IEEE 754's `roundToIntegral` in four modes, written once on the
//! domain's IEEE primitives (add, subtract, compare, sign bit) so both domains compute them
//! with the same operations (the symbolic one as terms of the floating-point theory).
//!
//! The core is rounding a magnitude to the nearest integer with ties to even: for
//! `0 <= a < 2^(p-1)` (`p` the significand's precision) `(a + 2^(p-1)) - 2^(p-1)` is exact
//! in both steps except the first rounding, whose unit is 1; from `2^(p-1)` up every float is
//! an integer. The other modes correct that by one where it went the wrong way; every result
//! carries the operand's sign (`floor(0.5) = +0`, `ceil(-0.5) = -0`), NaN stays NaN.

use crate::domain::{Domain, ElemType, Format, Literal, Prim};
use crate::ops::UnaryOp;

/// `op` (a rounding op or `Sign`) of the float `x` in format `fm`, no flushing (the caller
/// flushes the operand where the machine does; no result is subnormal).
pub(crate) fn unary<D: Domain>(d: &mut D, op: UnaryOp, fm: Format, x: &D::V) -> D::V {
    let ty = ElemType::float(fm, false);
    if op == UnaryOp::Sign {
        return sign(d, ty, x);
    }
    let a = d.prim(Prim::Abs, ty, std::slice::from_ref(x));
    let even = nearest_even_magnitude(d, fm, &a);
    let one = d.lit_v(ty, Literal::Int(1));
    let magnitude = match op {
        UnaryOp::RoundNearestEven => even,
        // On magnitudes: floor(x) = -ceil(|x|) for negative x, and the other way round.
        UnaryOp::Floor | UnaryOp::Ceil => {
            let down = magnitude_floor(d, ty, &a, &even);
            let up = magnitude_ceil(d, ty, &a, &even);
            let neg = d.prim(Prim::IsNegative, ty, std::slice::from_ref(x));
            let neg = d.truth(&neg);
            let (if_neg, if_pos) = if op == UnaryOp::Floor {
                (up, down)
            } else {
                (down, up)
            };
            d.ite_v(&neg, &if_neg, &if_pos)
        }
        _ => {
            // Ties away from zero: the floor of the magnitude, plus one from half up. `a -
            // floor(a)` is exact (below 1, on `a`'s grid); for an infinity it is NaN, and
            // `0.5 <= NaN` is false.
            let down = magnitude_floor(d, ty, &a, &even);
            let frac = d.prim(Prim::Sub, ty, &[a.clone(), down.clone()]);
            let half = d.lit_v(ty, Literal::Rat(1, 2));
            let up = d.prim(Prim::Le, ty, &[half, frac]);
            let up = d.truth(&up);
            let next = d.prim(Prim::Add, ty, &[down.clone(), one]);
            d.ite_v(&up, &next, &down)
        }
    };
    with_sign_of(d, ty, &magnitude, x)
}

/// `roundToIntegralTiesToEven(a)` for `a = |x|` (or NaN).
fn nearest_even_magnitude<D: Domain>(d: &mut D, fm: Format, a: &D::V) -> D::V {
    let ty = ElemType::float(fm, false);
    let magic = d.lit_v(ty, Literal::Int(1i128 << (fm.sbits - 1)));
    let small = d.prim(Prim::Lt, ty, &[a.clone(), magic.clone()]);
    let small = d.truth(&small);
    let up = d.prim(Prim::Add, ty, &[a.clone(), magic.clone()]);
    let rounded = d.prim(Prim::Sub, ty, &[up, magic]);
    d.ite_v(&small, &rounded, a)
}

/// The floor of a magnitude `a` whose nearest integer is `even`: one less where that is above.
fn magnitude_floor<D: Domain>(d: &mut D, ty: ElemType, a: &D::V, even: &D::V) -> D::V {
    let above = d.prim(Prim::Lt, ty, &[a.clone(), even.clone()]);
    let above = d.truth(&above);
    let one = d.lit_v(ty, Literal::Int(1));
    let less = d.prim(Prim::Sub, ty, &[even.clone(), one]);
    d.ite_v(&above, &less, even)
}

/// The ceiling of a magnitude `a` whose nearest integer is `even`: one more where below.
fn magnitude_ceil<D: Domain>(d: &mut D, ty: ElemType, a: &D::V, even: &D::V) -> D::V {
    let below = d.prim(Prim::Lt, ty, &[even.clone(), a.clone()]);
    let below = d.truth(&below);
    let one = d.lit_v(ty, Literal::Int(1));
    let more = d.prim(Prim::Add, ty, &[even.clone(), one]);
    d.ite_v(&below, &more, even)
}

/// `|m|` with the sign bit of `x` (NaN stays NaN).
fn with_sign_of<D: Domain>(d: &mut D, ty: ElemType, m: &D::V, x: &D::V) -> D::V {
    let m = d.prim(Prim::Abs, ty, std::slice::from_ref(m));
    let neg = d.prim(Prim::IsNegative, ty, std::slice::from_ref(x));
    let neg = d.truth(&neg);
    let minus = d.prim(Prim::Neg, ty, std::slice::from_ref(&m));
    d.ite_v(&neg, &minus, &m)
}

/// XLA's `sign`: `±0` and NaN are themselves, otherwise `±1` by the sign bit.
fn sign<D: Domain>(d: &mut D, ty: ElemType, x: &D::V) -> D::V {
    let zero = d.lit_v(ty, Literal::Int(0));
    let is_zero = d.prim(Prim::Eq, ty, &[x.clone(), zero]);
    let is_zero = d.truth(&is_zero);
    let nan = d.prim(Prim::IsNaN, ty, std::slice::from_ref(x));
    let nan = d.truth(&nan);
    let itself = d.or(&is_zero, &nan);
    let one = d.lit_v(ty, Literal::Int(1));
    let unit = with_sign_of(d, ty, &one, x);
    d.ite_v(&itself, x, &unit)
}
