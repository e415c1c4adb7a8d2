//! A value obligation `L ≠ R` split by congruence: where the two sides are one context `C`
//! around different subterms (`L = C[s₁..sₙ]`, `R = C[t₁..tₙ]`), `L = R` follows from every
//! `sᵢ = tᵢ`, so `s₁ ≠ t₁ ∨ … ∨ sₙ ≠ tₙ` unsat (under the same facts) proves the
//! obligation. nl_means' value is one such case: both sides are the same product of a
//! polynomial, a data value and `reinterpret<float32>` of an integer, and the two integers
//! are written differently (`8388608*clamp(k, -127, 128) + 1065353216` against
//! `8388608*clamp(k + 127, 0, 255)`): linear integer arithmetic once the rest is set aside,
//! where the whole query (nonlinear reals with `to_int`) times out.
//!
//! The differing subterms are then abstracted: each maximal subterm outside linear
//! arithmetic (an uninterpreted application, a nonlinear product, `to_int`, a quantifier)
//! becomes a fresh symbol, one per term (equal terms, equal symbols). That only weakens the
//! query (any model of the original extends to one of the abstraction), so unsat stays a
//! proof; a model proves nothing (the caller asks the original query next).

use smt::{Node, Sort, Store, TermId};
use std::collections::HashMap;

/// The abstracted disjunction `s₁ ≠ t₁ ∨ …` of the subterms where `l` and `r` differ under a
/// common context, when that context is more than the root (else `None`: nothing to gain).
pub(crate) fn split(store: &mut Store, l: TermId, r: TermId) -> Option<TermId> {
    const MAX_PAIRS: usize = 64;
    let mut pairs = Vec::new();
    let mut seen = std::collections::HashSet::new();
    differ(store, l, r, &mut pairs, &mut seen, MAX_PAIRS)?;
    if pairs.is_empty() || pairs == [(l, r)] {
        return None;
    }
    let mut memo = HashMap::new();
    let mut ne = Vec::new();
    for (s, t) in pairs {
        let s = abstracted(store, s, &mut memo);
        let t = abstracted(store, t, &mut memo);
        ne.push(store.ne(s, t));
    }
    let q = store.or(ne);
    // Two different literals paired (weights regrouped): the split says nothing.
    (store.as_bool(q) != Some(true)).then_some(q)
}

/// `l ≠ r` weakened where the two sides read one uninterpreted function at arguments written
/// differently but arranged differently around them, so that no common context reaches the
/// reads ([`split`]): local_laplacian's 16 taps of the remap LUT at `clamp(int32(g*1792.0f),
/// 0, 1792) - 256*k` in the algorithm and at `clamp(int32(clamp(g, 0, 1)*1792.0f), 0, 1792) -
/// 256*k` in the statement, whose weights Halide regrouped. Each application only one side
/// has is paired with the first unpaired one of the other side, of the same function, that
/// contains an application both sides have (the tap's read of `g`); the query is "the
/// arguments of some pair differ, or the sides differ with each pair one fresh symbol". A
/// weakening (a model of `l ≠ r` where every pair's arguments agree gives both of a pair one
/// value, by congruence), so unsat is a proof. `None` without a pair.
pub(crate) fn paired(store: &mut Store, l: TermId, r: TermId) -> Option<TermId> {
    let (in_l, in_r) = (applications(store, l), applications(store, r));
    let common: std::collections::HashSet<TermId> =
        in_l.iter().copied().filter(|a| in_r.contains(a)).collect();
    let only_r: Vec<TermId> = in_r
        .iter()
        .copied()
        .filter(|a| !common.contains(a))
        .collect();
    let mut taken = vec![false; only_r.len()];
    let mut pairs = Vec::new();
    for a in in_l.iter().copied().filter(|a| !common.contains(a)) {
        let Node::App(f, xs) = store.node(a).clone() else {
            continue;
        };
        let reads: Vec<TermId> = applications(store, a)
            .into_iter()
            .filter(|x| common.contains(x))
            .collect();
        let found = only_r.iter().enumerate().position(|(i, b)| {
            !taken[i]
                && matches!(store.node(*b), Node::App(g, ys) if *g == f && ys.len() == xs.len())
                && applications(store, *b).iter().any(|x| reads.contains(x))
        });
        if let Some(i) = found {
            taken[i] = true;
            pairs.push((a, only_r[i]));
        }
    }
    if pairs.is_empty() {
        return None;
    }
    let mut map = HashMap::new();
    let mut ne = Vec::new();
    for (a, b) in &pairs {
        let (xs, ys) = (store.children(*a), store.children(*b));
        for (x, y) in xs.into_iter().zip(ys) {
            ne.push(store.ne(x, y));
        }
        let s = store.fresh("paired", store.sort(*a));
        let s = store.sym(s);
        map.insert(*a, s);
        map.insert(*b, s);
    }
    let l2 = replaced(store, l, &map, &mut HashMap::new());
    let r2 = replaced(store, r, &map, &mut HashMap::new());
    ne.push(store.ne(l2, r2));
    Some(store.or(ne))
}

