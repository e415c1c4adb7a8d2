//! The state of a run (what ops read and add to: values, UB and unsure conditions, memory,
//! external calls) and the accessors every op definition shares: operand values and types,
//! literals, shapes, indices, slices. Below the op modules; the evaluator is [`crate::eval`].

use crate::base::domain::{EType, FTy, MDomain};
use crate::base::stop::{unsupported, IdxCond, Stop, R};
use crate::base::value::*;
use mlir::{Attr, DenseLit, Dim, FloatKind, Module, OpId, Type, ValueId};
use std::collections::BTreeMap;

/// One call of an external function, as a run made it.
pub struct ExtCall<'a, D: MDomain> {
    pub callee: String,
    /// The operand and result types of the call, as written: calls of one function must agree.
    pub sig: String,
    pub key: D::I,
    pub args: Vec<Val<'a, D>>,
    pub results: Vec<Val<'a, D>>,
}

/// The outcome of running one function.
pub struct Run<'a, D: MDomain> {
    pub results: Vec<Val<'a, D>>,
    pub ub: D::B,
    /// The UB conditions `ub` is the disjunction of, each with the op that added it
    /// (`arith.divsi at FILE:LINE:COL`), to name it in a counterexample.
    pub ub_sites: Vec<(D::B, String)>,
    pub unsure: Vec<(D::B, String)>,
    /// Unsure conditions per element of a tensor (unsure where any element's holds).
    pub unsure_at: Vec<CondAt<'a, D>>,
    /// UB conditions per element of a tensor (UB where any element's holds).
    pub ub_at: Vec<CondAt<'a, D>>,
    /// The block of each global used, by symbol name.
    pub globals: Vec<(String, usize)>,
    /// `scf.for` iterations unrolled ([`crate::ops::scf`]).
    pub unrolled: usize,
    /// The memory at return: argument blocks first, in argument order ([`crate::ops::memref`]).
    pub mem: Vec<crate::base::block::Block<'a, D>>,
    /// The calls of external functions, in execution order ([`crate::ops::extcall`]).
    pub calls: Vec<crate::base::ctx::ExtCall<'a, D>>,
}

/// The element type of a scalar MLIR type.
pub fn etype(t: &Type) -> Result<EType, String> {
    Ok(match t {
        Type::Integer { width: 1, .. } => EType::Bool,
        Type::Integer { width, .. } if (2..=64).contains(width) => EType::Int(*width),
        Type::Index => EType::Index,
        Type::Float(FloatKind::F16) => EType::Float(FTy::F16),
        Type::Float(FloatKind::BF16) => EType::Float(FTy::BF16),
        Type::Float(FloatKind::F32) => EType::Float(FTy::F32),
        Type::Float(FloatKind::F64) => EType::Float(FTy::F64),
        other => return Err(format!("unsupported element type {other:?}")),
    })
}

/// The ranked tensor type's dims and element type, or the scalar type (`None` dims).
pub fn value_type(t: &Type) -> Result<(Option<Vec<Dim>>, EType), String> {
    match t {
        Type::Tensor {
            shape,
            elem,
            encoding: None,
        } => Ok((Some(shape.clone()), etype(elem)?)),
        // A sparse tensor means its dense value (the encoding is a storage detail).
        Type::Tensor {
            shape,
            elem,
            encoding: Some(e),
        } if is_sparse_encoding(e) => Ok((Some(shape.clone()), etype(elem)?)),
        Type::Tensor { .. } => Err("tensors with an encoding other than sparse_tensor's".into()),
        other if other.element_type().is_some() => Err(format!(
            "unsupported type {other:?} (memrefs and vectors are a later slice)"
        )),
        other => Ok((None, etype(other)?)),
    }
}

/// Whether a tensor type's encoding is `#sparse_tensor.encoding<...>`.
pub(crate) fn is_sparse_encoding(e: &Attr) -> bool {
    matches!(e, Attr::Opaque { name, .. } if name == "sparse_tensor.encoding")
}

