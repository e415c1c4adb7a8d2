//! Integer arithmetic normalisation under the bounds a query itself asserts.
//!
//! Shape arithmetic of strided and dilated ops is nonlinear (`p * ((e - b - 1) div p)`), and
//! Z3 4.8.12 and cvc5 1.0.3 both time out on obligations that are trivial once the products are
//! multiplied out and `div`/`mod` by a non-zero divisor are split:
//!
//! - integer terms are put in a canonical polynomial form (monomials over atoms: symbols,
//!   applications, `ite`s, irreducible `div`/`mod`), so equal polynomials are the same term;
//! - `(d·Q + R) div d = Q + R div d` and `(d·Q + R) mod d = R mod d` when `d` is a literal or a
//!   product of symbols each provably non-zero (Euclidean division, any sign of `d`);
//! - comparisons whose difference is a literal, or a literal plus one symbol with known bounds,
//!   become `true`/`false`.
//!
//! Bounds come from conjuncts of the form `c <= x`, `x <= c`, `c < x`, `x < c`, `x = c` (and their
//! negations): at the top level of the query, and inside an `and` for its sibling conjuncts. A
//! bound never simplifies the conjunct it came from, and quantified symbols shadow outer bounds,
//! so the result is equivalent to the input under the input's own assertions: same satisfiability,
//! and every model of the result is a model of the input.

use crate::fxhash::WordMap;
use crate::term::{Node, Sort, Store, SymId, TermId};
use std::collections::{BTreeMap, HashMap, HashSet};

/// A monomial: a sorted multiset of atoms (the empty one is the constant monomial).
type Mono = Vec<TermId>;
/// A polynomial with integer coefficients, never holding a zero coefficient.
type Poly = BTreeMap<Mono, i128>;

/// Products with more monomials than this stay unexpanded atoms.
const MAX_MONOMIALS: usize = 48;
/// Scopes (conjunctions, `ite` branches) that may add bounds, per query.
const MAX_SCOPES: usize = 512;

/// Rounds of quotient introduction (each may expose the next divisibility fact).
const MAX_ROUNDS: usize = 4;

/// Simplifies the conjunction `assertions` into an equivalent one (see the module docs).
pub fn simplify_arith(store: &mut Store, assertions: &[TermId]) -> Vec<TermId> {
    simplify_arith_witnessed(store, assertions).assertions
}

/// What [`simplify_arith_witnessed`] returns.
pub struct Simplified {
    pub assertions: Vec<TermId>,
    /// Fresh symbols the result introduced, in order, each with the term over the input's
    /// symbols (and the earlier fresh ones) whose value it takes in every model of the input:
    /// the result holds exactly where the input holds, once these are assigned.
    pub witnesses: Vec<(SymId, TermId)>,
}

/// [`simplify_arith`], also naming the fresh symbols it introduced.
///
/// Beyond the rewrites in the module docs: a top-level `t != 0` where `t` is a product adds that
/// every factor is non-zero, and a factor `ite(c, a, 0)` adds `c`; a top-level comparison is a
/// known truth for simplifying the other assertions; a top-level `X mod d = 0` with `d`
/// provably non-zero and `X` linear in some symbol `x` introduces a fresh quotient `q` with the
/// definition `x = (d·q - (X - x))` (so `X = d·q`), which cancels `X div d` and `X mod d`
/// elsewhere; its witness is `X div d`.
pub fn simplify_arith_witnessed(store: &mut Store, assertions: &[TermId]) -> Simplified {
    // The rewrites recurse over terms: a query deeper than `MAX_DEPTH` is left as it is (which
    // trivially preserves its models), and the solver entry points report it unknown.
    if !store.within_depth(assertions) {
        return Simplified {
            assertions: assertions.to_vec(),
            witnesses: vec![],
        };
    }
    let mut parts = Vec::new();
    for a in assertions {
        flatten_and(store, *a, &mut parts);
    }
    let mut witnesses = Vec::new();
    let mut done = HashSet::new();
    for round in 0..=MAX_ROUNDS {
        let derived = nonzero_facts(store, &parts);
        parts.extend(derived);
        let (out, defs) =
            simplify_once(store, &parts, &mut done, &mut witnesses, round < MAX_ROUNDS);
        parts.clear();
        for a in out {
            flatten_and(store, a, &mut parts);
        }
        if defs.is_empty() {
            break;
        }
        parts.extend(defs);
    }
    Simplified {
        assertions: parts,
        witnesses,
    }
}

/// One pass of simplification; also returns the quotient definitions its divisibility facts
/// allow (for the next pass).
fn simplify_once(
    store: &mut Store,
    parts: &[TermId],
    done: &mut HashSet<(TermId, TermId)>,
    witnesses: &mut Vec<(SymId, TermId)>,
    introduce: bool,
) -> (Vec<TermId>, Vec<TermId>) {
    let mut s = Simplifier {
        store,
        ctx: Ctx::default(),
        memo: WordMap::default(),
        poly_memo: WordMap::default(),
        contexts_left: MAX_SCOPES,
    };
    let facts: Vec<bool> = parts.iter().map(|p| s.is_fact(*p)).collect();
    let saved = s.enter(parts);
    // Comparisons without `ite` first, under the bounds only: each becomes a known truth for
    // the rest (never for itself or another such comparison, which would be circular).
    let mut out: Vec<Option<TermId>> = vec![None; parts.len()];
    let mut next = s.ctx.clone();
    for (i, p) in parts.iter().enumerate() {
        if facts[i] {
            out[i] = Some(*p);
        } else if s.is_comparison(*p) && !has_ite(s.store, *p) {
            let r = s.bool_term(*p);
            match s.store.node(r).clone() {
                Node::Not(u) => {
                    next.falsehoods.insert(u);
                }
                node => {
                    next.truths.insert(r);
                    let k = match node {
                        Node::Lt(..) => Some(1),
                        Node::Le(..) => Some(0),
                        _ => None,
                    };
                    if let (Node::Lt(x, y) | Node::Le(x, y), Some(k)) = (node, k) {
                        if let (Node::Sym(xs), Node::Sym(ys)) = (s.store.node(x), s.store.node(y)) {
                            next.above.entry(*ys).or_insert((*xs, x, k));
                        }
                    }
                }
            }
            out[i] = Some(r);
        }
    }
    // Literal bounds through the orderings: `x + k <= y` gives `lo(y) >= lo(x) + k` and
    // `hi(x) <= hi(y) - k`.
    let above: Vec<(SymId, SymId, i128)> = next
        .above
        .iter()
        .map(|(y, (x, _, k))| (*y, *x, *k))
        .collect();
    for (y, x, k) in above {
        let bx = next
            .bounds
            .get(&x)
            .copied()
            .unwrap_or(Bound { lo: None, hi: None });
        let by = next
            .bounds
            .get(&y)
            .copied()
            .unwrap_or(Bound { lo: None, hi: None });
        let lo_y = max_opt(by.lo, bx.lo.and_then(|l| l.checked_add(k)));
        let hi_x = min_opt(bx.hi, by.hi.and_then(|h| h.checked_sub(k)));
        next.bounds.insert(
            y,
            Bound {
                lo: lo_y,
                hi: by.hi,
            },
        );
        let bx = next.bounds.get(&x).copied().unwrap_or(bx);
        next.bounds.insert(
            x,
            Bound {
                lo: bx.lo,
                hi: hi_x,
            },
        );
    }
    // The last pass introduces nothing, so every definition is used by a later pass.
    let quotients = if introduce {
        s.quotients(&out, &next.truths, done, witnesses)
    } else {
        Vec::new()
    };
    let saved_truths = s.replace(next);
    let out: Vec<TermId> = parts
        .iter()
        .zip(out)
        .map(|(p, r)| r.unwrap_or_else(|| s.bool_term(*p)))
        .collect();
    s.leave(saved_truths);
    s.leave(saved);
    (out, quotients)
}

