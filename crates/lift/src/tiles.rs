//! Tile sums: a loop over tiles summed with a sum over each tile's lanes,
//! `Σ_{t, l : 0 <= l < S, P(t, l)} f(t, l)`, is one sum over `k = t*S + l`,
//! `Σ_{k : P(k div S, k - S*(k div S))} f(...)`: the pairs `(t, l)` with `0 <= l < S` and the
//! integers `k` are in bijection (Euclidean division by `S > 0`), so the rewrite is exact for
//! every domain `P`. Once integer arithmetic is normalised, a body that reads the pair only
//! through `t*S + l` (`x[row, off + l]` with `off = t*S`) reads `k`; `k div S` stays where
//! the tile index itself is needed (`k div S < cdiv(n, S)`, the loop's range).
//!
//! Also: sums named as one value where an op is not linear in them (`LDomain::opaque`), and
//! their matching with the formula's named sums.
//!
//! Symbolic only: the concrete interpreter runs loops iteration by iteration.

use crate::exec::LOOP_AXIS;
use crate::value::OPAQUE_SUM;
use smt::{Node, Sort, Store, SymId, TermId};
use std::collections::{BTreeMap, HashMap};
use symbolic::{Red, Sym};

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
fn normalize(s: &mut Store, t: TermId, memo: &mut HashMap<TermId, TermId>) -> TermId {
    if let Some(r) = memo.get(&t) {
        return *r;
    }
    let node = s.node(t).clone();
    let kids: Vec<TermId> = s.children(t);
    let k: Vec<TermId> = kids.iter().map(|c| normalize(s, *c, memo)).collect();
    let r = match node {
        Node::Bool(_) | Node::Int(_) | Node::Real(..) | Node::Sym(_) => t,
        Node::App(f, _) => s.app(f, k),
        Node::Not(_) => s.not(k[0]),
        Node::And(_) => s.and(k),
        Node::Or(_) => s.or(k),
        Node::Add(_) => s.add(k),
        Node::Mul(_) => s.mul(k),
        Node::Neg(_) => s.neg(k[0]),
        Node::Ite(..) => s.ite(k[0], k[1], k[2]),
        Node::IntDiv(..) => s.int_div(k[0], k[1]),
        Node::IntMod(..) => s.int_mod(k[0], k[1]),
        Node::RealDiv(..) => s.real_div(k[0], k[1]),
        Node::ToReal(_) => s.to_real(k[0]),
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
                _ => rebuild_cmp(s, &node, &k),
            }
        }
        Node::Eq(..) | Node::Le(..) | Node::Lt(..) => rebuild_cmp(s, &node, &k),
        Node::Forall(..) | Node::Exists(..) => t,
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

fn rebuild_cmp(s: &mut Store, node: &Node, k: &[TermId]) -> TermId {
    match node {
        Node::Eq(..) => s.eq(k[0], k[1]),
        Node::Le(..) => s.le(k[0], k[1]),
        _ => s.lt(k[0], k[1]),
    }
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

/// `r` with each loop axis merged with a lane axis of its tiles where that simplifies (see
/// the module docs); unchanged otherwise.
pub(crate) fn collapse(s: &mut Store, r: &Red) -> Red {
    let mut r = r.clone();
    'again: loop {
        let mut cs = Vec::new();
        conjuncts(s, r.dom, &mut cs);
        let loops: Vec<SymId> = r
            .vars
            .iter()
            .filter(|(_, a)| a == LOOP_AXIS)
            .map(|(v, _)| *v)
            .collect();
        for t in loops {
            for (l, axis) in r.vars.clone() {
                if axis == LOOP_AXIS || axis == "#" {
                    continue;
                }
                let Some(size) = lane_extent(s, &cs, l) else {
                    continue;
                };
                if let Some(merged) = merge(s, &r, t, l, size) {
                    r = merged;
                    continue 'again;
                }
            }
        }
        return r;
    }
}

/// Sums over `(t, l)` with `0 <= l < size` as one sum over `k = t*size + l`.
fn merge(s: &mut Store, r: &Red, t: SymId, l: SymId, size: i128) -> Option<Red> {
    let k = s.fresh("sum_k", Sort::Int);
    let q = s.fresh("tile", Sort::Int);
    let (kt, qt) = (s.sym(k), s.sym(q));
    let st = s.int(size);
    let sq = s.mul2(st, qt);
    let lane = s.sub(kt, sq);
    let map = HashMap::from([(t, qt), (l, lane)]);
    let mut memo = HashMap::new();
    let body = s.substitute(r.body, &map);
    let body = normalize(s, body, &mut memo);
    // `0 <= k - S*q < S` is `q = k div S`: dropped, with `q` replaced by it.
    let zero = s.int(0);
    let lo = s.le(zero, lane);
    let lo = normalize(s, lo, &mut memo);
    let hi = s.lt(lane, st);
    let hi = normalize(s, hi, &mut memo);
    let dom = s.substitute(r.dom, &map);
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
    let body = s.substitute(body, &back);
    let mut vars: Vec<(SymId, String)> = r
        .vars
        .iter()
        .filter(|(v, _)| *v != t && *v != l)
        .cloned()
        .collect();
    vars.push((k, "k".to_string()));
    Some(Red {
        vars,
        dom,
        body,
        ..r.clone()
    })
}

