//! The concrete domain: numbers instead of terms. With it, [`crate::Eval`] is an interpreter
//! that replays counterexamples. Arithmetic is exact (i128 integers, rationals of any size:
//! [`Rat`]); `exp` of a non-zero value (irrational) is an [`Interval`] that holds it, and
//! arithmetic on intervals rounds outward, so a value is always inside what the interpreter
//! says; a comparison of overlapping intervals, an integer overflow or a reduction too large to
//! enumerate makes the run *inexact*, and the caller must not trust its result.

use crate::domain::{Domain, ElemType, Literal, Prim, ReduceDim, Reducer};
pub use crate::rat::Rat;
use std::collections::BTreeMap;
use std::fmt;

/// A real known only to lie in `[lo, hi]` (binary64 bounds, stored as bits so that a value is
/// `Eq` and `Hash`). Every operation rounds outward by an ulp, so the true value stays inside.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Interval {
    lo: u64,
    hi: u64,
}

/// libm's `exp` is within an ulp of the true value (glibc); the bounds allow far more.
const EXP_SLACK: f64 = 1e-12;

impl Interval {
    fn new(lo: f64, hi: f64) -> Option<Interval> {
        (lo.is_finite() && hi.is_finite() && lo <= hi).then(|| Interval {
            lo: lo.to_bits(),
            hi: hi.to_bits(),
        })
    }
    /// `[lo, hi]` widened outward by one ulp on each side.
    fn outward(lo: f64, hi: f64) -> Option<Interval> {
        Interval::new(lo.next_down(), hi.next_up())
    }
    pub fn lo(&self) -> f64 {
        f64::from_bits(self.lo)
    }
    pub fn hi(&self) -> f64 {
        f64::from_bits(self.hi)
    }
    /// An interval holding the rational `r` (the conversion may round: two ulps of slack).
    fn of(r: &Rat) -> Option<Interval> {
        let v = r.to_f64();
        Interval::new(v.next_down().next_down(), v.next_up().next_up())
    }
    fn add(self, o: Interval) -> Option<Interval> {
        Interval::outward(self.lo() + o.lo(), self.hi() + o.hi())
    }
    fn neg(self) -> Option<Interval> {
        Interval::new(-self.hi(), -self.lo())
    }
    fn mul(self, o: Interval) -> Option<Interval> {
        let p = [
            self.lo() * o.lo(),
            self.lo() * o.hi(),
            self.hi() * o.lo(),
            self.hi() * o.hi(),
        ];
        let lo = p.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = p.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        Interval::outward(lo, hi)
    }
    /// `None` when the interval holds 0.
    fn recip(self) -> Option<Interval> {
        if self.lo() <= 0.0 && self.hi() >= 0.0 {
            return None;
        }
        Interval::outward(1.0 / self.hi(), 1.0 / self.lo())
    }
    fn exp(self) -> Option<Interval> {
        let lo = self.lo().exp() * (1.0 - EXP_SLACK);
        let hi = self.hi().exp() * (1.0 + EXP_SLACK);
        Interval::outward(lo, hi)
    }
    /// `f` applied to the interval, for `f` monotone (increasing when `up`) on it, with its
    /// libm error (within an ulp or two) covered by a relative and an absolute slack.
    fn monotone(self, f: impl Fn(f64) -> f64, up: bool, slack: f64) -> Option<Interval> {
        let (a, b) = (f(self.lo()), f(self.hi()));
        let (lo, hi) = if up { (a, b) } else { (b, a) };
        let lo = lo - lo.abs() * slack - slack;
        let hi = hi + hi.abs() * slack + slack;
        Interval::outward(lo, hi)
    }
    /// `f` with Lipschitz constant 1 (sin, cos): its value at the midpoint, widened by the
    /// half-width and the slack.
    fn lipschitz(self, f: impl Fn(f64) -> f64, slack: f64) -> Option<Interval> {
        let mid = (self.lo() + self.hi()) / 2.0;
        let r = (self.hi() - self.lo()) / 2.0 + (mid.abs() * 1e-15) + slack;
        let v = f(mid);
        Interval::outward(v - r, v + r)
    }
    /// Whether every value lies strictly above (or, `!strict`, at or above) zero.
    fn positive(self, strict: bool) -> bool {
        if strict {
            self.lo() > 0.0
        } else {
            self.lo() >= 0.0
        }
    }
    /// `Some(true)` when every value of `self` is below every value of `o`, `Some(false)` when
    /// none is, `None` when they overlap.
    fn below(self, o: Interval, strict: bool) -> Option<bool> {
        if self.hi() < o.lo() || (!strict && self.hi() <= o.lo()) {
            Some(true)
        } else if self.lo() > o.hi() || (strict && self.lo() >= o.hi()) {
            Some(false)
        } else {
            None
        }
    }
}

