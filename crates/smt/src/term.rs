//! The hash-consed term IR: sorts, symbols, uninterpreted functions and terms.
//!
//! Every term is built through [`Store`], which type-checks its arguments, folds constants and
//! applies a few local simplifications (`and` with `true`, `ite` on a literal condition, ...).
//! Two structurally equal terms always get the same [`TermId`].

use crate::fxhash::WordMap;
use std::collections::HashMap;

pub use crate::bv::BvOp;
pub use ieee754::{Format, Op as FpOp};

/// The sort of a term.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Sort {
    Bool,
    Int,
    Real,
    /// A bit-vector of the given width (1 to 64 here).
    BitVec(u32),
    /// SMT-LIB's `(_ FloatingPoint e s)`.
    Float(Format),
}

/// A term in a [`Store`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct TermId(pub(crate) u32);

/// A declared constant (a free symbol) in a [`Store`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct SymId(pub(crate) u32);

/// A declared uninterpreted function in a [`Store`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct FunId(pub(crate) u32);

/// One node of the term graph. Children are ids into the same store.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Node {
    Bool(bool),
    Int(i128),
    /// A rational literal `num/den`, `den > 0`, in lowest terms.
    Real(i128, i128),
    Sym(SymId),
    App(FunId, Vec<TermId>),
    Not(TermId),
    And(Vec<TermId>),
    Or(Vec<TermId>),
    Ite(TermId, TermId, TermId),
    Eq(TermId, TermId),
    Add(Vec<TermId>),
    Mul(Vec<TermId>),
    Neg(TermId),
    /// Euclidean integer division (SMT-LIB `div`); the divisor must be provably non-zero
    /// wherever the value matters: callers guard it.
    IntDiv(TermId, TermId),
    /// Euclidean remainder (SMT-LIB `mod`), same caveat.
    IntMod(TermId, TermId),
    /// Real division (SMT-LIB `/`), same caveat.
    RealDiv(TermId, TermId),
    Le(TermId, TermId),
    Lt(TermId, TermId),
    ToReal(TermId),
    /// The greatest integer at most a real (SMT-LIB `to_int`).
    ToInt(TermId),
    Forall(Vec<SymId>, TermId),
    Exists(Vec<SymId>, TermId),
    /// A float literal by its bit pattern (any NaN is the canonical one: SMT-LIB has one NaN).
    FpLit(Format, u64),
    /// A bit-vector literal `(width, value)`, the value within the width.
    BvLit(u32, u64),
    /// An operation of the floating-point theory (rounding mode RNE where it rounds;
    /// `fp.to_sbv` truncates).
    Fp(FpOp, Vec<TermId>),
    /// An operation of the bit-vector theory or its bridge to Int (`bv.rs`).
    Bv(BvOp, Vec<TermId>),
}

#[derive(Clone, Debug)]
pub(crate) struct SymInfo {
    pub(crate) name: String,
    pub(crate) sort: Sort,
}

#[derive(Clone, Debug)]
pub(crate) struct FunInfo {
    pub(crate) name: String,
    pub(crate) args: Vec<Sort>,
    pub(crate) ret: Sort,
    /// Applications order their two arguments by term id ([`Store::declare_commutative_fun`]).
    pub(crate) commutative: bool,
}

/// The arena of terms, symbols and functions. All formulas of one check live in one store.
#[derive(Default, Clone, Debug)]
pub struct Store {
    nodes: Vec<(Node, Sort)>,
    /// The depth of each term (a leaf is 1), computed at construction: walks that recurse over
    /// terms check it against [`MAX_DEPTH`] first.
    depths: Vec<u32>,
    index: WordMap<Node, TermId>,
    pub(crate) syms: Vec<SymInfo>,
    sym_names: HashMap<String, SymId>,
    pub(crate) funs: Vec<FunInfo>,
    fun_names: HashMap<String, FunId>,
}

impl Store {
    pub fn new() -> Store {
        Store::default()
    }

    pub fn node(&self, t: TermId) -> &Node {
        &self.nodes[t.0 as usize].0
    }

    /// The depth of `t`: 1 for a leaf, else one more than its deepest child.
    pub fn depth(&self, t: TermId) -> u32 {
        self.depths[t.0 as usize]
    }

