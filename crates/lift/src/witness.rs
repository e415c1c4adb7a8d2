//! Who writes an output index: the witness program ids, loop iterations and lanes of a
//! store whose index along one dimension is a sum of *steps*, `c + s1*p1 + s2*p2 + lane`.
//!
//! The `p` are *steppers*: program ids, and the iterations of loops over runtime ranges,
//! which step like program ids. A step is a positive literal or a literal times a *step
//! symbol* of the checker's world: a program count `P` that is no literal
//! (`tl.num_programs(0)` of a grid `(min(n_rows, NUM_SMS),)`), or an integer argument that
//! is no polynomial of the sizes (`R = triton.cdiv(n_rows, SM_COUNT)`). A persistent loop
//! `for row in range(pid, n_rows, P)` stores at `pid + P*t`, a grid-stride loop over whole
//! tiles at `pid*B + t*P*B + lane`, a loop over a block of rows `range(pid*R, min(pid*R + R,
//! n_rows))` at `R*pid + t`.
//!
//! The witnesses are those of Euclidean division: with `r = i - c` and the steps in
//! increasing order, `lane = r mod s1`, `p1 = (r mod s2) div s1`, `p2 = r div s2` (for
//! `s1 = 1` and no lane, `p1 = r mod s2`). They are guesses: the coverage obligation runs the
//! witness program at them and checks that it is inside the grid, that the iteration is
//! inside its loop's range and that the store's lane addresses `i`, so a wrong guess is never
//! a wrong proof. The division is a term of the solver's integer arithmetic (`div`/`mod`,
//! Euclidean, by a divisor `P >= 1` that the program's own id `0 <= pid < P` implies).

use crate::synth::Poly;
use smt::{Store, SymId, TermId};

/// Where a dimension's witnesses go: indices into the steppers and the lanes.
pub(crate) enum Witness {
    Stepper(usize, TermId),
    Lane(usize, TermId),
    /// A theorem of the solver's `div`/`mod` that the obligation may state as a fact:
    /// `s >= 1 → s*(r div s) + r mod s = r ∧ 0 <= r mod s < s` for a step `s` that is no
    /// literal (the solver knows it, but states it only when it needs to).
    Fact(TermId),
}

/// `s >= 1 → s*(r div s) + r mod s = r ∧ 0 <= r mod s < s`.
fn euclid(s: &mut Store, r: TermId, st: TermId) -> TermId {
    let zero = s.int(0);
    let one = s.int(1);
    let q = s.int_div(r, st);
    let m = s.int_mod(r, st);
    let sq = s.mul2(st, q);
    let back = s.add2(sq, m);
    let eq = s.eq(back, r);
    let lo = s.le(zero, m);
    let hi = s.lt(m, st);
    let pos = s.le(one, st);
    let not_pos = s.not(pos);
    let all = s.and(vec![eq, lo, hi]);
    s.or(vec![not_pos, all])
}

/// One step of an index: a literal coefficient, times a program-count symbol or not.
#[derive(Clone, Copy)]
struct Step {
    coef: i128,
    count: Option<SymId>,
}

impl Step {
    fn term(self, s: &mut Store) -> TermId {
        let c = s.int(self.coef);
        match self.count {
            None => c,
            Some(p) => {
                let p = s.sym(p);
                if self.coef == 1 {
                    p
                } else {
                    s.mul2(c, p)
                }
            }
        }
    }
}

