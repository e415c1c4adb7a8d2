//! Calls of external functions: a `func.call` of a function the module only declares
//! (`func.func private @g(...)` without a body).
//!
//! Such a function is modelled as mlir-tv models it: deterministic, total and free of side
//! effects, one function per name shared by the source and the target. Each call gets a *key*
//! ([`MDomain::ext_key`]); every result is a function of the key (a scalar, or a tensor whose
//! dynamic dims and elements are functions of the key and the index), and the checker assumes,
//! for every two calls of one function, "equal arguments give equal keys" (tensors: equal
//! shapes and equal elements), [`lemmas`]. That congruence is all a `verified` relies on: any
//! real function gives keys (an injective encoding of its arguments) satisfying it.
//!
//! A model found by the solver is replayed with an *interpretation* of each external function:
//! the table of the model's results per key, each replayed call taking the key the model gave
//! it ([`ExtModel`]), every other argument giving zeros. The replay is trusted only if that
//! table is a function of the concrete arguments ([`consistent`]), and the counterexample
//! prints it ([`table_report`]). A poison argument (scalar, or any element of a tensor) is
//! unsure: what a function does with it is outside the model.

use crate::base::ctx::ExtCall;
use crate::base::ctx::{result_type, Ctx};
use crate::base::domain::{EType, MDomain};
use crate::base::ieee::CFloat;
use crate::base::model::{all_indices, show, CElem, MAX_ELEMS};
use crate::base::stop::R;
use crate::base::value::*;
use mlir::{Dim, OpId};
use smt::{FunId, ModelReader, SymId, TermId, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;
use symbolic::Sym;
use tensor::{Concrete, ConcreteTensor, Scalar};

/// The input holding, in the concrete domain, the key of each call site of a run.
const KEYS: &str = "ext/keys";

/// The name of result `j` (of element type `t`, rank `rank`) of external function `callee`.
fn value_name(callee: &str, j: usize, t: EType, rank: usize) -> String {
    format!("ext_{callee}_r{j}_{}_{rank}", t.name())
}

/// The name of dim `k` of result `j` of external function `callee`.
fn dim_name(callee: &str, j: usize, k: usize) -> String {
    format!("ext_{callee}_r{j}_dim{k}")
}

/// `func.call @callee(operands)` of a declaration: results from the call's key.
pub(crate) fn call<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    callee: &str,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let why = format!("a call of the external function @{callee} with a poison argument");
    for v in operands {
        poison_unsure(d, cx, v, &why);
    }
    let key = d.ext_key(callee, cx.calls.len(), operands);
    let mut results = vec![];
    for j in 0..op.results.len() {
        let (dims, ety) = result_type(m, o, j)?;
        results.push(result(d, callee, j, dims, ety, &key));
    }
    let sig = (op.operands.iter().chain(&op.results))
        .map(|v| format!("{:?}", m.value(*v).ty))
        .collect::<Vec<_>>()
        .join(", ");
    cx.calls.push(ExtCall {
        callee: callee.to_string(),
        sig,
        key,
        args: operands.to_vec(),
        results: results.clone(),
    });
    Ok(results)
}

/// Records as unsure that argument `v` is (or has an element that is) poison.
fn poison_unsure<'a, D: MDomain>(d: &mut D, cx: &mut Ctx<'a, D>, v: &Val<'a, D>, why: &str) {
    match v {
        Val::Scalar(s, _) => {
            let bad = d.not(&s.ok);
            cx.add_unsure(d, &bad, why);
        }
        Val::Tensor(t) => {
            let at = t.at.clone();
            cx.push_unsure_at(CondAt {
                shape: t.shape.clone(),
                at: Rc::new(move |d: &mut D, idx: &[D::I]| {
                    let e = at(d, idx);
                    d.not(&e.ok)
                }),
                why: why.to_string(),
            });
        }
        Val::MemRef(_) => {}
    }
}

