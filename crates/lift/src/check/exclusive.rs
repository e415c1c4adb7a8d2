//! Stage 4, exclusivity: a second program instance with its own symbolic ids; two distinct
//! programs never store to one element, every masked-in store addresses an element inside
//! its output's shape, and (in place) no program loads an element another one stores.
//!
//! Takes the [`World`] after the run and its facts `base`; gives the [`Exclusive`]
//! obligations, or the verdict `unknown` when the second program does not run.

use super::run::{self, SymAccess};
use super::world::World;
use super::{unknown, Checked, Obligation, Stage};
use crate::pidmap::{self, ProgramAtoms};
use crate::setup::Setup;
use crate::synth;
use smt::{SymId, TermId};
use std::collections::HashMap;

/// The obligations of two programs.
pub(super) struct Exclusive {
    /// Stores inside their output's shape, and no two programs storing to one element.
    pub(super) stores: Vec<Obligation>,
    /// No program loads an element of a buffer read and written in place that another
    /// program stores: decided, never refuted (the replay does not model the order of
    /// programs).
    pub(super) in_place_races: Vec<InPlaceRace>,
}

/// That no program loads an element another program stores: through the flat offsets (the
/// obligation reported), or, sufficient instead, through the tensor's indices.
pub(super) struct InPlaceRace {
    pub(super) by_offset: Obligation,
    /// Every assertion list unsat: the load lies inside the tensor's shape (proved, or the
    /// kernel-level claim's precondition; the store's is an obligation above), and no two
    /// programs' indices are equal (linear where offsets are products of strides). Empty
    /// when an offset does not split.
    pub(super) by_index: Vec<Vec<TermId>>,
}

/// The second program instance, its ids tagged `b`.
struct Second {
    pid_syms: Vec<SymId>,
    pids: Vec<TermId>,
    accesses: Vec<SymAccess>,
    atoms: ProgramAtoms,
    /// The world's facts with the second program's.
    base: Vec<TermId>,
    /// Steps that are symbols (a program count, an argument `R`): `pid + P*t` or `R*pid + t`
    /// compared across the two runs needs the monotonicity of `P*t`, `R*pid`
    /// (`crate::witness`), for the loop iterations and the program ids of both runs.
    monotone: Vec<TermId>,
    /// The iteration unknowns of the summarised loops, the first run's with the second's,
    /// by position.
    loops: Vec<(TermId, TermId)>,
}

/// The exclusivity obligations of the kernel.
pub(super) fn obligations(w: &mut World, cx: &Checked, base: &[TermId]) -> Stage<Exclusive> {
    let second = second_program(w, cx)?;
    let mut stores = Vec::new();
    for (k, a) in cx.accesses.iter().enumerate().filter(|(_, a)| a.store) {
        // Every masked-in store's index lies inside the output's shape (this also makes
        // equal offsets equal indices below, a linear question).
        let ia = index_terms(w, cx.setup, a);
        if let Some((_, inside)) = &ia {
            let mut asr = base.to_vec();
            asr.extend(a.mask);
            let all = w.sym.store.and(inside.clone());
            asr.push(w.sym.store.not(all));
            if !cx.setup.safety_assumed {
                stores.push(Obligation {
                    name: format!(
                        "the store at {} addresses an element inside the shape of `{}`",
                        a.pos,
                        cx.name_of(a.buf)
                    ),
                    assertions: asr,
                });
            }
        }
        if let Some(total) = &a.total {
            stores.extend(atomic_overlaps(w, cx, &second, (a, &ia), total));
            continue;
        }
        let tiles = distinct_tiles(w, cx, &second, k, a);
        for b in second.accesses.iter().filter(|b| b.store && b.buf == a.buf) {
            let diffs = match &tiles {
                Some(t) => t.clone(),
                None => pids_differ(w, &cx.program.pid_syms, &second.pid_syms),
            };
            let asr = store_race(w, cx, &second, (a, &ia), b, diffs);
            if !cx.setup.safety_assumed {
                stores.push(Obligation {
                    name: format!(
                        "no two programs store to one element of `{}`",
                        cx.name_of(a.buf)
                    ),
                    assertions: asr,
                });
            }
        }
    }
    let in_place_races = load_races(w, cx, &second);
    Ok(Exclusive {
        stores,
        in_place_races,
    })
}

