//! Memory: memrefs as views of blocks (mlir-tv's memory model, adapted; docs/mlir.md "Memory").
//!
//! A function run owns a list of [`Block`]s; a memref value ([`MRef`]) names a block by its
//! position in that list (block ids are static: every block comes from one argument or one op,
//! so two memrefs alias exactly when they name the same block), plus an offset and sizes (a
//! contiguous row-major view). A block has a flat size, a liveness flag, a writability flag,
//! and contents: per flat offset an element ([`SVal`], possibly poison) and an *initialized*
//! flag. Contents are functions, updated functionally (a store is `λ i. i = p ? v : old(i)`),
//! so a value read earlier (`bufferization.to_tensor`) keeps its snapshot.
//!
//! UB (documented by MLIR): loads and stores out of bounds or with a poison index; loads,
//! stores, copies, fills, linalg ops, `to_tensor` and `clone` touching a dead block (after
//! `memref.dealloc`, or an argument that is not dereferenceable); `copy` between views of
//! different sizes; a double `dealloc`; writes to read-only blocks (`bufferization.to_memref`
//! of a tensor, `memref.get_global` of a constant global) and to either side of a
//! `bufferization.clone`, and `dealloc` of a memref returned by a view op. UB in mlir-tv's
//! reading, which the issue adopts (MLIR does not say; LLVM reads an undefined value): reading
//! a cell never initialized, by a `memref.load`, a `memref.copy`, a linalg op on buffers whose
//! payload reads that operand ([`payload_reads`]), or straight from the result of
//! `bufferization.to_tensor` ([`crate::base::ctx::Ctx::uninit`]). Elsewhere an uninitialized
//! element is poison (a returned one refines anything, as in mlir-tv). `dealloc` of an argument kills its block (the caller may
//! have allocated it; if not, the dealloc is UB and the source only less defined). Unsure:
//! writing to a block after `bufferization.to_tensor` read it, `dealloc` of another block not
//! made by `memref.alloc` (`alloca`, globals, `to_memref`, `clone`).
//!
//! Linalg ops on buffers (destination-passing style) mean their tensor form: inputs read as
//! tensors, the results written over the output views.
//!
//! It is not for memref results of functions other than views of an argument (compared by
//! `memcheck::result_view`; across a bufferized boundary, `crate::ops::memref::boundary`), or writes through
//! large views that are not contiguous: those are `unknown: unsupported`. Loops over memrefs
//! are [`crate::ops::scf`]'s and [`crate::ops::scf::nest`]'s.

pub mod boundary;

use crate::base::block::{Block, Cell, CellFn, Kind, ViewFn};
use crate::base::ctx::{int_of, scalar_of, shape_from, tensor_of, Ctx};
use crate::base::domain::{EType, MDomain};
use crate::base::stop::{unsupported, R};
use crate::base::value::MRef;
use crate::base::value::Within;
use crate::base::value::*;
use mlir::{Attr, Dim, OpId, Type};
use std::rc::Rc;

/// Block `t` where `c` holds, else block `e` (the same block after the two branches of an
/// `scf.if`): its liveness, writability and every cell chosen by `c`.
pub(crate) fn select_block<'a, D: MDomain>(
    d: &mut D,
    c: &D::B,
    t: Block<'a, D>,
    e: Block<'a, D>,
) -> Block<'a, D> {
    if Rc::ptr_eq(&t.at, &e.at) && t.frozen == e.frozen {
        let live = ite_b(d, c, &t.live, &e.live);
        let writable = ite_b(d, c, &t.writable, &e.writable);
        return Block {
            live,
            writable,
            ..t
        };
    }
    let (ta, ea, c2) = (t.at.clone(), e.at.clone(), c.clone());
    let at: CellFn<'a, D> = Rc::new(move |d: &mut D, i: &D::I| {
        let x = ta(d, i);
        let y = ea(d, i);
        Cell {
            v: ite_sval(d, &c2, &x.v, &y.v),
            init: ite_b(d, &c2, &x.init, &y.init),
        }
    });
    Block {
        kind: t.kind,
        ety: t.ety,
        size: t.size.clone(),
        live: ite_b(d, c, &t.live, &e.live),
        writable: ite_b(d, c, &t.writable, &e.writable),
        frozen: t.frozen || e.frozen,
        at,
    }
}

/// Dims and element type of a memref type with the identity layout.
pub(crate) fn memref_type(t: &Type) -> Result<(Vec<Dim>, EType), String> {
    match t {
        Type::MemRef {
            shape,
            elem,
            layout,
            memory_space,
        } => {
            if layout.is_some() {
                return Err("memrefs with a non-identity layout are not supported".into());
            }
            if memory_space.is_some() {
                return Err("memrefs in a memory space are not supported".into());
            }
            Ok((shape.clone(), crate::base::ctx::etype(elem)?))
        }
        _ => Err(format!("unsupported type {t:?}")),
    }
}

/// The number of elements of `shape`.
pub(crate) fn numel<D: MDomain>(d: &mut D, shape: &[D::I]) -> D::I {
    let mut n = d.lit_i(1);
    for s in shape {
        n = d.mul_i(&n, s);
    }
    n
}

/// A live block of kind `kind` holding tensor `t` row-major, every cell initialized.
pub(crate) fn tensor_block<'a, D: MDomain>(
    d: &mut D,
    t: &Tensor<'a, D>,
    kind: Kind,
    writable: D::B,
) -> Block<'a, D> {
    let size = numel(d, &t.shape);
    let shape = t.shape.clone();
    let tat = t.at.clone();
    let at: CellFn<'a, D> = Rc::new(move |d: &mut D, i: &D::I| {
        let idx = unflatten(d, &shape, i);
        Cell {
            v: tat(d, &idx),
            init: d.lit_b(true),
        }
    });
    Block {
        kind,
        ety: t.ety,
        size,
        live: d.lit_b(true),
        writable,
        frozen: false,
        at,
    }
}

/// The flat offset of `idx` in view `r`.
pub(crate) fn flat<D: MDomain>(d: &mut D, r: &MRef<D>, idx: &[D::I]) -> D::I {
    let mut acc = r.offset.clone();
    for (i, s) in idx.iter().zip(&r.strides) {
        let t = d.mul_i(i, s);
        acc = d.add_i(&acc, &t);
    }
    acc
}

/// Row-major strides of static `shape`.
pub(crate) fn row_major_lits(shape: &[i128]) -> Vec<i128> {
    let mut strides = vec![];
    let mut acc = 1;
    for n in shape.iter().rev() {
        strides.push(acc);
        acc *= n;
    }
    strides.reverse();
    strides
}

