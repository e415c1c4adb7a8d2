//! Ops whose elements come from a region or an affine map, each defined once over
//! [`MDomain`] (MLIR 19's `tensor` and `affine` docs):
//!
//! - `tensor.generate %dyn... { ^bb0(%i...): ... tensor.yield %v }`: the element at an index is
//!   the body run on that index (dynamic result dims from the operands, as `tensor.empty`).
//! - `tensor.pad %src low[...] high[...] { ^bb0(%i...): ... tensor.yield %v }`: result dim
//!   `k` is `low_k + n_k + high_k`; the element at `i` is `src[i - low]` when
//!   `low_k <= i_k < low_k + n_k` for every `k`, otherwise the body run on `i` (the pad value
//!   may depend on the index). A negative or poison dynamic amount is *unsure* (MLIR does not
//!   say what it means); a static result dim that differs from `low + n + high`, or a size
//!   beyond the index range (2^63 - 1), is UB (no tensor of the result type has that size).
//! - `affine.apply`: the map's single result on the dim and symbol operands, evaluated as
//!   `lower-affine` lowers it to `arith` on `index` (64-bit): `+` and `*` wrap, `floordiv`
//!   and `ceildiv` round down and up, `mod` is non-negative. A divisor that is a symbol is
//!   *unsure* when it is not positive (MLIR's affine maps require a positive one); a
//!   non-positive constant divisor is unsupported. A poison operand gives poison.
//!
//! Bodies are run by [`crate::eval::run_body`] (scalar ops only).

use crate::base::ctx::{int_of, result_type, scalar_of, shape_from, tensor_of, Ctx};
use crate::base::domain::{EType, MDomain};
use crate::base::stop::{unsupported, R};
use crate::base::value::*;
use mlir::{AffineExpr, AffineOp, Attr, Dim, OpId};
use std::rc::Rc;

/// The results of an op of this module, or `None`.
pub(crate) fn eval_op<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Option<Vec<Val<'a, D>>>> {
    let v = match cx.m.op(o).name.as_str() {
        "tensor.generate" => generate(d, cx, o, operands)?,
        "tensor.pad" => pad(d, cx, o, operands)?,
        "affine.apply" => apply(d, cx, o, operands)?,
        _ => return Ok(None),
    };
    Ok(Some(vec![v]))
}

/// The element function "run the body of `o` at the index".
fn body_fn<'a, D: MDomain>(cx: &Ctx<'a, D>, o: OpId, rank: usize, ety: EType) -> R<ElemFn<'a, D>> {
    let m = cx.m;
    let op = m.op(o);
    let Some(&region) = op.regions.first() else {
        return unsupported(format!("{} without a body", op.name));
    };
    let blocks = &m.region(region).blocks;
    if blocks.len() != 1 || m.block(blocks[0]).args.len() != rank {
        return unsupported(format!("{} with an unexpected body", op.name));
    }
    let body = blocks[0];
    for &bo in &m.block(body).ops {
        let n = m.op(bo).name.as_str();
        if !crate::ops::arith::is_scalar_op(n) && !matches!(n, "arith.constant" | "tensor.yield") {
            return unsupported(format!("unsupported op {n} in a {} body", op.name));
        }
    }
    let outer = Rc::new(cx.env.clone());
    let no_maps: Rc<Vec<Vec<crate::ops::linalg::reduce::Lin>>> = Rc::new(vec![vec![]; rank]);
    Ok(Rc::new(move |d: &mut D, idx: &[D::I]| {
        let args: Vec<Val<'a, D>> = idx
            .iter()
            .map(|i| {
                let ok = d.lit_b(true);
                Val::Scalar(
                    SVal {
                        v: Elem::Int(i.clone()),
                        ok,
                    },
                    EType::Index,
                )
            })
            .collect();
        let want = crate::eval::BodyResult::Yield(0);
        match crate::eval::run_body(d, m, body, &outer, &args, &no_maps, idx, want) {
            Ok(s) => s,
            Err(why) => {
                d.give_up(format!("{why} ({})", m.op_at(o)));
                SVal {
                    v: zero_elem(d, ety),
                    ok: d.lit_b(false),
                }
            }
        }
    }))
}

fn generate<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let (dims, ety) = result_type(cx.m, o, 0)?;
    let Some(dims) = dims else {
        return unsupported("tensor.generate of a scalar");
    };
    let sizes: Vec<SVal<D>> = operands
        .iter()
        .map(|v| scalar_of(v).map(|s| s.0))
        .collect::<R<_>>()?;
    let shape = shape_from(d, cx, &dims, &sizes, "tensor.generate")?;
    let at = body_fn(cx, o, dims.len(), ety)?;
    Ok(Val::Tensor(Tensor { shape, ety, at }))
}

