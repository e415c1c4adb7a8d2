//! The formula language (docs/lift.md): what a kernel computes, e.g.
//! `output[i] = x[i] + y[i]`. Parsed from `--expect`, printed from synthesis, and evaluated
//! in any domain through the same op definitions as the kernel ([`crate::ops`]), so a kernel
//! and the formula that describes it build the same terms.

use crate::ops::{self, Arith, Cmp, Logic};
use crate::value::{Block, Elem, LDomain, Ty};
use std::fmt;
use tensor::{Domain, ElemType};

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A rational literal `num/den`.
    Num(i128, i128),
    /// An index variable, a size, or a scalar parameter of the launcher.
    Var(String),
    /// An element of an input tensor.
    Read(String, Vec<Expr>),
    Neg(Box<Expr>),
    Bin(char, Box<Expr>, Box<Expr>),
    /// `<`, `<=`, `>`, `>=`, `==`, `!=`.
    Cmp(&'static str, Box<Expr>, Box<Expr>),
    /// `and` (true) / `or` (false).
    Logic(bool, Box<Expr>, Box<Expr>),
    /// `exp`, `abs`, `max`, `min`, `where`, `sigmoid`, `relu`.
    Call(String, Vec<Expr>),
}

/// The operator of `a // b` in [`Expr::Bin`] (printed `//`). `a // b` and `a % b` are the
/// integer division and remainder Triton computes on integer tensors (the quotient rounds
/// toward zero, the remainder takes the dividend's sign: [`crate::ops::int_div`], one
/// definition for kernel and formula); on the non-negative indices of a formula they are
/// Python's.
pub const INT_DIV: char = '÷';

/// The operators of `a << b` and `a >> b` in [`Expr::Bin`]; `&`, `|` and `^` are
/// themselves. On integers, as Triton computes them ([`crate::ops::bitwise`]).
pub const SHL: char = '«';
pub const SHR: char = '»';

/// One output's definition: `name[i, ...] = body`.
#[derive(Clone, Debug, PartialEq)]
pub struct Def {
    pub output: String,
    pub indices: Vec<String>,
    pub body: Expr,
}

/// A formula: one definition per output.
#[derive(Clone, Debug, PartialEq)]
pub struct Formula {
    pub defs: Vec<Def>,
}

const FUNS: &[(&str, usize)] = &[
    ("exp", 1),
    ("abs", 1),
    ("sigmoid", 1),
    ("relu", 1),
    ("max", 2),
    ("min", 2),
    ("where", 3),
    ("sum", 2),
    ("product", 2),
    ("pow", 2),
    ("log", 1),
    ("log2", 1),
    ("exp2", 1),
    ("sqrt", 1),
    ("rsqrt", 1),
    ("sin", 1),
    ("cos", 1),
    ("tanh", 1),
    ("erf", 1),
    ("silu", 1),
    ("gelu", 1),
    ("gelu_tanh", 1),
    ("softplus", 1),
    ("leaky_relu", 2),
];

/// How many arguments the language's function `name` takes: [`FUNS`], and the op table's
/// real functions of one argument (`crate::ops::formula_function`).
fn arity(name: &str) -> Option<usize> {
    FUNS.iter()
        .find(|(f, _)| *f == name)
        .map(|(_, a)| *a)
        .or_else(|| ops::formula_function(name).then_some(1))
        .or_else(|| ops::CLASSES.contains(&name).then_some(1))
}

/// The named functions of the simplifier's output, by their definitions in the language.
const EXPANSIONS: &[(&str, usize, &str)] = &[
    ("silu", 1, "e * sigmoid(e)"),
    ("gelu", 1, "0.5 * e * (1 + erf(e * (1 / sqrt(2))))"),
    (
        "gelu_tanh",
        1,
        "0.5 * e * (1 + tanh(sqrt(2 / pi) * (e + 0.044715 * e * e * e)))",
    ),
    ("softplus", 1, "log(1 + exp(e))"),
    ("leaky_relu", 2, "where(e >= 0, e, a * e)"),
];

