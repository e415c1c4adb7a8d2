//! Recursive-descent parser for `.rule` files. Errors are collected, not thrown: a bad
//! statement is reported and skipped, and parsing resumes at the next statement keyword.

use crate::ast::*;
use crate::lexer::{lex, Tok};
use report::{Diagnostic, Span};
use tensor::ElemType;

mod values;

type PResult<T> = Result<T, Diagnostic>;

const STATEMENTS: &[&str] = &[
    "axes", "maps", "tensor", "scalar", "lhs", "rhs", "where", "assume", "hint",
];

/// Parses a whole file; returns what parsed and every diagnostic.
pub fn parse_file(src: &str) -> (File, Vec<Diagnostic>) {
    let (toks, mut errs) = lex(src);
    let mut p = Parser {
        toks,
        pos: 0,
        errs: vec![],
        depth: 0,
        fuel: FUEL,
    };
    let mut rules = Vec::new();
    while !p.at_eof() {
        match p.rule() {
            Ok(r) => rules.push(r),
            Err(e) => {
                p.errs.push(e);
                // Skip to the next `rule` keyword.
                while !p.at_eof() && !p.at_word("rule") {
                    p.pos += 1;
                }
            }
        }
    }
    errs.extend(p.errs);
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(src.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    for r in &mut rules {
        r.line_starts = line_starts.clone();
    }
    if rules.is_empty() && errs.is_empty() {
        errs.push(Diagnostic {
            span: Span { start: 0, end: 0 },
            message: "no rule in this file".into(),
        });
    }
    (
        File {
            header: parse_header(src),
            rules,
        },
        errs,
    )
}

/// Reads `// expect: VERDICT` and `// catalog: ID` from the leading comment block.
pub fn parse_header(src: &str) -> Header {
    let mut h = Header::default();
    for line in src.lines() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        let Some(c) = t.strip_prefix("//") else { break };
        let c = c.trim();
        if let Some(v) = c.strip_prefix("expect:") {
            h.expect = v.split_whitespace().next().map(|s| s.to_string());
        } else if let Some(v) = c.strip_prefix("pending:") {
            h.pending = Some(v.trim().to_string());
        } else if let Some(v) = c.strip_prefix("catalog:") {
            h.catalog = v.split_whitespace().next().map(|s| s.to_string());
        }
    }
    h
}

/// Parses one piece of rule syntax that must span the whole text (used by the builder).
pub(crate) fn parse_piece<T>(
    src: &str,
    what: &str,
    f: impl FnOnce(&mut Parser) -> PResult<T>,
) -> Result<T, Vec<Diagnostic>> {
    let (toks, errs) = lex(src);
    if !errs.is_empty() {
        return Err(errs);
    }
    let mut p = Parser {
        toks,
        pos: 0,
        errs: vec![],
        depth: 0,
        fuel: FUEL,
    };
    let v = f(&mut p).map_err(|e| vec![e])?;
    if !p.at_eof() {
        return Err(vec![Diagnostic {
            span: p.span(),
            message: format!("unexpected {} after the {what}", p.peek().describe()),
        }]);
    }
    Ok(v)
}

/// How deeply expressions and conditions may nest (calls, parentheses, `-`, `!`, `==>` chains).
/// Every later walk of a rule (lowering, evaluation in both domains, the verifier's term
/// building) recurses along this nesting; the bound keeps all of them within the 8 MiB stack of a
/// checking thread (`tests/deep.rs` checks a rule at this depth on such a thread).
pub const MAX_DEPTH: usize = 1100;

/// How many parenthesised conditions the parser may re-read as integer expressions in one file
/// (`((n)) == 1` is read first as a condition, then again as an expression at each level).
const FUEL: usize = 100_000;

pub(crate) struct Parser {
    toks: Vec<(Tok, Span)>,
    pos: usize,
    errs: Vec<Diagnostic>,
    /// The current nesting depth, at most [`MAX_DEPTH`].
    depth: usize,
    /// Backtracking budget left ([`FUEL`]).
    fuel: usize,
}

fn join(a: Span, b: Span) -> Span {
    Span {
        start: a.start.min(b.start),
        end: a.end.max(b.end),
    }
}

