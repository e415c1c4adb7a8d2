//! `mlir`: a parser for MLIR's textual format, the front half of `tensorproof mlir`.
//!
//! It is for turning a `.mlir` file (one module: `func.func`s over tensors and memrefs, as in
//! mlir-tv's test pairs) into an arena [`Module`] of [`Operation`]s, regions, blocks and SSA
//! values with spans, or into every [`Diagnostic`] found. Ops written in their custom
//! (pretty) form are parsed into the generic representation MLIR itself prints with
//! `--mlir-print-op-generic`: full name, operands, result types, regions, and inherent
//! attributes as properties under MLIR 19's names. The generic form of any op parses; the
//! custom forms known here are those of the func, builtin, arith, math, tensor, linalg, tosa,
//! memref, bufferization, affine (`apply`), shape and sparse_tensor ops that tensor programs
//! use. Any other custom form is skipped to the end of the op and kept as an
//! [`OpForm::Opaque`] op (name, results, span, location); malformed text is still an error.
//! Debug locations (`loc(...)`, `#loc = loc(...)` aliases) are kept on each op
//! ([`Operation::loc`]).
//!
//! It is not for meaning: no op semantics, no verification beyond what parsing needs (names
//! resolve, stated operand types agree with definitions, result counts match), no SMT. It
//! never panics on input, and bounds nesting ([`MAX_DEPTH`]) and diagnostics
//! ([`MAX_DIAGNOSTICS`]).
//!
//! ```
//! let m = mlir::parse("func.func @f(%a: f32) -> f32 { return %a : f32 }").unwrap();
//! let (name, f) = &m.functions()[0];
//! assert_eq!(name, "f");
//! assert_eq!(m.op(*f).regions.len(), 1);
//! ```

mod affine;
mod ast;
mod attrs;
mod elements;
mod lexer;
mod module;
mod ops;
mod ops_func;
mod ops_shaped;
mod parser;
mod scope;
mod types;

pub use affine::{AffineExpr, AffineMap, AffineOp};
pub use ast::{
    Block, BlockId, Module, NamedAttr, OpForm, OpId, Operation, Region, RegionId, Value, ValueDef,
    ValueId,
};
pub use attrs::Attr;
pub use elements::{DenseData, DenseLit};
pub use ops_shaped::DYNAMIC;
pub use parser::{parse, MAX_DEPTH, MAX_DIAGNOSTICS};
pub use report::{Diagnostic, Span};
pub use types::{Dim, FloatKind, Signedness, Type};
