//! Exact rationals of any size for the concrete domain: a fraction of two `i128` while it fits
//! (the fast path: no allocation), else a big rational (`num-rational` over `num-bigint`). The
//! representation is canonical (lowest terms, positive denominator, `Small` whenever both parts
//! fit an `i128`), so the derived equality and hash are the rationals' own. No operation
//! overflows: a long recurrence of `0.9f` products stays exact.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive};
use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

/// An exact rational. See the module documentation.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Rat(Repr);

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Repr {
    /// `num/den` in lowest terms, `den > 0`.
    Small { num: i128, den: i128 },
    /// A value whose numerator or denominator does not fit an `i128`.
    Big(Arc<BigRational>),
}

/// The greatest common divisor of `a` and `b` (`0` for two zeros): in 64-bit arithmetic when
/// both fit (a hardware division; a 128-bit one is a library call, which dominated the
/// concrete replays of lift's bounded checks).
fn gcd(a: i128, b: i128) -> u128 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    if let (Ok(mut x), Ok(mut y)) = (u64::try_from(a), u64::try_from(b)) {
        while y != 0 {
            let t = x % y;
            x = y;
            y = t;
        }
        return u128::from(x);
    }
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

impl Rat {
    /// `num/den`, `None` when `den` is 0.
    pub fn new(num: i128, den: i128) -> Option<Rat> {
        if den == 0 {
            return None;
        }
        if den == 1 {
            return Some(Rat::int(num));
        }
        let g = gcd(num, den).max(1);
        // `g` divides both; it exceeds `i128::MAX` only when `den` is `i128::MIN` and `num`
        // is too, or 0.
        match i128::try_from(g) {
            Ok(g) => {
                let (n, d) = if g == 1 {
                    (num, den)
                } else {
                    (num / g, den / g)
                };
                match (d < 0, n.checked_neg(), d.checked_neg()) {
                    (false, _, _) => Some(Rat(Repr::Small { num: n, den: d })),
                    (true, Some(n), Some(d)) => Some(Rat(Repr::Small { num: n, den: d })),
                    _ => Some(Rat::big(BigRational::new(num.into(), den.into()))),
                }
            }
            Err(_) => Some(Rat::int(i128::from(num != 0))),
        }
    }

    pub fn int(i: i128) -> Rat {
        Rat(Repr::Small { num: i, den: 1 })
    }

    /// A big rational in canonical form (`Small` when it fits).
    fn big(r: BigRational) -> Rat {
        match (r.numer().to_i128(), r.denom().to_i128()) {
            (Some(num), Some(den)) => Rat(Repr::Small { num, den }),
            _ => Rat(Repr::Big(Arc::new(r))),
        }
    }

    fn to_big(&self) -> BigRational {
        match &self.0 {
            Repr::Small { num, den } => BigRational::new_raw((*num).into(), (*den).into()),
            Repr::Big(b) => (**b).clone(),
        }
    }

    /// The numerator and denominator when both fit an `i128`.
    pub fn small(&self) -> Option<(i128, i128)> {
        match &self.0 {
            Repr::Small { num, den } => Some((*num, *den)),
            Repr::Big(_) => None,
        }
    }

    /// The value when it is an integer that fits an `i128`.
    pub fn as_int(&self) -> Option<i128> {
        match self.small() {
            Some((n, 1)) => Some(n),
            _ => None,
        }
    }

    pub fn is_zero(&self) -> bool {
        self.small() == Some((0, 1))
    }

    pub fn is_integer(&self) -> bool {
        match &self.0 {
            Repr::Small { den, .. } => *den == 1,
            Repr::Big(b) => b.is_integer(),
        }
    }

    /// -1, 0 or 1.
    pub fn signum(&self) -> i8 {
        match &self.0 {
            Repr::Small { num, .. } => num.signum() as i8,
            Repr::Big(b) if b.is_negative() => -1,
            Repr::Big(_) => 1,
        }
    }

    /// The nearest binary64 (rounding of a big value may be off by an ulp or so: callers that
    /// need a bound widen it).
    pub fn to_f64(&self) -> f64 {
        match &self.0 {
            Repr::Small { num, den } => *num as f64 / *den as f64,
            Repr::Big(b) => b.to_f64().unwrap_or(f64::NAN),
        }
    }

    /// The greatest integer at most the value, when it fits an `i128`.
    pub fn floor(&self) -> Option<i128> {
        match &self.0 {
            Repr::Small { num, den: 1 } => Some(*num),
            Repr::Small { num, den } => Some(num.div_euclid(*den)),
            Repr::Big(b) => b.floor().to_integer().to_i128(),
        }
    }

    /// The exact square root of a rational that is the square of one (`None` otherwise, or
    /// when it is negative).
    pub fn exact_sqrt(&self) -> Option<Rat> {
        if self.signum() < 0 {
            return None;
        }
        let b = self.to_big();
        let root = |n: &BigInt| -> Option<BigInt> {
            let r = n.sqrt();
            (&r * &r == *n).then_some(r)
        };
        Some(Rat::big(BigRational::new(
            root(b.numer())?,
            root(b.denom())?,
        )))
    }

    pub fn add(&self, o: &Rat) -> Rat {
        if let (Repr::Small { num: a, den: b }, Repr::Small { num: c, den: d }) = (&self.0, &o.0) {
            // Two integers: their sum, in lowest terms already.
            if let (1, 1, Some(n)) = (*b, *d, a.checked_add(*c)) {
                return Rat::int(n);
            }
            let fast = (|| {
                let n = a.checked_mul(*d)?.checked_add(c.checked_mul(*b)?)?;
                Rat::new(n, b.checked_mul(*d)?)
            })();
            if let Some(r) = fast {
                return r;
            }
        }
        Rat::big(self.to_big() + o.to_big())
    }

