//! The one definition of every supported MLIR op: given the values of its operands in some
//! [`MDomain`], its results, the undefined behaviour it adds, and the cases this model does not
//! cover ("unsure"). The symbolic checker and the concrete replay both run this code.
//!
//! UB (the function has no defined behaviour): out-of-bounds `tensor.extract`/`tensor.insert`,
//! `tensor.dim` of a dimension the tensor does not have, slices not inside their tensor,
//! `linalg.generic` operands whose sizes disagree with the loop bounds, a `tensor.cast` to a
//! static size that does not hold and `insert_slice` sizes disagreeing with the source. A
//! condition that MLIR may or may not treat as UB (negative dynamic sizes) is recorded as
//! *unsure*: the checker answers unknown if it can happen where the source is defined.

pub mod ext;

use crate::base::ctx::{
    dim_at, indices, int_of, kept_dims, n_outputs, read_indices, result_type, scalar_of,
    shape_from, slice_in_bounds, slice_params, tensor_of, Ctx,
};
pub use crate::base::ctx::{etype, value_type, Run};
use crate::base::domain::{EType, MDomain};
use crate::base::stop::{unsupported, IdxCond, Stop, R};
use crate::base::value::*;
use crate::ops::arith::{is_scalar_op, scalar_op};
use crate::ops::consts::constant;
use crate::ops::linalg::reduce::Lin;
use mlir::{Attr, BlockId, Dim, Module, OpId, Type, ValueId};
use std::collections::BTreeMap;
use std::rc::Rc;

/// The longest chain of dependent tensor ops in a function body: reading an element calls one
/// element closure per op, recursively. Sized (with `smt::MAX_DEPTH`) for an 8 MiB stack
/// (`tests/scale.rs`); a longer chain is unknown.
pub const MAX_TENSOR_CHAIN: usize = 1000;

/// Runs function `f` of `m` on `args` (one per function argument).
pub fn run_function<'a, D: MDomain>(
    d: &mut D,
    m: &'a Module,
    f: OpId,
    args: Vec<Val<'a, D>>,
) -> R<Run<'a, D>> {
    run_nested(d, m, f, args, vec![], vec![], 0)
}

/// [`run_function`] with memref arguments: `mem` holds their blocks, named by the arguments'
/// [`crate::base::value::MRef`]s.
pub fn run_function_mem<'a, D: MDomain>(
    d: &mut D,
    m: &'a Module,
    f: OpId,
    args: Vec<Val<'a, D>>,
    mem: Vec<crate::base::block::Block<'a, D>>,
) -> R<Run<'a, D>> {
    run_nested(d, m, f, args, mem, vec![], 0)
}

/// [`run_function`] inside `depth` inlined calls, after the external `calls` of its callers.
pub(crate) fn run_nested<'a, D: MDomain>(
    d: &mut D,
    m: &'a Module,
    f: OpId,
    args: Vec<Val<'a, D>>,
    mem: Vec<crate::base::block::Block<'a, D>>,
    calls: Vec<crate::base::ctx::ExtCall<'a, D>>,
    depth: usize,
) -> R<Run<'a, D>> {
    let op = m.op(f);
    let Some(&region) = op.regions.first() else {
        return unsupported("a function declaration without a body");
    };
    let blocks = &m.region(region).blocks;
    if blocks.len() != 1 {
        return unsupported("functions with several blocks (control flow)");
    }
    let block = m.block(blocks[0]);
    if block.args.len() != args.len() {
        return unsupported("argument count mismatch");
    }
    let ub = d.lit_b(false);
    let mut cx = Ctx {
        m,
        env: BTreeMap::new(),
        ub,
        ub_sites: vec![],
        at: None,
        unsure: vec![],
        unsure_at: vec![],
        ub_at: vec![],
        depth,
        mem,
        globals: vec![],
        uninit: BTreeMap::new(),
        unrolled: 0,
        calls,
    };
    if depth > 0 && args.iter().any(|v| matches!(v, Val::MemRef(_))) {
        return unsupported("a call with memref arguments");
    }
    // Every attribute of the function and its ops must be one their definitions read.
    crate::base::attrs::check_function(m, f)?;
    for (a, v) in block.args.iter().zip(args) {
        cx.env.insert(*a, v);
    }
    // How many tensor ops feed each tensor value through element closures (one closure calls
    // the next when an element is read): bounded so that a read fits the stack.
    let mut chain: BTreeMap<ValueId, usize> = BTreeMap::new();
    let mut deepest = 0;
    for &o in &block.ops {
        let op = m.op(o);
        let below = if op.regions.is_empty() {
            op.operands
                .iter()
                .filter_map(|v| chain.get(v))
                .max()
                .copied()
                .unwrap_or(0)
        } else {
            deepest // a region may read any value defined so far
        };
        if below > MAX_TENSOR_CHAIN {
            return unsupported(format!(
                "tensor ops chained too deep: {} at {} reads a chain of {below} dependent tensor ops (the limit is {MAX_TENSOR_CHAIN})",
                op.name,
                m.op_location(o)
            ));
        }
        if op.name == "func.return" {
            let mut results = vec![];
            for &v in &op.operands {
                let r = cx.get(v)?;
                if depth > 0 && matches!(r, Val::MemRef(_)) {
                    return unsupported("a call returning a memref");
                }
                results.push(r);
            }
            return Ok(Run {
                results,
                ub: cx.ub,
                ub_sites: cx.ub_sites,
                unsure: cx.unsure,
                unsure_at: cx.unsure_at,
                ub_at: cx.ub_at,
                globals: cx.globals,
                unrolled: cx.unrolled,
                mem: cx.mem,
                calls: cx.calls,
            });
        }
        let outs = eval_op(d, &mut cx, o)?;
        for (r, v) in op.results.iter().zip(outs) {
            if matches!(v, Val::Tensor(_)) {
                chain.insert(*r, below + 1);
                deepest = deepest.max(below + 1);
            }
            cx.env.insert(*r, memoized_val(v));
        }
    }
    unsupported("a function body without func.return")
}

