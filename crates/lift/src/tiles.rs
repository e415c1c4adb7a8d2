//! Tile sums: a sum over tiles of sums over each tile's lanes,
//! `Σ_{t, l : 0 <= l < S, P(t, l)} f(t, l)`, is one sum over `k = t*S + l`,
//! `Σ_{k : P(k div S, k - S*(k div S))} f(...)`: the pairs `(t, l)` with `0 <= l < S` and the
//! integers `k` are in bijection (Euclidean division by `S > 0`), so the rewrite is exact for
//! every domain `P`. Once integer arithmetic is normalised, a body that reads the pair only
//! through `t*S + l` (`x[row, off + l]` with `off = t*S`) reads `k`; `k div S` stays where
//! the tile index itself is needed (`k div S < cdiv(n, S)`, the loop's range).
//!
//! Used when a sum atom is made (`crate::atoms::reduction`) whose body is another sum atom
//! whose definition mentions the outer index: a loop accumulating `tl.sum` of tiles (the outer
//! index is the iteration, the inner one the lane), or `tl.sum` of a tile accumulated by a
//! loop (the other way round). Either index may be the lane: the one with a literal extent.
//!
//! Symbolic only: the concrete interpreter runs loops iteration by iteration.

use smt::{Node, Sort, Store, SymId, TermId};
use std::collections::{BTreeMap, HashMap};
use symbolic::{LambdaFold, Sym};

/// The conjuncts of a condition.
fn conjuncts(s: &Store, t: TermId, out: &mut Vec<TermId>) {
    match s.node(t) {
        Node::And(xs) => {
            for x in xs.clone() {
                conjuncts(s, x, out);
            }
        }
        _ => out.push(t),
    }
}

/// A polynomial over integer atoms (symbols, and any integer term that is not `+`, `*`, `-`
/// or a literal): monomial (sorted atoms) to coefficient, no zero coefficients.
type APoly = BTreeMap<Vec<TermId>, i128>;

fn apoly(s: &Store, t: TermId) -> Option<APoly> {
    let add = |a: &APoly, b: &APoly| -> Option<APoly> {
        let mut m = a.clone();
        for (k, v) in b {
            let e = m.entry(k.clone()).or_insert(0);
            *e = e.checked_add(*v)?;
            if *e == 0 {
                m.remove(k);
            }
        }
        Some(m)
    };
    Some(match s.node(t) {
        Node::Int(0) => APoly::new(),
        Node::Int(i) => BTreeMap::from([(vec![], *i)]),
        Node::Neg(a) => apoly(s, *a)?
            .into_iter()
            .map(|(k, v)| v.checked_neg().map(|v| (k, v)))
            .collect::<Option<_>>()?,
        Node::Add(xs) => {
            let mut acc = APoly::new();
            for x in xs {
                acc = add(&acc, &apoly(s, *x)?)?;
            }
            acc
        }
        Node::Mul(xs) => {
            let mut acc: APoly = BTreeMap::from([(vec![], 1)]);
            for x in xs {
                let p = apoly(s, *x)?;
                let mut out = APoly::new();
                for (ka, va) in &acc {
                    for (kb, vb) in &p {
                        let mut k = ka.clone();
                        k.extend(kb.iter().copied());
                        k.sort();
                        out = add(&out, &BTreeMap::from([(k, va.checked_mul(*vb)?)]))?;
                    }
                }
                acc = out;
            }
            acc
        }
        _ => BTreeMap::from([(vec![t], 1)]),
    })
}

fn aterm(s: &mut Store, p: &APoly) -> TermId {
    let mut parts = Vec::new();
    for (m, c) in p {
        let mut f = vec![s.int(*c)];
        f.extend(m.iter().copied());
        parts.push(s.mul(f));
    }
    if parts.is_empty() {
        return s.int(0);
    }
    s.add(parts)
}

/// Integer arithmetic in a canonical polynomial form over atoms, and integer comparisons as
/// `P op N` with `P`, `N` polynomials with positive coefficients.
/// `t` with its integer arithmetic in canonical polynomial form (comparisons as `pos op neg`):
/// two conditions equal over the integers by ring laws become one term.
pub(crate) fn normal_form(s: &mut Store, t: TermId) -> TermId {
    normalize(s, t, &mut HashMap::new())
}

