//! MLIR values over a domain: scalars with a poison flag, and tensors as a shape plus an
//! element function (the "lambda" view: a tensor is a function from an in-bounds multi-index
//! to an element). Integer helpers keep iN values in the signed canonical range.

use crate::base::domain::{EType, FTy, MDomain};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// An element value of one [`EType`].
pub enum Elem<D: MDomain> {
    Bool(D::B),
    /// An integer or index in `[-2^(N-1), 2^(N-1))`.
    Int(D::I),
    Float(D::F),
}

impl<D: MDomain> Clone for Elem<D> {
    fn clone(&self) -> Self {
        match self {
            Elem::Bool(b) => Elem::Bool(b.clone()),
            Elem::Int(i) => Elem::Int(i.clone()),
            Elem::Float(f) => Elem::Float(f.clone()),
        }
    }
}

/// A scalar: its value, and whether it is defined (`ok`; false means poison, e.g. an element
/// of `tensor.empty` never written).
pub struct SVal<D: MDomain> {
    pub v: Elem<D>,
    pub ok: D::B,
}

impl<D: MDomain> Clone for SVal<D> {
    fn clone(&self) -> Self {
        SVal {
            v: self.v.clone(),
            ok: self.ok.clone(),
        }
    }
}

/// The element function of a tensor; called only at in-bounds indices.
pub type ElemFn<'a, D> = Rc<dyn Fn(&mut D, &[<D as tensor::Domain>::I]) -> SVal<D> + 'a>;

/// A ranked tensor: one size per dimension (literals for static dims), an element function.
pub struct Tensor<'a, D: MDomain> {
    pub shape: Vec<D::I>,
    pub ety: EType,
    pub at: ElemFn<'a, D>,
}

impl<'a, D: MDomain> Clone for Tensor<'a, D> {
    fn clone(&self) -> Self {
        Tensor {
            shape: self.shape.clone(),
            ety: self.ety,
            at: self.at.clone(),
        }
    }
}

/// An SSA value.
pub enum Val<'a, D: MDomain> {
    Scalar(SVal<D>, EType),
    Tensor(Tensor<'a, D>),
    /// A view of a memory block ([`crate::ops::memref`]).
    MemRef(MRef<D>),
}

impl<'a, D: MDomain> Clone for Val<'a, D> {
    fn clone(&self) -> Self {
        match self {
            Val::Scalar(s, t) => Val::Scalar(s.clone(), *t),
            Val::Tensor(t) => Val::Tensor(t.clone()),
            Val::MemRef(r) => Val::MemRef(r.clone()),
        }
    }
}

/// `f`, its value at each index computed once. Element functions call those of their
/// operands, so without this a chain of reductions computes each operand element once per
/// read: attention's softmax at 40x40 built every score 64,000 times per output element
/// (the symbolic domain: the same hash-consed term each time, at the cost of building it; the
/// concrete one: the same number). Reuse is exact: an element function is a function of the
/// index, and what evaluating one records in the domain (a symbolic run's float facts and
/// folds, a concrete run's `inexact` and `order_dependent`) is recorded for good the first
/// time. Indices are terms in the symbolic domain, hash-consed, so equal indices are equal
/// keys; a closure is only ever called with the one domain value its run was built with.
pub(crate) fn reused<'a, D: MDomain, T: Clone + 'a>(
    f: impl Fn(&mut D, &[D::I]) -> T + 'a,
) -> impl Fn(&mut D, &[D::I]) -> T + 'a {
    let memo: RefCell<HashMap<Vec<D::I>, T>> = RefCell::new(HashMap::new());
    move |d: &mut D, idx: &[D::I]| {
        if let Some(v) = memo.borrow().get(idx) {
            return v.clone();
        }
        let v = f(d, idx);
        memo.borrow_mut().insert(idx.to_vec(), v.clone());
        v
    }
}

/// `v` with its elements computed once ([`reused`]) if it is a tensor.
pub(crate) fn memoized_val<'a, D: MDomain>(v: Val<'a, D>) -> Val<'a, D> {
    match v {
        Val::Tensor(t) => {
            let at = t.at;
            Val::Tensor(Tensor {
                at: Rc::new(reused(move |d: &mut D, idx: &[D::I]| at(d, idx))),
                ..t
            })
        }
        v => v,
    }
}

pub(crate) fn pow2(n: u32) -> i128 {
    1i128 << n
}