pub(crate) fn eval_op<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
) -> R<Vec<Val<'a, D>>> {
    let outer = cx.at.replace(o);
    let r = eval_op_here(d, cx, o);
    cx.at = outer;
    r.map_err(|e| e.at(cx.m, o))
}

/// [`eval_op`] with `cx.at` set to `o`.
fn eval_op_here<'a, D: MDomain>(d: &mut D, cx: &mut Ctx<'a, D>, o: OpId) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let name = op.name.as_str();
    if op.form == mlir::OpForm::Opaque {
        // A custom form the parser skipped: its operands and attributes were not read.
        return unsupported(format!("unsupported op {name} at {}", m.op_location(o)));
    }
    if crate::ops::memref::handles(m, o) {
        let operands: Vec<Val<'a, D>> = op.operands.iter().map(|&v| cx.get(v)).collect::<R<_>>()?;
        return crate::ops::memref::eval_op(d, cx, o, &operands);
    }
    if (op.operands.iter()).any(|v| matches!(cx.env.get(v), Some(Val::MemRef(_)))) {
        return unsupported(format!("{name} on memref operands"));
    }
    if let Some(v) = crate::ops::arith::index_shift(d, cx, o)? {
        return Ok(vec![v]);
    }
    uninit_reads(cx, o)?;
    if is_scalar_op(name) {
        return elementwise(d, cx, o).map(|v| vec![v]);
    }
    if crate::ops::arith::PARTIAL.contains(&name) {
        return crate::ops::arith::partial(d, cx, o).map(|v| vec![v]);
    }
    let operands: Vec<Val<'a, D>> = op.operands.iter().map(|&v| cx.get(v)).collect::<R<_>>()?;
    eval_on(d, cx, o, operands)
}

/// UB where a linalg or tosa op reads an uninitialized element straight from a `tensor.empty`
/// or `bufferization.to_tensor` result ([`Ctx::uninit`]; mlir-tv: such ops need their operands
/// initialized): every element of an operand the payload reads
/// ([`crate::ops::memref::payload_reads`]).
fn uninit_reads<'a, D: MDomain>(cx: &mut Ctx<'a, D>, o: OpId) -> R<()> {
    let m = cx.m;
    let op = m.op(o);
    if cx.uninit.is_empty() || !(op.name.starts_with("linalg.") || op.name.starts_with("tosa.")) {
        return Ok(());
    }
    let n_in = op.operands.len().saturating_sub(n_outputs(m, o));
    for (k, v) in op.operands.iter().enumerate() {
        let Some(at) = cx.uninit.get(v).cloned() else {
            continue;
        };
        if !crate::ops::memref::payload_reads(m, o, k, n_in) {
            continue;
        }
        let shape = tensor_of(&cx.get(*v)?)?.shape.clone();
        cx.push_ub_at(CondAt {
            shape,
            at,
            why: format!("{} reads an uninitialized element", op.name),
        });
    }
    Ok(())
}

