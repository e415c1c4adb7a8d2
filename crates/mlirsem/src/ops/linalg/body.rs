//! What a `linalg.generic` body needs beyond running its scalar ops at a loop point
//! ([`crate::eval::run_body`]), once over [`MDomain`]:
//!
//! - **Per-point UB.** A body op with UB (`tensor.extract` out of bounds or at a poison index)
//!   makes the whole op undefined when it happens at *some* point of the loop box, whichever
//!   output elements are later used: MLIR runs the body at every point. The condition is
//!   [`MDomain::any_point`]: the concrete domain enumerates the box; the symbolic one builds
//!   the disjunction over a small static box and `∃ p. 0 <= p < sizes ∧ cond(p)` otherwise
//!   (exact in both polarities: `¬UB` is the universal statement).
//! - **Loop-invariant ops.** An op of the body that the body interpreter does not run (a
//!   nested `linalg.generic`, ...) is supported when it reads nothing the loop point
//!   determines: no block argument, no value computed per point, no `linalg.index` of the
//!   enclosing op. Ops are pure, so every point computes the same value; it is evaluated once,
//!   as an op of the enclosing function, and its UB (and unsure cases) count only when the loop
//!   box is not empty (otherwise the body never runs).

use crate::base::ctx::Ctx;
use crate::base::domain::MDomain;
use crate::base::stop::{unsupported, IdxCond, R};
use crate::base::value::*;
use crate::eval::{run_in_body, Body};
use crate::ops::fold::{bound_point, points, within_budget};
use crate::ops::linalg::reduce::Lin;
use mlir::{BlockId, Module, OpId, ValueId};
use smt::TermId;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;
use symbolic::Sym;
use tensor::Concrete;

/// Most points of a static box whose condition is written as a disjunction (beyond it, or for
/// a box of symbolic size, an existential quantifier).
const MAX_EXPANDED: i128 = 256;

/// [`MDomain::any_point`] in the symbolic domain.
pub(crate) fn sym_any_point(
    d: &mut Sym,
    sizes: &[TermId],
    cond: &mut dyn FnMut(&mut Sym, &[TermId]) -> TermId,
) -> TermId {
    let dims: Option<Vec<i128>> = sizes.iter().map(|n| MDomain::lit_int(d, n)).collect();
    if let Some(dims) = dims {
        let count = dims
            .iter()
            .try_fold(1i128, |a, n| a.checked_mul((*n).max(0)));
        if count.is_some_and(|c| c <= MAX_EXPANDED) {
            let mut any = vec![];
            for p in points(&dims) {
                let t: Vec<TermId> = p.iter().map(|i| d.store.int(*i)).collect();
                any.push(cond(d, &t));
            }
            return d.store.or(any);
        }
    }
    let (vars, vt, inside) = bound_point(d, sizes, "pidx");
    let c = cond(d, &vt);
    let body = d.store.and2(inside, c);
    if d.store.as_bool(body) == Some(false) {
        return body;
    }
    d.store.exists(vars, body)
}

/// [`MDomain::any_point`] in the concrete domain: every point, in row-major order.
pub(crate) fn concrete_any_point(
    d: &mut Concrete,
    sizes: &[i128],
    cond: &mut dyn FnMut(&mut Concrete, &[i128]) -> bool,
) -> bool {
    if !within_budget(d, sizes, "a loop body run") {
        return false;
    }
    points(sizes).any(|p| cond(d, &p))
}

/// The values a `linalg.generic` body sees besides its block arguments: the enclosing
/// function's, and its loop-invariant ops' (evaluated here). Adds the body's per-point UB
/// over the loop box `bounds`, where operand `k` is read at `dims_of[k]`.
pub(crate) fn enter<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    body: BlockId,
    operands: &[Val<'a, D>],
    dims_of: &[Vec<Lin>],
    bounds: &[D::I],
) -> R<Rc<BTreeMap<ValueId, Val<'a, D>>>> {
    let m = cx.m;
    let nonempty = nonempty(d, bounds);
    let mut hoisted = BTreeSet::new();
    for &o in &m.block(body).ops {
        if run_in_body(m.op(o).name.as_str()) {
            continue;
        }
        hoist(d, cx, body, o, &hoisted, &nonempty)?;
        hoisted.extend(m.op(o).results.iter().copied());
    }
    let (outer, uninit) = memory_reads(d, cx, body, &nonempty)?;
    let outer = Rc::new(outer);
    if m.block(body)
        .ops
        .iter()
        .any(|&o| matches!(m.op(o).name.as_str(), "tensor.extract" | "memref.load"))
    {
        let b = Body {
            m,
            block: body,
            outer: &outer,
            operands,
            dims_of,
            uninit: &uninit,
        };
        let mut failed = None;
        let ub = d.any_point(bounds, &mut |d: &mut D, p: &[D::I]| match b.ub(d, p) {
            Ok(b) => b,
            Err(why) => {
                failed.get_or_insert(why);
                d.lit_b(false)
            }
        });
        if let Some(why) = failed {
            return unsupported(why);
        }
        cx.add_ub(d, &ub);
    }
    Ok(outer)
}

