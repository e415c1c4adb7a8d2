//! The symbolic world of one check: the size symbols and their facts, the program counts and
//! integer arguments named by symbols, and fresh program ids and lanes inside the grid.

use crate::host::HostArg;
use crate::setup::Setup;
use crate::synth;
use smt::{Sort, Store, SymId, TermId};
use symbolic::Sym;

/// The symbolic world of one check.
pub(super) struct World {
    pub(super) sym: Sym,
    pub(super) sizes: Vec<SymId>,
    pub(super) facts: Vec<TermId>,
    /// `tl.num_programs(axis)` of the three axes: a literal, or a symbol `nprog{k}` with
    /// the fact that it equals the grid's term (so `pid + P*t` is a polynomial); likewise
    /// the integer arguments that are no polynomial of the sizes (`rows_per_program =
    /// triton.cdiv(n_rows, SM_COUNT)`: a symbol `arg_rows_per_program`).
    pub(super) launch: crate::setup::Launch<Sym>,
    /// The symbols of `launch`: steps of persistent loops (`crate::witness`).
    pub(super) step_syms: Vec<SymId>,
    /// The sizes and the symbols of the integer arguments: what program atoms may hold
    /// besides program ids (`crate::pidmap`).
    pub(super) size_like: Vec<SymId>,
}

impl World {
    /// The world of `setup`, naming the program counts that are no literal and the integer
    /// arguments that are no polynomial of the sizes, those whose symbol's name (`nprog0`,
    /// `arg_R`) `keep` accepts.
    pub(super) fn new(setup: &Setup, keep: &dyn Fn(&str) -> bool) -> World {
        let mut sym = Sym::new(Store::new());
        let mut sizes = Vec::new();
        let mut facts = Vec::new();
        for (k, _) in setup.host.sizes.iter().enumerate() {
            // A block size computed from sizes is `block{k}` (`crate::atoms::placeholder`).
            let name = if setup.host.is_block(k) {
                format!("block{k}")
            } else {
                format!("size{k}")
            };
            let v = sym.store.declare(&name, Sort::Int);
            let t = sym.store.sym(v);
            let one = sym.store.int(1);
            facts.push(sym.store.le(one, t));
            sizes.push(v);
        }
        let terms: Vec<TermId> = sizes.iter().map(|v| sym.store.sym(*v)).collect();
        for (a, op, b) in &setup.host.facts {
            let (x, y) = (a.eval(&mut sym, &terms), b.eval(&mut sym, &terms));
            facts.push(op.holds(&mut sym, &x, &y));
        }
        let mut nprog = setup.nprog(&mut sym, &terms);
        let mut step_syms = Vec::new();
        for (k, p) in nprog.iter_mut().enumerate() {
            if sym.store.as_int(*p).is_none() && keep(&format!("nprog{k}")) {
                let v = sym.store.declare(&format!("nprog{k}"), Sort::Int);
                let t = sym.store.sym(v);
                facts.push(sym.store.eq(t, *p));
                step_syms.push(v);
                *p = t;
            }
        }
        let mut size_like = sizes.clone();
        let mut ints = Vec::new();
        for (k, (name, arg)) in setup.host.args.iter().enumerate() {
            let HostArg::Int(h) = arg else { continue };
            let e = h.eval(&mut sym, &terms);
            if synth::poly(&sym.store, e).is_some() || !keep(&format!("arg_{name}")) {
                continue;
            }
            let v = sym.store.declare(&format!("arg_{name}"), Sort::Int);
            let t = sym.store.sym(v);
            facts.push(sym.store.eq(t, e));
            step_syms.push(v);
            size_like.push(v);
            ints.push((k, t));
        }
        World {
            sym,
            sizes,
            facts,
            launch: crate::setup::Launch { nprog, ints },
            step_syms,
            size_like,
        }
    }
    pub(super) fn size_terms(&mut self) -> Vec<TermId> {
        self.sizes
            .clone()
            .into_iter()
            .map(|v| self.sym.store.sym(v))
            .collect()
    }
    pub(super) fn fresh_in(&mut self, base: &str, lo: TermId, hi: TermId) -> (SymId, TermId) {
        let v = self.sym.store.fresh(base, Sort::Int);
        let t = self.sym.store.sym(v);
        let a = self.sym.store.le(lo, t);
        let b = self.sym.store.lt(t, hi);
        self.facts.push(a);
        self.facts.push(b);
        (v, t)
    }
    /// A program instance with symbolic ids in the grid.
    pub(super) fn pids(&mut self, setup: &Setup, tag: &str) -> (Vec<SymId>, Vec<TermId>) {
        let sizes = self.size_terms();
        let zero = self.sym.store.int(0);
        let mut vs = Vec::new();
        let mut ts = Vec::new();
        for (k, g) in setup.host.grid.clone().iter().enumerate() {
            let gt = g.eval(&mut self.sym, &sizes);
            let (v, t) = self.fresh_in(&format!("pid{k}{tag}"), zero, gt);
            vs.push(v);
            ts.push(t);
        }
        while ts.len() < 3 {
            ts.push(zero);
        }
        (vs, ts)
    }
    pub(super) fn lanes(&mut self, shape: &[usize], tag: &str) -> (Vec<SymId>, Vec<TermId>) {
        let zero = self.sym.store.int(0);
        let mut vs = Vec::new();
        let mut ts = Vec::new();
        for (k, n) in shape.iter().enumerate() {
            let hi = crate::value::LDomain::extent(&mut self.sym, *n);
            let (v, t) = self.fresh_in(&format!("lane{k}{tag}"), zero, hi);
            vs.push(v);
            ts.push(t);
        }
        (vs, ts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::fixture::{with_setup, ADD_1D, ADD_2D};

    #[test]
    fn every_size_is_a_symbol_at_least_one() {
        with_setup(ADD_1D, |setup| {
            let w = World::new(setup, &|_| true);
            assert_eq!(w.sizes.len(), setup.host.sizes.len());
            assert!(w.facts.len() >= w.sizes.len());
            assert!(w.size_like.starts_with(&w.sizes));
        });
    }

    #[test]
    fn program_ids_and_lanes_are_fresh_and_bounded() {
        with_setup(ADD_2D, |setup| {
            let mut w = World::new(setup, &|_| true);
            let before = w.facts.len();
            let (vs, ts) = w.pids(setup, "");
            // Two grid axes, padded to three program ids; two facts for each.
            assert_eq!(vs.len(), 2);
            assert_eq!(ts.len(), 3);
            assert_eq!(w.facts.len(), before + 4);
            let (lane_syms, _) = w.lanes(&[16, 32], "t");
            assert_eq!(lane_syms.len(), 2);
            assert_eq!(w.facts.len(), before + 8);
            let (again, _) = w.pids(setup, "");
            assert_ne!(vs, again);
        });
    }
}
