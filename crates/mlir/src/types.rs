//! MLIR types: the builtin ones in full, dialect types (`!dialect.name<...>`) as opaque text.

use crate::attrs::Attr;
use crate::lexer::Tok;
use crate::parser::{PResult, Parser};
use std::fmt;

/// One dimension of a ranked shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dim {
    Static(u64),
    /// `?`.
    Dynamic,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signedness {
    /// `iN`.
    Signless,
    /// `siN`.
    Signed,
    /// `uiN`.
    Unsigned,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FloatKind {
    F16,
    BF16,
    F32,
    F64,
    F80,
    F128,
    TF32,
    /// The 8-bit (and smaller) formats, by name: `f8E4M3FN`, `f8E5M2`, ...
    Small(String),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    Integer {
        width: u32,
        signedness: Signedness,
    },
    Index,
    None,
    Float(FloatKind),
    Complex(Box<Type>),
    Tensor {
        shape: Vec<Dim>,
        elem: Box<Type>,
        /// The encoding (e.g. a `#sparse_tensor.encoding<...>`), kept as an attribute.
        encoding: Option<Box<Attr>>,
    },
    /// `tensor<*xT>`.
    UnrankedTensor {
        elem: Box<Type>,
    },
    MemRef {
        shape: Vec<Dim>,
        elem: Box<Type>,
        /// An affine map or `strided<...>` layout.
        layout: Option<Box<Attr>>,
        memory_space: Option<Box<Attr>>,
    },
    /// `memref<*xT>`.
    UnrankedMemRef {
        elem: Box<Type>,
        memory_space: Option<Box<Attr>>,
    },
    Vector {
        shape: Vec<u64>,
        /// Per dimension, whether it is scalable (`[4]`).
        scalable: Vec<bool>,
        elem: Box<Type>,
    },
    Tuple(Vec<Type>),
    Function {
        inputs: Vec<Type>,
        results: Vec<Type>,
    },
    /// A dialect type `!dialect.name<body>`, kept as text.
    Opaque {
        name: String,
        body: Option<String>,
    },
}

impl Type {
    pub fn int(width: u32) -> Type {
        Type::Integer {
            width,
            signedness: Signedness::Signless,
        }
    }

    /// The element type of a shaped type (tensor, memref, vector).
    pub fn element_type(&self) -> Option<&Type> {
        match self {
            Type::Tensor { elem, .. }
            | Type::UnrankedTensor { elem }
            | Type::MemRef { elem, .. }
            | Type::UnrankedMemRef { elem, .. }
            | Type::Vector { elem, .. } => Some(elem),
            _ => None,
        }
    }

    /// The same shape with another element type; a scalar becomes `elem` itself.
    pub(crate) fn with_element_type(&self, new: Type) -> Type {
        let b = Box::new(new.clone());
        match self {
            Type::Tensor { shape, .. } => Type::Tensor {
                shape: shape.clone(),
                elem: b,
                encoding: None,
            },
            Type::UnrankedTensor { .. } => Type::UnrankedTensor { elem: b },
            Type::Vector {
                shape, scalable, ..
            } => Type::Vector {
                shape: shape.clone(),
                scalable: scalable.clone(),
                elem: b,
            },
            _ => new,
        }
    }

    /// The tensor type with a memref's shape and element type.
    pub(crate) fn memref_to_tensor(&self) -> Option<Type> {
        match self {
            Type::MemRef { shape, elem, .. } => Some(Type::Tensor {
                shape: shape.clone(),
                elem: elem.clone(),
                encoding: None,
            }),
            Type::UnrankedMemRef { elem, .. } => Some(Type::UnrankedTensor { elem: elem.clone() }),
            _ => None,
        }
    }
}

fn float_kind(name: &str) -> Option<FloatKind> {
    Some(match name {
        "f16" => FloatKind::F16,
        "bf16" => FloatKind::BF16,
        "f32" => FloatKind::F32,
        "f64" => FloatKind::F64,
        "f80" => FloatKind::F80,
        "f128" => FloatKind::F128,
        "tf32" => FloatKind::TF32,
        _ if (name.starts_with("f8E") || name.starts_with("f6E") || name.starts_with("f4E"))
            && name.bytes().all(|b| b.is_ascii_alphanumeric()) =>
        {
            FloatKind::Small(name.to_string())
        }
        _ => return None,
    })
}

/// `i32`, `si8`, `ui1` as (signedness, width text).
fn int_parts(name: &str) -> Option<(Signedness, &str)> {
    let (s, digits) = if let Some(d) = name.strip_prefix("si") {
        (Signedness::Signed, d)
    } else if let Some(d) = name.strip_prefix("ui") {
        (Signedness::Unsigned, d)
    } else {
        (Signedness::Signless, name.strip_prefix('i')?)
    };
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some((s, digits))
}

/// The largest integer width MLIR accepts.
const MAX_INT_WIDTH: u32 = 1 << 24;

impl<'s> Parser<'s> {
    /// Whether the current token can start a type.
    pub(crate) fn at_type(&self) -> bool {
        match self.tok.kind {
            Tok::LParen | Tok::Bang => true,
            Tok::Bare => {
                let t = self.text(self.tok);
                matches!(
                    t,
                    "index" | "none" | "tensor" | "memref" | "vector" | "tuple" | "complex"
                ) || float_kind(t).is_some()
                    || int_parts(t).is_some()
            }
            _ => false,
        }
    }

    pub(crate) fn parse_type(&mut self) -> PResult<Type> {
        self.enter()?;
        let r = self.parse_type_inner();
        self.leave();
        r
    }

    fn parse_type_inner(&mut self) -> PResult<Type> {
        match self.tok.kind {
            Tok::LParen => {
                let inputs = self.parse_paren_types()?;
                self.expect(Tok::Arrow, "`->` in a function type")?;
                let results = self.parse_result_types()?;
                Ok(Type::Function { inputs, results })
            }
            Tok::Bang => self.parse_bang_type(),
            Tok::Bare => {
                let t = self.bump();
                let name = self.text(t);
                if let Some(k) = float_kind(name) {
                    return Ok(Type::Float(k));
                }
                if let Some((signedness, digits)) = int_parts(name) {
                    return match digits.parse::<u32>() {
                        Ok(width) if width <= MAX_INT_WIDTH => {
                            Ok(Type::Integer { width, signedness })
                        }
                        _ => self.error(t.span, format!("integer width of `{name}` is too large")),
                    };
                }
                match name {
                    "index" => Ok(Type::Index),
                    "none" => Ok(Type::None),
                    "tensor" => self.parse_tensor_type(),
                    "memref" => self.parse_memref_type(),
                    "vector" => self.parse_vector_type(),
                    "tuple" => {
                        self.expect(Tok::Less, "`<`")?;
                        let mut elems = Vec::new();
                        if !self.eat(Tok::Greater) {
                            loop {
                                elems.push(self.parse_type()?);
                                if !self.eat(Tok::Comma) {
                                    break;
                                }
                            }
                            self.expect(Tok::Greater, "`>`")?;
                        }
                        Ok(Type::Tuple(elems))
                    }
                    "complex" => {
                        self.expect(Tok::Less, "`<`")?;
                        let e = self.parse_type()?;
                        self.expect(Tok::Greater, "`>`")?;
                        Ok(Type::Complex(Box::new(e)))
                    }
                    _ => self.error(t.span, format!("unknown type `{name}`")),
                }
            }
            _ => self.err_expected("a type"),
        }
    }

    /// `!alias` or `!dialect.name<body>`.
    fn parse_bang_type(&mut self) -> PResult<Type> {
        let t = self.bump();
        let name = self.text(t).to_string();
        if !name.contains('.') {
            if let Some(ty) = self.type_aliases.get(&name) {
                return Ok(ty.clone());
            }
        }
        let body = self.opaque_body()?;
        if body.is_none() && !name.contains('.') {
            return self.error(t.span, format!("undefined type alias `!{name}`"));
        }
        Ok(Type::Opaque { name, body })
    }

    /// `(T, U)` (possibly empty).
    pub(crate) fn parse_paren_types(&mut self) -> PResult<Vec<Type>> {
        self.expect(Tok::LParen, "`(`")?;
        let mut out = Vec::new();
        if self.eat(Tok::RParen) {
            return Ok(out);
        }
        loop {
            out.push(self.parse_type()?);
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, "`)`")?;
        Ok(out)
    }

    /// After `->`: one type, or a parenthesised list.
    pub(crate) fn parse_result_types(&mut self) -> PResult<Vec<Type>> {
        if self.at(Tok::LParen) {
            // `(T) -> U` would be a function type as the single result; MLIR requires
            // parentheses around it, so a parenthesised list here is a list.
            let ts = self.parse_paren_types()?;
            if self.at(Tok::Arrow) {
                self.bump();
                let results = self.parse_result_types()?;
                return Ok(vec![Type::Function {
                    inputs: ts,
                    results,
                }]);
            }
            return Ok(ts);
        }
        Ok(vec![self.parse_type()?])
    }

    /// `T, U, V` (at least one).
    pub(crate) fn parse_type_list(&mut self) -> PResult<Vec<Type>> {
        let mut out = vec![self.parse_type()?];
        while self.eat(Tok::Comma) {
            out.push(self.parse_type()?);
        }
        Ok(out)
    }

    /// A dimension list `4x?x` ending before the element type. With `vector`, scalable
    /// dimensions `[4]` are allowed.
    fn parse_dims(&mut self, vector: bool) -> PResult<(Vec<Dim>, Vec<bool>)> {
        let mut dims = Vec::new();
        let mut scalable = Vec::new();
        self.raw_begin();
        loop {
            self.lex.skip_trivia();
            let save = self.lex.pos();
            let (dim, sc) = match self.lex.peek_byte() {
                Some(b'?') if !vector => {
                    self.lex.bump_byte();
                    (Dim::Dynamic, false)
                }
                Some(b'0'..=b'9') => (self.raw_dim()?, false),
                Some(b'[') if vector => {
                    self.lex.bump_byte();
                    let _ = self.lex.peek_byte();
                    let d = self.raw_dim()?;
                    if self.lex.peek_byte() != Some(b']') {
                        return self.raw_error("expected `]` after a scalable dimension");
                    }
                    self.lex.bump_byte();
                    (d, true)
                }
                _ => {
                    self.lex.seek(save);
                    break;
                }
            };
            dims.push(dim);
            scalable.push(sc);
            if self.lex.peek_byte() != Some(b'x') {
                return self.raw_error("expected `x` in a dimension list");
            }
            self.lex.bump_byte();
        }
        self.raw_end();
        Ok((dims, scalable))
    }

    fn raw_dim(&mut self) -> PResult<Dim> {
        let sp = self.lex.digits();
        let text = self.lex.src.get(sp.start..sp.end).unwrap_or("");
        match text.parse::<u64>() {
            Ok(n) if n < i64::MAX as u64 => Ok(Dim::Static(n)),
            _ => {
                self.raw_end();
                self.error(sp, "dimension size is too large")
            }
        }
    }

    /// At `*`: consumes `*x` of an unranked shape.
    fn eat_unranked(&mut self) -> PResult<bool> {
        if !self.at(Tok::Star) {
            return Ok(false);
        }
        self.raw_begin();
        self.lex.bump_byte();
        if self.lex.peek_byte() != Some(b'x') {
            return self.raw_error("expected `x` after `*`");
        }
        self.lex.bump_byte();
        self.raw_end();
        Ok(true)
    }

    fn parse_tensor_type(&mut self) -> PResult<Type> {
        self.expect(Tok::Less, "`<` after `tensor`")?;
        if self.eat_unranked()? {
            let elem = Box::new(self.parse_type()?);
            self.expect(Tok::Greater, "`>`")?;
            return Ok(Type::UnrankedTensor { elem });
        }
        let (shape, _) = self.parse_dims(false)?;
        let elem = Box::new(self.parse_type()?);
        let encoding = if self.eat(Tok::Comma) {
            Some(Box::new(self.parse_attr()?))
        } else {
            None
        };
        self.expect(Tok::Greater, "`>`")?;
        Ok(Type::Tensor {
            shape,
            elem,
            encoding,
        })
    }

    fn parse_memref_type(&mut self) -> PResult<Type> {
        self.expect(Tok::Less, "`<` after `memref`")?;
        let unranked = self.eat_unranked()?;
        let shape = if unranked {
            Vec::new()
        } else {
            self.parse_dims(false)?.0
        };
        let elem = Box::new(self.parse_type()?);
        let mut layout = None;
        let mut memory_space = None;
        if self.eat(Tok::Comma) {
            let a = self.parse_attr()?;
            if !unranked && matches!(a, Attr::AffineMap(_) | Attr::Strided { .. }) {
                layout = Some(Box::new(a));
                if self.eat(Tok::Comma) {
                    memory_space = Some(Box::new(self.parse_attr()?));
                }
            } else {
                memory_space = Some(Box::new(a));
            }
        }
        self.expect(Tok::Greater, "`>`")?;
        Ok(if unranked {
            Type::UnrankedMemRef { elem, memory_space }
        } else {
            Type::MemRef {
                shape,
                elem,
                layout,
                memory_space,
            }
        })
    }

    fn parse_vector_type(&mut self) -> PResult<Type> {
        let lt = self.expect(Tok::Less, "`<` after `vector`")?;
        let (dims, scalable) = self.parse_dims(true)?;
        let shape = dims
            .iter()
            .map(|d| match d {
                Dim::Static(n) => *n,
                Dim::Dynamic => 0,
            })
            .collect();
        let elem = Box::new(self.parse_type()?);
        if matches!(
            *elem,
            Type::Tensor { .. } | Type::MemRef { .. } | Type::Vector { .. }
        ) {
            return self.error(lt.span, "a vector's element type must be a scalar");
        }
        self.expect(Tok::Greater, "`>`")?;
        Ok(Type::Vector {
            shape,
            scalable,
            elem,
        })
    }
}

fn write_list<T: fmt::Display>(f: &mut fmt::Formatter<'_>, items: &[T]) -> fmt::Result {
    for (i, t) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{t}")?;
    }
    Ok(())
}

