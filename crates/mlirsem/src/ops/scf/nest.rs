//! Loops as loops: an `scf.for` nest over buffers summarized symbolically instead of unrolled,
//! once over [`MDomain`] (docs/mlir.md "Loop nests over buffers").
//!
//! The nests `convert-linalg-to-loops` writes are recognised: perfectly nested `scf.for` loops
//! over `index` from 0 by 1 to upper bounds defined outside the nest (constants or not), no
//! iter args, and an innermost body of scalar ops, `arith.constant`, `affine.apply` (index maps
//! with non-negative coefficients, [`Lin`]) and `memref.load`s of buffers (or `tensor.extract`s
//! of tensors) from outside the nest at such indices, ending in one `memref.store %v,
//! %out[...]` whose indices are distinct loops (the *parallel* loops) and constants. A load's
//! index may also be an `index` value the body computes before it from scalar ops (a gather,
//! [`Ix::At`]): computed at each point, its UB checked at every point of the box. Two forms:
//! - **a write of every point**: no other loop; `%v` at point `p` is the body run at `p`, the
//!   loads reading the buffers as they were before the nest (a load of `%out` is allowed only at
//!   the stored index, which no other point writes: it reads the cell before the nest);
//! - **an accumulation**: the other loops are *reductions*, and `%v = comb(load %out[same
//!   index], e)` (either order) with `comb` a plain `addf`, `mulf`, `addi`, `muli`, a maximum or
//!   minimum, the accumulator used nowhere else, and no other load of `%out`'s block. For a
//!   fixed output cell the loop updates it in the lexicographic order of the reduction loops,
//!   so the cell ends as the left fold `((init ⊕ e(p, r0)) ⊕ e(p, r1)) ...` over the reduction
//!   box in row-major order: exactly [`crate::ops::linalg::reduce::structured`]'s fold, the one a
//!   `linalg.generic` reduction has (`convert-linalg-to-loops` keeps the generic's loop order),
//!   so a linalg reduction and its loops give the same fold, float order included.
//!
//! The store then writes the cells at the points of the box (the others keep their value),
//! initialized. UB, exactly as the loops have it: a poison upper bound; when the box is not
//! empty, a dead or read-only output block, a store index outside the view (checked at the
//! last point: coefficients are non-negative), and per load a dead block, an index outside
//! the view, or a cell never initialized at some point of the box ([`MDomain::any_point`]);
//! the accumulator's first load reads the cell before the nest. A nest that does not match
//! (other bounds or steps, iter args, several stores, loads of the written block elsewhere,
//! subviews, calls) is left to unrolling ([`crate::ops::scf`]).

use crate::base::block::Cell;
use crate::base::ctx::{int_of, scalar_of, value_type, Ctx};
use crate::base::domain::Combiner;
use crate::base::domain::{EType, MDomain};
use crate::base::stop::{Stop, R};
use crate::base::value::MRef;
use crate::base::value::*;
use crate::ops::arith::{is_scalar_op, scalar_op};
use crate::ops::consts::constant;
use crate::ops::linalg::reduce::{combiner_of, structured, Lin, LoopFn, Output};
use crate::ops::memref::{flat, read_fn, write_view};
use mlir::{Attr, BlockId, Module, OpId, Type, ValueDef, ValueId};
use std::collections::BTreeMap;
use std::rc::Rc;

/// A load's index in one dim: an index map of the loops, or an `index` value the body
/// computes (a gather's data-dependent index; its bounds are checked at every point).
#[derive(Clone)]
enum Ix {
    Lin(Lin),
    At(ValueId),
}

impl Ix {
    fn lin(&self) -> Option<&Lin> {
        match self {
            Ix::Lin(l) => Some(l),
            Ix::At(_) => None,
        }
    }
}

/// A recognised nest.
struct Plan {
    /// Upper bound of each loop, outermost first.
    uppers: Vec<ValueId>,
    ivs: Vec<ValueId>,
    body: BlockId,
    /// The buffer stored into, the stored value and the store's index per dim.
    out: ValueId,
    stored: ValueId,
    out_dims: Vec<Lin>,
    /// Per loop: not in the store's index.
    red: Vec<bool>,
    /// The accumulator's load, the combiner and its other operand.
    acc: Option<(OpId, Combiner, ValueId)>,
    /// Loads other than the accumulator's: op, buffer, index per dim.
    loads: Vec<(OpId, ValueId, Vec<Ix>)>,
    /// `affine.apply` results as index maps of the loops.
    applied: BTreeMap<ValueId, Lin>,
}

