//! [`MDomain`] in the symbolic domain ([`Sym`]): floats as SMT terms, abstract per float type
//! (see [`crate::base::domain`]); the per-point UB, external calls, folds and `math` functions are
//! the op modules' (`body`, `extcall`, `fold`, `math`), which sit below this implementation.

use crate::base::domain::{
    bitwise, f_lit_of, into_literal_ite, ite_leaves, Combiner, EType, FBin, FTy, IBit, MDomain,
};
use crate::base::ieee;
use crate::base::value::{Elem, SVal, Val};
use crate::ops::fold;
use smt::{Sort, TermId};
use symbolic::Sym;

/// Float literals are their bit patterns (an injective encoding, NaNs canonical); arithmetic
/// and comparisons are uninterpreted functions per float type, with only facts that hold
/// exactly in IEEE 754 (NaN payloads aside) built in at construction:
/// - operations on literals are folded by [`crate::base::ieee`] (every float type, round to nearest
///   even);
/// - `addf`/`mulf` order their arguments by term id (commutativity); `x - y` is `x + (-y)`;
///   `negf(negf(x))` is `x`; `x + -0.0`, `x * 1.0`, `x / 1.0` are `x`; `x * -1.0`, `x / -1.0`
///   are `-x`; an operation with a NaN literal operand is NaN;
/// - `cmpf` is built from `isnan`, `oeq`, `olt`, `ole` (the others are their swaps and
///   negations; the ordered ones imply that no operand is NaN); `-0.0` and `0.0` compare alike;
///   `oeq(x, x)` and `ole(x, x)` are `!isnan(x)`, `olt(x, x)` is false; `oeq` is equality of
///   values or of zeros of both signs, `olt` one uninterpreted order per pair (trichotomy),
///   `ole` is `olt ∨ oeq` (see `cmp_o`); only `+inf` is above the largest finite value and only
///   `-inf` below the least;
/// - `truncf(extf(x))` is `x` when `extf` widens (exact).
impl MDomain for Sym {
    type F = TermId;

    fn f_lit(&mut self, t: FTy, bits: u64) -> TermId {
        self.store.int(t.format().canon(bits) as i128)
    }

    fn f_bin(&mut self, op: FBin, t: FTy, a: &TermId, b: &TermId) -> TermId {
        let (a, b) = (*a, *b);
        if op == FBin::Div {
            // `1 / ±0` is `±inf`: the signs of zeros matter ([`symbolic::Folds`]).
            self.folds.zero_sign_seen = true;
        }
        if op == FBin::Sub {
            let nb = self.f_neg(t, &b);
            return self.f_bin(FBin::Add, t, &a, &nb);
        }
        let (la, lb) = (f_lit_of(self, a), f_lit_of(self, b));
        if let (Some(x), Some(y)) = (la, lb) {
            return self.store.int(ieee::bin(op, t, x, y) as i128);
        }
        if la.is_some_and(|x| t.format().is_nan(x)) || lb.is_some_and(|y| t.format().is_nan(y)) {
            return self.store.int(t.format().nan() as i128);
        }
        let (one, minus_one) = (ieee::from_f64(t, 1.0), ieee::from_f64(t, -1.0));
        let identity = |d: &Sym, x: TermId| fold::sum_identity(d, Combiner::Add, t, x);
        match op {
            FBin::Add if identity(self, b) => return a,
            FBin::Add if identity(self, a) => return b,
            FBin::Mul | FBin::Div if lb == Some(one) => return a,
            FBin::Mul if la == Some(one) => return b,
            FBin::Mul | FBin::Div if lb == Some(minus_one) => return self.f_neg(t, &a),
            FBin::Mul if la == Some(minus_one) => return self.f_neg(t, &b),
            _ => {}
        }
        let name = format!("{}_{}", op.name(), t.name());
        let f = if op.commutative() {
            self.store
                .declare_commutative_fun(&name, Sort::Int, Sort::Int)
        } else {
            self.store
                .declare_fun(&name, &[Sort::Int, Sort::Int], Sort::Int)
        };
        // In the checker's reassociation mode a float sum is a multiset sum.
        if Combiner::of(op) == Some(Combiner::Add) && self.folds.reassoc {
            return fold::sym_fold_f(self, Combiner::Add, t, &[a, b]);
        }
        self.store.app(f, vec![a, b])
    }

