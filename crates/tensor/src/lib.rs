//! `tensor`: the tensor core of tensorproof.
//!
//! It is for the meaning of tensor ops: an [`Op`] graph over named axes ([`Graph`]), and one
//! generic definition per op of its output shape, validity condition and element function
//! ([`Eval`]), parameterised by a [`Domain`]. The [`Concrete`] domain here makes it an exact
//! interpreter; the symbolic domain (SMT terms) lives with the front ends that need it.
//!
//! It is not for solvers, files or verdicts: this crate knows nothing about SMT.

mod concrete;
mod concrete_float;
mod domain;
mod eval;
mod fixed;
pub mod float;
mod ops;
mod rat;
mod rounding;

pub use concrete::{Concrete, ConcreteTensor, Rat, Scalar};
pub use domain::{
    BitOp, Domain, ElemType, FloatTy, Format, IntTy, Literal, Prim, ReduceDim, Reducer,
};
pub use eval::{binary, compare, op_name, operands, pad_size, unary, Eval, Index};
pub use fixed::bitcast;
pub use float::flush;
pub use ops::{
    Axis, AxisMap, BinaryOp, CompareOp, ConvAxes, ConvWindow, Graph, NodeId, NodeType, Op, UnaryOp,
};
