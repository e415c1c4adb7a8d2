//! `mlirsem`: the meaning of MLIR tensor programs, and refinement checking of a pair.
//!
//! It is for: lowering a parsed `func.func` ([`mlir::Module`]) to values generic over a domain
//! ([`MDomain`]: the tensor core's [`tensor::Domain`] plus abstract floats), so that the SMT
//! encoding ([`symbolic::Sym`]) and the concrete interpreter ([`tensor::Concrete`]) come from one
//! definition per op ([`eval`]); stating the refinement obligations of a source/target pair and
//! deciding the verdict ([`check_pair`]), with every counterexample replayed concretely.
//!
//! It is not for parsing (the `mlir` crate's), files and exit codes (the CLI's), or talking to a
//! solver directly (the `smt` crate's). The model and its assumptions are in `docs/mlir.md`.

pub mod attrs;
pub mod block;
mod body;
mod boundary;
mod check;
mod concrete_domain;
mod consts;
mod control;
mod conv;
pub mod ctx;
pub mod domain;
pub mod eval;
mod ext;
pub mod extcall;
mod extremum;
pub mod fold;
mod gen;
mod ieee;
mod math;
mod memcheck;
pub mod memory;
mod model;
mod named_elementwise;
mod nest;
mod pool;
mod reduce;
mod refold;
mod replay;
mod reshape;
mod scalar;
pub mod stop;
mod sym_domain;
mod tensor_ops;
mod tosa;
pub mod value;

pub use check::{check_pair, Options, PairResult, Side};
pub use domain::FUn;
pub use domain::{EType, FTy, MDomain};
pub use eval::MAX_TENSOR_CHAIN;
pub use ieee::CFloat;
pub use model::{all_indices, CArg, CElem};

/// Concrete argument values for [`eval::run_function`] in the concrete domain.
pub fn replay_values<'a>(args: &[CArg]) -> Vec<value::Val<'a, tensor::Concrete>> {
    replay::to_vals(args)
}

/// Concrete argument values and the blocks of the memref arguments (in argument order), for
/// [`eval::run_function_mem`] in the concrete domain.
pub fn replay_values_mem<'a>(
    args: &[CArg],
) -> (
    Vec<value::Val<'a, tensor::Concrete>>,
    Vec<block::Block<'a, tensor::Concrete>>,
) {
    replay::to_vals_mem(args)
}