impl fmt::Display for Interval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "~{:.9} (in [{:e}, {:e}])",
            (self.lo() + self.hi()) / 2.0,
            self.lo(),
            self.hi()
        )
    }
}

/// A concrete element value. `Undef` is what a read outside an input gives: op definitions
/// compute both branches of a selection before choosing, so such reads happen in branches that
/// are then discarded. An `Undef` that reaches a condition or a result makes the run inexact.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Scalar {
    Bool(bool),
    Int(i128),
    Real(Rat),
    /// `+inf` (true) or `-inf` (false).
    Inf(bool),
    /// A real known to lie in an interval (from `exp`).
    Approx(Interval),
    Undef,
    /// An IEEE 754 value by its bit pattern (NaN canonical).
    Float(ieee754::Format, u64),
}

impl Scalar {
    /// Whether two values certainly differ: `None` when an interval leaves it open.
    pub fn differs(&self, other: &Scalar) -> Option<bool> {
        let iv = |s: &Scalar| match s {
            Scalar::Approx(i) => Some(*i),
            Scalar::Real(r) => Interval::of(r),
            _ => None,
        };
        match (self, other) {
            (Scalar::Approx(_), _) | (_, Scalar::Approx(_)) => {
                let (a, b) = (iv(self)?, iv(other)?);
                (a.hi() < b.lo() || b.hi() < a.lo()).then_some(true)
            }
            _ => Some(self != other),
        }
    }
}

impl fmt::Display for Scalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Scalar::Bool(b) => write!(f, "{b}"),
            Scalar::Int(i) => write!(f, "{i}"),
            Scalar::Real(r) => write!(f, "{r}"),
            Scalar::Inf(true) => write!(f, "inf"),
            Scalar::Inf(false) => write!(f, "-inf"),
            Scalar::Approx(i) => write!(f, "{i}"),
            Scalar::Undef => write!(f, "undefined"),
            Scalar::Float(fm, b) => write!(f, "{} ({})", fm.display(*b), fm.hex(*b)),
        }
    }
}

/// A concrete tensor: axes in order with sizes, elements in row-major order of those axes.
#[derive(Clone, PartialEq, Debug)]
pub struct ConcreteTensor {
    pub axes: Vec<(String, i128)>,
    pub data: Vec<Scalar>,
}

impl ConcreteTensor {
    /// Row-major position of `index` (given in axis order), if in range.
    pub fn offset(&self, index: &[i128]) -> Option<usize> {
        if index.len() != self.axes.len() {
            return None;
        }
        let mut off: usize = 0;
        for ((_, n), i) in self.axes.iter().zip(index) {
            if *i < 0 || i >= n {
                return None;
            }
            off = off * (*n as usize) + *i as usize;
        }
        Some(off)
    }

    /// The index (in axis order) of row-major position `offset` in a tensor of shape `axes`.
    pub fn unravel(axes: &[(String, i128)], offset: usize) -> Vec<i128> {
        let mut rest = offset as i128;
        let mut point = vec![0; axes.len()];
        for k in (0..axes.len()).rev() {
            let n = axes[k].1.max(1);
            point[k] = rest % n;
            rest /= n;
        }
        point
    }

    /// Number of elements, if it fits a usize.
    pub fn count(axes: &[(String, i128)]) -> Option<usize> {
        axes.iter().try_fold(1usize, |acc, (_, n)| {
            acc.checked_mul(usize::try_from(*n).ok()?)
        })
    }
}

/// The concrete domain. Inputs are looked up by name; a missing input or an index out of its
/// range makes the run inexact (it never happens for a valid program at an in-range index).
#[derive(Default)]
pub struct Concrete {
    pub inputs: BTreeMap<String, ConcreteTensor>,
    /// Why the run is not exact, if it is not.
    pub inexact: Option<String>,
    /// The most points one reduction may enumerate.
    pub reduce_budget: usize,
    /// Set by front ends with floats when a float sum was computed whose value may depend on
    /// the order of its summands (it rounded, or is a zero whose sign depends on the order).
    pub order_dependent: bool,
    /// The functions computed by the platform's libm (`exp`, `log`, ... at float types):
    /// their results are libm's, which a faithful implementation may differ from by an ulp.
    pub libm: std::collections::BTreeSet<&'static str>,
}

