//! Stage 4, coverage: every output element is written by some store, each store with the
//! witness program and lanes of its index pattern (`crate::witness`), or, through a map of
//! the program ids, by counting (`crate::pidmap`). Not part of the kernel-level claim.
//!
//! Takes the [`World`] after the run and its facts `base`; gives one obligation per output
//! (several through a map), or the verdict `unknown` naming an index pattern it cannot
//! invert.

use super::run::SymAccess;
use super::world::World;
use super::{unknown, Checked, Obligation, Stage};
use crate::pidmap;
use crate::synth::Poly;
use crate::witness::{self, Witness};
use smt::{SymId, TermId};

/// The coverage obligations of every output.
pub(super) fn obligations(w: &mut World, cx: &Checked, base: &[TermId]) -> Stage<Vec<Obligation>> {
    let covered: &[usize] = if cx.setup.kernel_level {
        &[]
    } else {
        &cx.io.stored
    };
    let mut obligations = Vec::new();
    for &b in covered {
        obligations.extend(output(w, cx, base, b)?);
    }
    Ok(obligations)
}

/// The coverage of buffer `b`: a fresh index inside its shape, written by some store.
fn output(w: &mut World, cx: &Checked, base: &[TermId], b: usize) -> Stage<Vec<Obligation>> {
    let setup = cx.setup;
    let zero = w.sym.store.int(0);
    let shape: Vec<TermId> = setup.host.tensors[setup.buffers[b]]
        .shape
        .clone()
        .iter()
        .map(|e| e.eval(&mut w.sym, &cx.program.sizes))
        .collect();
    let mut asr = base.to_vec();
    let mut idx = Vec::new();
    for (d, n) in shape.iter().enumerate() {
        let (_, t) = w.fresh_in(&format!("idx{d}"), zero, *n);
        asr.push(w.facts[w.facts.len() - 2]);
        asr.push(w.facts[w.facts.len() - 1]);
        idx.push(t);
    }
    // A store through a program map: coverage by counting (`crate::pidmap`).
    let acc = cx.accesses;
    if let Some(k) = (0..acc.len()).find(|k| {
        acc[*k].store && acc[*k].buf == b && cx.atoms.in_index(&cx.synthesis.out_index[*k])
    }) {
        return through_map(w, cx, base, k, &shape);
    }
    let mut writes = Vec::new();
    for (k, a) in acc
        .iter()
        .enumerate()
        .filter(|(_, a)| a.store && a.buf == b)
    {
        let fail = |why: &str| {
            unknown(format!(
                "coverage of `{}`: {why} (the store at {})",
                cx.name_of(a.buf),
                a.pos
            ))
        };
        let Some(oix) = cx.synthesis.out_index[k].clone() else {
            return Err(fail(
                "the offset does not split into the output's dimensions",
            ));
        };
        if cx.synthesis.through_quotients(&oix) {
            return Err(fail("an output index through `//` or `%` of lanes"));
        }
        let Some(wit) = witnesses(w, cx, a, &oix, &idx, &mut asr) else {
            return Err(fail(
                "an output index is not of the form `c + a*pid + lane` (nor `c + a*pid + b*t + lane` for a loop iteration `t`)",
            ));
        };
        writes.push(writes_at(w, cx, k, &wit, &idx, &shape)?);
    }
    let any = w.sym.store.or(writes);
    asr.push(w.sym.store.not(any));
    Ok(vec![Obligation {
        name: format!("every element of `{}` is written", cx.name_of(b)),
        assertions: asr,
    }])
}

/// The witness program ids (three), iterations of the loops over runtime ranges, and lanes
/// of one store for the output index `idx`.
struct Witnesses {
    pids: Vec<TermId>,
    loops: Vec<TermId>,
    lanes: Vec<TermId>,
}

