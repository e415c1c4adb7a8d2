//! Extended reals, below the ops: element functions for [`Elem::X`], a real that is `+inf` or
//! `-inf` under a condition (a lane loaded with `other=-float('inf')`), generic over the
//! domain. Each is exact on the reals extended with two infinities (IEEE's order and its
//! rules for `+`, `-`, `max`, `min`, `exp`, comparisons and selections); where IEEE gives
//! NaN (`inf - inf`) or the sign is not known (`inf * x`) the function returns `None` and the
//! op falls back to [`Elem::v`] (exact concretely, unsupported symbolically).

use crate::value::{Elem, LDomain};
use tensor::{Domain, ElemType, Literal, Prim};

type Part<D> = (Option<(bool, <D as Domain>::B)>, <D as Domain>::V);

fn parts<D: LDomain>(d: &mut D, e: &Elem<D>) -> Part<D> {
    match e {
        Elem::X { inf, at, v } => (Some((*inf, at.clone())), v.clone()),
        // A literal infinity (`tl.where(mask, x, -float('inf'))`): infinite everywhere.
        Elem::V(v) if d.inf_of(v).is_some() => {
            let inf = d.inf_of(v).expect("matched");
            let zero = d.lit_v(ElemType::Real, Literal::Int(0));
            (Some((inf, d.lit_b(true))), zero)
        }
        other => (None, other.clone().v(d)),
    }
}

fn ite_b<D: Domain>(d: &mut D, c: &D::B, a: &D::B, b: &D::B) -> D::B {
    let l = d.and(c, a);
    let nc = d.not(c);
    let r = d.and(&nc, b);
    d.or(&l, &r)
}

/// Whether an operand is an extended real (or a literal infinity).
pub(crate) fn any<D: LDomain>(d: &D, xs: &[&Elem<D>]) -> bool {
    xs.iter().any(|e| match e {
        Elem::X { .. } => true,
        Elem::V(v) => d.inf_of(v).is_some(),
        _ => false,
    })
}

/// `a + b` (`a - b` when `sub`).
pub(crate) fn add<D: LDomain>(d: &mut D, a: &Elem<D>, b: &Elem<D>, sub: bool) -> Option<Elem<D>> {
    let (pa, va) = parts(d, a);
    let (pb, vb) = parts(d, b);
    let pb = pb.map(|(s, c)| (s != sub, c));
    let op = if sub { Prim::Sub } else { Prim::Add };
    let v = d.prim(op, ElemType::Real, &[va, vb]);
    Some(match (pa, pb) {
        (None, None) => Elem::V(v),
        (Some((inf, at)), None) | (None, Some((inf, at))) => Elem::X { inf, at, v },
        (Some((s1, c1)), Some((s2, c2))) if s1 == s2 => Elem::X {
            inf: s1,
            at: d.or(&c1, &c2),
            v,
        },
        _ => return None,
    })
}

/// `a * b` where the finite operand is a non-zero literal (`(x - m) * log2(e)`): an infinity
/// keeps or flips its sign. Otherwise (`inf * 0`, a sign not known) `None`.
pub(crate) fn mul<D: LDomain>(d: &mut D, a: &Elem<D>, b: &Elem<D>) -> Option<Elem<D>> {
    let (pa, va) = parts(d, a);
    let (pb, vb) = parts(d, b);
    let (inf, at, k) = match (pa, pb) {
        (Some((s, c)), None) => (s, c, &vb),
        (None, Some((s, c))) => (s, c, &va),
        _ => return None,
    };
    let sign = d.lit_sign(k)?;
    if sign == 0 {
        return None;
    }
    let v = d.prim(Prim::Mul, ElemType::Real, &[va.clone(), vb.clone()]);
    Some(Elem::X {
        inf: if sign > 0 { inf } else { !inf },
        at,
        v,
    })
}

/// `-a`.
pub(crate) fn neg<D: LDomain>(d: &mut D, a: &Elem<D>) -> Elem<D> {
    let (p, v) = parts(d, a);
    let v = d.prim(Prim::Neg, ElemType::Real, &[v]);
    match p {
        None => Elem::V(v),
        Some((inf, at)) => Elem::X { inf: !inf, at, v },
    }
}

