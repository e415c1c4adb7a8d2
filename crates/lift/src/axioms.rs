//! Axioms of `exp`, instantiated on the terms of a query (quantifier-free instances, never a
//! `forall`): the proof treats `exp` as an uninterpreted function, and a query that needs one
//! of its laws gets the instances on the terms that occur in it, and the verdict names the law.
//!
//! - `exp(a + b) = exp(a) * exp(b)`: for every product with two or more `exp` factors,
//!   `exp(a1) * ... * exp(an) = exp(a1 + ... + an)` (the law applied n - 1 times), with the
//!   sum's arithmetic put in a canonical linear form, so that `exp(x - m) * exp(m - M)` meets
//!   `exp(x - M)`; a canonical sum `0` gives `exp(0) = 1` (the same law: `exp(0) = exp(0)^2`
//!   and `exp > 0`);
//! - `exp(a) = exp(a')` for `a'` the canonical form of `a` (congruence, no law).
//!
//! Both are true of the real exponential, which the concrete interpreter bounds by intervals
//! (`tensor::Concrete::real_fn`): a replay never contradicts them.

use smt::{FunId, Node, Store, TermId};
use std::collections::{BTreeMap, HashSet};

/// The law of the instances below, as the verdict names it.
pub(crate) const EXP_ADD: &str = "exp(a + b) = exp(a) * exp(b), exp(0) = 1";

/// A rational `num/den`, `den > 0`.
type Q = (i128, i128);

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

fn q_norm(n: i128, d: i128) -> Option<Q> {
    if d == 0 {
        return None;
    }
    let g = gcd(n, d);
    let (n, d) = (n / g, d / g);
    Some(if d < 0 {
        (n.checked_neg()?, d.checked_neg()?)
    } else {
        (n, d)
    })
}

fn q_add(a: Q, b: Q) -> Option<Q> {
    q_norm(
        a.0.checked_mul(b.1)?.checked_add(b.0.checked_mul(a.1)?)?,
        a.1.checked_mul(b.1)?,
    )
}

fn q_mul(a: Q, b: Q) -> Option<Q> {
    q_norm(a.0.checked_mul(b.0)?, a.1.checked_mul(b.1)?)
}

/// A real linear form: atoms (terms that are not sums, negations or scalings) with
/// coefficients, the constant under the key `None`.
type Lin = BTreeMap<Option<TermId>, Q>;

fn lin(s: &Store, t: TermId) -> Option<Lin> {
    let scale = |l: Lin, c: Q| -> Option<Lin> {
        l.into_iter()
            .map(|(k, v)| q_mul(v, c).map(|v| (k, v)))
            .collect()
    };
    Some(match s.node(t) {
        Node::Real(n, d) => BTreeMap::from([(None, (*n, *d))]),
        Node::Int(i) => BTreeMap::from([(None, (*i, 1))]),
        Node::Neg(a) => scale(lin(s, *a)?, (-1, 1))?,
        Node::Add(xs) => {
            let mut acc = Lin::new();
            for x in xs {
                for (k, v) in lin(s, *x)? {
                    let e = acc.entry(k).or_insert((0, 1));
                    *e = q_add(*e, v)?;
                }
            }
            acc.retain(|_, v| v.0 != 0);
            acc
        }
        Node::Mul(xs) => {
            let lits: Vec<Q> = xs
                .iter()
                .filter_map(|x| match s.node(*x) {
                    Node::Real(n, d) => Some((*n, *d)),
                    _ => None,
                })
                .collect();
            let rest: Vec<TermId> = xs
                .iter()
                .copied()
                .filter(|x| !matches!(s.node(*x), Node::Real(..)))
                .collect();
            let c = lits.into_iter().try_fold((1, 1), q_mul)?;
            match rest[..] {
                [x] => scale(lin(s, x)?, c)?,
                // A product of several non-literal factors is an atom: the whole product, its
                // literal included (coefficient 1; `c` times it would count `c` twice).
                _ => BTreeMap::from([(Some(t), (1, 1))]),
            }
        }
        _ => BTreeMap::from([(Some(t), (1, 1))]),
    })
}

fn unlin(s: &mut Store, l: &Lin) -> TermId {
    let mut parts = Vec::new();
    for (k, (n, d)) in l {
        if *n == 0 {
            continue;
        }
        let c = s.real(*n, *d);
        parts.push(match k {
            Some(t) if (*n, *d) == (1, 1) => *t,
            Some(t) if (*n, *d) == (-1, 1) => s.neg(*t),
            Some(t) => s.mul2(c, *t),
            None => c,
        });
    }
    if parts.is_empty() {
        return s.real(0, 1);
    }
    s.add(parts)
}

