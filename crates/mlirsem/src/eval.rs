//! The one definition of every supported MLIR op: given the values of its operands in some
//! [`MDomain`], its results, the undefined behaviour it adds, and the cases this model does not
//! cover ("unsure"). The symbolic checker and the concrete replay both run this code.
//!
//! UB (the function has no defined behaviour): out-of-bounds `tensor.extract`/`tensor.insert`,
//! `tensor.dim` of a dimension the tensor does not have, slices not inside their tensor,
//! `linalg.generic` operands whose sizes disagree with the loop bounds, a `tensor.cast` to a
//! static size that does not hold and `insert_slice` sizes disagreeing with the source. A
//! condition that MLIR may or may not treat as UB (negative dynamic sizes) is recorded as
//! *unsure*: the checker answers unknown if it can happen where the source is defined.

use crate::domain::{EType, FBin, FTy, MDomain};
use crate::reduce::Lin;
use crate::stop::{unsupported, IdxCond, Stop, R};
use crate::value::*;
use crate::value::{as_int, from_int};
use mlir::{Attr, BlockId, DenseData, DenseLit, Dim, FloatKind, Module, OpId, Type, ValueId};
use std::collections::BTreeMap;
use std::rc::Rc;

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
    /// `scf.for` iterations unrolled ([`crate::control`]).
    pub unrolled: usize,
    /// The memory at return: argument blocks first, in argument order ([`crate::memory`]).
    pub mem: Vec<crate::memory::Block<'a, D>>,
    /// The calls of external functions, in execution order ([`crate::extcall`]).
    pub calls: Vec<crate::extcall::ExtCall<'a, D>>,
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
    /// Memory blocks ([`crate::memory`]), and the block of each global used so far.
    pub(crate) mem: Vec<crate::memory::Block<'a, D>>,
    pub(crate) globals: Vec<(String, usize)>,
    /// For each result of `tensor.empty` and `bufferization.to_tensor`, where its elements were
    /// never initialized: reading one straight from that value is UB (`tensor.extract`,
    /// [`uninit_reads`]; [`crate::memory`]).
    pub(crate) uninit: BTreeMap<ValueId, IdxCond<'a, D>>,
    /// `scf.for` iterations unrolled so far ([`crate::control::MAX_UNROLLED`]).
    pub(crate) unrolled: usize,
    /// See [`Run::calls`]; those of enclosing functions first.
    pub(crate) calls: Vec<crate::extcall::ExtCall<'a, D>>,
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

/// The longest chain of dependent tensor ops in a function body: reading an element calls one
/// element closure per op, recursively. Sized (with `smt::MAX_DEPTH`) for an 8 MiB stack
/// (`tests/scale.rs`); a longer chain is unknown.
pub const MAX_TENSOR_CHAIN: usize = 1000;

/// Runs function `f` of `m` on `args` (one per function argument).
pub fn run_function<'a, D: MDomain>(
    d: &mut D,
    m: &'a Module,
    f: OpId,
    args: Vec<Val<'a, D>>,
) -> R<Run<'a, D>> {
    run_nested(d, m, f, args, vec![], vec![], 0)
}

/// [`run_function`] with memref arguments: `mem` holds their blocks, named by the arguments'
/// [`crate::value::MRef`]s.
pub fn run_function_mem<'a, D: MDomain>(
    d: &mut D,
    m: &'a Module,
    f: OpId,
    args: Vec<Val<'a, D>>,
    mem: Vec<crate::memory::Block<'a, D>>,
) -> R<Run<'a, D>> {
    run_nested(d, m, f, args, mem, vec![], 0)
}

/// [`run_function`] inside `depth` inlined calls, after the external `calls` of its callers.
pub(crate) fn run_nested<'a, D: MDomain>(
    d: &mut D,
    m: &'a Module,
    f: OpId,
    args: Vec<Val<'a, D>>,
    mem: Vec<crate::memory::Block<'a, D>>,
    calls: Vec<crate::extcall::ExtCall<'a, D>>,
    depth: usize,
) -> R<Run<'a, D>> {
    let op = m.op(f);
    let Some(&region) = op.regions.first() else {
        return unsupported("a function declaration without a body");
    };
    let blocks = &m.region(region).blocks;
    if blocks.len() != 1 {
        return unsupported("functions with several blocks (control flow)");
    }
    let block = m.block(blocks[0]);
    if block.args.len() != args.len() {
        return unsupported("argument count mismatch");
    }
    let ub = d.lit_b(false);
    let mut cx = Ctx {
        m,
        env: BTreeMap::new(),
        ub,
        ub_sites: vec![],
        at: None,
        unsure: vec![],
        unsure_at: vec![],
        ub_at: vec![],
        depth,
        mem,
        globals: vec![],
        uninit: BTreeMap::new(),
        unrolled: 0,
        calls,
    };
    if depth > 0 && args.iter().any(|v| matches!(v, Val::MemRef(_))) {
        return unsupported("a call with memref arguments");
    }
    // Every attribute of the function and its ops must be one their definitions read.
    crate::attrs::check_function(m, f)?;
    for (a, v) in block.args.iter().zip(args) {
        cx.env.insert(*a, v);
    }
    // How many tensor ops feed each tensor value through element closures (one closure calls
    // the next when an element is read): bounded so that a read fits the stack.
    let mut chain: BTreeMap<ValueId, usize> = BTreeMap::new();
    let mut deepest = 0;
    for &o in &block.ops {
        let op = m.op(o);
        let below = if op.regions.is_empty() {
            op.operands
                .iter()
                .filter_map(|v| chain.get(v))
                .max()
                .copied()
                .unwrap_or(0)
        } else {
            deepest // a region may read any value defined so far
        };
        if below > MAX_TENSOR_CHAIN {
            return unsupported(format!(
                "tensor ops chained too deep: {} at {} reads a chain of {below} dependent tensor ops (the limit is {MAX_TENSOR_CHAIN})",
                op.name,
                m.op_location(o)
            ));
        }
        if op.name == "func.return" {
            let mut results = vec![];
            for &v in &op.operands {
                let r = cx.get(v)?;
                if depth > 0 && matches!(r, Val::MemRef(_)) {
                    return unsupported("a call returning a memref");
                }
                results.push(r);
            }
            return Ok(Run {
                results,
                ub: cx.ub,
                ub_sites: cx.ub_sites,
                unsure: cx.unsure,
                unsure_at: cx.unsure_at,
                ub_at: cx.ub_at,
                globals: cx.globals,
                unrolled: cx.unrolled,
                mem: cx.mem,
                calls: cx.calls,
            });
        }
        let outs = eval_op(d, &mut cx, o)?;
        for (r, v) in op.results.iter().zip(outs) {
            if matches!(v, Val::Tensor(_)) {
                chain.insert(*r, below + 1);
                deepest = deepest.max(below + 1);
            }
            cx.env.insert(*r, memoized_val(v));
        }
    }
    unsupported("a function body without func.return")
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

