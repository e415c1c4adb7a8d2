//! The floating-point part of the term IR: literals, the theory's operations (type-checked and
//! folded on literals by `ieee754`, the same code the evaluator runs), and the operations
//! defined as terms over them: XLA's NaN-propagating `max`/`min` and the flush to zero of
//! XLA:CPU.

use crate::term::{Format, FpOp, Node, Sort, Store, TermId};
use ieee754::Val;

impl Store {
    /// The float of format `f` with bit pattern `bits` (a NaN pattern is the NaN).
    pub fn fp_lit(&mut self, f: Format, bits: u64) -> TermId {
        let bits = f.canon(bits);
        self.intern(Node::FpLit(f, bits), Sort::Float(f))
    }

    /// `x` rounded to nearest even into format `f`.
    pub fn fp_of_f64(&mut self, f: Format, x: f64) -> TermId {
        let bits = f.from_f64(x);
        self.fp_lit(f, bits)
    }

    /// The bit-vector of width `w` (1 to 64) with value `v` (taken modulo `2^w`).
    pub fn bv_lit(&mut self, w: u32, v: u64) -> TermId {
        assert!((1..=64).contains(&w), "bit-vector width {w}");
        let v = if w == 64 { v } else { v & ((1 << w) - 1) };
        self.intern(Node::BvLit(w, v), Sort::BitVec(w))
    }

    /// The literal's bit pattern, if `t` is a float literal.
    pub fn as_fp(&self, t: TermId) -> Option<(Format, u64)> {
        match self.node(t) {
            Node::FpLit(f, b) => Some((*f, *b)),
            _ => None,
        }
    }

    /// An operation of the floating-point theory. Operand sorts are checked (a mismatch is a
    /// bug in the caller); an operation on literals is folded when the theory specifies its
    /// result.
    pub fn fp(&mut self, op: FpOp, args: Vec<TermId>) -> TermId {
        let sort = self.fp_result_sort(op, &args);
        match (op, &args[..]) {
            (FpOp::FromReal(f), [x]) => {
                if let Some((n, d)) = self.as_real(*x) {
                    return self.fp_lit(f, f.from_rational(n, d));
                }
            }
            (FpOp::ToReal, [x]) => {
                if let Some((n, d)) = self.as_fp(*x).and_then(|(f, b)| f.to_rational(b)) {
                    return self.real(n, d);
                }
            }
            _ => {}
        }
        let lits: Option<Vec<Val>> = args.iter().map(|a| self.literal_val(*a)).collect();
        if let Some(v) = lits.and_then(|l| ieee754::apply(op, &l)) {
            return match v {
                Val::Bool(b) => self.bool(b),
                Val::Float(f, b) => self.fp_lit(f, b),
                Val::Bv(w, b) => self.bv_lit(w, b),
            };
        }
        self.intern(Node::Fp(op, args), sort)
    }

    fn literal_val(&self, t: TermId) -> Option<Val> {
        match self.node(t) {
            Node::FpLit(f, b) => Some(Val::Float(*f, *b)),
            Node::BvLit(w, b) => Some(Val::Bv(*w, *b)),
            Node::Bool(b) => Some(Val::Bool(*b)),
            _ => None,
        }
    }

