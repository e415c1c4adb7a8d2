//! Needed regions: which stores' values can reach the output, so that reads of never-written
//! cells whose values are discarded are allowed and named, and the others stay refuted.
//!
//! Halide's default RoundUp tail on a split or vectorized update stage runs the update over
//! rows or columns its pure stage never wrote: those stores read uninitialized memory, by
//! design, and write cells nothing needed reads. The claim is then not "every read reads a
//! written cell" but "no value that reaches the output, an index, a condition or a bound
//! depends on a read of a never-written cell". It is proved with a *needed region* `N_g` per
//! realization of a Func `g` (a box of points over the symbols outside the realization):
//! Halide's un-rounded bounds of the pure stage (`g.s0.x.min`, `g.s0.x.max`), a candidate the
//! obligations check, never trust. A store is *live* when the point it writes is in `N_g`
//! (stores to the output always are). The obligations:
//!
//! - (b) every read of a realized Func `g` by a live store, or outside any store (a `let`, a
//!   condition, a bound), reads a point inside `N_g` ([`needed_obligations`]);
//! - (c) every such read reads a cell already written (the initialization obligation of
//!   `check`, with the store's liveness as a hypothesis: [`live_read`]);
//! - bounds, races, folding and values are asked of every store, live or not (a consumer's
//!   wait for the last update of a Func whose stages interleave, only of live reads; an
//!   update's coverage, only of the cells live pure stores write).
//!
//! By induction over the run, every cell of `N_g` is written only by live stores, so the last
//! write before a live read (of a point in `N_g`, written before) is live, and its value was
//! computed from defined values. Reads by the other stores may see never-written cells; the
//! verdict names those stores ([`discarded_notes`]).

use crate::symex::{Read, Run, Write};
use report::Span;
use smt::TermId;
use symbolic::Sym;

use crate::check::Obligation;
use crate::value::WitnessKind;

/// A query whose satisfiability is reported as an observation in the verdict (not an
/// obligation): a store that may write outside its needed region.
pub struct Note {
    pub what: String,
    pub span: Span,
    pub assertions: Vec<TermId>,
}

/// The candidate needed region of a Func from Halide's bounds of its pure stage in scope at
/// its `realize`: per pure variable, every binding of `f.s0.v.min[_N]` (the lower bounds)
/// and of `f.s0.v.max[_N]` (the upper ones), `all` giving them innermost first; the region is
/// their intersection. A Func computed at a tile of a consumer has the tile's bounds
/// innermost (`f.s0.x.max_3`: the whole tile, a RoundUp tail included) and the bounds the
/// whole consumer needs outside (`f.s0.x.max_2`): the needed part of the tile is their
/// intersection. `None` when some variable has no binding. One definition for both domains
/// (the interpreter takes the largest lower and the least upper bound; the obligations state
/// every bound, linear, with no `max`/`min` terms); a candidate only, checked by
/// [`needed_obligations`].
pub(crate) fn needed_candidate<T>(
    names: &[(String, String)],
    mut all: impl FnMut(&str) -> Vec<T>,
) -> Option<Vec<(Vec<T>, Vec<T>)>> {
    let mut region = Vec::new();
    for (lo, hi) in names {
        let (lo, hi) = (all(lo), all(hi));
        if lo.is_empty() || hi.is_empty() {
            return None;
        }
        region.push((lo, hi));
    }
    Some(region)
}

fn in_region(d: &mut Sym, point: &[TermId], region: &[(Vec<TermId>, Vec<TermId>)]) -> TermId {
    let mut cs = Vec::new();
    for (p, (los, his)) in point.iter().zip(region) {
        for lo in los {
            cs.push(d.store.le(*lo, *p));
        }
        for hi in his {
            cs.push(d.store.le(*p, *hi));
        }
    }
    d.store.and(cs)
}

/// The condition under which store `w` is live (its point inside its realization's needed
/// region); `None` when it always is (the output, or no candidate region).
pub(crate) fn live(d: &mut Sym, run: &Run, w: &Write) -> Option<TermId> {
    let region = run.realizations[w.realize?].needed.as_ref()?;
    if region.len() != w.point.len() {
        return None;
    }
    Some(in_region(d, &w.point, region))
}

/// The condition under which read `r`'s value matters: the liveness of the store it is part
/// of; `None` when it always does (a read outside any store, or by an always-live store).
pub(crate) fn live_read(d: &mut Sym, run: &Run, writes: &[Write], r: &Read) -> Option<TermId> {
    live(d, run, &writes[r.store?])
}

/// (b): every read of a realized Func whose value matters reads a point of its needed region.
pub(crate) fn needed_obligations(
    d: &mut Sym,
    run: &Run,
    writes: &[Write],
    reads: &[Read],
    obs: &mut Vec<Obligation>,
) {
    for r in reads {
        let Some(i) = r.realize else { continue };
        let Some(region) = run.realizations[i].needed.clone() else {
            continue;
        };
        if region.len() != r.point.len() {
            continue;
        }
        let mut a = r.path.clone();
        a.extend(live_read(d, run, writes, r));
        let inside = in_region(d, &r.point, &region);
        a.push(d.store.not(inside));
        obs.push(Obligation {
            what: format!(
                "a read of `{}` whose value is needed reads inside `{}`'s needed region (the bounds `{}.s0.*`)",
                r.func, r.func, r.func
            ),
            kind: WitnessKind::Uninitialized,
            assertions: a,
            span: r.span,
            free: r.loops.clone(),
            fallbacks: vec![],
        });
    }
}

/// One note per store that may write outside its needed region (its reads may then be of
/// never-written cells, whose values are discarded).
pub(crate) fn discarded_notes(d: &mut Sym, run: &Run, writes: &[Write]) -> Vec<Note> {
    let mut notes = Vec::new();
    for w in writes {
        let Some(l) = live(d, run, w) else { continue };
        let mut a = run.asserts.clone();
        a.extend(w.path.iter().copied());
        a.push(d.store.not(l));
        notes.push(Note {
            what: format!(
                "stores of `{}` outside its needed region (Halide's un-rounded bounds `{}.s0.*`, checked; e.g. a RoundUp tail)",
                w.func, w.func
            ),
            span: w.span,
            assertions: a,
        });
    }
    notes
}

#[cfg(test)]
mod tests {
    /// A Func computed per tile of a consumer has the tile's bounds innermost and the
    /// consumer's whole needed bounds outside: its needed region is their intersection (the
    /// tile's RoundUp tail past the consumer's last column is not needed); a variable with no
    /// binding gives no region.
    #[test]
    fn a_needed_region_intersects_every_binding_in_scope() {
        let names = vec![("f.s0.x.min".to_string(), "f.s0.x.max".to_string())];
        // Innermost first: the tile [63, 126], then the consumer's [-1, 64].
        let scope = [
            ("f.s0.x.min_3", 63),
            ("f.s0.x.max_3", 126),
            ("f.s0.x.min_2", -1),
            ("f.s0.x.max_2", 64),
            ("g.s0.x.max", 0),
        ];
        let all = |name: &str| -> Vec<i128> {
            scope
                .iter()
                .filter(|(n, _)| crate::spec::binds(n, name))
                .map(|(_, v)| *v)
                .collect()
        };
        let region = super::needed_candidate(&names, all).unwrap();
        let lo = region[0].0.iter().copied().max();
        let hi = region[0].1.iter().copied().min();
        assert_eq!((lo, hi), (Some(63), Some(64)));
        let unbound = vec![("f.s0.y.min".to_string(), "f.s0.y.max".to_string())];
        assert!(super::needed_candidate(&unbound, all).is_none());
    }
}
