//! `linalg` ops with reduction loops, once over [`MDomain`]: `linalg.generic` with `reduction`
//! iterators, and the named contractions `linalg.dot`, `matvec`, `vecmat`, `matmul`,
//! `batch_matmul` as the generic forms that `mlir-opt --linalg-generalize-named-ops` prints.
//!
//! A structured op has loops (each `parallel` or `reduction`) whose bounds come from the first
//! operand dimension indexed by each loop (every operand size must agree: otherwise UB), input
//! maps that are projected permutations, and output maps that are permutations of the parallel
//! loops. Output element `C[p]` is `init ⊕ (⊕ over the reduction loops, row-major, of E(p, r))`
//! where `init` is the output operand's element, `⊕` the combiner (`addf`/`mulf`/`addi`/`muli`)
//! and `E` the combiner's other operand. For `linalg.generic` both are recognised from the
//! yield: `yield (E ⊕ out)` (either operand order), where the output block argument `out` is
//! used nowhere else. The fold itself is [`crate::fold::reduce`].

use crate::domain::{EType, FBin, MDomain};
use crate::eval::{
    as_int, constant, from_int, scalar_op, tensor_of, unsupported, value_type, Ctx, BODY_OPS, R,
    SCALAR_OPS,
};
use crate::fold::{self, Combiner};
use crate::value::*;
use mlir::{AffineExpr, Attr, BlockId, Module, OpId, ValueId};
use std::collections::BTreeMap;
use std::rc::Rc;

/// The iterator kinds of a `linalg.generic`, if it has them.
fn iterator_kinds(m: &Module, o: OpId) -> Option<Vec<String>> {
    match m.op(o).attr("iterator_types") {
        Some(Attr::Array(xs)) => Some(
            xs.iter()
                .map(|it| match it {
                    Attr::Opaque { body: Some(b), .. } => b.clone(),
                    Attr::String(s) => s.clone(),
                    _ => "?".into(),
                })
                .collect(),
        ),
        _ => None,
    }
}

/// Whether a `linalg.generic` has a `reduction` iterator.
pub(crate) fn has_reduction(m: &Module, o: OpId) -> bool {
    iterator_kinds(m, o).is_some_and(|ks| ks.iter().any(|k| k == "reduction"))
}

/// The element `E` of an output at a full loop point.
type LoopFn<'a, D> =
    Rc<dyn Fn(&mut D, &[<D as tensor::Domain>::I]) -> Result<SVal<D>, String> + 'a>;

struct Output<'a, D: MDomain> {
    init: Tensor<'a, D>,
    /// The loop of each output dimension.
    dims: Vec<usize>,
    comb: Combiner,
    elem: LoopFn<'a, D>,
}

/// Loop bounds from the first operand dimension indexed by each loop; UB where an operand's
/// size disagrees.
fn loop_bounds<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    n_loops: usize,
    dims_of: &[Vec<usize>],
    shapes: &[Vec<D::I>],
) -> R<Vec<D::I>> {
    let mut bounds = vec![];
    for k in 0..n_loops {
        let found = dims_of.iter().zip(shapes).find_map(|(ds, sh)| {
            ds.iter()
                .position(|x| *x == k)
                .and_then(|p| sh.get(p).cloned())
        });
        match found {
            Some(b) => bounds.push(b),
            None => return unsupported("a loop dim that no operand dimension bounds"),
        }
    }
    for (ds, sh) in dims_of.iter().zip(shapes) {
        if ds.len() != sh.len() {
            return unsupported("an indexing map whose rank differs from its operand's");
        }
        for (k, n) in ds.iter().zip(sh) {
            let e = d.eq_i(&bounds[*k], n);
            let ne = d.not(&e);
            cx.add_ub(d, &ne);
        }
    }
    Ok(bounds)
}

