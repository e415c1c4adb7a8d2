//! `tosa` ops, each defined once over [`MDomain`], following the TOSA specification as MLIR 19
//! reads it (generic form, attributes as MLIR 19 names them):
//! - `tosa.const`: as `arith.constant`;
//! - elementwise `add sub mul negate abs maximum minimum bitwise_and bitwise_or bitwise_xor
//!   bitwise_not logical_and logical_or logical_xor logical_not equal greater greater_equal
//!   select`, with broadcasting: operands are aligned to the right of the result (MLIR 19 also
//!   accepts lower ranks), and an operand dim that is statically 1 is broadcast. A dynamic
//!   operand dim that differs from the result's is UB (the spec's `ERROR_IF`, as are concat
//!   operands whose other dims differ, a slice outside its operand and gather batch sizes that
//!   differ). Integer `add`/`sub`/`negate`/`abs`
//!   results outside the type and `mul` with a shift whose result leaves i32 are UB per element
//!   (the spec `REQUIRE`s them away: the result is unpredictable); `mul` without shift keeps
//!   the low bits. Float `maximum`/
//!   `minimum` are unsupported (NaN and signed-zero rules);
//! - structural `reshape` (static shapes, row-major), `transpose` (constant permutation),
//!   `reverse`, `concat`, `slice` (static start and size), `tile`, `gather` (an index outside
//!   the values is UB, the spec's `REQUIRE`; a poison index is *unsure*).

use crate::base::ctx::{result_type, tensor_of, value_type, Ctx};
use crate::base::domain::FUn;
use crate::base::domain::{EType, FBin, IBit, MDomain};
use crate::base::stop::{unsupported, Stop, R};
use crate::base::value::*;
use crate::ops::consts::constant;
use mlir::{Attr, DenseData, DenseLit, Dim, Module, OpId, ValueId};
use std::rc::Rc;

const ELEMENTWISE: &[&str] = &[
    "tosa.add",
    "tosa.sub",
    "tosa.mul",
    "tosa.negate",
    "tosa.abs",
    "tosa.exp",
    "tosa.reciprocal",
    "tosa.maximum",
    "tosa.minimum",
    "tosa.bitwise_and",
    "tosa.bitwise_or",
    "tosa.bitwise_xor",
    "tosa.bitwise_not",
    "tosa.logical_and",
    "tosa.logical_or",
    "tosa.logical_xor",
    "tosa.logical_not",
    "tosa.equal",
    "tosa.greater",
    "tosa.greater_equal",
    "tosa.select",
];

/// The results of a tosa op, or `None` when `o` is not one of this module's.
pub(crate) fn eval_op<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Option<Vec<Val<'a, D>>>> {
    let m = cx.m;
    let name = m.op(o).name.as_str();
    let v = match name {
        "tosa.const" => constant(d, m, o)?,
        n if ELEMENTWISE.contains(&n) => elementwise(d, cx, o, operands)?,
        "tosa.reshape" => reshape(d, cx, o, operands)?,
        "tosa.transpose" => transpose(d, cx, o, operands)?,
        "tosa.reverse" => reverse(d, cx, o, operands)?,
        "tosa.concat" => concat(d, cx, o, operands)?,
        "tosa.slice" => slice(d, cx, o, operands)?,
        "tosa.tile" => tile(d, cx, o, operands)?,
        "tosa.gather" => gather(d, cx, o, operands)?,
        "tosa.clamp" => clamp(d, cx, o, operands)?,
        _ => return Ok(None),
    };
    Ok(Some(vec![v]))
}

/// The static dims of value `v`'s tensor type.
fn dims_of(m: &Module, v: ValueId) -> R<Vec<Dim>> {
    match value_type(&m.value(v).ty).map_err(Stop::Unsupported)? {
        (Some(dims), _) => Ok(dims),
        (None, _) => unsupported("a tosa operand that is not a tensor"),
    }
}

fn out_dims(m: &Module, o: OpId) -> R<(Vec<Dim>, EType)> {
    match result_type(m, o, 0)? {
        (Some(dims), t) => Ok((dims, t)),
        (None, _) => unsupported("a tosa op with a scalar result"),
    }
}

fn int_attr(m: &Module, o: OpId, name: &str) -> R<i128> {
    m.op(o)
        .attr(name)
        .and_then(Attr::as_int)
        .ok_or_else(|| Stop::Unsupported(format!("{} without {name}", m.op(o).name)))
}

fn ints_attr(m: &Module, o: OpId, name: &str) -> R<Vec<i128>> {
    m.op(o)
        .attr(name)
        .and_then(Attr::as_ints)
        .ok_or_else(|| Stop::Unsupported(format!("{} without {name}", m.op(o).name)))
}

