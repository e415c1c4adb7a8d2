//! Maximum and minimum, once over [`MDomain`]: `arith.maxsi minsi maxui minui maximumf
//! minimumf` (MLIR 19 `arith` docs) as elementwise ops and as reduction combiners.
//!
//! Integers compare signed or unsigned and are exact in both domains. `maximumf`/`minimumf`
//! follow IEEE 754-2019 `maximum`/`minimum`: a NaN operand gives NaN, `-0.0 < +0.0`; they are
//! *defined* from the abstract comparisons (`isnan`, `olt`) and bit equality with `-0.0`, so
//! no new uninterpreted function or assumption is needed and the concrete domain (IEEE on bit
//! patterns) computes the same definition. Both are associative and commutative (NaN payloads
//! aside, which are not observed), so a reduction is folded as a balanced tree. The identities
//! are `-inf` for `maximumf`, `+inf` for `minimumf`, the type's least (greatest) value for the
//! integer maxima (minima).
//!
//! `TosaMaxF` is the TOSA spec's float maximum (`tosa.max_pool2d`, [`crate::ops::linalg::pool`]): like
//! `maximumf` except that of equal zeros it keeps the first operand.
//!
//! `maxnumf`/`minnumf` are not modelled: MLIR lets them return either operand when the
//! operands are `+0.0` and `-0.0` (a nondeterministic choice that a function would wrongly make
//! the same at every use), so they stay unsupported.

use crate::base::domain::Extremum;
use crate::base::domain::{EType, FTy, MDomain};
use crate::base::value::as_int;
use crate::base::value::*;

/// The elementwise ops of this module.
pub(crate) const OPS: &[&str] = &[
    "arith.maxsi",
    "arith.minsi",
    "arith.maxui",
    "arith.minui",
    "arith.maximumf",
    "arith.minimumf",
];

impl Extremum {
    /// The extremum an op computes on values of type `t`, if it is one.
    pub(crate) fn of_op(name: &str, t: EType) -> Option<Extremum> {
        let int = matches!(t, EType::Int(_) | EType::Index);
        let float = matches!(t, EType::Float(_));
        Some(match name {
            "arith.maxsi" if int => Extremum::MaxS,
            "arith.minsi" if int => Extremum::MinS,
            "arith.maxui" if int => Extremum::MaxU,
            "arith.minui" if int => Extremum::MinU,
            "arith.maximumf" if float => Extremum::MaximumF,
            "arith.minimumf" if float => Extremum::MinimumF,
            _ => return None,
        })
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Extremum::MaxS => "maxsi",
            Extremum::MinS => "minsi",
            Extremum::MaxU => "maxui",
            Extremum::MinU => "minui",
            Extremum::MaximumF => "maximumf",
            Extremum::MinimumF => "minimumf",
            Extremum::TosaMaxF => "tosa_max",
        }
    }

    /// The identity's bit pattern in float type `t` (`-inf` for maxima, `+inf` for minima).
    pub(crate) fn float_identity(self, t: FTy) -> u64 {
        let max = matches!(
            self,
            Extremum::MaxS | Extremum::MaxU | Extremum::MaximumF | Extremum::TosaMaxF
        );
        let (neg_inf, pos_inf): (u64, u64) = match t {
            FTy::F16 => (0xfc00, 0x7c00),
            FTy::BF16 => (0xff80, 0x7f80),
            FTy::F32 => (0xff80_0000, 0x7f80_0000),
            FTy::F64 => (0xfff0_0000_0000_0000, 0x7ff0_0000_0000_0000),
        };
        if max {
            neg_inf
        } else {
            pos_inf
        }
    }
}