/// The canonical linear form of a real term (itself when it has none).
fn canon(s: &mut Store, t: TermId) -> TermId {
    match lin(s, t) {
        Some(l) => unlin(s, &l),
        None => t,
    }
}

/// The instances of the `exp` laws on the terms reachable from `terms` (not through atoms'
/// definitions: their bodies are queried on their own), as facts.
pub(crate) fn exp_instances(s: &mut Store, exp: Option<FunId>, terms: &[TermId]) -> Vec<TermId> {
    bases(s, exp)
        .into_iter()
        .flat_map(|f| base_instances(s, f, terms))
        .collect()
}

/// The exponentials whose laws are instantiated: `exp` when the query has it, and `exp2`
/// (`exp2(a + b) = exp2(a) * exp2(b)`, `exp2(0) = 1`: the same laws in base 2).
fn bases(s: &mut Store, exp: Option<FunId>) -> Vec<FunId> {
    let exp2 = s.declare_fun("uf_exp2", &[smt::Sort::Real], smt::Sort::Real);
    exp.into_iter().chain([exp2]).collect()
}

/// The law of the instances of `exp2`, as the verdict names it.
pub(crate) const EXP2_ADD: &str = "exp2(a + b) = exp2(a) * exp2(b), exp2(0) = 1";

/// The laws that `facts` (instances from [`exp_instances`]) instantiate, by the functions
/// they apply.
pub(crate) fn laws_in(s: &Store, facts: &[TermId]) -> Vec<&'static str> {
    let mut out = Vec::new();
    let mut todo = facts.to_vec();
    let mut seen = HashSet::new();
    while let Some(t) = todo.pop() {
        if !seen.insert(t) {
            continue;
        }
        if let Node::App(f, _) = s.node(t) {
            let law = match s.fun_name(*f) {
                "uf_exp" => EXP_ADD,
                "uf_exp2" => EXP2_ADD,
                _ => "",
            };
            if !law.is_empty() && !out.contains(&law) {
                out.push(law);
            }
        }
        todo.extend(s.children(t));
    }
    out
}

fn base_instances(s: &mut Store, exp: FunId, terms: &[TermId]) -> Vec<TermId> {
    let is_exp = |s: &Store, t: TermId| matches!(s.node(t), Node::App(f, _) if *f == exp);
    let arg = |s: &Store, t: TermId| match s.node(t) {
        Node::App(_, a) => a[0],
        _ => t,
    };
    let mut seen = HashSet::new();
    let mut todo = terms.to_vec();
    let (mut apps, mut products) = (Vec::new(), Vec::new());
    while let Some(t) = todo.pop() {
        if !seen.insert(t) {
            continue;
        }
        if is_exp(s, t) {
            apps.push(t);
        }
        if let Node::Mul(xs) = s.node(t) {
            let es: Vec<TermId> = xs.iter().copied().filter(|x| is_exp(s, *x)).collect();
            if es.len() >= 2 {
                products.push(es);
            }
        }
        todo.extend(s.children(t));
    }
    let mut facts = Vec::new();
    for a in apps {
        let c = canon(s, arg(s, a));
        let e = s.app(exp, vec![c]);
        if e != a {
            facts.push(s.eq(a, e));
        }
    }
    for es in products {
        let args: Vec<TermId> = es.iter().map(|e| arg(s, *e)).collect();
        let sum = s.add(args);
        let c = canon(s, sum);
        let one = s.app(exp, vec![c]);
        let prod = s.mul(es);
        facts.push(s.eq(prod, one));
        if matches!(s.node(c), Node::Real(0, _)) {
            let r1 = s.real(1, 1);
            facts.push(s.eq(one, r1));
        }
    }
    facts
}

/// `t` with every product of two or more `exp` factors made one `exp` of the canonical sum of
/// their arguments (equal by [`EXP_ADD`]): for reading an atom's body (synthesis guesses a
/// formula from it, which is then proved).
pub(crate) fn collapse_exp(s: &mut Store, exp: Option<FunId>, t: TermId) -> TermId {
    bases(s, exp)
        .into_iter()
        .fold(t, |t, f| collapse_base(s, f, t))
}