/// The integers of a constant operand (`tosa.const` or `arith.constant` with a dense list).
fn const_ints(m: &Module, v: ValueId) -> R<Vec<i128>> {
    let mlir::ValueDef::Result { op: def, .. } = m.value(v).def else {
        return unsupported("a tosa operand that must be a constant");
    };
    let op = m.op(def);
    if let Some(Attr::Dense {
        data: DenseData::Literal(l),
        ..
    }) = op.attr("value")
    {
        let mut out = vec![];
        let mut stack = vec![l.clone()];
        while let Some(x) = stack.pop() {
            match x {
                DenseLit::Int(i) => out.push(i),
                DenseLit::List(xs) => stack.extend(xs.into_iter().rev()),
                _ => return unsupported("a non-integer constant operand"),
            }
        }
        return Ok(out);
    }
    unsupported("a tosa operand that must be a constant")
}

fn static_shape(dims: &[Dim], what: &str) -> R<Vec<i128>> {
    dims.iter()
        .map(|d| match d {
            Dim::Static(n) => Ok(*n as i128),
            Dim::Dynamic => unsupported(format!("{what} of dynamic shape")),
        })
        .collect()
}

// ---- elementwise with broadcasting ----

type ScalarFn<'a, D> = Rc<dyn Fn(&mut D, &[SVal<D>]) -> (SVal<D>, <D as tensor::Domain>::B) + 'a>;

fn elementwise<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let m = cx.m;
    let op = m.op(o);
    let name = op.name.as_str();
    let (odims, rty) = out_dims(m, o)?;
    let rank = odims.len();
    let ins: Vec<Tensor<'a, D>> = operands.iter().map(tensor_of).collect::<R<_>>()?;
    let in_ty = ins.first().map(|t| t.ety).unwrap_or(rty);
    let unary = matches!(
        name,
        "tosa.negate"
            | "tosa.abs"
            | "tosa.exp"
            | "tosa.reciprocal"
            | "tosa.bitwise_not"
            | "tosa.logical_not"
    );
    let arity = if unary {
        1
    } else if name == "tosa.select" {
        3
    } else {
        2
    };
    if ins.len() != arity {
        return unsupported(format!("{name} with {} operands", ins.len()));
    }
    // Per operand dim: statically 1 (always broadcast), dynamic (broadcast when 1 at run
    // time), or static (never broadcast).
    let mut kinds = vec![];
    for (&v, t) in op.operands.iter().zip(&ins) {
        let dims = dims_of(m, v)?;
        if dims.len() > rank || dims.len() != t.shape.len() {
            return unsupported(format!("{name} with an operand of higher rank"));
        }
        kinds.push(dims);
    }
    let one = d.lit_i(1);
    let mut shape = vec![];
    for (k, dim) in odims.iter().enumerate() {
        shape.push(match dim {
            Dim::Static(n) => d.lit_i(*n as i128),
            Dim::Dynamic => {
                // The largest operand dim (all others are equal to it or 1, or UB below).
                let mut mx = one.clone();
                for (t, ks) in ins.iter().zip(&kinds) {
                    let off = rank - t.shape.len();
                    if k >= off && ks[k - off] != Dim::Static(1) {
                        let n = &t.shape[k - off];
                        let lt = d.lt_i(&mx, n);
                        mx = d.ite_i(&lt, n, &mx);
                    }
                }
                mx
            }
        });
    }
    for (t, ks) in ins.iter().zip(&kinds) {
        let off = rank - t.shape.len();
        for (j, n) in t.shape.iter().enumerate() {
            if ks[j] == Dim::Static(1) {
                continue;
            }
            let e = d.eq_i(n, &shape[j + off]);
            let mut bad = d.not(&e);
            if ks[j] == Dim::Dynamic {
                let is1 = d.eq_i(n, &one);
                let n1 = d.not(&is1);
                bad = d.and(&bad, &n1);
            }
            // UB: the spec's `ERROR_IF` on shapes that do not broadcast (docs/mlir.md).
            cx.add_ub(d, &bad);
        }
    }
    let f = scalar_fn::<D>(m, o, name, in_ty, rty)?;
    let ins = Rc::new(ins);
    let kinds = Rc::new(kinds);
    let args_at = {
        let (ins, kinds) = (ins.clone(), kinds.clone());
        Rc::new(move |d: &mut D, idx: &[D::I]| -> Vec<SVal<D>> {
            ins.iter()
                .zip(kinds.iter())
                .map(|(t, ks)| {
                    let off = rank - t.shape.len();
                    let ti: Vec<D::I> = (0..t.shape.len())
                        .map(|j| match ks[j] {
                            Dim::Static(1) => d.lit_i(0),
                            Dim::Static(_) => idx[j + off].clone(),
                            Dim::Dynamic => {
                                let one = d.lit_i(1);
                                let zero = d.lit_i(0);
                                let is1 = d.eq_i(&t.shape[j], &one);
                                d.ite_i(&is1, &zero, &idx[j + off])
                            }
                        })
                        .collect();
                    (t.at)(d, &ti)
                })
                .collect()
        })
    };
    let (f1, a1) = (f.clone(), args_at.clone());
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let args = a1(d, idx);
        f1(d, &args).0
    });
    // UB: a result outside the range the spec `REQUIRE`s (docs/mlir.md).
    let (f2, a2) = (f, args_at);
    cx.push_ub_at(CondAt {
        shape: shape.clone(),
        at: Rc::new(move |d: &mut D, idx: &[D::I]| {
            let args = a2(d, idx);
            let (r, doubt) = f2(d, &args);
            let _ = r;
            let mut ok = d.lit_b(true);
            for a in &args {
                ok = d.and(&ok, &a.ok);
            }
            d.and(&ok, &doubt)
        }),
        why: format!("{name} outside the range the tosa spec requires"),
    });
    Ok(Val::Tensor(Tensor {
        shape,
        ety: rty,
        at,
    }))
}

