//! Values of Halide's scalar types over a core `Domain`, and their operations with the machine
//! types' integer semantics: unsigned and narrow signed integers wrap; `/` and `%` are
//! Euclidean, and 0 for a zero divisor (Halide's definition); casts wrap or convert; `bool` is
//! `uint1`. `int32`/`int64` arithmetic is exact (Halide assumes it does not overflow: named in
//! every verdict). Floats are real numbers (an abstraction, named in the verdict).
//!
//! This is the bottom layer: it knows no statement, Func or solver.

use crate::syntax::{BinOp, Type};
use report::Span;
use tensor::{Domain, ElemType, Prim};

pub enum Val<D: Domain> {
    Int(D::I, Type),
    Bool(D::B),
    Float(D::V, Type),
    /// A pointer, string or struct: no value the checker can use.
    Opaque,
}

impl<D: Domain> Clone for Val<D> {
    fn clone(&self) -> Self {
        match self {
            Val::Int(i, t) => Val::Int(i.clone(), *t),
            Val::Bool(b) => Val::Bool(b.clone()),
            Val::Float(v, t) => Val::Float(v.clone(), *t),
            Val::Opaque => Val::Opaque,
        }
    }
}

impl<D: Domain> Val<D> {
    pub fn ty(&self) -> Type {
        match self {
            Val::Int(_, t) | Val::Float(_, t) => *t,
            Val::Bool(_) => Type::UInt(1),
            Val::Opaque => Type::Handle,
        }
    }
}

/// The kinds of witness a refutation carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WitnessKind {
    /// An output point the loop program never writes.
    Unwritten,
    /// A read outside its buffer or realization (or a write outside them).
    OutOfBounds,
    /// A read of a cell not yet written.
    Uninitialized,
    /// The loop program's value differs from the algorithm's.
    WrongValue,
    /// Two parallel iterations touch the same cell, one of them writing.
    Race,
}

impl WitnessKind {
    pub fn name(self) -> &'static str {
        match self {
            WitnessKind::Unwritten => "unwritten",
            WitnessKind::OutOfBounds => "out-of-bounds",
            WitnessKind::Uninitialized => "uninitialized",
            WitnessKind::WrongValue => "wrong-value",
            WitnessKind::Race => "race",
        }
    }

    pub fn parse(s: &str) -> Option<WitnessKind> {
        [
            WitnessKind::Unwritten,
            WitnessKind::OutOfBounds,
            WitnessKind::Uninitialized,
            WitnessKind::WrongValue,
            WitnessKind::Race,
        ]
        .into_iter()
        .find(|k| k.name() == s)
    }
}

/// Why an evaluation stopped.
#[derive(Clone, Debug)]
pub enum Stop {
    /// A construct the semantics does not model (the verdict becomes unknown).
    Unsupported { what: String, span: Span },
    /// The concrete interpreter saw a fault (out of bounds, uninitialized read, ...).
    Fault { kind: WitnessKind, what: String },
}

pub fn unsupported<T>(what: impl Into<String>, span: Span) -> Result<T, Stop> {
    Err(Stop::Unsupported {
        what: what.into(),
        span,
    })
}

fn pow2(n: u8) -> i128 {
    1i128 << n
}

/// An integer reduced to the range of type `t` (two's complement wrap; exact for int32/int64).
pub fn wrap<D: Domain>(d: &mut D, t: Type, i: &D::I) -> D::I {
    match t {
        Type::UInt(n) if n <= 64 => {
            let m = d.lit_i(pow2(n));
            d.emod_i(i, &m)
        }
        Type::Int(n) if n < 32 => {
            let h = d.lit_i(pow2(n - 1));
            let m = d.lit_i(pow2(n));
            let s = d.add_i(i, &h);
            let r = d.emod_i(&s, &m);
            d.sub_i(&r, &h)
        }
        _ => i.clone(),
    }
}

pub fn int_lit<D: Domain>(d: &mut D, t: Type, n: i128) -> Val<D> {
    if t.is_bool() {
        return Val::Bool(d.lit_b(n != 0));
    }
    let i = d.lit_i(n);
    let w = wrap(d, t, &i);
    Val::Int(w, t)
}

fn real_of<D: Domain>(d: &mut D, n: i128, den: i128) -> D::V {
    d.lit_v(ElemType::Real, tensor::Literal::Rat(n, den))
}

pub fn float_lit<D: Domain>(d: &mut D, t: Type, n: i128, den: i128) -> Val<D> {
    Val::Float(real_of(d, n, den), t)
}

