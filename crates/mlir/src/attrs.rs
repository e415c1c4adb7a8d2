//! Attribute values: integers, floats, strings, arrays, dictionaries, dense and sparse
//! elements, dense arrays, affine maps, strided layouts, symbol references, types, and dialect
//! attributes (`#dialect.name<...>`, kept as text).

use crate::affine::AffineMap;
use crate::ast::NamedAttr;
use crate::elements::{
    float_from_bits, fmt_float, is_float_type, wrap_int, DenseData, DenseLit, RawLit,
};
use crate::lexer::Tok;
use crate::parser::{PResult, Parser};
use crate::types::{FloatKind, Type};
use report::Span;
use std::fmt;

#[derive(Clone, Debug, PartialEq)]
pub enum Attr {
    /// A unit attribute (`{flag}`, `unit`).
    Unit,
    Bool(bool),
    /// An integer (of type `i64` when written without a type).
    Int {
        value: i128,
        ty: Type,
    },
    /// A float (of type `f64` when written without a type). `bits` holds the bit pattern when
    /// it was written as a hex literal (`0x7F800000 : f32`).
    Float {
        value: f64,
        bits: Option<u128>,
        ty: Type,
    },
    String(String),
    Type(Type),
    Array(Vec<Attr>),
    /// `array<i64: 1, 2>`: elements are `DenseLit::Int`, `Float` or `Bool`.
    DenseArray {
        elem: Type,
        values: Vec<DenseLit>,
    },
    Dict(Vec<NamedAttr>),
    /// `dense<...> : type`.
    Dense {
        data: DenseData,
        ty: Type,
    },
    /// `sparse<indices, values> : type`.
    Sparse {
        indices: DenseData,
        values: DenseData,
        ty: Type,
    },
    AffineMap(AffineMap),
    /// `strided<[s0, s1], offset: o>`; `None` is `?`.
    Strided {
        strides: Vec<Option<i64>>,
        offset: Option<i64>,
    },
    /// `@a` or `@a::@b`.
    SymbolRef(Vec<String>),
    /// A dialect attribute (`#arith.fastmath<fast>`, `#sparse_tensor.encoding<{...}>`) or a
    /// builtin one this parser keeps as text (`affine_set<...>`, `dense_resource<...>`). `body`
    /// is the text between the angle brackets, respaced canonically (one space only between
    /// words and after commas), so equal bodies compare equal however they were spaced.
    Opaque {
        name: String,
        body: Option<String>,
    },
}

impl Attr {
    /// The integer value of an `Int` attribute.
    pub fn as_int(&self) -> Option<i128> {
        match self {
            Attr::Int { value, .. } => Some(*value),
            _ => None,
        }
    }

    /// The integers of an `array<i64: ...>` or an array of integer attributes.
    pub fn as_ints(&self) -> Option<Vec<i128>> {
        match self {
            Attr::DenseArray { values, .. } => values
                .iter()
                .map(|v| match v {
                    DenseLit::Int(i) => Some(*i),
                    _ => None,
                })
                .collect(),
            Attr::Array(xs) => xs.iter().map(Attr::as_int).collect(),
            _ => None,
        }
    }

    pub(crate) fn i64_array(values: &[i64]) -> Attr {
        Attr::DenseArray {
            elem: Type::int(64),
            values: values.iter().map(|&v| DenseLit::Int(v as i128)).collect(),
        }
    }

    pub(crate) fn i32_array(values: &[usize]) -> Attr {
        Attr::DenseArray {
            elem: Type::int(32),
            values: values.iter().map(|&v| DenseLit::Int(v as i128)).collect(),
        }
    }
}

/// Opaque text in a canonical spacing, so that differently spaced spellings compare equal:
/// whitespace is kept (as one space) only between two word characters, commas are followed by
/// one space, string literals are untouched.
fn canonical_spacing(s: &str) -> String {
    let word =
        |c: char| c.is_alphanumeric() || matches!(c, '_' | '.' | '$' | '%' | '#' | '@' | '"');
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    let mut in_str = false;
    while let Some(c) = chars.next() {
        if in_str {
            out.push(c);
            if c == '\\' {
                if let Some(n) = chars.next() {
                    out.push(n);
                }
            } else if c == '"' {
                in_str = false;
            }
            continue;
        }
        if c.is_whitespace() {
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
            let before = out.chars().last().is_some_and(word);
            let after = chars.peek().is_some_and(|&c| word(c));
            if before && after {
                out.push(' ');
            }
            continue;
        }
        out.push(c);
        if c == '"' {
            in_str = true;
        } else if c == ',' {
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
            out.push(' ');
        }
    }
    out.trim_end().to_string()
}

