//! Preconditions over element values in `where`: `where isfinite(A), abs(B) < 1e19`.
//!
//! A `where` item that reads a tensor's elements (a tensor declared in the rule, a predicate
//! `isfinite`/`isnan`/`isinf`, a decimal or `inf`) is a condition on every element, written
//! with infix arithmetic and comparisons. It is parsed into the bool tensor expression an
//! `assume` states (`abs(B) < 1e19` is `assume lt(abs(B), 1e19)`), so it has one meaning in
//! both domains and the verifier, the replay and the concrete search all read it as an
//! `assume`. Predicates: `isfinite(x)` is `lt(abs(x), inf)` (false on NaN), `isnan(x)` is
//! `ne(x, x)`, `isinf(x)` is `eq(abs(x), inf)`.

use super::{join, PResult, Parser, STATEMENTS};
use crate::ast::{Arg, Expr, Ident, NumLit, Rule};
use crate::lexer::Tok;
use report::{Diagnostic, Span};

/// The predicates over element values.
const PREDICATES: &[&str] = &["isfinite", "isnan", "isinf"];

fn call(name: &str, args: Vec<Expr>, span: Span) -> Expr {
    Expr::Call(
        Ident {
            name: name.into(),
            span,
        },
        args.into_iter().map(Arg::Expr).collect(),
        span,
    )
}

fn span_of(a: &Expr, b: &Expr) -> Span {
    join(a.span(), b.span())
}

impl Parser {
    /// Whether the `where` item at the cursor reads element values: scanned up to the next `,`
    /// or statement at bracket depth 0.
    pub(crate) fn at_value_condition(&self, r: &Rule) -> bool {
        let mut depth = 0i32;
        let mut k = 0;
        loop {
            let t = self.peek_at(k);
            match t {
                Tok::Eof | Tok::RBrace => return false,
                Tok::LParen | Tok::LBrack => depth += 1,
                Tok::RParen | Tok::RBrack => depth -= 1,
                Tok::Comma if depth <= 0 => return false,
                Tok::Dec(..) | Tok::Big(_) => return true,
                Tok::Ident(w) => {
                    if k > 0 && depth <= 0 && STATEMENTS.contains(&w.as_str()) {
                        return false;
                    }
                    if w == "inf"
                        || PREDICATES.contains(&w.as_str())
                        || r.tensors.iter().any(|t| &t.name.name == w)
                        || self.declared_later(w)
                    {
                        return true;
                    }
                }
                _ => {}
            }
            if depth < 0 {
                return false;
            }
            k += 1;
        }
    }

    /// Whether `name` is declared by a `tensor` statement after the cursor, in this rule (a
    /// `where` may come before the declarations it reads).
    fn declared_later(&self, name: &str) -> bool {
        let mut k = 0;
        let mut depth = 0i32;
        loop {
            match self.peek_at(k) {
                Tok::Eof => return false,
                Tok::LBrace | Tok::LParen | Tok::LBrack => depth += 1,
                Tok::RParen | Tok::RBrack => depth -= 1,
                Tok::RBrace if depth <= 0 => return false,
                Tok::RBrace => depth -= 1,
                Tok::Ident(w) if w == "tensor" && depth <= 0 => {
                    // `tensor A, B : ...`: the names up to the colon.
                    let mut j = k + 1;
                    loop {
                        match self.peek_at(j) {
                            Tok::Ident(n) if n == name => return true,
                            Tok::Ident(_) | Tok::Comma => j += 1,
                            _ => break,
                        }
                    }
                }
                _ => {}
            }
            k += 1;
        }
    }

    /// A condition over element values, as a bool tensor expression.
    pub(crate) fn value_cond(&mut self) -> PResult<Expr> {
        self.nested(Self::value_cond_at)
    }

    fn value_cond_at(&mut self) -> PResult<Expr> {
        let lhs = self.value_or()?;
        if self.eat(&Tok::Implies) {
            let rhs = self.value_cond()?;
            let sp = span_of(&lhs, &rhs);
            let not_lhs = call("not", vec![lhs], sp);
            return Ok(call("or", vec![not_lhs, rhs], sp));
        }
        Ok(lhs)
    }

    fn value_or(&mut self) -> PResult<Expr> {
        let mut lhs = self.value_and()?;
        while self.eat(&Tok::OrOr) {
            let rhs = self.value_and()?;
            let sp = span_of(&lhs, &rhs);
            lhs = call("or", vec![lhs, rhs], sp);
        }
        Ok(lhs)
    }

    fn value_and(&mut self) -> PResult<Expr> {
        let mut lhs = self.value_not()?;
        while self.eat(&Tok::AndAnd) {
            let rhs = self.value_not()?;
            let sp = span_of(&lhs, &rhs);
            lhs = call("and", vec![lhs, rhs], sp);
        }
        Ok(lhs)
    }