pub(crate) struct Ctx<'a, D: MDomain> {
    pub(crate) m: &'a Module,
    pub(crate) env: BTreeMap<ValueId, Val<'a, D>>,
    pub(crate) ub: D::B,
    /// See [`Run::ub_sites`].
    pub(crate) ub_sites: Vec<(D::B, String)>,
    /// The op being evaluated (innermost), which UB and unsure conditions are charged to.
    pub(crate) at: Option<OpId>,
    pub(crate) unsure: Vec<(D::B, String)>,
    pub(crate) unsure_at: Vec<CondAt<'a, D>>,
    pub(crate) ub_at: Vec<CondAt<'a, D>>,
    /// How many inlined calls enclose this function.
    pub(crate) depth: usize,
    /// Memory blocks ([`crate::ops::memref`]), and the block of each global used so far.
    pub(crate) mem: Vec<crate::base::block::Block<'a, D>>,
    pub(crate) globals: Vec<(String, usize)>,
    /// For each result of `tensor.empty` and `bufferization.to_tensor`, where its elements were
    /// never initialized: reading one straight from that value is UB (`tensor.extract`,
    /// [`uninit_reads`]; [`crate::ops::memref`]).
    pub(crate) uninit: BTreeMap<ValueId, IdxCond<'a, D>>,
    /// `scf.for` iterations unrolled so far ([`crate::ops::scf::MAX_UNROLLED`]).
    pub(crate) unrolled: usize,
    /// See [`Run::calls`]; those of enclosing functions first.
    pub(crate) calls: Vec<crate::base::ctx::ExtCall<'a, D>>,
}

impl<'a, D: MDomain> Ctx<'a, D> {
    pub(crate) fn get(&self, v: ValueId) -> R<Val<'a, D>> {
        match self.env.get(&v) {
            Some(x) => Ok(x.clone()),
            None => unsupported(format!(
                "value %{} is defined outside the modelled ops",
                self.m.value(v).name
            )),
        }
    }
    pub(crate) fn add_ub(&mut self, d: &mut D, c: &D::B) {
        self.ub = d.or(&self.ub, c);
        let site = match self.at {
            Some(o) => self.m.op_at(o),
            None => "the function".to_string(),
        };
        self.ub_sites.push((c.clone(), site));
    }
    pub(crate) fn add_unsure(&mut self, d: &mut D, c: &D::B, why: &str) {
        let _ = d;
        let why = self.located(why);
        self.unsure.push((c.clone(), why));
    }
    /// `why` with the op being evaluated and its location: `why (arith.divsi at F:L:C)`.
    pub(crate) fn located(&self, why: &str) -> String {
        match self.at {
            Some(o) => format!("{why} ({})", self.m.op_at(o)),
            None => why.to_string(),
        }
    }
    /// A per-element UB condition, charged to the op being evaluated.
    pub(crate) fn push_ub_at(&mut self, mut c: CondAt<'a, D>) {
        c.why = self.located(&c.why);
        self.ub_at.push(c);
    }
    /// A per-element unsure condition, charged to the op being evaluated.
    pub(crate) fn push_unsure_at(&mut self, mut c: CondAt<'a, D>) {
        c.why = self.located(&c.why);
        self.unsure_at.push(c);
    }
    /// Guards the UB sites from index `mark` on by `g` (a branch or a non-empty loop box).
    pub(crate) fn guard_sites(&mut self, d: &mut D, mark: usize, g: &D::B) {
        for s in &mut self.ub_sites[mark..] {
            s.0 = d.and(g, &s.0);
        }
    }
}

pub(crate) fn scalar_of<'a, D: MDomain>(v: &Val<'a, D>) -> R<(SVal<D>, EType)> {
    match v {
        Val::Scalar(s, t) => Ok((s.clone(), *t)),
        Val::Tensor(_) => unsupported("a tensor where a scalar is expected"),
        Val::MemRef(_) => unsupported("a memref where a scalar is expected"),
    }
}

pub(crate) fn tensor_of<'a, D: MDomain>(v: &Val<'a, D>) -> R<Tensor<'a, D>> {
    match v {
        Val::Tensor(t) => Ok(t.clone()),
        Val::Scalar(..) => unsupported("a scalar where a tensor is expected"),
        Val::MemRef(_) => unsupported("a memref where a tensor is expected"),
    }
}

pub(crate) fn int_of<D: MDomain>(s: &SVal<D>) -> R<D::I> {
    match &s.v {
        Elem::Int(i) => Ok(i.clone()),
        _ => unsupported("an index operand that is not an integer"),
    }
}

pub(crate) fn result_type(m: &Module, o: OpId, i: usize) -> R<(Option<Vec<Dim>>, EType)> {
    let v = m.op(o).results.get(i).copied();
    let Some(v) = v else {
        return unsupported(format!("{} without a result", m.op(o).name));
    };
    value_type(&m.value(v).ty).map_err(Stop::Unsupported)
}

/// The number of `outs` operands of a destination-style op (its results on tensors; none on
/// buffers).
pub(crate) fn n_outputs(m: &Module, o: OpId) -> usize {
    let op = m.op(o);
    match op.attr("operandSegmentSizes").and_then(Attr::as_ints) {
        Some(v) if v.len() == 2 => v[1].max(0) as usize,
        _ => op.results.len(),
    }
}

