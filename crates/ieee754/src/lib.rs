//! `ieee754`: IEEE 754 binary floating point computed concretely, on bit patterns.
//!
//! It is for the exact meaning of the four formats tensorproof reasons about (binary16,
//! bfloat16, binary32, binary64): round-to-nearest-even `+ - * /`, `sqrt`, `fma`, comparisons,
//! classification, conversions between formats and to and from signed integers, and the
//! flush-to-zero mode (FTZ/DAZ) of XLA:CPU. `smt` evaluates its floating-point terms with it and
//! the tensor core's IEEE element domain computes with it, so both read one definition.
//!
//! It is not for solvers, tensors or transcendental functions (those are uninterpreted in the
//! symbolic domain; the concrete domain calls the platform's libm, outside this crate).
//!
//! How results are rounded: binary64 operations are Rust's `f64` ones (IEEE, round to nearest
//! even). The narrower formats compute in `f64` and round once more; that second rounding is
//! made innocent by *round to odd* (Boldo and Melquiond, "Emulation of FMA and correctly
//! rounded sums: proved algorithms using rounding to odd", IEEE TC 2008): the `f64` result is
//! first moved to the odd neighbour of the exact value when it is inexact (the exact error of
//! `+ - *`, the remainder of `/` and `sqrt`, all computed exactly with `fma`), and a value
//! rounded to odd at 53 bits rounds to nearest even at `p <= 51` bits exactly as the exact value
//! would. The operands of the narrow formats and their exact results lie well inside `f64`'s
//! normal range, so the exact errors are representable. Conversions and integer rounding go
//! through one exact rounding routine ([`Format::round`]).
//!
//! NaN results are the canonical quiet NaN of the format ([`Format::nan`]): SMT-LIB's theory
//! has a single NaN, so payloads are not part of the model.

mod distance;
mod ops;
mod round;

pub use distance::Difference;
pub use ops::{apply, maximum, minimum, Op, Val};

/// A binary interchange format: `ebits` exponent bits, `sbits` significand bits including the
/// hidden bit (SMT-LIB's `(_ FloatingPoint ebits sbits)`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Format {
    pub ebits: u32,
    pub sbits: u32,
}

impl Format {
    pub const F16: Format = Format {
        ebits: 5,
        sbits: 11,
    };
    pub const BF16: Format = Format { ebits: 8, sbits: 8 };
    pub const F32: Format = Format {
        ebits: 8,
        sbits: 24,
    };
    pub const F64: Format = Format {
        ebits: 11,
        sbits: 53,
    };
    /// The four formats, narrowest first.
    pub const ALL: [Format; 4] = [Format::F16, Format::BF16, Format::F32, Format::F64];

    /// The format's name as XLA spells the element type (`f16`, `bf16`, `f32`, `f64`), or
    /// `fpE.S` for another one.
    pub fn name(self) -> String {
        match self {
            Format::F16 => "f16".into(),
            Format::BF16 => "bf16".into(),
            Format::F32 => "f32".into(),
            Format::F64 => "f64".into(),
            _ => format!("fp{}.{}", self.ebits, self.sbits),
        }
    }

    /// The format named `f16`, `bf16`, `f32` or `f64`.
    pub fn by_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Total width in bits.
    pub fn width(self) -> u32 {
        self.ebits + self.sbits
    }

    fn frac_bits(self) -> u32 {
        self.sbits - 1
    }

    fn exp_max_field(self) -> u64 {
        (1 << self.ebits) - 1
    }

    pub(crate) fn bias(self) -> i32 {
        (1 << (self.ebits - 1)) - 1
    }

    /// The mask of the `width` low bits.
    pub fn mask(self) -> u64 {
        if self.width() == 64 {
            u64::MAX
        } else {
            (1 << self.width()) - 1
        }
    }

    pub fn sign_bit(self) -> u64 {
        1 << (self.width() - 1)
    }

    /// The canonical quiet NaN: sign clear, the top fraction bit set.
    pub fn nan(self) -> u64 {
        (self.exp_max_field() << self.frac_bits()) | (1 << (self.frac_bits() - 1))
    }

    /// `+inf`, or `-inf` when `neg`.
    pub fn inf(self, neg: bool) -> u64 {
        (self.exp_max_field() << self.frac_bits()) | if neg { self.sign_bit() } else { 0 }
    }

    /// `+0`, or `-0` when `neg`.
    pub fn zero(self, neg: bool) -> u64 {
        if neg {
            self.sign_bit()
        } else {
            0
        }
    }

    /// The largest finite value (negated when `neg`).
    pub fn max_finite(self, neg: bool) -> u64 {
        self.inf(neg) - 1
    }

    /// The smallest positive subnormal (negated when `neg`).
    pub fn min_subnormal(self, neg: bool) -> u64 {
        self.zero(neg) | 1
    }

    /// The smallest positive normal (negated when `neg`).
    pub fn min_normal(self, neg: bool) -> u64 {
        self.zero(neg) | (1 << self.frac_bits())
    }

    fn exp_field(self, bits: u64) -> u64 {
        (bits >> self.frac_bits()) & self.exp_max_field()
    }

    fn frac(self, bits: u64) -> u64 {
        bits & ((1 << self.frac_bits()) - 1)
    }