    /// Whether every term of `ts` is at most [`MAX_DEPTH`] deep.
    pub fn within_depth(&self, ts: &[TermId]) -> bool {
        ts.iter().all(|t| self.depth(*t) <= MAX_DEPTH)
    }

    pub fn sort(&self, t: TermId) -> Sort {
        self.nodes[t.0 as usize].1
    }

    pub fn sym_name(&self, s: SymId) -> &str {
        &self.syms[s.0 as usize].name
    }

    pub fn sym_sort(&self, s: SymId) -> Sort {
        self.syms[s.0 as usize].sort
    }

    pub fn fun_name(&self, f: FunId) -> &str {
        &self.funs[f.0 as usize].name
    }

    pub fn fun_signature(&self, f: FunId) -> (&[Sort], Sort) {
        let info = &self.funs[f.0 as usize];
        (&info.args, info.ret)
    }

    /// Declares (or finds) the constant `name`. Names must be SMT-LIB simple symbols or will be
    /// quoted by the printer. Redeclaring a name with another sort is a bug in the caller.
    pub fn declare(&mut self, name: &str, sort: Sort) -> SymId {
        if let Some(&s) = self.sym_names.get(name) {
            assert_eq!(
                self.syms[s.0 as usize].sort, sort,
                "symbol {name} redeclared"
            );
            return s;
        }
        let id = SymId(self.syms.len() as u32);
        self.syms.push(SymInfo {
            name: name.to_string(),
            sort,
        });
        self.sym_names.insert(name.to_string(), id);
        id
    }

    /// The constant named `name`, if declared.
    pub fn find(&self, name: &str) -> Option<SymId> {
        self.sym_names.get(name).copied()
    }

    /// A constant whose name is new in this store: `base`, or `base!N`.
    pub fn fresh(&mut self, base: &str, sort: Sort) -> SymId {
        let mut name = base.to_string();
        let mut n = 0;
        while self.sym_names.contains_key(&name) {
            n += 1;
            name = format!("{base}!{n}");
        }
        self.declare(&name, sort)
    }

    pub fn declare_fun(&mut self, name: &str, args: &[Sort], ret: Sort) -> FunId {
        if let Some(&f) = self.fun_names.get(name) {
            let info = &self.funs[f.0 as usize];
            assert!(
                info.args == args && info.ret == ret,
                "function {name} redeclared"
            );
            return f;
        }
        let id = FunId(self.funs.len() as u32);
        self.funs.push(FunInfo {
            name: name.to_string(),
            args: args.to_vec(),
            ret,
            commutative: false,
        });
        self.fun_names.insert(name.to_string(), id);
        id
    }

    /// A binary function whose applications order their arguments by term id, so that `f(a,
    /// b)` and `f(b, a)` are one term, also when a rewrite (substitution, `simplify_arith`)
    /// rebuilds them: the caller asserts that every interpretation it means is commutative.
    pub fn declare_commutative_fun(&mut self, name: &str, arg: Sort, ret: Sort) -> FunId {
        let f = self.declare_fun(name, &[arg, arg], ret);
        self.funs[f.0 as usize].commutative = true;
        f
    }

    pub(crate) fn intern(&mut self, node: Node, sort: Sort) -> TermId {
        if let Some(&t) = self.index.get(&node) {
            return t;
        }
        let id = TermId(self.nodes.len() as u32);
        let depth = 1 + node_children(&node)
            .iter()
            .map(|c| self.depths[c.0 as usize])
            .max()
            .unwrap_or(0);
        self.depths.push(depth);
        self.nodes.push((node.clone(), sort));
        self.index.insert(node, id);
        id
    }

    pub fn bool(&mut self, b: bool) -> TermId {
        self.intern(Node::Bool(b), Sort::Bool)
    }

    pub fn int(&mut self, i: i128) -> TermId {
        self.intern(Node::Int(i), Sort::Int)
    }

    /// A rational literal; `den` must be non-zero.
    pub fn real(&mut self, num: i128, den: i128) -> TermId {
        assert!(den != 0, "real literal with zero denominator");
        let g = gcd(num, den).max(1);
        let (mut n, mut d) = (num / g, den / g);
        if d < 0 {
            n = -n;
            d = -d;
        }
        self.intern(Node::Real(n, d), Sort::Real)
    }