    fn fp_result_sort(&self, op: FpOp, args: &[TermId]) -> Sort {
        let sorts: Vec<Sort> = args.iter().map(|a| self.sort(*a)).collect();
        let float = |i: usize| match sorts.get(i) {
            Some(Sort::Float(f)) => *f,
            s => panic!("{op:?}: operand {i} is {s:?}, not a float"),
        };
        let arity = match op {
            FpOp::Fma => 3,
            FpOp::Add | FpOp::Sub | FpOp::Mul | FpOp::Div => 2,
            FpOp::Min | FpOp::Max | FpOp::Lt | FpOp::Leq | FpOp::Eq => 2,
            _ => 1,
        };
        assert_eq!(sorts.len(), arity, "{op:?}: arity");
        match op {
            FpOp::FromSbv(to) => {
                assert!(matches!(sorts[0], Sort::BitVec(_)), "{op:?}: operand");
                Sort::Float(to)
            }
            FpOp::FromBits(to) => {
                assert_eq!(sorts[0], Sort::BitVec(to.width()), "{op:?}: operand");
                Sort::Float(to)
            }
            FpOp::ToFp(to) => {
                float(0);
                Sort::Float(to)
            }
            FpOp::FromReal(to) => {
                assert_eq!(sorts[0], Sort::Real, "{op:?}: operand");
                Sort::Float(to)
            }
            FpOp::ToReal => {
                float(0);
                Sort::Real
            }
            FpOp::ToSbv(w) => {
                float(0);
                assert!((1..=64).contains(&w), "{op:?}: width");
                Sort::BitVec(w)
            }
            _ => {
                let f = float(0);
                for i in 1..arity {
                    assert_eq!(float(i), f, "{op:?}: mixed formats");
                }
                match op {
                    FpOp::Lt | FpOp::Leq | FpOp::Eq => Sort::Bool,
                    FpOp::IsNaN | FpOp::IsInfinite | FpOp::IsZero => Sort::Bool,
                    FpOp::IsSubnormal | FpOp::IsNormal | FpOp::IsNegative => Sort::Bool,
                    _ => Sort::Float(f),
                }
            }
        }
    }

    /// The format of a float-sorted term.
    pub fn fp_format(&self, t: TermId) -> Format {
        match self.sort(t) {
            Sort::Float(f) => f,
            s => panic!("not a float: {s:?}"),
        }
    }

    /// Flush to zero (XLA:CPU's FTZ/DAZ): a subnormal becomes the zero of its sign.
    pub fn fp_flush(&mut self, x: TermId) -> TermId {
        let f = self.fp_format(x);
        let sub = self.fp(FpOp::IsSubnormal, vec![x]);
        let neg = self.fp(FpOp::IsNegative, vec![x]);
        let (nz, pz) = (self.fp_lit(f, f.zero(true)), self.fp_lit(f, f.zero(false)));
        let zero = self.ite(neg, nz, pz);
        self.ite(sub, zero, x)
    }

    /// IEEE 754-2019 `maximum` (XLA's `max` on floats): NaN when either operand is NaN, and
    /// `-0 < +0`. Defined as a term over the theory's operations.
    pub fn fp_maximum(&mut self, a: TermId, b: TermId) -> TermId {
        self.fp_extremum(a, b, true)
    }

    /// IEEE 754-2019 `minimum` (XLA's `min` on floats), as [`Store::fp_maximum`].
    pub fn fp_minimum(&mut self, a: TermId, b: TermId) -> TermId {
        self.fp_extremum(a, b, false)
    }

    fn fp_extremum(&mut self, a: TermId, b: TermId, max: bool) -> TermId {
        let f = self.fp_format(a);
        let nan = self.fp_lit(f, f.nan());
        let an = self.fp(FpOp::IsNaN, vec![a]);
        let bn = self.fp(FpOp::IsNaN, vec![b]);
        let any_nan = self.or2(an, bn);
        let (hi, lo) = if max { (a, b) } else { (b, a) };
        let a_wins = self.fp(FpOp::Lt, vec![lo, hi]);
        let b_wins = self.fp(FpOp::Lt, vec![hi, lo]);
        // Equal values: the zeros differ by sign; `a` unless its sign loses.
        let a_neg = self.fp(FpOp::IsNegative, vec![a]);
        let tie = if max {
            self.ite(a_neg, b, a)
        } else {
            self.ite(a_neg, a, b)
        };
        let inner = self.ite(b_wins, b, tie);
        let inner = self.ite(a_wins, a, inner);
        self.ite(any_nan, nan, inner)
    }
}