/// Row-major strides of `shape`.
pub(crate) fn row_major<D: MDomain>(d: &mut D, shape: &[D::I]) -> Vec<D::I> {
    let mut strides = vec![];
    let mut acc = d.lit_i(1);
    for n in shape.iter().rev() {
        strides.push(acc.clone());
        acc = d.mul_i(&acc, n);
    }
    strides.reverse();
    strides
}

/// The multi-index of row-major offset `rel` in `shape` (sizes 0 read as 1: no division by 0).
fn unflatten<D: MDomain>(d: &mut D, shape: &[D::I], rel: &D::I) -> Vec<D::I> {
    let sizes: Vec<D::I> = shape
        .iter()
        .map(|n| {
            let zero = d.lit_i(0);
            let one = d.lit_i(1);
            let z = d.eq_i(n, &zero);
            d.ite_i(&z, &one, n)
        })
        .collect();
    crate::ops::tensor::reshape::delinearize(d, rel, &sizes)
}

/// Whether flat offset `i` lies in the view `r`.
fn covers<D: MDomain>(d: &mut D, r: &MRef<D>, i: &D::I) -> D::B {
    let n = numel(d, &r.shape);
    let end = d.add_i(&r.offset, &n);
    let lo = d.le_i(&r.offset, i);
    let hi = d.lt_i(i, &end);
    d.and(&lo, &hi)
}

fn mref_of<'a, D: MDomain>(v: &Val<'a, D>) -> R<MRef<D>> {
    match v {
        Val::MemRef(r) => Ok(r.clone()),
        _ => unsupported("a memref operand that is not a memref"),
    }
}

fn block<'a, 'b, D: MDomain>(cx: &'b Ctx<'a, D>, r: &MRef<D>) -> R<&'b Block<'a, D>> {
    match cx.mem.get(r.block) {
        Some(b) if b.kind == Kind::MutableGlobal => {
            unsupported("the contents of a mutable memref.global (not modelled)")
        }
        Some(b) => Ok(b),
        None => unsupported("a memref from another function"),
    }
}

/// Adds a new block and returns a memref viewing all of it with `shape`.
pub(crate) fn new_block<'a, D: MDomain>(
    d: &mut D,
    mem: &mut Vec<Block<'a, D>>,
    b: Block<'a, D>,
    shape: Vec<D::I>,
) -> MRef<D> {
    let ety = b.ety;
    mem.push(b);
    block_view(d, mem.len() - 1, shape, ety)
}

/// The row-major view of all of block `block`, of `shape`: the block's own memref.
fn block_view<D: MDomain>(d: &mut D, block: usize, shape: Vec<D::I>, ety: EType) -> MRef<D> {
    MRef {
        block,
        offset: d.lit_i(0),
        strides: row_major(d, &shape),
        shape,
        contiguous: true,
        derived: false,
        within: vec![],
        ety,
        caller_layout: false,
    }
}

/// UB unless the indices are defined and inside the view and the block is live; the flat
/// offset.
fn access<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    r: &MRef<D>,
    ops: &[Val<'a, D>],
    what: &str,
) -> R<D::I> {
    let (idx, good) = crate::base::ctx::read_indices(d, &r.shape, ops, what)?;
    let b = block(cx, r)?;
    let (live, size) = (b.live.clone(), b.size.clone());
    let i = flat(d, r, &idx);
    // A view may reach outside its block (memref.subview raises no UB); the access does not.
    let zero = d.lit_i(0);
    let lo = d.le_i(&zero, &i);
    let hi = d.lt_i(&i, &size);
    let inblock = d.and(&lo, &hi);
    let good = d.and(&good, &live);
    let good = d.and(&good, &inblock);
    let inside = within_at(d, r, &idx);
    let good = d.and(&good, &inside);
    let bad = d.not(&good);
    cx.add_ub(d, &bad);
    Ok(i)
}

/// Whether index `idx` of `r` is inside every view `r` was cut from.
fn within_at<D: MDomain>(d: &mut D, r: &MRef<D>, idx: &[D::I]) -> D::B {
    let mut ok = d.lit_b(true);
    for w in &r.within {
        for ((base, lin), n) in w.map.iter().zip(&w.shape) {
            let v = match lin {
                Some((k, coef)) => {
                    let t = d.mul_i(coef, &idx[*k]);
                    d.add_i(base, &t)
                }
                None => base.clone(),
            };
            let zero = d.lit_i(0);
            let lo = d.le_i(&zero, &v);
            let hi = d.lt_i(&v, n);
            ok = d.and(&ok, &lo);
            ok = d.and(&ok, &hi);
        }
    }
    ok
}

/// Whether a non-empty `r` lies inside every view it was cut from: its first and last index
/// on each dim are (the maps are increasing: strides are at least 1, else unsure).
fn within_all<D: MDomain>(d: &mut D, r: &MRef<D>) -> D::B {
    let zero = d.lit_i(0);
    let first = vec![zero; r.shape.len()];
    let last: Vec<D::I> = r
        .shape
        .iter()
        .map(|n| {
            let one = d.lit_i(1);
            d.sub_i(n, &one)
        })
        .collect();
    let a = within_at(d, r, &first);
    let b = within_at(d, r, &last);
    d.and(&a, &b)
}

/// UB unless `r` is empty or inside every view it was cut from: an op reading or writing the
/// whole view accesses each of its indices.
fn whole_view<'a, D: MDomain>(d: &mut D, cx: &mut Ctx<'a, D>, r: &MRef<D>) {
    if r.within.is_empty() {
        return;
    }
    let n = numel(d, &r.shape);
    let zero = d.lit_i(0);
    let empty = d.eq_i(&n, &zero);
    let inside = within_all(d, r);
    let fine = d.or(&empty, &inside);
    let bad = d.not(&fine);
    cx.add_ub(d, &bad);
}

/// UB unless the block of `r` is live and writable; unsure after `to_tensor` read it.
fn check_write<'a, D: MDomain>(d: &mut D, cx: &mut Ctx<'a, D>, r: &MRef<D>, what: &str) -> R<()> {
    let b = block(cx, r)?;
    let good = d.and(&b.live, &b.writable);
    let frozen = b.frozen;
    let bad = d.not(&good);
    cx.add_ub(d, &bad);
    if frozen {
        let t = d.lit_b(true);
        cx.add_unsure(
            d,
            &t,
            &format!("{what} into a buffer that bufferization.to_tensor read"),
        );
    }
    Ok(())
}