/// The loops of a perfect nest from `o` down, and the innermost body: `None` unless every loop
/// is an `scf.for` over `index` from literal 0 by 1 without iter args, whose body is the next
/// loop and an empty `scf.yield`.
fn loops_of<'a, D: MDomain>(
    d: &mut D,
    cx: &Ctx<'a, D>,
    o: OpId,
) -> Option<(Vec<ValueId>, Vec<ValueId>, BlockId)> {
    let m = cx.m;
    let (mut uppers, mut ivs) = (vec![], vec![]);
    let mut cur = o;
    loop {
        let op = m.op(cur);
        if op.name != "scf.for" || op.operands.len() != 3 || op.attr("unsignedCmp").is_some() {
            return None;
        }
        let lit = |d: &mut D, v: ValueId| match cx.env.get(&v) {
            Some(Val::Scalar(s, _)) => int_of(s).ok().and_then(|i| d.lit_int(&i)),
            _ => None,
        };
        if lit(d, op.operands[0]) != Some(0) || lit(d, op.operands[2]) != Some(1) {
            return None;
        }
        let [region] = op.regions.as_slice() else {
            return None;
        };
        let [block] = m.region(*region).blocks.as_slice() else {
            return None;
        };
        let args = &m.block(*block).args;
        if args.len() != 1 || m.value(args[0]).ty != Type::Index {
            return None;
        }
        uppers.push(op.operands[1]);
        ivs.push(args[0]);
        let ops = body_ops(m, *block)?;
        match ops {
            [inner] if m.op(*inner).name == "scf.for" => cur = *inner,
            _ => return Some((uppers, ivs, *block)),
        }
    }
}

/// The ops of a loop body without its terminator (an empty `scf.yield`, which the custom form
/// leaves out); `None` if it yields values.
fn body_ops(m: &Module, b: BlockId) -> Option<&[OpId]> {
    let ops = m.block(b).ops.as_slice();
    match ops.split_last() {
        Some((&y, rest)) if m.op(y).name == "scf.yield" => {
            m.op(y).operands.is_empty().then_some(rest)
        }
        _ => Some(ops),
    }
}

/// The index map of index value `v` in the body: a loop, an `affine.apply` of loops, or a
/// literal from outside the nest.
fn lin_of<'a, D: MDomain>(
    d: &mut D,
    cx: &Ctx<'a, D>,
    ivs: &[ValueId],
    applied: &BTreeMap<ValueId, Lin>,
    v: ValueId,
) -> Option<Lin> {
    if let Some(k) = ivs.iter().position(|x| *x == v) {
        return Some(Lin::dim(k));
    }
    if let Some(l) = applied.get(&v) {
        return Some(l.clone());
    }
    // A literal from an `arith.constant` (never poison).
    let ValueDef::Result { op, .. } = cx.m.value(v).def else {
        return None;
    };
    if cx.m.op(op).name != "arith.constant" {
        return None;
    }
    match cx.env.get(&v) {
        Some(Val::Scalar(s, EType::Index)) => {
            let c = d.lit_int(&int_of(s).ok()?)?;
            (c >= 0).then(|| Lin::sum(&[], c))
        }
        _ => None,
    }
}

/// `affine.apply` op `o` as an index map of the loops, when its operands are loops (dims only).
fn apply_lin(m: &Module, o: OpId, ivs: &[ValueId]) -> Option<Lin> {
    let Some(Attr::AffineMap(map)) = m.op(o).attr("map") else {
        return None;
    };
    let [e] = map.results.as_slice() else {
        return None;
    };
    if map.num_symbols != 0 || map.num_dims as usize != m.op(o).operands.len() {
        return None;
    }
    let over_map = Lin::of(e, map.num_dims as usize)?;
    let loops: Option<Vec<usize>> = (m.op(o).operands.iter())
        .map(|v| ivs.iter().position(|x| x == v))
        .collect();
    over_map.rename(&loops?)
}

/// Whether value `v` is defined in block `b` (a result of one of its ops).
fn defined_in(m: &Module, b: BlockId, v: ValueId) -> bool {
    match m.value(v).def {
        ValueDef::Result { op, .. } => m.op(op).parent == Some(b),
        _ => false,
    }
}

