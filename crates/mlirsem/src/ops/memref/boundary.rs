//! Function boundaries after bufferization (`one-shot-bufferize{bufferize-function-boundaries}`),
//! once over [`MDomain`] (docs/mlir.md "Bufferized function boundaries").
//!
//! A target function may take a memref where the source takes a tensor of the same shape and
//! element type (any layout: one-shot bufferization writes `strided<[?, ?], offset: ?>`), and
//! return a memref where the source returns a tensor. The target is then checked as the caller
//! of a bufferized function sees it:
//! - each such argument is a fresh buffer of its own (no other argument or global aliases it),
//!   live and writable, every cell initialized with the source tensor argument's element; its
//!   offset and strides are the caller's, modelled row-major from 0, which element accesses do
//!   not observe ([`crate::base::value::MRef::caller_layout`]: ops that read a layout are unsupported
//!   on it). The source's run holds the same block, untouched: on return the memory obligations
//!   compare the target's block with it, so a write to an argument buffer that changes a cell
//!   the caller can see (or a `dealloc` of it) refutes the pair;
//! - each such result is read as the tensor of its view's cells on return (poison where never
//!   initialized or where the block is dead) and compared with the source's tensor result. It
//!   must be a buffer the function made with `memref.alloc` (ownership passes to the caller),
//!   one per result; any other block (an argument's, a global's, an `alloca`'s) is unsupported.

use crate::base::block::{Block, Kind};
use crate::base::ctx::Run;
use crate::base::domain::MDomain;
use crate::base::stop::{unsupported, R};
use crate::base::value::MRef;
use crate::base::value::{SVal, Tensor, Val};
use crate::ops::memref::{flat, new_block, tensor_block};
use mlir::{Attr, Module, OpId, Type};
use std::rc::Rc;

/// Which arguments and results of a target function are buffers of the source's tensors.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Boundary {
    pub(crate) args: Vec<bool>,
    pub(crate) results: Vec<bool>,
}

/// The assumption a verdict across a bufferized boundary names.
pub const BOUNDARY_ASSUMPTION: &str = "bufferized function boundary: each memref argument that stands for a tensor argument is a fresh buffer holding the tensor's value (arguments do not alias each other or a global), in a layout of the caller's choosing that element accesses do not observe; the target may not change it where the caller can see it; each memref result standing for a tensor result is a buffer the function allocated, compared by its contents on return";

fn signature(m: &Module, f: OpId) -> Option<(&[Type], &[Type])> {
    match m.op(f).attr("function_type") {
        Some(Attr::Type(Type::Function { inputs, results })) => Some((inputs, results)),
        _ => None,
    }
}

/// Whether memref type `b` is the buffer of tensor type `t`: the same shape and element type,
/// any strided layout, no memory space.
fn buffer_of(t: &Type, b: &Type) -> bool {
    match (t, b) {
        (
            Type::Tensor {
                shape,
                elem,
                encoding: None,
            },
            Type::MemRef {
                shape: s2,
                elem: e2,
                layout,
                memory_space: None,
            },
        ) => {
            shape == s2
                && elem == e2
                && layout
                    .as_deref()
                    .is_none_or(|l| matches!(l, Attr::Strided { .. }))
        }
        _ => false,
    }
}

/// How the target's signature relates to the source's: `Some` when it is the source's with
/// some tensors bufferized (an empty [`Boundary`] when the two are the same), `None` otherwise.
pub(crate) fn of(src: &Module, fs: OpId, tgt: &Module, ft: OpId) -> Option<Boundary> {
    let (si, sr) = signature(src, fs)?;
    let (ti, tr) = signature(tgt, ft)?;
    if si.len() != ti.len() || sr.len() != tr.len() {
        return None;
    }
    let pair = |a: &[Type], b: &[Type]| -> Option<Vec<bool>> {
        a.iter()
            .zip(b)
            .map(|(x, y)| match (x == y, buffer_of(x, y)) {
                (true, _) => Some(false),
                (false, true) => Some(true),
                (false, false) => None,
            })
            .collect()
    };
    Some(Boundary {
        args: pair(si, ti)?,
        results: pair(sr, tr)?,
    })
}

impl Boundary {
    pub(crate) fn is_empty(&self) -> bool {
        !self.args.iter().chain(&self.results).any(|b| *b)
    }

    /// Adds a buffer to `mem` for every bufferized argument, holding the source's tensor
    /// argument; returns the target's arguments (those buffers' views in their places).
    pub(crate) fn target_args<'a, D: MDomain>(
        &self,
        d: &mut D,
        vals: &[Val<'a, D>],
        mem: &mut Vec<Block<'a, D>>,
    ) -> R<Vec<Val<'a, D>>> {
        let mut out = vec![];
        for (k, (v, bufferized)) in vals.iter().zip(&self.args).enumerate() {
            if !bufferized {
                out.push(v.clone());
                continue;
            }
            let Val::Tensor(t) = v else {
                return unsupported("a bufferized argument that is not a tensor");
            };
            let writable = d.lit_b(true);
            let b = tensor_block(d, t, Kind::Arg(k), writable);
            let mut r = new_block(d, mem, b, t.shape.clone());
            r.caller_layout = true;
            out.push(Val::MemRef(r));
        }
        Ok(out)
    }

    /// The target's bufferized results read as tensors (see the module doc).
    pub(crate) fn results_as_tensors<'a, D: MDomain>(
        &self,
        d: &mut D,
        run: &mut Run<'a, D>,
    ) -> R<()> {
        let mut seen = vec![];
        for (v, bufferized) in run.results.iter_mut().zip(&self.results) {
            if !bufferized {
                continue;
            }
            let Val::MemRef(r) = v else {
                return unsupported("a bufferized result that is not a memref");
            };
            let Some(b) = run.mem.get(r.block) else {
                return unsupported("a memref result of another function");
            };
            if b.kind != Kind::Alloc {
                return unsupported(format!(
                    "a memref result standing for a tensor that is not a buffer the function allocated ({:?})",
                    b.kind
                ));
            }
            if seen.contains(&r.block) {
                return unsupported("two memref results of one buffer");
            }
            seen.push(r.block);
            *v = Val::Tensor(contents(d, b, r));
        }
        Ok(())
    }
}

/// The tensor of the cells of view `r` of block `b`: poison where a cell was never initialized
/// or the block is dead.
fn contents<'a, D: MDomain>(d: &mut D, b: &Block<'a, D>, r: &MRef<D>) -> Tensor<'a, D> {
    let _ = d;
    let (at, live, view) = (b.at.clone(), b.live.clone(), r.clone());
    Tensor {
        shape: r.shape.clone(),
        ety: r.ety,
        at: Rc::new(move |d: &mut D, idx: &[D::I]| {
            let i = flat(d, &view, idx);
            let c = at(d, &i);
            let ok = d.and(&c.v.ok, &c.init);
            SVal {
                ok: d.and(&ok, &live),
                v: c.v.v,
            }
        }),
    }
}