/// Whether an `ite` occurs in `t`.
fn has_ite(store: &Store, t: TermId) -> bool {
    let mut seen = HashSet::new();
    let mut todo = vec![t];
    while let Some(u) = todo.pop() {
        if !seen.insert(u) {
            continue;
        }
        if matches!(store.node(u), Node::Ite(..)) {
            return true;
        }
        todo.extend(store.children(u));
    }
    false
}

/// `t` is the integer literal 0 or the real literal 0.
fn is_zero(store: &Store, t: TermId) -> bool {
    matches!(store.node(t), Node::Int(0) | Node::Real(0, _))
}

/// Facts implied by top-level `t != 0` with `t` a product: every factor is non-zero, and a
/// factor `ite(c, a, 0)` (`ite(c, 0, b)`) needs `c` (`not c`).
fn nonzero_facts(store: &mut Store, parts: &[TermId]) -> Vec<TermId> {
    fn factor(store: &mut Store, t: TermId, out: &mut Vec<TermId>) {
        match store.node(t).clone() {
            Node::Mul(xs) => {
                for x in xs {
                    factor(store, x, out);
                }
            }
            Node::Ite(c, a, b) if is_zero(store, b) => {
                flatten_and(store, c, out);
                factor(store, a, out);
            }
            Node::Ite(c, a, b) if is_zero(store, a) => {
                let nc = store.not(c);
                flatten_and(store, nc, out);
                factor(store, b, out);
            }
            Node::Int(_) | Node::Real(..) => {}
            _ => {
                let zero = if store.sort(t) == Sort::Int {
                    store.int(0)
                } else {
                    store.real(0, 1)
                };
                out.push(store.ne(t, zero));
            }
        }
    }
    let known: HashSet<TermId> = parts.iter().copied().collect();
    let mut out = Vec::new();
    for p in parts {
        let Node::Not(e) = store.node(*p).clone() else {
            continue;
        };
        let Node::Eq(a, b) = store.node(e).clone() else {
            continue;
        };
        let t = if is_zero(store, a) {
            b
        } else if is_zero(store, b) {
            a
        } else {
            continue;
        };
        if matches!(store.node(t), Node::Mul(_) | Node::Ite(..)) {
            factor(store, t, &mut out);
        }
    }
    let mut seen = HashSet::new();
    out.retain(|t| !known.contains(t) && seen.insert(*t) && store.as_bool(*t) != Some(true));
    out
}