/// `erf(x)` for `|x| <= 4` by its Taylor series (terms alternate and shrink after the peak,
/// so the error after the last term is below the first omitted one), and `±1` beyond, where
/// `erfc(4) < 2e-8`. The caller's slack (`1e-6`) covers both and the rounding.
fn erf_approx(x: f64) -> f64 {
    if x.abs() > 4.0 {
        return x.signum();
    }
    let mut term = x; // x^(2n+1) (-1)^n / n!
    let mut sum = x;
    for n in 1..200 {
        term *= -x * x / n as f64;
        let t = term / (2 * n + 1) as f64;
        sum += t;
        if t.abs() < 1e-17 {
            break;
        }
    }
    sum * 2.0 / std::f64::consts::PI.sqrt()
}

impl Concrete {
    /// A real function of the reals (`log`, `log2`, `exp2`, `sqrt`, `rsqrt`, `sin`, `cos`,
    /// `tanh`, `erf`) on a value: an [`Interval`] that holds the true value (outward-rounded,
    /// with slack for libm's error), or the exact value where it is rational (`sqrt(0)`,
    /// `log(1)`, `exp2` of an integer, `tanh(0)`, ...). Outside the function's domain (`log`
    /// of a value not above 0), an infinity, or an unknown name: the run is inexact.
    pub fn real_fn(&mut self, name: &str, x: &Scalar) -> Scalar {
        use Scalar::*;
        let exact = match (name, x) {
            ("sqrt" | "sin" | "tanh" | "erf", Real(r)) if r.is_zero() => Some(Rat::int(0)),
            ("cos", Real(r)) if r.is_zero() => Some(Rat::int(1)),
            ("log" | "log2", Real(r)) if *r == Rat::int(1) => Some(Rat::int(0)),
            ("rsqrt" | "sqrt", Real(r)) if *r == Rat::int(1) => Some(Rat::int(1)),
            ("exp2", Real(r)) if r.as_int().is_some_and(|n| (0..100).contains(&n)) => {
                Some(Rat::int(1i128 << r.as_int().unwrap_or(0)))
            }
            ("floor", Real(r)) if r.floor().is_some() => r.floor().map(Rat::int),
            ("floor", Int(i)) => Some(Rat::int(*i)),
            // Known when the interval holds no integer but maybe its upper end.
            ("floor", Approx(i)) if i.lo().floor() == i.hi().floor() => {
                Some(Rat::int(i.lo().floor() as i128))
            }
            ("atan" | "asin" | "tan" | "sinh" | "asinh" | "atanh" | "log1p" | "expm1", Real(r))
                if r.is_zero() =>
            {
                Some(Rat::int(0))
            }
            ("cosh", Real(r)) if r.is_zero() => Some(Rat::int(1)),
            ("acosh" | "log10", Real(r)) if *r == Rat::int(1) => Some(Rat::int(0)),
            _ => None,
        };
        if let Some(r) = exact {
            return Real(r);
        }
        let iv = match x {
            Approx(i) => Some(*i),
            Real(r) => Interval::of(r),
            Undef => return Undef,
            _ => None,
        };
        const S: f64 = 1e-12;
        let r = iv.and_then(|i| match name {
            "log" if i.positive(true) => i.monotone(f64::ln, true, S),
            "log2" if i.positive(true) => i.monotone(f64::log2, true, S),
            "exp2" => i.monotone(f64::exp2, true, S),
            "sqrt" if i.positive(false) => i.monotone(f64::sqrt, true, S),
            "rsqrt" if i.positive(true) => i.monotone(|v| 1.0 / v.sqrt(), false, S),
            "tanh" => i.monotone(f64::tanh, true, S),
            "erf" => i.monotone(erf_approx, true, 1e-6),
            "sin" => i.lipschitz(f64::sin, S),
            "cos" => i.lipschitz(f64::cos, S),
            "atan" => i.monotone(f64::atan, true, S),
            "asin" if i.lo() >= -1.0 && i.hi() <= 1.0 => i.monotone(f64::asin, true, S),
            "acos" if i.lo() >= -1.0 && i.hi() <= 1.0 => i.monotone(f64::acos, false, S),
            "tan" if i.lo() > -1.5 && i.hi() < 1.5 => i.monotone(f64::tan, true, S),
            "sinh" => i.monotone(f64::sinh, true, S),
            "cosh" if i.positive(false) => i.monotone(f64::cosh, true, S),
            "cosh" if i.hi() <= 0.0 => i.monotone(f64::cosh, false, S),
            "asinh" => i.monotone(f64::asinh, true, S),
            "acosh" if i.lo() >= 1.0 => i.monotone(f64::acosh, true, S),
            "atanh" if i.lo() > -1.0 && i.hi() < 1.0 => i.monotone(f64::atanh, true, S),
            "log1p" if i.lo() > -1.0 => i.monotone(f64::ln_1p, true, S),
            "expm1" => i.monotone(f64::exp_m1, true, S),
            "log10" if i.positive(true) => i.monotone(f64::log10, true, S),
            _ => None,
        });
        match r {
            Some(i) => Approx(i),
            None => {
                self.fail(format!(
                    "`{name}` of {x} has no value the interpreter can bound"
                ));
                Undef
            }
        }
    }

