//! Halide's integer arithmetic intrinsics (`IROperator.h`): `widening_add/sub/mul`,
//! `saturating_add/sub`, `halving_add/sub`, `rounding_halving_add`,
//! `rounding_shift_right/left` by a constant. Each is one definition over the core `Domain`:
//! the exact integer result (no intermediate overflow, as Halide defines them), then widened,
//! clamped or wrapped into its type. Integer operands of one type only; anything else is
//! unsupported, named.
//!
//! A layer between `value` and `eval`: it knows no statement, Func or solver.

use crate::syntax::Type;
use crate::value::{unsupported, wrap, Stop, Val};
use report::Span;
use tensor::Domain;

/// The intrinsics of this module, by the name Halide prints.
const NAMES: &[&str] = &[
    "widening_add",
    "widening_sub",
    "widening_mul",
    "saturating_add",
    "saturating_sub",
    "halving_add",
    "halving_sub",
    "rounding_halving_add",
    "rounding_shift_right",
    "rounding_shift_left",
];

pub fn is_intrinsic(name: &str) -> bool {
    NAMES.contains(&name)
}

/// The smallest and largest value of an integer type.
fn range(t: Type) -> Option<(i128, i128)> {
    match t {
        Type::UInt(n) if n <= 64 => Some((0, (1i128 << n) - 1)),
        Type::Int(n) if (1..=64).contains(&n) => {
            Some((-(1i128 << (n - 1)), (1i128 << (n - 1)) - 1))
        }
        _ => None,
    }
}

fn clamp<D: Domain>(d: &mut D, t: Type, i: &D::I) -> Option<D::I> {
    let (lo, hi) = range(t)?;
    let (lo, hi) = (d.lit_i(lo), d.lit_i(hi));
    let below = d.lt_i(i, &lo);
    let above = d.lt_i(&hi, i);
    let c = d.ite_i(&above, &hi, i);
    Some(d.ite_i(&below, &lo, &c))
}

/// `floor(i / 2^k)`.
fn shift_down<D: Domain>(d: &mut D, i: &D::I, k: u32) -> D::I {
    let p = d.lit_i(1i128 << k);
    d.ediv_i(i, &p)
}