/// `x` wrapped to `w` bits, signed canonical: `((x + 2^(w-1)) mod 2^w) - 2^(w-1)`.
pub(crate) fn wrap<D: MDomain>(d: &mut D, x: &D::I, w: u32) -> D::I {
    let half = d.lit_i(pow2(w - 1));
    let full = d.lit_i(pow2(w));
    let s = d.add_i(x, &half);
    let m = d.emod_i(&s, &full);
    d.sub_i(&m, &half)
}

/// The unsigned reading of a signed canonical `w`-bit value.
pub(crate) fn unsigned<D: MDomain>(d: &mut D, x: &D::I, w: u32) -> D::I {
    let zero = d.lit_i(0);
    let neg = d.lt_i(x, &zero);
    let full = d.lit_i(pow2(w));
    let up = d.add_i(x, &full);
    d.ite_i(&neg, &up, x)
}

pub(crate) fn ite_b<D: MDomain>(d: &mut D, c: &D::B, a: &D::B, b: &D::B) -> D::B {
    let l = d.and(c, a);
    let nc = d.not(c);
    let r = d.and(&nc, b);
    d.or(&l, &r)
}

pub(crate) fn ite_elem<D: MDomain>(d: &mut D, c: &D::B, a: &Elem<D>, b: &Elem<D>) -> Elem<D> {
    match (a, b) {
        (Elem::Bool(x), Elem::Bool(y)) => Elem::Bool(ite_b(d, c, x, y)),
        (Elem::Int(x), Elem::Int(y)) => Elem::Int(d.ite_i(c, x, y)),
        (Elem::Float(x), Elem::Float(y)) => Elem::Float(d.ite_f(c, x, y)),
        _ => {
            d.give_up("select between values of different kinds".into());
            a.clone()
        }
    }
}

pub(crate) fn ite_sval<D: MDomain>(d: &mut D, c: &D::B, a: &SVal<D>, b: &SVal<D>) -> SVal<D> {
    SVal {
        v: ite_elem(d, c, &a.v, &b.v),
        ok: ite_b(d, c, &a.ok, &b.ok),
    }
}

/// A placeholder value of type `t` (the value of a poison element: never observed).
pub(crate) fn zero_elem<D: MDomain>(d: &mut D, t: EType) -> Elem<D> {
    match t {
        EType::Bool => Elem::Bool(d.lit_b(false)),
        EType::Int(_) | EType::Index => Elem::Int(d.lit_i(0)),
        EType::Float(f) => Elem::Float(d.f_lit(f, 0)),
    }
}

/// Observational equality of two elements.
pub(crate) fn same<D: MDomain>(d: &mut D, t: EType, a: &Elem<D>, b: &Elem<D>) -> D::B {
    match (a, b) {
        (Elem::Bool(x), Elem::Bool(y)) => {
            let both = d.and(x, y);
            let nx = d.not(x);
            let ny = d.not(y);
            let neither = d.and(&nx, &ny);
            d.or(&both, &neither)
        }
        (Elem::Int(x), Elem::Int(y)) => d.eq_i(x, y),
        (Elem::Float(x), Elem::Float(y)) => match t {
            EType::Float(f) => d.f_same(f, x, y),
            _ => d.lit_b(false),
        },
        _ => d.lit_b(false),
    }
}

/// Whether target element `b` matches source element `a` as a result (or memory cell):
/// [`same`], and with `signed_zeros` off (`--no-signed-zeros`) also two zeros of either sign.
pub(crate) fn same_result<D: MDomain>(
    d: &mut D,
    t: EType,
    a: &Elem<D>,
    b: &Elem<D>,
    signed_zeros: bool,
) -> D::B {
    let s = same(d, t, a, b);
    match (a, b, t) {
        (Elem::Float(x), Elem::Float(y), EType::Float(f)) if !signed_zeros => {
            let zx = is_zero(d, f, x);
            let zy = is_zero(d, f, y);
            let both = d.and(&zx, &zy);
            d.or(&s, &both)
        }
        _ => s,
    }
}

/// `x` is `+0.0` or `-0.0`.
fn is_zero<D: MDomain>(d: &mut D, t: FTy, x: &D::F) -> D::B {
    let pz = d.f_lit(t, 0);
    let nz = d.f_lit(t, t.format().sign_bit());
    let p = d.f_same(t, x, &pz);
    let n = d.f_same(t, x, &nz);
    d.or(&p, &n)
}

