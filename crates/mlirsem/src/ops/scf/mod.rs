//! `scf.if`: both branches run on the enclosing values and the memory before the op; the
//! results, the UB and the unsure cases of each branch hold only under its side of the
//! condition, and afterwards every memory block is the one branch left or the other's
//! ([`crate::ops::memref::select_block`]). Branching on a poison condition is UB (as in LLVM).
//! Branches that make buffers (or first use a global), and memref results, are unsupported.
//!
//! `scf.for` over `index` with bounds and step that are constants (literals in the symbolic
//! domain: static shapes) is unrolled: the body runs once per iteration, in order, on the
//! induction variable's value and the iter args, so memory, UB and unsure cases accumulate as
//! in straight-line code, unless the nest over buffers is one [`crate::ops::scf::nest`] summarizes
//! (then its size does not matter). A poison bound or step is UB (the loop branches on it), and so is a
//! step that is not positive (`scf.for`: the step is "required to be positive"). Loops with
//! other bounds, and runs of more than [`MAX_UNROLLED`] iterations in all, are unsupported.
//!
//! `scf.while` (MLIR 19 `scf` docs): the `before` region runs on the carried values up to
//! `scf.condition(%c) %v...`; while `%c` holds, the `after` region runs on the `%v`s and
//! yields the next carried values; the results are the `%v`s of the first false condition.
//! It is unrolled when the condition is a constant at every iteration (a counted loop of
//! constant bounds, as `mlir-opt-19 --scf-for-to-while` writes one), within the same
//! [`MAX_UNROLLED`] budget; a condition that depends on the input is unsupported, and so is a
//! poison condition's branch (UB, as for `scf.if`).

pub mod nest;

use crate::base::ctx::{int_of, scalar_of, Ctx};
use crate::base::domain::MDomain;
use crate::base::stop::{unsupported, R};
use crate::base::value::{ite_sval, Elem, Tensor, Val};
use mlir::{Module, OpId, RegionId, Type};
use std::rc::Rc;

/// The results of `scf.if` op `o`, whose one operand (the condition) is `operands[0]`.
pub(crate) fn scf_if<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let (Some(c), [then_r, else_r]) = (operands.first(), op.regions.as_slice()) else {
        return unsupported("scf.if without a condition and two regions");
    };
    let memory = touches_memory(m, o);
    if memory && op.results.iter().any(|&r| is_memref(&m.value(r).ty)) {
        return unsupported("scf.if yielding a memref");
    }
    let (c, _) = scalar_of(c)?;
    let Elem::Bool(cond) = c.v else {
        return unsupported("scf.if on a condition that is not i1");
    };
    let poison = d.not(&c.ok);
    cx.add_ub(d, &poison);
    let not_cond = d.not(&cond);
    // Each branch runs on the memory before the op; afterwards every block is the one branch's
    // or the other's, as the condition says.
    let before = (cx.mem.clone(), cx.globals.len());
    let then = branch(d, cx, *then_r, &cond)?;
    let after_then = std::mem::replace(&mut cx.mem, before.0.clone());
    let other = branch(d, cx, *else_r, &not_cond)?;
    if memory {
        let after_else = std::mem::take(&mut cx.mem);
        let n = before.0.len();
        if after_then.len() != n || after_else.len() != n || cx.globals.len() != before.1 {
            return unsupported("scf.if making buffers in a branch");
        }
        cx.mem = after_then
            .into_iter()
            .zip(after_else)
            .map(|(t, e)| crate::ops::memref::select_block(d, &cond, t, e))
            .collect();
    } else {
        cx.mem = after_then;
    }
    if then.len() != op.results.len() || other.len() != op.results.len() {
        return unsupported("scf.if whose branches do not yield its results");
    }
    then.iter()
        .zip(&other)
        .map(|(a, b)| select(d, &cond, a, b))
        .collect()
}