/// The scalar meaning of an elementwise tosa op: the result and its unsure condition.
fn scalar_fn<'a, D: MDomain>(
    m: &Module,
    o: OpId,
    name: &str,
    t: EType,
    rty: EType,
) -> R<ScalarFn<'a, D>> {
    let is_float = matches!(t, EType::Float(_));
    let w = t.width();
    let shift = if name == "tosa.mul" {
        let s = m.op(o).attr("shift").and_then(Attr::as_int).unwrap_or(0);
        if !(0..=63).contains(&s) || (s != 0 && (is_float || t != EType::Int(32))) {
            return unsupported("tosa.mul with a shift outside i32");
        }
        s as u32
    } else {
        0
    };
    if !is_float && matches!(name, "tosa.exp" | "tosa.reciprocal") {
        return unsupported(format!("{name} on {}", t.name()));
    }
    if is_float && matches!(name, "tosa.maximum" | "tosa.minimum") {
        return unsupported(format!("{name} on floats"));
    }
    if (is_float && name.starts_with("tosa.bitwise"))
        || (name.starts_with("tosa.logical") && t != EType::Bool)
    {
        return unsupported(format!("{name} on {}", t.name()));
    }
    let name = name.to_string();
    let here = m.op_at(o);
    Ok(Rc::new(move |d: &mut D, a: &[SVal<D>]| {
        let mut ok = d.lit_b(true);
        for x in a {
            ok = d.and(&ok, &x.ok);
        }
        let no = d.lit_b(false);
        let (v, doubt) = match apply(d, &name, t, rty, w, shift, a) {
            Some(r) => r,
            None => {
                d.give_up(format!("{name} on {} ({here})", t.name()));
                (zero_elem(d, rty), no)
            }
        };
        (SVal { v, ok }, doubt)
    }))
}

/// Whether `x` lies outside the signed `w`-bit range.
fn out_of_range<D: MDomain>(d: &mut D, x: &D::I, w: u32) -> D::B {
    let lo = d.lit_i(-pow2(w - 1));
    let hi = d.lit_i(pow2(w - 1));
    let a = d.lt_i(x, &lo);
    let b = d.le_i(&hi, x);
    d.or(&a, &b)
}

