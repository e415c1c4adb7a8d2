//! Synthesis: the formula an output computes, read off the term a store writes at a symbolic
//! lane. Index terms are affine in the program ids and lanes; each is rewritten relative to
//! the store's own offset (`i`), so `x/1(pid*B + k - 1)` stored at `pid*B + k` reads
//! `x[i - 1]`. Reading our own IR only (never Z3 terms).

use crate::formula::Expr;
use smt::{FunId, Node, Store, SymId, TermId};
use std::collections::{BTreeMap, HashMap};

/// A polynomial over symbols: monomial (sorted symbols, empty for the constant) to
/// coefficient. Index arithmetic with symbolic strides (`row * stride + col`) is one.
pub(crate) type Poly = BTreeMap<Vec<SymId>, i128>;

/// The polynomial of an integer term, if it is one.
pub(crate) fn poly(s: &Store, t: TermId) -> Option<Poly> {
    Some(match s.node(t) {
        Node::Int(i) => constant(*i),
        Node::Sym(v) => BTreeMap::from([(vec![*v], 1)]),
        Node::Neg(a) => pscale(&poly(s, *a)?, -1)?,
        Node::Add(xs) => {
            let mut acc = Poly::new();
            for x in xs {
                acc = padd(&acc, &poly(s, *x)?)?;
            }
            acc
        }
        Node::Mul(xs) => {
            let mut acc = constant(1);
            for x in xs {
                acc = pmul(&acc, &poly(s, *x)?)?;
            }
            acc
        }
        _ => return None,
    })
}

/// The polynomial of a real term over integer indices and real parameters (`step *
/// to_real(lane) + start`), if it is one with integer coefficients.
fn real_poly(s: &Store, t: TermId) -> Option<Poly> {
    match s.node(t) {
        Node::ToReal(a) => poly(s, *a),
        Node::Real(n, 1) => Some(constant(*n)),
        Node::Sym(v) => Some(BTreeMap::from([(vec![*v], 1)])),
        Node::Neg(a) => pscale(&real_poly(s, *a)?, -1),
        Node::Add(xs) => xs
            .iter()
            .try_fold(Poly::new(), |acc, x| padd(&acc, &real_poly(s, *x)?)),
        Node::Mul(xs) => xs
            .iter()
            .try_fold(constant(1), |acc, x| pmul(&acc, &real_poly(s, *x)?)),
        _ => None,
    }
}

pub(crate) fn constant(c: i128) -> Poly {
    if c == 0 {
        Poly::new()
    } else {
        BTreeMap::from([(vec![], c)])
    }
}

pub(crate) fn pscale(p: &Poly, c: i128) -> Option<Poly> {
    let mut m = Poly::new();
    for (k, v) in p {
        let x = v.checked_mul(c)?;
        if x != 0 {
            m.insert(k.clone(), x);
        }
    }
    Some(m)
}

pub(crate) fn padd(a: &Poly, b: &Poly) -> Option<Poly> {
    let mut m = a.clone();
    for (k, v) in b {
        let e = m.entry(k.clone()).or_insert(0);
        *e = e.checked_add(*v)?;
        if *e == 0 {
            m.remove(k);
        }
    }
    Some(m)
}

fn pmul(a: &Poly, b: &Poly) -> Option<Poly> {
    let mut out = Poly::new();
    for (ka, va) in a {
        for (kb, vb) in b {
            let mut k = ka.clone();
            k.extend(kb.iter().copied());
            k.sort();
            out = padd(&out, &BTreeMap::from([(k, va.checked_mul(*vb)?)]))?;
        }
    }
    Some(out)
}

/// The term of a polynomial.
pub(crate) fn term(s: &mut Store, p: &Poly) -> TermId {
    let mut parts = Vec::new();
    for (m, c) in p {
        let mut f = vec![s.int(*c)];
        for v in m {
            f.push(s.sym(*v));
        }
        parts.push(s.mul(f));
    }
    if parts.is_empty() {
        return s.int(0);
    }
    s.add(parts)
}

/// The formula of polynomial `p` when each of its symbols has a name in `names` (`2 * n * m
/// - 1`).
pub(crate) fn poly_of_names(p: &Poly, names: &[(SymId, String)]) -> Option<Expr> {
    let mut e: Option<Expr> = None;
    for (m, c) in p {
        let mut x: Option<Expr> = (c.abs() != 1 || m.is_empty()).then(|| Expr::Num(c.abs(), 1));
        for v in m {
            let n = Expr::Var(names.iter().find(|(s, _)| s == v)?.1.clone());
            x = Some(match x {
                None => n,
                Some(a) => Expr::Bin('*', Box::new(a), Box::new(n)),
            });
        }
        let x = x.expect("a monomial or its coefficient");
        e = Some(match e {
            None if *c < 0 => Expr::Neg(Box::new(x)),
            None => x,
            Some(a) => Expr::Bin(if *c < 0 { '-' } else { '+' }, Box::new(a), Box::new(x)),
        });
    }
    Some(e.unwrap_or(Expr::Num(0, 1)))
}

/// Splits a flat offset into per-dimension indices for a tensor whose dimensions have
/// `strides` (`flat = i0 * s0 + i1 * s1 + ...`; row-major `[S1, 1]` for a shape `[_, S1]`).
/// Each stride must be 1 or a product of symbols; a monomial of the offset goes to the
/// dimension whose stride divides it with the most symbols (an index times a constant stays
/// in its dimension), and the rest to the dimension of stride 1. `None` when the split is not
/// syntactic (a stride that is no monomial, a monomial no stride divides).
pub(crate) fn delinearize(p: &Poly, strides: &[Poly]) -> Option<Vec<Poly>> {
    let monomials: Vec<Vec<SymId>> = strides
        .iter()
        .map(|s| match s.iter().collect::<Vec<_>>()[..] {
            [(m, 1)] => Some(m.clone()),
            _ => None,
        })
        .collect::<Option<_>>()?;
    if strides.len() == 1 && monomials[0].is_empty() {
        return Some(vec![p.clone()]);
    }
    let mut parts = vec![Poly::new(); strides.len()];
    for (k, c) in p {
        let divides = |m: &Vec<SymId>| divide(k, m);
        // The first of the longest (a split is any one with `flat = sum i_k * s_k`: the
        // formula reads back through the same strides).
        let best = monomials
            .iter()
            .enumerate()
            .filter_map(|(d, m)| divides(m).map(|q| (d, m.len(), q)))
            .fold(None, |b: Option<(usize, usize, Vec<SymId>)>, c| match b {
                Some(b) if b.1 >= c.1 => Some(b),
                _ => Some(c),
            })?;
        parts[best.0] = padd(&parts[best.0], &BTreeMap::from([(best.2, *c)]))?;
    }
    Some(parts)
}

/// Whether integer term `t` is non-negative as index arithmetic is: a polynomial with
/// non-negative coefficients over its symbols (program ids, lanes, sizes), its constant
/// term at least minus the coefficients of its monomials of sizes (each size at least 1:
/// `n - 1`), or a sum, product, `//` or `%` of such terms (`offs // (hidden // channels)`).
fn non_negative(s: &Store, t: TermId) -> bool {
    let polynomial = |p: Poly| {
        let sizes: i128 = p
            .iter()
            .filter(|(m, _)| !m.is_empty() && m.iter().all(|v| crate::atoms::size_symbol(s, *v)))
            .map(|(_, c)| *c)
            .sum();
        let c0 = p.get(&Vec::new()).copied().unwrap_or(0);
        p.iter().all(|(m, c)| m.is_empty() || *c >= 0) && c0 + sizes >= 0
    };
    if poly(s, t).is_some_and(polynomial) {
        return true;
    }
    match s.node(t) {
        Node::IntDiv(a, b) | Node::IntMod(a, b) => non_negative(s, *a) && non_negative(s, *b),
        Node::Add(xs) | Node::Mul(xs) => xs.iter().all(|x| non_negative(s, *x)),
        _ => false,
    }
}

