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
    Some(store.or(ne))
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
}
