//! A recursive-descent parser of HLO module text, as `jax.jit(f).lower(...).as_text("hlo")`
//! and `.compile().as_text()` print it (jax/jaxlib 0.7.1 and newer).
//!
//! Every problem becomes a [`Diagnostic`] with a span; the parser recovers at the next line, so
//! one run reports every bad instruction. Lines before the `HloModule` header (the file-name and
//! stack-frame tables newer XLA prints) and the tables after the last computation are skipped.

use crate::hlo::{Attr, Computation, Instr, Module, Name, Prim, Shape};
use report::{Diagnostic, Span};

/// At most this many diagnostics are collected.
const MAX_DIAGNOSTICS: usize = 50;

/// Parses a whole module.
pub fn parse_module(text: &str) -> Result<Module, Vec<Diagnostic>> {
    let mut p = Parser {
        src: text,
        pos: 0,
        diags: vec![],
    };
    let module = p.module();
    match module {
        Some(m) if p.diags.is_empty() => Ok(m),
        _ => {
            if p.diags.is_empty() {
                p.error(p.pos, p.pos, "expected an HLO module".into());
            }
            Err(p.diags)
        }
    }
}

struct Parser<'a> {
    src: &'a str,
    pos: usize,
    diags: Vec<Diagnostic>,
}

type Res<T> = Result<T, ()>;

fn is_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'-')
}

impl<'a> Parser<'a> {
    fn error(&mut self, start: usize, end: usize, message: String) {
        if self.diags.len() < MAX_DIAGNOSTICS {
            self.diags.push(Diagnostic {
                span: Span {
                    start,
                    end: end.max(start),
                },
                message,
            });
        }
    }

    /// An error at the current position (one character wide).
    fn fail<T>(&mut self, message: &str) -> Res<T> {
        // One character wide, or empty at a line's end (the caret then follows the line).
        let end = (self.pos + 1).min(self.src.len());
        let end = if self.src.is_char_boundary(end) && !matches!(self.peek(), Some(b'\n' | b'\r')) {
            end
        } else {
            self.pos
        };
        self.error(self.pos, end, message.to_string());
        Err(())
    }