/// The results of a structured op with reduction loops `red`.
fn structured<'a, D: MDomain>(
    bounds: Vec<D::I>,
    red: Vec<bool>,
    outs: Vec<Output<'a, D>>,
) -> Vec<Val<'a, D>> {
    let bounds = Rc::new(bounds);
    let red_dims: Rc<Vec<usize>> = Rc::new((0..red.len()).filter(|k| red[*k]).collect());
    let n_loops = red.len();
    outs.into_iter()
        .map(|out| {
            let ety = out.init.ety;
            let shape = out.init.shape.clone();
            let (bounds, red_dims) = (bounds.clone(), red_dims.clone());
            let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
                let mut point: Vec<Option<D::I>> = vec![None; n_loops];
                for (p, k) in out.dims.iter().enumerate() {
                    point[*k] = idx.get(p).cloned();
                }
                let sizes: Vec<D::I> = red_dims.iter().map(|k| bounds[*k].clone()).collect();
                let init = (out.init.at)(d, idx);
                let elem = out.elem.clone();
                let red_dims = red_dims.clone();
                let mut body = |d: &mut D, r: &[D::I]| {
                    let mut full = point.clone();
                    for (k, v) in red_dims.iter().zip(r) {
                        full[*k] = Some(v.clone());
                    }
                    let full: Vec<D::I> = full
                        .into_iter()
                        .map(|x| x.unwrap_or_else(|| d.lit_i(0)))
                        .collect();
                    match elem(d, &full) {
                        Ok(s) => s,
                        Err(why) => {
                            d.give_up(why);
                            SVal {
                                v: zero_elem(d, ety),
                                ok: d.lit_b(false),
                            }
                        }
                    }
                };
                fold::reduce(d, out.comb, ety, &init, &sizes, &mut body)
            });
            Val::Tensor(Tensor { shape, ety, at })
        })
        .collect()
}

fn combiner_of(name: &str, t: EType) -> Option<Combiner> {
    match (name, t) {
        ("arith.addf", EType::Float(_)) => Some(Combiner::Add),
        ("arith.mulf", EType::Float(_)) => Some(Combiner::Mul),
        ("arith.addi", EType::Int(_) | EType::Index | EType::Bool) => Some(Combiner::Add),
        ("arith.muli", EType::Int(_) | EType::Index | EType::Bool) => Some(Combiner::Mul),
        _ => None,
    }
}

/// `linalg.generic` with at least one `reduction` iterator.
pub(crate) fn generic_reduction<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let kinds = iterator_kinds(m, o).unwrap_or_default();
    let mut red = vec![];
    for k in &kinds {
        match k.as_str() {
            "parallel" => red.push(false),
            "reduction" => red.push(true),
            other => {
                return unsupported(format!(
                    "unsupported feature: linalg.generic with `{other}` iterators"
                ))
            }
        }
    }
    let n_loops = red.len();
    let n_out = crate::eval::n_outputs(m, o);
    let maps: Vec<mlir::AffineMap> = match op.attr("indexing_maps") {
        Some(Attr::Array(xs)) => xs
            .iter()
            .map(|a| match a {
                Attr::AffineMap(m) => Ok(m.clone()),
                _ => unsupported("an indexing map that is not an affine map"),
            })
            .collect::<R<_>>()?,
        _ => return unsupported("linalg.generic without indexing_maps"),
    };
    if maps.len() != operands.len() || n_out > operands.len() || n_out == 0 {
        return unsupported("linalg.generic with inconsistent operand and map counts");
    }
    let n_in = operands.len() - n_out;
    let mut dims_of: Vec<Vec<usize>> = vec![];
    for mp in &maps {
        if mp.num_dims as usize != n_loops || mp.num_symbols != 0 {
            return unsupported("an indexing map with symbols or the wrong number of dims");
        }
        let mut ds = vec![];
        for e in &mp.results {
            match e {
                AffineExpr::Dim(k) if (*k as usize) < n_loops => ds.push(*k as usize),
                _ => return unsupported("an indexing map that is not a projected permutation"),
            }
        }
        dims_of.push(ds);
    }
    let parallel: Vec<usize> = (0..n_loops).filter(|k| !red[*k]).collect();
    for ds in &dims_of[n_in..] {
        let mut sorted = ds.clone();
        sorted.sort();
        if sorted != parallel {
            return unsupported(
                "a reducing linalg.generic whose output map is not a permutation of its parallel loops",
            );
        }
    }
    let shapes: Vec<Vec<D::I>> = operands
        .iter()
        .map(|v| match v {
            Val::Tensor(t) => t.shape.clone(),
            Val::Scalar(..) | Val::MemRef(_) => vec![],
        })
        .collect();
    let bounds = loop_bounds(d, cx, n_loops, &dims_of, &shapes)?;
    // The body: one block of scalar ops ending in linalg.yield.
    let Some(&region) = op.regions.first() else {
        return unsupported("linalg.generic without a body");
    };
    let blocks = &m.region(region).blocks;
    if blocks.len() != 1 {
        return unsupported("a linalg.generic body of several blocks");
    }
    let body: BlockId = blocks[0];
    let blk = m.block(body);
    for &bo in &blk.ops {
        let n = m.op(bo).name.as_str();
        if !SCALAR_OPS.contains(&n) && !BODY_OPS.contains(&n) {
            return unsupported(format!("unsupported op {n} in a linalg.generic body"));
        }
    }
    if blk.args.len() != operands.len() {
        return unsupported("a linalg.generic body with the wrong number of arguments");
    }
    let Some(&yield_op) = blk.ops.iter().find(|&&x| m.op(x).name == "linalg.yield") else {
        return unsupported("a linalg.generic body without linalg.yield");
    };
    let outer = Rc::new(cx.env.clone());
    let operands_rc = Rc::new(operands.to_vec());
    let dims_rc = Rc::new(dims_of.clone());
    let mut outs = vec![];
    for r in 0..n_out {
        let init = tensor_of(&operands[n_in + r])?;
        let out_arg = blk.args[n_in + r];
        let Some(&y) = m.op(yield_op).operands.get(r) else {
            return unsupported("a yield without enough values");
        };
        let comb_op = blk
            .ops
            .iter()
            .copied()
            .find(|&x| m.op(x).results.contains(&y));
        let recognised = comb_op.and_then(|c| {
            let cop = m.op(c);
            let comb = combiner_of(&cop.name, init.ety)?;
            match cop.operands.as_slice() {
                [a, b] if *b == out_arg && *a != out_arg => Some((comb, *a)),
                [a, b] if *a == out_arg && *b != out_arg => Some((comb, *b)),
                _ => None,
            }
        });
        let Some((comb, e)) = recognised else {
            return unsupported(
                "a reduction whose yield is not `addf`/`mulf`/`addi`/`muli` of the output and an element",
            );
        };
        let uses = blk
            .ops
            .iter()
            .flat_map(|&x| m.op(x).operands.iter())
            .filter(|v| **v == out_arg)
            .count();
        if uses != 1 {
            return unsupported("a reduction whose output value is used outside its combiner");
        }
        let (outer, operands_rc, dims_rc) = (outer.clone(), operands_rc.clone(), dims_rc.clone());
        let elem: LoopFn<'a, D> = Rc::new(move |d: &mut D, loops: &[D::I]| {
            body_value(d, m, body, &outer, &operands_rc[..n_in], &dims_rc, loops, e)
        });
        outs.push(Output {
            init,
            dims: dims_of[n_in + r].clone(),
            comb,
            elem,
        });
    }
    Ok(structured(bounds, red, outs))
}

