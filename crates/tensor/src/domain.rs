//! The value domain that every op definition is generic over.
//!
//! A domain supplies conditions (`B`), integers for sizes, attributes and indices (`I`), and
//! element values (`V`), with *total* mathematical primitives only. Every partial case of an op
//! (division by zero, clamping, padding regions) is written once, in this crate, on top of these
//! primitives, so the symbolic and the concrete domain cannot disagree about it.

use std::fmt;

pub use ieee754::Format;

/// An IEEE 754 element type: a binary format and whether subnormals are flushed to zero
/// (XLA:CPU's FTZ/DAZ: subnormal operands read as zero and subnormal results become zero, each
/// keeping its sign).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct FloatTy {
    pub format: Format,
    pub ftz: bool,
}

/// A fixed-width two's complement integer type (XLA's `s8`..`s64`, `u8`..`u64`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct IntTy {
    /// 8, 16, 32 or 64.
    pub bits: u32,
    pub signed: bool,
}

impl IntTy {
    /// The smallest value.
    pub fn min(self) -> i128 {
        if self.signed {
            -(1i128 << (self.bits - 1))
        } else {
            0
        }
    }

    /// The largest value.
    pub fn max(self) -> i128 {
        self.min() + (1i128 << self.bits) - 1
    }

    /// `v` reduced modulo `2^bits` into the type's range (two's complement wrap-around).
    pub fn wrap(self, v: i128) -> i128 {
        (v - self.min()).rem_euclid(1i128 << self.bits) + self.min()
    }

    pub fn name(self) -> &'static str {
        match (self.signed, self.bits) {
            (true, 8) => "s8",
            (true, 16) => "s16",
            (true, 32) => "s32",
            (true, 64) => "s64",
            (false, 8) => "u8",
            (false, 16) => "u16",
            (false, 32) => "u32",
            (false, 64) => "u64",
            _ => "fixed-width integer",
        }
    }
}

/// Element types. `Int` is the mathematical integers, `Real` the mathematical reals, `Float`
/// IEEE 754 binary floating point (round to nearest even), `Fixed` fixed-width two's
/// complement integers that wrap around (`fixed.rs`; their values are the domain's Int values
/// within the type's range).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum ElemType {
    Bool,
    Int,
    Real,
    Float(FloatTy),
    Fixed(IntTy),
}

impl ElemType {
    pub fn name(self) -> &'static str {
        match self {
            ElemType::Bool => "bool",
            ElemType::Int => "int",
            ElemType::Real => "real",
            ElemType::Float(f) => match (f.format, f.ftz) {
                (Format::F16, false) => "f16",
                (Format::BF16, false) => "bf16",
                (Format::F32, false) => "f32",
                (Format::F64, false) => "f64",
                (Format::F16, true) => "f16 (ftz)",
                (Format::BF16, true) => "bf16 (ftz)",
                (Format::F32, true) => "f32 (ftz)",
                (Format::F64, true) => "f64 (ftz)",
                _ => "float",
            },
            ElemType::Fixed(t) => t.name(),
        }
    }

    /// The type the domain computes a value of this type in: `Int` for a fixed-width
    /// integer (the core wraps around), else the type itself. Domains never see `Fixed`.
    pub fn value_type(self) -> ElemType {
        match self {
            ElemType::Fixed(_) => ElemType::Int,
            t => t,
        }
    }

    /// Integers, mathematical or fixed-width.
    pub fn is_integer(self) -> bool {
        matches!(self, ElemType::Int | ElemType::Fixed(_))
    }

    /// The float type of `format`, IEEE unless `ftz`.
    pub fn float(format: Format, ftz: bool) -> ElemType {
        ElemType::Float(FloatTy { format, ftz })
    }

    /// The float type, if this is one.
    pub fn as_float(self) -> Option<FloatTy> {
        match self {
            ElemType::Float(f) => Some(f),
            _ => None,
        }
    }

    pub fn is_numeric(self) -> bool {
        self != ElemType::Bool
    }
}

impl fmt::Display for ElemType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A literal element value.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Literal {
    Bool(bool),
    /// An integer; converted to the real `n/1` when the element type is real.
    Int(i128),
    /// A rational `num/den`, `den > 0`.
    Rat(i128, i128),
    /// `+inf` (true) or `-inf` (false), of an int or real type: below or above every finite
    /// value. Comparisons, max and min are defined on them; arithmetic on an infinity is not
    /// (the concrete domain makes it undefined, the symbolic one reports it unsupported).
    /// At a float type: the IEEE infinity.
    Inf(bool),
    /// A float by its bit pattern (float types only; NaN, `-0`, subnormals).
    Bits(u64),
}

