//! `rules`: the `tensorproof rules` front end.
//!
//! It is for `.rule` files: parsing them with spans ([`parse_file`]), lowering each rule to the
//! tensor core at every element type and rank instance, stating the proof obligations, and
//! turning solver answers into verdicts ([`check_rule`]) with replayed counterexamples. The
//! language is documented in `docs/rules.md`.
//!
//! It is not for files, terminals or exit codes (the CLI's), nor for op semantics (the tensor
//! core's), nor for talking to a solver directly (the `smt` crate's).

pub mod ast;
mod builder;
mod lexer;
mod lower;
mod parser;
mod random;
mod replay;
mod symbolic;
mod verify;

pub use builder::RuleBuilder;
pub use parser::{parse_file, parse_header, MAX_DEPTH};
pub use random::{random_search, RandomOutcome};
pub use verify::{check_rule, check_rule_bounded, float_type_named, Options, RuleResult};

/// The symbolic domain, public for the property tests that compare it with the concrete one.
pub use crate::symbolic::{Sym, SymVal};
