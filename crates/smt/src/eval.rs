//! Evaluating quantifier-free terms of our IR under a model, with exact arithmetic. Used to find
//! which input elements a query actually reads in a counterexample.

use crate::solve::{ModelReader, Value};
use crate::term::{euclid_div, gcd, FpOp, Node, Store, TermId};
use std::collections::HashMap;

fn norm(n: i128, d: i128) -> Option<Value> {
    if d == 0 {
        return None;
    }
    let g = gcd(n, d).max(1);
    let (n, d) = (n / g, d / g);
    Some(if d < 0 {
        Value::Real(n.checked_neg()?, d.checked_neg()?)
    } else {
        Value::Real(n, d)
    })
}

fn as_rat(v: &Value) -> Option<(i128, i128)> {
    match v {
        Value::Int(i) => Some((*i, 1)),
        Value::Real(n, d) => Some((*n, *d)),
        _ => None,
    }
}

fn to_val(v: &Value) -> Option<ieee754::Val> {
    match v {
        Value::Bool(b) => Some(ieee754::Val::Bool(*b)),
        Value::Float(f, b) => Some(ieee754::Val::Float(*f, *b)),
        Value::BitVec(w, b) => Some(ieee754::Val::Bv(*w, *b)),
        _ => None,
    }
}

fn from_val(v: ieee754::Val) -> Value {
    match v {
        ieee754::Val::Bool(b) => Value::Bool(b),
        ieee754::Val::Float(f, b) => Value::Float(f, f.canon(b)),
        ieee754::Val::Bv(w, b) => Value::BitVec(w, b),
    }
}

/// The value of `t`; `None` for quantifiers, division by zero (unspecified in SMT-LIB),
/// overflow, a value the model does not give, or a term deeper than [`crate::MAX_DEPTH`].
pub fn eval_term(store: &Store, t: TermId, m: &mut dyn ModelReader) -> Option<Value> {
    if store.depth(t) > crate::MAX_DEPTH {
        return None;
    }
    let mut memo = HashMap::new();
    eval_rec(store, t, m, &mut memo)
}

/// The values of several terms under one model, subterms they share evaluated once (each
/// `None` as for [`eval_term`]).
pub fn eval_terms(store: &Store, ts: &[TermId], m: &mut dyn ModelReader) -> Vec<Option<Value>> {
    let mut memo = HashMap::new();
    ts.iter()
        .map(|t| {
            if store.depth(*t) > crate::MAX_DEPTH {
                None
            } else {
                eval_rec(store, *t, m, &mut memo)
            }
        })
        .collect()
}

