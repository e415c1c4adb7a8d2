//! Reductions (sums and products of `linalg` reduction loops) in both domains.
//!
//! The concrete domain computes the real thing: IEEE left folds in row-major loop order
//! (as `mlir-cpu-runner` does), exact integers wrapped to N bits.
//!
//! The symbolic domain keeps reductions uninterpreted, after mlir-tv (CAV'22, §4):
//! - **exact mode** (the default): a fold `((init ⊕ e1) ⊕ e2) ...` over an enumerated box drops
//!   the literal identity elements (`x + -0.0 = x`, `x * 1.0 = x` exactly in IEEE), then is a
//!   chain of the abstract `addf`/`mulf` (up to [`UNROLL`] terms) or one uninterpreted
//!   function of the ordered terms (`fold_addf_f32_N`). Integer folds over an enumerated box are
//!   exact sums and products modulo 2^N. A box of symbolic size (or more than [`ENUMERATE`]
//!   points) is `value = F(init, λ i. in-bounds(i) ? body(i) : identity)`: `value` is a fresh
//!   symbol, recorded in [`symbolic::Folds::lambdas`], and [`lemmas`] states congruence for
//!   every pair of one family (`value_a ≠ value_b → init_a ≠ init_b ∨ A_a(w) ≠ A_b(w)` at a
//!   fresh witness `w`: Ackermann's reduction plus extensionality), and the exact values of the
//!   degenerate boxes (empty: `init`; one point: `init ⊕ body(0)`). Padding with the identity
//!   is exact for a row-major fold, so one function per family is sound for every box shape.
//!   Nothing here assumes more of IEEE than the domain already does.
//! - **reassociation mode** ([`symbolic::Folds::reassoc`], switched on by the checker only when
//!   the exact mode could not decide a query that involves float additions): every float sum,
//!   including a plain `addf`, is an uninterpreted function of the *multiset* of its summands
//!   (`msum_addf_f32_N` of the summands sorted by term id, nested sums flattened:
//!   `sum([sum A, sum B]) = sum(A ++ B)`). Summands that are equal only semantically are related
//!   by mlir-tv's hash encoding: `h(identity) = 0` and, per pair of sums,
//!   `value_a ≠ value_b → Σ_{a∖b} h(e) ≠ Σ_{b∖a} h(e)` over the multiset difference (the
//!   common part cancels), with integer-valued `h`. This is an ABSTRACTION (IEEE rounding
//!   depends on the order); the verdict names it, and a model found under it is only a
//!   candidate that the concrete interpreter must replay.

use crate::base::domain::Combiner;
use crate::base::domain::{EType, FBin, FTy, MDomain};
use crate::base::ieee::CFloat;
use crate::base::value::*;
use crate::base::value::{as_int, from_int};
use crate::ops::extremum::{self};
use smt::{Sort, SymId, TermId};
use std::collections::HashMap;
use symbolic::{LambdaFold, Sym};
use tensor::Concrete;

impl Combiner {
    pub(crate) fn of(op: FBin) -> Option<Combiner> {
        match op {
            FBin::Add => Some(Combiner::Add),
            FBin::Mul => Some(Combiner::Mul),
            _ => None,
        }
    }
    /// The float operation of an arithmetic combiner.
    pub(crate) fn fbin(self) -> Option<FBin> {
        match self {
            Combiner::Add => Some(FBin::Add),
            Combiner::Mul => Some(FBin::Mul),
            Combiner::Ext(_) => None,
        }
    }
    pub(crate) fn name(self) -> &'static str {
        match self {
            Combiner::Add => "add",
            Combiner::Mul => "mul",
            Combiner::Ext(x) => x.name(),
        }
    }
}