/// The second program run, its accesses named with the first's program atoms.
fn second_program(w: &mut World, cx: &Checked) -> Stage<Second> {
    let (program, patoms) = (cx.program, &cx.atoms.atoms);
    let (p2_syms, p2) = w.pids(cx.setup, "b");
    let m2 = match cx
        .setup
        .program_in(&mut w.sym, &program.sizes, p2.clone(), &w.launch)
    {
        Ok(m) => m,
        Err(u) => {
            return Err(unknown(format!(
                "unsupported construct {} at {}",
                u.what, u.pos
            )))
        }
    };
    let mut acc2 = run::evaluate(w, &m2, "b");
    let patoms2 = patoms.for_program(&mut w.sym.store, &program.pid_syms, &p2, "b");
    if !patoms.is_empty() {
        for a in acc2.iter_mut() {
            a.name_atoms(&mut w.sym.store, &patoms2);
        }
        let mut facts = patoms2.facts(&mut w.sym.store);
        facts.extend(patoms2.nonneg_facts(&mut w.sym.store, &cx.atoms.nonneg));
        w.facts.extend(facts);
    }
    let base2 = w.facts.clone();
    let mut iterations: Vec<(TermId, TermId)> = program
        .machine
        .loops
        .iter()
        .copied()
        .zip(m2.loops.iter().copied())
        .collect();
    let loops = iterations.clone();
    iterations.extend(program.pid_syms.iter().zip(&p2_syms).map(|(x, y)| {
        let (x, y) = (w.sym.store.sym(*x), w.sym.store.sym(*y));
        (x, y)
    }));
    let monotone = if w.step_syms.is_empty() {
        vec![]
    } else {
        crate::witness::monotone_instances(&mut w.sym.store, &iterations, &w.step_syms)
    };
    Ok(Second {
        pid_syms: p2_syms,
        pids: p2,
        accesses: acc2,
        atoms: patoms2,
        base: base2,
        monotone,
        loops,
    })
}

/// A store's output index, as terms, and the conditions that it lies inside the shape.
pub(super) type IndexTerms = (Vec<TermId>, Vec<TermId>);

/// The output index of store `a`, when its offset splits into the output's dimensions.
fn index_terms(w: &mut World, setup: &Setup, a: &SymAccess) -> Option<IndexTerms> {
    index_of(w, setup, a.buf, a.off)
}

/// The index in buffer `buf`'s tensor of the flat offset `off`, when it splits into the
/// tensor's dimensions, and the conditions that it lies inside the shape.
pub(super) fn index_of(
    w: &mut World,
    setup: &Setup,
    buf: usize,
    off: TermId,
) -> Option<IndexTerms> {
    let sizes = w.size_terms();
    let shape: Vec<TermId> = setup.host.tensors[setup.buffers[buf]]
        .shape
        .iter()
        .map(|e| e.eval(&mut w.sym, &sizes))
        .collect();
    let st: Vec<synth::Poly> = setup.host.tensors[setup.buffers[buf]]
        .strides()
        .iter()
        .map(|e| {
            let t = e.eval(&mut w.sym, &sizes);
            synth::poly(&w.sym.store, t)
        })
        .collect::<Option<_>>()?;
    let p = synth::poly(&w.sym.store, off)?;
    let parts = synth::delinearize(&p, &st)?;
    let zero = w.sym.store.int(0);
    let mut idx = Vec::new();
    let mut inside = Vec::new();
    for (q, n) in parts.iter().zip(&shape) {
        let t = synth::term(&mut w.sym.store, q);
        inside.push(w.sym.store.le(zero, t));
        inside.push(w.sym.store.lt(t, *n));
        idx.push(t);
    }
    Some((idx, inside))
}

