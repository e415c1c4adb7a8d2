//! The float functions of the `math` dialect (and the tosa ops that mean the same), each
//! declared once in [`TABLE`] and defined once over [`MDomain`] through [`MDomain::f_app`].
//! They are total scalar ops, lifted elementwise over tensors, and run at every loop point of a
//! `linalg.generic`/`linalg.map` body or loop like any scalar op.
//!
//! Two kinds ([`Kind`]):
//!
//! - **Exact**: IEEE 754 fixes the result bit for bit: `absf` (clears the sign bit), `sqrt`
//!   (correctly rounded), `copysign`, `ceil`, `floor`, `trunc`, `round` (ties away from zero),
//!   `roundeven`, `fma` (one rounding), at every float type through [`crate::base::ieee`] (the
//!   workspace's one IEEE 754 definition). Symbolically an uninterpreted `NAME_T` per float type,
//!   folded on literal arguments by the same IEEE computation the concrete domain runs.
//! - **Libm**: transcendental functions, which IEEE does not require to be correctly rounded
//!   (`exp`, `exp2`, `expm1`, `log`, `log2`, `log10`, `log1p`, `tanh`, `sinh`, `cosh`, `erf`,
//!   `sin`, `cos`, `tan`, `asin`, `acos`, `atan`, `atan2`, `cbrt`, `powf`). Symbolically an
//!   uninterpreted `NAME_T` per float type: the same op on the same arguments is the same term
//!   on both sides, so an unchanged op verifies; literals are folded only where every libm
//!   gives one exact value (a NaN argument gives NaN, except for `powf`; `f(±0) = ±0` for the
//!   odd ones, `1` for `exp`, `exp2`, `cos`, `cosh`; `log(1) = +0`; `exp(+inf) = +inf`,
//!   `exp(-inf) = +0`). The concrete domain calls the platform libm (Rust's `f32`/`f64`
//!   methods; `erf` through the C library's `erf`/`erff`; f16 and bf16 through the `f32` one,
//!   rounded back): a replayed difference that depends on
//!   such a value assumes the compiled program computes the same libm value, which the report
//!   states.
//!
//! `math.rsqrt` is `1.0 / sqrt(x)` (two roundings), as `convert-math-to-llvm` lowers it; it is
//! built from `arith.divf` and `sqrt`, so a rewrite between the two forms verifies.
//! `math.absf` also has the exact facts `|-x| = |x|`, `||x|| = |x|`, `|a * b| = |a| * |b|` and
//! `|a / b| = |a| / |b|` (IEEE sets the sign of a product or quotient apart from its
//! magnitude), applied at construction.
//! `tosa.reciprocal` is `1.0 / x` (`arith.divf`), as MLIR's `tosa-to-linalg` lowers it.

use crate::base::domain::FUn;
use crate::base::domain::{EType, FBin, FTy, MDomain};
use crate::base::ieee;
use crate::base::value::{Elem, SVal};
use smt::{Sort, TermId};
use symbolic::Sym;
use tensor::UnaryOp;

/// Whether IEEE fixes a function's result ([`Kind::Exact`]) or libm gives it ([`Kind::Libm`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Exact,
    Libm,
}

/// What `f(±0)` is, for a libm function where every implementation agrees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AtZero {
    /// `f(±0) = ±0`.
    Same,
    /// `f(±0) = 1`.
    One,
    /// Not folded.
    Open,
}

