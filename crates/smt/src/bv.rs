//! The bit-vector part of the term IR: SMT-LIB's `bvand`..`bvashr`, `bvadd`, `bvmul`,
//! `bvneg`, and the bridge to the integers (`(_ int2bv w)`, `bv2nat`), folded on literals by
//! [`apply`] (the code the model evaluator runs too).
//!
//! The bridge is pushed down at construction: `int2bv` of a sum, product, negation,
//! if-then-else or remainder modulo a multiple of `2^w` is the bit-vector operation of the
//! `int2bv`s, and `int2bv(bv2nat(b))` is `b` at the same width. So fixed-width integers that
//! the tensor core computes on Int and wraps modulo `2^w` become pure bit-vector terms where
//! a bitwise operation reads them, which the solver bit-blasts instead of mixing theories.

use crate::term::{Node, Sort, Store, TermId};

/// An operation of the bit-vector theory or its bridge to Int.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum BvOp {
    And,
    Or,
    Xor,
    /// Shifts by the second operand read unsigned; an amount at least the width gives 0
    /// (`Shl`, `LShr`) or the sign fill (`AShr`).
    Shl,
    LShr,
    AShr,
    Add,
    Mul,
    Neg,
    /// `(_ int2bv w)`: an Int modulo `2^w`.
    FromInt(u32),
    /// `bv2nat`: the unsigned value as an Int.
    ToNat,
}

fn mask(w: u32) -> u64 {
    if w == 64 {
        u64::MAX
    } else {
        (1u64 << w) - 1
    }
}

/// A literal value of the theory: a bit-vector `(width, bits)` or an Int.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BvVal {
    Bv(u32, u64),
    Int(i128),
}

/// `op` on literal operands; `None` for operands of the wrong kind.
pub fn apply(op: BvOp, args: &[BvVal]) -> Option<BvVal> {
    use BvVal::{Bv, Int};
    Some(match (op, args) {
        (BvOp::FromInt(w), [Int(i)]) => Bv(w, (i.rem_euclid(1i128 << w)) as u64),
        (BvOp::ToNat, [Bv(_, b)]) => Int(*b as i128),
        (BvOp::Neg, [Bv(w, a)]) => Bv(*w, a.wrapping_neg() & mask(*w)),
        (_, [Bv(w, a), Bv(v, b)]) if w == v => {
            let (w, a, b) = (*w, *a, *b);
            let sign = a >> (w - 1) & 1 == 1;
            let r = match op {
                BvOp::And => a & b,
                BvOp::Or => a | b,
                BvOp::Xor => a ^ b,
                BvOp::Add => a.wrapping_add(b),
                BvOp::Mul => a.wrapping_mul(b),
                BvOp::Shl if b >= w as u64 => 0,
                BvOp::Shl => a << b,
                BvOp::LShr if b >= w as u64 => 0,
                BvOp::LShr => a >> b,
                BvOp::AShr if b >= w as u64 => {
                    if sign {
                        u64::MAX
                    } else {
                        0
                    }
                }
                BvOp::AShr => {
                    let fill = if sign && b > 0 { !(mask(w) >> b) } else { 0 };
                    (a >> b) | fill
                }
                _ => return None,
            };
            Bv(w, r & mask(w))
        }
        _ => return None,
    })
}

impl Store {
    /// The literal value of `t` for [`apply`], if it is one.
    fn bv_val(&self, t: TermId) -> Option<BvVal> {
        match self.node(t) {
            Node::BvLit(w, b) => Some(BvVal::Bv(*w, *b)),
            Node::Int(i) => Some(BvVal::Int(*i)),
            _ => None,
        }
    }

    /// The width of a bit-vector term.
    pub fn bv_width(&self, t: TermId) -> u32 {
        match self.sort(t) {
            Sort::BitVec(w) => w,
            s => panic!("not a bit-vector: {s:?}"),
        }
    }

    /// An operation of the bit-vector theory; operand sorts are checked (a mismatch is a bug
    /// in the caller), literals folded, `int2bv` pushed down (module doc).
    pub fn bv(&mut self, op: BvOp, args: Vec<TermId>) -> TermId {
        let sort = match op {
            BvOp::FromInt(w) => {
                assert!((1..=64).contains(&w), "int2bv width {w}");
                assert_eq!(args.len(), 1, "int2bv arity");
                assert_eq!(self.sort(args[0]), Sort::Int, "int2bv operand");
                Sort::BitVec(w)
            }
            BvOp::ToNat => {
                assert_eq!(args.len(), 1, "bv2nat arity");
                self.bv_width(args[0]);
                Sort::Int
            }
            BvOp::Neg => {
                assert_eq!(args.len(), 1, "bvneg arity");
                Sort::BitVec(self.bv_width(args[0]))
            }
            _ => {
                assert!(!args.is_empty(), "{op:?} arity");
                let w = self.bv_width(args[0]);
                for a in &args {
                    assert_eq!(self.sort(*a), Sort::BitVec(w), "{op:?}: mixed widths");
                }
                assert!(
                    args.len() == 2 || matches!(op, BvOp::Add | BvOp::Mul),
                    "{op:?} arity"
                );
                Sort::BitVec(w)
            }
        };
        let lits: Option<Vec<BvVal>> = args.iter().map(|a| self.bv_val(*a)).collect();
        if let Some(v) = lits.and_then(|l| fold(op, &l)) {
            return match v {
                BvVal::Bv(w, b) => self.bv_lit(w, b),
                BvVal::Int(i) => self.int(i),
            };
        }
        match op {
            BvOp::FromInt(w) => return self.int2bv(w, args[0]),
            BvOp::Add | BvOp::Mul => return self.bv_assoc(op, args, sort),
            _ => {}
        }
        self.intern(Node::Bv(op, args), sort)
    }

