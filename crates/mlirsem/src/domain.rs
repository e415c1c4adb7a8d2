//! The element level of MLIR values, on top of the tensor core's [`tensor::Domain`].
//!
//! The core domain supplies conditions (`B`) and mathematical integers (`I`); this module adds
//! what MLIR's element types need: an abstract float (`F`) per float type. The symbolic domain
//! ([`symbolic::Sym`]) keeps float arithmetic uninterpreted; the concrete domain
//! ([`tensor::Concrete`]) computes it with IEEE arithmetic. Integers of width N are the core's
//! integers kept in the signed canonical range `[-2^(N-1), 2^(N-1))` by generic code
//! ([`crate::value`]), so no domain knows about widths.

use crate::fold::{self, Combiner};
use crate::value::SVal;
use smt::{Sort, TermId};
use symbolic::Sym;
use tensor::{Concrete, Domain};

/// A float type. Only f32 and f64 are replayed concretely.
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
}

// ---- symbolic: floats are Int-sorted values of uninterpreted functions ----

/// Float literals are their bit patterns (an injective encoding); arithmetic and comparisons
/// are uninterpreted functions per float type. `addf`/`mulf` order their arguments by term id
/// (commutativity by construction); `negf(negf(x))` is `x` (an involution, exact in IEEE).
impl MDomain for Sym {
    type F = TermId;

    fn f_lit(&mut self, _t: FTy, bits: u64) -> TermId {
        self.store.int(bits as i128)
    }

    fn f_bin(&mut self, op: FBin, t: FTy, a: &TermId, b: &TermId) -> TermId {
        let f = self.store.declare_fun(
            &format!("{}_{}", op.name(), t.name()),
            &[Sort::Int, Sort::Int],
            Sort::Int,
        );
        // `x + -0.0 = x` and `x * 1.0 = x` hold exactly in IEEE (NaN payloads aside).
        if let Some(k) = Combiner::of(op) {
            let id = self.store.int(fold::identity_bits(k, t) as i128);
            if *a == id {
                return *b;
            }
            if *b == id {
                return *a;
            }
            if k == Combiner::Add && self.folds.reassoc {
                return fold::sym_fold_f(self, k, t, &[*a, *b]);
            }
        }
        let (a, b) = if op.commutative() && b < a {
            (*b, *a)
        } else {
            (*a, *b)
        };
        self.store.app(f, vec![a, b])
    }

    fn f_neg(&mut self, t: FTy, a: &TermId) -> TermId {
        let name = format!("negf_{}", t.name());
        let f = self.store.declare_fun(&name, &[Sort::Int], Sort::Int);
        if let smt::Node::App(g, args) = self.store.node(*a) {
            if *g == f {
                return args[0];
            }
        }
        self.store.app(f, vec![*a])
    }

    fn f_cmp(&mut self, pred: u8, t: FTy, a: &TermId, b: &TermId) -> TermId {
        match pred {
            0 => self.store.bool(false),
            15 => self.store.bool(true),
            p => {
                let name = format!("cmpf_{}_{}", CMPF_NAMES[p as usize & 15], t.name());
                let f = self
                    .store
                    .declare_fun(&name, &[Sort::Int, Sort::Int], Sort::Bool);
                self.store.app(f, vec![*a, *b])
            }
        }
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
    pub fn f32(x: f32) -> CFloat {
        let x = if x.is_nan() { f32::NAN } else { x };
        CFloat {
            ty: FTy::F32,
            bits: x.to_bits() as u64,
        }
    }
    pub fn f64(x: f64) -> CFloat {
        let x = if x.is_nan() { f64::NAN } else { x };
        CFloat {
            ty: FTy::F64,
            bits: x.to_bits(),
        }
    }
    fn as_f64(self) -> Option<f64> {
        match self.ty {
            FTy::F32 => Some(f32::from_bits(self.bits as u32) as f64),
            FTy::F64 => Some(f64::from_bits(self.bits)),
            _ => None,
        }
    }
    pub fn is_nan(self) -> bool {
        self.as_f64().map(f64::is_nan).unwrap_or(false)
    }
}

impl std::fmt::Display for CFloat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.ty {
            FTy::F32 => write!(f, "{:e}", f32::from_bits(self.bits as u32)),
            FTy::F64 => write!(f, "{:e}", f64::from_bits(self.bits)),
            t => write!(f, "{}(0x{:x})", t.name(), self.bits),
        }
    }
}

fn no_half(d: &mut Concrete, t: FTy) -> bool {
    if matches!(t, FTy::F16 | FTy::BF16) {
        d.give_up(format!(
            "{} arithmetic is not replayed concretely",
            t.name()
        ));
        return true;
    }
    false
}

impl MDomain for Concrete {
    type F = CFloat;

    fn f_lit(&mut self, t: FTy, bits: u64) -> CFloat {
        no_half(self, t);
        CFloat { ty: t, bits }
    }

    fn f_bin(&mut self, op: FBin, t: FTy, a: &CFloat, b: &CFloat) -> CFloat {
        if no_half(self, t) {
            return *a;
        }
        if t == FTy::F32 {
            let (x, y) = (f32::from_bits(a.bits as u32), f32::from_bits(b.bits as u32));
            CFloat::f32(match op {
                FBin::Add => x + y,
                FBin::Sub => x - y,
                FBin::Mul => x * y,
                FBin::Div => x / y,
            })
        } else {
            let (x, y) = (f64::from_bits(a.bits), f64::from_bits(b.bits));
            CFloat::f64(match op {
                FBin::Add => x + y,
                FBin::Sub => x - y,
                FBin::Mul => x * y,
                FBin::Div => x / y,
            })
        }
    }

    fn f_neg(&mut self, t: FTy, a: &CFloat) -> CFloat {
        no_half(self, t);
        let sign = 1u64 << (t_width(t) - 1);
        CFloat {
            ty: t,
            bits: a.bits ^ sign,
        }
    }

    fn f_cmp(&mut self, pred: u8, t: FTy, a: &CFloat, b: &CFloat) -> bool {
        if no_half(self, t) {
            return false;
        }
        let (x, y) = (a.as_f64().unwrap_or(0.0), b.as_f64().unwrap_or(0.0));
        let uno = x.is_nan() || y.is_nan();
        let ord = !uno;
        match pred {
            0 => false,
            1 => ord && x == y,
            2 => ord && x > y,
            3 => ord && x >= y,
            4 => ord && x < y,
            5 => ord && x <= y,
            6 => ord && x != y,
            7 => ord,
            8 => uno || x == y,
            9 => uno || x > y,
            10 => uno || x >= y,
            11 => uno || x < y,
            12 => uno || x <= y,
            13 => uno || x != y,
            14 => uno,
            _ => true,
        }
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

    fn fold_f(&mut self, k: Combiner, t: FTy, elems: &[CFloat]) -> CFloat {
        let op = k.fbin();
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
}

fn t_width(t: FTy) -> u32 {
    EType::Float(t).width()
}