impl<'s> Parser<'s> {
    pub(crate) fn parse_attr(&mut self) -> PResult<Attr> {
        self.parse_attr_typed(None)
    }

    /// An attribute value; `expected` is the type of a `dense<...>` (or number) written
    /// without `: type` where the context gives one (`memref.global ... = dense<1.0>`).
    pub(crate) fn parse_attr_typed(&mut self, expected: Option<&Type>) -> PResult<Attr> {
        self.enter()?;
        let r = self.parse_attr_inner(expected);
        self.leave();
        r
    }

    fn parse_attr_inner(&mut self, expected: Option<&Type>) -> PResult<Attr> {
        match self.tok.kind {
            Tok::Int | Tok::Float | Tok::Minus => self.parse_number_attr(expected),
            Tok::Str => {
                let t = self.bump();
                Ok(Attr::String(self.lex.string_value(t)))
            }
            Tok::LBracket => {
                self.bump();
                let mut xs = Vec::new();
                if !self.eat(Tok::RBracket) {
                    loop {
                        xs.push(self.parse_attr()?);
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RBracket, "`]` or `,` in an array attribute")?;
                }
                Ok(Attr::Array(xs))
            }
            Tok::LBrace => Ok(Attr::Dict(self.parse_dict()?)),
            Tok::At => Ok(Attr::SymbolRef(self.parse_symbol_ref()?)),
            Tok::Hash => self.parse_hash_attr(),
            Tok::Bare => {
                match self.text(self.tok) {
                    "true" | "false" => {
                        let t = self.bump();
                        return Ok(Attr::Bool(self.text(t) == "true"));
                    }
                    "unit" => {
                        self.bump();
                        return Ok(Attr::Unit);
                    }
                    "dense" => return self.parse_dense(expected),
                    "sparse" => return self.parse_sparse(expected),
                    "array" => return self.parse_dense_array(),
                    "affine_map" => {
                        self.bump();
                        self.expect(Tok::Less, "`<`")?;
                        let m = self.parse_affine_map_body()?;
                        self.expect(Tok::Greater, "`>` after an affine map")?;
                        return Ok(Attr::AffineMap(m));
                    }
                    "strided" => return self.parse_strided(),
                    "affine_set" | "dense_resource" | "distinct" => {
                        let t = self.bump();
                        let name = self.text(t).to_string();
                        let body = self.opaque_body()?;
                        if self.at(Tok::Colon) && name == "dense_resource" {
                            self.bump();
                            self.parse_type()?;
                        }
                        return Ok(Attr::Opaque { name, body });
                    }
                    _ => {}
                }
                if self.at_type() {
                    return Ok(Attr::Type(self.parse_type()?));
                }
                self.err_expected("an attribute value")
            }
            Tok::LParen | Tok::Bang => Ok(Attr::Type(self.parse_type()?)),
            _ => self.err_expected("an attribute value"),
        }
    }