/// Total primitive operations on element values. Operand and result types follow the
/// element type passed alongside (comparisons and classifications return Bool).
///
/// At a float type every primitive is IEEE 754's, rounding to nearest even: `RealDiv` is
/// IEEE division (total: `x / 0` is an infinity or NaN), `Eq` is IEEE equality (`NaN != NaN`,
/// `-0 == +0`), `Lt`/`Le` are false on NaN. `Exp`, `Log`, `Tanh`, `Rsqrt`, `Pow` and the
/// transcendental functions after them are uninterpreted symbolically, constrained by facts every faithful implementation satisfies
/// (named in verdicts), and computed by the platform's libm concretely. FTZ is not a
/// primitive's business: the element functions flush around them (`float.rs`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Prim {
    Add,
    Sub,
    Mul,
    Neg,
    /// Euclidean quotient on Int (`0 <= r < |b|`); the caller guards `b != 0`.
    EuclidDiv,
    /// Euclidean remainder on Int; the caller guards `b != 0`.
    EuclidMod,
    /// Real division; the caller guards `b != 0`.
    RealDiv,
    /// The real exponential. Symbolic domains treat it as uninterpreted (with sound axioms).
    Exp,
    /// Natural logarithm, square root, hyperbolic tangent, `1/sqrt`, `x^y`: float types (and
    /// reals where a domain bounds them).
    Log,
    Sqrt,
    Tanh,
    Rsqrt,
    Pow,
    /// `log(1 + x)`, `exp(x) - 1`, sine, cosine, cube root, `atan2(y, x)`: float types only,
    /// uninterpreted symbolically like `Tanh`.
    Log1p,
    Expm1,
    Sin,
    Cos,
    Cbrt,
    Atan2,
    /// IEEE absolute value: clears the sign bit (`abs(-0) = +0`, `abs(NaN)` is NaN).
    Abs,
    /// IEEE classification (float types): NaN, an infinity, a subnormal, the sign bit of a
    /// non-NaN.
    IsNaN,
    IsInf,
    IsSubnormal,
    IsNegative,
    Lt,
    Le,
    Eq,
    And,
    Or,
    Xor,
    Not,
    /// The operand (a float of any format, an Int, or a Real) rounded to nearest even into
    /// the format: the float's value, not its flushing (the element function flushes).
    ToFloat(Format),
    /// A float's exact value as a Real. Its value matters only for finite floats; for NaN and
    /// the infinities a domain may give any value (the concrete one marks its run inexact).
    ToReal,
    /// A float truncated toward zero to an Int. Its value matters only for finite floats
    /// whose truncation the caller bounds (`float::convert`); elsewhere a domain may give
    /// any value.
    TruncInt,
    /// A bitwise operation on the low `width` bits of Int operands read unsigned (`x mod
    /// 2^width`); the result is in `0..2^width`. A shift reads its amount unsigned too; an
    /// amount at least `width` gives 0 (`Shl`, `LShr`) or the sign fill (`AShr`), as
    /// SMT-LIB's `bvshl`/`bvlshr`/`bvashr` (and XLA:CPU, measured: docs/xla.md).
    Bitwise(BitOp, u32),
    /// An Int in `0..2^width` of the format read as the float's bit pattern (XLA's
    /// `bitcast-convert` to a float).
    FromBits(Format),
    /// A float's bit pattern as an Int in `0..2^width` (`bitcast-convert` from a float). A NaN
    /// gives its pattern concretely; symbolically, where the theory has one NaN, some pattern.
    ToBits,
}

/// The bitwise operations of [`Prim::Bitwise`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BitOp {
    And,
    Or,
    Xor,
    Shl,
    LShr,
    AShr,
}

impl BitOp {
    /// The operation on `width`-bit patterns (`a`, `b` below `2^width`), for the concrete
    /// domain and tests.
    pub fn apply(self, width: u32, a: u128, b: u128) -> u128 {
        let mask = (1u128 << width) - 1;
        let (a, b) = (a & mask, b & mask);
        let sign = (a >> (width - 1)) & 1 == 1;
        let r = match self {
            BitOp::And => a & b,
            BitOp::Or => a | b,
            BitOp::Xor => a ^ b,
            BitOp::Shl if b >= width as u128 => 0,
            BitOp::Shl => a << b,
            BitOp::LShr if b >= width as u128 => 0,
            BitOp::LShr => a >> b,
            BitOp::AShr if b >= width as u128 => {
                if sign {
                    mask
                } else {
                    0
                }
            }
            BitOp::AShr if sign => (a >> b) | (mask & !(mask >> b)),
            BitOp::AShr => a >> b,
        };
        r & mask
    }
}

/// How a reduction combines its elements.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Reducer {
    Sum,
    Product,
    Max,
    Min,
    And,
    Or,
}