fn pad<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let op = cx.m.op(o);
    let Some(first) = operands.first() else {
        return unsupported("tensor.pad without a source");
    };
    let src = tensor_of(first)?;
    let rank = src.shape.len();
    let mut dynamic = operands[1..].iter();
    let mut amounts = vec![];
    for name in ["static_low", "static_high"] {
        let Some(stat) = op.attr(name).and_then(Attr::as_ints) else {
            return unsupported(format!("tensor.pad without {name}"));
        };
        if stat.len() != rank {
            return unsupported(format!("tensor.pad whose {name} differs from the rank"));
        }
        let mut v = vec![];
        for s in stat {
            if s == mlir::DYNAMIC as i128 {
                let Some(x) = dynamic.next() else {
                    return unsupported("tensor.pad with too few dynamic amounts");
                };
                let (x, _) = scalar_of(x)?;
                let xi = int_of(&x)?;
                let zero = d.lit_i(0);
                let neg = d.lt_i(&xi, &zero);
                let nok = d.not(&x.ok);
                let bad = d.or(&neg, &nok);
                cx.add_unsure(d, &bad, "tensor.pad with a negative or poison amount");
                v.push(xi);
            } else if s < 0 {
                return unsupported("tensor.pad with a negative amount");
            } else {
                v.push(d.lit_i(s));
            }
        }
        amounts.push(v);
    }
    let high = amounts.pop().unwrap_or_default();
    let low = amounts.pop().unwrap_or_default();
    let (dims, ety) = result_type(cx.m, o, 0)?;
    let Some(dims) = dims.filter(|x| x.len() == rank) else {
        return unsupported("tensor.pad whose result rank differs from its source");
    };
    let mut shape = vec![];
    for k in 0..rank {
        let s = d.add_i(&low[k], &src.shape[k]);
        let n = d.add_i(&s, &high[k]);
        let max = d.lit_i(pow2(63) - 1);
        let big = d.lt_i(&max, &n);
        // Sizes are int64 and the result type is the result's (docs/mlir.md, "Run-time
        // conditions read as UB").
        cx.add_ub(d, &big);
        if let Dim::Static(st) = dims[k] {
            let l = d.lit_i(st as i128);
            let e = d.eq_i(&l, &n);
            let ne = d.not(&e);
            cx.add_ub(d, &ne);
        }
        shape.push(n);
    }
    let body = body_fn(cx, o, rank, ety)?;
    let (inner, sshape) = (src.at.clone(), src.shape.clone());
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let mut inside = d.lit_b(true);
        let mut sidx = vec![];
        for k in 0..idx.len() {
            let j = d.sub_i(&idx[k], &low[k]);
            let zero = d.lit_i(0);
            let lo = d.le_i(&zero, &j);
            let hi = d.lt_i(&j, &sshape[k]);
            inside = d.and(&inside, &lo);
            inside = d.and(&inside, &hi);
            sidx.push(j);
        }
        let from_src = inner(d, &sidx);
        let from_body = body(d, idx);
        ite_sval(d, &inside, &from_src, &from_body)
    });
    Ok(Val::Tensor(Tensor { shape, ety, at }))
}

fn apply<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let Some(Attr::AffineMap(map)) = cx.m.op(o).attr("map") else {
        return unsupported("affine.apply without a map");
    };
    let [e] = &map.results[..] else {
        return unsupported("affine.apply of a map without exactly one result");
    };
    if operands.len() != (map.num_dims + map.num_symbols) as usize {
        return unsupported("affine.apply with the wrong number of operands");
    }
    let mut ok = d.lit_b(true);
    let mut vals = vec![];
    for v in operands {
        let (s, _) = scalar_of(v)?;
        ok = d.and(&ok, &s.ok);
        vals.push(int_of(&s)?);
    }
    let (dims, syms) = vals.split_at(map.num_dims as usize);
    let mut doubt = d.lit_b(false);
    let v = affine(d, e, dims, syms, &mut doubt)?;
    let doubt = d.and(&ok, &doubt);
    cx.add_unsure(
        d,
        &doubt,
        "affine.apply with a divisor that is not positive",
    );
    Ok(Val::Scalar(
        SVal {
            v: Elem::Int(v),
            ok,
        },
        EType::Index,
    ))
}

/// `e` on `index` values, as `lower-affine` computes it; `doubt` collects non-positive
/// divisors.
pub(crate) fn affine<D: MDomain>(
    d: &mut D,
    e: &AffineExpr,
    dims: &[D::I],
    syms: &[D::I],
    doubt: &mut D::B,
) -> R<D::I> {
    Ok(match e {
        AffineExpr::Dim(k) => match dims.get(*k as usize) {
            Some(x) => x.clone(),
            None => return unsupported("an affine dim without an operand"),
        },
        AffineExpr::Symbol(k) => match syms.get(*k as usize) {
            Some(x) => x.clone(),
            None => return unsupported("an affine symbol without an operand"),
        },
        AffineExpr::Const(c) => d.lit_i(*c as i128),
        AffineExpr::Bin(op, a, b) => {
            let x = affine(d, a, dims, syms, doubt)?;
            let y = affine(d, b, dims, syms, doubt)?;
            let w = EType::Index.width();
            match op {
                AffineOp::Add => {
                    let s = d.add_i(&x, &y);
                    wrap(d, &s, w)
                }
                AffineOp::Mul => {
                    let p = d.mul_i(&x, &y);
                    wrap(d, &p, w)
                }
                AffineOp::FloorDiv | AffineOp::CeilDiv | AffineOp::Mod => {
                    if let AffineExpr::Const(c) = **b {
                        if c <= 0 {
                            return unsupported("an affine division by a non-positive constant");
                        }
                    }
                    let zero = d.lit_i(0);
                    let pos = d.lt_i(&zero, &y);
                    let np = d.not(&pos);
                    *doubt = d.or(doubt, &np);
                    // For a positive divisor, Euclidean division rounds down and `mod` is
                    // non-negative.
                    match op {
                        AffineOp::FloorDiv => d.ediv_i(&x, &y),
                        AffineOp::Mod => d.emod_i(&x, &y),
                        _ => {
                            let nx = d.sub_i(&zero, &x);
                            let q = d.ediv_i(&nx, &y);
                            let c = d.sub_i(&zero, &q);
                            wrap(d, &c, w)
                        }
                    }
                }
            }
        }
    })
}