    pub fn sub(&self, o: &Rat) -> Rat {
        self.add(&o.neg())
    }

    pub fn mul(&self, o: &Rat) -> Rat {
        if let (Repr::Small { num: a, den: b }, Repr::Small { num: c, den: d }) = (&self.0, &o.0) {
            if let (1, 1, Some(n)) = (*b, *d, a.checked_mul(*c)) {
                return Rat::int(n);
            }
            let fast = (|| Rat::new(a.checked_mul(*c)?, b.checked_mul(*d)?))();
            if let Some(r) = fast {
                return r;
            }
        }
        Rat::big(self.to_big() * o.to_big())
    }

    pub fn neg(&self) -> Rat {
        match &self.0 {
            Repr::Small { num, den } => match num.checked_neg() {
                Some(n) => Rat(Repr::Small { num: n, den: *den }),
                None => Rat::big(-self.to_big()),
            },
            Repr::Big(b) => Rat::big(-(**b).clone()),
        }
    }

    /// `1/self`, `None` for 0.
    pub fn recip(&self) -> Option<Rat> {
        if self.is_zero() {
            return None;
        }
        Some(match &self.0 {
            Repr::Small { num, den } => Rat::new(*den, *num)?,
            Repr::Big(b) => Rat::big(b.recip()),
        })
    }

    /// `self/o`, `None` when `o` is 0.
    pub fn div(&self, o: &Rat) -> Option<Rat> {
        Some(self.mul(&o.recip()?))
    }

    /// The numerator and denominator as decimal strings (for solvers and printers).
    pub fn parts(&self) -> (String, String) {
        match &self.0 {
            Repr::Small { num, den } => (num.to_string(), den.to_string()),
            Repr::Big(b) => (b.numer().to_string(), b.denom().to_string()),
        }
    }
}

impl Ord for Rat {
    fn cmp(&self, o: &Rat) -> Ordering {
        if let (Repr::Small { num: a, den: b }, Repr::Small { num: c, den: d }) = (&self.0, &o.0) {
            if let (Some(l), Some(r)) = (a.checked_mul(*d), c.checked_mul(*b)) {
                return l.cmp(&r);
            }
        }
        self.to_big().cmp(&o.to_big())
    }
}

impl PartialOrd for Rat {
    fn partial_cmp(&self, o: &Rat) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl fmt::Display for Rat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (n, d) = self.parts();
        if d == "1" {
            write!(f, "{n}")
        } else {
            write!(f, "{n}/{d}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_products_stay_exact() {
        // 0.9f as Halide holds it, 15099494/16777216, to the 200th power: far beyond i128.
        let a = Rat::new(15099494, 16777216).unwrap();
        let mut p = Rat::int(1);
        for _ in 0..200 {
            p = p.mul(&a);
        }
        assert!(p.small().is_none());
        let mut q = p.clone();
        for _ in 0..200 {
            q = q.div(&a).unwrap();
        }
        assert_eq!(q, Rat::int(1));
        assert!(p < a && p.signum() == 1);
        assert!(p.to_f64() > 0.0 && p.to_f64() < 1e-9);
    }

    #[test]
    fn canonical_forms_compare_equal() {
        let big = Rat::int(i128::MAX).add(&Rat::int(1));
        assert!(big.small().is_none());
        assert_eq!(big.sub(&Rat::int(1)), Rat::int(i128::MAX));
        assert_eq!(Rat::new(i128::MIN, -1).unwrap(), big);
        assert_eq!(Rat::new(-4, -6).unwrap(), Rat::new(2, 3).unwrap());
        assert_eq!(Rat::new(3, 2).unwrap().floor(), Some(1));
        assert_eq!(Rat::new(-3, 2).unwrap().floor(), Some(-2));
        assert_eq!(Rat::new(9, 4).unwrap().exact_sqrt(), Rat::new(3, 2));
        assert_eq!(Rat::new(2, 1).unwrap().exact_sqrt(), None);
    }

    /// The integer and 64-bit fast paths give what big rationals give (canonical forms).
    #[test]
    fn fast_paths_agree_with_big_rationals() {
        let edge = [
            i128::MIN,
            i128::MIN + 1,
            -(1 << 64),
            -(1 << 63),
            -7,
            -1,
            0,
            1,
            2,
            6,
        ];
        let more = [(1 << 63) - 1, 1 << 63, 1 << 64, i128::MAX - 1, i128::MAX];
        let ints: Vec<i128> = edge.into_iter().chain(more).collect();
        let mut values: Vec<Rat> = ints.iter().map(|n| Rat::int(*n)).collect();
        for (n, d) in [(1, 2), (-4, 6), (3, -9), (1 << 70, 3), (5, 1 << 66)] {
            values.push(Rat::new(n, d).unwrap());
        }
        for a in &values {
            for b in &values {
                assert_eq!(a.add(b), Rat::big(a.to_big() + b.to_big()), "{a:?} + {b:?}");
                assert_eq!(a.mul(b), Rat::big(a.to_big() * b.to_big()), "{a:?} * {b:?}");
            }
            assert_eq!(
                a.floor(),
                a.to_big().floor().to_integer().to_i128(),
                "{a:?}"
            );
        }
        for n in &ints {
            for d in ints.iter().filter(|d| **d != 0) {
                let want = Rat::big(BigRational::new((*n).into(), (*d).into()));
                assert_eq!(Rat::new(*n, *d), Some(want), "{n}/{d}");
            }
        }
    }
}
