//! Stage 1, what the run touches: the buffers it reads and writes, and what the model of
//! memory (loads read a buffer's initial contents, `crate::mem`) refuses to check.
//!
//! Takes the program's accesses; gives the [`Footprint`], or the verdict `unknown` for a
//! load that may see a store, a kernel that stores nothing, or an output of a rank not
//! proved.

use super::run::SymAccess;
use super::world::World;
use super::{unknown, Outcome, Stage};
use crate::host::HostArg;
use crate::mem::Access;
use crate::setup::Setup;
use smt::{SymId, TermId};

/// The highest output rank a formula is synthesized and checked for.
pub(super) const MAX_RANK: usize = 4;

/// The buffers one program reads and writes, by buffer index, and the launcher's real
/// scalar parameters.
pub(super) struct Footprint {
    pub(super) stored: Vec<usize>,
    pub(super) loaded: Vec<usize>,
    /// The buffers both loaded and stored: read and written in place.
    pub(super) in_place: Vec<usize>,
    /// The launcher's real scalar parameters, by name.
    pub(super) scalars: Vec<String>,
}

/// The launcher's name of buffer `b`.
pub(super) fn buffer_name(setup: &Setup, b: usize) -> String {
    setup.host.tensors[setup.buffers[b]].name.clone()
}

/// The launcher's real scalar parameters, by name.
pub(super) fn scalar_params(setup: &Setup) -> Vec<String> {
    setup
        .host
        .args
        .iter()
        .filter_map(|(_, a)| match a {
            HostArg::Real(n) => Some(n.clone()),
            _ => None,
        })
        .collect()
}

/// The buffers among `0..nbuf` that some access stores to (`store`) or reads from (a load,
/// or an atomic, which reads the initial contents it updates).
pub(super) fn used<D: tensor::Domain>(
    nbuf: usize,
    accesses: &[Access<D>],
    store: bool,
) -> Vec<usize> {
    (0..nbuf)
        .filter(|b| {
            accesses
                .iter()
                .any(|a| a.buf == *b && (a.store == store || (!store && a.atomic.is_some())))
        })
        .collect()
}

impl Footprint {
    /// The footprint of one program of `setup` that made `accesses`.
    pub(super) fn of<D: tensor::Domain>(setup: &Setup, accesses: &[Access<D>]) -> Footprint {
        let nbuf = setup.buffers.len();
        let (stored, loaded) = (used(nbuf, accesses, true), used(nbuf, accesses, false));
        let in_place: Vec<usize> = stored
            .iter()
            .copied()
            .filter(|b| accesses.iter().any(|a| !a.store && a.buf == *b))
            .collect();
        Footprint {
            stored,
            loaded,
            in_place,
            scalars: scalar_params(setup),
        }
    }

    /// The buffers a replay gives values: those the kernel loads, and those formula `f`
    /// reads that it does not (an output's elements before the kernel, which a formula by
    /// cases over pinned indices keeps: `check::synthesis::pinned_cases`).
    pub(super) fn replay_inputs(
        &self,
        setup: &Setup,
        f: Option<&crate::formula::Formula>,
    ) -> Vec<usize> {
        let mut bufs = self.loaded.clone();
        let read = f.map(crate::formula::tensors_read).unwrap_or_default();
        for b in 0..setup.buffers.len() {
            if !bufs.contains(&b) && read.contains(&buffer_name(setup, b)) {
                bufs.push(b);
            }
        }
        bufs
    }

    /// The tensors read and written, by name, into `out`.
    pub(super) fn record(&self, setup: &Setup, out: &mut Outcome) {
        out.reads = self.loaded.iter().map(|b| buffer_name(setup, *b)).collect();
        out.writes = self.stored.iter().map(|b| buffer_name(setup, *b)).collect();
    }

    /// The first buffer read and written in place that is loaded after it is stored to, with
    /// the index of its last load.
    pub(super) fn load_after_store<D: tensor::Domain>(
        &self,
        accesses: &[Access<D>],
    ) -> Option<(usize, usize)> {
        for &b in &self.in_place {
            let first_store = accesses.iter().position(|a| a.store && a.buf == b);
            let last_load = accesses.iter().rposition(|a| !a.store && a.buf == b);
            if let (Some(st), Some(ld)) = (first_store, last_load) {
                if ld > st {
                    return Some((b, ld));
                }
            }
        }
        None
    }