/// The values the body sees from outside, with each memref it loads from (`memref.load` of a
/// memref defined outside the body, e.g. a table read at indices from an input: an embedding
/// lookup after bufferization) read as a tensor of its contents now, when the op runs: memory
/// does not change while a linalg op's payload runs, since a payload has no memory writes
/// (one that has is not run here). Also, per such memref, where its cells were never
/// initialized (a load of one is UB, as for `memref.load` outside a body: mlir-tv's reading,
/// [`crate::ops::memref`]); loading from a dead block is UB when the box has a point.
#[allow(clippy::type_complexity)]
fn memory_reads<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    body: BlockId,
    nonempty: &D::B,
) -> R<(
    BTreeMap<ValueId, Val<'a, D>>,
    BTreeMap<ValueId, IdxCond<'a, D>>,
)> {
    let m = cx.m;
    let mut outer = cx.env.clone();
    let mut uninit = BTreeMap::new();
    for &o in &m.block(body).ops {
        let op = m.op(o);
        if op.name != "memref.load" {
            continue;
        }
        let Some(&v) = op.operands.first() else {
            return unsupported("memref.load without operands");
        };
        let Some(Val::MemRef(r)) = cx.env.get(&v) else {
            continue; // computed in the body: the body run says it cannot read it
        };
        let r = r.clone();
        let live = crate::ops::memref::live(cx, &r)?;
        let dead = d.not(&live);
        let ub = d.and(nonempty, &dead);
        cx.add_ub(d, &ub);
        outer.insert(
            v,
            Val::Tensor(Tensor {
                shape: r.shape.clone(),
                ety: r.ety,
                at: crate::ops::memref::read_fn(cx, &r),
            }),
        );
        uninit.insert(v, crate::ops::memref::uninit_at(cx, &r));
    }
    Ok((outer, uninit))
}

/// Whether the loop box `bounds` has a point.
fn nonempty<D: MDomain>(d: &mut D, bounds: &[D::I]) -> D::B {
    let mut c = d.lit_b(true);
    let one = d.lit_i(1);
    for b in bounds {
        let pos = d.le_i(&one, b);
        c = d.and(&c, &pos);
    }
    c
}

/// Evaluates the loop-invariant body op `o` as an op of the enclosing function (its results
/// join `cx.env`); its UB and unsure cases hold only when the loop box is `nonempty`.
fn hoist<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    body: BlockId,
    o: OpId,
    hoisted: &BTreeSet<ValueId>,
    nonempty: &D::B,
) -> R<()> {
    let m = cx.m;
    let name = m.op(o).name.as_str();
    if crate::ops::memref::handles(m, o) {
        return unsupported(format!("unsupported op {name} in a linalg.generic body"));
    }
    if !invariant(m, body, o, hoisted) {
        return unsupported(format!(
            "{name} in a linalg.generic body depends on the loop point (only scalar ops, tensor.extract and loop-invariant ops are modelled there)"
        ));
    }
    let no_ub = d.lit_b(false);
    let outer_ub = std::mem::replace(&mut cx.ub, no_ub);
    let n_unsure = cx.unsure.len();
    let n_sites = cx.ub_sites.len();
    let outs = crate::eval::eval_op(d, cx, o);
    let inner_ub = std::mem::replace(&mut cx.ub, outer_ub);
    let guarded = d.and(nonempty, &inner_ub);
    cx.guard_sites(d, n_sites, nonempty);
    cx.ub = d.or(&cx.ub, &guarded);
    for u in &mut cx.unsure[n_unsure..] {
        u.0 = d.and(nonempty, &u.0);
    }
    for (r, v) in m.op(o).results.iter().zip(outs?) {
        cx.env.insert(*r, v);
    }
    Ok(())
}

/// Whether op `o` of `body` (with its regions) reads nothing that depends on the loop point:
/// every value it uses is defined outside `body`, inside `o`, or by an earlier hoisted op, and
/// every `linalg.index` in its regions belongs to a `linalg.generic` nested in `o`.
fn invariant(m: &Module, body: BlockId, o: OpId, hoisted: &BTreeSet<ValueId>) -> bool {
    let free = |v: &ValueId| hoisted.contains(v) || !defined_in_body(m, *v, body, o);
    let mut stack = vec![(o, false)];
    while let Some((x, in_linalg)) = stack.pop() {
        let op = m.op(x);
        if !op.operands.iter().all(free) || (op.name == "linalg.index" && !in_linalg) {
            return false;
        }
        let nested = in_linalg || op.name == "linalg.generic";
        for &r in &op.regions {
            for &b in &m.region(r).blocks {
                stack.extend(m.block(b).ops.iter().map(|&y| (y, nested)));
            }
        }
    }
    true
}

/// Whether value `v` is defined in `body` (directly or nested) but not inside op `o`.
fn defined_in_body(m: &Module, v: ValueId, body: BlockId, o: OpId) -> bool {
    let mut block = match m.value(v).def {
        mlir::ValueDef::Result { op, .. } if op == o => return false,
        mlir::ValueDef::Result { op, .. } => m.op(op).parent,
        mlir::ValueDef::BlockArg { block, .. } => Some(block),
        mlir::ValueDef::Forward => return true,
    };
    // Nesting is bounded by the parser; the walk ends at the module body in any case.
    while let Some(b) = block {
        if b == body {
            return true;
        }
        if Some(b) == m.body {
            return false;
        }
        let parent = m.region(m.block(b).parent).parent;
        if parent == o {
            return false;
        }
        block = m.op(parent).parent;
    }
    false
}
