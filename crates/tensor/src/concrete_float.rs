//! The concrete domain at float types: IEEE 754 on bit patterns through `ieee754` (the code
//! `smt` evaluates its float terms with), and the transcendental functions through the
//! platform's libm (recorded in [`Concrete::libm`], so a replay says so).

use crate::concrete::{Concrete, Scalar};
use crate::domain::{ElemType, FloatTy, Literal, Prim};
use ieee754::{apply, Op, Val};

impl Concrete {
    pub(crate) fn lit_float(&mut self, f: FloatTy, lit: Literal) -> Scalar {
        let fm = f.format;
        let bits = match lit {
            Literal::Int(i) => fm.from_int(i),
            Literal::Rat(n, d) => fm.from_rational(n, d),
            Literal::Inf(pos) => fm.inf(!pos),
            Literal::Bits(b) => fm.canon(b),
            Literal::Bool(_) => {
                self.fail(format!(
                    "literal {lit:?} used at type {}",
                    ElemType::Float(f)
                ));
                0
            }
        };
        Scalar::Float(fm, bits)
    }

    pub(crate) fn prim_float(&mut self, op: Prim, f: FloatTy, args: &[Scalar]) -> Scalar {
        let fm = f.format;
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            match a {
                Scalar::Float(g, b) if *g == fm => vals.push(Val::Float(fm, *b)),
                Scalar::Undef => return Scalar::Undef,
                other => {
                    self.fail(format!("{other} used at type {}", ElemType::Float(f)));
                    return Scalar::Undef;
                }
            }
        }
        let theory = match op {
            Prim::Add => Op::Add,
            Prim::Sub => Op::Sub,
            Prim::Mul => Op::Mul,
            Prim::RealDiv => Op::Div,
            Prim::Neg => Op::Neg,
            Prim::Abs => Op::Abs,
            Prim::Sqrt => Op::Sqrt,
            Prim::Lt => Op::Lt,
            Prim::Le => Op::Leq,
            Prim::Eq => Op::Eq,
            Prim::IsNaN => Op::IsNaN,
            Prim::IsInf => Op::IsInfinite,
            Prim::IsSubnormal => Op::IsSubnormal,
            Prim::IsNegative => Op::IsNegative,
            Prim::Exp
            | Prim::Log
            | Prim::Tanh
            | Prim::Rsqrt
            | Prim::Pow
            | Prim::Log1p
            | Prim::Expm1
            | Prim::Sin
            | Prim::Cos
            | Prim::Cbrt
            | Prim::Atan2 => return self.libm(op, f, &vals),
            _ => {
                self.fail(format!("primitive {op:?} at type {}", ElemType::Float(f)));
                return Scalar::Undef;
            }
        };
        match apply(theory, &vals) {
            Some(Val::Float(g, b)) => Scalar::Float(g, b),
            Some(Val::Bool(b)) => Scalar::Bool(b),
            _ => {
                self.fail(format!("primitive {op:?} undefined on {args:?}"));
                Scalar::Undef
            }
        }
    }

    /// `exp`, `log`, `tanh`, `rsqrt`, `pow`, `log1p`, `expm1`, `sin`, `cos`, `cbrt`, `atan2` by
    /// the platform's libm in binary64, rounded to the
    /// format (for binary64 itself, libm's result).
    fn libm(&mut self, op: Prim, f: FloatTy, vals: &[Val]) -> Scalar {
        let fm = f.format;
        if op == Prim::Pow {
            if let Some(v) = pow_exact(fm, vals) {
                return v;
            }
        }
        let x: Vec<f64> = vals
            .iter()
            .map(|v| match v {
                Val::Float(_, b) => fm.to_f64(*b),
                _ => f64::NAN,
            })
            .collect();
        let (name, r) = match op {
            Prim::Exp => ("exp", x[0].exp()),
            Prim::Log => ("log", x[0].ln()),
            Prim::Tanh => ("tanh", x[0].tanh()),
            Prim::Rsqrt => ("rsqrt (1/sqrt)", 1.0 / x[0].sqrt()),
            Prim::Log1p => ("log1p", x[0].ln_1p()),
            Prim::Expm1 => ("expm1", x[0].exp_m1()),
            Prim::Sin => ("sin", x[0].sin()),
            Prim::Cos => ("cos", x[0].cos()),
            Prim::Cbrt => ("cbrt", x[0].cbrt()),
            Prim::Atan2 => ("atan2", x[0].atan2(x[1])),
            _ => ("pow", x[0].powf(x[1])),
        };
        self.libm.insert(name);
        Scalar::Float(fm, fm.from_f64(r))
    }
}