/// The witnesses of index `idx` along one dimension whose index polynomial is `o`; `Err`
/// when `o` is not of the form above.
pub(crate) fn dimension(
    s: &mut Store,
    o: &Poly,
    idx: TermId,
    steppers: &[SymId],
    lanes: &[SymId],
    counts: &[SymId],
) -> Result<Vec<Witness>, ()> {
    let mut c = 0;
    let mut ps: Vec<(usize, Step)> = Vec::new();
    let mut lane: Option<usize> = None;
    for (m, coef) in o {
        match &m[..] {
            [] => c = *coef,
            [v] if steppers.contains(v) && ps.len() < 2 && *coef >= 1 => ps.push((
                steppers.iter().position(|x| x == v).expect("contained"),
                Step {
                    coef: *coef,
                    count: None,
                },
            )),
            [v] if lanes.contains(v) && lane.is_none() && *coef == 1 => {
                lane = Some(lanes.iter().position(|x| x == v).expect("contained"))
            }
            // `t*P`: an iteration stepping by a program count.
            [a, b] if ps.len() < 2 && *coef >= 1 => {
                let (t, p) = if steppers.contains(a) && counts.contains(b) {
                    (*a, *b)
                } else if steppers.contains(b) && counts.contains(a) {
                    (*b, *a)
                } else {
                    return Err(());
                };
                ps.push((
                    steppers.iter().position(|x| *x == t).expect("contained"),
                    Step {
                        coef: *coef,
                        count: Some(p),
                    },
                ))
            }
            _ => return Err(()),
        }
    }
    // Increasing steps: a literal below a multiple of a program count.
    ps.sort_by_key(|(_, st)| (st.count.is_some(), st.coef));
    let ct = s.int(c);
    let rel = s.sub(idx, ct);
    Ok(match (&ps[..], lane) {
        ([], None) => vec![],
        ([], Some(l)) => vec![Witness::Lane(l, rel)],
        ([(p, st)], None) if st.coef == 1 && st.count.is_none() => {
            vec![Witness::Stepper(*p, rel)]
        }
        ([(p, st)], Some(l)) => {
            let s1 = st.term(s);
            let mut out = vec![
                Witness::Stepper(*p, s.int_div(rel, s1)),
                Witness::Lane(l, s.int_mod(rel, s1)),
            ];
            if st.count.is_some() {
                out.push(Witness::Fact(euclid(s, rel, s1)));
            }
            out
        }
        ([(p1, st1), (p2, st2)], l) if st1.count.is_none() && (st1.coef == 1 || l.is_some()) => {
            let s1 = st1.term(s);
            let s2 = st2.term(s);
            let low = s.int_mod(rel, s2);
            let w1 = if st1.coef == 1 {
                low
            } else {
                s.int_div(low, s1)
            };
            let mut out = vec![
                Witness::Stepper(*p1, w1),
                Witness::Stepper(*p2, s.int_div(rel, s2)),
            ];
            if let Some(l) = l {
                out.push(Witness::Lane(l, s.int_mod(rel, s1)));
            }
            if st2.count.is_some() {
                out.push(Witness::Fact(euclid(s, rel, s2)));
            }
            out
        }
        _ => return Err(()),
    })
}

/// Instances of the monotonicity of multiplication for two runs' values `t`, `t2` of one
/// stepper (a loop's iteration, a program id) and a step symbol `P`: `0 <= P ∧ t2 + 1 <= t
/// → P*t2 + P <= P*t`, and the same with `t`, `t2` swapped. Theorems of integer arithmetic
/// (no assumption), they make exclusivity of `pid + P*t` (or `R*pid + t`) a linear question
/// over the products `P*t`, `P*t2`: two programs with one index and `t != t2` would have
/// ids `P` or more apart.
pub(crate) fn monotone_instances(
    s: &mut Store,
    iterations: &[(TermId, TermId)],
    counts: &[SymId],
) -> Vec<TermId> {
    let mut out = Vec::new();
    let zero = s.int(0);
    let one = s.int(1);
    for &p in counts {
        let p = s.sym(p);
        let nonneg = s.le(zero, p);
        for &(t, t2) in iterations {
            for (a, b) in [(t, t2), (t2, t)] {
                // b + 1 <= a  →  P*b + P <= P*a
                let b1 = s.add2(b, one);
                let later = s.le(b1, a);
                let pb = s.mul2(p, b);
                let pa = s.mul2(p, a);
                let pb1 = s.add2(pb, p);
                let far = s.le(pb1, pa);
                let pre = s.and2(nonneg, later);
                let not_pre = s.not(pre);
                out.push(s.or(vec![not_pre, far]));
            }
        }
    }
    out
}

/// Instances of the monotonicity of multiplication for a rank-2 access at row `r` of a
/// tensor of `rows` x `cols` elements: `r + 1 <= rows ∧ 0 <= cols → r*cols + cols <=
/// rows*cols` and `0 <= r ∧ 0 <= cols → 0 <= r*cols`. Theorems (no assumption); with a row
/// `R*pid + t` (a product of symbols itself) they keep the bounds obligation linear over the
/// products.
pub(crate) fn row_instances(s: &mut Store, r: TermId, rows: TermId, cols: TermId) -> Vec<TermId> {
    let zero = s.int(0);
    let one = s.int(1);
    let r1 = s.add2(r, one);
    let inside = s.le(r1, rows);
    let cols_nonneg = s.le(zero, cols);
    let rc = s.mul2(r, cols);
    let rc1 = s.add2(rc, cols);
    let all = s.mul2(rows, cols);
    let below = s.le(rc1, all);
    let pre = s.and2(inside, cols_nonneg);
    let not_pre = s.not(pre);
    let first = s.or(vec![not_pre, below]);
    let r_nonneg = s.le(zero, r);
    let pre = s.and2(r_nonneg, cols_nonneg);
    let not_pre = s.not(pre);
    let rc_nonneg = s.le(zero, rc);
    let second = s.or(vec![not_pre, rc_nonneg]);
    vec![first, second]
}