/// The definition of a named function at its arguments (the templates are parsed once: an
/// evaluation calls this at every lane).
pub(crate) fn named_expansion(f: &str, args: &[Expr]) -> Option<Expr> {
    static PARSED: std::sync::OnceLock<Vec<(&'static str, usize, Expr)>> =
        std::sync::OnceLock::new();
    let parsed = PARSED.get_or_init(|| {
        EXPANSIONS
            .iter()
            .map(|(n, k, def)| {
                let body = Formula::parse(&format!("f[i] = {def}"))
                    .expect("the expansions parse")
                    .defs
                    .remove(0)
                    .body;
                (*n, *k, body)
            })
            .collect()
    });
    let (_, _, body) = parsed
        .iter()
        .find(|(n, k, _)| *n == f && *k == args.len())?;
    Some(substitute(
        body,
        &[("e", &args[0]), ("a", args.get(1).unwrap_or(&args[0]))],
    ))
}

fn substitute(e: &Expr, by: &[(&str, &Expr)]) -> Expr {
    let go = |x: &Expr| Box::new(substitute(x, by));
    match e {
        Expr::Var(v) => by
            .iter()
            .find(|(n, _)| n == v)
            .map(|(_, x)| (*x).clone())
            .unwrap_or_else(|| e.clone()),
        Expr::Num(..) => e.clone(),
        Expr::Read(t, ix) => Expr::Read(t.clone(), ix.iter().map(|i| substitute(i, by)).collect()),
        Expr::Neg(a) => Expr::Neg(go(a)),
        Expr::Bin(op, a, b) => Expr::Bin(*op, go(a), go(b)),
        Expr::Cmp(op, a, b) => Expr::Cmp(op, go(a), go(b)),
        Expr::Logic(and, a, b) => Expr::Logic(*and, go(a), go(b)),
        Expr::Call(f, args) => {
            Expr::Call(f.clone(), args.iter().map(|a| substitute(a, by)).collect())
        }
    }
}

/// The value of a formula expression that is a named constant's text (`sqrt(2 / pi)`,
/// `1 / sqrt(2)`, `log2(e)`, ...; `pi` alone is read by the caller, who knows the scope).
pub(crate) fn named_value(e: &Expr) -> Option<(i128, i128)> {
    let num = |e: &Expr, k: i128| matches!(e, Expr::Num(n, 1) if *n == k);
    let var = |e: &Expr, v: &str| matches!(e, Expr::Var(x) if x == v);
    fn call1<'e>(e: &'e Expr, f: &str) -> Option<&'e Expr> {
        match e {
            Expr::Call(g, a) if g == f && a.len() == 1 => Some(&a[0]),
            _ => None,
        }
    }
    let key = if let Some(a) = call1(e, "sqrt") {
        match a {
            Expr::Bin('/', x, y) if num(x, 2) && var(y, "pi") => "sqrt_2_pi",
            a if num(a, 2) => "sqrt2",
            _ => return None,
        }
    } else if call1(e, "log2").is_some_and(|a| var(a, "e")) {
        "log2e"
    } else if call1(e, "log").is_some_and(|a| num(a, 2)) {
        "ln2"
    } else {
        match e {
            Expr::Bin('/', x, y) if num(x, 1) && call1(y, "sqrt").is_some_and(|a| num(a, 2)) => {
                "inv_sqrt2"
            }
            _ => return None,
        }
    };
    Some(crate::consts::value(crate::consts::by_key(key)))
}

/// Python's precedence: `or`, `and`, comparisons, `|`, `^`, `&`, shifts, `+ -`, `* / // %`,
/// unary minus, atoms.
fn prec(e: &Expr) -> u8 {
    match e {
        Expr::Logic(false, ..) => 1,
        Expr::Logic(true, ..) => 2,
        Expr::Cmp(..) => 3,
        Expr::Bin('|', ..) => 4,
        Expr::Bin('^', ..) => 5,
        Expr::Bin('&', ..) => 6,
        Expr::Bin(SHL | SHR, ..) => 7,
        Expr::Bin('+' | '-', ..) => 8,
        Expr::Bin(..) => 9,
        Expr::Neg(_) => 10,
        Expr::Num(n, d) if *n < 0 || (*d != 1 && crate::consts::decimal(*n, *d).is_none()) => 9,
        _ => 11,
    }
}

fn paren(f: &mut fmt::Formatter<'_>, e: &Expr, min: u8) -> fmt::Result {
    if prec(e) < min {
        write!(f, "({e})")
    } else {
        write!(f, "{e}")
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Num(n, d) => write!(f, "{}", crate::consts::number_text(*n, *d)),
            Expr::Var(v) => write!(f, "{v}"),
            Expr::Read(t, ix) => {
                write!(f, "{t}[")?;
                for (k, i) in ix.iter().enumerate() {
                    if k > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{i}")?;
                }
                write!(f, "]")
            }
            Expr::Neg(x) => {
                write!(f, "-")?;
                paren(f, x, 10)
            }
            Expr::Bin(op, a, b) => {
                let p = prec(self);
                paren(f, a, p)?;
                match *op {
                    INT_DIV => write!(f, " // ")?,
                    SHL => write!(f, " << ")?,
                    SHR => write!(f, " >> ")?,
                    op => write!(f, " {op} ")?,
                }
                paren(f, b, p + 1)
            }
            Expr::Cmp(op, a, b) => {
                paren(f, a, 4)?;
                write!(f, " {op} ")?;
                paren(f, b, 4)
            }
            Expr::Logic(and, a, b) => {
                let p = prec(self);
                paren(f, a, p)?;
                write!(f, " {} ", if *and { "and" } else { "or" })?;
                paren(f, b, p + 1)
            }
            Expr::Call(n, args) => {
                write!(f, "{n}(")?;
                for (k, a) in args.iter().enumerate() {
                    if k > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{a}")?;
                }
                write!(f, ")")
            }
        }
    }
}

impl fmt::Display for Def {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A rank-0 output (one element) has no index: `out = sum(k, x[k])`.
        if self.indices.is_empty() {
            return write!(f, "{} = {}", self.output, self.body);
        }
        write!(
            f,
            "{}[{}] = {}",
            self.output,
            self.indices.join(", "),
            self.body
        )
    }
}

