//! Stage 1b, what atomics leave in memory: `tl.atomic_add` read as the final contents of the
//! elements it updates, once every program has run.
//!
//! One program's atomic adds `v(pid, lane)` to the element at `off(pid, lane)` where its mask
//! holds. The offset reads some program ids and not others (the *summed axes*: FlagGems'
//! `tl.atomic_add(out_ptr, tl.sum(x * y))` reads none, Liger's row-block atomics into a
//! weight gradient read none either, an atomic into distinct elements reads them all). Over
//! the whole grid the element then holds
//!
//! ```text
//! out0[off] + Σ_{p_R over the summed axes} where(mask, v, 0)(pid with p_R, lane)
//! ```
//!
//! provided no two lanes or programs that differ in an axis the offset reads add into one
//! element (an obligation of `super::exclusive`).
//!
//! An atomic inside summarised loops (`crate::exec::loops`, the body run once at an
//! iteration `t` with `0 <= t < T`) treats each loop as one more axis: a loop whose
//! iteration the offset reads is kept (different iterations must add into different
//! elements, part of the same obligation, and the access reads as a store at iteration `t`,
//! like any store in the loop), a loop whose iteration it does not read is summed,
//! `Σ_{0 <= k < T} where(mask, v, 0)(t := k)` (innermost loop first, then the programs; the
//! mask holds the loop's range, so an iteration past a program's own range adds nothing).
//! An atomic inside a loop always mentions its iteration: the loop's range is part of its
//! mask. The order of the additions does not matter
//! over the reals (an assumption the verdict names: "atomic adds commute: the sum is taken
//! over the reals"). `out0` is the buffer's contents before the kernel, read like a load (the
//! formula's `out[i]` on the right); nothing assumes it is zero. The access then reads as a
//! store of that final value, and synthesis, values, coverage and bounds treat it so.
//!
//! Not read (`unknown`, naming it): a buffer both updated by atomics and loaded or stored by
//! plain stores (a load may see another program's add; a store races with one), two atomics
//! into one buffer, `tl.atomic_max`/`min`.

use super::run::{Program, SymAccess};
use super::world::World;
use super::{unknown, Stage};
use crate::mem::{Access, Rmw};
use crate::setup::Setup;
use crate::value::{Elem, LDomain};
use smt::TermId;
use symbolic::{Sym, SymVal};
use tensor::Domain;

/// The assumption every verdict over atomics states.
pub(super) const COMMUTE: &str = "atomic adds commute: the sum is taken over the reals (in floating point the order of the programs' additions changes the rounding)";

/// What an atomic access adds up to over the grid.
#[derive(Clone, Debug)]
pub(super) struct Total {
    /// The grid axes whose programs all add into the same elements (the offset does not
    /// read their ids).
    pub(super) summed: Vec<usize>,
    /// The summarised loops (positions in `Machine::loops`) the atomic runs inside whose
    /// iteration the offset reads: different iterations of these add into different
    /// elements (an obligation of `super::exclusive`); the iterations of the other loops
    /// around the atomic are summed.
    pub(super) kept_loops: Vec<usize>,
    /// How many loops around the atomic have their iterations summed.
    pub(super) summed_loops: usize,
    /// Everything the atomics add into the element, over the summed axes and iterations
    /// (without its initial contents).
    pub(super) added: TermId,
}

/// The model's conditions on the run's atomics: each buffer they update is updated by one
/// atomic add, and neither loaded nor stored otherwise.
pub(super) fn check_model<D: tensor::Domain>(setup: &Setup, accesses: &[Access<D>]) -> Stage<()> {
    for a in accesses {
        let Some(rmw) = a.atomic else { continue };
        let name = super::footprint::buffer_name(setup, a.buf);
        if rmw != Rmw::Add {
            return Err(unknown(format!(
                "{} at {} (only atomic adds are read yet)",
                rmw.name(),
                a.pos
            )));
        }
        for b in accesses.iter().filter(|b| b.buf == a.buf) {
            let why = match (b.store, b.atomic) {
                (false, _) => "loaded (a load may see another program's add)",
                (true, None) => "stored to (a store races with the adds of other programs)",
                (true, Some(_)) if b.pos != a.pos => "updated by a second atomic",
                _ => continue,
            };
            return Err(unknown(format!(
                "`{name}` is updated by the atomic at {} and {why} at {}, which is not modelled yet",
                a.pos, b.pos
            )));
        }
    }
    Ok(())
}

