//! The recursive-descent parser: cursor helpers, diagnostics, limits and recovery, and
//! operations (result names, the generic form, dispatch to custom forms in `ops*`). Scopes,
//! blocks and regions are in `scope`, the file level in `module`.
//!
//! Errors are collected: a failing operation records a diagnostic, its result names are still
//! bound (so later uses do not cascade), and parsing resumes at the next line outside brackets.
//! Nesting (regions, types, attributes, affine expressions) is bounded by [`MAX_DEPTH`], and the
//! number of diagnostics by [`MAX_DIAGNOSTICS`]; reaching either stops the parse.

use crate::ast::*;
use crate::attrs::Attr;
use crate::lexer::{Lexer, Tok, Token};
use crate::scope::{BlockScope, Scope};
use crate::types::Type;
use report::{Diagnostic, Span};
use std::collections::BTreeMap;

/// The deepest nesting of regions, types, attributes and expressions accepted.
pub const MAX_DEPTH: usize = 128;
/// The parse stops after this many diagnostics.
pub const MAX_DIAGNOSTICS: usize = 50;

/// A parse function failed; its diagnostic is already recorded.
#[derive(Debug)]
pub(crate) struct Fail;
pub(crate) type PResult<T> = Result<T, Fail>;

/// A value use with where it was written.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Use {
    pub id: ValueId,
    pub span: Span,
}

/// The parts of an operation gathered while parsing it, generic or custom.
#[derive(Default)]
pub(crate) struct OpState {
    pub name: String,
    pub operands: Vec<Use>,
    /// Per operand, the type the op's syntax states for it, if any (checked at the end).
    pub operand_types: Vec<Option<Type>>,
    pub successors: Vec<BlockId>,
    pub props: Vec<NamedAttr>,
    pub attrs: Vec<NamedAttr>,
    pub regions: Vec<RegionId>,
    pub result_types: Vec<Type>,
    /// A custom form this parser does not know, kept by its name and span ([`OpForm::Opaque`]).
    pub opaque: bool,
}

impl OpState {
    pub fn add(&mut self, u: Use, ty: Option<Type>) {
        self.operands.push(u);
        self.operand_types.push(ty);
    }

    pub fn prop(&mut self, name: &str, value: Attr, span: Span) {
        self.props.push(NamedAttr {
            name: name.to_string(),
            value,
            span,
        });
    }
}

/// A result group `%name` or `%name:N` before `=`.
struct ResultGroup<'s> {
    name: &'s str,
    count: usize,
    span: Span,
}

pub(crate) struct Parser<'s> {
    pub lex: Lexer<'s>,
    pub tok: Token,
    pub prev_end: usize,
    pub diags: Vec<Diagnostic>,
    depth: usize,
    pub fatal: bool,
    pub attr_aliases: BTreeMap<String, Attr>,
    /// Location aliases (`#loc3 = loc(...)`, before or after their uses): their texts.
    pub loc_aliases: BTreeMap<String, String>,
    pub type_aliases: BTreeMap<String, Type>,
    pub m: Module,
    pub scopes: Vec<Scope>,
    pub block_scopes: Vec<BlockScope>,
    /// The default dialect of the innermost op whose regions are being parsed.
    pub dialects: Vec<&'static str>,
    /// How many results the op being parsed names (for an opaque op's result types).
    pub named_results: usize,
}

