//! Reductions as atoms, the symbolic side of [`LDomain::reduction`].
//!
//! A reduction `⊕ over k in D of body(k)` (`tl.sum`, `tl.max`, `tl.min`, and the formula's
//! `sum`, `max`, `min`) is a fresh real symbol, its *atom*, whose definition (the domain `D`,
//! a condition on one fresh index symbol `k`, and the body term) is recorded in
//! `Sym::folds.lambdas`. Arithmetic on an atom is plain arithmetic on a symbol, so a softmax
//! (`exp(x - max) / sum(exp(x - max))`) or a variance (a sum of squares of values centred by
//! another sum) is an ordinary term over atoms.
//!
//! Normalization at creation: lanes whose element is the reducer's identity take no part
//! (`Σ ite(c, v, 0) = Σ_{c} v`; a max over a lane that is `-inf` where `c` holds ranges over
//! `¬c`), so a tile summed or maximized with its padding ranges over the same indices as the
//! formula. A max or min over a domain that may be empty is `-inf`/`+inf` there
//! ([`crate::value::Elem::X`]); emptiness is decided for interval domains (`lo <= k < hi`).
//!
//! [`match_atoms`] compares atoms: two atoms of one reducer are equal when, in the store's
//! context, their domains agree for every `k` and their bodies agree on the domain (one shared
//! `k`: two queries). The kernel's equal atoms become one; then each formula atom is replaced
//! by the kernel's atom it equals, innermost first, and the value obligation compares plain
//! terms.
//!
//! A sum whose body is a sum atom mentioning its index (a loop's sum of tile sums) is made as
//! one atom over `t*S + l` ([`crate::tiles`]).
//!
//! Block sizes computed from sizes (`BLOCK = triton.next_power_of_2(n)`) are size symbols
//! named `block{k}`; a block dimension of that size has the *placeholder* lane count
//! [`placeholder`]`(k)` (odd, so no Triton range, whose lengths are powers of two, has it),
//! whose extent [`extent`] maps back to the symbol.

use crate::value::Elem;
use smt::{CheckResult, Node, Sort, Store, SymId, TermId};
use std::collections::HashMap;
use symbolic::{LambdaFold, Sym, SymVal};
use tensor::Reducer;

/// The lane count standing for block-size symbol `block{k}`.
pub(crate) fn placeholder(k: usize) -> usize {
    1001 + 2 * k
}

/// Whether a lane count is a placeholder.
pub(crate) fn is_placeholder(n: usize) -> bool {
    placeholder_index(n).is_some()
}

fn placeholder_index(n: usize) -> Option<usize> {
    (n >= 1001 && n % 2 == 1 && n < 1101).then(|| (n - 1001) / 2)
}

/// The extent of a block dimension of `n` lanes.
pub(crate) fn extent(sym: &mut Sym, n: usize) -> TermId {
    if let Some(k) = placeholder_index(n) {
        if let Some(v) = sym.store.find(&format!("block{k}")) {
            return sym.store.sym(v);
        }
    }
    sym.store.int(n as i128)
}

/// The lane count of `tl.arange(0, end)` for a block-size symbol `end`.
pub(crate) fn lanes_of(sym: &mut Sym, end: TermId) -> Option<usize> {
    let Node::Sym(v) = sym.store.node(end) else {
        return None;
    };
    let k: usize = sym.store.sym_name(*v).strip_prefix("block")?.parse().ok()?;
    Some(placeholder(k))
}

fn unsupported(sym: &mut Sym, why: &str) -> Elem<Sym> {
    sym.unsupported.get_or_insert_with(|| why.to_string());
    let v = sym.store.fresh("unsupported", Sort::Real);
    Elem::V(SymVal::Plain(sym.store.sym(v)))
}

/// Whether `t` mentions symbol `k`.
fn mentions(s: &Store, t: TermId, k: SymId) -> bool {
    s.symbols_of(t).contains(&k)
}

