//! Values of Halide's scalar types over a core `Domain`, and their operations with the machine
//! types' integer semantics: unsigned and narrow signed integers wrap; `/` and `%` are
//! Euclidean, and 0 for a zero divisor (Halide's definition); casts wrap or convert; `bool` is
//! `uint1`. `int32`/`int64` arithmetic is exact (Halide assumes it does not overflow: named in
//! every verdict). Floats are real numbers (an abstraction, named in the verdict; constants are
//! their IEEE values, resolved by `floats`). Bit operations, shifts by constants, `absd` and
//! `saturating_cast` as Halide defines them.
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

/// How a real becomes an integer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rounding {
    Floor,
    Ceil,
    /// To the nearest, ties to even (Halide's `round`).
    HalfEven,
    /// Toward zero (Halide's `trunc`, and a conversion from a float to an integer type).
    TowardZero,
}

/// A rounding of a real to an integer, one definition over the core `Domain`'s `floor_v`
/// (SMT-LIB's `to_int` symbolically, the exact floor concretely): the float intrinsics
/// (`floor_f32`, ...) and the conversions from a float to an integer type both use it.
pub fn round_int<D: Domain>(d: &mut D, f: Rounding, x: &D::V) -> D::I {
    let real = ElemType::Real;
    let zero = d.lit_i(0);
    let ceil = |d: &mut D| {
        let n = d.prim(Prim::Neg, real, std::slice::from_ref(x));
        let fl = d.floor_v(&n);
        d.sub_i(&zero, &fl)
    };
    match f {
        Rounding::Floor => d.floor_v(x),
        Rounding::Ceil => ceil(d),
        Rounding::TowardZero => {
            let z = d.lit_v(real, tensor::Literal::Int(0));
            let neg = d.prim(Prim::Lt, real, &[x.clone(), z]);
            let neg = d.truth(&neg);
            let (c, fl) = (ceil(d), d.floor_v(x));
            d.ite_i(&neg, &c, &fl)
        }
        Rounding::HalfEven => {
            // floor(x) + 1 when the fraction is above 1/2, or exactly 1/2 and floor(x) odd.
            let fl = d.floor_v(x);
            let flr = d.index_v(real, &fl);
            let frac = d.prim(Prim::Sub, real, &[x.clone(), flr]);
            let half = d.lit_v(real, tensor::Literal::Rat(1, 2));
            let above = d.prim(Prim::Lt, real, &[half.clone(), frac.clone()]);
            let above = d.truth(&above);
            let at = d.prim(Prim::Eq, real, &[frac, half]);
            let at = d.truth(&at);
            let two = d.lit_i(2);
            let parity = d.emod_i(&fl, &two);
            let even = d.eq_i(&parity, &zero);
            let odd = d.not(&even);
            let tie_up = d.and(&at, &odd);
            let up = d.or(&above, &tie_up);
            let one = d.lit_i(1);
            let next = d.add_i(&fl, &one);
            d.ite_i(&up, &next, &fl)
        }
    }
}

/// What a verdict assumes of conversions from a float to an integer type.
pub const FLOAT_TO_INT: &str = "a float converted to an integer type truncates toward zero and is inside that type's range (Halide leaves the value of an out-of-range conversion unspecified; the model wraps it like an integer conversion)";

