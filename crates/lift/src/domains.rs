//! [`LDomain`], the core domains extended with what Triton needs, for the symbolic domain
//! (a reduction over lanes is an atom, `crate::atoms`) and the concrete one (lanes enumerated,
//! the flags of a reduction as `crate::ext` computes them). Kept apart from `crate::value`,
//! the bottom layer, which atoms and ext build on.

use crate::value::{Elem, LDomain, FLOOR};
use std::rc::Rc;
use tensor::{Concrete, Domain, ElemType, Literal, Scalar};

/// Whether `t` is a loaded value: an input's element, the unspecified value of a masked-off
/// lane (`x#masked`), a constant (a masked load's `other=0.0`: finite in both models), a
/// loaded integer converted to a float, or a choice between such values (a masked load).
fn loaded(s: &symbolic::Sym, t: smt::TermId) -> bool {
    match s.store.node(t) {
        smt::Node::App(f, _) => {
            s.inputs.values().any(|g| g == f) || s.store.fun_name(*f).contains("#masked")
        }
        smt::Node::Ite(_, a, b) => loaded(s, *a) && loaded(s, *b),
        smt::Node::Real(..) | smt::Node::Int(_) => true,
        // A loaded integer converted to a float.
        smt::Node::ToReal(a) => loaded(s, *a),
        _ => false,
    }
}

