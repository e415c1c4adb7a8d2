//! Instances of accesses: a store or read in another iteration of its loops (fresh copies to
//! quantify over), the iterations of a store that should write a given cell (witnesses that
//! turn a `∀` over the store's iterations into a few quantifier-free instances), and the
//! program order of two instances.

use crate::stmt::LoopKind;
use crate::symex::Run;
use smt::{SymId, TermId};
use std::collections::HashMap;
use symbolic::Sym;

/// One instance of an access: its loops with their values in this instance (the loop symbols
/// themselves, or fresh copies for another iteration), and its terms in that instance.
pub(crate) struct Inst {
    pub(crate) loops: Vec<SymId>,
    pub(crate) vals: Vec<TermId>,
    pub(crate) seq: usize,
    pub(crate) path: Vec<TermId>,
    pub(crate) args: Vec<TermId>,
    pub(crate) point: Vec<TermId>,
    /// The copies (to quantify over).
    pub(crate) fresh: Vec<SymId>,
}

impl Inst {
    pub(crate) fn of_read(d: &mut Sym, r: &crate::symex::Read) -> Inst {
        Inst {
            loops: r.loops.clone(),
            vals: r.loops.iter().map(|l| d.store.sym(*l)).collect(),
            seq: r.seq,
            path: r.path.clone(),
            args: r.args.clone(),
            point: r.point.clone(),
            fresh: vec![],
        }
    }

    /// Store `w` in any iteration of its loops inside the realization (those outside,
    /// `outer`, are the realization's own instance: kept).
    pub(crate) fn copy(d: &mut Sym, w: &crate::symex::Write, outer: &[SymId]) -> Inst {
        Inst::of(d, &w.loops, w.seq, &w.path, &w.args, &w.point, outer)
    }

    /// An access in any iteration of its loops but those in `keep`.
    pub(crate) fn of(
        d: &mut Sym,
        loops: &[SymId],
        seq: usize,
        path: &[TermId],
        args: &[TermId],
        point: &[TermId],
        keep: &[SymId],
    ) -> Inst {
        let mut map = HashMap::new();
        let mut fresh = Vec::new();
        let mut vals = Vec::new();
        for l in loops {
            if keep.contains(l) {
                vals.push(d.store.sym(*l));
            } else {
                let c = d.store.fresh("iter", smt::Sort::Int);
                let t = d.store.sym(c);
                map.insert(*l, t);
                fresh.push(c);
                vals.push(t);
            }
        }
        let sub = |d: &mut Sym, ts: &[TermId]| -> Vec<TermId> {
            ts.iter().map(|t| d.store.substitute(*t, &map)).collect()
        };
        Inst {
            loops: loops.to_vec(),
            vals,
            seq,
            path: sub(d, path),
            args: sub(d, args),
            point: sub(d, point),
            fresh,
        }
    }
}

/// A candidate value of one loop of a store: in the read's terms (used as it is), or in the
/// store's own terms (its loops and index placeholders, substituted by the values chosen for
/// the store's enclosing loops and by the read's indices).
#[derive(Clone, Copy)]
enum Cand {
    Read(TermId),
    Store(TermId),
}

