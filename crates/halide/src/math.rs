//! Halide's float math intrinsics (`sqrt_f32`, `exp_f32`, `log_f32`, `pow_f32`, `floor_f32`,
//! ...; the algorithm file may spell them `sqrt`, ...) and `lerp` on floats, over a core
//! `Domain` with one more operation, [`MathDomain::math`]: symbolically an uninterpreted
//! function of the real arguments (one symbol per op and width, the same for the algorithm and
//! the statement: equal arguments give equal values, named in the verdict), concretely the
//! real function (exact where the value is rational, else an interval that holds it:
//! `tensor::Concrete::real_fn`). Halide's approximations (`fast_inverse_f32`, ...) and the
//! other intrinsics are not in the table: unsupported, named.
//!
//! `reinterpret<float32>(i)` (the parser's `reinterpret_f32`, also `_f64`), the float whose
//! bits are the integer `i`, is one more such function: symbolically uninterpreted in `i`'s
//! value (equal bits, equal floats), concretely the IEEE value of those bits (an infinity or a
//! NaN makes the run inexact). Halide's `fast_exp` builds `2^k` this way (nl_means).
//!
//! A layer between `value` and `eval`: it knows no statement, Func or solver.

use crate::syntax::Type;
use crate::value::{round_int, unsupported, Rounding, Stop, Val};
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
    /// A float from an integer's bits (`reinterpret<float32>`).
    FromBits,
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
    ("reinterpret", MathFn::FromBits, 1),
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

/// The rounding an intrinsic is, if it is one.
fn rounding(f: MathFn) -> Option<Rounding> {
    match f {
        MathFn::Floor => Some(Rounding::Floor),
        MathFn::Ceil => Some(Rounding::Ceil),
        MathFn::Round => Some(Rounding::HalfEven),
        MathFn::Trunc => Some(Rounding::TowardZero),
        _ => None,
    }
}

fn is_rounding(f: MathFn) -> bool {
    rounding(f).is_some()
}