/// Runs a branch's one block up to its `scf.yield`; what the branch adds to the UB (whole and
/// per element) and the unsure cases is guarded by `guard`. (Calls of
/// external functions need no guard: they are total and pure.)
fn branch<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    region: RegionId,
    guard: &D::B,
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let blocks = &m.region(region).blocks;
    let Some(&block) = blocks.first() else {
        return Ok(vec![]);
    };
    if blocks.len() != 1 {
        return unsupported("an scf.if branch of several blocks");
    }
    let no_ub = d.lit_b(false);
    let outer_ub = std::mem::replace(&mut cx.ub, no_ub);
    let marks = (cx.unsure.len(), cx.unsure_at.len(), cx.ub_at.len());
    let n_sites = cx.ub_sites.len();
    let yielded = run_block(d, cx, block);
    let inner_ub = std::mem::replace(&mut cx.ub, outer_ub);
    let guarded = d.and(guard, &inner_ub);
    cx.guard_sites(d, n_sites, guard);
    cx.ub = d.or(&cx.ub, &guarded);
    for u in &mut cx.unsure[marks.0..] {
        u.0 = d.and(guard, &u.0);
    }
    let per_element = cx.unsure_at[marks.1..]
        .iter_mut()
        .chain(cx.ub_at[marks.2..].iter_mut());
    for u in per_element {
        let (at, g) = (u.at.clone(), guard.clone());
        u.at = Rc::new(move |d: &mut D, idx: &[D::I]| {
            let c = at(d, idx);
            d.and(&g, &c)
        });
    }
    // A branch without `scf.yield` yields nothing (its terminator is implicit).
    Ok(yielded?.unwrap_or_default())
}

/// `a` where `c` holds, else `b` (values of one type).
fn select<'a, D: MDomain>(d: &mut D, c: &D::B, a: &Val<'a, D>, b: &Val<'a, D>) -> R<Val<'a, D>> {
    match (a, b) {
        (Val::Scalar(x, t), Val::Scalar(y, _)) => Ok(Val::Scalar(ite_sval(d, c, x, y), *t)),
        (Val::Tensor(x), Val::Tensor(y)) if x.shape.len() == y.shape.len() => {
            let shape = x
                .shape
                .iter()
                .zip(&y.shape)
                .map(|(p, q)| d.ite_i(c, p, q))
                .collect();
            let (x, y, c) = (x.clone(), y.clone(), c.clone());
            Ok(Val::Tensor(Tensor {
                shape,
                ety: x.ety,
                at: Rc::new(move |d: &mut D, idx: &[D::I]| {
                    let p = (x.at)(d, idx);
                    let q = (y.at)(d, idx);
                    ite_sval(d, &c, &p, &q)
                }),
            }))
        }
        _ => unsupported("scf.if yielding values of different kinds"),
    }
}

fn is_memref(t: &Type) -> bool {
    matches!(t, Type::MemRef { .. })
}

/// Whether an op's regions hold a memref value or a memory op (at any depth).
fn touches_memory(m: &Module, o: OpId) -> bool {
    let is_mem = is_memref;
    m.op(o).regions.iter().any(|&r| {
        m.region(r).blocks.iter().any(|&b| {
            let blk = m.block(b);
            blk.args.iter().any(|&v| is_mem(&m.value(v).ty))
                || blk.ops.iter().any(|&x| {
                    let op = m.op(x);
                    op.name.starts_with("memref.")
                        || op.name.starts_with("bufferization.")
                        || (op.operands.iter().chain(&op.results)).any(|&v| is_mem(&m.value(v).ty))
                        || touches_memory(m, x)
                })
        })
    })
}

/// Runs the ops of `block` in order up to its `scf.yield`: the yielded values (`None` without
/// one).
fn run_block<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    block: mlir::BlockId,
) -> R<Option<Vec<Val<'a, D>>>> {
    run_block_to(d, cx, block, "scf.yield")
}

/// Runs the ops of `block` in order up to its terminator `end`: the terminator's operands
/// (`None` without one).
fn run_block_to<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    block: mlir::BlockId,
    end: &str,
) -> R<Option<Vec<Val<'a, D>>>> {
    let m = cx.m;
    for &bo in &m.block(block).ops {
        let op = m.op(bo);
        if op.name == end {
            let vals = op.operands.iter().map(|&v| cx.get(v));
            return vals.collect::<R<Vec<_>>>().map(Some);
        }
        let outs = crate::eval::eval_op(d, cx, bo)?;
        for (r, v) in op.results.iter().zip(outs) {
            cx.env.insert(*r, v);
        }
    }
    Ok(None)
}

/// Most `scf.for` iterations unrolled in one run of a function (all loops together).
pub(crate) const MAX_UNROLLED: usize = 1024;