/// Candidate iterations of store `w` that wrote the cell read `r` reads (a sliding window's
/// earlier iteration): each loop of `w` inside the realization takes, when one of `w`'s
/// indices depends on it alone among those loops, the value that makes that index the read's
/// (`r.args[k] - w.args[k] + l`); when an index depends on several (a split or vectorized
/// dimension), the iteration of those loops whose index is the read's ([`split_iteration`]),
/// and the read's loop at the same depth among those the two do not share; else, for a loop
/// the read shares, the read's iteration and the four before it (or, where Halide's
/// `loop_max` of an inner loop tells, the iteration at which it reaches the read's point:
/// [`window_iterations`]); and the loop's first iteration. Any terms are sound here (the `∀` over the store's iterations implies each
/// instance); good ones make the query smaller, and quantifier-free where every loop got a
/// candidate.
pub(crate) fn witness_instances(
    d: &mut Sym,
    w: &crate::symex::Write,
    r: &crate::symex::Read,
    outer: &[SymId],
    run: &Run,
) -> Vec<Inst> {
    const MAX: usize = 48;
    let inner: Vec<SymId> = w
        .loops
        .iter()
        .copied()
        .filter(|l| !outer.contains(l))
        .collect();
    // The read's indices, as placeholders in the store's terms.
    let mut targets: HashMap<SymId, TermId> = HashMap::new();
    // Loops of an index over several of the store's loops: their division candidates.
    let mut split: HashMap<SymId, Vec<TermId>> = HashMap::new();
    for (k, a) in w.point.iter().enumerate() {
        let syms = d.store.symbols_of(*a);
        let ls: Vec<SymId> = inner.iter().copied().filter(|l| syms.contains(l)).collect();
        if ls.len() < 2 {
            continue;
        }
        let t = d.store.fresh("read_index", smt::Sort::Int);
        targets.insert(t, r.point[k]);
        let target = d.store.sym(t);
        if let Some(vs) = split_iteration(d, *a, &ls, target, run) {
            split.extend(vs);
        }
    }
    let mut cands: Vec<(SymId, Vec<Cand>)> = Vec::new();
    let mut quantified = Vec::new();
    for l in &inner {
        let lt = d.store.sym(*l);
        let mut cs = Vec::new();
        let mut shared_dim = false;
        for (k, a) in w.point.iter().enumerate() {
            let syms = d.store.symbols_of(*a);
            if !syms.contains(l) {
                continue;
            }
            if syms.iter().filter(|s| inner.contains(s)).count() == 1 {
                let diff = d.store.sub(r.point[k], *a);
                cs.push(Cand::Read(d.store.add2(diff, lt)));
                break;
            }
            shared_dim = true;
        }
        if cs.is_empty() && shared_dim && !r.loops.contains(l) {
            if let Some(vs) = split.get(l) {
                cs.extend(vs.iter().map(|v| Cand::Store(*v)));
            }
            // The read's own loop at the same depth from the innermost, among the loops the
            // two do not share (a consumer split like its producer).
            let mine: Vec<SymId> = inner
                .iter()
                .copied()
                .filter(|x| !r.loops.contains(x))
                .collect();
            let theirs: Vec<SymId> = r
                .loops
                .iter()
                .copied()
                .filter(|x| !w.loops.contains(x))
                .collect();
            let from_end = mine.len() - mine.iter().position(|x| x == l).unwrap_or(0);
            if from_end <= theirs.len() {
                let t = d.store.sym(theirs[theirs.len() - from_end]);
                cs.push(Cand::Read(t));
            }
            if cs.is_empty() {
                quantified.push(*l);
            } else {
                cands.push((*l, cs));
            }
            continue;
        }
        if cs.is_empty() {
            if r.loops.contains(l) {
                // Where Halide's bounds say at which iteration the producer reaches the
                // read's point, that one (and the read's own); else the read's and the four
                // before it.
                let window = window_iterations(d, w, r, &inner, *l, run);
                let back = if window.is_empty() { 5 } else { 1 };
                for j in 0..back {
                    let jt = d.store.int(j);
                    cs.push(Cand::Read(d.store.sub(lt, jt)));
                }
                cs.extend(window.into_iter().map(Cand::Read));
            }
            // The first iteration, over the enclosing loops of `w` at their chosen values.
            if let Some(m) = run.loop_mins.get(l) {
                cs.push(Cand::Store(*m));
            }
        }
        if cs.is_empty() {
            return vec![];
        }
        cands.push((*l, cs));
    }
    let total = cands.iter().map(|(_, c)| c.len()).product::<usize>();
    if total > MAX {
        return vec![];
    }
    instances(d, w, &cands, &quantified, &targets, total)
}

