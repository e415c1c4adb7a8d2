//! `symbolic`: the symbolic domain, the tensor core's op definitions evaluated to SMT terms of
//! our own IR. Shared by the front ends (`rules`, `mlirsem`).
//!
//! It is not for obligations or verdicts (the front ends'), nor for solving (the `smt` crate's).
//!
//! Element values are plain terms, or *reductions*: `⊕ over x in D of body(x)`, kept as a
//! domain formula over fresh index symbols and a body term. Reductions are never unrolled; two
//! of them are compared by a bijection between their domains (see `rules/src/verify.rs`). Arithmetic on
//! reductions is exact where algebra allows (a sum of sums is one sum over a disjoint union,
//! a product of sums distributes, a select of sums is a sum over a guarded domain); anything
//! else is recorded as unsupported and the verdict becomes `unknown`.

use smt::{FunId, Sort, Store, SymId, TermId};
use std::collections::BTreeMap;
use std::rc::Rc;
use tensor::{Domain, ElemType, Literal, Prim, ReduceDim, Reducer};

mod bits;
mod enumerate;
mod float;
pub use enumerate::{EnumFold, FoldOrder, MAX_ENUMERATED};
pub use float::FloatFact;

/// A reduction value.
#[derive(Clone, Debug)]
pub struct Red {
    pub reducer: Reducer,
    pub ty: ElemType,
    /// The index symbols, with the axis each ranges over (`#` for a branch tag).
    pub vars: Vec<(SymId, String)>,
    /// Which index vectors take part.
    pub dom: TermId,
    pub body: TermId,
}

#[derive(Clone, Debug)]
pub enum SymVal {
    Plain(TermId),
    Red(Rc<Red>),
    /// The literal `+inf` (true) or `-inf` (false). Only comparisons with it, and selections
    /// decided by them, are encoded; anything else is unsupported.
    Inf(bool),
}

/// A summation index created while evaluating, for hints and bound inference.
#[derive(Clone, Debug)]
pub struct IndexVar {
    pub sym: SymId,
    pub axis: String,
    /// The user's name for it (`k.0`), when the rule named it.
    pub label: Option<String>,
}

pub struct Sym {
    pub store: Store,
    /// Why the evaluation could not be encoded, if it could not.
    pub unsupported: Option<String>,
    pub index_vars: Vec<IndexVar>,
    /// Uninterpreted functions of input tensors, by [`input_key`].
    pub inputs: BTreeMap<String, FunId>,
    pub exp: Option<FunId>,
    /// Reductions a front end keeps uninterpreted (mlirsem's sums and products), as plain
    /// data: the front end states the lemmas that relate them.
    pub folds: Folds,
    /// Instances of the facts about uninterpreted float functions (`exp`, `log`, ...), one
    /// group per application: premises of every query the terms appear in.
    pub float_facts: Vec<FloatFact>,
    /// The applications whose facts are recorded.
    float_seen: std::collections::HashSet<TermId>,
    /// Reductions over boxes of literal size are enumerated into plain terms, float sums and
    /// products read in this order (`enumerate`); `None`: reductions stay [`Red`] values.
    pub enumerate_folds: Option<FoldOrder>,
    /// A float sum or product of at least two elements was read as a function of their
    /// multiset ([`FoldOrder::Unspecified`]): a verdict rests on that reading.
    pub order_assumed: bool,
    /// Facts about enumerated folds that hold in every order: premises of every query.
    pub fold_facts: Vec<TermId>,
    /// Enumerated folds by value, for flattening nested ones.
    pub enumerated: BTreeMap<TermId, EnumFold>,
}

