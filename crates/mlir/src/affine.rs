//! Affine maps (`affine_map<(d0, d1)[s0] -> (d0 * 4 + s0, d1)>`) and their expressions.

use crate::lexer::Tok;
use crate::parser::{PResult, Parser};
use std::collections::BTreeMap;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AffineOp {
    Add,
    Mul,
    FloorDiv,
    CeilDiv,
    Mod,
}

/// An affine (or semi-affine) expression. Subtraction `a - b` is `a + b * -1`, negation
/// `-a` is `a * -1`, as in MLIR.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AffineExpr {
    /// `d<i>`: the i-th dimension (whatever it was named in the map).
    Dim(u32),
    /// `s<i>`: the i-th symbol.
    Symbol(u32),
    Const(i64),
    Bin(AffineOp, Box<AffineExpr>, Box<AffineExpr>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AffineMap {
    pub num_dims: u32,
    pub num_symbols: u32,
    pub results: Vec<AffineExpr>,
}

#[derive(Clone, Copy)]
enum Ident {
    Dim(u32),
    Sym(u32),
}

impl<'s> Parser<'s> {
    /// After `affine_map<`: `(dims)[syms] -> (exprs)`, without the closing `>`.
    pub(crate) fn parse_affine_map_body(&mut self) -> PResult<AffineMap> {
        let mut names: BTreeMap<&'s str, Ident> = BTreeMap::new();
        let num_dims = self.affine_ids(Tok::LParen, Tok::RParen, &mut names, Ident::Dim)?;
        let num_symbols = if self.at(Tok::LBracket) {
            self.affine_ids(Tok::LBracket, Tok::RBracket, &mut names, Ident::Sym)?
        } else {
            0
        };
        self.expect(Tok::Arrow, "`->` in an affine map")?;
        self.expect(Tok::LParen, "`(`")?;
        let mut results = Vec::new();
        if !self.eat(Tok::RParen) {
            loop {
                results.push(self.affine_expr(&names)?);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "`)` after affine results")?;
        }
        Ok(AffineMap {
            num_dims,
            num_symbols,
            results,
        })
    }

    fn affine_ids(
        &mut self,
        open: Tok,
        close: Tok,
        names: &mut BTreeMap<&'s str, Ident>,
        make: fn(u32) -> Ident,
    ) -> PResult<u32> {
        self.expect(open, "an identifier list")?;
        let mut n = 0u32;
        if self.eat(close) {
            return Ok(0);
        }
        loop {
            let t = self.expect(Tok::Bare, "an identifier")?;
            if names.insert(self.text(t), make(n)).is_some() {
                return self.error(t.span, "this identifier is already bound in the map");
            }
            n += 1;
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(close, "the end of the identifier list")?;
        Ok(n)
    }

    fn affine_expr(&mut self, names: &BTreeMap<&'s str, Ident>) -> PResult<AffineExpr> {
        self.enter()?;
        let r = self.affine_sum(names);
        self.leave();
        r
    }

    fn affine_sum(&mut self, names: &BTreeMap<&'s str, Ident>) -> PResult<AffineExpr> {
        let mut lhs = self.affine_term(names)?;
        loop {
            let neg = if self.eat(Tok::Plus) {
                false
            } else if self.eat(Tok::Minus) {
                true
            } else {
                return Ok(lhs);
            };
            let mut rhs = self.affine_term(names)?;
            if neg {
                rhs = negate(rhs);
            }
            lhs = AffineExpr::Bin(AffineOp::Add, Box::new(lhs), Box::new(rhs));
        }
    }

    fn affine_term(&mut self, names: &BTreeMap<&'s str, Ident>) -> PResult<AffineExpr> {
        let mut lhs = self.affine_factor(names)?;
        loop {
            let op = if self.eat(Tok::Star) {
                AffineOp::Mul
            } else if self.eat_bare("floordiv") {
                AffineOp::FloorDiv
            } else if self.eat_bare("ceildiv") {
                AffineOp::CeilDiv
            } else if self.eat_bare("mod") {
                AffineOp::Mod
            } else {
                return Ok(lhs);
            };
            let rhs = self.affine_factor(names)?;
            lhs = AffineExpr::Bin(op, Box::new(lhs), Box::new(rhs));
        }
    }

    fn affine_factor(&mut self, names: &BTreeMap<&'s str, Ident>) -> PResult<AffineExpr> {
        match self.tok.kind {
            Tok::Minus => {
                self.bump();
                self.enter()?;
                let e = self.affine_factor(names);
                self.leave();
                Ok(negate(e?))
            }
            Tok::LParen => {
                self.bump();
                let e = self.affine_expr(names)?;
                self.expect(Tok::RParen, "`)`")?;
                Ok(e)
            }
            Tok::Int => {
                let t = self.bump();
                match self.int_value(t).and_then(|v| i64::try_from(v).ok()) {
                    Some(v) => Ok(AffineExpr::Const(v)),
                    None => self.error(t.span, "affine constant out of range"),
                }
            }
            Tok::Bare => {
                let t = self.bump();
                match names.get(self.text(t)) {
                    Some(Ident::Dim(i)) => Ok(AffineExpr::Dim(*i)),
                    Some(Ident::Sym(i)) => Ok(AffineExpr::Symbol(*i)),
                    None => {
                        let msg = format!(
                            "`{}` is not a dimension or symbol of this map",
                            self.text(t)
                        );
                        self.error(t.span, msg)
                    }
                }
            }
            _ => self.err_expected("an affine expression"),
        }
    }
}

fn negate(e: AffineExpr) -> AffineExpr {
    match e {
        AffineExpr::Const(c) if c != i64::MIN => AffineExpr::Const(-c),
        e => AffineExpr::Bin(AffineOp::Mul, Box::new(e), Box::new(AffineExpr::Const(-1))),
    }
}

impl AffineExpr {
    fn precedence(&self) -> u8 {
        match self {
            AffineExpr::Bin(AffineOp::Add, ..) => 1,
            AffineExpr::Bin(..) => 2,
            _ => 3,
        }
    }
}

impl fmt::Display for AffineExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AffineExpr::Dim(i) => write!(f, "d{i}"),
            AffineExpr::Symbol(i) => write!(f, "s{i}"),
            AffineExpr::Const(c) => write!(f, "{c}"),
            AffineExpr::Bin(op, a, b) => {
                let p = self.precedence();
                let side = |f: &mut fmt::Formatter<'_>, e: &AffineExpr, strict: bool| {
                    if e.precedence() < p || (strict && e.precedence() == p) {
                        write!(f, "({e})")
                    } else {
                        write!(f, "{e}")
                    }
                };
                side(f, a, false)?;
                f.write_str(match op {
                    AffineOp::Add => " + ",
                    AffineOp::Mul => " * ",
                    AffineOp::FloorDiv => " floordiv ",
                    AffineOp::CeilDiv => " ceildiv ",
                    AffineOp::Mod => " mod ",
                })?;
                side(f, b, true)
            }
        }
    }
}

impl fmt::Display for AffineMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |f: &mut fmt::Formatter<'_>, n: u32, p: &str| -> fmt::Result {
            for i in 0..n {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{p}{i}")?;
            }
            Ok(())
        };
        f.write_str("(")?;
        list(f, self.num_dims, "d")?;
        f.write_str(")")?;
        if self.num_symbols > 0 {
            f.write_str("[")?;
            list(f, self.num_symbols, "s")?;
            f.write_str("]")?;
        }
        f.write_str(" -> (")?;
        for (i, e) in self.results.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{e}")?;
        }
        f.write_str(")")
    }
}
