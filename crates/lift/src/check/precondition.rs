//! The kernel-level claim's memory precondition (every masked-in access of every program in
//! bounds of its pointer's memory) as premises of a query, instance by instance: when the
//! replay of a model faults at an access of some program and lane, the access's bound at
//! that program and lane is added and the query asked again, so that its next model lies
//! inside the claim. Each instance is implied by the precondition for every size: it is
//! `program in the grid and lane masked in => offset in bounds`, the mask holding the path
//! condition and the ranges of the summarised loops' iteration unknowns.
//!
//! Takes the [`World`], the accesses and a replay's [`Failure`]; gives the instance, or none
//! when the access's terms hold symbols other than sizes, program ids, its lanes and loop
//! unknowns (program atoms, reductions: their meaning is tied to the model's program).

use super::world::World;
use super::Checked;
use crate::replay::Failure;
use smt::{SymId, TermId};
use std::collections::HashMap;

/// How many instances one obligation may gain before its model is reported as outside the
/// precondition.
pub(super) const ROUNDS: usize = 6;

/// The most lanes of one access instantiated at once.
const EVERY_LANE: usize = 256;

/// The bound of the access `fail` names, at its program and lane, for every size; none when
/// `fail` is no access out of bounds or the instance cannot be stated.
pub(super) fn instance(w: &mut World, cx: &Checked, fail: &Failure) -> Option<TermId> {
    let Failure::OutOfBounds {
        store,
        pos,
        pid,
        lane,
        ..
    } = fail
    else {
        return None;
    };
    let sizes = cx.program.sizes.clone();
    let mut in_grid = Vec::new();
    let mut map: HashMap<SymId, TermId> = HashMap::new();
    for (k, (v, p)) in cx.program.pid_syms.iter().zip(pid).enumerate() {
        let p = w.sym.store.int(*p);
        map.insert(*v, p);
        let g = cx.setup.host.grid.get(k)?.eval(&mut w.sym, &sizes);
        in_grid.push(w.sym.store.lt(p, g));
    }
    let mut bounds = Vec::new();
    for a in cx
        .accesses
        .iter()
        .filter(|a| a.pos == *pos && a.store == *store)
    {
        if a.lane_syms.len() != lane.len() {
            continue;
        }
        // Every lane of the program, when there are few: the next model would fault at
        // the next lane.
        let count: usize = a.lane_extents.iter().product();
        let lanes = match count <= EVERY_LANE {
            true => crate::replay::lanes(&a.lane_extents),
            false => vec![lane.clone()],
        };
        for lane in lanes {
            let mut map = map.clone();
            for (v, l) in a.lane_syms.iter().zip(&lane) {
                map.insert(*v, w.sym.store.int(*l));
            }
            if let Some(b) = bound_at(w, cx, a, &map, &in_grid) {
                bounds.push(b);
            }
        }
    }
    match bounds.is_empty() {
        true => None,
        false => Some(w.sym.store.and(bounds)),
    }
}

/// `in_grid and mask => offset in bounds` of access `a` with its program ids and lanes
/// substituted by `map`; none when its terms hold other symbols than sizes and loop
/// unknowns.
fn bound_at(
    w: &mut World,
    cx: &Checked,
    a: &super::run::SymAccess,
    map: &HashMap<SymId, TermId>,
    in_grid: &[TermId],
) -> Option<TermId> {
    let (off, mask) = a.raw;
    let off = w.sym.store.substitute(off, map);
    let mask = mask.map(|m| w.sym.store.substitute(m, map));
    let free = |w: &World, t: TermId| {
        w.sym.store.symbols_of(t).into_iter().all(|v| {
            w.size_like.contains(&v)
                || w.step_syms.contains(&v)
                || cx.program.loop_syms.contains(&v)
        })
    };
    if !free(w, off) || mask.is_some_and(|m| !free(w, m)) {
        return None;
    }
    let numel = cx.setup.numel(&mut w.sym, &cx.program.sizes, a.buf);
    let zero = w.sym.store.int(0);
    let lo = w.sym.store.le(zero, off);
    let hi = w.sym.store.lt(off, numel);
    let inside = w.sym.store.and2(lo, hi);
    let mut on = in_grid.to_vec();
    on.extend(mask);
    let on = w.sym.store.and(on);
    let off_lanes = w.sym.store.not(on);
    Some(w.sym.store.or2(off_lanes, inside))
}