/// Ops that compute a scalar from scalars (lifted elementwise over tensors).
pub(crate) const SCALAR_OPS: &[&str] = &[
    "arith.addf",
    "arith.subf",
    "arith.mulf",
    "arith.divf",
    "arith.negf",
    "arith.addi",
    "arith.subi",
    "arith.muli",
    "arith.andi",
    "arith.ori",
    "arith.xori",
    "arith.cmpi",
    "arith.cmpf",
    "arith.select",
    "arith.index_cast",
    "arith.index_castui",
    "arith.extsi",
    "arith.extui",
    "arith.trunci",
];

/// Whether `name` computes a scalar from scalars without UB (lifted elementwise over tensors).
pub(crate) fn is_scalar_op(name: &str) -> bool {
    SCALAR_OPS.contains(&name)
        || crate::scalar::TOTAL.contains(&name)
        || crate::extremum::OPS.contains(&name)
        || crate::math::is_op(name)
}

pub(crate) fn eval_op<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
) -> R<Vec<Val<'a, D>>> {
    let outer = cx.at.replace(o);
    let r = eval_op_here(d, cx, o);
    cx.at = outer;
    r.map_err(|e| e.at(cx.m, o))
}

/// [`eval_op`] with `cx.at` set to `o`.
fn eval_op_here<'a, D: MDomain>(d: &mut D, cx: &mut Ctx<'a, D>, o: OpId) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let name = op.name.as_str();
    if op.form == mlir::OpForm::Opaque {
        // A custom form the parser skipped: its operands and attributes were not read.
        return unsupported(format!("unsupported op {name} at {}", m.op_location(o)));
    }
    if crate::memory::handles(m, o) {
        let operands: Vec<Val<'a, D>> = op.operands.iter().map(|&v| cx.get(v)).collect::<R<_>>()?;
        return crate::memory::eval_op(d, cx, o, &operands);
    }
    if (op.operands.iter()).any(|v| matches!(cx.env.get(v), Some(Val::MemRef(_)))) {
        return unsupported(format!("{name} on memref operands"));
    }
    if let Some(v) = crate::scalar::index_shift(d, cx, o)? {
        return Ok(vec![v]);
    }
    uninit_reads(cx, o)?;
    if is_scalar_op(name) {
        return elementwise(d, cx, o).map(|v| vec![v]);
    }
    if crate::scalar::PARTIAL.contains(&name) {
        return crate::scalar::partial(d, cx, o).map(|v| vec![v]);
    }
    let operands: Vec<Val<'a, D>> = op.operands.iter().map(|&v| cx.get(v)).collect::<R<_>>()?;
    eval_on(d, cx, o, operands)
}

/// UB where a linalg or tosa op reads an uninitialized element straight from a `tensor.empty`
/// or `bufferization.to_tensor` result ([`Ctx::uninit`]; mlir-tv: such ops need their operands
/// initialized): every element of an operand the payload reads
/// ([`crate::memory::payload_reads`]).
fn uninit_reads<'a, D: MDomain>(cx: &mut Ctx<'a, D>, o: OpId) -> R<()> {
    let m = cx.m;
    let op = m.op(o);
    if cx.uninit.is_empty() || !(op.name.starts_with("linalg.") || op.name.starts_with("tosa.")) {
        return Ok(());
    }
    let n_in = op.operands.len().saturating_sub(n_outputs(m, o));
    for (k, v) in op.operands.iter().enumerate() {
        let Some(at) = cx.uninit.get(v).cloned() else {
            continue;
        };
        if !crate::memory::payload_reads(m, o, k, n_in) {
            continue;
        }
        let shape = tensor_of(&cx.get(*v)?)?.shape.clone();
        cx.push_ub_at(CondAt {
            shape,
            at,
            why: format!("{} reads an uninitialized element", op.name),
        });
    }
    Ok(())
}