/// Recognises the nest at `o` (see the module doc); `None`: leave it to unrolling.
fn plan<'a, D: MDomain>(d: &mut D, cx: &Ctx<'a, D>, o: OpId) -> Option<Plan> {
    let m = cx.m;
    let (uppers, ivs, body) = loops_of(d, cx, o)?;
    if uppers
        .iter()
        .any(|u| !matches!(cx.env.get(u), Some(Val::Scalar(..))))
    {
        return None;
    }
    let (&store, rest) = body_ops(m, body)?.split_last()?;
    let sop = m.op(store);
    if sop.name != "memref.store" || !crate::base::attrs::plain(sop) {
        return None;
    }
    let (&stored, ix) = sop.operands.split_first()?;
    let (&out, ix) = ix.split_first()?;
    if !matches!(cx.env.get(&out), Some(Val::MemRef(_))) {
        return None;
    }
    let mut applied = BTreeMap::new();
    let mut loads = vec![];
    for &x in rest {
        let op = m.op(x);
        match op.name.as_str() {
            "affine.apply" => {
                let l = apply_lin(m, x, &ivs)?;
                applied.insert(*op.results.first()?, l);
            }
            "memref.load" | "tensor.extract" if crate::base::attrs::plain(op) => {
                let (&buf, ix) = op.operands.split_first()?;
                // A tensor from outside the nest (canonicalize folds `to_memref` + `load`
                // into `tensor.extract`), unless it has elements never initialized.
                let fine = match cx.env.get(&buf) {
                    Some(Val::MemRef(_)) => op.name == "memref.load",
                    Some(Val::Tensor(_)) => {
                        op.name == "tensor.extract" && !cx.uninit.contains_key(&buf)
                    }
                    _ => false,
                };
                if !fine {
                    return None;
                }
                // An index the body computes from scalar ops (defined before the load).
                let computed = |v: ValueId| {
                    defined_in(m, body, v)
                        && matches!(m.value(v).def, ValueDef::Result { op, .. }
                            if rest.iter().position(|&y| y == op) < rest.iter().position(|&y| y == x)
                                && is_scalar_op(&m.op(op).name))
                };
                let ixs: Option<Vec<Ix>> = (ix.iter())
                    .map(|v| match lin_of(d, cx, &ivs, &applied, *v) {
                        Some(l) => Some(Ix::Lin(l)),
                        None if computed(*v) => Some(Ix::At(*v)),
                        None => None,
                    })
                    .collect();
                loads.push((x, buf, ixs?));
            }
            "arith.constant" => {}
            name if is_scalar_op(name) => {}
            _ => return None,
        }
    }
    let out_dims: Vec<Lin> = (ix.iter())
        .map(|v| lin_of(d, cx, &ivs, &applied, *v))
        .collect::<Option<_>>()?;
    let mut red = vec![true; ivs.len()];
    for l in &out_dims {
        match (l.plain(), l.constant()) {
            (Some(k), _) if red[k] => red[k] = false,
            (None, Some(_)) => {}
            _ => return None,
        }
    }
    let out_block = match cx.env.get(&out) {
        Some(Val::MemRef(r)) => r.block,
        _ => return None,
    };
    let same_cell = |load: OpId| {
        let lop = m.op(load);
        lop.operands.first() == Some(&out) && lop.operands[1..] == sop.operands[2..]
    };
    let block_of = |v: ValueId| match cx.env.get(&v) {
        Some(Val::MemRef(r)) => Some(r.block),
        _ => None,
    };
    let mut acc = None;
    if red.iter().any(|r| *r) {
        // `stored = comb(load %out[same index], e)`, the accumulator used only there.
        let ValueDef::Result { op: comb_op, .. } = m.value(stored).def else {
            return None;
        };
        let cop = m.op(comb_op);
        if !defined_in(m, body, stored) || !crate::base::attrs::plain(cop) {
            return None;
        }
        let ety = value_type(&m.value(stored).ty).ok()?.1;
        let comb = combiner_of(&cop.name, ety)?;
        let is_acc = |v: ValueId| match m.value(v).def {
            ValueDef::Result { op, .. } => loads.iter().any(|l| l.0 == op) && same_cell(op),
            _ => false,
        };
        let (a, e) = match cop.operands.as_slice() {
            [a, e] if is_acc(*a) && !is_acc(*e) => (*a, *e),
            [e, a] if is_acc(*a) && !is_acc(*e) => (*a, *e),
            _ => return None,
        };
        let uses = (rest.iter().chain([&store]))
            .flat_map(|&x| m.op(x).operands.iter())
            .filter(|v| **v == a)
            .count();
        if uses != 1 {
            return None;
        }
        let ValueDef::Result { op: acc_load, .. } = m.value(a).def else {
            return None;
        };
        loads.retain(|l| l.0 != acc_load);
        acc = Some((acc_load, comb, e));
    }
    // No other load of the written block, but the pre-nest cell of a write of every point.
    for (l, buf, _) in &loads {
        if block_of(*buf) == Some(out_block) && (acc.is_some() || !same_cell(*l)) {
            return None;
        }
    }
    Some(Plan {
        uppers,
        ivs,
        body,
        out,
        stored,
        out_dims,
        red,
        acc,
        loads,
        applied,
    })
}