/// Result `j` of a call with key `key`: a defined scalar, or a tensor whose dynamic dims and
/// elements are values of the external function at the key (and the index).
fn result<'a, D: MDomain>(
    d: &mut D,
    callee: &str,
    j: usize,
    dims: Option<Vec<Dim>>,
    ety: EType,
    key: &D::I,
) -> Val<'a, D> {
    let ok = d.lit_b(true);
    let Some(dims) = dims else {
        let v = d.ext_value(
            &value_name(callee, j, ety, 0),
            ety,
            std::slice::from_ref(key),
        );
        return Val::Scalar(SVal { v, ok }, ety);
    };
    let mut shape = vec![];
    for (k, dim) in dims.iter().enumerate() {
        shape.push(match dim {
            Dim::Static(n) => d.lit_i(*n as i128),
            Dim::Dynamic => {
                match d.ext_value(
                    &dim_name(callee, j, k),
                    EType::Index,
                    std::slice::from_ref(key),
                ) {
                    Elem::Int(n) => n,
                    _ => d.lit_i(0),
                }
            }
        });
    }
    let name = value_name(callee, j, ety, dims.len());
    let key = key.clone();
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let mut at = vec![key.clone()];
        at.extend_from_slice(idx);
        SVal {
            v: d.ext_value(&name, ety, &at),
            ok: d.lit_b(true),
        }
    });
    Val::Tensor(Tensor { shape, ety, at })
}

/// Whether arguments `a` and `b` differ: as scalars, in shape, or at index `w` inside `a`.
fn arg_differs<D: MDomain>(d: &mut D, a: &Val<D>, b: &Val<D>, w: &[D::I]) -> D::B {
    match (a, b) {
        (Val::Scalar(x, t), Val::Scalar(y, _)) => {
            let s = same(d, *t, &x.v, &y.v);
            d.not(&s)
        }
        (Val::Tensor(x), Val::Tensor(y)) => {
            let ss = same_shape(d, &x.shape, &y.shape);
            let other_shape = d.not(&ss);
            let inb = in_bounds(d, w, &x.shape);
            let ex = (x.at)(d, w);
            let ey = (y.at)(d, w);
            let s = same(d, x.ety, &ex.v, &ey.v);
            let ne = d.not(&s);
            let at = d.and(&inb, &ne);
            d.or(&other_shape, &at)
        }
        _ => d.lit_b(true),
    }
}

// ---- symbolic ----