    /// A real function of two reals, bounded like [`Concrete::real_fn`]: `pow(x, y)` (C's
    /// `pow`), exact where `y` is 0 or `x` is 1 (1 for every other operand), or `y` is 1 (`x`);
    /// otherwise an interval for `x > 0` (monotone in each operand on a box: its value lies
    /// between the corners'); anything else has no bounded value here.
    pub fn real_fn2(&mut self, name: &str, x: &Scalar, y: &Scalar) -> Scalar {
        use Scalar::*;
        let rat = |s: &Scalar| match s {
            Real(r) => Some(r.clone()),
            Int(i) => Some(Rat::int(*i)),
            _ => None,
        };
        match (name, rat(x), rat(y)) {
            ("pow", _, Some(r)) if r.is_zero() => return Real(Rat::int(1)),
            ("pow", Some(r), _) if r == Rat::int(1) => return Real(Rat::int(1)),
            ("pow", _, Some(r)) if r == Rat::int(1) => return x.clone(),
            _ => {}
        }
        let iv = |s: &Scalar| match s {
            Approx(i) => Some(*i),
            other => rat(other).and_then(|r| Interval::of(&r)),
        };
        const S: f64 = 1e-12;
        let r = match (name, iv(x), iv(y)) {
            ("pow", Some(a), Some(b)) if a.positive(true) => {
                let c = [
                    a.lo().powf(b.lo()),
                    a.lo().powf(b.hi()),
                    a.hi().powf(b.lo()),
                    a.hi().powf(b.hi()),
                ];
                let lo = c.iter().copied().fold(f64::INFINITY, f64::min);
                let hi = c.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                Interval::outward(lo - lo.abs() * S - S, hi + hi.abs() * S + S)
            }
            _ => None,
        };
        match r {
            Some(i) => Approx(i),
            None => {
                self.fail(format!(
                    "`{name}` of {x} and {y} has no value the interpreter can bound"
                ));
                Undef
            }
        }
    }

    pub fn new(inputs: BTreeMap<String, ConcreteTensor>) -> Self {
        Concrete {
            inputs,
            inexact: None,
            reduce_budget: 1 << 20,
            order_dependent: false,
            libm: Default::default(),
        }
    }

    pub(crate) fn fail(&mut self, why: impl Into<String>) {
        if self.inexact.is_none() {
            self.inexact = Some(why.into());
        }
    }

    fn ck(&mut self, v: Option<i128>) -> i128 {
        v.unwrap_or_else(|| {
            self.fail("integer overflow in the concrete interpreter");
            0
        })
    }

    /// A primitive on reals some of which are intervals (or `exp` of a non-zero rational):
    /// interval arithmetic, rounded outward; a comparison the intervals leave open, or a
    /// division by an interval holding 0, makes the run inexact.
    fn approx(&mut self, op: Prim, ty: ElemType, args: &[Scalar]) -> Scalar {
        use Scalar::*;
        let iv: Option<Vec<Interval>> = args
            .iter()
            .map(|a| match a {
                Approx(i) => Some(*i),
                Real(r) => Interval::of(r),
                _ => None,
            })
            .collect();
        let Some(iv) = iv else {
            self.fail(format!("primitive {op:?} on {args:?} at type {ty}"));
            return Concrete::zero(ty);
        };
        let value = |r: Option<Interval>, me: &mut Concrete| match r {
            Some(i) => Approx(i),
            None => {
                me.fail("an interval bound left the range of binary64");
                Concrete::zero(ty)
            }
        };
        let decided = |r: Option<bool>, me: &mut Concrete| match r {
            Some(b) => Bool(b),
            None => {
                me.fail(
                    "a comparison of approximate values (exp) that their intervals do not settle",
                );
                Bool(false)
            }
        };
        match (op, iv.as_slice()) {
            (Prim::Add, [a, b]) => value(a.add(*b), self),
            (Prim::Sub, [a, b]) => value(b.neg().and_then(|nb| a.add(nb)), self),
            (Prim::Mul, [a, b]) => value(a.mul(*b), self),
            (Prim::Neg, [a]) => value(a.neg(), self),
            (Prim::RealDiv, [a, b]) => {
                if matches!(&args[1], Real(r) if r.is_zero()) {
                    return Real(Rat::int(0));
                }
                match b.recip() {
                    Some(rb) => value(a.mul(rb), self),
                    None => {
                        self.fail("a division by an interval that holds 0");
                        Concrete::zero(ty)
                    }
                }
            }
            (Prim::Exp, [a]) => value(a.exp(), self),
            (Prim::Lt, [a, b]) => decided(a.below(*b, true), self),
            (Prim::Le, [a, b]) => decided(a.below(*b, false), self),
            (Prim::Eq, [a, b]) => {
                let apart = a.hi() < b.lo() || b.hi() < a.lo();
                decided(apart.then_some(false), self)
            }
            _ => {
                self.fail(format!("primitive {op:?} on {args:?} at type {ty}"));
                Concrete::zero(ty)
            }
        }
    }