/// Writes `f(idx)` at every multi-index `idx` of view `r`: a range update for a contiguous
/// view, point updates for a static one of at most [`MAX_POINTS`] elements. UB when a
/// non-empty view reaches outside its block.
pub(crate) fn write_view<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    r: &MRef<D>,
    f: ViewFn<'a, D>,
) -> R<()> {
    block(cx, r)?;
    let n = numel(d, &r.shape);
    let size = cx.mem[r.block].size.clone();
    let zero = d.lit_i(0);
    let empty = d.eq_i(&n, &zero);
    // Lowest and highest flat offsets of a non-empty view (strides are non-negative).
    let mut hi = r.offset.clone();
    for (n_k, s_k) in r.shape.iter().zip(&r.strides) {
        let one = d.lit_i(1);
        let last = d.sub_i(n_k, &one);
        let span = d.mul_i(&last, s_k);
        hi = d.add_i(&hi, &span);
    }
    let lo_ok = d.le_i(&zero, &r.offset);
    let hi_ok = d.lt_i(&hi, &size);
    let inside = d.and(&lo_ok, &hi_ok);
    let fine = d.or(&empty, &inside);
    let bad = d.not(&fine);
    cx.add_ub(d, &bad);
    whole_view(d, cx, r);
    if !r.contiguous {
        if let Some(order) = nested_dims(d, r) {
            write_nested(cx, r, f, order);
            return Ok(());
        }
        let dims: Option<Vec<i128>> = r.shape.iter().map(|n| d.lit_int(n)).collect();
        let Some(dims) = dims.filter(|x| x.iter().product::<i128>() <= MAX_POINTS) else {
            return unsupported("a write through a large or dynamic non-contiguous view");
        };
        let mut idxs: Vec<Vec<i128>> = vec![vec![]];
        for n in &dims {
            idxs = idxs
                .into_iter()
                .flat_map(|p| {
                    (0..*n).map(move |i| {
                        let mut q = p.clone();
                        q.push(i);
                        q
                    })
                })
                .collect();
        }
        for idx in idxs {
            let idx: Vec<D::I> = idx.iter().map(|i| d.lit_i(*i)).collect();
            let p = flat(d, r, &idx);
            let old = cx.mem[r.block].at.clone();
            let f = f.clone();
            cx.mem[r.block].at = Rc::new(move |d: &mut D, j: &D::I| {
                let hit = d.eq_i(j, &p);
                let new = f(d, &idx);
                let o = old(d, j);
                Cell {
                    v: ite_sval(d, &hit, &new.v, &o.v),
                    init: ite_b(d, &hit, &new.init, &o.init),
                }
            });
        }
        return Ok(());
    }
    let old = cx.mem[r.block].at.clone();
    let r2 = r.clone();
    // A view of the whole block covers every offset a defined access reads (a block's cells
    // are read out of bounds only under UB): the written cell then needs no range test, so a
    // constant written (a fill) stays a literal, as an identity a fold can drop.
    let lit = |d: &D, x: &D::I| d.lit_int(x);
    let whole = lit(d, &r.offset) == Some(0) && lit(d, &n).is_some() && lit(d, &n) == lit(d, &size);
    if whole {
        cx.mem[r.block].at = memoized_cells(Rc::new(move |d: &mut D, i: &D::I| {
            let idx = unflatten(d, &r2.shape, i);
            f(d, &idx)
        }));
        return Ok(());
    }
    cx.mem[r.block].at = memoized_cells(Rc::new(move |d: &mut D, i: &D::I| {
        let hit = covers(d, &r2, i);
        let rel = d.sub_i(i, &r2.offset);
        let idx = unflatten(d, &r2.shape, &rel);
        let new = f(d, &idx);
        let o = old(d, i);
        Cell {
            v: ite_sval(d, &hit, &new.v, &o.v),
            init: ite_b(d, &hit, &new.init, &o.init),
        }
    }));
    Ok(())
}

/// The dimensions of a non-contiguous view of literal shape and strides, by decreasing
/// stride, when they nest: each stride is above the span of the dimensions with smaller
/// strides (a subview of a row-major buffer, as bufferization writes a padded tensor's
/// interior), so that an offset from the view's start splits into its indices by division.
fn nested_dims<D: MDomain>(d: &D, r: &MRef<D>) -> Option<Vec<usize>> {
    let shape: Vec<i128> = r
        .shape
        .iter()
        .map(|n| d.lit_int(n))
        .collect::<Option<_>>()?;
    let strides: Vec<i128> = r
        .strides
        .iter()
        .map(|s| d.lit_int(s))
        .collect::<Option<_>>()?;
    if shape.iter().any(|n| *n < 1) || strides.iter().any(|s| *s < 1) {
        return None;
    }
    let mut order: Vec<usize> = (0..shape.len()).collect();
    order.sort_by_key(|k| std::cmp::Reverse(strides[*k]));
    let mut span = 0; // the largest offset the dimensions after this one reach
    for k in order.iter().rev() {
        if strides[*k] <= span {
            return None;
        }
        span += (shape[*k] - 1) * strides[*k];
    }
    Some(order)
}

/// Writes `f(idx)` through a view whose dimensions nest ([`nested_dims`]): the cell at `j`
/// is in the view when `j - offset`, divided by the strides in `order`, gives indices within
/// the shape and no remainder; one range update, however many elements.
fn write_nested<'a, D: MDomain>(
    cx: &mut Ctx<'a, D>,
    r: &MRef<D>,
    f: ViewFn<'a, D>,
    order: Vec<usize>,
) {
    let old = cx.mem[r.block].at.clone();
    let r2 = r.clone();
    cx.mem[r.block].at = memoized_cells(Rc::new(move |d: &mut D, j: &D::I| {
        let mut rest = d.sub_i(j, &r2.offset);
        let zero = d.lit_i(0);
        let mut hit = d.le_i(&zero, &rest);
        let mut idx: Vec<D::I> = r2.shape.iter().map(|_| zero.clone()).collect();
        for k in &order {
            let q = d.ediv_i(&rest, &r2.strides[*k]);
            rest = d.emod_i(&rest, &r2.strides[*k]);
            let within = d.lt_i(&q, &r2.shape[*k]);
            hit = d.and(&hit, &within);
            idx[*k] = q;
        }
        let exact = d.eq_i(&rest, &zero);
        let hit = d.and(&hit, &exact);
        let o = old(d, j);
        let new = f(d, &idx);
        Cell {
            v: ite_sval(d, &hit, &new.v, &o.v),
            init: ite_b(d, &hit, &new.init, &o.init),
        }
    }));
}

/// The cells `at`, each computed once per literal offset where the domain reuses elements
/// (the concrete interpreter; [`reused`]).
fn memoized_cells<'a, D: MDomain>(at: CellFn<'a, D>) -> CellFn<'a, D> {
    let once = reused(move |d: &mut D, i: &[D::I]| at(d, &i[0]));
    Rc::new(move |d: &mut D, i: &D::I| once(d, std::slice::from_ref(i)))
}