/// The bit pattern of the identity of `k` in float type `t`: `-0.0` for addition (`+0.0`
/// is not one: `-0.0 + +0.0 = +0.0`), `1.0` for multiplication.
pub(crate) fn identity_bits(k: Combiner, t: FTy) -> u64 {
    match (k, t) {
        (Combiner::Add, FTy::F16 | FTy::BF16) => 0x8000,
        (Combiner::Add, FTy::F32) => 0x8000_0000,
        (Combiner::Add, FTy::F64) => 1 << 63,
        (Combiner::Mul, FTy::F16) => 0x3c00,
        (Combiner::Mul, FTy::BF16) => 0x3f80,
        (Combiner::Mul, FTy::F32) => 0x3f80_0000,
        (Combiner::Mul, FTy::F64) => 0x3ff0_0000_0000_0000,
        (Combiner::Ext(x), t) => x.float_identity(t),
    }
}

/// Exact-mode folds of at most this many terms are chains of `addf`/`mulf`.
pub(crate) const UNROLL: usize = 64;
/// Boxes of at most this many points are enumerated (in both domains).
pub(crate) const ENUMERATE: i128 = 1 << 16;
/// The most points the concrete interpreter folds over one box.
const CONCRETE_BUDGET: i128 = 1 << 22;

/// Row-major points of a box of literal sizes.
pub(crate) fn points(sizes: &[i128]) -> impl Iterator<Item = Vec<i128>> + '_ {
    let empty = sizes.iter().any(|n| *n <= 0);
    let mut next = if empty {
        None
    } else {
        Some(vec![0i128; sizes.len()])
    };
    std::iter::from_fn(move || {
        let cur = next.take()?;
        let mut succ = cur.clone();
        let mut k = sizes.len();
        loop {
            if k == 0 {
                break;
            }
            k -= 1;
            succ[k] += 1;
            if succ[k] < sizes[k] {
                next = Some(succ);
                break;
            }
            succ[k] = 0;
        }
        Some(cur)
    })
}

/// `init ⊕ (⊕ over the box `sizes`, row-major, of body(point))`, in any domain: enumerated
/// when the sizes are literals and the box is small, otherwise [`MDomain::fold_box`].
pub(crate) fn reduce<D: MDomain>(
    d: &mut D,
    k: Combiner,
    t: EType,
    init: &SVal<D>,
    sizes: &[D::I],
    body: &mut dyn FnMut(&mut D, &[D::I]) -> SVal<D>,
) -> SVal<D> {
    let lits: Option<Vec<i128>> = sizes.iter().map(|n| d.lit_int(n)).collect();
    let Some(ns) =
        lits.filter(|ns| ns.iter().fold(1i128, |a, n| a.saturating_mul((*n).max(0))) <= ENUMERATE)
    else {
        if let Combiner::Ext(x) = k {
            d.give_up(format!(
                "an arith.{} reduction over a box of symbolic size (or above {ENUMERATE} points)",
                x.name()
            ));
            return init.clone();
        }
        return d.fold_box(k, t, init, sizes, body);
    };
    let mut ok = init.ok.clone();
    let mut elems = vec![init.v.clone()];
    for p in points(&ns) {
        let idx: Vec<D::I> = p.iter().map(|i| d.lit_i(*i)).collect();
        let e = body(d, &idx);
        ok = d.and(&ok, &e.ok);
        elems.push(e.v);
    }
    let v = match fold_elems(d, k, t, &elems) {
        Ok(v) => v,
        Err(why) => {
            d.give_up(why);
            init.v.clone()
        }
    };
    SVal { v, ok }
}