/// The conjuncts of `t`: through `and`, `not or` (De Morgan) and `not not`.
fn flatten_and(store: &mut Store, t: TermId, out: &mut Vec<TermId>) {
    match store.node(t).clone() {
        Node::And(xs) => {
            for x in xs {
                flatten_and(store, x, out);
            }
        }
        Node::Not(u) => match store.node(u).clone() {
            Node::Or(xs) => {
                for x in xs {
                    let nx = store.not(x);
                    flatten_and(store, nx, out);
                }
            }
            Node::Not(v) => flatten_and(store, v, out),
            _ => out.push(t),
        },
        _ => out.push(t),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Bound {
    lo: Option<i128>,
    hi: Option<i128>,
}

struct Simplifier<'a> {
    store: &'a mut Store,
    ctx: Ctx,
    /// Results under the current bounds; saved and cleared whenever the bounds change.
    memo: WordMap<TermId, TermId>,
    poly_memo: WordMap<TermId, Poly>,
    /// How many more nested scopes may add bounds (path-sensitive simplification re-walks shared
    /// subterms under each new scope; this keeps the work bounded).
    contexts_left: usize,
}

/// What [`Simplifier::leave`] restores; `None` when entering changed nothing.
type Saved = Option<(Ctx, WordMap<TermId, TermId>, WordMap<TermId, Poly>)>;

/// What holds in the current scope.
#[derive(Clone, Default)]
struct Ctx {
    bounds: HashMap<SymId, Bound>,
    /// `x = t` with `t` a polynomial over symbols, none of them (after substitution) `x`.
    defs: HashMap<SymId, TermId>,
    /// Symbols known to differ from 0 (beyond what their bounds say).
    nonzero: HashSet<SymId>,
    /// Simplified comparisons asserted at the top level, and ones whose negation is.
    truths: HashSet<TermId>,
    falsehoods: HashSet<TermId>,
    /// `y -> (x, k)`: `x + k <= y` holds, from a top-level `x < y` or `x <= y` between symbols.
    above: HashMap<SymId, (SymId, TermId, i128)>,
}

impl Simplifier<'_> {
    /// Adds the bounds and definitions stated by `conjuncts`; returns what [`Self::leave`]
    /// restores.
    fn enter(&mut self, conjuncts: &[TermId]) -> Saved {
        if self.contexts_left == 0 {
            return None;
        }
        self.contexts_left -= 1;
        let mut next = self.ctx.clone();
        let mut changed = false;
        for c in conjuncts {
            // x != c sharpens a bound that stops at c.
            if let Some((x, v)) = self.not_equal(*c) {
                if v == 0 {
                    changed |= next.nonzero.insert(x);
                }
                if let Some(e) = next.bounds.get_mut(&x) {
                    let before = *e;
                    if e.lo == Some(v) {
                        e.lo = v.checked_add(1);
                    }
                    if e.hi == Some(v) {
                        e.hi = v.checked_sub(1);
                    }
                    changed |= *e != before;
                }
                continue;
            }
            if let Some((x, b)) = self.bound_of(*c) {
                let e = next.bounds.entry(x).or_insert(Bound { lo: None, hi: None });
                let before = *e;
                e.lo = max_opt(e.lo, b.lo);
                e.hi = min_opt(e.hi, b.hi);
                changed |= *e != before;
                continue;
            }
            if let Some((x, t)) = self.definition(*c) {
                if next.defs.contains_key(&x) {
                    continue;
                }
                // Resolve `t` under the definitions so far; `x` must not occur in the result.
                let saved = self.replace(next.clone());
                let p = self.poly(t);
                let def = self.from_poly(&p);
                let cyclic = p.keys().flatten().any(|a| match self.store.node(*a) {
                    Node::Sym(y) => *y == x,
                    _ => true,
                });
                self.leave(saved);
                if !cyclic {
                    next.defs.insert(x, def);
                    changed = true;
                }
            }
        }
        if changed {
            self.replace(next)
        } else {
            None
        }
    }

    /// Forgets what is known of `vars` (bound by a quantifier) for the scope of its body.
    fn shadow(&mut self, vars: &[SymId]) -> Saved {
        let mentioned = |ctx: &Ctx| {
            vars.iter()
                .any(|v| ctx.bounds.contains_key(v) || ctx.nonzero.contains(v))
        };
        if !mentioned(&self.ctx)
            && self.ctx.defs.is_empty()
            && self.ctx.truths.is_empty()
            && self.ctx.falsehoods.is_empty()
            && self.ctx.above.is_empty()
        {
            return None;
        }
        let mut next = self.ctx.clone();
        for v in vars {
            next.bounds.remove(v);
            next.nonzero.remove(v);
        }
        // A definition or truth mentioning a bound variable would capture it: drop them all.
        next.defs.clear();
        next.truths.clear();
        next.falsehoods.clear();
        next.above.clear();
        self.replace(next)
    }

    /// A new context, with fresh memo tables (results under the old one may not hold).
    fn replace(&mut self, ctx: Ctx) -> Saved {
        Some((
            std::mem::replace(&mut self.ctx, ctx),
            std::mem::take(&mut self.memo),
            std::mem::take(&mut self.poly_memo),
        ))
    }

    fn leave(&mut self, saved: Saved) {
        if let Some((c, m, p)) = saved {
            self.ctx = c;
            self.memo = m;
            self.poly_memo = p;
        }
    }

    /// `Some((x, t))` when `c` is `x = t` (either way round) for an integer symbol `x` and a
    /// polynomial `t` over symbols and literals that does not mention `x`.
    fn definition(&self, c: TermId) -> Option<(SymId, TermId)> {
        let s = &*self.store;
        let Node::Eq(a, b) = s.node(c) else {
            return None;
        };
        if s.sort(*a) != Sort::Int {
            return None;
        }
        fn polynomial(s: &Store, t: TermId) -> bool {
            match s.node(t) {
                Node::Int(_) | Node::Sym(_) => true,
                Node::Add(xs) | Node::Mul(xs) => xs.iter().all(|x| polynomial(s, *x)),
                Node::Neg(x) => polynomial(s, *x),
                _ => false,
            }
        }
        let pick = |u: TermId, v: TermId| match s.node(u) {
            Node::Sym(x) if polynomial(s, v) && s.as_int(v).is_none() => Some((*x, v)),
            _ => None,
        };
        // Prefer defining the later-declared symbol (attributes tied to earlier ones).
        match (pick(*a, *b), pick(*b, *a)) {
            (Some(x), Some(y)) => Some(if x.0 > y.0 { x } else { y }),
            (x, y) => x.or(y),
        }
    }

    /// Whether the conjunct `t` adds to the bounds (and so must not be simplified by them).
    fn is_fact(&self, t: TermId) -> bool {
        self.bound_of(t).is_some() || self.not_equal(t).is_some() || self.definition(t).is_some()
    }

    /// `Some((x, c))` when `t` is `not (x = c)` for an integer symbol `x` and a literal `c`.
    fn not_equal(&self, t: TermId) -> Option<(SymId, i128)> {
        let s = &*self.store;
        let Node::Not(e) = s.node(t) else { return None };
        let Node::Eq(a, b) = s.node(*e) else {
            return None;
        };
        let pick = |u: TermId, v: TermId| match (s.node(u), s.as_int(v)) {
            (Node::Sym(x), Some(c)) if s.sym_sort(*x) == Sort::Int => Some((*x, c)),
            _ => None,
        };
        pick(*a, *b).or_else(|| pick(*b, *a))
    }

    /// The conjuncts that hold where `c` is `positive` (true) or not.
    fn facts_of(&mut self, c: TermId, positive: bool) -> Vec<TermId> {
        let mut out = Vec::new();
        match (self.store.node(c).clone(), positive) {
            (Node::And(xs), true) => out = xs,
            (Node::Or(xs), false) => {
                for x in xs {
                    out.push(self.store.not(x));
                }
            }
            (_, true) => out.push(c),
            (_, false) => out.push(self.store.not(c)),
        }
        out
    }

    /// `Some((x, bound))` when `t` states a literal bound on the integer symbol `x`.
    fn bound_of(&self, t: TermId) -> Option<(SymId, Bound)> {
        let s = &*self.store;
        let (neg, atom) = match s.node(t) {
            Node::Not(a) => (true, *a),
            _ => (false, t),
        };
        let sym = |u: TermId| match s.node(u) {
            Node::Sym(x) if s.sym_sort(*x) == Sort::Int => Some(*x),
            _ => None,
        };
        let lit = |u: TermId| s.as_int(u);
        let lo = |x, v| {
            Some((
                x,
                Bound {
                    lo: Some(v),
                    hi: None,
                },
            ))
        };
        let hi = |x, v| {
            Some((
                x,
                Bound {
                    lo: None,
                    hi: Some(v),
                },
            ))
        };
        match (s.node(atom), neg) {
            // c <= x, or not (x < c)
            (Node::Le(a, b), false) => match (lit(*a), sym(*b), sym(*a), lit(*b)) {
                (Some(c), Some(x), _, _) => lo(x, c),
                (_, _, Some(x), Some(c)) => hi(x, c),
                _ => None,
            },
            (Node::Lt(a, b), false) => match (lit(*a), sym(*b), sym(*a), lit(*b)) {
                (Some(c), Some(x), _, _) => lo(x, c.checked_add(1)?),
                (_, _, Some(x), Some(c)) => hi(x, c.checked_sub(1)?),
                _ => None,
            },
            // not (a <= b): b < a
            (Node::Le(a, b), true) => match (lit(*a), sym(*b), sym(*a), lit(*b)) {
                (Some(c), Some(x), _, _) => hi(x, c.checked_sub(1)?),
                (_, _, Some(x), Some(c)) => lo(x, c.checked_add(1)?),
                _ => None,
            },
            // not (a < b): b <= a
            (Node::Lt(a, b), true) => match (lit(*a), sym(*b), sym(*a), lit(*b)) {
                (Some(c), Some(x), _, _) => hi(x, c),
                (_, _, Some(x), Some(c)) => lo(x, c),
                _ => None,
            },
            (Node::Eq(a, b), false) => match (lit(*a), sym(*b), sym(*a), lit(*b)) {
                (Some(c), Some(x), _, _) | (_, _, Some(x), Some(c)) => Some((
                    x,
                    Bound {
                        lo: Some(c),
                        hi: Some(c),
                    },
                )),
                _ => None,
            },
            _ => None,
        }
    }

    /// Simplifies a term of any sort.
    fn term(&mut self, t: TermId) -> TermId {
        match self.store.sort(t) {
            Sort::Int => {
                let p = self.poly(t);
                self.from_poly(&p)
            }
            Sort::Bool => self.bool_term(t),
            Sort::Real | Sort::BitVec(_) | Sort::Float(_) => self.rebuild(t),
        }
    }

    fn bool_term(&mut self, t: TermId) -> TermId {
        if let Some(r) = self.memo.get(&t) {
            return *r;
        }
        let r = match self.store.node(t).clone() {
            // x = ite(c, u, x)  ⟺  ¬c ∨ x = u (and the mirror cases): the test leaves the ite.
            Node::Eq(a, b) if self.eq_ite(a, b).is_some() => {
                let r = self.eq_ite(a, b).unwrap();
                self.bool_term(r)
            }
            Node::And(xs) => {
                let facts: Vec<bool> = xs.iter().map(|x| self.is_fact(*x)).collect();
                // Each fact simplified under the outer bounds only; the rest under all of them.
                let outer: Vec<TermId> = xs
                    .iter()
                    .zip(&facts)
                    .filter(|(_, f)| **f)
                    .map(|(x, _)| self.bool_term(*x))
                    .collect();
                let saved = self.enter(&xs);
                let mut items = outer;
                for (x, f) in xs.iter().zip(&facts) {
                    if !f {
                        items.push(self.bool_term(*x));
                    }
                }
                self.leave(saved);
                self.store.and(items)
            }
            Node::Le(a, b) | Node::Lt(a, b) | Node::Eq(a, b) if self.store.sort(a) == Sort::Int => {
                self.compare(t, a, b)
            }
            _ => self.rebuild(t),
        };
        self.memo.insert(t, r);
        r
    }

    /// An integer comparison: decided when the difference of its sides is a literal, or a literal
    /// plus one symbol whose bounds settle it; otherwise rebuilt from the normalised sides.
    fn compare(&mut self, t: TermId, a: TermId, b: TermId) -> TermId {
        let pa = self.poly(a);
        let pb = self.poly(b);
        let diff = sub_poly(&pb, &pa); // b - a
        if let Some(d) = diff {
            if let Some(range) = self.range(&d) {
                let decided = match self.store.node(t) {
                    Node::Le(..) => decide(range, |lo| lo >= 0, |hi| hi < 0),
                    Node::Lt(..) => decide(range, |lo| lo > 0, |hi| hi <= 0),
                    _ => match range {
                        (Some(lo), Some(hi)) if lo == 0 && hi == 0 => Some(true),
                        (Some(lo), _) if lo > 0 => Some(false),
                        (_, Some(hi)) if hi < 0 => Some(false),
                        _ => None,
                    },
                };
                if let Some(v) = decided {
                    return self.store.bool(v);
                }
            }
        }
        let (x, y) = (self.from_poly(&pa), self.from_poly(&pb));
        let r = match self.store.node(t) {
            Node::Le(..) => self.store.le(x, y),
            Node::Lt(..) => self.store.lt(x, y),
            _ => self.store.eq(x, y),
        };
        if self.ctx.truths.contains(&r) {
            self.store.bool(true)
        } else if self.ctx.falsehoods.contains(&r) {
            self.store.bool(false)
        } else {
            r
        }
    }

    /// `x = ite(c, u, x)` as `¬c ∨ x = u`, `x = ite(c, x, v)` as `c ∨ x = v`, either way round.
    fn eq_ite(&mut self, a: TermId, b: TermId) -> Option<TermId> {
        for (x, other) in [(a, b), (b, a)] {
            if let Node::Ite(c, u, v) = self.store.node(other).clone() {
                if v == x {
                    let nc = self.store.not(c);
                    let e = self.store.eq(x, u);
                    return Some(self.store.or2(nc, e));
                }
                if u == x {
                    let e = self.store.eq(x, v);
                    return Some(self.store.or2(c, e));
                }
            }
        }
        None
    }

    /// An integer comparison, or the negation of one.
    fn is_comparison(&self, t: TermId) -> bool {
        let s = &*self.store;
        let atom = match s.node(t) {
            Node::Not(a) => *a,
            _ => t,
        };
        match s.node(atom) {
            Node::Le(a, _) | Node::Lt(a, _) | Node::Eq(a, _) => s.sort(*a) == Sort::Int,
            _ => false,
        }
    }

    /// Quotient definitions for the simplified top-level facts `X mod d = 0` (see
    /// [`simplify_arith_witnessed`]), each divisibility fact at most once per query.
    fn quotients(
        &mut self,
        simplified: &[Option<TermId>],
        truths: &HashSet<TermId>,
        done: &mut HashSet<(TermId, TermId)>,
        witnesses: &mut Vec<(SymId, TermId)>,
    ) -> Vec<TermId> {
        let mut defs = Vec::new();
        let mut defined: HashSet<SymId> = HashSet::new();
        for r in simplified.iter().flatten() {
            let Node::Eq(a, b) = self.store.node(*r).clone() else {
                continue;
            };
            let m = if is_zero(self.store, a) {
                b
            } else if is_zero(self.store, b) {
                a
            } else {
                continue;
            };
            let Node::IntMod(x, d) = self.store.node(m).clone() else {
                continue;
            };
            if !done.insert((x, d)) {
                continue;
            }
            let (px, pd) = (self.poly(x), self.poly(d));
            if !self.nonzero_poly(&pd) {
                continue;
            }
            // A symbol of X with coefficient ±1, in no other monomial of X and not in d.
            let in_d: HashSet<TermId> = pd.keys().flatten().copied().collect();
            let mut pick: Option<(SymId, TermId, i128)> = None;
            for (mono, k) in &px {
                let [v] = mono.as_slice() else { continue };
                let Node::Sym(sv) = self.store.node(*v) else {
                    continue;
                };
                let elsewhere = px.keys().any(|m2| m2.as_slice() != [*v] && m2.contains(v));
                if k.abs() != 1 || elsewhere || in_d.contains(v) || defined.contains(sv) {
                    continue;
                }
                if pick.is_none_or(|(p, _, _)| *sv > p) {
                    pick = Some((*sv, *v, *k));
                }
            }
            let Some((sv, v, k)) = pick else { continue };
            if px
                .keys()
                .flatten()
                .any(|a| !matches!(self.store.node(*a), Node::Sym(_)))
            {
                continue;
            }
            let q = self.store.fresh("q", Sort::Int);
            let qt = self.store.sym(q);
            // k·v + rest = d·q  ⇒  v = k·(d·q - rest), k = ±1.
            let mut rest = px.clone();
            rest.remove(&vec![v]);
            let Some(dq) = mul_poly(&pd, &atom(self.store, qt)) else {
                continue;
            };
            let Some(rhs) = sub_poly(&dq, &rest).and_then(|p| scale(&p, k)) else {
                continue;
            };
            let rhs = self.from_poly(&rhs);
            defs.push(self.store.eq(v, rhs));
            defined.insert(sv);
            // X = d·q with d > 0: q has the sign of X.
            let zero = self.store.int(0);
            let d_positive = matches!(self.range(&pd), Some((Some(lo), _)) if lo > 0);
            if d_positive && truths.contains(&self.store.le(zero, x)) {
                defs.push(self.store.le(zero, qt));
            }
            let w = self.store.int_div(x, d);
            witnesses.push((q, w));
        }
        defs
    }

    /// Whether a polynomial is provably non-zero under the current bounds.
    fn nonzero_poly(&self, p: &Poly) -> bool {
        match self.range(p) {
            Some((Some(lo), _)) if lo > 0 => true,
            Some((_, Some(hi))) if hi < 0 => true,
            _ => match p.iter().collect::<Vec<_>>().as_slice() {
                [(m, _)] => !m.is_empty() && m.iter().all(|a| self.known_nonzero(*a)),
                _ => false,
            },
        }
    }

    /// The range of a polynomial over bounded symbols: interval arithmetic, with the lower end
    /// sharpened by [`Self::shifted_lower`]; `None` when a monomial holds a non-symbol or a
    /// product of symbols not known to be non-negative.
    fn range(&self, p: &Poly) -> Option<(Option<i128>, Option<i128>)> {
        let naive = self.naive_range(p);
        let lo = naive.and_then(|r| r.0);
        if lo.is_some() && p.keys().all(|m| m.len() <= 1) {
            return naive;
        }
        match (naive, self.shifted_lower(p)) {
            (Some((l, h)), Some(s)) => Some((max_opt(l, Some(s)), h)),
            (None, Some(s)) => Some((Some(s), None)),
            (n, None) => n,
        }
    }

    /// A lower bound of `p` after writing every symbol as `lo + x'` with `x' >= 0` (`lo` its
    /// lower bound): when every non-constant monomial of the expansion has a positive
    /// coefficient, the constant is a lower bound (`pi·ni - pi >= 0` for `ni >= 1, pi >= 0`,
    /// which plain interval arithmetic misses).
    ///
    /// With `relations`, a symbol `y` known to be at least `x + k` is written `x + k + y'`
    /// instead (`x` then at its own lower bound): `(ni - q)·(1 + pi) > 0` for `q < ni`.
    fn shifted_lower(&self, p: &Poly) -> Option<i128> {
        if p.keys().all(|m| m.len() <= 1) {
            return None;
        }
        if self.ctx.above.is_empty() {
            return self.shifted_lower_with(p, false);
        }
        self.shifted_lower_with(p, true)
            .or_else(|| self.shifted_lower_with(p, false))
    }

    fn shifted_lower_with(&self, p: &Poly, relations: bool) -> Option<i128> {
        let mut acc = Poly::new();
        for (m, k) in p {
            let mut term = constant(*k);
            for a in m {
                let Node::Sym(y) = self.store.node(*a) else {
                    return None;
                };
                // A base `x` of a relation is itself shifted by its literal bound only.
                let relation = self
                    .ctx
                    .above
                    .get(y)
                    .filter(|(x, _, _)| relations && !self.ctx.above.contains_key(x));
                let shifted = match relation {
                    Some((x, xt, k)) => {
                        // y = (lo_x + x') + k + y'
                        let lo = self.ctx.bounds.get(x)?.lo?;
                        let mut s = constant(lo.checked_add(*k)?);
                        s = add_poly(&s, &atom(self.store, *xt))?;
                        s.insert(vec![*a], 1);
                        s
                    }
                    None => {
                        let lo = self.ctx.bounds.get(y)?.lo?;
                        let mut s = constant(lo);
                        s.insert(vec![*a], 1);
                        s
                    }
                };
                term = mul_poly(&term, &shifted)?;
            }
            acc = add_poly(&acc, &term)?;
        }
        let mut low = 0i128;
        for (m, k) in &acc {
            if m.is_empty() {
                low = *k;
            } else if *k < 0 {
                return None;
            }
        }
        Some(low)
    }

    /// Plain interval arithmetic over the monomials of `p`.
    fn naive_range(&self, p: &Poly) -> Option<(Option<i128>, Option<i128>)> {
        let mut lo = Some(0i128);
        let mut hi = Some(0i128);
        for (m, k) in p {
            let (l, h) = match m.as_slice() {
                [] => (Some(*k), Some(*k)),
                [x] => {
                    let Node::Sym(s) = self.store.node(*x) else {
                        return None;
                    };
                    let b = self
                        .ctx
                        .bounds
                        .get(s)
                        .copied()
                        .unwrap_or(Bound { lo: None, hi: None });
                    scale_range((b.lo, b.hi), *k)
                }
                xs => {
                    // A product of non-negative symbols: [Π lo, Π hi].
                    let (mut pl, mut ph) = (Some(1i128), Some(1i128));
                    for x in xs {
                        let Node::Sym(s) = self.store.node(*x) else {
                            return None;
                        };
                        let b = self.ctx.bounds.get(s)?;
                        let l = b.lo.filter(|l| *l >= 0)?;
                        pl = pl.and_then(|v| v.checked_mul(l));
                        ph = ph.zip(b.hi).and_then(|(v, h)| v.checked_mul(h));
                    }
                    scale_range((pl, ph), *k)
                }
            };
            lo = lo.zip(l).and_then(|(a, b)| a.checked_add(b));
            hi = hi.zip(h).and_then(|(a, b)| a.checked_add(b));
            if lo.is_none() && hi.is_none() {
                return None;
            }
        }
        Some((lo, hi))
    }

    /// The two branches of `ite c a b`, each simplified where `c` holds, or does not.
    fn branches(&mut self, c: TermId, a: TermId, b: TermId) -> (TermId, TermId) {
        let facts = self.facts_of(c, true);
        let saved = self.enter(&facts);
        let a = self.term(a);
        self.leave(saved);
        let facts = self.facts_of(c, false);
        let saved = self.enter(&facts);
        let b = self.term(b);
        self.leave(saved);
        (a, b)
    }

    /// [`Self::branches`] for integer branches, as polynomials.
    fn poly_branches(&mut self, c: TermId, a: TermId, b: TermId) -> (Poly, Poly) {
        let facts = self.facts_of(c, true);
        let saved = self.enter(&facts);
        let a = self.poly(a);
        self.leave(saved);
        let facts = self.facts_of(c, false);
        let saved = self.enter(&facts);
        let b = self.poly(b);
        self.leave(saved);
        (a, b)
    }

    /// Rebuilds `t` from simplified children (for nodes without arithmetic rules of their own).
    fn rebuild(&mut self, t: TermId) -> TermId {
        if let Some(r) = self.memo.get(&t) {
            return *r;
        }
        let node = self.store.node(t).clone();
        let r = match node {
            Node::Bool(_)
            | Node::Int(_)
            | Node::Real(..)
            | Node::Sym(_)
            | Node::FpLit(..)
            | Node::BvLit(..) => t,
            Node::Fp(op, xs) => {
                let xs = xs.iter().map(|x| self.term(*x)).collect();
                self.store.fp(op, xs)
            }
            Node::Bv(op, xs) => {
                let xs = xs.iter().map(|x| self.term(*x)).collect();
                self.store.bv(op, xs)
            }
            Node::App(f, xs) => {
                let xs = xs.iter().map(|x| self.term(*x)).collect();
                self.store.app(f, xs)
            }
            Node::Not(a) => {
                let a = self.term(a);
                self.store.not(a)
            }
            Node::And(_) => self.bool_term(t),
            Node::Or(xs) => {
                let xs = xs.iter().map(|x| self.term(*x)).collect();
                self.store.or(xs)
            }
            Node::Ite(c, a, b) => {
                let c = self.term(c);
                match self.store.as_bool(c) {
                    Some(true) => self.term(a),
                    Some(false) => self.term(b),
                    None => {
                        let (a, b) = self.branches(c, a, b);
                        self.store.ite(c, a, b)
                    }
                }
            }
            Node::Eq(a, b) => {
                let (a, b) = (self.term(a), self.term(b));
                self.store.eq(a, b)
            }
            Node::Le(a, b) => {
                let (a, b) = (self.term(a), self.term(b));
                self.store.le(a, b)
            }
            Node::Lt(a, b) => {
                let (a, b) = (self.term(a), self.term(b));
                self.store.lt(a, b)
            }
            Node::Add(xs) => {
                let xs = xs.iter().map(|x| self.term(*x)).collect();
                self.store.add(xs)
            }
            Node::Mul(xs) => {
                let xs = xs.iter().map(|x| self.term(*x)).collect();
                self.store.mul(xs)
            }
            Node::Neg(a) => {
                let a = self.term(a);
                self.store.neg(a)
            }
            Node::IntDiv(a, b) => {
                let (a, b) = (self.term(a), self.term(b));
                self.store.int_div(a, b)
            }
            Node::IntMod(a, b) => {
                let (a, b) = (self.term(a), self.term(b));
                self.store.int_mod(a, b)
            }
            Node::RealDiv(a, b) => {
                let (a, b) = (self.term(a), self.term(b));
                self.store.real_div(a, b)
            }
            Node::ToReal(a) => {
                let a = self.term(a);
                self.store.to_real(a)
            }
            Node::ToInt(a) => {
                let a = self.term(a);
                self.store.to_int(a)
            }
            Node::Forall(vs, b) => {
                let saved = self.shadow(&vs);
                let b = self.term(b);
                self.leave(saved);
                self.store.forall(vs, b)
            }
            Node::Exists(vs, b) => {
                let saved = self.shadow(&vs);
                let b = self.term(b);
                self.leave(saved);
                self.store.exists(vs, b)
            }
        };
        self.memo.insert(t, r);
        r
    }

    /// The polynomial of an integer term.
    fn poly(&mut self, t: TermId) -> Poly {
        if let Some(p) = self.poly_memo.get(&t) {
            return p.clone();
        }
        let p = self.poly_uncached(t).unwrap_or_else(|| {
            // Overflow or a blown-up product: the term (with simplified children) is an atom.
            let r = self.rebuild(t);
            atom(self.store, r)
        });
        self.poly_memo.insert(t, p.clone());
        p
    }

    fn poly_uncached(&mut self, t: TermId) -> Option<Poly> {
        match self.store.node(t).clone() {
            Node::Int(i) => Some(constant(i)),
            Node::Sym(x) => match (self.ctx.bounds.get(&x), self.ctx.defs.get(&x)) {
                (
                    Some(Bound {
                        lo: Some(l),
                        hi: Some(h),
                    }),
                    _,
                ) if l == h => Some(constant(*l)),
                (_, Some(def)) => {
                    let def = *def;
                    Some(self.poly(def))
                }
                _ => Some(atom(self.store, t)),
            },
            Node::Add(xs) => {
                let mut acc = Poly::new();
                for x in xs {
                    let px = self.poly(x);
                    acc = add_poly(&acc, &px)?;
                }
                Some(acc)
            }
            Node::Neg(a) => {
                let pa = self.poly(a);
                scale(&pa, -1)
            }
            Node::Mul(xs) => {
                let mut acc = constant(1);
                for x in xs {
                    let px = self.poly(x);
                    acc = mul_poly(&acc, &px)?;
                }
                Some(acc)
            }
            Node::IntDiv(a, d) => self.div_mod(a, d, true),
            Node::IntMod(a, d) => self.div_mod(a, d, false),
            Node::Ite(c, a, b) => {
                let c = self.term(c);
                match self.store.as_bool(c) {
                    Some(true) => Some(self.poly(a)),
                    Some(false) => Some(self.poly(b)),
                    None => {
                        // ite(c, C + A', C + B') = C + ite(c, A', B'): the common part leaves.
                        let (pa, pb) = self.poly_branches(c, a, b);
                        let common: Poly = pa
                            .iter()
                            .filter(|(m, k)| pb.get(*m) == Some(*k))
                            .map(|(m, k)| (m.clone(), *k))
                            .collect();
                        let (ra, rb) = (sub_poly(&pa, &common)?, sub_poly(&pb, &common)?);
                        let (ta, tb) = (self.from_poly(&ra), self.from_poly(&rb));
                        let r = self.store.ite(c, ta, tb);
                        add_poly(&common, &atom(self.store, r))
                    }
                }
            }
            _ => {
                let r = self.rebuild(t);
                Some(atom(self.store, r))
            }
        }
    }

    /// `a div d` (or `a mod d`) for a divisor whose range excludes 0: `a = d·Q + R` by
    /// polynomial division, then `a div d = Q + R div d` and `a mod d = R mod d` (Euclidean, any
    /// sign of `d`, any polynomial `Q`); `R div d = 0` and `R mod d = R` when `0 <= R < |d|`.
    fn div_mod(&mut self, a: TermId, d: TermId, is_div: bool) -> Option<Poly> {
        let pa = self.poly(a);
        let pd = self.poly(d);
        if is_div {
            if let Some(p) = self.nested_div(&pa, &pd) {
                return Some(p);
            }
        }
        let least = match self.range(&pd) {
            Some((Some(lo), _)) if lo > 0 => Some(lo),
            Some((_, Some(hi))) if hi < 0 => hi.checked_neg(),
            // k·x·y·.. with every symbol known to differ from 0: |d| >= |k|.
            _ => match pd.iter().collect::<Vec<_>>().as_slice() {
                [(m, k)] if !m.is_empty() && m.iter().all(|a| self.known_nonzero(*a)) => {
                    k.checked_abs()
                }
                _ => None,
            },
        };
        let Some(least) = least else {
            let (ta, td) = (self.from_poly(&pa), self.from_poly(&pd));
            let r = if is_div {
                self.store.int_div(ta, td)
            } else {
                self.store.int_mod(ta, td)
            };
            return Some(atom(self.store, r));
        };
        let (quotient, rest) = divide_poly(&pa, &pd)?;
        let small = rest.is_empty()
            || matches!(self.range(&rest), Some((Some(lo), Some(hi))) if lo >= 0 && hi < least);
        if small {
            return Some(if is_div { quotient } else { rest });
        }
        // A constant divisor `k > 0` and a rest whose whole range has one quotient `q`:
        // `R div k = q` and `R mod k = R - k·q` (e.g. `(j + 6) div 5 = 1` for `0 <= j < 4`).
        if let (Some((Some(k), Some(k2))), Some((Some(lo), Some(hi)))) =
            (self.range(&pd), self.range(&rest))
        {
            if k == k2 && k > 0 && lo.div_euclid(k) == hi.div_euclid(k) {
                let q = lo.div_euclid(k);
                return if is_div {
                    add_poly(&quotient, &constant(q))
                } else {
                    sub_poly(&rest, &constant(k.checked_mul(q)?))
                };
            }
        }
        let (tr, td) = (self.from_poly(&rest), self.from_poly(&pd));
        if is_div {
            let r = self.store.int_div(tr, td);
            add_poly(&quotient, &atom(self.store, r))
        } else {
            let r = self.store.int_mod(tr, td);
            Some(atom(self.store, r))
        }
    }

    /// `(A div b + Q) div c = (A + b·Q) div (b·c)` for `b > 0`, `c > 0` and any polynomial `Q`
    /// (`⌊A/b⌋ + Q = ⌊(A + bQ)/b⌋`, and `⌊⌊x/b⌋/c⌋ = ⌊x/(bc)⌋`): nested divisions by strides
    /// and dilations become one.
    fn nested_div(&mut self, pa: &Poly, pc: &Poly) -> Option<Poly> {
        if !matches!(self.range(pc), Some((Some(lo), _)) if lo > 0) {
            return None;
        }
        let (atom_t, inner, b) = pa.iter().find_map(|(m, k)| match (m.as_slice(), k) {
            ([t], 1) => match self.store.node(*t) {
                Node::IntDiv(x, y) => Some((*t, *x, *y)),
                _ => None,
            },
            _ => None,
        })?;
        let pb = self.poly(b);
        if !matches!(self.range(&pb), Some((Some(lo), _)) if lo > 0) {
            return None;
        }
        let mut q = pa.clone();
        q.remove(&vec![atom_t]);
        let pinner = self.poly(inner);
        let num = add_poly(&pinner, &mul_poly(&pb, &q)?)?;
        let den = mul_poly(&pb, pc)?;
        let (tn, td) = (self.from_poly(&num), self.from_poly(&den));
        let r = self.store.int_div(tn, td);
        // The new division may itself split (polynomial division by `b·c`).
        self.div_mod(tn, td, true)
            .or_else(|| Some(atom(self.store, r)))
    }

    fn known_nonzero(&self, a: TermId) -> bool {
        match self.store.node(a) {
            Node::Sym(x) => self.ctx.nonzero.contains(x),
            _ => false,
        }
    }

    /// The canonical term of a polynomial.
    fn from_poly(&mut self, p: &Poly) -> TermId {
        if p.is_empty() {
            return self.store.int(0);
        }
        let mut items = Vec::with_capacity(p.len());
        for (m, c) in p {
            let mut factors = vec![self.store.int(*c)];
            factors.extend(m.iter().copied());
            items.push(self.store.mul(factors));
        }
        self.store.add(items)
    }
}

