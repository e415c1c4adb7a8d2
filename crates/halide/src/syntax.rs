//! The expression language shared by the statement and the algorithm file: tokens with spans,
//! Halide's scalar types, and one recursive-descent expression parser (Halide 21's printer:
//! `(T)e` type tags, `T(e)` casts, `select`, `min`/`max`, `likely`, buffer fields as dotted
//! names, opaque runtime calls). Diagnostics are collected, never thrown.

use report::{Diagnostic, Span};

/// Bound on expression and statement nesting (every walk is bounded).
pub const MAX_DEPTH: usize = 200;

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    Ident(String),
    Int(i128),
    /// A float literal as an exact decimal `num / den`.
    /// A float literal's exact decimal `n / d` and its width: 32 with the suffix `f`, 16 with
    /// `h`, else 64 (Halide prints float64 constants with no suffix).
    Float(i128, i128, u8),
    Str,
    Punct(&'static str),
    Eof,
}

#[derive(Clone, Debug)]
pub struct Token {
    pub tok: Tok,
    pub span: Span,
    /// The first token on its line (expressions never continue across lines).
    pub line_start: bool,
}

const PUNCTS: [&str; 26] = [
    "==", "!=", "<=", ">=", "&&", "||", "(", ")", "[", "]", "{", "}", ",", "=", "<", ">", "+", "-",
    "*", "/", "%", "!", ":", ";", "#", "?",
];

/// Splits `text` into tokens; `#`-comments (`//` too) run to the end of the line.
pub fn lex(text: &str, diags: &mut Vec<Diagnostic>) -> Vec<Token> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b'#' || (c == b'/' && b.get(i + 1) == Some(&b'/')) {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        let start = i;
        let tok = if c.is_ascii_alphabetic() || c == b'_' {
            while i < b.len() {
                let d = b[i];
                let name_char = |e: u8| e.is_ascii_alphanumeric() || e == b'_' || e == b'$';
                if name_char(d) || (d == b'.' && b.get(i + 1).is_some_and(|e| name_char(*e))) {
                    i += 1;
                } else {
                    break;
                }
            }
            Tok::Ident(text[start..i].to_string())
        } else if c.is_ascii_digit() {
            let (tok, end) = number(text, b, start, diags);
            i = end;
            tok
        } else if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            if i < b.len() && b[i] == b'"' {
                i += 1;
            } else {
                diags.push(Diagnostic {
                    span: Span { start, end: i },
                    message: "unterminated string".into(),
                });
            }
            Tok::Str
        } else if let Some(p) = PUNCTS.iter().find(|p| text[i..].starts_with(**p)) {
            i += p.len();
            Tok::Punct(p)
        } else {
            let ch = text[i..].chars().next().unwrap_or(' ');
            i += ch.len_utf8();
            diags.push(Diagnostic {
                span: Span { start, end: i },
                message: format!("unexpected character `{ch}`"),
            });
            continue;
        };
        out.push(Token {
            tok,
            span: Span {
                start,
                end: i.min(text.len()),
            },
            line_start,
        });
        line_start = false;
    }
    out.push(Token {
        tok: Tok::Eof,
        span: Span {
            start: text.len(),
            end: text.len(),
        },
        line_start: true,
    });
    out
}

