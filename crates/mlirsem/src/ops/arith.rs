//! Scalar ops beyond the first slice, each defined once over [`MDomain`]: float conversions
//! (`arith.extf`, `arith.truncf`, `arith.sitofp`, `arith.uitofp`), shifts (`arith.shli`,
//! `arith.shrsi`, `arith.shrui`), and the integer divisions (`arith.divsi`, `divui`, `remsi`,
//! `remui`, `ceildivsi`, `ceildivui`, `floordivsi`), `math.absi` (two's complement: `|MIN|` is
//! `MIN`), following the MLIR `arith` and `math` dialect docs:
//! - a shift by an amount `>=` the bit width is poison;
//! - division by zero, and for `divsi`/`ceildivsi`/`floordivsi` the signed overflow
//!   `MIN / -1`, are undefined behaviour; a poison operand of a division is *unsure* (MLIR does
//!   not say whether dividing by poison is UB). Divisions are modelled on scalars only (UB
//!   inside an elementwise tensor op would need a quantifier: unsupported).
//!
//! Float conversions round to nearest even (`roundingmode` `to_nearest_even` says so; another
//! mode is unsupported). `overflowFlags` of `shli` make it poison as for `addi` ([`overflows`]).

use crate::base::ctx::Ctx;
use crate::base::domain::{EType, FBin, FTy, IBit, MDomain};
use crate::base::stop::{unsupported, Stop, R};
use crate::base::value::*;
use mlir::{Module, OpId};

/// Total scalar ops (no UB): lifted elementwise over tensors and usable in `linalg.generic`.
pub(crate) const TOTAL: &[&str] = &[
    "arith.extf",
    "arith.truncf",
    "arith.sitofp",
    "arith.uitofp",
    "arith.shli",
    "arith.shrsi",
    "arith.shrui",
    "math.absi",
];

/// Scalar ops with undefined behaviour: scalars only.
pub(crate) const PARTIAL: &[&str] = &[
    "arith.divsi",
    "arith.divui",
    "arith.remsi",
    "arith.remui",
    "arith.ceildivsi",
    "arith.ceildivui",
    "arith.floordivsi",
];

fn int_arg<D: MDomain>(
    d: &mut D,
    e: &Elem<D>,
    unsigned_read: bool,
    w: u32,
) -> Result<D::I, String> {
    let x = match e {
        Elem::Int(i) => i.clone(),
        Elem::Bool(b) => {
            let one = d.lit_i(if unsigned_read { 1 } else { -1 });
            let zero = d.lit_i(0);
            return Ok(d.ite_i(b, &one, &zero));
        }
        Elem::Float(_) => return Err("an integer op on a float".into()),
    };
    Ok(if unsigned_read { unsigned(d, &x, w) } else { x })
}

fn to_elem<D: MDomain>(d: &mut D, x: &D::I, t: EType) -> Result<Elem<D>, String> {
    Ok(match t {
        EType::Bool => {
            let w = wrap(d, x, 1);
            let zero = d.lit_i(0);
            let z = d.eq_i(&w, &zero);
            Elem::Bool(d.not(&z))
        }
        EType::Int(_) | EType::Index => Elem::Int(wrap(d, x, t.width())),
        EType::Float(_) => return Err("an integer result of float type".into()),
    })
}

fn fty(t: EType) -> Result<FTy, String> {
    match t {
        EType::Float(f) => Ok(f),
        _ => Err("a float op on a non-float type".into()),
    }
}

/// `2^s` for `0 <= s < w` (a selection among the `w` powers), and whether `s < w`.
fn pow2_of<D: MDomain>(d: &mut D, s: &D::I, w: u32) -> (D::I, D::B) {
    let mut p = d.lit_i(1);
    for k in (0..w).rev() {
        let kk = d.lit_i(k as i128);
        let is = d.eq_i(s, &kk);
        let v = d.lit_i(pow2(k));
        p = d.ite_i(&is, &v, &p);
    }
    let ww = d.lit_i(w as i128);
    let fits = d.lt_i(s, &ww);
    (p, fits)
}