    fn value_not(&mut self) -> PResult<Expr> {
        self.nested(Self::value_not_at)
    }

    fn value_not_at(&mut self) -> PResult<Expr> {
        let start = self.span();
        if self.eat(&Tok::Bang) {
            let c = self.value_not()?;
            let sp = join(start, c.span());
            return Ok(call("not", vec![c], sp));
        }
        if let Tok::Ident(w) = self.peek().clone() {
            if PREDICATES.contains(&w.as_str()) && self.peek_at(1) == &Tok::LParen {
                return self.predicate(&w);
            }
        }
        if self.peek() == &Tok::LParen && self.fuel > 0 {
            // A parenthesised condition, unless it starts an arithmetic operand.
            self.fuel -= 1;
            let save = self.pos;
            let nerr = self.errs.len();
            self.bump();
            if let Ok(c) = self.value_cond() {
                if self.eat(&Tok::RParen) && !self.at_rel_or_arith() {
                    return Ok(c);
                }
            }
            self.pos = save;
            self.errs.truncate(nerr);
        }
        let a = self.value_sum()?;
        let op = match self.peek() {
            Tok::EqEq => "eq",
            Tok::Ne => "ne",
            Tok::Lt => "lt",
            Tok::Le => "le",
            Tok::Gt => "gt",
            Tok::Ge => "ge",
            Tok::Assign => return self.err("use `==` to compare"),
            t => {
                return self.err(format!(
                    "expected a comparison (==, !=, <, <=, >, >=) or a predicate ({}), found {}",
                    PREDICATES.join(", "),
                    t.describe()
                ))
            }
        };
        self.bump();
        let b = self.value_sum()?;
        let sp = span_of(&a, &b);
        Ok(call(op, vec![a, b], sp))
    }

    /// `isfinite(x)`, `isnan(x)`, `isinf(x)` in terms of the ops.
    fn predicate(&mut self, name: &str) -> PResult<Expr> {
        let start = self.span();
        self.bump();
        self.expect(&Tok::LParen, "`(`")?;
        let x = self.value_sum()?;
        if self.peek() == &Tok::Comma {
            return self.err(format!("`{name}` takes one operand"));
        }
        self.expect(&Tok::RParen, "`)`")?;
        let sp = join(start, self.prev_span());
        let inf = Expr::Num(NumLit::Inf(true), sp);
        Ok(match name {
            "isfinite" => call("lt", vec![call("abs", vec![x], sp), inf], sp),
            "isinf" => call("eq", vec![call("abs", vec![x], sp), inf], sp),
            _ => call("ne", vec![x.clone(), x], sp),
        })
    }

    fn value_sum(&mut self) -> PResult<Expr> {
        let mut lhs = self.value_term()?;
        loop {
            let op = match self.peek() {
                Tok::Plus => "add",
                Tok::Minus => "sub",
                _ => return Ok(lhs),
            };
            self.bump();
            let rhs = self.value_term()?;
            let sp = span_of(&lhs, &rhs);
            lhs = call(op, vec![lhs, rhs], sp);
        }
    }

    fn value_term(&mut self) -> PResult<Expr> {
        let mut lhs = self.value_unary()?;
        loop {
            let op = match self.peek() {
                Tok::Star => "mul",
                Tok::Slash => "div",
                Tok::Percent => {
                    return Err(Diagnostic {
                        span: self.span(),
                        message: "`%` is for integer maps; over element values write `rem(a, b)`"
                            .into(),
                    })
                }
                _ => return Ok(lhs),
            };
            self.bump();
            let rhs = self.value_unary()?;
            let sp = span_of(&lhs, &rhs);
            lhs = call(op, vec![lhs, rhs], sp);
        }
    }

    fn value_unary(&mut self) -> PResult<Expr> {
        self.nested(Self::value_unary_at)
    }

    fn value_unary_at(&mut self) -> PResult<Expr> {
        let start = self.span();
        match self.peek() {
            Tok::Minus
                if !matches!(self.peek_at(1), Tok::Int(_) | Tok::Dec(..) | Tok::Big(_))
                    && !matches!(self.peek_at(1), Tok::Ident(w) if w == "inf") =>
            {
                self.bump();
                let x = self.value_unary()?;
                let sp = join(start, x.span());
                Ok(call("neg", vec![x], sp))
            }
            Tok::LParen => {
                self.bump();
                let x = self.value_sum()?;
                self.expect(&Tok::RParen, "`)`")?;
                Ok(x)
            }
            _ => self.expr(),
        }
    }
}