/// The applications of uninterpreted functions in `t`, each once, in the order first met.
fn applications(store: &Store, t: TermId) -> Vec<TermId> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![t];
    while let Some(u) = todo.pop() {
        if !seen.insert(u) {
            continue;
        }
        if matches!(store.node(u), Node::App(..)) {
            out.push(u);
        }
        todo.extend(store.children(u).into_iter().rev());
    }
    out
}

/// `t` with each subterm that `map` names replaced.
fn replaced(
    store: &mut Store,
    t: TermId,
    map: &HashMap<TermId, TermId>,
    memo: &mut HashMap<TermId, TermId>,
) -> TermId {
    if let Some(x) = map.get(&t).or_else(|| memo.get(&t)) {
        return *x;
    }
    let kids = store.children(t);
    let out = if kids.is_empty() {
        t
    } else {
        let kids = kids
            .into_iter()
            .map(|c| replaced(store, c, map, memo))
            .collect();
        store.with_children(t, kids)
    };
    memo.insert(t, out);
    out
}

/// Collects the pairs of subterms where `a` and `b` differ below a common context; `None` when
/// there are more than `max` of them.
fn differ(
    store: &Store,
    a: TermId,
    b: TermId,
    out: &mut Vec<(TermId, TermId)>,
    seen: &mut std::collections::HashSet<(TermId, TermId)>,
    max: usize,
) -> Option<()> {
    if a == b || !seen.insert((a, b)) {
        return Some(());
    }
    // Integers are left whole to the solver's linear arithmetic.
    let (na, nb) = (store.node(a), store.node(b));
    if store.sort(a) == Sort::Int || !same_head(na, nb) {
        out.push((a, b));
        return (out.len() <= max).then_some(());
    }
    let (xs, ys) = (store.children(a), store.children(b));
    let (xs, ys) = if matches!(na, Node::Add(_) | Node::Mul(_) | Node::And(_) | Node::Or(_)) {
        // Commutative: the children both sides share pair with each other.
        unshared(&xs, &ys)
    } else {
        (xs, ys)
    };
    if xs.len() != ys.len() {
        out.push((a, b));
        return (out.len() <= max).then_some(());
    }
    for (x, y) in xs.into_iter().zip(ys) {
        differ(store, x, y, out, seen, max)?;
    }
    Some(())
}

/// The children of two commutative nodes that the other does not have (a multiset
/// difference), in order.
fn unshared(xs: &[TermId], ys: &[TermId]) -> (Vec<TermId>, Vec<TermId>) {
    let mut ys_left: Vec<Option<TermId>> = ys.iter().copied().map(Some).collect();
    let mut xs_left = Vec::new();
    for x in xs {
        match ys_left.iter_mut().find(|y| **y == Some(*x)) {
            Some(y) => *y = None,
            None => xs_left.push(*x),
        }
    }
    (xs_left, ys_left.into_iter().flatten().collect())
}