/// Adds to `map` each sign case in `t` that index arithmetic decides, mapped to its value:
/// index arithmetic is on non-negative values (program ids, lanes, sizes of at least 1,
/// summation indices), so `x < 0` is false for a polynomial with non-negative coefficients
/// and for quotients and remainders of such (Triton's truncating `%` and `//` reduce to
/// Euclidean ones), and a comparison of two polynomials whose difference is such a
/// polynomial is decided (`0 <= diagonal`, the branch `if diagonal >= 0:` on an integer
/// constexpr, is true).
fn sign_cases(s: &mut Store, t: TermId, map: &mut HashMap<TermId, TermId>) {
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![t];
    while let Some(x) = todo.pop() {
        if !seen.insert(x) {
            continue;
        }
        let decided = match s.node(x).clone() {
            Node::Lt(a, z) if s.as_int(z) == Some(0) && non_negative(s, a) => Some(false),
            Node::Lt(a, b) => compared(s, a, b, true),
            Node::Le(a, b) => compared(s, a, b, false),
            _ => None,
        };
        if let Some(v) = decided {
            let v = s.bool(v);
            map.insert(x, v);
        }
        todo.extend(s.children(x));
    }
}

/// `a < b` (`strict`) or `a <= b` when index arithmetic decides it: the difference of the
/// two integer polynomials, or of its negation, is non-negative ([`non_negative`]).
fn compared(s: &mut Store, a: TermId, b: TermId, strict: bool) -> Option<bool> {
    if s.sort(a) != smt::Sort::Int {
        return None;
    }
    let (pa, pb) = (poly(s, a)?, poly(s, b)?);
    // `a < b` is `b - a - 1 >= 0`; it fails when `a - b >= 0`.
    let gap = padd(&pb, &pscale(&pa, -1)?)?;
    let (holds, fails) = match strict {
        true => (padd(&gap, &constant(-1))?, pscale(&gap, -1)?),
        false => (gap.clone(), padd(&pscale(&gap, -1)?, &constant(-1))?),
    };
    let (holds, fails) = (term(s, &holds), term(s, &fails));
    match (non_negative(s, holds), non_negative(s, fails)) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    }
}

/// `t` with the sign cases index arithmetic rules out dropped ([`sign_cases`]): a
/// truncating `//` or `%` of non-negative operands is then the Euclidean one. Repeated
/// until nothing changes (at most [`SIGN_ROUNDS`] times): a case dropped can make another
/// decidable, as in `x // cdiv(n, B)`, whose divisor `|ite(n + B - 1 < 0, ..)|` is the
/// non-negative `(n + B - 1) div B` only once the inner case is gone.
pub(crate) fn drop_sign_cases(s: &mut Store, t: TermId) -> TermId {
    let mut t = t;
    for _ in 0..SIGN_ROUNDS {
        let mut map = HashMap::new();
        sign_cases(s, t, &mut map);
        let next = s.replace(t, &map);
        if next == t {
            break;
        }
        t = next;
    }
    t
}

/// The most rounds of [`drop_sign_cases`] (each peels one level of nested divisions).
const SIGN_ROUNDS: usize = 8;

/// Splits a store's flat offset `off` into per-dimension indices ([`delinearize`]) after
/// dropping its sign cases; each `a // b` and `a % b` of non-negative operands in it
/// becomes a symbol (recorded in `quotients` with its term, reused when met again), so
/// `(c // S2) * S1 * S2 + r * S2 + c % S2` splits into `[c // S2, r, c % S2]`.
pub(crate) fn split_offset(
    s: &mut Store,
    off: TermId,
    strides: &[Poly],
    quotients: &mut Vec<(SymId, TermId)>,
) -> Option<Vec<Poly>> {
    if let Some(p) = poly(s, off) {
        return delinearize(&p, strides);
    }
    let t = drop_sign_cases(s, off);
    let mut map = HashMap::new();
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![t];
    let mut fresh = Vec::new();
    while let Some(x) = todo.pop() {
        if !seen.insert(x) {
            continue;
        }
        if let Node::IntDiv(a, b) | Node::IntMod(a, b) = s.node(x).clone() {
            if !non_negative(s, a) || !non_negative(s, b) {
                return None;
            }
            let v = match quotients.iter().find(|(_, q)| *q == x) {
                Some((v, _)) => *v,
                None => {
                    let v = s.fresh("quotient", smt::Sort::Int);
                    fresh.push((v, x));
                    v
                }
            };
            map.insert(x, s.sym(v));
            continue;
        }
        todo.extend(s.children(x));
    }
    let named = s.replace(t, &map);
    let p = poly(s, named)?;
    let parts = delinearize(&p, strides)?;
    quotients.extend(fresh);
    Some(parts)
}

/// `x` when `t` is its absolute value, `ite(x < 0, -x, x)`.
fn abs_argument(s: &Store, t: TermId) -> Option<TermId> {
    let Node::Ite(c, neg, x) = s.node(t) else {
        return None;
    };
    let Node::Lt(y, zero) = s.node(*c) else {
        return None;
    };
    let negated = matches!(s.node(*neg), Node::Neg(z) if z == x);
    (y == x && s.as_int(*zero) == Some(0) && negated).then_some(*x)
}

/// Triton's truncating `x // y` or `x % y` (the flag: `%`) when `t` is its definition
/// ([`crate::ops::trunc_div`]), found by rebuilding that definition on the operands of each
/// Euclidean division in `t` (the divisor also taken from under its absolute value) and
/// comparing: terms are hash-consed, so the kernel's `//` of a value that may be negative
/// is read back as the formula's `//`, whose meaning is the same definition.
fn truncating_division(s: &mut Store, t: TermId) -> Option<(TermId, TermId, bool)> {
    let mut pairs = Vec::new();
    let mut todo = vec![(t, 0)];
    while let Some((x, depth)) = todo.pop() {
        if let Node::IntDiv(a, b) | Node::IntMod(a, b) = s.node(x).clone() {
            if !pairs.contains(&(a, b)) {
                pairs.push((a, b));
            }
        }
        // The definition nests its divisions at most four deep (`ite(_, -(q + 1), _)`).
        if depth < 5 {
            todo.extend(s.children(x).into_iter().map(|c| (c, depth + 1)));
        }
    }
    let mut sym = symbolic::Sym::new(std::mem::take(s));
    let mut found = None;
    'pairs: for (x, abs_y) in pairs {
        let under_abs = abs_argument(&sym.store, abs_y);
        for y in std::iter::once(abs_y).chain(under_abs) {
            for rem in [false, true] {
                let rebuilt = crate::ops::trunc_div(&mut sym, &x, &y, rem);
                // A divisor that is non-negative as index arithmetic is (a size) has had its
                // sign case dropped in the kernel's term.
                let positive = non_negative(&sym.store, y).then(|| {
                    let zero = sym.store.int(0);
                    let negative = sym.store.lt(y, zero);
                    let no = sym.store.bool(false);
                    sym.store.replace(rebuilt, &HashMap::from([(negative, no)]))
                });
                if rebuilt == t || positive == Some(t) {
                    found = Some((x, y, rem));
                    break 'pairs;
                }
            }
        }
    }
    *s = sym.store;
    found
}

/// The monomial `k / m` when `m` divides `k` (both sorted symbol lists).
fn divide(k: &[SymId], m: &[SymId]) -> Option<Vec<SymId>> {
    let mut rest = k.to_vec();
    for v in m {
        let at = rest.iter().position(|x| x == v)?;
        rest.remove(at);
    }
    Some(rest)
}

/// A dimension `c0 + step*p + pivot` of an output index with one program id or loop
/// iteration `p` (of `lanes`) stepping by a constant `step > 1` and the pivot by one:
/// `(p, step, c0)`.
fn program_step(o: &Poly, pivot: SymId, lanes: &[SymId]) -> Option<(SymId, i128, i128)> {
    let mut c0 = 0;
    let mut step = None;
    for (m, c) in o {
        match m[..] {
            [] => c0 = *c,
            [v] if v == pivot && *c == 1 => {}
            [v] if lanes.contains(&v) && *c > 1 && step.is_none() => step = Some((v, *c)),
            _ => return None,
        }
    }
    step.map(|(p, b)| (p, b, c0))
}