/// `name(a, b)` of two integers of type `t`; `shift` is `b` when it is a literal.
pub fn call<D: Domain>(
    d: &mut D,
    name: &str,
    a: Val<D>,
    b: Val<D>,
    shift: Option<i128>,
    span: Span,
) -> Result<Val<D>, Stop> {
    let (x, y, t) = match (a, b) {
        (Val::Int(x, t), Val::Int(y, u)) if t == u || name.starts_with("rounding_shift") => {
            (x, y, t)
        }
        (a, b) => {
            return unsupported(
                format!(
                    "`{name}` of {} and {} (integers of one type only)",
                    a.ty(),
                    b.ty()
                ),
                span,
            )
        }
    };
    let widened = |signed: bool| match t {
        Type::Int(n) | Type::UInt(n) if n <= 32 => Some(if signed {
            Type::Int(2 * n)
        } else {
            Type::UInt(2 * n)
        }),
        _ => None,
    };
    let signed = matches!(t, Type::Int(_));
    let (v, ty) = match name {
        "widening_add" | "widening_sub" | "widening_mul" => {
            // The difference of two unsigned values is signed (Halide's `widening_sub`).
            let Some(w) = widened(signed || name == "widening_sub") else {
                return unsupported(format!("`{name}` of {t} (no wider type)"), span);
            };
            let v = match name {
                "widening_add" => d.add_i(&x, &y),
                "widening_sub" => d.sub_i(&x, &y),
                _ => d.mul_i(&x, &y),
            };
            (v, w)
        }
        "saturating_add" | "saturating_sub" => {
            let v = if name == "saturating_add" {
                d.add_i(&x, &y)
            } else {
                d.sub_i(&x, &y)
            };
            match clamp(d, t, &v) {
                Some(c) => (c, t),
                None => return unsupported(format!("`{name}` of {t}"), span),
            }
        }
        "halving_add" | "halving_sub" | "rounding_halving_add" => {
            let mut v = if name == "halving_sub" {
                d.sub_i(&x, &y)
            } else {
                d.add_i(&x, &y)
            };
            if name == "rounding_halving_add" {
                let one = d.lit_i(1);
                v = d.add_i(&v, &one);
            }
            (shift_down(d, &v, 1), t)
        }
        _ => {
            // rounding_shift_right(x, k) = floor((x + 2^(k-1)) / 2^k) for k > 0, a left
            // shift (wrapped) for k <= 0; rounding_shift_left(x, k) is the right shift by -k.
            let Some(k) = shift.filter(|k| (-64..=64).contains(k)) else {
                return unsupported(
                    format!("`{name}` by an amount that is not a constant"),
                    span,
                );
            };
            let k = if name == "rounding_shift_left" { -k } else { k };
            if k > 0 {
                let half = d.lit_i(1i128 << (k - 1));
                let s = d.add_i(&x, &half);
                (shift_down(d, &s, k as u32), t)
            } else {
                let p = d.lit_i(1i128 << (-k));
                (d.mul_i(&x, &p), t)
            }
        }
    };
    let _ = y;
    Ok(Val::Int(wrap(d, ty, &v), ty))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tensor::Concrete;

    fn run(name: &str, t: Type, a: i128, b: i128) -> (i128, Type) {
        let mut c = Concrete::new(Default::default());
        match call(
            &mut c,
            name,
            Val::Int(a, t),
            Val::Int(b, t),
            Some(b),
            Span::default(),
        ) {
            Ok(Val::Int(v, u)) => (v, u),
            _ => panic!("{name}"),
        }
    }

    /// Halide's definitions on values at the edges of their types.
    #[test]
    fn definitions_at_the_edges() {
        let (u8t, i8t) = (Type::UInt(8), Type::Int(8));
        assert_eq!(run("widening_add", u8t, 200, 100), (300, Type::UInt(16)));
        assert_eq!(run("widening_sub", u8t, 3, 200), (-197, Type::Int(16)));
        assert_eq!(run("widening_mul", i8t, -128, 127), (-16256, Type::Int(16)));
        assert_eq!(run("saturating_add", u8t, 200, 100), (255, u8t));
        assert_eq!(run("saturating_sub", u8t, 3, 200), (0, u8t));
        assert_eq!(run("saturating_sub", i8t, -100, 100), (-128, i8t));
        assert_eq!(run("halving_add", u8t, 255, 254), (254, u8t));
        assert_eq!(run("rounding_halving_add", u8t, 255, 254), (255, u8t));
        assert_eq!(run("halving_add", i8t, -3, 0), (-2, i8t));
        assert_eq!(run("halving_sub", u8t, 3, 6), (254, u8t));
        assert_eq!(run("rounding_shift_right", u8t, 6, 2), (2, u8t));
        assert_eq!(run("rounding_shift_right", u8t, 5, 2), (1, u8t));
        assert_eq!(run("rounding_shift_right", u8t, 255, 1), (128, u8t));
        assert_eq!(run("rounding_shift_right", i8t, -6, 2), (-1, i8t));
        assert_eq!(run("rounding_shift_left", u8t, 7, 2), (28, u8t));
        assert_eq!(run("rounding_shift_left", u8t, 6, -2), (2, u8t));
    }

    /// One definition: the symbolic term over two fresh integers, evaluated at values by
    /// the SMT evaluator, equals the concrete interpreter's value, for every intrinsic and
    /// operand pairs across uint8 and int8.
    #[test]
    fn both_domains_agree() {
        use symbolic::Sym;
        struct At(smt::SymId, i128, i128);
        impl smt::ModelReader for At {
            fn sym(&mut self, s: smt::SymId) -> Option<smt::Value> {
                Some(smt::Value::Int(if s == self.0 { self.1 } else { self.2 }))
            }
            fn app(&mut self, _: smt::FunId, _: &[smt::Value]) -> Option<smt::Value> {
                None
            }
        }
        for t in [Type::UInt(8), Type::Int(8)] {
            let (lo, hi) = range(t).unwrap();
            for name in NAMES {
                let mut s = Sym::new(smt::Store::new());
                let (xa, xb) = (
                    s.store.fresh("a", smt::Sort::Int),
                    s.store.fresh("b", smt::Sort::Int),
                );
                let (ta, tb) = (s.store.sym(xa), s.store.sym(xb));
                let shift = Some(3);
                let Ok(Val::Int(term, _)) = call(
                    &mut s,
                    name,
                    Val::Int(ta, t),
                    Val::Int(tb, t),
                    shift,
                    Span::default(),
                ) else {
                    panic!("{name}")
                };
                for a in (lo..=hi).step_by(17) {
                    for b in (lo..=hi).step_by(23) {
                        let mut c = Concrete::new(Default::default());
                        let Ok(Val::Int(want, _)) = call(
                            &mut c,
                            name,
                            Val::Int(a, t),
                            Val::Int(b, t),
                            shift,
                            Span::default(),
                        ) else {
                            panic!("{name}")
                        };
                        let got = smt::eval_term(&s.store, term, &mut At(xa, a, b));
                        assert_eq!(got, Some(smt::Value::Int(want)), "{name}({a}, {b}) at {t}");
                    }
                }
            }
        }
    }
}
