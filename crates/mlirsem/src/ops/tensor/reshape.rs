//! `tensor.collapse_shape` and `tensor.expand_shape`, each defined once over [`MDomain`]
//! (MLIR 19 `tensor` dialect docs): a reassociation groups contiguous dims; the collapsed
//! dim of a group is the row-major linearisation of the group's dims.
//!
//! - `collapse_shape`: result dim `j` is the product of the source dims of group `j`; result
//!   element `r` reads the source at `r[j]` decomposed row-major over the group's sizes
//!   (static unit dims read index 0). Always defined.
//! - `expand_shape`: result dims are the static dims of the result type and, for each dynamic
//!   one, the next `output_shape` operand (MLIR 19); without operands (the older form), the
//!   only dynamic dim of a group is the source dim divided by the group's static dims. Result
//!   element `r` reads the source at the row-major linearisation of each group. A group whose
//!   dims do not multiply to the source dim is invalid at run time; `memref.expand_shape`
//!   documents that as UB, `tensor.expand_shape` does not say, so it is *unsure*, as are
//!   negative or poison `output_shape` sizes.

use crate::base::ctx::{int_of, result_type, scalar_of, shape_from, tensor_of, Ctx};
use crate::base::domain::MDomain;
use crate::base::stop::{unsupported, R};
use crate::base::value::*;
use mlir::{Attr, Dim, OpId};
use std::rc::Rc;

/// The results of a reshape op of this module, or `None`.
pub(crate) fn eval_op<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Option<Vec<Val<'a, D>>>> {
    let v = match cx.m.op(o).name.as_str() {
        "tensor.collapse_shape" => collapse(d, cx, o, operands)?,
        "tensor.expand_shape" => expand(d, cx, o, operands)?,
        _ => return Ok(None),
    };
    Ok(Some(vec![v]))
}

/// The reassociation groups of `o`, checked to be the contiguous partition of `0..rank`.
fn groups(cx: &Ctx<'_, impl MDomain>, o: OpId, rank: usize) -> R<Vec<Vec<usize>>> {
    let op = cx.m.op(o);
    let Some(Attr::Array(gs)) = op.attr("reassociation") else {
        return unsupported(format!("{} without a reassociation", op.name));
    };
    let mut out = vec![];
    if gs.is_empty() {
        // A rank-0 side: the other side's dims are all static 1 (checked by the verifier).
        return Ok(out);
    }
    let mut next = 0usize;
    for g in gs {
        let Some(ints) = g.as_ints() else {
            return unsupported("a reassociation group that is not a list of integers");
        };
        let mut grp = vec![];
        for k in ints {
            if k != next as i128 {
                return unsupported("a reassociation that is not a contiguous partition");
            }
            grp.push(next);
            next += 1;
        }
        out.push(grp);
    }
    if next != rank {
        return unsupported("a reassociation that does not cover every dim");
    }
    Ok(out)
}

/// Row-major linearisation of `idx` over `sizes` (the one definition: reshapes, tosa, memory).
pub(crate) fn linearize<D: MDomain>(d: &mut D, idx: &[D::I], sizes: &[D::I]) -> D::I {
    let mut off = d.lit_i(0);
    for (i, n) in idx.iter().zip(sizes) {
        if d.lit_int(n) == Some(1) {
            continue;
        }
        let s = d.mul_i(&off, n);
        off = d.add_i(&s, i);
    }
    off
}

/// Row-major decomposition of `x` (assumed in `[0, prod sizes)`) over `sizes`.
pub(crate) fn delinearize<D: MDomain>(d: &mut D, x: &D::I, sizes: &[D::I]) -> Vec<D::I> {
    let non_unit: Vec<usize> = (0..sizes.len())
        .filter(|k| d.lit_int(&sizes[*k]) != Some(1))
        .collect();
    let mut out: Vec<D::I> = (0..sizes.len()).map(|_| d.lit_i(0)).collect();
    let mut rest = x.clone();
    for (pos, &k) in non_unit.iter().enumerate().rev() {
        if pos == 0 {
            out[k] = rest.clone();
        } else {
            out[k] = d.emod_i(&rest, &sizes[k]);
            rest = d.ediv_i(&rest, &sizes[k]);
        }
    }
    out
}

fn product<D: MDomain>(d: &mut D, xs: &[D::I]) -> D::I {
    let mut p = d.lit_i(1);
    for x in xs {
        p = d.mul_i(&p, x);
    }
    p
}