/// Runs the body at a loop point until `want` is computed: loads read `reads` (the buffers
/// before the nest), the accumulator's load is skipped.
struct Point<'a, 'r, D: MDomain> {
    m: &'a Module,
    plan: &'r Plan,
    outer: &'r BTreeMap<ValueId, Val<'a, D>>,
    reads: &'r [Tensor<'a, D>],
}

impl<'a, D: MDomain> Point<'a, '_, D> {
    fn value(&self, d: &mut D, loops: &[D::I], want: ValueId) -> Result<SVal<D>, String> {
        let (m, plan) = (self.m, self.plan);
        let mut env: BTreeMap<ValueId, (SVal<D>, EType)> = BTreeMap::new();
        for (v, i) in plan.ivs.iter().zip(loops) {
            let ok = d.lit_b(true);
            env.insert(
                *v,
                (
                    SVal {
                        v: Elem::Int(i.clone()),
                        ok,
                    },
                    EType::Index,
                ),
            );
        }
        let get = |env: &BTreeMap<ValueId, (SVal<D>, EType)>, v: ValueId| {
            if let Some(x) = env.get(&v) {
                return Ok(x.clone());
            }
            match self.outer.get(&v) {
                Some(Val::Scalar(s, t)) => Ok((s.clone(), *t)),
                _ => Err(format!("value %{} in a loop nest", m.value(v).name)),
            }
        };
        for &x in &m.block(plan.body).ops {
            if let Ok((s, _)) = get(&env, want) {
                return Ok(s);
            }
            let op = m.op(x);
            let Some(&r) = op.results.first() else {
                continue;
            };
            if plan.acc.is_some_and(|a| a.0 == x) {
                continue;
            }
            let val = match op.name.as_str() {
                "affine.apply" => {
                    let l = &plan.applied[&r];
                    let ok = d.lit_b(true);
                    (
                        SVal {
                            v: Elem::Int(l.at(d, loops)),
                            ok,
                        },
                        EType::Index,
                    )
                }
                "memref.load" | "tensor.extract" => {
                    let k = (plan.loads.iter().position(|l| l.0 == x))
                        .ok_or("a load of a loop nest without a plan")?;
                    let idx = self.load_index(d, loops, k)?;
                    let t = &self.reads[k];
                    ((t.at)(d, &idx), t.ety)
                }
                "arith.constant" => match constant(d, m, x) {
                    Ok(Val::Scalar(s, t)) => (s, t),
                    _ => return Err("a non-scalar constant in a loop nest".into()),
                },
                _ => {
                    let mut args = vec![];
                    let mut tys = vec![];
                    for &v in &op.operands {
                        let (s, t) = get(&env, v)?;
                        args.push(s);
                        tys.push(t);
                    }
                    let (_, rty) = value_type(&m.value(r).ty)?;
                    (scalar_op(d, m, x, &args, &tys, rty)?, rty)
                }
            };
            env.insert(r, val);
        }
        get(&env, want).map(|x| x.0)
    }
}