/// Uninterpreted reductions recorded while evaluating (see `mlirsem::fold`). Plain ids only.
#[derive(Clone, Debug, Default)]
pub struct Folds {
    /// Float addition is treated as associative and commutative: sums are uninterpreted
    /// functions of the multiset of their summands (an abstraction; the front end names it).
    pub reassoc: bool,
    /// The sign of a zero is insignificant (the front end's `--no-signed-zeros`): `x + +0.0`
    /// is `x`, as `x + -0.0` always is. Exact up to the sign of zeros as long as no operation
    /// tells those signs apart ([`Folds::zero_sign_seen`]).
    pub zero_sign_free: bool,
    /// An operation whose value on a zero depends on its sign beyond a zero result's was
    /// encoded (a division: `1 / ±0` is `±inf`; an external call): with it, `zero_sign_free`
    /// is not exact and the front end encodes again without it.
    pub zero_sign_seen: bool,
    /// A float sum of a reduction with at least two terms was built.
    pub saw_fsum: bool,
    /// Multiset sums: value term -> (family, e.g. `msum_addf_f32`; summands sorted by id).
    pub msums: BTreeMap<TermId, (String, Vec<TermId>)>,
    /// The identity element of each multiset-sum family.
    pub identities: BTreeMap<String, TermId>,
    /// Reductions over a symbolic domain, `family(init, λ vars. dom ? body : identity)`.
    pub lambdas: Vec<LambdaFold>,
    /// Facts about the recorded reductions that hold exactly (e.g. an empty box folds to its
    /// initial value).
    pub facts: Vec<TermId>,
    /// The index symbols bound by `lambdas` (never free in a query).
    pub bound: std::collections::BTreeSet<SymId>,
}

/// `value = family(init, λ vars. if dom then body else identity)`: a reduction over a domain
/// of symbolic size, kept as an uninterpreted function of its initial value and its (padded)
/// element array.
#[derive(Clone, Debug)]
pub struct LambdaFold {
    pub family: String,
    pub identity: TermId,
    pub init: TermId,
    pub vars: Vec<SymId>,
    pub dom: TermId,
    pub body: TermId,
    pub value: TermId,
}

/// The name of the uninterpreted function of input `name` at rank `rank`.
pub fn input_key(name: &str, rank: usize) -> String {
    format!("{name}/{rank}")
}

/// The element type of a primitive's result, given its operands' type: comparisons are bool.
/// (A placeholder for an unsupported result must have the sort the caller expects, or building
/// the term around it fails.)
pub(crate) fn result_type(op: Prim, operands: ElemType) -> ElemType {
    match op {
        Prim::Lt | Prim::Le | Prim::Eq => ElemType::Bool,
        Prim::IsNaN | Prim::IsInf | Prim::IsSubnormal | Prim::IsNegative => ElemType::Bool,
        Prim::ToFloat(f) => ElemType::float(f, false),
        Prim::TruncInt | Prim::ToBits => ElemType::Int,
        Prim::FromBits(f) => ElemType::float(f, false),
        Prim::ToReal => ElemType::Real,
        _ => operands,
    }
}

/// What a primitive is, in the words of the ops that use it.
fn describe(op: Prim) -> String {
    match op {
        Prim::Lt | Prim::Le => "a comparison (lt/le/gt/ge, or max/min/clamp/select)".into(),
        Prim::Eq => "an equality (eq/ne, or a division's zero test)".into(),
        Prim::EuclidDiv | Prim::EuclidMod | Prim::RealDiv => "a division (div/rem)".into(),
        other => format!("{other:?}").to_lowercase(),
    }
}

pub fn sort_of(ty: ElemType) -> Sort {
    match ty {
        ElemType::Bool => Sort::Bool,
        ElemType::Int | ElemType::Fixed(_) => Sort::Int,
        ElemType::Real => Sort::Real,
        ElemType::Float(f) => Sort::Float(f.format),
    }
}

impl Sym {
    pub fn new(store: Store) -> Sym {
        Sym {
            store,
            unsupported: None,
            index_vars: vec![],
            inputs: BTreeMap::new(),
            exp: None,
            folds: Folds::default(),
            float_facts: vec![],
            float_seen: Default::default(),
            enumerate_folds: None,
            order_assumed: false,
            fold_facts: vec![],
            enumerated: BTreeMap::new(),
        }
    }

    pub(crate) fn unsupported(&mut self, why: String, ty: ElemType) -> SymVal {
        if self.unsupported.is_none() {
            self.unsupported = Some(why);
        }
        let t = self.store.fresh("unsupported", sort_of(ty));
        SymVal::Plain(self.store.sym(t))
    }