/// What the synthesizer knows about the symbols of a run.
pub(crate) struct Names {
    /// Program-id and lane symbols (must only occur through the store offset).
    pub lanes: Vec<SymId>,
    /// Size symbols with their display names.
    pub sizes: Vec<(SymId, String)>,
    /// The sizes that are a dimension of a tensor: a sum bounded by one is written bare
    /// (`sum(k, x[i, k])`, its extent the dimension it indexes); by another size, with its
    /// bound (`sum(k < M, ...)`).
    pub dims: Vec<SymId>,
    /// Scalar parameters (symbols) with their names.
    pub params: Vec<(SymId, String)>,
    /// Numbers of programs named by symbols (`nprog1` of `tl.num_programs(1)`, the step of a
    /// grid-stride loop), each written as its grid's term when that is a polynomial of the
    /// sizes (`programs_1`, `n_rows`): a partial sum per program over `range(pid, M, P)`
    /// reads `P`.
    pub counts: Vec<(SymId, Expr)>,
    /// Input functions with the tensor names and the strides of their dimensions.
    pub inputs: Vec<(FunId, String, Vec<Poly>)>,
    pub exp: Option<FunId>,
    /// Constexprs a formula may name, with their values in this case (kernel-level block
    /// sizes, `crate::setup::Setup::named_constexprs`): a reduction's constant bound is
    /// written by the first of them with its value.
    pub constexprs: Vec<(String, i128)>,
    /// The `//` and `%` terms of the stores' offsets that stand as symbols in their output
    /// indices ([`split_offset`]); a read's address names them alike.
    pub quotients: Vec<(SymId, TermId)>,
    /// The reduction atoms of the run (`crate::atoms`), printed as `sum(k, ...)`,
    /// `max(k, ...)`, `min(k, ...)`.
    pub atoms: Vec<symbolic::LambdaFold>,
}

pub(crate) struct Synth<'a> {
    pub s: &'a mut Store,
    pub names: &'a Names,
    /// The output index of the store, per dimension that is not a constant, and the symbol
    /// that pins each.
    pub out: Vec<(Poly, SymId, String)>,
    /// Reduction variables in scope, with their names.
    pub bound: Vec<(SymId, String)>,
    /// The store's mask, also taken as true inside reduction atoms (see [`Synth::under_mask`]).
    pub mask: Option<TermId>,
    /// Integers loaded from memory inside an index (a gather, [`crate::elemkind`]): each a
    /// symbol standing for the read in the index's polynomial, with the read's formula.
    data: Vec<(SymId, Expr)>,
    /// The upper bounds of the reduction variables in scope (`k < b` in an atom's domain):
    /// inside the atom `b - 1 - k` is non-negative too ([`Synth::non_negative_in_scope`]).
    ranges: Vec<(SymId, TermId)>,
}

type R<T> = Result<T, String>;