    /// `a = b` between `bv2nat` terms, or one and an Int literal, as an equality of
    /// bit-vectors (which the solver bit-blasts); `None` when neither side is `bv2nat`.
    pub(crate) fn nat_eq(&mut self, a: TermId, b: TermId) -> Option<TermId> {
        let nat = |s: &Store, t: TermId| match s.node(t) {
            Node::Bv(BvOp::ToNat, x) => Some(x[0]),
            _ => None,
        };
        let (a, b) = match (nat(self, a), nat(self, b)) {
            (Some(_), _) => (a, b),
            (None, Some(_)) => (b, a),
            (None, None) => return None,
        };
        let x = nat(self, a)?;
        let w = self.bv_width(x);
        if let Some(y) = nat(self, b) {
            return (self.bv_width(y) == w).then(|| self.eq(x, y));
        }
        let k = self.as_int(b)?;
        if k < 0 || k >= 1i128 << w {
            return Some(self.bool(false));
        }
        let lit = self.bv_lit(w, k as u64);
        Some(self.eq(x, lit))
    }

    /// `(_ int2bv w) x`, pushed through the integer operations that commute with it.
    fn int2bv(&mut self, w: u32, x: TermId) -> TermId {
        let modulus_ok = |m: i128| m > 0 && w < 127 && m % (1i128 << w) == 0;
        match self.node(x).clone() {
            Node::Bv(BvOp::ToNat, b) if self.sort(b[0]) == Sort::BitVec(w) => b[0],
            Node::Add(xs) | Node::Mul(xs) => {
                let op = if matches!(self.node(x), Node::Add(_)) {
                    BvOp::Add
                } else {
                    BvOp::Mul
                };
                let bs = xs
                    .iter()
                    .map(|t| self.bv(BvOp::FromInt(w), vec![*t]))
                    .collect();
                self.bv(op, bs)
            }
            Node::Neg(a) => {
                let b = self.bv(BvOp::FromInt(w), vec![a]);
                self.bv(BvOp::Neg, vec![b])
            }
            Node::Ite(c, a, b) => {
                let (a, b) = (
                    self.bv(BvOp::FromInt(w), vec![a]),
                    self.bv(BvOp::FromInt(w), vec![b]),
                );
                self.ite(c, a, b)
            }
            Node::IntMod(a, m) if self.as_int(m).is_some_and(modulus_ok) => {
                self.bv(BvOp::FromInt(w), vec![a])
            }
            _ => self.intern(Node::Bv(BvOp::FromInt(w), vec![x]), Sort::BitVec(w)),
        }
    }

    /// `bvadd`/`bvmul` flattened, literals combined, a single operand itself.
    fn bv_assoc(&mut self, op: BvOp, args: Vec<TermId>, sort: Sort) -> TermId {
        let Sort::BitVec(w) = sort else {
            unreachable!("bit-vector sort")
        };
        let mut flat = Vec::new();
        let (mut lit, unit) = if op == BvOp::Add {
            (0u64, 0)
        } else {
            (1u64, 1)
        };
        for a in args {
            let kids = match self.node(a) {
                Node::Bv(o, xs) if *o == op => xs.clone(),
                _ => vec![a],
            };
            for k in kids {
                match self.node(k) {
                    Node::BvLit(_, b) if op == BvOp::Add => lit = lit.wrapping_add(*b),
                    Node::BvLit(_, b) => lit = lit.wrapping_mul(*b),
                    _ => flat.push(k),
                }
            }
        }
        let lit = lit & mask(w);
        if op == BvOp::Mul && lit == 0 {
            return self.bv_lit(w, 0);
        }
        if lit != unit || flat.is_empty() {
            flat.push(self.bv_lit(w, lit));
        }
        if flat.len() == 1 {
            return flat[0];
        }
        flat.sort();
        self.intern(Node::Bv(op, flat), sort)
    }
}

/// [`apply`] over any number of operands for the associative operations.
fn fold(op: BvOp, args: &[BvVal]) -> Option<BvVal> {
    match op {
        BvOp::Add | BvOp::Mul if args.len() > 2 => {
            let mut acc = args[0];
            for a in &args[1..] {
                acc = apply(op, &[acc, *a])?;
            }
            Some(acc)
        }
        _ => apply(op, args),
    }
}

/// The SMT-LIB head of an operation.
pub(crate) fn head(op: BvOp) -> String {
    match op {
        BvOp::And => "bvand".into(),
        BvOp::Or => "bvor".into(),
        BvOp::Xor => "bvxor".into(),
        BvOp::Shl => "bvshl".into(),
        BvOp::LShr => "bvlshr".into(),
        BvOp::AShr => "bvashr".into(),
        BvOp::Add => "bvadd".into(),
        BvOp::Mul => "bvmul".into(),
        BvOp::Neg => "bvneg".into(),
        BvOp::FromInt(w) => format!("(_ int2bv {w})"),
        BvOp::ToNat => "bv2nat".into(),
    }
}

/// The model evaluator's step: [`fold`] on values.
pub(crate) fn eval(op: BvOp, args: &[crate::Value]) -> Option<crate::Value> {
    let vals: Option<Vec<BvVal>> = args
        .iter()
        .map(|v| match v {
            crate::Value::BitVec(w, b) => Some(BvVal::Bv(*w, *b)),
            crate::Value::Int(i) => Some(BvVal::Int(*i)),
            _ => None,
        })
        .collect();
    Some(match fold(op, &vals?)? {
        BvVal::Bv(w, b) => crate::Value::BitVec(w, b),
        BvVal::Int(i) => crate::Value::Int(i),
    })
}