/// One entry: the function, its `math` op, its arity, its kind, its value at zero.
struct Entry(FUn, &'static str, usize, Kind, AtZero);

use AtZero::{One, Open, Same};
use Kind::{Exact, Libm};

/// Every `math` op of this module: one line each.
#[rustfmt::skip]
const TABLE: &[Entry] = &[
    Entry(FUn::Abs, "math.absf", 1, Exact, Open),
    Entry(FUn::Sqrt, "math.sqrt", 1, Exact, Open),
    Entry(FUn::CopySign, "math.copysign", 2, Exact, Open),
    Entry(FUn::Ceil, "math.ceil", 1, Exact, Open),
    Entry(FUn::Floor, "math.floor", 1, Exact, Open),
    Entry(FUn::Trunc, "math.trunc", 1, Exact, Open),
    Entry(FUn::Round, "math.round", 1, Exact, Open),
    Entry(FUn::RoundEven, "math.roundeven", 1, Exact, Open),
    Entry(FUn::Fma, "math.fma", 3, Exact, Open),
    Entry(FUn::Exp, "math.exp", 1, Libm, One),
    Entry(FUn::Exp2, "math.exp2", 1, Libm, One),
    Entry(FUn::Expm1, "math.expm1", 1, Libm, Same),
    Entry(FUn::Log, "math.log", 1, Libm, Open),
    Entry(FUn::Log2, "math.log2", 1, Libm, Open),
    Entry(FUn::Log10, "math.log10", 1, Libm, Open),
    Entry(FUn::Log1p, "math.log1p", 1, Libm, Same),
    Entry(FUn::Tanh, "math.tanh", 1, Libm, Same),
    Entry(FUn::Sinh, "math.sinh", 1, Libm, Same),
    Entry(FUn::Cosh, "math.cosh", 1, Libm, One),
    Entry(FUn::Erf, "math.erf", 1, Libm, Same),
    Entry(FUn::Sin, "math.sin", 1, Libm, Same),
    Entry(FUn::Cos, "math.cos", 1, Libm, One),
    Entry(FUn::Tan, "math.tan", 1, Libm, Same),
    Entry(FUn::Asin, "math.asin", 1, Libm, Same),
    Entry(FUn::Acos, "math.acos", 1, Libm, Open),
    Entry(FUn::Atan, "math.atan", 1, Libm, Same),
    Entry(FUn::Atan2, "math.atan2", 2, Libm, Open),
    Entry(FUn::Cbrt, "math.cbrt", 1, Libm, Same),
    Entry(FUn::Pow, "math.powf", 2, Libm, Open),
];

fn entry(f: FUn) -> &'static Entry {
    TABLE
        .iter()
        .find(|e| e.0 == f)
        .expect("every FUn has a TABLE entry")
}

impl FUn {
    /// The name of its uninterpreted function (`NAME_T`).
    pub fn name(self) -> &'static str {
        entry(self).1.trim_start_matches("math.")
    }
    pub fn arity(self) -> usize {
        entry(self).2
    }
    pub fn kind(self) -> Kind {
        entry(self).3
    }
    /// Every function, in table order.
    pub fn all() -> impl Iterator<Item = FUn> {
        TABLE.iter().map(|e| e.0)
    }
    fn of_op(name: &str) -> Option<FUn> {
        TABLE.iter().find(|e| e.1 == name).map(|e| e.0)
    }
    /// The function whose uninterpreted function is `NAME_T`.
    pub fn of_name(name: &str) -> Option<FUn> {
        FUn::all().find(|f| f.name() == name)
    }
    /// Its value on bit patterns of type `t`, as the concrete domain computes it; what a
    /// model's table of `NAME_T` means in a replay.
    pub fn concrete(self, t: FTy, xs: &[u64]) -> Option<u64> {
        concrete_app(self, t, xs)
    }
}

/// Whether `name` is an op of this module (a total scalar op, lifted over tensors).
pub(crate) fn is_op(name: &str) -> bool {
    name == "math.rsqrt" || FUn::of_op(name).is_some()
}

/// The scalar semantics of the ops of this module, or `None` for another op.
pub(crate) fn scalar_op<D: MDomain>(
    d: &mut D,
    name: &str,
    args: &[SVal<D>],
    rty: EType,
) -> Option<Result<SVal<D>, String>> {
    if name == "math.rsqrt" {
        return Some(rsqrt(d, args, rty));
    }
    let f = FUn::of_op(name)?;
    if args.len() != f.arity() {
        return Some(Err(format!("{name} with {} operands", args.len())));
    }
    Some(apply_n(d, f, rty, args))
}

/// `math.rsqrt`: `1.0 / sqrt(x)`.
fn rsqrt<D: MDomain>(d: &mut D, args: &[SVal<D>], rty: EType) -> Result<SVal<D>, String> {
    let ([a], EType::Float(t)) = (args, rty) else {
        return Err("math.rsqrt of a non-float or with other than one operand".into());
    };
    let Elem::Float(x) = &a.v else {
        return Err("math.rsqrt of a non-float".into());
    };
    let one = d.f_lit(t, ieee::from_f64(t, 1.0));
    let s = d.f_app(FUn::Sqrt, t, std::slice::from_ref(x));
    Ok(SVal {
        v: Elem::Float(d.f_bin(FBin::Div, t, &one, &s)),
        ok: a.ok.clone(),
    })
}