/// Reads each atomic access of `accesses` as the store of its element's final value
/// (module documentation).
pub(super) fn totals(w: &mut World, program: &Program, accesses: &mut [SymAccess]) -> Stage<()> {
    for a in accesses.iter_mut() {
        if a.rmw.is_none() {
            continue;
        }
        let Some(SymVal::Plain(v)) = a.value.clone() else {
            return Err(unknown(format!(
                "the value the atomic at {} adds is not a plain term",
                a.pos
            )));
        };
        let off_syms = w.sym.store.symbols_of(a.off);
        let summed: Vec<usize> = (program.pid_syms.iter().enumerate())
            .filter(|(_, p)| !off_syms.contains(p))
            .map(|(k, _)| k)
            .collect();
        let zero = w.sym.store.real(0, 1);
        let mut added = match a.mask {
            Some(mk) => w.sym.store.ite(mk, v, zero),
            None => v,
        };
        let (kept_loops, summed_loops) = loops_around(w, program, a, added);
        // Innermost first: an inner loop's trip count may read an outer loop's iteration.
        for &i in summed_loops.iter().rev() {
            let (t, trip) = (program.machine.loops[i], program.machine.trips[i]);
            added = sum_over(&mut w.sym, trip, t, added);
        }
        for &k in &summed {
            let pid = w.sym.store.sym(program.pid_syms[k]);
            added = sum_over(&mut w.sym, w.launch.nprog[k], pid, added);
        }
        let name = program.machine.buffers[a.buf].name.clone();
        let old = w.sym.input(&name, tensor::ElemType::Real, &[a.off]);
        let SymVal::Plain(old) = old else {
            return Err(unknown("an atomic's initial contents".into()));
        };
        a.value = Some(SymVal::Plain(w.sym.store.add(vec![old, added])));
        a.total = Some(Total {
            summed,
            kept_loops,
            summed_loops: summed_loops.len(),
            added,
        });
    }
    Ok(())
}

/// The summarised loops (positions in `Machine::loops`) whose iteration unknown the atomic
/// `a` (adding `added` where its mask holds) mentions: those its offset reads (kept), and the
/// others (summed), each in the order the loops ran (outer before inner).
fn loops_around(
    w: &World,
    program: &Program,
    a: &SymAccess,
    added: TermId,
) -> (Vec<usize>, Vec<usize>) {
    let off_syms = w.sym.store.symbols_of(a.off);
    let mut syms = w.sym.store.symbols_of(added);
    syms.extend(off_syms.iter().copied());
    let (mut kept, mut summed) = (Vec::new(), Vec::new());
    for (i, t) in program.machine.loops.iter().enumerate() {
        let smt::Node::Sym(v) = w.sym.store.node(*t) else {
            continue;
        };
        if off_syms.contains(v) {
            kept.push(i);
        } else if syms.contains(v) {
            summed.push(i);
        }
    }
    (kept, summed)
}

/// `Σ_{0 <= k < extent} body[pid := k]`: an atom, whose body's own atoms are renamed with
/// `k` (a program's tile sum becomes one sum over `k*S + l`, `crate::tiles`).
fn sum_over(sym: &mut Sym, extent: TermId, pid: TermId, body: TermId) -> TermId {
    let body = SymVal::Plain(body);
    let e = sym.reduction(
        tensor::Reducer::Sum,
        &extent,
        &mut |d: &mut Sym, k: &TermId| Elem::V(d.subst_v(&body, &pid, k)),
    );
    match e.v(sym) {
        SymVal::Plain(t) => t,
        _ => {
            sym.unsupported
                .get_or_insert_with(|| "a sum over programs that is not a plain term".into());
            let v = sym.store.fresh("unsupported", smt::Sort::Real);
            sym.store.sym(v)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{with_setup, ATOMIC_KEPT_LOOP, ATOMIC_SUMMED_LOOP};
    use super::super::run;

    /// The total of the first atomic of `src`'s first kernel: (grid axes summed, loops kept,
    /// loops summed).
    fn total_of(src: &str) -> (Vec<usize>, Vec<usize>, usize) {
        with_setup(src, |setup| {
            let mut w = run::world(setup);
            let program = run::run(setup, &mut w).expect("runs");
            assert_eq!(program.machine.loops.len(), program.machine.trips.len());
            let mut accesses = run::evaluate(&mut w, &program.machine, "");
            assert!(super::totals(&mut w, &program, &mut accesses).is_ok());
            let t = accesses
                .iter()
                .find_map(|a| a.total.clone())
                .expect("an atomic");
            (t.summed, t.kept_loops, t.summed_loops)
        })
    }

    #[test]
    fn an_atomic_whose_offset_reads_the_iteration_keeps_the_loop() {
        // `out_ptr + cols`, `cols = start + arange`: the loop kept, the rows' programs summed.
        assert_eq!(total_of(ATOMIC_KEPT_LOOP), (vec![0], vec![0], 0));
    }

    #[test]
    fn an_atomic_whose_offset_does_not_read_the_iteration_sums_the_loop() {
        // `out_ptr + row`: the program kept, the loop's iterations summed.
        assert_eq!(total_of(ATOMIC_SUMMED_LOOP), (vec![], vec![], 1));
    }
}
