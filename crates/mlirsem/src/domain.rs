//! The element level of MLIR values, on top of the tensor core's [`tensor::Domain`].
//!
//! The core domain supplies conditions (`B`) and mathematical integers (`I`); this module adds
//! what MLIR's element types need: an abstract float (`F`) per float type. The symbolic domain
//! ([`symbolic::Sym`]) keeps float arithmetic uninterpreted; the concrete domain
//! ([`tensor::Concrete`]) computes it in IEEE 754 through the workspace's one definition
//! ([`crate::ieee`]: the tensor core's element functions and `ieee754`). Integers of width N are the core's
//! integers kept in the signed canonical range `[-2^(N-1), 2^(N-1))` by generic code
//! ([`crate::value`]), so no domain knows about widths.

use crate::fold::{self, Combiner};
use crate::ieee;
use crate::value::{Elem, SVal, Val};
use smt::{Sort, TermId};
use symbolic::Sym;
use tensor::{Concrete, Domain};

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
    fn commutative(self) -> bool {
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
    fn name(self) -> &'static str {
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
    /// A float function of the `math` dialect on its arguments (see [`crate::math`]).
    fn f_app(&mut self, f: crate::math::FUn, t: FTy, args: &[Self::F]) -> Self::F;
    /// [`MDomain::f_app`] of a unary function.
    fn f_un(&mut self, f: crate::math::FUn, t: FTy, a: &Self::F) -> Self::F {
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
    /// value, the rest in loop order); see [`crate::fold`].
    fn fold_f(&mut self, k: Combiner, t: FTy, elems: &[Self::F]) -> Self::F;
    /// `init ⊕ (⊕ over the box `sizes`, row-major, of body(point))` when the box is not
    /// enumerated (symbolic sizes, or too many points); see [`crate::fold`].
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
    /// [`crate::extcall::lemmas`]; in the concrete domain, the key a replayed model gives that
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
    /// body); see [`crate::body`].
    fn any_point(
        &mut self,
        sizes: &[Self::I],
        cond: &mut dyn FnMut(&mut Self, &[Self::I]) -> Self::B,
    ) -> Self::B
    where
        Self: Sized;
}

// ---- symbolic: floats are Int-sorted values of uninterpreted functions ----

/// Float literals are their bit patterns (an injective encoding, NaNs canonical); arithmetic
/// and comparisons are uninterpreted functions per float type, with only facts that hold
/// exactly in IEEE 754 (NaN payloads aside) built in at construction:
/// - operations on literals are folded by [`crate::ieee`] (every float type, round to nearest
///   even);
/// - `addf`/`mulf` order their arguments by term id (commutativity); `x - y` is `x + (-y)`;
///   `negf(negf(x))` is `x`; `x + -0.0`, `x * 1.0`, `x / 1.0` are `x`; `x * -1.0`, `x / -1.0`
///   are `-x`; an operation with a NaN literal operand is NaN;
/// - `cmpf` is built from `isnan`, `oeq`, `olt`, `ole` (the others are their swaps and
///   negations; the ordered ones imply that no operand is NaN); `-0.0` and `0.0` compare alike;
///   `oeq(x, x)` and `ole(x, x)` are `!isnan(x)`, `olt(x, x)` is false; `oeq` is equality of
///   values or of zeros of both signs, `olt` one uninterpreted order per pair (trichotomy),
///   `ole` is `olt ∨ oeq` (see `cmp_o`); only `+inf` is above the largest finite value and only
///   `-inf` below the least;
/// - `truncf(extf(x))` is `x` when `extf` widens (exact).
impl MDomain for Sym {
    type F = TermId;

    fn f_lit(&mut self, t: FTy, bits: u64) -> TermId {
        self.store.int(t.format().canon(bits) as i128)
    }

    fn f_bin(&mut self, op: FBin, t: FTy, a: &TermId, b: &TermId) -> TermId {
        let (a, b) = (*a, *b);
        if op == FBin::Div {
            // `1 / ±0` is `±inf`: the signs of zeros matter ([`symbolic::Folds`]).
            self.folds.zero_sign_seen = true;
        }
        if op == FBin::Sub {
            let nb = self.f_neg(t, &b);
            return self.f_bin(FBin::Add, t, &a, &nb);
        }
        let (la, lb) = (f_lit_of(self, a), f_lit_of(self, b));
        if let (Some(x), Some(y)) = (la, lb) {
            return self.store.int(ieee::bin(op, t, x, y) as i128);
        }
        if la.is_some_and(|x| t.format().is_nan(x)) || lb.is_some_and(|y| t.format().is_nan(y)) {
            return self.store.int(t.format().nan() as i128);
        }
        let (one, minus_one) = (ieee::from_f64(t, 1.0), ieee::from_f64(t, -1.0));
        let identity = |d: &Sym, x: TermId| fold::sum_identity(d, Combiner::Add, t, x);
        match op {
            FBin::Add if identity(self, b) => return a,
            FBin::Add if identity(self, a) => return b,
            FBin::Mul | FBin::Div if lb == Some(one) => return a,
            FBin::Mul if la == Some(one) => return b,
            FBin::Mul | FBin::Div if lb == Some(minus_one) => return self.f_neg(t, &a),
            FBin::Mul if la == Some(minus_one) => return self.f_neg(t, &b),
            _ => {}
        }
        let name = format!("{}_{}", op.name(), t.name());
        let f = if op.commutative() {
            self.store
                .declare_commutative_fun(&name, Sort::Int, Sort::Int)
        } else {
            self.store
                .declare_fun(&name, &[Sort::Int, Sort::Int], Sort::Int)
        };
        // In the checker's reassociation mode a float sum is a multiset sum.
        if Combiner::of(op) == Some(Combiner::Add) && self.folds.reassoc {
            return fold::sym_fold_f(self, Combiner::Add, t, &[a, b]);
        }
        self.store.app(f, vec![a, b])
    }

    fn f_neg(&mut self, t: FTy, a: &TermId) -> TermId {
        if let Some(x) = f_lit_of(self, *a) {
            return self.f_lit(t, x ^ t.format().sign_bit());
        }
        if let Some(r) = into_literal_ite(self, *a, &mut |d, x| d.f_neg(t, &x)) {
            return r;
        }
        let name = format!("negf_{}", t.name());
        let f = self.store.declare_fun(&name, &[Sort::Int], Sort::Int);
        if let smt::Node::App(g, args) = self.store.node(*a) {
            if *g == f {
                return args[0];
            }
        }
        self.store.app(f, vec![*a])
    }

    fn f_app(&mut self, f: crate::math::FUn, t: FTy, args: &[TermId]) -> TermId {
        crate::math::sym_app(self, f, t, args)
    }

    fn f_cmp(&mut self, pred: u8, t: FTy, a: &TermId, b: &TermId) -> TermId {
        // -0.0 and 0.0 compare alike.
        let zero = |d: &mut Sym, x: TermId| {
            if f_lit_of(d, x) == Some(t.format().sign_bit()) {
                d.store.int(0)
            } else {
                x
            }
        };
        let (a, b) = (zero(self, *a), zero(self, *b));
        // Widening is exact and monotone: compare the narrower values.
        if let (Some((f, x)), Some((g, y))) = (widened(self, t, a), widened(self, t, b)) {
            if f == g {
                return self.f_cmp(pred, f, &x, &y);
            }
        }
        if let (Some(x), Some(y)) = (f_lit_of(self, a), f_lit_of(self, b)) {
            return self.store.bool(ieee::cmp(pred, t, x, y));
        }
        match pred {
            0 => self.store.bool(false),
            1 => cmp_o(self, "oeq", t, a, b),
            2 => cmp_o(self, "olt", t, b, a),
            3 => cmp_o(self, "ole", t, b, a),
            4 => cmp_o(self, "olt", t, a, b),
            5 => cmp_o(self, "ole", t, a, b),
            6 => {
                let o = ord(self, t, a, b);
                let e = cmp_o(self, "oeq", t, a, b);
                let ne = self.store.not(e);
                self.store.and2(o, ne)
            }
            7 => ord(self, t, a, b),
            8 => {
                let one = self.f_cmp(6, t, &a, &b);
                self.store.not(one)
            }
            9..=14 => {
                // The unordered predicates are negations of ordered ones.
                let o = self.f_cmp(ieee::pred_negated(pred), t, &a, &b);
                self.store.not(o)
            }
            _ => self.store.bool(true),
        }
    }

    fn f_conv(&mut self, from: FTy, to: FTy, a: &TermId) -> TermId {
        if from == to {
            return *a;
        }
        if let Some(x) = f_lit_of(self, *a) {
            return self.store.int(ieee::convert(from, to, x) as i128);
        }
        if let Some(r) = into_literal_ite(self, *a, &mut |d, x| d.f_conv(from, to, &x)) {
            return r;
        }
        if ieee::widens(to, from) {
            let inner = format!("convf_{}_{}", to.name(), from.name());
            let g = self.store.declare_fun(&inner, &[Sort::Int], Sort::Int);
            if let smt::Node::App(h, args) = self.store.node(*a) {
                if *h == g {
                    return args[0];
                }
            }
        }
        let name = format!("convf_{}_{}", from.name(), to.name());
        let f = self.store.declare_fun(&name, &[Sort::Int], Sort::Int);
        self.store.app(f, vec![*a])
    }

    /// Literals folded; `x & x = x | x = x`, `x ^ x = 0`; otherwise an uninterpreted function
    /// per width with ordered arguments (commutativity), wrapped to the width.
    fn i_bit(&mut self, op: IBit, w: u32, a: &TermId, b: &TermId) -> TermId {
        if let (Some(x), Some(y)) = (self.store.as_int(*a), self.store.as_int(*b)) {
            return self.store.int(bitwise(op, w, x, y));
        }
        if a == b {
            return match op {
                IBit::Xor => self.store.int(0),
                _ => *a,
            };
        }
        // Identities of 0 and -1 (all ones).
        for (x, y) in [(*a, *b), (*b, *a)] {
            match (op, self.store.as_int(x)) {
                (IBit::And, Some(0)) => return self.store.int(0),
                (IBit::Or, Some(-1)) => return self.store.int(-1),
                (IBit::Or | IBit::Xor, Some(0)) | (IBit::And, Some(-1)) => return y,
                _ => {}
            }
        }
        // Into the branches of a selection between literals (constant tensors).
        for (x, y, swap) in [(*a, *b, false), (*b, *a, true)] {
            if let smt::Node::Ite(c, t, e) = self.store.node(x).clone() {
                let small = ite_leaves(self, x) * ite_leaves(self, y) <= 256;
                if small && self.store.as_int(t).is_some() {
                    let (l, r) = if swap { (y, t) } else { (t, y) };
                    let tt = self.i_bit(op, w, &l, &r);
                    let (l, r) = if swap { (y, e) } else { (e, y) };
                    let ee = self.i_bit(op, w, &l, &r);
                    return self.store.ite(c, tt, ee);
                }
            }
        }
        let name = format!("{}_i{w}", op.name());
        let f = self
            .store
            .declare_commutative_fun(&name, Sort::Int, Sort::Int);
        let r = self.store.app(f, vec![*a, *b]);
        crate::value::wrap(self, &r, w)
    }

    fn f_of_int(&mut self, t: FTy, x: &TermId) -> TermId {
        if let Some(i) = self.store.as_int(*x) {
            return self.store.int(ieee::from_int(t, i) as i128);
        }
        let f = self
            .store
            .declare_fun(&format!("itofp_{}", t.name()), &[Sort::Int], Sort::Int);
        self.store.app(f, vec![*x])
    }

    fn f_same(&mut self, _t: FTy, a: &TermId, b: &TermId) -> TermId {
        self.store.eq(*a, *b)
    }

    fn ite_f(&mut self, c: &TermId, a: &TermId, b: &TermId) -> TermId {
        self.store.ite(*c, *a, *b)
    }

    fn give_up(&mut self, why: String) {
        if self.unsupported.is_none() {
            self.unsupported = Some(why);
        }
    }

    fn lit_int(&self, i: &TermId) -> Option<i128> {
        self.store.as_int(*i)
    }

    fn lit_bool(&self, b: &TermId) -> Option<bool> {
        self.store.as_bool(*b)
    }

    fn fold_f(&mut self, k: Combiner, t: FTy, elems: &[TermId]) -> TermId {
        let id = self.store.int(fold::identity_bits(k, t) as i128);
        if k == Combiner::Add && elems.iter().filter(|e| **e != id).count() >= 2 {
            self.folds.saw_fsum = true;
        }
        fold::sym_fold_f(self, k, t, elems)
    }

    fn fold_box(
        &mut self,
        k: Combiner,
        t: EType,
        init: &SVal<Sym>,
        sizes: &[TermId],
        body: &mut dyn FnMut(&mut Sym, &[TermId]) -> SVal<Sym>,
    ) -> SVal<Sym> {
        fold::sym_fold_box(self, k, t, init, sizes, body)
    }

    fn ext_key(&mut self, callee: &str, _site: usize, args: &[Val<'_, Sym>]) -> TermId {
        // An external function may tell `+0.0` from `-0.0` ([`symbolic::Folds`]).
        self.folds.zero_sign_seen = true;
        crate::extcall::sym_key(self, callee, args)
    }

    fn ext_value(&mut self, name: &str, t: EType, at: &[TermId]) -> Elem<Sym> {
        crate::extcall::sym_value(self, name, t, at)
    }

    fn any_point(
        &mut self,
        sizes: &[TermId],
        cond: &mut dyn FnMut(&mut Sym, &[TermId]) -> TermId,
    ) -> TermId {
        crate::body::sym_any_point(self, sizes, cond)
    }
}

/// `(f, x)` when `a` is `extf` of `x : f` to `t`, a widening.
fn widened(d: &Sym, t: FTy, a: TermId) -> Option<(FTy, TermId)> {
    let smt::Node::App(g, args) = d.store.node(a) else {
        return None;
    };
    let name = d.store.fun_name(*g);
    let rest = name.strip_prefix("convf_")?;
    let (from, to) = rest.split_once('_')?;
    if to != t.name() {
        return None;
    }
    let f = [FTy::F16, FTy::BF16, FTy::F32, FTy::F64]
        .into_iter()
        .find(|f| f.name() == from)?;
    ieee::widens(f, t).then(|| (f, args[0]))
}

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
fn ite_leaves(d: &Sym, t: TermId) -> usize {
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
fn f_lit_of(d: &Sym, t: TermId) -> Option<u64> {
    d.store.as_int(t).map(|i| i as u64)
}

fn isnan(d: &mut Sym, t: FTy, a: TermId) -> TermId {
    if let Some(x) = f_lit_of(d, a) {
        return d.store.bool(t.format().is_nan(x));
    }
    // NaNs are canonical in the model (payloads are not observed), so a value is NaN exactly
    // when it is the canonical NaN.
    let nan = d.store.int(t.format().nan() as i128);
    d.store.eq(a, nan)
}

/// Neither operand is NaN.
fn ord(d: &mut Sym, t: FTy, a: TermId, b: TermId) -> TermId {
    let na = isnan(d, t, a);
    let nb = isnan(d, t, b);
    let either = d.store.or2(na, nb);
    d.store.not(either)
}

/// An ordered comparison `oeq`, `olt` or `ole`: both operands not NaN, and then
/// - `oeq(a, b)`: the same value, or zeros of both signs (exact: two different non-NaN bit
///   patterns compare equal only when both are zeros), so no uninterpreted relation;
/// - `olt(a, b)`: not equal, and one uninterpreted order `cmpf_olt_T(x, y)` per unordered pair
///   (`x` the operand of lower term id; `olt(y, x)` is its negation): trichotomy holds by
///   construction (exactly one of `<`, `=`, `>` on non-NaN values); against a literal
///   infinity the order is known;
/// - `ole(a, b)`: `olt(a, b) ∨ oeq(a, b)`.
fn cmp_o(d: &mut Sym, rel: &str, t: FTy, a: TermId, b: TermId) -> TermId {
    let o = ord(d, t, a, b);
    if a == b {
        return if rel == "olt" { d.store.bool(false) } else { o };
    }
    let same = d.store.eq(a, b);
    let (pz, nz) = (d.store.int(0), d.store.int(t.format().sign_bit() as i128));
    let (a_pz, b_nz) = (d.store.eq(a, pz), d.store.eq(b, nz));
    let (a_nz, b_pz) = (d.store.eq(a, nz), d.store.eq(b, pz));
    let z1 = d.store.and2(a_pz, b_nz);
    let z2 = d.store.and2(a_nz, b_pz);
    let eq = d.store.or(vec![same, z1, z2]);
    if rel == "oeq" {
        return d.store.and2(o, eq);
    }
    let f = d.store.declare_fun(
        &format!("cmpf_olt_{}", t.name()),
        &[Sort::Int, Sort::Int],
        Sort::Bool,
    );
    // Every non-NaN value other than +inf is below +inf, other than -inf above -inf; only
    // +inf is above the largest finite value, only -inf below the least.
    let fm = t.format();
    let (inf, ninf) = (Some(fm.inf(false)), Some(fm.inf(true)));
    let (max, nmax) = (Some(fm.max_finite(false)), Some(fm.max_finite(true)));
    let (la, lb) = (f_lit_of(d, a), f_lit_of(d, b));
    let is = |d: &mut Sym, x: TermId, bits: u64| {
        let lit = d.store.int(bits as i128);
        d.store.eq(x, lit)
    };
    let lt = if lb == inf || la == ninf {
        d.store.bool(true)
    } else if la == inf || lb == ninf {
        d.store.bool(false)
    } else if lb == nmax {
        is(d, a, fm.inf(true))
    } else if la == max {
        is(d, b, fm.inf(false))
    } else if la == nmax || lb == max {
        let x = if la == nmax { b } else { a };
        let extreme = is(d, x, fm.inf(la == nmax));
        d.store.not(extreme)
    } else if a < b {
        d.store.app(f, vec![a, b])
    } else {
        let gt = d.store.app(f, vec![b, a]);
        d.store.not(gt)
    };
    if rel == "olt" {
        let ne = d.store.not(eq);
        d.store.and(vec![o, ne, lt])
    } else {
        let le = d.store.or2(eq, lt);
        d.store.and2(o, le)
    }
}

// ---- concrete: IEEE arithmetic on bit patterns ----

/// A concrete float: its type and bit pattern. NaN results are canonical (payloads are not
/// part of the model).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CFloat {
    pub ty: FTy,
    pub bits: u64,
}

impl CFloat {
    /// The value `x` of type `t`, rounded to nearest even.
    pub fn of(t: FTy, x: f64) -> CFloat {
        CFloat {
            ty: t,
            bits: ieee::from_f64(t, x),
        }
    }
    pub fn f32(x: f32) -> CFloat {
        CFloat::of(FTy::F32, x as f64)
    }
    pub fn f64(x: f64) -> CFloat {
        CFloat::of(FTy::F64, x)
    }
    /// The value, exactly (every value of the four types is an `f64`).
    pub(crate) fn as_f64(self) -> f64 {
        self.ty.format().to_f64(self.bits)
    }
    pub fn is_nan(self) -> bool {
        self.ty.format().is_nan(self.bits)
    }
}

/// A float as readers expect it: the shortest text that reads back to the same value, with a
/// decimal point or an exponent (`1.0`, `-0.0`, `0.1`, `-3.4028235e38`, `1e-30`), `inf`,
/// `-inf` and `nan` (`ieee754::Format::display`); f16 and bf16 values are shown through f32,
/// which holds them exactly.
impl std::fmt::Display for CFloat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (fm, wide) = (self.ty.format(), ieee754::Format::F32);
        let text = match self.ty {
            FTy::F64 | FTy::F32 => fm.display(self.bits),
            FTy::F16 | FTy::BF16 => wide.display(wide.convert(fm, self.bits)),
        };
        f.write_str(&text)
    }
}

