//! From a satisfying model to a replayed counterexample.
//!
//! The model is first shrunk (the query is re-asked with small attribute values), then read
//! into concrete tensors: elements the query reads get the model's values, the others a fixed
//! pattern. The rule is then lowered again in the concrete domain and evaluated; only if the
//! interpreter sees the left side valid, the precondition true, and a real difference (the right
//! side invalid, the shapes different, or two different elements) is the rule refuted.

use crate::ast::Rule;
use crate::lower::{self, class_of_axis, eval_cond, Instance, MapValues, Scope};
use crate::symbolic::sort_of;
use crate::verify::Problem;
use ieee754::Difference;
use report::{Counterexample, FloatDifference, Mismatch, TensorValue};
use smt::{
    check_z3, eval_term, CheckResult, ModelReader, Node, SolverConfig, Store, TermId, Value,
};
use std::collections::{BTreeMap, BTreeSet, HashSet};
use tensor::{Concrete, ConcreteTensor, Domain, ElemType, Eval, NodeId, Op, Rat, Scalar};

pub(crate) enum Replay {
    Confirmed(Counterexample),
    NotConfirmed(String),
}

/// The largest input a counterexample may have.
const MAX_ELEMENTS: usize = 4096;

pub(crate) struct Extracted {
    pub maps: MapValues<i128>,
    pub scalars: BTreeMap<String, Scalar>,
    pub index: Vec<(String, i128)>,
    pub inputs: BTreeMap<String, ConcreteTensor>,
    pub free: BTreeMap<String, Vec<usize>>,
}

pub(crate) fn refute(
    rule: &Rule,
    scope: &Scope,
    inst: &Instance,
    p: &Problem,
    assertions: &[TermId],
    cfg: SolverConfig,
) -> Replay {
    // Ask again with small attributes and indices, for a readable counterexample.
    let mut small = p.sym.store.clone();
    let mut bounded = assertions.to_vec();
    for (_, _, s) in &p.maps {
        let t = small.sym(*s);
        let lo = small.int(-4);
        let hi = small.int(6);
        bounded.push(small.le(lo, t));
        bounded.push(small.le(t, hi));
    }
    let mut last_err = String::from("no model");
    for (store, asserts) in [(&small, &bounded), (&p.sym.store, &assertions.to_vec())] {
        let (r, _) = check_z3(store, asserts, cfg, |m| {
            extract(m, store, rule, scope, inst, p, asserts)
        });
        match r {
            CheckResult::Sat(Ok(x)) => return replay(rule, scope, inst, x),
            CheckResult::Sat(Err(e)) => last_err = e,
            CheckResult::Unsat => last_err = "no small model".into(),
            CheckResult::Unknown(e) => last_err = e,
        }
    }
    Replay::NotConfirmed(last_err)
}

fn to_scalar(v: Value, ty: ElemType) -> Option<Scalar> {
    Some(match (v, ty) {
        (Value::Bool(b), ElemType::Bool) => Scalar::Bool(b),
        (Value::Int(i), ElemType::Int) => Scalar::Int(i),
        (Value::Int(i), ElemType::Real) => Scalar::Real(Rat::int(i)),
        (Value::Real(n, d), ElemType::Real) => Scalar::Real(Rat::new(n, d)?),
        (Value::Float(g, b), ElemType::Float(f)) if g == f.format => Scalar::Float(g, b),
        _ => return None,
    })
}

fn pattern(ty: ElemType, tensor_no: usize, offset: usize) -> Scalar {
    let v = 100 * (tensor_no as i128 + 1) + offset as i128;
    match ty {
        ElemType::Bool => Scalar::Bool(offset % 2 == 0),
        ElemType::Int => Scalar::Int(v),
        ElemType::Fixed(t) => Scalar::Int(t.wrap(v)),
        ElemType::Real => Scalar::Real(Rat::int(v)),
        ElemType::Float(f) => Scalar::Float(f.format, f.format.from_int(v)),
    }
}