    /// What the model of memory needs of the run: in place, loads read a buffer's initial
    /// contents, which is what they see when every load of it comes before every store to
    /// it in the program, and no other program or loop iteration stores what one loads (an
    /// obligation of `super::exclusive`), stated as an assumption in `out`; some store; outputs of rank 1
    /// to [`MAX_RANK`].
    pub(super) fn check_memory_model<D: tensor::Domain>(
        &self,
        setup: &Setup,
        accesses: &[Access<D>],
        out: &mut Outcome,
    ) -> Stage<()> {
        if let Some((b, ld)) = self.load_after_store(accesses) {
            return Err(unknown(format!("the kernel loads `{}` at {} after storing to it (a load that may see a store is not supported yet)", buffer_name(setup, b), accesses[ld].pos)));
        }
        if !self.in_place.is_empty() {
            out.assumptions.push(format!(
                "{} read and written in place: each element is read before it is written",
                self.in_place
                    .iter()
                    .map(|b| format!("`{}`", buffer_name(setup, *b)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if self.stored.is_empty() {
            return Err(unknown("the kernel stores nothing".into()));
        }
        for &b in &self.stored {
            let t = &setup.host.tensors[setup.buffers[b]];
            // Rank 0 only under the kernel-level claim (one program, `kernel_level`): the
            // launcher-level obligations (coverage, exclusivity) split indices by dimension.
            let scalar_ok = !t.shape.is_empty() || setup.kernel_level;
            if !scalar_ok || t.shape.len() > MAX_RANK {
                return Err(unknown(format!(
                    "output `{}` has rank {} (this slice proves ranks 1 to 4, and rank 0 under the kernel-level claim)",
                    t.name,
                    t.shape.len()
                )));
            }
        }
        Ok(())
    }
}

/// In place inside a summarised loop, where the body ran once at iteration `t` (loads read
/// the initial contents, `crate::mem`): for each load of a buffer read and written in place
/// and each store to it inside a common loop, the obligation that no other iteration `t2`
/// of that loop (the program's ids the same) stores an element the load reads. Decided
/// here, before any stage can refute: a replay reads initial contents too, so while an
/// iteration may read what another wrote no failure it shows is real. Unsat for every size,
/// or the verdict `unknown` naming the accesses.
pub(super) fn check_in_place_loops(
    setup: &Setup,
    w: &mut World,
    accesses: &[SymAccess],
    loop_syms: &[SymId],
    timeout: std::time::Duration,
) -> Stage<()> {
    for a in accesses.iter().filter(|a| !a.store) {
        let in_a = access_symbols(w, a);
        for b in accesses.iter().filter(|b| b.store && b.buf == a.buf) {
            let in_b = access_symbols(w, b);
            let common: Vec<SymId> = loop_syms
                .iter()
                .copied()
                .filter(|t| in_a.contains(t) && in_b.contains(t))
                .collect();
            if common.is_empty() {
                continue;
            }
            let race = IterationRace::new(w, b, &common);
            if race.apart_by_index(w, setup, a, timeout) {
                continue;
            }
            let asr = race.by_offset(w, a);
            let why = match decide(w, &asr, timeout) {
                smt::CheckResult::Unsat => continue,
                smt::CheckResult::Sat(()) => "an iteration may read what another wrote".to_string(),
                smt::CheckResult::Unknown(why) => format!(
                    "the solver could not show that no iteration reads what another wrote ({why})"
                ),
            };
            return Err(unknown(format!(
                "`{}` is read and written in place inside a loop over a runtime range (the load at {}, the store at {}): {why}",
                buffer_name(setup, a.buf),
                a.pos,
                b.pos
            )));
        }
    }
    Ok(())
}

/// One solver query of `asr` in `w`.
fn decide(w: &World, asr: &[TermId], timeout: std::time::Duration) -> smt::CheckResult<()> {
    let cfg = smt::SolverConfig {
        timeout: crate::clock::solver_limit(timeout),
    };
    let mut store = w.sym.store.clone();
    let asr = smt::simplify_arith(&mut store, asr);
    smt::decide_portfolio(&store, &asr, cfg).0
}

/// A load and a store of one buffer at different iterations of their common loops: the
/// store's iteration symbols renamed (`t` to `t_other`).
struct IterationRace {
    /// The world's facts, and those that name an iteration again for the renamed one (an
    /// iteration's facts hold of every iteration).
    facts: Vec<TermId>,
    /// The monotonicity of products of iterations with step symbols (`pid + P*t`).
    monotone: Vec<TermId>,
    /// That some common iteration differs.
    differ: TermId,
    /// The store's mask (which holds each loop's range) and offset, renamed.
    mask: Option<TermId>,
    off: TermId,
}

impl IterationRace {
    fn new(w: &mut World, b: &SymAccess, common: &[SymId]) -> IterationRace {
        let mut map = std::collections::HashMap::new();
        let mut pairs = Vec::new();
        let mut differ = Vec::new();
        for &t in common {
            let name = format!("{}_other", w.sym.store.sym_name(t));
            let other = w.sym.store.fresh(&name, smt::Sort::Int);
            let (this, other) = (w.sym.store.sym(t), w.sym.store.sym(other));
            map.insert(t, other);
            pairs.push((this, other));
            differ.push(w.sym.store.ne(this, other));
        }
        let mut facts = w.facts.clone();
        for f in w.facts.clone() {
            if w.sym
                .store
                .symbols_of(f)
                .iter()
                .any(|v| map.contains_key(v))
            {
                facts.push(w.sym.store.substitute(f, &map));
            }
        }
        let monotone = crate::witness::monotone_instances(&mut w.sym.store, &pairs, &w.step_syms);
        IterationRace {
            facts,
            monotone,
            differ: w.sym.store.or(differ),
            mask: b.mask.map(|mk| w.sym.store.substitute(mk, &map)),
            off: w.sym.store.substitute(b.off, &map),
        }
    }

    /// Both accesses at some differing iterations, their masks holding.
    fn common(&self, a: &SymAccess) -> Vec<TermId> {
        let mut asr = self.facts.clone();
        asr.extend(self.monotone.iter().copied());
        asr.push(self.differ);
        asr.extend(a.mask);
        asr.extend(self.mask);
        asr
    }

    /// The assertions of the two flat offsets being equal.
    fn by_offset(&self, w: &mut World, a: &SymAccess) -> Vec<TermId> {
        let mut asr = self.common(a);
        asr.push(w.sym.store.eq(a.off, self.off));
        asr
    }

    /// Whether the two accesses are proved apart through their indices in the tensor's
    /// dimensions (linear where the flat offsets are products of strides): each masked-in
    /// access lies inside the shape (proved, or the kernel-level claim's precondition, so
    /// one element has one index), and no two such indices are equal.
    fn apart_by_index(
        &self,
        w: &mut World,
        setup: &Setup,
        a: &SymAccess,
        timeout: std::time::Duration,
    ) -> bool {
        let ia = super::exclusive::index_of(w, setup, a.buf, a.off);
        let ib = super::exclusive::index_of(w, setup, a.buf, self.off);
        let (Some((xa, ina)), Some((xb, inb))) = (ia, ib) else {
            return false;
        };
        // Under the kernel-level claim each access inside its tensor is the claim's stated
        // precondition (as for the values of stores, `super::obligations`).
        let proved: &[_] = if setup.safety_assumed {
            &[]
        } else {
            &[(a.mask, &ina), (self.mask, &inb)]
        };
        for &(mask, inside) in proved {
            let mut asr = self.facts.clone();
            asr.extend(mask);
            let all = w.sym.store.and(inside.clone());
            asr.push(w.sym.store.not(all));
            if !matches!(decide(w, &asr, timeout), smt::CheckResult::Unsat) {
                return false;
            }
        }
        let mut asr = self.common(a);
        asr.extend(ina.iter().chain(&inb).copied());
        for (x, y) in xa.iter().zip(&xb) {
            asr.push(w.sym.store.eq(*x, *y));
        }
        matches!(decide(w, &asr, timeout), smt::CheckResult::Unsat)
    }
}

/// The symbols of an access's offset and mask.
fn access_symbols(w: &World, a: &SymAccess) -> Vec<SymId> {
    let mut syms = w.sym.store.symbols_of(a.off);
    if let Some(mk) = a.mask {
        syms.extend(w.sym.store.symbols_of(mk));
    }
    syms
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::fixture::{
        concrete_run, with_checked, with_setup, ADD_1D, ADD_IN_PLACE, IN_PLACE_LOOPED,
        IN_PLACE_OVERLAPPING,
    };
    use crate::mem::Pos;
    use crate::value::{Block, Elem, Ty};
    use report::Verdict;
    use tensor::Concrete;

    fn access(store: bool, buf: usize, line: usize) -> Access<Concrete> {
        Access {
            store,
            atomic: None,
            buf,
            offset: Block::splat(Ty::Int, Elem::I(0)),
            mask: None,
            value: None,
            pos: Pos { line, col: 1 },
        }
    }

    fn outcome(setup: &Setup) -> Outcome {
        Outcome::new(setup)
    }

    #[test]
    fn a_1d_add_reads_two_tensors_and_writes_one() {
        with_setup(ADD_1D, |setup| {
            let run = concrete_run(setup);
            let io = Footprint::of(setup, &run.accesses);
            assert_eq!(
                (io.stored.clone(), io.loaded.clone()),
                (vec![2], vec![0, 1])
            );
            assert!(io.in_place.is_empty());
            let mut out = outcome(setup);
            io.record(setup, &mut out);
            assert_eq!(out.writes, vec!["output".to_string()]);
            let n = out.assumptions.len();
            assert!(io
                .check_memory_model(setup, &run.accesses, &mut out)
                .is_ok());
            assert_eq!(out.assumptions.len(), n);
        });
    }

    #[test]
    fn in_place_is_stated_as_an_assumption() {
        with_setup(ADD_IN_PLACE, |setup| {
            let run = concrete_run(setup);
            let io = Footprint::of(setup, &run.accesses);
            assert_eq!(io.in_place, vec![0]);
            assert_eq!(io.scalars, vec!["alpha".to_string()]);
            let mut out = outcome(setup);
            assert!(io
                .check_memory_model(setup, &run.accesses, &mut out)
                .is_ok());
            let last = out.assumptions.last().expect("stated");
            assert!(last.starts_with("`x` read and written in place"), "{last}");
        });
    }

    #[test]
    fn a_load_after_a_store_of_one_buffer_is_unknown() {
        with_setup(ADD_IN_PLACE, |setup| {
            let accesses = vec![access(false, 0, 1), access(true, 0, 2), access(false, 0, 3)];
            let io = Footprint::of(setup, &accesses);
            assert_eq!(io.load_after_store(&accesses), Some((0, 2)));
            let mut out = outcome(setup);
            match io.check_memory_model(setup, &accesses, &mut out) {
                Err(Verdict::Unknown { reason }) => {
                    assert!(
                        reason.contains("loads `x` at 3:1 after storing"),
                        "{reason}"
                    )
                }
                _ => panic!("not unknown"),
            }
        });
    }

    #[test]
    fn a_kernel_that_stores_nothing_is_unknown() {
        with_setup(ADD_1D, |setup| {
            let accesses = vec![access(false, 0, 1)];
            let io = Footprint::of(setup, &accesses);
            let mut out = outcome(setup);
            let r = io.check_memory_model(setup, &accesses, &mut out);
            assert!(
                matches!(r, Err(Verdict::Unknown { reason }) if reason == "the kernel stores nothing")
            );
        });
    }

    /// The in-place loop obligation of the first kernel of `src`.
    fn in_place_loops(src: &str) -> Stage<()> {
        with_checked(src, |w, cx, _| {
            let timeout = std::time::Duration::from_secs(5);
            check_in_place_loops(cx.setup, w, cx.accesses, &cx.program.loop_syms, timeout)
        })
    }

    #[test]
    fn disjoint_tiles_of_a_loop_read_and_written_in_place_are_proved_apart() {
        assert!(in_place_loops(IN_PLACE_LOOPED).is_ok());
    }

    #[test]
    fn overlapping_tiles_of_a_loop_read_and_written_in_place_are_unknown() {
        match in_place_loops(IN_PLACE_OVERLAPPING) {
            Err(Verdict::Unknown { reason }) => assert!(
                reason.starts_with("`x` is read and written in place inside a loop over a runtime range (the load at 18:13, the store at 19:9): an iteration may read what another wrote"),
                "{reason}"
            ),
            _ => panic!("not unknown"),
        }
    }
}
