//! Stage 1, the symbolic run: one program instance with symbolic ids in the grid and symbolic
//! sizes, its accesses evaluated at symbolic lanes, and program ids seen through a map
//! (grouped ids) named by symbols (`crate::pidmap`).
//!
//! Takes the [`Setup`]; gives the [`World`], the [`Program`] run in it, its [`SymAccess`]es
//! and the [`PidAtoms`] they are named with.

use super::world::World;
use super::Limits;
use crate::exec::Unsupported;
use crate::mem::{Machine, Pos};
use crate::pidmap::ProgramAtoms;
use crate::setup::Setup;
use crate::synth::Poly;
use smt::{Store, SymId, TermId};
use std::time::Duration;
use symbolic::{Sym, SymVal};

/// The world of `setup`. Program counts and arguments are named to keep access offsets
/// polynomial (`pid + P*t`, `R*pid + t`); one that no offset uses (a grid `cdiv(M, BM) *
/// cdiv(N, BN)` of a kernel that never reads `tl.num_programs`, a `range(0, tiles_per_cta)`
/// bound) stays its term, as do the queries. A first run finds which ones offsets use.
pub(super) fn world(setup: &Setup) -> World {
    let mut w = World::new(setup, &|_| true);
    if w.step_syms.is_empty() {
        return w;
    }
    let (_, pids) = w.pids(setup, "");
    let sizes = w.size_terms();
    let mut used: Vec<String> = Vec::new();
    if let Ok(m) = setup.program_in(&mut w.sym, &sizes, pids, &w.launch) {
        for (k, a) in m.accesses.iter().enumerate() {
            let (_, ts) = w.lanes(&a.offset.shape, &format!("probe{k}"));
            let off = a.offset.at(&mut w.sym, &ts).i(&mut w.sym);
            for v in w.sym.store.symbols_of(off) {
                used.push(w.sym.store.sym_name(v).to_string());
            }
        }
    }
    World::new(setup, &|n| used.iter().any(|u| u == n))
}

/// One program instance run with symbolic ids in the grid.
pub(super) struct Program {
    pub(super) machine: Machine<Sym>,
    /// The terms of the sizes.
    pub(super) sizes: Vec<TermId>,
    /// The symbols of the program ids, one per grid axis.
    pub(super) pid_syms: Vec<SymId>,
    /// The iteration unknowns of the summarised loops that are symbols.
    pub(super) loop_syms: Vec<SymId>,
}

/// Runs one program of `setup` in `w`; the construct the run stopped at when it could not.
pub(super) fn run(setup: &Setup, w: &mut World) -> Result<Program, Unsupported> {
    let sizes = w.size_terms();
    let (pid_syms, pids) = w.pids(setup, "");
    let machine = setup.program_in(&mut w.sym, &sizes, pids, &w.launch)?;
    let loop_syms: Vec<SymId> = machine
        .loops
        .iter()
        .filter_map(|t| match w.sym.store.node(*t) {
            smt::Node::Sym(v) => Some(*v),
            _ => None,
        })
        .collect();
    Ok(Program {
        machine,
        sizes,
        pid_syms,
        loop_syms,
    })
}

/// One access evaluated at symbolic lanes.
pub(super) struct SymAccess {
    pub(super) store: bool,
    /// For an atomic, what it combines by; what it adds up to over the grid once
    /// `super::atomics` has read it (its `value` is then the element's final contents).
    pub(super) rmw: Option<crate::mem::Rmw>,
    pub(super) total: Option<super::atomics::Total>,
    pub(super) buf: usize,
    /// The symbols of the lanes, one per dimension of the access.
    pub(super) lane_syms: Vec<SymId>,
    /// The number of lanes of each dimension of the access.
    pub(super) lane_extents: Vec<usize>,
    pub(super) mask: Option<TermId>,
    pub(super) off: TermId,
    /// The offset and the mask as evaluated, in the program ids themselves (before
    /// [`SymAccess::name_atoms`]): what an instance at other program ids substitutes into
    /// (`super::precondition`).
    pub(super) raw: (TermId, Option<TermId>),
    pub(super) value: Option<SymVal>,
    /// Where the stored value is NaN, and where it is infinite (an extended real,
    /// `Elem::X`).
    pub(super) value_bad: Option<(TermId, TermId)>,
    pub(super) pos: Pos,
}

