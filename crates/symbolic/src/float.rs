//! The symbolic domain at float types: IEEE primitives as terms of SMT-LIB's floating-point
//! theory, and the transcendental functions (`exp`, `log`, `tanh`, `rsqrt`, `pow`, `log1p`,
//! `expm1`, `sin`, `cos`, `cbrt`, `atan2`) as
//! uninterpreted functions per format, constrained only by facts that every faithful
//! implementation satisfies. Each fact is instantiated at the applications a query contains
//! and named ([`FloatFact`]); a verdict that rests on them lists the names.

use crate::{Sym, SymVal};
use smt::{Format, FpOp, Node, Sort, TermId};
use tensor::{ElemType, FloatTy, Literal, Prim};

/// One instance of a named fact about an uninterpreted float function.
#[derive(Clone, Debug)]
pub struct FloatFact {
    pub name: &'static str,
    pub term: TermId,
}

impl Sym {
    pub(crate) fn lit_float(&mut self, f: FloatTy, lit: Literal) -> SymVal {
        let fm = f.format;
        let bits = match lit {
            Literal::Int(i) => fm.from_int(i),
            Literal::Rat(n, d) => fm.from_rational(n, d),
            Literal::Inf(pos) => fm.inf(!pos),
            Literal::Bits(b) => b,
            Literal::Bool(_) => {
                return self.unsupported(
                    format!("literal {lit:?} at a float type"),
                    ElemType::Float(f),
                )
            }
        };
        SymVal::Plain(self.store.fp_lit(fm, bits))
    }

    pub(crate) fn prim_float(&mut self, op: Prim, f: FloatTy, a: &[TermId]) -> SymVal {
        if op == Prim::IsSubnormal && self.never_subnormal(a[0]) {
            // Flushing twice is flushing once: `flush(flush(x))` is the term `flush(x)`.
            return SymVal::Plain(self.store.bool(false));
        }
        let s = &mut self.store;
        let theory = match op {
            Prim::Add => FpOp::Add,
            Prim::Sub => FpOp::Sub,
            Prim::Mul => FpOp::Mul,
            Prim::RealDiv => FpOp::Div,
            Prim::Neg => FpOp::Neg,
            Prim::Abs => FpOp::Abs,
            Prim::Sqrt => FpOp::Sqrt,
            Prim::Lt => FpOp::Lt,
            Prim::Le => FpOp::Leq,
            Prim::Eq => FpOp::Eq,
            Prim::IsNaN => FpOp::IsNaN,
            Prim::IsInf => FpOp::IsInfinite,
            Prim::IsSubnormal => FpOp::IsSubnormal,
            Prim::IsNegative => FpOp::IsNegative,
            Prim::Exp
            | Prim::Log
            | Prim::Tanh
            | Prim::Rsqrt
            | Prim::Pow
            | Prim::Log1p
            | Prim::Expm1
            | Prim::Sin
            | Prim::Cos
            | Prim::Cbrt
            | Prim::Atan2 => return SymVal::Plain(self.math(op, f.format, a)),
            _ => {
                let ty = ElemType::Float(f);
                let rt = if matches!(op, Prim::Lt | Prim::Le | Prim::Eq) {
                    ElemType::Bool
                } else {
                    ty
                };
                return self.unsupported(format!("{op:?} at type {ty}").to_lowercase(), rt);
            }
        };
        SymVal::Plain(s.fp(theory, a.to_vec()))
    }

    /// A conversion (`Prim::ToFloat`, `Prim::TruncInt`): between float formats the theory's
    /// `to_fp`; between an Int and a float (integers are not bit-vectors here) an
    /// uninterpreted function per format, the same in both modules of a pair, folded on
    /// literals. Sound for `verified`: it holds for every function, the true one included;
    /// a refutation through it is replayed concretely.
    pub(crate) fn convert(&mut self, op: Prim, ty: ElemType, args: &[SymVal]) -> SymVal {
        let rt = crate::result_type(op, ty);
        let [SymVal::Plain(x)] = args else {
            return self.unsupported(
                format!("convert ({op:?}) of a reduction or an infinity"),
                rt,
            );
        };
        let x = *x;
        let s = &mut self.store;
        let t = match (op, ty) {
            (Prim::ToFloat(to), ElemType::Float(_)) => s.fp(FpOp::ToFp(to), vec![x]),
            // The theory's own conversions from and to the reals (exact, RNE).
            (Prim::ToFloat(to), ElemType::Real) => s.fp(FpOp::FromReal(to), vec![x]),
            (Prim::ToReal, ElemType::Float(_)) => s.fp(FpOp::ToReal, vec![x]),
            (Prim::ToFloat(to), ElemType::Int) => match s.as_int(x) {
                Some(i) => s.fp_lit(to, to.from_int(i)),
                None => {
                    let name = format!("int_to_{}", to.name());
                    let f = s.declare_fun(&name, &[Sort::Int], Sort::Float(to));
                    s.app(f, vec![x])
                }
            },
            (Prim::TruncInt, ElemType::Float(f)) => {
                match s.as_fp(x).and_then(|(fm, b)| fm.to_int(b, 64)) {
                    Some(i) => s.int(i),
                    None => {
                        let name = format!("trunc_{}", f.format.name());
                        let fun = s.declare_fun(&name, &[Sort::Float(f.format)], Sort::Int);
                        s.app(fun, vec![x])
                    }
                }
            }
            _ => return self.unsupported(format!("convert ({op:?}) at type {ty}"), rt),
        };
        SymVal::Plain(t)
    }