/// The semantics of the ops in [`TOTAL`], or `None` for another op.
pub(crate) fn total_op<D: MDomain>(
    d: &mut D,
    m: &Module,
    o: OpId,
    name: &str,
    args: &[SVal<D>],
    tys: &[EType],
    rty: EType,
) -> Option<Result<SVal<D>, String>> {
    if let Some(r) = crate::ops::extremum::scalar_op(d, name, args, tys, rty) {
        return Some(r);
    }
    if let Some(r) = crate::ops::math::scalar_op(d, name, args, rty) {
        return Some(r);
    }
    let wide_bitwise = matches!(name, "arith.andi" | "arith.ori" | "arith.xori")
        && args.len() == 2
        && matches!((&args[0].v, &args[1].v), (Elem::Int(_), Elem::Int(_)));
    if wide_bitwise {
        let op = match name {
            "arith.andi" => IBit::And,
            "arith.ori" => IBit::Or,
            _ => IBit::Xor,
        };
        let (Elem::Int(a), Elem::Int(b)) = (&args[0].v, &args[1].v) else {
            return None;
        };
        let r = d.i_bit(op, rty.width(), a, b);
        let ok = d.and(&args[0].ok, &args[1].ok);
        return Some(Ok(SVal {
            v: Elem::Int(r),
            ok,
        }));
    }
    if !TOTAL.contains(&name) {
        return None;
    }
    Some(total(d, m, o, name, args, tys, rty))
}

fn total<D: MDomain>(
    d: &mut D,
    m: &Module,
    o: OpId,
    name: &str,
    args: &[SVal<D>],
    tys: &[EType],
    rty: EType,
) -> Result<SVal<D>, String> {
    let arity = if name.starts_with("arith.sh") { 2 } else { 1 };
    if args.len() != arity || tys.len() != arity {
        return Err(format!("{name} with {} operands", args.len()));
    }
    // `arith::RoundingMode`: 0 is `to_nearest_even`, the rounding of the model.
    match m.op(o).attr("roundingmode") {
        None => {}
        Some(a) if a.as_int() == Some(0) => {}
        Some(a) => {
            return Err(format!(
                "{name} with the rounding mode {} (only to_nearest_even is modelled)",
                a.as_int().map_or(format!("{a:?}"), |k| k.to_string())
            ))
        }
    }
    let mut ok = d.lit_b(true);
    for a in args {
        ok = d.and(&ok, &a.ok);
    }
    let v = match name {
        "arith.extf" | "arith.truncf" => {
            let Elem::Float(x) = &args[0].v else {
                return Err(format!("{name} of a non-float"));
            };
            Elem::Float(d.f_conv(fty(tys[0])?, fty(rty)?, x))
        }
        "arith.sitofp" | "arith.uitofp" => {
            let x = int_arg(d, &args[0].v, name == "arith.uitofp", tys[0].width())?;
            Elem::Float(d.f_of_int(fty(rty)?, &x))
        }
        "math.absi" => {
            // MLIR's `math.absi`: the two's complement absolute value, so `|MIN|` wraps to
            // `MIN` (no poison: the op has no flags).
            let Elem::Int(x) = &args[0].v else {
                return Err("math.absi of a non-integer".into());
            };
            let zero = d.lit_i(0);
            let neg = d.lt_i(x, &zero);
            let minus = d.sub_i(&zero, x);
            let r = d.ite_i(&neg, &minus, x);
            to_elem(d, &r, rty)?
        }
        _ => {
            if rty == EType::Index {
                return Err(format!(
                    "{name} of index values in tensors (the index width is target-dependent)"
                ));
            }
            let w = rty.width();
            let a = int_arg(d, &args[0].v, name == "arith.shrui", w)?;
            let s = int_arg(d, &args[1].v, true, w)?;
            let (p, fits) = pow2_of(d, &s, w);
            ok = d.and(&ok, &fits);
            let r = if name == "arith.shli" {
                d.mul_i(&a, &p)
            } else {
                // Arithmetic (floor) or logical shift right: a division by a positive power.
                d.ediv_i(&a, &p)
            };
            to_elem(d, &r, rty)?
        }
    };
    Ok(SVal { v, ok })
}

