//! Interval arithmetic in the concrete domain must hold the true value: on random rationals,
//! every operation on intervals (built from exact values, or from `exp`) contains the exact
//! result, and `exp` laws hold up to overlap (`exp(a)·exp(b)` and `exp(a + b)` intersect, while
//! `exp(a)` and `exp(b)` are disjoint for `a != b`).

use std::collections::BTreeMap;
use tensor::{Concrete, Domain, ElemType, Prim, Rat, Scalar};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn rat(&mut self) -> Rat {
        let num = (self.next() % 41) as i128 - 20;
        let den = (self.next() % 7) as i128 + 1;
        Rat::new(num, den).unwrap()
    }
}

/// The numerator and denominator of a small rational (the test's own arithmetic on them is the
/// oracle).
fn nd(r: &Rat) -> (i128, i128) {
    r.small().expect("a small rational")
}

fn prim(c: &mut Concrete, op: Prim, args: &[Scalar]) -> Scalar {
    c.prim(op, ElemType::Real, args)
}

/// An interval that holds `r`, as `exp(0)·r` would be if `exp` were not exact at 0: built by
/// adding an interval zero (`exp(x) - exp(x)`).
fn fuzzy(c: &mut Concrete, r: Rat) -> Scalar {
    let x = Scalar::Real(Rat::new(1, 3).unwrap());
    let e = prim(c, Prim::Exp, &[x]);
    let z = prim(c, Prim::Sub, &[e.clone(), e]);
    prim(c, Prim::Add, &[z, Scalar::Real(r)])
}

fn holds(v: Scalar, exact: Rat) -> bool {
    let (n, d) = nd(&exact);
    let x = n as f64 / d as f64;
    match v {
        Scalar::Approx(i) => i.lo() <= x && x <= i.hi(),
        Scalar::Real(r) => r == exact,
        _ => false,
    }
}

#[test]
fn interval_operations_hold_the_exact_result() {
    let mut g = Rng(0x2545_f491_4f6c_dd1d);
    for _ in 0..5000 {
        let mut c = Concrete::new(BTreeMap::new());
        let (a, b) = (g.rat(), g.rat());
        let ((an, ad), (bn, bd)) = (nd(&a), nd(&b));
        let (fa, fb) = (fuzzy(&mut c, a.clone()), fuzzy(&mut c, b.clone()));
        let (fa, fb) = (&fa, &fb);
        let sum = Rat::new(an * bd + bn * ad, ad * bd).unwrap();
        let prod = Rat::new(an * bn, ad * bd).unwrap();
        let diff = Rat::new(an * bd - bn * ad, ad * bd).unwrap();
        let two = [fa.clone(), fb.clone()];
        assert!(holds(prim(&mut c, Prim::Add, &two), sum), "{a} + {b}");
        assert!(holds(prim(&mut c, Prim::Sub, &two), diff), "{a} - {b}");
        assert!(holds(prim(&mut c, Prim::Mul, &two), prod), "{a} * {b}");
        let neg = Rat::new(-an, ad).unwrap();
        assert!(holds(prim(&mut c, Prim::Neg, &[fa.clone()]), neg), "-{a}");
        if bn != 0 {
            // `fb` is `b` widened by a few ulps: far from 0, so the division is defined.
            let quot = Rat::new(an * bd, ad * bn).unwrap();
            let q = prim(&mut c, Prim::RealDiv, &two);
            assert!(holds(q, quot), "{a} / {b}");
        }
        assert_eq!(c.inexact, None, "{a}, {b}");
    }
}

#[test]
fn exp_laws_hold_up_to_overlap() {
    let mut g = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..5000 {
        let mut c = Concrete::new(BTreeMap::new());
        let (a, b) = (g.rat(), g.rat());
        let ((an, ad), (bn, bd)) = (nd(&a), nd(&b));
        let ea = prim(&mut c, Prim::Exp, &[Scalar::Real(a.clone())]);
        let eb = prim(&mut c, Prim::Exp, &[Scalar::Real(b.clone())]);
        let sum = Rat::new(an * bd + bn * ad, ad * bd).unwrap();
        let esum = prim(&mut c, Prim::Exp, &[Scalar::Real(sum.clone())]);
        let prod = prim(&mut c, Prim::Mul, &[ea.clone(), eb.clone()]);
        assert!(c.inexact.is_none());
        assert_ne!(
            prod.differs(&esum),
            Some(true),
            "exp({a})·exp({b}) vs exp({sum})"
        );
        if a != b {
            assert_eq!(ea.differs(&eb), Some(true), "exp({a}) vs exp({b})");
        }
        // exp is positive and increasing: decided comparisons agree with the exact order.
        let lt = prim(&mut c, Prim::Lt, &[ea, eb]);
        if c.inexact.is_none() {
            let exact = an * bd < bn * ad;
            assert_eq!(lt, Scalar::Bool(exact), "exp({a}) < exp({b})");
        }
    }
}