/// Parses a whole MLIR file.
pub fn parse(src: &str) -> Result<Module, Vec<Diagnostic>> {
    let mut p = Parser::new(src);
    p.parse_file();
    p.m.line_starts = std::iter::once(0)
        .chain(src.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    if p.diags.is_empty() {
        Ok(p.m)
    } else {
        Err(p.diags)
    }
}

impl<'s> Parser<'s> {
    fn new(src: &'s str) -> Self {
        let mut lex = Lexer::new(src);
        let tok = lex.next();
        Parser {
            lex,
            tok,
            prev_end: 0,
            diags: Vec::new(),
            depth: 0,
            fatal: false,
            attr_aliases: BTreeMap::new(),
            loc_aliases: BTreeMap::new(),
            type_aliases: BTreeMap::new(),
            m: Module::default(),
            scopes: Vec::new(),
            block_scopes: Vec::new(),
            dialects: Vec::new(),
            named_results: 0,
        }
    }

    // ---- cursor ----

    pub fn text(&self, t: Token) -> &'s str {
        self.lex.text(t)
    }

    pub fn bump(&mut self) -> Token {
        let t = self.tok;
        self.prev_end = t.span.end;
        self.tok = self.lex.next();
        t
    }

    pub fn at(&self, k: Tok) -> bool {
        self.tok.kind == k
    }

    pub fn eat(&mut self, k: Tok) -> bool {
        if self.at(k) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub fn at_bare(&self, kw: &str) -> bool {
        self.tok.kind == Tok::Bare && self.text(self.tok) == kw
    }

    pub fn eat_bare(&mut self, kw: &str) -> bool {
        if self.at_bare(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub fn expect(&mut self, k: Tok, what: &str) -> PResult<Token> {
        if self.at(k) {
            Ok(self.bump())
        } else {
            self.err_expected(what)
        }
    }

    pub fn expect_bare(&mut self, kw: &str) -> PResult<Token> {
        if self.at_bare(kw) {
            Ok(self.bump())
        } else {
            self.err_expected(&format!("`{kw}`"))
        }
    }

    /// The next token after the current one, without consuming anything.
    pub fn peek2(&self) -> Token {
        self.lex.clone().next()
    }

    /// Hands the cursor to raw scanning, starting at the current token.
    pub fn raw_begin(&mut self) {
        self.lex.seek(self.tok.span.start);
    }

    /// Resumes tokenising after raw scanning.
    pub fn raw_end(&mut self) {
        self.prev_end = self.lex.pos();
        self.tok = self.lex.next();
    }

    pub fn raw_error<T>(&mut self, msg: &str) -> PResult<T> {
        let at = self.lex.pos();
        // The span covers the character there (which may take several bytes), or nothing at
        // the end of the text.
        let src = self.lex.src;
        let end = src
            .get(at..)
            .and_then(|rest| rest.chars().next())
            .map_or(at.min(src.len()), |c| at + c.len_utf8());
        self.raw_end();
        self.error(Span { start: at, end }, msg)
    }

    // ---- diagnostics and limits ----

    pub fn error<T>(&mut self, span: Span, msg: impl Into<String>) -> PResult<T> {
        if !self.fatal {
            let end = span.end.max(span.start).min(self.lex.src.len());
            self.diags.push(Diagnostic {
                span: Span {
                    start: span.start.min(end),
                    end,
                },
                message: msg.into(),
            });
            if self.diags.len() >= MAX_DIAGNOSTICS {
                self.fatal = true;
            }
        }
        Err(Fail)
    }

    pub fn err_expected<T>(&mut self, what: &str) -> PResult<T> {
        let found = match self.tok.kind {
            Tok::Eof => "the end of the input".to_string(),
            Tok::BadStr => "an unterminated string".to_string(),
            _ => {
                let s = self
                    .lex
                    .src
                    .get(self.tok.span.start..self.tok.span.end)
                    .unwrap_or("");
                let short: String = s.chars().take(40).collect();
                format!("`{short}`")
            }
        };
        self.error(self.tok.span, format!("expected {what}, found {found}"))
    }

    pub fn enter(&mut self) -> PResult<()> {
        if self.depth >= MAX_DEPTH {
            let r = self.error(self.tok.span, "nesting too deep");
            self.fatal = true;
            return r;
        }
        self.depth += 1;
        Ok(())
    }

    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    pub fn int_value(&self, t: Token) -> Option<i128> {
        let s = self.text(t);
        match s.strip_prefix("0x") {
            Some(h) => u128::from_str_radix(h, 16)
                .ok()
                .and_then(|v| i128::try_from(v).ok()),
            None => s.parse().ok(),
        }
    }

    /// `-`? integer, as an i64.
    pub fn parse_i64(&mut self) -> PResult<i64> {
        let neg = self.eat(Tok::Minus);
        let t = self.expect(Tok::Int, "an integer")?;
        let v = self.int_value(t).map(|v| if neg { -v } else { v });
        match v.and_then(|v| i64::try_from(v).ok()) {
            Some(v) => Ok(v),
            None => self.error(t.span, "integer out of range"),
        }
    }

    /// Skips a trailing `loc(...)`.
    pub fn skip_loc(&mut self) -> PResult<()> {
        self.parse_loc().map(|_| ())
    }

    /// A trailing `loc(...)`, if present: the text between its parentheses (`#loc3`,
    /// `"file.mlir":3:14`, `fused[...]`, `callsite(... at ...)`, `"name"(...)`, `unknown`).
    pub fn parse_loc(&mut self) -> PResult<Option<String>> {
        if self.at_bare("loc") && self.peek2().kind == Tok::LParen {
            self.bump();
            let open = self.tok.span;
            self.raw_begin();
            let body = self.lex.balanced();
            self.raw_end();
            return match body {
                Some(sp) => Ok(Some(self.lex.src[sp.start..sp.end].trim().to_string())),
                None => self.error(open, "unbalanced `(` in a location"),
            };
        }
        Ok(None)
    }

    /// After an error inside an operation that started at `op_start`: skips to the start of
    /// the next line outside brackets, the end of the enclosing region, or the end of input.
    pub(crate) fn recover(&mut self, op_start: usize) {
        let mut depth = 0usize;
        let mut first = true;
        loop {
            let newline = self
                .lex
                .src
                .get(self.prev_end..self.tok.span.start)
                .is_some_and(|s| s.contains('\n'));
            match self.tok.kind {
                Tok::Eof => return,
                Tok::RBrace if depth == 0 => return,
                _ if depth == 0 && newline && !(first && self.tok.span.start == op_start) => return,
                Tok::LParen | Tok::LBracket | Tok::LBrace => depth += 1,
                Tok::RParen | Tok::RBracket | Tok::RBrace => depth = depth.saturating_sub(1),
                _ => {}
            }
            first = false;
            self.bump();
        }
    }

    /// Parses one op into `block`; on failure records it and skips ahead. Fails only when the
    /// parse must stop.
    pub(crate) fn parse_op_recovering(&mut self, block: BlockId) -> PResult<()> {
        let start = self.tok.span.start;
        if self.parse_operation(block).is_err() {
            if self.fatal {
                return Err(Fail);
            }
            self.recover(start);
        }
        Ok(())
    }

    // ---- operations ----

    fn parse_result_groups(&mut self) -> PResult<Vec<ResultGroup<'s>>> {
        let mut groups = Vec::new();
        if !self.at(Tok::Percent) {
            return Ok(groups);
        }
        loop {
            let t = self.expect(Tok::Percent, "a result name")?;
            let mut count = 1;
            let mut span = t.span;
            if self.eat(Tok::Colon) {
                let n = self.expect(Tok::Int, "a result count")?;
                count = match self.int_value(n) {
                    Some(c) if (1..=1 << 16).contains(&c) => c as usize,
                    _ => return self.error(n.span, "invalid result count"),
                };
                span.end = n.span.end;
            }
            groups.push(ResultGroup {
                name: self.text(t),
                count,
                span,
            });
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::Equal, "`=` after result names")?;
        Ok(groups)
    }

    fn parse_operation(&mut self, block: BlockId) -> PResult<OpId> {
        let start = self.tok.span.start;
        let groups = self.parse_result_groups()?;
        self.named_results = groups.iter().map(|g| g.count).sum();
        let id = self.m.add_op(empty_op(""));
        let name_tok = self.tok;
        let mut st = OpState::default();
        let r = match self.tok.kind {
            Tok::Str => {
                self.bump();
                st.name = self.lex.string_value(name_tok);
                self.parse_generic_tail(&mut st, id)
            }
            Tok::Bare => {
                self.bump();
                st.name = self.resolve_op_name(self.text(name_tok));
                self.parse_custom(&mut st, id, name_tok.span)
            }
            _ => self.err_expected("an operation"),
        }
        .and_then(|()| self.parse_loc());
        let loc = r.as_ref().ok().cloned().flatten();
        let ok = r.is_ok() && self.check_operand_types(&st).is_ok();
        let nres = st.result_types.len();
        let named: usize = groups.iter().map(|g| g.count).sum();
        if ok && !groups.is_empty() && named != nres {
            let _ = self.error::<()>(
                name_tok.span,
                format!("`{}` has {nres} result(s), but {named} are named", st.name),
            );
        }
        // Bind the result names even after an error, so that later uses do not cascade.
        let mut types = st.result_types.clone().into_iter();
        let mut results = Vec::new();
        let mut index = 0;
        for g in &groups {
            for k in 0..g.count {
                let name = if g.count == 1 {
                    g.name.to_string()
                } else {
                    format!("{}#{k}", g.name)
                };
                let ty = types.next().unwrap_or(Type::None);
                let v = self.define(&name, ty, ValueDef::Result { op: id, index }, g.span);
                if k == 0 {
                    // `%r` names the first result of a group, `%r#0` a single result.
                    let alias = if g.count == 1 {
                        format!("{}#0", g.name)
                    } else {
                        g.name.to_string()
                    };
                    if let Some(s) = self.scopes.last_mut() {
                        s.names.entry(alias).or_insert(v);
                    }
                }
                results.push(v);
                index += 1;
            }
        }
        if groups.is_empty() {
            for ty in types {
                results.push(self.define(
                    "",
                    ty,
                    ValueDef::Result { op: id, index },
                    name_tok.span,
                ));
                index += 1;
            }
        }
        if !ok {
            return Err(Fail);
        }
        let op = self.m.op_mut(id);
        op.name = st.name;
        op.name_span = name_tok.span;
        op.span = Span {
            start,
            end: self.prev_end,
        };
        op.results = results;
        op.operands = st.operands.iter().map(|u| u.id).collect();
        op.successors = st.successors;
        op.properties = st.props;
        op.attributes = st.attrs;
        op.regions = st.regions;
        op.parent = Some(block);
        op.loc = loc;
        op.form = if name_tok.kind == Tok::Str {
            OpForm::Generic
        } else if st.opaque {
            OpForm::Opaque
        } else {
            OpForm::Custom
        };
        self.m.block_mut(block).ops.push(id);
        Ok(id)
    }

    /// A bare op name without a dialect gets the enclosing default dialect (`return` in a
    /// function is `func.return`) or `builtin`.
    fn resolve_op_name(&self, name: &str) -> String {
        if name.contains('.') {
            return name.to_string();
        }
        if let Some(d) = self.dialects.last().filter(|d| !d.is_empty()) {
            let full = format!("{d}.{name}");
            if crate::ops::is_known(&full) {
                return full;
            }
        }
        format!("builtin.{name}")
    }

    fn check_operand_types(&mut self, st: &OpState) -> PResult<()> {
        for (u, ty) in st.operands.iter().zip(&st.operand_types) {
            let Some(ty) = ty else { continue };
            let v = self.m.value(u.id);
            if v.def == ValueDef::Forward {
                self.m.value_mut(u.id).ty = ty.clone();
            } else if &v.ty != ty && v.ty != Type::None {
                let msg = format!("`%{}` has type {}, but is used as {ty}", v.name, v.ty);
                return self.error(u.span, msg);
            }
        }
        Ok(())
    }

    /// Whether an op's regions are isolated from values defined above it.
    pub fn is_isolated(name: &str) -> bool {
        matches!(name, "func.func" | "builtin.module" | "memref.global")
    }

    /// Parses regions of op `id` with the op's default dialect in force.
    pub fn parse_op_region(
        &mut self,
        st: &OpState,
        id: OpId,
        entry_args: &[(&'s str, Type, Span)],
    ) -> PResult<RegionId> {
        let dialect = if st.name == "func.func" { "func" } else { "" };
        self.dialects.push(dialect);
        let r = self.parse_region(id, Self::is_isolated(&st.name), entry_args);
        self.dialects.pop();
        r
    }

    /// The custom form of an op this parser does not know: its text is skipped up to the end
    /// of the op (the end of the line outside brackets and regions, a trailing `loc(...)`, or
    /// the end of the enclosing region), and the op is kept as [`OpForm::Opaque`] with its name
    /// and span, so that the semantics says "unsupported op" only if it is reached. Result
    /// types are read from the op's trailing `: ... -> types` (or `: types`) when that parses
    /// and gives one type per named result; otherwise they are unknown ([`Type::None`]).
    /// Unbalanced brackets are malformed text: a parse error.
    /// A name without a dialect (`retrun`, read as `builtin.retrun`) is a parse error: no
    /// dialect can define it, so it is a typo or malformed text.
    pub(crate) fn parse_opaque(&mut self, st: &mut OpState, name_span: Span) -> PResult<()> {
        let written = self
            .lex
            .src
            .get(name_span.start..name_span.end)
            .unwrap_or("");
        if !written.contains('.') {
            let msg = format!("unknown op `{written}`");
            return self.error(name_span, msg);
        }
        st.opaque = true;
        let mut open: Vec<Token> = Vec::new();
        // Where the text after the last top-level `:` or `->` starts, and whether it was `->`.
        let mut types_at: Option<(usize, bool)> = None;
        // Where that text ends when a region follows it (`: (T) -> U { ... }`).
        let mut types_end: Option<usize> = None;
        loop {
            let newline = self
                .lex
                .src
                .get(self.prev_end..self.tok.span.start)
                .is_some_and(|s| s.contains('\n'));
            let top = open.is_empty();
            match self.tok.kind {
                Tok::Eof if top => break,
                Tok::RBrace | Tok::RParen | Tok::RBracket if top => break,
                _ if top && newline => break,
                _ if top && self.at_bare("loc") && self.peek2().kind == Tok::LParen => break,
                Tok::Eof => {
                    let t = open[open.len() - 1];
                    return self.error(t.span, "unclosed bracket in an unknown op");
                }
                Tok::LBrace if top && types_at.is_some() && types_end.is_none() => {
                    types_end = Some(self.prev_end);
                    open.push(self.tok)
                }
                Tok::LParen | Tok::LBracket | Tok::LBrace => open.push(self.tok),
                Tok::RParen | Tok::RBracket | Tok::RBrace => {
                    let want = match self.tok.kind {
                        Tok::RParen => Tok::LParen,
                        Tok::RBracket => Tok::LBracket,
                        _ => Tok::LBrace,
                    };
                    if open.pop().map(|t| t.kind) != Some(want) {
                        return self.error(self.tok.span, "mismatched bracket in an unknown op");
                    }
                }
                Tok::Colon if top => {
                    if !matches!(types_at, Some((_, true))) {
                        types_at = Some((self.tok.span.end, false));
                        types_end = None;
                    }
                }
                Tok::Arrow if top => {
                    types_at = Some((self.tok.span.end, true));
                    types_end = None;
                }
                _ => {}
            }
            self.bump();
        }
        let n = self.named_results;
        st.result_types = vec![Type::None; n];
        if let Some((at, _)) = types_at.filter(|_| n > 0) {
            if let Some(tys) = self.try_types_between(at, types_end.unwrap_or(self.prev_end)) {
                if tys.len() == n {
                    st.result_types = tys;
                }
            }
        }
        Ok(())
    }

    /// The types written in `src[from..to]` (one, a list, or a parenthesised list), if that
    /// text is exactly such a list; the cursor and the diagnostics are left as they were.
    fn try_types_between(&mut self, from: usize, to: usize) -> Option<Vec<Type>> {
        let (lex, tok, prev_end) = (self.lex.clone(), self.tok, self.prev_end);
        let (ndiags, fatal) = (self.diags.len(), self.fatal);
        self.lex.seek(from);
        self.tok = self.lex.next();
        let r = if self.at(Tok::LParen) {
            self.parse_result_types()
        } else {
            self.parse_type_list()
        };
        let whole = r.is_ok() && self.prev_end == to;
        self.diags.truncate(ndiags);
        self.fatal = fatal;
        self.lex = lex;
        self.tok = tok;
        self.prev_end = prev_end;
        r.ok().filter(|_| whole)
    }

    /// `(operands) [successors] <{props}> (regions) {attrs} : (types) -> types`, after the
    /// quoted name.
    fn parse_generic_tail(&mut self, st: &mut OpState, id: OpId) -> PResult<()> {
        self.expect(Tok::LParen, "`(` after the op name")?;
        let uses = self.parse_uses()?;
        self.expect(Tok::RParen, "`)` after operands")?;
        if self.eat(Tok::LBracket) {
            loop {
                let t = self.expect(Tok::Caret, "a successor block")?;
                let b = self.block_ref(self.text(t), t.span)?;
                st.successors.push(b);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RBracket, "`]` after successors")?;
        }
        if self.eat(Tok::Less) {
            st.props = self.parse_dict()?;
            self.expect(Tok::Greater, "`>` after properties")?;
        }
        if self.at(Tok::LParen) {
            self.bump();
            loop {
                let r = self.parse_op_region(st, id, &[])?;
                st.regions.push(r);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "`)` after regions")?;
        }
        if self.at(Tok::LBrace) {
            st.attrs = self.parse_dict()?;
        }
        let colon = self.expect(Tok::Colon, "`:` and the op's function type")?;
        let ty = self.parse_type()?;
        let Type::Function { inputs, results } = ty else {
            return self.error(
                colon.span,
                "a generic op needs a function type `(...) -> ...`",
            );
        };
        if inputs.len() != uses.len() {
            let msg = format!(
                "{} operand(s) but {} operand type(s)",
                uses.len(),
                inputs.len()
            );
            return self.error(colon.span, msg);
        }
        for (u, t) in uses.into_iter().zip(inputs) {
            st.add(u, Some(t));
        }
        st.result_types = results;
        Ok(())
    }
}

pub(crate) fn empty_op(name: &str) -> Operation {
    Operation {
        name: name.to_string(),
        name_span: Span::default(),
        span: Span::default(),
        form: OpForm::Generic,
        results: Vec::new(),
        operands: Vec::new(),
        successors: Vec::new(),
        properties: Vec::new(),
        attributes: Vec::new(),
        regions: Vec::new(),
        parent: None,
        loc: None,
    }
}