/// The results of op `o` on `operands` (the values of its operands, or, for a linalg op on
/// buffers, tensors read from them: [`crate::ops::memref`]).
pub(crate) fn eval_on<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: Vec<Val<'a, D>>,
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let name = op.name.as_str();
    let need = match name {
        "tensor.dim" | "tensor.insert" | "tensor.insert_slice" => 2,
        "tensor.extract" | "tensor.cast" | "tensor.extract_slice" => 1,
        "sparse_tensor.convert" | "shape.to_extent_tensor" => 1,
        _ => 0,
    };
    if operands.len() < need {
        return unsupported(format!("{name} with {} operands", operands.len()));
    }
    let out = match name {
        "arith.constant" => constant(d, m, o)?,
        "tensor.empty" => {
            let (dims, ety) = result_type(m, o, 0)?;
            let dims = dims.ok_or(Stop::Unsupported("tensor.empty of a scalar".into()))?;
            if let Some(Type::Tensor {
                encoding: Some(_), ..
            }) = op.results.first().map(|r| &m.value(*r).ty)
            {
                // An empty sparse tensor stores no values: its elements are zeros, not poison.
                return unsupported("tensor.empty of a sparse tensor");
            }
            let sizes: Vec<SVal<D>> = operands
                .iter()
                .map(|v| scalar_of(v).map(|s| s.0))
                .collect::<R<_>>()?;
            let shape = shape_from(d, cx, &dims, &sizes, "tensor.empty")?;
            let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, _idx: &[D::I]| SVal {
                v: zero_elem(d, ety),
                ok: d.lit_b(false),
            });
            // Its elements are uninitialized: reading one straight from here is UB
            // ([`uninit_reads`], `tensor.extract`); elsewhere they are poison.
            if let Some(&r) = op.results.first() {
                cx.uninit
                    .insert(r, Rc::new(|d: &mut D, _idx: &[D::I]| d.lit_b(true)));
            }
            Val::Tensor(Tensor { shape, ety, at })
        }
        "tensor.dim" => {
            let t = tensor_of(&operands[0])?;
            let (i, _) = scalar_of(&operands[1])?;
            let iv = int_of(&i)?;
            let zero = d.lit_i(0);
            let rank = d.lit_i(t.shape.len() as i128);
            let lo = d.le_i(&zero, &iv);
            let hi = d.lt_i(&iv, &rank);
            let okb = d.and(&lo, &hi);
            let inb = d.and(&okb, &i.ok);
            let bad = d.not(&inb);
            cx.add_ub(d, &bad);
            let v = dim_at(d, &t.shape, &iv);
            let ok = d.lit_b(true);
            Val::Scalar(
                SVal {
                    v: Elem::Int(v),
                    ok,
                },
                EType::Index,
            )
        }
        "tensor.extract" => {
            let t = tensor_of(&operands[0])?;
            let idx = indices(d, cx, &t, &operands[1..], "tensor.extract")?;
            if let Some(uninit) = op.operands.first().and_then(|v| cx.uninit.get(v)) {
                let bad = uninit.clone()(d, &idx);
                cx.add_ub(d, &bad);
            }
            let s = (t.at)(d, &idx);
            Val::Scalar(s, t.ety)
        }
        "tensor.insert" => {
            let (s, _) = scalar_of(&operands[0])?;
            let t = tensor_of(&operands[1])?;
            let pos = indices(d, cx, &t, &operands[2..], "tensor.insert")?;
            let inner = t.at.clone();
            let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
                let mut hit = d.lit_b(true);
                for (a, b) in idx.iter().zip(&pos) {
                    let e = d.eq_i(a, b);
                    hit = d.and(&hit, &e);
                }
                let old = inner(d, idx);
                ite_sval(d, &hit, &s, &old)
            });
            Val::Tensor(Tensor {
                shape: t.shape.clone(),
                ety: t.ety,
                at,
            })
        }
        // The operand's value, its static result dims checked: `sparse_tensor.convert` only
        // changes the encoding, `shape.to_extent_tensor` of an extent tensor is the tensor.
        "tensor.cast" | "sparse_tensor.convert" | "shape.to_extent_tensor" => {
            let t = tensor_of(&operands[0])?;
            let (dims, _) = result_type(m, o, 0)?;
            let dims = dims.ok_or(Stop::Unsupported(format!("{name} to a scalar")))?;
            if dims.len() != t.shape.len() {
                return unsupported(format!("{name} between ranks"));
            }
            for (dim, n) in dims.iter().zip(&t.shape) {
                if let Dim::Static(s) = dim {
                    let l = d.lit_i(*s as i128);
                    let e = d.eq_i(&l, n);
                    let ne = d.not(&e);
                    // UB: a cast to a static size "acts as an assertion that fails at runtime"
                    // (docs/mlir.md, "Undefined behaviour").
                    cx.add_ub(d, &ne);
                }
            }
            Val::Tensor(t)
        }
        "tensor.extract_slice" => extract_slice(d, cx, o, &operands)?,
        "tensor.insert_slice" => insert_slice(d, cx, o, &operands)?,
        "linalg.fill" => {
            if operands.len() != 2 {
                return unsupported("linalg.fill with several operands");
            }
            let (s, _) = scalar_of(&operands[0])?;
            let t = tensor_of(&operands[1])?;
            let at: ElemFn<'a, D> = Rc::new(move |_d: &mut D, _idx: &[D::I]| s.clone());
            Val::Tensor(Tensor {
                shape: t.shape.clone(),
                ety: t.ety,
                at,
            })
        }
        "linalg.generic" if crate::ops::linalg::reduce::has_reduction(m, o) => {
            return crate::ops::linalg::reduce::generic_reduction(d, cx, o, &operands)
        }
        "linalg.generic" => return generic(d, cx, o, &operands),
        "linalg.map" => return linalg_map(d, cx, o, &operands),
        // A named elementwise op in generic form carries its body: run it as `linalg.map`
        // runs its own; in custom form its body is the table's.
        n if crate::ops::linalg::elementwise::is_op(n) && !op.regions.is_empty() => {
            return linalg_map(d, cx, o, &operands)
        }
        n if crate::ops::linalg::elementwise::is_op(n) => {
            crate::ops::linalg::elementwise::eval_op(d, cx, o, &operands)?
        }
        "linalg.reduce" => return crate::ops::linalg::reduce::linalg_reduce(d, cx, o, &operands),
        "linalg.matmul"
        | "linalg.batch_matmul"
        | "linalg.matvec"
        | "linalg.vecmat"
        | "linalg.batch_matvec"
        | "linalg.dot" => return crate::ops::linalg::reduce::named(d, cx, o, &operands),
        other => {
            return match crate::eval::ext::eval_op(d, cx, o, &operands)? {
                Some(vals) => Ok(vals),
                None => unsupported(format!("unsupported op {other} at {}", m.op_location(o))),
            }
        }
    };
    Ok(vec![out])
}