    /// Whether `t` is never subnormal by its form: a literal that is not, a flushed value
    /// (`ite(isSubnormal(y), zero, y)`), or an enumerated fold under FTZ (its last operation
    /// flushed it, in every order).
    fn never_subnormal(&self, t: TermId) -> bool {
        self.never_subnormal_within(t, 8)
    }

    /// [`Sym::never_subnormal`], looking through at most `depth` selections whose branches
    /// are never subnormal (an extremum of flushed operands).
    fn never_subnormal_within(&self, t: TermId, depth: u32) -> bool {
        match self.store.node(t) {
            Node::FpLit(f, b) => !f.is_subnormal(*b),
            Node::Ite(c, x, y) => {
                let flushed = matches!(
                    self.store.node(*c),
                    Node::Fp(FpOp::IsSubnormal, xs) if xs[..] == [*y]
                );
                flushed
                    || (depth > 0
                        && self.never_subnormal_within(*x, depth - 1)
                        && self.never_subnormal_within(*y, depth - 1))
            }
            _ => self
                .enumerated
                .get(&t)
                .is_some_and(|f| f.family.ends_with("_ftz")),
        }
    }

    /// An application of the uninterpreted function of `op` at format `fm`, with its facts.
    fn math(&mut self, op: Prim, fm: Format, a: &[TermId]) -> TermId {
        let name = format!("{}_{}", format!("{op:?}").to_lowercase(), fm.name());
        let sort = Sort::Float(fm);
        let f = self.store.declare_fun(&name, &vec![sort; a.len()], sort);
        let r = self.store.app(f, a.to_vec());
        if self.float_seen.insert(r) {
            let facts = match op {
                Prim::Exp => exp_facts(self, fm, a[0], r),
                Prim::Log => log_facts(self, fm, a[0], r),
                Prim::Tanh => tanh_facts(self, fm, a[0], r),
                Prim::Rsqrt => rsqrt_facts(self, fm, a[0], r),
                Prim::Log1p => log1p_facts(self, fm, a[0], r),
                Prim::Expm1 => expm1_facts(self, fm, a[0], r),
                Prim::Sin | Prim::Cos => sin_cos_facts(self, fm, op == Prim::Sin, a[0], r),
                Prim::Cbrt => cbrt_facts(self, fm, a[0], r),
                Prim::Atan2 => atan2_facts(self, fm, a[0], a[1], r),
                _ => pow_facts(self, fm, a[0], a[1], r),
            };
            for (name, term) in facts {
                if self.store.as_bool(term) != Some(true) {
                    self.float_facts.push(FloatFact { name, term });
                }
            }
        }
        r
    }
}

/// Shorthands over a store for the facts below.
struct F<'a> {
    s: &'a mut smt::Store,
    fm: Format,
}

impl F<'_> {
    fn op(&mut self, op: FpOp, a: &[TermId]) -> TermId {
        self.s.fp(op, a.to_vec())
    }
    fn lit(&mut self, x: f64) -> TermId {
        self.s.fp_of_f64(self.fm, x)
    }
    fn bits(&mut self, b: u64) -> TermId {
        self.s.fp_lit(self.fm, b)
    }
    fn is(&mut self, x: TermId, v: TermId) -> TermId {
        self.s.eq(x, v)
    }
    fn nan(&mut self, x: TermId) -> TermId {
        self.op(FpOp::IsNaN, &[x])
    }
    fn imp(&mut self, a: TermId, b: TermId) -> TermId {
        self.s.implies(a, b)
    }
    /// `t <= x` (false on NaN).
    fn ge(&mut self, x: TermId, t: f64) -> TermId {
        let t = self.lit(t);
        self.op(FpOp::Leq, &[t, x])
    }
    fn le(&mut self, x: TermId, t: f64) -> TermId {
        let t = self.lit(t);
        self.op(FpOp::Leq, &[x, t])
    }
}

