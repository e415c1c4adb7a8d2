//! The bottom layer: Triton values over a core [`Domain`].
//!
//! A block is a shape (Triton block shapes are compile-time constants) and an *element
//! function* of the lane index, generic over the domain: the symbolic executor calls it at
//! symbolic lanes (one term stands for every lane), the concrete interpreter at every lane.
//! Scalars are blocks of shape `[]`. Python-level constants (constexprs, literals, dtypes)
//! stay constants until an op needs them as a block.

use std::rc::Rc;
use tensor::{Domain, ElemType, Literal};

/// The core `Domain` with what Triton needs beyond it: real functions the core does not define
/// (`log`, `sqrt`, `sin`, ...). Symbolically each is an uninterpreted function (one symbol per
/// name, no axioms: the verdict names it); the concrete interpreter bounds them by intervals
/// (`Concrete::real_fn`), so a replayed difference counts only when the intervals are apart.
pub(crate) trait LDomain: Domain + 'static {
    fn math(&mut self, name: &'static str, x: &Self::V) -> Self::V;
    /// A real function of two reals the core does not define (`pow` of a real exponent):
    /// uninterpreted symbolically, bounded by intervals concretely (`Concrete::real_fn2`).
    fn math2(&mut self, name: &'static str, x: &Self::V, y: &Self::V) -> Self::V;
    /// The IEEE class test `name` ([`crate::ops::CLASSES`]: `isnan`, `isinf`, `isfinite`) of
    /// a real. Symbolically an uninterpreted predicate `uf_NAME` (no axioms: kernel and formula
    /// apply the same one to the same value), read only of a loaded value (an input's element,
    /// possibly through conversions): a computed value's class differs between the real model
    /// and IEEE (`exp(x)` overflows), so any other argument is unsupported, `at` naming it.
    /// Concretely the class of the value the interpreter holds (a real is finite).
    fn class(&mut self, name: &'static str, x: &Self::V, at: &str) -> Self::B;
    /// Whether [`LDomain::class`] reads `x` as an atom: symbolically a loaded value,
    /// concretely always (where the class of a real is decided).
    fn loaded_v(&self, x: &Self::V) -> bool;
    /// The integer's value when the domain knows it (the concrete domain always does): a loop
    /// over a runtime range runs iteration by iteration then, and is summarised otherwise
    /// (`exec::loops`).
    fn known_i(&self, i: &Self::I) -> Option<i128>;
    /// A fresh integer unknown (a symbolic loop iteration). Only called where [`known_i`]
    /// knew nothing, so never in the concrete domain.
    fn fresh_i(&mut self, base: &str) -> Self::I;
    /// `v` with the unknown `from` (made by [`fresh_i`]) replaced by `to`.
    fn subst_v(&mut self, v: &Self::V, from: &Self::I, to: &Self::I) -> Self::V;
    /// A condition with the unknown `from` replaced by `to`, as [`LDomain::subst_v`].
    fn subst_b(&mut self, b: &Self::B, from: &Self::I, to: &Self::I) -> Self::B;
    /// The integer's value when it is a literal (a launch with a constant grid gives
    /// `tl.num_programs` one).
    fn literal_i(&self, i: &Self::I) -> Option<i128>;
    /// `Some(sign)` when `v` is the literal `+inf` (true) or `-inf` (false).
    fn inf_of(&self, v: &Self::V) -> Option<bool>;
    /// The sign (-1, 0, 1) of `v` when it is a rational literal.
    fn lit_sign(&self, v: &Self::V) -> Option<i8>;
    /// A reduction (`tl.sum`, `tl.max`, `tl.min`) of `body(k)` over `k` in `0..extent`; lanes
    /// whose element is the reducer's identity infinity (`-inf` for a max) take no part. See
    /// [`crate::atoms`]: concretely enumerated, symbolically an atom.
    fn reduction(
        &mut self,
        reducer: tensor::Reducer,
        extent: &Self::I,
        body: &mut dyn FnMut(&mut Self, &Self::I) -> Elem<Self>,
    ) -> Elem<Self>
    where
        Self: Sized;
    /// The extent of a block dimension of `n` lanes: `n`, or, for a placeholder of a block
    /// size computed from sizes ([`crate::atoms::placeholder`]), its symbol.
    fn extent(&mut self, n: usize) -> Self::I;
    /// The number of lanes of `tl.arange(0, end)` for a non-constant `end`: its value
    /// concretely, a placeholder for a block-size symbol; `None` otherwise.
    fn lanes_of(&mut self, end: &Self::I) -> Option<usize>;
    /// Whether two indices are the same (for memoizing per-lane values: equal numbers, or
    /// one hash-consed term).
    fn same_i(&self, a: &Self::I, b: &Self::I) -> bool;
    /// Enters a context where `c` holds (a summarised loop's range, in its body): a reduction
    /// made there counts a range that `c` makes nonempty as nonempty (`crate::atoms`). Left
    /// by [`LDomain::leave_fact`]. Nothing concretely (every condition is decided there).
    fn enter_fact(&mut self, c: &Self::B);
    fn leave_fact(&mut self);
    /// Whether two reals are the same (one hash-consed term, or equal numbers).
    fn same_v(&self, a: &Self::V, b: &Self::V) -> bool;
    /// The condition's value when it is known (a literal symbolically; always concretely).
    fn known_b(&self, b: &Self::B) -> Option<bool>;
    /// Where `at` may hold, the value is not decided by the model (`why`: a NaN used as a
    /// real, a max of a NaN whose result Triton's `propagate_nan` decides): symbolically
    /// unsupported unless `at` is literally false (the verdict is then `unknown`, naming the
    /// access); concretely an inexact run where `at` holds (never a refutation).
    fn undecided(&mut self, at: &Self::B, why: &str);
    /// The integer element of buffer `name` at offset `off`: a buffer of integers
    /// ([`crate::elemkind`]), read as mathematical integers (symbolically an integer-valued
    /// input function, concretely the replay's integer data).
    fn load_i(&mut self, name: &str, off: &Self::I) -> Self::I;
    /// The greatest integer at most `x`, as an integer: symbolically the uninterpreted
    /// `floor` (an integer-valued function of the reals, [`FLOOR`], no other axiom: the
    /// verdict names it), exact concretely where the value is known exactly.
    fn floor_i(&mut self, x: &Self::V) -> Self::I;
    /// `b` rewritten where the condition `fact` has the value `holds` (for a value that is
    /// used only there, the other operand of a `where` on `fact`): symbolically `fact`
    /// replaced by that literal and the term rebuilt (simplified) through the constructors;
    /// concretely `b` itself (every condition is decided there, and where `fact` has that
    /// value the rewrite changes nothing).
    fn assuming_b(&mut self, b: &Self::B, fact: &Self::B, holds: bool) -> Self::B;
    /// [`LDomain::assuming_b`] of a real.
    fn assuming_v(&mut self, v: &Self::V, fact: &Self::B, holds: bool) -> Self::V;
}

/// The symbol of the integer-valued `floor` ([`LDomain::floor_i`]).
pub(crate) const FLOOR: &str = "floor_int";

/// The element type of a block. Floating-point types are modelled as the reals (an assumption
/// every verdict names); `Ptr(b)` points into buffer `b` (an element offset).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Ty {
    Bool,
    Int,
    Real,
    Ptr(usize),
}

impl Ty {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Ty::Bool => "bool",
            Ty::Int => "int",
            Ty::Real => "float",
            Ty::Ptr(_) => "pointer",
        }
    }
}