impl Synth<'_> {
    /// Prepares synthesis for a store whose output index is `out` (one polynomial per
    /// dimension, named by `index_names`).
    pub(crate) fn new<'a>(
        s: &'a mut Store,
        names: &'a Names,
        out: Vec<Poly>,
        index_names: &[&str],
    ) -> R<Synth<'a>> {
        let mut dims = Vec::new();
        for (d, o) in out.into_iter().enumerate() {
            // A dimension the store indexes at a constant (an atomic into `out_ptr`): no
            // index to solve for; coverage proves the dimension is that one element.
            if o.keys().all(|m| m.is_empty()) {
                continue;
            }
            let pivot = names
                .lanes
                .iter()
                .rev()
                .find(|v| o.get(&vec![**v]).map(|c| c.abs() == 1).unwrap_or(false))
                .copied()
                .ok_or_else(|| format!("output dimension {d} of the store does not step by one along a lane or program id"))?;
            dims.push((o, pivot, index_names[d].to_string()));
        }
        Ok(Synth {
            s,
            names,
            out: dims,
            bound: vec![],
            mask: None,
            data: vec![],
            ranges: vec![],
        })
    }

    /// Program ids (and loop iterations) the stored value reads other than through the
    /// output index, written by that index: a dimension `c + B*p + lane` (named `i`) whose
    /// lane runs below `B` (`extents`: each lane's number of values) has `p = (i - c) // B`,
    /// so `partial[pid - 1]` read by a store at `pid * BLOCK + lane` is `partial[i // BLOCK
    /// - 1]`. A guess like every synthesized formula: the verifier checks it.
    pub(crate) fn name_programs_by_index(&mut self, extents: &[(SymId, i128)]) {
        let mut named = Vec::new();
        for (o, pivot, name) in &self.out {
            let Some(&(_, extent)) = extents.iter().find(|(v, _)| v == pivot) else {
                continue;
            };
            let Some((p, step, c0)) = program_step(o, *pivot, &self.names.lanes) else {
                continue;
            };
            if step < extent || named.iter().any(|(q, _)| *q == p) {
                continue;
            }
            let i = Expr::Var(name.clone());
            let shifted = match c0 {
                0 => i,
                c if c < 0 => Expr::Bin('+', Box::new(i), Box::new(Expr::Num(-c, 1))),
                c => Expr::Bin('-', Box::new(i), Box::new(Expr::Num(c, 1))),
            };
            let divisor = match self.names.constexprs.iter().find(|k| k.1 == step) {
                Some((n, _)) => Expr::Var(n.clone()),
                None => Expr::Num(step, 1),
            };
            let quotient = Expr::Bin(
                crate::formula::INT_DIV,
                Box::new(shifted),
                Box::new(divisor),
            );
            named.push((p, quotient));
        }
        self.data.extend(named);
    }

    /// `value` with `mask` (and each of its conjuncts) taken as true, and `x mod n` read as
    /// `x` where the mask says `x < n` (a wrap-around `% M` of an index the store masks to
    /// `< M`; indices are non-negative here). A guess like every synthesized formula: the
    /// verifier checks it.
    pub(crate) fn under_mask(&mut self, value: TermId, mask: Option<TermId>) -> TermId {
        let Some(m) = mask else { return value };
        let t = self.s.bool(true);
        let mut map = HashMap::from([(m, t)]);
        let mut wraps = HashMap::new();
        let conjuncts = match self.s.node(m).clone() {
            Node::And(xs) => xs,
            _ => vec![m],
        };
        for x in conjuncts {
            map.insert(x, t);
            if let Node::Lt(a, n) = self.s.node(x).clone() {
                if self.s.sort(a) == smt::Sort::Int {
                    let wrapped = self.s.int_mod(a, n);
                    wraps.insert(wrapped, a);
                    // Also in the canonical polynomial form (`tiles` normalises sums).
                    if let Some(p) = poly(self.s, a) {
                        let a2 = term(self.s, &p);
                        let wrapped = self.s.int_mod(a2, n);
                        wraps.insert(wrapped, a2);
                    }
                }
            }
        }
        sign_cases(self.s, value, &mut map);
        let v = self.s.replace(value, &map);
        // The cases the first round leaves decidable (a divisor `cdiv(n, B)` under a sign
        // case of its own), as the store's offset drops them: its quotients are then the
        // same terms in the value.
        let v = drop_sign_cases(self.s, v);
        self.s.replace(v, &wraps)
    }

    /// An integer polynomial in terms of the output indices, sizes and reduction variables.
    fn index_poly(&mut self, l: &Poly) -> R<Expr> {
        crate::clock::tick();
        let mut rest = l.clone();
        let mut parts: Vec<(i128, Expr)> = Vec::new();
        for (o, pivot, name) in &self.out {
            // The multiple of the output index in `l`: `alpha * i` with `alpha` a polynomial
            // of the other symbols (`(pid*B + lane) * step` stored at `pid*B + lane` is `step *
            // i`), read off the monomials with the pivot once.
            let b = o[&vec![*pivot]];
            let mut alpha = Poly::new();
            for (m, a) in &rest {
                if m.iter().filter(|v| *v == pivot).count() != 1 {
                    continue;
                }
                if a % b != 0 {
                    return Err("an index that is not a multiple of the store's index".into());
                }
                let q: Vec<SymId> = m.iter().copied().filter(|v| v != pivot).collect();
                alpha = padd(&alpha, &BTreeMap::from([(q, a / b)])).ok_or("overflow")?;
            }
            if alpha.is_empty() {
                continue;
            }
            let times = pmul(&alpha, o).ok_or("overflow")?;
            rest = padd(&rest, &pscale(&times, -1).ok_or("overflow")?).ok_or("overflow")?;
            for (q, c) in &alpha {
                let mut x = Expr::Var(name.clone());
                for v in q.iter().rev() {
                    let Some(f) = self.name_of(*v) else {
                        return Err("the stored value depends on the program id or lane other than through the output index".into());
                    };
                    x = Expr::Bin('*', Box::new(f), Box::new(x));
                }
                parts.push((*c, x));
            }
        }
        let mut c0 = 0;
        for (m, c) in &rest {
            if m.is_empty() {
                c0 = *c;
                continue;
            }
            // A product of sizes, summation variables and loaded integers (`ids[i] * stride`).
            let name = m.iter().try_fold(None, |acc: Option<Expr>, v| {
                let x = self.name_of(*v)?;
                Some(Some(match acc {
                    None => x,
                    Some(a) => Expr::Bin('*', Box::new(a), Box::new(x)),
                }))
            });
            let name = name.flatten();
            match name {
                Some(n) => parts.push((*c, n)),
                None => return Err("the stored value depends on the program id or lane other than through the output index".into()),
            }
        }
        let mut e: Option<Expr> = None;
        let out_names: Vec<String> = self.out.iter().map(|(_, _, n)| n.clone()).collect();
        for (c, x) in parts {
            // An output index's step that is a block size of this case (`pid * BLOCK` stored
            // at `partial[pid]` and read at `x[BLOCK * i + k]`) is written by the block's
            // name, as a reduction's bound is ([`Synth::atom`]): the formula then holds for
            // every value of the sweep, not only this one.
            let coefficient = match &x {
                Expr::Var(v) if c.abs() != 1 && out_names.contains(v) => {
                    match self.names.constexprs.iter().find(|k| k.1 == c.abs()) {
                        Some((name, _)) => Expr::Var(name.clone()),
                        None => Expr::Num(c.abs(), 1),
                    }
                }
                _ => Expr::Num(c.abs(), 1),
            };
            let term = if c.abs() == 1 {
                x
            } else {
                Expr::Bin('*', Box::new(coefficient), Box::new(x))
            };
            e = Some(match e {
                None if c < 0 => Expr::Neg(Box::new(term)),
                None => term,
                Some(acc) => {
                    Expr::Bin(if c < 0 { '-' } else { '+' }, Box::new(acc), Box::new(term))
                }
            });
        }
        Ok(match (e, c0) {
            (None, c) => Expr::Num(c, 1),
            (Some(e), 0) => e,
            (Some(e), c) if c < 0 => Expr::Bin('-', Box::new(e), Box::new(Expr::Num(-c, 1))),
            (Some(e), c) => Expr::Bin('+', Box::new(e), Box::new(Expr::Num(c, 1))),
        })
    }

    /// The formula of a symbol of an index: a size, a summation variable, or a loaded
    /// integer ([`Synth::abstract_data`]).
    fn name_of(&self, v: SymId) -> Option<Expr> {
        self.names
            .sizes
            .iter()
            .chain(&self.bound)
            .chain(&self.names.params)
            .find(|(s, _)| *s == v)
            .map(|(_, n)| Expr::Var(n.clone()))
            .or_else(|| {
                self.data
                    .iter()
                    .chain(&self.names.counts)
                    .find(|(s, _)| *s == v)
                    .map(|(_, e)| e.clone())
            })
    }

    /// Whether polynomial `p` mentions a program id or lane.
    fn steps_with_lanes(&self, p: &Poly) -> bool {
        p.keys()
            .any(|m| m.iter().any(|v| self.names.lanes.contains(v)))
    }

    fn index(&mut self, t: TermId) -> R<Expr> {
        let t = self.abstract_data(t)?;
        let l = poly(self.s, t).ok_or("an index that is not a polynomial")?;
        self.index_poly(&l)
    }

    /// `t` with each integer loaded from memory in it (a read of an integer input
    /// function) replaced by a symbol that [`Synth::index_poly`] writes as the read: an
    /// index computed from loaded data is a polynomial in those symbols.
    fn abstract_data(&mut self, t: TermId) -> R<TermId> {
        let mut map = HashMap::new();
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![t];
        while let Some(x) = todo.pop() {
            if !seen.insert(x) {
                continue;
            }
            if let Node::App(f, args) = self.s.node(x).clone() {
                let int_input = self.s.sort(x) == smt::Sort::Int
                    && self.names.inputs.iter().any(|(g, _, _)| *g == f);
                let floor = self.s.fun_name(f) == crate::value::FLOOR;
                if int_input || floor {
                    let read = if floor {
                        Expr::Call("floor".into(), vec![self.expr(args[0])?])
                    } else {
                        self.expr(x)?
                    };
                    let v = self.s.fresh("data", smt::Sort::Int);
                    self.data.push((v, read));
                    let sym = self.s.sym(v);
                    map.insert(x, sym);
                    continue;
                }
            }
            todo.extend(self.s.children(x));
        }
        if map.is_empty() {
            return Ok(t);
        }
        Ok(self.s.replace(t, &map))
    }

    /// `t` with each integer `a // b` and `a % b` in it (Euclidean, of non-negative
    /// operands: [`Synth::expr`] refuses others) replaced by a symbol written as that
    /// quotient or remainder: a flat address `(c // S2) * S1 * S2 + n * S2 + c % S2` is then a
    /// polynomial that splits into the view `v[c // S2, n, c % S2]`.
    fn abstract_divisions(&mut self, t: TermId) -> R<TermId> {
        let mut map = HashMap::new();
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![t];
        while let Some(x) = todo.pop() {
            if !seen.insert(x) {
                continue;
            }
            // Triton's `//` or `%` of a value that may be negative is one quotient too.
            let truncating = matches!(self.s.node(x), Node::Ite(..))
                && self.s.sort(x) == smt::Sort::Int
                && truncating_division(self.s, x).is_some();
            if truncating || matches!(self.s.node(x), Node::IntDiv(..) | Node::IntMod(..)) {
                // A quotient of the store's offset is its symbol there (an output index's
                // pivot); another one a fresh symbol written as the quotient.
                let known = self.names.quotients.iter().find(|(_, q)| *q == x);
                let v = match known {
                    Some((v, _)) => *v,
                    None => {
                        let written = self.expr(x)?;
                        let v = self.s.fresh("quotient", smt::Sort::Int);
                        self.data.push((v, written));
                        v
                    }
                };
                let sym = self.s.sym(v);
                map.insert(x, sym);
                continue;
            }
            todo.extend(self.s.children(x));
        }
        if map.is_empty() {
            return Ok(t);
        }
        Ok(self.s.replace(t, &map))
    }

    /// Whether the integer `t` is non-negative as index arithmetic ([`non_negative`]), also
    /// where that needs the bounds of the reduction variables in scope: each variable `k < b`
    /// that some monomial of `t` has with a negative coefficient is written `b - 1 - j` with
    /// `j >= 0` fresh (exact inside the atom), so `(C - k + 7) div 8`, a count of the tiles
    /// left after `k` below `C`, is non-negative for `k < C`.
    fn non_negative_in_scope(&mut self, t: TermId) -> bool {
        if non_negative(self.s, t) {
            return true;
        }
        let Some(p) = poly(self.s, t) else {
            return false;
        };
        let mut map = HashMap::new();
        for (k, b) in self.ranges.clone() {
            let lowered = p.iter().any(|(m, c)| *c < 0 && m.contains(&k));
            if lowered && !map.contains_key(&k) {
                let j = self.s.fresh("below", smt::Sort::Int);
                let (one, j) = (self.s.int(1), self.s.sym(j));
                let below = self.s.add(vec![one, j]);
                map.insert(k, self.s.sub(b, below));
            }
        }
        if map.is_empty() {
            return false;
        }
        let moved = self.s.substitute(t, &map);
        non_negative(self.s, moved)
    }

    /// The formula of a real or boolean term.
    pub(crate) fn expr(&mut self, t: TermId) -> R<Expr> {
        // Synthesis of large summaries can grow without bound too (the function's budget).
        crate::clock::tick();
        if let Some(e) = self.bitwise(t) {
            return e;
        }
        let node = self.s.node(t).clone();
        // Integer arithmetic is an index polynomial where it is one; otherwise (a maximum of
        // loaded integers plus one) it is written term by term, as reals are.
        if self.s.sort(t) == smt::Sort::Int
            && matches!(node, Node::Add(_) | Node::Mul(_) | Node::Neg(_))
        {
            if let Ok(e) = self.index(t) {
                return Ok(e);
            }
        }
        // A real value that steps with the lanes (`start + step * (pid * B + lane)` stored at
        // `pid * B + lane`) is a polynomial of the output index too: `start + step * i`.
        if self.s.sort(t) == smt::Sort::Real
            && matches!(node, Node::Add(_) | Node::Mul(_) | Node::Neg(_))
        {
            if let Some(p) = real_poly(self.s, t).filter(|p| self.steps_with_lanes(p)) {
                if let Ok(e) = self.index_poly(&p) {
                    return Ok(e);
                }
            }
        }
        // Triton's `//` or `%` of a value that may be negative (a non-negative one is a
        // Euclidean `div`/`mod` below, its sign cases dropped).
        if matches!(node, Node::Ite(..)) && self.s.sort(t) == smt::Sort::Int {
            if let Some((x, y, rem)) = truncating_division(self.s, t) {
                let op = if rem { '%' } else { crate::formula::INT_DIV };
                return Ok(Expr::Bin(
                    op,
                    Box::new(self.expr(x)?),
                    Box::new(self.expr(y)?),
                ));
            }
        }
        Ok(match node {
            Node::Real(n, d) => Expr::Num(n, d),
            Node::Int(_) => self.index(t)?,
            Node::Sym(_) if self.names.atoms.iter().any(|a| a.value == t) => {
                let a = self
                    .names
                    .atoms
                    .iter()
                    .find(|a| a.value == t)
                    .expect("found above")
                    .clone();
                self.atom(&a)?
            }
            Node::Sym(v) => match self.names.params.iter().find(|(p, _)| *p == v) {
                Some((_, n)) => Expr::Var(n.clone()),
                None => self.index(t)?,
            },
            // An integer that is no polynomial (a truncation's `where`) is written as a term.
            Node::ToReal(a) => match self.index(a) {
                Ok(e) => e,
                Err(_) if !matches!(self.s.node(a), Node::App(..)) => self.expr(a)?,
                Err(e) => return Err(e),
            },
            Node::App(f, args) => {
                if Some(f) == self.names.exp {
                    Expr::Call("exp".into(), vec![self.expr(args[0])?])
                } else if let Some((_, n, strides)) =
                    self.names.inputs.iter().find(|(g, _, _)| *g == f)
                {
                    let (n, strides) = (n.clone(), strides.clone());
                    let addr = self.abstract_data(args[0])?;
                    let addr = self.abstract_divisions(addr)?;
                    let flat = poly(self.s, addr).ok_or("an address that is not a polynomial")?;
                    let dims = delinearize(&flat, &strides).ok_or_else(|| {
                        format!("the address of a read of `{n}` does not split into its dimensions")
                    })?;
                    let ix = dims
                        .iter()
                        .map(|p| self.index_poly(p))
                        .collect::<R<Vec<_>>>()?;
                    Expr::Read(n, ix)
                } else {
                    let name = self.s.fun_name(f).to_string();
                    if name == crate::value::FLOOR {
                        return Ok(Expr::Call("floor".into(), vec![self.expr(args[0])?]));
                    }
                    if let Some(m) = name.strip_prefix("uf_") {
                        let args = args.iter().map(|a| self.expr(*a)).collect::<R<_>>()?;
                        return Ok(Expr::Call(m.to_string(), args));
                    }
                    // A masked-off lane loaded without `other=` holds an unspecified value
                    // (`x#masked`, a function no fact constrains): written as 0, a guess
                    // like every synthesized formula. The value obligation holds for every
                    // value of it, so the formula verifies only when no stored lane depends
                    // on it (a masked store, a `where`, a product with a zero).
                    if name.contains("#masked") {
                        return Ok(Expr::Num(0, 1));
                    }
                    return Err(format!("a call of `{name}`"));
                }
            }
            Node::Add(xs) => {
                let mut e: Option<Expr> = None;
                for x in xs {
                    let (neg, inner) = match self.s.node(x).clone() {
                        Node::Neg(y) => (true, self.expr(y)?),
                        _ => (false, self.expr(x)?),
                    };
                    e = Some(match e {
                        None if neg => Expr::Neg(Box::new(inner)),
                        None => inner,
                        Some(acc) => {
                            Expr::Bin(if neg { '-' } else { '+' }, Box::new(acc), Box::new(inner))
                        }
                    });
                }
                e.unwrap_or(Expr::Num(0, 1))
            }
            Node::Mul(xs) => {
                // Factors `1 / y` (a division) become divisors: `a * (1 / b)` reads `a / b`.
                let mut num: Option<Expr> = None;
                let mut den: Vec<Expr> = Vec::new();
                for x in xs {
                    if let Node::RealDiv(one, y) = self.s.node(x).clone() {
                        if matches!(self.s.node(one), Node::Real(1, 1)) {
                            den.push(self.expr(y)?);
                            continue;
                        }
                    }
                    let inner = self.expr(x)?;
                    num = Some(match num {
                        None => inner,
                        Some(acc) => Expr::Bin('*', Box::new(acc), Box::new(inner)),
                    });
                }
                let mut e = num.unwrap_or(Expr::Num(1, 1));
                for d in den {
                    e = Expr::Bin('/', Box::new(e), Box::new(d));
                }
                e
            }
            // Euclidean `div`/`mod` of non-negative indices (`cols // N`, `cols % N`): Triton's
            // truncating ones there ([`Synth::under_mask`] drops the sign cases).
            Node::IntDiv(a, b) | Node::IntMod(a, b) => {
                let op = match node {
                    Node::IntDiv(..) => crate::formula::INT_DIV,
                    _ => '%',
                };
                // The store's `div`/`mod` are Euclidean, the formula's truncate: alike only
                // where both operands are non-negative (polynomials of indices and sizes
                // with non-negative coefficients).
                // A divisor taken by its absolute value (`pid % abs(C)`) of a non-negative
                // one is that one.
                let b = abs_argument(self.s, b)
                    .filter(|x| non_negative(self.s, *x))
                    .unwrap_or(b);
                if !self.non_negative_in_scope(a) || !self.non_negative_in_scope(b) {
                    return Err("an integer `//` or `%` of a value that may be negative".into());
                }
                let (a, b) = (self.expr(a)?, self.expr(b)?);
                Expr::Bin(op, Box::new(a), Box::new(b))
            }
            Node::Neg(a) => Expr::Neg(Box::new(self.expr(a)?)),
            Node::RealDiv(a, b) => Expr::Bin('/', Box::new(self.expr(a)?), Box::new(self.expr(b)?)),
            Node::Ite(c, a, b) => {
                if let Node::Lt(x, y) = self.s.node(c).clone() {
                    if self.s.sort(x) == smt::Sort::Real {
                        if a == y && b == x {
                            return Ok(Expr::Call(
                                "max".into(),
                                vec![self.expr(x)?, self.expr(y)?],
                            ));
                        }
                        if a == x && b == y {
                            return Ok(Expr::Call(
                                "min".into(),
                                vec![self.expr(x)?, self.expr(y)?],
                            ));
                        }
                        if self.s.as_real_zero(y)
                            && b == x
                            && matches!(self.s.node(a), Node::Neg(z) if *z == x)
                        {
                            return Ok(Expr::Call("abs".into(), vec![self.expr(x)?]));
                        }
                    }
                }
                Expr::Call(
                    "where".into(),
                    vec![self.expr(c)?, self.expr(a)?, self.expr(b)?],
                )
            }
            Node::Lt(a, b) => cmp("<", self.expr(a)?, self.expr(b)?),
            Node::Le(a, b) => cmp("<=", self.expr(a)?, self.expr(b)?),
            Node::Eq(a, b) => Expr::Cmp("==", Box::new(self.expr(a)?), Box::new(self.expr(b)?)),
            Node::Not(a) => match self.s.node(a).clone() {
                Node::Lt(x, y) => cmp(">=", self.expr(x)?, self.expr(y)?),
                Node::Le(x, y) => cmp(">", self.expr(x)?, self.expr(y)?),
                Node::Eq(x, y) => Expr::Cmp("!=", Box::new(self.expr(x)?), Box::new(self.expr(y)?)),
                Node::Not(x) => self.expr(x)?,
                Node::Bool(b) => self.expr_bool(!b),
                // De Morgan: `not (a and b)` is `not a or not b`.
                Node::And(xs) | Node::Or(xs) => {
                    let and = matches!(self.s.node(a), Node::Or(_));
                    let mut e: Option<Expr> = None;
                    for x in xs {
                        let nx = self.s.not(x);
                        let inner = self.expr(nx)?;
                        e = Some(match e {
                            None => inner,
                            Some(acc) => Expr::Logic(and, Box::new(acc), Box::new(inner)),
                        });
                    }
                    e.expect("and/or have operands")
                }
                _ => return Err("a negated condition".into()),
            },
            Node::And(xs) | Node::Or(xs) => {
                let and = matches!(self.s.node(t), Node::And(_));
                let mut e: Option<Expr> = None;
                for x in xs {
                    let inner = self.expr(x)?;
                    e = Some(match e {
                        None => inner,
                        Some(acc) => Expr::Logic(and, Box::new(acc), Box::new(inner)),
                    });
                }
                e.expect("and/or have operands")
            }
            Node::Bool(b) => self.expr_bool(b),
            _ => return Err("a term outside the formula language".into()),
        })
    }
}