/// Most elements of a non-contiguous view written point by point.
const MAX_POINTS: i128 = 256;

/// Whether the block of view `r` is live.
pub(crate) fn live<'a, D: MDomain>(cx: &Ctx<'a, D>, r: &MRef<D>) -> R<D::B> {
    Ok(block(cx, r)?.live.clone())
}

/// Where the cells of view `r` (at a multi-index) were never initialized.
pub(crate) fn uninit_at<'a, D: MDomain>(
    cx: &Ctx<'a, D>,
    r: &MRef<D>,
) -> crate::base::stop::IdxCond<'a, D> {
    let cells = cx.mem[r.block].at.clone();
    let r2 = r.clone();
    Rc::new(move |d: &mut D, idx: &[D::I]| {
        let i = flat(d, &r2, idx);
        let c = cells(d, &i);
        d.not(&c.init)
    })
}

/// The contents of a fresh block: no cell initialized.
fn uninit_cells<'a, D: MDomain>(ety: EType) -> CellFn<'a, D> {
    Rc::new(move |d: &mut D, _: &D::I| Cell {
        v: SVal {
            v: zero_elem(d, ety),
            ok: d.lit_b(false),
        },
        init: d.lit_b(false),
    })
}

/// The cell at multi-index `idx` of view `r`, as a tensor element (poison unless initialized).
pub(crate) fn read_fn<'a, D: MDomain>(cx: &Ctx<'a, D>, r: &MRef<D>) -> ElemFn<'a, D> {
    let at = cx.mem[r.block].at.clone();
    let r2 = r.clone();
    Rc::new(move |d: &mut D, idx: &[D::I]| {
        let i = flat(d, &r2, idx);
        let c = at(d, &i);
        SVal {
            ok: d.and(&c.v.ok, &c.init),
            v: c.v.v,
        }
    })
}

fn is_memref(t: &Type) -> bool {
    matches!(t, Type::MemRef { .. } | Type::UnrankedMemRef { .. })
}

/// Whether op `o` is defined here: memref and bufferization ops, and linalg ops on buffers.
pub(crate) fn handles(m: &mlir::Module, o: OpId) -> bool {
    let op = m.op(o);
    op.name.starts_with("memref.")
        || op.name.starts_with("bufferization.")
        || ((op.name.starts_with("linalg.") || op.name == "arith.select")
            && op.operands.iter().any(|&v| is_memref(&m.value(v).ty)))
}

/// The results of memref op `o` (see [`handles`]).
pub(crate) fn eval_op<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let name = op.name.as_str();
    let need = match name {
        "memref.store" | "memref.copy" | "linalg.fill" => 2,
        "memref.load"
        | "memref.dealloc"
        | "memref.dim"
        | "bufferization.to_memref"
        | "bufferization.to_tensor"
        | "bufferization.clone"
        | "memref.cast" => 1,
        _ => 0,
    };
    if operands.len() < need {
        return unsupported(format!("{name} with {} operands", operands.len()));
    }
    match name {
        "memref.alloc" | "memref.alloca" => alloc(d, cx, o, operands),
        "memref.dealloc" => dealloc(d, cx, o, operands),
        "memref.load" => load(d, cx, o, operands),
        "memref.store" => store(d, cx, o, operands),
        "memref.dim" => dim(d, cx, o, operands),
        "memref.copy" => copy(d, cx, o, operands),
        "linalg.fill" => fill(d, cx, o, operands),
        "arith.select" => Ok(vec![select(d, cx, operands)?]),
        "bufferization.to_memref" => to_memref(d, cx, o, operands),
        "bufferization.to_tensor" => to_tensor(d, cx, o, operands),
        "bufferization.clone" => clone_buffer(d, cx, o, operands),
        "memref.get_global" => global(d, cx, o),
        "memref.subview" => subview(d, cx, o, operands),
        "memref.cast" => cast(d, cx, o, operands),
        "memref.collapse_shape" | "memref.expand_shape" => reshape(d, cx, o, operands),
        _ if name.starts_with("linalg.") => linalg_on_buffers(d, cx, o, operands),
        other => unsupported(format!("unsupported op {other}")),
    }
}

/// The dims and element type of op `o`'s memref result.
fn result_ty(m: &mlir::Module, o: OpId) -> R<(Vec<Dim>, EType)> {
    let op = m.op(o);
    match op.results.first() {
        Some(&v) => memref_type(&m.value(v).ty).map_err(crate::base::stop::Stop::Unsupported),
        None => unsupported(format!("{} without a result", op.name)),
    }
}

/// `memref.alloc`/`memref.alloca`: a fresh live block of uninitialized cells.
fn alloc<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let name = op.name.as_str();
    let (dims, ety) = result_ty(m, o)?;
    if operands.iter().any(|v| !matches!(v, Val::Scalar(..))) {
        return unsupported(format!("{name} with symbol operands"));
    }
    let sizes: Vec<SVal<D>> = operands
        .iter()
        .map(|v| scalar_of(v).map(|s| s.0))
        .collect::<R<_>>()?;
    let shape = shape_from(d, cx, &dims, &sizes, name)?;
    let size = numel(d, &shape);
    let at = uninit_cells(ety);
    let b = Block {
        kind: if name == "memref.alloc" {
            Kind::Alloc
        } else {
            Kind::Alloca
        },
        ety,
        size,
        live: d.lit_b(true),
        writable: d.lit_b(true),
        frozen: false,
        at,
    };
    Ok(vec![Val::MemRef(new_block(d, &mut cx.mem, b, shape))])
}

/// `memref.dealloc`: the block dies (UB when dead already, or for a view).
fn dealloc<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    _o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let r = mref_of(&operands[0])?;
    let b = block(cx, &r)?;
    let (live, kind) = (b.live.clone(), b.kind);
    let dead = d.not(&live);
    cx.add_ub(d, &dead);
    // An argument's block may come from the caller's `memref.alloc`: then the block
    // dies; otherwise the dealloc is UB, which only makes the source less defined.
    if !matches!(kind, Kind::Alloc | Kind::Arg(_)) {
        let t = d.lit_b(true);
        cx.add_unsure(d, &t, "memref.dealloc of a buffer not made by memref.alloc");
    }
    if r.derived {
        // UB: "should not be called on memrefs which alias an alloc'd memref (e.g.
        // memrefs returned by view operations)" (memref.dealloc); mlir-tv: UB.
        let t = d.lit_b(true);
        cx.add_ub(d, &t);
    }
    cx.mem[r.block].live = d.lit_b(false);
    Ok(vec![])
}