/// `(T)v`: a conversion to type `t`.
pub fn cast<D: Domain>(d: &mut D, t: Type, v: Val<D>, _span: Span) -> Result<Val<D>, Stop> {
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
        (Val::Float(v, _), Type::UInt(1)) => {
            let z = d.lit_v(ElemType::Real, tensor::Literal::Int(0));
            let e = d.prim(Prim::Eq, ElemType::Real, &[v, z]);
            let e = d.truth(&e);
            Val::Bool(d.not(&e))
        }
        (Val::Float(v, _), t @ (Type::Int(_) | Type::UInt(_))) => {
            let i = round_int(d, Rounding::TowardZero, &v);
            Val::Int(wrap(d, t, &i), t)
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

/// The bitwise operations (Halide's `bitwise_and`, `bitwise_or`, `bitwise_xor`).
#[derive(Clone, Copy, Debug)]
pub enum Bits {
    And,
    Or,
    Xor,
}

/// The width of an integer type whose bits are decomposed (at most 32: each bit is a
/// Euclidean division and remainder by a power of two).
fn bit_width(t: Type) -> Option<u8> {
    match t {
        Type::UInt(n) | Type::Int(n) if (1..=32).contains(&n) => Some(n),
        _ => None,
    }
}

/// A bit pattern `r` in `[0, 2^n)` as a value of `t` (two's complement for a signed type, at
/// any width: `wrap` leaves int32 exact).
fn from_bits<D: Domain>(d: &mut D, t: Type, r: &D::I) -> D::I {
    match t {
        Type::Int(n) => {
            let h = d.lit_i(pow2(n - 1));
            let m = d.lit_i(pow2(n));
            let s = d.add_i(r, &h);
            let w = d.emod_i(&s, &m);
            d.sub_i(&w, &h)
        }
        _ => wrap(d, t, r),
    }
}

/// Bit `k` of the two's complement representation of `i` (0 or 1).
fn bit<D: Domain>(d: &mut D, n: u8, i: &D::I, k: u8) -> D::I {
    let m = d.lit_i(pow2(n));
    let u = d.emod_i(i, &m);
    let p = d.lit_i(pow2(k));
    let q = d.ediv_i(&u, &p);
    let two = d.lit_i(2);
    d.emod_i(&q, &two)
}

/// `x & c` for a constant `c`, by its runs of ones: each run `[lo, hi)` contributes
/// `(x / 2^lo mod 2^(hi - lo)) * 2^lo` (`x` taken modulo `2^n`): no bit-by-bit terms.
fn and_const<D: Domain>(d: &mut D, n: u8, x: &D::I, c: i128) -> D::I {
    let c = c.rem_euclid(pow2(n));
    let m = d.lit_i(pow2(n));
    let u = d.emod_i(x, &m);
    let mut acc = d.lit_i(0);
    let mut k = 0u8;
    while k < n {
        if (c >> k) & 1 == 0 {
            k += 1;
            continue;
        }
        let lo = k;
        while k < n && (c >> k) & 1 == 1 {
            k += 1;
        }
        let p = d.lit_i(pow2(lo));
        let q = d.ediv_i(&u, &p);
        let w = d.lit_i(pow2(k - lo));
        let r = d.emod_i(&q, &w);
        let t = d.mul_i(&r, &p);
        acc = d.add_i(&acc, &t);
    }
    acc
}

/// `a & b`, `a | b`, `a ^ b` on integers of one type (bit by bit, or by runs of ones when
/// one operand is the constant `konst`), or on booleans.
pub fn bitwise<D: Domain>(
    d: &mut D,
    op: Bits,
    a: Val<D>,
    b: Val<D>,
    konst: Option<i128>,
    span: Span,
) -> Result<Val<D>, Stop> {
    if let (Val::Int(x, t), Val::Int(_, u), Some(c)) = (&a, &b, konst) {
        if t == u {
            if let Some(n) = bit_width(*t) {
                let and = and_const(d, n, x, c);
                let m = d.lit_i(pow2(n));
                let xu = d.emod_i(x, &m);
                let cu = d.lit_i(c.rem_euclid(pow2(n)));
                let sum = d.add_i(&xu, &cu);
                let r = match op {
                    Bits::And => and,
                    Bits::Or => d.sub_i(&sum, &and),
                    Bits::Xor => {
                        let two = d.add_i(&and, &and);
                        d.sub_i(&sum, &two)
                    }
                };
                return Ok(Val::Int(from_bits(d, *t, &r), *t));
            }
        }
    }
    match (a, b) {
        (Val::Bool(x), Val::Bool(y)) => Ok(Val::Bool(match op {
            Bits::And => d.and(&x, &y),
            Bits::Or => d.or(&x, &y),
            Bits::Xor => {
                let l = d.or(&x, &y);
                let both = d.and(&x, &y);
                let nb = d.not(&both);
                d.and(&l, &nb)
            }
        })),
        (Val::Int(x, t), Val::Int(y, u)) if t == u && bit_width(t).is_some() => {
            let n = bit_width(t).expect("checked");
            let one = d.lit_i(1);
            let zero = d.lit_i(0);
            let mut acc = d.lit_i(0);
            for k in 0..n {
                let bx = bit(d, n, &x, k);
                let by = bit(d, n, &y, k);
                let x1 = d.eq_i(&bx, &one);
                let r = match op {
                    Bits::And => d.ite_i(&x1, &by, &zero),
                    Bits::Or => d.ite_i(&x1, &one, &by),
                    Bits::Xor => {
                        let same = d.eq_i(&bx, &by);
                        d.ite_i(&same, &zero, &one)
                    }
                };
                let p = d.lit_i(pow2(k));
                let term = d.mul_i(&r, &p);
                acc = d.add_i(&acc, &term);
            }
            Ok(Val::Int(from_bits(d, t, &acc), t))
        }
        (a, b) => unsupported(
            format!(
                "a bitwise {op:?} of {} and {} (integers up to 32 bits are modelled)",
                a.ty(),
                b.ty()
            ),
            span,
        ),
    }
}

/// `~a` on an integer (all its bits flipped: `-1 - a` in two's complement), or `!a`.
pub fn bitwise_not<D: Domain>(d: &mut D, a: Val<D>, span: Span) -> Result<Val<D>, Stop> {
    match a {
        Val::Bool(b) => Ok(Val::Bool(d.not(&b))),
        Val::Int(x, t) => {
            let m1 = d.lit_i(-1);
            let r = d.sub_i(&m1, &x);
            Ok(Val::Int(wrap(d, t, &r), t))
        }
        other => unsupported(format!("a bitwise not of {}", other.ty()), span),
    }
}

/// `a << k` (`k > 0`) or `a >> -k` on an integer: multiplication by `2^k` wrapped in `a`'s
/// type, or division by `2^-k` rounding down (an arithmetic shift for signed types).
pub fn shift<D: Domain>(d: &mut D, a: Val<D>, k: i128, span: Span) -> Result<Val<D>, Stop> {
    match a {
        Val::Int(x, t) => {
            let p = d.lit_i(pow2(k.unsigned_abs().min(126) as u8));
            let r = if k >= 0 {
                d.mul_i(&x, &p)
            } else {
                d.ediv_i(&x, &p)
            };
            Ok(Val::Int(wrap(d, t, &r), t))
        }
        other => unsupported(format!("a shift of {}", other.ty()), span),
    }
}

/// `absd(a, b)`: `|a - b|`, exact, of the unsigned type of `a`'s width for integers (Halide's
/// definition: it cannot overflow), of `a`'s type for floats.
pub fn absd<D: Domain>(d: &mut D, a: Val<D>, b: Val<D>, span: Span) -> Result<Val<D>, Stop> {
    match (a, b) {
        (Val::Int(x, t), Val::Int(y, u)) if t == u => {
            let n = match t {
                Type::UInt(n) | Type::Int(n) => n,
                _ => return unsupported(format!("`absd` of {t}"), span),
            };
            let lt = d.lt_i(&x, &y);
            let l = d.sub_i(&y, &x);
            let r = d.sub_i(&x, &y);
            Ok(Val::Int(d.ite_i(&lt, &l, &r), Type::UInt(n)))
        }
        (Val::Float(x, t), Val::Float(y, u)) if t == u => {
            let lt = d.prim(Prim::Lt, ElemType::Real, &[x.clone(), y.clone()]);
            let lt = d.truth(&lt);
            let l = d.prim(Prim::Sub, ElemType::Real, &[y.clone(), x.clone()]);
            let r = d.prim(Prim::Sub, ElemType::Real, &[x, y]);
            Ok(Val::Float(d.ite_v(&lt, &l, &r), t))
        }
        (a, b) => unsupported(format!("`absd` of {} and {}", a.ty(), b.ty()), span),
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
