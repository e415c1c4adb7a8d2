//! Reductions as atoms, the symbolic side of [`LDomain::reduction`].
//!
//! A reduction `⊕ over k in D of body(k)` (`tl.sum`, `tl.max`, `tl.min`, a `tl.reduce` or a
//! loop's running product, and the formula's `sum`, `product`, `max`, `min`) is a fresh real symbol, its *atom*, whose definition (the domain `D`,
//! a condition on one fresh index symbol `k`, and the body term) is recorded in
//! `Sym::folds.lambdas`. Arithmetic on an atom is plain arithmetic on a symbol, so a softmax
//! (`exp(x - max) / sum(exp(x - max))`) or a variance (a sum of squares of values centred by
//! another sum) is an ordinary term over atoms.
//!
//! Normalization at creation: lanes whose element is the reducer's identity take no part
//! (`Σ ite(c, v, 0) = Σ_{c} v`, `Π ite(c, v, 1) = Π_{c} v`; a max over a lane that is `-inf` where `c` holds ranges over
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
    // Lanes that are NaN or infinite take no part in the value; they decide its flags
    // (`crate::ext::reduced`), as conditions `exists k in D` without a quantifier.
    let x = crate::ext::parts(sym, &e);
    let range = sym.store.and2(lo, hi);
    let not_pos = sym.store.not(x.pos);
    let neg = sym.store.and2(not_pos, x.neg);
    let no = sym.store.bool(false);
    let flags = (|| {
        Some(crate::ext::Flags {
            nan: exists(sym, k, range, x.nan)?,
            pos: exists(sym, k, range, x.pos)?,
            neg: exists(sym, k, range, neg)?,
            // Set below, from the value's domain.
            all_neg: no,
            all_pos: no,
        })
    })();
    let Some(mut flags) = flags else {
        return unsupported(
            sym,
            "a reduction over lanes that may be NaN or infinite where the reduced axis's condition is not an interval",
        );
    };
    let finite = {
        let n = sym.store.or(vec![x.nan, x.pos, x.neg]);
        sym.store.not(n)
    };
    let SymVal::Plain(mut b) = x.v else {
        return unsupported(sym, "a reduction of a value that is not a plain term");
    };
    let mut dom = sym.store.and(vec![lo, hi, finite]);
    if r == Reducer::Sum {
        // Terms equal to 0 take no part.
        loop {
            match sym.store.node(b).clone() {
                // A condition on values read with a body reading none (a count, `where(x[k]
                // < 0, 1, 0)`) stays in the body: the formula's side matches its indices
                // through the reads of the body.
                Node::Ite(c, x, _) | Node::Ite(c, _, x)
                    if reads_tensor(&sym.store, c) && !reads_tensor(&sym.store, x) =>
                {
                    break
                }
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
        // A body that is 0 wherever a condition of its masked operands fails (`abs(x)`,
        // `(a - b) * (a - b)` of tiles loaded with `other=0`): the condition joins the
        // domain and holds in the body.
        while let Some((c, holds)) = zero_outside(&mut sym.store, b) {
            let nc = if holds { c } else { sym.store.not(c) };
            dom = sym.store.and2(dom, nc);
            let v = sym.store.bool(holds);
            b = sym.store.replace(b, &HashMap::from([(c, v)]));
        }
        // A body that is an inner sum whose domain has conditions free of the inner index
        // (a two-dimensional tile's mask `rows < n & cols < m` summed over both axes): the
        // inner sum is 0 where one fails, so it joins this domain.
        let inner = sym.folds.lambdas.iter().find(|l| {
            l.value == b && l.family == r.name() && l.vars.len() == 1 && is_zero(&sym.store, l.init)
        });
        if let Some(inner) = inner.cloned() {
            let mut conj = vec![inner.dom];
            while let Some(c) = conj.pop() {
                match sym.store.node(c).clone() {
                    Node::And(xs) => conj.extend(xs),
                    _ if !mentions(&sym.store, c, inner.vars[0]) => {
                        dom = sym.store.and2(dom, c);
                    }
                    _ => {}
                }
            }
        }
    }
    if r == Reducer::Product {
        // Lanes equal to 1 take no part (a tile loaded with `other=1.0`).
        loop {
            match sym.store.node(b).clone() {
                Node::Ite(c, x, one) if is_one(&sym.store, one) && !reads_tensor(&sym.store, c) => {
                    dom = sym.store.and2(dom, c);
                    b = x;
                }
                Node::Ite(c, one, x) if is_one(&sym.store, one) && !reads_tensor(&sym.store, c) => {
                    let nc = sym.store.not(c);
                    dom = sym.store.and2(dom, nc);
                    b = x;
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
    let z = match r {
        Reducer::Product => sym.store.real(1, 1),
        _ => sym.store.real(0, 1),
    };
    sym.folds.lambdas.push(LambdaFold {
        family: r.name().to_string(),
        identity: z,
        init: z,
        vars: vec![k],
        dom,
        body: b,
        value,
    });
    // A max is `-inf` (a min `+inf`) when no lane is finite, given none is NaN or `+inf`
    // (`-inf`), which the flags' priority gives.
    if matches!(r, Reducer::Max | Reducer::Min) {
        // (A NaN lane is the first reason not to decide it.)
        crate::value::LDomain::undecided(sym, &flags.nan, crate::ext::MAX_OF_NAN);
        let Some(none) = empty(sym, k, dom) else {
            return unsupported(
                sym,
                "a max or min over lanes whose mask is not an interval of the reduced axis",
            );
        };
        if r == Reducer::Max {
            flags.all_neg = none;
        } else {
            flags.all_pos = none;
        }
    }
    crate::ext::reduced(sym, r, flags, SymVal::Plain(value))
}

/// A condition `c` on indices (reading no tensor) of a `where` inside `b`, outside reads,
/// with `b` exactly 0 where `c` fails (`where(c, x, 0)`; a comparison of `where(c, x, 1)`
/// that is false at 1): `(c, true)`; where it holds (`where(c, 0, x)`): `(c, false)`.
/// Exact: the store's constructors fold `b` with `c` decided to the literal 0 only when it
/// is 0.
fn zero_outside(s: &mut Store, b: TermId) -> Option<(TermId, bool)> {
    let mut candidates = Vec::new();
    let mut todo = vec![b];
    let mut seen = std::collections::HashSet::new();
    while let Some(x) = todo.pop() {
        if !seen.insert(x) {
            continue;
        }
        match s.node(x).clone() {
            Node::App(..) => continue,
            // Either branch of any `where` (a count's `where(k < N, x[k], 1) > 0` of a tile
            // padded with 1 is 0 where the mask fails): the replacement below decides.
            Node::Ite(c, _, _) => {
                for holds in [true, false] {
                    if !candidates.contains(&(c, holds)) {
                        candidates.push((c, holds));
                    }
                }
            }
            _ => {}
        }
        todo.extend(s.children(x));
    }
    // Only conditions on indices (a load's mask): a condition on values read stays in the
    // body, as the formula's side keeps it.
    let reads = |s: &Store, c: TermId| {
        let mut todo = vec![c];
        while let Some(x) = todo.pop() {
            if matches!(s.node(x), Node::App(..)) {
                return true;
            }
            todo.extend(s.children(x));
        }
        false
    };
    candidates.retain(|(c, _)| !reads(s, *c));
    candidates.into_iter().find(|(c, holds)| {
        let off = s.bool(!holds);
        let at = s.replace(b, &HashMap::from([(*c, off)]));
        is_zero(s, at) && at != b
    })
}

/// Whether `t` reads a tensor (an application: a load).
fn reads_tensor(s: &Store, t: TermId) -> bool {
    let mut todo = vec![t];
    while let Some(x) = todo.pop() {
        if matches!(s.node(x), Node::App(..)) {
            return true;
        }
        todo.extend(s.children(x));
    }
    false
}

/// Whether `t` is the literal 1, real or integer (a product's identity).
fn is_one(s: &Store, t: TermId) -> bool {
    match s.node(t) {
        Node::Real(1, 1) | Node::Int(1) => true,
        Node::ToReal(x) => matches!(s.node(*x), Node::Int(1)),
        _ => false,
    }
}

/// Whether `t` is the literal 0, real or integer (an integer block summed as reals:
/// `(x != 0).to(tl.int64)`).
fn is_zero(s: &Store, t: TermId) -> bool {
    match s.node(t) {
        Node::Real(0, _) | Node::Int(0) => true,
        Node::ToReal(x) => matches!(s.node(*x), Node::Int(0)),
        _ => false,
    }
}

/// `exists k. dom and c` without a quantifier, or `None` when it cannot be decided that way:
/// `c` in disjunctive normal form (at most 32 disjuncts), each disjunct's nonemptiness
/// decided by [`empty`] (an interval of `k` and conditions free of `k`).
fn exists(sym: &mut Sym, k: SymId, dom: TermId, c: TermId) -> Option<TermId> {
    if sym.store.as_bool(c) == Some(false) {
        return Some(c);
    }
    if contradicts(&sym.store, c) {
        return Some(sym.store.bool(false));
    }
    let mut some = Vec::new();
    for conj in dnf(&mut sym.store, c, false)? {
        // A disjunct holding a literal and its negation (or the negation of a conjunction of
        // its literals) is empty.
        let contradictory = conj.iter().any(|a| match sym.store.node(*a) {
            Node::Not(x) if conj.contains(x) => true,
            Node::Not(x) => matches!(sym.store.node(*x), Node::And(ys)
                if ys.iter().all(|y| conj.contains(y))),
            _ => false,
        });
        if contradictory {
            continue;
        }
        let d = sym.store.and([vec![dom], conj].concat());
        let e = empty(sym, k, d)?;
        some.push(sym.store.not(e));
    }
    Some(sym.store.or(some))
}

/// Whether the conjunction `c` holds a conjunct and its negation, or the negation of a
/// conjunction of its conjuncts (`a and b and not (a and b)`: a term kept where a condition
/// fails, used only where it holds), before its normal form is built (which may be large).
fn contradicts(s: &Store, c: TermId) -> bool {
    let mut conj = Vec::new();
    let mut todo = vec![c];
    while let Some(x) = todo.pop() {
        match s.node(x) {
            Node::And(xs) => todo.extend(xs.iter().copied()),
            _ => conj.push(x),
        }
    }
    let holds = |x: &TermId| {
        conj.contains(x)
            || matches!(s.node(*x), Node::And(ys) if ys.iter().all(|y| conj.contains(y)))
    };
    conj.iter()
        .any(|a| matches!(s.node(*a), Node::Not(x) if holds(x)))
}

/// `t` (negated when `neg`) as a disjunction of conjunctions of literals, or `None` past 32
/// disjuncts.
fn dnf(s: &mut Store, t: TermId, neg: bool) -> Option<Vec<Vec<TermId>>> {
    const MAX: usize = 32;
    let out = match s.node(t).clone() {
        Node::Bool(b) if b != neg => vec![vec![]],
        Node::Bool(_) => vec![],
        Node::Not(x) => dnf(s, x, !neg)?,
        Node::Or(xs) if !neg => concat(s, &xs, neg)?,
        Node::And(xs) if neg => concat(s, &xs, neg)?,
        Node::And(xs) | Node::Or(xs) => {
            let mut acc: Vec<Vec<TermId>> = vec![vec![]];
            for x in xs {
                let d = dnf(s, x, neg)?;
                let mut next = Vec::new();
                for a in &acc {
                    for b in &d {
                        next.push([a.clone(), b.clone()].concat());
                    }
                }
                if next.len() > MAX {
                    return None;
                }
                acc = next;
            }
            acc
        }
        _ => vec![vec![if neg { s.not(t) } else { t }]],
    };
    (out.len() <= MAX).then_some(out)
}

fn concat(s: &mut Store, xs: &[TermId], neg: bool) -> Option<Vec<Vec<TermId>>> {
    let mut out = Vec::new();
    for x in xs {
        out.extend(dnf(s, *x, neg)?);
    }
    Some(out)
}

/// `⊕_{k : dom} b` with `b` an atom of the same reducer whose definition mentions `k`, as one
/// atom's index, domain and body where `crate::tiles::merge_nested` applies: a reduction over
/// a union of ranges. For a sum, `b` may also be such an atom times factors free of the inner
/// index (a rescaled tile sum, `crate::exec::online`): the factors move into the inner body
/// (a sum is linear).
fn nested_sum(
    sym: &mut Sym,
    r: Reducer,
    k: SymId,
    dom: TermId,
    b: TermId,
) -> Option<(SymId, TermId, TermId)> {
    let find = |sym: &Sym, t: TermId| {
        sym.folds
            .lambdas
            .iter()
            .find(|l| l.value == t && l.family == r.name() && l.vars.len() == 1)
            .cloned()
    };
    let (inner, factors) = match (find(sym, b), sym.store.node(b).clone()) {
        (Some(inner), _) => (inner, vec![]),
        (None, Node::Mul(xs)) if r == Reducer::Sum => {
            let at: Vec<usize> = (0..xs.len())
                .filter(|i| find(sym, xs[*i]).is_some())
                .collect();
            let [at] = at[..] else {
                return None;
            };
            let inner = find(sym, xs[at]).expect("found");
            let rest: Vec<TermId> = (0..xs.len()).filter(|i| *i != at).map(|i| xs[i]).collect();
            (inner, rest)
        }
        _ => return None,
    };
    if !matches!(
        r,
        Reducer::Sum | Reducer::Product | Reducer::Max | Reducer::Min
    ) {
        return None;
    }
    if !mentions(&sym.store, inner.dom, k) && !mentions(&sym.store, inner.body, k) {
        return None;
    }
    if factors
        .iter()
        .any(|f| mentions(&sym.store, *f, inner.vars[0]))
    {
        return None;
    }
    let body = if factors.is_empty() {
        inner.body
    } else {
        let mut all = factors;
        all.push(inner.body);
        sym.store.mul(all)
    };
    let both = sym.store.and2(dom, inner.dom);
    crate::tiles::merge_nested(sym, k, inner.vars[0], both, body)
}

/// Whether a term is known positive: a positive integer, a size (`size{k}`, `block{k}`: the
/// checker's symbols, each at least 1 by its facts), a product of positive terms, a trip
/// count `(n + c) div d` with `n` positive and `c >= d - 1`, or `ite(0 < x, a, _)` with `x`
/// and `a` positive (a loop's trip count over `range(0, n, B)`).
fn positive(s: &Store, t: TermId) -> bool {
    match s.node(t) {
        Node::Int(i) => *i > 0,
        Node::Sym(v) => size_symbol(s, *v),
        Node::Mul(xs) => xs.iter().all(|x| positive(s, *x)),
        Node::IntDiv(a, d) => {
            let Some(d) = s.as_int(*d).filter(|d| *d >= 1) else {
                return false;
            };
            match s.node(*a) {
                Node::Add(xs) => {
                    let c: i128 = xs.iter().filter_map(|x| s.as_int(*x)).sum();
                    let rest: Vec<&TermId> =
                        xs.iter().filter(|x| s.as_int(**x).is_none()).collect();
                    c >= d - 1 && !rest.is_empty() && rest.iter().all(|x| positive(s, **x))
                }
                _ => d == 1 && positive(s, *a),
            }
        }
        Node::Ite(c, a, _) => match s.node(*c) {
            Node::Lt(z, x) => s.as_int(*z) == Some(0) && positive(s, *x) && positive(s, *a),
            _ => false,
        },
        _ => false,
    }
}

/// Whether `v` is a size (`size{k}`, `block{k}`: the checker's symbols, each at least 1 by
/// its facts).
pub(crate) fn size_symbol(s: &Store, v: SymId) -> bool {
    let n = s.sym_name(v);
    let digits = n
        .strip_prefix("size")
        .or_else(|| n.strip_prefix("block"))
        .unwrap_or("");
    s.sym_sort(v) == Sort::Int && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

/// `k` plus terms free of `k` (`k`, `k + c`): the rest, as a list of summands.
fn offset_of(s: &Store, t: TermId, kt: TermId, k: SymId) -> Option<Vec<TermId>> {
    if t == kt {
        return Some(vec![]);
    }
    let Node::Add(xs) = s.node(t) else {
        return None;
    };
    let at = xs.iter().position(|x| *x == kt)?;
    let rest: Vec<TermId> = xs
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != at)
        .map(|(_, x)| *x)
        .collect();
    (!rest.iter().any(|x| mentions(s, *x, k))).then_some(rest)
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
    // (Integer arithmetic in canonical form: `-(k + 64)` as `-1*k - 64`.)
    let flat: Vec<TermId> = flat
        .into_iter()
        .map(|c| crate::tiles::normal_form(&mut sym.store, c))
        .collect();
    let (mut lows, mut highs, mut free) = (Vec::new(), Vec::new(), Vec::new());
    let one = sym.store.int(1);
    // Conjuncts that are not bounds of `k` are dropped when the others imply them (a tile
    // merged with its loop reads a lane's own emptiness, `k mod S < n`, beside `k < n`).
    let bounds: Vec<TermId> = flat
        .iter()
        .copied()
        .filter(|c| !mentions(&sym.store, *c, k) || bound_of(sym, *c, kt, k).is_some())
        .collect();
    let flat: Vec<TermId> = match bounds.len() < flat.len() {
        true => {
            let rest: Vec<TermId> = flat
                .iter()
                .copied()
                .filter(|c| !bounds.contains(c))
                .collect();
            if !implied(sym, &bounds, &rest) {
                return None;
            }
            bounds
        }
        false => flat,
    };
    for c in flat {
        if !mentions(&sym.store, c, k) {
            free.push(c);
            continue;
        }
        // `k + c` against a bound free of `k` is `k` against the bound minus `c`; a tile's
        // `k div S` (a literal `S >= 1`) against `b` is `k` against `S*b` ([`shift_bound`]).
        match bound_of(sym, c, kt, k) {
            // k < b, or k <= b (k < b + 1)
            Some((strict, a, b)) if a == kt => {
                highs.push(if strict { b } else { sym.store.add2(b, one) })
            }
            // a < k (a + 1 <= k), or a <= k
            Some((strict, a, _)) => lows.push(if strict { sym.store.add2(a, one) } else { a }),
            None => return None,
        }
    }
    let mut nonempty = free;
    // The facts of the context (a summarised loop's range, `crate::exec::loops`), in normal form.
    let mut context = Vec::new();
    let mut todo = sym.folds.facts.clone();
    while let Some(f) = todo.pop() {
        match sym.store.node(f).clone() {
            Node::And(xs) => todo.extend(xs),
            _ => context.push(crate::tiles::normal_form(&mut sym.store, f)),
        }
    }
    for l in &lows {
        for h in &highs {
            let zero_low = sym.store.as_int(*l) == Some(0);
            if zero_low && positive(&sym.store, *h) {
                continue;
            }
            nonempty.push(sym.store.lt(*l, *h));
        }
    }
    nonempty.retain(|c| {
        let n = crate::tiles::normal_form(&mut sym.store, *c);
        !context.contains(&n)
    });
    let ne = sym.store.and(nonempty);
    Some(sym.store.not(ne))
}

/// `c` as a bound of `k`: `(strict, a, b)` for `a < b` (`<=` unless `strict`, a negation
/// turned around) with `k` alone on one side and free of the other, or `None`.
fn bound_of(sym: &mut Sym, c: TermId, kt: TermId, k: SymId) -> Option<(bool, TermId, TermId)> {
    let (neg, inner) = match sym.store.node(c).clone() {
        Node::Not(x) => (true, x),
        _ => (false, c),
    };
    let (strict, a, b) = match sym.store.node(inner).clone() {
        Node::Lt(a, b) => (true, a, b),
        Node::Le(a, b) => (false, a, b),
        _ => return None,
    };
    let (strict, a, b) = if neg { (!strict, b, a) } else { (strict, a, b) };
    let (a, b) = shift_bound(&mut sym.store, a, b, kt, k, strict);
    let alone =
        (a == kt && !mentions(&sym.store, b, k)) || (b == kt && !mentions(&sym.store, a, k));
    alone.then_some((strict, a, b))
}

/// Whether `given` (with the context's facts) implies each of `wanted`: one short solver query
/// each (a conjunct the syntax cannot place, which the bounds make redundant).
fn implied(sym: &Sym, given: &[TermId], wanted: &[TermId]) -> bool {
    let cfg = smt::SolverConfig {
        timeout: std::time::Duration::from_secs(2),
    };
    wanted.iter().all(|w| {
        let mut asr = sym.folds.facts.clone();
        asr.extend_from_slice(given);
        let mut store = sym.store.clone();
        asr.push(store.not(*w));
        let asr = smt::simplify_arith(&mut store, &asr);
        matches!(
            smt::decide_portfolio(&store, &asr, cfg).0,
            CheckResult::Unsat
        )
    })
}

/// `(a, b)` of a comparison `a < b` (`<=` unless `strict`) with `k + c` on one side moved to
/// `k` against the other side minus `c`, and `k div S` (a literal `S >= 1`) against a bound
/// `b` free of `k` made `k` against `S*b` (`k div S < b` iff `k < S*b`; `b <= k div S` iff
/// `S*b <= k`); otherwise as given.
fn shift_bound(
    s: &mut Store,
    a: TermId,
    b: TermId,
    kt: TermId,
    k: SymId,
    strict: bool,
) -> (TermId, TermId) {
    let div_of = |s: &Store, t: TermId| match s.node(t) {
        Node::IntDiv(x, d) if *x == kt => s.as_int(*d).filter(|d| *d >= 1),
        _ => None,
    };
    // `S * (k div S) < b` (a tile's start below a bound) is `k div S < ceil(b / S)`.
    if let Node::Mul(xs) = s.node(a).clone() {
        if let ([c, q], true) = (&xs[..], strict && !mentions(s, b, k)) {
            if let Some(d) = div_of(s, *q).filter(|d| s.as_int(*c) == Some(*d)) {
                let (dt, up) = (s.int(d), s.int(d - 1));
                let num = s.add2(b, up);
                let ceil = s.int_div(num, dt);
                return (kt, s.mul2(dt, ceil));
            }
        }
    }
    if let Some(d) = div_of(s, a).filter(|_| strict && !mentions(s, b, k)) {
        let dt = s.int(d);
        return (kt, s.mul2(dt, b));
    }
    if let Some(d) = div_of(s, b).filter(|_| !strict && !mentions(s, a, k)) {
        let dt = s.int(d);
        return (s.mul2(dt, a), kt);
    }
    if let Some(rest) = offset_of(s, a, kt, k).filter(|r| !r.is_empty()) {
        if !mentions(s, b, k) {
            let c = s.add(rest);
            return (kt, s.sub(b, c));
        }
    }
    if let Some(rest) = offset_of(s, b, kt, k).filter(|r| !r.is_empty()) {
        if !mentions(s, a, k) {
            let c = s.add(rest);
            return (s.sub(a, c), kt);
        }
    }
    // `c*k + r` (a literal `c >= 2`: a loop's tile start `t*S` plus a lane) against a bound
    // free of `k`: `k` against the bound less `r`, divided by `c` rounding the way that keeps
    // the comparison exact over the integers (`c*k < x` iff `k < ceil(x / c)`, `c*k <= x` iff
    // `k <= floor(x / c)`, `x < c*k` iff `floor(x / c) < k`, `x <= c*k` iff `ceil(x / c) <=
    // k`; `div` is the floor for a positive divisor).
    let ceil = |s: &mut Store, x: TermId, c: i128| {
        let (up, ct) = (s.int(c - 1), s.int(c));
        let num = s.add2(x, up);
        s.int_div(num, ct)
    };
    let less = |s: &mut Store, x: TermId, rest: Vec<TermId>| match rest.is_empty() {
        true => x,
        false => {
            let r = s.add(rest);
            s.sub(x, r)
        }
    };
    if let Some((c, rest)) = scaled_of(s, a, kt, k).filter(|_| !mentions(s, b, k)) {
        let x = less(s, b, rest);
        let ct = s.int(c);
        return (
            kt,
            if strict {
                ceil(s, x, c)
            } else {
                s.int_div(x, ct)
            },
        );
    }
    if let Some((c, rest)) = scaled_of(s, b, kt, k).filter(|_| !mentions(s, a, k)) {
        let x = less(s, a, rest);
        let ct = s.int(c);
        return (
            if strict {
                s.int_div(x, ct)
            } else {
                ceil(s, x, c)
            },
            kt,
        );
    }
    // `a < x div c` (a literal `c >= 1`; an inner fold over a loop's tiles is empty where
    // its trip count `(n - k + S - 1) div S` is 0) is `c*a + c - 1 < x`, and `a <= x div c`
    // is `c*a <= x`: then solved for `k` in `x`.
    if let Node::IntDiv(x, c) = s.node(b).clone() {
        if let Some(c) = s.as_int(c).filter(|c| *c >= 1 && !mentions(s, a, k)) {
            let ct = s.int(c);
            let scaled = s.mul2(ct, a);
            let a2 = match strict {
                true => {
                    let up = s.int(c - 1);
                    s.add2(scaled, up)
                }
                false => scaled,
            };
            return negated_k(s, a2, x, kt, k).unwrap_or((a2, x));
        }
    }
    // `x div c < b` is `x < c*b`, and `x div c <= b` is `x <= c*b + c - 1`.
    if let Node::IntDiv(x, c) = s.node(a).clone() {
        if let Some(c) = s.as_int(c).filter(|c| *c >= 1 && !mentions(s, b, k)) {
            let ct = s.int(c);
            let scaled = s.mul2(ct, b);
            let b2 = match strict {
                true => scaled,
                false => {
                    let up = s.int(c - 1);
                    s.add2(scaled, up)
                }
            };
            return negated_k(s, x, b2, kt, k).unwrap_or((x, b2));
        }
    }
    negated_k(s, a, b, kt, k).unwrap_or((a, b))
}

/// `a < rest - k` as `k < rest - a`, and `rest - k < b` as `rest - b < k` (`<=` alike), with
/// the other side free of `k`.
fn negated_k(
    s: &mut Store,
    a: TermId,
    b: TermId,
    kt: TermId,
    k: SymId,
) -> Option<(TermId, TermId)> {
    let minus_k = |s: &Store, t: TermId| -> Option<Vec<TermId>> {
        let Node::Add(xs) = s.node(t) else {
            return None;
        };
        let at = xs.iter().position(|x| match s.node(*x) {
            Node::Neg(y) => *y == kt,
            Node::Mul(ys) => {
                ys.len() == 2 && ys.contains(&kt) && ys.iter().any(|y| s.as_int(*y) == Some(-1))
            }
            _ => false,
        })?;
        let rest: Vec<TermId> = (0..xs.len()).filter(|i| *i != at).map(|i| xs[i]).collect();
        (!rest.is_empty() && !rest.iter().any(|x| mentions(s, *x, k))).then_some(rest)
    };
    if let Some(rest) = minus_k(s, b).filter(|_| !mentions(s, a, k)) {
        let r = s.add(rest);
        return Some((kt, s.sub(r, a)));
    }
    if let Some(rest) = minus_k(s, a).filter(|_| !mentions(s, b, k)) {
        let r = s.add(rest);
        return Some((s.sub(r, b), kt));
    }
    None
}

/// `t` as `c*k + rest` with a literal `c >= 2` and `rest` free of `k`.
fn scaled_of(s: &Store, t: TermId, kt: TermId, k: SymId) -> Option<(i128, Vec<TermId>)> {
    let coefficient = |x: TermId| match s.node(x) {
        Node::Mul(ys) if ys.len() == 2 && ys.contains(&kt) => {
            let other = if ys[0] == kt { ys[1] } else { ys[0] };
            s.as_int(other).filter(|c| *c >= 2)
        }
        _ => None,
    };
    if let Some(c) = coefficient(t) {
        return Some((c, vec![]));
    }
    let Node::Add(xs) = s.node(t) else {
        return None;
    };
    let at = xs.iter().position(|x| coefficient(*x).is_some())?;
    let c = coefficient(xs[at])?;
    let rest: Vec<TermId> = (0..xs.len()).filter(|i| *i != at).map(|i| xs[i]).collect();
    (!rest.iter().any(|x| mentions(s, *x, k))).then_some((c, rest))
}

/// Whether `t` depends on the symbol `k`: it occurs in `t`, or in the definition of an atom
/// that occurs in `t` (an inner sum whose range or body reads an outer sum's index: a flash
/// attention's score `Σ_e q[i, e] * k[j, e]` inside `Σ_j`).
fn depends(sym: &Sym, t: TermId, k: SymId) -> bool {
    let mut todo = vec![t];
    let mut seen = std::collections::HashSet::new();
    while let Some(x) = todo.pop() {
        if !seen.insert(x) {
            continue;
        }
        if let Node::Sym(v) = sym.store.node(x) {
            if *v == k {
                return true;
            }
            if let Some(l) = sym.folds.lambdas.iter().find(|l| l.value == x) {
                todo.push(l.dom);
                todo.push(l.body);
            }
            continue;
        }
        todo.extend(sym.store.children(x));
    }
    false
}

/// Whether the assertions are unsatisfiable (in the context `facts`) within `cfg`.
fn unsat_in(sym: &Sym, facts: &[TermId], q: Vec<TermId>, cfg: smt::SolverConfig) -> bool {
    let mut asr = facts.to_vec();
    asr.extend(q);
    let key = asr.clone();
    if let Some(hit) = QUERIES.with(|c| c.borrow().as_ref().and_then(|m| m.get(&key).copied())) {
        return hit;
    }
    let r = decide_unsat(sym, asr, cfg);
    QUERIES.with(|c| {
        if let Some(m) = c.borrow_mut().as_mut() {
            m.insert(key, r);
        }
    });
    r
}

thread_local! {
    /// The answers of one [`match_atoms`] call's queries (a domain asked for each class and
    /// again for the match up to a factor is one query): set for the call only, since term
    /// ids belong to its store.
    static QUERIES: std::cell::RefCell<Option<HashMap<Vec<TermId>, bool>>> =
        const { std::cell::RefCell::new(None) };
}

/// Whether `asr` is unsatisfiable. A query that ran out of time is asked once more with
/// three times the time: an equality of atoms missed because the machine was busy leaves
/// two atoms apart, and the obligation's model then does not replay (`unknown` where the
/// same kernel verifies on a quiet machine).
fn decide_unsat(sym: &Sym, asr: Vec<TermId>, cfg: smt::SolverConfig) -> bool {
    let mut store = sym.store.clone();
    let asr = smt::simplify_arith(&mut store, &asr);
    match smt::decide_portfolio(&store, &asr, cfg).0 {
        CheckResult::Unsat => true,
        CheckResult::Sat(()) => false,
        CheckResult::Unknown(_) => {
            let longer = smt::SolverConfig {
                timeout: cfg.timeout * 3,
            };
            matches!(
                smt::decide_portfolio(&store, &asr, longer).0,
                CheckResult::Unsat
            )
        }
    }
}

/// A class representative: its value, family, index, domain and body.
type Rep = (TermId, String, SymId, TermId, TermId);

/// The first representative equal to the atom `(family, var, dom, body)`: the domains agree for
/// every index, and the bodies on the domain (asked again with the `exp` laws' instances when
/// the plain query fails; `law` then says so). Also whether the domains agree with the last
/// representative tried of the family, for the match up to a factor.
#[allow(clippy::too_many_arguments)]
fn equal_rep(
    sym: &mut Sym,
    facts: &[TermId],
    cfg: smt::SolverConfig,
    laws: &mut Vec<&'static str>,
    reps: &[Rep],
    family: &str,
    var: SymId,
    (dom, body): (TermId, TermId),
) -> Option<TermId> {
    for (value, fam, kk, kdom, kbody) in reps {
        if fam != family {
            continue;
        }
        let kt = sym.store.sym(*kk);
        let sub = HashMap::from([(var, kt)]);
        let d = sym.store.substitute(dom, &sub);
        let b = sym.store.substitute(body, &sub);
        let same_dom = sym.store.eq(*kdom, d);
        let diff_dom = sym.store.not(same_dom);
        let same_body = sym.store.eq(*kbody, b);
        let diff_body = sym.store.not(same_body);
        if !unsat_in(sym, facts, vec![diff_dom], cfg) {
            continue;
        }
        let mut used = Vec::new();
        let equal = unsat_in(sym, facts, vec![*kdom, diff_body], cfg) || {
            let inst = crate::axioms::exp_instances(&mut sym.store, sym.exp, &[*kbody, b]);
            used = crate::axioms::laws_in(&sym.store, &inst);
            !inst.is_empty() && unsat_in(sym, facts, [vec![*kdom, diff_body], inst].concat(), cfg)
        };
        if equal {
            for l in used {
                if !laws.contains(&l) {
                    laws.push(l);
                }
            }
            return Some(*value);
        }
    }
    None
}

/// `body` with the atom's index `var` renamed `kk` *through* the atoms whose definitions
/// mention it (each named anew with `kk` in it, as a renamed loop iteration is: `Sym::subst_v`),
/// and each such renamed atom replaced by the representative it provably equals: an inner sum
/// that reads the outer index (a score `Σ_e q[i, e] * k[j, e]` inside `Σ_j`) then is the
/// kernel's inner sum at the kernel's index. `None` when no atom of `body` mentions `var` (a
/// plain substitution does).
#[allow(clippy::too_many_arguments)]
fn renamed_through(
    sym: &mut Sym,
    facts: &[TermId],
    cfg: smt::SolverConfig,
    laws: &mut Vec<&'static str>,
    reps: &[Rep],
    map: &HashMap<TermId, TermId>,
    (var, kk, kdom): (SymId, SymId, TermId),
    body: TermId,
) -> Option<TermId> {
    let inner = crate::tiles::reachable(sym, body);
    if !inner.iter().any(|a| {
        let l = &sym.folds.lambdas[*a];
        depends(sym, l.dom, var) || depends(sym, l.body, var)
    }) {
        return None;
    }
    let before = sym.folds.lambdas.len();
    let (vt, kt) = (sym.store.sym(var), sym.store.sym(kk));
    let symbolic::SymVal::Plain(b) =
        <Sym as crate::value::LDomain>::subst_v(sym, &symbolic::SymVal::Plain(body), &vt, &kt)
    else {
        return None;
    };
    // Inner atoms are compared where the outer sum's body matters: on its domain.
    let mut ctx = facts.to_vec();
    ctx.push(kdom);
    let mut local = map.clone();
    for at in crate::tiles::reachable(sym, b)
        .into_iter()
        .filter(|a| *a >= before)
    {
        let l = sym.folds.lambdas[at].clone();
        let (d, bd) = (
            sym.store.replace(l.dom, &local),
            sym.store.replace(l.body, &local),
        );
        let hit = equal_rep(sym, &ctx, cfg, laws, reps, &l.family, l.vars[0], (d, bd));
        if let Some(v) = hit {
            local.insert(l.value, v);
        }
    }
    Some(sym.store.replace(b, &local))
}

/// Sorts the atoms of `kernel` and `formula` into classes of provably equal atoms (in the
/// context `facts`) and replaces each by its class's first kernel atom: the kernel's atoms
/// among themselves first (a norm computing its mean in two loops has two equal means, and a
/// formula's one mean must equal both), then each formula atom against the kernel's. Inner
/// atoms first, so an atom's definition already holds its inner atoms' representatives. Two
/// atoms of one reducer are equal when their domains agree for every `k` and their bodies
/// agree on the domain (one shared `k`: two queries, each unsat within `cfg`; the bodies'
/// query is asked again with the instances of the `exp` laws on its terms, `crate::axioms`,
/// when it needs them, and then `laws` names the law). An inner atom whose definition reads
/// the outer atom's index is renamed with the shared `k` and matched again
/// ([`renamed_through`]). Returns the new kernel and formula terms and, for each formula atom
/// left unmatched, why.
pub(crate) fn match_atoms(
    sym: &mut Sym,
    facts: &[TermId],
    kernel: TermId,
    formula: TermId,
    cfg: smt::SolverConfig,
    laws: &mut Vec<&'static str>,
    scaled: &mut Vec<(TermId, SymId, TermId)>,
) -> (TermId, TermId, Vec<String>) {
    QUERIES.with(|c| *c.borrow_mut() = Some(HashMap::new()));
    let r = match_atoms_cached(sym, facts, kernel, formula, cfg, laws, scaled);
    QUERIES.with(|c| *c.borrow_mut() = None);
    r
}

fn match_atoms_cached(
    sym: &mut Sym,
    facts: &[TermId],
    kernel: TermId,
    formula: TermId,
    cfg: smt::SolverConfig,
    laws: &mut Vec<&'static str>,
    scaled: &mut Vec<(TermId, SymId, TermId)>,
) -> (TermId, TermId, Vec<String>) {
    let ks = crate::tiles::reachable(sym, kernel);
    let fs: Vec<usize> = crate::tiles::reachable(sym, formula)
        .into_iter()
        .filter(|f| !ks.contains(f))
        .collect();
    let mut map: HashMap<TermId, TermId> = HashMap::new();
    let mut misses = Vec::new();
    let mut reps: Vec<Rep> = Vec::new();
    let order = ks
        .iter()
        .map(|k| (*k, true))
        .chain(fs.iter().map(|f| (*f, false)));
    for (at, of_kernel) in order.collect::<Vec<_>>() {
        let fl = sym.folds.lambdas[at].clone();
        let fdom = sym.store.replace(fl.dom, &map);
        let fbody = sym.store.replace(fl.body, &map);
        let mut found = equal_rep(
            sym,
            facts,
            cfg,
            laws,
            &reps,
            &fl.family,
            fl.vars[0],
            (fdom, fbody),
        );
        if found.is_none() {
            for (value, family, kk, kdom, kbody) in reps.clone() {
                if family != fl.family {
                    continue;
                }
                let kt = sym.store.sym(kk);
                let sub = HashMap::from([(fl.vars[0], kt)]);
                let d = sym.store.substitute(fdom, &sub);
                let same_dom = sym.store.eq(kdom, d);
                let diff_dom = sym.store.not(same_dom);
                if !unsat_in(sym, facts, vec![diff_dom], cfg) {
                    continue;
                }
                let renamed = if of_kernel {
                    None
                } else {
                    renamed_through(
                        sym,
                        facts,
                        cfg,
                        laws,
                        &reps,
                        &map,
                        (fl.vars[0], kk, kdom),
                        fbody,
                    )
                };
                let b = match renamed {
                    Some(b) => b,
                    None => sym.store.substitute(fbody, &sub),
                };
                if renamed.is_some() {
                    let same_body = sym.store.eq(kbody, b);
                    let diff_body = sym.store.not(same_body);
                    let inst = crate::axioms::exp_instances(&mut sym.store, sym.exp, &[kbody, b]);
                    if unsat_in(
                        sym,
                        facts,
                        [vec![kdom, diff_body], inst.clone()].concat(),
                        cfg,
                    ) {
                        for l in crate::axioms::laws_in(&sym.store, &inst) {
                            if !laws.contains(&l) {
                                laws.push(l);
                            }
                        }
                        found = Some(value);
                        break;
                    }
                }
                // A formula's sum equal to a kernel's times a factor free of the index:
                // `Σ exp(x_k) = exp(M) * Σ exp(x_k - M)` (the max-subtraction of a stable
                // softmax). Free of the index through the atoms it holds, too.
                if of_kernel || fl.family != "sum" {
                    continue;
                }
                // (A product of exponentials read as one, by the law the query instantiates.)
                let kb = crate::axioms::collapse_exp(&mut sym.store, sym.exp, kbody);
                let Some(c) = crate::axioms::exp_ratio(&mut sym.store, sym.exp, b, kb) else {
                    continue;
                };
                if depends(sym, c, kk) || depends(sym, c, fl.vars[0]) {
                    continue;
                }
                let scaled_body = sym.store.mul2(c, kbody);
                let same = sym.store.eq(b, scaled_body);
                let diff = sym.store.not(same);
                let inst = crate::axioms::exp_instances(&mut sym.store, sym.exp, &[b, scaled_body]);
                let used = crate::axioms::laws_in(&sym.store, &inst);
                if unsat_in(sym, facts, [vec![kdom, diff], inst].concat(), cfg) {
                    for l in [crate::axioms::EXP_ADD].into_iter().chain(used) {
                        if !laws.contains(&l) {
                            laws.push(l);
                        }
                    }
                    scaled.push((value, kk, kdom));
                    found = Some(sym.store.mul2(c, value));
                    break;
                }
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