    fn zero(ty: ElemType) -> Scalar {
        match ty {
            ElemType::Bool => Scalar::Bool(false),
            ElemType::Int | ElemType::Fixed(_) => Scalar::Int(0),
            ElemType::Real => Scalar::Real(Rat::int(0)),
            ElemType::Float(f) => Scalar::Float(f.format, 0),
        }
    }
}

/// `±mant * 2^exp` as an exact rational (of any size).
fn exact_real(neg: bool, mant: u128, exp: i32) -> Rat {
    let m = Rat::int(i128::try_from(mant).expect("a float's mantissa fits in 113 bits"));
    // Powers of two in steps that fit in `i128`.
    let mut r = m;
    let mut e = exp;
    while e != 0 {
        let k = e.clamp(-100, 100);
        let p = Rat::int(1i128 << k.unsigned_abs());
        r = if k > 0 {
            r.mul(&p)
        } else {
            r.div(&p).expect("a power of two is not zero")
        };
        e -= k;
    }
    if neg {
        r.neg()
    } else {
        r
    }
}

impl Domain for Concrete {
    type B = bool;
    type I = i128;
    type V = Scalar;

    fn lit_b(&mut self, b: bool) -> bool {
        b
    }
    fn and(&mut self, a: &bool, b: &bool) -> bool {
        *a && *b
    }
    fn or(&mut self, a: &bool, b: &bool) -> bool {
        *a || *b
    }
    fn not(&mut self, a: &bool) -> bool {
        !*a
    }
    fn lit_i(&mut self, i: i128) -> i128 {
        i
    }
    fn add_i(&mut self, a: &i128, b: &i128) -> i128 {
        self.ck(a.checked_add(*b))
    }
    fn sub_i(&mut self, a: &i128, b: &i128) -> i128 {
        self.ck(a.checked_sub(*b))
    }
    fn mul_i(&mut self, a: &i128, b: &i128) -> i128 {
        self.ck(a.checked_mul(*b))
    }
    fn ediv_i(&mut self, a: &i128, b: &i128) -> i128 {
        if *b == 0 {
            return 0;
        }
        self.ck(a.checked_div_euclid(*b))
    }
    fn emod_i(&mut self, a: &i128, b: &i128) -> i128 {
        if *b == 0 {
            return 0;
        }
        self.ck(a.checked_rem_euclid(*b))
    }
    fn lt_i(&mut self, a: &i128, b: &i128) -> bool {
        a < b
    }
    fn le_i(&mut self, a: &i128, b: &i128) -> bool {
        a <= b
    }
    fn eq_i(&mut self, a: &i128, b: &i128) -> bool {
        a == b
    }
    fn ite_i(&mut self, c: &bool, a: &i128, b: &i128) -> i128 {
        if *c {
            *a
        } else {
            *b
        }
    }

    fn lit_v(&mut self, ty: ElemType, lit: Literal) -> Scalar {
        if let ElemType::Float(f) = ty {
            return self.lit_float(f, lit);
        }
        match (ty, lit) {
            (ElemType::Bool, Literal::Bool(b)) => Scalar::Bool(b),
            (ElemType::Int | ElemType::Real, Literal::Inf(s)) => Scalar::Inf(s),
            (ElemType::Int, Literal::Int(i)) => Scalar::Int(i),
            (ElemType::Real, Literal::Int(i)) => Scalar::Real(Rat::int(i)),
            (ElemType::Real, Literal::Rat(n, d)) => match Rat::new(n, d) {
                Some(r) => Scalar::Real(r),
                None => {
                    self.fail(format!("the literal {n}/{d}"));
                    Scalar::Undef
                }
            },
            _ => {
                self.fail(format!("literal {lit:?} used at type {ty}"));
                Concrete::zero(ty)
            }
        }
    }

