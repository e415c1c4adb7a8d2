//! Memory values: blocks of cells ([`Block`]) and memref views of them ([`MRef`]); the
//! memref ops that read and write them are [`crate::ops::memref`]'s.

use crate::base::domain::{EType, MDomain};
use crate::base::value::*;
use std::rc::Rc;

/// A memory cell: the element (poison or not) and whether it was ever initialized.
pub struct Cell<D: MDomain> {
    pub v: SVal<D>,
    pub init: D::B,
}

impl<D: MDomain> Clone for Cell<D> {
    fn clone(&self) -> Self {
        Cell {
            v: self.v.clone(),
            init: self.init.clone(),
        }
    }
}

/// The contents of a block: a cell per flat offset (total: called out of bounds only under UB).
pub type CellFn<'a, D> = Rc<dyn Fn(&mut D, &<D as tensor::Domain>::I) -> Cell<D> + 'a>;

/// A cell per in-bounds multi-index of a view (what a whole-view write stores).
pub(crate) type ViewFn<'a, D> = Rc<dyn Fn(&mut D, &[<D as tensor::Domain>::I]) -> Cell<D> + 'a>;

/// Where a block comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Function argument `k`.
    Arg(usize),
    Alloc,
    Alloca,
    /// `bufferization.to_memref` of a tensor (read-only).
    FromTensor,
    /// `bufferization.clone` (read-only).
    Clone,
    /// `memref.get_global` of a `constant` global (read-only, its initial value).
    Global,
    /// `memref.get_global` of a mutable global: its identity only (a returned view of it is
    /// compared); its contents, shared with the caller and earlier calls, are not modelled.
    MutableGlobal,
}

/// A memory block.
pub struct Block<'a, D: MDomain> {
    pub kind: Kind,
    pub ety: EType,
    /// Number of elements.
    pub size: D::I,
    pub live: D::B,
    pub writable: D::B,
    /// Whether `bufferization.to_tensor` read the block (writes afterwards are unsure).
    pub frozen: bool,
    pub at: CellFn<'a, D>,
}

impl<'a, D: MDomain> Clone for Block<'a, D> {
    fn clone(&self) -> Self {
        Block {
            kind: self.kind,
            ety: self.ety,
            size: self.size.clone(),
            live: self.live.clone(),
            writable: self.writable.clone(),
            frozen: self.frozen,
            at: self.at.clone(),
        }
    }
}
