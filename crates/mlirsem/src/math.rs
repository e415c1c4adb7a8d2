//! Unary float functions of the `math` dialect (and the tosa ops that mean the same), each
//! defined once over [`MDomain`] through [`MDomain::f_un`]:
//!
//! - `math.absf` (`tosa.abs` on floats): IEEE `abs`, which clears the sign bit (exact; a NaN
//!   stays NaN). Symbolically an uninterpreted `absf_T` with the exact facts
//!   `|-x| = |x|`, `||x|| = |x|`, `|a * b| = |a| * |b|` and `|a / b| = |a| / |b|` (IEEE sets
//!   the sign of a product or quotient apart from its magnitude) applied at construction, and
//!   literals folded.
//! - `math.exp` (`tosa.exp`): an uninterpreted `exp_T` per float type with the values IEEE
//!   and every libm fix exactly: `exp(NaN) = NaN`, `exp(+inf) = +inf`, `exp(-inf) = +0`,
//!   `exp(±0) = 1`. Other literals are not folded (libm's `exp` is not required to be
//!   correctly rounded). The concrete domain computes Rust's `f32::exp`/`f64::exp`, which call
//!   the platform libm (glibc on Linux): a replayed difference that depends on an `exp` value
//!   assumes the compiled program uses the same libm.
//!
//! `tosa.reciprocal` is `1.0 / x` (`arith.divf`), as MLIR's `tosa-to-linalg` lowers it.

use crate::domain::{EType, FBin, FTy, MDomain};
use crate::ieee;
use crate::value::{Elem, SVal};
use smt::{Sort, TermId};
use symbolic::Sym;

/// A unary float function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FUn {
    Abs,
    Exp,
}

impl FUn {
    fn name(self) -> &'static str {
        match self {
            FUn::Abs => "absf",
            FUn::Exp => "exp",
        }
    }
    fn of_op(name: &str) -> Option<FUn> {
        match name {
            "math.absf" => Some(FUn::Abs),
            "math.exp" => Some(FUn::Exp),
            _ => None,
        }
    }
}

/// The `math` ops of this module (total scalar ops, lifted elementwise over tensors).
pub(crate) const OPS: &[&str] = &["math.absf", "math.exp"];

/// The scalar semantics of the ops in [`OPS`], or `None` for another op.
pub(crate) fn scalar_op<D: MDomain>(
    d: &mut D,
    name: &str,
    args: &[SVal<D>],
    rty: EType,
) -> Option<Result<SVal<D>, String>> {
    let f = FUn::of_op(name)?;
    let [a] = args else {
        return Some(Err(format!("{name} with {} operands", args.len())));
    };
    Some(apply(d, f, rty, a))
}

/// `f(a)` for `a` of float type `t`.
pub(crate) fn apply<D: MDomain>(
    d: &mut D,
    f: FUn,
    t: EType,
    a: &SVal<D>,
) -> Result<SVal<D>, String> {
    let (Elem::Float(x), EType::Float(t)) = (&a.v, t) else {
        return Err(format!("math.{} of a non-float", f.name()));
    };
    Ok(SVal {
        v: Elem::Float(d.f_un(f, t, x)),
        ok: a.ok.clone(),
    })
}

/// The literal result of `f` on the literal `x`, when IEEE fixes it exactly.
fn fold_lit(f: FUn, t: FTy, x: u64) -> Option<u64> {
    let sign = ieee::sign_bit(t);
    if ieee::is_nan(t, x) {
        return Some(ieee::nan(t));
    }
    match f {
        FUn::Abs => Some(x & !sign),
        FUn::Exp => {
            let inf = ieee::from_f64(t, f64::INFINITY)?;
            if x & !sign == 0 {
                ieee::from_f64(t, 1.0)
            } else if x == inf {
                Some(inf)
            } else if x == inf | sign {
                Some(0)
            } else {
                None
            }
        }
    }
}

/// The symbolic `f(a)`: literals folded where exact, the facts of the module doc, otherwise
/// an uninterpreted function per float type.
pub(crate) fn sym_un(d: &mut Sym, f: FUn, t: FTy, a: TermId) -> TermId {
    if let Some(x) = d.store.as_int(a) {
        if let Some(r) = fold_lit(f, t, x as u64) {
            return d.store.int(r as i128);
        }
    }
    if let Some(r) = crate::domain::into_literal_ite(d, a, &mut |d, x| sym_un(d, f, t, x)) {
        return r;
    }
    let g = d.store.declare_fun(
        &format!("{}_{}", f.name(), t.name()),
        &[Sort::Int],
        Sort::Int,
    );
    if f == FUn::Abs {
        if let smt::Node::App(h, args) = d.store.node(a).clone() {
            let head = d.store.fun_name(h).to_string();
            let ty = t.name();
            if h == g || head == format!("negf_{ty}") {
                return sym_un(d, f, t, args[0]);
            }
            let op = if head == format!("mulf_{ty}") {
                Some(FBin::Mul)
            } else if head == format!("divf_{ty}") {
                Some(FBin::Div)
            } else {
                None
            };
            if let (Some(op), [x, y]) = (op, &args[..]) {
                let x = sym_un(d, f, t, *x);
                let y = sym_un(d, f, t, *y);
                return d.f_bin(op, t, &x, &y);
            }
        }
    }
    d.store.app(g, vec![a])
}

/// The concrete `f(x)` on f32/f64 (Rust's arithmetic and libm).
pub(crate) fn concrete_un(f: FUn, t: FTy, x: u64) -> Option<u64> {
    if let Some(r) = fold_lit(f, t, x) {
        return Some(r);
    }
    let r = match (f, t) {
        (FUn::Exp, FTy::F32) => f32::from_bits(x as u32).exp().to_bits() as u64,
        (FUn::Exp, FTy::F64) => f64::from_bits(x).exp().to_bits(),
        _ => return None,
    };
    Some(ieee::canon(t, r))
}