/// The key of a call of `callee` on `args`: one symbol per callee and argument terms when
/// every argument is a scalar (so that calls on identical terms, in the source and the target,
/// have identical results, which the simplifications of float arithmetic need); a fresh symbol
/// when a tensor is passed.
pub(crate) fn sym_key(d: &mut Sym, callee: &str, args: &[Val<'_, Sym>]) -> TermId {
    let mut name = format!("call_key_{callee}");
    for a in args {
        match a {
            Val::Scalar(SVal { v, .. }, t) => {
                let (Elem::Bool(x) | Elem::Int(x) | Elem::Float(x)) = v;
                let id: String = format!("{x:?}")
                    .chars()
                    .filter(char::is_ascii_digit)
                    .collect();
                name.push_str(&format!("_{}_{id}", t.name()));
            }
            _ => {
                let s = d.store.fresh(&format!("call_key_{callee}"), smt::Sort::Int);
                return d.store.sym(s);
            }
        }
    }
    d.store.var(&name, smt::Sort::Int)
}

/// An uninterpreted function per value name (shared by the source and the target).
pub(crate) fn sym_value(d: &mut Sym, name: &str, t: EType, at: &[TermId]) -> Elem<Sym> {
    let key = symbolic::input_key(name, at.len());
    let f = match d.inputs.get(&key) {
        Some(f) => *f,
        None => {
            let args = vec![smt::Sort::Int; at.len()];
            let f = d
                .store
                .declare_fun(&key, &args, crate::base::model::sort_of(t));
            d.inputs.insert(key, f);
            f
        }
    };
    let raw = d.store.app(f, at.to_vec());
    crate::base::model::elem_of_raw(d, t, raw)
}

/// The facts about the recorded calls (of the source and the target together): dynamic dims
/// of results are sizes (those of the argument `same_dims` names), and two calls of one
/// function with equal arguments have equal keys (`k_a = k_b ∨ args differ at fresh
/// witnesses w`, i.e. "equal arguments → equal keys"). An error when calls of one function
/// disagree on types, or a `same_dims` rule does not fit a call.
pub(crate) fn lemmas(
    d: &mut Sym,
    calls: &[&ExtCall<Sym>],
    same_dims: &[(String, usize)],
) -> Result<Vec<TermId>, String> {
    let mut out = vec![];
    let zero = d.store.int(0);
    for c in calls {
        let like = dims_source(c, same_dims)?;
        for r in &c.results {
            if let Val::Tensor(t) = r {
                for (k, n) in t.shape.iter().enumerate() {
                    if d.store.as_int(*n).is_some() {
                        continue;
                    }
                    out.push(match like {
                        Some(a) => d.store.eq(*n, a[k]),
                        None => d.store.le(zero, *n),
                    });
                }
            }
        }
    }
    for (i, a) in calls.iter().enumerate() {
        for b in calls[i + 1..].iter().filter(|b| b.callee == a.callee) {
            if a.sig != b.sig {
                return Err(format!(
                    "the external function @{} is called with different types ({} and {})",
                    a.callee, a.sig, b.sig
                ));
            }
            let mut any = vec![d.store.eq(a.key, b.key)];
            for (x, y) in a.args.iter().zip(&b.args) {
                let rank = match x {
                    Val::Tensor(t) => t.shape.len(),
                    _ => 0,
                };
                let w: Vec<TermId> = (0..rank)
                    .map(|_| {
                        let s = d.store.fresh("call_w", smt::Sort::Int);
                        d.store.sym(s)
                    })
                    .collect();
                any.push(arg_differs(d, x, y, &w));
            }
            out.push(d.store.or(any));
        }
    }
    Ok(out)
}

/// The shape of the argument whose dims the results of call `c` have, if a `same_dims` rule
/// names its callee; an error when the rule does not fit (no such tensor argument, or a
/// tensor result of another rank).
fn dims_source<'c, 'a, D: MDomain>(
    c: &'c ExtCall<'a, D>,
    same_dims: &[(String, usize)],
) -> Result<Option<&'c [D::I]>, String> {
    let Some((_, i)) = same_dims.iter().find(|(g, _)| *g == c.callee) else {
        return Ok(None);
    };
    let bad = || {
        format!(
            "--use-fn-argument-dims={}@{i} does not fit the call",
            c.callee
        )
    };
    let Some(Val::Tensor(a)) = c.args.get(*i) else {
        return Err(bad());
    };
    for r in &c.results {
        if matches!(r, Val::Tensor(t) if t.shape.len() != a.shape.len()) {
            return Err(bad());
        }
    }
    Ok(Some(&a.shape))
}

/// The dynamic dims of the calls' tensor results (bounded like argument dims when a model is
/// too large to replay).
pub(crate) fn result_dims(d: &Sym, calls: &[&ExtCall<Sym>]) -> Vec<TermId> {
    let mut out = vec![];
    for r in calls.iter().flat_map(|c| &c.results) {
        if let Val::Tensor(t) = r {
            out.extend(t.shape.iter().filter(|n| d.store.as_int(**n).is_none()));
        }
    }
    out
}

/// The verdict's assumptions about the external functions called (none without calls).
pub(crate) fn assumptions(calls: &[&ExtCall<Sym>], same_dims: &[(String, usize)]) -> Vec<String> {
    let names: BTreeSet<&str> = calls.iter().map(|c| c.callee.as_str()).collect();
    let mut out = vec![];
    if !names.is_empty() {
        let list: Vec<String> = names.iter().map(|n| format!("@{n}")).collect();
        out.push(format!(
            "the external functions {} are deterministic, total and free of side effects (mlir-tv's reading): equal arguments (tensors: equal shapes and elements) give equal results",
            list.join(", ")
        ));
    }
    for (g, i) in same_dims.iter().filter(|(g, _)| names.contains(g.as_str())) {
        out.push(format!(
            "the results of @{g} have the dims of its argument #{i} (--use-fn-argument-dims)"
        ));
    }
    out
}