/// The results of `scf.for` op `o`: operands lower bound, upper bound, step, then the initial
/// values of the iter args.
pub(crate) fn scf_for<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let ([region], Some(bounds)) = (op.regions.as_slice(), operands.get(..3)) else {
        return unsupported("scf.for without bounds, step and a body");
    };
    if op.attr("unsignedCmp").is_some() {
        return unsupported("scf.for unsigned");
    }
    // A nest over buffers that `crate::ops::scf::nest` recognises is summarized, not unrolled.
    if let Some(vals) = crate::ops::scf::nest::summarize(d, cx, o)? {
        return Ok(vals);
    }
    let blocks = &m.region(*region).blocks;
    let [block] = blocks.as_slice() else {
        return unsupported("an scf.for body of several blocks");
    };
    let args = &m.block(*block).args;
    if args.len() != operands.len() - 2 || m.value(args[0]).ty != Type::Index {
        return unsupported("scf.for whose induction variable is not an index");
    }
    let mut lit = [0i128; 3];
    for (k, v) in bounds.iter().enumerate() {
        let (s, _) = scalar_of(v)?;
        let poison = d.not(&s.ok);
        cx.add_ub(d, &poison);
        match d.lit_int(&int_of(&s)?) {
            Some(n) => lit[k] = n,
            None => return unsupported("scf.for with bounds or a step that are not constants"),
        }
    }
    let [lb, ub, step] = lit;
    if step <= 0 {
        let t = d.lit_b(true);
        cx.add_ub(d, &t);
        return Ok(operands[3..].to_vec());
    }
    let trips = if ub > lb {
        (ub - lb + step - 1) / step
    } else {
        0
    };
    if trips > (MAX_UNROLLED - cx.unrolled.min(MAX_UNROLLED)) as i128 {
        return unsupported(format!(
            "scf.for loops of more than {MAX_UNROLLED} iterations in all"
        ));
    }
    cx.unrolled += trips as usize;
    let mut carried: Vec<Val<'a, D>> = operands[3..].to_vec();
    for k in 0..trips {
        let iv = d.lit_i(lb + k * step);
        let iv = Val::Scalar(
            crate::base::value::SVal {
                v: Elem::Int(iv),
                ok: d.lit_b(true),
            },
            crate::base::domain::EType::Index,
        );
        cx.env.insert(args[0], iv);
        for (a, v) in args[1..].iter().zip(carried) {
            cx.env.insert(*a, v);
        }
        carried = run_block(d, cx, *block)?.unwrap_or_default();
        if carried.len() != args.len() - 1 {
            return unsupported("an scf.for body that does not yield its iter args");
        }
    }
    Ok(carried)
}

/// The results of `scf.while` op `o` on the initial values `operands`, unrolled (module doc).
pub(crate) fn scf_while<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let [before, after] = op.regions.as_slice() else {
        return unsupported("scf.while without two regions");
    };
    let (bb, ab) = (&m.region(*before).blocks, &m.region(*after).blocks);
    let ([bb], [ab]) = (bb.as_slice(), ab.as_slice()) else {
        return unsupported("scf.while regions of several blocks");
    };
    let (b_args, a_args) = (&m.block(*bb).args, &m.block(*ab).args);
    if b_args.len() != operands.len() {
        return unsupported("scf.while whose before region does not take its operands");
    }
    let mut carried: Vec<Val<'a, D>> = operands.to_vec();
    loop {
        if cx.unrolled >= MAX_UNROLLED {
            return unsupported(format!(
                "scf.while and scf.for loops of more than {MAX_UNROLLED} iterations in all"
            ));
        }
        cx.unrolled += 1;
        for (a, v) in b_args.iter().zip(carried) {
            cx.env.insert(*a, v);
        }
        let Some(mut cond_and_values) = run_block_to(d, cx, *bb, "scf.condition")? else {
            return unsupported("scf.while whose before region has no scf.condition");
        };
        let values = cond_and_values.split_off(1);
        let (c, _) = scalar_of(&cond_and_values[0])?;
        let poison = d.not(&c.ok);
        cx.add_ub(d, &poison);
        let Elem::Bool(c) = &c.v else {
            return unsupported("scf.while on a condition that is not i1");
        };
        match d.lit_bool(c) {
            Some(false) => return Ok(values),
            Some(true) => {}
            None => {
                return unsupported(
                    "scf.while whose condition depends on the input (only loops whose \
                     condition is a constant at every iteration are unrolled)",
                )
            }
        }
        if a_args.len() != values.len() {
            return unsupported("scf.while whose after region does not take the forwarded values");
        }
        for (a, v) in a_args.iter().zip(values) {
            cx.env.insert(*a, v);
        }
        carried = run_block(d, cx, *ab)?.unwrap_or_default();
        if carried.len() != b_args.len() {
            return unsupported("scf.while whose after region does not yield the carried values");
        }
    }
}
