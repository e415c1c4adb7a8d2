//! Extended reals, below the ops: element functions for [`Elem::X`], a real that is NaN,
//! `+inf` or `-inf` under conditions (with that priority: NaN first), generic over the domain.
//! A lane loaded with `other=-float('inf')` is `-inf` where its mask fails; `-inf - -inf` on a
//! 2-D tile's masked rows is NaN there. Each function is IEEE 754's on the reals extended with
//! NaN and two infinities: `inf - inf`, `inf * 0`, `inf / inf` are NaN, NaN propagates through
//! arithmetic and `exp`, a comparison with NaN is false (`!=` true), `where` selects. The
//! conditions are exact terms (symbolically) or booleans (concretely), so one definition
//! serves both domains. Where IEEE and Triton leave the result open, the result is
//! *undecided* ([`LDomain::undecided`]): a max or min of a NaN (Triton's `propagate_nan`:
//! the GPU's `maxnum` ignores it, the interpreter's `np.maximum` propagates it); a NaN read as
//! a plain real ([`Elem::v`]). `inf / 0` is taken as NaN (a finite `x / 0` is unspecified in
//! kernel and formula alike; an infinite one is never finite, which is all a store's
//! obligation asks).

use crate::value::{Elem, LDomain};
use tensor::{Domain, ElemType, Literal, Prim};

/// An operand as flags and a finite part: NaN where `nan`, else `+inf` where `pos`, else
/// `-inf` where `neg`, else `v`.
pub(crate) struct Ext<D: Domain> {
    pub nan: D::B,
    pub pos: D::B,
    pub neg: D::B,
    pub v: D::V,
}

impl<D: LDomain> Ext<D> {
    /// As an element: a plain real when every flag is known false.
    pub(crate) fn elem(self, d: &D) -> Elem<D> {
        let off = |b: &D::B| d.known_b(b) == Some(false);
        if off(&self.nan) && off(&self.pos) && off(&self.neg) {
            return Elem::V(self.v);
        }
        Elem::X {
            nan: self.nan,
            pos: self.pos,
            neg: self.neg,
            v: self.v,
        }
    }
}

/// An element as an [`Ext`]. Its `neg` may overlap `pos` (`+inf` decides): a rule reads
/// `neg` as "is `-inf`" only under `not pos` ([`neg_only`]) or where `pos` decides anyway.
pub(crate) fn parts<D: LDomain>(d: &mut D, e: &Elem<D>) -> Ext<D> {
    let f = d.lit_b(false);
    match e {
        Elem::X { nan, pos, neg, v } => Ext {
            nan: nan.clone(),
            pos: pos.clone(),
            neg: neg.clone(),
            v: v.clone(),
        },
        // A literal infinity (`tl.where(mask, x, -float('inf'))`): infinite everywhere.
        Elem::V(v) if d.inf_of(v).is_some() => {
            let up = d.inf_of(v).expect("matched");
            let t = d.lit_b(true);
            let zero = d.lit_v(ElemType::Real, Literal::Int(0));
            let (pos, neg) = if up { (t, f.clone()) } else { (f.clone(), t) };
            Ext {
                nan: f,
                pos,
                neg,
                v: zero,
            }
        }
        other => Ext {
            nan: f.clone(),
            pos: f.clone(),
            neg: f,
            v: other.clone().v(d),
        },
    }
}

/// Where `x` is `-inf` (given not NaN): `neg` where `pos` does not hold.
fn neg_only<D: Domain>(d: &mut D, x: &Ext<D>) -> D::B {
    let not_pos = d.not(&x.pos);
    d.and(&not_pos, &x.neg)
}

fn ite_b<D: Domain>(d: &mut D, c: &D::B, a: &D::B, b: &D::B) -> D::B {
    let l = d.and(c, a);
    let nc = d.not(c);
    let r = d.and(&nc, b);
    d.or(&l, &r)
}

fn and3<D: Domain>(d: &mut D, a: &D::B, b: &D::B, c: &D::B) -> D::B {
    let ab = d.and(a, b);
    d.and(&ab, c)
}