/// A reduction as an atom (see the module documentation).
pub(crate) fn reduction(
    sym: &mut Sym,
    r: Reducer,
    extent: TermId,
    body: &mut dyn FnMut(&mut Sym, &TermId) -> Elem<Sym>,
) -> Elem<Sym> {
    let k = sym.store.fresh("k", Sort::Int);
    let kt = sym.store.sym(k);
    let zero = sym.store.int(0);
    let lo = sym.store.le(zero, kt);
    let hi = sym.store.lt(kt, extent);
    let e = body(sym, &kt);
    let identity_inf = match r {
        Reducer::Max => Some(false),
        Reducer::Min => Some(true),
        _ => None,
    };
    let (cond, v) = match e {
        Elem::X { inf, at, v } if Some(inf) == identity_inf => (sym.store.not(at), v),
        Elem::X { .. } => {
            return unsupported(
                sym,
                "a reduction over lanes that may be infinite (an `other=-inf` load summed)",
            )
        }
        other => (sym.store.bool(true), other.v(sym)),
    };
    let SymVal::Plain(mut b) = v else {
        return unsupported(sym, "a reduction of a value that is not a plain term");
    };
    let mut dom = sym.store.and(vec![lo, hi, cond]);
    if r == Reducer::Sum {
        // Terms equal to 0 take no part.
        loop {
            match sym.store.node(b).clone() {
                Node::Ite(c, x, z) if matches!(sym.store.node(z), Node::Real(0, _)) => {
                    dom = sym.store.and2(dom, c);
                    b = x;
                }
                Node::Ite(c, z, x) if matches!(sym.store.node(z), Node::Real(0, _)) => {
                    let nc = sym.store.not(c);
                    dom = sym.store.and2(dom, nc);
                    b = x;
                }
                Node::Mul(xs) => {
                    let at = xs.iter().position(|x| {
                        matches!(sym.store.node(*x), Node::Ite(_, _, z)
                            if matches!(sym.store.node(*z), Node::Real(0, _)))
                    });
                    let Some(at) = at else { break };
                    let Node::Ite(c, x, _) = sym.store.node(xs[at]).clone() else {
                        break;
                    };
                    let mut rest = xs.clone();
                    rest[at] = x;
                    dom = sym.store.and2(dom, c);
                    b = sym.store.mul(rest);
                }
                _ => break,
            }
        }
    }
    // A sum of a sum whose definition mentions this one's index (a loop's sum of tile sums,
    // a tile's sum of loop sums): one sum over `t*S + l` (`crate::tiles`).
    let (k, dom, mut b) = match nested_sum(sym, r, k, dom, b) {
        Some(m) => m,
        None => (k, dom, b),
    };
    // The body matters only on the domain: its conditions hold there (a tile masked twice,
    // by its load's `other=0` and by a `where`, reads as one mask).
    let mut conj = vec![dom];
    let t = sym.store.bool(true);
    let mut known = HashMap::new();
    while let Some(c) = conj.pop() {
        match sym.store.node(c).clone() {
            Node::And(xs) => conj.extend(xs),
            _ => {
                known.insert(c, t);
            }
        }
    }
    b = sym.store.replace(b, &known);
    let name = format!("{}_red", r.name());
    let vs = sym.store.fresh(&name, Sort::Real);
    let value = sym.store.sym(vs);
    let z = sym.store.real(0, 1);
    sym.folds.lambdas.push(LambdaFold {
        family: r.name().to_string(),
        identity: z,
        init: z,
        vars: vec![k],
        dom,
        body: b,
        value,
    });
    match identity_inf {
        None => Elem::V(SymVal::Plain(value)),
        Some(inf) => match empty(sym, k, dom) {
            Some(e) if sym.store.as_bool(e) == Some(false) => Elem::V(SymVal::Plain(value)),
            Some(at) => Elem::X {
                inf,
                at,
                v: SymVal::Plain(value),
            },
            None => unsupported(
                sym,
                "a max or min over lanes whose mask is not an interval of the reduced axis",
            ),
        },
    }
}

/// `Σ_{k : dom} b` with `b` a sum atom whose definition mentions `k`, as one sum atom's
/// index, domain and body where `crate::tiles::merge_nested` applies.
fn nested_sum(
    sym: &mut Sym,
    r: Reducer,
    k: SymId,
    dom: TermId,
    b: TermId,
) -> Option<(SymId, TermId, TermId)> {
    if r != Reducer::Sum {
        return None;
    }
    let inner = sym
        .folds
        .lambdas
        .iter()
        .find(|l| l.value == b && l.family == r.name() && l.vars.len() == 1)?
        .clone();
    if !mentions(&sym.store, inner.dom, k) && !mentions(&sym.store, inner.body, k) {
        return None;
    }
    let both = sym.store.and2(dom, inner.dom);
    crate::tiles::merge_nested(&mut sym.store, k, inner.vars[0], both, inner.body)
}

/// Whether a term is known positive: a positive integer, or a size (`size{k}`, `block{k}`:
/// the checker's symbols, each at least 1 by its facts).
fn positive(s: &Store, t: TermId) -> bool {
    match s.node(t) {
        Node::Int(i) => *i > 0,
        Node::Sym(v) => {
            let n = s.sym_name(*v);
            let digits = n
                .strip_prefix("size")
                .or_else(|| n.strip_prefix("block"))
                .unwrap_or("");
            s.sym_sort(*v) == Sort::Int
                && !digits.is_empty()
                && digits.chars().all(|c| c.is_ascii_digit())
        }
        _ => false,
    }
}