#[allow(clippy::too_many_arguments)]
fn apply<D: MDomain>(
    d: &mut D,
    name: &str,
    t: EType,
    rty: EType,
    w: u32,
    shift: u32,
    a: &[SVal<D>],
) -> Option<(Elem<D>, D::B)> {
    let no = d.lit_b(false);
    let int = |e: &Elem<D>| match e {
        Elem::Int(i) => Some(i.clone()),
        _ => None,
    };
    let boolean = |e: &Elem<D>| match e {
        Elem::Bool(b) => Some(b.clone()),
        _ => None,
    };
    Some(match (name, t) {
        ("tosa.add" | "tosa.sub" | "tosa.mul", EType::Float(f)) => {
            let op = match name {
                "tosa.add" => FBin::Add,
                "tosa.sub" => FBin::Sub,
                _ => FBin::Mul,
            };
            let (Elem::Float(x), Elem::Float(y)) = (&a[0].v, &a[1].v) else {
                return None;
            };
            (Elem::Float(d.f_bin(op, f, x, y)), no)
        }
        ("tosa.negate", EType::Float(f)) => {
            let Elem::Float(x) = &a[0].v else { return None };
            (Elem::Float(d.f_neg(f, x)), no)
        }
        ("tosa.abs" | "tosa.exp", EType::Float(f)) => {
            let Elem::Float(x) = &a[0].v else { return None };
            let g = if name == "tosa.abs" {
                FUn::Abs
            } else {
                FUn::Exp
            };
            (Elem::Float(d.f_un(g, f, x)), no)
        }
        ("tosa.reciprocal", EType::Float(f)) => {
            let Elem::Float(x) = &a[0].v else { return None };
            let one = d.f_lit(f, crate::base::ieee::from_f64(f, 1.0));
            (Elem::Float(d.f_bin(FBin::Div, f, &one, x)), no)
        }
        ("tosa.add" | "tosa.sub", EType::Int(_)) => {
            let (x, y) = (int(&a[0].v)?, int(&a[1].v)?);
            let r = if name == "tosa.add" {
                d.add_i(&x, &y)
            } else {
                d.sub_i(&x, &y)
            };
            let doubt = out_of_range(d, &r, w);
            (Elem::Int(wrap(d, &r, w)), doubt)
        }
        ("tosa.mul", EType::Int(_)) => {
            let (x, y) = (int(&a[0].v)?, int(&a[1].v)?);
            let p = d.mul_i(&x, &y);
            if shift == 0 {
                (Elem::Int(wrap(d, &p, w)), no)
            } else {
                let round = d.lit_i(pow2(shift - 1));
                let s = d.add_i(&p, &round);
                let div = d.lit_i(pow2(shift));
                let r = d.ediv_i(&s, &div);
                let doubt = out_of_range(d, &r, 32);
                (Elem::Int(wrap(d, &r, 32)), doubt)
            }
        }
        ("tosa.negate" | "tosa.abs", EType::Int(_)) => {
            let x = int(&a[0].v)?;
            let zero = d.lit_i(0);
            let n = d.sub_i(&zero, &x);
            let r = if name == "tosa.abs" {
                let neg = d.lt_i(&x, &zero);
                d.ite_i(&neg, &n, &x)
            } else {
                n
            };
            let doubt = out_of_range(d, &r, w);
            (Elem::Int(wrap(d, &r, w)), doubt)
        }
        ("tosa.maximum" | "tosa.minimum", EType::Int(_)) => {
            let (x, y) = (int(&a[0].v)?, int(&a[1].v)?);
            let lt = d.lt_i(&x, &y);
            let r = if name == "tosa.maximum" {
                d.ite_i(&lt, &y, &x)
            } else {
                d.ite_i(&lt, &x, &y)
            };
            (Elem::Int(r), no)
        }
        ("tosa.bitwise_and" | "tosa.bitwise_or" | "tosa.bitwise_xor", EType::Int(_)) => {
            let (x, y) = (int(&a[0].v)?, int(&a[1].v)?);
            let op = match name {
                "tosa.bitwise_and" => IBit::And,
                "tosa.bitwise_or" => IBit::Or,
                _ => IBit::Xor,
            };
            (Elem::Int(d.i_bit(op, w, &x, &y)), no)
        }
        ("tosa.bitwise_not", EType::Int(_)) => {
            // ~x = -x - 1 in two's complement.
            let x = int(&a[0].v)?;
            let m1 = d.lit_i(-1);
            let r = d.sub_i(&m1, &x);
            (Elem::Int(r), no)
        }
        ("tosa.logical_and" | "tosa.logical_or" | "tosa.logical_xor", EType::Bool) => {
            let (x, y) = (boolean(&a[0].v)?, boolean(&a[1].v)?);
            let r = match name {
                "tosa.logical_and" => d.and(&x, &y),
                "tosa.logical_or" => d.or(&x, &y),
                _ => {
                    let e = same(d, EType::Bool, &a[0].v, &a[1].v);
                    d.not(&e)
                }
            };
            (Elem::Bool(r), no)
        }
        ("tosa.logical_not", EType::Bool) => {
            let x = boolean(&a[0].v)?;
            (Elem::Bool(d.not(&x)), no)
        }
        ("tosa.equal" | "tosa.greater" | "tosa.greater_equal", EType::Float(f)) => {
            let (Elem::Float(x), Elem::Float(y)) = (&a[0].v, &a[1].v) else {
                return None;
            };
            let pred = match name {
                "tosa.equal" => 1,
                "tosa.greater" => 2,
                _ => 3,
            };
            (Elem::Bool(d.f_cmp(pred, f, x, y)), no)
        }
        ("tosa.equal" | "tosa.greater" | "tosa.greater_equal", EType::Int(_) | EType::Bool) => {
            if name == "tosa.equal" {
                (Elem::Bool(same(d, t, &a[0].v, &a[1].v)), no)
            } else {
                let (x, y) = (int(&a[0].v)?, int(&a[1].v)?);
                let r = if name == "tosa.greater" {
                    d.lt_i(&y, &x)
                } else {
                    d.le_i(&y, &x)
                };
                (Elem::Bool(r), no)
            }
        }
        ("tosa.select", _) => {
            let c = boolean(&a[0].v)?;
            let r = ite_elem(d, &c, &a[1].v, &a[2].v);
            let _ = rty;
            (r, no)
        }
        _ => return None,
    })
}