impl fmt::Display for Formula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, d) in self.defs.iter().enumerate() {
            if k > 0 {
                write!(f, "; ")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------
// Parsing

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Num(i128, i128),
    Name(String),
    Sym(&'static str),
}

/// A parse error at a byte offset of the formula text.
#[derive(Clone, Debug, PartialEq)]
pub struct ParseError {
    pub at: usize,
    pub message: String,
}

fn lex(text: &str) -> Result<Vec<(Tok, usize)>, ParseError> {
    const SYMS: &[&str] = &[
        "<<", ">>", "<=", ">=", "==", "!=", "<", ">", "+", "-", "*", "//", "/", "%", "(", ")", "[",
        "]", ",", "=", ";", "&", "|", "^",
    ];
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as char;
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit()
            || (c == '.' && i + 1 < b.len() && (b[i + 1] as char).is_ascii_digit())
        {
            let start = i;
            i = crate::consts::number_end(b, i);
            let (n, d) = crate::consts::float32_literal(&text[start..i]).ok_or(ParseError {
                at: start,
                message: format!("bad number `{}`", &text[start..i]),
            })?;
            out.push((Tok::Num(n, d), start));
        } else if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < b.len() && ((b[i] as char).is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push((Tok::Name(text[start..i].to_string()), start));
        } else if let Some(s) = SYMS.iter().find(|s| text[i..].starts_with(**s)) {
            out.push((Tok::Sym(s), i));
            i += s.len();
        } else {
            return Err(ParseError {
                at: i,
                message: format!("unexpected character `{c}`"),
            });
        }
    }
    Ok(out)
}

struct P {
    toks: Vec<(Tok, usize)>,
    k: usize,
    end: usize,
}

impl P {
    fn at(&self) -> usize {
        self.toks.get(self.k).map(|t| t.1).unwrap_or(self.end)
    }
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.k).map(|t| &t.0)
    }
    fn eat(&mut self, s: &str) -> bool {
        if matches!(self.peek(), Some(Tok::Sym(x)) if *x == s)
            || matches!(self.peek(), Some(Tok::Name(x)) if x == s)
        {
            self.k += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, s: &str) -> Result<(), ParseError> {
        if self.eat(s) {
            Ok(())
        } else {
            Err(ParseError {
                at: self.at(),
                message: format!("expected `{s}`"),
            })
        }
    }
    fn name(&mut self) -> Result<String, ParseError> {
        match self.peek().cloned() {
            Some(Tok::Name(n)) => {
                self.k += 1;
                Ok(n)
            }
            _ => Err(ParseError {
                at: self.at(),
                message: "expected a name".into(),
            }),
        }
    }
    fn def(&mut self) -> Result<Def, ParseError> {
        let output = self.name()?;
        // `out = e`: an output of rank 0.
        let mut indices = vec![];
        if !self.eat("=") {
            self.expect("[")?;
            indices.push(self.name()?);
            while self.eat(",") {
                indices.push(self.name()?);
            }
            self.expect("]")?;
            self.expect("=")?;
        }
        let body = self.or()?;
        Ok(Def {
            output,
            indices,
            body,
        })
    }
    fn or(&mut self) -> Result<Expr, ParseError> {
        let mut a = self.and()?;
        while self.eat("or") {
            let b = self.and()?;
            a = Expr::Logic(false, Box::new(a), Box::new(b));
        }
        Ok(a)
    }
    fn and(&mut self) -> Result<Expr, ParseError> {
        let mut a = self.cmp()?;
        while self.eat("and") {
            let b = self.cmp()?;
            a = Expr::Logic(true, Box::new(a), Box::new(b));
        }
        Ok(a)
    }
    fn cmp(&mut self) -> Result<Expr, ParseError> {
        let a = self.bits(0)?;
        for op in ["<=", ">=", "==", "!=", "<", ">"] {
            if self.eat(op) {
                let b = self.bits(0)?;
                return Ok(Expr::Cmp(op, Box::new(a), Box::new(b)));
            }
        }
        Ok(a)
    }
    /// The levels of `|`, `^`, `&` and the shifts, loosest first.
    fn bits(&mut self, level: usize) -> Result<Expr, ParseError> {
        const LEVELS: [&[(&str, char)]; 4] = [
            &[("|", '|')],
            &[("^", '^')],
            &[("&", '&')],
            &[("<<", SHL), (">>", SHR)],
        ];
        let Some(ops) = LEVELS.get(level) else {
            return self.add();
        };
        let mut a = self.bits(level + 1)?;
        'more: loop {
            for (text, op) in ops.iter() {
                if self.eat(text) {
                    let b = self.bits(level + 1)?;
                    a = Expr::Bin(*op, Box::new(a), Box::new(b));
                    continue 'more;
                }
            }
            return Ok(a);
        }
    }
    fn add(&mut self) -> Result<Expr, ParseError> {
        let mut a = self.mul()?;
        loop {
            let op = if self.eat("+") {
                '+'
            } else if self.eat("-") {
                '-'
            } else {
                return Ok(a);
            };
            let b = self.mul()?;
            a = Expr::Bin(op, Box::new(a), Box::new(b));
        }
    }
    fn mul(&mut self) -> Result<Expr, ParseError> {
        let mut a = self.unary()?;
        loop {
            let op = if self.eat("*") {
                '*'
            } else if self.eat("//") {
                INT_DIV
            } else if self.eat("/") {
                '/'
            } else if self.eat("%") {
                '%'
            } else {
                return Ok(a);
            };
            let b = self.unary()?;
            a = Expr::Bin(op, Box::new(a), Box::new(b));
        }
    }
    fn unary(&mut self) -> Result<Expr, ParseError> {
        if self.eat("-") {
            return Ok(match self.unary()? {
                Expr::Num(n, d) => Expr::Num(-n, d),
                e => Expr::Neg(Box::new(e)),
            });
        }
        self.atom()
    }
    fn args(&mut self, close: &str) -> Result<Vec<Expr>, ParseError> {
        let mut v = vec![self.or()?];
        while self.eat(",") {
            v.push(self.or()?);
        }
        self.expect(close)?;
        Ok(v)
    }
    fn atom(&mut self) -> Result<Expr, ParseError> {
        let at = self.at();
        match self.peek().cloned() {
            Some(Tok::Num(n, d)) => {
                self.k += 1;
                Ok(Expr::Num(n, d))
            }
            Some(Tok::Sym("(")) => {
                self.k += 1;
                let e = self.or()?;
                self.expect(")")?;
                Ok(e)
            }
            Some(Tok::Name(n)) => {
                self.k += 1;
                if self.eat("[") {
                    return Ok(Expr::Read(n, self.args("]")?));
                }
                if self.eat("(") {
                    let args = self.args(")")?;
                    return match arity(&n) {
                        Some(arity) if arity == args.len() => Ok(Expr::Call(n, args)),
                        Some(arity) => Err(ParseError {
                            at,
                            message: format!("`{n}` takes {arity} arguments"),
                        }),
                        None => Err(ParseError {
                            at,
                            message: format!("unknown function `{n}`"),
                        }),
                    };
                }
                Ok(Expr::Var(n))
            }
            _ => Err(ParseError {
                at,
                message: "expected an expression".into(),
            }),
        }
    }
}