/// The fold of enumerated elements (`elems[0]` is the initial value).
fn fold_elems<D: MDomain>(
    d: &mut D,
    k: Combiner,
    t: EType,
    elems: &[Elem<D>],
) -> Result<Elem<D>, String> {
    if let Combiner::Ext(x) = k {
        return extremum::fold(d, x, t, elems);
    }
    match t {
        EType::Float(ft) => {
            let fs: Vec<D::F> = elems
                .iter()
                .map(|e| match e {
                    Elem::Float(f) => Ok(f.clone()),
                    _ => Err("a float reduction of non-float values".to_string()),
                })
                .collect::<Result<_, _>>()?;
            Ok(Elem::Float(d.fold_f(k, ft, &fs)))
        }
        _ => {
            let xs: Vec<D::I> = elems
                .iter()
                .map(|e| as_int(d, e, true))
                .collect::<Result<_, _>>()?;
            let w = t.width();
            let acc = match k {
                // Exact: wrapping commutes with addition, so one wrap at the end; a balanced
                // tree keeps n-ary terms small.
                Combiner::Add => sum_tree(d, &xs),
                Combiner::Ext(x) => return extremum::fold(d, x, t, elems),
                Combiner::Mul => {
                    let mut acc = xs[0].clone();
                    for x in &xs[1..] {
                        let p = d.mul_i(&acc, x);
                        acc = wrap(d, &p, w);
                    }
                    acc
                }
            };
            from_int(d, &acc, t)
        }
    }
}

fn sum_tree<D: MDomain>(d: &mut D, xs: &[D::I]) -> D::I {
    match xs.len() {
        0 => d.lit_i(0),
        1 => xs[0].clone(),
        n => {
            let a = sum_tree(d, &xs[..n / 2]);
            let b = sum_tree(d, &xs[n / 2..]);
            d.add_i(&a, &b)
        }
    }
}

// ---- concrete ----

/// Whether the concrete interpreter may enumerate the box `sizes`; if not, the run is marked
/// inexact (`what` names the work).
pub(crate) fn within_budget(d: &mut Concrete, sizes: &[i128], what: &str) -> bool {
    let count = sizes
        .iter()
        .fold(1i128, |a, n| a.saturating_mul((*n).max(0)));
    if count > CONCRETE_BUDGET {
        d.give_up(format!(
            "{what} over {count} points (more than {CONCRETE_BUDGET})"
        ));
    }
    count <= CONCRETE_BUDGET
}

pub(crate) fn concrete_fold_box(
    d: &mut Concrete,
    k: Combiner,
    t: EType,
    init: &SVal<Concrete>,
    sizes: &[i128],
    body: &mut dyn FnMut(&mut Concrete, &[i128]) -> SVal<Concrete>,
) -> SVal<Concrete> {
    if !within_budget(d, sizes, "a reduction") {
        return init.clone();
    }
    let mut acc = init.clone();
    // Folded a pair at a time below: the order-free check is over the whole box.
    let mut exact = ExactSum::default();
    if let (Elem::Float(x), EType::Float(_)) = (&init.v, t) {
        exact.add(*x);
    }
    for p in points(sizes) {
        let e = body(d, &p);
        if let (Elem::Float(x), EType::Float(_)) = (&e.v, t) {
            exact.add(*x);
        }
        let ok = acc.ok && e.ok;
        let v = match fold_elems(d, k, t, &[acc.v.clone(), e.v]) {
            Ok(v) => v,
            Err(why) => {
                d.give_up(why);
                return init.clone();
            }
        };
        acc = SVal { v, ok };
    }
    if let (Combiner::Add, EType::Float(ft)) = (k, t) {
        d.order_dependent |= !exact.order_free(ft);
    }
    acc
}

/// Whether the float sum of `elems` has one value in every order of summation: every summand
/// is an integer (a zero of either sign included) and their magnitudes add up to at most
/// `2^m` (`m` the stored significand bits: 10 for f16, 7 for bf16, 23 for f32, 52 for f64), so every partial sum in any order is
/// an integer of at most `m + 1` bits, exact; and the sum is not zero (the sign of a zero sum
/// depends on whether an accumulation starts from `+0.0`). The bound leaves room for one more
/// such sum on top: a bias added to an accumulation stays exact whatever the order of all.
pub(crate) fn order_free(t: FTy, elems: &[CFloat]) -> bool {
    let mut s = ExactSum::default();
    for e in elems {
        s.add(*e);
    }
    s.order_free(t)
}