/// Through a program map, proved one-to-one: different programs are different tiles
/// (`crate::pidmap`); the conditions that the two programs' tiles of store `k` differ.
fn distinct_tiles(
    w: &mut World,
    cx: &Checked,
    second: &Second,
    k: usize,
    a: &SymAccess,
) -> Option<Vec<TermId>> {
    let out_index = &cx.synthesis.out_index[k];
    if !cx.atoms.in_index(out_index) {
        return None;
    }
    // A dimension through `//` or `%` of lanes has no program part to compare.
    if out_index
        .as_ref()
        .is_some_and(|p| cx.synthesis.through_quotients(p))
    {
        return None;
    }
    let (pid_syms, patoms) = (&cx.program.pid_syms, &cx.atoms.atoms);
    let steppers: Vec<SymId> = pid_syms.iter().copied().chain(patoms.syms()).collect();
    let oix = out_index.clone()?;
    let dims = pidmap::split_dims(&oix, &steppers, &a.lane_syms).ok()?;
    let mut map: HashMap<SymId, TermId> = pid_syms
        .iter()
        .copied()
        .zip(second.pids.iter().copied())
        .collect();
    for ((x, _), (y, _)) in patoms.atoms.iter().zip(&second.atoms.atoms) {
        map.insert(*x, w.sym.store.sym(*y));
    }
    Some(
        dims.iter()
            .filter_map(|d| d.v.as_ref())
            .map(|v| {
                let t = synth::term(&mut w.sym.store, v);
                let t2 = w.sym.store.substitute(t, &map);
                w.sym.store.ne(t, t2)
            })
            .collect::<Vec<_>>(),
    )
}

/// That some program id of the first program differs from the second's.
fn pids_differ(w: &mut World, first: &[SymId], second: &[SymId]) -> Vec<TermId> {
    first
        .iter()
        .zip(second)
        .map(|(x, y)| {
            let (x, y) = (w.sym.store.sym(*x), w.sym.store.sym(*y));
            w.sym.store.ne(x, y)
        })
        .collect()
}

/// The assertions of stores `a` (with its index `ia`) and `b` (of the second program)
/// writing one element, where one of `diffs` holds (the programs differ, or their tiles).
fn store_race(
    w: &mut World,
    cx: &Checked,
    second: &Second,
    (a, ia): (&SymAccess, &Option<IndexTerms>),
    b: &SymAccess,
    diffs: Vec<TermId>,
) -> Vec<TermId> {
    let mut asr = second.base.clone();
    asr.extend(second.monotone.iter().copied());
    asr.push(w.sym.store.or(diffs));
    asr.extend(a.mask);
    asr.extend(b.mask);
    match (ia, index_terms(w, cx.setup, b)) {
        (Some((xa, ina)), Some((xb, inb))) => {
            // Inside the shape (proved above), one offset is one index.
            asr.extend(ina.iter().copied());
            asr.extend(inb.iter().copied());
            for (x, y) in xa.iter().zip(&xb) {
                asr.push(w.sym.store.eq(*x, *y));
            }
        }
        _ => asr.push(w.sym.store.eq(a.off, b.off)),
    }
    asr
}