/// `memref.load`: the cell at the indices (UB out of bounds or uninitialized).
fn load<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let name = op.name.as_str();
    let r = mref_of(&operands[0])?;
    let i = access(d, cx, &r, &operands[1..], name)?;
    let c = (block(cx, &r)?.at.clone())(d, &i);
    // UB: loading a cell never initialized (mlir-tv's reading; docs/mlir.md "Memory").
    let uninit = d.not(&c.init);
    cx.add_ub(d, &uninit);
    Ok(vec![Val::Scalar(
        SVal {
            ok: d.and(&c.v.ok, &c.init),
            v: c.v.v,
        },
        r.ety,
    )])
}

/// `memref.store`: the cell at the indices holds the value from now on.
fn store<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let name = op.name.as_str();
    let (s, _) = scalar_of(&operands[0])?;
    let r = mref_of(&operands[1])?;
    let i = access(d, cx, &r, &operands[2..], name)?;
    check_write(d, cx, &r, name)?;
    let old = cx.mem[r.block].at.clone();
    cx.mem[r.block].at = Rc::new(move |d: &mut D, j: &D::I| {
        let hit = d.eq_i(j, &i);
        let o = old(d, j);
        let t = d.lit_b(true);
        Cell {
            v: ite_sval(d, &hit, &s, &o.v),
            init: ite_b(d, &hit, &t, &o.init),
        }
    });
    Ok(vec![])
}

/// `memref.dim` with a constant dimension (UB out of range).
fn dim<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    _o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let r = mref_of(&operands[0])?;
    let (k, _) = scalar_of(&operands[1])?;
    let k = int_of(&k)?;
    let Some(k) = d.lit_int(&k) else {
        return unsupported("memref.dim with a dimension that is not a constant");
    };
    let Some(n) = usize::try_from(k).ok().and_then(|k| r.shape.get(k)) else {
        let t = d.lit_b(true);
        cx.add_ub(d, &t);
        return Ok(vec![Val::Scalar(
            SVal {
                v: Elem::Int(d.lit_i(0)),
                ok: d.lit_b(false),
            },
            EType::Index,
        )]);
    };
    Ok(vec![Val::Scalar(
        SVal {
            v: Elem::Int(n.clone()),
            ok: d.lit_b(true),
        },
        EType::Index,
    )])
}

/// `memref.copy`: the target view holds the source view (UB for other shapes, uninitialized cells).
fn copy<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let name = op.name.as_str();
    let a = mref_of(&operands[0])?;
    let b = mref_of(&operands[1])?;
    if a.shape.len() != b.shape.len() {
        return unsupported("memref.copy between ranks");
    }
    // "Source and destination are expected to have the same element type and shape.
    // Otherwise, the result is undefined." (memref.copy)
    let ss = same_shape(d, &a.shape, &b.shape);
    let live = block(cx, &a)?.live.clone();
    let good = d.and(&ss, &live);
    let bad = d.not(&good);
    cx.add_ub(d, &bad);
    whole_view(d, cx, &a);
    check_write(d, cx, &b, name)?;
    let src = cx.mem[a.block].at.clone();
    // UB: copying a cell never initialized (mlir-tv: a copy reads its whole source,
    // as the `linalg.generic` it generalizes to does).
    cx.push_ub_at(CondAt {
        shape: a.shape.clone(),
        at: uninit_at(cx, &a),
        why: "memref.copy of an uninitialized element".into(),
    });
    let a2 = a.clone();
    write_view(
        d,
        cx,
        &b,
        Rc::new(move |d: &mut D, idx: &[D::I]| {
            let i = flat(d, &a2, idx);
            src(d, &i)
        }),
    )?;
    Ok(vec![])
}

/// `linalg.fill` on a buffer: every cell of the view holds the value.
fn fill<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let name = op.name.as_str();
    if operands.len() != 2 {
        return unsupported("linalg.fill with several operands");
    }
    let (s, _) = scalar_of(&operands[0])?;
    let r = mref_of(&operands[1])?;
    check_write(d, cx, &r, name)?;
    write_view(
        d,
        cx,
        &r,
        Rc::new(move |d: &mut D, _idx: &[D::I]| Cell {
            v: s.clone(),
            init: d.lit_b(true),
        }),
    )?;
    Ok(vec![])
}

/// `bufferization.to_memref`: a fresh read-only block holding the tensor.
fn to_memref<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    _o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    // A fresh read-only block holding the tensor, viewed row-major: its layout (often
    // `strided<[?, ?], offset: ?>`) only says how cells are placed, which no element
    // access observes.
    let t = tensor_of(&operands[0])?;
    let writable = d.lit_b(false);
    let b = tensor_block(d, &t, Kind::FromTensor, writable);
    Ok(vec![Val::MemRef(new_block(d, &mut cx.mem, b, t.shape))])
}

/// `bufferization.to_tensor`: the view read as a tensor; the block frozen.
fn to_tensor<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let r = mref_of(&operands[0])?;
    let live = block(cx, &r)?.live.clone();
    let dead = d.not(&live);
    cx.add_ub(d, &dead);
    if op.attr("restrict").is_some() || op.attr("writable").is_some() {
        return unsupported("bufferization.to_tensor with restrict or writable");
    }
    cx.mem[r.block].frozen = true;
    whole_view(d, cx, &r);
    // The cells never initialized: `tensor.extract` of one is UB (mlir-tv's reading;
    // other uses read poison).
    let uninit = uninit_at(cx, &r);
    if let Some(&res) = op.results.first() {
        cx.uninit.insert(res, uninit);
    }
    let at = read_fn(cx, &r);
    Ok(vec![Val::Tensor(Tensor {
        shape: r.shape.clone(),
        ety: r.ety,
        at,
    })])
}

/// `bufferization.clone`: a fresh read-only block holding the view.
fn clone_buffer<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let r = mref_of(&operands[0])?;
    let _ = result_ty(m, o)?;
    let b = block(cx, &r)?;
    let live = b.live.clone();
    let dead = d.not(&live);
    cx.add_ub(d, &dead);
    whole_view(d, cx, &r);
    // Mutating either side after a clone is UB (bufferization.clone's documentation).
    cx.mem[r.block].writable = d.lit_b(false);
    let src = cx.mem[r.block].at.clone();
    let r2 = r.clone();
    let shape = r.shape.clone();
    let at: CellFn<'a, D> = Rc::new(move |d: &mut D, i: &D::I| {
        let idx = unflatten(d, &shape, i);
        let j = flat(d, &r2, &idx);
        src(d, &j)
    });
    let size = numel(d, &r.shape);
    let b = Block {
        kind: Kind::Clone,
        ety: r.ety,
        size,
        live: d.lit_b(true),
        writable: d.lit_b(false),
        frozen: false,
        at,
    };
    Ok(vec![Val::MemRef(new_block(
        d,
        &mut cx.mem,
        b,
        r.shape.clone(),
    ))])
}