/// `pow` where the symbolic domain's facts fix its value (`pow(x, ±0) = 1`, `pow(1, y) = 1`,
/// `pow(x, 1) = x`, `pow(x, 2) = x*x`, `pow(x, -1) = 1/x`, each rounded once): the concrete
/// domain must agree with them, where libm's binary64 result rounded again to a narrower
/// format may not.
fn pow_exact(fm: ieee754::Format, vals: &[Val]) -> Option<Scalar> {
    let [x @ Val::Float(_, xb), Val::Float(_, yb)] = vals else {
        return None;
    };
    let one = Val::Float(fm, fm.from_int(1));
    let y = fm.to_f64(*yb);
    let r = if y == 0.0 || fm.to_f64(*xb) == 1.0 {
        Some(one)
    } else if y == 1.0 {
        Some(*x)
    } else if y == 2.0 {
        apply(Op::Mul, &[*x, *x])
    } else if y == -1.0 {
        apply(Op::Div, &[one, *x])
    } else {
        None
    };
    match r? {
        Val::Float(g, b) => Some(Scalar::Float(g, g.canon(b))),
        _ => None,
    }
}

/// Whether a float sum or product of `terms` (the initial value first) has the same value in
/// every order of its terms, by a sufficient test: a NaN term makes every order NaN; a sum with
/// at most one non-zero term is that term in every order (a sum of zeros is `-0` exactly when
/// every zero is `-0`); a product with at most one term other than `±1` is that term with
/// the sign of all of them. Anything else may round, overflow or cancel differently in another
/// order, and counts as order-dependent.
pub(crate) fn fold_order_free(reducer: crate::domain::Reducer, terms: &[Scalar]) -> bool {
    let bits: Vec<(ieee754::Format, u64)> = terms
        .iter()
        .filter_map(|t| match t {
            Scalar::Float(f, b) => Some((*f, *b)),
            _ => None,
        })
        .collect();
    if bits.len() != terms.len() {
        return false;
    }
    if bits.iter().any(|(f, b)| f.is_nan(*b)) {
        return true;
    }
    if reducer == crate::domain::Reducer::Sum && exact_in_every_order(&bits) {
        return true;
    }
    let notable = |(f, b): &&(ieee754::Format, u64)| match reducer {
        crate::domain::Reducer::Product => f.to_f64(*b).abs() != 1.0,
        _ => !f.is_zero(*b),
    };
    bits.iter().filter(notable).count() <= 1
}

/// Whether every partial sum of `terms`, in any order, is exact: the terms are finite
/// multiples of one power of two `2^e` at least the smallest normal number, and the sum of
/// their magnitudes is below `2^(p+e)` (`p` the significand's precision). Then every order
/// computes the exact sum (a zero sum is `+0` unless every term is `-0`, in every order).
fn exact_in_every_order(terms: &[(ieee754::Format, u64)]) -> bool {
    let Some((f, _)) = terms.first() else {
        return true;
    };
    let mut grid = i32::MAX;
    let mut total = 0f64;
    for (g, b) in terms {
        let x = g.to_f64(*b);
        if g != f || !x.is_finite() || g.is_subnormal(*b) {
            return false;
        }
        if x != 0.0 {
            // The exponent of the lowest set bit of x's significand.
            let e = x.abs().log2().floor() as i32 - (f.sbits as i32 - 1);
            let mut low = e;
            while low < e + f.sbits as i32 && (x / 2f64.powi(low + 1)).fract() == 0.0 {
                low += 1;
            }
            grid = grid.min(low);
            total += x.abs();
        }
    }
    if grid == i32::MAX {
        return false;
    }
    let min_normal = f.to_f64(f.min_normal(false));
    2f64.powi(grid) >= min_normal && total < 2f64.powi(grid + f.sbits as i32)
}

#[cfg(test)]
mod order_tests {
    use super::fold_order_free;
    use crate::concrete::Scalar;
    use crate::domain::Reducer;
    use ieee754::Format;

    fn terms(xs: &[f32]) -> Vec<Scalar> {
        xs.iter()
            .map(|x| Scalar::Float(Format::F32, x.to_bits() as u64))
            .collect()
    }

    #[test]
    fn sums_and_products_free_of_order_only_when_every_order_agrees() {
        assert!(fold_order_free(
            Reducer::Sum,
            &terms(&[0.0, f32::NAN, 1.0, 2.0])
        ));
        assert!(fold_order_free(Reducer::Sum, &terms(&[0.0, -0.0, 5.0])));
        assert!(fold_order_free(Reducer::Sum, &terms(&[0.0, 1.0, 2.0])));
        assert!(fold_order_free(
            Reducer::Sum,
            &terms(&[0.0, 0.125, -3.5, 1e6])
        ));
        assert!(!fold_order_free(
            Reducer::Sum,
            &terms(&[0.0, 1.0, 16777216.0])
        ));
        assert!(!fold_order_free(Reducer::Sum, &terms(&[0.0, 0.1, 0.2])));
        // inf + -max + -max is NaN or inf depending on the order.
        let big = terms(&[0.0, f32::INFINITY, -f32::MAX, -f32::MAX]);
        assert!(!fold_order_free(Reducer::Sum, &big));
        assert!(fold_order_free(Reducer::Product, &terms(&[1.0, -1.0, 7.0])));
        assert!(!fold_order_free(
            Reducer::Product,
            &terms(&[1.0, 3.0, 1e-30])
        ));
    }
}
