//! Synthesis: the formula an output computes, read off the term a store writes at a symbolic
//! lane. Index terms are affine in the program ids and lanes; each is rewritten relative to
//! the store's own offset (`i`), so `x/1(pid*B + k - 1)` stored at `pid*B + k` reads
//! `x[i - 1]`. Reading our own IR only (never Z3 terms).

use crate::formula::Expr;
use smt::{FunId, Node, Store, SymId, TermId};
use std::collections::{BTreeMap, HashMap};

/// An affine form: coefficients per symbol and a constant.
pub(crate) type Lin = (BTreeMap<SymId, i128>, i128);

/// The affine form of an integer term, if it is affine.
pub(crate) fn lin(s: &Store, t: TermId) -> Option<Lin> {
    Some(match s.node(t) {
        Node::Int(i) => (BTreeMap::new(), *i),
        Node::Sym(v) => (BTreeMap::from([(*v, 1)]), 0),
        Node::Neg(a) => scale(&lin(s, *a)?, -1)?,
        Node::Add(xs) => {
            let mut acc: Lin = (BTreeMap::new(), 0);
            for x in xs {
                acc = add(&acc, &lin(s, *x)?)?;
            }
            acc
        }
        Node::Mul(xs) => {
            let mut c = 1i128;
            let mut rest: Option<Lin> = None;
            for x in xs {
                match s.as_int(*x) {
                    Some(i) => c = c.checked_mul(i)?,
                    None if rest.is_none() => rest = Some(lin(s, *x)?),
                    None => return None,
                }
            }
            scale(&rest.unwrap_or((BTreeMap::new(), 1)), c)?
        }
        _ => return None,
    })
}

fn scale(l: &Lin, c: i128) -> Option<Lin> {
    let mut m = BTreeMap::new();
    for (k, v) in &l.0 {
        let x = v.checked_mul(c)?;
        if x != 0 {
            m.insert(*k, x);
        }
    }
    Some((m, l.1.checked_mul(c)?))
}

fn add(a: &Lin, b: &Lin) -> Option<Lin> {
    let mut m = a.0.clone();
    for (k, v) in &b.0 {
        let e = m.entry(*k).or_insert(0);
        *e = e.checked_add(*v)?;
        if *e == 0 {
            m.remove(k);
        }
    }
    Some((m, a.1.checked_add(b.1)?))
}

/// What the synthesizer knows about the symbols of a run.
pub(crate) struct Names {
    /// Program-id and lane symbols (must only occur through the store offset).
    pub lanes: Vec<SymId>,
    /// Size symbols with their display names.
    pub sizes: Vec<(SymId, String)>,
    /// Scalar parameters (symbols) with their names.
    pub params: Vec<(SymId, String)>,
    /// Input functions with the tensor names.
    pub inputs: Vec<(FunId, String)>,
    pub exp: Option<FunId>,
}

pub(crate) struct Synth<'a> {
    pub s: &'a mut Store,
    pub names: &'a Names,
    /// The store's offset as an affine form, and the lane symbol that pins `i`.
    pub off: Lin,
    pub pivot: SymId,
    pub index: String,
}

type R<T> = Result<T, String>;