    fn f_neg(&mut self, t: FTy, a: &TermId) -> TermId {
        if let Some(x) = f_lit_of(self, *a) {
            return self.f_lit(t, x ^ t.format().sign_bit());
        }
        if let Some(r) = into_literal_ite(self, *a, &mut |d, x| d.f_neg(t, &x)) {
            return r;
        }
        let name = format!("negf_{}", t.name());
        let f = self.store.declare_fun(&name, &[Sort::Int], Sort::Int);
        if let smt::Node::App(g, args) = self.store.node(*a) {
            if *g == f {
                return args[0];
            }
        }
        self.store.app(f, vec![*a])
    }

    fn f_app(&mut self, f: crate::base::domain::FUn, t: FTy, args: &[TermId]) -> TermId {
        crate::ops::math::sym_app(self, f, t, args)
    }

    fn f_cmp(&mut self, pred: u8, t: FTy, a: &TermId, b: &TermId) -> TermId {
        // -0.0 and 0.0 compare alike.
        let zero = |d: &mut Sym, x: TermId| {
            if f_lit_of(d, x) == Some(t.format().sign_bit()) {
                d.store.int(0)
            } else {
                x
            }
        };
        let (a, b) = (zero(self, *a), zero(self, *b));
        // Widening is exact and monotone: compare the narrower values.
        if let (Some((f, x)), Some((g, y))) = (widened(self, t, a), widened(self, t, b)) {
            if f == g {
                return self.f_cmp(pred, f, &x, &y);
            }
        }
        if let (Some(x), Some(y)) = (f_lit_of(self, a), f_lit_of(self, b)) {
            return self.store.bool(ieee::cmp(pred, t, x, y));
        }
        match pred {
            0 => self.store.bool(false),
            1 => cmp_o(self, "oeq", t, a, b),
            2 => cmp_o(self, "olt", t, b, a),
            3 => cmp_o(self, "ole", t, b, a),
            4 => cmp_o(self, "olt", t, a, b),
            5 => cmp_o(self, "ole", t, a, b),
            6 => {
                let o = ord(self, t, a, b);
                let e = cmp_o(self, "oeq", t, a, b);
                let ne = self.store.not(e);
                self.store.and2(o, ne)
            }
            7 => ord(self, t, a, b),
            8 => {
                let one = self.f_cmp(6, t, &a, &b);
                self.store.not(one)
            }
            9..=14 => {
                // The unordered predicates are negations of ordered ones.
                let o = self.f_cmp(ieee::pred_negated(pred), t, &a, &b);
                self.store.not(o)
            }
            _ => self.store.bool(true),
        }
    }

    fn f_conv(&mut self, from: FTy, to: FTy, a: &TermId) -> TermId {
        if from == to {
            return *a;
        }
        if let Some(x) = f_lit_of(self, *a) {
            return self.store.int(ieee::convert(from, to, x) as i128);
        }
        if let Some(r) = into_literal_ite(self, *a, &mut |d, x| d.f_conv(from, to, &x)) {
            return r;
        }
        if ieee::widens(to, from) {
            let inner = format!("convf_{}_{}", to.name(), from.name());
            let g = self.store.declare_fun(&inner, &[Sort::Int], Sort::Int);
            if let smt::Node::App(h, args) = self.store.node(*a) {
                if *h == g {
                    return args[0];
                }
            }
        }
        let name = format!("convf_{}_{}", from.name(), to.name());
        let f = self.store.declare_fun(&name, &[Sort::Int], Sort::Int);
        self.store.app(f, vec![*a])
    }