/// The results of op `o` on `operands` (the values of its operands, or, for a linalg op on
/// buffers, tensors read from them: [`crate::memory`]).
pub(crate) fn eval_on<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: Vec<Val<'a, D>>,
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let name = op.name.as_str();
    let need = match name {
        "tensor.dim" | "tensor.insert" | "tensor.insert_slice" => 2,
        "tensor.extract" | "tensor.cast" | "tensor.extract_slice" => 1,
        "sparse_tensor.convert" | "shape.to_extent_tensor" => 1,
        _ => 0,
    };
    if operands.len() < need {
        return unsupported(format!("{name} with {} operands", operands.len()));
    }
    let out = match name {
        "arith.constant" => constant(d, m, o)?,
        "tensor.empty" => {
            let (dims, ety) = result_type(m, o, 0)?;
            let dims = dims.ok_or(Stop::Unsupported("tensor.empty of a scalar".into()))?;
            if let Some(Type::Tensor {
                encoding: Some(_), ..
            }) = op.results.first().map(|r| &m.value(*r).ty)
            {
                // An empty sparse tensor stores no values: its elements are zeros, not poison.
                return unsupported("tensor.empty of a sparse tensor");
            }
            let sizes: Vec<SVal<D>> = operands
                .iter()
                .map(|v| scalar_of(v).map(|s| s.0))
                .collect::<R<_>>()?;
            let shape = shape_from(d, cx, &dims, &sizes, "tensor.empty")?;
            let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, _idx: &[D::I]| SVal {
                v: zero_elem(d, ety),
                ok: d.lit_b(false),
            });
            // Its elements are uninitialized: reading one straight from here is UB
            // ([`uninit_reads`], `tensor.extract`); elsewhere they are poison.
            if let Some(&r) = op.results.first() {
                cx.uninit
                    .insert(r, Rc::new(|d: &mut D, _idx: &[D::I]| d.lit_b(true)));
            }
            Val::Tensor(Tensor { shape, ety, at })
        }
        "tensor.dim" => {
            let t = tensor_of(&operands[0])?;
            let (i, _) = scalar_of(&operands[1])?;
            let iv = int_of(&i)?;
            let zero = d.lit_i(0);
            let rank = d.lit_i(t.shape.len() as i128);
            let lo = d.le_i(&zero, &iv);
            let hi = d.lt_i(&iv, &rank);
            let okb = d.and(&lo, &hi);
            let inb = d.and(&okb, &i.ok);
            let bad = d.not(&inb);
            cx.add_ub(d, &bad);
            let v = dim_at(d, &t.shape, &iv);
            let ok = d.lit_b(true);
            Val::Scalar(
                SVal {
                    v: Elem::Int(v),
                    ok,
                },
                EType::Index,
            )
        }
        "tensor.extract" => {
            let t = tensor_of(&operands[0])?;
            let idx = indices(d, cx, &t, &operands[1..], "tensor.extract")?;
            if let Some(uninit) = op.operands.first().and_then(|v| cx.uninit.get(v)) {
                let bad = uninit.clone()(d, &idx);
                cx.add_ub(d, &bad);
            }
            let s = (t.at)(d, &idx);
            Val::Scalar(s, t.ety)
        }
        "tensor.insert" => {
            let (s, _) = scalar_of(&operands[0])?;
            let t = tensor_of(&operands[1])?;
            let pos = indices(d, cx, &t, &operands[2..], "tensor.insert")?;
            let inner = t.at.clone();
            let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
                let mut hit = d.lit_b(true);
                for (a, b) in idx.iter().zip(&pos) {
                    let e = d.eq_i(a, b);
                    hit = d.and(&hit, &e);
                }
                let old = inner(d, idx);
                ite_sval(d, &hit, &s, &old)
            });
            Val::Tensor(Tensor {
                shape: t.shape.clone(),
                ety: t.ety,
                at,
            })
        }
        // The operand's value, its static result dims checked: `sparse_tensor.convert` only
        // changes the encoding, `shape.to_extent_tensor` of an extent tensor is the tensor.
        "tensor.cast" | "sparse_tensor.convert" | "shape.to_extent_tensor" => {
            let t = tensor_of(&operands[0])?;
            let (dims, _) = result_type(m, o, 0)?;
            let dims = dims.ok_or(Stop::Unsupported(format!("{name} to a scalar")))?;
            if dims.len() != t.shape.len() {
                return unsupported(format!("{name} between ranks"));
            }
            for (dim, n) in dims.iter().zip(&t.shape) {
                if let Dim::Static(s) = dim {
                    let l = d.lit_i(*s as i128);
                    let e = d.eq_i(&l, n);
                    let ne = d.not(&e);
                    // UB: a cast to a static size "acts as an assertion that fails at runtime"
                    // (docs/mlir.md, "Undefined behaviour").
                    cx.add_ub(d, &ne);
                }
            }
            Val::Tensor(t)
        }
        "tensor.extract_slice" => extract_slice(d, cx, o, &operands)?,
        "tensor.insert_slice" => insert_slice(d, cx, o, &operands)?,
        "linalg.fill" => {
            if operands.len() != 2 {
                return unsupported("linalg.fill with several operands");
            }
            let (s, _) = scalar_of(&operands[0])?;
            let t = tensor_of(&operands[1])?;
            let at: ElemFn<'a, D> = Rc::new(move |_d: &mut D, _idx: &[D::I]| s.clone());
            Val::Tensor(Tensor {
                shape: t.shape.clone(),
                ety: t.ety,
                at,
            })
        }
        "linalg.generic" if crate::reduce::has_reduction(m, o) => {
            return crate::reduce::generic_reduction(d, cx, o, &operands)
        }
        "linalg.generic" => return generic(d, cx, o, &operands),
        "linalg.map" => return linalg_map(d, cx, o, &operands),
        // A named elementwise op in generic form carries its body: run it as `linalg.map`
        // runs its own; in custom form its body is the table's.
        n if crate::named_elementwise::is_op(n) && !op.regions.is_empty() => {
            return linalg_map(d, cx, o, &operands)
        }
        n if crate::named_elementwise::is_op(n) => {
            crate::named_elementwise::eval_op(d, cx, o, &operands)?
        }
        "linalg.reduce" => return crate::reduce::linalg_reduce(d, cx, o, &operands),
        "linalg.matmul"
        | "linalg.batch_matmul"
        | "linalg.matvec"
        | "linalg.vecmat"
        | "linalg.batch_matvec"
        | "linalg.dot" => return crate::reduce::named(d, cx, o, &operands),
        other => {
            return match crate::ext::eval_op(d, cx, o, &operands)? {
                Some(vals) => Ok(vals),
                None => unsupported(format!("unsupported op {other} at {}", m.op_location(o))),
            }
        }
    };
    Ok(vec![out])
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
fn indices<'a, D: MDomain>(
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

// ---- constants ----

fn wrap_lit(v: i128, w: u32) -> i128 {
    let full = pow2(w);
    let half = pow2(w - 1);
    (v + half).rem_euclid(full) - half
}

