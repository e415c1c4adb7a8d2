//! Tokens of the rule language. Comments run from `//` to the end of the line.

use report::{Diagnostic, Span};

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    Ident(String),
    Int(i128),
    /// A decimal literal `a.b` as an exact fraction.
    Dec(i128, i128),
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
            Tok::Dec(..) => "a decimal number".into(),
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
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let whole = &src[start..i];
            if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() {
                let fstart = i + 1;
                i += 1;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                let frac = &src[fstart..i];
                let digits = format!("{whole}{frac}");
                let den = 10i128.checked_pow(frac.len() as u32);
                match (digits.parse::<i128>(), den) {
                    (Ok(n), Some(d)) => out.push((Tok::Dec(n, d), Span { start, end: i })),
                    _ => errs.push(Diagnostic {
                        span: Span { start, end: i },
                        message: "number too large".into(),
                    }),
                }
            } else {
                match whole.parse::<i128>() {
                    Ok(n) => out.push((Tok::Int(n), Span { start, end: i })),
                    Err(_) => errs.push(Diagnostic {
                        span: Span { start, end: i },
                        message: "number too large".into(),
                    }),
                }
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