fn eval_rec(
    s: &Store,
    t: TermId,
    m: &mut dyn ModelReader,
    memo: &mut HashMap<TermId, Option<Value>>,
) -> Option<Value> {
    if let Some(v) = memo.get(&t) {
        return v.clone();
    }
    let ev = |x: TermId, m: &mut dyn ModelReader, memo: &mut HashMap<TermId, Option<Value>>| {
        eval_rec(s, x, m, memo)
    };
    let v = match s.node(t).clone() {
        Node::Bool(b) => Some(Value::Bool(b)),
        Node::Int(i) => Some(Value::Int(i)),
        Node::Real(n, d) => Some(Value::Real(n, d)),
        Node::Sym(x) => m.sym(x),
        Node::App(f, xs) => {
            let mut args = Vec::new();
            for x in xs {
                args.push(ev(x, m, memo)?);
            }
            m.app(f, &args)
        }
        Node::Not(a) => match ev(a, m, memo)? {
            Value::Bool(b) => Some(Value::Bool(!b)),
            _ => None,
        },
        Node::And(xs) | Node::Or(xs) => {
            // Three-valued: one `false` decides a conjunction (one `true` a disjunction) even
            // where another operand is unspecified (a division by zero).
            let is_and = matches!(s.node(t), Node::And(_));
            let mut undefined = false;
            for x in xs {
                match ev(x, m, memo) {
                    Some(Value::Bool(b)) if b != is_and => return Some(Value::Bool(b)),
                    Some(Value::Bool(_)) => {}
                    _ => undefined = true,
                }
            }
            if undefined {
                None
            } else {
                Some(Value::Bool(is_and))
            }
        }
        Node::Ite(c, a, b) => match ev(c, m, memo)? {
            Value::Bool(true) => ev(a, m, memo),
            Value::Bool(false) => ev(b, m, memo),
            _ => None,
        },
        Node::Eq(a, b) => {
            let (x, y) = (ev(a, m, memo)?, ev(b, m, memo)?);
            Some(Value::Bool(x == y))
        }
        Node::Add(xs) | Node::Mul(xs) => {
            let is_add = matches!(s.node(t), Node::Add(_));
            let int = s.sort(t) == crate::Sort::Int;
            let mut acc: (i128, i128) = if is_add { (0, 1) } else { (1, 1) };
            for x in xs {
                let (n, d) = as_rat(&ev(x, m, memo)?)?;
                acc = if is_add {
                    (
                        acc.0.checked_mul(d)?.checked_add(n.checked_mul(acc.1)?)?,
                        acc.1.checked_mul(d)?,
                    )
                } else {
                    (acc.0.checked_mul(n)?, acc.1.checked_mul(d)?)
                };
                let g = gcd(acc.0, acc.1).max(1);
                acc = (acc.0 / g, acc.1 / g);
            }
            if int {
                Some(Value::Int(acc.0 / acc.1))
            } else {
                norm(acc.0, acc.1)
            }
        }
        Node::Neg(a) => match ev(a, m, memo)? {
            Value::Int(i) => Some(Value::Int(i.checked_neg()?)),
            Value::Real(n, d) => Some(Value::Real(n.checked_neg()?, d)),
            _ => None,
        },
        Node::IntDiv(a, b) | Node::IntMod(a, b) => {
            let (Value::Int(x), Value::Int(y)) = (ev(a, m, memo)?, ev(b, m, memo)?) else {
                return None;
            };
            let q = euclid_div(x, y)?;
            if matches!(s.node(t), Node::IntDiv(..)) {
                Some(Value::Int(q))
            } else {
                Some(Value::Int(x.checked_sub(q.checked_mul(y)?)?))
            }
        }
        Node::RealDiv(a, b) => {
            let (x, y) = (as_rat(&ev(a, m, memo)?)?, as_rat(&ev(b, m, memo)?)?);
            if y.0 == 0 {
                return None;
            }
            norm(x.0.checked_mul(y.1)?, x.1.checked_mul(y.0)?)
        }
        Node::Le(a, b) | Node::Lt(a, b) => {
            let (x, y) = (as_rat(&ev(a, m, memo)?)?, as_rat(&ev(b, m, memo)?)?);
            let l = x.0.checked_mul(y.1)?;
            let r = y.0.checked_mul(x.1)?;
            Some(Value::Bool(if matches!(s.node(t), Node::Le(..)) {
                l <= r
            } else {
                l < r
            }))
        }
        Node::ToReal(a) => match ev(a, m, memo)? {
            Value::Int(i) => Some(Value::Real(i, 1)),
            _ => None,
        },
        Node::ToInt(a) => match ev(a, m, memo)? {
            Value::Real(n, d) if d > 0 => Some(Value::Int(n.div_euclid(d))),
            _ => None,
        },
        Node::Forall(..) | Node::Exists(..) => None,
        Node::FpLit(f, b) => Some(Value::Float(f, b)),
        Node::BvLit(w, b) => Some(Value::BitVec(w, b)),
        // The theory's operations, computed by `ieee754` (the code that folds literals at
        // construction); a result the theory leaves unspecified has no value.
        Node::Fp(FpOp::FromReal(f), xs) => match ev(xs[0], m, memo)? {
            Value::Real(n, d) => Some(Value::Float(f, f.from_rational(n, d))),
            _ => None,
        },
        Node::Fp(FpOp::ToReal, xs) => match ev(xs[0], m, memo)? {
            Value::Float(f, b) => f.to_rational(b).map(|(n, d)| Value::Real(n, d)),
            _ => None,
        },
        Node::Bv(op, xs) => {
            let mut args = Vec::new();
            for x in xs {
                args.push(ev(x, m, memo)?);
            }
            crate::bv::eval(op, &args)
        }
        Node::Fp(op, xs) => {
            let mut args = Vec::new();
            for x in xs {
                args.push(to_val(&ev(x, m, memo)?)?);
            }
            ieee754::apply(op, &args).map(from_val)
        }
    };
    memo.insert(t, v.clone());
    v
}