/// `f(args)` for arguments of float type `t`; poison when any argument is.
fn apply_n<D: MDomain>(d: &mut D, f: FUn, t: EType, args: &[SVal<D>]) -> Result<SVal<D>, String> {
    let EType::Float(t) = t else {
        return Err(format!("math.{} of a non-float", f.name()));
    };
    let mut xs = vec![];
    for a in args {
        let Elem::Float(x) = &a.v else {
            return Err(format!("math.{} of a non-float", f.name()));
        };
        xs.push(x.clone());
    }
    let mut ok = args[0].ok.clone();
    for a in &args[1..] {
        ok = d.and(&ok, &a.ok);
    }
    Ok(SVal {
        v: Elem::Float(d.f_app(f, t, &xs)),
        ok,
    })
}

/// The literal result of `f` on literals, when every implementation gives one value: exact
/// functions by IEEE, libm functions at the points of the module doc.
fn fold_lit(f: FUn, t: FTy, xs: &[u64]) -> Option<u64> {
    if f.kind() == Kind::Exact {
        return exact(f, t, xs);
    }
    let sign = t.format().sign_bit();
    let &[x, ..] = xs else { return None };
    if f != FUn::Pow && xs.iter().any(|&x| t.format().is_nan(x)) {
        return Some(t.format().nan());
    }
    let one = ieee::from_f64(t, 1.0);
    let inf = t.format().inf(false);
    match (f, entry(f).4) {
        (_, Same) if xs.len() == 1 && x & !sign == 0 => Some(x),
        (_, One) if x & !sign == 0 => Some(one),
        (FUn::Exp, _) if x == inf => Some(inf),
        (FUn::Exp, _) if x == inf | sign => Some(0),
        (FUn::Log | FUn::Log2 | FUn::Log10, _) if x == one => Some(0),
        _ => None,
    }
}

/// An exact function on literals of any float type (NaN results canonical): `absf` and
/// `sqrt` are the tensor core's element functions, `fma` is `ieee754`'s, `copysign` moves a
/// sign bit; the rounding functions give an integer of the type itself (or the operand), so
/// computing them on the operand's exact `f64` value is exact.
fn exact(f: FUn, t: FTy, xs: &[u64]) -> Option<u64> {
    let fm = t.format();
    let &[x, ..] = xs else { return None };
    let sign = fm.sign_bit();
    let integral = |g: fn(f64) -> f64| fm.from_f64(g(fm.to_f64(x)));
    let r = match f {
        FUn::Abs => ieee::un(UnaryOp::Abs, t, x),
        FUn::Sqrt => ieee::un(UnaryOp::Sqrt, t, x),
        FUn::Fma => ieee::fma(t, x, *xs.get(1)?, *xs.get(2)?),
        FUn::CopySign => (x & !sign) | (xs.get(1)? & sign),
        FUn::Ceil => integral(f64::ceil),
        FUn::Floor => integral(f64::floor),
        FUn::Trunc => integral(f64::trunc),
        FUn::Round => integral(f64::round),
        FUn::RoundEven => integral(f64::round_ties_even),
        _ => return None,
    };
    Some(fm.canon(r))
}

/// `$name(f, v)`: the transcendental `f` of `v` by the platform libm in `$t` (Rust's `$t`
/// methods; `$erf` from the C library), one table for both widths; `None` for an exact
/// function (those are [`exact`]'s).
macro_rules! libm_fn {
    ($name:ident, $t:ty, $erf:path) => {
        fn $name(f: FUn, v: &[$t]) -> Option<$t> {
            let x = *v.first()?;
            let y = || v.get(1).copied();
            Some(match f {
                FUn::Exp => x.exp(),
                FUn::Exp2 => x.exp2(),
                FUn::Expm1 => x.exp_m1(),
                FUn::Log => x.ln(),
                FUn::Log2 => x.log2(),
                FUn::Log10 => x.log10(),
                FUn::Log1p => x.ln_1p(),
                FUn::Tanh => x.tanh(),
                FUn::Sinh => x.sinh(),
                FUn::Cosh => x.cosh(),
                FUn::Erf => $erf(x),
                FUn::Sin => x.sin(),
                FUn::Cos => x.cos(),
                FUn::Tan => x.tan(),
                FUn::Asin => x.asin(),
                FUn::Acos => x.acos(),
                FUn::Atan => x.atan(),
                FUn::Atan2 => x.atan2(y()?),
                FUn::Cbrt => x.cbrt(),
                FUn::Pow => x.powf(y()?),
                _ => return None,
            })
        }
    };
}
libm_fn!(f32_fn, f32, libc_erf::erf32);
libm_fn!(f64_fn, f64, libc_erf::erf64);

