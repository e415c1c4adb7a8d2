//! Memref arguments and the memory half of refinement (docs/mlir.md "Memory").
//!
//! Each memref argument points to a block of its own, viewed whole (offset 0, identity layout),
//! whose liveness, writability, contents and per-element initialization are unknown: symbols
//! and uninterpreted functions of the flat offset, shared by SRC and TGT. On return, for every
//! argument block: if SRC's block is live, TGT's must be, and at every offset where SRC's cell
//! is initialized and not poison, TGT's must be too, with the same value.
//!
//! This file is the symbolic side; [`crate::driver::replay`] builds the same blocks from a model and
//! compares the final memories concretely.

use crate::base::block::{Block, Cell, CellFn, Kind};
use crate::base::ctx::Run;
use crate::base::domain::EType;
use crate::base::value::MRef;
use crate::base::value::*;
use crate::ops::memref::{memref_type, new_block, numel};
use mlir::{AffineExpr, AffineOp, Attr, Dim, Type};
use smt::{FunId, Sort, SymId, TermId};
use std::rc::Rc;
use symbolic::Sym;

/// A memref argument, symbolically: plain ids only (read inside the solver thread).
#[derive(Clone, Debug)]
pub(crate) struct MemArg {
    pub ety: EType,
    pub dims: Vec<Result<i128, SymId>>,
    /// Element and initialized flag per flat offset.
    pub elems: FunId,
    pub init: FunId,
    pub live: SymId,
    pub writable: SymId,
    /// Offset and strides of a non-identity layout.
    pub layout: Option<(i128, Vec<i128>)>,
}

fn dd_lits(dd: &[Result<i128, SymId>]) -> Vec<i128> {
    dd.iter().map(|x| *x.as_ref().unwrap_or(&0)).collect()
}

/// Declares memref argument `k` of type `ty` (dims pinned by `pin` where it answers): its
/// description, its value (a view of a new block in `mem`) and range facts in `pre`.
pub(crate) fn declare<'a>(
    sym: &mut Sym,
    k: usize,
    ty: &Type,
    pin: &dyn Fn(usize) -> Option<i128>,
    pre: &mut Vec<TermId>,
    mem: &mut Vec<Block<'a, Sym>>,
) -> Result<(MemArg, Val<'a, Sym>), String> {
    let lay = layout(ty)?;
    let plain = match ty {
        Type::MemRef {
            shape,
            elem,
            memory_space: None,
            ..
        } => Type::MemRef {
            shape: shape.clone(),
            elem: elem.clone(),
            layout: None,
            memory_space: None,
        },
        other => other.clone(),
    };
    let (dims, ety) = memref_type(&plain)?;
    if lay.is_some() && dims.iter().any(|x| matches!(x, Dim::Dynamic)) {
        return Err("memref arguments with a layout and dynamic sizes are not supported".into());
    }
    let mut shape = vec![];
    let mut dd = vec![];
    for (j, dim) in dims.iter().enumerate() {
        match (dim, pin(j)) {
            (Dim::Static(n), _) => {
                dd.push(Ok(*n as i128));
                shape.push(sym.store.int(*n as i128));
            }
            (Dim::Dynamic, Some(n)) => {
                dd.push(Ok(n));
                shape.push(sym.store.int(n));
            }
            (Dim::Dynamic, None) => {
                let s = sym.store.declare(&format!("arg{k}_dim{j}"), Sort::Int);
                let t = sym.store.sym(s);
                let zero = sym.store.int(0);
                let hi = sym.store.int(crate::base::model::ARG_DIM_BOUND);
                pre.push(sym.store.le(zero, t));
                pre.push(sym.store.lt(t, hi));
                dd.push(Err(s));
                shape.push(t);
            }
        }
    }
    let sort = match ety {
        EType::Bool => Sort::Bool,
        _ => Sort::Int,
    };
    let elems = sym
        .store
        .declare_fun(&format!("arg{k}_mem"), &[Sort::Int], sort);
    let init = sym
        .store
        .declare_fun(&format!("arg{k}_init"), &[Sort::Int], Sort::Bool);
    let live = sym.store.declare(&format!("arg{k}_live"), Sort::Bool);
    let writable = sym.store.declare(&format!("arg{k}_writable"), Sort::Bool);
    let at: CellFn<'a, Sym> = Rc::new(move |d: &mut Sym, i: &TermId| {
        let raw = d.store.app(elems, vec![*i]);
        let v = match ety {
            EType::Bool => Elem::Bool(raw),
            EType::Float(_) => Elem::Float(raw),
            _ => Elem::Int(wrap(d, &raw, ety.width())),
        };
        Cell {
            v: SVal {
                v,
                ok: d.store.bool(true),
            },
            init: d.store.app(init, vec![*i]),
        }
    });
    // With a layout, the block runs from 0 to the view's last element.
    let size = match &lay {
        None => numel(sym, &shape),
        Some((off, strides)) => {
            let n: Vec<i128> = dd.iter().map(|x| *x.as_ref().unwrap_or(&0)).collect();
            let empty = n.contains(&0);
            let last: i128 = off
                + n.iter()
                    .zip(strides)
                    .map(|(n, s)| (n - 1) * s)
                    .sum::<i128>();
            sym.store.int(if empty { *off } else { last + 1 })
        }
    };
    let b = Block {
        kind: Kind::Arg(k),
        ety,
        size,
        live: sym.store.sym(live),
        writable: sym.store.sym(writable),
        frozen: false,
        at,
    };
    let mut r = new_block(sym, mem, b, shape);
    if let Some((off, strides)) = &lay {
        r.offset = sym.store.int(*off);
        r.strides = strides.iter().map(|s| sym.store.int(*s)).collect();
        r.contiguous = *strides == crate::ops::memref::row_major_lits(&dd_lits(&dd));
    }
    let desc = MemArg {
        layout: lay,
        ety,
        dims: dd,
        elems,
        init,
        live,
        writable,
    };
    Ok((desc, Val::MemRef(r)))
}