    fn zero(&mut self, ty: ElemType) -> TermId {
        match ty {
            ElemType::Bool => self.store.bool(false),
            ElemType::Int | ElemType::Fixed(_) => self.store.int(0),
            ElemType::Real => self.store.real(0, 1),
            ElemType::Float(f) => self.store.fp_lit(f.format, 0),
        }
    }

    /// An infinite value where only finite ones are encoded: unsupported.
    pub fn finite(&mut self, v: &SymVal, ty: ElemType) -> SymVal {
        match v {
            SymVal::Inf(_) => self.unsupported(
                "an infinite value used in arithmetic or a reduction".into(),
                ty,
            ),
            other => other.clone(),
        }
    }

    /// A plain value as a reduction over no indices.
    fn as_red(&mut self, v: &SymVal, reducer: Reducer, ty: ElemType) -> Rc<Red> {
        let v = &self.finite(v, ty);
        match v {
            SymVal::Inf(_) => unreachable!("finite() removed infinities"),
            SymVal::Red(r) => r.clone(),
            SymVal::Plain(t) => {
                let dom = self.store.bool(true);
                Rc::new(Red {
                    reducer,
                    ty,
                    vars: vec![],
                    dom,
                    body: *t,
                })
            }
        }
    }

    /// `vars = 0` for every var: the value an index takes when its branch is not chosen.
    fn all_zero(&mut self, vars: &[(SymId, String)]) -> TermId {
        let mut cs = Vec::new();
        for (v, _) in vars {
            let t = self.store.sym(*v);
            let z = self.store.int(0);
            cs.push(self.store.eq(t, z));
        }
        self.store.and(cs)
    }

    /// `a ⊕ b` for two reductions of the same reducer: one reduction over the disjoint union.
    fn union(&mut self, a: &Red, b: &Red) -> Red {
        let tag = self.store.fresh("tag", Sort::Int);
        let tag_t = self.store.sym(tag);
        let zero = self.store.int(0);
        let one = self.store.int(1);
        let is0 = self.store.eq(tag_t, zero);
        let is1 = self.store.eq(tag_t, one);
        let bz = self.all_zero(&b.vars);
        let az = self.all_zero(&a.vars);
        let left = self.store.and(vec![is0, a.dom, bz]);
        let right = self.store.and(vec![is1, b.dom, az]);
        let dom = self.store.or2(left, right);
        let body = self.store.ite(is0, a.body, b.body);
        let mut vars = vec![(tag, "#".to_string())];
        vars.extend(a.vars.iter().cloned());
        vars.extend(b.vars.iter().cloned());
        self.index_vars.push(IndexVar {
            sym: tag,
            axis: "#".into(),
            label: None,
        });
        Red {
            reducer: a.reducer,
            ty: a.ty,
            vars,
            dom,
            body,
        }
    }

    fn plain(&mut self, v: &SymVal, what: &str, ty: ElemType) -> Result<TermId, SymVal> {
        let v = &self.finite(v, ty);
        match v {
            SymVal::Inf(_) => unreachable!("finite() removed infinities"),
            SymVal::Plain(t) => Ok(*t),
            SymVal::Red(r) => Err(self.unsupported(
                format!(
                    "{what} applied to the result of a {} reduction",
                    r.reducer.name()
                ),
                ty,
            )),
        }
    }

    fn identity(&mut self, reducer: Reducer, ty: ElemType) -> Option<TermId> {
        Some(match reducer {
            Reducer::Sum => self.zero(ty),
            Reducer::Product => match ty {
                ElemType::Int | ElemType::Fixed(_) => self.store.int(1),
                _ => self.store.real(1, 1),
            },
            Reducer::And => self.store.bool(true),
            Reducer::Or => self.store.bool(false),
            Reducer::Max | Reducer::Min => return None,
        })
    }

    /// The identity element of a reducer, if it has one in this type.
    pub fn identity_of(&mut self, reducer: Reducer, ty: ElemType) -> Option<TermId> {
        self.identity(reducer, ty)
    }
}

impl Domain for Sym {
    type B = TermId;
    type I = TermId;
    type V = SymVal;