    pub fn is_nan(self, bits: u64) -> bool {
        self.exp_field(bits) == self.exp_max_field() && self.frac(bits) != 0
    }

    pub fn is_infinite(self, bits: u64) -> bool {
        self.exp_field(bits) == self.exp_max_field() && self.frac(bits) == 0
    }

    pub fn is_zero(self, bits: u64) -> bool {
        bits & !self.sign_bit() & self.mask() == 0
    }

    pub fn is_subnormal(self, bits: u64) -> bool {
        self.exp_field(bits) == 0 && self.frac(bits) != 0
    }

    pub fn is_normal(self, bits: u64) -> bool {
        let e = self.exp_field(bits);
        e != 0 && e != self.exp_max_field()
    }

    /// The sign bit is set and the value is not NaN (SMT-LIB's `fp.isNegative`).
    pub fn is_negative(self, bits: u64) -> bool {
        !self.is_nan(bits) && bits & self.sign_bit() != 0
    }

    /// `bits` within the format's width, with any NaN replaced by the canonical one.
    pub fn canon(self, bits: u64) -> u64 {
        let bits = bits & self.mask();
        if self.is_nan(bits) {
            self.nan()
        } else {
            bits
        }
    }

    /// The value of `bits` as an `f64` (exact: every value of a format at most as wide as
    /// binary64 is one).
    pub fn to_f64(self, bits: u64) -> f64 {
        if self == Format::F64 {
            return f64::from_bits(bits);
        }
        if self.is_nan(bits) {
            return f64::NAN;
        }
        let neg = bits & self.sign_bit() != 0;
        if self.is_infinite(bits) {
            return if neg {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            };
        }
        let (mant, exp) = self.decompose(bits);
        let v = mant as f64 * 2f64.powi(exp);
        if neg {
            -v
        } else {
            v
        }
    }

    /// The exact value of a finite float as `(num, den)` in lowest terms (`den > 0`, a power of
    /// two); `None` for NaN, the infinities, and values whose fraction does not fit in `i128`
    /// (the smallest subnormals of f32 and f64, the largest f64). `-0` is `(0, 1)`.
    pub fn to_rational(self, bits: u64) -> Option<(i128, i128)> {
        let (neg, mant, exp) = self.exact(bits)?;
        if mant == 0 {
            return Some((0, 1));
        }
        // Lowest terms: move the mantissa's trailing zeros into the exponent.
        let tz = mant.trailing_zeros() as i32;
        let (mant, exp) = (mant >> tz, exp + tz);
        let m = i128::try_from(mant).ok()?;
        let pow2 = |e: i32| 1i128.checked_shl(e.unsigned_abs()).filter(|p| *p > 0);
        let (n, d) = if exp >= 0 {
            (m.checked_mul(pow2(exp)?)?, 1)
        } else {
            (m, pow2(exp)?)
        };
        Some((if neg { -n } else { n }, d))
    }

    /// A finite float as `(negative, mant, exp)` with value `±mant * 2^exp` exactly; `None`
    /// for NaN and the infinities.
    pub fn exact(self, bits: u64) -> Option<(bool, u128, i32)> {
        if self.is_nan(bits) || self.is_infinite(bits) {
            return None;
        }
        let (mant, exp) = self.decompose(bits);
        Some((self.is_negative(bits), mant, exp))
    }

    /// The finite non-zero value of `bits` as `mant * 2^exp` (sign apart); zero is `(0, _)`.
    pub(crate) fn decompose(self, bits: u64) -> (u128, i32) {
        let e = self.exp_field(bits) as i32;
        let f = self.frac(bits) as u128;
        let shift = self.frac_bits() as i32;
        if e == 0 {
            (f, 1 - self.bias() - shift)
        } else {
            (f | (1 << shift), e - self.bias() - shift)
        }
    }

    /// `x` rounded to this format, to nearest even (overflow to infinity, gradual underflow).
    pub fn from_f64(self, x: f64) -> u64 {
        if self == Format::F64 {
            return if x.is_nan() { self.nan() } else { x.to_bits() };
        }
        self.from_f64_sticky(x, 0.0)
    }

    /// Flush to zero: a subnormal becomes the zero of its sign (XLA:CPU's FTZ/DAZ).
    pub fn flush(self, bits: u64) -> u64 {
        if self.is_subnormal(bits) {
            bits & self.sign_bit()
        } else {
            bits
        }
    }

    /// A short display: `inf`, `-inf`, `nan`, or Rust's shortest decimal of the value (which
    /// reads back to the same `f64`, hence to the same value of this format).
    pub fn display(self, bits: u64) -> String {
        if self.is_nan(bits) {
            return "nan".into();
        }
        let v = self.to_f64(bits);
        if v.is_infinite() {
            return if v < 0.0 { "-inf".into() } else { "inf".into() };
        }
        if self == Format::F32 {
            return format!("{:?}", f32::from_bits(bits as u32));
        }
        format!("{v:?}")
    }

    /// `bits` in hexadecimal, zero-padded to the format's width (`0x60ad78ec`).
    pub fn hex(self, bits: u64) -> String {
        let digits = self.width().div_ceil(4) as usize;
        format!("0x{:0digits$x}", bits & self.mask())
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests;