impl Synth<'_> {
    /// A constant condition, `0 == 0` or `0 != 0` (the language has no truth literals).
    fn expr_bool(&self, b: bool) -> Expr {
        Expr::Cmp(
            if b { "==" } else { "!=" },
            Box::new(Expr::Num(0, 1)),
            Box::new(Expr::Num(0, 1)),
        )
    }
}

/// A comparison, with a literal moved to the right (`0 < x[i]` reads `x[i] > 0`).
fn cmp(op: &'static str, a: Expr, b: Expr) -> Expr {
    if matches!(a, Expr::Num(..)) && !matches!(b, Expr::Num(..)) {
        let flipped = match op {
            "<" => ">",
            "<=" => ">=",
            ">" => "<",
            ">=" => "<=",
            other => other,
        };
        return Expr::Cmp(flipped, Box::new(b), Box::new(a));
    }
    Expr::Cmp(op, Box::new(a), Box::new(b))
}

trait RealZero {
    fn as_real_zero(&self, t: TermId) -> bool;
}

impl RealZero for Store {
    fn as_real_zero(&self, t: TermId) -> bool {
        matches!(self.node(t), Node::Real(0, _))
    }
}

impl Synth<'_> {
    /// `sum(k, body)`, `max(k, body)`, `min(k, body)` for a reduction atom, its variable named
    /// `k`, `k2`, ... by nesting. The range is the dimension `k` indexes (`max(k, x[i, k])`)
    /// when the atom's domain bounds `k` by a size, the block's (`sum(k < 256, ...)`) when only
    /// by a constant (the verifier checks either).
    fn atom(&mut self, a: &symbolic::LambdaFold) -> R<Expr> {
        let k = a.vars[0];
        let name = (1..)
            .map(|n| {
                if n == 1 {
                    "k".to_string()
                } else {
                    format!("k{n}")
                }
            })
            .find(|n| !self.bound.iter().any(|(_, b)| b == n))
            .expect("names are unbounded");
        // The store's mask and the atom's domain hold inside it (an index wrapped by `% M` is
        // the index), and so do a tile loop's conditions on its tile number `k div S` (a guess,
        // like every synthesized formula: the verifier checks it).
        let body = self.under_mask(a.body, self.mask);
        let body = self.under_mask(body, Some(a.dom));
        let body = self.drop_tile_conditions(body, k);
        self.bound.push((k, name.clone()));
        let kt = self.s.sym(k);
        let ranges = self.ranges.len();
        let mut conj = vec![a.dom];
        while let Some(c) = conj.pop() {
            match self.s.node(c).clone() {
                Node::And(xs) => conj.extend(xs),
                Node::Lt(x, b) if x == kt => self.ranges.push((k, b)),
                _ => {}
            }
        }
        let e = self.expr(body);
        self.ranges.truncate(ranges);
        // A sum's other conditions on `k` (a masked tail `k + off < N` inside a block of
        // constant length): the lanes they mask off add nothing, `where(c, body, 0)`. One
        // that is not a formula is dropped, as before (a guess: the verifier checks it).
        // A product's alike, `where(c, body, 1)`.
        // A max's or min's alike, `where(c, body, -inf)` (`inf`): lanes that take no part.
        let inf = || Expr::Var("inf".into());
        let identity = match a.family.as_str() {
            "sum" => Some(Expr::Num(0, 1)),
            "product" => Some(Expr::Num(1, 1)),
            "max" => Some(Expr::Neg(Box::new(inf()))),
            "min" => Some(inf()),
            _ => None,
        };
        let kept = match identity {
            Some(_) => self.domain_condition(a.dom, kt),
            None => None,
        };
        self.bound.pop();
        let e = match (kept, identity) {
            (Some(c), Some(one)) => Expr::Call("where".into(), vec![c, e?, one]),
            _ => e?,
        };
        let mut conj = vec![a.dom];
        // The block's bound: a constant, or a size that is no dimension of a tensor (a block
        // size computed from sizes, a length the mask compares). Both (a masked tile of a
        // constant block, its length a parameter of the kernel): the smaller.
        let mut block: Option<Expr> = None;
        let mut named: Option<Expr> = None;
        let mut by_size = false;
        // The bounds of `k` written bare (a dimension's size, a trip count): stated only when
        // `k` indexes no tensor directly (`sum(k, x[k + 16, i])` has no extent to take).
        let mut bare_bounds = Vec::new();
        let (mut tile_bounds, mut offset_bounds) = (Vec::new(), Vec::new());
        // A grid-stride loop's `P*k + c < b` (`range(pid, n, num_programs)`): `k < b`, a
        // bound that the body's `where` (the condition itself) makes exact.
        let mut strided_bounds = Vec::new();
        while let Some(c) = conj.pop() {
            match self.s.node(c).clone() {
                Node::And(xs) => conj.extend(xs),
                Node::Lt(x, b) if x == kt => match (self.s.as_int(b), self.s.node(b).clone()) {
                    (Some(n), _) => {
                        block = Some(match self.names.constexprs.iter().find(|c| c.1 == n) {
                            Some((name, _)) => Expr::Var(name.clone()),
                            None => Expr::Num(n, 1),
                        })
                    }
                    (None, Node::Sym(v))
                        if self.s.sym_name(v).starts_with("block")
                            || !self.names.dims.contains(&v) =>
                    {
                        match self.names.sizes.iter().find(|(s, _)| *s == v) {
                            Some((_, n)) => named = Some(Expr::Var(n.clone())),
                            // A number of programs (a sum over the programs of an atomic):
                            // written by its grid's term where it has one.
                            None => {
                                by_size = true;
                                bare_bounds.push(b);
                            }
                        }
                    }
                    // A product of sizes (a flat range `k < B * L` over two dimensions):
                    // written as it is when it is a polynomial of sizes and parameters.
                    (None, Node::Mul(_)) => match self.size_polynomial(b) {
                        Some(e) => named = Some(e),
                        None => {
                            by_size = true;
                            bare_bounds.push(b);
                        }
                    },
                    _ => {
                        by_size = true;
                        bare_bounds.push(b);
                    }
                },
                // A merged tile loop's range (`crate::tiles`): `k + c < b` and the tile
                // number's `k div S < b`, bounds of `k` when nothing bounds it alone.
                // (The tile number's bounds are dropped from the body, [`Synth::drop_tile_conditions`],
                // so they are the range; `k + c < b` stays in the body's `where`.)
                Node::Lt(x, b) if !self.mentions(b, kt) => {
                    match (self.s.node(x).clone(), self.shifted_bound(x, b, kt)) {
                        (Node::IntDiv(..), Some(b)) => tile_bounds.push(b),
                        (_, Some(b)) => offset_bounds.push(b),
                        (_, None) if self.strided_start(x, kt) => strided_bounds.push(b),
                        (_, None) => {}
                    }
                }
                _ => {}
            }
        }
        if !by_size && named.is_none() && block.is_none() {
            let loose = if tile_bounds.is_empty() {
                offset_bounds
            } else {
                tile_bounds
            };
            if !loose.is_empty() {
                by_size = true;
                bare_bounds = loose;
            }
        }
        let bound = match (named, block) {
            (Some(n), Some(b)) => Some(Expr::Call("min".into(), vec![n, b])),
            (n, b) => n.or(b),
        };
        let bound = match (by_size, bound) {
            (false, Some(b)) => Some(b),
            (true, b) if !crate::formula::indexes_directly(&e, &name) => self
                .stated_bound(&bare_bounds, b)
                .or_else(|| self.stated_bound(&strided_bounds, None)),
            _ => None,
        };
        let var = match bound {
            Some(b) => Expr::Cmp("<", Box::new(Expr::Var(name)), Box::new(b)),
            None => Expr::Var(name),
        };
        Ok(Expr::Call(a.family.clone(), vec![var, e]))
    }

    /// `x < b` as a bound of `kt`: `b - c` for `x = kt + c` (`c` free of `kt`), `S * b` for
    /// `x = kt div S` with a literal `S >= 1` (`k div S < b` iff `k < S*b`).
    fn shifted_bound(&mut self, x: TermId, b: TermId, kt: TermId) -> Option<TermId> {
        match self.s.node(x).clone() {
            Node::IntDiv(y, d) if y == kt && self.s.as_int(d).is_some_and(|d| d >= 1) => {
                Some(self.s.mul2(d, b))
            }
            Node::Add(xs) if xs.iter().filter(|y| **y == kt).count() == 1 => {
                let rest: Vec<TermId> = xs.into_iter().filter(|y| *y != kt).collect();
                if rest.iter().any(|y| self.mentions(*y, kt)) {
                    return None;
                }
                let c = self.s.add(rest);
                Some(self.s.sub(b, c))
            }
            _ => None,
        }
    }

    /// Whether `x` is `P*kt + c` with `P` a positive step (a literal, a size or a number of
    /// programs, or a product of such) and `c` non-negative and free of `kt`: then `x < b`
    /// bounds `kt` by `b`.
    fn strided_start(&self, x: TermId, kt: TermId) -> bool {
        let summands = match self.s.node(x).clone() {
            Node::Add(xs) => xs,
            _ => vec![x],
        };
        let (with, without): (Vec<TermId>, Vec<TermId>) =
            summands.into_iter().partition(|y| self.mentions(*y, kt));
        let [scaled] = with[..] else { return false };
        let Node::Mul(factors) = self.s.node(scaled).clone() else {
            return false;
        };
        let positive = |f: &TermId| match self.s.node(*f) {
            Node::Int(n) => *n >= 1,
            Node::Sym(v) => {
                crate::atoms::size_symbol(self.s, *v) || self.s.sym_name(*v).starts_with("nprog")
            }
            _ => false,
        };
        let steps: Vec<&TermId> = factors.iter().filter(|f| **f != kt).collect();
        factors.iter().filter(|f| **f == kt).count() == 1
            && steps.iter().all(|f| positive(f))
            && without
                .iter()
                .all(|y| !self.mentions(*y, kt) && non_negative(self.s, *y))
    }

    /// The bound of a reduction variable that indexes no tensor directly: the smallest of its
    /// bounds `bare` (terms free of it, as formulas) and `named`; `None` when one is not a
    /// formula (the formula then does not evaluate, and says so).
    fn stated_bound(&mut self, bare: &[TermId], named: Option<Expr>) -> Option<Expr> {
        let mut all = Vec::new();
        for b in bare {
            all.push(self.expr(*b).ok()?);
        }
        all.extend(named);
        all.into_iter()
            .reduce(|a, b| Expr::Call("min".into(), vec![a, b]))
    }

    /// The formula of `t` when it is a polynomial of sizes and scalar parameters only (no
    /// program id, lane or loaded value).
    fn size_polynomial(&mut self, t: TermId) -> Option<Expr> {
        let p = poly(self.s, t)?;
        let known = |v: &SymId| {
            self.names
                .sizes
                .iter()
                .chain(&self.names.params)
                .any(|(s, _)| s == v)
        };
        if !p.keys().all(|m| m.iter().all(known)) {
            return None;
        }
        self.index_poly(&p).ok()
    }

    /// The conditions of a reduction's domain `dom` on its variable `kt` other than its range
    /// (`kt < bound`, `0 <= kt`), a tile loop's conditions on its tile number and the store's
    /// mask, as one formula; `None` when there are none or one is not a formula.
    fn domain_condition(&mut self, dom: TermId, kt: TermId) -> Option<Expr> {
        let mut todo = vec![dom];
        let mut kept = Vec::new();
        while let Some(c) = todo.pop() {
            match self.s.node(c).clone() {
                Node::And(xs) => todo.extend(xs),
                Node::Lt(x, _) if x == kt => {}
                Node::Le(z, x) if x == kt && self.s.as_int(z) == Some(0) => {}
                Node::Not(y) if matches!(self.s.node(y), Node::Lt(x, z) if *x == kt && self.s.as_int(*z) == Some(0)) =>
                    {}
                Node::Bool(true) => {}
                _ if !self.mentions(c, kt) => {}
                _ => kept.push(c),
            }
        }
        let mut parts = Vec::new();
        for c in kept {
            let c = self.under_mask(c, self.mask);
            let c = self.drop_tile_conditions(c, self.sym_of(kt)?);
            if matches!(self.s.node(c), Node::Bool(true)) {
                continue;
            }
            parts.push(self.expr(c).ok()?);
        }
        parts
            .into_iter()
            .reduce(|a, b| Expr::Logic(true, Box::new(a), Box::new(b)))
    }

    fn sym_of(&self, t: TermId) -> Option<SymId> {
        match self.s.node(t) {
            Node::Sym(v) => Some(*v),
            _ => None,
        }
    }

    /// Whether term `t` contains `x`.
    fn mentions(&self, t: TermId, x: TermId) -> bool {
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![t];
        while let Some(y) = todo.pop() {
            if y == x {
                return true;
            }
            if seen.insert(y) {
                todo.extend(self.s.children(y));
            }
        }
        false
    }

    /// `body` with comparisons that mention `k div S` (a tile loop's conditions on its tile
    /// number) taken as true.
    fn drop_tile_conditions(&mut self, body: TermId, k: SymId) -> TermId {
        let kt = self.s.sym(k);
        let mut map = HashMap::new();
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![body];
        while let Some(x) = todo.pop() {
            if !seen.insert(x) {
                continue;
            }
            // An integer comparison whose index arithmetic reads the tile number (not one
            // of values: `tl.abs(x)`'s `x < 0` on a tile's element reads `k div S` only
            // inside the element's address, and is no tile condition).
            let tile = |s: &Store, c: TermId| {
                let mut stack = vec![c];
                let mut found = false;
                while let Some(y) = stack.pop() {
                    match s.node(y) {
                        Node::IntDiv(a, _) => found |= *a == kt,
                        Node::App(..) | Node::Ite(..) => continue,
                        _ => {}
                    }
                    stack.extend(s.children(y));
                }
                found
            };
            match self.s.node(x).clone() {
                Node::Lt(a, _) | Node::Le(a, _)
                    if self.s.sort(a) == smt::Sort::Int && tile(self.s, x) =>
                {
                    let t = self.s.bool(true);
                    map.insert(x, t);
                }
                _ => todo.extend(self.s.children(x)),
            }
        }
        self.s.replace(body, &map)
    }
}