    /// Literals folded; `x & x = x | x = x`, `x ^ x = 0`; otherwise an uninterpreted function
    /// per width with ordered arguments (commutativity), wrapped to the width.
    fn i_bit(&mut self, op: IBit, w: u32, a: &TermId, b: &TermId) -> TermId {
        if let (Some(x), Some(y)) = (self.store.as_int(*a), self.store.as_int(*b)) {
            return self.store.int(bitwise(op, w, x, y));
        }
        if a == b {
            return match op {
                IBit::Xor => self.store.int(0),
                _ => *a,
            };
        }
        // Identities of 0 and -1 (all ones).
        for (x, y) in [(*a, *b), (*b, *a)] {
            match (op, self.store.as_int(x)) {
                (IBit::And, Some(0)) => return self.store.int(0),
                (IBit::Or, Some(-1)) => return self.store.int(-1),
                (IBit::Or | IBit::Xor, Some(0)) | (IBit::And, Some(-1)) => return y,
                _ => {}
            }
        }
        // Into the branches of a selection between literals (constant tensors).
        for (x, y, swap) in [(*a, *b, false), (*b, *a, true)] {
            if let smt::Node::Ite(c, t, e) = self.store.node(x).clone() {
                let small = ite_leaves(self, x) * ite_leaves(self, y) <= 256;
                if small && self.store.as_int(t).is_some() {
                    let (l, r) = if swap { (y, t) } else { (t, y) };
                    let tt = self.i_bit(op, w, &l, &r);
                    let (l, r) = if swap { (y, e) } else { (e, y) };
                    let ee = self.i_bit(op, w, &l, &r);
                    return self.store.ite(c, tt, ee);
                }
            }
        }
        let name = format!("{}_i{w}", op.name());
        let f = self
            .store
            .declare_commutative_fun(&name, Sort::Int, Sort::Int);
        let r = self.store.app(f, vec![*a, *b]);
        crate::base::value::wrap(self, &r, w)
    }

    fn f_of_int(&mut self, t: FTy, x: &TermId) -> TermId {
        if let Some(i) = self.store.as_int(*x) {
            return self.store.int(ieee::from_int(t, i) as i128);
        }
        let f = self
            .store
            .declare_fun(&format!("itofp_{}", t.name()), &[Sort::Int], Sort::Int);
        self.store.app(f, vec![*x])
    }

    fn f_same(&mut self, _t: FTy, a: &TermId, b: &TermId) -> TermId {
        self.store.eq(*a, *b)
    }

    fn ite_f(&mut self, c: &TermId, a: &TermId, b: &TermId) -> TermId {
        self.store.ite(*c, *a, *b)
    }

    fn give_up(&mut self, why: String) {
        if self.unsupported.is_none() {
            self.unsupported = Some(why);
        }
    }

    fn lit_int(&self, i: &TermId) -> Option<i128> {
        self.store.as_int(*i)
    }

    fn lit_bool(&self, b: &TermId) -> Option<bool> {
        self.store.as_bool(*b)
    }

    fn fold_f(&mut self, k: Combiner, t: FTy, elems: &[TermId]) -> TermId {
        let id = self.store.int(fold::identity_bits(k, t) as i128);
        if k == Combiner::Add && elems.iter().filter(|e| **e != id).count() >= 2 {
            self.folds.saw_fsum = true;
        }
        fold::sym_fold_f(self, k, t, elems)
    }

    fn fold_box(
        &mut self,
        k: Combiner,
        t: EType,
        init: &SVal<Sym>,
        sizes: &[TermId],
        body: &mut dyn FnMut(&mut Sym, &[TermId]) -> SVal<Sym>,
    ) -> SVal<Sym> {
        fold::sym_fold_box(self, k, t, init, sizes, body)
    }