// ---- reading a model ----

/// What to read from a model to interpret the external functions (plain ids only).
#[derive(Clone, Debug, Default)]
pub(crate) struct ExtDesc {
    /// The keys of the source's and the target's calls, in execution order.
    keys: [Vec<SymId>; 2],
    values: Vec<ValueDesc>,
    /// See [`crate::Options::same_dims`].
    same_dims: Vec<(String, usize)>,
}

/// One result of one external function: its table name, its function (if the run read an
/// element), its element type and its dims (static, or the name and function of a dynamic one).
#[derive(Clone, Debug)]
struct ValueDesc {
    name: String,
    fun: Option<FunId>,
    ety: EType,
    dims: Vec<Result<i128, (String, FunId)>>,
}

/// Describes the calls of the source run (`src`) and the target run (`tgt`) for [`read`].
pub(crate) fn describe(
    d: &Sym,
    src: &[ExtCall<Sym>],
    tgt: &[ExtCall<Sym>],
    same_dims: &[(String, usize)],
) -> ExtDesc {
    let key_of = |c: &ExtCall<Sym>| d.store.symbols_of(c.key)[0];
    let fun = |name: &str, arity: usize| d.inputs.get(&symbolic::input_key(name, arity)).copied();
    let mut values = vec![];
    let mut seen = BTreeSet::new();
    for c in src.iter().chain(tgt) {
        for (j, r) in c.results.iter().enumerate() {
            let (ety, shape) = match r {
                Val::Scalar(_, t) => (*t, vec![]),
                Val::Tensor(t) => (t.ety, t.shape.clone()),
                Val::MemRef(_) => continue,
            };
            let name = value_name(&c.callee, j, ety, shape.len());
            if !seen.insert(name.clone()) {
                continue;
            }
            let mut dims = vec![];
            for (k, n) in shape.iter().enumerate() {
                dims.push(match d.store.as_int(*n) {
                    Some(n) => Ok(n),
                    None => {
                        let dn = dim_name(&c.callee, j, k);
                        match fun(&dn, 1) {
                            Some(f) => Err((dn, f)),
                            None => Ok(0),
                        }
                    }
                });
            }
            values.push(ValueDesc {
                fun: fun(&name, 1 + shape.len()),
                name,
                ety,
                dims,
            });
        }
    }
    ExtDesc {
        keys: [
            src.iter().map(key_of).collect(),
            tgt.iter().map(key_of).collect(),
        ],
        values,
        same_dims: same_dims.to_vec(),
    }
}

/// The model's interpretation of the external functions: per run, the key (an index into the
/// tables) of each call site; per value name, a table by key (and index).
#[derive(Clone, Debug, Default)]
pub(crate) struct ExtModel {
    keys: [Vec<i128>; 2],
    tables: BTreeMap<String, ConcreteTensor>,
    same_dims: Vec<(String, usize)>,
}

impl ExtModel {
    /// The concrete domain's inputs for the source (`side` 0) or the target (1).
    pub(crate) fn inputs(&self, side: usize) -> BTreeMap<String, ConcreteTensor> {
        let mut out = self.tables.clone();
        let keys = &self.keys[side];
        out.insert(
            KEYS.into(),
            ConcreteTensor {
                axes: vec![("site".into(), keys.len() as i128)],
                data: keys.iter().map(|k| Scalar::Int(*k)).collect(),
            },
        );
        out
    }
}

fn int_of(v: Option<Value>) -> i128 {
    match v {
        Some(Value::Int(i)) => i,
        _ => 0,
    }
}