/// `erf`, which Rust's standard library lacks: the C library's (the same libm that Rust's
/// `f32::exp` and friends call on Linux).
mod libc_erf {
    extern "C" {
        fn erff(x: f32) -> f32;
        fn erf(x: f64) -> f64;
    }
    pub(super) fn erf32(x: f32) -> f32 {
        // SAFETY: `erff` is a pure function of its argument in every C library.
        unsafe { erff(x) }
    }
    pub(super) fn erf64(x: f64) -> f64 {
        // SAFETY: as above.
        unsafe { erf(x) }
    }
}

/// The symbolic `f(args)`: literals folded where exact, the `absf` facts of the module doc,
/// otherwise an uninterpreted function per float type.
pub(crate) fn sym_app(d: &mut Sym, f: FUn, t: FTy, args: &[TermId]) -> TermId {
    let lits: Option<Vec<u64>> = args
        .iter()
        .map(|&a| d.store.as_int(a).map(|i| i as u64))
        .collect();
    if let Some(r) = lits.and_then(|xs| fold_lit(f, t, &xs)) {
        return d.store.int(r as i128);
    }
    if let [a] = args {
        if let Some(r) =
            crate::base::domain::into_literal_ite(d, *a, &mut |d, x| sym_app(d, f, t, &[x]))
        {
            return r;
        }
    }
    let g = d.store.declare_fun(
        &format!("{}_{}", f.name(), t.name()),
        &vec![Sort::Int; args.len()],
        Sort::Int,
    );
    if f == FUn::Abs {
        if let Some(r) = abs_facts(d, g, t, args[0]) {
            return r;
        }
    }
    d.store.app(g, args.to_vec())
}

/// `|x|` by the exact facts of the module doc, when one applies (`g` is `absf_T`).
fn abs_facts(d: &mut Sym, g: smt::FunId, t: FTy, a: TermId) -> Option<TermId> {
    let smt::Node::App(h, args) = d.store.node(a).clone() else {
        return None;
    };
    let head = d.store.fun_name(h).to_string();
    let ty = t.name();
    if h == g || head == format!("negf_{ty}") {
        return Some(sym_app(d, FUn::Abs, t, &[args[0]]));
    }
    let op = if head == format!("mulf_{ty}") {
        FBin::Mul
    } else if head == format!("divf_{ty}") {
        FBin::Div
    } else {
        return None;
    };
    let [x, y] = &args[..] else { return None };
    let x = sym_app(d, FUn::Abs, t, &[*x]);
    let y = sym_app(d, FUn::Abs, t, &[*y]);
    Some(d.f_bin(op, t, &x, &y))
}

/// The concrete `f(xs)` at any float type: exact functions by IEEE ([`exact`]), libm
/// functions by the platform libm: `f64` by the binary64 one, `f32` by the binary32 one, f16
/// and bf16 computed by the binary32 one on their (exact) f32 values and rounded back, as
/// MLIR's `math-extend-to-supported-types` lowers them.
pub(crate) fn concrete_app(f: FUn, t: FTy, xs: &[u64]) -> Option<u64> {
    if let Some(r) = fold_lit(f, t, xs) {
        return Some(r);
    }
    if f.kind() == Kind::Exact {
        return None;
    }
    let fm = t.format();
    let r = match t {
        FTy::F64 => {
            let v: Vec<f64> = xs.iter().map(|&x| fm.to_f64(x)).collect();
            fm.from_f64(f64_fn(f, &v)?)
        }
        FTy::F32 | FTy::F16 | FTy::BF16 => {
            let v: Vec<f32> = xs.iter().map(|&x| fm.to_f64(x) as f32).collect();
            fm.from_f64(f32_fn(f, &v)? as f64)
        }
    };
    Some(fm.canon(r))
}