/// The number literal that starts at `start` of `text` (`b`: its bytes): an integer, or a
/// float (a fraction, an exponent, a width suffix `f` or `h`) as its exact decimal; and the
/// end of the literal. One too large for `i128` is reported to `diags` (read as 0).
fn number(text: &str, b: &[u8], start: usize, diags: &mut Vec<Diagnostic>) -> (Tok, usize) {
    let mut i = start;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let mut frac = None;
    if i < b.len() && b[i] == b'.' && b.get(i + 1).is_some_and(|d| d.is_ascii_digit()) {
        let fs = i + 1;
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        frac = Some(fs);
    }
    let mut exp = 0i32;
    if frac.is_some() && i < b.len() && b[i] == b'e' {
        let es = i + 1;
        let mut j = es;
        if j < b.len() && (b[j] == b'-' || b[j] == b'+') {
            j += 1;
        }
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if let Ok(e) = text[es..j].parse() {
            exp = e;
            i = j;
        }
    }
    let is_float = frac.is_some()
        || (i < b.len()
            && b[i] == b'f'
            && !b.get(i + 1).is_some_and(|d| d.is_ascii_alphanumeric()));
    let mut bits = 64;
    if i < b.len() && (b[i] == b'f' || b[i] == b'h') && is_float {
        bits = if b[i] == b'f' { 32 } else { 16 };
        i += 1;
    }
    let digits: String = text[start..i]
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '.')
        .take_while(|_| true)
        .collect();
    let mantissa: String = digits.chars().take_while(|c| *c != 'e').collect();
    let tok = if is_float {
        let (int_part, frac_part) = match mantissa.split_once('.') {
            Some((a, f)) => (a.to_string(), f.to_string()),
            None => (mantissa.clone(), String::new()),
        };
        let num: Option<i128> = format!("{int_part}{frac_part}").parse().ok();
        let mut den: Option<i128> = 10i128.checked_pow(frac_part.len() as u32);
        let mut num = num;
        if exp > 0 {
            num = num.and_then(|n| {
                10i128
                    .checked_pow(exp as u32)
                    .and_then(|p| n.checked_mul(p))
            });
        } else if exp < 0 {
            den = den.and_then(|d| {
                10i128
                    .checked_pow((-exp) as u32)
                    .and_then(|p| d.checked_mul(p))
            });
        }
        match (num, den) {
            (Some(n), Some(d)) => Tok::Float(n, d, bits),
            _ => {
                diags.push(Diagnostic {
                    span: Span { start, end: i },
                    message: "float literal too large".into(),
                });
                Tok::Float(0, 1, bits)
            }
        }
    } else {
        match text[start..i].parse::<i128>() {
            Ok(n) => Tok::Int(n),
            Err(_) => {
                diags.push(Diagnostic {
                    span: Span { start, end: i },
                    message: "integer literal too large".into(),
                });
                Tok::Int(0)
            }
        }
    };
    (tok, i)
}

/// A Halide scalar type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Type {
    Int(u8),
    UInt(u8),
    Float(u8),
    /// A pointer or struct (only in runtime calls, never in a value the checker needs).
    Handle,
}

impl Type {
    pub fn parse(name: &str) -> Option<Type> {
        let bits = |s: &str| s.parse::<u8>().ok();
        if name == "bool" {
            return Some(Type::UInt(1));
        }
        if let Some(n) = name.strip_prefix("uint").and_then(bits) {
            return [1, 8, 16, 32, 64].contains(&n).then_some(Type::UInt(n));
        }
        if let Some(n) = name.strip_prefix("int").and_then(bits) {
            return [8, 16, 32, 64].contains(&n).then_some(Type::Int(n));
        }
        if let Some(n) = name.strip_prefix("float").and_then(bits) {
            return [16, 32, 64].contains(&n).then_some(Type::Float(n));
        }
        None
    }

    pub fn is_float(self) -> bool {
        matches!(self, Type::Float(_))
    }

    pub fn is_bool(self) -> bool {
        self == Type::UInt(1)
    }
}