/// Size `i` of `shape` (0 when `i` is not a dimension: the caller makes that UB).
pub(crate) fn dim_at<D: MDomain>(d: &mut D, shape: &[D::I], i: &D::I) -> D::I {
    let mut v = d.lit_i(0);
    for (k, n) in shape.iter().enumerate().rev() {
        let kk = d.lit_i(k as i128);
        let is = d.eq_i(i, &kk);
        v = d.ite_i(&is, n, &v);
    }
    v
}

/// The shape of a result type whose dynamic dims are given by `sizes`, in order.
pub(crate) fn shape_from<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    dims: &[Dim],
    sizes: &[SVal<D>],
    what: &str,
) -> R<Vec<D::I>> {
    let mut dynamic = sizes.iter();
    let mut shape = vec![];
    for dim in dims {
        shape.push(match dim {
            Dim::Static(n) => d.lit_i(*n as i128),
            Dim::Dynamic => {
                let Some(s) = dynamic.next() else {
                    return unsupported(format!("{what}: too few dynamic sizes"));
                };
                let v = int_of(s)?;
                let zero = d.lit_i(0);
                let neg = d.lt_i(&v, &zero);
                let bad_ok = d.not(&s.ok);
                let bad = d.or(&neg, &bad_ok);
                // No tensor has a negative or poison size (docs/mlir.md, "Run-time conditions
                // read as UB").
                cx.add_ub(d, &bad);
                v
            }
        });
    }
    Ok(shape)
}

/// Index operands of an access to something of `shape` (tensor extract/insert, memref
/// load/store): the indices, and whether they are all defined (not poison) and in bounds.
pub(crate) fn read_indices<'a, D: MDomain>(
    d: &mut D,
    shape: &[D::I],
    ops: &[Val<'a, D>],
    what: &str,
) -> R<(Vec<D::I>, D::B)> {
    if ops.len() != shape.len() {
        return unsupported(format!("{what} with the wrong number of indices"));
    }
    let mut idx = vec![];
    let mut ok = d.lit_b(true);
    for v in ops {
        let (s, _) = scalar_of(v)?;
        ok = d.and(&ok, &s.ok);
        idx.push(int_of(&s)?);
    }
    let inb = in_bounds(d, &idx, shape);
    let good = d.and(&ok, &inb);
    Ok((idx, good))
}

/// Index operands of extract/insert, with UB when any is out of bounds or poison.
pub(crate) fn indices<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    t: &Tensor<'a, D>,
    ops: &[Val<'a, D>],
    what: &str,
) -> R<Vec<D::I>> {
    let (idx, good) = read_indices(d, &t.shape, ops, what)?;
    let bad = d.not(&good);
    cx.add_ub(d, &bad);
    Ok(idx)
}

fn wrap_lit(v: i128, w: u32) -> i128 {
    let full = pow2(w);
    let half = pow2(w - 1);
    (v + half).rem_euclid(full) - half
}

/// A float literal's bits in type `t`: its hexadecimal bits as written, or the decimal value
/// (read as an `f64`) rounded to `t`.
pub(crate) fn float_bits(t: FTy, value: f64, bits: Option<u128>) -> R<u64> {
    Ok(match bits {
        Some(b) => t.format().canon(b as u64),
        None => crate::base::ieee::from_f64(t, value),
    })
}

pub(crate) fn lit_elem<D: MDomain>(d: &mut D, t: EType, l: &DenseLit) -> R<Elem<D>> {
    Ok(match (t, l) {
        (EType::Bool, DenseLit::Bool(b)) => Elem::Bool(d.lit_b(*b)),
        (EType::Bool, DenseLit::Int(i)) => Elem::Bool(d.lit_b(*i & 1 != 0)),
        (EType::Int(_) | EType::Index, DenseLit::Int(i)) => {
            Elem::Int(d.lit_i(wrap_lit(*i, t.width())))
        }
        (EType::Float(f), DenseLit::Float(x)) => Elem::Float(d.f_lit(f, float_bits(f, *x, None)?)),
        (EType::Float(f), DenseLit::Int(i)) => {
            Elem::Float(d.f_lit(f, crate::base::ieee::from_int(f, *i)))
        }
        _ => return unsupported(format!("a dense literal {l:?} of type {}", t.name())),
    })
}

pub(crate) fn flatten(l: &DenseLit, out: &mut Vec<DenseLit>) {
    match l {
        DenseLit::List(xs) => xs.iter().for_each(|x| flatten(x, out)),
        other => out.push(other.clone()),
    }
}

