//! The syntax tree of `.rule` files. Every node that a diagnostic may point at has a span.

use report::Span;
use tensor::ElemType;

#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// A reference to an aggregated axis, optionally a labelled copy: `R` or `R@l1`.
#[derive(Clone, Debug, PartialEq)]
pub struct AxisRef {
    pub class: Ident,
    pub label: Option<Ident>,
    pub span: Span,
}

impl AxisRef {
    /// The name of the axis family in an instance, e.g. `R` or `R@l1`.
    pub fn family(&self) -> String {
        match &self.label {
            Some(l) => format!("{}@{}", self.class.name, l.name),
            None => self.class.name.clone(),
        }
    }
}

/// The rank a declared aggregated axis may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankSpec {
    pub min: usize,
    /// `None`: unbounded, the bound inference decides.
    pub max: Option<usize>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AxisDecl {
    pub name: Ident,
    pub rank: RankSpec,
}

/// Integer expressions over maps, evaluated per axis.
#[derive(Clone, Debug, PartialEq)]
pub enum MExpr {
    Int(i128, Span),
    /// A map, a summation index, or (in conditions) a scalar.
    Name(Ident),
    Neg(Box<MExpr>, Span),
    Bin(MOp, Box<MExpr>, Box<MExpr>, Span),
    /// `min(a, b)`, `max(a, b)`, `abs(a)`, `ite(c, a, b)`.
    Call(Ident, Vec<MArg>, Span),
}

#[derive(Clone, Debug, PartialEq)]
pub enum MArg {
    Int(MExpr),
    Cond(Cond),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MOp {
    Add,
    Sub,
    Mul,
    /// Euclidean division (`/`): the floor for positive divisors; `x / 0 = 0`.
    Div,
    /// Euclidean remainder (`%`), never negative; `x % 0 = x`.
    Mod,
}

impl MExpr {
    pub fn span(&self) -> Span {
        match self {
            MExpr::Int(_, s) | MExpr::Neg(_, s) | MExpr::Bin(_, _, _, s) | MExpr::Call(_, _, s) => {
                *s
            }
            MExpr::Name(i) => i.span,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rel {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// Conditions: preconditions and hint guards.
#[derive(Clone, Debug, PartialEq)]
pub enum Cond {
    Bool(bool, Span),
    Rel(Rel, MExpr, MExpr, Span),
    Not(Box<Cond>, Span),
    And(Box<Cond>, Box<Cond>, Span),
    Or(Box<Cond>, Box<Cond>, Span),
    Implies(Box<Cond>, Box<Cond>, Span),
    /// `forall R: c` / `exists R: c`: over every axis of an aggregated axis (a whole-map
    /// condition). A bare condition is implicitly `forall` over the axis its maps live on.
    Quant(bool, Ident, Box<Cond>, Span),
}

impl Cond {
    pub fn span(&self) -> Span {
        match self {
            Cond::Bool(_, s)
            | Cond::Rel(_, _, _, s)
            | Cond::Not(_, s)
            | Cond::And(_, _, s)
            | Cond::Or(_, _, s)
            | Cond::Implies(_, _, s)
            | Cond::Quant(_, _, _, s) => *s,
        }
    }
}

/// A per-axis attribute: `[R: expr, R1@l: expr]`.
#[derive(Clone, Debug, PartialEq)]
pub struct AttrEntry {
    pub axis: AxisRef,
    pub value: MExpr,
}

/// An argument of an op call.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A tensor operand.
    Expr(Expr),
    /// `name = value`.
    Named(Ident, AttrValue),
    /// A positional attribute (axis list or axis map), e.g. the axes of `reverse`.
    Attr(AttrValue),
}

#[derive(Clone, Debug, PartialEq)]
pub enum AttrValue {
    /// `[R: e, ...]`, `[R, R1]`, `[R@a -> R@b]` and mixtures are all lists of items.
    List(Vec<AttrItem>, Span),
    /// A single axis: `axis = R`.
    Axis(AxisRef),
    /// Any other expression: `init = 0`.
    Expr(Expr),
}

#[derive(Clone, Debug, PartialEq)]
pub enum AttrItem {
    /// `R` alone.
    Axis(AxisRef),
    /// `R: expr`.
    Map(AttrEntry),
    /// `R@a -> R@b`.
    Rename(AxisRef, AxisRef),
}

/// A tensor expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Name(Ident),
    Num(NumLit, Span),
    Bool(bool, Span),
    Call(Ident, Vec<Arg>, Span),
}

/// A numeric literal as written: an integer or a decimal (kept exact as a fraction).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NumLit {
    Int(i128),
    Rat(i128, i128),
    Inf(bool),
    /// A literal too large for `Rat`, as the binary64 nearest to it (float rules only).
    Big(f64),
}

impl Expr {
    pub fn span(&self) -> Span {
        match self {
            Expr::Name(i) => i.span,
            Expr::Num(_, s) | Expr::Bool(_, s) | Expr::Call(_, _, s) => *s,
        }
    }
}

/// A declared element type: a fixed one, or the rule's type parameter `T`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TypeRef {
    Fixed(ElemType),
    Param,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TensorDecl {
    pub name: Ident,
    pub ty: TypeRef,
    pub shape: Vec<AttrEntry>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ScalarDecl {
    pub name: Ident,
    pub ty: TypeRef,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MapDecl {
    pub name: Ident,
    pub class: Ident,
}

/// `hint lhs k = e` / `hint rhs k = e`: a summation index of one side defined from the other.
#[derive(Clone, Debug, PartialEq)]
pub struct HintDef {
    pub side_is_lhs: bool,
    pub index: Ident,
    pub value: MExpr,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    pub name: String,
    pub span: Span,
    pub types: Vec<(ElemType, Span)>,
    pub axes: Vec<AxisDecl>,
    pub maps: Vec<MapDecl>,
    pub tensors: Vec<TensorDecl>,
    pub scalars: Vec<ScalarDecl>,
    pub lhs: Option<Expr>,
    pub rhs: Option<Expr>,
    pub wheres: Vec<Cond>,
    /// `assume e`: a bool tensor expression that holds at every index.
    pub assumes: Vec<Expr>,
    pub hints: Vec<HintDef>,
    /// Byte offsets at which the lines of the rule's file start, for locations in messages
    /// (empty for a rule built in Rust: messages then give byte offsets).
    pub line_starts: Vec<usize>,
}

impl Rule {
    /// `line L, column C` of byte offset `at` of the rule's file (`byte N` without the file).
    pub fn location(&self, at: usize) -> String {
        if self.line_starts.is_empty() {
            return format!("byte {at}");
        }
        let line = self.line_starts.partition_point(|&s| s <= at).max(1);
        let col = at - self.line_starts[line - 1] + 1;
        format!("line {line}, column {col}")
    }

    /// A rule with a name and nothing else yet (the parser and the builder fill it in).
    pub fn empty(name: String, span: Span) -> Rule {
        Rule {
            name,
            span,
            types: vec![],
            axes: vec![],
            maps: vec![],
            tensors: vec![],
            scalars: vec![],
            lhs: None,
            rhs: None,
            wheres: vec![],
            assumes: vec![],
            hints: vec![],
            line_starts: vec![],
        }
    }
}

/// What a file's header comments say.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Header {
    pub expect: Option<String>,
    pub catalog: Option<String>,
    /// Why the tool cannot reach the expected verdict yet, when a file says so.
    pub pending: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct File {
    pub header: Header,
    pub rules: Vec<Rule>,
}