impl SymAccess {
    /// Each lane symbol with its number of lanes (what `Synth::name_programs_by_index` reads).
    pub(super) fn lanes(&self) -> Vec<(SymId, i128)> {
        let extents = self.lane_extents.iter().map(|n| *n as i128);
        self.lane_syms.iter().copied().zip(extents).collect()
    }
    /// The access with the program atoms of `pa` named by their symbols.
    pub(super) fn name_atoms(&mut self, s: &mut Store, pa: &ProgramAtoms) {
        self.off = pa.name_in(s, self.off);
        self.mask = self.mask.map(|m| pa.name_in(s, m));
        self.value_bad = self
            .value_bad
            .map(|(n, i)| (pa.name_in(s, n), pa.name_in(s, i)));
        if let Some(SymVal::Plain(t)) = self.value {
            self.value = Some(SymVal::Plain(pa.name_in(s, t)));
        }
        if let Some(t) = self.total.as_mut() {
            t.added = pa.name_in(s, t.added);
        }
    }
}

/// Every access of `m` at fresh lanes (tagged `tag`); an unsupported value met on the way
/// is named with the access's position.
pub(super) fn evaluate(w: &mut World, m: &Machine<Sym>, tag: &str) -> Vec<SymAccess> {
    let mut out = Vec::new();
    for (k, a) in m.accesses.iter().enumerate() {
        let (vs, mut ts) = w.lanes(&a.offset.shape, &format!("{tag}_{k}"));
        // A dimension of one lane is lane 0 (`tl.arange(0, 1)`).
        for (t, n) in ts.iter_mut().zip(&a.offset.shape) {
            if *n == 1 {
                *t = w.sym.store.int(0);
            }
        }
        let off = a.offset.at(&mut w.sym, &ts).i(&mut w.sym);
        let mask = a
            .mask
            .as_ref()
            .map(|mk| mk.at(&mut w.sym, &ts).b(&mut w.sym));
        let before = w.sym.unsupported.is_some();
        let (value, value_bad) = match a.value.as_ref().map(|v| v.at(&mut w.sym, &ts)) {
            Some(crate::value::Elem::X { nan, pos, neg, v }) => {
                (Some(v), Some((nan, w.sym.store.or2(pos, neg))))
            }
            Some(e) => (Some(e.v(&mut w.sym)), None),
            None => (None, None),
        };
        // Name the access whose evaluation met an unsupported value (values are built
        // lazily, so this is where the position is known).
        if !before {
            if let Some(why) = w.sym.unsupported.take() {
                w.sym.unsupported = Some(format!(
                    "{why} (in the {} at {})",
                    if a.store { "value stored" } else { "load" },
                    a.pos
                ));
            }
        }
        out.push(SymAccess {
            store: a.store,
            rmw: a.atomic,
            total: None,
            buf: a.buf,
            lane_syms: vs,
            lane_extents: a.offset.shape.clone(),
            mask,
            off,
            raw: (off, mask),
            value,
            value_bad,
            pos: a.pos,
        });
    }
    out
}

/// The program ids through a map: the stores' non-polynomial terms of the ids, named by
/// symbols (`crate::pidmap`).
pub(super) struct PidAtoms {
    pub(super) atoms: ProgramAtoms,
    /// Which atoms are proved nonnegative.
    pub(super) nonneg: Vec<usize>,
}

impl PidAtoms {
    /// Whether a store's output index mentions a program atom.
    pub(super) fn in_index(&self, index: &Option<Vec<Poly>>) -> bool {
        uses_atoms(&self.atoms, index)
    }
}

/// Whether an output index mentions a symbol of `pa`.
fn uses_atoms(pa: &ProgramAtoms, index: &Option<Vec<Poly>>) -> bool {
    let syms = pa.syms();
    index.as_ref().is_some_and(|ps| {
        ps.iter()
            .any(|p| p.keys().any(|m| m.iter().any(|v| syms.contains(v))))
    })
}