impl<'a, D: MDomain> Point<'a, '_, D> {
    /// The index of load `k` at a loop point (a computed index is an `index` value: its
    /// poison is the caller's concern, [`computed_index_ub`]).
    fn load_index(&self, d: &mut D, loops: &[D::I], k: usize) -> Result<Vec<D::I>, String> {
        let mut idx = vec![];
        for ix in &self.plan.loads[k].2 {
            idx.push(match ix {
                Ix::Lin(l) => l.at(d, loops),
                Ix::At(v) => int_of(&self.value(d, loops, *v)?).map_err(Stop::reason)?,
            });
        }
        Ok(idx)
    }
}

/// UB of load `k`, whose index is computed in the body, over the box `bounds`: at some point
/// the index is poison or outside `shape`, or (for a buffer: `block` with its liveness and
/// cells) the block is dead or the cell never initialized. `Err` when the body cannot be run.
fn computed_index_ub<'a, D: MDomain>(
    d: &mut D,
    pt: &Point<'a, '_, D>,
    k: usize,
    shape: &[D::I],
    buffer: Option<(&MRef<D>, &crate::base::block::Block<'a, D>)>,
    bounds: &[D::I],
) -> Result<D::B, String> {
    let mut failed = None;
    let mut any = d.any_point(bounds, &mut |d: &mut D, p: &[D::I]| {
        let mut bad = d.lit_b(false);
        let mut idx = vec![];
        for ix in &pt.plan.loads[k].2 {
            let i = match ix {
                Ix::Lin(l) => l.at(d, p),
                Ix::At(v) => match pt.value(d, p, *v) {
                    Ok(s) => {
                        let poison = d.not(&s.ok);
                        bad = d.or(&bad, &poison);
                        match int_of(&s) {
                            Ok(i) => i,
                            Err(e) => {
                                failed.get_or_insert(e.reason());
                                return d.lit_b(true);
                            }
                        }
                    }
                    Err(e) => {
                        failed.get_or_insert(e);
                        return d.lit_b(true);
                    }
                },
            };
            idx.push(i);
        }
        for (i, n) in idx.iter().zip(shape) {
            let zero = d.lit_i(0);
            let below = d.lt_i(i, &zero);
            let inside = d.lt_i(i, n);
            let above = d.not(&inside);
            bad = d.or(&bad, &below);
            bad = d.or(&bad, &above);
        }
        if let Some((r, b)) = buffer {
            let dead = d.not(&b.live);
            let i = flat(d, r, &idx);
            let c = (b.at)(d, &i);
            let uninit = d.not(&c.init);
            bad = d.or(&bad, &dead);
            bad = d.or(&bad, &uninit);
        }
        bad
    });
    if let Some(e) = failed {
        return Err(e);
    }
    let ne = nonempty(d, bounds);
    any = d.and(&ne, &any);
    Ok(any)
}

/// The number of points of the box `bounds`.
fn numel_of<D: MDomain>(d: &mut D, bounds: &[D::I]) -> D::I {
    let mut n = d.lit_i(1);
    for b in bounds {
        n = d.mul_i(&n, b);
    }
    n
}

/// Whether every loop of `bounds` has an iteration.
fn nonempty<D: MDomain>(d: &mut D, bounds: &[D::I]) -> D::B {
    let one = d.lit_i(1);
    let mut c = d.lit_b(true);
    for b in bounds {
        let pos = d.le_i(&one, b);
        c = d.and(&c, &pos);
    }
    c
}

/// UB of `tensor.extract` from a tensor of `shape` at `lins` over the box `bounds` (when it is
/// not empty): an index outside the tensor at the last point (coefficients are non-negative).
fn extract_ub<D: MDomain>(d: &mut D, shape: &[D::I], lins: &[Lin], bounds: &[D::I]) -> D::B {
    let ne = nonempty(d, bounds);
    let last: Vec<D::I> = bounds
        .iter()
        .map(|n| {
            let one = d.lit_i(1);
            d.sub_i(n, &one)
        })
        .collect();
    let mut bad = d.lit_b(false);
    for (l, n) in lins.iter().zip(shape) {
        let top = l.at(d, &last);
        let inside = d.lt_i(&top, n);
        let out = d.not(&inside);
        bad = d.or(&bad, &out);
    }
    d.and(&ne, &bad)
}