/// Where `overflowFlags` make the result of `arith.addi/subi/muli/shli` on `args` (of width
/// `w`) poison: `nsw` when the exact result of the operands read as signed integers is outside
/// `[-2^(w-1), 2^(w-1))` (for `shli`: a bit shifted out disagrees with the result's sign bit),
/// `nuw` when the exact result of the unsigned readings is outside `[0, 2^w)` (for `shli`: a
/// one bit is shifted out). MLIR's `arith` docs, after LLVM's `add`/`sub`/`mul`/`shl`.
pub(crate) fn overflows<D: MDomain>(
    d: &mut D,
    name: &str,
    args: &[SVal<D>],
    w: u32,
    (nsw, nuw): (bool, bool),
) -> Result<D::B, String> {
    let mut bad = d.lit_b(false);
    let [a, b] = args else {
        return Err(format!("{name} with {} operands", args.len()));
    };
    for (on, unsigned_read) in [(nsw, false), (nuw, true)] {
        if !on {
            continue;
        }
        let x = int_arg(d, &a.v, unsigned_read, w)?;
        let y = int_arg(d, &b.v, unsigned_read, w)?;
        let r = match name {
            "arith.addi" => d.add_i(&x, &y),
            "arith.subi" => d.sub_i(&x, &y),
            "arith.muli" => d.mul_i(&x, &y),
            "arith.shli" => {
                // The amount is read as `total` reads it; an amount >= w is poison anyway.
                let s = int_arg(d, &b.v, true, w)?;
                let (p, _) = pow2_of(d, &s, w);
                d.mul_i(&x, &p)
            }
            other => return Err(format!("{other} with overflow flags")),
        };
        let (lo, hi) = if unsigned_read {
            (0, pow2(w))
        } else {
            (-pow2(w - 1), pow2(w - 1))
        };
        let (lo, hi) = (d.lit_i(lo), d.lit_i(hi));
        let below = d.lt_i(&r, &lo);
        let fits_hi = d.lt_i(&r, &hi);
        let above = d.not(&fits_hi);
        let out = d.or(&below, &above);
        bad = d.or(&bad, &out);
    }
    Ok(bad)
}

/// A division of [`PARTIAL`] on scalars: the result, its UB and its unsure condition.
pub(crate) fn partial_op<D: MDomain>(
    d: &mut D,
    name: &str,
    a: &SVal<D>,
    b: &SVal<D>,
    t: EType,
) -> Result<(SVal<D>, D::B, D::B), String> {
    let w = t.width();
    let unsigned_op = matches!(name, "arith.divui" | "arith.remui" | "arith.ceildivui");
    let x = int_arg(d, &a.v, unsigned_op, w)?;
    let y = int_arg(d, &b.v, unsigned_op, w)?;
    let zero = d.lit_i(0);
    let one = d.lit_i(1);
    let by_zero = d.eq_i(&y, &zero);
    // A non-zero stand-in divisor, so the arithmetic below is total.
    let ys = d.ite_i(&by_zero, &one, &y);
    let mut ub = by_zero;
    if matches!(name, "arith.divsi" | "arith.ceildivsi" | "arith.floordivsi") {
        let min = d.lit_i(-pow2(w - 1));
        let m1 = d.lit_i(-1);
        let a_min = d.eq_i(&x, &min);
        let b_m1 = d.eq_i(&y, &m1);
        let ovf = d.and(&a_min, &b_m1);
        ub = d.or(&ub, &ovf);
    }
    let both_ok = d.and(&a.ok, &b.ok);
    let ub = d.and(&ub, &both_ok);
    let unsure = d.not(&both_ok);
    // Truncating quotient from the Euclidean one on absolute values.
    let neg = |d: &mut D, v: &D::I| {
        let z = d.lit_i(0);
        d.sub_i(&z, v)
    };
    let trunc_div = |d: &mut D, x: &D::I, y: &D::I| {
        let z = d.lit_i(0);
        let xn = d.lt_i(x, &z);
        let yn = d.lt_i(y, &z);
        let nx = neg(d, x);
        let ny = neg(d, y);
        let ax = d.ite_i(&xn, &nx, x);
        let ay = d.ite_i(&yn, &ny, y);
        let q = d.ediv_i(&ax, &ay);
        let nq = neg(d, &q);
        let same_sign = eq_b(d, &xn, &yn);
        d.ite_i(&same_sign, &q, &nq)
    };
    let floor_div = |d: &mut D, x: &D::I, y: &D::I| {
        let z = d.lit_i(0);
        let yn = d.lt_i(y, &z);
        let nx = neg(d, x);
        let ny = neg(d, y);
        let xs = d.ite_i(&yn, &nx, x);
        let ys = d.ite_i(&yn, &ny, y);
        d.ediv_i(&xs, &ys)
    };
    let r = match name {
        "arith.divui" => d.ediv_i(&x, &ys),
        "arith.remui" => d.emod_i(&x, &ys),
        "arith.divsi" => trunc_div(d, &x, &ys),
        "arith.remsi" => {
            let q = trunc_div(d, &x, &ys);
            let p = d.mul_i(&q, &ys);
            d.sub_i(&x, &p)
        }
        "arith.floordivsi" => floor_div(d, &x, &ys),
        "arith.ceildivsi" => {
            let nx = neg(d, &x);
            let f = floor_div(d, &nx, &ys);
            neg(d, &f)
        }
        "arith.ceildivui" => {
            // ceil(x / y) = (x + y - 1) div y for x >= 0, y > 0.
            let s = d.add_i(&x, &ys);
            let s = d.sub_i(&s, &one);
            d.ediv_i(&s, &ys)
        }
        other => return Err(format!("unsupported op {other}")),
    };
    let v = to_elem(d, &r, t)?;
    Ok((SVal { v, ok: both_ok }, ub, unsure))
}