    fn lit_b(&mut self, b: bool) -> TermId {
        self.store.bool(b)
    }
    fn and(&mut self, a: &TermId, b: &TermId) -> TermId {
        self.store.and2(*a, *b)
    }
    fn or(&mut self, a: &TermId, b: &TermId) -> TermId {
        self.store.or2(*a, *b)
    }
    fn not(&mut self, a: &TermId) -> TermId {
        self.store.not(*a)
    }
    fn lit_i(&mut self, i: i128) -> TermId {
        self.store.int(i)
    }
    fn add_i(&mut self, a: &TermId, b: &TermId) -> TermId {
        self.store.add2(*a, *b)
    }
    fn sub_i(&mut self, a: &TermId, b: &TermId) -> TermId {
        self.store.sub(*a, *b)
    }
    fn mul_i(&mut self, a: &TermId, b: &TermId) -> TermId {
        self.store.mul2(*a, *b)
    }
    fn ediv_i(&mut self, a: &TermId, b: &TermId) -> TermId {
        self.store.int_div(*a, *b)
    }
    fn emod_i(&mut self, a: &TermId, b: &TermId) -> TermId {
        self.store.int_mod(*a, *b)
    }
    fn lt_i(&mut self, a: &TermId, b: &TermId) -> TermId {
        self.store.lt(*a, *b)
    }
    fn le_i(&mut self, a: &TermId, b: &TermId) -> TermId {
        self.store.le(*a, *b)
    }
    fn eq_i(&mut self, a: &TermId, b: &TermId) -> TermId {
        self.store.eq(*a, *b)
    }
    fn ite_i(&mut self, c: &TermId, a: &TermId, b: &TermId) -> TermId {
        self.store.ite(*c, *a, *b)
    }

    fn lit_v(&mut self, ty: ElemType, lit: Literal) -> SymVal {
        if let ElemType::Float(f) = ty {
            return self.lit_float(f, lit);
        }
        if let (ElemType::Int | ElemType::Real, Literal::Inf(s)) = (ty, lit) {
            return SymVal::Inf(s);
        }
        let t = match (ty, lit) {
            (ElemType::Bool, Literal::Bool(b)) => self.store.bool(b),
            (ElemType::Int, Literal::Int(i)) => self.store.int(i),
            (ElemType::Real, Literal::Int(i)) => self.store.real(i, 1),
            (ElemType::Real, Literal::Rat(n, d)) => self.store.real(n, d),
            _ => return self.unsupported(format!("literal {lit:?} at type {ty}"), ty),
        };
        SymVal::Plain(t)
    }

    fn index_v(&mut self, ty: ElemType, i: &TermId) -> SymVal {
        if let ElemType::Float(_) = ty {
            return self.unsupported("an index as a float (iota at a float type)".into(), ty);
        }
        SymVal::Plain(match ty {
            ElemType::Real => self.store.to_real(*i),
            _ => *i,
        })
    }

    fn floor_v(&mut self, v: &SymVal) -> TermId {
        match v {
            // An integer element is its own floor (a dynamic slice's start index).
            SymVal::Plain(t) if self.store.sort(*t) == Sort::Int => *t,
            SymVal::Plain(t) => self.store.to_int(*t),
            _ => match self.unsupported(
                "the floor of a reduction or an infinity".into(),
                ElemType::Int,
            ) {
                SymVal::Plain(t) => t,
                _ => unreachable!("unsupported gives a plain term"),
            },
        }
    }