impl Synth<'_> {
    /// A term [`crate::ops::bitwise`] builds, as its operator: the low 64 bits of `x op y`
    /// (`bv2nat` of the bit-vector operation) with the high bits' correction (`where(sign,
    /// low - 2^64, low)`), or a shift right; `None` for other terms. A guess like every
    /// synthesized formula (the formula is evaluated through the same op and checked).
    fn bitwise(&mut self, t: TermId) -> Option<R<Expr>> {
        use smt::BvOp;
        let is_nat = |s: &Store, x: TermId| matches!(s.node(x), Node::Bv(BvOp::ToNat, _));
        let low = match self.s.node(t).clone() {
            // The sign case's branch is the other minus `2^64`, or `-1 - (~x >> s)`.
            Node::Ite(_, _, b) if is_nat(self.s, b) => b,
            Node::Ite(_, a, _) if is_nat(self.s, a) => a,
            _ => t,
        };
        let Node::Bv(BvOp::ToNat, x) = self.s.node(low).clone() else {
            return None;
        };
        let Node::Bv(op, args) = self.s.node(x[0]).clone() else {
            return None;
        };
        let ch = match op {
            BvOp::And => '&',
            BvOp::Or => '|',
            BvOp::Xor => '^',
            BvOp::LShr => crate::formula::SHR,
            BvOp::Shl => crate::formula::SHL,
            _ => return None,
        };
        let [a, b] = args[..] else { return None };
        Some((|| {
            let (a, b) = (self.bv_operand(a)?, self.bv_operand(b)?);
            Ok(Expr::Bin(ch, Box::new(a), Box::new(b)))
        })())
    }

    /// The formula of the integer whose low 64 bits a bit-vector term is: `int2bv` pushed
    /// through sums and products by the store (`smt/src/bv.rs`) is taken back
    /// ([`bv_int`]); a bitwise operation inside is written as its operator.
    fn bv_operand(&mut self, t: TermId) -> R<Expr> {
        if let Some(i) = bv_int(self.s, t) {
            return self.expr(i);
        }
        let Node::Bv(op, args) = self.s.node(t).clone() else {
            return Err("a bit-vector term outside the formula language".into());
        };
        let ch = match op {
            smt::BvOp::And => '&',
            smt::BvOp::Or => '|',
            smt::BvOp::Xor => '^',
            smt::BvOp::LShr => crate::formula::SHR,
            smt::BvOp::Shl => crate::formula::SHL,
            _ => return Err("a bit-vector term outside the formula language".into()),
        };
        let [a, b] = args[..] else {
            return Err("a bit-vector term outside the formula language".into());
        };
        let (a, b) = (self.bv_operand(a)?, self.bv_operand(b)?);
        Ok(Expr::Bin(ch, Box::new(a), Box::new(b)))
    }
}