fn extract(
    m: &mut dyn ModelReader,
    store: &Store,
    rule: &Rule,
    scope: &Scope,
    inst: &Instance,
    p: &Problem,
    assertions: &[TermId],
) -> Result<Extracted, String> {
    let mut maps = BTreeMap::new();
    for (name, j, s) in &p.maps {
        match m.sym(*s) {
            Some(Value::Int(i)) => {
                maps.insert((name.clone(), *j), i);
            }
            _ => return Err(format!("no value for map {name}.{j}")),
        }
    }
    let mut scalars = BTreeMap::new();
    for (name, ty, s) in &p.scalars {
        let v = m
            .sym(*s)
            .and_then(|v| to_scalar(v, *ty))
            .ok_or(format!("no value for scalar {name}"))?;
        scalars.insert(name.clone(), v);
    }
    let mut index = Vec::new();
    for (axis, s) in &p.index {
        match m.sym(*s) {
            Some(Value::Int(i)) => index.push((axis.clone(), i)),
            _ => return Err(format!("no value for index {axis}")),
        }
    }
    // Which elements the query reads, and which tensors it reads under a quantifier.
    let mut read: BTreeMap<smt::FunId, BTreeSet<Vec<i128>>> = BTreeMap::new();
    let mut quantified: HashSet<smt::FunId> = HashSet::new();
    let mut seen = HashSet::new();
    let mut stack: Vec<(TermId, bool)> = assertions.iter().map(|a| (*a, false)).collect();
    while let Some((t, under_q)) = stack.pop() {
        if !seen.insert((t, under_q)) {
            continue;
        }
        let node = store.node(t).clone();
        let under = under_q || matches!(node, Node::Forall(..) | Node::Exists(..));
        if let Node::App(f, args) = &node {
            if under {
                quantified.insert(*f);
            } else {
                let mut point = Vec::new();
                for a in args {
                    match eval_term(store, *a, m) {
                        Some(Value::Int(i)) => point.push(i),
                        _ => {
                            quantified.insert(*f);
                            break;
                        }
                    }
                }
                if point.len() == args.len() {
                    read.entry(*f).or_default().insert(point);
                }
            }
        }
        for c in store.children(t) {
            stack.push((c, under));
        }
    }
    // Concrete shapes of the inputs come from lowering with the model's maps.
    let mut d = Concrete::new(BTreeMap::new());
    let lowered = lower::lower(&mut d, rule, scope, inst, &maps).map_err(|e| e.message)?;
    let mut inputs = BTreeMap::new();
    let mut free = BTreeMap::new();
    let mut tensor_no = 0;
    for i in 0..lowered.graph.len() {
        let Op::Input { name, ty, shape } = lowered.graph.op(NodeId(i as u32)) else {
            continue;
        };
        if shape.is_empty() {
            // A declared scalar, or a tensor whose axes all have rank 0: a symbolic constant.
            if !scalars.contains_key(name) {
                let v = store
                    .find(name)
                    .and_then(|s| m.sym(s))
                    .and_then(|v| to_scalar(v, *ty));
                let v = v.ok_or(format!("no value for {name}"))?;
                inputs.insert(
                    name.clone(),
                    ConcreteTensor {
                        axes: vec![],
                        data: vec![v],
                    },
                );
                free.insert(name.clone(), vec![]);
            }
            continue;
        }
        let axes: Vec<(String, i128)> = shape.clone();
        let count = ConcreteTensor::count(&axes).ok_or("an input with a negative or huge size")?;
        if count > MAX_ELEMENTS {
            return Err(format!("input {name} would have {count} elements"));
        }
        let f = p
            .sym
            .inputs
            .get(&crate::symbolic::input_key(name, shape.len()))
            .copied();
        let mut data = Vec::with_capacity(count);
        let mut free_here = Vec::new();
        for off in 0..count {
            let point = ConcreteTensor::unravel(&axes, off);
            let from_model = match f {
                Some(f)
                    if quantified.contains(&f)
                        || read.get(&f).map(|s| s.contains(&point)).unwrap_or(false) =>
                {
                    let args: Vec<Value> = point.iter().map(|i| Value::Int(*i)).collect();
                    m.app(f, &args).and_then(|v| to_scalar(v, *ty))
                }
                _ => None,
            };
            match from_model {
                Some(v) => data.push(v),
                None => {
                    data.push(pattern(*ty, tensor_no, off));
                    free_here.push(off);
                }
            }
        }
        tensor_no += 1;
        let _ = sort_of(*ty);
        inputs.insert(name.clone(), ConcreteTensor { axes, data });
        free.insert(name.clone(), free_here);
    }
    Ok(Extracted {
        maps,
        scalars,
        index,
        inputs,
        free,
    })
}