/// A float literal's bits in type `t`: its hexadecimal bits as written, or the decimal value
/// (read as an `f64`) rounded to `t`.
fn float_bits(t: FTy, value: f64, bits: Option<u128>) -> R<u64> {
    Ok(match bits {
        Some(b) => t.format().canon(b as u64),
        None => crate::ieee::from_f64(t, value),
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
            Elem::Float(d.f_lit(f, crate::ieee::from_int(f, *i)))
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

const MAX_DENSE: usize = 4096;

/// The tensor of a literal attribute of static shape `dims`: a `dense` list or splat here,
/// `sparse` and hex payloads in [`crate::consts`] (for `arith.constant` and `memref.global`).
pub(crate) fn literal_tensor<'a, D: MDomain>(
    d: &mut D,
    a: &Attr,
    dims: &[Dim],
    ety: EType,
) -> R<Tensor<'a, D>> {
    let Attr::Dense {
        data: DenseData::Literal(l),
        ..
    } = a
    else {
        return crate::consts::other(d, a, dims, ety);
    };
    let mut static_dims = vec![];
    for dim in dims {
        match dim {
            Dim::Static(n) => static_dims.push(*n as i128),
            Dim::Dynamic => return unsupported("a dense constant of dynamic shape"),
        }
    }
    let count: i128 = static_dims.iter().product();
    let mut elems = vec![];
    flatten(l, &mut elems);
    let values: Vec<Elem<D>> = elems
        .iter()
        .map(|e| lit_elem(d, ety, e))
        .collect::<R<_>>()?;
    if values.len() != 1 && values.len() as i128 != count {
        return unsupported("a dense literal whose element count differs from its type");
    }
    if values.len() > MAX_DENSE {
        return unsupported(format!("dense constants of more than {MAX_DENSE} elements"));
    }
    // The last value is the default of the table: all of a splat, the last element of a list
    // (an empty literal has no element to read).
    let mut entries: Vec<(i128, Elem<D>)> = values
        .into_iter()
        .enumerate()
        .map(|(k, e)| (k as i128, e))
        .collect();
    let last = match entries.pop() {
        Some((_, e)) => e,
        None => zero_elem(d, ety),
    };
    Ok(crate::consts::table(d, &static_dims, ety, entries, last))
}

pub(crate) fn constant<'a, D: MDomain>(d: &mut D, m: &'a Module, o: OpId) -> R<Val<'a, D>> {
    let op = m.op(o);
    let (dims, ety) = result_type(m, o, 0)?;
    let ok = d.lit_b(true);
    match (op.attr("value"), dims) {
        (Some(Attr::Int { value, .. }), None) => {
            let l = DenseLit::Int(*value);
            Ok(Val::Scalar(
                SVal {
                    v: lit_elem(d, ety, &l)?,
                    ok,
                },
                ety,
            ))
        }
        (Some(Attr::Bool(b)), None) => Ok(Val::Scalar(
            SVal {
                v: Elem::Bool(d.lit_b(*b)),
                ok,
            },
            ety,
        )),
        (Some(Attr::Float { value, bits, .. }), None) => match ety {
            EType::Float(f) => {
                let b = float_bits(f, *value, *bits)?;
                Ok(Val::Scalar(
                    SVal {
                        v: Elem::Float(d.f_lit(f, b)),
                        ok,
                    },
                    ety,
                ))
            }
            _ => unsupported("a float constant of a non-float type"),
        },
        (Some(a), Some(dims)) => literal_tensor(d, a, &dims, ety).map(Val::Tensor),
        _ => unsupported("this form of arith.constant"),
    }
}

// ---- scalar ops, lifted over tensors ----

pub(crate) fn elementwise<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
) -> R<Val<'a, D>> {
    let m = cx.m;
    let op = m.op(o);
    let vals: Vec<Val<'a, D>> = op.operands.iter().map(|&v| cx.get(v)).collect::<R<_>>()?;
    let (_, rty) = result_type(m, o, 0)?;
    let tys: Vec<EType> = op
        .operands
        .iter()
        .map(|&v| value_type(&m.value(v).ty).map(|t| t.1))
        .collect::<Result<_, _>>()
        .map_err(Stop::Unsupported)?;
    let tensors: Vec<&Tensor<'a, D>> = vals
        .iter()
        .filter_map(|v| match v {
            Val::Tensor(t) => Some(t),
            _ => None,
        })
        .collect();
    if tensors.is_empty() {
        let args: Vec<SVal<D>> = vals
            .iter()
            .map(|v| scalar_of(v).map(|s| s.0))
            .collect::<R<_>>()?;
        let s = scalar_op(d, m, o, &args, &tys, rty).map_err(Stop::Unsupported)?;
        return Ok(Val::Scalar(s, rty));
    }
    // Elementwise over tensors of one shape (a dynamic mismatch is UB, as for linalg).
    let shape = tensors[0].shape.clone();
    for t in &tensors[1..] {
        let e = same_shape(d, &shape, &t.shape);
        let ne = d.not(&e);
        cx.add_ub(d, &ne);
    }
    // Check the op once on placeholder scalars, so that the element function cannot fail.
    let probe: Vec<SVal<D>> = tys
        .iter()
        .map(|t| SVal {
            v: zero_elem(d, *t),
            ok: d.lit_b(true),
        })
        .collect();
    scalar_op(d, m, o, &probe, &tys, rty).map_err(Stop::Unsupported)?;
    if vals.iter().any(|v| matches!(v, Val::MemRef(_))) {
        return unsupported("a memref operand of an elementwise op");
    }
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let args: Vec<SVal<D>> = vals
            .iter()
            .zip(&probe)
            .map(|(v, p)| match v {
                Val::Tensor(t) => (t.at)(d, idx),
                Val::Scalar(s, _) => s.clone(),
                // Refused above.
                Val::MemRef(_) => p.clone(),
            })
            .collect();
        match scalar_op(d, m, o, &args, &tys, rty) {
            Ok(s) => s,
            Err(why) => {
                d.give_up(format!("{why} ({})", m.op_at(o)));
                args[0].clone()
            }
        }
    });
    Ok(Val::Tensor(Tensor {
        shape,
        ety: rty,
        at,
    }))
}

fn float_of<D: MDomain>(e: &Elem<D>) -> Result<D::F, String> {
    match e {
        Elem::Float(f) => Ok(f.clone()),
        _ => Err("a float op on a non-float".into()),
    }
}

