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
use smt::SymId;

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
    /// it in the program, and no other program stores what one loads (an obligation of
    /// `super::exclusive`), stated as an assumption in `out`; some store; outputs of rank 1
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

    /// In place inside a summarised loop: an iteration may load what an earlier one stored,
    /// which the model (loads read the initial contents) does not see.
    pub(super) fn check_in_place_loops(
        &self,
        setup: &Setup,
        w: &World,
        accesses: &[SymAccess],
        loop_syms: &[SymId],
    ) -> Stage<()> {
        for a in accesses.iter().filter(|a| self.in_place.contains(&a.buf)) {
            let mut syms = w.sym.store.symbols_of(a.off);
            if let Some(mk) = a.mask {
                syms.extend(w.sym.store.symbols_of(mk));
            }
            if syms.iter().any(|v| loop_syms.contains(v)) {
                return Err(unknown(format!(
                    "`{}` is read and written in place inside a loop over a runtime range (the access at {}): an iteration may read what an earlier one wrote, which is not modelled yet",
                    buffer_name(setup, a.buf),
                    a.pos
                )));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::fixture::{concrete_run, with_setup, ADD_1D, ADD_IN_PLACE};
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
}