/// An Int term whose `int2bv` at 64 bits is `t`, when `t` is built of `int2bv`s, literals,
/// sums, products and negations.
fn bv_int(s: &mut Store, t: TermId) -> Option<TermId> {
    use smt::BvOp;
    Some(match s.node(t).clone() {
        Node::Bv(BvOp::FromInt(64), x) => x[0],
        Node::BvLit(64, bits) => s.int(bits as i64 as i128),
        Node::Bv(BvOp::Neg, x) => {
            let a = bv_int(s, x[0])?;
            s.neg(a)
        }
        Node::Bv(op @ (BvOp::Add | BvOp::Mul), xs) => {
            let items = xs
                .iter()
                .map(|x| bv_int(s, *x))
                .collect::<Option<Vec<_>>>()?;
            if op == BvOp::Add {
                s.add(items)
            } else {
                s.mul(items)
            }
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Triton's `//` and `%` ([`crate::ops::trunc_div`]) in the concrete domain are Rust's
    /// `/` and `%` on `i128` (both truncate, as C and LLVM's `sdiv`/`srem` do) for every sign,
    /// and 0 for a zero divisor (as Triton 3.2's interpreter computes, `np.fmod`).
    #[test]
    fn truncating_division_is_rusts() {
        let mut c = tensor::Concrete::new(BTreeMap::new());
        for x in -30i128..=30 {
            for y in -7i128..=7 {
                let q = crate::ops::trunc_div(&mut c, &x, &y, false);
                let r = crate::ops::trunc_div(&mut c, &x, &y, true);
                let want = if y == 0 { (0, 0) } else { (x / y, x % y) };
                assert_eq!((q, r), want, "{x} // {y}, {x} % {y}");
            }
        }
    }

    /// A persistent kernel's tile id `pid + P * t` taken apart by `//` and `%` of
    /// `|cdiv(n, 16)|` (a runtime divisor under its absolute value, itself a truncating
    /// division): the divisor's sign case is decided only after the inner one is dropped, so
    /// dropping repeats, and the offset `16 * (id % g) + lane + n * (id // g)` then splits
    /// into `[id // g, 16 * (id % g) + lane]` through the strides `[n, 1]`.
    #[test]
    fn nested_sign_cases_drop_to_a_fixpoint() {
        let mut sym = symbolic::Sym::new(Store::new());
        let n = sym.store.var("size1", smt::Sort::Int);
        let pid = sym.store.var("pid0", smt::Sort::Int);
        let programs = sym.store.var("nprog0", smt::Sort::Int);
        let t = sym.store.var("t", smt::Sort::Int);
        let lane = sym.store.var("lane0_1", smt::Sort::Int);
        let (fifteen, sixteen, zero) = (sym.store.int(15), sym.store.int(16), sym.store.int(0));
        let up = sym.store.add(vec![n, fifteen]);
        let g = crate::ops::trunc_div(&mut sym, &up, &sixteen, false);
        let negative = sym.store.lt(g, zero);
        let minus = sym.store.neg(g);
        let abs_g = sym.store.ite(negative, minus, g);
        let step = sym.store.mul(vec![programs, t]);
        let id = sym.store.add(vec![pid, step]);
        let q = crate::ops::trunc_div(&mut sym, &id, &abs_g, false);
        let r = crate::ops::trunc_div(&mut sym, &id, &abs_g, true);
        let col = sym.store.mul(vec![sixteen, r]);
        let row = sym.store.mul(vec![n, q]);
        let off = sym.store.add(vec![col, lane, row]);
        let dropped = drop_sign_cases(&mut sym.store, off);
        let mut todo = vec![dropped];
        while let Some(x) = todo.pop() {
            assert!(
                !matches!(sym.store.node(x), Node::Ite(..)),
                "a sign case is left"
            );
            todo.extend(sym.store.children(x));
        }
        let Node::Sym(n_sym) = sym.store.node(n).clone() else {
            panic!("a variable is a symbol")
        };
        let strides = [BTreeMap::from([(vec![n_sym], 1)]), constant(1)];
        let mut quotients = Vec::new();
        let parts = split_offset(&mut sym.store, off, &strides, &mut quotients);
        assert_eq!(parts.map(|p| p.len()), Some(2));
        assert_eq!(quotients.len(), 2, "`id // g` and `id % g`");
    }

    /// Synthesis reads the kernel's `//` and `%` back from their definition's terms: a
    /// divisor of either sign, a positive literal (whose sign case the constructors fold) and
    /// a size (whose sign case the kernel's term has dropped). Not yet: a negative literal
    /// divisor (its quotient folds to a negation of the absolute value's).
    #[test]
    fn truncating_division_is_recognised() {
        let mut sym = symbolic::Sym::new(Store::new());
        let x = sym.store.var("x", smt::Sort::Int);
        let y = sym.store.var("y", smt::Sort::Int);
        let five = sym.store.int(5);
        for y in [y, five] {
            for rem in [false, true] {
                let t = crate::ops::trunc_div(&mut sym, &x, &y, rem);
                assert_eq!(truncating_division(&mut sym.store, t), Some((x, y, rem)));
            }
        }
        let size = sym.store.var("size1", smt::Sort::Int);
        let t = crate::ops::trunc_div(&mut sym, &x, &size, true);
        let zero = sym.store.int(0);
        let negative = sym.store.lt(size, zero);
        let no = sym.store.bool(false);
        let dropped = sym.store.replace(t, &HashMap::from([(negative, no)]));
        assert_eq!(
            truncating_division(&mut sym.store, dropped),
            Some((x, size, true))
        );
        // Not a division: a plain `where` of integers.
        let c = sym.store.lt(x, zero);
        let plain = sym.store.ite(c, x, five);
        assert_eq!(truncating_division(&mut sym.store, plain), None);
    }
}