fn collapse_base(s: &mut Store, exp: FunId, t: TermId) -> TermId {
    let mut todo = vec![t];
    let mut seen = HashSet::new();
    let mut map = std::collections::HashMap::new();
    while let Some(x) = todo.pop() {
        if !seen.insert(x) {
            continue;
        }
        todo.extend(s.children(x));
        let Node::Mul(xs) = s.node(x).clone() else {
            continue;
        };
        let (es, rest): (Vec<TermId>, Vec<TermId>) = xs
            .iter()
            .partition(|f| matches!(s.node(**f), Node::App(g, _) if *g == exp));
        if es.len() < 2 {
            continue;
        }
        let args: Vec<TermId> = es
            .iter()
            .map(|e| match s.node(*e) {
                Node::App(_, a) => a[0],
                _ => *e,
            })
            .collect();
        let sum = s.add(args);
        let c = canon(s, sum);
        let mut parts = rest;
        parts.push(s.app(exp, vec![c]));
        let m = s.mul(parts);
        map.insert(x, m);
    }
    s.replace(t, &map)
}

/// The law of [`positive_instances`], as the verdict names it.
pub(crate) const EXP_POS: &str = "exp(a) > 0";

/// The one `exp` factor of `t`: `t` itself, or the only `exp` among a product's factors.
fn exp_factor(s: &Store, exp: FunId, t: TermId) -> Option<TermId> {
    let is_exp = |x: TermId| matches!(s.node(x), Node::App(f, _) if *f == exp);
    if is_exp(t) {
        return Some(t);
    }
    let Node::Mul(xs) = s.node(t) else {
        return None;
    };
    match xs.iter().filter(|x| is_exp(**x)).collect::<Vec<_>>()[..] {
        [e] => Some(*e),
        _ => None,
    }
}

/// `exp(u - v)` (canonical) for `a = exp(u) * r` and `b = exp(v) * r'` (`r`, `r'` the other
/// factors, no `exp` among them; a flash attention's `exp(s_ij) * v[j, d]`): the factor with
/// `a = f * b` when `r = r'`, which the query that uses it proves.
pub(crate) fn exp_ratio(s: &mut Store, exp: Option<FunId>, a: TermId, b: TermId) -> Option<TermId> {
    let exp = exp?;
    let (ea, eb) = (exp_factor(s, exp, a)?, exp_factor(s, exp, b)?);
    let (Node::App(_, x), Node::App(_, y)) = (s.node(ea).clone(), s.node(eb).clone()) else {
        return None;
    };
    let d = s.sub(x[0], y[0]);
    let c = canon(s, d);
    Some(s.app(exp, vec![c]))
}

/// For a value obligation whose formula's sums were matched to the kernel's up to a factor:
/// `exp(a) > 0` for every `exp` in `terms`, `exp(a) = exp(a - b) * exp(b)` for every pair (the
/// law, canonical arguments), and each sum `(value, k, dom)` of exponentials positive where one
/// of `witnesses` lies in its domain (a sum of positive terms over a nonempty range).
pub(crate) fn positive_instances(
    s: &mut Store,
    exp: Option<FunId>,
    terms: &[TermId],
    sums: &[(TermId, smt::SymId, TermId)],
    witnesses: &[TermId],
) -> Vec<TermId> {
    let Some(exp) = exp else {
        return vec![];
    };
    let mut apps = Vec::new();
    let mut seen = HashSet::new();
    let mut todo = terms.to_vec();
    while let Some(t) = todo.pop() {
        if !seen.insert(t) {
            continue;
        }
        if matches!(s.node(t), Node::App(f, _) if *f == exp) {
            apps.push(t);
        }
        todo.extend(s.children(t));
    }
    apps.sort();
    let zero = s.real(0, 1);
    let mut facts = Vec::new();
    let arg = |s: &Store, t: TermId| match s.node(t) {
        Node::App(_, a) => a[0],
        _ => t,
    };
    for a in &apps {
        facts.push(s.lt(zero, *a));
        for b in &apps {
            if a == b {
                continue;
            }
            let d = s.sub(arg(s, *a), arg(s, *b));
            let c = canon(s, d);
            let e = s.app(exp, vec![c]);
            facts.push(s.lt(zero, e));
            let p = s.mul2(e, *b);
            facts.push(s.eq(*a, p));
        }
    }
    for (v, k, dom) in sums {
        for w in witnesses {
            let map = std::collections::HashMap::from([(*k, *w)]);
            let inside = s.substitute(*dom, &map);
            let pos = s.lt(zero, *v);
            facts.push(s.implies(inside, pos));
        }
    }
    facts
}