/// Whether `x` is finite (not NaN, not infinite).
fn finite<D: Domain>(d: &mut D, x: &Ext<D>) -> D::B {
    let n = d.or(&x.nan, &x.pos);
    let n = d.or(&n, &x.neg);
    d.not(&n)
}

/// Whether `x` is infinite, given that it is not NaN.
fn infinite<D: Domain>(d: &mut D, x: &Ext<D>) -> D::B {
    d.or(&x.pos, &x.neg)
}

/// `f()` where `fin` may hold, else false: a condition on finite parts is not computed where
/// they are known to be meaningless (concretely, a masked lane's part may be a read outside
/// its buffer, which no condition may depend on).
fn when<D: LDomain>(d: &mut D, fin: &D::B, f: impl FnOnce(&mut D) -> D::B) -> D::B {
    match d.known_b(fin) {
        Some(false) => d.lit_b(false),
        _ => f(d),
    }
}

/// `f(v)` of a finite part where it may be finite, else 0: a math function is not applied
/// to a part that is known to be meaningless (concretely, `log` of a NaN lane's 0).
fn apply<D: LDomain>(d: &mut D, x: &Ext<D>, f: impl FnOnce(&mut D, &D::V) -> D::V) -> D::V {
    let fin = finite(d, x);
    match d.known_b(&fin) {
        Some(false) => d.lit_v(ElemType::Real, Literal::Int(0)),
        _ => f(d, &x.v),
    }
}

/// `a < b` on finite parts, where `fin` may hold.
fn lt_v<D: LDomain>(d: &mut D, fin: &D::B, a: &D::V, b: &D::V) -> D::B {
    when(d, fin, |d| {
        let c = d.prim(Prim::Lt, ElemType::Real, &[a.clone(), b.clone()]);
        d.truth(&c)
    })
}

/// `(positive, negative)` of `x` given that it is not NaN: an infinity by its sign, a finite
/// value by comparison with 0.
fn signs<D: LDomain>(d: &mut D, x: &Ext<D>) -> (D::B, D::B) {
    if let Some(s) = literal_sign(d, x) {
        return (d.lit_b(s > 0), d.lit_b(s < 0));
    }
    let zero = d.lit_v(ElemType::Real, Literal::Int(0));
    let fin = finite(d, x);
    let gt = lt_v(d, &fin, &zero, &x.v);
    let lt = lt_v(d, &fin, &x.v, &zero);
    let not_neg = d.not(&x.neg);
    let fin_pos = d.and(&not_neg, &gt);
    let plus = d.or(&x.pos, &fin_pos);
    let not_pos = d.not(&x.pos);
    let m = d.or(&x.neg, &lt);
    let minus = d.and(&not_pos, &m);
    (plus, minus)
}

/// Whether `x` is a finite 0.
fn zero_of<D: LDomain>(d: &mut D, x: &Ext<D>) -> D::B {
    if let Some(s) = literal_sign(d, x) {
        return d.lit_b(s == 0);
    }
    let zero = d.lit_v(ElemType::Real, Literal::Int(0));
    let fin = finite(d, x);
    let eq = when(d, &fin, |d| {
        let eq = d.prim(Prim::Eq, ElemType::Real, &[x.v.clone(), zero]);
        d.truth(&eq)
    });
    d.and(&fin, &eq)
}

/// The sign of a finite literal.
fn literal_sign<D: LDomain>(d: &mut D, x: &Ext<D>) -> Option<i8> {
    let off = |b: &D::B| d.known_b(b) == Some(false);
    if off(&x.nan) && off(&x.pos) && off(&x.neg) {
        d.lit_sign(&x.v)
    } else {
        None
    }
}