/// `x(a, b)` on values of type `t`.
pub(crate) fn combine<D: MDomain>(
    d: &mut D,
    x: Extremum,
    t: EType,
    a: &Elem<D>,
    b: &Elem<D>,
) -> Result<Elem<D>, String> {
    match (x, t) {
        (Extremum::MaximumF | Extremum::MinimumF, EType::Float(ft)) => {
            let (Elem::Float(a), Elem::Float(b)) = (a, b) else {
                return Err(format!("arith.{} of non-floats", x.name()));
            };
            Ok(Elem::Float(float(d, x == Extremum::MaximumF, ft, a, b)))
        }
        (Extremum::TosaMaxF, EType::Float(ft)) => {
            let (Elem::Float(a), Elem::Float(b)) = (a, b) else {
                return Err("tosa max of non-floats".into());
            };
            Ok(Elem::Float(first_max(d, ft, a, b)))
        }
        (Extremum::MaximumF | Extremum::MinimumF | Extremum::TosaMaxF, _) => {
            Err(format!("arith.{} on {}", x.name(), t.name()))
        }
        (Extremum::MinU | Extremum::MaxU, EType::Bool) => {
            // i1 unsigned: the minimum is `and`, the maximum `or`.
            let (Elem::Bool(a), Elem::Bool(b)) = (a, b) else {
                return Err(format!("arith.{} of non-booleans on i1", x.name()));
            };
            Ok(Elem::Bool(if x == Extremum::MinU {
                d.and(a, b)
            } else {
                d.or(a, b)
            }))
        }
        (_, EType::Int(_) | EType::Index) => {
            let signed = matches!(x, Extremum::MaxS | Extremum::MinS);
            let (mut p, mut q) = (as_int(d, a, true)?, as_int(d, b, true)?);
            let (a0, b0) = (p.clone(), q.clone());
            if !signed {
                p = unsigned(d, &p, t.width());
                q = unsigned(d, &q, t.width());
            }
            let lt = d.lt_i(&p, &q);
            let max = matches!(x, Extremum::MaxS | Extremum::MaxU);
            Ok(Elem::Int(if max {
                d.ite_i(&lt, &b0, &a0)
            } else {
                d.ite_i(&lt, &a0, &b0)
            }))
        }
        _ => Err(format!("arith.{} on {}", x.name(), t.name())),
    }
}

/// IEEE `maximum` (`max`) or `minimum` from the abstract comparisons.
fn float<D: MDomain>(d: &mut D, max: bool, t: FTy, a: &D::F, b: &D::F) -> D::F {
    const UNO: u8 = 14;
    const OLT: u8 = 4;
    let nan_a = d.f_cmp(UNO, t, a, a);
    let nan_b = d.f_cmp(UNO, t, b, b);
    let a_lt_b = d.f_cmp(OLT, t, a, b);
    let b_lt_a = d.f_cmp(OLT, t, b, a);
    let neg_zero = d.f_lit(t, neg_zero_bits(t));
    // Equal and not NaN: the same value, or zeros of both signs.
    let a_neg_zero = d.f_same(t, a, &neg_zero);
    let (if_a_lt_b, if_b_lt_a) = if max { (b, a) } else { (a, b) };
    let tie = if max {
        d.ite_f(&a_neg_zero, b, a)
    } else {
        d.ite_f(&a_neg_zero, a, b)
    };
    let r = d.ite_f(&b_lt_a, if_b_lt_a, &tie);
    let r = d.ite_f(&a_lt_b, if_a_lt_b, &r);
    let r = d.ite_f(&nan_b, b, &r);
    d.ite_f(&nan_a, a, &r)
}

/// TOSA's `apply_max_s` on floats: NaN if an operand is NaN, else `a >= b ? a : b`.
fn first_max<D: MDomain>(d: &mut D, t: FTy, a: &D::F, b: &D::F) -> D::F {
    const UNO: u8 = 14;
    const OLT: u8 = 4;
    let nan_a = d.f_cmp(UNO, t, a, a);
    let nan_b = d.f_cmp(UNO, t, b, b);
    let a_lt_b = d.f_cmp(OLT, t, a, b);
    let r = d.ite_f(&a_lt_b, b, a);
    let r = d.ite_f(&nan_b, b, &r);
    d.ite_f(&nan_a, a, &r)
}

fn neg_zero_bits(t: FTy) -> u64 {
    match t {
        FTy::F16 | FTy::BF16 => 0x8000,
        FTy::F32 => 0x8000_0000,
        FTy::F64 => 1 << 63,
    }
}

/// The balanced-tree combination of `elems` (non-empty).
pub(crate) fn fold<D: MDomain>(
    d: &mut D,
    x: Extremum,
    t: EType,
    elems: &[Elem<D>],
) -> Result<Elem<D>, String> {
    match elems.len() {
        0 => Err("an empty extremum".into()),
        1 => Ok(elems[0].clone()),
        n => {
            let a = fold(d, x, t, &elems[..n / 2])?;
            let b = fold(d, x, t, &elems[n / 2..])?;
            combine(d, x, t, &a, &b)
        }
    }
}

/// The scalar semantics of the ops in [`OPS`], or `None` for another op.
pub(crate) fn scalar_op<D: MDomain>(
    d: &mut D,
    name: &str,
    args: &[SVal<D>],
    tys: &[EType],
    rty: EType,
) -> Option<Result<SVal<D>, String>> {
    if !OPS.contains(&name) {
        return None;
    }
    if args.len() != 2 || tys.len() != 2 {
        return Some(Err(format!("{name} with {} operands", args.len())));
    }
    let Some(x) = Extremum::of_op(name, rty) else {
        return Some(Err(format!("{name} on {}", rty.name())));
    };
    let ok = d.and(&args[0].ok, &args[1].ok);
    Some(combine(d, x, rty, &args[0].v, &args[1].v).map(|v| SVal { v, ok }))
}