// ---- constants ----

// ---- scalar ops, lifted over tensors ----

pub(crate) fn elementwise<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
) -> R<Val<'a, D>> {
    let m = cx.m;
    let op = m.op(o);
    let vals: Vec<Val<'a, D>> = op.operands.iter().map(|&v| cx.get(v)).collect::<R<_>>()?;
    let (_, rty) = result_type(m, o, 0)?;
    let tys: Vec<EType> = op
        .operands
        .iter()
        .map(|&v| value_type(&m.value(v).ty).map(|t| t.1))
        .collect::<Result<_, _>>()
        .map_err(Stop::Unsupported)?;
    let tensors: Vec<&Tensor<'a, D>> = vals
        .iter()
        .filter_map(|v| match v {
            Val::Tensor(t) => Some(t),
            _ => None,
        })
        .collect();
    if tensors.is_empty() {
        let args: Vec<SVal<D>> = vals
            .iter()
            .map(|v| scalar_of(v).map(|s| s.0))
            .collect::<R<_>>()?;
        let s = scalar_op(d, m, o, &args, &tys, rty).map_err(Stop::Unsupported)?;
        return Ok(Val::Scalar(s, rty));
    }
    // Elementwise over tensors of one shape (a dynamic mismatch is UB, as for linalg).
    let shape = tensors[0].shape.clone();
    for t in &tensors[1..] {
        let e = same_shape(d, &shape, &t.shape);
        let ne = d.not(&e);
        cx.add_ub(d, &ne);
    }
    // Check the op once on placeholder scalars, so that the element function cannot fail.
    let probe: Vec<SVal<D>> = tys
        .iter()
        .map(|t| SVal {
            v: zero_elem(d, *t),
            ok: d.lit_b(true),
        })
        .collect();
    scalar_op(d, m, o, &probe, &tys, rty).map_err(Stop::Unsupported)?;
    if vals.iter().any(|v| matches!(v, Val::MemRef(_))) {
        return unsupported("a memref operand of an elementwise op");
    }
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let args: Vec<SVal<D>> = vals
            .iter()
            .zip(&probe)
            .map(|(v, p)| match v {
                Val::Tensor(t) => (t.at)(d, idx),
                Val::Scalar(s, _) => s.clone(),
                // Refused above.
                Val::MemRef(_) => p.clone(),
            })
            .collect();
        match scalar_op(d, m, o, &args, &tys, rty) {
            Ok(s) => s,
            Err(why) => {
                d.give_up(format!("{why} ({})", m.op_at(o)));
                args[0].clone()
            }
        }
    });
    Ok(Val::Tensor(Tensor {
        shape,
        ety: rty,
        at,
    }))
}