/// Every float type is computed exactly, through [`crate::ieee`] (the workspace's one IEEE 754
/// definition); the `math` functions as [`crate::math::concrete_app`] says.
impl MDomain for Concrete {
    type F = CFloat;

    fn f_lit(&mut self, t: FTy, bits: u64) -> CFloat {
        CFloat {
            ty: t,
            bits: t.format().canon(bits),
        }
    }

    fn f_bin(&mut self, op: FBin, t: FTy, a: &CFloat, b: &CFloat) -> CFloat {
        CFloat {
            ty: t,
            bits: ieee::bin(op, t, a.bits, b.bits),
        }
    }

    fn f_neg(&mut self, t: FTy, a: &CFloat) -> CFloat {
        CFloat {
            ty: t,
            bits: ieee::un(tensor::UnaryOp::Neg, t, a.bits),
        }
    }

    fn f_app(&mut self, f: crate::math::FUn, t: FTy, args: &[CFloat]) -> CFloat {
        let xs: Vec<u64> = args.iter().map(|a| a.bits).collect();
        match crate::math::concrete_app(f, t, &xs) {
            Some(bits) => CFloat { ty: t, bits },
            None => {
                self.give_up(format!("math.{} on {} is not computed", f.name(), t.name()));
                args[0]
            }
        }
    }

