//! Memref arguments and the memory half of refinement (docs/mlir.md "Memory").
//!
//! Each memref argument points to a block of its own, viewed whole (offset 0, identity layout),
//! whose liveness, writability, contents and per-element initialization are unknown: symbols
//! and uninterpreted functions of the flat offset, shared by SRC and TGT. On return, for every
//! argument block: if SRC's block is live, TGT's must be, and at every offset where SRC's cell
//! is initialized and not poison, TGT's must be too, with the same value.
//!
//! This file is the symbolic side; [`crate::replay`] builds the same blocks from a model and
//! compares the final memories concretely.

use crate::domain::EType;
use crate::memory::{memref_type, new_block, numel, Block, Cell, CellFn, Kind};
use crate::value::*;
use mlir::{Dim, Type};
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
    let (dims, ety) = memref_type(ty)?;
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
                let hi = sym.store.int(pow2(63));
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
    let size = numel(sym, &shape);
    let b = Block {
        kind: Kind::Arg(k),
        ety,
        size,
        live: sym.store.sym(live),
        writable: sym.store.sym(writable),
        frozen: false,
        at,
    };
    let r = new_block(sym, mem, b, shape);
    let desc = MemArg {
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
) -> Vec<(String, TermId)> {
    let mut out = vec![];
    for (b, (s, t)) in src.iter().zip(tgt).take(n).enumerate() {
        let nt = d.store.not(t.live);
        let q = d.store.and(vec![defined, s.live, nt]);
        out.push((format!("memory{b}-live"), q));
        let i = d.store.fresh(&format!("cell{b}"), Sort::Int);
        let i = d.store.sym(i);
        let zero = d.store.int(0);
        let lo = d.store.le(zero, i);
        let hi = d.store.lt(i, s.size);
        let sc = (s.at)(d, &i);
        let tc = (t.at)(d, &i);
        let same_v = same(d, s.ety, &sc.v.v, &tc.v.v);
        let good = d.store.and(vec![t.live, tc.init, tc.v.ok, same_v]);
        let bad = d.store.not(good);
        let q = d
            .store
            .and(vec![defined, lo, hi, s.live, sc.init, sc.v.ok, bad]);
        out.push((format!("memory{b}"), q));
    }
    out
}

/// Whether the verdict rests on argument blocks being distinct: two memref arguments of one
/// element type, or a memref argument and a global.
pub(crate) fn needs_distinct(types: &[Type], uses_globals: bool) -> bool {
    let etys: Vec<Option<EType>> = types
        .iter()
        .filter_map(|t| match t {
            Type::MemRef { elem, .. } => Some(crate::eval::etype(elem).ok()),
            _ => None,
        })
        .collect();
    let dup = etys
        .iter()
        .enumerate()
        .any(|(i, a)| etys[i + 1..].iter().any(|b| a == b));
    dup || (uses_globals && !etys.is_empty())
}

/// The assumption named when [`needs_distinct`].
pub const DISTINCT_ASSUMPTION: &str = "memref arguments point to distinct blocks, none of them a global's (mlir-tv's -memref-inputs-simple; each may still be dead, read-only or uninitialized)";

/// The memory model's assumption, named in every verdict of a pair that uses memory.
pub const MEMORY_ASSUMPTION: &str = "memory: memrefs are contiguous views of blocks; loads/stores out of bounds or of dead blocks, writes to read-only blocks (to_memref of a tensor, constant globals, either side of a clone) and double deallocs are UB; loads of uninitialized elements and writes after to_tensor are outside the model";