fn normalize(s: &mut Store, t: TermId, memo: &mut HashMap<TermId, TermId>) -> TermId {
    if let Some(r) = memo.get(&t) {
        return *r;
    }
    let node = s.node(t).clone();
    let kids: Vec<TermId> = s.children(t);
    let k: Vec<TermId> = kids.iter().map(|c| normalize(s, *c, memo)).collect();
    let r = match node {
        Node::Forall(..) | Node::Exists(..) => t,
        Node::Eq(..) | Node::Le(..) | Node::Lt(..) if s.sort(k[0]) == Sort::Int => {
            let neg = apoly(s, k[1]).and_then(|b| {
                b.into_iter()
                    .map(|(m, c)| c.checked_neg().map(|c| (m, c)))
                    .collect::<Option<APoly>>()
            });
            let diff = apoly(s, k[0]).zip(neg).map(|(a, nb)| {
                let mut m = a;
                for (key, v) in nb {
                    let e = m.entry(key.clone()).or_insert(0);
                    *e = e.saturating_add(v);
                    if *e == 0 {
                        m.remove(&key);
                    }
                }
                m
            });
            match diff {
                Some(p) if p.values().all(|c| c.checked_neg().is_some()) => {
                    let pos: APoly = p
                        .iter()
                        .filter(|(_, c)| **c > 0)
                        .map(|(m, c)| (m.clone(), *c))
                        .collect();
                    let neg: APoly = p
                        .iter()
                        .filter(|(_, c)| **c < 0)
                        .map(|(m, c)| (m.clone(), -*c))
                        .collect();
                    let (x, y) = (aterm(s, &pos), aterm(s, &neg));
                    match node {
                        Node::Eq(..) => s.eq(x, y),
                        Node::Le(..) => s.le(x, y),
                        _ => s.lt(x, y),
                    }
                }
                _ => s.with_children(t, k),
            }
        }
        _ => s.with_children(t, k),
    };
    // An integer term: its canonical polynomial form.
    let r = if s.sort(r) == Sort::Int {
        match apoly(s, r) {
            Some(p) => aterm(s, &p),
            None => r,
        }
    } else {
        r
    };
    memo.insert(t, r);
    r
}

/// The literal `S` of a conjunct `l < S` of `dom`, when `0 <= l` is also one.
fn lane_extent(s: &mut Store, cs: &[TermId], l: SymId) -> Option<i128> {
    let lt = s.sym(l);
    let zero = s.int(0);
    let lo = s.le(zero, lt);
    if !cs.contains(&lo) {
        return None;
    }
    cs.iter().find_map(|c| match s.node(*c) {
        Node::Lt(a, b) if *a == lt => s.as_int(*b).filter(|n| *n >= 1),
        _ => None,
    })
}

/// `Σ_{(a, b) : dom} body` as one sum over a fresh `k` (see the module docs), with the lane
/// (`0 <= lane < S` in `dom`, `S` a literal) `b` or else `a`: `(k, dom', body')`, or `None`
/// where neither index is a lane or the rewrite does not drop the lane's bounds.
pub(crate) fn merge_nested(
    sym: &mut symbolic::Sym,
    a: SymId,
    b: SymId,
    dom: TermId,
    body: TermId,
) -> Option<(SymId, TermId, TermId)> {
    let mut cs = Vec::new();
    conjuncts(&sym.store, dom, &mut cs);
    for (t, l) in [(a, b), (b, a)] {
        let Some(size) = lane_extent(&mut sym.store, &cs, l) else {
            continue;
        };
        if let Some(m) = merge(sym, dom, body, t, l, size) {
            return Some(m);
        }
    }
    None
}