/// UB of reading view `r` at `lins` over the box `bounds` (when it is not empty): a dead
/// block, an index outside the view (at the last point: coefficients are non-negative), a cell
/// never initialized at some point.
fn read_ub<'a, D: MDomain>(
    d: &mut D,
    cx: &Ctx<'a, D>,
    r: &MRef<D>,
    lins: &[Lin],
    bounds: &[D::I],
) -> D::B {
    let b = &cx.mem[r.block];
    let (live, at) = (b.live.clone(), b.at.clone());
    let ne = nonempty(d, bounds);
    let last: Vec<D::I> = bounds
        .iter()
        .map(|n| {
            let one = d.lit_i(1);
            d.sub_i(n, &one)
        })
        .collect();
    let mut bad = d.not(&live);
    for (l, n) in lins.iter().zip(&r.shape) {
        let top = l.at(d, &last);
        let inside = d.lt_i(&top, n);
        let out = d.not(&inside);
        bad = d.or(&bad, &out);
    }
    let uninit = d.any_point(bounds, &mut |d: &mut D, p: &[D::I]| {
        let idx: Vec<D::I> = lins.iter().map(|l| l.at(d, p)).collect();
        let i = flat(d, r, &idx);
        let c = at(d, &i);
        d.not(&c.init)
    });
    bad = d.or(&bad, &uninit);
    d.and(&ne, &bad)
}

/// The nest at `scf.for` op `o` summarized (see the module doc): `None` when it is not one
/// this module recognises.
pub(crate) fn summarize<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
) -> R<Option<Vec<Val<'a, D>>>> {
    let Some(plan) = plan(d, cx, o) else {
        return Ok(None);
    };
    let Val::MemRef(out) = cx.get(plan.out)? else {
        return Ok(None);
    };
    // What each load reads: a buffer's view, or a tensor.
    let mut views: Vec<View<'a, D>> = vec![];
    for (_, buf, _) in &plan.loads {
        views.push(match cx.get(*buf)? {
            Val::MemRef(r) => Ok(r),
            Val::Tensor(t) => Err(t),
            Val::Scalar(..) => return Ok(None),
        });
    }
    if !out.within.is_empty() || views.iter().flatten().any(|r| !r.within.is_empty()) {
        return Ok(None);
    }
    let bounds = loop_bounds(d, cx, &plan)?;
    direct_load_ub(d, cx, &views, &plan, &bounds);
    output_ub(d, cx, &out, &plan, &bounds);
    let old = read_fn(cx, &out);
    if plan.acc.is_some() {
        accumulator_init_ub(d, cx, &out, &plan, &bounds);
    }
    let reads: Vec<Tensor<'a, D>> = (views.iter())
        .map(|v| match v {
            Ok(r) => Tensor {
                shape: r.shape.clone(),
                ety: r.ety,
                at: read_fn(cx, r),
            },
            Err(t) => t.clone(),
        })
        .collect();
    let outer = cx.env.clone();
    let pt = Point {
        m: cx.m,
        plan: &plan,
        outer: &outer,
        reads: &reads,
    };
    if !computed_load_ub(d, cx, &pt, &views, &bounds) {
        // The body cannot be run symbolically: left to unrolling.
        return Ok(None);
    }
    let out_dims = plan.out_dims.clone();
    let run = Run {
        m: cx.m,
        plan: Rc::new(plan),
        outer: Rc::new(outer),
        reads: Rc::new(reads),
    };
    let Some(new) = new_value(&run, &out, old, &bounds) else {
        return Ok(None);
    };
    write_cells(d, cx, &out, out_dims, bounds, new)?;
    Ok(Some(vec![]))
}

/// What a load of the nest reads: a buffer's view, or a tensor.
type View<'a, D> = Result<MRef<D>, Tensor<'a, D>>;

/// The loops' trip counts: a poison bound is UB (the loop branches on it); a negative one runs
/// no iteration.
fn loop_bounds<'a, D: MDomain>(d: &mut D, cx: &mut Ctx<'a, D>, plan: &Plan) -> R<Vec<D::I>> {
    let mut bounds = vec![];
    for u in &plan.uppers {
        let (s, _) = scalar_of(&cx.get(*u)?)?;
        let poison = d.not(&s.ok);
        cx.add_ub(d, &poison);
        let n = int_of(&s)?;
        let zero = d.lit_i(0);
        let neg = d.lt_i(&n, &zero);
        bounds.push(d.ite_i(&neg, &zero, &n));
    }
    Ok(bounds)
}