fn fty(t: EType) -> Result<FTy, String> {
    match t {
        EType::Float(f) => Ok(f),
        _ => Err("a float op on a non-float type".into()),
    }
}

fn pred_of(m: &Module, o: OpId) -> Result<i128, String> {
    match m.op(o).attr("predicate") {
        Some(a) => a
            .as_int()
            .ok_or("a predicate that is not an integer".into()),
        None => Err("a comparison without a predicate".into()),
    }
}

/// The scalar semantics of the ops in [`SCALAR_OPS`] (and [`is_scalar_op`]'s others), with
/// their flags: `overflowFlags` ([`crate::scalar::overflows`]) and the `nnan`/`ninf` fast-math
/// flags make the result poison where they say ([`crate::attrs::fast_math`]).
pub(crate) fn scalar_op<D: MDomain>(
    d: &mut D,
    m: &Module,
    o: OpId,
    args: &[SVal<D>],
    tys: &[EType],
    rty: EType,
) -> Result<SVal<D>, String> {
    let op = m.op(o);
    let (nnan, ninf) = crate::attrs::fast_math(op)?;
    let overflow = crate::attrs::overflow(op)?;
    let mut r = scalar_op_plain(d, m, o, &op.name, args, tys, rty)?;
    if overflow.0 || overflow.1 {
        let over = crate::scalar::overflows(d, &op.name, args, rty.width(), overflow)?;
        let fine = d.not(&over);
        r.ok = d.and(&r.ok, &fine);
    }
    if nnan || ninf {
        let floats = args.iter().zip(tys).map(|(a, t)| (&a.v, *t));
        for (v, t) in floats.chain([(&r.v, rty)]) {
            let (Elem::Float(x), EType::Float(ft)) = (v, t) else {
                continue;
            };
            let bad = special(d, ft, x, nnan, ninf);
            let fine = d.not(&bad);
            r.ok = d.and(&r.ok, &fine);
        }
    }
    Ok(r)
}

/// Whether `x` is a NaN (when `nan`) or an infinity (when `inf`).
fn special<D: MDomain>(d: &mut D, t: FTy, x: &D::F, nan: bool, inf: bool) -> D::B {
    let mut c = d.lit_b(false);
    if nan {
        // `uno(x, x)`: x is a NaN.
        let n = d.f_cmp(14, t, x, x);
        c = d.or(&c, &n);
    }
    if inf {
        let pos = t.format().inf(false);
        for bits in [pos, pos | t.format().sign_bit()] {
            let l = d.f_lit(t, bits);
            let e = d.f_cmp(1, t, x, &l);
            c = d.or(&c, &e);
        }
    }
    c
}

/// The scalar op `name` (the name of op `o`, or the body op of a named linalg op `o`) on
/// `args`, without its flags; the attributes it reads (`predicate`, `roundingmode`) are `o`'s.
pub(crate) fn scalar_op_plain<D: MDomain>(
    d: &mut D,
    m: &Module,
    o: OpId,
    name: &str,
    args: &[SVal<D>],
    tys: &[EType],
    rty: EType,
) -> Result<SVal<D>, String> {
    if let Some(r) = crate::scalar::total_op(d, m, o, name, args, tys, rty) {
        return r;
    }
    let mut ok = d.lit_b(true);
    for a in args {
        ok = d.and(&ok, &a.ok);
    }
    let arity = match name {
        "arith.negf" | "arith.index_cast" | "arith.index_castui" | "arith.extsi"
        | "arith.extui" | "arith.trunci" => 1,
        "arith.select" => 3,
        _ => 2,
    };
    if args.len() != arity || tys.len() != arity {
        return Err(format!("{name} with {} operands", args.len()));
    }
    let v = match name {
        "arith.addf" | "arith.subf" | "arith.mulf" | "arith.divf" => {
            let op = match name {
                "arith.addf" => FBin::Add,
                "arith.subf" => FBin::Sub,
                "arith.mulf" => FBin::Mul,
                _ => FBin::Div,
            };
            let (a, b) = (float_of(&args[0].v)?, float_of(&args[1].v)?);
            Elem::Float(d.f_bin(op, fty(rty)?, &a, &b))
        }
        "arith.negf" => {
            let a = float_of(&args[0].v)?;
            Elem::Float(d.f_neg(fty(rty)?, &a))
        }
        "arith.addi" | "arith.subi" | "arith.muli" => {
            let a = as_int(d, &args[0].v, true)?;
            let b = as_int(d, &args[1].v, true)?;
            let r = match name {
                "arith.addi" => d.add_i(&a, &b),
                "arith.subi" => d.sub_i(&a, &b),
                _ => d.mul_i(&a, &b),
            };
            from_int(d, &r, rty)?
        }
        "arith.andi" | "arith.ori" | "arith.xori" => match (&args[0].v, &args[1].v) {
            (Elem::Bool(a), Elem::Bool(b)) => Elem::Bool(match name {
                "arith.andi" => d.and(a, b),
                "arith.ori" => d.or(a, b),
                _ => {
                    let e = same(d, EType::Bool, &args[0].v, &args[1].v);
                    d.not(&e)
                }
            }),
            _ => return Err(format!("{name} on integers wider than i1")),
        },
        "arith.cmpi" => {
            let p = pred_of(m, o)?;
            let w = tys[0].width();
            let signed = !(6..=9).contains(&p);
            let mut a = as_int(d, &args[0].v, true)?;
            let mut b = as_int(d, &args[1].v, true)?;
            if !signed {
                a = unsigned(d, &a, w);
                b = unsigned(d, &b, w);
            }
            Elem::Bool(match p {
                0 => d.eq_i(&a, &b),
                1 => {
                    let e = d.eq_i(&a, &b);
                    d.not(&e)
                }
                2 | 6 => d.lt_i(&a, &b),
                3 | 7 => d.le_i(&a, &b),
                4 | 8 => d.lt_i(&b, &a),
                5 | 9 => d.le_i(&b, &a),
                _ => return Err(format!("cmpi predicate {p}")),
            })
        }
        "arith.cmpf" => {
            let p = pred_of(m, o)?;
            if !(0..=15).contains(&p) {
                return Err(format!("cmpf predicate {p}"));
            }
            let (a, b) = (float_of(&args[0].v)?, float_of(&args[1].v)?);
            Elem::Bool(d.f_cmp(p as u8, fty(tys[0])?, &a, &b))
        }
        "arith.select" => {
            let Elem::Bool(c) = &args[0].v else {
                return Err("select on a non-i1 condition".into());
            };
            let r = ite_sval(d, c, &args[1], &args[2]);
            let okc = d.and(&args[0].ok, &r.ok);
            return Ok(SVal { v: r.v, ok: okc });
        }
        "arith.index_cast" | "arith.extsi" | "arith.trunci" => {
            let a = as_int(d, &args[0].v, true)?;
            from_int(d, &a, rty)?
        }
        "arith.index_castui" | "arith.extui" => {
            let a = as_int(d, &args[0].v, false)?;
            let a = match &args[0].v {
                Elem::Int(_) => unsigned(d, &a, tys[0].width()),
                _ => a,
            };
            from_int(d, &a, rty)?
        }
        other => return Err(format!("unsupported op {other}")),
    };
    Ok(SVal { v, ok })
}