    fn f_conv(&mut self, from: FTy, to: FTy, a: &CFloat) -> CFloat {
        CFloat {
            ty: to,
            bits: ieee::convert(from, to, a.bits),
        }
    }

    fn i_bit(&mut self, op: IBit, w: u32, a: &i128, b: &i128) -> i128 {
        bitwise(op, w, *a, *b)
    }

    fn f_of_int(&mut self, t: FTy, x: &i128) -> CFloat {
        CFloat {
            ty: t,
            bits: ieee::from_int(t, *x),
        }
    }

    fn f_cmp(&mut self, pred: u8, t: FTy, a: &CFloat, b: &CFloat) -> bool {
        ieee::cmp(pred, t, a.bits, b.bits)
    }

    fn f_same(&mut self, _t: FTy, a: &CFloat, b: &CFloat) -> bool {
        a.bits == b.bits || (a.is_nan() && b.is_nan())
    }

    fn ite_f(&mut self, c: &bool, a: &CFloat, b: &CFloat) -> CFloat {
        if *c {
            *a
        } else {
            *b
        }
    }

    fn give_up(&mut self, why: String) {
        if self.inexact.is_none() {
            self.inexact = Some(why);
        }
    }

    fn lit_int(&self, i: &i128) -> Option<i128> {
        Some(*i)
    }