    fn index_v(&mut self, ty: ElemType, i: &i128) -> Scalar {
        match ty {
            ElemType::Float(f) => Scalar::Float(f.format, f.format.from_int(*i)),
            ElemType::Real => Scalar::Real(Rat::int(*i)),
            _ => Scalar::Int(*i),
        }
    }

    fn prim(&mut self, op: Prim, ty: ElemType, args: &[Scalar]) -> Scalar {
        use Scalar::*;
        if args.contains(&Undef) {
            return Undef;
        }
        match (op, args) {
            (Prim::ToFloat(to), [Float(from, b)]) => return Float(to, to.convert(*from, *b)),
            (Prim::ToFloat(to), [Int(i)]) => return Float(to, to.from_int(*i)),
            (Prim::ToFloat(to), [Real(r)]) => match r.small() {
                Some((n, d)) => return Float(to, to.from_rational(n, d)),
                None => {
                    self.fail("a real too large or too fine to round into a float exactly");
                    return Undef;
                }
            },
            (Prim::ToReal, [Float(fm, b)]) => match fm.exact(*b) {
                Some((neg, mant, exp)) => return Real(exact_real(neg, mant, exp)),
                None => {
                    self.fail(format!(
                        "the real value of {}, which has none",
                        fm.display(*b)
                    ));
                    return Undef;
                }
            },
            // Any value outside the finite range of 64-bit integers (the caller bounds it).
            (Prim::TruncInt, [Float(fm, b)]) => return Int(fm.to_int(*b, 64).unwrap_or(0)),
            (Prim::Bitwise(op, w), [Int(a), Int(b)]) => {
                let m = 1i128 << w;
                let (a, b) = (a.rem_euclid(m) as u128, b.rem_euclid(m) as u128);
                return Int(op.apply(w, a, b) as i128);
            }
            (Prim::FromBits(to), [Int(i)]) => {
                let bits = i.rem_euclid(1i128 << to.width()) as u64;
                return Float(to, to.canon(bits));
            }
            (Prim::ToBits, [Float(_, b)]) => return Int(*b as i128),
            (Prim::Bitwise(..) | Prim::FromBits(_) | Prim::ToBits, _) => {
                self.fail(format!("{op:?} of {args:?} at type {ty}"));
                return Undef;
            }
            (Prim::ToFloat(_) | Prim::TruncInt | Prim::ToReal, _) => {
                self.fail(format!("convert ({op:?}) of {args:?} at type {ty}"));
                return Undef;
            }
            _ => {}
        }
        if let ElemType::Float(f) = ty {
            if !matches!(op, Prim::And | Prim::Or | Prim::Xor | Prim::Not) {
                return self.prim_float(op, f, args);
            }
        }
        if args.iter().any(|a| matches!(a, Inf(_))) {
            // Only the order is defined on infinities: -inf < every finite value < +inf.
            let rank = |a: &Scalar| match a {
                Inf(false) => -1,
                Inf(true) => 1,
                _ => 0,
            };
            return match (op, args) {
                (Prim::Lt | Prim::Le | Prim::Eq, [a, b]) if rank(a) != rank(b) => {
                    let lt = rank(a) < rank(b);
                    Bool(match op {
                        Prim::Eq => false,
                        _ => lt,
                    })
                }
                (Prim::Lt, [_, _]) => Bool(false),
                (Prim::Le | Prim::Eq, [_, _]) => Bool(true),
                _ => Undef,
            };
        }
        if args.iter().any(|a| matches!(a, Approx(_)))
            || (op == Prim::Exp && matches!(args, [Real(r)] if !r.is_zero()))
        {
            return self.approx(op, ty, args);
        }
        let r = match (op, args) {
            (Prim::Add, [Int(a), Int(b)]) => Int(self.ck(a.checked_add(*b))),
            (Prim::Sub, [Int(a), Int(b)]) => Int(self.ck(a.checked_sub(*b))),
            (Prim::Mul, [Int(a), Int(b)]) => Int(self.ck(a.checked_mul(*b))),
            (Prim::Neg, [Int(a)]) => Int(self.ck(a.checked_neg())),
            (Prim::EuclidDiv, [Int(a), Int(b)]) => Int(if *b == 0 {
                0
            } else {
                self.ck(a.checked_div_euclid(*b))
            }),
            (Prim::EuclidMod, [Int(a), Int(b)]) => Int(if *b == 0 {
                0
            } else {
                self.ck(a.checked_rem_euclid(*b))
            }),
            (Prim::Lt, [Int(a), Int(b)]) => Bool(a < b),
            (Prim::Le, [Int(a), Int(b)]) => Bool(a <= b),
            (Prim::Eq, [Int(a), Int(b)]) => Bool(a == b),
            (Prim::Add, [Real(a), Real(b)]) => Real(a.add(b)),
            (Prim::Sub, [Real(a), Real(b)]) => Real(a.sub(b)),
            (Prim::Mul, [Real(a), Real(b)]) => Real(a.mul(b)),
            (Prim::Neg, [Real(a)]) => Real(a.neg()),
            (Prim::RealDiv, [Real(a), Real(b)]) => Real(a.div(b).unwrap_or(Rat::int(0))),
            (Prim::Exp, [Real(_)]) => Real(Rat::int(1)),
            (Prim::Lt, [Real(a), Real(b)]) => Bool(a < b),
            (Prim::Le, [Real(a), Real(b)]) => Bool(a <= b),
            (Prim::Eq, [Real(a), Real(b)]) => Bool(a == b),
            (Prim::Eq, [Bool(a), Bool(b)]) => Bool(a == b),
            (Prim::And, [Bool(a), Bool(b)]) => Bool(*a && *b),
            (Prim::Or, [Bool(a), Bool(b)]) => Bool(*a || *b),
            (Prim::Xor, [Bool(a), Bool(b)]) => Bool(a != b),
            (Prim::Not, [Bool(a)]) => Bool(!a),
            _ => {
                self.fail(format!("primitive {op:?} on {args:?} at type {ty}"));
                Concrete::zero(ty)
            }
        };
        r
    }