/// `memref.subview`: a view of the same block (no UB: accesses check the views it was cut from).
fn subview<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let r = mref_of(&operands[0])?;
    let params = crate::base::ctx::slice_params(d, cx, o, &operands[1..])?;
    if params.len() != r.shape.len() {
        return unsupported("memref.subview of another rank");
    }
    let reduced = match op.results.first().map(|&v| &m.value(v).ty) {
        Some(Type::MemRef { shape, .. }) => shape.clone(),
        _ => return unsupported("memref.subview without a memref result"),
    };
    let keep = crate::base::ctx::kept_dims::<D>(&params, &reduced)?;
    // No UB here, even out of bounds (mlir-tv: `subview_inbounds-noub`): accesses
    // through the view check its index against `r` and the views `r` was cut from.
    let within = cut_from(d, &r, &params, &keep);
    let mut offset = r.offset.clone();
    let (mut shape, mut strides) = (vec![], vec![]);
    for ((p, k), st) in params.iter().zip(&keep).zip(&r.strides) {
        let t = d.mul_i(&p[0].0, st);
        offset = d.add_i(&offset, &t);
        if *k {
            shape.push(p[1].0.clone());
            strides.push(d.mul_i(&p[2].0, st));
        }
    }
    let lits: Option<Vec<i128>> = strides.iter().map(|s| d.lit_int(s)).collect();
    let dims: Option<Vec<i128>> = shape.iter().map(|s| d.lit_int(s)).collect();
    let contiguous = match (lits, dims) {
        (Some(st), Some(n)) => {
            let mut acc = 1;
            let mut ok = true;
            for (s, n) in st.iter().zip(&n).rev() {
                ok &= *s == acc || *n == 1;
                acc *= n;
            }
            ok
        }
        _ => false,
    };
    Ok(vec![Val::MemRef(MRef {
        block: r.block,
        offset,
        shape,
        strides,
        contiguous,
        derived: true,
        within,
        ety: r.ety,
        caller_layout: r.caller_layout,
    })])
}

/// `memref.cast`: the same view, checked against the result type.
fn cast<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let r = mref_of(&operands[0])?;
    let ty = match op.results.first() {
        Some(&v) => m.value(v).ty.clone(),
        None => return unsupported("memref.cast without a result"),
    };
    cast_checks(d, cx, &r, &ty)?;
    Ok(vec![Val::MemRef(r)])
}

/// `memref.collapse_shape`/`memref.expand_shape` of a contiguous view.
fn reshape<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let name = op.name.as_str();
    let r = mref_of(&operands[0])?;
    if !r.contiguous {
        return unsupported(format!("{name} of a non-contiguous view"));
    }
    if r.caller_layout {
        return unsupported(format!(
            "{name} of a tensor argument's buffer (its layout is the caller's: it may not be contiguous)"
        ));
    }
    // The reshaped view forgets the views `r` was cut from: whether an access through it
    // reaching outside them is UB, MLIR does not say.
    if !r.within.is_empty() {
        let n = numel(d, &r.shape);
        let zero = d.lit_i(0);
        let empty = d.eq_i(&n, &zero);
        let inside = within_all(d, &r);
        let fine = d.or(&empty, &inside);
        let outside = d.not(&fine);
        cx.add_unsure(
            d,
            &outside,
            &format!("{name} of a memref.subview reaching outside its source view"),
        );
    }
    let groups: Vec<Vec<i128>> = match op.attr("reassociation") {
        Some(Attr::Array(xs)) => xs
            .iter()
            .map(|g| g.as_ints().ok_or(()))
            .collect::<Result<_, _>>()
            .map_err(|_| crate::base::stop::Stop::Unsupported(format!("{name} reassociation")))?,
        _ => return unsupported(format!("{name} without reassociation")),
    };
    let shape = if name == "memref.collapse_shape" {
        let mut shape = vec![];
        for g in &groups {
            let mut n = d.lit_i(1);
            for &k in g {
                let Some(x) = usize::try_from(k).ok().and_then(|k| r.shape.get(k)) else {
                    return unsupported("memref.collapse_shape with a bad group");
                };
                n = d.mul_i(&n, x);
            }
            shape.push(n);
        }
        shape
    } else {
        let (dims, _) = result_ty_any(m, o)?;
        let mut shape = vec![];
        for x in dims {
            match x {
                Dim::Static(n) => shape.push(d.lit_i(n as i128)),
                Dim::Dynamic => return unsupported("memref.expand_shape to dynamic sizes"),
            }
        }
        // The verifier makes static groups multiply out; a dynamic source dim must.
        let total_new = numel(d, &shape);
        let total_old = numel(d, &r.shape);
        let ne = d.eq_i(&total_new, &total_old);
        let bad = d.not(&ne);
        cx.add_ub(d, &bad);
        shape
    };
    let strides = row_major(d, &shape);
    Ok(vec![Val::MemRef(MRef {
        block: r.block,
        offset: r.offset.clone(),
        shape,
        strides,
        contiguous: true,
        derived: true,
        within: vec![],
        ety: r.ety,
        caller_layout: false,
    })])
}

/// The views a subview of `r` with `params` (offset, size, stride per dim of `r`; `keep`: the
/// dims the subview keeps) is cut from: `r` itself, then those of `r` seen through the
/// subview's index map.
fn cut_from<D: MDomain>(
    d: &mut D,
    r: &MRef<D>,
    params: &[[(D::I, Option<i128>); 3]],
    keep: &[bool],
) -> Vec<Within<D>> {
    // Index k of `r` as a map of the subview's index.
    let mut j = 0;
    let mut map = vec![];
    for (p, k) in params.iter().zip(keep) {
        map.push((p[0].0.clone(), k.then(|| (j, p[2].0.clone()))));
        j += usize::from(*k);
    }
    let mut within = vec![Within {
        shape: r.shape.clone(),
        map: map.clone(),
    }];
    for w in &r.within {
        let composed = w
            .map
            .iter()
            .map(|(base, lin)| match lin {
                None => (base.clone(), None),
                Some((k, coef)) => {
                    let (off, inner) = &map[*k];
                    let t = d.mul_i(coef, off);
                    let b = d.add_i(base, &t);
                    let l = inner.as_ref().map(|(j, st)| (*j, d.mul_i(coef, st)));
                    (b, l)
                }
            })
            .collect();
        within.push(Within {
            shape: w.shape.clone(),
            map: composed,
        });
    }
    within
}