/// An element with the unknown `from` replaced by `to` (a summarised loop's iteration,
/// [`LDomain::subst_v`]); integers and conditions are terms of one kind symbolically.
pub(crate) fn subst_elem<D: LDomain>(d: &mut D, e: &Elem<D>, from: &D::I, to: &D::I) -> Elem<D> {
    match e {
        Elem::B(b) => Elem::B(d.subst_b(b, from, to)),
        Elem::I(_) => e.clone(),
        Elem::V(v) => Elem::V(d.subst_v(v, from, to)),
        Elem::X { nan, pos, neg, v } => Elem::X {
            nan: d.subst_b(nan, from, to),
            pos: d.subst_b(pos, from, to),
            neg: d.subst_b(neg, from, to),
            v: d.subst_v(v, from, to),
        },
    }
}

/// One element: a condition, an integer (also a pointer's offset), or a real.
pub(crate) enum Elem<D: Domain> {
    B(D::B),
    I(D::I),
    V(D::V),
    /// An extended real: NaN where `nan` holds, else `+inf` where `pos` holds, else `-inf`
    /// where `neg` holds, else `v` (the conditions overlap; the first that holds decides). A
    /// lane loaded with `other=-float('inf')`, a max over lanes that may all be masked off,
    /// `-inf - -inf` on a masked row. The ops of [`crate::ext`] keep it exact; any other use
    /// goes through [`Elem::v`].
    X {
        nan: D::B,
        pos: D::B,
        neg: D::B,
        v: D::V,
    },
}