// ---- slices ----

fn extract_slice<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let src = tensor_of(&operands[0])?;
    let params = slice_params(d, cx, o, &operands[1..])?;
    if params.len() != src.shape.len() {
        return unsupported("a slice whose rank differs from its source");
    }
    for (p, n) in params.iter().zip(&src.shape) {
        let inb = slice_in_bounds(d, p, n);
        let bad = d.not(&inb);
        cx.add_ub(d, &bad);
    }
    let (dims, _) = result_type(cx.m, o, 0)?;
    let keep = kept_dims::<D>(&params, &dims.unwrap_or_default())?;
    let shape: Vec<D::I> = params
        .iter()
        .zip(&keep)
        .filter(|(_, k)| **k)
        .map(|(p, _)| p[1].0.clone())
        .collect();
    let inner = src.at.clone();
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let mut it = idx.iter();
        let mut sidx = vec![];
        for (p, k) in params.iter().zip(&keep) {
            let i = if *k { it.next().cloned() } else { None };
            sidx.push(match i {
                Some(i) => {
                    let scaled = d.mul_i(&i, &p[2].0);
                    d.add_i(&p[0].0, &scaled)
                }
                None => p[0].0.clone(),
            });
        }
        inner(d, &sidx)
    });
    Ok(Val::Tensor(Tensor {
        shape,
        ety: src.ety,
        at,
    }))
}

fn insert_slice<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let src = tensor_of(&operands[0])?;
    let dst = tensor_of(&operands[1])?;
    let params = slice_params(d, cx, o, &operands[2..])?;
    if params.len() != dst.shape.len() {
        return unsupported("a slice whose rank differs from its destination");
    }
    for (p, n) in params.iter().zip(&dst.shape) {
        let inb = slice_in_bounds(d, p, n);
        let bad = d.not(&inb);
        cx.add_ub(d, &bad);
    }
    let (reduced, _) =
        value_type(&cx.m.value(cx.m.op(o).operands[0]).ty).map_err(Stop::Unsupported)?;
    let keep = kept_dims::<D>(&params, &reduced.unwrap_or_default())?;
    let kept_sizes: Vec<D::I> = params
        .iter()
        .zip(&keep)
        .filter(|(_, k)| **k)
        .map(|(p, _)| p[1].0.clone())
        .collect();
    // UB: the sizes "specify the sizes of the source tensor type" (docs/mlir.md).
    let e = same_shape(d, &kept_sizes, &src.shape);
    let ne = d.not(&e);
    cx.add_ub(d, &ne);
    let (sat, dat) = (src.at.clone(), dst.at.clone());
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let mut hit = d.lit_b(true);
        let mut sidx = vec![];
        for ((p, k), i) in params.iter().zip(&keep).zip(idx) {
            let rel = d.sub_i(i, &p[0].0);
            let zero = d.lit_i(0);
            let lo = d.le_i(&zero, &rel);
            hit = d.and(&hit, &lo);
            let q = if p[2].1 == Some(1) {
                rel
            } else {
                let r = d.emod_i(&rel, &p[2].0);
                let z = d.eq_i(&r, &zero);
                hit = d.and(&hit, &z);
                d.ediv_i(&rel, &p[2].0)
            };
            let hi = d.lt_i(&q, &p[1].0);
            hit = d.and(&hit, &hi);
            if *k {
                sidx.push(q);
            }
        }
        let from_src = sat(d, &sidx);
        let from_dst = dat(d, idx);
        ite_sval(d, &hit, &from_src, &from_dst)
    });
    Ok(Val::Tensor(Tensor {
        shape: dst.shape.clone(),
        ety: dst.ety,
        at,
    }))
}

// ---- linalg.generic (parallel iterators) ----

