//! How two values of a format differ: qualitatively (NaN, an infinity, a zero, a sign on one
//! side only) or by rounding, counted in units in the last place.
//!
//! A rewrite that only rounds differently (`x/3 => x*(1/3)`) moves a result by a few ulp; one
//! that changes a result qualitatively (`A/(B/C) => (A*C)/B`: `1e20 -> inf`) is a different
//! kind of bug. Counterexamples say which one they show.

use crate::Format;

/// How two values of one format differ ([`Format::difference`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difference {
    /// The same value (any NaN is the same as any NaN, `-0` differs from `+0`).
    Same,
    /// One side is NaN, the other is not.
    Nan,
    /// One side is an infinity, the other is finite.
    Infinity,
    /// Both are zeros, of different signs.
    SignOfZero,
    /// One side is a zero, the other a non-zero finite value.
    Zero,
    /// Non-zero values of opposite signs (opposite infinities included).
    Sign,
    /// Both finite and non-zero, of one sign, `ulps` representable steps apart.
    Ulps(u64),
}

impl Difference {
    /// A difference in kind, not in the last places: every variant but [`Difference::Ulps`]
    /// (and [`Difference::Same`]).
    pub fn is_qualitative(self) -> bool {
        !matches!(self, Difference::Same | Difference::Ulps(_))
    }
}

impl Format {
    /// The position of a finite value on the format's number line, in ulp steps from zero
    /// (both zeros at 0): consecutive values differ by one.
    fn ordinal(self, bits: u64) -> i128 {
        let magnitude = (bits & self.mask() & !self.sign_bit()) as i128;
        if bits & self.sign_bit() != 0 {
            -magnitude
        } else {
            magnitude
        }
    }

    /// IEEE 754's nextUp: the least value greater than `bits` (the smallest subnormal after
    /// either zero, `+inf` after the largest finite, `-max` after `-inf`); NaN and `+inf`
    /// are their own.
    pub fn next_up(self, bits: u64) -> u64 {
        let b = bits & self.mask();
        if self.is_nan(b) || b == self.inf(false) {
            b
        } else if self.is_zero(b) {
            self.min_subnormal(false)
        } else if b & self.sign_bit() != 0 {
            b - 1
        } else {
            b + 1
        }
    }

    /// IEEE 754's nextDown: `-nextUp(-x)`.
    pub fn next_down(self, bits: u64) -> u64 {
        let flip = |b: u64| (b ^ self.sign_bit()) & self.mask();
        let b = bits & self.mask();
        if self.is_nan(b) {
            return b;
        }
        flip(self.next_up(flip(b)))
    }

    /// How many representable values `b` is from `a` (both finite; `+0` and `-0` count as one
    /// point): 1 for neighbours. `None` for a NaN or an infinity.
    pub fn ulp_distance(self, a: u64, b: u64) -> Option<u64> {
        let finite = |v| !self.is_nan(v) && !self.is_infinite(v);
        if !finite(a) || !finite(b) {
            return None;
        }
        Some((self.ordinal(a) - self.ordinal(b)).unsigned_abs() as u64)
    }