/// The laws of [`log_instances`], as the verdict names them.
pub(crate) const LOG_EXP: &str = "log(exp(a)) = a";
pub(crate) const LOG_MUL: &str = "log(a * b) = log(a) + log(b) for a, b > 0";

/// Instances of the `log` laws on the `log`s of `terms`: `log(exp(a)) = a`, and for a `log`
/// of a product, `log(f1 * ... * fn) = log(f1) + ... + log(fn)` where every factor is
/// positive (a condition of the instance), with `log(exp(a)) = a` on the new terms. Returns
/// the facts and the laws they instantiate.
pub(crate) fn log_instances(
    s: &mut Store,
    exp: Option<FunId>,
    terms: &[TermId],
) -> (Vec<TermId>, Vec<&'static str>) {
    let log = s.declare_fun("uf_log", &[smt::Sort::Real], smt::Sort::Real);
    let is = |s: &Store, t: TermId, f: Option<FunId>| matches!(s.node(t), Node::App(g, _) if Some(*g) == f);
    let arg = |s: &Store, t: TermId| match s.node(t) {
        Node::App(_, a) => a[0],
        _ => t,
    };
    let mut logs = Vec::new();
    let mut seen = HashSet::new();
    let mut todo = terms.to_vec();
    while let Some(t) = todo.pop() {
        if !seen.insert(t) {
            continue;
        }
        if is(s, t, Some(log)) {
            logs.push(t);
        }
        todo.extend(s.children(t));
    }
    logs.sort();
    let zero = s.real(0, 1);
    let (mut facts, mut laws) = (Vec::new(), Vec::new());
    let log_of =
        |s: &mut Store, facts: &mut Vec<TermId>, laws: &mut Vec<&'static str>, x: TermId| {
            let l = s.app(log, vec![x]);
            if is(s, x, exp) {
                let a = arg(s, x);
                facts.push(s.eq(l, a));
                if !laws.contains(&LOG_EXP) {
                    laws.push(LOG_EXP);
                }
            }
            l
        };
    for l in logs {
        let p = arg(s, l);
        match s.node(p).clone() {
            Node::Mul(fs) if fs.len() >= 2 => {
                let pos: Vec<TermId> = fs.iter().map(|f| s.lt(zero, *f)).collect();
                let parts: Vec<TermId> = fs
                    .iter()
                    .map(|f| log_of(s, &mut facts, &mut laws, *f))
                    .collect();
                let sum = s.add(parts);
                let eq = s.eq(l, sum);
                let all = s.and(pos);
                facts.push(s.implies(all, eq));
                if !laws.contains(&LOG_MUL) {
                    laws.push(LOG_MUL);
                }
            }
            _ => {
                log_of(s, &mut facts, &mut laws, p);
            }
        }
    }
    (facts, laws)
}

#[cfg(test)]
mod tests {
    use super::*;
    use smt::Sort;

    /// The canonical form keeps a product's value: `2 * x * y` is one atom with coefficient 1
    /// (it once came back as `2 * (2 * x * y)`), and the `exp` congruence instance on it is
    /// trivial, never `exp(2xy) = exp(4xy)`.
    #[test]
    fn canonical_products_keep_their_literal_once() {
        let mut s = Store::new();
        let (x, y) = (s.fresh("x", Sort::Real), s.fresh("y", Sort::Real));
        let (x, y) = (s.sym(x), s.sym(y));
        let two = s.real(2, 1);
        let p = s.mul(vec![two, x, y]);
        assert_eq!(canon(&mut s, p), p);
        let half = s.real(1, 2);
        let q = s.mul(vec![two, x]);
        let sum = s.add(vec![q, p]);
        let back = canon(&mut s, sum);
        // `2x + 2xy`: the single-factor product scales its atom, the other stays whole.
        let expect = {
            let a = s.mul(vec![two, x]);
            s.add(vec![a, p])
        };
        let diff = s.sub(back, expect);
        let d = s.mul(vec![half, diff]);
        let zero = canon(&mut s, d);
        assert!(matches!(s.node(zero), Node::Real(0, _)));
        let exp = s.declare_fun("uf_exp", &[Sort::Real], Sort::Real);
        let e = s.app(exp, vec![p]);
        assert!(exp_instances(&mut s, Some(exp), &[e]).is_empty());
    }
}
