//! Elements attributes: `dense<...>` (splats, nested lists, hex strings), `sparse<...>` and
//! `array<T: ...>`, and the scalar literals inside them. A literal is read before its type is
//! known (the type follows: `dense<0x7F800000> : tensor<2xf32>`), then settled: hex integers
//! become float bit patterns or integers, integers wrap to their width as MLIR stores them.

use crate::attrs::Attr;
use crate::lexer::{Tok, Token};
use crate::parser::{PResult, Parser};
use crate::types::{FloatKind, Signedness, Type};
use report::Span;
use std::fmt;

/// One element of a dense literal (`dense<[[1, 2], [3, 4]]>`), before it is laid out.
#[derive(Clone, Debug, PartialEq)]
pub enum DenseLit {
    Int(i128),
    Float(f64),
    Bool(bool),
    /// `(re, im)`.
    Complex(Box<DenseLit>, Box<DenseLit>),
    List(Vec<DenseLit>),
}

/// The payload of `dense<...>`.
#[derive(Clone, Debug, PartialEq)]
pub enum DenseData {
    /// A scalar (a splat: every element equal) or a nested list.
    Literal(DenseLit),
    /// `dense<"0x...">`: the raw little-endian bytes as hex text (without `0x`).
    Hex(String),
    /// `dense<>`.
    Empty,
}

impl DenseData {
    /// Whether every element has the same value written once (`dense<1.0>`).
    pub fn is_splat(&self) -> bool {
        matches!(self, DenseData::Literal(l) if !matches!(l, DenseLit::List(_)))
    }
}

/// A literal before its type is known: hex integers may be float bit patterns.
pub(crate) enum RawLit {
    Int(i128),
    Hex(u128),
    Float(f64),
    Bool(bool),
    Complex(Box<RawLit>, Box<RawLit>),
    List(Vec<RawLit>),
}

/// The value of a float bit pattern of the given type, if the type is one we can decode.
pub(crate) fn float_from_bits(bits: u128, ty: &Type) -> f64 {
    let half = |bits: u32, exp_bits: u32, man_bits: u32| -> f64 {
        let bias = (1i32 << (exp_bits - 1)) - 1;
        let sign = if bits >> (exp_bits + man_bits) & 1 == 1 {
            -1.0
        } else {
            1.0
        };
        let e = ((bits >> man_bits) & ((1 << exp_bits) - 1)) as i32;
        let m = (bits & ((1 << man_bits) - 1)) as f64 / (1u64 << man_bits) as f64;
        if e == 0 {
            sign * m * 2f64.powi(1 - bias)
        } else if e == (1 << exp_bits) - 1 {
            if m == 0.0 {
                sign * f64::INFINITY
            } else {
                f64::NAN
            }
        } else {
            sign * (1.0 + m) * 2f64.powi(e - bias)
        }
    };
    match ty.element_type().unwrap_or(ty) {
        Type::Float(FloatKind::F64) => f64::from_bits(bits as u64),
        Type::Float(FloatKind::F32) => f32::from_bits(bits as u32) as f64,
        Type::Float(FloatKind::F16) => half(bits as u32 & 0xFFFF, 5, 10),
        Type::Float(FloatKind::BF16) => half(bits as u32 & 0xFFFF, 8, 7),
        _ => f64::NAN,
    }
}

/// MLIR keeps an integer of type `iN` in N bits and reads it back signed (`uiN` unsigned,
/// `i1` as 0 or 1): `0xFFFFFFFF : i32` is -1. `None` when `v` does not fit in N bits.
pub(crate) fn wrap_int(v: i128, ty: &Type) -> Option<i128> {
    let Type::Integer { width, signedness } = ty.element_type().unwrap_or(ty) else {
        return Some(v);
    };
    let w = *width;
    if w == 0 || w >= 127 {
        return Some(v);
    }
    let modulus = 1i128 << w;
    if v < -(modulus >> 1) || v >= modulus {
        return None;
    }
    let m = v.rem_euclid(modulus);
    Some(match signedness {
        _ if w == 1 => m,
        Signedness::Unsigned => m,
        _ if m >= modulus >> 1 => m - modulus,
        _ => m,
    })
}