impl std::fmt::Display for Type {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Type::Int(n) => write!(f, "int{n}"),
            Type::UInt(1) => write!(f, "bool"),
            Type::UInt(n) => write!(f, "uint{n}"),
            Type::Float(n) => write!(f, "float{n}"),
            Type::Handle => write!(f, "handle"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Or,
    Min,
    Max,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Int(i128),
    /// A float literal's exact decimal `n / d` and its width: 32 with the suffix `f`, 16 with
    /// `h`, else 64 (Halide prints float64 constants with no suffix).
    Float(i128, i128, u8),
    Var(String),
    /// A call of a Func, an input buffer, or an intrinsic the semantics does not know.
    Call(String, Vec<Expr>),
    /// `(T)e` or `T(e)`.
    Cast(Type, Box<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    Neg(Box<Expr>),
    Select(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `(let name = value in body)`.
    Let(String, Box<Expr>, Box<Expr>),
    /// `name[index]`: a load of a buffer the statement allocates (`allocate`: Halide's
    /// bookkeeping of dynamically folded storage), not of a Func.
    Load(String, Box<Expr>),
    /// Something only a runtime call can mean (a string, `reinterpret`, a pointer cast): it
    /// has no value the checker can use. The text says what it is.
    Opaque(#[allow(dead_code)] String),
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

/// A cursor over tokens, shared by the statement and algorithm parsers.
pub struct Parser<'a> {
    pub toks: &'a [Token],
    pub pos: usize,
    pub diags: Vec<Diagnostic>,
    depth: usize,
}

/// A parse failure that aborts the current statement (recorded in `diags`).
pub struct Bail;

pub type PResult<T> = Result<T, Bail>;

impl<'a> Parser<'a> {
    pub fn new(toks: &'a [Token]) -> Self {
        Parser {
            toks,
            pos: 0,
            diags: Vec::new(),
            depth: 0,
        }
    }

    pub fn peek(&self) -> &Tok {
        &self.toks[self.pos.min(self.toks.len() - 1)].tok
    }

    pub fn peek_at(&self, k: usize) -> &Tok {
        &self.toks[(self.pos + k).min(self.toks.len() - 1)].tok
    }

    pub fn token(&self) -> &Token {
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }

    pub fn span(&self) -> Span {
        self.token().span
    }

    pub fn prev_end(&self) -> usize {
        if self.pos == 0 {
            0
        } else {
            self.toks[(self.pos - 1).min(self.toks.len() - 1)].span.end
        }
    }

    pub fn bump(&mut self) -> Token {
        let t = self.token().clone();
        if self.pos < self.toks.len() - 1 {
            self.pos += 1;
        }
        t
    }

    pub fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek(), Tok::Punct(q) if *q == p)
    }

    pub fn is_ident(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Ident(q) if q == w)
    }

    pub fn eat(&mut self, p: &str) -> bool {
        if self.is_punct(p) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub fn error<T>(&mut self, span: Span, message: impl Into<String>) -> PResult<T> {
        self.diags.push(Diagnostic {
            span,
            message: message.into(),
        });
        Err(Bail)
    }

    pub fn expect(&mut self, p: &str) -> PResult<Span> {
        if self.is_punct(p) {
            Ok(self.bump().span)
        } else {
            let s = self.span();
            let found = describe(self.peek());
            self.error(s, format!("expected `{p}`, found {found}"))
        }
    }

    pub fn ident(&mut self, what: &str) -> PResult<(String, Span)> {
        match self.peek().clone() {
            Tok::Ident(s) => Ok((s, self.bump().span)),
            other => {
                let s = self.span();
                self.error(s, format!("expected {what}, found {}", describe(&other)))
            }
        }
    }

    /// Skips to the first token of the next line (error recovery).
    pub fn skip_line(&mut self) {
        self.bump();
        while !self.token().line_start {
            self.bump();
        }
    }

    fn continues(&self) -> bool {
        !self.token().line_start
    }

    pub fn expr(&mut self) -> PResult<Expr> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            let s = self.span();
            self.depth -= 1;
            return self.error(s, format!("expression nested deeper than {MAX_DEPTH}"));
        }
        let r = self.binary(0);
        self.depth -= 1;
        r
    }