pub(crate) fn replay(rule: &Rule, scope: &Scope, inst: &Instance, x: Extracted) -> Replay {
    let mut all_inputs = x.inputs.clone();
    for (name, v) in &x.scalars {
        all_inputs.insert(
            name.clone(),
            ConcreteTensor {
                axes: vec![],
                data: vec![v.clone()],
            },
        );
    }
    let mut d = Concrete::new(all_inputs);
    let lowered = match lower::lower(&mut d, rule, scope, inst, &x.maps) {
        Ok(l) => l,
        Err(e) => return Replay::NotConfirmed(e.message),
    };
    for c in &rule.wheres {
        match eval_cond(&mut d, c, scope, inst, &x.maps) {
            Ok(true) => {}
            Ok(false) => {
                return Replay::NotConfirmed(
                    "the precondition does not hold in the interpreter".into(),
                )
            }
            Err(e) => return Replay::NotConfirmed(e.message),
        }
    }
    let mut ev: Eval<Concrete> = Eval::new(&lowered.graph);
    for a in &lowered.assumes {
        if !ev.valid(&mut d, *a) {
            return Replay::NotConfirmed("an assumed tensor is not well-formed".into());
        }
        let shape = ev.shape(&mut d, *a);
        let Some(count) = ConcreteTensor::count(&shape) else {
            return Replay::NotConfirmed("an assumed tensor is too large".into());
        };
        for off in 0..count.min(1 << 16) {
            let point = ConcreteTensor::unravel(&shape, off);
            let idx: Vec<(String, i128)> =
                shape.iter().map(|(a, _)| a.clone()).zip(point).collect();
            let v = ev.access(&mut d, *a, &idx);
            if !d.truth(&v) {
                return Replay::NotConfirmed("an `assume` does not hold in the interpreter".into());
            }
        }
    }
    if !ev.valid(&mut d, lowered.lhs) {
        return Replay::NotConfirmed("the left side is not well-formed in the interpreter".into());
    }
    let vr = ev.valid(&mut d, lowered.rhs);
    let sl = ev.shape(&mut d, lowered.lhs);
    let sr = ev.shape(&mut d, lowered.rhs);
    let mismatch = if !vr {
        let bad = ev.first_invalid(&mut d, lowered.rhs).unwrap_or(lowered.rhs);
        Mismatch::RhsInvalid {
            op: tensor::op_name(lowered.graph.op(bad)).to_string(),
        }
    } else if sl
        .iter()
        .any(|(a, n)| sr.iter().find(|(b, _)| b == a).map(|(_, m)| m) != Some(n))
    {
        let order = |s: &Vec<(String, i128)>| {
            let mut s = s.clone();
            s.sort();
            s
        };
        Mismatch::Shape {
            lhs: order(&sl),
            rhs: order(&sr),
        }
    } else {
        let idx = x.index.clone();
        if !ev.in_range(&mut d, lowered.lhs, &idx) {
            return Replay::NotConfirmed("the model's index is outside the output".into());
        }
        let lv = ev.access(&mut d, lowered.lhs, &idx);
        let rv = ev.access(&mut d, lowered.rhs, &idx);
        if let Some(why) = &d.inexact {
            return Replay::NotConfirmed(format!(
                "the interpreter cannot compute the elements exactly: {why}"
            ));
        }
        if lv == Scalar::Undef || rv == Scalar::Undef {
            return Replay::NotConfirmed("an element depends on a read outside an input".into());
        }
        match lv.differs(&rv) {
            Some(true) => {}
            Some(false) => {
                return Replay::NotConfirmed(format!(
                    "the interpreter computes the same element {lv} on both sides"
                ))
            }
            None => {
                return Replay::NotConfirmed(format!(
                    "the elements {lv} and {rv} are too close for their intervals to separate"
                ))
            }
        }
        value_mismatch(idx, &lv, &rv)
    };
    drop(ev);
    if let Some(why) = d.inexact {
        return Replay::NotConfirmed(why);
    }
    if d.order_dependent {
        return Replay::NotConfirmed(
            "a float sum or product whose value depends on the order of its terms, which XLA leaves open".into(),
        );
    }
    // Maps, grouped by name, with instance axis names.
    let mut maps: BTreeMap<String, Vec<(String, i128)>> = BTreeMap::new();
    for ((name, j), v) in &x.maps {
        let class = scope.maps.get(name).cloned().unwrap_or_default();
        maps.entry(name.clone())
            .or_default()
            .push((format!("{class}.{j}"), *v));
    }
    let inputs = x
        .inputs
        .iter()
        .map(|(name, t)| TensorValue {
            name: name.clone(),
            element_type: element_type_of(scope, inst, name),
            axes: t.axes.clone(),
            data: t.data.iter().map(|s| s.to_string()).collect(),
            free: x.free.get(name).cloned().unwrap_or_default(),
        })
        .collect();
    let _ = class_of_axis;
    let mut instance = inst.describe();
    if !d.libm.is_empty() {
        let fns: Vec<&str> = d.libm.iter().copied().collect();
        instance.push_str(&format!("; {} by the platform's libm", fns.join(", ")));
    }
    Replay::Confirmed(Counterexample {
        instance,
        maps: maps.into_iter().collect(),
        scalars: x
            .scalars
            .iter()
            .map(|(n, v)| (n.clone(), v.to_string()))
            .collect(),
        inputs,
        mismatch,
    })
}