/// `max(a, b)` (`min` when `!max`): the identity infinity (`-inf` for max) gives the other
/// operand; the absorbing one gives itself.
pub(crate) fn max_min<D: LDomain>(
    d: &mut D,
    max: bool,
    a: &Elem<D>,
    b: &Elem<D>,
) -> Option<Elem<D>> {
    let (pa, va) = parts(d, a);
    let (pb, vb) = parts(d, b);
    let lt = d.prim(Prim::Lt, ElemType::Real, &[va.clone(), vb.clone()]);
    let lt = d.truth(&lt);
    let m = if max {
        d.ite_v(&lt, &vb, &va)
    } else {
        d.ite_v(&lt, &va, &vb)
    };
    let identity = !max;
    Some(match (pa, pb) {
        (None, None) => Elem::V(m),
        (Some((s, c)), None) if s == identity => Elem::V(d.ite_v(&c, &vb, &m)),
        (None, Some((s, c))) if s == identity => Elem::V(d.ite_v(&c, &va, &m)),
        (Some((inf, at)), None) | (None, Some((inf, at))) => Elem::X { inf, at, v: m },
        (Some((s1, c1)), Some((s2, c2))) if s1 == s2 && s1 == identity => {
            let inner = d.ite_v(&c2, &va, &m);
            let v = d.ite_v(&c1, &vb, &inner);
            Elem::X {
                inf: s1,
                at: d.and(&c1, &c2),
                v,
            }
        }
        (Some((s1, c1)), Some((s2, c2))) if s1 == s2 => Elem::X {
            inf: s1,
            at: d.or(&c1, &c2),
            v: m,
        },
        _ => return None,
    })
}

/// `exp(a)` (`exp2` alike): `exp(-inf) = 0`, `exp(+inf) = +inf`.
pub(crate) fn exp<D: LDomain>(
    d: &mut D,
    a: &Elem<D>,
    f: impl Fn(&mut D, &D::V) -> D::V,
) -> Elem<D> {
    let (p, v) = parts(d, a);
    let e = f(d, &v);
    match p {
        None => Elem::V(e),
        Some((false, at)) => {
            let zero = d.lit_v(ElemType::Real, Literal::Int(0));
            Elem::V(d.ite_v(&at, &zero, &e))
        }
        Some((true, at)) => Elem::X {
            inf: true,
            at,
            v: e,
        },
    }
}

/// A comparison `a op b` (`op` on finite values through `finite`), with at most one
/// extended operand: an infinity compares by its sign alone.
pub(crate) fn compare<D: LDomain>(
    d: &mut D,
    a: &Elem<D>,
    b: &Elem<D>,
    finite: impl Fn(&mut D, &D::V, &D::V) -> D::B,
    // `(a < b, a > b, a == b)` -> the op's truth, for an infinite `a` or `b`.
    decide: impl Fn(std::cmp::Ordering) -> bool,
) -> Option<D::B> {
    let (pa, va) = parts(d, a);
    let (pb, vb) = parts(d, b);
    let r = finite(d, &va, &vb);
    let (c, ord) = match (pa, pb) {
        (Some((s, c)), None) => (
            c,
            if s {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Less
            },
        ),
        (None, Some((s, c))) => (
            c,
            if s {
                std::cmp::Ordering::Less
            } else {
                std::cmp::Ordering::Greater
            },
        ),
        (None, None) => return Some(r),
        _ => return None,
    };
    let k = d.lit_b(decide(ord));
    Some(ite_b(d, &c, &k, &r))
}

/// `where(c, a, b)` on reals.
pub(crate) fn select<D: LDomain>(d: &mut D, c: &D::B, a: &Elem<D>, b: &Elem<D>) -> Option<Elem<D>> {
    let (pa, va) = parts(d, a);
    let (pb, vb) = parts(d, b);
    let v = d.ite_v(c, &va, &vb);
    Some(match (pa, pb) {
        (None, None) => Elem::V(v),
        (Some((inf, ca)), None) => Elem::X {
            inf,
            at: d.and(c, &ca),
            v,
        },
        (None, Some((inf, cb))) => {
            let nc = d.not(c);
            Elem::X {
                inf,
                at: d.and(&nc, &cb),
                v,
            }
        }
        (Some((s1, c1)), Some((s2, c2))) if s1 == s2 => Elem::X {
            inf: s1,
            at: ite_b(d, c, &c1, &c2),
            v,
        },
        _ => return None,
    })
}