// ---- clamp ----

/// The bounds of a `tosa.clamp` on `t`: `min_int`/`max_int` saturated to a signed integer
/// type, or `min_fp`/`max_fp` (f32 attributes) rounded to nearest even into a float type
/// (what MLIR 19's `tosa-to-linalg` does with them), and whether `min` is above `max` (the
/// spec's `ERROR_IF`; for floats in the order where `-0.0 < +0.0`).
enum Bounds {
    Int(i128, i128),
    Float(u64, u64),
}

fn clamp_bounds(m: &Module, o: OpId, t: EType) -> R<(Bounds, bool)> {
    match t {
        EType::Int(w) => {
            let (lo, hi) = (int_attr(m, o, "min_int")?, int_attr(m, o, "max_int")?);
            let (least, most) = (-pow2(w - 1), pow2(w - 1) - 1);
            let sat = |x: i128| x.clamp(least, most);
            Ok((Bounds::Int(sat(lo), sat(hi)), sat(lo) > sat(hi)))
        }
        EType::Float(f) => {
            let lo = f32_attr(m, o, "min_fp")?;
            let hi = f32_attr(m, o, "max_fp")?;
            let conv = |b: u64| crate::base::ieee::convert(crate::base::domain::FTy::F32, f, b);
            let (lo, hi) = (conv(lo), conv(hi));
            let fmt = f.format();
            let key = |b: u64| -> R<i128> {
                if fmt.is_nan(b) {
                    return unsupported("tosa.clamp with a NaN bound");
                }
                let mag = (b & !fmt.sign_bit()) as i128;
                Ok(if b & fmt.sign_bit() != 0 {
                    -mag - 1
                } else {
                    mag
                })
            };
            let above = key(lo)? > key(hi)?;
            Ok((Bounds::Float(lo, hi), above))
        }
        _ => unsupported(format!("tosa.clamp on {}", t.name())),
    }
}

/// The bits of an f32 attribute `name` of op `o`.
fn f32_attr(m: &Module, o: OpId, name: &str) -> R<u64> {
    match m.op(o).attr(name) {
        Some(Attr::Float { value, bits, ty })
            if crate::base::ctx::etype(ty).ok()
                == Some(EType::Float(crate::base::domain::FTy::F32)) =>
        {
            Ok(match bits {
                Some(b) => *b as u64,
                None => crate::base::ieee::from_f64(crate::base::domain::FTy::F32, *value),
            })
        }
        _ => unsupported(format!("tosa.clamp without an f32 {name}")),
    }
}