/// The memory obligations (label, query) of argument blocks `0..n`, under `defined` (neither
/// side has UB).
pub(crate) fn obligations(
    d: &mut Sym,
    src: &[Block<'_, Sym>],
    tgt: &[Block<'_, Sym>],
    n: usize,
    defined: TermId,
    signed_zeros: bool,
    literal_cells: i128,
) -> Vec<(String, TermId)> {
    let mut out = vec![];
    for (b, (s, t)) in src.iter().zip(tgt).take(n).enumerate() {
        let nt = d.store.not(t.live);
        let q = d.store.and(vec![defined, s.live, nt]);
        out.push((format!("memory{b}-live"), q));
        let i = d.store.fresh(&format!("cell{b}"), Sort::Int);
        let i = d.store.sym(i);
        let differ = |d: &mut Sym, i: TermId| {
            let sc = (s.at)(d, &i);
            let tc = (t.at)(d, &i);
            let same_v = same_result(d, s.ety, &sc.v.v, &tc.v.v, signed_zeros);
            let good = d.store.and(vec![t.live, tc.init, tc.v.ok, same_v]);
            let bad = d.store.not(good);
            d.store.and(vec![sc.init, sc.v.ok, bad])
        };
        // A block of at most `literal_cells` cells: at every literal offset (exact; after
        // unrolled loops its cells are chains of stores that literal offsets settle).
        let q = match d.store.as_int(s.size) {
            Some(size) if size <= literal_cells => {
                let mut cases = vec![];
                for k in 0..size.max(0) {
                    let kt = d.store.int(k);
                    let here = d.store.eq(i, kt);
                    let bad = differ(d, kt);
                    cases.push(d.store.and2(here, bad));
                }
                let any = d.store.or(cases);
                d.store.and(vec![defined, s.live, any])
            }
            _ => {
                let zero = d.store.int(0);
                let lo = d.store.le(zero, i);
                let hi = d.store.lt(i, s.size);
                let bad = differ(d, i);
                d.store.and(vec![defined, lo, hi, s.live, bad])
            }
        };
        out.push((format!("memory{b}"), q));
    }
    out
}

/// What a memory block is to the caller: argument `k`, or the mutable global of this name
/// (`None`: a block the caller cannot name).
#[derive(PartialEq, Eq, Debug)]
pub(crate) enum Owner<'s> {
    Arg(usize),
    Global(&'s str),
}

/// The [`Owner`] of block `k` of a run with memory `mem` and globals `globals`.
pub(crate) fn owner<'s, D: crate::base::domain::MDomain>(
    mem: &[Block<'_, D>],
    globals: &'s [(String, usize)],
    k: usize,
) -> Option<Owner<'s>> {
    match mem.get(k)?.kind {
        Kind::Arg(a) => Some(Owner::Arg(a)),
        Kind::MutableGlobal => globals
            .iter()
            .find(|(_, b)| *b == k)
            .map(|(n, _)| Owner::Global(n.as_str())),
        _ => None,
    }
}

/// The obligation of memref results `x` (source) and `y` (target) under `defined`: both must
/// be the same view (offset, sizes, strides) of the same argument block (whose contents on
/// return the argument obligations compare) or of the same mutable global, so that the caller
/// sees the same memory through them (views of two arguments, or of an argument and a global,
/// differ: they are distinct blocks). The target's view may not be a view op's result where
/// the source's is the block's own memref (the caller could `dealloc` one and not the other),
/// and views cut by a `memref.subview` are not compared (their accesses depend on where they
/// were cut from). `Err`: outside what is compared.
pub(crate) fn result_view(
    d: &mut Sym,
    x: &MRef<Sym>,
    y: &MRef<Sym>,
    runs: (&Run<'_, Sym>, &Run<'_, Sym>),
    defined: TermId,
) -> Result<TermId, String> {
    let ox = owner(&runs.0.mem, &runs.0.globals, x.block);
    let oy = owner(&runs.1.mem, &runs.1.globals, y.block);
    let (Some(ox), Some(oy)) = (ox, oy) else {
        return Err("a memref result that is not a view of an argument or a mutable global".into());
    };
    if ox != oy {
        return Ok(defined);
    }
    if !x.within.is_empty() || !y.within.is_empty() {
        return Err("a memref result cut by memref.subview".into());
    }
    if y.derived && !x.derived {
        return Err("a memref result that is a view in the target only".into());
    }
    if x.shape.len() != y.shape.len() {
        return Err("memref results of different ranks".into());
    }
    let mut eqs = vec![d.store.eq(x.offset, y.offset)];
    for (a, b) in x
        .shape
        .iter()
        .zip(&y.shape)
        .chain(x.strides.iter().zip(&y.strides))
    {
        eqs.push(d.store.eq(*a, *b));
    }
    let same_view = d.store.and(eqs);
    let differ = d.store.not(same_view);
    Ok(d.store.and2(defined, differ))
}

/// Whether the verdict rests on argument blocks being distinct: two memref arguments (of any
/// element types: a buffer may be viewed under two), or a memref argument and a global.
pub(crate) fn needs_distinct(types: &[Type], uses_globals: bool) -> bool {
    let n = types
        .iter()
        .filter(|t| matches!(t, Type::MemRef { .. }))
        .count();
    n >= 2 || (uses_globals && n >= 1)
}

/// The assumption named when [`needs_distinct`].
pub const DISTINCT_ASSUMPTION: &str = "memref arguments point to distinct blocks, none of them a global's (mlir-tv's -memref-inputs-simple; each may still be dead, read-only or uninitialized)";

/// The memory model's assumption, named in every verdict of a pair that uses memory.
pub const MEMORY_ASSUMPTION: &str = "memory: memrefs are strided views of blocks with liveness, writability and initialized cells; out-of-bounds, dead-block and read-only accesses, copies between different sizes and double deallocs are UB; reading a cell never initialized (a load, a copy, a linalg payload, or straight from to_tensor) is UB (mlir-tv's reading), elsewhere it is poison; writes after to_tensor and deallocs of non-alloc blocks or view results are outside the model";

/// The static offset and strides of a memref argument's layout (`None`: the identity).
pub(crate) fn layout(ty: &Type) -> Result<Option<(i128, Vec<i128>)>, String> {
    let Type::MemRef {
        shape,
        layout: Some(l),
        ..
    } = ty
    else {
        return Ok(None);
    };
    let rank = shape.len();
    match l.as_ref() {
        Attr::Strided { strides, offset } if strides.len() == rank => {
            let strides: Option<Vec<i128>> = strides.iter().map(|s| s.map(i128::from)).collect();
            match (strides, offset) {
                (Some(st), Some(o)) => Ok(Some((i128::from(*o), st))),
                _ => Err("memref arguments with a dynamic strided layout are not supported".into()),
            }
        }
        Attr::AffineMap(m) if m.num_dims as usize == rank && m.num_symbols == 0 => {
            let [e] = m.results.as_slice() else {
                return Err("a memref layout map with several results".into());
            };
            let (coef, c) = linear(e, rank)
                .ok_or("memref arguments with a non-linear layout map are not supported")?;
            Ok(Some((c, coef)))
        }
        _ => Err("unsupported memref layout".into()),
    }
}

/// `e` as `Σ coef_k d_k + c`, if it is linear with constant coefficients.
fn linear(e: &AffineExpr, rank: usize) -> Option<(Vec<i128>, i128)> {
    match e {
        AffineExpr::Dim(k) if (*k as usize) < rank => {
            let mut v = vec![0; rank];
            v[*k as usize] = 1;
            Some((v, 0))
        }
        AffineExpr::Const(c) => Some((vec![0; rank], i128::from(*c))),
        AffineExpr::Bin(AffineOp::Add, a, b) => {
            let (x, c) = linear(a, rank)?;
            let (y, e) = linear(b, rank)?;
            Some((x.iter().zip(&y).map(|(p, q)| p + q).collect(), c + e))
        }
        AffineExpr::Bin(AffineOp::Mul, a, b) => {
            let (x, c) = linear(a, rank)?;
            let (y, e) = linear(b, rank)?;
            if x.iter().all(|v| *v == 0) {
                Some((y.iter().map(|q| q * c).collect(), c * e))
            } else if y.iter().all(|v| *v == 0) {
                Some((x.iter().map(|p| p * e).collect(), c * e))
            } else {
                None
            }
        }
        _ => None,
    }
}
