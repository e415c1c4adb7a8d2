//! Halide's float math intrinsics (`sqrt_f32`, `exp_f32`, `log_f32`, `pow_f32`, `floor_f32`,
//! ...; the algorithm file may spell them `sqrt`, ...) and `lerp` on floats, over a core
//! `Domain` with one more operation, [`MathDomain::math`]: symbolically an uninterpreted
//! function of the real arguments (one symbol per op and width, the same for the algorithm and
//! the statement: equal arguments give equal values, named in the verdict), concretely the
//! real function (exact where the value is rational, else an interval that holds it:
//! `tensor::Concrete::real_fn`). Halide's approximations (`fast_inverse_f32`, ...) and the
//! other intrinsics are not in the table: unsupported, named.
//!
//! A layer between `value` and `eval`: it knows no statement, Func or solver.

use crate::syntax::Type;
use crate::value::{unsupported, Stop, Val};
use report::Span;
use symbolic::{Sym, SymVal};
use tensor::{Concrete, Domain, ElemType, Prim, Rat, Scalar};

/// The modelled real functions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MathFn {
    Sqrt,
    Exp,
    Log,
    Pow,
    Floor,
    Ceil,
    Round,
    Trunc,
    Sin,
    Cos,
    Tanh,
}

/// One entry per op: the name Halide's printer gives it (before `_f32`), the op, its arity.
const TABLE: &[(&str, MathFn, usize)] = &[
    ("sqrt", MathFn::Sqrt, 1),
    ("exp", MathFn::Exp, 1),
    ("log", MathFn::Log, 1),
    ("pow", MathFn::Pow, 2),
    ("floor", MathFn::Floor, 1),
    ("ceil", MathFn::Ceil, 1),
    ("round", MathFn::Round, 1),
    ("trunc", MathFn::Trunc, 1),
    ("sin", MathFn::Sin, 1),
    ("cos", MathFn::Cos, 1),
    ("tanh", MathFn::Tanh, 1),
];

impl MathFn {
    pub fn name(self) -> &'static str {
        TABLE.iter().find(|e| e.1 == self).map_or("?", |e| e.0)
    }
    fn arity(self) -> usize {
        TABLE.iter().find(|e| e.1 == self).map_or(1, |e| e.2)
    }
}

/// A call name as an intrinsic: `sqrt_f32` is `(Sqrt, Some(float32))`, `sqrt` (the
/// algorithm's spelling) `(Sqrt, None)`, of its argument's type.
pub fn lookup(name: &str) -> Option<(MathFn, Option<Type>)> {
    let (base, ty) = match name.rsplit_once('_') {
        Some((b, "f16")) => (b, Some(Type::Float(16))),
        Some((b, "f32")) => (b, Some(Type::Float(32))),
        Some((b, "f64")) => (b, Some(Type::Float(64))),
        _ => (name, None),
    };
    TABLE.iter().find(|e| e.0 == base).map(|e| (e.1, ty))
}

/// Whether a call name is a float math intrinsic Halide prints (modelled or not).
pub fn is_float_math(name: &str) -> bool {
    name.ends_with("_f16") || name.ends_with("_f32") || name.ends_with("_f64")
}

/// The core `Domain` with the real functions it does not define.
pub trait MathDomain: Domain {
    /// `f` of the reals `args` at float width `bits`.
    fn math(&mut self, f: MathFn, bits: u8, args: &[Self::V]) -> Self::V;
}

impl MathDomain for Sym {
    fn math(&mut self, f: MathFn, bits: u8, args: &[SymVal]) -> SymVal {
        let mut ts = Vec::with_capacity(args.len());
        for a in args {
            match a {
                SymVal::Plain(t) => ts.push(*t),
                _ => {
                    self.unsupported
                        .get_or_insert_with(|| format!("`{}` of an infinity", f.name()));
                    let v = self.store.fresh("unsupported", smt::Sort::Real);
                    return SymVal::Plain(self.store.sym(v));
                }
            }
        }
        let sorts = vec![smt::Sort::Real; ts.len()];
        let fun =
            self.store
                .declare_fun(&format!("uf_{}_f{bits}", f.name()), &sorts, smt::Sort::Real);
        SymVal::Plain(self.store.app(fun, ts))
    }
}

/// A rounding of a rational to an integer: floor, ceil, half to even (Halide's `round`),
/// toward zero.
fn round_rat(f: MathFn, r: Rat) -> i128 {
    let fl = r.num.div_euclid(r.den);
    let frac = Rat::new(r.num - fl * r.den, r.den).expect("den > 0");
    match f {
        MathFn::Floor => fl,
        MathFn::Ceil => fl + i128::from(frac.num != 0),
        MathFn::Trunc if r.num < 0 => fl + i128::from(frac.num != 0),
        MathFn::Trunc => fl,
        _ => {
            // Half to even.
            let twice = 2 * frac.num;
            if twice < frac.den || (twice == frac.den && fl % 2 == 0) {
                fl
            } else {
                fl + 1
            }
        }
    }
}