    fn binary(&mut self, level: usize) -> PResult<Expr> {
        const LEVELS: [&[(&str, BinOp)]; 5] = [
            &[("||", BinOp::Or)],
            &[("&&", BinOp::And)],
            &[
                ("==", BinOp::Eq),
                ("!=", BinOp::Ne),
                ("<=", BinOp::Le),
                (">=", BinOp::Ge),
                ("<", BinOp::Lt),
                (">", BinOp::Gt),
            ],
            &[("+", BinOp::Add), ("-", BinOp::Sub)],
            &[("*", BinOp::Mul), ("/", BinOp::Div), ("%", BinOp::Mod)],
        ];
        if level == LEVELS.len() {
            return self.unary();
        }
        let mut lhs = self.binary(level + 1)?;
        loop {
            if !self.continues() {
                break;
            }
            let op = LEVELS[level]
                .iter()
                .find(|(p, _)| self.is_punct(p))
                .map(|(_, o)| *o);
            let Some(op) = op else { break };
            let op_tok = self.bump();
            if self.token().line_start {
                let end = op_tok.span.end;
                return self.error(
                    Span { start: end, end },
                    format!(
                        "expected an expression after `{}` at the end of the line",
                        match op_tok.tok {
                            Tok::Punct(p) => p,
                            _ => "?",
                        }
                    ),
                );
            }
            let rhs = self.binary(level + 1)?;
            let span = Span {
                start: lhs.span.start,
                end: rhs.span.end,
            };
            lhs = Expr {
                kind: ExprKind::Bin(op, Box::new(lhs), Box::new(rhs)),
                span,
            };
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> PResult<Expr> {
        let start = self.span().start;
        if self.eat("!") {
            let e = self.nested_unary()?;
            let span = Span {
                start,
                end: e.span.end,
            };
            return Ok(Expr {
                kind: ExprKind::Not(Box::new(e)),
                span,
            });
        }
        if self.eat("-") {
            let e = self.nested_unary()?;
            let span = Span {
                start,
                end: e.span.end,
            };
            return Ok(match e.kind {
                ExprKind::Int(n) => Expr {
                    kind: ExprKind::Int(-n),
                    span,
                },
                ExprKind::Float(n, d, w) => Expr {
                    kind: ExprKind::Float(-n, d, w),
                    span,
                },
                _ => Expr {
                    kind: ExprKind::Neg(Box::new(e)),
                    span,
                },
            });
        }
        if self.is_punct("(") {
            if let Some((ty, len)) = self.cast_ahead() {
                for _ in 0..len {
                    self.bump();
                }
                let e = self.nested_unary()?;
                let span = Span {
                    start,
                    end: e.span.end,
                };
                return Ok(match ty {
                    Some(t) => Expr {
                        kind: ExprKind::Cast(t, Box::new(e)),
                        span,
                    },
                    None => Expr {
                        kind: ExprKind::Opaque("a pointer cast".into()),
                        span,
                    },
                });
            }
        }
        self.primary()
    }

    fn nested_unary(&mut self) -> PResult<Expr> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            let s = self.span();
            self.depth -= 1;
            return self.error(s, format!("expression nested deeper than {MAX_DEPTH}"));
        }
        let r = self.unary();
        self.depth -= 1;
        r
    }

    /// At `(`: a type tag `(T)` or a pointer/struct cast `(struct X *)`, `(void *)`; returns the
    /// type (None for a handle) and the number of tokens it spans.
    fn cast_ahead(&self) -> Option<(Option<Type>, usize)> {
        let Tok::Ident(first) = self.peek_at(1) else {
            return None;
        };
        if let Some(t) = Type::parse(first) {
            if matches!(self.peek_at(2), Tok::Punct(")")) {
                return Some((Some(t), 3));
            }
        }
        if first == "struct"
            || first == "void"
            || first.starts_with("halide_")
            || Type::parse(first).is_some()
        {
            let mut k = 2;
            while k < 8 {
                match self.peek_at(k) {
                    Tok::Punct(")") => return Some((None, k + 1)),
                    Tok::Punct("*") | Tok::Ident(_) => k += 1,
                    _ => return None,
                }
            }
        }
        None
    }

    fn args(&mut self, close: &str) -> PResult<Vec<Expr>> {
        let mut args = Vec::new();
        if self.eat(close) {
            return Ok(args);
        }
        loop {
            args.push(self.expr()?);
            if self.eat(close) {
                return Ok(args);
            }
            self.expect(",")?;
        }
    }

    /// The rest of `reinterpret<(T)>(e)` at its `<` (the expression starts at `start`): to a
    /// float type, the call `reinterpret_f32(e)` (a float from an integer's bits, `math`);
    /// else something only a runtime call can mean.
    fn reinterpret(&mut self, start: usize) -> PResult<Expr> {
        self.bump();
        let mut guard = 0;
        let mut to = Vec::new();
        while !self.is_punct(">") && !matches!(self.peek(), Tok::Eof) && guard < 16 {
            to.push(self.bump().tok);
            guard += 1;
        }
        self.expect(">")?;
        self.expect("(")?;
        let args = self.args(")")?;
        let float = match &to[..] {
            [Tok::Ident(t)] => Some(t.as_str()),
            [Tok::Punct("("), Tok::Ident(t), Tok::Punct(")")] => Some(t.as_str()),
            _ => None,
        };
        let name = match float {
            Some("float32") => Some("reinterpret_f32"),
            Some("float64") => Some("reinterpret_f64"),
            _ => None,
        };
        let span = Span {
            start,
            end: self.prev_end(),
        };
        if let (Some(name), 1) = (name, args.len()) {
            return Ok(Expr {
                kind: ExprKind::Call(name.into(), args),
                span,
            });
        }
        Ok(Expr {
            kind: ExprKind::Opaque("reinterpret".into()),
            span: Span {
                start,
                end: self.prev_end(),
            },
        })
    }