    fn ext_key(&mut self, callee: &str, _site: usize, args: &[Val<'_, Sym>]) -> TermId {
        // An external function may tell `+0.0` from `-0.0` ([`symbolic::Folds`]).
        self.folds.zero_sign_seen = true;
        crate::ops::extcall::sym_key(self, callee, args)
    }

    fn ext_value(&mut self, name: &str, t: EType, at: &[TermId]) -> Elem<Sym> {
        crate::ops::extcall::sym_value(self, name, t, at)
    }

    fn any_point(
        &mut self,
        sizes: &[TermId],
        cond: &mut dyn FnMut(&mut Sym, &[TermId]) -> TermId,
    ) -> TermId {
        crate::ops::linalg::body::sym_any_point(self, sizes, cond)
    }
}

/// `(f, x)` when `a` is `extf` of `x : f` to `t`, a widening.
fn widened(d: &Sym, t: FTy, a: TermId) -> Option<(FTy, TermId)> {
    let smt::Node::App(g, args) = d.store.node(a) else {
        return None;
    };
    let name = d.store.fun_name(*g);
    let rest = name.strip_prefix("convf_")?;
    let (from, to) = rest.split_once('_')?;
    if to != t.name() {
        return None;
    }
    let f = [FTy::F16, FTy::BF16, FTy::F32, FTy::F64]
        .into_iter()
        .find(|f| f.name() == from)?;
    ieee::widens(f, t).then(|| (f, args[0]))
}

fn isnan(d: &mut Sym, t: FTy, a: TermId) -> TermId {
    if let Some(x) = f_lit_of(d, a) {
        return d.store.bool(t.format().is_nan(x));
    }
    // NaNs are canonical in the model (payloads are not observed), so a value is NaN exactly
    // when it is the canonical NaN.
    let nan = d.store.int(t.format().nan() as i128);
    d.store.eq(a, nan)
}

/// Neither operand is NaN.
fn ord(d: &mut Sym, t: FTy, a: TermId, b: TermId) -> TermId {
    let na = isnan(d, t, a);
    let nb = isnan(d, t, b);
    let either = d.store.or2(na, nb);
    d.store.not(either)
}

/// An ordered comparison `oeq`, `olt` or `ole`: both operands not NaN, and then
/// - `oeq(a, b)`: the same value, or zeros of both signs (exact: two different non-NaN bit
///   patterns compare equal only when both are zeros), so no uninterpreted relation;
/// - `olt(a, b)`: not equal, and one uninterpreted order `cmpf_olt_T(x, y)` per unordered pair
///   (`x` the operand of lower term id; `olt(y, x)` is its negation): trichotomy holds by
///   construction (exactly one of `<`, `=`, `>` on non-NaN values); against a literal
///   infinity the order is known;
/// - `ole(a, b)`: `olt(a, b) ∨ oeq(a, b)`.
fn cmp_o(d: &mut Sym, rel: &str, t: FTy, a: TermId, b: TermId) -> TermId {
    let o = ord(d, t, a, b);
    if a == b {
        return if rel == "olt" { d.store.bool(false) } else { o };
    }
    let same = d.store.eq(a, b);
    let (pz, nz) = (d.store.int(0), d.store.int(t.format().sign_bit() as i128));
    let (a_pz, b_nz) = (d.store.eq(a, pz), d.store.eq(b, nz));
    let (a_nz, b_pz) = (d.store.eq(a, nz), d.store.eq(b, pz));
    let z1 = d.store.and2(a_pz, b_nz);
    let z2 = d.store.and2(a_nz, b_pz);
    let eq = d.store.or(vec![same, z1, z2]);
    if rel == "oeq" {
        return d.store.and2(o, eq);
    }
    let f = d.store.declare_fun(
        &format!("cmpf_olt_{}", t.name()),
        &[Sort::Int, Sort::Int],
        Sort::Bool,
    );
    // Every non-NaN value other than +inf is below +inf, other than -inf above -inf; only
    // +inf is above the largest finite value, only -inf below the least.
    let fm = t.format();
    let (inf, ninf) = (Some(fm.inf(false)), Some(fm.inf(true)));
    let (max, nmax) = (Some(fm.max_finite(false)), Some(fm.max_finite(true)));
    let (la, lb) = (f_lit_of(d, a), f_lit_of(d, b));
    let is = |d: &mut Sym, x: TermId, bits: u64| {
        let lit = d.store.int(bits as i128);
        d.store.eq(x, lit)
    };
    let lt = if lb == inf || la == ninf {
        d.store.bool(true)
    } else if la == inf || lb == ninf {
        d.store.bool(false)
    } else if lb == nmax {
        is(d, a, fm.inf(true))
    } else if la == max {
        is(d, b, fm.inf(false))
    } else if la == nmax || lb == max {
        let x = if la == nmax { b } else { a };
        let extreme = is(d, x, fm.inf(la == nmax));
        d.store.not(extreme)
    } else if a < b {
        d.store.app(f, vec![a, b])
    } else {
        let gt = d.store.app(f, vec![b, a]);
        d.store.not(gt)
    };
    if rel == "olt" {
        let ne = d.store.not(eq);
        d.store.and(vec![o, ne, lt])
    } else {
        let le = d.store.or2(eq, lt);
        d.store.and2(o, le)
    }
}