    fn lit_bool(&self, b: &bool) -> Option<bool> {
        Some(*b)
    }

    fn fold_f(&mut self, k: Combiner, t: FTy, elems: &[CFloat]) -> CFloat {
        if k == Combiner::Add && !fold::order_free(t, elems) {
            self.order_dependent = true;
        }
        let Some(op) = k.fbin() else {
            self.give_up(format!("an arith.{} fold as float arithmetic", k.name()));
            return elems[0];
        };
        let mut acc = elems[0];
        for e in &elems[1..] {
            acc = self.f_bin(op, t, &acc, e);
        }
        acc
    }

    fn fold_box(
        &mut self,
        k: Combiner,
        t: EType,
        init: &SVal<Concrete>,
        sizes: &[i128],
        body: &mut dyn FnMut(&mut Concrete, &[i128]) -> SVal<Concrete>,
    ) -> SVal<Concrete> {
        fold::concrete_fold_box(self, k, t, init, sizes, body)
    }

    fn ext_key(&mut self, _callee: &str, site: usize, _args: &[Val<'_, Concrete>]) -> i128 {
        crate::extcall::concrete_key(self, site)
    }

    fn ext_value(&mut self, name: &str, t: EType, at: &[i128]) -> Elem<Concrete> {
        crate::extcall::concrete_value(self, name, t, at)
    }

    fn any_point(
        &mut self,
        sizes: &[i128],
        cond: &mut dyn FnMut(&mut Concrete, &[i128]) -> bool,
    ) -> bool {
        crate::body::concrete_any_point(self, sizes, cond)
    }
}