    fn primary(&mut self) -> PResult<Expr> {
        let t = self.token().clone();
        let start = t.span.start;
        match t.tok {
            Tok::Int(n) => {
                self.bump();
                Ok(Expr {
                    kind: ExprKind::Int(n),
                    span: t.span,
                })
            }
            Tok::Float(n, d, w) => {
                self.bump();
                Ok(Expr {
                    kind: ExprKind::Float(n, d, w),
                    span: t.span,
                })
            }
            Tok::Str => {
                self.bump();
                Ok(Expr {
                    kind: ExprKind::Opaque("a string".into()),
                    span: t.span,
                })
            }
            Tok::Ident(w)
                if w == "let"
                    && matches!(self.peek_at(1), Tok::Ident(_))
                    && matches!(self.peek_at(2), Tok::Punct("=")) =>
            {
                self.bump();
                let (name, _) = self.ident("a name")?;
                self.expect("=")?;
                let value = self.expr()?;
                if !self.is_ident("in") {
                    let s = self.span();
                    return self.error(s, "expected `in`");
                }
                self.bump();
                let body = self.expr()?;
                Ok(Expr {
                    kind: ExprKind::Let(name, Box::new(value), Box::new(body)),
                    span: Span {
                        start,
                        end: self.prev_end(),
                    },
                })
            }
            Tok::Punct("(") => {
                self.bump();
                let e = self.expr()?;
                self.expect(")")?;
                Ok(Expr {
                    kind: e.kind,
                    span: Span {
                        start,
                        end: self.prev_end(),
                    },
                })
            }
            Tok::Ident(name) => {
                self.bump();
                if name == "reinterpret" && self.is_punct("<") {
                    return self.reinterpret(start);
                }
                if self.is_punct("[") && self.continues() {
                    self.bump();
                    let index = self.expr()?;
                    self.expect("]")?;
                    return Ok(Expr {
                        kind: ExprKind::Load(name, Box::new(index)),
                        span: Span {
                            start,
                            end: self.prev_end(),
                        },
                    });
                }
                if self.is_punct("(") && self.continues() {
                    self.bump();
                    let args = self.args(")")?;
                    let span = Span {
                        start,
                        end: self.prev_end(),
                    };
                    let mut e = call(name, args, span, &mut self.diags);
                    // `f(args)[k]`: component `k` of a Tuple-valued Func, which the
                    // statement calls `f.k` (the algorithm file's syntax; docs/halide.md).
                    if let (ExprKind::Call(n, _), true) =
                        (&mut e.kind, self.is_punct("[") && self.continues())
                    {
                        self.bump();
                        let k = match self.peek().clone() {
                            Tok::Int(k) if (0..64).contains(&k) => k,
                            _ => {
                                let s = self.span();
                                return self.error(s, "expected a Tuple component number");
                            }
                        };
                        self.bump();
                        self.expect("]")?;
                        n.push_str(&format!(".{k}"));
                        e.span.end = self.prev_end();
                    }
                    return Ok(e);
                }
                Ok(Expr {
                    kind: ExprKind::Var(name),
                    span: t.span,
                })
            }
            other => {
                let msg = format!("expected an expression, found {}", describe(&other));
                self.error(t.span, msg)
            }
        }
    }
}