impl Synth<'_> {
    /// Prepares synthesis for a store at `off` under `mask`: the value with the mask assumed.
    pub(crate) fn new<'a>(s: &'a mut Store, names: &'a Names, off: TermId, index: &str) -> R<Synth<'a>> {
        let l = lin(s, off).ok_or("the store's offset is not affine in the program id and lanes")?;
        let pivot = names
            .lanes
            .iter()
            .rev()
            .find(|v| l.0.get(v).map(|c| c.abs() == 1).unwrap_or(false))
            .copied()
            .ok_or("the store's offset does not step by one along a lane")?;
        Ok(Synth { s, names, off: l, pivot, index: index.into() })
    }

    /// `value` with `mask` (and each of its conjuncts) taken as true.
    pub(crate) fn under_mask(&mut self, value: TermId, mask: Option<TermId>) -> TermId {
        let Some(m) = mask else { return value };
        let t = self.s.bool(true);
        let mut map = HashMap::from([(m, t)]);
        if let Node::And(xs) = self.s.node(m).clone() {
            for x in xs {
                map.insert(x, t);
            }
        }
        self.s.replace(value, &map)
    }

    fn index(&mut self, t: TermId) -> R<Expr> {
        let l = lin(self.s, t).ok_or("an index that is not affine")?;
        let b = self.off.0[&self.pivot];
        let a = l.0.get(&self.pivot).copied().unwrap_or(0);
        if a % b != 0 {
            return Err("an index that is not a multiple of the store's offset".into());
        }
        let alpha = a / b;
        let rest = add(&l, &scale(&self.off, -alpha).ok_or("overflow")?).ok_or("overflow")?;
        let mut parts: Vec<(i128, Expr)> = Vec::new();
        if alpha != 0 {
            parts.push((alpha, Expr::Var(self.index.clone())));
        }
        for (v, c) in &rest.0 {
            match self.names.sizes.iter().find(|(s, _)| s == v) {
                Some((_, n)) => parts.push((*c, Expr::Var(n.clone()))),
                None => return Err("the stored value depends on the program id or lane other than through its offset".into()),
            }
        }
        let mut e: Option<Expr> = None;
        for (c, x) in parts {
            let term = if c.abs() == 1 { x } else { Expr::Bin('*', Box::new(Expr::Num(c.abs(), 1)), Box::new(x)) };
            e = Some(match e {
                None if c < 0 => Expr::Neg(Box::new(term)),
                None => term,
                Some(acc) => Expr::Bin(if c < 0 { '-' } else { '+' }, Box::new(acc), Box::new(term)),
            });
        }
        Ok(match (e, rest.1) {
            (None, c) => Expr::Num(c, 1),
            (Some(e), 0) => e,
            (Some(e), c) if c < 0 => Expr::Bin('-', Box::new(e), Box::new(Expr::Num(-c, 1))),
            (Some(e), c) => Expr::Bin('+', Box::new(e), Box::new(Expr::Num(c, 1))),
        })
    }

    /// The formula of a real or boolean term.
    pub(crate) fn expr(&mut self, t: TermId) -> R<Expr> {
        let node = self.s.node(t).clone();
        Ok(match node {
            Node::Real(n, d) => Expr::Num(n, d),
            Node::Int(_) => self.index(t)?,
            Node::Sym(v) => match self.names.params.iter().find(|(p, _)| *p == v) {
                Some((_, n)) => Expr::Var(n.clone()),
                None => self.index(t)?,
            },
            Node::ToReal(a) => self.index(a)?,
            Node::App(f, args) => {
                if Some(f) == self.names.exp {
                    Expr::Call("exp".into(), vec![self.expr(args[0])?])
                } else if let Some((_, n)) = self.names.inputs.iter().find(|(g, _)| *g == f) {
                    let ix = args.iter().map(|a| self.index(*a)).collect::<R<Vec<_>>>()?;
                    Expr::Read(n.clone(), ix)
                } else {
                    let name = self.s.fun_name(f).to_string();
                    if name.contains("#masked") {
                        return Err("a stored lane reads a masked-off element loaded without `other=`".into());
                    }
                    return Err(format!("a call of `{name}`"));
                }
            }
            Node::Add(_) if self.s.sort(t) == smt::Sort::Int => self.index(t)?,
            Node::Add(xs) => {
                let mut e: Option<Expr> = None;
                for x in xs {
                    let (neg, inner) = match self.s.node(x).clone() {
                        Node::Neg(y) => (true, self.expr(y)?),
                        _ => (false, self.expr(x)?),
                    };
                    e = Some(match e {
                        None if neg => Expr::Neg(Box::new(inner)),
                        None => inner,
                        Some(acc) => Expr::Bin(if neg { '-' } else { '+' }, Box::new(acc), Box::new(inner)),
                    });
                }
                e.unwrap_or(Expr::Num(0, 1))
            }
            Node::Mul(_) if self.s.sort(t) == smt::Sort::Int => self.index(t)?,
            Node::Mul(xs) => {
                let mut e: Option<Expr> = None;
                for x in xs {
                    let inner = self.expr(x)?;
                    e = Some(match e {
                        None => inner,
                        Some(acc) => Expr::Bin('*', Box::new(acc), Box::new(inner)),
                    });
                }
                e.unwrap_or(Expr::Num(1, 1))
            }
            Node::Neg(a) if self.s.sort(t) == smt::Sort::Int => {
                let _ = a;
                self.index(t)?
            }
            Node::Neg(a) => Expr::Neg(Box::new(self.expr(a)?)),
            Node::RealDiv(a, b) => Expr::Bin('/', Box::new(self.expr(a)?), Box::new(self.expr(b)?)),
            Node::Ite(c, a, b) => {
                if let Node::Lt(x, y) = self.s.node(c).clone() {
                    if self.s.sort(x) == smt::Sort::Real {
                        if a == y && b == x {
                            return Ok(Expr::Call("max".into(), vec![self.expr(x)?, self.expr(y)?]));
                        }
                        if a == x && b == y {
                            return Ok(Expr::Call("min".into(), vec![self.expr(x)?, self.expr(y)?]));
                        }
                        if self.s.as_real_zero(y) && b == x && matches!(self.s.node(a), Node::Neg(z) if *z == x) {
                            return Ok(Expr::Call("abs".into(), vec![self.expr(x)?]));
                        }
                    }
                }
                Expr::Call("where".into(), vec![self.expr(c)?, self.expr(a)?, self.expr(b)?])
            }
            Node::Lt(a, b) => Expr::Cmp("<", Box::new(self.expr(a)?), Box::new(self.expr(b)?)),
            Node::Le(a, b) => Expr::Cmp("<=", Box::new(self.expr(a)?), Box::new(self.expr(b)?)),
            Node::Eq(a, b) => Expr::Cmp("==", Box::new(self.expr(a)?), Box::new(self.expr(b)?)),
            Node::Not(a) => match self.s.node(a).clone() {
                Node::Lt(x, y) => Expr::Cmp(">=", Box::new(self.expr(x)?), Box::new(self.expr(y)?)),
                Node::Le(x, y) => Expr::Cmp(">", Box::new(self.expr(x)?), Box::new(self.expr(y)?)),
                Node::Eq(x, y) => Expr::Cmp("!=", Box::new(self.expr(x)?), Box::new(self.expr(y)?)),
                _ => return Err("a negated condition".into()),
            },
            Node::And(xs) | Node::Or(xs) => {
                let and = matches!(self.s.node(t), Node::And(_));
                let mut e: Option<Expr> = None;
                for x in xs {
                    let inner = self.expr(x)?;
                    e = Some(match e {
                        None => inner,
                        Some(acc) => Expr::Logic(and, Box::new(acc), Box::new(inner)),
                    });
                }
                e.expect("and/or have operands")
            }
            Node::Bool(b) => Expr::Cmp(if b { "==" } else { "!=" }, Box::new(Expr::Num(0, 1)), Box::new(Expr::Num(0, 1))),
            _ => return Err("a term outside the formula language".into()),
        })
    }
}

trait RealZero {
    fn as_real_zero(&self, t: TermId) -> bool;
}

impl RealZero for Store {
    fn as_real_zero(&self, t: TermId) -> bool {
        matches!(self.node(t), Node::Real(0, _))
    }
}