    /// `-`? number (`: type`)?
    fn parse_number_attr(&mut self, expected: Option<&Type>) -> PResult<Attr> {
        let neg = self.eat(Tok::Minus);
        let t = self.bump();
        let (raw, is_float) = match t.kind {
            Tok::Int => match self.raw_int(t) {
                Some(r) => (r, false),
                None => return self.error(t.span, "integer literal out of range"),
            },
            Tok::Float => match self.text(t).parse::<f64>() {
                Ok(f) => (RawLit::Float(f), true),
                Err(_) => return self.error(t.span, "malformed float literal"),
            },
            _ => return self.error(t.span, "expected a number after `-`"),
        };
        let ty = if self.eat(Tok::Colon) {
            self.parse_type()?
        } else if let Some(e) = expected {
            e.clone()
        } else if is_float {
            Type::Float(FloatKind::F64)
        } else {
            Type::int(64)
        };
        match raw {
            RawLit::Float(f) => Ok(Attr::Float {
                value: if neg { -f } else { f },
                bits: None,
                ty,
            }),
            RawLit::Hex(bits) if is_float_type(&ty) => {
                if neg {
                    return self.error(t.span, "a hex float literal cannot be negated");
                }
                Ok(Attr::Float {
                    value: float_from_bits(bits, &ty),
                    bits: Some(bits),
                    ty,
                })
            }
            RawLit::Int(i) if is_float_type(&ty) => Ok(Attr::Float {
                value: if neg { -(i as f64) } else { i as f64 },
                bits: None,
                ty,
            }),
            RawLit::Hex(_) | RawLit::Int(_) => {
                let v = match raw {
                    RawLit::Hex(b) => b as i128,
                    RawLit::Int(i) => i,
                    _ => 0,
                };
                let v = if neg { -v } else { v };
                match wrap_int(v, &ty) {
                    Some(value) => Ok(Attr::Int { value, ty }),
                    None => self.error(t.span, format!("integer value out of range for {ty}")),
                }
            }
            _ => self.error(t.span, "malformed number"),
        }
    }

    /// `{name = value, flag, "quoted" = value}`.
    pub(crate) fn parse_dict(&mut self) -> PResult<Vec<NamedAttr>> {
        self.expect(Tok::LBrace, "`{`")?;
        let mut out: Vec<NamedAttr> = Vec::new();
        if self.eat(Tok::RBrace) {
            return Ok(out);
        }
        loop {
            let t = self.bump();
            let name = match t.kind {
                Tok::Bare => self.text(t).to_string(),
                Tok::Str => self.lex.string_value(t),
                _ => return self.error(t.span, "expected an attribute name"),
            };
            let value = if self.eat(Tok::Equal) {
                self.parse_attr()?
            } else {
                Attr::Unit
            };
            let span = Span {
                start: t.span.start,
                end: self.prev_end,
            };
            if out.iter().any(|a| a.name == name) {
                return self.error(t.span, format!("duplicate attribute `{name}`"));
            }
            out.push(NamedAttr { name, value, span });
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RBrace, "`}` or `,` in a dictionary")?;
        Ok(out)
    }

    /// `@a` or `@a::@b::@c`.
    pub(crate) fn parse_symbol_ref(&mut self) -> PResult<Vec<String>> {
        let t = self.expect(Tok::At, "a symbol (`@name`)")?;
        let mut path = vec![self.text(t).to_string()];
        while self.eat(Tok::ColonColon) {
            let t = self.expect(Tok::At, "a nested symbol")?;
            path.push(self.text(t).to_string());
        }
        Ok(path)
    }

    fn parse_hash_attr(&mut self) -> PResult<Attr> {
        let t = self.bump();
        let name = self.text(t).to_string();
        let adjacent = self.at(Tok::Less) && self.tok.span.start == self.prev_end;
        if !adjacent {
            if let Some(a) = self.attr_aliases.get(&name) {
                return Ok(a.clone());
            }
            if !name.contains('.') {
                return self.error(t.span, format!("undefined attribute alias `#{name}`"));
            }
        }
        let body = self.opaque_body()?;
        Ok(Attr::Opaque { name, body })
    }

    /// `<...>` immediately after the previous token, as whitespace-collapsed text.
    pub(crate) fn opaque_body(&mut self) -> PResult<Option<String>> {
        if !(self.at(Tok::Less) && self.tok.span.start == self.prev_end) {
            return Ok(None);
        }
        let open = self.tok.span;
        self.raw_begin();
        let sp = self.lex.balanced();
        self.raw_end();
        match sp {
            Some(sp) => Ok(Some(canonical_spacing(
                self.lex.src.get(sp.start..sp.end).unwrap_or(""),
            ))),
            None => self.error(open, "unbalanced `<` in a dialect attribute or type"),
        }
    }