impl<D: Domain> Clone for Elem<D> {
    fn clone(&self) -> Self {
        match self {
            Elem::B(b) => Elem::B(b.clone()),
            Elem::I(i) => Elem::I(i.clone()),
            Elem::V(v) => Elem::V(v.clone()),
            Elem::X { nan, pos, neg, v } => Elem::X {
                nan: nan.clone(),
                pos: pos.clone(),
                neg: neg.clone(),
                v: v.clone(),
            },
        }
    }
}

impl<D: LDomain> Elem<D> {
    pub(crate) fn b(self, d: &mut D) -> D::B {
        match self {
            Elem::B(b) => b,
            Elem::I(i) => {
                let z = d.lit_i(0);
                let e = d.eq_i(&i, &z);
                d.not(&e)
            }
            // A value read as a condition is `x != 0`, as Triton converts to `int1` (a mask
            // loaded from memory, `.to(tl.int1)`, `tl.where(x_keep, ...)`).
            Elem::V(v) => nonzero(d, &v),
            // NaN and the infinities are nonzero.
            Elem::X { nan, pos, neg, v } => {
                let c = nonzero(d, &v);
                let inf = d.or(&pos, &neg);
                let special = d.or(&nan, &inf);
                d.or(&special, &c)
            }
        }
    }
    pub(crate) fn i(self, d: &mut D) -> D::I {
        match self {
            Elem::I(i) => i,
            Elem::B(b) => {
                let (one, zero) = (d.lit_i(1), d.lit_i(0));
                d.ite_i(&b, &one, &zero)
            }
            // Callers convert reals to ints only through an explicit, documented op.
            Elem::V(_) | Elem::X { .. } => d.lit_i(0),
        }
    }
    /// As a real: integers and conditions convert exactly.
    pub(crate) fn v(self, d: &mut D) -> D::V {
        match self {
            Elem::V(v) => v,
            Elem::I(i) => d.index_v(ElemType::Real, &i),
            Elem::B(b) => {
                let one = d.lit_v(ElemType::Real, Literal::Int(1));
                let zero = d.lit_v(ElemType::Real, Literal::Int(0));
                d.ite_v(&b, &one, &zero)
            }
            // Exact concretely for infinities; symbolically an infinity under a condition that
            // is not literally false is unsupported (the verdict says so). A NaN is never read
            // as a real: undecided (`LDomain::undecided`).
            Elem::X { nan, pos, neg, v } => {
                d.undecided(&nan, "a value that may be NaN used as a real");
                let lo = d.lit_v(ElemType::Real, Literal::Inf(false));
                let v = d.ite_v(&neg, &lo, &v);
                let hi = d.lit_v(ElemType::Real, Literal::Inf(true));
                d.ite_v(&pos, &hi, &v)
            }
        }
    }
}