/// The value `target` of a `linalg.generic` body at a loop point, with the input block
/// arguments bound (the output arguments are not: they may not be needed).
#[allow(clippy::too_many_arguments)]
fn body_value<'a, D: MDomain>(
    d: &mut D,
    m: &'a Module,
    body: BlockId,
    outer: &BTreeMap<ValueId, Val<'a, D>>,
    inputs: &[Val<'a, D>],
    dims_of: &[Vec<usize>],
    loops: &[D::I],
    target: ValueId,
) -> Result<SVal<D>, String> {
    let mut env: BTreeMap<ValueId, (SVal<D>, EType)> = BTreeMap::new();
    let blk = m.block(body);
    for ((arg, v), ds) in blk.args.iter().zip(inputs).zip(dims_of) {
        let s = match v {
            Val::Scalar(s, t) => (s.clone(), *t),
            Val::Tensor(t) => {
                let idx: Vec<D::I> = ds.iter().map(|k| loops[*k].clone()).collect();
                ((t.at)(d, &idx), t.ety)
            }
            Val::MemRef(_) => unreachable!("memref operands stop in eval_op"),
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
                "value %{} used in a reducing linalg.generic body",
                m.value(v).name
            )),
        }
    };
    for &bo in &blk.ops {
        if let Ok((s, _)) = get(&env, target) {
            return Ok(s);
        }
        let op = m.op(bo);
        match op.name.as_str() {
            "linalg.yield" => break,
            "linalg.index" => {
                let k = op
                    .attr("dim")
                    .and_then(Attr::as_int)
                    .ok_or("linalg.index without dim")?;
                let i = loops
                    .get(k as usize)
                    .cloned()
                    .ok_or("linalg.index out of range")?;
                let r = *op.results.first().ok_or("linalg.index without a result")?;
                let ok = d.lit_b(true);
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
    get(&env, target).map(|x| x.0)
}

/// `linalg.dot`, `matvec`, `vecmat`, `matmul`, `batch_matmul`: `C += cast(A) * cast(B)`
/// over their loops, as `mlir-opt --linalg-generalize-named-ops` writes them.
pub(crate) fn named<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let name = op.name.as_str();
    // Loops, which are reductions, and the loops indexing A, B, C.
    let (red, dims_of): (Vec<bool>, [Vec<usize>; 3]) = match name {
        "linalg.dot" => (vec![true], [vec![0], vec![0], vec![]]),
        "linalg.matvec" => (vec![false, true], [vec![0, 1], vec![1], vec![0]]),
        "linalg.vecmat" => (vec![false, true], [vec![1], vec![1, 0], vec![0]]),
        "linalg.matmul" => (
            vec![false, false, true],
            [vec![0, 2], vec![2, 1], vec![0, 1]],
        ),
        "linalg.batch_matmul" => (
            vec![false, false, false, true],
            [vec![0, 1, 3], vec![0, 3, 2], vec![0, 1, 2]],
        ),
        other => return unsupported(format!("unsupported op {other}")),
    };
    if op.attr("indexing_maps").is_some() {
        return unsupported(format!("{name} with explicit indexing_maps"));
    }
    if operands.len() != 3 || crate::eval::n_outputs(m, o) != 1 {
        return unsupported(format!(
            "{name} with {} operands and {} results",
            operands.len(),
            op.results.len()
        ));
    }
    let (a, b, c) = (
        tensor_of(&operands[0])?,
        tensor_of(&operands[1])?,
        tensor_of(&operands[2])?,
    );
    let unsigned = match op.attr("cast") {
        None => false,
        Some(attr) => {
            let text = format!("{attr:?}");
            if text.contains("cast_unsigned") {
                true
            } else if text.contains("cast_signed") {
                false
            } else {
                return unsupported(format!("{name} with cast {text}"));
            }
        }
    };
    let ety = c.ety;
    for t in [&a, &b] {
        match (t.ety, ety) {
            (x, y) if x == y => {}
            (EType::Int(_) | EType::Bool, EType::Int(_) | EType::Index) if !unsigned => {}
            _ => return unsupported(format!("{name} from {} to {}", t.ety.name(), ety.name())),
        }
    }
    let shapes: Vec<Vec<D::I>> = vec![a.shape.clone(), b.shape.clone(), c.shape.clone()];
    for (t, ds) in shapes.iter().zip(&dims_of) {
        if t.len() != ds.len() {
            return unsupported(format!("{name} on operands of unexpected ranks"));
        }
    }
    let bounds = loop_bounds(d, cx, red.len(), &dims_of, &shapes)?;
    let (da, db) = (dims_of[0].clone(), dims_of[1].clone());
    let (aat, bat, aty, bty) = (a.at.clone(), b.at.clone(), a.ety, b.ety);
    let elem: LoopFn<'a, D> = Rc::new(move |d: &mut D, loops: &[D::I]| {
        let ia: Vec<D::I> = da.iter().map(|k| loops[*k].clone()).collect();
        let ib: Vec<D::I> = db.iter().map(|k| loops[*k].clone()).collect();
        let x = aat(d, &ia);
        let y = bat(d, &ib);
        let ok = d.and(&x.ok, &y.ok);
        let v = match (&x.v, &y.v, ety) {
            (Elem::Float(p), Elem::Float(q), EType::Float(f)) => {
                Elem::Float(d.f_bin(FBin::Mul, f, p, q))
            }
            _ => {
                let p = cast_int(d, &x.v, aty, ety)?;
                let q = cast_int(d, &y.v, bty, ety)?;
                let prod = d.mul_i(&p, &q);
                from_int(d, &prod, ety)?
            }
        };
        Ok(SVal { v, ok })
    });
    Ok(structured(
        bounds,
        red,
        vec![Output {
            init: c,
            dims: dims_of[2].clone(),
            comb: Combiner::Add,
            elem,
        }],
    ))
}

/// A signed integer element of type `from` as an integer of type `to` (sign extension).
fn cast_int<D: MDomain>(d: &mut D, e: &Elem<D>, from: EType, to: EType) -> Result<D::I, String> {
    let x = as_int(d, e, true)?;
    if from == to {
        return Ok(x);
    }
    match from_int(d, &x, to)? {
        Elem::Int(i) => Ok(i),
        _ => Err("a cast to a non-integer".into()),
    }
}