    fn prim(&mut self, op: Prim, ty: ElemType, args: &[SymVal]) -> SymVal {
        if matches!(op, Prim::ToFloat(_) | Prim::TruncInt | Prim::ToReal) {
            return self.convert(op, ty, args);
        }
        if matches!(op, Prim::Bitwise(..) | Prim::FromBits(_) | Prim::ToBits) {
            return self.prim_bits(op, ty, args);
        }
        if args.iter().any(|a| matches!(a, SymVal::Inf(_))) {
            return self.prim_inf(op, ty, args);
        }
        let any_red = args.iter().any(|a| matches!(a, SymVal::Red(_)));
        if any_red {
            return self.prim_red(op, ty, args);
        }
        let a: Vec<TermId> = args
            .iter()
            .map(|v| match v {
                SymVal::Plain(t) => *t,
                SymVal::Red(_) | SymVal::Inf(_) => unreachable!(),
            })
            .collect();
        if let ElemType::Float(f) = ty {
            if !matches!(op, Prim::And | Prim::Or | Prim::Xor | Prim::Not) {
                return self.prim_float(op, f, &a);
            }
        }
        let s = &mut self.store;
        let t = match op {
            Prim::Add => s.add2(a[0], a[1]),
            Prim::Sub => s.sub(a[0], a[1]),
            Prim::Mul => s.mul2(a[0], a[1]),
            Prim::Neg => s.neg(a[0]),
            Prim::EuclidDiv => s.int_div(a[0], a[1]),
            Prim::EuclidMod => s.int_mod(a[0], a[1]),
            Prim::RealDiv => s.real_div(a[0], a[1]),
            Prim::Lt => s.lt(a[0], a[1]),
            Prim::Le => s.le(a[0], a[1]),
            Prim::Eq => s.eq(a[0], a[1]),
            Prim::And => s.and2(a[0], a[1]),
            Prim::Or => s.or2(a[0], a[1]),
            Prim::Xor => s.ne(a[0], a[1]),
            Prim::Not => s.not(a[0]),
            Prim::Log
            | Prim::Sqrt
            | Prim::Tanh
            | Prim::Rsqrt
            | Prim::Pow
            | Prim::Log1p
            | Prim::Expm1
            | Prim::Sin
            | Prim::Cos
            | Prim::Cbrt
            | Prim::Atan2
            | Prim::Abs
            | Prim::IsNaN
            | Prim::IsInf
            | Prim::IsSubnormal
            | Prim::IsNegative
            | Prim::ToFloat(_)
            | Prim::TruncInt
            | Prim::ToReal
            | Prim::Bitwise(..)
            | Prim::FromBits(_)
            | Prim::ToBits => {
                return self.unsupported(
                    format!("{op:?} at type {ty}").to_lowercase(),
                    result_type(op, ty),
                )
            }
            Prim::Exp => {
                let f = *self
                    .exp
                    .get_or_insert_with(|| s.declare_fun("uf_exp", &[Sort::Real], Sort::Real));
                s.app(f, vec![a[0]])
            }
        };
        SymVal::Plain(t)
    }

    fn known_bool(&self, v: &SymVal) -> Option<bool> {
        match v {
            SymVal::Plain(t) => self.store.as_bool(*t),
            _ => None,
        }
    }

    fn known_float(&self, v: &SymVal) -> Option<u64> {
        match v {
            SymVal::Plain(t) => match self.store.node(*t) {
                smt::Node::FpLit(_, b) => Some(*b),
                _ => None,
            },
            _ => None,
        }
    }

    fn truth(&mut self, v: &SymVal) -> TermId {
        match self.plain(v, "a condition", ElemType::Bool) {
            Ok(t) => t,
            Err(_) => self.store.bool(false),
        }
    }

    fn ite_v(&mut self, c: &TermId, a: &SymVal, b: &SymVal) -> SymVal {
        match self.store.as_bool(*c) {
            Some(true) => return a.clone(),
            Some(false) => return b.clone(),
            None => {}
        }
        if matches!(a, SymVal::Inf(_)) || matches!(b, SymVal::Inf(_)) {
            let ty = ElemType::Real;
            return self.unsupported(
                "a value that is infinite under some condition only".into(),
                ty,
            );
        }
        match (a, b) {
            (SymVal::Plain(x), SymVal::Plain(y)) => SymVal::Plain(self.store.ite(*c, *x, *y)),
            _ => {
                let (reducer, ty) = match (a, b) {
                    (SymVal::Red(r), _) | (_, SymVal::Red(r)) => (r.reducer, r.ty),
                    _ => unreachable!(),
                };
                if let (SymVal::Red(x), SymVal::Red(y)) = (a, b) {
                    if x.reducer != y.reducer {
                        return self.unsupported(
                            "select between reductions of different kinds".into(),
                            ty,
                        );
                    }
                }
                let ra = self.as_red(a, reducer, ty);
                let rb = self.as_red(b, reducer, ty);
                let bz = self.all_zero(&rb.vars);
                let az = self.all_zero(&ra.vars);
                let l = self.store.and(vec![ra.dom, bz]);
                let r = self.store.and(vec![rb.dom, az]);
                let dom = self.store.ite(*c, l, r);
                let body = self.store.ite(*c, ra.body, rb.body);
                let mut vars = ra.vars.clone();
                vars.extend(rb.vars.iter().cloned());
                SymVal::Red(Rc::new(Red {
                    reducer,
                    ty,
                    vars,
                    dom,
                    body,
                }))
            }
        }
    }