fn eq_b<D: MDomain>(d: &mut D, a: &D::B, b: &D::B) -> D::B {
    let both = d.and(a, b);
    let na = d.not(a);
    let nb = d.not(b);
    let neither = d.and(&na, &nb);
    d.or(&both, &neither)
}

/// Evaluates a division of [`PARTIAL`] (scalar operands only).
pub(crate) fn partial<'a, D: MDomain>(d: &mut D, cx: &mut Ctx<'a, D>, o: OpId) -> R<Val<'a, D>> {
    let op = cx.m.op(o);
    let name = op.name.as_str();
    if op.operands.len() != 2 {
        return unsupported(format!("{name} with {} operands", op.operands.len()));
    }
    let a = cx.get(op.operands[0])?;
    let b = cx.get(op.operands[1])?;
    let (Val::Scalar(a, t), Val::Scalar(b, _)) = (&a, &b) else {
        return unsupported(format!(
            "{name} on tensors (UB inside an elementwise op is not modelled)"
        ));
    };
    let (r, ub, unsure) = partial_op(d, name, a, b, *t).map_err(Stop::Unsupported)?;
    cx.add_ub(d, &ub);
    cx.add_unsure(d, &unsure, &format!("{name} with a poison operand"));
    Ok(Val::Scalar(r, *t))
}

/// A shift of a scalar `index`: computed at 64 bits; an amount in `[32, 64)` is *unsure*
/// (MLIR leaves the width of `index` to the target: at 32 bits the result is poison).
pub(crate) fn index_shift<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
) -> R<Option<Val<'a, D>>> {
    let op = cx.m.op(o);
    let name = op.name.as_str();
    let is_shift = matches!(name, "arith.shli" | "arith.shrsi" | "arith.shrui");
    if !is_shift || op.operands.len() != 2 {
        return Ok(None);
    }
    let (Val::Scalar(a, EType::Index), Val::Scalar(b, _)) =
        (cx.get(op.operands[0])?, cx.get(op.operands[1])?)
    else {
        return Ok(None);
    };
    let w = 64;
    let x = int_arg(d, &a.v, name == "arith.shrui", w).map_err(Stop::Unsupported)?;
    let s = int_arg(d, &b.v, true, w).map_err(Stop::Unsupported)?;
    let (p, fits) = pow2_of(d, &s, w);
    let c32 = d.lit_i(32);
    let ge32 = d.le_i(&c32, &s);
    let doubt = d.and(&ge32, &fits);
    let doubt = d.and(&doubt, &b.ok);
    cx.add_unsure(
        d,
        &doubt,
        &format!("{name} of index by 32 to 63 bits (the index width is target-dependent)"),
    );
    let r = if name == "arith.shli" {
        d.mul_i(&x, &p)
    } else {
        d.ediv_i(&x, &p)
    };
    let ok = d.and(&a.ok, &b.ok);
    let mut ok = d.and(&ok, &fits);
    let flags = crate::base::attrs::overflow(op).map_err(Stop::Unsupported)?;
    if name == "arith.shli" && (flags.0 || flags.1) {
        let args = [a.clone(), b.clone()];
        let over = overflows(d, name, &args, w, flags).map_err(Stop::Unsupported)?;
        let fine = d.not(&over);
        ok = d.and(&ok, &fine);
    } else if flags.0 || flags.1 {
        return unsupported(format!("{name} with overflow flags"));
    }
    let v = to_elem(d, &r, EType::Index).map_err(Stop::Unsupported)?;
    Ok(Some(Val::Scalar(SVal { v, ok }, EType::Index)))
}

