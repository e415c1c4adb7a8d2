//! Concrete values outside a run, and reading them from a solver model: the elements and
//! arguments a replay passes ([`CElem`], [`CArg`]), the sorts and elements of uninterpreted
//! values, and the bounds the driver and the external calls' tables share.

use crate::base::domain::EType;
use crate::base::ieee::CFloat;
use crate::base::value::*;
use mlir::{Module, OpId};
use smt::{Sort, TermId, Value};
use symbolic::Sym;
use tensor::Concrete;

/// A concrete element.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CElem {
    Bool(bool),
    Int(i128),
    Float(CFloat),
}

impl std::fmt::Display for CElem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CElem::Bool(b) => write!(f, "{b}"),
            CElem::Int(i) => write!(f, "{i}"),
            CElem::Float(x) => write!(f, "{x}"),
        }
    }
}

/// A concrete function argument.
#[derive(Clone, Debug)]
pub enum CArg {
    Scalar(EType, CElem),
    Tensor {
        ety: EType,
        dims: Vec<i128>,
        /// Row-major.
        data: Vec<CElem>,
    },
    /// A memref argument: its block's contents (row-major, or by flat offset under `layout`),
    /// initialized flags and flags.
    MemRef {
        ety: EType,
        dims: Vec<i128>,
        data: Vec<CElem>,
        init: Vec<bool>,
        live: bool,
        writable: bool,
        /// Offset and strides of a non-identity layout.
        layout: Option<(i128, Vec<i128>)>,
    },
}

/// Most elements of a replayed input read in full from a model, or of an output compared at
/// every index (larger inputs are read lazily, larger outputs compared at the model's index).
pub(crate) const MAX_ELEMS: i128 = 1 << 16;

pub(crate) fn to_elem(d: &mut Concrete, e: CElem) -> Elem<Concrete> {
    let _ = d;
    match e {
        CElem::Bool(b) => Elem::Bool(b),
        CElem::Int(i) => Elem::Int(i),
        CElem::Float(x) => Elem::Float(x),
    }
}

pub(crate) fn from_elem(e: &Elem<Concrete>) -> CElem {
    match e {
        Elem::Bool(b) => CElem::Bool(*b),
        Elem::Int(i) => CElem::Int(*i),
        Elem::Float(x) => CElem::Float(*x),
    }
}

/// Every index of a shape, row-major (the shape must be small).
pub fn all_indices(dims: &[i128]) -> Vec<Vec<i128>> {
    // An empty box (some dim <= 0) has no points, whatever the other dims (a huge one
    // next to a zero must not be enumerated).
    if dims.iter().any(|n| *n <= 0) {
        return vec![];
    }
    let mut out = vec![vec![]];
    for n in dims {
        let mut next = vec![];
        for p in &out {
            for i in 0..*n {
                let mut q = p.clone();
                q.push(i);
                next.push(q);
            }
        }
        out = next;
    }
    out
}

pub(crate) fn show(s: &SVal<Concrete>) -> String {
    if s.ok {
        from_elem(&s.v).to_string()
    } else {
        "poison".into()
    }
}

/// Dynamic dims of arguments are below this bound: 2^48, the user address space of x86-64 and
/// AArch64, beyond which no non-empty tensor or buffer fits (an empty one with a larger dim is
/// excluded too). Sizes an op computes from them (`d + 3`) then stay far from 2^63.
pub(crate) const ARG_DIM_BOUND: i128 = 1 << 48;

pub(crate) fn sort_of(t: EType) -> Sort {
    match t {
        EType::Bool => Sort::Bool,
        _ => Sort::Int,
    }
}

/// An element of type `t` from an uninterpreted value (Bool, or Int: integers wrapped to their
/// width, floats as bit patterns).
pub(crate) fn elem_of_raw(d: &mut Sym, t: EType, raw: TermId) -> Elem<Sym> {
    match t {
        EType::Bool => Elem::Bool(raw),
        EType::Float(_) => Elem::Float(raw),
        _ => Elem::Int(wrap(d, &raw, t.width())),
    }
}

pub(crate) fn elem_from_value(t: EType, v: Option<Value>) -> CElem {
    match (t, v) {
        (EType::Bool, Some(Value::Bool(b))) => CElem::Bool(b),
        (EType::Bool, _) => CElem::Bool(false),
        (EType::Float(f), v) => {
            let i = match v {
                Some(Value::Int(i)) => i,
                _ => 0,
            };
            let bits = i.rem_euclid(pow2(EType::Float(f).width())) as u64;
            CElem::Float(CFloat {
                ty: f,
                bits: f.format().canon(bits),
            })
        }
        (t, v) => {
            let i = match v {
                Some(Value::Int(i)) => i,
                _ => 0,
            };
            let w = t.width();
            CElem::Int((i + pow2(w - 1)).rem_euclid(pow2(w)) - pow2(w - 1))
        }
    }
}

pub(crate) fn arg_names(m: &Module, f: OpId) -> Vec<String> {
    let op = m.op(f);
    op.regions
        .first()
        .and_then(|r| m.region(*r).blocks.first())
        .map(|b| {
            m.block(*b)
                .args
                .iter()
                .map(|a| m.value(*a).name.clone())
                .collect()
        })
        .unwrap_or_default()
}