impl MathDomain for Concrete {
    fn math(&mut self, f: MathFn, _bits: u8, args: &[Scalar]) -> Scalar {
        use MathFn::*;
        match (f, args) {
            (Floor | Ceil | Round | Trunc, [x]) => match x {
                Scalar::Real(r) => Scalar::Real(Rat::int(round_rat(f, *r))),
                Scalar::Approx(i) => {
                    // Each rounding is monotone: when both ends of the interval round alike,
                    // so does every value inside it.
                    let g = |v: f64| match f {
                        Floor => v.floor(),
                        Ceil => v.ceil(),
                        Trunc => v.trunc(),
                        _ => v.round_ties_even(),
                    };
                    let (lo, hi) = (g(i.lo()), g(i.hi()));
                    if lo == hi && lo.abs() < 1e15 {
                        Scalar::Real(Rat::int(lo as i128))
                    } else {
                        self.inexact.get_or_insert_with(|| {
                            format!("`{}` of an interval that holds an integer", f.name())
                        });
                        Scalar::Undef
                    }
                }
                _ => {
                    self.inexact
                        .get_or_insert_with(|| format!("`{}` of {x:?}", f.name()));
                    Scalar::Undef
                }
            },
            (Sqrt, [Scalar::Real(r)]) if r.exact_sqrt().is_some() => {
                Scalar::Real(r.exact_sqrt().expect("checked"))
            }
            (Sqrt, [x]) => self.real_fn("sqrt", x),
            (Log, [x]) => self.real_fn("log", x),
            (Sin, [x]) => self.real_fn("sin", x),
            (Cos, [x]) => self.real_fn("cos", x),
            (Tanh, [x]) => self.real_fn("tanh", x),
            (Exp, [x]) => self.prim(Prim::Exp, ElemType::Real, &[x.clone()]),
            (Pow, [x, Scalar::Real(n)]) if n.den == 1 && (0..=64).contains(&n.num) => {
                let mut acc = Scalar::Real(Rat::int(1));
                for _ in 0..n.num {
                    acc = self.prim(Prim::Mul, ElemType::Real, &[acc, x.clone()]);
                }
                acc
            }
            (Pow, [x, y]) => {
                // x^y = exp(y ln x) for x > 0 (`log` of anything else makes the run inexact).
                let l = self.real_fn("log", x);
                let m = self.prim(Prim::Mul, ElemType::Real, &[y.clone(), l]);
                self.prim(Prim::Exp, ElemType::Real, &[m])
            }
            _ => {
                self.inexact
                    .get_or_insert_with(|| format!("`{}` of {args:?}", f.name()));
                Scalar::Undef
            }
        }
    }
}

/// `name(args)` when `name` is a modelled float math intrinsic; `None` for any other name.
pub fn call<D: MathDomain>(
    d: &mut D,
    name: &str,
    args: Vec<Val<D>>,
    span: Span,
) -> Option<Result<Val<D>, Stop>> {
    let (f, ty) = lookup(name)?;
    Some(apply(d, f, ty, name, args, span))
}

fn apply<D: MathDomain>(
    d: &mut D,
    f: MathFn,
    ty: Option<Type>,
    name: &str,
    args: Vec<Val<D>>,
    span: Span,
) -> Result<Val<D>, Stop> {
    if args.len() != f.arity() {
        return unsupported(
            format!(
                "`{name}` with {} arguments (it takes {})",
                args.len(),
                f.arity()
            ),
            span,
        );
    }
    let mut reals = Vec::with_capacity(args.len());
    let mut arg_ty = None;
    for a in args {
        match a {
            Val::Float(v, t) => {
                arg_ty.get_or_insert(t);
                reals.push(v);
            }
            // An integer argument (Halide casts them; the algorithm may not): its real value.
            Val::Int(i, _) => reals.push(d.index_v(ElemType::Real, &i)),
            _ => return unsupported(format!("`{name}` of a bool or a pointer"), span),
        }
    }
    let ty = ty.or(arg_ty).unwrap_or(Type::Float(32));
    let Type::Float(bits) = ty else {
        return unsupported(format!("`{name}` at type {ty}"), span);
    };
    Ok(Val::Float(d.math(f, bits, &reals), ty))
}

/// Halide's `lerp(zero, one, weight)` on floats, as it lowers it (`Lerp.cpp`): `zero*(1 -
/// weight) + one*weight`, in the reals. Integer lerps (a weight scaled to the type's range,
/// with rounding) are unsupported.
pub fn lerp<D: Domain>(d: &mut D, args: Vec<Val<D>>, span: Span) -> Result<Val<D>, Stop> {
    match &args[..] {
        [Val::Float(a, t), Val::Float(b, u), Val::Float(w, _)] if t == u => {
            let real = ElemType::Real;
            let one = d.lit_v(real, tensor::Literal::Int(1));
            let om = d.prim(Prim::Sub, real, &[one, w.clone()]);
            let x = d.prim(Prim::Mul, real, &[a.clone(), om]);
            let y = d.prim(Prim::Mul, real, &[b.clone(), w.clone()]);
            Ok(Val::Float(d.prim(Prim::Add, real, &[x, y]), *t))
        }
        _ => unsupported(
            "`lerp` of integers (a weight scaled to the type's range, rounded) or of mixed types",
            span,
        ),
    }
}

