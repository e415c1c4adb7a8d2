//! The symbolic domain lives in the shared `symbolic` crate (used by `rules` and `mlirsem`);
//! this module keeps the `crate::symbolic` paths of the rules front end.

pub use ::symbolic::{input_key, sort_of, Red, Sym, SymVal};