/// Witness terms for the program ids (and the iterations of loops over runtime ranges, which
/// step like program ids) and lanes of store `a`, from each dimension's `c + a*P + L` of its
/// output index `oix`; the facts they rest on go to `asr`. `None` when a dimension is not
/// of that form.
fn witnesses(
    w: &mut World,
    cx: &Checked,
    a: &SymAccess,
    oix: &[Poly],
    idx: &[TermId],
    asr: &mut Vec<TermId>,
) -> Option<Witnesses> {
    let pid_syms = &cx.program.pid_syms;
    let steppers: Vec<SymId> = pid_syms
        .iter()
        .copied()
        .chain(cx.program.loop_syms.clone())
        .collect();
    let mut pid_w: Vec<Option<TermId>> = vec![None; steppers.len()];
    let mut lane_w: Vec<Option<TermId>> = vec![None; a.lane_syms.len()];
    // Steps that are symbols: program counts of persistent loops, and block sizes (`pid *
    // BLOCK + lane` with `BLOCK` a block-size symbol: the tile's lanes are `0..BLOCK`).
    let host = &cx.setup.host;
    let counts: Vec<SymId> = w
        .step_syms
        .iter()
        .copied()
        .chain(
            (0..w.sizes.len())
                .filter(|k| host.is_block(*k))
                .map(|k| w.sizes[k]),
        )
        .collect();
    for (d, o) in oix.iter().enumerate() {
        let ws = witness::dimension(
            &mut w.sym.store,
            o,
            idx[d],
            &steppers,
            &a.lane_syms,
            &counts,
        );
        let mut fresh = true;
        for x in ws.iter().flatten() {
            match *x {
                Witness::Fact(f) => asr.push(f),
                Witness::Stepper(p, t) => {
                    fresh &= pid_w[p].is_none();
                    pid_w[p] = Some(t);
                }
                Witness::Lane(l, t) => {
                    fresh &= lane_w[l].is_none();
                    lane_w[l] = Some(t);
                }
            }
        }
        if ws.is_err() || !fresh {
            return None;
        }
    }
    let zero = w.sym.store.int(0);
    Some(Witnesses {
        pids: (0..3)
            .map(|x| {
                if x < pid_syms.len() {
                    pid_w[x].unwrap_or(zero)
                } else {
                    zero
                }
            })
            .collect(),
        loops: (pid_syms.len()..steppers.len())
            .map(|x| pid_w[x].unwrap_or(zero))
            .collect(),
        lanes: lane_w.iter().map(|x| x.unwrap_or(zero)).collect(),
    })
}

/// That the witness program, run again, writes element `idx` (of an output of `shape`) with
/// its store `k`: the witnesses inside the grid and the lanes, masked in, at the offset.
fn writes_at(
    w: &mut World,
    cx: &Checked,
    k: usize,
    wit: &Witnesses,
    idx: &[TermId],
    shape: &[TermId],
) -> Stage<TermId> {
    let setup = cx.setup;
    let sizes = &cx.program.sizes;
    let zero = w.sym.store.int(0);
    let m2 = match setup.program_in(&mut w.sym, sizes, wit.pids.clone(), &w.launch) {
        Ok(m) => m,
        Err(u) => {
            return Err(unknown(format!(
                "unsupported construct {} at {}",
                u.what, u.pos
            )))
        }
    };
    let a2 = &m2.accesses[k];
    // The witness run's loop iterations, pinned to their witnesses.
    let pin: std::collections::HashMap<SymId, TermId> = m2
        .loops
        .iter()
        .zip(&wit.loops)
        .filter_map(|(t, wt)| match w.sym.store.node(*t) {
            smt::Node::Sym(v) => Some((*v, *wt)),
            _ => None,
        })
        .collect();
    let off2 = a2.offset.at(&mut w.sym, &wit.lanes).i(&mut w.sym);
    let off2 = w.sym.store.substitute(off2, &pin);
    let mut ok = Vec::new();
    for (ax, g) in setup.host.grid.clone().iter().enumerate() {
        let gt = g.eval(&mut w.sym, sizes);
        ok.push(w.sym.store.le(zero, wit.pids[ax]));
        ok.push(w.sym.store.lt(wit.pids[ax], gt));
    }
    for (l, n) in wit.lanes.iter().zip(&a2.offset.shape) {
        let nt = crate::value::LDomain::extent(&mut w.sym, *n);
        ok.push(w.sym.store.le(zero, *l));
        ok.push(w.sym.store.lt(*l, nt));
    }
    if let Some(mk) = &a2.mask {
        let mt = mk.at(&mut w.sym, &wit.lanes).b(&mut w.sym);
        ok.push(w.sym.store.substitute(mt, &pin));
    }
    let flat = match idx.len() {
        1 => idx[0],
        _ => {
            let r = w.sym.store.mul2(idx[0], shape[1]);
            w.sym.store.add2(r, idx[1])
        }
    };
    ok.push(w.sym.store.eq(off2, flat));
    Ok(w.sym.store.and(ok))
}