/// The summands of a float sum seen so far, for [`order_free`].
#[derive(Default)]
struct ExactSum {
    sum: i128,
    magnitude: i128,
    /// A summand was not an integer of at most 2^52 in magnitude.
    other: bool,
}

impl ExactSum {
    fn add(&mut self, e: CFloat) {
        match e.as_f64() {
            x if x.is_finite() && x.fract() == 0.0 && x.abs() <= (1u64 << 52) as f64 => {
                self.sum += x as i128;
                self.magnitude += x.abs() as i128;
            }
            _ => self.other = true,
        }
    }

    fn order_free(&self, t: FTy) -> bool {
        let m = t.format().sbits - 1;
        !self.other && self.magnitude <= 1 << m && self.sum != 0
    }
}

/// A concrete float as its type's value (used by tests).
pub fn cfloat_sum(t: FTy, xs: &[f64]) -> CFloat {
    let mut d = Concrete::default();
    let id = CFloat {
        ty: t,
        bits: identity_bits(Combiner::Add, t),
    };
    let mut elems = vec![id];
    elems.extend(xs.iter().map(|x| CFloat::of(t, *x)));
    d.fold_f(Combiner::Add, t, &elems)
}

// ---- symbolic ----

/// The exact or multiset fold of terms (see the module documentation).
/// Whether float term `x` is the identity of combiner `k`'s folds: `-0.0` for a sum, and
/// `+0.0` too where the signs of zeros are insignificant ([`symbolic::Folds::zero_sign_free`]).
/// The one place that rule is written: sums, folds and `addf` all ask here.
pub(crate) fn sum_identity(d: &Sym, k: Combiner, t: FTy, x: TermId) -> bool {
    if k != Combiner::Add {
        return false;
    }
    let bits = d.store.as_int(x);
    bits == Some(identity_bits(k, t) as i128) || (d.folds.zero_sign_free && bits == Some(0))
}

pub(crate) fn sym_fold_f(d: &mut Sym, k: Combiner, t: FTy, elems: &[TermId]) -> TermId {
    let id = d.store.int(identity_bits(k, t) as i128);
    let elems: Vec<TermId> = elems
        .iter()
        .map(|x| if sum_identity(d, k, t, *x) { id } else { *x })
        .collect();
    let elems = elems.as_slice();
    if k == Combiner::Add && d.folds.reassoc {
        let family = format!("msum_addf_{}", t.name());
        let mut xs = vec![];
        for e in elems {
            match d.folds.msums.get(e) {
                Some((f, inner)) if *f == family => xs.extend(inner.iter().copied()),
                _ => xs.push(*e),
            }
        }
        xs.retain(|x| *x != id);
        xs.sort();
        d.folds.identities.insert(family.clone(), id);
        return match xs.len() {
            0 => id,
            1 => xs[0],
            n => {
                let f =
                    d.store
                        .declare_fun(&format!("{family}_{n}"), &vec![Sort::Int; n], Sort::Int);
                let v = d.store.app(f, xs.clone());
                d.folds.msums.insert(v, (family, xs));
                v
            }
        };
    }
    let xs: Vec<TermId> = elems.iter().copied().filter(|x| *x != id).collect();
    // A fold of literals is computed (IEEE, in order), however long.
    let literals = xs.iter().all(|x| d.store.as_int(*x).is_some());
    match xs.len() {
        0 => id,
        n if n <= UNROLL || literals => {
            let Some(op) = k.fbin() else {
                d.give_up(format!("an arith.{} fold as float arithmetic", k.name()));
                return xs[0];
            };
            let mut acc = xs[0];
            for x in &xs[1..] {
                acc = d.f_bin(op, t, &acc, x);
            }
            acc
        }
        n => {
            let f = d.store.declare_fun(
                &format!("fold_{}f_{}_{n}", k.name(), t.name()),
                &vec![Sort::Int; n],
                Sort::Int,
            );
            d.store.app(f, xs)
        }
    }
}