/// `v != 0` for a real `v`.
fn nonzero<D: LDomain>(d: &mut D, v: &D::V) -> D::B {
    let zero = d.lit_v(ElemType::Real, Literal::Int(0));
    let ne = tensor::compare(d, tensor::CompareOp::Ne, ElemType::Real, v, &zero);
    d.truth(&ne)
}

pub(crate) type ElemFn<D> = Rc<dyn Fn(&mut D, &[<D as Domain>::I]) -> Elem<D>>;

/// A block: a shape and the element at each lane index.
pub(crate) struct Block<D: Domain> {
    pub shape: Vec<usize>,
    pub ty: Ty,
    pub f: ElemFn<D>,
}

impl<D: Domain> Clone for Block<D> {
    fn clone(&self) -> Self {
        Block {
            shape: self.shape.clone(),
            ty: self.ty,
            f: self.f.clone(),
        }
    }
}

impl<D: LDomain> Block<D> {
    pub(crate) fn at(&self, d: &mut D, lane: &[D::I]) -> Elem<D> {
        crate::clock::tick();
        (self.f)(d, lane)
    }

    pub(crate) fn new(
        shape: Vec<usize>,
        ty: Ty,
        f: impl Fn(&mut D, &[D::I]) -> Elem<D> + 'static,
    ) -> Block<D> {
        Block {
            shape,
            ty,
            f: Rc::new(f),
        }
    }

    /// A scalar block holding `e` at every lane.
    pub(crate) fn splat(ty: Ty, e: Elem<D>) -> Block<D> {
        Block::new(vec![], ty, move |_, _| e.clone())
    }

    /// This block read at the lanes of a broadcast result of shape `to` (numpy rules: shapes
    /// aligned on the right, a dimension of 1 repeats).
    pub(crate) fn broadcast_to(&self, to: &[usize]) -> Block<D> {
        if self.shape == to {
            return self.clone();
        }
        let from = self.shape.clone();
        let skip = to.len() - from.len();
        let f = self.f.clone();
        let out = to.to_vec();
        Block::new(to.to_vec(), self.ty, move |d: &mut D, lane: &[D::I]| {
            let idx: Vec<D::I> = from
                .iter()
                .enumerate()
                .map(|(k, n)| {
                    if *n == 1 && out[skip + k] != 1 {
                        d.lit_i(0)
                    } else {
                        lane[skip + k].clone()
                    }
                })
                .collect();
            f(d, &idx)
        })
    }
}

/// The broadcast shape of two shapes, or why they do not broadcast.
/// Values memoized by a key and a vector of indices: a hash map where every index is a known
/// number (always concretely), a list compared by [`LDomain::same_i`] for the others
/// (symbolic terms). A concrete replay of a 128 x 128 tile looks up every lane: a list
/// searched lane by lane made that quadratic.
pub(crate) struct LaneMemo<D: Domain> {
    known: std::collections::HashMap<(usize, Vec<i128>), Elem<D>>,
    other: Vec<(usize, Vec<D::I>, Elem<D>)>,
}

impl<D: Domain> Default for LaneMemo<D> {
    fn default() -> Self {
        LaneMemo {
            known: Default::default(),
            other: vec![],
        }
    }
}

impl<D: LDomain> LaneMemo<D> {
    fn known_key(d: &D, at: &[D::I]) -> Option<Vec<i128>> {
        at.iter()
            .map(|i| d.known_i(i).or_else(|| d.literal_i(i)))
            .collect()
    }