fn decide(
    range: (Option<i128>, Option<i128>),
    yes: impl Fn(i128) -> bool,
    no: impl Fn(i128) -> bool,
) -> Option<bool> {
    if range.0.is_some_and(yes) {
        return Some(true);
    }
    if range.1.is_some_and(no) {
        return Some(false);
    }
    None
}

/// `k · [lo, hi]`, with `None` for an unbounded end.
fn scale_range(r: (Option<i128>, Option<i128>), k: i128) -> (Option<i128>, Option<i128>) {
    let (l, h) = (
        r.0.and_then(|v| v.checked_mul(k)),
        r.1.and_then(|v| v.checked_mul(k)),
    );
    if k > 0 {
        (l, h)
    } else {
        (h, l)
    }
}

fn max_opt(a: Option<i128>, b: Option<i128>) -> Option<i128> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.max(y)),
        (x, None) | (None, x) => x,
    }
}

fn min_opt(a: Option<i128>, b: Option<i128>) -> Option<i128> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, None) | (None, x) => x,
    }
}

fn constant(c: i128) -> Poly {
    let mut p = Poly::new();
    if c != 0 {
        p.insert(Vec::new(), c);
    }
    p
}

fn atom(store: &Store, t: TermId) -> Poly {
    match store.as_int(t) {
        Some(c) => constant(c),
        None => {
            let mut p = Poly::new();
            p.insert(vec![t], 1);
            p
        }
    }
}

