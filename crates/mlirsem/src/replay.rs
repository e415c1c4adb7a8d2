//! Concrete inputs, and replaying a candidate counterexample through the concrete domain
//! (the same op definitions as the symbolic check, with IEEE floats). Only a replayed
//! difference becomes a refutation.

use crate::domain::{CFloat, EType, FTy};
use crate::eval::{run_function, Run, Stop};
use crate::value::*;
use mlir::{Module, OpId};
use report::{Mismatch, TensorValue};
use std::rc::Rc;
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
}

/// Most elements a replayed input or output may have.
pub(crate) const MAX_ELEMS: i128 = 1 << 16;

fn to_elem(d: &mut Concrete, e: CElem) -> Elem<Concrete> {
    let _ = d;
    match e {
        CElem::Bool(b) => Elem::Bool(b),
        CElem::Int(i) => Elem::Int(i),
        CElem::Float(x) => Elem::Float(x),
    }
}

fn from_elem(e: &Elem<Concrete>) -> CElem {
    match e {
        Elem::Bool(b) => CElem::Bool(*b),
        Elem::Int(i) => CElem::Int(*i),
        Elem::Float(x) => CElem::Float(*x),
    }
}

fn offset(dims: &[i128], idx: &[i128]) -> Option<usize> {
    if dims.len() != idx.len() {
        return None;
    }
    let mut off: i128 = 0;
    for (n, i) in dims.iter().zip(idx) {
        if *i < 0 || i >= n {
            return None;
        }
        off = off * n + i;
    }
    usize::try_from(off).ok()
}

/// Every index of a shape, row-major (the shape must be small).
pub(crate) fn all_indices(dims: &[i128]) -> Vec<Vec<i128>> {
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

pub(crate) fn to_vals<'a>(args: &[CArg]) -> Vec<Val<'a, Concrete>> {
    args.iter()
        .map(|a| match a {
            CArg::Scalar(t, e) => {
                let mut d = Concrete::default();
                Val::Scalar(
                    SVal {
                        v: to_elem(&mut d, *e),
                        ok: true,
                    },
                    *t,
                )
            }
            CArg::Tensor { ety, dims, data } => {
                let data = Rc::new(data.clone());
                let dd = dims.clone();
                let ety = *ety;
                let at: ElemFn<'a, Concrete> = Rc::new(move |d: &mut Concrete, idx: &[i128]| {
                    // Out-of-range reads happen only under UB; their value is never observed.
                    let e = match offset(&dd, idx).and_then(|o| data.get(o)) {
                        Some(e) => to_elem(d, *e),
                        None => zero_elem(d, ety),
                    };
                    SVal { v: e, ok: true }
                });
                Val::Tensor(Tensor {
                    shape: dims.clone(),
                    ety,
                    at,
                })
            }
        })
        .collect()
}

/// The answer of a replay.
pub(crate) enum Replay {
    Differs(Mismatch),
    Same,
    Untrusted(String),
}

fn run<'a>(
    d: &mut Concrete,
    m: &'a Module,
    f: OpId,
    args: &[CArg],
) -> Result<Run<'a, Concrete>, String> {
    run_function(d, m, f, to_vals(args)).map_err(|Stop::Unsupported(w)| w)
}

fn show(s: &SVal<Concrete>) -> String {
    if s.ok {
        from_elem(&s.v).to_string()
    } else {
        "poison".into()
    }
}