/// The ops besides scalar ones that a region body runs per point (`tensor.yield` ends the
/// bodies of `tensor.generate` and `tensor.pad`).
pub(crate) const BODY_OPS: &[&str] = &[
    "linalg.index",
    "linalg.yield",
    "tensor.yield",
    "arith.constant",
    "tensor.extract",
    "memref.load",
];

/// `linalg.generic` with `parallel` iterators: input maps affine with non-negative
/// coefficients ([`Lin`]; a read outside an operand is UB), output maps permutations of the
/// loops; loop bounds and size UB as in [`crate::ops::linalg::reduce::loop_bounds`].
fn generic<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let Some(iters) = crate::ops::linalg::reduce::iterator_kinds(m, o) else {
        return unsupported("linalg.generic without iterator_types");
    };
    if let Some(kind) = iters.iter().find(|k| *k != "parallel") {
        return unsupported(format!(
            "unsupported feature: linalg.generic with `{kind}` iterators"
        ));
    }
    let n_loops = iters.len();
    let (maps, n_in, _) = crate::ops::linalg::reduce::generic_maps(m, o, operands.len(), n_loops)?;
    parallel_loops(d, cx, o, operands, maps, n_in, n_loops)
}

/// `linalg.map`: the all-parallel generic whose maps are identities, its body's arguments the
/// inputs' elements only (or the inputs' and the output's, as a named elementwise op's body in
/// generic form has them).
fn linalg_map<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let n_out = n_outputs(cx.m, o);
    let n_in = operands.len().saturating_sub(n_out);
    let Some(Val::Tensor(out)) = operands.get(n_in) else {
        return unsupported("linalg.map without a tensor output");
    };
    let n_loops = out.shape.len();
    let identity: Vec<crate::ops::linalg::reduce::Lin> = (0..n_loops)
        .map(crate::ops::linalg::reduce::Lin::dim)
        .collect();
    let maps = vec![identity; operands.len()];
    parallel_loops(d, cx, o, operands, maps, n_in, n_loops)
}

/// A structured op with parallel loops only (`linalg.generic`, `linalg.map`): each output at
/// each loop point is the body's yield there.
fn parallel_loops<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
    maps: Vec<Vec<crate::ops::linalg::reduce::Lin>>,
    n_in: usize,
    n_loops: usize,
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    // Output maps must be permutations (each loop dim exactly once).
    let mut out_dims: Vec<Vec<usize>> = vec![];
    for ds in &maps[n_in..] {
        let plain: Option<Vec<usize>> = ds.iter().map(Lin::plain).collect();
        let mut sorted = plain.clone().unwrap_or_default();
        sorted.sort();
        if sorted != (0..n_loops).collect::<Vec<_>>() {
            return unsupported("a linalg.generic output map that is not a permutation");
        }
        out_dims.push(plain.unwrap_or_default());
    }
    let shapes: Vec<Vec<D::I>> = operands
        .iter()
        .map(|v| match v {
            Val::Tensor(t) => t.shape.clone(),
            Val::Scalar(..) | Val::MemRef(_) => vec![],
        })
        .collect();
    let bounds = crate::ops::linalg::reduce::loop_bounds(d, cx, n_loops, &maps, &shapes)?;
    let body = crate::ops::linalg::reduce::generic_body(m, o)?;
    let n_args = m.block(body).args.len();
    let map_args = m.op(o).name == "linalg.map" && n_args == n_in;
    if n_args != operands.len() && !map_args {
        return unsupported("a linalg.generic body with the wrong number of arguments");
    }
    let outer = crate::ops::linalg::body::enter(d, cx, body, operands, &maps, &bounds)?;
    let operands = Rc::new(operands.to_vec());
    let maps = Rc::new(maps);
    let mut results = vec![];
    for (r, out_dims) in out_dims.into_iter().enumerate() {
        let (outer, operands, maps) = (outer.clone(), operands.clone(), maps.clone());
        let ety = match &operands[n_in + r] {
            Val::Tensor(t) => t.ety,
            Val::Scalar(..) | Val::MemRef(_) => {
                return unsupported("a scalar linalg.generic output")
            }
        };
        let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
            let mut loops: Vec<Option<D::I>> = vec![None; n_loops];
            for (p, k) in out_dims.iter().enumerate() {
                loops[*k] = idx.get(p).cloned();
            }
            let loops: Vec<D::I> = loops
                .into_iter()
                .map(|x| x.unwrap_or_else(|| d.lit_i(0)))
                .collect();
            match run_body(
                d,
                m,
                body,
                &outer,
                &operands,
                &maps,
                &loops,
                BodyResult::Yield(r),
            ) {
                Ok(s) => s,
                Err(why) => {
                    d.give_up(format!("{why} ({})", m.op_at(o)));
                    SVal {
                        v: zero_elem(d, ety),
                        ok: d.lit_b(false),
                    }
                }
            }
        });
        results.push(Val::Tensor(Tensor {
            shape: shapes[n_in + r].clone(),
            ety,
            at,
        }));
    }
    Ok(results)
}