/// `memref.get_global @g`: one block per global per run, made on first use. A constant
/// global is read-only and holds its initializer (a `dense` or `sparse` literal, as
/// `arith.constant` reads it; without one: unsupported). A mutable global is only an identity
/// ([`Kind::MutableGlobal`]): a returned view of it is compared, its contents are not read.
fn global<'a, D: MDomain>(d: &mut D, cx: &mut Ctx<'a, D>, o: OpId) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let Some(Attr::SymbolRef(path)) = op.attr("name") else {
        return unsupported("memref.get_global without a symbol");
    };
    let sym = path.join("::").trim_start_matches('@').to_string();
    let Some(&res) = op.results.first() else {
        return unsupported("memref.get_global without a result");
    };
    let (dims, ety) =
        memref_type(&m.value(res).ty).map_err(crate::base::stop::Stop::Unsupported)?;
    let shape: Vec<D::I> = dims
        .iter()
        .map(|x| match x {
            Dim::Static(n) => Ok(d.lit_i(*n as i128)),
            Dim::Dynamic => unsupported("a global of dynamic shape"),
        })
        .collect::<R<_>>()?;
    if let Some(k) = cx.globals.iter().find(|(n, _)| *n == sym).map(|x| x.1) {
        return Ok(vec![Val::MemRef(block_view(d, k, shape, ety))]);
    }
    let Some(g) = m.walk().into_iter().find(|&g| {
        m.op(g).name == "memref.global"
            && matches!(m.op(g).attr("sym_name"), Some(Attr::String(s)) if s.trim_start_matches('@') == sym)
    }) else {
        return unsupported(format!("memref.global @{sym} not found"));
    };
    crate::base::attrs::check_op(m, g)?;
    let gop = m.op(g);
    let size = numel(d, &shape);
    let (kind, at) = if gop.attr("constant").is_none() {
        (Kind::MutableGlobal, uninit_cells(ety))
    } else {
        let Some(init) = gop.attr("initial_value") else {
            return unsupported(format!("memref.global @{sym} without an initial value"));
        };
        let t = crate::ops::consts::literal_tensor(d, init, &dims, ety)?;
        let sizes = shape.clone();
        // Cell `i` is the literal's element at the row-major index of `i`.
        let at: CellFn<'a, D> = Rc::new(move |d: &mut D, i: &D::I| {
            let idx = crate::ops::tensor::reshape::delinearize(d, i, &sizes);
            Cell {
                v: (t.at)(d, &idx),
                init: d.lit_b(true),
            }
        });
        (Kind::Global, at)
    };
    let b = Block {
        kind,
        ety,
        size,
        live: d.lit_b(true),
        writable: d.lit_b(kind == Kind::MutableGlobal),
        frozen: false,
        at,
    };
    let r = new_block(d, &mut cx.mem, b, shape);
    cx.globals.push((sym, r.block));
    Ok(vec![Val::MemRef(r)])
}

/// A linalg op on buffers (destination-passing style): its inputs read as tensors, the op's
/// tensor meaning ([`crate::eval::eval_on`]), each result written over its output view. An
/// operand the payload reads must be initialized in its whole view (else UB, as a
/// `memref.load` of an uninitialized cell: so that lowering the op to loops refines it); an
/// output it only writes may be uninitialized. Inputs aliasing an output are unsupported (the
/// meaning would depend on the loop order).
fn linalg_on_buffers<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let name = cx.m.op(o).name.clone();
    let n_out = crate::base::ctx::n_outputs(cx.m, o);
    if n_out == 0 || n_out > operands.len() {
        return unsupported(format!("{name} on buffers without outputs"));
    }
    let n_in = operands.len() - n_out;
    let outs: Vec<MRef<D>> = operands[n_in..].iter().map(mref_of).collect::<R<_>>()?;
    let mut tensors = vec![];
    for (k, v) in operands.iter().enumerate() {
        match v {
            Val::MemRef(r) => {
                let shared = outs
                    .iter()
                    .enumerate()
                    .any(|(j, x)| x.block == r.block && j + n_in != k);
                if shared {
                    return unsupported(format!("{name} on buffers whose operands alias"));
                }
                let live = block(cx, r)?.live.clone();
                let dead = d.not(&live);
                cx.add_ub(d, &dead);
                whole_view(d, cx, r);
                if payload_reads(cx.m, o, k, n_in) {
                    // UB: an operand the payload reads with a cell never initialized (the
                    // whole view: mlir-tv's reading of ops on whole tensors; for a
                    // linalg.generic it asks only at the points the loops read).
                    cx.push_ub_at(CondAt {
                        shape: r.shape.clone(),
                        at: uninit_at(cx, r),
                        why: format!("{name} reads an uninitialized element"),
                    });
                }
                tensors.push(Val::Tensor(Tensor {
                    shape: r.shape.clone(),
                    ety: r.ety,
                    at: read_fn(cx, r),
                }));
            }
            Val::Tensor(_) => return unsupported(format!("{name} mixing tensors and buffers")),
            Val::Scalar(..) => tensors.push(v.clone()),
        }
    }
    let results = crate::eval::eval_on(d, cx, o, tensors)?;
    if results.len() != outs.len() {
        return unsupported(format!(
            "{name} on buffers: results and outputs differ in number"
        ));
    }
    for (r, v) in outs.iter().zip(results) {
        let t = tensor_of(&v)?;
        check_write(d, cx, r, &name)?;
        write_view(
            d,
            cx,
            r,
            Rc::new(move |d: &mut D, idx: &[D::I]| Cell {
                v: (t.at)(d, idx),
                init: d.lit_b(true),
            }),
        )?;
    }
    Ok(vec![])
}