/// UB of the loads whose indices are affine in the loops, over the whole box (loads at
/// computed indices are checked point by point in [`computed_load_ub`]).
fn direct_load_ub<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    views: &[View<'a, D>],
    plan: &Plan,
    bounds: &[D::I],
) {
    for (v, (_, _, ixs)) in views.iter().zip(&plan.loads) {
        let Some(lins) = ixs
            .iter()
            .map(|i| i.lin().cloned())
            .collect::<Option<Vec<Lin>>>()
        else {
            continue;
        };
        let bad = match v {
            Ok(r) => read_ub(d, cx, r, &lins, bounds),
            Err(t) => extract_ub(d, &t.shape, &lins, bounds),
        };
        cx.add_ub(d, &bad);
    }
}

/// UB of the stores when the nest runs at all: the output is dead or read-only, or a stored
/// index leaves the view; a store into a buffer that `bufferization.to_tensor` read is unsure.
fn output_ub<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    out: &MRef<D>,
    plan: &Plan,
    bounds: &[D::I],
) {
    let ne = nonempty(d, bounds);
    let blk = &cx.mem[out.block];
    let (live, writable, frozen) = (blk.live.clone(), blk.writable.clone(), blk.frozen);
    let good = d.and(&live, &writable);
    let mut bad = d.not(&good);
    let last: Vec<D::I> = (bounds.iter())
        .map(|n| {
            let one = d.lit_i(1);
            d.sub_i(n, &one)
        })
        .collect();
    for (l, n) in plan.out_dims.iter().zip(&out.shape) {
        let top = l.at(d, &last);
        let inside = d.lt_i(&top, n);
        let outside = d.not(&inside);
        bad = d.or(&bad, &outside);
    }
    let bad = d.and(&ne, &bad);
    cx.add_ub(d, &bad);
    if frozen {
        cx.add_unsure(
            d,
            &ne,
            "memref.store into a buffer that bufferization.to_tensor read",
        );
    }
}

/// UB of an accumulating nest: its first load reads the cell before the nest, which must be
/// initialized wherever the reduction loops run at least once.
fn accumulator_init_ub<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    out: &MRef<D>,
    plan: &Plan,
    bounds: &[D::I],
) {
    let par: Vec<usize> = (0..bounds.len()).filter(|k| !plan.red[*k]).collect();
    let red_b: Vec<D::I> = (0..bounds.len())
        .filter(|k| plan.red[*k])
        .map(|k| bounds[k].clone())
        .collect();
    let par_b: Vec<D::I> = par.iter().map(|k| bounds[*k].clone()).collect();
    let at = cx.mem[out.block].at.clone();
    let dims = &plan.out_dims;
    let uninit = d.any_point(&par_b, &mut |d: &mut D, p: &[D::I]| {
        let mut full: Vec<D::I> = vec![d.lit_i(0); bounds.len()];
        for (k, i) in par.iter().zip(p) {
            full[*k] = i.clone();
        }
        let idx: Vec<D::I> = dims.iter().map(|l| l.at(d, &full)).collect();
        let i = flat(d, out, &idx);
        let c = at(d, &i);
        d.not(&c.init)
    });
    let red_ne = nonempty(d, &red_b);
    let bad = d.and(&red_ne, &uninit);
    cx.add_ub(d, &bad);
}

/// UB of the loads at indices computed in the body, at every point (the body run up to the
/// index); `false` when the body cannot be run symbolically.
fn computed_load_ub<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    pt: &Point<'a, '_, D>,
    views: &[View<'a, D>],
    bounds: &[D::I],
) -> bool {
    for (k, (v, (_, _, ixs))) in views.iter().zip(&pt.plan.loads).enumerate() {
        if ixs.iter().all(|i| i.lin().is_some()) {
            continue;
        }
        let bad = match v {
            Ok(r) => {
                let b = cx.mem[r.block].clone();
                computed_index_ub(d, pt, k, &r.shape, Some((r, &b)), bounds)
            }
            Err(t) => computed_index_ub(d, pt, k, &t.shape, None, bounds),
        };
        match bad {
            Ok(b) => cx.add_ub(d, &b),
            Err(_) => return false,
        }
    }
    true
}