fn add_poly(a: &Poly, b: &Poly) -> Option<Poly> {
    let mut out = a.clone();
    for (m, c) in b {
        let e = out.entry(m.clone()).or_insert(0);
        *e = e.checked_add(*c)?;
    }
    out.retain(|_, c| *c != 0);
    Some(out)
}

fn sub_poly(a: &Poly, b: &Poly) -> Option<Poly> {
    add_poly(a, &scale(b, -1)?)
}

fn scale(a: &Poly, k: i128) -> Option<Poly> {
    let mut out = Poly::new();
    for (m, c) in a {
        out.insert(m.clone(), c.checked_mul(k)?);
    }
    Some(out)
}

fn mul_poly(a: &Poly, b: &Poly) -> Option<Poly> {
    if a.len().saturating_mul(b.len()) > MAX_MONOMIALS * 4 {
        return None;
    }
    let mut out = Poly::new();
    for (ma, ca) in a {
        for (mb, cb) in b {
            let mut m = ma.clone();
            m.extend(mb.iter().copied());
            m.sort();
            let e = out.entry(m).or_insert(0);
            *e = e.checked_add(ca.checked_mul(*cb)?)?;
        }
    }
    out.retain(|_, c| *c != 0);
    (out.len() <= MAX_MONOMIALS).then_some(out)
}