pub(crate) fn is_float_type(ty: &Type) -> bool {
    let e = ty.element_type().unwrap_or(ty);
    matches!(e, Type::Float(_)) || matches!(e, Type::Complex(c) if matches!(**c, Type::Float(_)))
}

fn settle(l: RawLit, float: bool, ty: &Type) -> DenseLit {
    match l {
        RawLit::Int(i) if float => DenseLit::Float(i as f64),
        RawLit::Int(i) => DenseLit::Int(wrap_int(i, ty).unwrap_or(i)),
        RawLit::Hex(b) if float => DenseLit::Float(float_from_bits(b, ty)),
        RawLit::Hex(b) => DenseLit::Int(wrap_int(b as i128, ty).unwrap_or(b as i128)),
        RawLit::Float(f) => DenseLit::Float(f),
        RawLit::Bool(b) => DenseLit::Bool(b),
        RawLit::Complex(a, b) => DenseLit::Complex(
            Box::new(settle(*a, float, ty)),
            Box::new(settle(*b, float, ty)),
        ),
        RawLit::List(xs) => DenseLit::List(xs.into_iter().map(|x| settle(x, float, ty)).collect()),
    }
}

impl<'s> Parser<'s> {
    pub(crate) fn raw_int(&self, t: Token) -> Option<RawLit> {
        let s = self.text(t);
        if let Some(h) = s.strip_prefix("0x") {
            let v = u128::from_str_radix(h, 16).ok()?;
            return (v <= i128::MAX as u128).then_some(RawLit::Hex(v));
        }
        s.parse::<i128>().ok().map(RawLit::Int)
    }

    fn dense_type(&mut self, expected: Option<&Type>, at: Span) -> PResult<Type> {
        if self.eat(Tok::Colon) {
            return self.parse_type();
        }
        match expected {
            Some(t) => Ok(t.clone()),
            None => self.error(at, "this elements attribute needs a type (`: tensor<...>`)"),
        }
    }

    /// The payload between `<` and `>` of `dense<...>` (and each half of `sparse<...>`).
    fn parse_dense_payload(&mut self) -> PResult<Option<RawLit>> {
        if self.at(Tok::Greater) {
            return Ok(None);
        }
        self.parse_raw_lit().map(Some)
    }

    pub(crate) fn parse_raw_lit(&mut self) -> PResult<RawLit> {
        self.enter()?;
        let r = self.parse_raw_lit_inner();
        self.leave();
        r
    }

    fn parse_raw_lit_inner(&mut self) -> PResult<RawLit> {
        match self.tok.kind {
            Tok::LBracket => {
                self.bump();
                let mut xs = Vec::new();
                if !self.eat(Tok::RBracket) {
                    loop {
                        xs.push(self.parse_raw_lit()?);
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RBracket, "`]` or `,` in an elements literal")?;
                }
                Ok(RawLit::List(xs))
            }
            Tok::LParen => {
                self.bump();
                let re = self.parse_raw_lit()?;
                self.expect(Tok::Comma, "`,` in a complex literal")?;
                let im = self.parse_raw_lit()?;
                self.expect(Tok::RParen, "`)` after a complex literal")?;
                Ok(RawLit::Complex(Box::new(re), Box::new(im)))
            }
            Tok::Bare if matches!(self.text(self.tok), "true" | "false") => {
                let t = self.bump();
                Ok(RawLit::Bool(self.text(t) == "true"))
            }
            Tok::Minus | Tok::Int | Tok::Float => {
                let neg = self.eat(Tok::Minus);
                let t = self.bump();
                let lit = match t.kind {
                    Tok::Int => self.raw_int(t),
                    Tok::Float => self.text(t).parse::<f64>().ok().map(RawLit::Float),
                    _ => None,
                };
                match (lit, neg) {
                    (Some(RawLit::Int(i)), true) => Ok(RawLit::Int(-i)),
                    (Some(RawLit::Float(f)), true) => Ok(RawLit::Float(-f)),
                    (Some(RawLit::Hex(h)), true) => Ok(RawLit::Int(-(h as i128))),
                    (Some(l), false) => Ok(l),
                    _ => self.error(t.span, "expected a number"),
                }
            }
            _ => self.err_expected("an element literal"),
        }
    }