/// Where the product or quotient of `a` and `b` is `+inf` given that it is infinite and not
/// NaN: an infinite operand's sign times the other's.
fn inf_sign<D: LDomain>(d: &mut D, a: &Ext<D>, b: &Ext<D>, ia: &D::B, ib: &D::B) -> D::B {
    let mut pos = d.lit_b(false);
    for (x, y, ix) in [(a, b, ia), (b, a, ib)] {
        if d.known_b(ix) == Some(false) {
            continue;
        }
        let (py, my) = signs(d, y);
        let same = ite_b(d, &x.pos, &py, &my);
        let t = d.and(ix, &same);
        pos = d.or(&pos, &t);
    }
    pos
}

/// `e` where the condition `fact` has the value `holds` ([`LDomain::assuming_b`]), every part
/// alike: for an element used only where that holds.
pub(crate) fn assuming<D: LDomain>(d: &mut D, e: &Elem<D>, fact: &D::B, holds: bool) -> Elem<D> {
    match e {
        Elem::B(b) => Elem::B(d.assuming_b(b, fact, holds)),
        Elem::I(_) => e.clone(),
        Elem::V(v) => Elem::V(d.assuming_v(v, fact, holds)),
        Elem::X { nan, pos, neg, v } => Ext {
            nan: d.assuming_b(nan, fact, holds),
            pos: d.assuming_b(pos, fact, holds),
            neg: d.assuming_b(neg, fact, holds),
            v: d.assuming_v(v, fact, holds),
        }
        .elem(d),
    }
}

/// Whether any operand is an extended real (or a literal infinity).
pub(crate) fn any<D: LDomain>(d: &D, xs: &[&Elem<D>]) -> bool {
    xs.iter().any(|e| match e {
        Elem::X { .. } => true,
        Elem::V(v) => d.inf_of(v).is_some(),
        _ => false,
    })
}

/// `a + b` (`a - b` when `sub`): NaN from a NaN operand or from infinities of opposite signs.
pub(crate) fn add<D: LDomain>(d: &mut D, a: &Elem<D>, b: &Elem<D>, sub: bool) -> Elem<D> {
    let a = parts(d, a);
    let mut b = parts(d, b);
    if sub {
        std::mem::swap(&mut b.pos, &mut b.neg);
    }
    let op = if sub { Prim::Sub } else { Prim::Add };
    let v = d.prim(op, ElemType::Real, &[a.v.clone(), b.v.clone()]);
    // +inf + -inf, either way round (a `neg` flag counts where `pos` does not hold).
    let nbp = d.not(&b.pos);
    let pm = and3(d, &a.pos, &nbp, &b.neg);
    let nap = d.not(&a.pos);
    let mp = and3(d, &b.pos, &nap, &a.neg);
    let nan = d.or(&a.nan, &b.nan);
    let nan = d.or(&nan, &pm);
    let nan = d.or(&nan, &mp);
    let pos = d.or(&a.pos, &b.pos);
    let neg = d.or(&a.neg, &b.neg);
    Ext { nan, pos, neg, v }.elem(d)
}

/// `a * b`: NaN from a NaN operand or `inf * 0`; an infinity's sign is the product's.
pub(crate) fn mul<D: LDomain>(d: &mut D, a: &Elem<D>, b: &Elem<D>) -> Elem<D> {
    let (a, b) = (parts(d, a), parts(d, b));
    let v = d.prim(Prim::Mul, ElemType::Real, &[a.v.clone(), b.v.clone()]);
    let (ia, ib) = (infinite(d, &a), infinite(d, &b));
    let inf = d.or(&ia, &ib);
    let mut nan = d.or(&a.nan, &b.nan);
    let f = d.lit_b(false);
    let (mut pos, mut neg) = (f.clone(), f);
    if d.known_b(&inf) != Some(false) {
        let (za, zb) = (zero_of(d, &a), zero_of(d, &b));
        let x = d.and(&ia, &zb);
        let y = d.and(&ib, &za);
        nan = d.or(&nan, &x);
        nan = d.or(&nan, &y);
        pos = inf_sign(d, &a, &b, &ia, &ib);
        neg = inf;
    }
    Ext { nan, pos, neg, v }.elem(d)
}