/// A call: casts `T(e)`, `select`, `min`/`max`, identities (`likely`), or a plain call.
fn call(name: String, mut args: Vec<Expr>, span: Span, diags: &mut Vec<Diagnostic>) -> Expr {
    let arity = |n: usize, args: &[Expr], diags: &mut Vec<Diagnostic>| {
        if args.len() != n {
            diags.push(Diagnostic {
                span,
                message: format!("`{name}` takes {n} argument(s), found {}", args.len()),
            });
            false
        } else {
            true
        }
    };
    if let Some(t) = Type::parse(&name) {
        if arity(1, &args, diags) {
            return Expr {
                kind: ExprKind::Cast(t, Box::new(args.pop().expect("one argument"))),
                span,
            };
        }
    }
    match name.as_str() {
        "select" if arity(3, &args, diags) => {
            let c = args.remove(0);
            let a = args.remove(0);
            let b = args.remove(0);
            Expr {
                kind: ExprKind::Select(Box::new(c), Box::new(a), Box::new(b)),
                span,
            }
        }
        "min" | "max" if arity(2, &args, diags) => {
            let b = args.pop().expect("two");
            let a = args.pop().expect("two");
            let op = if name == "min" {
                BinOp::Min
            } else {
                BinOp::Max
            };
            Expr {
                kind: ExprKind::Bin(op, Box::new(a), Box::new(b)),
                span,
            }
        }
        "likely" | "likely_if_innermost" | "promise_clamped" | "unsafe_promise_clamped"
            if !args.is_empty() =>
        {
            let mut a = args.remove(0);
            a.span = span;
            a
        }
        _ => Expr {
            kind: ExprKind::Call(name, args),
            span,
        },
    }
}

pub fn describe(t: &Tok) -> String {
    match t {
        Tok::Ident(s) => format!("`{s}`"),
        Tok::Int(n) => format!("`{n}`"),
        Tok::Float(..) => "a float literal".into(),
        Tok::Str => "a string".into(),
        Tok::Punct(p) => format!("`{p}`"),
        Tok::Eof => "the end of the file".into(),
    }
}

/// The names an expression mentions as variables (bounded by the parser's nesting limit).
pub fn vars_of(e: &Expr, out: &mut Vec<String>) {
    match &e.kind {
        ExprKind::Var(n) => {
            if !out.contains(n) {
                out.push(n.clone());
            }
        }
        ExprKind::Int(_) | ExprKind::Float(..) | ExprKind::Opaque(_) => {}
        ExprKind::Call(_, args) => args.iter().for_each(|a| vars_of(a, out)),
        ExprKind::Cast(_, x) | ExprKind::Not(x) | ExprKind::Neg(x) | ExprKind::Load(_, x) => {
            vars_of(x, out)
        }
        ExprKind::Bin(_, a, b) => {
            vars_of(a, out);
            vars_of(b, out);
        }
        ExprKind::Select(a, b, c) => {
            vars_of(a, out);
            vars_of(b, out);
            vars_of(c, out);
        }
        ExprKind::Let(_, a, b) => {
            vars_of(a, out);
            vars_of(b, out);
        }
    }
}

/// Calls `f` with the name of every call in `e`.
pub fn calls_of(e: &Expr, f: &mut dyn FnMut(&str)) {
    match &e.kind {
        ExprKind::Var(_) | ExprKind::Int(_) | ExprKind::Float(..) | ExprKind::Opaque(_) => {}
        ExprKind::Call(n, args) => {
            f(n);
            args.iter().for_each(|a| calls_of(a, f));
        }
        ExprKind::Cast(_, x) | ExprKind::Not(x) | ExprKind::Neg(x) | ExprKind::Load(_, x) => {
            calls_of(x, f)
        }
        ExprKind::Bin(_, a, b) | ExprKind::Let(_, a, b) => {
            calls_of(a, f);
            calls_of(b, f);
        }
        ExprKind::Select(a, b, c) => {
            calls_of(a, f);
            calls_of(b, f);
            calls_of(c, f);
        }
    }
}

/// Calls `f` on `e` and every subexpression (pre-order).
pub fn visit(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    match &e.kind {
        ExprKind::Var(_) | ExprKind::Int(_) | ExprKind::Float(..) | ExprKind::Opaque(_) => {}
        ExprKind::Call(_, args) => args.iter().for_each(|a| visit(a, f)),
        ExprKind::Cast(_, x) | ExprKind::Not(x) | ExprKind::Neg(x) | ExprKind::Load(_, x) => {
            visit(x, f)
        }
        ExprKind::Bin(_, a, b) | ExprKind::Let(_, a, b) => {
            visit(a, f);
            visit(b, f);
        }
        ExprKind::Select(a, b, c) => {
            visit(a, f);
            visit(b, f);
            visit(c, f);
        }
    }
}