    fn floor_v(&mut self, v: &Scalar) -> i128 {
        use Scalar::*;
        let got = match v {
            Int(i) => Some(*i),
            Real(r) => r.floor(),
            // Known when both ends of the interval have the same floor.
            Approx(i) if i.lo().floor() == i.hi().floor() && i.lo().abs() < 1e30 => {
                Some(i.lo().floor() as i128)
            }
            _ => None,
        };
        got.unwrap_or_else(|| {
            self.fail(format!(
                "the floor of {v} (not known exactly, or too large)"
            ));
            0
        })
    }

    fn known_bool(&self, v: &Scalar) -> Option<bool> {
        match v {
            Scalar::Bool(b) => Some(*b),
            _ => None,
        }
    }

    fn known_float(&self, v: &Scalar) -> Option<u64> {
        match v {
            Scalar::Float(_, b) => Some(*b),
            _ => None,
        }
    }

    fn truth(&mut self, v: &Scalar) -> bool {
        match v {
            Scalar::Bool(b) => *b,
            Scalar::Undef => {
                self.fail("a condition depends on a read outside an input");
                false
            }
            _ => {
                self.fail("a non-bool value used as a condition");
                false
            }
        }
    }

    fn ite_v(&mut self, c: &bool, a: &Scalar, b: &Scalar) -> Scalar {
        if *c {
            a.clone()
        } else {
            b.clone()
        }
    }

    fn input(&mut self, name: &str, _ty: ElemType, index: &[i128]) -> Scalar {
        match self.inputs.get(name) {
            Some(t) => t
                .offset(index)
                .map(|o| t.data[o].clone())
                .unwrap_or(Scalar::Undef),
            None => {
                self.fail(format!("input {name} has no value"));
                Scalar::Undef
            }
        }
    }

