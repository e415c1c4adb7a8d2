//! The top layer: a pair's obligations and verdict ([`check`]), memref arguments and memory
//! obligations ([`memcheck`]), replay of models ([`replay`]), float facts on simplified queries
//! ([`refold`]).

pub mod check;
pub mod memcheck;
pub mod refold;
pub mod replay;