/// `a / b` with `a / b = a * (1 / b)` on finite values (`crate::ops::arith`): NaN from a NaN
/// operand, `inf / inf` or `inf / 0`; `inf / x` an infinity of the quotient's sign; `x / inf`
/// is 0.
pub(crate) fn div<D: LDomain>(d: &mut D, a: &Elem<D>, b: &Elem<D>) -> Elem<D> {
    let (a, b) = (parts(d, a), parts(d, b));
    let one = d.lit_v(ElemType::Real, Literal::Int(1));
    let inv = d.prim(Prim::RealDiv, ElemType::Real, &[one, b.v.clone()]);
    let q = d.prim(Prim::Mul, ElemType::Real, &[a.v.clone(), inv]);
    let (ia, ib) = (infinite(d, &a), infinite(d, &b));
    let zero = d.lit_v(ElemType::Real, Literal::Int(0));
    let v = d.ite_v(&ib, &zero, &q);
    let mut nan = d.or(&a.nan, &b.nan);
    let f = d.lit_b(false);
    let (mut pos, mut neg) = (f.clone(), f);
    if d.known_b(&ia) != Some(false) {
        let zb = zero_of(d, &b);
        let both = d.and(&ia, &ib);
        let by0 = d.and(&ia, &zb);
        nan = d.or(&nan, &both);
        nan = d.or(&nan, &by0);
        let no = d.lit_b(false);
        pos = inf_sign(d, &a, &b, &ia, &no);
        neg = ia;
    }
    Ext { nan, pos, neg, v }.elem(d)
}

/// `-a`.
pub(crate) fn neg<D: LDomain>(d: &mut D, a: &Elem<D>) -> Elem<D> {
    let a = parts(d, a);
    let pos = neg_only(d, &a);
    let v = d.prim(Prim::Neg, ElemType::Real, &[a.v]);
    Ext {
        nan: a.nan,
        pos,
        neg: a.pos,
        v,
    }
    .elem(d)
}

/// `max(a, b)` (`min` when `!max`): the identity infinity (`-inf` for max) gives the other
/// operand; the absorbing one gives itself. A NaN operand is undecided (`propagate_nan`).
pub(crate) fn max_min<D: LDomain>(d: &mut D, max: bool, a: &Elem<D>, b: &Elem<D>) -> Elem<D> {
    let (a, b) = (parts(d, a), parts(d, b));
    let nan = d.or(&a.nan, &b.nan);
    d.undecided(
        &nan,
        "tl.maximum or tl.minimum of a value that may be NaN (Triton's propagate_nan decides)",
    );
    let (fa, fb) = (finite(d, &a), finite(d, &b));
    let both = d.and(&fa, &fb);
    let lt = lt_v(d, &both, &a.v, &b.v);
    let m = if max {
        d.ite_v(&lt, &b.v, &a.v)
    } else {
        d.ite_v(&lt, &a.v, &b.v)
    };
    // The identity infinity of each operand (`-inf` for max), and the absorbing one.
    let (ida, idb) = if max {
        (&a.neg, &b.neg)
    } else {
        (&a.pos, &b.pos)
    };
    let inner = d.ite_v(idb, &a.v, &m);
    let v = d.ite_v(ida, &b.v, &inner);
    // A min's absorbing `-inf` counts where `+inf` does not decide (a max's `+inf` always).
    let absorbing = if max {
        d.or(&a.pos, &b.pos)
    } else {
        let (na, nb) = (neg_only(d, &a), neg_only(d, &b));
        d.or(&na, &nb)
    };
    let identity = d.and(ida, idb);
    let (pos, neg) = if max {
        (absorbing, identity)
    } else {
        (identity, absorbing)
    };
    Ext { nan, pos, neg, v }.elem(d)
}

