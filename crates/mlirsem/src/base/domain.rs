//! The element level of MLIR values, on top of the tensor core's [`tensor::Domain`].
//!
//! The core domain supplies conditions (`B`) and mathematical integers (`I`); this module adds
//! what MLIR's element types need: an abstract float (`F`) per float type. The symbolic domain
//! ([`symbolic::Sym`]) keeps float arithmetic uninterpreted; the concrete domain
//! ([`tensor::Concrete`]) computes it in IEEE 754 through the workspace's one definition
//! ([`crate::base::ieee`]: the tensor core's element functions and `ieee754`). Integers of width N are the core's
//! integers kept in the signed canonical range `[-2^(N-1), 2^(N-1))` by generic code
//! ([`crate::base::value`]), so no domain knows about widths.

use crate::base::value::{Elem, SVal, Val};
use smt::TermId;
use symbolic::Sym;
use tensor::Domain;

/// A float type (its IEEE format: [`FTy::format`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FTy {
    F16,
    BF16,
    F32,
    F64,
}

impl FTy {
    pub fn name(self) -> &'static str {
        match self {
            FTy::F16 => "f16",
            FTy::BF16 => "bf16",
            FTy::F32 => "f32",
            FTy::F64 => "f64",
        }
    }
}

/// An MLIR element type as this crate models it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum EType {
    /// `i1`.
    Bool,
    /// `iN`, `2 <= N <= 64`.
    Int(u32),
    /// `index`: 64 bits.
    Index,
    Float(FTy),
}

impl EType {
    /// The bit width of an integer or index type.
    pub fn width(self) -> u32 {
        match self {
            EType::Bool => 1,
            EType::Int(w) => w,
            EType::Index => 64,
            EType::Float(FTy::F16 | FTy::BF16) => 16,
            EType::Float(FTy::F32) => 32,
            EType::Float(FTy::F64) => 64,
        }
    }

    pub fn name(self) -> String {
        match self {
            EType::Bool => "i1".into(),
            EType::Int(w) => format!("i{w}"),
            EType::Index => "index".into(),
            EType::Float(f) => f.name().into(),
        }
    }
}

/// A binary float operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FBin {
    Add,
    Sub,
    Mul,
    Div,
}

impl FBin {
    pub(crate) fn name(self) -> &'static str {
        match self {
            FBin::Add => "addf",
            FBin::Sub => "subf",
            FBin::Mul => "mulf",
            FBin::Div => "divf",
        }
    }
    /// IEEE addition and multiplication are commutative (up to NaN payloads, which are not
    /// observed).
    pub(crate) fn commutative(self) -> bool {
        matches!(self, FBin::Add | FBin::Mul)
    }
}

/// A bitwise operation on integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IBit {
    And,
    Or,
    Xor,
}

impl IBit {
    pub(crate) fn name(self) -> &'static str {
        match self {
            IBit::And => "andi",
            IBit::Or => "ori",
            IBit::Xor => "xori",
        }
    }
}

/// `a op b` on the two's complement `w`-bit patterns of signed canonical values.
pub(crate) fn bitwise(op: IBit, w: u32, a: i128, b: i128) -> i128 {
    let mask = (1u128 << w) - 1;
    let (x, y) = ((a as u128) & mask, (b as u128) & mask);
    let r = match op {
        IBit::And => x & y,
        IBit::Or => x | y,
        IBit::Xor => x ^ y,
    };
    let half = 1i128 << (w - 1);
    (r as i128 + half).rem_euclid(1i128 << w) - half
}

/// `arith.cmpf` predicates in MLIR's numbering (`false` = 0, `oeq` = 1, ... `true` = 15).
pub const CMPF_NAMES: [&str; 16] = [
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];