fn scalar_of(e: CElem) -> Scalar {
    match e {
        CElem::Bool(b) => Scalar::Bool(b),
        CElem::Int(i) => Scalar::Int(i),
        CElem::Float(x) => Scalar::Int(x.bits as i128),
    }
}

/// Reads the tables of `desc` from a model; `None` if a result is too large to replay.
pub(crate) fn read(m: &mut dyn ModelReader, desc: &ExtDesc) -> Option<ExtModel> {
    let raw: [Vec<i128>; 2] =
        [0, 1].map(|s| desc.keys[s].iter().map(|k| int_of(m.sym(*k))).collect());
    let distinct: Vec<i128> = raw
        .iter()
        .flatten()
        .copied()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let index = |k: &i128| distinct.binary_search(k).unwrap_or(0) as i128;
    let keys = [0, 1].map(|s| raw[s].iter().map(index).collect());
    let n = distinct.len() as i128;
    let mut tables = BTreeMap::new();
    for v in &desc.values {
        let mut per_key = vec![];
        for k in &distinct {
            let mut dims = vec![];
            for dim in &v.dims {
                let size = match dim {
                    Ok(s) => *s,
                    Err((name, f)) => {
                        let s = int_of(m.app(*f, &[Value::Int(*k)])).max(0);
                        let t = tables.entry(name.clone()).or_insert(ConcreteTensor {
                            axes: vec![("key".into(), n)],
                            data: vec![Scalar::Int(0); n as usize],
                        });
                        t.data[index(k) as usize] = Scalar::Int(s);
                        s
                    }
                };
                dims.push(size);
            }
            let mut elems = vec![];
            if let Some(f) = v.fun {
                let count = dims.iter().fold(1i128, |a, s| a.saturating_mul(*s));
                if count > MAX_ELEMS {
                    return None;
                }
                for idx in all_indices(&dims) {
                    let mut at = vec![Value::Int(*k)];
                    at.extend(idx.iter().map(|i| Value::Int(*i)));
                    let e = crate::base::model::elem_from_value(v.ety, m.app(f, &at));
                    elems.push((idx, scalar_of(e)));
                }
            }
            per_key.push((dims, elems));
        }
        if v.fun.is_none() {
            continue;
        }
        let rank = v.dims.len();
        let mut axes = vec![("key".to_string(), n)];
        for j in 0..rank {
            let most = per_key.iter().map(|(d, _)| d[j]).max().unwrap_or(0);
            axes.push((format!("d{j}"), most));
        }
        let total = axes.iter().fold(1i128, |a, (_, s)| a.saturating_mul(*s));
        if total > MAX_ELEMS {
            return None;
        }
        let mut t = ConcreteTensor {
            axes,
            data: vec![Scalar::Undef; total as usize],
        };
        for (k, (_, elems)) in per_key.into_iter().enumerate() {
            for (idx, s) in elems {
                let mut at = vec![k as i128];
                at.extend(idx);
                if let Some(o) = t.offset(&at) {
                    t.data[o] = s;
                }
            }
        }
        tables.insert(v.name.clone(), t);
    }
    Some(ExtModel {
        keys,
        tables,
        same_dims: desc.same_dims.clone(),
    })
}

// ---- concrete ----

/// The key the model gives call `site`; -1 (no table entry: zero results) without a model.
pub(crate) fn concrete_key(d: &mut Concrete, site: usize) -> i128 {
    let k = d
        .inputs
        .get(KEYS)
        .and_then(|t| t.offset(&[site as i128]).map(|o| t.data[o].clone()));
    match k {
        Some(Scalar::Int(k)) => k,
        _ => -1,
    }
}

/// The model's value `name` at `at`; zero outside the table (the interpretation's default).
pub(crate) fn concrete_value(
    d: &mut Concrete,
    name: &str,
    t: EType,
    at: &[i128],
) -> Elem<Concrete> {
    let v = d
        .inputs
        .get(name)
        .and_then(|x| x.offset(at).map(|o| x.data[o].clone()));
    match (t, v) {
        (EType::Bool, Some(Scalar::Bool(b))) => Elem::Bool(b),
        (EType::Float(f), Some(Scalar::Int(bits))) => Elem::Float(CFloat {
            ty: f,
            bits: bits as u64,
        }),
        (EType::Int(_) | EType::Index, Some(Scalar::Int(i))) => Elem::Int(i),
        _ => zero_elem(d, t),
    }
}