impl Expr {
    /// The functions this expression calls, by name.
    /// Whether the expression reads the name `v` (an index, a size or a parameter).
    pub fn mentions(&self, v: &str) -> bool {
        match self {
            Expr::Num(..) => false,
            Expr::Var(x) => x == v,
            Expr::Read(_, ix) => ix.iter().any(|e| e.mentions(v)),
            Expr::Neg(a) => a.mentions(v),
            Expr::Bin(_, a, b) | Expr::Cmp(_, a, b) | Expr::Logic(_, a, b) => {
                a.mentions(v) || b.mentions(v)
            }
            Expr::Call(_, args) => args.iter().any(|e| e.mentions(v)),
        }
    }

    pub fn calls(&self, out: &mut Vec<String>) {
        match self {
            Expr::Num(..) | Expr::Var(_) => {}
            Expr::Read(_, ix) => ix.iter().for_each(|i| i.calls(out)),
            Expr::Neg(a) => a.calls(out),
            Expr::Bin(_, a, b) | Expr::Cmp(_, a, b) | Expr::Logic(_, a, b) => {
                a.calls(out);
                b.calls(out);
            }
            Expr::Call(f, args) => {
                if !out.contains(f) {
                    out.push(f.clone());
                }
                args.iter().for_each(|a| a.calls(out));
            }
        }
    }
}

impl Formula {
    /// Parses `out[i] = expr` definitions separated by `;` or newlines.
    pub fn parse(text: &str) -> Result<Formula, ParseError> {
        let mut defs = Vec::new();
        for (off, part) in split_defs(text) {
            let toks = lex(part).map_err(|e| ParseError {
                at: e.at + off,
                ..e
            })?;
            let mut p = P {
                toks,
                k: 0,
                end: part.len(),
            };
            let d = p.def().map_err(|e| ParseError {
                at: e.at + off,
                ..e
            })?;
            if p.k < p.toks.len() {
                return Err(ParseError {
                    at: p.at() + off,
                    message: "unexpected text after the definition".into(),
                });
            }
            defs.push(d);
        }
        if defs.is_empty() {
            return Err(ParseError {
                at: 0,
                message: "an empty formula".into(),
            });
        }
        Ok(Formula { defs })
    }
}

fn split_defs(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if c == ';' || c == '\n' {
            if !text[start..i].trim().is_empty() {
                out.push((start, &text[start..i]));
            }
            start = i + 1;
        }
    }
    if !text[start..].trim().is_empty() {
        out.push((start, &text[start..]));
    }
    out
}

// ---------------------------------------------------------------------------------------
// Evaluation

