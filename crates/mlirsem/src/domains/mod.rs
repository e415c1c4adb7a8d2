//! The two implementations of [`crate::MDomain`]: symbolic ([`sym`]) and concrete
//! ([`concrete`]). Above the op modules, whose folds, `math` functions, external calls and
//! per-point UB they apply.

pub mod concrete;
pub mod sym;