fn collapse<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let Some(src) = operands.first() else {
        return unsupported("tensor.collapse_shape without an operand");
    };
    let src = tensor_of(src)?;
    let gs = groups(cx, o, src.shape.len())?;
    let (dims, _) = result_type(cx.m, o, 0)?;
    let Some(dims) = dims else {
        return unsupported("tensor.collapse_shape to a scalar");
    };
    if dims.len() != gs.len() {
        return unsupported("tensor.collapse_shape whose result rank differs from its groups");
    }
    let sizes: Vec<Vec<D::I>> = gs
        .iter()
        .map(|g| g.iter().map(|k| src.shape[*k].clone()).collect())
        .collect();
    let shape: Vec<D::I> = sizes.iter().map(|s| product(d, s)).collect();
    let inner = src.at.clone();
    let rank = src.shape.len();
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let mut sidx = Vec::with_capacity(rank);
        for (i, s) in idx.iter().zip(&sizes) {
            sidx.extend(delinearize(d, i, s));
        }
        while sidx.len() < rank {
            sidx.push(d.lit_i(0));
        }
        inner(d, &sidx)
    });
    Ok(Val::Tensor(Tensor {
        shape,
        ety: src.ety,
        at,
    }))
}

fn expand<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let Some(src) = operands.first() else {
        return unsupported("tensor.expand_shape without an operand");
    };
    let src = tensor_of(src)?;
    let (dims, _) = result_type(cx.m, o, 0)?;
    let Some(dims) = dims else {
        return unsupported("tensor.expand_shape to a scalar");
    };
    let gs = groups(cx, o, dims.len())?;
    if gs.len() != src.shape.len() {
        return unsupported("tensor.expand_shape whose groups differ from its source rank");
    }
    let n_dyn = dims.iter().filter(|x| matches!(x, Dim::Dynamic)).count();
    let shape: Vec<D::I> = if operands.len() > 1 || n_dyn == 0 {
        let sizes: Vec<SVal<D>> = operands[1..]
            .iter()
            .map(|v| scalar_of(v).map(|s| s.0))
            .collect::<R<_>>()?;
        if sizes.len() != n_dyn {
            return unsupported("tensor.expand_shape with the wrong number of output sizes");
        }
        for s in &sizes {
            int_of(s)?;
        }
        shape_from(d, cx, &dims, &sizes, "tensor.expand_shape")?
    } else {
        // The form without `output_shape`: one dynamic dim per group, inferred.
        let mut shape: Vec<D::I> = vec![];
        for (g, n) in gs.iter().zip(&src.shape) {
            let mut stat = 1i128;
            let mut dynamic = None;
            for &k in g {
                match dims[k] {
                    Dim::Static(s) => stat *= s as i128,
                    Dim::Dynamic if dynamic.is_none() => dynamic = Some(k),
                    Dim::Dynamic => return unsupported(
                        "tensor.expand_shape with two dynamic dims in a group and no output_shape",
                    ),
                }
            }
            for &k in g {
                shape.push(match dims[k] {
                    Dim::Static(s) => d.lit_i(s as i128),
                    Dim::Dynamic if stat == 0 => {
                        return unsupported("tensor.expand_shape of an inferred dim beside a 0")
                    }
                    Dim::Dynamic => {
                        let st = d.lit_i(stat);
                        d.ediv_i(n, &st)
                    }
                });
            }
        }
        shape
    };
    for (g, n) in gs.iter().zip(&src.shape) {
        let parts: Vec<D::I> = g.iter().map(|k| shape[*k].clone()).collect();
        let p = product(d, &parts);
        let e = d.eq_i(&p, n);
        let ne = d.not(&e);
        // "if the op is in fact invalid at runtime, the behavior is undefined" (expand_shape).
        cx.add_ub(d, &ne);
    }
    let sizes: Vec<Vec<D::I>> = gs
        .iter()
        .map(|g| g.iter().map(|k| shape[*k].clone()).collect())
        .collect();
    let inner = src.at.clone();
    let gs2 = gs.clone();
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let sidx: Vec<D::I> = gs2
            .iter()
            .zip(&sizes)
            .map(|(g, s)| {
                let part: Vec<D::I> = g.iter().map(|k| idx[*k].clone()).collect();
                linearize(d, &part, s)
            })
            .collect();
        inner(d, &sidx)
    });
    Ok(Val::Tensor(Tensor {
        shape,
        ety: src.ety,
        at,
    }))
}