/// What MLIR elements need beyond the core domain.
pub trait MDomain: Domain<I: 'static, B: 'static> + 'static {
    type F: Clone + 'static;
    /// A float literal of type `t` from its bit pattern.
    fn f_lit(&mut self, t: FTy, bits: u64) -> Self::F;
    fn f_bin(&mut self, op: FBin, t: FTy, a: &Self::F, b: &Self::F) -> Self::F;
    fn f_neg(&mut self, t: FTy, a: &Self::F) -> Self::F;
    /// A float function of the `math` dialect on its arguments (see [`crate::ops::math`]).
    fn f_app(&mut self, f: crate::base::domain::FUn, t: FTy, args: &[Self::F]) -> Self::F;
    /// [`MDomain::f_app`] of a unary function.
    fn f_un(&mut self, f: crate::base::domain::FUn, t: FTy, a: &Self::F) -> Self::F {
        self.f_app(f, t, std::slice::from_ref(a))
    }
    /// `arith.extf`/`arith.truncf`: conversion from `from` to `to`, rounded to nearest even.
    fn f_conv(&mut self, from: FTy, to: FTy, a: &Self::F) -> Self::F;
    /// A bitwise operation on `w`-bit integers in the signed canonical range.
    fn i_bit(&mut self, op: IBit, w: u32, a: &Self::I, b: &Self::I) -> Self::I;
    /// `arith.sitofp`/`arith.uitofp` of the mathematical integer `x`, rounded to nearest even.
    fn f_of_int(&mut self, t: FTy, x: &Self::I) -> Self::F;
    /// `arith.cmpf` with predicate number `pred` (1..=14).
    fn f_cmp(&mut self, pred: u8, t: FTy, a: &Self::F, b: &Self::F) -> Self::B;
    /// Observational equality of two results: the same value, every NaN equal to every NaN.
    fn f_same(&mut self, t: FTy, a: &Self::F, b: &Self::F) -> Self::B;
    fn ite_f(&mut self, c: &Self::B, a: &Self::F, b: &Self::F) -> Self::F;
    /// Records that something could not be modelled in this domain (the symbolic domain: the
    /// verdict becomes unknown; the concrete one: the run is not trusted).
    fn give_up(&mut self, why: String);

    /// The value of an integer known to be a literal.
    fn lit_int(&self, i: &Self::I) -> Option<i128>;
    /// The value of a boolean known to be a literal.
    fn lit_bool(&self, b: &Self::B) -> Option<bool>;
    /// The left fold `((e0 ⊕ e1) ⊕ e2) ⊕ ...` of a float reduction (`e0` is the initial
    /// value, the rest in loop order); see [`crate::ops::fold`].
    fn fold_f(&mut self, k: Combiner, t: FTy, elems: &[Self::F]) -> Self::F;
    /// `init ⊕ (⊕ over the box `sizes`, row-major, of body(point))` when the box is not
    /// enumerated (symbolic sizes, or too many points); see [`crate::ops::fold`].
    fn fold_box(
        &mut self,
        k: Combiner,
        t: EType,
        init: &SVal<Self>,
        sizes: &[Self::I],
        body: &mut dyn FnMut(&mut Self, &[Self::I]) -> SVal<Self>,
    ) -> SVal<Self>
    where
        Self: Sized;
    /// The key of the `site`-th call of an external function in a run (execution order), on
    /// arguments `args`: a symbol, related to the other calls' keys by
    /// [`crate::ops::extcall::lemmas`]; in the concrete domain, the key a replayed model gives that
    /// call.
    fn ext_key(&mut self, callee: &str, site: usize, args: &[Val<'_, Self>]) -> Self::I
    where
        Self: Sized;
    /// The value `name` of an external function (a result, or a dim of one) at `at`, the
    /// call's key first: an uninterpreted function; in the concrete domain, the model's table.
    fn ext_value(&mut self, name: &str, t: EType, at: &[Self::I]) -> Elem<Self>
    where
        Self: Sized;
    /// Whether `cond` holds at some point of the box `sizes` (the per-point UB of a loop
    /// body); see [`crate::ops::linalg::body`].
    fn any_point(
        &mut self,
        sizes: &[Self::I],
        cond: &mut dyn FnMut(&mut Self, &[Self::I]) -> Self::B,
    ) -> Self::B
    where
        Self: Sized;
}

// ---- symbolic: floats are Int-sorted values of uninterpreted functions ----

/// `f` applied to every leaf of a small chain of `ite`s over literals (an element of a constant
/// tensor at a symbolic index): `f(ite(c, x, y)) = ite(c, f(x), f(y))` holds for any function,
/// and `f` of a literal folds. `None` when `a` is not such a chain.
pub(crate) fn into_literal_ite(
    d: &mut Sym,
    a: TermId,
    f: &mut dyn FnMut(&mut Sym, TermId) -> TermId,
) -> Option<TermId> {
    let smt::Node::Ite(c, x, y) = *d.store.node(a) else {
        return None;
    };
    if ite_leaves(d, a) > 256 {
        return None;
    }
    let fx = f(d, x);
    let fy = into_literal_ite(d, y, f).unwrap_or_else(|| f(d, y));
    Some(d.store.ite(c, fx, fy))
}

/// The number of literal leaves of a chain of `ite`s over literals (`usize::MAX / 2` for
/// anything else).
pub(crate) fn ite_leaves(d: &Sym, t: TermId) -> usize {
    let mut n = 1;
    let mut cur = t;
    loop {
        match d.store.node(cur) {
            smt::Node::Int(_) => return n,
            smt::Node::Ite(_, a, b) if d.store.as_int(*a).is_some() => {
                n += 1;
                cur = *b;
            }
            _ => return usize::MAX / 2,
        }
    }
}

/// The bit pattern of a float literal term.
pub(crate) fn f_lit_of(d: &Sym, t: TermId) -> Option<u64> {
    d.store.as_int(t).map(|i| i as u64)
}

/// The combining operation of a reduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Combiner {
    Add,
    Mul,
    /// A maximum or minimum ([`crate::ops::extremum`]): folded exactly in both domains.
    Ext(Extremum),
}

/// A maximum or minimum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Extremum {
    MaxS,
    MinS,
    MaxU,
    MinU,
    MaximumF,
    MinimumF,
    /// The TOSA spec's `apply_max_s` on floats (`tosa.max_pool2d`): NaN if an operand is NaN,
    /// else `a >= b ? a : b`, so of equal zeros the first. Associative (it picks the first
    /// maximal operand), not commutative: folds keep the loop order.
    TosaMaxF,
}

/// A float function of the `math` dialect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FUn {
    Abs,
    Sqrt,
    CopySign,
    Ceil,
    Floor,
    Trunc,
    Round,
    RoundEven,
    Fma,
    Exp,
    Exp2,
    Expm1,
    Log,
    Log2,
    Log10,
    Log1p,
    Tanh,
    Sinh,
    Cosh,
    Erf,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Atan2,
    Cbrt,
    Pow,
}