/// Finds the program atoms of the stores' offsets, names them everywhere (the accesses, the
/// summaries' lambdas) and states their facts in `w`.
pub(super) fn name_pid_atoms(
    w: &mut World,
    pid_syms: &[SymId],
    accesses: &mut [SymAccess],
    limits: &Limits,
) -> PidAtoms {
    let store_offs: Vec<TermId> = accesses.iter().filter(|a| a.store).map(|a| a.off).collect();
    let mut nonneg = Vec::new();
    let mut patoms = ProgramAtoms::find(&mut w.sym.store, &store_offs, pid_syms, &w.size_like, "");
    if !patoms.is_empty() {
        let mut roots: Vec<TermId> = Vec::new();
        for a in accesses.iter() {
            roots.extend(a.total.as_ref().map(|t| t.added));
            roots.push(a.off);
            roots.extend(a.mask);
            if let Some(SymVal::Plain(t)) = a.value {
                roots.push(t);
            }
        }
        for l in &w.sym.folds.lambdas {
            roots.extend([l.body, l.dom, l.init]);
        }
        let cfg = smt::SolverConfig {
            timeout: crate::clock::solver_limit(limits.timeout.min(Duration::from_secs(2))),
        };
        let base = w.facts.clone();
        patoms.alias(&mut w.sym.store, &roots, pid_syms, &w.size_like, &base, cfg);
        for a in accesses.iter_mut() {
            a.name_atoms(&mut w.sym.store, &patoms);
        }
        let mut lambdas = std::mem::take(&mut w.sym.folds.lambdas);
        for l in lambdas.iter_mut() {
            l.body = patoms.name_in(&mut w.sym.store, l.body);
            l.dom = patoms.name_in(&mut w.sym.store, l.dom);
            l.init = patoms.name_in(&mut w.sym.store, l.init);
        }
        w.sym.folds.lambdas = lambdas;
        let facts = patoms.facts(&mut w.sym.store);
        w.facts.extend(facts);
        let base = w.facts.clone();
        nonneg = patoms.nonneg(&mut w.sym.store, &base, cfg);
        let facts = patoms.nonneg_facts(&mut w.sym.store, &nonneg);
        w.facts.extend(facts);
    }
    PidAtoms {
        atoms: patoms,
        nonneg,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::fixture::{with_setup, ADD_1D, MATMUL_GROUPED};

    #[test]
    fn one_program_of_a_1d_add_loads_twice_and_stores_once() {
        with_setup(ADD_1D, |setup| {
            let mut w = world(setup);
            let p = run(setup, &mut w).expect("runs");
            assert_eq!(p.pid_syms.len(), 1);
            assert!(p.loop_syms.is_empty());
            let acc = evaluate(&mut w, &p.machine, "");
            let kinds: Vec<bool> = acc.iter().map(|a| a.store).collect();
            assert_eq!(kinds, vec![false, false, true]);
            // One lane symbol per access, masked, and no NaN tracked.
            assert!(acc
                .iter()
                .all(|a| a.lane_syms.len() == 1 && a.mask.is_some()));
            assert!(acc.iter().all(|a| a.value_bad.is_none()));
            assert!(acc[2].value.is_some() && acc[0].value.is_none());
        });
    }

    #[test]
    fn a_1d_add_has_no_program_atoms() {
        with_setup(ADD_1D, |setup| {
            let mut w = world(setup);
            let p = run(setup, &mut w).expect("runs");
            let mut acc = evaluate(&mut w, &p.machine, "");
            let limits = Limits::new(Duration::from_secs(2));
            let atoms = name_pid_atoms(&mut w, &p.pid_syms, &mut acc, &limits);
            assert!(atoms.atoms.is_empty());
            assert!(!atoms.in_index(&None));
        });
    }

    #[test]
    fn grouped_program_ids_are_named_by_atoms() {
        with_setup(MATMUL_GROUPED, |setup| {
            let mut w = world(setup);
            let p = run(setup, &mut w).expect("runs");
            let mut acc = evaluate(&mut w, &p.machine, "");
            let limits = Limits::new(Duration::from_secs(2));
            let atoms = name_pid_atoms(&mut w, &p.pid_syms, &mut acc, &limits);
            assert!(!atoms.atoms.is_empty());
        });
    }
}