impl LDomain for symbolic::Sym {
    fn assuming_b(&mut self, b: &Self::B, fact: &Self::B, holds: bool) -> Self::B {
        let lit = self.store.bool(holds);
        let map = std::collections::HashMap::from([(*fact, lit)]);
        self.store.replace(*b, &map)
    }
    fn assuming_v(&mut self, v: &Self::V, fact: &Self::B, holds: bool) -> Self::V {
        match v {
            symbolic::SymVal::Plain(t) => {
                let lit = self.store.bool(holds);
                let map = std::collections::HashMap::from([(*fact, lit)]);
                symbolic::SymVal::Plain(self.store.replace(*t, &map))
            }
            other => other.clone(),
        }
    }
    fn load_i(&mut self, name: &str, off: &Self::I) -> Self::I {
        match self.input(name, ElemType::Int, std::slice::from_ref(off)) {
            symbolic::SymVal::Plain(t) => t,
            _ => unreachable!("an input is a plain term"),
        }
    }
    fn floor_i(&mut self, x: &Self::V) -> Self::I {
        match x {
            // A rational literal's floor is known (a block of `tl.zeros` converted to an
            // integer type is 0), and so is that of an integer seen as a real.
            symbolic::SymVal::Plain(t) => match self.store.node(*t).clone() {
                smt::Node::Real(n, d) => self.store.int(n.div_euclid(d)),
                smt::Node::ToReal(i) => i,
                _ => {
                    let f = self
                        .store
                        .declare_fun(FLOOR, &[smt::Sort::Real], smt::Sort::Int);
                    self.store.app(f, vec![*t])
                }
            },
            _ => {
                self.unsupported.get_or_insert_with(|| {
                    "an integer conversion of a reduction or an infinity".into()
                });
                let v = self.store.fresh("unsupported", smt::Sort::Int);
                self.store.sym(v)
            }
        }
    }
    fn known_b(&self, b: &Self::B) -> Option<bool> {
        self.store.as_bool(*b)
    }
    fn undecided(&mut self, at: &Self::B, why: &str) {
        if self.store.as_bool(*at) != Some(false) {
            self.unsupported.get_or_insert_with(|| why.to_string());
        }
    }
    fn inf_of(&self, v: &Self::V) -> Option<bool> {
        match v {
            symbolic::SymVal::Inf(s) => Some(*s),
            _ => None,
        }
    }
    fn lit_sign(&self, v: &Self::V) -> Option<i8> {
        match v {
            symbolic::SymVal::Plain(t) => match self.store.node(*t) {
                smt::Node::Real(n, _) | smt::Node::Int(n) => Some(n.signum() as i8),
                _ => None,
            },
            _ => None,
        }
    }
    fn reduction(
        &mut self,
        reducer: tensor::Reducer,
        extent: &Self::I,
        body: &mut dyn FnMut(&mut Self, &Self::I) -> Elem<Self>,
    ) -> Elem<Self> {
        crate::atoms::reduction(self, reducer, *extent, body)
    }
    fn extent(&mut self, n: usize) -> Self::I {
        crate::atoms::extent(self, n)
    }
    fn lanes_of(&mut self, end: &Self::I) -> Option<usize> {
        crate::atoms::lanes_of(self, *end)
    }
    fn same_i(&self, a: &Self::I, b: &Self::I) -> bool {
        a == b
    }
    fn enter_fact(&mut self, c: &Self::B) {
        // `folds.facts` is otherwise unused by this front end: here it is the context.
        self.folds.facts.push(*c);
    }
    fn leave_fact(&mut self) {
        self.folds.facts.pop();
    }
    fn same_v(&self, a: &Self::V, b: &Self::V) -> bool {
        match (a, b) {
            (symbolic::SymVal::Plain(x), symbolic::SymVal::Plain(y)) => x == y,
            (symbolic::SymVal::Inf(x), symbolic::SymVal::Inf(y)) => x == y,
            _ => false,
        }
    }
    fn math(&mut self, name: &'static str, x: &Self::V) -> Self::V {
        match x {
            // `floor` is the integer-valued one (`LDomain::floor_i`) read as a real: one
            // function for `tl.floor` and a conversion to an integer type.
            symbolic::SymVal::Plain(_) if name == "floor" => {
                let i = self.floor_i(x);
                symbolic::SymVal::Plain(self.store.to_real(i))
            }
            symbolic::SymVal::Plain(t) => {
                let f = self.store.declare_fun(
                    &format!("uf_{name}"),
                    &[smt::Sort::Real],
                    smt::Sort::Real,
                );
                symbolic::SymVal::Plain(self.store.app(f, vec![*t]))
            }
            _ => {
                self.unsupported
                    .get_or_insert_with(|| format!("{name} of a reduction or an infinity"));
                let v = self.store.fresh("unsupported", smt::Sort::Real);
                symbolic::SymVal::Plain(self.store.sym(v))
            }
        }
    }
    fn loaded_v(&self, x: &Self::V) -> bool {
        match x {
            symbolic::SymVal::Plain(t) => loaded(self, *t),
            _ => false,
        }
    }
    fn class(&mut self, name: &'static str, x: &Self::V, at: &str) -> Self::B {
        let read = self.loaded_v(x);
        let symbolic::SymVal::Plain(t) = x else {
            unreachable!("only plain terms are reads")
        };
        if !read {
            self.unsupported.get_or_insert_with(|| {
                format!(
                    "{name} at {at} of a value that is not loaded (the real model and IEEE \
                     may class a computed value differently)"
                )
            });
            let v = self.store.fresh("unsupported", smt::Sort::Bool);
            return self.store.sym(v);
        }
        let f = self
            .store
            .declare_fun(&format!("uf_{name}"), &[smt::Sort::Real], smt::Sort::Bool);
        self.store.app(f, vec![*t])
    }
    fn math2(&mut self, name: &'static str, x: &Self::V, y: &Self::V) -> Self::V {
        match (x, y) {
            (symbolic::SymVal::Plain(a), symbolic::SymVal::Plain(b)) => {
                let f = self.store.declare_fun(
                    &format!("uf_{name}"),
                    &[smt::Sort::Real, smt::Sort::Real],
                    smt::Sort::Real,
                );
                symbolic::SymVal::Plain(self.store.app(f, vec![*a, *b]))
            }
            _ => {
                self.unsupported
                    .get_or_insert_with(|| format!("{name} of a reduction or an infinity"));
                let v = self.store.fresh("unsupported", smt::Sort::Real);
                symbolic::SymVal::Plain(self.store.sym(v))
            }
        }
    }
    fn known_i(&self, _: &Self::I) -> Option<i128> {
        None
    }
    fn fresh_i(&mut self, base: &str) -> Self::I {
        let v = self.store.fresh(base, smt::Sort::Int);
        self.store.sym(v)
    }
    fn subst_v(&mut self, v: &Self::V, from: &Self::I, to: &Self::I) -> Self::V {
        let smt::Node::Sym(s) = self.store.node(*from).clone() else {
            return v.clone();
        };
        let mut map = std::collections::HashMap::from([(s, *to)]);
        // A value named by its definition (an atom, any `folds.lambdas` record) whose
        // definition mentions `from` is named anew with `to` in it, inner ones first (records
        // are in creation order, and a definition only holds earlier names).
        for k in 0..self.folds.lambdas.len() {
            let f = self.folds.lambdas[k].clone();
            let smt::Node::Sym(old) = self.store.node(f.value).clone() else {
                continue;
            };
            let (dom, body, init) = (
                self.store.substitute(f.dom, &map),
                self.store.substitute(f.body, &map),
                self.store.substitute(f.init, &map),
            );
            if (dom, body, init) == (f.dom, f.body, f.init) {
                continue;
            }
            let sort = self.store.sym_sort(old);
            let new = self
                .store
                .fresh(self.store.sym_name(old).to_string().as_str(), sort);
            let value = self.store.sym(new);
            self.folds.lambdas.push(symbolic::LambdaFold {
                dom,
                body,
                init,
                value,
                ..f
            });
            map.insert(old, value);
        }
        match v {
            symbolic::SymVal::Plain(t) => symbolic::SymVal::Plain(self.store.substitute(*t, &map)),
            symbolic::SymVal::Red(r) => {
                let dom = self.store.substitute(r.dom, &map);
                let body = self.store.substitute(r.body, &map);
                symbolic::SymVal::Red(Rc::new(symbolic::Red {
                    dom,
                    body,
                    ..(**r).clone()
                }))
            }
            symbolic::SymVal::Inf(_) => v.clone(),
        }
    }
    fn subst_b(&mut self, b: &Self::B, from: &Self::I, to: &Self::I) -> Self::B {
        match self.subst_v(&symbolic::SymVal::Plain(*b), from, to) {
            symbolic::SymVal::Plain(t) => t,
            _ => unreachable!("a plain term stays plain"),
        }
    }
    fn literal_i(&self, i: &Self::I) -> Option<i128> {
        self.store.as_int(*i)
    }
}