/// `exp(a)` (`exp2` alike, through `f`): `exp(-inf) = 0`, `exp(+inf) = +inf`, NaN stays.
pub(crate) fn exp<D: LDomain>(
    d: &mut D,
    a: &Elem<D>,
    f: impl Fn(&mut D, &D::V) -> D::V,
) -> Elem<D> {
    let a = parts(d, a);
    let e = apply(d, &a, f);
    let zero = d.lit_v(ElemType::Real, Literal::Int(0));
    let v = d.ite_v(&a.neg, &zero, &e);
    let no = d.lit_b(false);
    Ext {
        nan: a.nan,
        pos: a.pos,
        neg: no,
        v,
    }
    .elem(d)
}

/// What a math function gives at an infinity (IEEE 754 / C's libm).
#[derive(Clone, Copy)]
enum AtInf {
    Nan,
    Pos,
    Neg,
    Value(i128),
    Same,
}

/// `f(a)` for the math function `name` (`crate::ops`'s `Op::Math`, not `exp2`): NaN stays;
/// infinities as libm gives them (`log(+inf) = +inf`, `log(-inf) = NaN`, `rsqrt(+inf) = 0`,
/// `tanh(-inf) = -1`, `sin(inf) = NaN`, `floor(-inf) = -inf`, ...); a function not in the table is undecided at
/// an infinity.
pub(crate) fn math<D: LDomain>(
    d: &mut D,
    name: &str,
    a: &Elem<D>,
    f: impl Fn(&mut D, &D::V) -> D::V,
) -> Elem<D> {
    let a = parts(d, a);
    let e = apply(d, &a, f);
    let (at_pos, at_neg) = match name {
        "log" | "log2" | "sqrt" => (AtInf::Pos, AtInf::Nan),
        "rsqrt" => (AtInf::Value(0), AtInf::Nan),
        "sin" | "cos" => (AtInf::Nan, AtInf::Nan),
        "tanh" | "erf" => (AtInf::Value(1), AtInf::Value(-1)),
        "floor" | "sinh" | "asinh" => (AtInf::Pos, AtInf::Neg),
        "cosh" => (AtInf::Pos, AtInf::Pos),
        "acosh" | "log1p" | "log10" => (AtInf::Pos, AtInf::Nan),
        "expm1" => (AtInf::Pos, AtInf::Value(-1)),
        "asin" | "acos" | "atanh" | "tan" => (AtInf::Nan, AtInf::Nan),
        _ => {
            let inf = infinite(d, &a);
            d.undecided(&inf, "a math function of an infinity");
            (AtInf::Same, AtInf::Same)
        }
    };
    let no = d.lit_b(false);
    let (mut nan, mut pos, mut neg_out, mut v) = (a.nan.clone(), no.clone(), no.clone(), e);
    // Where the operand is `-inf` (and not `+inf`, which has the priority), then `+inf`.
    let not_pos = d.not(&a.pos);
    let neg = d.and(&not_pos, &a.neg);
    for (flag, what) in [(&neg, at_neg), (&a.pos, at_pos)] {
        match what {
            AtInf::Nan => nan = d.or(&nan, flag),
            AtInf::Pos => pos = d.or(&pos, flag),
            AtInf::Neg => neg_out = d.or(&neg_out, flag),
            AtInf::Value(k) => {
                let c = d.lit_v(ElemType::Real, Literal::Int(k));
                v = d.ite_v(flag, &c, &v);
            }
            AtInf::Same => {}
        }
    }
    Ext {
        nan,
        pos,
        neg: neg_out,
        v,
    }
    .elem(d)
}

/// `|a|`.
pub(crate) fn abs<D: LDomain>(
    d: &mut D,
    a: &Elem<D>,
    f: impl Fn(&mut D, &D::V) -> D::V,
) -> Elem<D> {
    let a = parts(d, a);
    let v = apply(d, &a, f);
    let pos = infinite(d, &a);
    let no = d.lit_b(false);
    Ext {
        nan: a.nan,
        pos,
        neg: no,
        v,
    }
    .elem(d)
}