pub(crate) fn sym_fold_box(
    d: &mut Sym,
    k: Combiner,
    t: EType,
    init: &SVal<Sym>,
    sizes: &[TermId],
    body: &mut dyn FnMut(&mut Sym, &[TermId]) -> SVal<Sym>,
) -> SVal<Sym> {
    if let Combiner::Ext(x) = k {
        d.give_up(format!(
            "an arith.{} reduction over a box of symbolic size",
            x.name()
        ));
        return init.clone();
    }
    let (init_t, identity) = match (&init.v, t) {
        (Elem::Float(f), EType::Float(ft)) => {
            let id = d.store.int(identity_bits(k, ft) as i128);
            (if sum_identity(d, k, ft, *f) { id } else { *f }, id)
        }
        (Elem::Int(i), EType::Int(_) | EType::Index) => {
            let one = matches!(k, Combiner::Mul) as i128;
            (*i, d.store.int(one))
        }
        _ => {
            d.give_up(format!(
                "a reduction of {} values over a box of symbolic size",
                t.name()
            ));
            return init.clone();
        }
    };
    let (vars, vt, dom) = bound_point(d, sizes, "ridx");
    let s = body(d, &vt);
    let body_t = match s.v {
        Elem::Float(x) | Elem::Int(x) => x,
        Elem::Bool(_) => {
            d.give_up("a reduction of i1 values over a box of symbolic size".into());
            return init.clone();
        }
    };
    let mut syms = vec![];
    for x in [init_t, dom, body_t, s.ok] {
        syms.extend(d.store.symbols_of(x));
    }
    if syms
        .iter()
        .any(|x| d.folds.bound.contains(x) && !vars.contains(x))
    {
        d.give_up("a reduction over a box of symbolic size inside another one".into());
        return init.clone();
    }
    let family = format!("fold_{}_{}_r{}", k.name(), t.name(), sizes.len());
    let value_sym = d.store.fresh(&family, Sort::Int);
    let value = d.store.sym(value_sym);
    if k == Combiner::Add && matches!(t, EType::Float(_)) {
        d.folds.saw_fsum = true;
    }
    d.folds.lambdas.push(LambdaFold {
        family,
        identity,
        init: init_t,
        vars: vars.clone(),
        dom,
        body: body_t,
        value,
    });
    // Exact facts for the degenerate boxes: an empty box folds to `init`, a box of one point
    // to `init ⊕ body(0, ..., 0)` (they make small models faithful).
    let zero = d.store.int(0);
    let one = d.store.int(1);
    let empties: Vec<TermId> = sizes.iter().map(|n| d.store.le(*n, zero)).collect();
    let empty = d.store.or(empties);
    let is_init = d.store.eq(value, init_t);
    let fact = d.store.implies(empty, is_init);
    d.folds.facts.push(fact);
    let ones: Vec<TermId> = sizes.iter().map(|n| d.store.eq(*n, one)).collect();
    let single = d.store.and(ones);
    let zeros = vec![zero; sizes.len()];
    let first = body(d, &zeros);
    let combined = match (&first.v, t) {
        (Elem::Float(x), EType::Float(ft)) => k.fbin().map(|op| d.f_bin(op, ft, &init_t, x)),
        (Elem::Int(x), _) => match k {
            Combiner::Add => Some(d.store.add2(init_t, *x)),
            Combiner::Mul => Some(d.store.mul2(init_t, *x)),
            Combiner::Ext(_) => None,
        },
        _ => None,
    };
    if let Some(c) = combined {
        let is_c = d.store.eq(value, c);
        let fact = d.store.implies(single, is_c);
        d.folds.facts.push(fact);
    }
    let each = d.store.implies(dom, s.ok);
    let all = d.store.forall(vars, each);
    let ok = d.store.and2(init.ok, all);
    let v = match t {
        EType::Float(_) => Elem::Float(value),
        _ => Elem::Int(wrap(d, &value, t.width())),
    };
    SVal { v, ok }
}