type Facts = Vec<(&'static str, TermId)>;

fn exp_facts(sym: &mut Sym, fm: Format, x: TermId, r: TermId) -> Facts {
    let mut c = F {
        s: &mut sym.store,
        fm,
    };
    let (pinf, ninf, pz) = (c.bits(fm.inf(false)), c.bits(fm.inf(true)), c.bits(0));
    let one = c.lit(1.0);
    // ln of the largest finite value and of the least subnormal; a margin of 0.05 (a factor
    // e^0.05 > 1.05, above any format's relative ulp here) makes the facts hold for every
    // faithful implementation, not only a correctly rounded one.
    let ln_max = fm.to_f64(fm.max_finite(false)).ln();
    let ln_min = fm.to_f64(fm.min_subnormal(false)).ln();
    let mut v = vec![];
    let (xn, rn) = (c.nan(x), c.nan(r));
    v.push(("exp(NaN) = NaN", c.imp(xn, rn)));
    let (a, b) = (c.is(x, ninf), c.is(r, pz));
    v.push(("exp(-inf) = +0", c.imp(a, b)));
    let (a, b) = (c.is(x, pinf), c.is(r, pinf));
    v.push(("exp(+inf) = +inf", c.imp(a, b)));
    let (a, b) = (c.op(FpOp::IsZero, &[x]), c.is(r, one));
    v.push(("exp(±0) = 1", c.imp(a, b)));
    let neg = c.op(FpOp::IsNegative, &[r]);
    let ok = c.s.not(neg);
    let not_rn = c.s.not(rn);
    let ok = c.s.and2(ok, not_rn);
    let not_xn = c.s.not(xn);
    v.push(("exp(x) >= +0 for x not NaN", c.imp(not_xn, ok)));
    let (a, b) = (c.ge(x, ln_max + 0.05), c.is(r, pinf));
    v.push(("exp(x) = +inf above ln(max finite)", c.imp(a, b)));
    let a = c.le(x, ln_max - 0.05);
    let inf = c.op(FpOp::IsInfinite, &[r]);
    let fin = c.s.not(inf);
    v.push(("exp(x) finite below ln(max finite)", c.imp(a, fin)));
    let a = c.ge(x, ln_min + 0.05);
    let z = c.op(FpOp::IsZero, &[r]);
    let nz = c.s.not(z);
    v.push(("exp(x) > 0 above ln(least subnormal)", c.imp(a, nz)));
    v
}

fn log_facts(sym: &mut Sym, fm: Format, x: TermId, r: TermId) -> Facts {
    let mut c = F {
        s: &mut sym.store,
        fm,
    };
    let (pinf, ninf, pz) = (c.bits(fm.inf(false)), c.bits(fm.inf(true)), c.bits(0));
    let one = c.lit(1.0);
    let mut v = vec![];
    let (xn, rn) = (c.nan(x), c.nan(r));
    v.push(("log(NaN) = NaN", c.imp(xn, rn)));
    let zero = c.lit(0.0);
    let below = c.op(FpOp::Lt, &[x, zero]);
    v.push(("log(x) = NaN for x < 0", c.imp(below, rn)));
    let (a, b) = (c.op(FpOp::IsZero, &[x]), c.is(r, ninf));
    v.push(("log(±0) = -inf", c.imp(a, b)));
    let (a, b) = (c.is(x, pinf), c.is(r, pinf));
    v.push(("log(+inf) = +inf", c.imp(a, b)));
    let (a, b) = (c.is(x, one), c.is(r, pz));
    v.push(("log(1) = +0", c.imp(a, b)));
    let pos = c.op(FpOp::Lt, &[zero, x]);
    let xi = c.op(FpOp::IsInfinite, &[x]);
    let xf = c.s.not(xi);
    let a = c.s.and2(pos, xf);
    let ri = c.op(FpOp::IsInfinite, &[r]);
    let bad = c.s.or2(ri, rn);
    let good = c.s.not(bad);
    v.push(("log(x) finite for finite x > 0", c.imp(a, good)));
    v
}

fn tanh_facts(sym: &mut Sym, fm: Format, x: TermId, r: TermId) -> Facts {
    let mut c = F {
        s: &mut sym.store,
        fm,
    };
    let (pinf, ninf) = (c.bits(fm.inf(false)), c.bits(fm.inf(true)));
    let (one, mone) = (c.lit(1.0), c.lit(-1.0));
    let mut v = vec![];
    let (xn, rn) = (c.nan(x), c.nan(r));
    v.push(("tanh(NaN) = NaN", c.imp(xn, rn)));
    let (a, b) = (c.op(FpOp::IsZero, &[x]), c.is(r, x));
    v.push(("tanh(±0) = ±0", c.imp(a, b)));
    let (a, b) = (c.is(x, pinf), c.is(r, one));
    v.push(("tanh(+inf) = 1", c.imp(a, b)));
    let (a, b) = (c.is(x, ninf), c.is(r, mone));
    v.push(("tanh(-inf) = -1", c.imp(a, b)));
    let (lo, hi) = (c.op(FpOp::Leq, &[mone, r]), c.op(FpOp::Leq, &[r, one]));
    let within = c.s.and2(lo, hi);
    let not_xn = c.s.not(xn);
    v.push(("-1 <= tanh(x) <= 1", c.imp(not_xn, within)));
    v
}

fn log1p_facts(sym: &mut Sym, fm: Format, x: TermId, r: TermId) -> Facts {
    let mut c = F {
        s: &mut sym.store,
        fm,
    };
    let (pinf, ninf) = (c.bits(fm.inf(false)), c.bits(fm.inf(true)));
    let mone = c.lit(-1.0);
    let mut v = vec![];
    let (xn, rn) = (c.nan(x), c.nan(r));
    v.push(("log1p(NaN) = NaN", c.imp(xn, rn)));
    let below = c.op(FpOp::Lt, &[x, mone]);
    v.push(("log1p(x) = NaN for x < -1", c.imp(below, rn)));
    let (a, b) = (c.is(x, mone), c.is(r, ninf));
    v.push(("log1p(-1) = -inf", c.imp(a, b)));
    let (a, b) = (c.is(x, pinf), c.is(r, pinf));
    v.push(("log1p(+inf) = +inf", c.imp(a, b)));
    let (a, b) = (c.op(FpOp::IsZero, &[x]), c.is(r, x));
    v.push(("log1p(±0) = ±0", c.imp(a, b)));
    v
}

fn expm1_facts(sym: &mut Sym, fm: Format, x: TermId, r: TermId) -> Facts {
    let mut c = F {
        s: &mut sym.store,
        fm,
    };
    let (pinf, ninf) = (c.bits(fm.inf(false)), c.bits(fm.inf(true)));
    let mone = c.lit(-1.0);
    let mut v = vec![];
    let (xn, rn) = (c.nan(x), c.nan(r));
    v.push(("expm1(NaN) = NaN", c.imp(xn, rn)));
    let (a, b) = (c.is(x, pinf), c.is(r, pinf));
    v.push(("expm1(+inf) = +inf", c.imp(a, b)));
    let (a, b) = (c.is(x, ninf), c.is(r, mone));
    v.push(("expm1(-inf) = -1", c.imp(a, b)));
    let (a, b) = (c.op(FpOp::IsZero, &[x]), c.is(r, x));
    v.push(("expm1(±0) = ±0", c.imp(a, b)));
    let at_least = c.op(FpOp::Leq, &[mone, r]);
    let not_xn = c.s.not(xn);
    v.push(("expm1(x) >= -1 for x not NaN", c.imp(not_xn, at_least)));
    v
}

fn sin_cos_facts(sym: &mut Sym, fm: Format, sin: bool, x: TermId, r: TermId) -> Facts {
    let mut c = F {
        s: &mut sym.store,
        fm,
    };
    let (one, mone) = (c.lit(1.0), c.lit(-1.0));
    let mut v = vec![];
    let (xn, rn) = (c.nan(x), c.nan(r));
    let inf = c.op(FpOp::IsInfinite, &[x]);
    let zero = c.op(FpOp::IsZero, &[x]);
    let (lo, hi) = (c.op(FpOp::Leq, &[mone, r]), c.op(FpOp::Leq, &[r, one]));
    let within = c.s.and2(lo, hi);
    let finite = c.s.or2(xn, inf);
    let finite = c.s.not(finite);
    if sin {
        v.push(("sin(NaN) = NaN", c.imp(xn, rn)));
        v.push(("sin(±inf) = NaN", c.imp(inf, rn)));
        let b = c.is(r, x);
        v.push(("sin(±0) = ±0", c.imp(zero, b)));
        v.push(("-1 <= sin(x) <= 1 for finite x", c.imp(finite, within)));
    } else {
        v.push(("cos(NaN) = NaN", c.imp(xn, rn)));
        v.push(("cos(±inf) = NaN", c.imp(inf, rn)));
        let b = c.is(r, one);
        v.push(("cos(±0) = 1", c.imp(zero, b)));
        v.push(("-1 <= cos(x) <= 1 for finite x", c.imp(finite, within)));
    }
    v
}

fn cbrt_facts(sym: &mut Sym, fm: Format, x: TermId, r: TermId) -> Facts {
    let mut c = F {
        s: &mut sym.store,
        fm,
    };
    let mut v = vec![];
    let (xn, rn) = (c.nan(x), c.nan(r));
    v.push(("cbrt(NaN) = NaN", c.imp(xn, rn)));
    let (a, b) = (c.op(FpOp::IsZero, &[x]), c.is(r, x));
    v.push(("cbrt(±0) = ±0", c.imp(a, b)));
    let (a, b) = (c.op(FpOp::IsInfinite, &[x]), c.is(r, x));
    v.push(("cbrt(±inf) = ±inf", c.imp(a, b)));
    v
}

fn atan2_facts(sym: &mut Sym, fm: Format, y: TermId, x: TermId, r: TermId) -> Facts {
    let mut c = F {
        s: &mut sym.store,
        fm,
    };
    let (yn, xn, rn) = (c.nan(y), c.nan(x), c.nan(r));
    let either = c.s.or2(yn, xn);
    vec![("atan2(NaN, x) = atan2(y, NaN) = NaN", c.imp(either, rn))]
}

fn rsqrt_facts(sym: &mut Sym, fm: Format, x: TermId, r: TermId) -> Facts {
    let mut c = F {
        s: &mut sym.store,
        fm,
    };
    let (pinf, ninf) = (c.bits(fm.inf(false)), c.bits(fm.inf(true)));
    let (pz, nz) = (c.bits(fm.zero(false)), c.bits(fm.zero(true)));
    let zero = c.lit(0.0);
    let mut v = vec![];
    let (xn, rn) = (c.nan(x), c.nan(r));
    v.push(("rsqrt(NaN) = NaN", c.imp(xn, rn)));
    let below = c.op(FpOp::Lt, &[x, zero]);
    v.push(("rsqrt(x) = NaN for x < 0", c.imp(below, rn)));
    let (a, b) = (c.is(x, pz), c.is(r, pinf));
    v.push(("rsqrt(+0) = +inf", c.imp(a, b)));
    let (a, b) = (c.is(x, nz), c.is(r, ninf));
    v.push(("rsqrt(-0) = -inf", c.imp(a, b)));
    let (a, b) = (c.is(x, pinf), c.is(r, pz));
    v.push(("rsqrt(+inf) = +0", c.imp(a, b)));
    v
}

fn pow_facts(sym: &mut Sym, fm: Format, x: TermId, y: TermId, r: TermId) -> Facts {
    let mut c = F {
        s: &mut sym.store,
        fm,
    };
    let (one, two, mone) = (c.lit(1.0), c.lit(2.0), c.lit(-1.0));
    let mut v = vec![];
    let (a, b) = (c.op(FpOp::IsZero, &[y]), c.is(r, one));
    v.push(("pow(x, ±0) = 1", c.imp(a, b)));
    let (a, b) = (c.is(x, one), c.is(r, one));
    v.push(("pow(1, y) = 1", c.imp(a, b)));
    let (a, b) = (c.is(y, one), c.is(r, x));
    v.push(("pow(x, 1) = x", c.imp(a, b)));
    let sq = c.op(FpOp::Mul, &[x, x]);
    let (a, b) = (c.is(y, two), c.is(r, sq));
    v.push(("pow(x, 2) = x*x rounded once", c.imp(a, b)));
    let inv = c.op(FpOp::Div, &[one, x]);
    let (a, b) = (c.is(y, mone), c.is(r, inv));
    v.push(("pow(x, -1) = 1/x rounded once", c.imp(a, b)));
    let (xn, yn, rn) = (c.nan(x), c.nan(y), c.nan(r));
    let yz = c.op(FpOp::IsZero, &[y]);
    let nyz = c.s.not(yz);
    let a = c.s.and2(xn, nyz);
    v.push(("pow(NaN, y) = NaN for y != 0", c.imp(a, rn)));
    let x1 = c.is(x, one);
    let nx1 = c.s.not(x1);
    let a = c.s.and2(yn, nx1);
    v.push(("pow(x, NaN) = NaN for x != 1", c.imp(a, rn)));
    v
}