/// Names a formula may use, with their values in the domain.
pub(crate) struct Scope<D: Domain> {
    /// Index variables and sizes (integers).
    pub ints: Vec<(String, D::I)>,
    /// Scalar parameters (reals).
    pub reals: Vec<String>,
    /// Input tensors: name, shape and, for a strided view, the stride of each dimension (the
    /// flat offset of `x[i, j]` is `i * s0 + j * s1`; row-major without).
    pub tensors: Vec<(String, Vec<D::I>, Option<Vec<D::I>>)>,
    /// The input tensors holding integers ([`crate::elemkind`]): read as integers.
    pub int_tensors: Vec<String>,
    /// Reductions already evaluated, by the expression (its address) and the values of the
    /// names it reads: a softmax's sum is computed once per row, not once per element.
    pub memo: Memo<D>,
}

pub(crate) type Memo<D> = std::rc::Rc<std::cell::RefCell<crate::value::LaneMemo<D>>>;

/// The names a formula reads (index and reduction variables, sizes, parameters, named
/// constexprs), without duplicates, in order of appearance.
pub(crate) fn names_read(f: &Formula) -> Vec<String> {
    let mut out = Vec::new();
    f.defs.iter().for_each(|d| names(&d.body, &mut out));
    out
}

/// The tensors a formula reads, without duplicates, in order of appearance (an output read
/// for the value it held before the kernel is among them).
pub(crate) fn tensors_read(f: &Formula) -> Vec<String> {
    fn walk(e: &Expr, out: &mut Vec<String>) {
        match e {
            Expr::Read(t, ix) => {
                if !out.contains(t) {
                    out.push(t.clone());
                }
                ix.iter().for_each(|i| walk(i, out));
            }
            Expr::Num(..) | Expr::Var(_) => {}
            Expr::Neg(a) => walk(a, out),
            Expr::Bin(_, a, b) | Expr::Cmp(_, a, b) | Expr::Logic(_, a, b) => {
                walk(a, out);
                walk(b, out);
            }
            Expr::Call(_, args) => args.iter().for_each(|a| walk(a, out)),
        }
    }
    let mut out = Vec::new();
    f.defs.iter().for_each(|d| walk(&d.body, &mut out));
    out
}

/// The names an expression reads (index variables, sizes, parameters), without duplicates.
fn names(e: &Expr, out: &mut Vec<String>) {
    match e {
        Expr::Var(v) => {
            if !out.contains(v) {
                out.push(v.clone())
            }
        }
        Expr::Num(..) => {}
        Expr::Read(_, ix) => ix.iter().for_each(|i| names(i, out)),
        Expr::Neg(a) => names(a, out),
        Expr::Bin(_, a, b) | Expr::Cmp(_, a, b) | Expr::Logic(_, a, b) => {
            names(a, out);
            names(b, out);
        }
        Expr::Call(_, args) => args.iter().for_each(|a| names(a, out)),
    }
}