/// Fresh index symbols `base...` for a point of the box `sizes`, to be bound by a lambda or a
/// quantifier (recorded in `folds.bound`: a reduction over a symbolic box that reads them gives
/// up rather than leave its value symbol free), as terms, and their in-bounds condition.
pub(crate) fn bound_point(
    d: &mut Sym,
    sizes: &[TermId],
    base: &str,
) -> (Vec<SymId>, Vec<TermId>, TermId) {
    let vars: Vec<SymId> = sizes
        .iter()
        .map(|_| d.store.fresh(base, Sort::Int))
        .collect();
    d.folds.bound.extend(vars.iter().copied());
    let vt: Vec<TermId> = vars.iter().map(|v| d.store.sym(*v)).collect();
    let dom = in_bounds(d, &vt, sizes);
    (vars, vt, dom)
}

/// Most pairs of recorded reductions related by lemmas (beyond it, pairs are left
/// unrelated: fewer facts, never a wrong one).
const MAX_PAIRS: usize = 4096;
/// Most summands in the multiset difference of two sums for a hash lemma.
const MAX_DIFF: usize = 512;

/// The facts relating recorded reductions, to be assumed by every query of the check. Each
/// holds in the real semantics (the exact-mode lemmas) or in the named abstraction (the
/// multiset lemmas), whatever the values of their fresh witnesses.
pub(crate) fn lemmas(d: &mut Sym) -> Vec<TermId> {
    let mut out = d.folds.facts.clone();
    let mut pairs = 0;
    let ls = d.folds.lambdas.clone();
    for (i, a) in ls.iter().enumerate() {
        for b in &ls[i + 1..] {
            if a.family != b.family || a.vars.len() != b.vars.len() || pairs >= MAX_PAIRS {
                continue;
            }
            pairs += 1;
            let ws: Vec<TermId> = a
                .vars
                .iter()
                .map(|_| {
                    let s = d.store.fresh("w", Sort::Int);
                    d.store.sym(s)
                })
                .collect();
            let ea = instantiate(d, a, &ws);
            let eb = instantiate(d, b, &ws);
            let same = d.store.eq(a.value, b.value);
            let di = d.store.ne(a.init, b.init);
            let de = d.store.ne(ea, eb);
            out.push(d.store.or(vec![same, di, de]));
        }
    }
    if !d.folds.reassoc {
        return out;
    }
    let bound = d.folds.bound.clone();
    let sums: Vec<(TermId, String, Vec<TermId>)> = d
        .folds
        .msums
        .iter()
        .filter(|(v, _)| d.store.symbols_of(**v).iter().all(|s| !bound.contains(s)))
        .map(|(v, (f, xs))| (*v, f.clone(), xs.clone()))
        .collect();
    let mut hashes = HashMap::new();
    for (family, id) in d.folds.identities.clone() {
        let h = d
            .store
            .declare_fun(&format!("hash_{family}"), &[Sort::Int], Sort::Int);
        hashes.insert(family, h);
        let hid = d.store.app(h, vec![id]);
        let zero = d.store.int(0);
        out.push(d.store.eq(hid, zero));
    }
    for (i, (va, fa, xa)) in sums.iter().enumerate() {
        for (vb, fb, xb) in &sums[i + 1..] {
            if fa != fb || pairs >= MAX_PAIRS {
                continue;
            }
            let (only_a, only_b) = multiset_diff(xa, xb);
            if only_a.len() + only_b.len() > MAX_DIFF {
                continue;
            }
            pairs += 1;
            let h = hashes[fa];
            let ha: Vec<TermId> = only_a.iter().map(|x| d.store.app(h, vec![*x])).collect();
            let hb: Vec<TermId> = only_b.iter().map(|x| d.store.app(h, vec![*x])).collect();
            let sa = sum_terms(d, ha);
            let sb = sum_terms(d, hb);
            let same = d.store.eq(*va, *vb);
            let differ = d.store.ne(sa, sb);
            out.push(d.store.or2(same, differ));
        }
    }
    out
}