/// Whether the replayed calls are calls of functions: two calls of one function with equal
/// concrete arguments got the same key (so the same results), and results have the dims the
/// `same_dims` rules of `ext` give them.
pub(crate) fn consistent(
    d: &mut Concrete,
    calls: &[&ExtCall<Concrete>],
    ext: &ExtModel,
) -> Result<(), String> {
    for c in calls {
        if let Some(a) = dims_source(c, &ext.same_dims)? {
            if (c.results.iter()).any(|r| matches!(r, Val::Tensor(t) if t.shape != a)) {
                return Err(format!(
                    "the model's results of @{} break --use-fn-argument-dims",
                    c.callee
                ));
            }
        }
    }
    for (i, a) in calls.iter().enumerate() {
        for b in calls[i + 1..].iter().filter(|b| b.callee == a.callee) {
            if a.key != b.key && !args_differ(d, a, b)? {
                return Err(format!(
                    "the model gives two calls of @{} with equal arguments different results",
                    a.callee
                ));
            }
        }
    }
    Ok(())
}

/// Whether two concrete calls have different arguments.
fn args_differ(
    d: &mut Concrete,
    a: &ExtCall<Concrete>,
    b: &ExtCall<Concrete>,
) -> Result<bool, String> {
    for (x, y) in a.args.iter().zip(&b.args) {
        let differs = match (x, y) {
            (Val::Tensor(tx), Val::Tensor(ty)) if tx.shape == ty.shape => {
                let count = tx.shape.iter().fold(1i128, |a, n| a.saturating_mul(*n));
                if count > MAX_ELEMS {
                    return Err(format!("an argument of @{} too large to compare", a.callee));
                }
                all_indices(&tx.shape)
                    .iter()
                    .any(|w| arg_differs(d, x, y, w))
            }
            _ => arg_differs(d, x, y, &[]),
        };
        if differs {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The interpretation a replay used, as report lines: one per call with new arguments, then
/// the default of each function.
pub(crate) fn table_report(
    d: &mut Concrete,
    calls: &[&ExtCall<Concrete>],
) -> Vec<(String, String)> {
    let mut rows = vec![];
    let mut seen = BTreeSet::new();
    for c in calls {
        let args: Vec<String> = c.args.iter().map(|v| show_val(d, v)).collect();
        let call = format!("@{}({})", c.callee, args.join(", "));
        if !seen.insert(call.clone()) {
            continue;
        }
        let results: Vec<String> = c.results.iter().map(|v| show_val(d, v)).collect();
        rows.push((call, results.join(", ")));
    }
    let callees: BTreeSet<&str> = calls.iter().map(|c| c.callee.as_str()).collect();
    for callee in callees {
        rows.push((
            format!("@{callee}(any other arguments)"),
            "zeros (dynamic dims 0)".into(),
        ));
    }
    rows
}

/// Most elements of a tensor printed in a table row.
const SHOWN: usize = 16;

fn show_val(d: &mut Concrete, v: &Val<Concrete>) -> String {
    match v {
        Val::Scalar(s, _) => show(s),
        Val::Tensor(t) => {
            let idx = all_indices(&t.shape);
            let mut elems: Vec<String> = (idx.iter().take(SHOWN))
                .map(|i| show(&(t.at)(d, i)))
                .collect();
            if idx.len() > SHOWN {
                elems.push("...".into());
            }
            let dims: Vec<String> = t.shape.iter().map(|n| n.to_string()).collect();
            format!("tensor<{}>[{}]", dims.join("x"), elems.join(", "))
        }
        Val::MemRef(_) => "a memref".into(),
    }
}
