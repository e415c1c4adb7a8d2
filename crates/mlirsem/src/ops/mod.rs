//! The op definitions, one module per dialect or op family: [`arith`] (scalar ops, with
//! [`extremum`], [`consts`]), [`math`], [`fold`] (a reduction's meaning per domain),
//! [`linalg`], [`tensor`], [`tosa`], [`memref`] (memref and bufferization), [`scf`],
//! [`extcall`] (calls of external functions).

pub mod arith;
pub mod consts;
pub mod extcall;
pub mod extremum;
pub mod fold;
pub mod linalg;
pub mod math;
pub mod memref;
pub mod scf;
pub mod tensor;
pub mod tosa;