/// The assumption a verdict names when the algorithm calls float math intrinsics: "float
/// math intrinsics sqrt_f32, lerp uninterpreted: equal arguments give equal values".
pub fn assumption(spec: &crate::spec::Spec) -> Option<String> {
    let mut names: Vec<String> = Vec::new();
    for f in &spec.funcs {
        let exprs = std::iter::once(&f.value).chain(f.updates.iter().map(|u| &u.value));
        for e in exprs {
            crate::syntax::calls_of(e, &mut |n| {
                let known = match lookup(n) {
                    Some((_, Some(_))) => Some(n.to_string()),
                    Some((_, None)) => Some(n.to_string()),
                    None if n == "lerp" => Some(n.to_string()),
                    None => None,
                };
                if let Some(k) = known {
                    if !names.contains(&k) {
                        names.push(k);
                    }
                }
            });
        }
    }
    (!names.is_empty()).then(|| {
        let lerp = names.iter().any(|n| n == "lerp");
        names.retain(|n| n != "lerp");
        let mut s = String::new();
        if !names.is_empty() {
            s = format!(
                "float math intrinsics {} uninterpreted: equal arguments give equal values (each the same function in the algorithm and the statement)",
                names.join(", ")
            );
        }
        if lerp {
            if !s.is_empty() {
                s.push_str("; ");
            }
            s.push_str("float `lerp(a, b, w)` is `a*(1 - w) + b*w` in the reals, as Halide lowers it");
        }
        s
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_roundings() {
        assert_eq!(
            lookup("sqrt_f32"),
            Some((MathFn::Sqrt, Some(Type::Float(32))))
        );
        assert_eq!(lookup("pow"), Some((MathFn::Pow, None)));
        assert_eq!(lookup("fast_inverse_f32"), None);
        let r = |n, d| Rat::new(n, d).unwrap();
        assert_eq!(round_rat(MathFn::Round, r(5, 2)), 2);
        assert_eq!(round_rat(MathFn::Round, r(7, 2)), 4);
        assert_eq!(round_rat(MathFn::Round, r(-5, 2)), -2);
        assert_eq!(round_rat(MathFn::Trunc, r(-7, 2)), -3);
        assert_eq!(round_rat(MathFn::Floor, r(-7, 2)), -4);
        assert_eq!(round_rat(MathFn::Ceil, r(7, 2)), 4);
        let mut c = Concrete::new(Default::default());
        let v = c.math(MathFn::Sqrt, 32, &[Scalar::Real(r(9, 4))]);
        assert_eq!(v, Scalar::Real(r(3, 2)));
        let v = c.math(
            MathFn::Pow,
            32,
            &[Scalar::Real(r(3, 1)), Scalar::Real(r(2, 1))],
        );
        assert_eq!(v, Scalar::Real(r(9, 1)));
        let Scalar::Approx(i) = c.math(MathFn::Sqrt, 32, &[Scalar::Real(r(2, 1))]) else {
            panic!("sqrt(2) is irrational")
        };
        assert!(i.lo() <= std::f64::consts::SQRT_2 && std::f64::consts::SQRT_2 <= i.hi());
        let v = c.math(MathFn::Floor, 32, &[Scalar::Approx(i)]);
        assert_eq!(v, Scalar::Real(r(1, 1)));
        assert!(c.inexact.is_none());
    }

    /// Both spellings are one function symbol (equal arguments, equal values); other
    /// arguments or another op, another term. `lerp` is one definition in both domains.
    #[test]
    fn spellings_share_one_symbol_and_lerp_agrees() {
        let mut s = Sym::new(smt::Store::new());
        let x = s.store.fresh("x", smt::Sort::Real);
        let x = Val::Float(SymVal::Plain(s.store.sym(x)), Type::Float(32));
        let term = |s: &mut Sym, name: &str, x: &Val<Sym>| match call(
            s,
            name,
            vec![x.clone()],
            Span::default(),
        ) {
            Some(Ok(Val::Float(SymVal::Plain(t), _))) => t,
            _ => panic!("{name}"),
        };
        let a = term(&mut s, "sqrt_f32", &x);
        let b = term(&mut s, "sqrt", &x);
        let c = term(&mut s, "exp_f32", &x);
        assert_eq!(a, b);
        assert_ne!(a, c);
        let lit = |n: i128, d: i128| {
            Val::<Concrete>::Float(Scalar::Real(Rat::new(n, d).unwrap()), Type::Float(32))
        };
        let mut cd = Concrete::new(Default::default());
        let got = lerp(
            &mut cd,
            vec![lit(1, 1), lit(3, 1), lit(1, 4)],
            Span::default(),
        );
        assert!(matches!(got, Ok(Val::Float(Scalar::Real(q), _)) if q == Rat::new(3, 2).unwrap()));
        let ints = vec![Val::<Concrete>::Int(1, Type::UInt(8)); 3];
        assert!(lerp(&mut cd, ints, Span::default()).is_err());
    }
}