    fn reduce(
        &mut self,
        reducer: Reducer,
        ty: ElemType,
        init: &Scalar,
        dims: &[ReduceDim<i128>],
        body: &mut dyn FnMut(&mut Self, &[i128]) -> Scalar,
    ) -> Scalar {
        let sizes: Vec<i128> = dims.iter().map(|d| d.extent.max(0)).collect();
        let total = sizes
            .iter()
            .try_fold(1usize, |acc, n| acc.checked_mul(*n as usize));
        match total {
            Some(t) if t <= self.reduce_budget => {}
            _ => {
                self.fail("a reduction too large to enumerate");
                return init.clone();
            }
        }
        let mut acc = init.clone();
        let mut point = vec![0i128; dims.len()];
        if sizes.iter().any(|n| *n == 0) {
            return acc;
        }
        // A float sum or product is folded left in row-major order (last axis fastest) from
        // `init`; XLA leaves the order open, so a result that another order could change marks
        // the run `order_dependent` (`float_fold_order_free`).
        let float_fold =
            ty.as_float().is_some() && matches!(reducer, Reducer::Sum | Reducer::Product);
        let mut terms = if float_fold {
            vec![init.clone()]
        } else {
            vec![]
        };
        loop {
            let v = body(self, &point);
            if float_fold {
                terms.push(v.clone());
            }
            acc = crate::eval::binary(self, reducer.binary(), ty, &acc, &v);
            // Next point, last axis fastest.
            let mut k = dims.len();
            loop {
                if k == 0 {
                    if float_fold && !crate::concrete_float::fold_order_free(reducer, &terms) {
                        self.order_dependent = true;
                    }
                    return acc;
                }
                k -= 1;
                point[k] += 1;
                if point[k] < sizes[k] {
                    break;
                }
                point[k] = 0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `pow` of two reals: exact at its exact points, an interval holding the value for a
    /// positive base, inexact (no value) for a negative base and a fractional exponent.
    #[test]
    fn pow_bounds_hold_the_value() {
        let mut c = Concrete::new(BTreeMap::new());
        let r = |n, d| Scalar::Real(Rat::new(n, d).unwrap());
        assert_eq!(c.real_fn2("pow", &r(-3, 1), &r(0, 1)), r(1, 1));
        assert_eq!(c.real_fn2("pow", &r(1, 1), &r(7, 3)), r(1, 1));
        assert_eq!(c.real_fn2("pow", &r(5, 2), &r(1, 1)), r(5, 2));
        for (x, y, want) in [
            (r(2, 1), r(1, 2), std::f64::consts::SQRT_2),
            (r(1, 2), r(3, 2), 0.3535533905932738),
            (r(9, 1), r(-1, 2), 1.0 / 3.0),
        ] {
            let Scalar::Approx(i) = c.real_fn2("pow", &x, &y) else {
                panic!("pow({x}, {y}) is not an interval")
            };
            assert!(i.lo() <= want && want <= i.hi() && i.hi() - i.lo() < 1e-9);
        }
        assert!(c.inexact.is_none());
        assert_eq!(c.real_fn2("pow", &r(-2, 1), &r(1, 2)), Scalar::Undef);
        assert!(c.inexact.is_some());
    }

    /// Each bound holds the true value (known to 15 digits) and is tight; outside a
    /// function's domain the run is inexact; exact points stay exact.
    #[test]
    fn real_fn_intervals_hold_the_value() {
        let mut c = Concrete::new(BTreeMap::new());
        let r = |n, d| Scalar::Real(Rat::new(n, d).unwrap());
        for (name, x, want) in [
            ("log", r(2, 1), std::f64::consts::LN_2),
            ("log2", r(3, 1), 1.584962500721156),
            ("exp2", r(1, 2), std::f64::consts::SQRT_2),
            ("sqrt", r(2, 1), std::f64::consts::SQRT_2),
            ("rsqrt", r(4, 1), 0.5),
            ("tanh", r(1, 1), 0.7615941559557649),
            ("erf", r(1, 2), 0.5204998778130465),
            ("erf", r(-3, 1), -0.9999779095030014),
            ("erf", r(5, 1), 0.9999999999984626),
            ("sin", r(1, 1), 0.8414709848078965),
            ("cos", r(-2, 1), -0.4161468365471424),
            ("atan", r(1, 1), std::f64::consts::FRAC_PI_4),
            ("asin", r(1, 2), std::f64::consts::FRAC_PI_6),
            ("acos", r(1, 2), std::f64::consts::FRAC_PI_3),
            ("sinh", r(1, 1), 1.1752011936438014),
            ("log1p", r(1, 1), std::f64::consts::LN_2),
        ] {
            let Scalar::Approx(i) = c.real_fn(name, &x) else {
                panic!("{name}({x}) is not an interval")
            };
            assert!(
                i.lo() <= want && want <= i.hi(),
                "{name}({x}) = {want} not in {i}"
            );
            assert!(i.hi() - i.lo() < 1e-5, "{name}({x}): {i} is loose");
        }
        assert!(c.inexact.is_none());
        assert_eq!(c.real_fn("sqrt", &r(0, 1)), r(0, 1));
        assert_eq!(c.real_fn("exp2", &r(3, 1)), r(8, 1));
        assert_eq!(c.real_fn("floor", &r(-3, 2)), r(-2, 1));
        assert_eq!(c.real_fn("floor", &r(7, 2)), r(3, 1));
        assert_eq!(c.real_fn("floor", &r(4, 1)), r(4, 1));
        assert_eq!(c.real_fn("log", &r(-1, 1)), Scalar::Undef);
        assert!(c.inexact.is_some());
    }
}