/// The instances of store `w` of [`witness_instances`]: each of the `total` choices of one
/// candidate per loop of `cands`, the loops of `quantified` fresh (`targets`: the read's
/// indices, for the placeholders of a candidate in the store's terms).
fn instances(
    d: &mut Sym,
    w: &crate::symex::Write,
    cands: &[(SymId, Vec<Cand>)],
    quantified: &[SymId],
    targets: &HashMap<SymId, TermId>,
    total: usize,
) -> Vec<Inst> {
    let mut out = Vec::new();
    for n in 0..total {
        // One candidate per loop (mixed radix), outer loops first so that a candidate in the
        // store's terms is taken at the outer loops' chosen iteration.
        let mut map: HashMap<SymId, TermId> = HashMap::new();
        let mut rest = n;
        for (l, cs) in cands {
            let i = rest % cs.len();
            rest /= cs.len();
            let t = match cs[i] {
                Cand::Read(t) => t,
                Cand::Store(t) => {
                    let mut m = map.clone();
                    m.extend(targets.iter().map(|(k, v)| (*k, *v)));
                    d.store.substitute(t, &m)
                }
            };
            map.insert(*l, t);
        }
        let mut fresh = Vec::new();
        for l in quantified {
            let c = d.store.fresh("iter", smt::Sort::Int);
            let t = d.store.sym(c);
            map.insert(*l, t);
            fresh.push(c);
        }
        let sub = |d: &mut Sym, ts: &[TermId]| -> Vec<TermId> {
            ts.iter().map(|t| d.store.substitute(*t, &map)).collect()
        };
        let vals = w
            .loops
            .iter()
            .map(|l| map.get(l).copied().unwrap_or_else(|| d.store.sym(*l)))
            .collect();
        out.push(Inst {
            loops: w.loops.clone(),
            vals,
            seq: w.seq,
            path: sub(d, &w.path),
            args: sub(d, &w.args),
            point: sub(d, &w.point),
            fresh,
        });
    }
    out
}

