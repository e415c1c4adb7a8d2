//! Tokens of MLIR's textual format, produced on demand from a byte cursor.
//!
//! The lexer is a cursor rather than a token vector because a few places of the grammar are not
//! context free at the token level: dimension lists (`4x?xf32` is one bare identifier to a naive
//! lexer), opaque dialect bodies (`#dialect<...>` kept as raw text) and `loc(...)`. The parser
//! repositions the cursor for those ([`Lexer::seek`]) and scans raw text.
//!
//! Every token boundary is at an ASCII byte, so every span lies on char boundaries.

use report::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    Eof,
    /// A character that starts no token (the span covers the whole character).
    Error,
    /// `[A-Za-z_][A-Za-z0-9_$.]*`: keywords, op names, builtin types.
    Bare,
    /// `%name`; the text excludes the sigil.
    Percent,
    /// `@name` or `@"quoted"`.
    At,
    /// `^name`.
    Caret,
    /// `#name` (attribute alias, dialect attribute, `#0` result number).
    Hash,
    /// `!name` (type alias, dialect type).
    Bang,
    Int,
    Float,
    /// A string literal; [`Lexer::string_value`] gives its content.
    Str,
    /// An unterminated string literal.
    BadStr,
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Less,
    Greater,
    Comma,
    Colon,
    ColonColon,
    Equal,
    Arrow,
    Question,
    Star,
    Plus,
    Minus,
    /// `{-#`, the start of file metadata.
    FileMetaStart,
    /// `#-}`.
    FileMetaEnd,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub kind: Tok,
    pub span: Span,
}

#[derive(Clone)]
pub(crate) struct Lexer<'s> {
    pub src: &'s str,
    pos: usize,
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_ident_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.')
}

/// Characters allowed in `%name`, `@name`, `^name`, `#name`, `!name` after the sigil.
fn is_suffix_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.' | b'-')
}

impl<'s> Lexer<'s> {
    pub fn new(src: &'s str) -> Self {
        Lexer { src, pos: 0 }
    }

    fn byte(&self, at: usize) -> Option<u8> {
        self.src.as_bytes().get(at).copied()
    }