    /// The value stored under `key` at `at`.
    pub(crate) fn get(&self, d: &D, key: usize, at: &[D::I]) -> Option<Elem<D>> {
        if let Some(k) = Self::known_key(d, at) {
            return self.known.get(&(key, k)).cloned();
        }
        self.other
            .iter()
            .find(|(k, ix, _)| {
                *k == key && ix.len() == at.len() && ix.iter().zip(at).all(|(a, b)| d.same_i(a, b))
            })
            .map(|(_, _, e)| e.clone())
    }

    /// Stores `value` under `key` at `at`.
    pub(crate) fn insert(&mut self, d: &D, key: usize, at: &[D::I], value: Elem<D>) {
        match Self::known_key(d, at) {
            Some(k) => {
                self.known.insert((key, k), value);
            }
            None => self.other.push((key, at.to_vec(), value)),
        }
    }
}

pub(crate) fn broadcast_shape(a: &[usize], b: &[usize]) -> Result<Vec<usize>, String> {
    let n = a.len().max(b.len());
    let mut out = vec![0; n];
    for k in 0..n {
        let x = if k + a.len() >= n {
            a[k + a.len() - n]
        } else {
            1
        };
        let y = if k + b.len() >= n {
            b[k + b.len() - n]
        } else {
            1
        };
        out[k] = match (x, y) {
            (x, y) if x == y => x,
            (1, y) => y,
            (x, 1) => x,
            _ => return Err(format!("shapes {a:?} and {b:?} do not broadcast")),
        };
    }
    check_numel(&out)?;
    Ok(out)
}

/// Triton's limit on the elements of a block (`TRITON_MAX_TENSOR_NUMEL`).
pub(crate) const MAX_NUMEL: usize = 1 << 20;

/// A block shape within Triton's limit.
pub(crate) fn check_numel(shape: &[usize]) -> Result<(), String> {
    let n = shape.iter().try_fold(1usize, |a, b| a.checked_mul(*b));
    match n {
        Some(n) if n <= MAX_NUMEL => Ok(()),
        _ => Err(format!(
            "a block of shape {shape:?}, more than Triton's {MAX_NUMEL} elements"
        )),
    }
}