/// `sigmoid(a)`: 1 at `+inf`, 0 at `-inf`.
pub(crate) fn sigmoid<D: LDomain>(
    d: &mut D,
    a: &Elem<D>,
    f: impl Fn(&mut D, &D::V) -> D::V,
) -> Elem<D> {
    let a = parts(d, a);
    let e = apply(d, &a, f);
    let (zero, one) = (
        d.lit_v(ElemType::Real, Literal::Int(0)),
        d.lit_v(ElemType::Real, Literal::Int(1)),
    );
    let v = d.ite_v(&a.neg, &zero, &e);
    let v = d.ite_v(&a.pos, &one, &v);
    let no = d.lit_b(false);
    Ext {
        nan: a.nan,
        pos: no.clone(),
        neg: no,
        v,
    }
    .elem(d)
}

/// A comparison `a op b` (`op` on finite values through `finite`; `decide` gives the op's
/// truth for an order of the operands): false with a NaN operand, except `!=` (`decide` of
/// no order: `ne`), infinities ordered by their signs.
pub(crate) fn compare<D: LDomain>(
    d: &mut D,
    a: &Elem<D>,
    b: &Elem<D>,
    finite_op: impl Fn(&mut D, &D::V, &D::V) -> D::B,
    decide: impl Fn(std::cmp::Ordering) -> bool,
    ne: bool,
) -> D::B {
    let (a, b) = (parts(d, a), parts(d, b));
    let (af, bf) = (finite(d, &a), finite(d, &b));
    let both_finite = d.and(&af, &bf);
    let r = when(d, &both_finite, |d| finite_op(d, &a.v, &b.v));
    // Each operand's class given no NaN: +inf, -inf (where not +inf), finite.
    let (ap, bp) = (a.pos.clone(), b.pos.clone());
    let nap = d.not(&a.pos);
    let am = d.and(&nap, &a.neg);
    let nbp = d.not(&b.pos);
    let bm = d.and(&nbp, &b.neg);
    let nbm = d.not(&bm);
    let nbp2 = d.not(&bp);
    let less = {
        let x = d.and(&am, &nbm);
        let y = d.and(&af, &bp);
        d.or(&x, &y)
    };
    let greater = {
        let x = d.and(&ap, &nbp2);
        let y = d.and(&af, &bm);
        d.or(&x, &y)
    };
    let equal = {
        let x = d.and(&ap, &bp);
        let y = d.and(&am, &bm);
        d.or(&x, &y)
    };
    let mut inf_result = d.lit_b(false);
    for (o, c) in [
        (std::cmp::Ordering::Less, less),
        (std::cmp::Ordering::Greater, greater),
        (std::cmp::Ordering::Equal, equal),
    ] {
        if decide(o) {
            inf_result = d.or(&inf_result, &c);
        }
    }
    let inf_case = d.not(&both_finite);
    let ordered = ite_b(d, &inf_case, &inf_result, &r);
    let nan = d.or(&a.nan, &b.nan);
    let unordered = d.lit_b(ne);
    ite_b(d, &nan, &unordered, &ordered)
}

/// `where(c, a, b)` on reals: exact, flags selected like the values.
pub(crate) fn select<D: LDomain>(d: &mut D, c: &D::B, a: &Elem<D>, b: &Elem<D>) -> Elem<D> {
    let (a, b) = (parts(d, a), parts(d, b));
    let v = d.ite_v(c, &a.v, &b.v);
    Ext {
        nan: ite_b(d, c, &a.nan, &b.nan),
        pos: ite_b(d, c, &a.pos, &b.pos),
        neg: ite_b(d, c, &a.neg, &b.neg),
        v,
    }
    .elem(d)
}

/// Why a max or min over lanes that may be NaN is undecided.
pub(crate) const MAX_OF_NAN: &str =
    "tl.max or tl.min over lanes that may be NaN (Triton's propagate_nan decides)";

pub(crate) const PRODUCT_OF_NON_FINITE: &str = "a product over lanes that may be NaN or infinite";