/// The sign of `e` when it is `inf` or `-inf` (a name no scope binds): the value of a max's
/// or min's masked lanes, which take no part in it (`max(k < T, where(c, x[k], -inf))`), as
/// a masked load's `other=-float("inf")` in the kernel.
fn infinity<D: LDomain>(scope: &Scope<D>, e: &Expr) -> Option<bool> {
    let free = |v: &str| {
        v == "inf" && !scope.ints.iter().any(|(n, _)| n == v) && !scope.reals.iter().any(|n| n == v)
    };
    match e {
        Expr::Var(v) if free(v) => Some(true),
        Expr::Neg(a) => match &**a {
            Expr::Var(v) if free(v) => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// The value of `e` in `scope`, as a scalar block (through the kernel's op definitions).
pub(crate) fn eval<D: LDomain>(d: &mut D, scope: &Scope<D>, e: &Expr) -> Result<Block<D>, String> {
    if let Some((n, den)) = named_value(e) {
        return eval(d, scope, &Expr::Num(n, den));
    }
    if let Some(positive) = infinity(scope, e) {
        return Ok(Block::new(vec![], Ty::Real, move |d: &mut D, _| {
            Elem::V(d.lit_v(ElemType::Real, tensor::Literal::Inf(positive)))
        }));
    }
    let b = match e {
        Expr::Num(n, den) => {
            let (n, den) = (*n, *den);
            if den == 1 {
                Block::new(vec![], Ty::Int, move |d: &mut D, _| Elem::I(d.lit_i(n)))
            } else {
                Block::new(vec![], Ty::Real, move |d: &mut D, _| {
                    Elem::V(d.lit_v(ElemType::Real, tensor::Literal::Rat(n, den)))
                })
            }
        }
        Expr::Var(v) => {
            if let Some((_, i)) = scope.ints.iter().rev().find(|(n, _)| n == v) {
                Block::splat(Ty::Int, Elem::I(i.clone()))
            } else if scope.reals.contains(v) {
                let v = v.clone();
                Block::new(vec![], Ty::Real, move |d: &mut D, _| {
                    Elem::V(d.input(&v, ElemType::Real, &[]))
                })
            } else if v == "pi" {
                let (n, den) = crate::consts::value(crate::consts::by_key("pi"));
                return eval(d, scope, &Expr::Num(n, den));
            } else {
                return Err(format!("unknown name `{v}` in the formula"));
            }
        }
        Expr::Read(t, ix) => {
            let Some((_, shape, strides)) = scope.tensors.iter().find(|(n, _, _)| n == t) else {
                return Err(format!("`{t}` is not an input tensor of the launcher"));
            };
            if shape.len() != ix.len() {
                return Err(format!(
                    "`{t}` has rank {}, read with {} indices",
                    shape.len(),
                    ix.len()
                ));
            }
            let mut flat: Option<D::I> = None;
            for (k, e) in ix.iter().enumerate() {
                let b = eval(d, scope, e)?;
                if !matches!(b.ty, Ty::Int) {
                    return Err(format!("index {e} of `{t}` is not an integer"));
                }
                let i = b.at(d, &[]).i(d);
                flat = Some(match (flat, strides) {
                    (None, None) => i,
                    (Some(f), None) => {
                        let m = d.mul_i(&f, &shape[k]);
                        d.add_i(&m, &i)
                    }
                    (f, Some(strides)) => {
                        let term = d.mul_i(&i, &strides[k]);
                        match f {
                            None => term,
                            Some(f) => d.add_i(&f, &term),
                        }
                    }
                });
            }
            let flat = flat.expect("rank >= 1");
            let name = t.clone();
            if scope.int_tensors.contains(t) {
                return Ok(Block::new(vec![], Ty::Int, move |d: &mut D, _| {
                    Elem::I(d.load_i(&name, &flat))
                }));
            }
            Block::new(vec![], Ty::Real, move |d: &mut D, _| {
                Elem::V(d.input(&name, ElemType::Real, &[flat.clone()]))
            })
        }
        Expr::Neg(x) => ops::negate(&eval(d, scope, x)?)?,
        Expr::Bin(op, a, b) => {
            let (x, y) = (eval(d, scope, a)?, eval(d, scope, b)?);
            let op = match *op {
                '+' => Arith::Add,
                '-' => Arith::Sub,
                '*' => Arith::Mul,
                INT_DIV => return ops::int_div(&x, &y, false),
                '%' => return ops::int_div(&x, &y, true),
                '&' => return ops::bitwise(tensor::BitOp::And, &x, &y),
                '|' => return ops::bitwise(tensor::BitOp::Or, &x, &y),
                '^' => return ops::bitwise(tensor::BitOp::Xor, &x, &y),
                SHL => return ops::bitwise(tensor::BitOp::Shl, &x, &y),
                SHR => return ops::bitwise(tensor::BitOp::AShr, &x, &y),
                _ => Arith::Div,
            };
            ops::arith(op, &x, &y)?
        }
        Expr::Cmp(op, a, b) => {
            let (x, y) = (eval(d, scope, a)?, eval(d, scope, b)?);
            let op = match *op {
                "<" => Cmp::Lt,
                "<=" => Cmp::Le,
                ">" => Cmp::Gt,
                ">=" => Cmp::Ge,
                "==" => Cmp::Eq,
                _ => Cmp::Ne,
            };
            ops::compare(op, &x, &y)?
        }
        Expr::Logic(and, a, b) => {
            let (x, y) = (eval(d, scope, a)?, eval(d, scope, b)?);
            ops::logic(if *and { Logic::And } else { Logic::Or }, &x, &y)?
        }
        Expr::Call(f, args) if arity(f) != Some(args.len()) => {
            return Err(format!("`{f}` with {} arguments", args.len()))
        }
        Expr::Call(f, args) if f == "sum" => reduction(d, scope, args, tensor::Reducer::Sum)?,
        Expr::Call(f, args) if f == "product" => {
            reduction(d, scope, args, tensor::Reducer::Product)?
        }
        // `max(k, e)`: a reduction when `k` (or `k < E`) names no value in scope; otherwise
        // the binary `max(a, b)`.
        Expr::Call(f, args) if (f == "max" || f == "min") && binds(scope, &args[0]) => {
            let r = if f == "max" {
                tensor::Reducer::Max
            } else {
                tensor::Reducer::Min
            };
            reduction(d, scope, args, r)?
        }
        Expr::Call(f, args) if named_expansion(f, args).is_some() => {
            let x = named_expansion(f, args).expect("checked by the guard");
            eval(d, scope, &x)?
        }
        Expr::Call(f, args) => {
            let vs: Vec<Block<D>> = args
                .iter()
                .map(|a| eval(d, scope, a))
                .collect::<Result<_, _>>()?;
            let unary = |op: ops::Op, d: &mut D| -> Result<Block<D>, String> {
                let spec = ops::OPS
                    .iter()
                    .find(|s| s.op == op)
                    .expect("op in the table");
                let mut m = crate::mem::Machine {
                    pid: vec![],
                    nprog: vec![],
                    buffers: vec![],
                    accesses: vec![],
                    guard: None,
                    math: vec![],
                    loops: vec![],
                    trips: vec![],
                    laws: vec![],
                    premises: vec![],
                    gathers: vec![],
                    gathers_in_bounds: false,
                    assumed: vec![],
                    typed: vec![],
                };
                let _ = d;
                match ops::apply(
                    spec,
                    &mut m,
                    vs.iter()
                        .cloned()
                        .map(|b| Some(crate::value::KVal::Block(b)))
                        .collect(),
                    crate::mem::Pos { line: 0, col: 0 },
                )? {
                    crate::value::KVal::Block(b) => Ok(b),
                    _ => Err("an op without a value".into()),
                }
            };
            match f.as_str() {
                "exp" => unary(ops::Op::Exp, d)?,
                f if ops::formula_function(f) => {
                    let spec = ops::lookup(f).expect("math functions are in the op table");
                    unary(spec.op, d)?
                }
                "abs" => unary(ops::Op::Abs, d)?,
                f if ops::CLASSES.contains(&f) => {
                    let class = ops::CLASSES.iter().find(|c| **c == f).expect("matched");
                    ops::class(class, &vs[0], crate::mem::Pos { line: 0, col: 0 })
                }
                "pow" => unary(ops::Op::Pow, d)?,
                "sigmoid" => unary(ops::Op::Sigmoid, d)?,
                "max" => ops::arith(Arith::Max, &vs[0], &vs[1])?,
                "min" => ops::arith(Arith::Min, &vs[0], &vs[1])?,
                "relu" => {
                    let zero = Block::new(vec![], Ty::Real, |d: &mut D, _| {
                        Elem::V(d.lit_v(ElemType::Real, tensor::Literal::Int(0)))
                    });
                    ops::arith(Arith::Max, &vs[0], &zero)?
                }
                "where" => ops::select(&vs[0], &vs[1], &vs[2])?,
                other => return Err(format!("unknown function `{other}`")),
            }
        }
    };
    Ok(b)
}

impl<D: Domain> Clone for Scope<D> {
    fn clone(&self) -> Self {
        Scope {
            ints: self.ints.clone(),
            reals: self.reals.clone(),
            tensors: self.tensors.clone(),
            int_tensors: self.int_tensors.clone(),
            memo: self.memo.clone(),
        }
    }
}

/// The extent of a summation variable: the size of the dimension it indexes directly.
fn extent_of<D: Domain>(scope: &Scope<D>, k: &str, e: &Expr) -> Option<D::I> {
    match e {
        Expr::Read(t, ix) => {
            for (d, i) in ix.iter().enumerate() {
                if *i == Expr::Var(k.to_string()) {
                    let (_, shape, _) = scope.tensors.iter().find(|(n, _, _)| n == t)?;
                    return shape.get(d).cloned();
                }
            }
            ix.iter().find_map(|i| extent_of(scope, k, i))
        }
        Expr::Neg(a) => extent_of(scope, k, a),
        Expr::Bin(_, a, b) | Expr::Cmp(_, a, b) | Expr::Logic(_, a, b) => {
            extent_of(scope, k, a).or_else(|| extent_of(scope, k, b))
        }
        Expr::Call(_, args) => args.iter().find_map(|a| extent_of(scope, k, a)),
        Expr::Num(..) | Expr::Var(_) => None,
    }
}

/// Whether `k` is an index of a read in `e` (`x[i, k]`), which gives a bare `sum(k, e)` its
/// extent ([`extent_of`]).
pub(crate) fn indexes_directly(e: &Expr, k: &str) -> bool {
    match e {
        Expr::Read(_, ix) => ix
            .iter()
            .any(|i| matches!(i, Expr::Var(v) if v == k) || indexes_directly(i, k)),
        Expr::Neg(a) => indexes_directly(a, k),
        Expr::Bin(_, a, b) | Expr::Cmp(_, a, b) | Expr::Logic(_, a, b) => {
            indexes_directly(a, k) || indexes_directly(b, k)
        }
        Expr::Call(_, args) => args.iter().any(|a| indexes_directly(a, k)),
        Expr::Num(..) | Expr::Var(_) => false,
    }
}

/// Whether the first argument of `max`/`min` binds a reduction variable: a bare name (or
/// `name < E`) that is not an index variable, size or parameter in scope.
fn binds<D: Domain>(scope: &Scope<D>, first: &Expr) -> bool {
    let name = match first {
        Expr::Var(k) => k,
        Expr::Cmp("<", v, _) => match &**v {
            Expr::Var(k) => k,
            _ => return false,
        },
        _ => return false,
    };
    !scope.ints.iter().any(|(n, _)| n == name) && !scope.reals.contains(name)
}

/// `sum(k, e)` (`product`, `max`, `min`): `k` ranges over the dimension it indexes.
fn reduction<D: LDomain>(
    d: &mut D,
    scope: &Scope<D>,
    args: &[Expr],
    r: tensor::Reducer,
) -> Result<Block<D>, String> {
    let (k, extent) = match &args[0] {
        Expr::Var(k) => (
            k,
            extent_of(scope, k, &args[1]).ok_or_else(|| {
                format!("`{k}` indexes no input tensor directly, so its range is unknown")
            })?,
        ),
        Expr::Cmp("<", v, bound) if matches!(&**v, Expr::Var(_)) => {
            let Expr::Var(k) = &**v else {
                unreachable!("matched above")
            };
            let b = eval(d, scope, bound)?;
            if b.ty != Ty::Int {
                return Err(format!("the bound of `{k}` is not an integer"));
            }
            (k, b.at(d, &[]).i(d))
        }
        _ => {
            return Err(format!(
                "the first argument of `{}` names its variable (`k`, or `k < N`)",
                r.name()
            ))
        }
    };
    // The values of the names this reduction reads (its variable among them is bound inside).
    let mut used = Vec::new();
    for a in args {
        names(a, &mut used);
    }
    let key_at = args as *const [Expr] as *const Expr as usize;
    let key: Vec<D::I> = used
        .iter()
        .filter(|n| *n != k)
        .filter_map(|n| scope.ints.iter().rev().find(|(m, _)| m == n))
        .map(|(_, v)| v.clone())
        .collect();
    if let Some(v) = scope.memo.borrow().get(d, key_at, &key) {
        return Ok(Block::splat(Ty::Real, v));
    }
    let mut err = None;
    // One scope for every point of the reduction, its variable's value replaced at each.
    let mut inner: Option<Scope<D>> = None;
    let v = d.reduction(r, &extent, &mut |d: &mut D, pt: &D::I| {
        let inner = inner.get_or_insert_with(|| {
            let mut s = scope.clone();
            s.ints.push((k.clone(), pt.clone()));
            s
        });
        if let Some(last) = inner.ints.last_mut() {
            last.1 = pt.clone();
        }
        match eval(d, inner, &args[1]) {
            Ok(b) => b.at(d, &[]),
            Err(e) => {
                err.get_or_insert(e);
                Elem::V(d.lit_v(ElemType::Real, tensor::Literal::Int(0)))
            }
        }
    });
    if let Some(e) = err {
        return Err(e);
    }
    scope.memo.borrow_mut().insert(d, key_at, &key, v.clone());
    Ok(Block::splat(Ty::Real, v))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tensors a formula reads include an output read for its old value, once each.
    #[test]
    fn tensors_read_names_each_tensor_once() {
        let f = Formula::parse(
            "dW[i, j] = where(j == 0, sum(k < n, x[i, k]), where(j == 1, x[i, ids[i]], dW[i, j]))",
        )
        .expect("parses");
        assert_eq!(tensors_read(&f), vec!["x", "ids", "dW"]);
    }

    /// Printing then parsing gives the same formula; bad text gives a position.
    #[test]
    fn print_parse_round_trip() {
        for text in [
            "out[i] = x[i] + y[i]",
            "c[i] = a[i] - b[i] - (a[i] - b[i])",
            "y[i] = where(i >= 1, x[i - 1], 0)",
            "out[i] = 1 / (exp(-x[i]) + 1)",
            "out[i] = where(x[i] > 0, x[i], 0.01 * x[i]) * scale",
            "out[i, j] = 2 * x[i, j]; s[i] = sum(k, x[i, k])",
            "out[i] = sum(k < 256, where(k < n and k >= 0 or k == 3, x[i, k], 1))",
            "out[i] = max(k < n, where(k < i, x[k], -inf)) + min(k, where(k > i, x[k], inf))",
            "out[i] = -(-x[i]) * -2 + 3/7",
            "out[i] = max(x[i], 0) - min(abs(x[i]), relu(x[i])) / sigmoid(2.5)",
            "out[i] = (x[i] | y[i] ^ i & 3) + (x[i] >> 2 << 1) + (i + 1 & 1)",
            "out[i] = ((x[i] | y[i]) ^ i) & 3 == i >> (1 + 1)",
        ] {
            let f = Formula::parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            let printed = f.to_string();
            let again = Formula::parse(&printed).unwrap_or_else(|e| panic!("{printed}: {e:?}"));
            assert_eq!(f, again, "{text} printed as {printed}");
        }
        // Python's precedence: `|` below `^` below `&` below shifts below `+`.
        let f = Formula::parse("out[i] = a[i] | b[i] ^ c[i] & i << 1 + 1").unwrap();
        let Expr::Bin('|', _, rest) = &f.defs[0].body else {
            panic!("{f}")
        };
        let Expr::Bin('^', _, rest) = &**rest else {
            panic!("{f}")
        };
        let Expr::Bin('&', _, rest) = &**rest else {
            panic!("{f}")
        };
        assert!(matches!(&**rest, Expr::Bin(SHL, _, sum) if matches!(**sum, Expr::Bin('+', ..))));
        for (bad, at) in [
            ("out[i] = ", 9),
            ("out[i] = x[i", 12),
            ("out[] = x", 4),
            ("out[i] = foo(x[i])", 9),
            ("out[i] = x[i] $", 14),
            ("out[i] = exp(x[i], 2)", 9),
        ] {
            let e = Formula::parse(bad).unwrap_err();
            assert_eq!(e.at, at, "{bad}: {e:?}");
        }
    }
}