/// `(T)v`: a conversion to type `t`.
pub fn cast<D: Domain>(d: &mut D, t: Type, v: Val<D>, span: Span) -> Result<Val<D>, Stop> {
    Ok(match (v, t) {
        (Val::Opaque, _) | (_, Type::Handle) => Val::Opaque,
        (v, t) if v.ty() == t => v,
        (Val::Int(i, _), Type::UInt(1)) => {
            let z = d.lit_i(0);
            let e = d.eq_i(&i, &z);
            Val::Bool(d.not(&e))
        }
        (Val::Int(i, _), t @ (Type::Int(_) | Type::UInt(_))) => Val::Int(wrap(d, t, &i), t),
        (Val::Int(i, _), t @ Type::Float(_)) => Val::Float(d.index_v(ElemType::Real, &i), t),
        (Val::Bool(b), t @ (Type::Int(_) | Type::UInt(_))) => {
            let one = d.lit_i(1);
            let zero = d.lit_i(0);
            Val::Int(d.ite_i(&b, &one, &zero), t)
        }
        (Val::Bool(b), t @ Type::Float(_)) => {
            let one = real_of(d, 1, 1);
            let zero = real_of(d, 0, 1);
            Val::Float(d.ite_v(&b, &one, &zero), t)
        }
        (Val::Float(v, _), t @ Type::Float(_)) => Val::Float(v, t),
        (Val::Float(..), t) => {
            return unsupported(
                format!("a conversion from a float to {t} (truncation is not modelled)"),
                span,
            )
        }
    })
}

/// `saturating_cast<t>(v)`: an integer clamped to `t`'s range, then converted (Halide's
/// `saturating_cast`, printed `(T)saturating_cast(e)`); other conversions as [`cast`].
pub fn saturating_cast<D: Domain>(
    d: &mut D,
    t: Type,
    v: Val<D>,
    span: Span,
) -> Result<Val<D>, Stop> {
    let range = match t {
        Type::UInt(n) if n <= 64 => Some((0, pow2(n) - 1)),
        Type::Int(n) if n <= 64 => Some((-pow2(n - 1), pow2(n - 1) - 1)),
        _ => None,
    };
    match (v, range) {
        (Val::Int(i, u), Some((lo, hi))) => {
            let (lo, hi) = (d.lit_i(lo), d.lit_i(hi));
            let below = d.lt_i(&i, &lo);
            let above = d.lt_i(&hi, &i);
            let c = d.ite_i(&above, &hi, &i);
            let c = d.ite_i(&below, &lo, &c);
            cast(d, t, Val::Int(c, u), span)
        }
        (v @ Val::Float(..), Some(_)) => cast(d, t, v, span),
        (v, _) => cast(d, t, v, span),
    }
}

/// A condition from a value (Halide's `uint1`, or an integer compared with 0).
pub fn truth<D: Domain>(d: &mut D, v: &Val<D>, span: Span) -> Result<D::B, Stop> {
    match v {
        Val::Bool(b) => Ok(b.clone()),
        Val::Int(i, _) => {
            let z = d.lit_i(0);
            let e = d.eq_i(i, &z);
            Ok(d.not(&e))
        }
        _ => unsupported("a float or opaque value used as a condition", span),
    }
}

pub fn select<D: Domain>(
    d: &mut D,
    c: &D::B,
    a: Val<D>,
    b: Val<D>,
    span: Span,
) -> Result<Val<D>, Stop> {
    Ok(match (a, b) {
        (Val::Int(x, t), Val::Int(y, u)) if t == u => Val::Int(d.ite_i(c, &x, &y), t),
        (Val::Bool(x), Val::Bool(y)) => {
            let l = d.and(c, &x);
            let nc = d.not(c);
            let r = d.and(&nc, &y);
            Val::Bool(d.or(&l, &r))
        }
        (Val::Float(x, t), Val::Float(y, u)) if t == u => Val::Float(d.ite_v(c, &x, &y), t),
        (a, b) => return unsupported(format!("a select between {} and {}", a.ty(), b.ty()), span),
    })
}