/// `tosa.clamp` (TOSA spec 0.80): `apply_min_s(apply_max_s(x, min), max)` per element, where
/// for floats `apply_max_s(a, b)` is NaN when an operand is, else `a >= b ? a : b` (so a
/// `-0.0` above a `+0.0` bound stays `-0.0`). A `min` above `max` is UB (`ERROR_IF`); below
/// it, the minimum may be taken first (as MLIR 19's lowering does: the same function, since
/// a value is kept exactly when `min <= x <= max`), which is how it is written here.
fn clamp<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let m = cx.m;
    let [x] = operands else {
        return unsupported("tosa.clamp without one operand");
    };
    let x = tensor_of(x)?;
    let (odims, rty) = out_dims(m, o)?;
    if rty != x.ety || odims.len() != x.shape.len() {
        return unsupported("tosa.clamp whose result type is not its operand's");
    }
    let (bounds, above) = clamp_bounds(m, o, rty)?;
    if above {
        let yes = d.lit_b(true);
        cx.add_ub(d, &yes);
    }
    let xat = x.at.clone();
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let s = xat(d, idx);
        let v = match (&bounds, &s.v) {
            (Bounds::Int(lo, hi), Elem::Int(v)) => {
                let (lo, hi) = (d.lit_i(*lo), d.lit_i(*hi));
                let below = d.lt_i(v, &lo);
                let r = d.ite_i(&below, &lo, v);
                let over = d.lt_i(&hi, &r);
                Elem::Int(d.ite_i(&over, &hi, &r))
            }
            (Bounds::Float(lo, hi), Elem::Float(v)) => {
                let EType::Float(t) = rty else { unreachable!() };
                let r = clamp_side(d, t, v, *hi, false);
                Elem::Float(clamp_side(d, t, &r, *lo, true))
            }
            _ => {
                d.give_up("tosa.clamp of an element of another type".into());
                s.v.clone()
            }
        };
        SVal { v, ok: s.ok }
    });
    Ok(Val::Tensor(Tensor {
        shape: x.shape.clone(),
        ety: rty,
        at,
    }))
}

/// One side of a float clamp: `apply_max_s(x, bound)` (`max`) or `apply_min_s(x, bound)`. A
/// bound that is not a zero makes it IEEE `maximum`/`minimum` ([`crate::ops::extremum`]: they
/// differ from TOSA's only on zeros of both signs, and the bound is not NaN); a zero bound keeps
/// `x` unless it is strictly beyond (`olt` is false on a NaN, so a NaN is kept).
fn clamp_side<D: MDomain>(
    d: &mut D,
    t: crate::base::domain::FTy,
    x: &D::F,
    bound: u64,
    max: bool,
) -> D::F {
    use crate::base::domain::Extremum;
    use crate::ops::extremum::combine;
    let b = d.f_lit(t, bound);
    if bound & !t.format().sign_bit() != 0 {
        let which = if max {
            Extremum::MaximumF
        } else {
            Extremum::MinimumF
        };
        let (xe, be) = (Elem::Float(x.clone()), Elem::Float(b.clone()));
        if let Ok(Elem::Float(r)) = combine(d, which, EType::Float(t), &xe, &be) {
            return r;
        }
    }
    const OLT: u8 = 4;
    let beyond = if max {
        d.f_cmp(OLT, t, x, &b)
    } else {
        d.f_cmp(OLT, t, &b, x)
    };
    d.ite_f(&beyond, &b, x)
}

// ---- structural ops ----

fn reshape<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let m = cx.m;
    let src = tensor_of(
        operands
            .first()
            .ok_or(Stop::Unsupported("tosa.reshape".into()))?,
    )?;
    let from = static_shape(&dims_of(m, m.op(o).operands[0])?, "tosa.reshape")?;
    let (odims, ety) = out_dims(m, o)?;
    let to = static_shape(&odims, "tosa.reshape")?;
    // `new_shape` must be the result type's shape (`-1`: a size MLIR infers).
    if let Some(ns) = m.op(o).attr("new_shape") {
        let agrees = ns.as_ints().is_some_and(|ns| {
            ns.len() == to.len() && ns.iter().zip(&to).all(|(a, b)| a == b || *a == -1)
        });
        if !agrees {
            return unsupported("tosa.reshape whose new_shape is not its result shape");
        }
    }
    if from.iter().product::<i128>() != to.iter().product::<i128>() {
        return unsupported("tosa.reshape that changes the element count");
    }
    let shape = to.iter().map(|n| d.lit_i(*n)).collect();
    let inner = src.at.clone();
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let (to_t, from_t): (Vec<D::I>, Vec<D::I>) = (
            to.iter().map(|n| d.lit_i(*n)).collect(),
            from.iter().map(|n| d.lit_i(*n)).collect(),
        );
        let off = crate::ops::tensor::reshape::linearize(d, idx, &to_t);
        let si = crate::ops::tensor::reshape::delinearize(d, &off, &from_t);
        inner(d, &si)
    });
    Ok(Val::Tensor(Tensor { shape, ety, at }))
}

fn transpose<'a, D: MDomain>(
    _d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let m = cx.m;
    let op = m.op(o);
    if operands.len() != 2 {
        return unsupported("tosa.transpose without a permutation operand");
    }
    let src = tensor_of(&operands[0])?;
    let perms = const_ints(m, op.operands[1])?;
    let rank = src.shape.len();
    let mut sorted: Vec<i128> = perms.clone();
    sorted.sort();
    if sorted != (0..rank as i128).collect::<Vec<_>>() {
        return unsupported("tosa.transpose with an invalid permutation");
    }
    let perms: Vec<usize> = perms.iter().map(|p| *p as usize).collect();
    Ok(Val::Tensor(permute(&src, perms)))
}