/// The UB of `memref.cast` of view `r` to type `ty` (the same view): a static size, offset or
/// stride of `ty` that the view does not have ("acts as an assertion that fails at runtime if
/// the dynamic dimensions disagree with resultant destination size"; likewise the layout).
fn cast_checks<'a, D: MDomain>(d: &mut D, cx: &mut Ctx<'a, D>, r: &MRef<D>, ty: &Type) -> R<()> {
    let Type::MemRef { shape, layout, .. } = ty else {
        return unsupported("memref.cast to an unranked memref");
    };
    if shape.len() != r.shape.len() {
        return unsupported("memref.cast between ranks");
    }
    let all_dynamic = matches!(layout.as_deref(), Some(Attr::Strided { strides, offset })
        if offset.is_none() && strides.iter().all(Option::is_none));
    if r.caller_layout && !all_dynamic {
        return unsupported(
            "memref.cast to a static layout of a tensor argument's buffer (its layout is the caller's)",
        );
    }
    let mut want: Vec<(Option<i128>, &D::I)> = vec![];
    for (dim, n) in shape.iter().zip(&r.shape) {
        if let Dim::Static(k) = dim {
            want.push((Some(*k as i128), n));
        }
    }
    match layout.as_deref() {
        // The identity layout: offset 0, row-major strides. A stride of a dim of size 1 (or
        // any of an empty view) is never used: whether MLIR's check compares it is unsure.
        None => {
            let rows = row_major(d, &r.shape);
            let (zero, one) = (d.lit_i(0), d.lit_i(1));
            let mut same = d.eq_i(&r.offset, &zero);
            let mut bad = d.not(&same);
            let mut empty = d.lit_b(false);
            for ((a, b), n) in rows.iter().zip(&r.strides).zip(&r.shape) {
                let e = d.eq_i(a, b);
                same = d.and(&same, &e);
                let ne = d.not(&e);
                let unit = d.le_i(n, &one);
                let used = d.not(&unit);
                let wrong = d.and(&used, &ne);
                bad = d.or(&bad, &wrong);
                let z = d.eq_i(n, &zero);
                empty = d.or(&empty, &z);
            }
            let defined = d.not(&empty);
            let bad = d.and(&bad, &defined);
            cx.add_ub(d, &bad);
            let ok = d.or(&same, &bad);
            let unsure = d.not(&ok);
            cx.add_unsure(
                d,
                &unsure,
                "memref.cast to the identity layout of a view whose unused strides differ",
            );
        }
        Some(Attr::Strided { strides, offset }) if strides.len() == r.strides.len() => {
            want.push((offset.map(i128::from), &r.offset));
            for (s, n) in strides.iter().zip(&r.strides) {
                want.push((s.map(i128::from), n));
            }
        }
        Some(_) => return unsupported("memref.cast to a layout map"),
    }
    for (k, n) in want {
        if let Some(k) = k {
            let l = d.lit_i(k);
            let e = d.eq_i(&l, n);
            let bad = d.not(&e);
            cx.add_ub(d, &bad);
        }
    }
    Ok(())
}

/// Whether the payload of linalg op `o` reads operand `k` (`n_in` inputs): a block argument
/// with uses, where the op has its body (one argument per operand, or per input for
/// `linalg.map`); for a named op, every input but a pooling op's window, and every output but
/// those of ops that only write them (`fill`, `copy`, `transpose`, `broadcast`, `map`).
pub(crate) fn payload_reads(m: &mlir::Module, o: OpId, k: usize, n_in: usize) -> bool {
    let op = m.op(o);
    let body = op
        .regions
        .first()
        .and_then(|r| m.region(*r).blocks.first().copied());
    if let Some(b) = body {
        let args = &m.block(b).args;
        let n_args = if op.name == "linalg.map" {
            n_in
        } else {
            op.operands.len()
        };
        if args.len() == n_args {
            let Some(&arg) = args.get(k) else {
                return false;
            };
            return m
                .walk_inside(o)
                .into_iter()
                .any(|x| m.op(x).operands.contains(&arg));
        }
    }
    // A pooling op's second input only gives the window's shape (its definition's summand
    // reads the first input only).
    if let Ok(Some(spec)) = crate::ops::linalg::conv::linalg_spec(m, o) {
        if spec.elem == crate::ops::linalg::reduce::ElemKind::First && k == 1 {
            return false;
        }
    }
    let output_unread = matches!(
        op.name.as_str(),
        "linalg.fill" | "linalg.copy" | "linalg.transpose" | "linalg.broadcast" | "linalg.map"
    ) || crate::ops::linalg::elementwise::is_op(&op.name);
    k < n_in || !output_unread
}

/// Dims and element type of the memref result of `o`, whatever its layout.
fn result_ty_any(m: &mlir::Module, o: OpId) -> R<(Vec<Dim>, EType)> {
    match m.op(o).results.first().map(|&v| &m.value(v).ty) {
        Some(Type::MemRef { shape, elem, .. }) => Ok((
            shape.clone(),
            crate::base::ctx::etype(elem).map_err(crate::base::stop::Stop::Unsupported)?,
        )),
        _ => unsupported(format!("{} without a memref result", m.op(o).name)),
    }
}

/// `arith.select` of two memrefs, when both are whole blocks made by `to_memref`: such a block
/// never changes (it is read-only) and is never freed (a `dealloc` of it is unsure), so the
/// chosen memref is observed exactly through a new read-only block holding the chosen cells.
/// Other operands (views, writable or freeable buffers, whose aliasing the copy would lose)
/// are unsupported; a poison condition is unsure.
fn select<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let [c, a, b] = operands else {
        return unsupported("arith.select on memrefs without three operands");
    };
    let (c, _) = scalar_of(c)?;
    let Elem::Bool(cond) = c.v else {
        return unsupported("arith.select on memrefs with a condition that is not i1");
    };
    let poison = d.not(&c.ok);
    cx.add_unsure(d, &poison, "arith.select of memrefs on a poison condition");
    let (ra, rb) = (mref_of(a)?, mref_of(b)?);
    let (ba, bb) = (block(cx, &ra)?.clone(), block(cx, &rb)?.clone());
    let whole = |r: &MRef<D>, k: &Block<'a, D>| k.kind == Kind::FromTensor && !r.derived;
    if !whole(&ra, &ba) || !whole(&rb, &bb) || ra.shape.len() != rb.shape.len() {
        return unsupported("arith.select of memrefs other than two whole to_memref buffers");
    }
    let shape: Vec<D::I> = (ra.shape.iter().zip(&rb.shape))
        .map(|(p, q)| d.ite_i(&cond, p, q))
        .collect();
    let size = d.ite_i(&cond, &ba.size, &bb.size);
    let (at_a, at_b, k) = (ba.at.clone(), bb.at.clone(), cond.clone());
    let at: CellFn<'a, D> = Rc::new(move |d: &mut D, i: &D::I| {
        let (x, y) = (at_a(d, i), at_b(d, i));
        Cell {
            v: ite_sval(d, &k, &x.v, &y.v),
            init: ite_b(d, &k, &x.init, &y.init),
        }
    });
    let blk = Block {
        kind: Kind::FromTensor,
        ety: ba.ety,
        size,
        live: d.lit_b(true),
        writable: d.lit_b(false),
        frozen: false,
        at,
    };
    Ok(Val::MemRef(new_block(d, &mut cx.mem, blk, shape)))
}