impl Parser {
    /// Runs `f` one nesting level deeper, or reports that the input nests too deeply.
    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= MAX_DEPTH {
            return Err(Diagnostic {
                span: self.span(),
                message: format!("expression nested too deeply (more than {MAX_DEPTH} levels)"),
            });
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    fn peek(&self) -> &Tok {
        &self.toks[self.pos].0
    }
    fn peek_at(&self, k: usize) -> &Tok {
        &self.toks[(self.pos + k).min(self.toks.len() - 1)].0
    }
    fn span(&self) -> Span {
        self.toks[self.pos].1
    }
    fn prev_span(&self) -> Span {
        self.toks[self.pos.saturating_sub(1)].1
    }
    fn at_eof(&self) -> bool {
        matches!(self.peek(), Tok::Eof)
    }
    fn at_word(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Ident(s) if s == w)
    }
    fn bump(&mut self) -> (Tok, Span) {
        let t = self.toks[self.pos].clone();
        if !self.at_eof() {
            self.pos += 1;
        }
        t
    }
    fn err<T>(&self, msg: impl Into<String>) -> PResult<T> {
        Err(Diagnostic {
            span: self.span(),
            message: msg.into(),
        })
    }
    fn eat(&mut self, t: &Tok) -> bool {
        if self.peek() == t {
            self.bump();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, t: &Tok, what: &str) -> PResult<Span> {
        if self.peek() == t {
            Ok(self.bump().1)
        } else {
            self.err(format!("expected {what}, found {}", self.peek().describe()))
        }
    }
    fn ident(&mut self, what: &str) -> PResult<Ident> {
        match self.peek().clone() {
            Tok::Ident(name) => {
                let span = self.bump().1;
                Ok(Ident { name, span })
            }
            t => self.err(format!("expected {what}, found {}", t.describe())),
        }
    }
    fn word(&mut self, w: &str) -> PResult<Span> {
        if self.at_word(w) {
            Ok(self.bump().1)
        } else {
            self.err(format!("expected `{w}`, found {}", self.peek().describe()))
        }
    }

    fn rule(&mut self) -> PResult<Rule> {
        let start = self.word("rule")?;
        let name = match self.peek().clone() {
            Tok::Str(s) => {
                self.bump();
                s
            }
            t => {
                return self.err(format!(
                    "expected the rule's name as a string, found {}",
                    t.describe()
                ))
            }
        };
        self.word("for")?;
        let mut types = vec![self.elem_type()?];
        while self.eat(&Tok::Comma) {
            types.push(self.elem_type()?);
        }
        self.expect(&Tok::LBrace, "`{`")?;
        let mut r = Rule::empty(name, start);
        r.types = types;
        loop {
            if self.eat(&Tok::RBrace) {
                r.span = join(start, self.prev_span());
                return Ok(r);
            }
            if self.at_eof() {
                return self.err("expected `}` to close the rule");
            }
            let before = self.pos;
            if let Err(e) = self.statement(&mut r) {
                self.errs.push(e);
                if self.pos == before {
                    self.pos += 1;
                }
                self.recover();
            }
        }
    }

    fn recover(&mut self) {
        let mut depth = 0i32;
        while !self.at_eof() {
            match self.peek() {
                Tok::LParen | Tok::LBrack => depth += 1,
                Tok::RParen | Tok::RBrack => depth -= 1,
                Tok::RBrace if depth <= 0 => return,
                Tok::Ident(w)
                    if depth <= 0 && (STATEMENTS.contains(&w.as_str()) || w == "rule") =>
                {
                    return
                }
                _ => {}
            }
            self.pos += 1;
        }
    }

    fn elem_type(&mut self) -> PResult<(ElemType, Span)> {
        let id = self.ident("an element type (bool, int, real, f16, bf16, f32, f64)")?;
        let t = match id.name.as_str() {
            "bool" => ElemType::Bool,
            "int" => ElemType::Int,
            "real" => ElemType::Real,
            other => match tensor::Format::by_name(other) {
                Some(f) => {
                    // `f32 (ftz)`: subnormals flushed to zero, as XLA:CPU runs.
                    let ftz = self.peek() == &Tok::LParen
                        && matches!(self.peek_at(1), Tok::Ident(w) if w == "ftz");
                    if ftz {
                        self.bump();
                        self.bump();
                        self.expect(&Tok::RParen, "`)`")?;
                    }
                    ElemType::float(f, ftz)
                }
                None => {
                    return Err(Diagnostic {
                        span: id.span,
                        message: format!(
                            "unknown element type `{other}` (expected bool, int, real, f16, bf16, f32 or f64)"
                        ),
                    })
                }
            },
        };
        Ok((t, id.span))
    }

    fn statement(&mut self, r: &mut Rule) -> PResult<()> {
        let kw =
            self.ident("a statement (axes, maps, tensor, scalar, lhs, rhs, where, assume, hint)")?;
        match kw.name.as_str() {
            "axes" => loop {
                let name = self.ident("an aggregated axis name")?;
                let rank = self.rank_spec()?;
                r.axes.push(AxisDecl { name, rank });
                if !self.eat(&Tok::Comma) {
                    return Ok(());
                }
            },
            "maps" => {
                let mut names = vec![self.ident("a map name")?];
                while self.eat(&Tok::Comma) {
                    names.push(self.ident("a map name")?);
                }
                self.expect(&Tok::Colon, "`:` and the aggregated axis of the maps")?;
                let class = self.ident("an aggregated axis name")?;
                for name in names {
                    r.maps.push(MapDecl { name, class: class.clone() });
                }
                Ok(())
            }
            "tensor" => {
                let mut names = vec![self.ident("a tensor name")?];
                while self.eat(&Tok::Comma) {
                    names.push(self.ident("a tensor name")?);
                }
                self.expect(&Tok::Colon, "`:` and the tensor's shape")?;
                let ty = self.opt_type()?;
                let shape = self.map_list()?;
                for name in names {
                    r.tensors.push(TensorDecl { name, ty, shape: shape.clone() });
                }
                Ok(())
            }
            "scalar" => {
                let mut names = vec![self.ident("a scalar name")?];
                while self.eat(&Tok::Comma) {
                    names.push(self.ident("a scalar name")?);
                }
                let ty = if self.eat(&Tok::Colon) { self.opt_type()? } else { TypeRef::Param };
                for name in names {
                    r.scalars.push(ScalarDecl { name, ty });
                }
                Ok(())
            }
            "lhs" | "rhs" => {
                let e = self.expr()?;
                let slot = if kw.name == "lhs" { &mut r.lhs } else { &mut r.rhs };
                if slot.is_some() {
                    return Err(Diagnostic { span: kw.span, message: format!("second `{}` in one rule", kw.name) });
                }
                *slot = Some(e);
                Ok(())
            }
            "where" => loop {
                // An item over element values is an `assume` (`parser/values.rs`).
                if self.at_value_condition(r) {
                    r.assumes.push(self.value_cond()?);
                } else {
                    r.wheres.push(self.cond()?);
                }
                if !self.eat(&Tok::Comma) {
                    return Ok(());
                }
            },
            "assume" => {
                r.assumes.push(self.expr()?);
                Ok(())
            }
            "hint" => loop {
                let side = self.ident("`lhs` or `rhs`")?;
                let side_is_lhs = match side.name.as_str() {
                    "lhs" => true,
                    "rhs" => false,
                    _ => {
                        return Err(Diagnostic {
                            span: side.span,
                            message: "a hint defines a summation index of `lhs` or `rhs`: `hint rhs k = expr`".into(),
                        })
                    }
                };
                let index = self.ident("a summation index name")?;
                self.expect(&Tok::Assign, "`=`")?;
                let value = self.mexpr()?;
                r.hints.push(HintDef { side_is_lhs, index, value });
                if !self.eat(&Tok::Comma) {
                    return Ok(());
                }
            },
            other => Err(Diagnostic {
                span: kw.span,
                message: format!(
                    "unknown statement `{other}` (expected axes, maps, tensor, scalar, lhs, rhs, where, assume or hint)"
                ),
            }),
        }
    }

    /// `(rank 1)`, `(rank >= 1)` or `(rank 0 to 2)`; absent: any rank from 0.
    pub(crate) fn rank_spec(&mut self) -> PResult<RankSpec> {
        if !self.eat(&Tok::LParen) {
            return Ok(RankSpec { min: 0, max: None });
        }
        self.word("rank")?;
        let small = |p: &mut Parser| -> PResult<usize> {
            match p.peek().clone() {
                Tok::Int(n) if (0..=16).contains(&n) => {
                    p.bump();
                    Ok(n as usize)
                }
                t => p.err(format!(
                    "expected a rank between 0 and 16, found {}",
                    t.describe()
                )),
            }
        };
        let spec = if self.eat(&Tok::Ge) {
            RankSpec {
                min: small(self)?,
                max: None,
            }
        } else {
            let lo = small(self)?;
            if self.at_word("to") {
                self.bump();
                let hi = small(self)?;
                if hi < lo {
                    return self.err("the rank range is empty");
                }
                RankSpec {
                    min: lo,
                    max: Some(hi),
                }
            } else {
                RankSpec {
                    min: lo,
                    max: Some(lo),
                }
            }
        };
        self.expect(&Tok::RParen, "`)`")?;
        Ok(spec)
    }

    pub(crate) fn opt_type(&mut self) -> PResult<TypeRef> {
        if let Tok::Ident(w) = self.peek() {
            if matches!(
                w.as_str(),
                "bool" | "int" | "real" | "f16" | "bf16" | "f32" | "f64"
            ) {
                let (t, _) = self.elem_type()?;
                return Ok(TypeRef::Fixed(t));
            }
            if w == "T" {
                self.bump();
                return Ok(TypeRef::Param);
            }
        }
        Ok(TypeRef::Param)
    }

    fn axis_ref(&mut self) -> PResult<AxisRef> {
        let class = self.ident("an aggregated axis")?;
        let mut span = class.span;
        let label = if self.eat(&Tok::At) {
            let l = self.ident("an axis label")?;
            span = join(span, l.span);
            Some(l)
        } else {
            None
        };
        Ok(AxisRef { class, label, span })
    }

    /// `[R: e, R1@l: e]`
    pub(crate) fn map_list(&mut self) -> PResult<Vec<AttrEntry>> {
        let start = self.expect(&Tok::LBrack, "`[`")?;
        let mut out = Vec::new();
        if self.eat(&Tok::RBrack) {
            return Ok(out);
        }
        loop {
            let axis = self.axis_ref()?;
            self.expect(&Tok::Colon, "`:` and a size")?;
            let value = self.mexpr()?;
            out.push(AttrEntry { axis, value });
            if self.eat(&Tok::RBrack) {
                return Ok(out);
            }
            if !self.eat(&Tok::Comma) {
                let _ = start;
                return self.err(format!(
                    "expected `,` or `]`, found {}",
                    self.peek().describe()
                ));
            }
        }
    }

    fn attr_list(&mut self) -> PResult<AttrValue> {
        let start = self.expect(&Tok::LBrack, "`[`")?;
        let mut items = Vec::new();
        if self.eat(&Tok::RBrack) {
            return Ok(AttrValue::List(items, join(start, self.prev_span())));
        }
        loop {
            let a = self.axis_ref()?;
            if self.eat(&Tok::Colon) {
                let value = self.mexpr()?;
                items.push(AttrItem::Map(AttrEntry { axis: a, value }));
            } else if self.eat(&Tok::Arrow) {
                let b = self.axis_ref()?;
                items.push(AttrItem::Rename(a, b));
            } else {
                items.push(AttrItem::Axis(a));
            }
            if self.eat(&Tok::RBrack) {
                return Ok(AttrValue::List(items, join(start, self.prev_span())));
            }
            if !self.eat(&Tok::Comma) {
                return self.err(format!(
                    "expected `,` or `]`, found {}",
                    self.peek().describe()
                ));
            }
        }
    }

    pub(crate) fn expr(&mut self) -> PResult<Expr> {
        self.nested(Self::expr_at)
    }

    fn expr_at(&mut self) -> PResult<Expr> {
        let start = self.span();
        match self.peek().clone() {
            Tok::Int(n) => {
                self.bump();
                Ok(Expr::Num(NumLit::Int(n), start))
            }
            Tok::Dec(n, d) => {
                self.bump();
                Ok(Expr::Num(NumLit::Rat(n, d), start))
            }
            Tok::Big(x) => {
                self.bump();
                Ok(Expr::Num(NumLit::Big(x), start))
            }
            Tok::Minus => {
                self.bump();
                let sp = join(start, self.span());
                match self.bump().0 {
                    Tok::Int(n) => Ok(Expr::Num(NumLit::Int(-n), sp)),
                    Tok::Dec(n, d) => Ok(Expr::Num(NumLit::Rat(-n, d), sp)),
                    Tok::Big(x) => Ok(Expr::Num(NumLit::Big(-x), sp)),
                    Tok::Ident(w) if w == "inf" => Ok(Expr::Num(NumLit::Inf(false), sp)),
                    _ => Err(Diagnostic {
                        span: sp,
                        message: "expected a number after `-`".into(),
                    }),
                }
            }
            Tok::Ident(w) => {
                let id = self.ident("an expression")?;
                match w.as_str() {
                    "true" => return Ok(Expr::Bool(true, id.span)),
                    "false" => return Ok(Expr::Bool(false, id.span)),
                    "inf" => return Ok(Expr::Num(NumLit::Inf(true), id.span)),
                    _ => {}
                }
                if !self.eat(&Tok::LParen) {
                    return Ok(Expr::Name(id));
                }
                let mut args = Vec::new();
                if !self.eat(&Tok::RParen) {
                    loop {
                        args.push(self.arg()?);
                        if self.eat(&Tok::RParen) {
                            break;
                        }
                        if !self.eat(&Tok::Comma) {
                            return self.err(format!(
                                "expected `,` or `)`, found {}",
                                self.peek().describe()
                            ));
                        }
                    }
                }
                Ok(Expr::Call(id, args, join(start, self.prev_span())))
            }
            t => self.err(format!(
                "expected a tensor expression, found {}",
                t.describe()
            )),
        }
    }

    fn arg(&mut self) -> PResult<Arg> {
        if matches!(self.peek(), Tok::Ident(_)) && self.peek_at(1) == &Tok::Assign {
            let name = self.ident("an attribute name")?;
            self.bump();
            let v = self.attr_value()?;
            return Ok(Arg::Named(name, v));
        }
        if self.peek() == &Tok::LBrack {
            return Ok(Arg::Attr(self.attr_list()?));
        }
        if matches!(self.peek(), Tok::Ident(_)) && self.peek_at(1) == &Tok::At {
            return Ok(Arg::Attr(AttrValue::Axis(self.axis_ref()?)));
        }
        Ok(Arg::Expr(self.expr()?))
    }

    fn attr_value(&mut self) -> PResult<AttrValue> {
        if self.peek() == &Tok::LBrack {
            return self.attr_list();
        }
        if matches!(self.peek(), Tok::Ident(_)) && self.peek_at(1) == &Tok::At {
            return Ok(AttrValue::Axis(self.axis_ref()?));
        }
        let e = self.expr()?;
        Ok(match e {
            Expr::Name(id) => {
                let span = id.span;
                AttrValue::Axis(AxisRef {
                    class: id,
                    label: None,
                    span,
                })
            }
            other => AttrValue::Expr(other),
        })
    }

    // ---- integer expressions and conditions ----

    pub(crate) fn mexpr(&mut self) -> PResult<MExpr> {
        let mut lhs = self.mterm()?;
        loop {
            let op = match self.peek() {
                Tok::Plus => MOp::Add,
                Tok::Minus => MOp::Sub,
                _ => return Ok(lhs),
            };
            self.bump();
            let rhs = self.mterm()?;
            let sp = join(lhs.span(), rhs.span());
            lhs = MExpr::Bin(op, Box::new(lhs), Box::new(rhs), sp);
        }
    }

    fn mterm(&mut self) -> PResult<MExpr> {
        let mut lhs = self.munary()?;
        loop {
            let op = match self.peek() {
                Tok::Star => MOp::Mul,
                Tok::Slash => MOp::Div,
                Tok::Percent => MOp::Mod,
                _ => return Ok(lhs),
            };
            self.bump();
            let rhs = self.munary()?;
            let sp = join(lhs.span(), rhs.span());
            lhs = MExpr::Bin(op, Box::new(lhs), Box::new(rhs), sp);
        }
    }

    fn munary(&mut self) -> PResult<MExpr> {
        self.nested(Self::munary_at)
    }

    fn munary_at(&mut self) -> PResult<MExpr> {
        let start = self.span();
        if self.eat(&Tok::Minus) {
            let e = self.munary()?;
            let sp = join(start, e.span());
            return Ok(MExpr::Neg(Box::new(e), sp));
        }
        match self.peek().clone() {
            Tok::Int(n) => {
                self.bump();
                Ok(MExpr::Int(n, start))
            }
            Tok::LParen => {
                self.bump();
                let e = self.mexpr()?;
                self.expect(&Tok::RParen, "`)`")?;
                Ok(e)
            }
            Tok::Ident(_) => {
                let id = self.ident("a map")?;
                if !self.eat(&Tok::LParen) {
                    return Ok(MExpr::Name(id));
                }
                let mut args = Vec::new();
                if id.name == "ite" {
                    args.push(MArg::Cond(self.cond()?));
                    self.expect(&Tok::Comma, "`,`")?;
                }
                loop {
                    args.push(MArg::Int(self.mexpr()?));
                    if self.eat(&Tok::RParen) {
                        break;
                    }
                    self.expect(&Tok::Comma, "`,` or `)`")?;
                }
                let sp = join(start, self.prev_span());
                Ok(MExpr::Call(id, args, sp))
            }
            t => self.err(format!(
                "expected an integer expression, found {}",
                t.describe()
            )),
        }
    }

    pub(crate) fn cond(&mut self) -> PResult<Cond> {
        self.nested(Self::cond_at)
    }

    fn cond_at(&mut self) -> PResult<Cond> {
        let lhs = self.cond_or()?;
        if self.eat(&Tok::Implies) {
            let rhs = self.cond()?;
            let sp = join(lhs.span(), rhs.span());
            return Ok(Cond::Implies(Box::new(lhs), Box::new(rhs), sp));
        }
        Ok(lhs)
    }

    fn cond_or(&mut self) -> PResult<Cond> {
        let mut lhs = self.cond_and()?;
        while self.eat(&Tok::OrOr) {
            let rhs = self.cond_and()?;
            let sp = join(lhs.span(), rhs.span());
            lhs = Cond::Or(Box::new(lhs), Box::new(rhs), sp);
        }
        Ok(lhs)
    }

    fn cond_and(&mut self) -> PResult<Cond> {
        let mut lhs = self.cond_not()?;
        while self.eat(&Tok::AndAnd) {
            let rhs = self.cond_not()?;
            let sp = join(lhs.span(), rhs.span());
            lhs = Cond::And(Box::new(lhs), Box::new(rhs), sp);
        }
        Ok(lhs)
    }

    fn cond_not(&mut self) -> PResult<Cond> {
        self.nested(Self::cond_not_at)
    }

    fn cond_not_at(&mut self) -> PResult<Cond> {
        let start = self.span();
        if self.eat(&Tok::Bang) {
            let c = self.cond_not()?;
            let sp = join(start, c.span());
            return Ok(Cond::Not(Box::new(c), sp));
        }
        if self.at_word("true") || self.at_word("false") {
            let v = self.at_word("true");
            self.bump();
            return Ok(Cond::Bool(v, start));
        }
        if (self.at_word("forall") || self.at_word("exists"))
            && matches!(self.peek_at(1), Tok::Ident(_))
        {
            let all = self.at_word("forall");
            self.bump();
            let class = self.ident("an aggregated axis")?;
            self.expect(&Tok::Colon, "`:`")?;
            let body = self.cond_not()?;
            let sp = join(start, body.span());
            return Ok(Cond::Quant(all, class, Box::new(body), sp));
        }
        if self.peek() == &Tok::LParen && self.fuel > 0 {
            // A parenthesised condition, unless it is the start of an integer expression.
            self.fuel -= 1;
            let save = self.pos;
            let nerr = self.errs.len();
            self.bump();
            if let Ok(c) = self.cond() {
                if self.eat(&Tok::RParen) && !self.at_rel_or_arith() {
                    return Ok(c);
                }
            }
            self.pos = save;
            self.errs.truncate(nerr);
        }
        let a = self.mexpr()?;
        let rel = match self.peek() {
            Tok::EqEq => Rel::Eq,
            Tok::Ne => Rel::Ne,
            Tok::Lt => Rel::Lt,
            Tok::Le => Rel::Le,
            Tok::Gt => Rel::Gt,
            Tok::Ge => Rel::Ge,
            Tok::Assign => return self.err("use `==` to compare"),
            t => {
                return self.err(format!(
                    "expected a comparison (==, !=, <, <=, >, >=), found {}",
                    t.describe()
                ))
            }
        };
        self.bump();
        let b = self.mexpr()?;
        let sp = join(a.span(), b.span());
        Ok(Cond::Rel(rel, a, b, sp))
    }

    fn at_rel_or_arith(&self) -> bool {
        matches!(
            self.peek(),
            Tok::EqEq
                | Tok::Ne
                | Tok::Lt
                | Tok::Le
                | Tok::Gt
                | Tok::Ge
                | Tok::Plus
                | Tok::Minus
                | Tok::Star
                | Tok::Slash
                | Tok::Percent
        )
    }
}