/// Coverage by counting of an output stored through a map of the program ids, by its only
/// store `k` (`crate::pidmap::Coverage`).
fn through_map(
    w: &mut World,
    cx: &Checked,
    base: &[TermId],
    k: usize,
    shape: &[TermId],
) -> Stage<Vec<Obligation>> {
    let (setup, acc, program) = (cx.setup, cx.accesses, cx.program);
    let a = &acc[k];
    let what = format!(
        "coverage of `{}` (the store at {})",
        cx.name_of(a.buf),
        a.pos
    );
    if acc.iter().filter(|x| x.store && x.buf == a.buf).count() > 1 {
        return Err(unknown(format!(
            "{what}: several stores to an output whose index is a map of the program ids"
        )));
    }
    let mut syms = w.sym.store.symbols_of(a.off);
    if let Some(mk) = a.mask {
        syms.extend(w.sym.store.symbols_of(mk));
    }
    if syms.iter().any(|v| program.loop_syms.contains(v)) {
        return Err(unknown(format!("{what}: a store inside a loop over a runtime range whose index is a map of the program ids")));
    }
    let patoms = &cx.atoms.atoms;
    let steppers: Vec<SymId> = program
        .pid_syms
        .iter()
        .copied()
        .chain(patoms.syms())
        .collect();
    let oix = cx.synthesis.out_index[k].clone().expect("uses_atoms");
    let dims = match pidmap::split_dims(&oix, &steppers, &a.lane_syms) {
        Ok(d) => d,
        Err(e) => return Err(unknown(format!("{what}: {e}"))),
    };
    let grid: Vec<TermId> = setup
        .host
        .grid
        .clone()
        .iter()
        .map(|g| g.eval(&mut w.sym, &program.sizes))
        .collect();
    let extents: Vec<TermId> = program.machine.accesses[k]
        .offset
        .shape
        .iter()
        .map(|n| crate::value::LDomain::extent(&mut w.sym, *n))
        .collect();
    let cov = pidmap::Coverage {
        base,
        pids: &program.pid_syms,
        grid: &grid,
        atoms: patoms,
        shape,
        dims: &dims,
        lanes: &a.lane_syms,
        extents: &extents,
        mask: a.mask,
        off: a.off,
        what,
    };
    Ok(cov
        .obligations(&mut w.sym.store)
        .into_iter()
        .map(|(name, assertions)| Obligation { name, assertions })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::fixture::{with_checked, ADD_1D, MATMUL_GROUPED};

    #[test]
    fn every_element_of_the_output_is_written() {
        with_checked(ADD_1D, |w, cx, base| {
            let obs = obligations(w, cx, base).expect("invertible");
            let n: Vec<&str> = obs.iter().map(|o| o.name.as_str()).collect();
            assert_eq!(n, vec!["every element of `output` is written"]);
        });
    }

    #[test]
    fn grouped_ids_are_covered_by_counting() {
        with_checked(MATMUL_GROUPED, |w, cx, base| {
            let obs = obligations(w, cx, base).expect("a map of the program ids");
            assert!(obs.len() > 1);
            assert!(
                obs.iter().all(|o| o.name.contains("coverage of `c`")),
                "{:?}",
                obs.iter().map(|o| &o.name).collect::<Vec<_>>()
            );
        });
    }
}
