//! `xla`: the front end of `tensorproof xla`, translation validation of XLA's optimization
//! passes. Two HLO modules (before and after optimization, as XLA prints them) are parsed with
//! spans (`parse`), lowered to the tensor core's ops at their concrete shapes (`lower`, with
//! the op table in `ops`), and compared output element by output element: first by a concrete
//! search over special and random inputs, then symbolically at a symbolic index with the IEEE
//! element domain (`check`). Model and claims: docs/xla.md.
//!
//! It is not for files, processes or printing (the CLI's), nor for the meaning of an op
//! (the core's, `tensor::Eval`).

mod check;
mod consts;
mod conv;
pub mod hlo;
mod lower;
mod ops;
mod parse;
mod regroup;
mod search;
mod shape_ops;
mod sweep;
mod while_loop;

pub use check::{check_pair, Input, Options};
pub use lower::{lower, Lowered, Mode, Unsupported};
pub use ops::{MEANING_FREE, OPS};
pub use parse::parse_module;
pub use search::{output_element, Computed};