/// Multivariate division `a = d·Q + R` (greedy on `d`'s leading monomial in degree-then-atom
/// order, skipping terms whose coefficient the leading coefficient does not divide). Any `Q`
/// gives an exact identity; this one cancels what is a visible multiple of `d`.
fn divide_poly(a: &Poly, d: &Poly) -> Option<(Poly, Poly)> {
    let (lead, lc) = d
        .iter()
        .max_by(|(m1, _), (m2, _)| (m1.len(), *m1).cmp(&(m2.len(), *m2)))
        .map(|(m, c)| (m.clone(), *c))?;
    let mut quotient = Poly::new();
    let mut rest = a.clone();
    let mut skipped: Vec<Mono> = Vec::new();
    for _ in 0..64 {
        let step = rest.iter().find_map(|(m, c)| {
            if skipped.contains(m) {
                return None;
            }
            let q = divide_mono(m, &lead)?;
            (c % lc == 0).then(|| (m.clone(), q, c / lc))
        });
        let Some((m, q, k)) = step else { break };
        let mut t = Poly::new();
        t.insert(q, k);
        let dt = mul_poly(d, &t)?;
        let next = sub_poly(&rest, &dt)?;
        if next.contains_key(&m) {
            // Cannot happen for an exact leading-term step; stop rather than loop.
            skipped.push(m);
            continue;
        }
        quotient = add_poly(&quotient, &t)?;
        rest = next;
    }
    Some((quotient, rest))
}

/// `mono / m` when `m` is a sub-multiset of `mono`.
fn divide_mono(mono: &Mono, m: &Mono) -> Option<Mono> {
    let mut rest = mono.clone();
    for x in m {
        let i = rest.iter().position(|y| y == x)?;
        rest.remove(i);
    }
    Some(rest)
}