    /// `strided<[1, ?], offset: ?>`.
    fn parse_strided(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect(Tok::Less, "`<` after `strided`")?;
        self.expect(Tok::LBracket, "`[`")?;
        let mut strides = Vec::new();
        if !self.eat(Tok::RBracket) {
            loop {
                strides.push(self.parse_static_or_dynamic()?);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RBracket, "`]`")?;
        }
        let mut offset = Some(0);
        if self.eat(Tok::Comma) {
            self.expect_bare("offset")?;
            self.expect(Tok::Colon, "`:`")?;
            offset = self.parse_static_or_dynamic()?;
        }
        self.expect(Tok::Greater, "`>` after a strided layout")?;
        Ok(Attr::Strided { strides, offset })
    }

    /// `?` or a signed integer.
    fn parse_static_or_dynamic(&mut self) -> PResult<Option<i64>> {
        if self.eat(Tok::Question) {
            return Ok(None);
        }
        self.parse_i64().map(Some)
    }
}

/// A string literal that the lexer reads back to `s` (non-printable bytes as `\XX`).
pub(crate) fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7F => {
                out.push_str(&format!("\\{:02X}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn is_plain_symbol(s: &str) -> bool {
    let mut b = s.bytes();
    b.next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
        && b.all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.'))
}

/// MLIR-like text that this parser reads back to an equal attribute.
impl fmt::Display for Attr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |f: &mut fmt::Formatter<'_>, xs: &[Attr]| -> fmt::Result {
            for (i, x) in xs.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{x}")?;
            }
            Ok(())
        };
        match self {
            Attr::Unit => f.write_str("unit"),
            Attr::Bool(b) => write!(f, "{b}"),
            Attr::Int { value, ty } => write!(f, "{value} : {ty}"),
            Attr::Float { value, bits, ty } => {
                match bits {
                    Some(b) => write!(f, "0x{b:X}")?,
                    None => fmt_float(f, *value)?,
                }
                write!(f, " : {ty}")
            }
            Attr::String(s) => f.write_str(&quote(s)),
            Attr::Type(t) => write!(f, "{t}"),
            Attr::Array(xs) => {
                f.write_str("[")?;
                list(f, xs)?;
                f.write_str("]")
            }
            Attr::DenseArray { elem, values } => {
                write!(f, "array<{elem}")?;
                for (i, v) in values.iter().enumerate() {
                    f.write_str(if i == 0 { ": " } else { ", " })?;
                    write!(f, "{v}")?;
                }
                f.write_str(">")
            }
            Attr::Dict(entries) => write_dict(f, entries),
            Attr::Dense { data, ty } => write!(f, "dense<{data}> : {ty}"),
            Attr::Sparse {
                indices,
                values,
                ty,
            } => write!(f, "sparse<{indices}, {values}> : {ty}"),
            Attr::AffineMap(m) => write!(f, "affine_map<{m}>"),
            Attr::Strided { strides, offset } => {
                let sd = |o: &Option<i64>| o.map_or("?".to_string(), |v| v.to_string());
                let ss: Vec<String> = strides.iter().map(sd).collect();
                write!(f, "strided<[{}], offset: {}>", ss.join(", "), sd(offset))
            }
            Attr::SymbolRef(path) => {
                for (i, p) in path.iter().enumerate() {
                    if i > 0 {
                        f.write_str("::")?;
                    }
                    if is_plain_symbol(p) {
                        write!(f, "@{p}")?;
                    } else {
                        write!(f, "@{}", quote(p))?;
                    }
                }
                Ok(())
            }
            Attr::Opaque { name, body } => {
                let builtin = matches!(name.as_str(), "affine_set" | "dense_resource" | "distinct");
                let sigil = if builtin { "" } else { "#" };
                write!(f, "{sigil}{name}")?;
                if let Some(b) = body {
                    write!(f, "<{b}>")?;
                }
                Ok(())
            }
        }
    }
}

/// `{a = 1 : i32, flag}`.
pub(crate) fn write_dict(f: &mut impl fmt::Write, entries: &[NamedAttr]) -> fmt::Result {
    f.write_str("{")?;
    for (i, a) in entries.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        if is_plain_symbol(&a.name) {
            f.write_str(&a.name)?;
        } else {
            f.write_str(&quote(&a.name))?;
        }
        if a.value != Attr::Unit {
            write!(f, " = {}", a.value)?;
        }
    }
    f.write_str("}")
}
