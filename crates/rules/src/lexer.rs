//! Tokens of the rule language. Comments run from `//` to the end of the line.

use report::{Diagnostic, Span};

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    Ident(String),
    Int(i128),
    /// A decimal literal `a.b` as an exact fraction.
    Dec(i128, i128),
    /// A number in scientific notation too large for `Dec` (`3e38`), read as the binary64
    /// nearest to it (float rules only).
    Big(f64),
    Str(String),
    LParen,
    RParen,
    LBrack,
    RBrack,
    LBrace,
    RBrace,
    Comma,
    Colon,
    At,
    Assign,
    Arrow,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    EqEq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    AndAnd,
    OrOr,
    Bang,
    Implies,
    Eof,
}

impl Tok {
    pub fn describe(&self) -> String {
        match self {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Int(i) => format!("`{i}`"),
            Tok::Dec(..) | Tok::Big(_) => "a decimal number".into(),
            Tok::Str(_) => "a string".into(),
            Tok::Eof => "end of file".into(),
            other => format!("`{}`", punct(other)),
        }
    }
}

fn punct(t: &Tok) -> &'static str {
    match t {
        Tok::LParen => "(",
        Tok::RParen => ")",
        Tok::LBrack => "[",
        Tok::RBrack => "]",
        Tok::LBrace => "{",
        Tok::RBrace => "}",
        Tok::Comma => ",",
        Tok::Colon => ":",
        Tok::At => "@",
        Tok::Assign => "=",
        Tok::Arrow => "->",
        Tok::Plus => "+",
        Tok::Minus => "-",
        Tok::Star => "*",
        Tok::Slash => "/",
        Tok::Percent => "%",
        Tok::EqEq => "==",
        Tok::Ne => "!=",
        Tok::Lt => "<",
        Tok::Le => "<=",
        Tok::Gt => ">",
        Tok::Ge => ">=",
        Tok::AndAnd => "&&",
        Tok::OrOr => "||",
        Tok::Bang => "!",
        Tok::Implies => "==>",
        _ => "?",
    }
}

/// Splits `src` into tokens; unknown characters become diagnostics and are skipped.
pub fn lex(src: &str) -> (Vec<(Tok, Span)>, Vec<Diagnostic>) {
    let b = src.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    let mut errs = Vec::new();
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        let start = i;
        if c.is_ascii_alphabetic() || c == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'\'') {
                i += 1;
            }
            out.push((
                Tok::Ident(src[start..i].to_string()),
                Span { start, end: i },
            ));
            continue;
        }
        if c.is_ascii_digit() {
            let (tok, next) = number(src, start);
            i = next;
            match tok {
                Some(t) => out.push((t, Span { start, end: i })),
                None => errs.push(Diagnostic {
                    span: Span { start, end: i },
                    message: "number too large".into(),
                }),
            }
            continue;
        }
        if c == b'"' {
            i += 1;
            let s = i;
            while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                i += 1;
            }
            if i >= b.len() || b[i] != b'"' {
                errs.push(Diagnostic {
                    span: Span { start, end: i },
                    message: "unterminated string".into(),
                });
                continue;
            }
            out.push((Tok::Str(src[s..i].to_string()), Span { start, end: i + 1 }));
            i += 1;
            continue;
        }
        let two = src.get(i..i + 2).unwrap_or("");
        let three = src.get(i..i + 3).unwrap_or("");
        let (tok, len) = if three == "==>" {
            (Tok::Implies, 3)
        } else {
            match two {
                "->" => (Tok::Arrow, 2),
                "==" => (Tok::EqEq, 2),
                "!=" => (Tok::Ne, 2),
                "<=" => (Tok::Le, 2),
                ">=" => (Tok::Ge, 2),
                "&&" => (Tok::AndAnd, 2),
                "||" => (Tok::OrOr, 2),
                _ => match c {
                    b'(' => (Tok::LParen, 1),
                    b')' => (Tok::RParen, 1),
                    b'[' => (Tok::LBrack, 1),
                    b']' => (Tok::RBrack, 1),
                    b'{' => (Tok::LBrace, 1),
                    b'}' => (Tok::RBrace, 1),
                    b',' => (Tok::Comma, 1),
                    b':' => (Tok::Colon, 1),
                    b'@' => (Tok::At, 1),
                    b'=' => (Tok::Assign, 1),
                    b'+' => (Tok::Plus, 1),
                    b'-' => (Tok::Minus, 1),
                    b'*' => (Tok::Star, 1),
                    b'/' => (Tok::Slash, 1),
                    b'%' => (Tok::Percent, 1),
                    b'<' => (Tok::Lt, 1),
                    b'>' => (Tok::Gt, 1),
                    b'!' => (Tok::Bang, 1),
                    _ => {
                        let ch = src[i..].chars().next().unwrap_or('?');
                        let end = i + ch.len_utf8();
                        errs.push(Diagnostic {
                            span: Span { start: i, end },
                            message: format!("unexpected character `{ch}`"),
                        });
                        i = end;
                        continue;
                    }
                },
            }
        };
        out.push((
            tok,
            Span {
                start,
                end: start + len,
            },
        ));
        i += len;
    }
    out.push((
        Tok::Eof,
        Span {
            start: src.len(),
            end: src.len(),
        },
    ));
    (out, errs)
}

/// The number starting at `start`: digits, an optional fraction, an optional exponent
/// (`1e20`, `2.5e-3`). Exact as `Int` or `Dec` where it fits `i128`; `None` when it does not
/// and has no exponent.
fn number(src: &str, start: usize) -> (Option<Tok>, usize) {
    let b = src.as_bytes();
    let mut i = start;
    let digits = |i: &mut usize| {
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
    };
    digits(&mut i);
    let whole = &src[start..i];
    let mut frac = "";
    if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() {
        let f = i + 1;
        i += 1;
        digits(&mut i);
        frac = &src[f..i];
    }
    let mut exp: i64 = 0;
    let mut has_exp = false;
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        let neg = j < b.len() && b[j] == b'-';
        if j < b.len() && (b[j] == b'-' || b[j] == b'+') {
            j += 1;
        }
        if j < b.len() && b[j].is_ascii_digit() {
            let e0 = j;
            digits(&mut j);
            exp = src[e0..j].parse::<i64>().unwrap_or(i64::MAX / 2);
            if neg {
                exp = -exp;
            }
            has_exp = true;
            i = j;
        }
    }
    let text = &src[start..i];
    let scale = exp - frac.len() as i64;
    let exact = format!("{whole}{frac}").parse::<i128>().ok().and_then(|n| {
        if scale >= 0 {
            let m = 10i128.checked_pow(u32::try_from(scale).ok()?)?;
            n.checked_mul(m).map(|v| (v, 1))
        } else {
            let d = 10i128.checked_pow(u32::try_from(-scale).ok()?)?;
            Some((n, d))
        }
    });
    let tok = match exact {
        Some((n, 1)) if !has_exp && frac.is_empty() => Some(Tok::Int(n)),
        Some((n, d)) => Some(Tok::Dec(n, d)),
        None if has_exp => text.parse::<f64>().ok().map(Tok::Big),
        None => None,
    };
    (tok, i)
}