/// The same operator with the same non-term payload, so that equal children give equal
/// terms (quantifiers are never: their bodies are not congruent that way).
fn same_head(a: &Node, b: &Node) -> bool {
    use Node::*;
    match (a, b) {
        (App(f, x), App(g, y)) => f == g && x.len() == y.len(),
        (Fp(f, x), Fp(g, y)) => f == g && x.len() == y.len(),
        (Bv(f, x), Bv(g, y)) => f == g && x.len() == y.len(),
        (And(_), And(_)) | (Or(_), Or(_)) | (Add(_), Add(_)) | (Mul(_), Mul(_)) => true,
        (Not(_), Not(_))
        | (Ite(..), Ite(..))
        | (Eq(..), Eq(..))
        | (Neg(_), Neg(_))
        | (IntDiv(..), IntDiv(..))
        | (IntMod(..), IntMod(..))
        | (RealDiv(..), RealDiv(..))
        | (Le(..), Le(..))
        | (Lt(..), Lt(..))
        | (ToReal(_), ToReal(_))
        | (ToInt(_), ToInt(_)) => true,
        _ => false,
    }
}

/// `t` with each maximal subterm outside linear arithmetic replaced by a fresh symbol of its
/// sort (one per term).
fn abstracted(store: &mut Store, t: TermId, memo: &mut HashMap<TermId, TermId>) -> TermId {
    if let Some(x) = memo.get(&t) {
        return *x;
    }
    let node = store.node(t).clone();
    let literal = |s: &Store, x: TermId| matches!(s.node(x), Node::Int(_) | Node::Real(..));
    let linear = match &node {
        Node::Bool(_) | Node::Int(_) | Node::Real(..) | Node::Sym(_) => {
            memo.insert(t, t);
            return t;
        }
        Node::Not(_)
        | Node::And(_)
        | Node::Or(_)
        | Node::Ite(..)
        | Node::Eq(..)
        | Node::Add(_)
        | Node::Neg(_)
        | Node::Le(..)
        | Node::Lt(..)
        | Node::ToReal(_) => true,
        Node::Mul(xs) => xs.iter().filter(|x| !literal(store, **x)).count() <= 1,
        Node::IntDiv(_, k) | Node::IntMod(_, k) => literal(store, *k),
        _ => false,
    };
    let out = if linear {
        let kids: Vec<TermId> = store
            .children(t)
            .into_iter()
            .map(|c| abstracted(store, c, memo))
            .collect();
        store.with_children(t, kids)
    } else {
        let sort = store.sort(t);
        let s = store.fresh("abstracted", sort);
        store.sym(s)
    };
    memo.insert(t, out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// nl_means' two sides: the same product around two spellings of one integer (unsat by
    /// linear arithmetic once split), and a real difference under the same context (sat).
    #[test]
    fn a_value_obligation_splits_at_its_differing_integers() {
        let mut st = Store::default();
        let k = st.fresh("k", Sort::Int);
        let k = st.sym(k);
        let x = st.fresh("x", Sort::Real);
        let x = st.sym(x);
        let f = st.declare_fun("reinterpret", &[Sort::Real], Sort::Real);
        let clamp = |st: &mut Store, v: TermId, lo: i128, hi: i128| {
            let (lo, hi) = (st.int(lo), st.int(hi));
            let below = st.lt(v, lo);
            let v = st.ite(below, lo, v);
            let above = st.lt(hi, v);
            st.ite(above, hi, v)
        };
        let scale = st.int(8388608);
        let bias = st.int(1065353216);
        let c1 = clamp(&mut st, k, -127, 128);
        let m1 = st.mul2(scale, c1);
        let i1 = st.add2(m1, bias);
        let seven = st.int(127);
        let k127 = st.add2(k, seven);
        let c2 = clamp(&mut st, k127, 0, 255);
        let i2 = st.mul2(scale, c2);
        let side = |st: &mut Store, i: TermId| {
            let r = st.to_real(i);
            let e = st.app(f, vec![r]);
            let xx = st.mul2(x, x);
            st.mul2(xx, e)
        };
        let l = side(&mut st, i1);
        let r = side(&mut st, i2);
        let q = split(&mut st, l, r).expect("a common context");
        let cfg = smt::SolverConfig {
            timeout: std::time::Duration::from_secs(10),
        };
        assert!(matches!(
            smt::decide_portfolio(&st, &[q], cfg).0,
            smt::CheckResult::Unsat
        ));
        // One more than the other: a real difference, not unsat.
        let one = st.int(1);
        let i3 = st.add2(i2, one);
        let r3 = side(&mut st, i3);
        let q3 = split(&mut st, l, r3).expect("a common context");
        assert!(matches!(
            smt::decide_portfolio(&st, &[q3], cfg).0,
            smt::CheckResult::Sat(_)
        ));
        // No common context: nothing to split.
        let y = st.fresh("y", Sort::Real);
        let y = st.sym(y);
        assert!(split(&mut st, x, y).is_none());
    }

    /// local_laplacian's LUT taps: the algorithm reads `remap` at `clamp(to_int(g*1792), 0,
    /// 1792)`, the statement at `clamp(to_int(clamp(g, 0, 1)*1792), 0, 1792)`, with the
    /// weights regrouped (`(a + 3b)/8` against `0.125a + 0.375b`): no common context reaches
    /// the reads, the pairing proves it; a weight changed is not proved.
    #[test]
    fn reads_of_one_function_at_arguments_written_differently_pair() {
        let mut st = Store::default();
        let gray = st.declare_fun("gray", &[Sort::Int], Sort::Real);
        let remap = st.declare_fun("remap", &[Sort::Int], Sort::Real);
        let x = st.fresh("x", Sort::Int);
        let x = st.sym(x);
        let one = st.int(1);
        let x1 = st.add2(x, one);
        let clamp = |st: &mut Store, v: TermId, lo: TermId, hi: TermId| {
            let below = st.lt(v, lo);
            let v = st.ite(below, lo, v);
            let above = st.lt(hi, v);
            st.ite(above, hi, v)
        };
        let index = |st: &mut Store, at: TermId, inner: bool| {
            let mut g = st.app(gray, vec![at]);
            if inner {
                let (lo, hi) = (st.real(0, 1), st.real(1, 1));
                g = clamp(st, g, lo, hi);
            }
            let k = st.real(1792, 1);
            let m = st.mul2(k, g);
            let i = st.to_int(m);
            let (lo, hi) = (st.int(0), st.int(1792));
            let i = clamp(st, i, lo, hi);
            st.app(remap, vec![i])
        };
        let (a0, a1) = (index(&mut st, x, false), index(&mut st, x1, false));
        let (s0, s1) = (index(&mut st, x, true), index(&mut st, x1, true));
        let three = st.real(3, 1);
        let b = st.mul2(three, a1);
        let sum = st.add2(a0, b);
        let eight = st.real(8, 1);
        let l = st.real_div(sum, eight);
        let right = |st: &mut Store, w: (i128, i128)| {
            let c0 = st.real(1, 8);
            let p0 = st.mul2(c0, s0);
            let c1 = st.real(w.0, w.1);
            let p1 = st.mul2(c1, s1);
            st.add2(p0, p1)
        };
        let r = right(&mut st, (3, 8));
        assert!(split(&mut st, l, r).is_none());
        let q = paired(&mut st, l, r).expect("two pairs of `remap` reads");
        let cfg = smt::SolverConfig {
            timeout: std::time::Duration::from_secs(10),
        };
        assert!(matches!(
            smt::decide_portfolio(&st, &[q], cfg).0,
            smt::CheckResult::Unsat
        ));
        let wrong = right(&mut st, (1, 2));
        let q = paired(&mut st, l, wrong).expect("two pairs of `remap` reads");
        assert!(!matches!(
            smt::decide_portfolio(&st, &[q], cfg).0,
            smt::CheckResult::Unsat
        ));
    }
}