    fn peek(&self) -> Option<u8> {
        self.src.as_bytes().get(self.pos).copied()
    }

    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    /// Skips spaces and tabs (not newlines).
    /// Skips blanks and `/*...*/` comments within the line (XLA prints `/*index=5*/` in
    /// long tuple shapes and operand lists).
    fn blank(&mut self) {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\r') => self.pos += 1,
                Some(b'/') if self.rest().starts_with("/*") => {
                    let line = self.rest().find('\n').unwrap_or(self.rest().len());
                    match self.rest()[..line].find("*/") {
                        Some(end) => self.pos += end + 2,
                        None => return,
                    }
                }
                _ => return,
            }
        }
    }

    /// Skips whitespace including newlines, and `//` comments.
    fn space(&mut self) {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\r' | b'\n') => self.pos += 1,
                Some(b'/') if self.rest().starts_with("//") => self.skip_line(),
                _ => return,
            }
        }
    }

    fn skip_line(&mut self) {
        match self.rest().find('\n') {
            Some(i) => self.pos += i + 1,
            None => self.pos = self.src.len(),
        }
    }

    fn eat(&mut self, s: &str) -> bool {
        self.blank();
        if self.rest().starts_with(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, s: &str) -> Res<()> {
        if self.eat(s) {
            Ok(())
        } else {
            self.fail(&format!("expected `{s}`"))
        }
    }

    /// A name (`%x.1` or `x.1`; the `%` is dropped).
    fn name(&mut self, what: &str) -> Res<Name> {
        self.blank();
        let start = self.pos;
        if self.peek() == Some(b'%') {
            self.pos += 1;
        }
        let from = self.pos;
        while self.peek().is_some_and(is_name_char) {
            self.pos += 1;
        }
        if self.pos == from {
            self.pos = start;
            return self.fail(&format!("expected {what}"));
        }
        Ok(Name {
            text: self.src[from..self.pos].to_string(),
            span: Span {
                start,
                end: self.pos,
            },
        })
    }

    fn module(&mut self) -> Option<Module> {
        // Newer XLA prints tables before the header: skip to the `HloModule` line.
        loop {
            self.space();
            if self.rest().starts_with("HloModule") || self.pos >= self.src.len() {
                break;
            }
            self.skip_line();
        }
        if !self.eat("HloModule") {
            self.fail::<()>("expected `HloModule`").ok();
            return None;
        }
        let name = self.name("the module's name").ok()?;
        let mut attrs = vec![];
        while self.eat(",") {
            match self.attr() {
                Ok(a) => attrs.push(a),
                Err(()) => {
                    self.skip_line();
                    break;
                }
            }
        }
        let mut computations = vec![];
        loop {
            self.space();
            if self.pos >= self.src.len() || self.at_trailing_table() || !self.starts_computation()
            {
                break;
            }
            match self.computation() {
                Ok(c) => computations.push(c),
                Err(()) => self.skip_to_close(),
            }
        }
        self.space();
        if self.pos < self.src.len() && !self.at_trailing_table() {
            self.fail::<()>("expected a computation").ok();
        }
        if computations.is_empty() && self.diags.is_empty() {
            self.fail::<()>("the module has no computation").ok();
        }
        Some(Module {
            name,
            attrs,
            computations,
        })
    }

    /// Newer XLA prints stack-frame tables after the last computation.
    fn at_trailing_table(&self) -> bool {
        ["FileNames", "FunctionNames", "FileLocations", "StackFrames"]
            .iter()
            .any(|t| self.rest().starts_with(t))
    }

    fn starts_computation(&self) -> bool {
        let r = self.rest();
        r.starts_with("ENTRY")
            || r.starts_with('%')
            || r.as_bytes()[0].is_ascii_alphabetic()
            || r.starts_with('_')
    }

    /// After a bad computation header: past the next line that is a lone `}`.
    fn skip_to_close(&mut self) {
        while self.pos < self.src.len() {
            let line_start = self.pos;
            self.skip_line();
            if self.src[line_start..self.pos].trim() == "}" {
                return;
            }
        }
    }

    fn computation(&mut self) -> Res<Computation> {
        let entry = self.eat("ENTRY");
        let name = self.name("a computation name")?;
        self.blank();
        if self.peek() == Some(b'(') {
            self.signature()?;
        }
        self.expect("{")?;
        let mut instrs = vec![];
        loop {
            self.space();
            if self.eat("}") {
                break;
            }
            if self.pos >= self.src.len() {
                return self.fail("expected `}` closing the computation");
            }
            match self.instr() {
                Ok(i) => instrs.push(i),
                Err(()) => self.skip_line(),
            }
        }
        Ok(Computation {
            name,
            entry,
            instrs,
        })
    }

    /// `(a: f32[4], b: f32[]) -> f32[4]`: parsed for its syntax; parameters' shapes are read
    /// from their `parameter` instructions.
    fn signature(&mut self) -> Res<()> {
        self.expect("(")?;
        if !self.eat(")") {
            loop {
                self.name("a parameter name")?;
                self.expect(":")?;
                self.shape()?;
                if self.eat(")") {
                    break;
                }
                self.expect(",")?;
            }
        }
        self.expect("->")?;
        self.shape()?;
        Ok(())
    }

    fn instr(&mut self) -> Res<Instr> {
        let start = self.pos;
        let root = self.eat("ROOT ");
        let name = self.name("an instruction name")?;
        self.expect("=")?;
        self.blank();
        let shape_start = self.pos;
        let shape = self.shape()?;
        let shape_span = Span {
            start: shape_start,
            end: self.pos,
        };
        let opcode = self.name("an opcode")?;
        self.expect("(")?;
        let (operands, literal) = match opcode.text.as_str() {
            "constant" | "parameter" => {
                let (text, span) = self.balanced_until(b")")?;
                (vec![], Some((text, span)))
            }
            _ => (self.operands()?, None),
        };
        self.expect(")")?;
        let mut attrs = vec![];
        while self.eat(",") {
            attrs.push(self.attr()?);
        }
        self.blank();
        if !matches!(self.peek(), None | Some(b'\n')) && !self.rest().starts_with("//") {
            return self.fail("expected `,` or the end of the line");
        }
        Ok(Instr {
            name,
            root,
            shape,
            shape_span,
            opcode,
            operands,
            literal,
            attrs,
            span: Span {
                start,
                end: self.pos,
            },
        })
    }

    /// Operands: names, each optionally preceded by its shape (`f32[4]{0} %x`, older prints).
    fn operands(&mut self) -> Res<Vec<Name>> {
        let mut out = vec![];
        self.blank();
        if self.peek() == Some(b')') {
            return Ok(out);
        }
        loop {
            self.blank();
            let save = self.pos;
            // A shape first? Only if a name follows it.
            if self
                .peek()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == b'(')
            {
                let diags = self.diags.len();
                if self.shape().is_err() || !matches!(self.peek_after_blank(), Some(b'%')) {
                    self.pos = save;
                    self.diags.truncate(diags);
                }
            }
            out.push(self.name("an operand")?);
            if !self.eat(",") {
                return Ok(out);
            }
        }
    }

    fn peek_after_blank(&mut self) -> Option<u8> {
        self.blank();
        self.peek()
    }

    fn shape(&mut self) -> Res<Shape> {
        self.blank();
        if self.eat("(") {
            let mut parts = vec![];
            if !self.eat(")") {
                loop {
                    parts.push(self.shape()?);
                    if self.eat(")") {
                        break;
                    }
                    self.expect(",")?;
                }
            }
            return Ok(Shape::Tuple(parts));
        }
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric()) {
            self.pos += 1;
        }
        let name = self.src[start..self.pos].to_string();
        let Some(prim) = Prim::parse(&name) else {
            self.pos = start;
            return self.fail("expected a shape (an element type such as `f32`)");
        };
        if name == "token" && self.peek() != Some(b'[') {
            return Ok(Shape::Array {
                prim,
                name,
                dims: vec![],
                layout: None,
            });
        }
        self.expect("[")?;
        let mut dims = vec![];
        if !self.eat("]") {
            loop {
                self.blank();
                if self.eat("<=") {
                    return self.fail("dynamic dimensions are not supported");
                }
                dims.push(self.int()?);
                if self.eat("]") {
                    break;
                }
                self.expect(",")?;
            }
        }
        let layout = if self.peek() == Some(b'{') {
            Some(self.layout()?)
        } else {
            None
        };
        Ok(Shape::Array {
            prim,
            name,
            dims,
            layout,
        })
    }

    /// `{1,0}` or `{1,0:T(8,128)}`: the minor-to-major list; tiling and memory space parsed
    /// and dropped (they do not change values).
    fn layout(&mut self) -> Res<Vec<i64>> {
        self.expect("{")?;
        let mut out = vec![];
        loop {
            self.blank();
            match self.peek() {
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b':') => {
                    self.balanced_until(b"}")?;
                }
                Some(c) if c.is_ascii_digit() => out.push(self.int()?),
                Some(b',') => self.pos += 1,
                _ => return self.fail("expected a layout such as `{1,0}`"),
            }
        }
    }

    fn int(&mut self) -> Res<i64> {
        self.blank();
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        match self.src[start..self.pos].parse() {
            Ok(v) => Ok(v),
            Err(_) => {
                self.pos = start;
                self.fail("expected an integer")
            }
        }
    }

    /// `name=value`, the value up to the next top-level `,` or the end of the line.
    fn attr(&mut self) -> Res<Attr> {
        let name = self.name("an attribute name")?;
        self.expect("=")?;
        self.blank();
        let (value, value_span) = self.balanced_until(b",\n)")?;
        if value.is_empty() {
            return self.fail("expected an attribute value");
        }
        Ok(Attr {
            name,
            value,
            value_span,
        })
    }

    /// Text up to (not including) the first of `stops` outside brackets and strings; brackets
    /// must balance.
    fn balanced_until(&mut self, stops: &[u8]) -> Res<(String, Span)> {
        let start = self.pos;
        let mut stack: Vec<(u8, usize)> = vec![];
        while let Some(c) = self.peek() {
            if stack.is_empty() && stops.contains(&c) {
                break;
            }
            match c {
                b'"' => {
                    self.string()?;
                    continue;
                }
                b'{' | b'[' | b'(' => stack.push((c, self.pos)),
                b'}' | b']' | b')' => {
                    let open = match c {
                        b'}' => b'{',
                        b']' => b'[',
                        _ => b'(',
                    };
                    match stack.pop() {
                        Some((o, _)) if o == open => {}
                        _ => return self.fail(&format!("unbalanced `{}`", c as char)),
                    }
                }
                b'\n' if stops.contains(&b'\n') && stack.is_empty() => break,
                _ => {}
            }
            self.pos += 1;
        }
        if let Some((c, at)) = stack.pop() {
            self.error(at, at + 1, format!("`{}` is never closed", c as char));
            return Err(());
        }
        let text = self.src[start..self.pos].trim_end().to_string();
        Ok((
            text.clone(),
            Span {
                start,
                end: start + text.len(),
            },
        ))
    }

    fn string(&mut self) -> Res<()> {
        let start = self.pos;
        self.pos += 1;
        while let Some(c) = self.peek() {
            self.pos += 1;
            match c {
                b'\\' => self.pos += 1,
                b'"' => return Ok(()),
                _ => {}
            }
        }
        self.error(start, start + 1, "a string is never closed".into());
        Err(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BEFORE: &str = "HloModule jit_f, entry_computation_layout={(f32[4]{0})->f32[4]{0}}

ENTRY main.3 {
  x.1 = f32[4]{0} parameter(0)
  constant.2 = f32[] constant(1e+30)
  b = f32[4]{0} broadcast(constant.2), dimensions={}
  ROOT add = f32[4]{0} add(x.1, b), metadata={op_name=\"jit(f)/add\" source_file=\"a, b.py\"}
}
";

    #[test]
    fn parses_a_module() {
        let m = parse_module(BEFORE).unwrap();
        let e = m.entry().unwrap();
        assert_eq!(e.instrs.len(), 4);
        assert_eq!(e.instrs[1].literal.as_ref().unwrap().0, "1e+30");
        assert_eq!(e.instrs[2].attr("dimensions").unwrap().value, "{}");
        assert!(e.instrs[3].root);
        assert_eq!(e.instrs[3].operands.len(), 2);
        assert!(e.instrs[3].attr("metadata").is_some());
    }

    #[test]
    fn reports_every_bad_line() {
        let bad = BEFORE
            .replace("f32[] constant", "f99[] constant")
            .replace("add(x.1, b)", "add(x.1, b");
        let d = parse_module(&bad).unwrap_err();
        assert_eq!(d.len(), 2, "{d:?}");
    }

    /// Newer XLA (jax 0.10) prints tables of file names and stack frames around the module.
    #[test]
    fn skips_tables_around_the_module() {
        let text = format!(
            "FileNames\n1 \"model.py\"\n\nFunctionNames\n1 \"f\"\n\nStackFrames\n1 1 1 0\n\n{BEFORE}\nFileLocations\n1 1 1 9 9\n"
        );
        let m = parse_module(&text).unwrap();
        assert_eq!(m.entry().unwrap().instrs.len(), 4);
        let bad = text.replace("FileLocations", "Garbage");
        assert!(parse_module(&bad).is_err());
    }

    #[test]
    fn garbage_never_panics() {
        for cut in 0..BEFORE.len() {
            if BEFORE.is_char_boundary(cut) {
                let _ = parse_module(&BEFORE[..cut]);
                let _ = parse_module(&BEFORE[cut..]);
            }
        }
    }
}