impl MathDomain for Concrete {
    fn math(&mut self, f: MathFn, _bits: u8, args: &[Scalar]) -> Scalar {
        use MathFn::*;
        match (f, args) {
            (Sqrt, [Scalar::Real(r)]) if r.exact_sqrt().is_some() => {
                Scalar::Real(r.exact_sqrt().expect("checked"))
            }
            (Sqrt, [x]) => self.real_fn("sqrt", x),
            (Log, [x]) => self.real_fn("log", x),
            (Sin, [x]) => self.real_fn("sin", x),
            (Cos, [x]) => self.real_fn("cos", x),
            (Tanh, [x]) => self.real_fn("tanh", x),
            (Exp, [x]) => self.prim(Prim::Exp, ElemType::Real, &[x.clone()]),
            (FromBits, [Scalar::Real(r)]) if r.as_int().is_some() => {
                from_bits(self, _bits, r.as_int().unwrap_or(0))
            }
            // 0^y = 0 for y > 0 (`log` of 0 has no value: not through exp(y ln x)).
            (Pow, [Scalar::Real(x), Scalar::Real(y)])
                if x.as_int() == Some(0) && *y > Rat::int(0) =>
            {
                Scalar::Real(Rat::int(0))
            }
            // x^(1/2) is sqrt(x).
            (Pow, [x, Scalar::Real(h)]) if *h == Rat::new(1, 2).expect("1/2") => {
                self.math(Sqrt, _bits, &[x.clone()])
            }
            (Pow, [x, Scalar::Real(n)]) if n.as_int().is_some_and(|n| (0..=64).contains(&n)) => {
                let mut acc = Scalar::Real(Rat::int(1));
                for _ in 0..n.as_int().unwrap_or(0) {
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

/// The float of width `bits` whose bits are the integer `i` (two's complement), exactly; an
/// infinity, a NaN or a value beyond `i128`'s rationals makes the run inexact.
fn from_bits(c: &mut Concrete, bits: u8, i: i128) -> Scalar {
    let format = match bits {
        32 => Some(ieee754::Format::F32),
        64 => Some(ieee754::Format::F64),
        _ => None,
    };
    let value = format.and_then(|f| {
        let pattern = i.rem_euclid(1i128 << bits) as u64;
        let (n, d) = f.to_rational(pattern)?;
        Rat::new(n, d)
    });
    match value {
        Some(r) => Scalar::Real(r),
        None => {
            c.inexact.get_or_insert_with(|| {
                format!("`reinterpret<float{bits}>` of {i}: an infinity, a NaN or a tiny float")
            });
            Scalar::Undef
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
    if f == MathFn::FromBits {
        // The integer's value (its bits), at the float type of its width.
        return match (ty, &args[..]) {
            (Some(Type::Float(bits)), [Val::Int(i, Type::Int(w) | Type::UInt(w))])
                if bits == *w && matches!(bits, 32 | 64) =>
            {
                let r = d.index_v(ElemType::Real, i);
                Ok(Val::Float(d.math(f, bits, &[r]), Type::Float(bits)))
            }
            _ => unsupported(
                format!("`{name}` of a value that is not an integer of the float's width"),
                span,
            ),
        };
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
    if let Some(r) = rounding(f) {
        let i = round_int(d, r, &reals[0]);
        return Ok(Val::Float(d.index_v(ElemType::Real, &i), ty));
    }
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

/// Whether the algorithm may convert a float to an integer type: a cast to an integer type of
/// an expression with a float in it (a float literal, a conversion to a float type, a call of
/// a float Func or input, a float intrinsic). An over-approximation: it only decides whether
/// a verdict names [`crate::value::FLOAT_TO_INT`].
pub fn converts_float_to_int(spec: &crate::spec::Spec) -> bool {
    use crate::syntax::{visit, ExprKind};
    let float_call = |n: &str| {
        spec.funcs.iter().any(|f| f.name == n && f.ty.is_float())
            || spec.inputs.iter().any(|i| i.name == n && i.ty.is_float())
            || is_float_math(n)
            || lookup(n).is_some()
            || n == "lerp"
    };
    let floaty = |e: &crate::syntax::Expr| {
        let mut any = false;
        visit(e, &mut |x| {
            any |= match &x.kind {
                ExprKind::Float(..) => true,
                ExprKind::Cast(t, _) => t.is_float(),
                ExprKind::Call(n, _) => float_call(n),
                _ => false,
            }
        });
        any
    };
    let mut found = false;
    for f in &spec.funcs {
        for e in std::iter::once(&f.value).chain(f.updates.iter().map(|u| &u.value)) {
            visit(e, &mut |x| {
                if let ExprKind::Cast(t, inner) = &x.kind {
                    found |= !t.is_float() && floaty(inner);
                }
            });
        }
    }
    found
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
                    Some((f, _)) if is_rounding(f) => None,
                    Some((MathFn::FromBits, _)) => Some("reinterpret".to_string()),
                    Some(_) => Some(n.to_string()),
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
        let bits = names.iter().any(|n| n == "reinterpret");
        names.retain(|n| n != "lerp" && n != "reinterpret");
        let mut s = String::new();
        if bits {
            s.push_str("`reinterpret<float32>` of an integer (a float built from its bits, as Halide's `fast_exp` builds 2^k) uninterpreted: equal bits give equal floats");
        }
        if !names.is_empty() {
            if !s.is_empty() {
                s.push_str("; ");
            }
            s += &format!(
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
        let mut c = Concrete::new(Default::default());
        let mut round = |f, n, d| round_int(&mut c, f, &Scalar::Real(r(n, d)));
        assert_eq!(round(Rounding::HalfEven, 5, 2), 2);
        assert_eq!(round(Rounding::HalfEven, 7, 2), 4);
        assert_eq!(round(Rounding::HalfEven, -5, 2), -2);
        assert_eq!(round(Rounding::HalfEven, -7, 2), -4);
        assert_eq!(round(Rounding::HalfEven, 13, 5), 3);
        assert_eq!(round(Rounding::TowardZero, -7, 2), -3);
        assert_eq!(round(Rounding::TowardZero, 7, 2), 3);
        assert_eq!(round(Rounding::Floor, -7, 2), -4);
        assert_eq!(round(Rounding::Ceil, 7, 2), 4);
        assert_eq!(round(Rounding::Ceil, -7, 2), -3);
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
        let v = call(
            &mut c,
            "floor_f32",
            vec![Val::Float(Scalar::Approx(i), Type::Float(32))],
            Span::default(),
        );
        assert!(matches!(v, Some(Ok(Val::Float(Scalar::Real(q), _))) if q == r(1, 1)));
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

    /// `reinterpret<float32>` of an integer: concretely the float of its bits (`fast_exp`'s
    /// `2^k` as `(k + 127) << 23`; infinities inexact), symbolically one function of the
    /// integer in both spellings of the same bits.
    #[test]
    fn floats_from_bits() {
        let mut c = Concrete::new(Default::default());
        let bits = |c: &mut Concrete, i: i128, t: Type| {
            call(c, "reinterpret_f32", vec![Val::Int(i, t)], Span::default())
        };
        for k in [-126i128, -1, 0, 1, 10, 100] {
            let got = bits(&mut c, (k + 127) << 23, Type::Int(32));
            let want = if k >= 0 {
                Rat::int(1 << k)
            } else {
                Rat::new(1, 1 << -k).unwrap()
            };
            assert!(
                matches!(got, Some(Ok(Val::Float(Scalar::Real(q), _))) if q == want),
                "2^{k}"
            );
        }
        let got = bits(&mut c, -1_082_130_432, Type::Int(32)); // 0xBF800000
        assert!(matches!(got, Some(Ok(Val::Float(Scalar::Real(q), _))) if q == Rat::int(-1)));
        assert!(c.inexact.is_none());
        bits(&mut c, 255 << 23, Type::Int(32));
        assert!(c.inexact.is_some(), "an infinity is inexact");
        assert!(bits(&mut c, 1, Type::Int(16)).is_some_and(|r| r.is_err()));
        let mut s = Sym::new(smt::Store::new());
        let i = s.store.fresh("i", smt::Sort::Int);
        let i = Val::Int(s.store.sym(i), Type::Int(32));
        let term = |s: &mut Sym| match call(s, "reinterpret_f32", vec![i.clone()], Span::default())
        {
            Some(Ok(Val::Float(SymVal::Plain(t), _))) => t,
            _ => panic!("reinterpret_f32"),
        };
        assert_eq!(term(&mut s), term(&mut s));
    }

    /// The roundings are one definition: the symbolic term (over a fresh real, evaluated
    /// at a value by the SMT evaluator) and the concrete interpreter agree on many
    /// rationals, ties and negatives included, and with the float math of the reals.
    #[test]
    fn roundings_agree_in_both_domains() {
        struct At(i128, i128);
        impl smt::ModelReader for At {
            fn sym(&mut self, _: smt::SymId) -> Option<smt::Value> {
                Some(smt::Value::Real(self.0, self.1))
            }
            fn app(&mut self, _: smt::FunId, _: &[smt::Value]) -> Option<smt::Value> {
                None
            }
        }
        let kinds = [
            Rounding::Floor,
            Rounding::Ceil,
            Rounding::HalfEven,
            Rounding::TowardZero,
        ];
        let mut s = Sym::new(smt::Store::new());
        let x = s.store.fresh("x", smt::Sort::Real);
        let xv = SymVal::Plain(s.store.sym(x));
        let terms: Vec<_> = kinds.iter().map(|k| round_int(&mut s, *k, &xv)).collect();
        let mut c = Concrete::new(Default::default());
        for n in -41i128..=41 {
            for d in [1i128, 2, 3, 4, 10] {
                let Some(r) = Rat::new(n, d) else { continue };
                let (n, d) = r.small().expect("small");
                let v = n as f64 / d as f64;
                let want = [v.floor(), v.ceil(), v.round_ties_even(), v.trunc()];
                for (k, kind) in kinds.iter().enumerate() {
                    let conc = round_int(&mut c, *kind, &Scalar::Real(r.clone()));
                    let sym = smt::eval_term(&s.store, terms[k], &mut At(n, d));
                    assert_eq!(sym, Some(smt::Value::Int(conc)), "{kind:?} of {r}");
                    assert_eq!(conc as f64, want[k], "{kind:?} of {r}");
                }
            }
        }
        assert!(c.inexact.is_none());
    }
}