/// A [`Point`] that closures can own: the body run at a loop point, shared by the values.
struct Run<'a, D: MDomain> {
    m: &'a Module,
    plan: Rc<Plan>,
    outer: Rc<BTreeMap<ValueId, Val<'a, D>>>,
    reads: Rc<Vec<Tensor<'a, D>>>,
}

impl<'a, D: MDomain> Run<'a, D> {
    /// The body's value `want` as a function of the loop point.
    fn value_at(&self, want: ValueId) -> LoopFn<'a, D> {
        let (m, plan, outer, reads) = (
            self.m,
            self.plan.clone(),
            self.outer.clone(),
            self.reads.clone(),
        );
        Rc::new(move |d: &mut D, loops: &[D::I]| {
            let pt = Point {
                m,
                plan: &plan,
                outer: &outer,
                reads: &reads,
            };
            pt.value(d, loops, want)
        })
    }
}

/// The new value of the output's cell at an output index: the accumulation over the
/// reduction loops from the cell's old value `old`, or the stored value at the point the index
/// names. `None` when the accumulation has no structured form.
fn new_value<'a, D: MDomain>(
    run: &Run<'a, D>,
    out: &MRef<D>,
    old: ElemFn<'a, D>,
    bounds: &[D::I],
) -> Option<ElemFn<'a, D>> {
    let plan = &run.plan;
    if let Some((_, comb, e)) = plan.acc {
        let init = Tensor {
            shape: out.shape.clone(),
            ety: out.ety,
            at: old,
        };
        let outs = vec![Output {
            init,
            dims: plan.out_dims.clone(),
            comb,
            elem: run.value_at(e),
        }];
        return match structured(bounds.to_vec(), plan.red.clone(), outs).pop() {
            Some(Val::Tensor(t)) => Some(t.at),
            _ => None,
        };
    }
    let f = run.value_at(plan.stored);
    let dims = plan.out_dims.clone();
    let (n_loops, ety) = (bounds.len(), out.ety);
    Some(Rc::new(move |d: &mut D, idx: &[D::I]| {
        let mut full: Vec<D::I> = vec![d.lit_i(0); n_loops];
        for (l, i) in dims.iter().zip(idx) {
            if let Some(k) = l.plain() {
                full[k] = i.clone();
            }
        }
        match f(d, &full) {
            Ok(s) => s,
            Err(why) => {
                d.give_up(why);
                let ok = d.lit_b(false);
                SVal {
                    v: zero_elem(d, ety),
                    ok,
                }
            }
        }
    }))
}

/// Writes `new` to the cells at the points of a non-empty box, leaving the others.
fn write_cells<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    out: &MRef<D>,
    dims: Vec<Lin>,
    bounds: Vec<D::I>,
    new: ElemFn<'a, D>,
) -> R<()> {
    // A loop that runs over a whole dim of the view needs no range test (a literal bound
    // equal to a literal size): the written cell is then the new value itself.
    let whole_dim: Vec<bool> = (dims.iter().zip(&out.shape))
        .map(|(l, n)| {
            l.plain().is_some_and(|k| {
                d.lit_int(&bounds[k]).is_some() && d.lit_int(&bounds[k]) == d.lit_int(n)
            })
        })
        .collect();
    let count = numel_of(d, &bounds);
    let always = d.lit_int(&count).is_some_and(|n| n > 0);
    let at = cx.mem[out.block].at.clone();
    let out2 = out.clone();
    write_view(
        d,
        cx,
        out,
        Rc::new(move |d: &mut D, idx: &[D::I]| {
            let mut hit = if always {
                d.lit_b(true)
            } else {
                nonempty(d, &bounds)
            };
            for ((l, i), whole) in dims.iter().zip(idx).zip(&whole_dim) {
                let c = match (l.plain(), l.constant()) {
                    (Some(_), _) if *whole => d.lit_b(true),
                    (Some(k), _) => d.lt_i(i, &bounds[k]),
                    (_, Some(c)) => {
                        let c = d.lit_i(c);
                        d.eq_i(i, &c)
                    }
                    _ => d.lit_b(false),
                };
                hit = d.and(&hit, &c);
            }
            let j = flat(d, &out2, idx);
            let was = at(d, &j);
            let v = new(d, idx);
            let yes = d.lit_b(true);
            Cell {
                v: ite_sval(d, &hit, &v, &was.v),
                init: ite_b(d, &hit, &yes, &was.init),
            }
        }),
    )?;
    Ok(())
}
