//! `tensor` ops of the second slice, each defined once over [`MDomain`]:
//! `tensor.from_elements` (row-major, static result shape; an element keeps its poison flag);
//! `func.call` of a function defined in the same module, inlined (its UB and unsure cases
//! become the caller's; calls nest at most [`MAX_CALL_DEPTH`] deep); a call of a declaration
//! (no body) is an external call ([`crate::ops::extcall`]). `shape.shape_of` of a tensor.
//! `linalg.transpose` and `linalg.broadcast` (their input laid out again in their `outs`'
//! shape; a dynamic size of `outs` that disagrees is UB, as for `linalg.generic`).

pub mod gen;
pub mod reshape;

use crate::base::ctx::{result_type, scalar_of, tensor_of, Ctx};
use crate::base::domain::{EType, MDomain};
use crate::base::stop::{unsupported, R};
use crate::base::value::*;
use mlir::{Dim, OpId};
use std::rc::Rc;

/// The results of a tensor op of this module, or `None`.
pub(crate) fn eval_op<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Option<Vec<Val<'a, D>>>> {
    if let Some(vals) = crate::ops::tensor::reshape::eval_op(d, cx, o, operands)? {
        return Ok(Some(vals));
    }
    let v = match cx.m.op(o).name.as_str() {
        "tensor.from_elements" => from_elements(d, cx, o, operands)?,
        "shape.shape_of" => shape_of(d, cx, o, operands)?,
        "func.call" => return call(d, cx, o, operands).map(Some),
        "linalg.transpose" | "linalg.broadcast" => linalg_layout(d, cx, o, operands)?,
        _ => return Ok(None),
    };
    Ok(Some(vec![v]))
}

fn from_elements<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let (dims, ety) = result_type(cx.m, o, 0)?;
    let Some(dims) = dims else {
        return unsupported("tensor.from_elements of a scalar type");
    };
    let mut sdims = vec![];
    for dim in &dims {
        match dim {
            Dim::Static(n) => sdims.push(*n as i128),
            Dim::Dynamic => return unsupported("tensor.from_elements of dynamic shape"),
        }
    }
    let elems: Vec<SVal<D>> = operands
        .iter()
        .map(|v| scalar_of(v).map(|s| s.0))
        .collect::<R<_>>()?;
    if elems.len() as i128 != sdims.iter().product::<i128>() || elems.is_empty() {
        return unsupported("tensor.from_elements whose element count differs from its type");
    }
    let shape = sdims.iter().map(|n| d.lit_i(*n)).collect();
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let sizes: Vec<D::I> = sdims.iter().map(|n| d.lit_i(*n)).collect();
        let off = crate::ops::tensor::reshape::linearize(d, idx, &sizes);
        let mut v = elems[elems.len() - 1].clone();
        for (k, e) in elems.iter().enumerate().rev().skip(1) {
            let kk = d.lit_i(k as i128);
            let is = d.eq_i(&off, &kk);
            v = ite_sval(d, &is, e, &v);
        }
        v
    });
    Ok(Val::Tensor(Tensor { shape, ety, at }))
}

/// `shape.shape_of` of a tensor as an extent tensor (`tensor<?xindex>` or `tensor<Rxindex>`):
/// element `k` is dim `k` ("returns a shape or extent tensor"; the `!shape.shape` result type
/// is not modelled).
fn shape_of<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let [Val::Tensor(t)] = operands else {
        return unsupported("shape.shape_of of something other than one tensor");
    };
    let rank = t.shape.len() as i128;
    let extent = match result_type(cx.m, o, 0)? {
        (Some(dims), EType::Index) => {
            dims[..] == [Dim::Dynamic] || dims[..] == [Dim::Static(rank as u64)]
        }
        _ => false,
    };
    if !extent {
        return unsupported("shape.shape_of to a type other than an extent tensor of its rank");
    }
    let shape = t.shape.clone();
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| SVal {
        v: Elem::Int(crate::base::ctx::dim_at(d, &shape, &idx[0])),
        ok: d.lit_b(true),
    });
    let ety = EType::Index;
    Ok(Val::Tensor(Tensor {
        shape: vec![d.lit_i(rank)],
        ety,
        at,
    }))
}

/// Deepest nesting of inlined calls (recursion is not modelled).
const MAX_CALL_DEPTH: usize = 16;

fn call<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let callee = match m.op(o).attr("callee") {
        Some(mlir::Attr::SymbolRef(path)) if path.len() == 1 => path[0].clone(),
        _ => return unsupported("func.call without a plain callee"),
    };
    let Some((_, f)) = m.functions().into_iter().find(|(n, _)| *n == callee) else {
        return unsupported(format!(
            "func.call of @{callee}, which the module does not define"
        ));
    };
    let body = m.op(f).regions.first();
    if body.is_none_or(|r| m.region(*r).blocks.is_empty()) {
        crate::base::attrs::check_op(m, f)?;
        return crate::ops::extcall::call(d, cx, o, &callee, operands);
    }
    if cx.depth >= MAX_CALL_DEPTH {
        return unsupported("func.call nested too deep (recursion is not modelled)");
    }
    let calls = std::mem::take(&mut cx.calls);
    let run = crate::eval::run_nested(d, m, f, operands.to_vec(), vec![], calls, cx.depth + 1)?;
    cx.add_ub(d, &run.ub);
    cx.unsure.extend(run.unsure);
    cx.unsure_at.extend(run.unsure_at);
    cx.ub_at.extend(run.ub_at);
    cx.calls = run.calls;
    Ok(run.results)
}

/// `linalg.transpose` (`permutation`: out dim `k` is input dim `permutation[k]`) and
/// `linalg.broadcast` (`dimensions`: the out dims the input does not have) on tensors.
fn linalg_layout<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let op = cx.m.op(o);
    let name = op.name.as_str();
    let ([input, init], 1) = (operands, op.results.len()) else {
        return unsupported(format!("{name} with {} operands", operands.len()));
    };
    let (input, init) = (tensor_of(input)?, tensor_of(init)?);
    let key = if name == "linalg.transpose" {
        "permutation"
    } else {
        "dimensions"
    };
    let Some(list) = op.attr(key).and_then(mlir::Attr::as_ints) else {
        return unsupported(format!("{name} without {key}"));
    };
    let out_rank = init.shape.len();
    let out = if name == "linalg.transpose" {
        let mut sorted = list.clone();
        sorted.sort();
        if out_rank != input.shape.len() || sorted != (0..out_rank as i128).collect::<Vec<_>>() {
            return unsupported("linalg.transpose with an invalid permutation");
        }
        crate::ops::tosa::permute(&input, list.iter().map(|p| *p as usize).collect())
    } else {
        let kept: Vec<usize> = (0..out_rank)
            .filter(|k| !list.contains(&(*k as i128)))
            .collect();
        if kept.len() != input.shape.len() || list.iter().any(|k| *k < 0 || *k as usize >= out_rank)
        {
            return unsupported("linalg.broadcast with invalid dimensions");
        }
        let inner = input.at.clone();
        let mut shape = init.shape.clone();
        for (p, k) in kept.iter().enumerate() {
            shape[*k] = input.shape[p].clone();
        }
        let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
            let si: Vec<D::I> = kept.iter().map(|k| idx[*k].clone()).collect();
            inner(d, &si)
        });
        Tensor {
            shape,
            ety: input.ety,
            at,
        }
    };
    let same = same_shape(d, &out.shape, &init.shape);
    let differ = d.not(&same);
    cx.add_ub(d, &differ);
    Ok(Val::Tensor(Tensor {
        shape: init.shape,
        ..out
    }))
}