    fn input(&mut self, name: &str, ty: ElemType, index: &[TermId]) -> SymVal {
        let sort = sort_of(ty);
        if index.is_empty() {
            return SymVal::Plain(self.store.var(name, sort));
        }
        // One function per input and rank: instances of several ranks may share a store.
        let key = input_key(name, index.len());
        let f = match self.inputs.get(&key) {
            Some(f) => *f,
            None => {
                let f = self
                    .store
                    .declare_fun(&key, &vec![Sort::Int; index.len()], sort);
                self.inputs.insert(key, f);
                f
            }
        };
        SymVal::Plain(self.store.app(f, index.to_vec()))
    }

    fn reduce(
        &mut self,
        reducer: Reducer,
        ty: ElemType,
        init: &SymVal,
        dims: &[ReduceDim<TermId>],
        body: &mut dyn FnMut(&mut Self, &[TermId]) -> SymVal,
    ) -> SymVal {
        if let Some(order) = self.enumerate_folds {
            let extents: Vec<TermId> = dims.iter().map(|d| d.extent).collect();
            if let Some(sizes) = self.literal_box(&extents) {
                return self.enumerated_reduce(order, reducer, ty, init, &sizes, body);
            }
        }
        if let ElemType::Float(_) = ty {
            // A float reduction's value depends on its order, which XLA leaves open.
            return self.unsupported(
                format!(
                    "a {} reduction over {ty} elements (its order is not modelled)",
                    reducer.name()
                ),
                ty,
            );
        }
        let mut vars = Vec::new();
        let mut terms = Vec::new();
        let mut box_conds = Vec::new();
        for dim in dims {
            let base = match &dim.label {
                Some(l) => l.clone(),
                None => format!("sum_{}", dim.axis),
            };
            let v = self.store.fresh(&base, Sort::Int);
            let t = self.store.sym(v);
            let zero = self.store.int(0);
            box_conds.push(self.store.le(zero, t));
            box_conds.push(self.store.lt(t, dim.extent));
            vars.push((v, dim.axis.clone()));
            terms.push(t);
            self.index_vars.push(IndexVar {
                sym: v,
                axis: dim.axis.clone(),
                label: dim.label.clone(),
            });
        }
        let inner = body(self, &terms);
        let inner = self.finite(&inner, ty);
        let bx = self.store.and(box_conds);
        let red = match inner {
            SymVal::Plain(b) => Red {
                reducer,
                ty,
                vars,
                dom: bx,
                body: b,
            },
            SymVal::Red(r) if r.reducer == reducer => {
                vars.extend(r.vars.iter().cloned());
                let dom = self.store.and2(bx, r.dom);
                Red {
                    reducer,
                    ty,
                    vars,
                    dom,
                    body: r.body,
                }
            }
            SymVal::Inf(_) => unreachable!("finite() removed infinities"),
            SymVal::Red(r) => {
                return self.unsupported(
                    format!(
                        "a {} reduction over a {} reduction",
                        reducer.name(),
                        r.reducer.name()
                    ),
                    ty,
                )
            }
        };
        if red.vars.is_empty() && self.store.as_bool(red.dom) == Some(true) {
            // A reduction over no axes is its single summand, combined with the init.
            let body = SymVal::Plain(red.body);
            return match (init, self.identity(reducer, ty)) {
                (SymVal::Plain(t), Some(id)) if *t == id => body,
                _ => self.combine_plain(reducer, ty, init, &body),
            };
        }
        let is_identity = match (init, self.identity(reducer, ty)) {
            (SymVal::Plain(t), Some(id)) => *t == id,
            _ => false,
        };
        if is_identity {
            return SymVal::Red(Rc::new(red));
        }
        let init_red = self.as_red(init, reducer, ty);
        if init_red.reducer != reducer {
            return self.unsupported(
                "a reduction whose initial value is another reduction".into(),
                ty,
            );
        }
        SymVal::Red(Rc::new(self.union(&init_red, &red)))
    }
}