/// Ops that compute a scalar from scalars (lifted elementwise over tensors).
pub(crate) const SCALAR_OPS: &[&str] = &[
    "arith.addf",
    "arith.subf",
    "arith.mulf",
    "arith.divf",
    "arith.negf",
    "arith.addi",
    "arith.subi",
    "arith.muli",
    "arith.andi",
    "arith.ori",
    "arith.xori",
    "arith.cmpi",
    "arith.cmpf",
    "arith.select",
    "arith.index_cast",
    "arith.index_castui",
    "arith.extsi",
    "arith.extui",
    "arith.trunci",
];

/// Whether `name` computes a scalar from scalars without UB (lifted elementwise over tensors).
pub(crate) fn is_scalar_op(name: &str) -> bool {
    SCALAR_OPS.contains(&name)
        || crate::ops::arith::TOTAL.contains(&name)
        || crate::ops::extremum::OPS.contains(&name)
        || crate::ops::math::is_op(name)
}

fn float_of<D: MDomain>(e: &Elem<D>) -> Result<D::F, String> {
    match e {
        Elem::Float(f) => Ok(f.clone()),
        _ => Err("a float op on a non-float".into()),
    }
}

fn pred_of(m: &Module, o: OpId) -> Result<i128, String> {
    match m.op(o).attr("predicate") {
        Some(a) => a
            .as_int()
            .ok_or("a predicate that is not an integer".into()),
        None => Err("a comparison without a predicate".into()),
    }
}

/// The scalar semantics of the ops in [`SCALAR_OPS`] (and [`is_scalar_op`]'s others), with
/// their flags: `overflowFlags` ([`crate::ops::arith::overflows`]) and the `nnan`/`ninf` fast-math
/// flags make the result poison where they say ([`crate::base::attrs::fast_math`]).
pub(crate) fn scalar_op<D: MDomain>(
    d: &mut D,
    m: &Module,
    o: OpId,
    args: &[SVal<D>],
    tys: &[EType],
    rty: EType,
) -> Result<SVal<D>, String> {
    let op = m.op(o);
    let (nnan, ninf) = crate::base::attrs::fast_math(op)?;
    let overflow = crate::base::attrs::overflow(op)?;
    let mut r = scalar_op_plain(d, m, o, &op.name, args, tys, rty)?;
    if overflow.0 || overflow.1 {
        let over = crate::ops::arith::overflows(d, &op.name, args, rty.width(), overflow)?;
        let fine = d.not(&over);
        r.ok = d.and(&r.ok, &fine);
    }
    if nnan || ninf {
        let floats = args.iter().zip(tys).map(|(a, t)| (&a.v, *t));
        for (v, t) in floats.chain([(&r.v, rty)]) {
            let (Elem::Float(x), EType::Float(ft)) = (v, t) else {
                continue;
            };
            let bad = special(d, ft, x, nnan, ninf);
            let fine = d.not(&bad);
            r.ok = d.and(&r.ok, &fine);
        }
    }
    Ok(r)
}

/// Whether `x` is a NaN (when `nan`) or an infinity (when `inf`).
fn special<D: MDomain>(d: &mut D, t: FTy, x: &D::F, nan: bool, inf: bool) -> D::B {
    let mut c = d.lit_b(false);
    if nan {
        // `uno(x, x)`: x is a NaN.
        let n = d.f_cmp(14, t, x, x);
        c = d.or(&c, &n);
    }
    if inf {
        let pos = t.format().inf(false);
        for bits in [pos, pos | t.format().sign_bit()] {
            let l = d.f_lit(t, bits);
            let e = d.f_cmp(1, t, x, &l);
            c = d.or(&c, &e);
        }
    }
    c
}