/// A binary operation on two values of one type.
pub fn binary<D: Domain>(
    d: &mut D,
    op: BinOp,
    a: Val<D>,
    b: Val<D>,
    span: Span,
) -> Result<Val<D>, Stop> {
    use BinOp::*;
    if a.ty() != b.ty() {
        return unsupported(
            format!("`{op:?}` on operands of types {} and {}", a.ty(), b.ty()),
            span,
        );
    }
    Ok(match (a, b) {
        (Val::Bool(x), Val::Bool(y)) => Val::Bool(match op {
            And => d.and(&x, &y),
            Or => d.or(&x, &y),
            Eq | Ne => {
                let both = d.and(&x, &y);
                let nx = d.not(&x);
                let ny = d.not(&y);
                let neither = d.and(&nx, &ny);
                let eq = d.or(&both, &neither);
                if op == Eq {
                    eq
                } else {
                    d.not(&eq)
                }
            }
            _ => return unsupported(format!("`{op:?}` on booleans"), span),
        }),
        (Val::Int(x, t), Val::Int(y, _)) => match op {
            Add | Sub | Mul => {
                let r = match op {
                    Add => d.add_i(&x, &y),
                    Sub => d.sub_i(&x, &y),
                    _ => d.mul_i(&x, &y),
                };
                Val::Int(wrap(d, t, &r), t)
            }
            Div | Mod => {
                let z = d.lit_i(0);
                let is0 = d.eq_i(&y, &z);
                let r = if op == Div {
                    d.ediv_i(&x, &y)
                } else {
                    d.emod_i(&x, &y)
                };
                let r = wrap(d, t, &r);
                Val::Int(d.ite_i(&is0, &z, &r), t)
            }
            Min | Max => {
                let lt = d.lt_i(&x, &y);
                Val::Int(
                    if op == Min {
                        d.ite_i(&lt, &x, &y)
                    } else {
                        d.ite_i(&lt, &y, &x)
                    },
                    t,
                )
            }
            Lt => Val::Bool(d.lt_i(&x, &y)),
            Le => Val::Bool(d.le_i(&x, &y)),
            Gt => Val::Bool(d.lt_i(&y, &x)),
            Ge => Val::Bool(d.le_i(&y, &x)),
            Eq => Val::Bool(d.eq_i(&x, &y)),
            Ne => {
                let e = d.eq_i(&x, &y);
                Val::Bool(d.not(&e))
            }
            And | Or => return unsupported(format!("`{op:?}` on integers"), span),
        },
        (Val::Float(x, t), Val::Float(y, _)) => {
            let real = ElemType::Real;
            let cmp = |d: &mut D, p: Prim, a: &D::V, b: &D::V| {
                let v = d.prim(p, real, &[a.clone(), b.clone()]);
                d.truth(&v)
            };
            match op {
                Add => Val::Float(d.prim(Prim::Add, real, &[x, y]), t),
                Sub => Val::Float(d.prim(Prim::Sub, real, &[x, y]), t),
                Mul => Val::Float(d.prim(Prim::Mul, real, &[x, y]), t),
                Div => {
                    // Over the reals, with division by zero giving 0 in both domains (IEEE's
                    // infinities and NaNs are outside this abstraction).
                    let z = real_of(d, 0, 1);
                    let is0 = cmp(d, Prim::Eq, &y, &z);
                    let q = d.prim(Prim::RealDiv, real, &[x, y]);
                    Val::Float(d.ite_v(&is0, &z, &q), t)
                }
                Min | Max => {
                    let lt = cmp(d, Prim::Lt, &x, &y);
                    Val::Float(
                        if op == Min {
                            d.ite_v(&lt, &x, &y)
                        } else {
                            d.ite_v(&lt, &y, &x)
                        },
                        t,
                    )
                }
                Lt => Val::Bool(cmp(d, Prim::Lt, &x, &y)),
                Le => Val::Bool(cmp(d, Prim::Le, &x, &y)),
                Gt => Val::Bool(cmp(d, Prim::Lt, &y, &x)),
                Ge => Val::Bool(cmp(d, Prim::Le, &y, &x)),
                Eq => Val::Bool(cmp(d, Prim::Eq, &x, &y)),
                Ne => {
                    let e = cmp(d, Prim::Eq, &x, &y);
                    Val::Bool(d.not(&e))
                }
                Mod | And | Or => return unsupported(format!("`{op:?}` on floats"), span),
            }
        }
        (a, _) => return unsupported(format!("`{op:?}` on {}", a.ty()), span),
    })
}

pub fn not<D: Domain>(d: &mut D, v: Val<D>, span: Span) -> Result<Val<D>, Stop> {
    let b = truth(d, &v, span)?;
    Ok(Val::Bool(d.not(&b)))
}

pub fn neg<D: Domain>(d: &mut D, v: Val<D>, span: Span) -> Result<Val<D>, Stop> {
    match v {
        Val::Int(i, t) => {
            let z = d.lit_i(0);
            let r = d.sub_i(&z, &i);
            Ok(Val::Int(wrap(d, t, &r), t))
        }
        Val::Float(x, t) => Ok(Val::Float(d.prim(Prim::Neg, ElemType::Real, &[x]), t)),
        other => unsupported(format!("negation of {}", other.ty()), span),
    }
}