/// Replays `args` through both functions; `focus` is an output position to look at first.
pub(crate) fn replay(
    src: (&Module, OpId),
    tgt: (&Module, OpId),
    args: &[CArg],
    focus: Option<(usize, Vec<i128>)>,
) -> Replay {
    let mut ds = Concrete::default();
    let mut dt = Concrete::default();
    let rs = match run(&mut ds, src.0, src.1, args) {
        Ok(r) => r,
        Err(w) => return Replay::Untrusted(w),
    };
    if rs.ub {
        return if ds.inexact.is_some() {
            Replay::Untrusted(ds.inexact.unwrap_or_default())
        } else {
            Replay::Same
        };
    }
    if let Some((_, why)) = rs.unsure.iter().find(|(c, _)| *c) {
        return Replay::Untrusted(format!("outside the model: {why}"));
    }
    let rt = match run(&mut dt, tgt.0, tgt.1, args) {
        Ok(r) => r,
        Err(w) => return Replay::Untrusted(w),
    };
    if let Some((_, why)) = rt.unsure.iter().find(|(c, _)| *c) {
        return Replay::Untrusted(format!("outside the model: {why}"));
    }
    for (side, u) in rs
        .unsure_at
        .iter()
        .map(|u| (0, u))
        .chain(rt.unsure_at.iter().map(|u| (1, u)))
    {
        let d = if side == 0 { &mut ds } else { &mut dt };
        let count = u.shape.iter().fold(1i128, |a, n| a.saturating_mul(*n));
        if count > MAX_ELEMS {
            return Replay::Untrusted(format!("outside the model (unchecked): {}", u.why));
        }
        if all_indices(&u.shape).iter().any(|i| (u.at)(d, i)) {
            return Replay::Untrusted(format!("outside the model: {}", u.why));
        }
    }
    let mut found = None;
    if rt.ub {
        found = Some(Mismatch::TargetUb {
            what: "the target has undefined behaviour where the source has none".into(),
        });
    }
    for (r, (a, b)) in rs.results.iter().zip(&rt.results).enumerate() {
        if found.is_some() {
            break;
        }
        match (a, b) {
            (Val::Scalar(x, t), Val::Scalar(y, _)) => {
                let s = same(&mut ds, *t, &x.v, &y.v);
                if x.ok && !(y.ok && s) {
                    found = Some(Mismatch::Output {
                        output: r,
                        index: vec![],
                        src: show(x),
                        tgt: show(y),
                    });
                }
            }
            (Val::Tensor(x), Val::Tensor(y)) => {
                if x.shape != y.shape {
                    found = Some(Mismatch::OutputShape {
                        output: r,
                        src: x.shape.clone(),
                        tgt: y.shape.clone(),
                    });
                    break;
                }
                let count = x.shape.iter().fold(1i128, |a, n| a.saturating_mul(*n));
                if count > MAX_ELEMS {
                    return Replay::Untrusted("an output too large to replay".into());
                }
                let mut order = vec![];
                if let Some((fr, fi)) = &focus {
                    if *fr == r && offset(&x.shape, fi).is_some() {
                        order.push(fi.clone());
                    }
                }
                order.extend(all_indices(&x.shape));
                for idx in order {
                    let sv = (x.at)(&mut ds, &idx);
                    let tv = (y.at)(&mut dt, &idx);
                    let s = same(&mut ds, x.ety, &sv.v, &tv.v);
                    if sv.ok && !(tv.ok && s) {
                        found = Some(Mismatch::Output {
                            output: r,
                            index: idx,
                            src: show(&sv),
                            tgt: show(&tv),
                        });
                        break;
                    }
                }
            }
            _ => return Replay::Untrusted("a result that is a tensor on one side only".into()),
        }
    }
    if let Some(w) = ds.inexact.or(dt.inexact) {
        return Replay::Untrusted(w);
    }
    match found {
        Some(m) => Replay::Differs(m),
        None => Replay::Same,
    }
}

/// The inputs in report form.
pub(crate) fn inputs_report(
    names: &[String],
    args: &[CArg],
) -> (Vec<(String, String)>, Vec<TensorValue>) {
    let mut scalars = vec![];
    let mut tensors = vec![];
    for (n, a) in names.iter().zip(args) {
        match a {
            CArg::Scalar(t, e) => scalars.push((format!("%{n} : {}", t.name()), e.to_string())),
            CArg::Tensor { ety, dims, data } => tensors.push(TensorValue {
                name: format!("%{n}"),
                element_type: ety.name(),
                axes: dims
                    .iter()
                    .enumerate()
                    .map(|(k, n)| (format!("d{k}"), *n))
                    .collect(),
                data: data.iter().map(|e| e.to_string()).collect(),
                free: vec![],
            }),
        }
    }
    (scalars, tensors)
}

// ---- search: when the solver's model does not replay (floats are uninterpreted there) ----

struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 11
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[(self.next() % xs.len() as u64) as usize]
    }
}

const FLOATS: &[f64] = &[
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    3.0,
    0.1,
    1e30,
    -1e30,
    1e-30,
    16777216.0,
    1e8,
    -7.0,
    2.5,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NAN,
    // 1 + 2^-52: rounds to 1.0 in f32.
    1.0000000000000002,
];
const INTS: &[i128] = &[0, 1, -1, 2, 3, 7, -128, 127, 255, 1 << 31, -(1 << 31)];

fn random_elem(r: &mut Lcg, t: EType) -> CElem {
    match t {
        EType::Bool => CElem::Bool(r.next() & 1 == 1),
        EType::Int(_) | EType::Index => {
            let v = if r.next() % 4 == 0 {
                r.next() as i128
            } else {
                r.pick(INTS)
            };
            let w = t.width();
            let half = 1i128 << (w - 1);
            CElem::Int((v + half).rem_euclid(1i128 << w) - half)
        }
        EType::Float(FTy::F64) => CElem::Float(CFloat::f64(r.pick(FLOATS))),
        EType::Float(f) => {
            let x = r.pick(FLOATS) as f32;
            CElem::Float(CFloat {
                ty: f,
                bits: x.to_bits() as u64,
            })
        }
    }
}

/// Tries deterministic pseudo-random inputs of the model's shapes; returns the first that
/// replays a difference.
pub(crate) fn search(
    src: (&Module, OpId),
    tgt: (&Module, OpId),
    shape_of: &[CArg],
    tries: usize,
) -> Option<(Vec<CArg>, Mismatch)> {
    let mut r = Lcg(0x5eed);
    for _ in 0..tries {
        let args: Vec<CArg> = shape_of
            .iter()
            .map(|a| match a {
                CArg::Scalar(t, _) => CArg::Scalar(*t, random_elem(&mut r, *t)),
                CArg::Tensor { ety, dims, data } => CArg::Tensor {
                    ety: *ety,
                    dims: dims.clone(),
                    data: data.iter().map(|_| random_elem(&mut r, *ety)).collect(),
                },
            })
            .collect();
        if let Replay::Differs(m) = replay(src, tgt, &args, None) {
            return Some((args, m));
        }
    }
    None
}