impl Reducer {
    pub fn name(self) -> &'static str {
        match self {
            Reducer::Sum => "sum",
            Reducer::Product => "product",
            Reducer::Max => "max",
            Reducer::Min => "min",
            Reducer::And => "and",
            Reducer::Or => "or",
        }
    }

    /// The binary op whose fold this reducer is.
    pub fn binary(self) -> crate::BinaryOp {
        use crate::BinaryOp as B;
        match self {
            Reducer::Sum => B::Add,
            Reducer::Product => B::Mul,
            Reducer::Max => B::Max,
            Reducer::Min => B::Min,
            Reducer::And => B::And,
            Reducer::Or => B::Or,
        }
    }
}

/// One summation/reduction dimension: indices `0..extent` along `axis`, optionally named by the
/// user (`label`) so that a reduction hint can refer to it.
#[derive(Clone, Debug)]
pub struct ReduceDim<I> {
    pub axis: String,
    pub extent: I,
    pub label: Option<String>,
}

/// The value domain. See the module documentation.
pub trait Domain {
    type B: Clone;
    /// Indices are keys of [`crate::Eval::memoized`]'s table.
    type I: Clone + Eq + std::hash::Hash;
    type V: Clone;

    fn lit_b(&mut self, b: bool) -> Self::B;
    fn and(&mut self, a: &Self::B, b: &Self::B) -> Self::B;
    fn or(&mut self, a: &Self::B, b: &Self::B) -> Self::B;
    fn not(&mut self, a: &Self::B) -> Self::B;

    fn lit_i(&mut self, i: i128) -> Self::I;
    fn add_i(&mut self, a: &Self::I, b: &Self::I) -> Self::I;
    fn sub_i(&mut self, a: &Self::I, b: &Self::I) -> Self::I;
    fn mul_i(&mut self, a: &Self::I, b: &Self::I) -> Self::I;
    /// Euclidean quotient; the caller guarantees `b > 0` wherever the result matters.
    fn ediv_i(&mut self, a: &Self::I, b: &Self::I) -> Self::I;
    /// Euclidean remainder; same caveat.
    fn emod_i(&mut self, a: &Self::I, b: &Self::I) -> Self::I;
    fn lt_i(&mut self, a: &Self::I, b: &Self::I) -> Self::B;
    fn le_i(&mut self, a: &Self::I, b: &Self::I) -> Self::B;
    fn eq_i(&mut self, a: &Self::I, b: &Self::I) -> Self::B;
    fn ite_i(&mut self, c: &Self::B, a: &Self::I, b: &Self::I) -> Self::I;

    fn lit_v(&mut self, ty: ElemType, lit: Literal) -> Self::V;
    /// An index as an element of type `ty` (Int or Real), for iota.
    fn index_v(&mut self, ty: ElemType, i: &Self::I) -> Self::V;
    /// A total primitive; `ty` is the operands' element type.
    fn prim(&mut self, op: Prim, ty: ElemType, args: &[Self::V]) -> Self::V;
    /// The greatest integer at most the Real element `v` (an Int element: itself, as an
    /// index, e.g. a dynamic slice's start): the one conversion from reals to integers. Truncation, ceiling and rounding are written on it, once, by the front ends
    /// that need them (so both domains agree).
    fn floor_v(&mut self, v: &Self::V) -> Self::I;
    /// A Bool element value as a condition.
    fn truth(&mut self, v: &Self::V) -> Self::B;

    /// The bit pattern of a float value known without solving (a literal), if it is one. The
    /// element functions use it only for exact identities (`maximum(x, -inf) = x`), so a
    /// domain that never knows gives the same values.
    fn known_float(&self, _v: &Self::V) -> Option<u64> {
        None
    }
    /// A Bool element value known without solving, if it is one (a front end unrolling a
    /// loop whose condition is a constant: XLA's `while` with a fixed trip count).
    fn known_bool(&self, _v: &Self::V) -> Option<bool> {
        None
    }
    fn ite_v(&mut self, c: &Self::B, a: &Self::V, b: &Self::V) -> Self::V;

    /// The element of input tensor `name` (element type `ty`) at `index`, given in the
    /// tensor's declared axis order. Scalars are rank-0 inputs.
    fn input(&mut self, name: &str, ty: ElemType, index: &[Self::I]) -> Self::V;

    /// `init ⊕ (⊕ over every point of the box `dims` of body(point))`.
    fn reduce(
        &mut self,
        reducer: Reducer,
        ty: ElemType,
        init: &Self::V,
        dims: &[ReduceDim<Self::I>],
        body: &mut dyn FnMut(&mut Self, &[Self::I]) -> Self::V,
    ) -> Self::V;
}