/// `0 <= i < n` for every dimension.
pub(crate) fn in_bounds<D: MDomain>(d: &mut D, idx: &[D::I], shape: &[D::I]) -> D::B {
    let mut c = d.lit_b(true);
    let zero = d.lit_i(0);
    for (i, n) in idx.iter().zip(shape) {
        let lo = d.le_i(&zero, i);
        let hi = d.lt_i(i, n);
        c = d.and(&c, &lo);
        c = d.and(&c, &hi);
    }
    c
}

/// Equality of two shapes of the same rank.
pub(crate) fn same_shape<D: MDomain>(d: &mut D, a: &[D::I], b: &[D::I]) -> D::B {
    let mut c = d.lit_b(a.len() == b.len());
    for (x, y) in a.iter().zip(b) {
        let e = d.eq_i(x, y);
        c = d.and(&c, &e);
    }
    c
}

/// A condition on the elements of a tensor-shaped domain, holding where it holds at some
/// in-bounds index: per-element UB (e.g. a tosa `gather` index outside the values, which the
/// spec `REQUIRE`s away; [`crate::base::ctx::Run::ub_at`]) or a case outside the model
/// ([`crate::base::ctx::Run::unsure_at`]).
pub struct CondAt<'a, D: MDomain> {
    pub shape: Vec<D::I>,
    pub at: Rc<dyn Fn(&mut D, &[D::I]) -> D::B + 'a>,
    pub why: String,
}

pub(crate) fn as_int<D: MDomain>(d: &mut D, e: &Elem<D>, signed: bool) -> Result<D::I, String> {
    match e {
        Elem::Int(i) => Ok(i.clone()),
        Elem::Bool(b) => {
            let one = d.lit_i(if signed { -1 } else { 1 });
            let zero = d.lit_i(0);
            Ok(d.ite_i(b, &one, &zero))
        }
        Elem::Float(_) => Err("an integer op on a float".into()),
    }
}

pub(crate) fn from_int<D: MDomain>(d: &mut D, x: &D::I, t: EType) -> Result<Elem<D>, String> {
    Ok(match t {
        EType::Bool => {
            let w = wrap(d, x, 1);
            let zero = d.lit_i(0);
            let z = d.eq_i(&w, &zero);
            Elem::Bool(d.not(&z))
        }
        EType::Int(_) | EType::Index => Elem::Int(wrap(d, x, t.width())),
        EType::Float(_) => return Err("an integer result of float type".into()),
    })
}

/// A memref value: a view of `shape` into block `block`: multi-index `i` is the flat offset
/// `offset + Σ i_k * strides_k`. `contiguous`: the strides are known to be row-major.
pub struct MRef<D: MDomain> {
    pub block: usize,
    pub offset: D::I,
    pub shape: Vec<D::I>,
    pub strides: Vec<D::I>,
    pub contiguous: bool,
    /// Made by a view op (`subview`, `expand_shape`, `collapse_shape`) rather than being the
    /// block's own memref.
    pub derived: bool,
    /// The views a `memref.subview` chain cut this one from, nearest first.
    pub within: Vec<Within<D>>,
    pub ety: EType,
    /// A view of a tensor argument's buffer across a function boundary (or a subview of one):
    /// its offset and strides are the caller's, modelled row-major from 0, which element
    /// accesses do not observe; ops that read the layout itself are unsupported on it.
    pub caller_layout: bool,
}

impl<D: MDomain> Clone for MRef<D> {
    fn clone(&self) -> Self {
        MRef {
            block: self.block,
            offset: self.offset.clone(),
            shape: self.shape.clone(),
            strides: self.strides.clone(),
            contiguous: self.contiguous,
            derived: self.derived,
            within: self.within.clone(),
            ety: self.ety,
            caller_layout: self.caller_layout,
        }
    }
}

/// A view that a subview was cut from, seen from the subview: its sizes and, per dim of it,
/// the index there of index `i` of the subview: `base + coef * i[dim]`, or `base` for a dim
/// the subview dropped. An access through the subview is UB when that index leaves the view
/// (mlir-tv's reading: a subview is no UB, its accesses are checked through the layout).
pub struct Within<D: MDomain> {
    pub shape: Vec<D::I>,
    pub map: Vec<(D::I, Option<(usize, D::I)>)>,
}

impl<D: MDomain> Clone for Within<D> {
    fn clone(&self) -> Self {
        Within {
            shape: self.shape.clone(),
            map: self.map.clone(),
        }
    }
}
