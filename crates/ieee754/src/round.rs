//! The one exact rounding routine, and what is built on it: rounding an `f64` whose exact value
//! is known to lie on one side of it (round to odd), conversions between formats and from and
//! to integers.

use crate::Format;

impl Format {
    /// The value `(-1)^neg * mant * 2^exp`, rounded to nearest even into this format. `sticky`
    /// says that the exact value is a little larger in magnitude than `mant * 2^exp` (by less
    /// than one unit of `mant`'s last bit).
    pub fn round(self, neg: bool, mant: u128, exp: i32, sticky: bool) -> u64 {
        let sign = self.zero(neg);
        if mant == 0 {
            return sign;
        }
        let p = self.sbits as i32;
        let emin = 1 - self.bias();
        let nbits = 128 - mant.leading_zeros() as i32;
        let top = exp + nbits - 1; // mant * 2^exp lies in [2^top, 2^(top+1))
        let mut q = top.max(emin) - (p - 1); // the quantum of the result
        let shift = q - exp;
        let mut m: u128 = if shift <= 0 {
            mant << (-shift) // exact: fewer than p bits
        } else if shift >= 128 {
            // Far below the smallest subnormal's half: rounds to zero.
            0
        } else {
            let m = mant >> shift;
            let rem = mant & ((1u128 << shift) - 1);
            let half = 1u128 << (shift - 1);
            let up = rem > half || (rem == half && (sticky || m & 1 == 1));
            m + up as u128
        };
        if m == 1u128 << p {
            m >>= 1;
            q += 1;
        }
        if m == 0 {
            return sign;
        }
        if m < 1u128 << (p - 1) {
            return sign | m as u64; // subnormal
        }
        let e = q + p - 1;
        if e > self.bias() {
            return self.inf(neg);
        }
        let field = (e + self.bias()) as u64;
        sign | (field << self.frac_bits()) | (m as u64 & ((1 << self.frac_bits()) - 1))
    }

    /// The exact value `x + err` rounded into this format, where `x` is that value rounded to
    /// nearest in `f64` and `err` its exact error (of `f64`'s last-bit magnitude at most; only
    /// its sign is read). Round to odd first, so the second rounding is exact (module doc).
    pub(crate) fn from_f64_sticky(self, x: f64, err: f64) -> u64 {
        if x.is_nan() {
            return self.nan();
        }
        if x.is_infinite() {
            return self.inf(x < 0.0);
        }
        let mut x = x;
        if err != 0.0 && !err.is_nan() && x.to_bits() & 1 == 0 {
            // Move to the odd neighbour on the side of the exact value.
            let away = (err > 0.0) == (x > 0.0) || x == 0.0;
            let b = x.to_bits();
            x = f64::from_bits(if away { b + 1 } else { b - 1 });
        }
        let (mant, exp) = Format::F64.decompose(x.to_bits());
        self.round(x.is_sign_negative(), mant, exp, false)
    }

    /// `bits` of format `from` rounded into this format.
    pub fn convert(self, from: Format, bits: u64) -> u64 {
        if from.is_nan(bits) {
            return self.nan();
        }
        let neg = bits & from.sign_bit() != 0;
        if from.is_infinite(bits) {
            return self.inf(neg);
        }
        let (mant, exp) = from.decompose(bits);
        self.round(neg, mant, exp, false)
    }

    /// The rational `num / den` rounded into this format (`den != 0`; a zero is `+0`).
    pub fn from_rational(self, num: i128, den: i128) -> u64 {
        let neg = (num < 0) != (den < 0);
        let (n, d) = (num.unsigned_abs(), den.unsigned_abs());
        if n == 0 || d == 0 {
            return self.zero(false);
        }
        // Long division: the integer part, then fraction bits until there are enough
        // significant ones (beyond the rounding point of any value of this format) or the
        // remainder is zero; what is left is the sticky bit.
        let (mut q, mut r) = (n / d, n % d);
        let mut exp = 0;
        let want = self.sbits as i32 + 3;
        while r != 0 && (128 - q.leading_zeros() as i32) < want && exp > -1200 {
            let carry = r >> 127 != 0;
            r <<= 1;
            q <<= 1;
            if carry || r >= d {
                r = r.wrapping_sub(d);
                q |= 1;
            }
            exp -= 1;
        }
        if q == 0 {
            // Below every subnormal by far: the sign's zero.
            return self.zero(neg);
        }
        self.round(neg, q, exp, r != 0)
    }

    /// The integer `i` rounded into this format.
    pub fn from_int(self, i: i128) -> u64 {
        self.round(i < 0, i.unsigned_abs(), 0, false)
    }

    /// `bits` truncated toward zero to an integer, if it is finite and the result fits a signed
    /// integer of `width` bits (SMT-LIB leaves `fp.to_sbv` unspecified otherwise).
    pub fn to_int(self, bits: u64, width: u32) -> Option<i128> {
        if self.is_nan(bits) || self.is_infinite(bits) || width == 0 || width > 64 {
            return None;
        }
        let (mant, exp) = self.decompose(bits);
        let mag: u128 = if exp >= 0 {
            if exp >= 127 - (128 - mant.leading_zeros() as i32) {
                return None;
            }
            mant << exp
        } else if exp <= -128 {
            0
        } else {
            mant >> (-exp)
        };
        let neg = bits & self.sign_bit() != 0;
        let limit = 1u128 << (width - 1);
        if (neg && mag > limit) || (!neg && mag >= limit) {
            return None;
        }
        let v = mag as i128;
        Some(if neg { -v } else { v })
    }
}