// ---- slices ----

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
fn slice_in_bounds<D: MDomain>(d: &mut D, p: &[(D::I, Option<i128>); 3], n: &D::I) -> D::B {
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

fn extract_slice<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let src = tensor_of(&operands[0])?;
    let params = slice_params(d, cx, o, &operands[1..])?;
    if params.len() != src.shape.len() {
        return unsupported("a slice whose rank differs from its source");
    }
    for (p, n) in params.iter().zip(&src.shape) {
        let inb = slice_in_bounds(d, p, n);
        let bad = d.not(&inb);
        cx.add_ub(d, &bad);
    }
    let (dims, _) = result_type(cx.m, o, 0)?;
    let keep = kept_dims::<D>(&params, &dims.unwrap_or_default())?;
    let shape: Vec<D::I> = params
        .iter()
        .zip(&keep)
        .filter(|(_, k)| **k)
        .map(|(p, _)| p[1].0.clone())
        .collect();
    let inner = src.at.clone();
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let mut it = idx.iter();
        let mut sidx = vec![];
        for (p, k) in params.iter().zip(&keep) {
            let i = if *k { it.next().cloned() } else { None };
            sidx.push(match i {
                Some(i) => {
                    let scaled = d.mul_i(&i, &p[2].0);
                    d.add_i(&p[0].0, &scaled)
                }
                None => p[0].0.clone(),
            });
        }
        inner(d, &sidx)
    });
    Ok(Val::Tensor(Tensor {
        shape,
        ety: src.ety,
        at,
    }))
}

fn insert_slice<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let src = tensor_of(&operands[0])?;
    let dst = tensor_of(&operands[1])?;
    let params = slice_params(d, cx, o, &operands[2..])?;
    if params.len() != dst.shape.len() {
        return unsupported("a slice whose rank differs from its destination");
    }
    for (p, n) in params.iter().zip(&dst.shape) {
        let inb = slice_in_bounds(d, p, n);
        let bad = d.not(&inb);
        cx.add_ub(d, &bad);
    }
    let (reduced, _) =
        value_type(&cx.m.value(cx.m.op(o).operands[0]).ty).map_err(Stop::Unsupported)?;
    let keep = kept_dims::<D>(&params, &reduced.unwrap_or_default())?;
    let kept_sizes: Vec<D::I> = params
        .iter()
        .zip(&keep)
        .filter(|(_, k)| **k)
        .map(|(p, _)| p[1].0.clone())
        .collect();
    // UB: the sizes "specify the sizes of the source tensor type" (docs/mlir.md).
    let e = same_shape(d, &kept_sizes, &src.shape);
    let ne = d.not(&e);
    cx.add_ub(d, &ne);
    let (sat, dat) = (src.at.clone(), dst.at.clone());
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let mut hit = d.lit_b(true);
        let mut sidx = vec![];
        for ((p, k), i) in params.iter().zip(&keep).zip(idx) {
            let rel = d.sub_i(i, &p[0].0);
            let zero = d.lit_i(0);
            let lo = d.le_i(&zero, &rel);
            hit = d.and(&hit, &lo);
            let q = if p[2].1 == Some(1) {
                rel
            } else {
                let r = d.emod_i(&rel, &p[2].0);
                let z = d.eq_i(&r, &zero);
                hit = d.and(&hit, &z);
                d.ediv_i(&rel, &p[2].0)
            };
            let hi = d.lt_i(&q, &p[1].0);
            hit = d.and(&hit, &hi);
            if *k {
                sidx.push(q);
            }
        }
        let from_src = sat(d, &sidx);
        let from_dst = dat(d, idx);
        ite_sval(d, &hit, &from_src, &from_dst)
    });
    Ok(Val::Tensor(Tensor {
        shape: dst.shape.clone(),
        ety: dst.ety,
        at,
    }))
}

// ---- linalg.generic (parallel iterators) ----

/// The ops besides scalar ones that a region body runs per point (`tensor.yield` ends the
/// bodies of `tensor.generate` and `tensor.pad`).
pub(crate) const BODY_OPS: &[&str] = &[
    "linalg.index",
    "linalg.yield",
    "tensor.yield",
    "arith.constant",
    "tensor.extract",
    "memref.load",
];

/// `linalg.generic` with `parallel` iterators: input maps affine with non-negative
/// coefficients ([`Lin`]; a read outside an operand is UB), output maps permutations of the
/// loops; loop bounds and size UB as in [`crate::reduce::loop_bounds`].
fn generic<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let Some(iters) = crate::reduce::iterator_kinds(m, o) else {
        return unsupported("linalg.generic without iterator_types");
    };
    if let Some(kind) = iters.iter().find(|k| *k != "parallel") {
        return unsupported(format!(
            "unsupported feature: linalg.generic with `{kind}` iterators"
        ));
    }
    let n_loops = iters.len();
    let (maps, n_in, _) = crate::reduce::generic_maps(m, o, operands.len(), n_loops)?;
    parallel_loops(d, cx, o, operands, maps, n_in, n_loops)
}

