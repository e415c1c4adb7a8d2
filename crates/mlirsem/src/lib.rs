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
//!
//! Layers, imports running one way (bottom first): [`base`] (the domain, values, memory blocks,
//! the run state and the accessors op definitions share); [`ops`] (one module per dialect or op
//! family); [`domains`] (the two implementations of [`MDomain`], which apply the op modules'
//! folds, `math` functions, external calls and per-point UB); [`eval`] (the evaluator and the
//! op dispatch); `driver` (obligations, solving, replay). Ops with regions or defined through
//! another op's meaning (`scf`, `linalg` bodies, `tensor.generate`, inlined calls, linalg on
//! buffers) call back into [`eval`]: the one cycle left (ARCHITECTURE.md).

pub mod base;
mod domains;
mod driver;
pub mod eval;
pub mod ops;

pub use base::domain::FUn;
pub use base::domain::{EType, FTy, MDomain};
pub use base::ieee::CFloat;
pub use base::model::{all_indices, CArg, CElem};
pub use base::{attrs, block, ctx, domain, stop, value};
pub use driver::check::{check_pair, Options, PairResult, Side};
pub use eval::MAX_TENSOR_CHAIN;
pub use ops::{extcall, fold, memref as memory};

/// Concrete argument values for [`eval::run_function`] in the concrete domain.
pub fn replay_values<'a>(args: &[CArg]) -> Vec<value::Val<'a, tensor::Concrete>> {
    driver::replay::to_vals(args)
}

/// Concrete argument values and the blocks of the memref arguments (in argument order), for
/// [`eval::run_function_mem`] in the concrete domain.
pub fn replay_values_mem<'a>(
    args: &[CArg],
) -> (
    Vec<value::Val<'a, tensor::Concrete>>,
    Vec<block::Block<'a, tensor::Concrete>>,
) {
    driver::replay::to_vals_mem(args)
}