/// The iterations of a loop `l` that both accesses share at which a sliding window's producer
/// loop first reaches the point the read wants: for each loop `p` of `w` inside `l` whose
/// variable alone makes an index of `w` (`outGPyramid_2(x, outGPyramid_2.s0.y % 4)`, the
/// point `p + off`), and whose last iteration, Halide's `let p.loop_max` at the loop, depends
/// on `l` (`((y + base) + 3)/4`): the least iteration of `l` whose last `p` is the read's
/// `point - off` ([`first_reaching`]). A consumer that reads its producer at `(y - 1)/2`
/// while the producer advances a row every 4 iterations can read a row computed 6
/// iterations before (local_laplacian's `outGPyramid_2`, session 26), past the read's
/// iteration and the four before it, which these candidates replace (a smaller query). A
/// guess only: any term is sound as a candidate.
fn window_iterations(
    d: &mut Sym,
    w: &crate::symex::Write,
    r: &crate::symex::Read,
    inner: &[SymId],
    l: SymId,
    run: &Run,
) -> Vec<TermId> {
    let Some(from) = w.loops.iter().position(|x| *x == l) else {
        return vec![];
    };
    let lt = d.store.sym(l);
    let mut out = Vec::new();
    for p in &w.loops[from + 1..] {
        let Some(last) = run.loop_max_hints.get(p).copied() else {
            continue;
        };
        if !inner.contains(p) || !mentions(d, last, lt) {
            continue;
        }
        for (k, a) in w.point.iter().enumerate() {
            let syms = d.store.symbols_of(*a);
            if !syms.contains(p) || syms.iter().any(|s| s != p && inner.contains(s)) {
                continue;
            }
            if coefficient(d, *a, *p) != Some(1) {
                continue;
            }
            let zero = d.store.int(0);
            let off = d.store.substitute(*a, &HashMap::from([(*p, zero)]));
            let target = d.store.sub(r.point[k], off);
            if let Some(v) = first_reaching(d, last, lt, target) {
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
    out
}

/// The least `v` with `u[l := v] >= target`, for `u` a sum of terms without `l` and one
/// `n div c` or `n` with `n` linear in `l` with a positive slope `s` (`c` a positive
/// literal): `ceil((c*(target - rest) - n[l := 0]) / s)`. `None` for any other form.
fn first_reaching(d: &mut Sym, u: TermId, l: TermId, target: TermId) -> Option<TermId> {
    let summands = match d.store.node(u) {
        smt::Node::Add(xs) => xs.clone(),
        _ => vec![u],
    };
    let (with, without): (Vec<TermId>, Vec<TermId>) =
        summands.into_iter().partition(|x| mentions(d, *x, l));
    let [g] = with[..] else { return None };
    let mut goal = target;
    if !without.is_empty() {
        let rest = d.store.add(without);
        goal = d.store.sub(goal, rest);
    }
    let (num, c) = match d.store.node(g).clone() {
        smt::Node::IntDiv(n, c) => (n, d.store.as_int(c).filter(|c| *c > 0)?),
        _ => (g, 1),
    };
    let smt::Node::Sym(ls) = d.store.node(l).clone() else {
        return None;
    };
    let s = coefficient(d, num, ls).filter(|s| *s > 0)?;
    let zero = d.store.int(0);
    let n0 = d.store.substitute(num, &HashMap::from([(ls, zero)]));
    let ct = d.store.int(c);
    let scaled = d.store.mul2(ct, goal);
    let need = d.store.sub(scaled, n0);
    let up = d.store.int(s - 1);
    let need = d.store.add2(need, up);
    let st = d.store.int(s);
    Some(d.store.int_div(need, st))
}

/// The iteration of the loops `ls` (outer to inner) of an index `e` over several loops (a
/// split or vectorized dimension) at which `e` is `target`: each loop but the innermost the
/// quotient of what is left (`target` minus `e` with this loop and the inner ones at their
/// first iteration) by its stride, plus its first iteration, or one less (a first iteration
/// before the one that stores, as a sliding window's warm-up, can make the quotient one too
/// large); the innermost what is left. The stride is `l`'s coefficient in `e` (`8*yo + yi`)
/// when `e` has one, else the product of the inner loops' extents (constants, as in a split
/// or a vectorized tile). In the terms of `e`: the outer loops of `ls` by their own symbols,
/// for the caller to substitute its choices outer to inner. `None` when a stride is not
/// constant. (A tail shifted inwards, `min(base + 16*i, last) + j`, gets the same quotient,
/// and `j` what is left.)
fn split_iteration(
    d: &mut Sym,
    e: TermId,
    ls: &[SymId],
    target: TermId,
    run: &Run,
) -> Option<Vec<(SymId, Vec<TermId>)>> {
    let mut out = Vec::new();
    for (j, l) in ls.iter().enumerate() {
        let stride = match coefficient(d, e, *l) {
            Some(k) if k > 0 => k,
            _ => {
                let mut stride = 1i128;
                for m in &ls[j + 1..] {
                    let ext = run.loop_exts.get(m)?;
                    stride = stride.checked_mul(d.store.as_int(*ext)?)?;
                }
                stride
            }
        };
        let mut probe = HashMap::new();
        for m in &ls[j..] {
            probe.insert(*m, *run.loop_mins.get(m)?);
        }
        let at = d.store.substitute(e, &probe);
        let left = d.store.sub(target, at);
        let st = d.store.int(stride);
        let q = d.store.int_div(left, st);
        let v = d.store.add2(q, probe[l]);
        let mut vs = vec![v];
        if j + 1 < ls.len() {
            let one = d.store.int(1);
            vs.push(d.store.sub(v, one));
        }
        out.push((*l, vs));
    }
    Some(out)
}

/// The coefficient of loop `l` in index `e` (`16` in `min(2*(8*xo + b) + -31, m) + xi`):
/// linear through sums and products by literals; of a `min`/`max` (an `ite`), that of its
/// branches when they agree or one of them has none (a clamp that does not bind); `None` when
/// `l` occurs otherwise (under a division, a non-literal product). A guess for a candidate
/// only: any value is sound there.
fn coefficient(d: &mut Sym, e: TermId, l: SymId) -> Option<i128> {
    let lt = d.store.sym(l);
    slope(d, e, lt, &mut HashMap::new())
}

fn slope(d: &Sym, t: TermId, l: TermId, memo: &mut HashMap<TermId, Option<i128>>) -> Option<i128> {
    if t == l {
        return Some(1);
    }
    if let Some(k) = memo.get(&t) {
        return *k;
    }
    let k = match d.store.node(t).clone() {
        smt::Node::Add(xs) => xs
            .iter()
            .try_fold(0i128, |acc, x| acc.checked_add(slope(d, *x, l, memo)?)),
        smt::Node::Mul(xs) => {
            let mut lit = 1i128;
            let mut var = None;
            for x in &xs {
                match d.store.as_int(*x) {
                    Some(c) => lit = lit.checked_mul(c)?,
                    None if var.is_none() => var = Some(*x),
                    None => return memo_none(memo, t, d, l),
                }
            }
            match var {
                Some(v) => slope(d, v, l, memo).and_then(|k| k.checked_mul(lit)),
                None => Some(0),
            }
        }
        smt::Node::Neg(x) => slope(d, x, l, memo).map(|k| -k),
        // A `min`/`max` compares its branches: its condition says which one binds.
        smt::Node::Ite(_, a, b) => match (slope(d, a, l, memo)?, slope(d, b, l, memo)?) {
            (x, y) if x == y => Some(x),
            (0, y) => Some(y),
            (x, 0) => Some(x),
            _ => None,
        },
        _ if !mentions(d, t, l) => Some(0),
        _ => None,
    };
    memo.insert(t, k);
    k
}

fn memo_none(
    memo: &mut HashMap<TermId, Option<i128>>,
    t: TermId,
    d: &Sym,
    l: TermId,
) -> Option<i128> {
    let k = if mentions(d, t, l) { None } else { Some(0) };
    memo.insert(t, k);
    k
}

/// Whether `l` occurs in `t`.
fn mentions(d: &Sym, t: TermId, l: TermId) -> bool {
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![t];
    while let Some(u) = todo.pop() {
        if u == l {
            return true;
        }
        if seen.insert(u) {
            todo.extend(d.store.children(u));
        }
    }
    false
}

/// The iteration of store `w`'s loops that should write output point `p`: per dimension, the
/// loops its index uses, outer to inner, by [`split_iteration`]. `None` when a stride is not
/// constant or a loop is in no index.
pub(crate) fn covering_iteration(
    d: &mut Sym,
    w: &crate::symex::Write,
    p: &[TermId],
    run: &Run,
) -> Option<HashMap<SymId, TermId>> {
    let mut map: HashMap<SymId, TermId> = HashMap::new();
    let mut done: Vec<SymId> = Vec::new();
    for (k, e) in w.point.iter().enumerate() {
        let syms = d.store.symbols_of(*e);
        let ls: Vec<SymId> = w
            .loops
            .iter()
            .copied()
            .filter(|l| syms.contains(l) && !done.contains(l))
            .collect();
        let e = d.store.substitute(*e, &map);
        for (l, vs) in split_iteration(d, e, &ls, p[k], run)? {
            let v = d.store.substitute(vs[0], &map);
            map.insert(l, v);
        }
        done.extend(ls);
    }
    if w.loops.iter().any(|l| !map.contains_key(l)) {
        return None;
    }
    Some(map)
}

/// Instance `a` runs before instance `b` (inside one instance of their realization):
/// lexicographically on their common serial loops, then in program order. The iterations of
/// a parallel or vectorized loop are unordered: there they must be equal.
/// No iteration of the store instance `c` (its fresh variables quantified) writes the cell and
/// point the read `me` reads before the read.
pub(crate) fn not_written_before(
    d: &mut Sym,
    kinds: &HashMap<SymId, LoopKind>,
    c: &Inst,
    me: &Inst,
) -> TermId {
    let mut cs = c.path.clone();
    for (x, y) in c.args.iter().zip(&me.args) {
        cs.push(d.store.eq(*x, *y));
    }
    for (x, y) in c.point.iter().zip(&me.point) {
        cs.push(d.store.eq(*x, *y));
    }
    never_before(d, kinds, c, me, cs)
}

/// No iteration of the instance `c` (its fresh variables quantified) where `conds` hold comes
/// before `me`.
pub(crate) fn never_before(
    d: &mut Sym,
    kinds: &HashMap<SymId, LoopKind>,
    c: &Inst,
    me: &Inst,
    mut conds: Vec<TermId>,
) -> TermId {
    conds.push(before(d, kinds, c, me));
    let body = d.store.and(conds);
    let nb = d.store.not(body);
    if c.fresh.is_empty() {
        nb
    } else {
        d.store.forall(c.fresh.clone(), nb)
    }
}

pub(crate) fn before(d: &mut Sym, kinds: &HashMap<SymId, LoopKind>, a: &Inst, b: &Inst) -> TermId {
    let shared = a
        .loops
        .iter()
        .zip(&b.loops)
        .take_while(|(x, y)| x == y)
        .count();
    let mut eqs = Vec::new();
    let mut disj = Vec::new();
    for k in 0..shared {
        let (x, y) = (a.vals[k], b.vals[k]);
        if x == y {
            continue;
        }
        if matches!(
            kinds.get(&a.loops[k]),
            Some(LoopKind::Serial | LoopKind::Unrolled)
        ) {
            let mut c = eqs.clone();
            c.push(d.store.lt(x, y));
            disj.push(d.store.and(c));
        }
        eqs.push(d.store.eq(x, y));
    }
    if a.seq < b.seq {
        disj.push(d.store.and(eqs));
    }
    d.store.or(disj)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A producer's last row `(y + b + 3) div 4` first reaches row `t` at the least `y` with
    /// `(y + b + 3) div 4 >= t`, checked against a search over `y` at every `b` and `t` near 0.
    #[test]
    fn a_sliding_windows_first_iteration_inverts_its_last_row() {
        let mut d = Sym::new(smt::Store::new());
        let (y, b, t) = (
            d.store.fresh("y", smt::Sort::Int),
            d.store.fresh("b", smt::Sort::Int),
            d.store.fresh("t", smt::Sort::Int),
        );
        let (yt, bt, tt) = (d.store.sym(y), d.store.sym(b), d.store.sym(t));
        let three = d.store.int(3);
        let four = d.store.int(4);
        let num = d.store.add(vec![yt, bt, three]);
        let last = d.store.int_div(num, four);
        let first = first_reaching(&mut d, last, yt, tt).expect("a division by a literal");
        let row = |y: i128, b: i128| (y + b + 3).div_euclid(4);
        for bv in -9..9 {
            for tv in -9..9 {
                let map = HashMap::from([(b, d.store.int(bv)), (t, d.store.int(tv))]);
                let got = d.store.substitute(first, &map);
                let got = d.store.as_int(got).expect("a literal");
                let want = (-100..100).find(|y| row(*y, bv) >= tv).unwrap();
                assert_eq!(got, want, "b = {bv}, t = {tv}");
            }
        }
        // A last row that is not a division or a sum with one term in `y` gives no candidate.
        let sq = d.store.mul2(yt, yt);
        assert!(first_reaching(&mut d, sq, yt, tt).is_none());
    }
}