/// `linalg.map`: the all-parallel generic whose maps are identities, its body's arguments the
/// inputs' elements only (or the inputs' and the output's, as a named elementwise op's body in
/// generic form has them).
fn linalg_map<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let n_out = n_outputs(cx.m, o);
    let n_in = operands.len().saturating_sub(n_out);
    let Some(Val::Tensor(out)) = operands.get(n_in) else {
        return unsupported("linalg.map without a tensor output");
    };
    let n_loops = out.shape.len();
    let identity: Vec<crate::reduce::Lin> = (0..n_loops).map(crate::reduce::Lin::dim).collect();
    let maps = vec![identity; operands.len()];
    parallel_loops(d, cx, o, operands, maps, n_in, n_loops)
}

/// A structured op with parallel loops only (`linalg.generic`, `linalg.map`): each output at
/// each loop point is the body's yield there.
fn parallel_loops<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
    maps: Vec<Vec<crate::reduce::Lin>>,
    n_in: usize,
    n_loops: usize,
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    // Output maps must be permutations (each loop dim exactly once).
    let mut out_dims: Vec<Vec<usize>> = vec![];
    for ds in &maps[n_in..] {
        let plain: Option<Vec<usize>> = ds.iter().map(Lin::plain).collect();
        let mut sorted = plain.clone().unwrap_or_default();
        sorted.sort();
        if sorted != (0..n_loops).collect::<Vec<_>>() {
            return unsupported("a linalg.generic output map that is not a permutation");
        }
        out_dims.push(plain.unwrap_or_default());
    }
    let shapes: Vec<Vec<D::I>> = operands
        .iter()
        .map(|v| match v {
            Val::Tensor(t) => t.shape.clone(),
            Val::Scalar(..) | Val::MemRef(_) => vec![],
        })
        .collect();
    let bounds = crate::reduce::loop_bounds(d, cx, n_loops, &maps, &shapes)?;
    let body = crate::reduce::generic_body(m, o)?;
    let n_args = m.block(body).args.len();
    let map_args = m.op(o).name == "linalg.map" && n_args == n_in;
    if n_args != operands.len() && !map_args {
        return unsupported("a linalg.generic body with the wrong number of arguments");
    }
    let outer = crate::body::enter(d, cx, body, operands, &maps, &bounds)?;
    let operands = Rc::new(operands.to_vec());
    let maps = Rc::new(maps);
    let mut results = vec![];
    for (r, out_dims) in out_dims.into_iter().enumerate() {
        let (outer, operands, maps) = (outer.clone(), operands.clone(), maps.clone());
        let ety = match &operands[n_in + r] {
            Val::Tensor(t) => t.ety,
            Val::Scalar(..) | Val::MemRef(_) => {
                return unsupported("a scalar linalg.generic output")
            }
        };
        let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
            let mut loops: Vec<Option<D::I>> = vec![None; n_loops];
            for (p, k) in out_dims.iter().enumerate() {
                loops[*k] = idx.get(p).cloned();
            }
            let loops: Vec<D::I> = loops
                .into_iter()
                .map(|x| x.unwrap_or_else(|| d.lit_i(0)))
                .collect();
            match run_body(
                d,
                m,
                body,
                &outer,
                &operands,
                &maps,
                &loops,
                BodyResult::Yield(r),
            ) {
                Ok(s) => s,
                Err(why) => {
                    d.give_up(format!("{why} ({})", m.op_at(o)));
                    SVal {
                        v: zero_elem(d, ety),
                        ok: d.lit_b(false),
                    }
                }
            }
        });
        results.push(Val::Tensor(Tensor {
            shape: shapes[n_in + r].clone(),
            ety,
            at,
        }));
    }
    Ok(results)
}

/// What [`run_body`] computes: the `n`th yielded value, or one value of the body (the
/// summand of a reduction, which does not need the output arguments).
#[derive(Clone, Copy)]
pub(crate) enum BodyResult {
    Yield(usize),
    Value(ValueId),
}

/// Whether the body interpreter runs op `name` at each loop point (the other ops of a body
/// are loop-invariant ones, evaluated once: [`crate::body`]).
pub(crate) fn run_in_body(name: &str) -> bool {
    is_scalar_op(name) || BODY_OPS.contains(&name)
}

/// The body of a `linalg.generic` at a loop point: its block arguments bound to the operands
/// read at `dims_of` (an index expression per operand dimension), its ops run in order.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_body<'a, D: MDomain>(
    d: &mut D,
    m: &'a Module,
    body: BlockId,
    outer: &BTreeMap<ValueId, Val<'a, D>>,
    operands: &[Val<'a, D>],
    dims_of: &[Vec<Lin>],
    loops: &[D::I],
    want: BodyResult,
) -> Result<SVal<D>, String> {
    let b = Body {
        m,
        block: body,
        outer,
        operands,
        dims_of,
        uninit: &BTreeMap::new(),
    };
    let run = b.exec(d, loops, Some(want))?;
    run.0
        .ok_or_else(|| "a linalg.generic body without a result".into())
}

/// A body ready to run at loop points: its block, the values it sees from outside the loop,
/// and the operands bound to its arguments, read at `dims_of` (an index expression per operand
/// dimension).
pub(crate) struct Body<'a, 'r, D: MDomain> {
    pub(crate) m: &'a Module,
    pub(crate) block: BlockId,
    pub(crate) outer: &'r BTreeMap<ValueId, Val<'a, D>>,
    pub(crate) operands: &'r [Val<'a, D>],
    pub(crate) dims_of: &'r [Vec<Lin>],
    /// For each memref the body loads from (its contents in `outer`, as a tensor): where its
    /// cells were never initialized, so that loading one is UB (for [`Body::ub`]; the
    /// values alone need none).
    pub(crate) uninit: &'r BTreeMap<ValueId, IdxCond<'a, D>>,
}