    /// Moves the cursor to `pos` (a char boundary: a token boundary or a scanned ASCII byte).
    pub fn seek(&mut self, pos: usize) {
        let mut pos = pos.min(self.src.len());
        while !self.src.is_char_boundary(pos) {
            pos -= 1;
        }
        self.pos = pos;
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Skips whitespace and `//` comments.
    pub fn skip_trivia(&mut self) {
        loop {
            match self.byte(self.pos) {
                Some(b' ' | b'\t' | b'\n' | b'\r') => self.pos += 1,
                Some(b'/') if self.byte(self.pos + 1) == Some(b'/') => {
                    while let Some(b) = self.byte(self.pos) {
                        if b == b'\n' {
                            break;
                        }
                        self.pos += 1;
                    }
                }
                _ => return,
            }
        }
    }

    /// The byte at the cursor after trivia, without consuming it.
    pub fn peek_byte(&mut self) -> Option<u8> {
        self.skip_trivia();
        self.byte(self.pos)
    }

    /// Consumes one ASCII byte at the cursor (callers checked it with `peek_byte`).
    pub fn bump_byte(&mut self) {
        if self.pos < self.src.len() {
            self.pos += 1;
        }
    }

    /// Consumes a run of ASCII decimal digits and returns its span.
    pub fn digits(&mut self) -> Span {
        let start = self.pos;
        while matches!(self.byte(self.pos), Some(b'0'..=b'9')) {
            self.pos += 1;
        }
        Span {
            start,
            end: self.pos,
        }
    }

    fn eat_while(&mut self, f: impl Fn(u8) -> bool) {
        while let Some(b) = self.byte(self.pos) {
            if !f(b) {
                break;
            }
            self.pos += 1;
        }
    }

    pub fn next(&mut self) -> Token {
        self.skip_trivia();
        let start = self.pos;
        let kind = self.lex_kind();
        Token {
            kind,
            span: Span {
                start,
                end: self.pos,
            },
        }
    }

    fn lex_kind(&mut self) -> Tok {
        let Some(b) = self.byte(self.pos) else {
            return Tok::Eof;
        };
        self.pos += 1;
        let next = self.byte(self.pos);
        match b {
            b'(' => Tok::LParen,
            b')' => Tok::RParen,
            b'[' => Tok::LBracket,
            b']' => Tok::RBracket,
            b'{' if next == Some(b'-') && self.byte(self.pos + 1) == Some(b'#') => {
                self.pos += 2;
                Tok::FileMetaStart
            }
            b'{' => Tok::LBrace,
            b'}' => Tok::RBrace,
            b'<' => Tok::Less,
            b'>' => Tok::Greater,
            b',' => Tok::Comma,
            b':' if next == Some(b':') => {
                self.pos += 1;
                Tok::ColonColon
            }
            b':' => Tok::Colon,
            b'=' => Tok::Equal,
            b'-' if next == Some(b'>') => {
                self.pos += 1;
                Tok::Arrow
            }
            b'-' => Tok::Minus,
            b'+' => Tok::Plus,
            b'?' => Tok::Question,
            b'*' => Tok::Star,
            b'"' => self.lex_string(),
            b'%' => self.lex_sigil(Tok::Percent),
            b'^' => self.lex_sigil(Tok::Caret),
            b'!' => self.lex_sigil(Tok::Bang),
            b'#' if next == Some(b'-') && self.byte(self.pos + 1) == Some(b'}') => {
                self.pos += 2;
                Tok::FileMetaEnd
            }
            b'#' => self.lex_sigil(Tok::Hash),
            b'@' => {
                if next == Some(b'"') {
                    self.pos += 1;
                    return match self.lex_string() {
                        Tok::Str => Tok::At,
                        other => other,
                    };
                }
                self.lex_sigil(Tok::At)
            }
            b'0'..=b'9' => self.lex_number(b),
            b if is_ident_start(b) => {
                self.eat_while(is_ident_char);
                Tok::Bare
            }
            _ => {
                // Consume the whole (possibly multi-byte) character.
                while !self.src.is_char_boundary(self.pos) {
                    self.pos += 1;
                }
                Tok::Error
            }
        }
    }

    fn lex_sigil(&mut self, kind: Tok) -> Tok {
        let start = self.pos;
        self.eat_while(is_suffix_char);
        if self.pos == start {
            Tok::Error
        } else {
            kind
        }
    }

    fn lex_number(&mut self, first: u8) -> Tok {
        if first == b'0'
            && self.byte(self.pos) == Some(b'x')
            && self
                .byte(self.pos + 1)
                .is_some_and(|b| b.is_ascii_hexdigit())
        {
            self.pos += 1;
            self.eat_while(|b| b.is_ascii_hexdigit());
            return Tok::Int;
        }
        self.eat_while(|b| b.is_ascii_digit());
        if self.byte(self.pos) != Some(b'.') {
            return Tok::Int;
        }
        self.pos += 1;
        self.eat_while(|b| b.is_ascii_digit());
        if matches!(self.byte(self.pos), Some(b'e' | b'E')) {
            let save = self.pos;
            self.pos += 1;
            if matches!(self.byte(self.pos), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if self.byte(self.pos).is_some_and(|b| b.is_ascii_digit()) {
                self.eat_while(|b| b.is_ascii_digit());
            } else {
                self.pos = save;
            }
        }
        Tok::Float
    }

    fn lex_string(&mut self) -> Tok {
        loop {
            match self.byte(self.pos) {
                None | Some(b'\n') => return Tok::BadStr,
                Some(b'"') => {
                    self.pos += 1;
                    return Tok::Str;
                }
                Some(b'\\') => self.pos += 2.min(self.src.len() - self.pos),
                Some(_) => self.pos += 1,
            }
        }
    }

    /// The text of a token without its sigil (for `%`, `@`, `^`, `#`, `!` tokens) and without
    /// quotes for quoted symbols.
    pub fn text(&self, t: Token) -> &'s str {
        let s = self.src.get(t.span.start..t.span.end).unwrap_or("");
        match t.kind {
            Tok::Percent | Tok::Caret | Tok::Hash | Tok::Bang => s.get(1..).unwrap_or(""),
            Tok::At => {
                let s = s.get(1..).unwrap_or("");
                s.strip_prefix('"')
                    .and_then(|s| s.strip_suffix('"'))
                    .unwrap_or(s)
            }
            _ => s,
        }
    }

    /// The content of a string literal token, with escapes resolved (`\n`, `\t`, `\"`, `\\`,
    /// `\XX` hex byte). Invalid UTF-8 from hex escapes is replaced.
    pub fn string_value(&self, t: Token) -> String {
        let s = self.src.get(t.span.start..t.span.end).unwrap_or("");
        let s = s.strip_prefix('"').unwrap_or(s);
        let s = s.strip_suffix('"').unwrap_or(s);
        let b = s.as_bytes();
        let mut out = Vec::with_capacity(b.len());
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'\\' && i + 1 < b.len() {
                let c = b[i + 1];
                let hex = |x: u8| (x as char).to_digit(16);
                match c {
                    b'n' => out.push(b'\n'),
                    b't' => out.push(b'\t'),
                    b'"' | b'\\' => out.push(c),
                    _ => match (hex(c), b.get(i + 2).and_then(|&d| hex(d))) {
                        (Some(h), Some(l)) => {
                            out.push((h * 16 + l) as u8);
                            i += 1;
                        }
                        _ => out.push(c),
                    },
                }
                i += 2;
            } else {
                out.push(b[i]);
                i += 1;
            }
        }
        String::from_utf8_lossy(&out).into_owned()
    }