/// The scalar op `name` (the name of op `o`, or the body op of a named linalg op `o`) on
/// `args`, without its flags; the attributes it reads (`predicate`, `roundingmode`) are `o`'s.
pub(crate) fn scalar_op_plain<D: MDomain>(
    d: &mut D,
    m: &Module,
    o: OpId,
    name: &str,
    args: &[SVal<D>],
    tys: &[EType],
    rty: EType,
) -> Result<SVal<D>, String> {
    if let Some(r) = crate::ops::arith::total_op(d, m, o, name, args, tys, rty) {
        return r;
    }
    let mut ok = d.lit_b(true);
    for a in args {
        ok = d.and(&ok, &a.ok);
    }
    let arity = match name {
        "arith.negf" | "arith.index_cast" | "arith.index_castui" | "arith.extsi"
        | "arith.extui" | "arith.trunci" => 1,
        "arith.select" => 3,
        _ => 2,
    };
    if args.len() != arity || tys.len() != arity {
        return Err(format!("{name} with {} operands", args.len()));
    }
    let v = match name {
        "arith.addf" | "arith.subf" | "arith.mulf" | "arith.divf" => {
            let op = match name {
                "arith.addf" => FBin::Add,
                "arith.subf" => FBin::Sub,
                "arith.mulf" => FBin::Mul,
                _ => FBin::Div,
            };
            let (a, b) = (float_of(&args[0].v)?, float_of(&args[1].v)?);
            Elem::Float(d.f_bin(op, fty(rty)?, &a, &b))
        }
        "arith.negf" => {
            let a = float_of(&args[0].v)?;
            Elem::Float(d.f_neg(fty(rty)?, &a))
        }
        "arith.addi" | "arith.subi" | "arith.muli" => {
            let a = as_int(d, &args[0].v, true)?;
            let b = as_int(d, &args[1].v, true)?;
            let r = match name {
                "arith.addi" => d.add_i(&a, &b),
                "arith.subi" => d.sub_i(&a, &b),
                _ => d.mul_i(&a, &b),
            };
            from_int(d, &r, rty)?
        }
        "arith.andi" | "arith.ori" | "arith.xori" => match (&args[0].v, &args[1].v) {
            (Elem::Bool(a), Elem::Bool(b)) => Elem::Bool(match name {
                "arith.andi" => d.and(a, b),
                "arith.ori" => d.or(a, b),
                _ => {
                    let e = same(d, EType::Bool, &args[0].v, &args[1].v);
                    d.not(&e)
                }
            }),
            _ => return Err(format!("{name} on integers wider than i1")),
        },
        "arith.cmpi" => {
            let p = pred_of(m, o)?;
            let w = tys[0].width();
            let signed = !(6..=9).contains(&p);
            let mut a = as_int(d, &args[0].v, true)?;
            let mut b = as_int(d, &args[1].v, true)?;
            if !signed {
                a = unsigned(d, &a, w);
                b = unsigned(d, &b, w);
            }
            Elem::Bool(match p {
                0 => d.eq_i(&a, &b),
                1 => {
                    let e = d.eq_i(&a, &b);
                    d.not(&e)
                }
                2 | 6 => d.lt_i(&a, &b),
                3 | 7 => d.le_i(&a, &b),
                4 | 8 => d.lt_i(&b, &a),
                5 | 9 => d.le_i(&b, &a),
                _ => return Err(format!("cmpi predicate {p}")),
            })
        }
        "arith.cmpf" => {
            let p = pred_of(m, o)?;
            if !(0..=15).contains(&p) {
                return Err(format!("cmpf predicate {p}"));
            }
            let (a, b) = (float_of(&args[0].v)?, float_of(&args[1].v)?);
            Elem::Bool(d.f_cmp(p as u8, fty(tys[0])?, &a, &b))
        }
        "arith.select" => {
            let Elem::Bool(c) = &args[0].v else {
                return Err("select on a non-i1 condition".into());
            };
            let r = ite_sval(d, c, &args[1], &args[2]);
            let okc = d.and(&args[0].ok, &r.ok);
            return Ok(SVal { v: r.v, ok: okc });
        }
        "arith.index_cast" | "arith.extsi" | "arith.trunci" => {
            let a = as_int(d, &args[0].v, true)?;
            from_int(d, &a, rty)?
        }
        "arith.index_castui" | "arith.extui" => {
            let a = as_int(d, &args[0].v, false)?;
            let a = match &args[0].v {
                Elem::Int(_) => unsigned(d, &a, tys[0].width()),
                _ => a,
            };
            from_int(d, &a, rty)?
        }
        other => return Err(format!("unsupported op {other}")),
    };
    Ok(SVal { v, ok })
}