/// The transposition of `src` by a permutation of its dims (checked by the caller):
/// `out[i] = in[j]` with `j[perms[k]] = i[k]`, so out dim `k` is in dim `perms[k]`
/// (`tosa.transpose`, `linalg.transpose`).
pub(crate) fn permute<'a, D: MDomain>(src: &Tensor<'a, D>, perms: Vec<usize>) -> Tensor<'a, D> {
    let rank = src.shape.len();
    let shape = perms.iter().map(|p| src.shape[*p].clone()).collect();
    let inner = src.at.clone();
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let mut si = vec![d.lit_i(0); rank];
        for (k, p) in perms.iter().enumerate() {
            si[*p] = idx[k].clone();
        }
        inner(d, &si)
    });
    Tensor {
        shape,
        ety: src.ety,
        at,
    }
}

fn reverse<'a, D: MDomain>(
    _d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let src = tensor_of(
        operands
            .first()
            .ok_or(Stop::Unsupported("tosa.reverse".into()))?,
    )?;
    let axis = int_attr(cx.m, o, "axis")?;
    if axis < 0 || axis as usize >= src.shape.len() {
        return unsupported("tosa.reverse with an axis outside the rank");
    }
    let axis = axis as usize;
    let n = src.shape[axis].clone();
    let inner = src.at.clone();
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let mut si = idx.to_vec();
        let one = d.lit_i(1);
        let last = d.sub_i(&n, &one);
        si[axis] = d.sub_i(&last, &idx[axis]);
        inner(d, &si)
    });
    Ok(Val::Tensor(Tensor {
        shape: src.shape.clone(),
        ety: src.ety,
        at,
    }))
}

/// `tosa.concat` (attribute `axis`) and `tensor.concat` (attribute `dim`, MLIR 19 tensor
/// dialect docs): the operands one after another along the axis. Other dims that differ are
/// UB (tosa's `ERROR_IF`; for `tensor.concat` the verifier rejects static mismatches and a
/// dynamic one is UB as for the other tensor ops).
pub(crate) fn concat<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let name = cx.m.op(o).name.as_str();
    let ins: Vec<Tensor<'a, D>> = operands.iter().map(tensor_of).collect::<R<_>>()?;
    let Some(first) = ins.first() else {
        return unsupported(format!("{name} without operands"));
    };
    let attr = if name == "tensor.concat" {
        "dim"
    } else {
        "axis"
    };
    let axis = int_attr(cx.m, o, attr)?;
    let rank = first.shape.len();
    if axis < 0 || axis as usize >= rank {
        return unsupported(format!("{name} with an axis outside the rank"));
    }
    if result_type(cx.m, o, 0)?.1 != first.ety {
        return unsupported(format!("{name} whose result type is not its operands'"));
    }
    let axis = axis as usize;
    let mut starts = vec![];
    let mut total = d.lit_i(0);
    for t in &ins {
        if t.shape.len() != rank || t.ety != first.ety {
            return unsupported(format!("{name} of different ranks or types"));
        }
        for (k, (a, b)) in t.shape.iter().zip(&first.shape).enumerate() {
            if k != axis {
                let e = d.eq_i(a, b);
                let ne = d.not(&e);
                // UB: the spec's `ERROR_IF` on the other dims (docs/mlir.md).
                cx.add_ub(d, &ne);
            }
        }
        starts.push(total.clone());
        total = d.add_i(&total, &t.shape[axis]);
    }
    let mut shape = first.shape.clone();
    shape[axis] = total;
    let ety = first.ety;
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let mut r: Option<SVal<D>> = None;
        for (t, s) in ins.iter().zip(&starts).rev() {
            let mut si = idx.to_vec();
            si[axis] = d.sub_i(&idx[axis], s);
            let v = (t.at)(d, &si);
            r = Some(match r {
                None => v,
                Some(later) => {
                    let end = d.add_i(s, &t.shape[axis]);
                    let inside = d.lt_i(&idx[axis], &end);
                    ite_sval(d, &inside, &v, &later)
                }
            });
        }
        r.expect("at least one operand")
    });
    Ok(Val::Tensor(Tensor { shape, ety, at }))
}

