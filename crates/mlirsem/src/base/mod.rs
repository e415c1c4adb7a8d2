//! The bottom layer: element types and the [`domain::MDomain`] interface, values over it
//! ([`value`]), memory blocks ([`block`]), why evaluation stops ([`stop`]), IEEE 754 on bit
//! patterns ([`ieee`]), the run state and the accessors every op definition shares ([`ctx`]),
//! concrete values and model reading ([`model`]), the attributes each op reads ([`attrs`]).

pub mod attrs;
pub mod block;
pub mod ctx;
pub mod domain;
pub mod ieee;
pub mod model;
pub mod stop;
pub mod value;