/// An atomic `a` whose adds along the grid axes `total.summed` (and over the iterations of
/// the loops around it that its offset does not read) are summed (`super::atomics`): no two
/// lanes, no two programs that differ in another axis, and no two iterations of a loop
/// whose iteration the offset reads, add into one element (else an element's final value
/// has more terms than the sum). Stated under the kernel-level claim too: it is what the
/// value rests on, not a precondition of the launch.
fn atomic_overlaps(
    w: &mut World,
    cx: &Checked,
    second: &Second,
    (a, ia): (&SymAccess, &Option<IndexTerms>),
    total: &super::atomics::Total,
) -> Vec<Obligation> {
    let summed = &total.summed;
    let mut out = Vec::new();
    for b in second
        .accesses
        .iter()
        .filter(|b| b.rmw.is_some() && b.buf == a.buf)
    {
        let kept: Vec<(SymId, SymId)> = (cx.program.pid_syms.iter().copied())
            .zip(second.pid_syms.iter().copied())
            .enumerate()
            .filter(|(k, _)| !summed.contains(k))
            .map(|(_, p)| p)
            .collect();
        let lanes: Vec<(SymId, SymId)> = (a.lane_syms.iter().copied())
            .zip(b.lane_syms.iter().copied())
            .collect();
        let mut diffs = Vec::new();
        for (x, y) in kept.into_iter().chain(lanes) {
            let (x, y) = (w.sym.store.sym(x), w.sym.store.sym(y));
            diffs.push(w.sym.store.ne(x, y));
        }
        for &i in &total.kept_loops {
            // A loop the second run has no partner of: any two adds count as different
            // (the obligation then fails unless no element is added to at all).
            diffs.push(match second.loops.get(i) {
                Some((x, y)) => w.sym.store.ne(*x, *y),
                None => w.sym.store.bool(true),
            });
        }
        let asr = store_race(w, cx, second, (a, ia), b, diffs);
        let who = if total.kept_loops.is_empty() {
            "lanes or programs"
        } else {
            "lanes, programs or iterations"
        };
        let iterations = if total.summed_loops == 0 {
            ""
        } else {
            " (the adds of the iterations of loops its offset does not read are summed)"
        };
        out.push(Obligation {
            name: format!(
                "no two {who} add into one element of `{}` by the atomic at {}{}{iterations}",
                cx.name_of(a.buf),
                a.pos,
                if summed.is_empty() {
                    String::new()
                } else {
                    format!(
                        ", other than the programs along grid axis {} whose adds are summed",
                        summed
                            .iter()
                            .map(|k| k.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                }
            ),
            assertions: asr,
        });
    }
    out
}

/// In place: no program loads an element another program stores.
fn load_races(w: &mut World, cx: &Checked, second: &Second) -> Vec<InPlaceRace> {
    let mut races = Vec::new();
    for a in cx
        .accesses
        .iter()
        .filter(|a| !a.store && cx.io.in_place.contains(&a.buf))
    {
        let ia = index_terms(w, cx.setup, a);
        for b in second.accesses.iter().filter(|b| b.store && b.buf == a.buf) {
            let mut asr = second.base.clone();
            asr.extend(second.monotone.iter().copied());
            let diffs = pids_differ(w, &cx.program.pid_syms, &second.pid_syms);
            asr.push(w.sym.store.or(diffs));
            asr.extend(a.mask);
            asr.extend(b.mask);
            let mut by_index = Vec::new();
            if let (Some((xa, ina)), Some((xb, inb))) = (&ia, index_terms(w, cx.setup, b)) {
                if !cx.setup.safety_assumed {
                    let mut inside = second.base.clone();
                    inside.extend(a.mask);
                    let all = w.sym.store.and(ina.clone());
                    inside.push(w.sym.store.not(all));
                    by_index.push(inside);
                }
                let mut race = asr.clone();
                race.extend(ina.iter().chain(&inb).copied());
                for (x, y) in xa.iter().zip(&xb) {
                    race.push(w.sym.store.eq(*x, *y));
                }
                by_index.push(race);
            }
            asr.push(w.sym.store.eq(a.off, b.off));
            races.push(InPlaceRace {
                by_offset: Obligation {
                    name: format!(
                        "no program loads an element of `{}` that another program stores (the load at {})",
                        cx.name_of(a.buf),
                        a.pos
                    ),
                    assertions: asr,
                },
                by_index,
            });
        }
    }
    races
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::fixture::{with_checked, ADD_1D, ADD_IN_PLACE};

    #[test]
    fn two_programs_of_a_1d_add_store_apart() {
        with_checked(ADD_1D, |w, cx, base| {
            let ex = obligations(w, cx, base).expect("runs twice");
            let n: Vec<&str> = ex.stores.iter().map(|o| o.name.as_str()).collect();
            assert_eq!(n.len(), 2);
            assert!(n[0].ends_with("addresses an element inside the shape of `output`"));
            assert_eq!(n[1], "no two programs store to one element of `output`");
            assert!(ex.in_place_races.is_empty());
        });
    }

    #[test]
    fn in_place_loads_race_with_the_other_programs_stores() {
        with_checked(ADD_IN_PLACE, |w, cx, base| {
            let ex = obligations(w, cx, base).expect("runs twice");
            assert_eq!(ex.in_place_races.len(), 1);
            assert!(ex.in_place_races[0]
                .by_offset
                .name
                .starts_with("no program loads an element of `x` that another program stores"));
        });
    }
}