    pub fn sym(&mut self, s: SymId) -> TermId {
        let sort = self.sym_sort(s);
        self.intern(Node::Sym(s), sort)
    }

    /// A fresh constant as a term.
    pub fn var(&mut self, name: &str, sort: Sort) -> TermId {
        let s = self.declare(name, sort);
        self.sym(s)
    }

    pub fn app(&mut self, f: FunId, mut args: Vec<TermId>) -> TermId {
        let info = &self.funs[f.0 as usize];
        assert_eq!(info.args.len(), args.len(), "arity of {}", info.name);
        for (a, s) in args.iter().zip(info.args.clone()) {
            assert_eq!(self.sort(*a), s, "argument sort of {}", info.name);
        }
        if info.commutative {
            args.sort();
        }
        let ret = info.ret;
        self.intern(Node::App(f, args), ret)
    }

    pub fn as_bool(&self, t: TermId) -> Option<bool> {
        match self.node(t) {
            Node::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_int(&self, t: TermId) -> Option<i128> {
        match self.node(t) {
            Node::Int(i) => Some(*i),
            _ => None,
        }
    }

    pub(crate) fn as_real(&self, t: TermId) -> Option<(i128, i128)> {
        match self.node(t) {
            Node::Real(n, d) => Some((*n, *d)),
            _ => None,
        }
    }

    fn check(&self, t: TermId, sort: Sort, what: &str) {
        assert_eq!(self.sort(t), sort, "{what}: operand sort");
    }

    pub fn not(&mut self, a: TermId) -> TermId {
        self.check(a, Sort::Bool, "not");
        match self.node(a) {
            Node::Bool(b) => {
                let b = !*b;
                self.bool(b)
            }
            Node::Not(x) => *x,
            _ => self.intern(Node::Not(a), Sort::Bool),
        }
    }

    pub fn and(&mut self, items: Vec<TermId>) -> TermId {
        let mut out = Vec::with_capacity(items.len());
        for t in items {
            self.check(t, Sort::Bool, "and");
            match self.node(t) {
                Node::Bool(true) => {}
                Node::Bool(false) => return self.bool(false),
                Node::And(xs) => out.extend(xs.iter().copied()),
                _ => out.push(t),
            }
        }
        out.sort();
        out.dedup();
        match out.len() {
            0 => self.bool(true),
            1 => out[0],
            _ => self.intern(Node::And(out), Sort::Bool),
        }
    }

    pub fn and2(&mut self, a: TermId, b: TermId) -> TermId {
        self.and(vec![a, b])
    }

    pub fn or(&mut self, items: Vec<TermId>) -> TermId {
        let mut out = Vec::with_capacity(items.len());
        for t in items {
            self.check(t, Sort::Bool, "or");
            match self.node(t) {
                Node::Bool(false) => {}
                Node::Bool(true) => return self.bool(true),
                Node::Or(xs) => out.extend(xs.iter().copied()),
                _ => out.push(t),
            }
        }
        out.sort();
        out.dedup();
        match out.len() {
            0 => self.bool(false),
            1 => out[0],
            _ => self.intern(Node::Or(out), Sort::Bool),
        }
    }

    pub fn or2(&mut self, a: TermId, b: TermId) -> TermId {
        self.or(vec![a, b])
    }

    pub fn implies(&mut self, a: TermId, b: TermId) -> TermId {
        let na = self.not(a);
        self.or2(na, b)
    }

    pub fn ite(&mut self, c: TermId, a: TermId, b: TermId) -> TermId {
        self.check(c, Sort::Bool, "ite");
        assert_eq!(self.sort(a), self.sort(b), "ite: branch sorts");
        if a == b {
            return a;
        }
        match self.node(c) {
            Node::Bool(true) => return a,
            Node::Bool(false) => return b,
            Node::Not(x) => {
                let x = *x;
                return self.ite(x, b, a);
            }
            _ => {}
        }
        if let Some(e) = self.nat_eq(a, b) {
            return e;
        }
        if self.sort(a) == Sort::Bool {
            match (self.as_bool(a), self.as_bool(b)) {
                (Some(true), Some(false)) => return c,
                (Some(false), Some(true)) => return self.not(c),
                (Some(true), None) => return self.or2(c, b),
                (Some(false), None) => {
                    let nc = self.not(c);
                    return self.and2(nc, b);
                }
                (None, Some(true)) => return self.implies(c, a),
                (None, Some(false)) => return self.and2(c, a),
                _ => {}
            }
        }
        let sort = self.sort(a);
        self.intern(Node::Ite(c, a, b), sort)
    }

    pub fn eq(&mut self, a: TermId, b: TermId) -> TermId {
        assert_eq!(self.sort(a), self.sort(b), "eq: operand sorts");
        if a == b {
            return self.bool(true);
        }
        let lits = |s: &Store, t| {
            matches!(
                s.node(t),
                Node::Bool(_) | Node::Int(_) | Node::Real(..) | Node::FpLit(..) | Node::BvLit(..)
            )
        };
        if lits(self, a) && lits(self, b) {
            return self.bool(false);
        }
        if self.sort(a) == Sort::Bool {
            match (self.as_bool(a), self.as_bool(b)) {
                (Some(true), _) => return b,
                (_, Some(true)) => return a,
                (Some(false), _) => return self.not(b),
                (_, Some(false)) => return self.not(a),
                _ => {}
            }
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        self.intern(Node::Eq(a, b), Sort::Bool)
    }

    pub fn ne(&mut self, a: TermId, b: TermId) -> TermId {
        let e = self.eq(a, b);
        self.not(e)
    }

    fn arith_sort(&self, items: &[TermId], what: &str) -> Sort {
        let s = self.sort(items[0]);
        assert!(
            s == Sort::Int || s == Sort::Real,
            "{what}: non-numeric operand"
        );
        for t in items {
            assert_eq!(self.sort(*t), s, "{what}: mixed sorts");
        }
        s
    }

    pub fn add(&mut self, items: Vec<TermId>) -> TermId {
        assert!(!items.is_empty());
        let sort = self.arith_sort(&items, "add");
        let mut out = Vec::new();
        let mut ci: i128 = 0;
        let mut cr: (i128, i128) = (0, 1);
        let mut folded_ok = true;
        for t in items {
            match self.node(t).clone() {
                Node::Add(xs) => {
                    for x in xs {
                        if !self.fold_into(x, &mut ci, &mut cr, &mut folded_ok) {
                            out.push(x);
                        }
                    }
                }
                _ => {
                    if !self.fold_into(t, &mut ci, &mut cr, &mut folded_ok) {
                        out.push(t);
                    }
                }
            }
        }
        if !folded_ok {
            // A literal overflowed while folding: keep the sum unfolded (rare, still exact).
            return self.intern(Node::Add(out), sort);
        }
        let c = match sort {
            Sort::Int => (ci != 0).then(|| self.int(ci)),
            _ => (cr.0 != 0).then(|| self.real(cr.0, cr.1)),
        };
        out.sort();
        if let Some(c) = c {
            out.push(c);
        }
        match out.len() {
            0 => match sort {
                Sort::Int => self.int(0),
                _ => self.real(0, 1),
            },
            1 => out[0],
            _ => self.intern(Node::Add(out), sort),
        }
    }

    fn fold_into(&self, t: TermId, ci: &mut i128, cr: &mut (i128, i128), ok: &mut bool) -> bool {
        if let Some(i) = self.as_int(t) {
            match ci.checked_add(i) {
                Some(v) => *ci = v,
                None => *ok = false,
            }
            return *ok;
        }
        if let Some((n, d)) = self.as_real(t) {
            match rat_add(*cr, (n, d)) {
                Some(v) => *cr = v,
                None => *ok = false,
            }
            return *ok;
        }
        false
    }

    pub fn add2(&mut self, a: TermId, b: TermId) -> TermId {
        self.add(vec![a, b])
    }

    pub fn neg(&mut self, a: TermId) -> TermId {
        self.arith_sort(&[a], "neg");
        match self.node(a).clone() {
            Node::Int(i) if i != i128::MIN => self.int(-i),
            Node::Real(n, d) if n != i128::MIN => self.real(-n, d),
            Node::Neg(x) => x,
            _ => {
                let s = self.sort(a);
                self.intern(Node::Neg(a), s)
            }
        }
    }

    pub fn sub(&mut self, a: TermId, b: TermId) -> TermId {
        if a == b {
            return match self.sort(a) {
                Sort::Int => self.int(0),
                _ => self.real(0, 1),
            };
        }
        let nb = self.neg(b);
        self.add2(a, nb)
    }

    pub fn mul(&mut self, items: Vec<TermId>) -> TermId {
        assert!(!items.is_empty());
        let sort = self.arith_sort(&items, "mul");
        let mut out = Vec::new();
        let mut ci: i128 = 1;
        let mut cr: (i128, i128) = (1, 1);
        for t in items {
            let parts = match self.node(t) {
                Node::Mul(xs) => xs.clone(),
                _ => vec![t],
            };
            for x in parts {
                if let Some(i) = self.as_int(x) {
                    match ci.checked_mul(i) {
                        Some(v) => ci = v,
                        None => out.push(x),
                    }
                } else if let Some(r) = self.as_real(x) {
                    match rat_mul(cr, r) {
                        Some(v) => cr = v,
                        None => out.push(x),
                    }
                } else {
                    out.push(x);
                }
            }
        }
        let zero = match sort {
            Sort::Int => ci == 0,
            _ => cr.0 == 0,
        };
        if zero {
            return match sort {
                Sort::Int => self.int(0),
                _ => self.real(0, 1),
            };
        }
        out.sort();
        let one = match sort {
            Sort::Int => ci == 1,
            _ => cr == (1, 1),
        };
        if !one {
            let c = match sort {
                Sort::Int => self.int(ci),
                _ => self.real(cr.0, cr.1),
            };
            out.insert(0, c);
        }
        match out.len() {
            0 => match sort {
                Sort::Int => self.int(1),
                _ => self.real(1, 1),
            },
            1 => out[0],
            _ => self.intern(Node::Mul(out), sort),
        }
    }

    pub fn mul2(&mut self, a: TermId, b: TermId) -> TermId {
        self.mul(vec![a, b])
    }

    /// Euclidean division. The caller guarantees a non-zero divisor where it matters.
    pub fn int_div(&mut self, a: TermId, b: TermId) -> TermId {
        self.check(a, Sort::Int, "div");
        self.check(b, Sort::Int, "div");
        if let (Some(x), Some(y)) = (self.as_int(a), self.as_int(b)) {
            if y != 0 {
                if let Some(q) = euclid_div(x, y) {
                    return self.int(q);
                }
            }
        }
        if self.as_int(b) == Some(1) {
            return a;
        }
        if let Some((q, rest)) = self.split_multiples(a, b) {
            let r = self.int_div(rest, b);
            return self.add2(q, r);
        }
        self.intern(Node::IntDiv(a, b), Sort::Int)
    }

    /// Euclidean remainder (always in `0..|b|`). Same caveat as [`Store::int_div`].
    pub fn int_mod(&mut self, a: TermId, b: TermId) -> TermId {
        self.check(a, Sort::Int, "mod");
        self.check(b, Sort::Int, "mod");
        if let (Some(x), Some(y)) = (self.as_int(a), self.as_int(b)) {
            if y != 0 {
                if let Some(q) = euclid_div(x, y) {
                    return self.int(x - q * y);
                }
            }
        }
        if self.as_int(b) == Some(1) {
            return self.int(0);
        }
        if let Some((_, rest)) = self.split_multiples(a, b) {
            return self.int_mod(rest, b);
        }
        self.intern(Node::IntMod(a, b), Sort::Int)
    }

    /// `a` as `b * q + rest` when the divisor `b` is a non-zero literal of at most 2^20, some
    /// summands of `a` are written as its multiples (a literal, or a product with a literal
    /// factor that is) and the others are literals: `(q, rest)`. Then `a div b = q + rest div b` and `a mod b = rest mod b` (Euclidean
    /// division, any sign of `b`), so `(40*i + k) div 40` is `i + k div 40` when built: a
    /// flat offset taken apart again gives back the index it was made of, one term for every
    /// `k` instead of one per `k` (a memory read's row index, session 19).
    fn split_multiples(&mut self, a: TermId, b: TermId) -> Option<(TermId, TermId)> {
        let c = self.as_int(b).filter(|c| *c != 0)?;
        let summands = match self.node(a) {
            Node::Add(xs) => xs.clone(),
            _ => vec![a],
        };
        let mut quotients = vec![];
        let mut rest = vec![];
        for t in summands {
            match self.exact_quotient(t, c) {
                Some(q) => quotients.push(q),
                None => rest.push(t),
            }
        }
        // Only a literal rest: then the result is settled (`q + r div c`, a literal `r div
        // c`). With a symbolic rest the simplifier, which knows the ranges of the terms, does
        // better on the whole (it relates `(27*(p div 27) + 9*((p mod 27) div 9) + ...) div 27`
        // to `p div 27`, a memory cell read back through a view; split, it did not). Only
        // divisors up to 2^20, sizes and strides: not the moduli of two's complement wrapping
        // (2^32, 2^64), whose terms the simplifier reads better whole (mlir-tv's
        // `fold-memref-subview-op/var_tensor` timed out with them split).
        let settled = rest.iter().all(|t| self.as_int(*t).is_some());
        if c.abs() > 1 << 20 || quotients.is_empty() || !settled {
            return None;
        }
        let q = self.add(quotients);
        let rest = if rest.is_empty() {
            self.int(0)
        } else {
            self.add(rest)
        };
        Some((q, rest))
    }

    /// `t / c` when the integer term `t` is written as a multiple of the literal `c`.
    fn exact_quotient(&mut self, t: TermId, c: i128) -> Option<TermId> {
        let of_literal = |k: i128| {
            (k.checked_rem(c) == Some(0))
                .then(|| k.checked_div(c))
                .flatten()
        };
        match self.node(t).clone() {
            Node::Int(k) => of_literal(k).map(|q| self.int(q)),
            Node::Mul(mut xs) => {
                let q = of_literal(self.as_int(xs[0])?)?;
                xs[0] = self.int(q);
                Some(self.mul(xs))
            }
            _ => None,
        }
    }

    pub fn real_div(&mut self, a: TermId, b: TermId) -> TermId {
        self.check(a, Sort::Real, "/");
        self.check(b, Sort::Real, "/");
        if let (Some(x), Some(y)) = (self.as_real(a), self.as_real(b)) {
            if y.0 != 0 {
                if let Some(v) = rat_mul(x, (y.1, y.0)) {
                    return self.real(v.0, v.1);
                }
            }
        }
        if self.as_real(b) == Some((1, 1)) {
            return a;
        }
        self.intern(Node::RealDiv(a, b), Sort::Real)
    }

    pub fn le(&mut self, a: TermId, b: TermId) -> TermId {
        self.arith_sort(&[a, b], "<=");
        if a == b {
            return self.bool(true);
        }
        if let Some(c) = self.cmp_lits(a, b) {
            return self.bool(c != std::cmp::Ordering::Greater);
        }
        self.intern(Node::Le(a, b), Sort::Bool)
    }

    pub fn lt(&mut self, a: TermId, b: TermId) -> TermId {
        self.arith_sort(&[a, b], "<");
        if a == b {
            return self.bool(false);
        }
        if let Some(c) = self.cmp_lits(a, b) {
            return self.bool(c == std::cmp::Ordering::Less);
        }
        self.intern(Node::Lt(a, b), Sort::Bool)
    }

    pub fn ge(&mut self, a: TermId, b: TermId) -> TermId {
        self.le(b, a)
    }

    pub fn gt(&mut self, a: TermId, b: TermId) -> TermId {
        self.lt(b, a)
    }

    fn cmp_lits(&self, a: TermId, b: TermId) -> Option<std::cmp::Ordering> {
        if let (Some(x), Some(y)) = (self.as_int(a), self.as_int(b)) {
            return Some(x.cmp(&y));
        }
        if let (Some(x), Some(y)) = (self.as_real(a), self.as_real(b)) {
            let l = x.0.checked_mul(y.1)?;
            let r = y.0.checked_mul(x.1)?;
            return Some(l.cmp(&r));
        }
        None
    }

    pub fn to_real(&mut self, a: TermId) -> TermId {
        self.check(a, Sort::Int, "to_real");
        if let Some(i) = self.as_int(a) {
            return self.real(i, 1);
        }
        self.intern(Node::ToReal(a), Sort::Real)
    }

    /// `floor(a)` of a real as an integer (SMT-LIB `to_int`).
    pub fn to_int(&mut self, a: TermId) -> TermId {
        self.check(a, Sort::Real, "to_int");
        if let Some((n, d)) = self.as_real(a) {
            return self.int(n.div_euclid(d));
        }
        if let Node::ToReal(i) = self.node(a) {
            return *i;
        }
        self.intern(Node::ToInt(a), Sort::Int)
    }

    /// `forall vars. body`; the vars are ordinary symbols that the printer binds here.
    pub fn forall(&mut self, vars: Vec<SymId>, body: TermId) -> TermId {
        self.check(body, Sort::Bool, "forall");
        if vars.is_empty() || self.as_bool(body).is_some() {
            return body;
        }
        self.intern(Node::Forall(vars, body), Sort::Bool)
    }

    pub fn exists(&mut self, vars: Vec<SymId>, body: TermId) -> TermId {
        self.check(body, Sort::Bool, "exists");
        if vars.is_empty() || self.as_bool(body).is_some() {
            return body;
        }
        self.intern(Node::Exists(vars, body), Sort::Bool)
    }

    /// The children of a node, in order.
    pub fn children(&self, t: TermId) -> Vec<TermId> {
        node_children(self.node(t))
    }

    /// Replaces symbols by terms everywhere in `t` (used to rename summation indices).
    pub fn substitute(&mut self, t: TermId, map: &HashMap<SymId, TermId>) -> TermId {
        let terms: HashMap<TermId, TermId> = map.iter().map(|(s, r)| (self.sym(*s), *r)).collect();
        self.replace(t, &terms)
    }

    /// Replaces subterms by terms everywhere in `t` (outermost matches first). Iterative: an
    /// explicit stack in post-order, so a deep term cannot overflow the stack.
    pub fn replace(&mut self, t: TermId, map: &HashMap<TermId, TermId>) -> TermId {
        let mut memo: HashMap<TermId, TermId> = HashMap::new();
        let mut stack = vec![(t, false)];
        while let Some((x, expanded)) = stack.pop() {
            if memo.contains_key(&x) {
                continue;
            }
            if let Some(&r) = map.get(&x) {
                memo.insert(x, r);
                continue;
            }
            let kids = self.children(x);
            if !expanded {
                stack.push((x, true));
                for c in kids.into_iter().rev() {
                    if !memo.contains_key(&c) {
                        stack.push((c, false));
                    }
                }
                continue;
            }
            let kids: Vec<TermId> = kids.iter().map(|c| memo[c]).collect();
            let r = self.with_children(x, kids);
            memo.insert(x, r);
        }
        memo[&t]
    }

    /// `t`'s node with new children (in [`Store::children`] order), through the constructors.
    pub fn with_children(&mut self, t: TermId, v: Vec<TermId>) -> TermId {
        match self.node(t).clone() {
            Node::Bool(_)
            | Node::Int(_)
            | Node::Real(..)
            | Node::Sym(_)
            | Node::FpLit(..)
            | Node::BvLit(..) => t,
            Node::App(f, _) => self.app(f, v),
            Node::Fp(op, _) => self.fp(op, v),
            Node::Bv(op, _) => self.bv(op, v),
            Node::Not(_) => self.not(v[0]),
            Node::And(_) => self.and(v),
            Node::Or(_) => self.or(v),
            Node::Add(_) => self.add(v),
            Node::Mul(_) => self.mul(v),
            Node::Ite(..) => self.ite(v[0], v[1], v[2]),
            Node::Eq(..) => self.eq(v[0], v[1]),
            Node::Neg(_) => self.neg(v[0]),
            Node::IntDiv(..) => self.int_div(v[0], v[1]),
            Node::IntMod(..) => self.int_mod(v[0], v[1]),
            Node::RealDiv(..) => self.real_div(v[0], v[1]),
            Node::Le(..) => self.le(v[0], v[1]),
            Node::Lt(..) => self.lt(v[0], v[1]),
            Node::ToReal(_) => self.to_real(v[0]),
            Node::ToInt(_) => self.to_int(v[0]),
            Node::Forall(vs, _) => self.forall(vs, v[0]),
            Node::Exists(vs, _) => self.exists(vs, v[0]),
        }
    }

    /// Every symbol occurring in `t` (bound ones included), in id order.
    /// Whether `t` has a quantifier.
    pub fn has_quantifier(&self, t: TermId) -> bool {
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![t];
        while let Some(u) = todo.pop() {
            if !seen.insert(u) {
                continue;
            }
            if matches!(self.node(u), Node::Forall(..) | Node::Exists(..)) {
                return true;
            }
            todo.extend(self.children(u));
        }
        false
    }

    pub fn symbols_of(&self, t: TermId) -> Vec<SymId> {
        let mut seen = std::collections::HashSet::new();
        let mut out = std::collections::BTreeSet::new();
        let mut stack = vec![t];
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            if let Node::Sym(s) = self.node(x) {
                out.insert(*s);
            }
            stack.extend(self.children(x));
        }
        out.into_iter().collect()
    }

    /// Number of distinct nodes reachable from `t` (a size measure).
    pub fn dag_size(&self, t: TermId) -> usize {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![t];
        while let Some(x) = stack.pop() {
            if seen.insert(x) {
                stack.extend(self.children(x));
            }
        }
        seen.len()
    }
}

pub(crate) fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a.min(i128::MAX as u128) as i128
}

fn rat_add(a: (i128, i128), b: (i128, i128)) -> Option<(i128, i128)> {
    let n = a.0.checked_mul(b.1)?.checked_add(b.0.checked_mul(a.1)?)?;
    let d = a.1.checked_mul(b.1)?;
    let g = gcd(n, d).max(1);
    Some((n / g, d / g))
}

fn rat_mul(a: (i128, i128), b: (i128, i128)) -> Option<(i128, i128)> {
    let n = a.0.checked_mul(b.0)?;
    let d = a.1.checked_mul(b.1)?;
    if d == 0 {
        return None;
    }
    let g = gcd(n, d).max(1);
    let (n, d) = (n / g, d / g);
    Some(if d < 0 { (-n, -d) } else { (n, d) })
}

/// Euclidean quotient: `a = b*q + r` with `0 <= r < |b|`.
pub fn euclid_div(a: i128, b: i128) -> Option<i128> {
    if b == 0 {
        return None;
    }
    let q = a.checked_div(b)?;
    let r = a - q * b;
    Some(if r < 0 {
        if b > 0 {
            q - 1
        } else {
            q + 1
        }
    } else {
        q
    })
}

/// The deepest term that the recursive walks of this crate (simplification, evaluation,
/// substitution, printing) and a solver are given: deeper queries are left unsimplified,
/// evaluate to "unknown", and callers report them unknown ("query too deep"). Sized so that
/// every walk fits a thread with an 8 MiB stack (`tests/deep.rs`).
pub const MAX_DEPTH: u32 = 2_000;

/// The children of a node, in order.
fn node_children(node: &Node) -> Vec<TermId> {
    match node {
        Node::Bool(_)
        | Node::Int(_)
        | Node::Real(..)
        | Node::Sym(_)
        | Node::FpLit(..)
        | Node::BvLit(..) => vec![],
        Node::App(_, xs)
        | Node::Fp(_, xs)
        | Node::Bv(_, xs)
        | Node::And(xs)
        | Node::Or(xs)
        | Node::Add(xs)
        | Node::Mul(xs) => xs.clone(),
        Node::Not(a) | Node::Neg(a) | Node::ToReal(a) | Node::ToInt(a) => vec![*a],
        Node::Forall(_, b) | Node::Exists(_, b) => vec![*b],
        Node::Ite(c, a, b) => vec![*c, *a, *b],
        Node::Eq(a, b)
        | Node::IntDiv(a, b)
        | Node::IntMod(a, b)
        | Node::RealDiv(a, b)
        | Node::Le(a, b)
        | Node::Lt(a, b) => vec![*a, *b],
    }
}