/// Every sum named by `LDomain::opaque` (its value symbol and its definition, collapsed), in
/// the order they were named.
pub(crate) fn named_sums(sym: &mut Sym) -> Vec<(SymId, Red)> {
    let mut out = Vec::new();
    for f in sym.folds.lambdas.clone() {
        if f.family != OPAQUE_SUM {
            continue;
        }
        let Node::Sym(v) = sym.store.node(f.value).clone() else {
            continue;
        };
        let vars = f
            .vars
            .iter()
            .map(|x| {
                let axis = sym
                    .index_vars
                    .iter()
                    .find(|iv| iv.sym == *x)
                    .map(|iv| iv.axis.clone())
                    .unwrap_or_default();
                (*x, axis)
            })
            .collect();
        let r = Red {
            reducer: tensor::Reducer::Sum,
            ty: tensor::ElemType::Real,
            vars,
            dom: f.dom,
            body: f.body,
        };
        out.push((v, collapse(&mut sym.store, &r)));
    }
    out
}

/// The named sums whose values occur in `t`, directly or through the definitions of others,
/// in the order they were named.
pub(crate) fn sums_in(s: &Store, all: &[(SymId, Red)], t: TermId) -> Vec<(SymId, Red)> {
    let mut found: Vec<usize> = Vec::new();
    let mut todo = vec![t];
    while let Some(x) = todo.pop() {
        for v in s.symbols_of(x) {
            if let Some(i) = all.iter().position(|(w, _)| *w == v) {
                if !found.contains(&i) {
                    found.push(i);
                    todo.push(all[i].1.dom);
                    todo.push(all[i].1.body);
                }
            }
        }
    }
    found.sort();
    found.into_iter().map(|i| all[i].clone()).collect()
}

/// Sorts named sums (the kernel's, then the formula's, each inner ones first) into classes of
/// equal sums and maps each to its class's first member: two sums are equal when, under
/// `assume`, they range over the same indices (zero terms dropped) and agree term by term there
/// (one shared summation variable; the sums they contain already replaced by their classes'
/// first members). Each equality is proved by the solver (both queries unsat within `cfg`); so
/// the result maps a sum's symbol to a value equal to it wherever `assume` holds.
pub(crate) fn sum_classes(
    s: &mut Store,
    sums: &[(SymId, Red)],
    assume: &[TermId],
    cfg: smt::SolverConfig,
) -> HashMap<SymId, TermId> {
    let mut map: HashMap<SymId, TermId> = HashMap::new();
    // Each class's first member: its symbol, summation variable, domain and body.
    let mut reps: Vec<(SymId, SymId, TermId, TermId)> = Vec::new();
    for (v, r) in sums {
        let Some((k, dom, body)) = crate::synth::normalize_sum(s, r) else {
            continue;
        };
        let dom = s.substitute(dom, &map);
        let body = s.substitute(body, &map);
        let mut joined = None;
        for (rv, rk, rdom, rbody) in &reps {
            let kt = s.sym(*rk);
            let m = HashMap::from([(k, kt)]);
            let (d, b) = (s.substitute(dom, &m), s.substitute(body, &m));
            let same_dom = s.eq(*rdom, d);
            let mut q1 = assume.to_vec();
            q1.push(s.not(same_dom));
            let same = s.eq(*rbody, b);
            let mut q2 = assume.to_vec();
            q2.push(*rdom);
            q2.push(s.not(same));
            let proved = [q1, q2].iter().all(|q| {
                let mut st = s.clone();
                let q = smt::simplify_arith(&mut st, q);
                matches!(
                    smt::decide_portfolio(&st, &q, cfg).0,
                    smt::CheckResult::Unsat
                )
            });
            if proved {
                joined = Some(*rv);
                break;
            }
        }
        match joined {
            Some(rv) => {
                let t = s.sym(rv);
                map.insert(*v, t);
            }
            None => reps.push((*v, k, dom, body)),
        }
    }
    map
}