    /// How `a` and `b` differ, the qualitative kinds first (NaN, infinity, zero, sign), then
    /// the distance in ulp.
    pub fn difference(self, a: u64, b: u64) -> Difference {
        let (a, b) = (a & self.mask(), b & self.mask());
        if self.is_nan(a) || self.is_nan(b) {
            return if self.is_nan(a) && self.is_nan(b) {
                Difference::Same
            } else {
                Difference::Nan
            };
        }
        if a == b {
            return Difference::Same;
        }
        if self.is_infinite(a) != self.is_infinite(b) {
            return Difference::Infinity;
        }
        match (self.is_zero(a), self.is_zero(b)) {
            (true, true) => return Difference::SignOfZero,
            (true, false) | (false, true) => return Difference::Zero,
            _ => {}
        }
        if (a ^ b) & self.sign_bit() != 0 {
            return Difference::Sign;
        }
        Difference::Ulps(self.ulp_distance(a, b).unwrap_or(u64::MAX))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_one_ulp_apart_across_every_boundary() {
        for f in [Format::F16, Format::BF16, Format::F32, Format::F64] {
            let cases = [
                (f.zero(false), f.min_subnormal(false)),
                (f.min_subnormal(true), f.zero(true)),
                (f.min_normal(false) - 1, f.min_normal(false)),
                (f.max_finite(false) - 1, f.max_finite(false)),
                (f.from_int(1), f.from_int(1) + 1),
            ];
            for (a, b) in cases {
                assert_eq!(f.ulp_distance(a, b), Some(1), "{f}: {a:#x} {b:#x}");
            }
            assert_eq!(
                f.ulp_distance(f.min_subnormal(true), f.min_subnormal(false)),
                Some(2)
            );
            assert_eq!(f.ulp_distance(f.inf(false), f.zero(false)), None);
        }
    }

    const FORMATS: [Format; 4] = [Format::F16, Format::BF16, Format::F32, Format::F64];

    #[test]
    fn next_up_and_down_step_one_value_and_stop_at_the_ends() {
        for f in FORMATS {
            let one = f.from_int(1);
            assert_eq!(f.next_up(one), one + 1, "{f}");
            assert_eq!(f.next_down(f.next_up(one)), one, "{f}");
            assert_eq!(f.next_up(f.zero(true)), f.min_subnormal(false), "{f}");
            assert_eq!(f.next_down(f.zero(false)), f.min_subnormal(true), "{f}");
            assert_eq!(f.next_up(f.min_subnormal(true)), f.zero(true), "{f}");
            assert_eq!(f.next_up(f.max_finite(false)), f.inf(false), "{f}");
            assert_eq!(f.next_up(f.inf(false)), f.inf(false), "{f}");
            assert_eq!(f.next_up(f.inf(true)), f.max_finite(true), "{f}");
            assert_eq!(f.next_down(f.inf(true)), f.inf(true), "{f}");
            assert!(f.is_nan(f.next_up(f.nan())), "{f}");
            let neg_one = f.from_int(-1);
            assert_eq!(f.to_f64(f.next_up(neg_one)) > -1.0, true, "{f}");
            assert_eq!(
                f.ulp_distance(f.next_down(neg_one), neg_one),
                Some(1),
                "{f}"
            );
        }
        let x = 0.1f32;
        let f = Format::F32;
        assert_eq!(f.next_up(x.to_bits() as u64), x.next_up().to_bits() as u64);
        assert_eq!(
            f.next_down(x.to_bits() as u64),
            x.next_down().to_bits() as u64
        );
    }

    /// A finite value of `f` from random bits (NaN and infinities moved to the largest finite).
    fn finite(f: Format, bits: u64) -> u64 {
        let b = bits & f.mask();
        if f.is_nan(b) || f.is_infinite(b) {
            f.max_finite(b & f.sign_bit() != 0)
        } else {
            b
        }
    }

    proptest::proptest! {
        /// The distance is a metric on the finite values of every format, additive along the
        /// number line (both zeros one point), and agrees with the order of the values.
        #[test]
        fn ulp_distance_is_the_distance_on_the_number_line(
            k in 0usize..4, a in proptest::num::u64::ANY, b in proptest::num::u64::ANY, c in proptest::num::u64::ANY,
        ) {
            let f = FORMATS[k];
            let mut v = [finite(f, a), finite(f, b), finite(f, c)];
            v.sort_by(|x, y| f.to_f64(*x).total_cmp(&f.to_f64(*y)));
            let d = |x, y| f.ulp_distance(x, y).unwrap();
            proptest::prop_assert_eq!(d(v[0], v[1]), d(v[1], v[0]));
            proptest::prop_assert_eq!(d(v[0], v[2]), d(v[0], v[1]) + d(v[1], v[2]));
            proptest::prop_assert_eq!(d(v[0], v[0]), 0);
            if f.to_f64(v[0]) != f.to_f64(v[1]) {
                proptest::prop_assert!(d(v[0], v[1]) > 0);
            }
            let diff = f.difference(v[0], v[2]);
            if !diff.is_qualitative() && diff != Difference::Same {
                proptest::prop_assert_eq!(diff, Difference::Ulps(d(v[0], v[2])));
            }
        }
    }

    #[test]
    fn differences_by_kind() {
        let f = Format::F32;
        let v = |x: f32| x.to_bits() as u64;
        assert_eq!(
            f.difference(v(1e20), v(f32::INFINITY)),
            Difference::Infinity
        );
        assert_eq!(f.difference(v(1.0), v(f32::NAN)), Difference::Nan);
        assert_eq!(f.difference(v(f32::NAN), v(-f32::NAN)), Difference::Same);
        assert_eq!(f.difference(v(0.0), v(-0.0)), Difference::SignOfZero);
        assert_eq!(f.difference(v(1e-30), v(0.0)), Difference::Zero);
        assert_eq!(f.difference(v(-1.0), v(1.0)), Difference::Sign);
        let inf = v(f32::INFINITY);
        assert_eq!(f.difference(inf, v(-f32::INFINITY)), Difference::Sign);
        let third = v(1.0 / 3.0);
        assert_eq!(f.difference(third, third + 2), Difference::Ulps(2));
        assert!(!Difference::Ulps(1).is_qualitative());
        assert!(Difference::SignOfZero.is_qualitative());
    }
}