    /// Scans a balanced body starting at the cursor, which must be at an opening `<`, `(`, `[`
    /// or `{`. Returns the span of the text between the outer delimiters, or `None` if the input
    /// ends first. `->` is an arrow, not a closing `>`; string literals are skipped whole.
    pub fn balanced(&mut self) -> Option<Span> {
        let mut stack: Vec<u8> = Vec::new();
        let open_at = self.pos;
        loop {
            let b = self.byte(self.pos)?;
            self.pos += 1;
            match b {
                b'<' | b'(' | b'[' | b'{' => stack.push(b),
                b'>' if self.pos >= 2 && self.byte(self.pos - 2) == Some(b'-') => {}
                b'>' | b')' | b']' | b'}' => {
                    let want = match b {
                        b'>' => b'<',
                        b')' => b'(',
                        b']' => b'[',
                        _ => b'{',
                    };
                    if stack.pop() != Some(want) {
                        return None;
                    }
                    if stack.is_empty() {
                        return Some(Span {
                            start: open_at + 1,
                            end: self.pos - 1,
                        });
                    }
                }
                b'"' if self.lex_string() != Tok::Str => return None,
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<Tok> {
        let mut l = Lexer::new(s);
        let mut out = Vec::new();
        loop {
            let t = l.next();
            if t.kind == Tok::Eof {
                return out;
            }
            out.push(t.kind);
        }
    }

    #[test]
    fn tokens() {
        use Tok::*;
        assert_eq!(
            kinds("%0:2 = \"a.b\"(%x) : (f32) -> i1 // c\n^bb0 #map !t @f 0x1F 1.5e-3"),
            vec![
                Percent, Colon, Int, Equal, Str, LParen, Percent, RParen, Colon, LParen, Bare,
                RParen, Arrow, Bare, Caret, Hash, Bang, At, Int, Float
            ]
        );
        assert_eq!(kinds("é"), vec![Error]);
        assert_eq!(kinds("\"abc"), vec![BadStr]);
    }

    #[test]
    fn balanced_bodies() {
        let src = "<{ map = (d0) -> (d0 : dense) }> rest";
        let mut l = Lexer::new(src);
        let sp = l.balanced().unwrap();
        assert_eq!(&src[sp.start..sp.end], "{ map = (d0) -> (d0 : dense) }");
        assert_eq!(Lexer::new("<(]>").balanced(), None);
    }

    #[test]
    fn string_escapes() {
        let l = Lexer::new(r#""a\"b\0A""#);
        let t = Lexer::new(l.src).next();
        assert_eq!(l.string_value(t), "a\"b\n");
    }
}