fn sum_terms(d: &mut Sym, xs: Vec<TermId>) -> TermId {
    if xs.is_empty() {
        d.store.int(0)
    } else {
        d.store.add(xs)
    }
}

/// `A(w)`: the padded element array of a recorded reduction at `w`.
fn instantiate(d: &mut Sym, f: &LambdaFold, ws: &[TermId]) -> TermId {
    let map: HashMap<SymId, TermId> = f.vars.iter().copied().zip(ws.iter().copied()).collect();
    let dom = d.store.substitute(f.dom, &map);
    let body = d.store.substitute(f.body, &map);
    d.store.ite(dom, body, f.identity)
}

/// The elements of `a` not in `b` and of `b` not in `a` (both sorted), with multiplicity.
fn multiset_diff(a: &[TermId], b: &[TermId]) -> (Vec<TermId>, Vec<TermId>) {
    let (mut i, mut j) = (0, 0);
    let (mut oa, mut ob) = (vec![], vec![]);
    while i < a.len() || j < b.len() {
        if j == b.len() || (i < a.len() && a[i] < b[j]) {
            oa.push(a[i]);
            i += 1;
        } else if i == a.len() || b[j] < a[i] {
            ob.push(b[j]);
            j += 1;
        } else {
            i += 1;
            j += 1;
        }
    }
    (oa, ob)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_row_major() {
        let ps: Vec<Vec<i128>> = points(&[2, 3]).collect();
        assert_eq!(ps.len(), 6);
        assert_eq!(ps[1], vec![0, 1]);
        assert_eq!(ps[3], vec![1, 0]);
        assert_eq!(points(&[2, 0]).count(), 0);
        assert_eq!(points(&[]).count(), 1);
    }

    #[test]
    fn multiset_difference() {
        let mut s = smt::Store::new();
        let t: Vec<TermId> = (0..6).map(|i| s.int(i)).collect();
        let (a, b) = multiset_diff(&[t[1], t[2], t[2], t[5]], &[t[2], t[3], t[5]]);
        assert_eq!(a, vec![t[1], t[2]]);
        assert_eq!(b, vec![t[3]]);
    }

    #[test]
    fn order_free_sums_are_exact_integer_sums() {
        let f = |xs: &[f32]| xs.iter().map(|x| CFloat::f32(*x)).collect::<Vec<_>>();
        assert!(order_free(FTy::F32, &f(&[-0.0, 1.0, 2.0])));
        assert!(order_free(FTy::F32, &f(&[8388608.0])));
        assert!(!order_free(FTy::F32, &f(&[0.5, 1.0])));
        assert!(!order_free(FTy::F32, &f(&[8388608.0, 1.0])));
        assert!(!order_free(FTy::F32, &f(&[1.0, -1.0])));
        assert!(!order_free(FTy::F32, &f(&[-0.0, -0.0])));
        assert!(!order_free(FTy::F32, &f(&[f32::INFINITY, 1.0])));
    }

    #[test]
    fn concrete_sum_is_in_order() {
        // (1e30 + -1e30) + 1 = 1, but 1e30 + (-1e30 + 1) = 0 in f32.
        let s = cfloat_sum(FTy::F32, &[1e30, -1e30, 1.0]);
        assert_eq!(f32::from_bits(s.bits as u32), 1.0);
        let s = cfloat_sum(FTy::F32, &[-1e30, 1.0, 1e30]);
        assert_eq!(f32::from_bits(s.bits as u32), 0.0);
    }
}