/// What [`run_body`] computes: the `n`th yielded value, or one value of the body (the
/// summand of a reduction, which does not need the output arguments).
#[derive(Clone, Copy)]
pub(crate) enum BodyResult {
    Yield(usize),
    Value(ValueId),
}

/// Whether the body interpreter runs op `name` at each loop point (the other ops of a body
/// are loop-invariant ones, evaluated once: [`crate::ops::linalg::body`]).
pub(crate) fn run_in_body(name: &str) -> bool {
    is_scalar_op(name) || BODY_OPS.contains(&name)
}

/// The body of a `linalg.generic` at a loop point: its block arguments bound to the operands
/// read at `dims_of` (an index expression per operand dimension), its ops run in order.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_body<'a, D: MDomain>(
    d: &mut D,
    m: &'a Module,
    body: BlockId,
    outer: &BTreeMap<ValueId, Val<'a, D>>,
    operands: &[Val<'a, D>],
    dims_of: &[Vec<Lin>],
    loops: &[D::I],
    want: BodyResult,
) -> Result<SVal<D>, String> {
    let b = Body {
        m,
        block: body,
        outer,
        operands,
        dims_of,
        uninit: &BTreeMap::new(),
    };
    let run = b.exec(d, loops, Some(want))?;
    run.0
        .ok_or_else(|| "a linalg.generic body without a result".into())
}

/// A body ready to run at loop points: its block, the values it sees from outside the loop,
/// and the operands bound to its arguments, read at `dims_of` (an index expression per operand
/// dimension).
pub(crate) struct Body<'a, 'r, D: MDomain> {
    pub(crate) m: &'a Module,
    pub(crate) block: BlockId,
    pub(crate) outer: &'r BTreeMap<ValueId, Val<'a, D>>,
    pub(crate) operands: &'r [Val<'a, D>],
    pub(crate) dims_of: &'r [Vec<Lin>],
    /// For each memref the body loads from (its contents in `outer`, as a tensor): where its
    /// cells were never initialized, so that loading one is UB (for [`Body::ub`]; the
    /// values alone need none).
    pub(crate) uninit: &'r BTreeMap<ValueId, IdxCond<'a, D>>,
}