impl Sym {
    /// `a ⊕ b` on plain values, through the core's element function of the reducer's op.
    fn combine_plain(&mut self, reducer: Reducer, ty: ElemType, a: &SymVal, b: &SymVal) -> SymVal {
        tensor::binary(self, reducer.binary(), ty, a, b)
    }

    /// Primitives with an infinite operand: the order only (-inf < finite < +inf).
    fn prim_inf(&mut self, op: Prim, ty: ElemType, args: &[SymVal]) -> SymVal {
        let rank = |a: &SymVal| match a {
            SymVal::Inf(false) => -1,
            SymVal::Inf(true) => 1,
            _ => 0,
        };
        match (op, args) {
            (Prim::Lt | Prim::Le | Prim::Eq, [a, b])
                if matches!(a, SymVal::Red(_)) || matches!(b, SymVal::Red(_)) =>
            {
                self.unsupported(
                    "a reduction compared with an infinity".into(),
                    result_type(op, ty),
                )
            }
            (Prim::Lt | Prim::Le | Prim::Eq, [a, b]) => {
                let (ra, rb) = (rank(a), rank(b));
                let v = if ra != rb {
                    op != Prim::Eq && ra < rb
                } else {
                    op != Prim::Lt
                };
                SymVal::Plain(self.store.bool(v))
            }
            _ => self.unsupported(
                format!("{op:?} of an infinite value").to_lowercase(),
                result_type(op, ty),
            ),
        }
    }

    /// Arithmetic where an operand is a reduction.
    fn prim_red(&mut self, op: Prim, ty: ElemType, args: &[SymVal]) -> SymVal {
        let reducer_of = |v: &SymVal| match v {
            SymVal::Red(r) => Some(r.reducer),
            _ => None,
        };
        let reducer = args
            .iter()
            .find_map(reducer_of)
            .expect("a reduction operand");
        let same = args
            .iter()
            .all(|a| reducer_of(a).map(|r| r == reducer).unwrap_or(true));
        match (op, reducer) {
            (Prim::Neg, Reducer::Sum) => {
                let r = self.as_red(&args[0], reducer, ty);
                let body = self.store.neg(r.body);
                SymVal::Red(Rc::new(Red {
                    body,
                    ..(*r).clone()
                }))
            }
            (Prim::Add, Reducer::Sum)
            | (Prim::Mul, Reducer::Product)
            | (Prim::And, Reducer::And)
            | (Prim::Or, Reducer::Or)
                if same =>
            {
                let a = self.as_red(&args[0], reducer, ty);
                let b = self.as_red(&args[1], reducer, ty);
                SymVal::Red(Rc::new(self.union(&a, &b)))
            }
            (Prim::Sub, Reducer::Sum) if same => {
                let nb = self.prim(Prim::Neg, ty, &args[1..2]);
                self.prim(Prim::Add, ty, &[args[0].clone(), nb])
            }
            (Prim::Mul, Reducer::Sum) if same => {
                // (Σ_x f)(Σ_y g) = Σ_{x,y} f·g over the product of the domains.
                let a = self.as_red(&args[0], reducer, ty);
                let b = self.as_red(&args[1], reducer, ty);
                let dom = self.store.and2(a.dom, b.dom);
                let body = self.store.mul2(a.body, b.body);
                let mut vars = a.vars.clone();
                vars.extend(b.vars.iter().cloned());
                SymVal::Red(Rc::new(Red {
                    reducer,
                    ty,
                    vars,
                    dom,
                    body,
                }))
            }
            _ => self.unsupported(
                format!(
                    "{} applied to the result of a {} reduction (or a dot)",
                    describe(op),
                    reducer.name()
                ),
                result_type(op, ty),
            ),
        }
    }
}