impl LDomain for Concrete {
    fn assuming_b(&mut self, b: &Self::B, _fact: &Self::B, _holds: bool) -> Self::B {
        *b
    }
    fn assuming_v(&mut self, v: &Self::V, _fact: &Self::B, _holds: bool) -> Self::V {
        v.clone()
    }
    fn load_i(&mut self, name: &str, off: &Self::I) -> Self::I {
        match self.input(name, ElemType::Int, &[*off]) {
            Scalar::Int(i) => i,
            Scalar::Real(r) if r.as_int().is_some() => r.as_int().unwrap_or(0),
            other => {
                let why = match other {
                    Scalar::Undef => format!("a read of `{name}` outside its data"),
                    v => format!("`{name}` holds {v}, no integer"),
                };
                self.inexact.get_or_insert(why);
                0
            }
        }
    }
    fn floor_i(&mut self, x: &Self::V) -> Self::I {
        match self.real_fn("floor", x) {
            Scalar::Int(i) => i,
            Scalar::Real(r) if r.as_int().is_some() => r.as_int().unwrap_or(0),
            v => {
                self.inexact
                    .get_or_insert_with(|| format!("the floor of {v} is not known exactly"));
                0
            }
        }
    }
    fn known_b(&self, b: &Self::B) -> Option<bool> {
        Some(*b)
    }
    fn undecided(&mut self, at: &Self::B, why: &str) {
        if *at {
            self.inexact.get_or_insert_with(|| why.to_string());
        }
    }
    fn math(&mut self, name: &'static str, x: &Self::V) -> Self::V {
        // Exact where the value is rational: square roots of squares.
        if let Scalar::Real(r) = x {
            if let Some(q) = r.exact_sqrt() {
                match name {
                    "sqrt" => return Scalar::Real(q),
                    "rsqrt" => {
                        if let Some(inv) = q.recip() {
                            return Scalar::Real(inv);
                        }
                    }
                    _ => {}
                }
            }
        }
        self.real_fn(name, x)
    }
    fn math2(&mut self, name: &'static str, x: &Self::V, y: &Self::V) -> Self::V {
        self.real_fn2(name, x, y)
    }
    fn loaded_v(&self, _: &Self::V) -> bool {
        true
    }
    fn class(&mut self, name: &'static str, x: &Self::V, _at: &str) -> Self::B {
        let (nan, inf, positive) = match x {
            Scalar::Inf(s) => (false, true, *s),
            Scalar::Float(f, bits) => (
                f.is_nan(*bits),
                f.is_infinite(*bits),
                bits >> (f.ebits + f.sbits - 1) == 0,
            ),
            Scalar::Undef => {
                self.inexact
                    .get_or_insert_with(|| format!("{name} of an undefined value"));
                (false, false, false)
            }
            _ => (false, false, false),
        };
        match name {
            "isnan" => nan,
            "isinf" => inf,
            "isposinf" => inf && positive,
            "isneginf" => inf && !positive,
            _ => !nan && !inf,
        }
    }
    fn inf_of(&self, v: &Self::V) -> Option<bool> {
        match v {
            tensor::Scalar::Inf(s) => Some(*s),
            _ => None,
        }
    }
    fn lit_sign(&self, v: &Self::V) -> Option<i8> {
        match v {
            tensor::Scalar::Real(r) => Some(r.signum()),
            tensor::Scalar::Int(i) => Some(i.signum() as i8),
            _ => None,
        }
    }
    fn reduction(
        &mut self,
        reducer: tensor::Reducer,
        extent: &Self::I,
        body: &mut dyn FnMut(&mut Self, &Self::I) -> Elem<Self>,
    ) -> Elem<Self> {
        // Lanes that are NaN or infinite take no part in the reduced value; they decide the
        // result's flags as in `crate::atoms::reduction` (one rule, `crate::ext::reduced`).
        let identity = match reducer {
            tensor::Reducer::Max => Literal::Inf(false),
            tensor::Reducer::Min => Literal::Inf(true),
            tensor::Reducer::Product => Literal::Int(1),
            _ => Literal::Int(0),
        };
        let init = self.lit_v(ElemType::Real, identity);
        let dims = [tensor::ReduceDim {
            axis: "k".to_string(),
            extent: *extent,
            label: None,
        }];
        let mut seen = crate::ext::Seen::default();
        let v = self.reduce(reducer, ElemType::Real, &init, &dims, &mut |d, pt| {
            let e = body(d, &pt[0]);
            let x = crate::ext::parts(d, &e);
            if x.nan || x.pos || x.neg {
                seen.nan |= x.nan;
                seen.pos |= x.pos && !x.nan;
                seen.neg |= x.neg && !x.pos && !x.nan;
                init.clone()
            } else {
                seen.finite = true;
                x.v
            }
        });
        crate::ext::reduced(self, reducer, seen.flags(), v)
    }
    fn extent(&mut self, n: usize) -> Self::I {
        n as i128
    }
    fn lanes_of(&mut self, end: &Self::I) -> Option<usize> {
        usize::try_from(*end).ok()
    }
    fn same_i(&self, a: &Self::I, b: &Self::I) -> bool {
        a == b
    }
    fn enter_fact(&mut self, _: &Self::B) {}
    fn leave_fact(&mut self) {}
    fn same_v(&self, a: &Self::V, b: &Self::V) -> bool {
        a == b
    }
    fn known_i(&self, i: &Self::I) -> Option<i128> {
        Some(*i)
    }
    fn fresh_i(&mut self, _: &str) -> Self::I {
        unreachable!("every concrete integer is known: loops run iteration by iteration")
    }
    fn subst_v(&mut self, v: &Self::V, _: &Self::I, _: &Self::I) -> Self::V {
        v.clone()
    }
    fn subst_b(&mut self, b: &Self::B, _: &Self::I, _: &Self::I) -> Self::B {
        *b
    }
    fn literal_i(&self, i: &Self::I) -> Option<i128> {
        Some(*i)
    }
}
