//! `smt`: the only crate of tensorproof that knows about solvers.
//!
//! It is for building formulas in our own hash-consed IR ([`Store`], [`TermId`]), printing them
//! as SMT-LIB 2 (for `--dump-smt` and any solver process), and checking them with Z3 in-process
//! ([`check_z3`]) with a per-query timeout, reading models back as plain [`Value`]s.
//!
//! It is not for tensors, shapes or verdicts: callers state obligations, this crate answers
//! sat/unsat/unknown. Z3 terms are never walked; z3 objects never leave the calling thread.

mod bv;
pub mod clock;
mod eval;
mod float;
mod fxhash;
mod guess;
mod print;
mod process;
mod simplify;
mod solve;
mod split;
mod term;

pub use eval::{eval_term, eval_terms};
pub use print::{stable_hash, to_smtlib};
pub use process::{check_cvc5, solver_process_cpu, stat_cpu, ProcessAnswer};
pub use simplify::{simplify_arith, simplify_arith_witnessed, Simplified};
pub use solve::{
    check_portfolio, check_portfolio_bounded, check_portfolio_interruptible, check_z3,
    decide_portfolio, decide_z3, on_stuck_query, CheckResult, ModelReader, Solver, SolverConfig,
    Value, MAX_NODES, STUCK_GRACE,
};
pub use term::{
    euclid_div, BvOp, Format, FpOp, FunId, Node, Sort, Store, SymId, TermId, MAX_DEPTH,
};

#[cfg(test)]
mod tests;