impl<'a, D: MDomain> Body<'a, '_, D> {
    /// Whether the body has UB at a loop point (an out-of-bounds or poison `tensor.extract`
    /// or `memref.load` index, a load of a cell never initialized): every op is run, up to
    /// the yield.
    pub(crate) fn ub(&self, d: &mut D, loops: &[D::I]) -> Result<D::B, String> {
        self.exec(d, loops, None).map(|r| r.1)
    }

    /// Runs the body at a loop point until `want` is known (`None`: to the yield); returns it
    /// and the UB of the ops run.
    #[allow(clippy::type_complexity)]
    fn exec(
        &self,
        d: &mut D,
        loops: &[D::I],
        want: Option<BodyResult>,
    ) -> Result<(Option<SVal<D>>, D::B), String> {
        let (m, outer) = (self.m, self.outer);
        let mut env: BTreeMap<ValueId, (SVal<D>, EType)> = BTreeMap::new();
        let mut ub = d.lit_b(false);
        let blk = m.block(self.block);
        for ((arg, v), ds) in blk.args.iter().zip(self.operands).zip(self.dims_of) {
            let s = match v {
                Val::Scalar(s, t) => (s.clone(), *t),
                Val::Tensor(t) => {
                    let idx: Vec<D::I> = ds.iter().map(|l| l.at(d, loops)).collect();
                    ((t.at)(d, &idx), t.ety)
                }
                Val::MemRef(_) => return Err("a memref operand in a linalg.generic body".into()),
            };
            env.insert(*arg, s);
        }
        let get = |env: &BTreeMap<ValueId, (SVal<D>, EType)>,
                   v: ValueId|
         -> Result<(SVal<D>, EType), String> {
            if let Some(x) = env.get(&v) {
                return Ok(x.clone());
            }
            match outer.get(&v) {
                Some(Val::Scalar(s, t)) => Ok((s.clone(), *t)),
                _ => Err(format!(
                    "value %{} used in a linalg.generic body",
                    m.value(v).name
                )),
            }
        };
        for &bo in &blk.ops {
            if let Some(BodyResult::Value(t)) = want {
                if let Ok((s, _)) = get(&env, t) {
                    return Ok((Some(s), ub));
                }
            }
            let op = m.op(bo);
            if !run_in_body(&op.name) {
                continue; // loop-invariant: its results are in `outer`
            }
            match op.name.as_str() {
                "linalg.yield" | "tensor.yield" => {
                    let v = match want {
                        None => return Ok((None, ub)),
                        Some(BodyResult::Yield(i)) => {
                            *op.operands.get(i).ok_or("a yield without enough values")?
                        }
                        Some(BodyResult::Value(t)) => t,
                    };
                    return get(&env, v).map(|x| (Some(x.0), ub));
                }
                "linalg.index" => {
                    let k = op
                        .attr("dim")
                        .and_then(Attr::as_int)
                        .ok_or("linalg.index without dim")?;
                    let i = loops
                        .get(k as usize)
                        .cloned()
                        .ok_or("linalg.index out of range")?;
                    let ok = d.lit_b(true);
                    let r = *op.results.first().ok_or("linalg.index without a result")?;
                    env.insert(
                        r,
                        (
                            SVal {
                                v: Elem::Int(i),
                                ok,
                            },
                            EType::Index,
                        ),
                    );
                }
                "tensor.extract" | "memref.load" => {
                    let (s, idx, mut bad) = extract_in_body(d, m, bo, outer, |v| get(&env, v))?;
                    if let Some(uninit) = op.operands.first().and_then(|v| self.uninit.get(v)) {
                        let never = uninit.clone()(d, &idx);
                        bad = d.or(&bad, &never);
                    }
                    ub = d.or(&ub, &bad);
                    let r = *op
                        .results
                        .first()
                        .ok_or("tensor.extract without a result")?;
                    env.insert(r, s);
                }
                "arith.constant" => match constant(d, m, bo) {
                    Ok(Val::Scalar(s, t)) => {
                        let r = *op.results.first().ok_or("a constant without a result")?;
                        env.insert(r, (s, t));
                    }
                    _ => return Err("a non-scalar constant in a linalg.generic body".into()),
                },
                _ => {
                    let mut args = vec![];
                    let mut tys = vec![];
                    for &v in &op.operands {
                        let (s, t) = get(&env, v)?;
                        args.push(s);
                        tys.push(t);
                    }
                    let rv = op.results.first().ok_or("an op without a result")?;
                    let (_, rty) = value_type(&m.value(*rv).ty)?;
                    let s = scalar_op(d, m, bo, &args, &tys, rty)?;
                    env.insert(*rv, (s, rty));
                }
            }
        }
        Err("a linalg.generic body without linalg.yield".into())
    }
}

/// `tensor.extract` in a body, of a tensor from outside the loop (`outer`), at indices
/// computed in the body (`get`): the element, the indices, and whether the read is UB at this
/// point. Also `memref.load` of a memref from outside, whose contents when the op runs are a
/// tensor in `outer` ([`crate::ops::linalg::body::enter`]).
#[allow(clippy::type_complexity)]
fn extract_in_body<'a, D: MDomain>(
    d: &mut D,
    m: &'a Module,
    o: OpId,
    outer: &BTreeMap<ValueId, Val<'a, D>>,
    get: impl Fn(ValueId) -> Result<(SVal<D>, EType), String>,
) -> Result<((SVal<D>, EType), Vec<D::I>, D::B), String> {
    let op = m.op(o);
    let (&tv, ixs) = op
        .operands
        .split_first()
        .ok_or(format!("{} without operands", op.name))?;
    let Some(Val::Tensor(t)) = outer.get(&tv) else {
        return Err(format!(
            "{} of a value computed in a linalg.generic body",
            op.name
        ));
    };
    let ops: Vec<Val<'a, D>> = ixs
        .iter()
        .map(|&v| get(v).map(|(s, ty)| Val::Scalar(s, ty)))
        .collect::<Result<_, _>>()?;
    let (idx, good) = match read_indices(d, &t.shape, &ops, &op.name) {
        Ok(x) => x,
        Err(e) => return Err(e.reason()),
    };
    let bad = d.not(&good);
    Ok((((t.at)(d, &idx), t.ety), idx, bad))
}