/// The differing elements at `index`; for floats with how they differ (in kind, or in ulp).
fn value_mismatch(index: Vec<(String, i128)>, lv: &Scalar, rv: &Scalar) -> Mismatch {
    match float_difference(lv, rv) {
        Some(difference) => Mismatch::FloatValue {
            index,
            lhs: lv.to_string(),
            rhs: rv.to_string(),
            difference,
        },
        None => Mismatch::Value {
            index,
            lhs: lv.to_string(),
            rhs: rv.to_string(),
        },
    }
}

/// How two different floats of one format differ; `None` for other values.
pub(crate) fn float_difference(a: &Scalar, b: &Scalar) -> Option<FloatDifference> {
    let (Scalar::Float(f, x), Scalar::Float(g, y)) = (a, b) else {
        return None;
    };
    if f != g {
        return None;
    }
    Some(match f.difference(*x, *y) {
        Difference::Same => return None,
        Difference::Nan => FloatDifference::Nan,
        Difference::Infinity => FloatDifference::Infinity,
        Difference::SignOfZero => FloatDifference::SignOfZero,
        Difference::Zero => FloatDifference::Zero,
        Difference::Sign => FloatDifference::Sign,
        Difference::Ulps(ulps) => {
            let (u, v) = (f.to_f64(*x), f.to_f64(*y));
            FloatDifference::Ulps {
                ulps,
                relative: (u - v).abs() / u.abs().max(v.abs()),
            }
        }
    })
}

fn element_type_of(scope: &Scope, inst: &Instance, name: &str) -> String {
    match scope.tensors.get(name).map(|t| t.ty) {
        Some(crate::ast::TypeRef::Fixed(t)) => t.to_string(),
        _ => inst.ty.to_string(),
    }
}
