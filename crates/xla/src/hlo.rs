//! The HLO module as XLA prints it: computations of instructions, each with its shape, opcode,
//! operands and attributes, every part with its span in the text. Parsing only; meaning lives in
//! `lower`.

use report::Span;

/// An HLO element type (`f32`, `pred`, `s32`, ...), by its printed name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prim {
    Pred,
    S(u8),
    U(u8),
    F16,
    BF16,
    F32,
    F64,
    /// `token`, `c64`, `f8e4m3fn`, ...: parsed, never given a meaning.
    Other,
}

impl Prim {
    pub fn parse(name: &str) -> Option<Prim> {
        Some(match name {
            "pred" => Prim::Pred,
            "s8" => Prim::S(8),
            "s16" => Prim::S(16),
            "s32" => Prim::S(32),
            "s64" => Prim::S(64),
            "u8" => Prim::U(8),
            "u16" => Prim::U(16),
            "u32" => Prim::U(32),
            "u64" => Prim::U(64),
            "f16" => Prim::F16,
            "bf16" => Prim::BF16,
            "f32" => Prim::F32,
            "f64" => Prim::F64,
            "token" | "c64" | "c128" | "s4" | "u4" | "s2" | "u2" | "f8e4m3fn" | "f8e5m2"
            | "f8e4m3" | "f8e3m4" | "f8e4m3b11fnuz" | "f8e4m3fnuz" | "f8e5m2fnuz" | "f4e2m1fn"
            | "f8e8m0fnu" | "s1" | "u1" => Prim::Other,
            _ => return None,
        })
    }
}

/// A shape: an array with dimensions and an optional layout (minor-to-major), or a tuple.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    Array {
        prim: Prim,
        /// The printed element type name.
        name: String,
        dims: Vec<i64>,
        /// `{1,0}`: dimension numbers from minor to major; `None` when not printed.
        layout: Option<Vec<i64>>,
    },
    Tuple(Vec<Shape>),
}

impl Shape {
    /// The shape as XLA prints it without layout (`f32[4,8]`, `(f32[], pred[2])`).
    pub fn text(&self) -> String {
        match self {
            Shape::Array { name, dims, .. } => {
                let d: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
                format!("{name}[{}]", d.join(","))
            }
            Shape::Tuple(xs) => {
                let parts: Vec<String> = xs.iter().map(|s| s.text()).collect();
                format!("({})", parts.join(", "))
            }
        }
    }
}

/// A name with the span it was written at (`%x.1` is stored as `x.1`).
#[derive(Clone, Debug, PartialEq)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

/// `name=value`: the value kept as its text (balanced brackets and strings), read by the
/// op that declares the attribute.
#[derive(Clone, Debug, PartialEq)]
pub struct Attr {
    pub name: Name,
    pub value: String,
    pub value_span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Instr {
    pub name: Name,
    pub root: bool,
    pub shape: Shape,
    pub shape_span: Span,
    pub opcode: Name,
    /// Operand names; a `constant`'s or `parameter`'s argument text is in `literal`.
    pub operands: Vec<Name>,
    /// The text between a `constant(...)`'s or `parameter(...)`'s parentheses.
    pub literal: Option<(String, Span)>,
    pub attrs: Vec<Attr>,
    pub span: Span,
}

impl Instr {
    pub fn attr(&self, name: &str) -> Option<&Attr> {
        self.attrs.iter().find(|a| a.name.text == name)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Computation {
    pub name: Name,
    pub entry: bool,
    pub instrs: Vec<Instr>,
}

impl Computation {
    /// The instruction marked `ROOT`, or the last one.
    pub fn root(&self) -> Option<usize> {
        self.instrs
            .iter()
            .position(|i| i.root)
            .or(self.instrs.len().checked_sub(1))
    }
}

/// A parsed module.
#[derive(Clone, Debug, PartialEq)]
pub struct Module {
    pub name: Name,
    /// Header attributes (`is_scheduled=true`, `entry_computation_layout=...`).
    pub attrs: Vec<Attr>,
    pub computations: Vec<Computation>,
}

impl Module {
    pub fn entry(&self) -> Option<&Computation> {
        self.computations
            .iter()
            .find(|c| c.entry)
            .or(self.computations.last())
    }

    pub fn computation(&self, name: &str) -> Option<&Computation> {
        self.computations.iter().find(|c| c.name.text == name)
    }

    pub fn is_scheduled(&self) -> bool {
        self.attrs
            .iter()
            .any(|a| a.name.text == "is_scheduled" && a.value == "true")
    }
}
