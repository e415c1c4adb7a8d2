//! `linalg`: named elementwise ops ([`elementwise`]), reductions and contractions
//! ([`reduce`]), convolutions ([`conv`]) and pooling ([`pool`]), and what a `linalg.generic`
//! body needs beyond its scalar ops ([`body`]). Parallel generics and `linalg.map` are run by
//! [`crate::eval`].

pub mod body;
pub mod conv;
pub mod elementwise;
pub mod pool;
pub mod reduce;