impl fmt::Display for Dim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Dim::Static(n) => write!(f, "{n}"),
            Dim::Dynamic => f.write_str("?"),
        }
    }
}

impl fmt::Display for FloatKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
            FloatKind::TF32 => "tf32",
            FloatKind::Small(s) => s,
        })
    }
}

impl fmt::Display for Type {
    /// MLIR's own spelling of the type (attribute aliases are printed expanded).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dims = |f: &mut fmt::Formatter<'_>, shape: &[Dim]| -> fmt::Result {
            for d in shape {
                write!(f, "{d}x")?;
            }
            Ok(())
        };
        match self {
            Type::Integer { width, signedness } => {
                let p = match signedness {
                    Signedness::Signless => "i",
                    Signedness::Signed => "si",
                    Signedness::Unsigned => "ui",
                };
                write!(f, "{p}{width}")
            }
            Type::Index => f.write_str("index"),
            Type::None => f.write_str("none"),
            Type::Float(k) => write!(f, "{k}"),
            Type::Complex(e) => write!(f, "complex<{e}>"),
            Type::Tensor {
                shape,
                elem,
                encoding,
            } => {
                f.write_str("tensor<")?;
                dims(f, shape)?;
                write!(f, "{elem}")?;
                if let Some(e) = encoding {
                    write!(f, ", {e}")?;
                }
                f.write_str(">")
            }
            Type::UnrankedTensor { elem } => write!(f, "tensor<*x{elem}>"),
            Type::MemRef {
                shape,
                elem,
                layout,
                memory_space,
            } => {
                f.write_str("memref<")?;
                dims(f, shape)?;
                write!(f, "{elem}")?;
                if let Some(l) = layout {
                    write!(f, ", {l}")?;
                }
                if let Some(m) = memory_space {
                    write!(f, ", {m}")?;
                }
                f.write_str(">")
            }
            Type::UnrankedMemRef { elem, memory_space } => {
                write!(f, "memref<*x{elem}")?;
                if let Some(m) = memory_space {
                    write!(f, ", {m}")?;
                }
                f.write_str(">")
            }
            Type::Vector {
                shape,
                scalable,
                elem,
            } => {
                f.write_str("vector<")?;
                for (i, n) in shape.iter().enumerate() {
                    if scalable.get(i).copied().unwrap_or(false) {
                        write!(f, "[{n}]x")?;
                    } else {
                        write!(f, "{n}x")?;
                    }
                }
                write!(f, "{elem}>")
            }
            Type::Tuple(ts) => {
                f.write_str("tuple<")?;
                write_list(f, ts)?;
                f.write_str(">")
            }
            Type::Function { inputs, results } => {
                f.write_str("(")?;
                write_list(f, inputs)?;
                f.write_str(") -> ")?;
                match results.as_slice() {
                    [one] if !matches!(one, Type::Function { .. }) => write!(f, "{one}"),
                    _ => {
                        f.write_str("(")?;
                        write_list(f, results)?;
                        f.write_str(")")
                    }
                }
            }
            Type::Opaque { name, body } => {
                write!(f, "!{name}")?;
                if let Some(b) = body {
                    write!(f, "<{b}>")?;
                }
                Ok(())
            }
        }
    }
}
