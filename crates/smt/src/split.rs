//! Splitting a query into independent parts.
//!
//! Two rewrites, each preserving satisfiability:
//!
//! - an uninterpreted function applied to one argument tuple only (`A(i)` everywhere, with no
//!   quantified variable in `i`) becomes a fresh constant: any value of the constant is the value
//!   of some function at `i`;
//! - assertions that share no free symbol and no function are independent: the conjunction is
//!   unsat exactly when one part is, and sat when every part is.
//!
//! A typical win: a value obligation whose elements are all read at one index splits into the
//! index bounds (linear integer arithmetic) and the element equation (pure real arithmetic,
//! which Z3 settles with its complete nonlinear real procedure in milliseconds instead of
//! timing out on the mixed query).

use crate::term::{FunId, Node, Store, SymId, TermId};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// A query split into independent parts, in a store that holds the rewritten terms.
pub(crate) struct Split {
    pub store: Store,
    pub parts: Vec<Vec<TermId>>,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Key {
    Sym(SymId),
    Fun(FunId),
}

/// `Some` when the query has at least two independent parts.
pub(crate) fn split(store: &Store, assertions: &[TermId]) -> Option<Split> {
    // Every application of each function, and every quantified variable.
    let mut apps: BTreeMap<FunId, BTreeSet<TermId>> = BTreeMap::new();
    let mut bound: HashSet<SymId> = HashSet::new();
    let mut seen = HashSet::new();
    let mut stack: Vec<TermId> = assertions.to_vec();
    while let Some(t) = stack.pop() {
        if !seen.insert(t) {
            continue;
        }
        match store.node(t) {
            Node::App(f, _) => {
                apps.entry(*f).or_default().insert(t);
            }
            Node::Forall(vs, _) | Node::Exists(vs, _) => bound.extend(vs.iter().copied()),
            _ => {}
        }
        stack.extend(store.children(t));
    }
    let single: BTreeMap<FunId, TermId> = apps
        .iter()
        .filter(|(_, ts)| ts.len() == 1)
        .map(|(f, ts)| (*f, *ts.iter().next().expect("one application")))
        .filter(|(_, t)| {
            store
                .children(*t)
                .iter()
                .all(|a| store.symbols_of(*a).iter().all(|s| !bound.contains(s)))
        })
        .collect();
    // The keys each assertion mentions, reading an aliased application as its function alone.
    let keys: Vec<BTreeSet<Key>> = assertions
        .iter()
        .map(|a| keys_of(store, *a, &single, &bound))
        .collect();
    let parts = components(&keys);
    if parts.len() < 2 {
        return None;
    }
    let mut out = store.clone();
    let mut map = HashMap::new();
    for (f, app) in &single {
        let (_, ret) = out.fun_signature(*f);
        let name = format!("{}!at", out.fun_name(*f));
        let c = out.fresh(&name, ret);
        let c = out.sym(c);
        map.insert(*app, c);
    }
    let parts = parts
        .into_iter()
        .map(|idx| {
            idx.into_iter()
                .map(|i| out.replace(assertions[i], &map))
                .collect()
        })
        .collect();
    Some(Split { store: out, parts })
}

fn keys_of(
    store: &Store,
    t: TermId,
    single: &BTreeMap<FunId, TermId>,
    bound: &HashSet<SymId>,
) -> BTreeSet<Key> {
    let mut out = BTreeSet::new();
    let mut seen = HashSet::new();
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        if !seen.insert(t) {
            continue;
        }
        match store.node(t) {
            Node::Sym(s) if !bound.contains(s) => {
                out.insert(Key::Sym(*s));
            }
            Node::App(f, _) => {
                out.insert(Key::Fun(*f));
                if single.contains_key(f) {
                    // Becomes a constant: its arguments are gone.
                    continue;
                }
            }
            _ => {}
        }
        stack.extend(store.children(t));
    }
    out
}

/// Groups assertion indices that share a key (transitively), in order of first index.
fn components(keys: &[BTreeSet<Key>]) -> Vec<Vec<usize>> {
    let mut parent: Vec<usize> = (0..keys.len()).collect();
    fn find(parent: &mut [usize], i: usize) -> usize {
        let mut r = i;
        while parent[r] != r {
            r = parent[r];
        }
        let mut j = i;
        while parent[j] != r {
            let next = parent[j];
            parent[j] = r;
            j = next;
        }
        r
    }
    let mut owner: HashMap<Key, usize> = HashMap::new();
    for (i, ks) in keys.iter().enumerate() {
        for k in ks {
            match owner.get(k) {
                Some(&j) => {
                    let (a, b) = (find(&mut parent, i), find(&mut parent, j));
                    if a != b {
                        parent[a.max(b)] = a.min(b);
                    }
                }
                None => {
                    owner.insert(*k, i);
                }
            }
        }
    }
    let mut groups: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for i in 0..keys.len() {
        let r = find(&mut parent, i);
        groups.entry(r).or_default().push(i);
    }
    groups.into_values().collect()
}