/// The condition under which no `k` satisfies `dom` (an interval of `k` and conditions free of
/// `k`), or `None` when `dom` has another shape.
fn empty(sym: &mut Sym, k: SymId, dom: TermId) -> Option<TermId> {
    let kt = sym.store.sym(k);
    let mut conj = vec![dom];
    let mut flat = Vec::new();
    while let Some(c) = conj.pop() {
        match sym.store.node(c).clone() {
            Node::And(xs) => conj.extend(xs),
            _ => flat.push(c),
        }
    }
    let (mut lows, mut highs, mut free) = (Vec::new(), Vec::new(), Vec::new());
    let one = sym.store.int(1);
    for c in flat {
        if !mentions(&sym.store, c, k) {
            free.push(c);
            continue;
        }
        let (neg, inner) = match sym.store.node(c).clone() {
            Node::Not(x) => (true, x),
            _ => (false, c),
        };
        let (strict, a, b) = match sym.store.node(inner).clone() {
            Node::Lt(a, b) => (true, a, b),
            Node::Le(a, b) => (false, a, b),
            _ => return None,
        };
        // `a < b` / `a <= b` (negated: `b <= a` / `b < a`), with `k` alone on one side.
        let (strict, a, b) = if neg { (!strict, b, a) } else { (strict, a, b) };
        if a == kt && !mentions(&sym.store, b, k) {
            // k < b, or k <= b (k < b + 1)
            highs.push(if strict { b } else { sym.store.add2(b, one) });
        } else if b == kt && !mentions(&sym.store, a, k) {
            // a < k (a + 1 <= k), or a <= k
            lows.push(if strict { sym.store.add2(a, one) } else { a });
        } else {
            return None;
        }
    }
    let mut nonempty = free;
    for l in &lows {
        for h in &highs {
            let zero_low = sym.store.as_int(*l) == Some(0);
            if zero_low && positive(&sym.store, *h) {
                continue;
            }
            nonempty.push(sym.store.lt(*l, *h));
        }
    }
    let ne = sym.store.and(nonempty);
    Some(sym.store.not(ne))
}

/// The atoms reachable from `t` (through atom bodies and domains), innermost first.
fn reachable(sym: &Sym, t: TermId) -> Vec<usize> {
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

/// Sorts the atoms of `kernel` and `formula` into classes of provably equal atoms (in the
/// context `facts`) and replaces each by its class's first kernel atom: the kernel's atoms
/// among themselves first (a norm computing its mean in two loops has two equal means, and a
/// formula's one mean must equal both), then each formula atom against the kernel's. Inner
/// atoms first, so an atom's definition already holds its inner atoms' representatives. Two
/// atoms of one reducer are equal when their domains agree for every `k` and their bodies
/// agree on the domain (one shared `k`: two queries, each unsat within `cfg`). Returns the new kernel
/// and formula terms and, for each formula atom left unmatched, why.
pub(crate) fn match_atoms(
    sym: &mut Sym,
    facts: &[TermId],
    kernel: TermId,
    formula: TermId,
    cfg: smt::SolverConfig,
) -> (TermId, TermId, Vec<String>) {
    let ks = reachable(sym, kernel);
    let fs: Vec<usize> = reachable(sym, formula)
        .into_iter()
        .filter(|f| !ks.contains(f))
        .collect();
    let mut map: HashMap<TermId, TermId> = HashMap::new();
    let mut misses = Vec::new();
    // Each class's representative: its value, family, index, domain and body.
    let mut reps: Vec<(TermId, String, SymId, TermId, TermId)> = Vec::new();
    let order = ks
        .iter()
        .map(|k| (*k, true))
        .chain(fs.iter().map(|f| (*f, false)));
    for (at, of_kernel) in order.collect::<Vec<_>>() {
        let fl = sym.folds.lambdas[at].clone();
        let fdom = sym.store.replace(fl.dom, &map);
        let fbody = sym.store.replace(fl.body, &map);
        let mut found = None;
        for (value, family, kk, kdom, kbody) in &reps {
            if *family != fl.family {
                continue;
            }
            let kt = sym.store.sym(*kk);
            let sub = HashMap::from([(fl.vars[0], kt)]);
            let d = sym.store.substitute(fdom, &sub);
            let b = sym.store.substitute(fbody, &sub);
            // Two queries (the domains agree; the bodies agree on the domain): each is easier
            // alone than their disjunction (a tile loop's `k div S < cdiv(n, S)` against `k < n`).
            let same_dom = sym.store.eq(*kdom, d);
            let diff_dom = sym.store.not(same_dom);
            let same_body = sym.store.eq(*kbody, b);
            let diff_body = sym.store.not(same_body);
            let equal = [vec![diff_dom], vec![*kdom, diff_body]]
                .into_iter()
                .all(|q| {
                    let mut asr = facts.to_vec();
                    asr.extend(q);
                    let mut store = sym.store.clone();
                    let asr = smt::simplify_arith(&mut store, &asr);
                    matches!(
                        smt::decide_portfolio(&store, &asr, cfg).0,
                        CheckResult::Unsat
                    )
                });
            if equal {
                found = Some(*value);
                break;
            }
        }
        match found {
            Some(v) => {
                map.insert(fl.value, v);
            }
            None if of_kernel => reps.push((fl.value, fl.family.clone(), fl.vars[0], fdom, fbody)),
            None => misses.push(format!(
                "the formula's {} matches none of the kernel's",
                fl.family
            )),
        }
    }
    (
        sym.store.replace(kernel, &map),
        sym.store.replace(formula, &map),
        misses,
    )
}