fn slice<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let src = tensor_of(
        operands
            .first()
            .ok_or(Stop::Unsupported("tosa.slice".into()))?,
    )?;
    let start = ints_attr(cx.m, o, "start")?;
    let size = ints_attr(cx.m, o, "size")?;
    if start.len() != src.shape.len() || size.len() != src.shape.len() {
        return unsupported("tosa.slice whose attributes differ from the rank");
    }
    let mut shape = vec![];
    for ((s, z), n) in start.iter().zip(&size).zip(&src.shape) {
        if *s < 0 || *z < 0 {
            return unsupported("tosa.slice with a negative or dynamic start or size");
        }
        let end = d.lit_i(s + z);
        let out = d.lt_i(n, &end);
        // UB: the spec's `ERROR_IF` on a slice leaving its operand (docs/mlir.md).
        cx.add_ub(d, &out);
        shape.push(d.lit_i(*z));
    }
    let inner = src.at.clone();
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let si: Vec<D::I> = idx
            .iter()
            .zip(&start)
            .map(|(i, s)| {
                let ss = d.lit_i(*s);
                d.add_i(i, &ss)
            })
            .collect();
        inner(d, &si)
    });
    Ok(Val::Tensor(Tensor {
        shape,
        ety: src.ety,
        at,
    }))
}

fn tile<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let src = tensor_of(
        operands
            .first()
            .ok_or(Stop::Unsupported("tosa.tile".into()))?,
    )?;
    let mult = ints_attr(cx.m, o, "multiples")?;
    if mult.len() != src.shape.len() || mult.iter().any(|k| *k < 1) {
        return unsupported("tosa.tile with dynamic or invalid multiples");
    }
    let shape = src
        .shape
        .iter()
        .zip(&mult)
        .map(|(n, k)| {
            let kk = d.lit_i(*k);
            d.mul_i(n, &kk)
        })
        .collect();
    let dims = src.shape.clone();
    let inner = src.at.clone();
    // An empty dim makes the result empty: the modulus is never 0 at an in-bounds index.
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let si: Vec<D::I> = idx.iter().zip(&dims).map(|(i, n)| d.emod_i(i, n)).collect();
        inner(d, &si)
    });
    Ok(Val::Tensor(Tensor {
        shape,
        ety: src.ety,
        at,
    }))
}

/// `out[n, w, c] = values[n, indices[n, w], c]`.
fn gather<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    _o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    if operands.len() != 2 {
        return unsupported("tosa.gather with other than two operands");
    }
    let vals = tensor_of(&operands[0])?;
    let ind = tensor_of(&operands[1])?;
    if vals.shape.len() != 3 || ind.shape.len() != 2 {
        return unsupported("tosa.gather of other ranks");
    }
    let e = d.eq_i(&vals.shape[0], &ind.shape[0]);
    let ne = d.not(&e);
    // UB: the spec's `ERROR_IF` on the batch size (docs/mlir.md).
    cx.add_ub(d, &ne);
    let shape = vec![
        vals.shape[0].clone(),
        ind.shape[1].clone(),
        vals.shape[2].clone(),
    ];
    let (va, ia) = (vals.at.clone(), ind.at.clone());
    let k = vals.shape[1].clone();
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let i = ia(d, &idx[..2]);
        let Elem::Int(j) = &i.v else {
            d.give_up("tosa.gather with non-integer indices".into());
            return i;
        };
        let v = va(d, &[idx[0].clone(), j.clone(), idx[2].clone()]);
        let ok = d.and(&v.ok, &i.ok);
        SVal { v: v.v, ok }
    });
    let (ia2, k2) = (ind.at.clone(), k);
    // UB: a defined index outside the values (the spec `REQUIRE`s `0 <= k < K`); a poison
    // index is unsure (tosa has no poison).
    cx.push_ub_at(CondAt {
        shape: ind.shape.clone(),
        at: Rc::new(move |d: &mut D, idx: &[D::I]| {
            let i = ia2(d, idx);
            let Elem::Int(j) = &i.v else {
                return d.lit_b(true);
            };
            let zero = d.lit_i(0);
            let lo = d.le_i(&zero, j);
            let hi = d.lt_i(j, &k2);
            let inb = d.and(&lo, &hi);
            let bad = d.not(&inb);
            d.and(&bad, &i.ok)
        }),
        why: "tosa.gather with an index outside the values".into(),
    });
    let ia3 = ind.at.clone();
    cx.push_unsure_at(CondAt {
        shape: ind.shape.clone(),
        at: Rc::new(move |d: &mut D, idx: &[D::I]| {
            let i = ia3(d, idx);
            d.not(&i.ok)
        }),
        why: "tosa.gather with a poison index".into(),
    });
    Ok(Val::Tensor(Tensor {
        shape,
        ety: vals.ety,
        at,
    }))
}