/// What a reduction's lanes hold, as conditions: some lane is NaN (`nan`), `+inf` (`pos`),
/// `-inf` (`neg`, where not `+inf`); every lane is `-inf` (`all_neg`, for a max) or `+inf`
/// (`all_pos`, for a min), counting no lanes as every lane. Concretely from [`Seen`];
/// symbolically from `crate::atoms` (conditions over the reduced index).
pub(crate) struct Flags<B> {
    pub nan: B,
    pub pos: B,
    pub neg: B,
    pub all_neg: B,
    pub all_pos: B,
}

/// What a concrete reduction saw.
#[derive(Default, Clone, Copy)]
pub(crate) struct Seen {
    pub nan: bool,
    pub pos: bool,
    pub neg: bool,
    pub finite: bool,
}

impl Seen {
    pub(crate) fn flags(self) -> Flags<bool> {
        Flags {
            nan: self.nan,
            pos: self.pos,
            neg: self.neg,
            all_neg: !self.finite && !self.pos,
            all_pos: !self.finite && !self.neg,
        }
    }
}

/// The result of a reduction whose finite lanes reduce to `v` (the others take no part): a
/// sum is NaN with a NaN lane or infinities of both signs, else infinite with one; a max is
/// `+inf` with a `+inf` lane and `-inf` when every lane is (a min alike); a max or min of a
/// NaN lane is undecided (`propagate_nan`), and so is a product with a lane that may be NaN
/// or infinite.
pub(crate) fn reduced<D: LDomain>(
    d: &mut D,
    r: tensor::Reducer,
    f: Flags<D::B>,
    v: D::V,
) -> Elem<D> {
    let (nan, pos, neg) = match r {
        tensor::Reducer::Max | tensor::Reducer::Min => {
            d.undecided(&f.nan, MAX_OF_NAN);
            if r == tensor::Reducer::Max {
                (f.nan, f.pos, f.all_neg)
            } else {
                (f.nan, f.all_pos, f.neg)
            }
        }
        // A product's infinities (`inf * 0`, the signs of the other lanes) are not
        // modelled: a lane that may be NaN or infinite leaves it undecided.
        tensor::Reducer::Product => {
            let inf = d.or(&f.pos, &f.neg);
            let any = d.or(&f.nan, &inf);
            d.undecided(&any, PRODUCT_OF_NON_FINITE);
            let no = d.lit_b(false);
            (no.clone(), no.clone(), no)
        }
        _ => {
            let both = d.and(&f.pos, &f.neg);
            (d.or(&f.nan, &both), f.pos, f.neg)
        }
    };
    // Concretely, a reduction with no finite lane leaves its identity infinity as `v`.
    let v = match d.inf_of(&v) {
        Some(_) => d.lit_v(ElemType::Real, Literal::Int(0)),
        None => v,
    };
    Ext { nan, pos, neg, v }.elem(d)
}

/// The IEEE class test `name` (`crate::ops::CLASSES`) of an extended real: decided by
/// the flags where one holds (NaN first), else `atom` of the finite part (the domain's
/// [`LDomain::class`]). The finite part is not classed where it is known meaningless.
pub(crate) fn class<D: LDomain>(
    d: &mut D,
    name: &str,
    a: &Elem<D>,
    atom: impl FnOnce(&mut D, &D::V) -> D::B,
) -> D::B {
    let a = parts(d, a);
    let fin = finite(d, &a);
    let of_part = when(d, &fin, |d| atom(d, &a.v));
    let part = d.and(&fin, &of_part);
    match name {
        "isnan" => d.or(&a.nan, &part),
        "isinf" => {
            let not_nan = d.not(&a.nan);
            let inf = infinite(d, &a);
            let inf = d.or(&inf, &part);
            d.and(&not_nan, &inf)
        }
        "isposinf" | "isneginf" => {
            let not_nan = d.not(&a.nan);
            let inf = if name == "isposinf" {
                a.pos.clone()
            } else {
                neg_only(d, &a)
            };
            let inf = d.or(&inf, &part);
            d.and(&not_nan, &inf)
        }
        _ => part,
    }
}