impl<'a, D: MDomain> Body<'a, '_, D> {
    /// Whether the body has UB at a loop point (an out-of-bounds or poison `tensor.extract`
    /// or `memref.load` index, a load of a cell never initialized): every op is run, up to
    /// the yield.
    pub(crate) fn ub(&self, d: &mut D, loops: &[D::I]) -> Result<D::B, String> {
        self.exec(d, loops, None).map(|r| r.1)
    }

    /// Runs the body at a loop point until `want` is known (`None`: to the yield); returns it
    /// and the UB of the ops run.
    #[allow(clippy::type_complexity)]
    fn exec(
        &self,
        d: &mut D,
        loops: &[D::I],
        want: Option<BodyResult>,
    ) -> Result<(Option<SVal<D>>, D::B), String> {
        let (m, outer) = (self.m, self.outer);
        let mut env: BTreeMap<ValueId, (SVal<D>, EType)> = BTreeMap::new();
        let mut ub = d.lit_b(false);
        let blk = m.block(self.block);
        for ((arg, v), ds) in blk.args.iter().zip(self.operands).zip(self.dims_of) {
            let s = match v {
                Val::Scalar(s, t) => (s.clone(), *t),
                Val::Tensor(t) => {
                    let idx: Vec<D::I> = ds.iter().map(|l| l.at(d, loops)).collect();
                    ((t.at)(d, &idx), t.ety)
                }
                Val::MemRef(_) => return Err("a memref operand in a linalg.generic body".into()),
            };
            env.insert(*arg, s);
        }
        let get = |env: &BTreeMap<ValueId, (SVal<D>, EType)>,
                   v: ValueId|
         -> Result<(SVal<D>, EType), String> {
            if let Some(x) = env.get(&v) {
                return Ok(x.clone());
            }
            match outer.get(&v) {
                Some(Val::Scalar(s, t)) => Ok((s.clone(), *t)),
                _ => Err(format!(
                    "value %{} used in a linalg.generic body",
                    m.value(v).name
                )),
            }
        };
        for &bo in &blk.ops {
            if let Some(BodyResult::Value(t)) = want {
                if let Ok((s, _)) = get(&env, t) {
                    return Ok((Some(s), ub));
                }
            }
            let op = m.op(bo);
            if !run_in_body(&op.name) {
                continue; // loop-invariant: its results are in `outer`
            }
            match op.name.as_str() {
                "linalg.yield" | "tensor.yield" => {
                    let v = match want {
                        None => return Ok((None, ub)),
                        Some(BodyResult::Yield(i)) => {
                            *op.operands.get(i).ok_or("a yield without enough values")?
                        }
                        Some(BodyResult::Value(t)) => t,
                    };
                    return get(&env, v).map(|x| (Some(x.0), ub));
                }
                "linalg.index" => {
                    let k = op
                        .attr("dim")
                        .and_then(Attr::as_int)
                        .ok_or("linalg.index without dim")?;
                    let i = loops
                        .get(k as usize)
                        .cloned()
                        .ok_or("linalg.index out of range")?;
                    let ok = d.lit_b(true);
                    let r = *op.results.first().ok_or("linalg.index without a result")?;
                    env.insert(
                        r,
                        (
                            SVal {
                                v: Elem::Int(i),
                                ok,
                            },
                            EType::Index,
                        ),
                    );
                }
                "tensor.extract" | "memref.load" => {
                    let (s, idx, mut bad) = extract_in_body(d, m, bo, outer, |v| get(&env, v))?;
                    if let Some(uninit) = op.operands.first().and_then(|v| self.uninit.get(v)) {
                        let never = uninit.clone()(d, &idx);
                        bad = d.or(&bad, &never);
                    }
                    ub = d.or(&ub, &bad);
                    let r = *op
                        .results
                        .first()
                        .ok_or("tensor.extract without a result")?;
                    env.insert(r, s);
                }
                "arith.constant" => match constant(d, m, bo) {
                    Ok(Val::Scalar(s, t)) => {
                        let r = *op.results.first().ok_or("a constant without a result")?;
                        env.insert(r, (s, t));
                    }
                    _ => return Err("a non-scalar constant in a linalg.generic body".into()),
                },
                _ => {
                    let mut args = vec![];
                    let mut tys = vec![];
                    for &v in &op.operands {
                        let (s, t) = get(&env, v)?;
                        args.push(s);
                        tys.push(t);
                    }
                    let rv = op.results.first().ok_or("an op without a result")?;
                    let (_, rty) = value_type(&m.value(*rv).ty)?;
                    let s = scalar_op(d, m, bo, &args, &tys, rty)?;
                    env.insert(*rv, (s, rty));
                }
            }
        }
        Err("a linalg.generic body without linalg.yield".into())
    }
}

/// `tensor.extract` in a body, of a tensor from outside the loop (`outer`), at indices
/// computed in the body (`get`): the element, the indices, and whether the read is UB at this
/// point. Also `memref.load` of a memref from outside, whose contents when the op runs are a
/// tensor in `outer` ([`crate::body::enter`]).
#[allow(clippy::type_complexity)]
fn extract_in_body<'a, D: MDomain>(
    d: &mut D,
    m: &'a Module,
    o: OpId,
    outer: &BTreeMap<ValueId, Val<'a, D>>,
    get: impl Fn(ValueId) -> Result<(SVal<D>, EType), String>,
) -> Result<((SVal<D>, EType), Vec<D::I>, D::B), String> {
    let op = m.op(o);
    let (&tv, ixs) = op
        .operands
        .split_first()
        .ok_or(format!("{} without operands", op.name))?;
    let Some(Val::Tensor(t)) = outer.get(&tv) else {
        return Err(format!(
            "{} of a value computed in a linalg.generic body",
            op.name
        ));
    };
    let ops: Vec<Val<'a, D>> = ixs
        .iter()
        .map(|&v| get(v).map(|(s, ty)| Val::Scalar(s, ty)))
        .collect::<Result<_, _>>()?;
    let (idx, good) = match read_indices(d, &t.shape, &ops, &op.name) {
        Ok(x) => x,
        Err(e) => return Err(e.reason()),
    };
    let bad = d.not(&good);
    Ok((((t.at)(d, &idx), t.ety), idx, bad))
}