/// A dtype value: the model's type of its elements, and which dtype it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Dtype {
    pub ty: Ty,
    pub name: DtypeName,
    /// A buffer's element type (`p.dtype.element_ty`): a conversion to it is what a store
    /// into the buffer does anyway, which the real model takes as exact.
    pub of_buffer: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum DtypeName {
    /// A dtype the text names: `float32`, `int64`.
    Named(&'static str),
    /// The element type a type query reads, by the query's text (`inp.dtype.element_ty`):
    /// which dtype it is is not known (only that values of that type are `ty` in the model).
    Query(String),
}

impl Dtype {
    pub(crate) fn named(name: &'static str, ty: Ty) -> Dtype {
        Dtype {
            ty,
            name: DtypeName::Named(name),
            of_buffer: false,
        }
    }

    /// What a conversion of a real to this dtype takes as given, when it is the type a query
    /// reads and the model's values of it are reals: that it is a floating-point type (an
    /// integer type would truncate; in the model a loaded value is a real whatever its buffer
    /// holds).
    pub(crate) fn real_conversion_assumption(&self) -> Option<String> {
        match (&self.name, self.ty) {
            (DtypeName::Query(q), Ty::Real) => Some(format!(
                "`{q}` is a floating-point type where a real is converted to it (a loaded \
                 value is a real whatever its buffer holds; an integer type would truncate)"
            )),
            _ => None,
        }
    }
}

/// A value of the kernel language.
pub(crate) enum KVal<D: Domain> {
    Block(Block<D>),
    /// A Python or constexpr integer.
    Int(i128),
    /// A Python float literal, exactly as written (`num/den`); `float('inf')` is `(1, 0)`,
    /// `-float('inf')` is `(-1, 0)`.
    Float(i128, i128),
    Bool(bool),
    /// A string constexpr (`ACTIVATION="relu"`).
    Str(String),
    /// A dtype: `tl.float32`, or the element type a type query reads (`x.dtype`).
    Dtype(Dtype),
    /// A compile-time condition the model cannot decide: its answer depends on an element
    /// type (`x.dtype == tl.float16`), which the real model does not have. The text says what
    /// decides it.
    Undecided(String),
    None,
    Tuple(Vec<KVal<D>>),
    /// `tl.make_block_ptr(...)` (`crate::bptr`).
    BlockPtr(Box<BlockPtr<D>>),
}

impl<D: Domain> Clone for KVal<D> {
    fn clone(&self) -> Self {
        match self {
            KVal::Block(b) => KVal::Block(b.clone()),
            KVal::Int(i) => KVal::Int(*i),
            KVal::Float(n, d) => KVal::Float(*n, *d),
            KVal::Bool(b) => KVal::Bool(*b),
            KVal::Str(x) => KVal::Str(x.clone()),
            KVal::Dtype(t) => KVal::Dtype(t.clone()),
            KVal::Undecided(w) => KVal::Undecided(w.clone()),
            KVal::None => KVal::None,
            KVal::Tuple(xs) => KVal::Tuple(xs.clone()),
            KVal::BlockPtr(p) => KVal::BlockPtr(p.clone()),
        }
    }
}

impl<D: LDomain> KVal<D> {
    /// The value as a block (constants become scalar blocks); `None` for dtypes, tuples, None.
    pub(crate) fn block(&self) -> Option<Block<D>> {
        Some(match self {
            KVal::Block(b) => b.clone(),
            KVal::Int(i) => {
                let i = *i;
                Block::new(vec![], Ty::Int, move |d: &mut D, _| Elem::I(d.lit_i(i)))
            }
            KVal::Float(n, 0) => {
                let up = *n > 0;
                Block::new(vec![], Ty::Real, move |d: &mut D, _| {
                    Elem::V(d.lit_v(ElemType::Real, Literal::Inf(up)))
                })
            }
            KVal::Float(n, den) => {
                let (n, den) = (*n, *den);
                Block::new(vec![], Ty::Real, move |d: &mut D, _| {
                    Elem::V(d.lit_v(ElemType::Real, Literal::Rat(n, den)))
                })
            }
            KVal::Bool(b) => {
                let b = *b;
                Block::new(vec![], Ty::Bool, move |d: &mut D, _| Elem::B(d.lit_b(b)))
            }
            KVal::Str(_)
            | KVal::Dtype(_)
            | KVal::Undecided(_)
            | KVal::None
            | KVal::Tuple(_)
            | KVal::BlockPtr(_) => return None,
        })
    }

    pub(crate) fn kind(&self) -> &'static str {
        match self {
            KVal::Block(b) if b.shape.is_empty() => "scalar",
            KVal::Block(_) => "block",
            KVal::Int(_) => "int constant",
            KVal::Float(..) => "float constant",
            KVal::Bool(_) => "bool constant",
            KVal::Str(_) => "string constant",
            KVal::Dtype(_) => "dtype",
            KVal::Undecided(_) => "condition on an element type",
            KVal::None => "None",
            KVal::Tuple(_) => "tuple",
            KVal::BlockPtr(_) => "block pointer",
        }
    }
}

/// A block pointer (`tl.make_block_ptr`, its ops in `crate::bptr`): scalar blocks for the
/// base pointer, shape, strides and offsets.
pub(crate) struct BlockPtr<D: Domain> {
    pub base: Block<D>,
    pub shape: Vec<Block<D>>,
    pub strides: Vec<Block<D>>,
    pub offsets: Vec<Block<D>>,
    pub block: Vec<usize>,
}

impl<D: Domain> Clone for BlockPtr<D> {
    fn clone(&self) -> Self {
        BlockPtr {
            base: self.base.clone(),
            shape: self.shape.clone(),
            strides: self.strides.clone(),
            offsets: self.offsets.clone(),
            block: self.block.clone(),
        }
    }
}