/// Offsets, sizes and strides of a slice op: `(value, static literal if any)` per dim.
pub(crate) fn slice_params<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    dynamic: &[Val<'a, D>],
) -> R<Vec<[(D::I, Option<i128>); 3]>> {
    let op = cx.m.op(o);
    let get = |n: &str| -> R<Vec<i128>> {
        op.attr(n)
            .and_then(Attr::as_ints)
            .ok_or(Stop::Unsupported(format!("{} without {n}", op.name)))
    };
    let (offs, sizes, strides) = (
        get("static_offsets")?,
        get("static_sizes")?,
        get("static_strides")?,
    );
    if offs.len() != sizes.len() || sizes.len() != strides.len() {
        return unsupported("slice attributes of different lengths");
    }
    // The dynamic operands are all dynamic offsets, then all sizes, then all strides.
    let n_dyn = |xs: &[i128]| xs.iter().filter(|x| **x == mlir::DYNAMIC as i128).count();
    let (n_off, n_size) = (n_dyn(&offs), n_dyn(&sizes));
    if dynamic.len() < n_off + n_size + n_dyn(&strides) {
        return unsupported("a slice with too few dynamic operands");
    }
    let mut iters = [
        dynamic[..n_off].iter(),
        dynamic[n_off..n_off + n_size].iter(),
        dynamic[n_off + n_size..].iter(),
    ];
    let mut out = vec![];
    for k in 0..offs.len() {
        let mut triple = vec![];
        for (j, stat) in [offs[k], sizes[k], strides[k]].into_iter().enumerate() {
            if stat == mlir::DYNAMIC as i128 {
                let Some(v) = iters[j].next() else {
                    return unsupported("a slice with too few dynamic operands");
                };
                let (s, _) = scalar_of(v)?;
                let nok = d.not(&s.ok);
                if j == 2 {
                    // MLIR does not say what a stride below 1 means.
                    let v = int_of(&s)?;
                    let one = d.lit_i(1);
                    let small = d.lt_i(&v, &one);
                    let bad = d.or(&small, &nok);
                    cx.add_unsure(d, &bad, "a slice with a stride below 1 or poison");
                } else {
                    cx.add_unsure(d, &nok, "a slice with a poison offset or size");
                }
                triple.push((int_of(&s)?, None));
            } else {
                if j == 2 && stat < 1 {
                    return unsupported("slices with non-positive strides");
                }
                triple.push((d.lit_i(stat), Some(stat)));
            }
        }
        let [a, b, c]: [(D::I, Option<i128>); 3] = triple
            .try_into()
            .map_err(|_| Stop::Unsupported("slice parameters".into()))?;
        out.push([a, b, c]);
    }
    Ok(out)
}

/// UB unless `0 <= off`, `0 <= size` and the last element `off + (size-1)*stride` is in
/// `[0, n)` (or the slice is empty and `off <= n`).
pub(crate) fn slice_in_bounds<D: MDomain>(
    d: &mut D,
    p: &[(D::I, Option<i128>); 3],
    n: &D::I,
) -> D::B {
    let zero = d.lit_i(0);
    let one = d.lit_i(1);
    let (off, size, stride) = (&p[0].0, &p[1].0, &p[2].0);
    let a = d.le_i(&zero, off);
    let b = d.le_i(&zero, size);
    let sm1 = d.sub_i(size, &one);
    let span = d.mul_i(&sm1, stride);
    let last = d.add_i(off, &span);
    let inside = d.lt_i(&last, n);
    let empty = d.eq_i(size, &zero);
    let off_le = d.le_i(off, n);
    let empty_ok = d.and(&empty, &off_le);
    let c = d.or(&inside, &empty_ok);
    let ab = d.and(&a, &b);
    d.and(&ab, &c)
}

/// Which slice dims are kept in a result whose dims are `reduced` (the result type of
/// `extract_slice`/`subview`, the source type of `insert_slice`): MLIR's deterministic rule
/// (`computeRankReductionMask`, `ExtractSliceOp::getDroppedDims`): scanning the sizes left to
/// right, a static unit size is dropped unless the next unmatched reduced dim is a static 1;
/// every other size is kept. Which of several unit dims is dropped never changes the meaning
/// (a unit dim is read at its offset whether kept or not); a reduced type this rule cannot
/// match is invalid MLIR, unsupported here.
pub(crate) fn kept_dims<D: MDomain>(
    params: &[[(D::I, Option<i128>); 3]],
    reduced: &[Dim],
) -> R<Vec<bool>> {
    if reduced.len() == params.len() {
        return Ok(vec![true; params.len()]);
    }
    let mut next = 0;
    let mut keep = vec![];
    for p in params {
        let k = p[1].1 != Some(1) || reduced.get(next) == Some(&Dim::Static(1));
        next += usize::from(k);
        keep.push(k);
    }
    if next == reduced.len() {
        Ok(keep)
    } else {
        unsupported("a rank-reducing slice whose sizes do not match its reduced type")
    }
}