    pub(crate) fn parse_dense(&mut self, expected: Option<&Type>) -> PResult<Attr> {
        let kw = self.bump();
        self.expect(Tok::Less, "`<` after `dense`")?;
        let hex = if self.at(Tok::Str) {
            let t = self.bump();
            let s = self.lex.string_value(t);
            match s.strip_prefix("0x") {
                Some(h) if h.bytes().all(|b| b.is_ascii_hexdigit()) => Some(h.to_string()),
                _ => return self.error(t.span, "expected a hex string `\"0x...\"`"),
            }
        } else {
            None
        };
        let lit = if hex.is_none() {
            self.parse_dense_payload()?
        } else {
            None
        };
        self.expect(Tok::Greater, "`>` after dense elements")?;
        let ty = self.dense_type(expected, kw.span)?;
        let float = is_float_type(&ty);
        let data = match (hex, lit) {
            (Some(h), _) => DenseData::Hex(h),
            (None, Some(l)) => DenseData::Literal(settle(l, float, &ty)),
            (None, None) => DenseData::Empty,
        };
        Ok(Attr::Dense { data, ty })
    }

    pub(crate) fn parse_sparse(&mut self, expected: Option<&Type>) -> PResult<Attr> {
        let kw = self.bump();
        self.expect(Tok::Less, "`<` after `sparse`")?;
        let (idx, vals) = if self.at(Tok::Greater) {
            (None, None)
        } else {
            let i = self.parse_raw_lit()?;
            self.expect(Tok::Comma, "`,` between sparse indices and values")?;
            (Some(i), self.parse_dense_payload()?)
        };
        self.expect(Tok::Greater, "`>` after sparse elements")?;
        let ty = self.dense_type(expected, kw.span)?;
        let float = is_float_type(&ty);
        let data = |l: Option<RawLit>, float: bool| match l {
            Some(l) => DenseData::Literal(settle(l, float, &ty)),
            None => DenseData::Empty,
        };
        Ok(Attr::Sparse {
            indices: data(idx, false),
            values: data(vals, float),
            ty: ty.clone(),
        })
    }

    /// `array<i64: 1, 2>` or `array<f32>`.
    pub(crate) fn parse_dense_array(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect(Tok::Less, "`<` after `array`")?;
        let elem = self.parse_type()?;
        let mut values = Vec::new();
        if self.eat(Tok::Colon) {
            let float = is_float_type(&elem);
            loop {
                let l = self.parse_raw_lit()?;
                if matches!(l, RawLit::List(_) | RawLit::Complex(..)) {
                    return self.err_expected("a scalar in a dense array");
                }
                values.push(settle(l, float, &elem));
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::Greater, "`>` after a dense array")?;
        Ok(Attr::DenseArray { elem, values })
    }
}

pub(crate) fn fmt_float(f: &mut fmt::Formatter<'_>, v: f64) -> fmt::Result {
    if !v.is_finite() {
        return write!(f, "0x{:016X}", v.to_bits());
    }
    let s = format!("{v:e}");
    match s.split_once('e') {
        Some((m, e)) if !m.contains('.') => write!(f, "{m}.0e{e}"),
        _ => f.write_str(&s),
    }
}

impl fmt::Display for DenseLit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DenseLit::Int(i) => write!(f, "{i}"),
            DenseLit::Float(v) => fmt_float(f, *v),
            DenseLit::Bool(b) => write!(f, "{b}"),
            DenseLit::Complex(a, b) => write!(f, "({a}, {b})"),
            DenseLit::List(xs) => {
                f.write_str("[")?;
                for (i, x) in xs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str("]")
            }
        }
    }
}

impl fmt::Display for DenseData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DenseData::Literal(l) => write!(f, "{l}"),
            DenseData::Hex(h) => write!(f, "\"0x{h}\""),
            DenseData::Empty => Ok(()),
        }
    }
}