/// Sums over `(t, l)` with `0 <= l < size` as one sum over `k = t*size + l`. The atoms of the
/// body whose definitions read `t` or `l` (a flash attention's score `Σ_e q[i, e] * k[l +
/// t*S, e]` inside the tile sum of `p @ v`) are renamed with `k` ([`deep_substitute`]).
fn merge(
    sym: &mut symbolic::Sym,
    dom: TermId,
    body: TermId,
    t: SymId,
    l: SymId,
    size: i128,
) -> Option<(SymId, TermId, TermId)> {
    let k = sym.store.fresh("k", Sort::Int);
    let q = sym.store.fresh("tile", Sort::Int);
    let s = &mut sym.store;
    let (kt, qt) = (s.sym(k), s.sym(q));
    let st = s.int(size);
    let sq = s.mul2(st, qt);
    let lane = s.sub(kt, sq);
    let map = HashMap::from([(t, qt), (l, lane)]);
    let mut memo = HashMap::new();
    let body = deep_substitute(sym, body, &map);
    let s = &mut sym.store;
    let body = normalize(s, body, &mut memo);
    // `0 <= k - S*q < S` is `q = k div S`: dropped, with `q` replaced by it.
    let zero = s.int(0);
    let lo = s.le(zero, lane);
    let lo = normalize(s, lo, &mut memo);
    let hi = s.lt(lane, st);
    let hi = normalize(s, hi, &mut memo);
    let dom = s.substitute(dom, &map);
    let dom = normalize(s, dom, &mut memo);
    let mut cs = Vec::new();
    conjuncts(s, dom, &mut cs);
    if !(cs.contains(&lo) && cs.contains(&hi)) {
        return None;
    }
    cs.retain(|c| *c != lo && *c != hi);
    let div = s.int_div(kt, st);
    let back = HashMap::from([(q, div)]);
    let cs: Vec<TermId> = cs.iter().map(|c| s.substitute(*c, &back)).collect();
    let dom = s.and(cs);
    let body = deep_substitute(sym, body, &back);
    Some((k, dom, body))
}

/// The atoms reachable from `t` (through atom bodies and domains), innermost first.
pub(crate) fn reachable(sym: &Sym, t: TermId) -> Vec<usize> {
    let mut seen = Vec::new();
    let mut todo = vec![t];
    let mut visited = std::collections::HashSet::new();
    while let Some(x) = todo.pop() {
        if !visited.insert(x) {
            continue;
        }
        if let Some(at) = sym.folds.lambdas.iter().position(|l| l.value == x) {
            if !seen.contains(&at) {
                seen.push(at);
            }
            let l = &sym.folds.lambdas[at];
            todo.push(l.dom);
            todo.push(l.body);
            continue;
        }
        todo.extend(sym.store.children(x));
    }
    seen.sort();
    seen
}

/// `t` with the symbols of `map` substituted, through the atoms of `t` whose definitions
/// mention them: each such atom is named anew with the substitution made in its definition
/// (inner ones first, as `Sym::subst_v` renames a loop's iteration), so that no atom keeps a
/// stale index (a tile merge's `t` and lane inside the score of a flash attention). The
/// renamed definitions are in the canonical integer form of [`normal_form`].
pub(crate) fn deep_substitute(sym: &mut Sym, t: TermId, map: &HashMap<SymId, TermId>) -> TermId {
    let mut map = map.clone();
    for at in reachable(sym, t) {
        let f = sym.folds.lambdas[at].clone();
        let Node::Sym(old) = sym.store.node(f.value).clone() else {
            continue;
        };
        let (dom, body, init) = (
            sym.store.substitute(f.dom, &map),
            sym.store.substitute(f.body, &map),
            sym.store.substitute(f.init, &map),
        );
        if (dom, body, init) == (f.dom, f.body, f.init) {
            continue;
        }
        let dom = normal_form(&mut sym.store, dom);
        let body = normal_form(&mut sym.store, body);
        let sort = sym.store.sym_sort(old);
        let name = sym.store.sym_name(old).to_string();
        let new = sym.store.fresh(&name, sort);
        let value = sym.store.sym(new);
        sym.folds.lambdas.push(LambdaFold {
            dom,
            body,
            init,
            value,
            ..f
        });
        map.insert(old, value);
    }
    sym.store.substitute(t, &map)
}
