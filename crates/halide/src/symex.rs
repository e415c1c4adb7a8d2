//! The symbolic executor of the loop program: one symbolic iteration per loop (a fresh
//! symbol bounded by the loop's range), both branches of every `if` under their conditions,
//! every `assert` an assumption from there on. Provides inside `produce f` are recorded with
//! their path condition as the prophetic annotation "this store computes f at these
//! arguments"; a read of a realized Func is that Func's value at the read cell (an
//! uninterpreted function, the prophecy), justified by the read obligations.

use crate::eval::{eval, Env};
use crate::spec::Spec;
use crate::stmt::{LoopKind, Stmt, StmtKind};
use crate::syntax::{Expr, Type};
use crate::value::{self, unsupported, Stop, Val};
use report::Span;
use smt::{FunId, Sort, SymId, TermId};
use std::collections::BTreeMap;
use symbolic::{Sym, SymVal};

pub type SVal = Val<Sym>;

/// A store the statement performs.
#[derive(Clone)]
pub struct Write {
    pub func: String,
    pub args: Vec<TermId>,
    pub value: SVal,
    pub path: Vec<TermId>,
    pub loops: Vec<SymId>,
    /// The realization written into (`None`: the output buffer).
    pub realize: Option<usize>,
    pub span: Span,
}

/// A load of a Func or input.
#[derive(Clone, Debug)]
pub struct Read {
    pub func: String,
    pub args: Vec<TermId>,
    pub path: Vec<TermId>,
    pub loops: Vec<SymId>,
    /// The realization read from (`None`: an input buffer).
    pub realize: Option<usize>,
    /// The writes into that realization that precede this read in program order.
    pub writes_before: Vec<usize>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Realization {
    pub func: String,
    pub bounds: Vec<(TermId, TermId)>,
}

pub struct Run {
    pub writes: Vec<Write>,
    pub reads: Vec<Read>,
    pub realizations: Vec<Realization>,
    /// Assertions met outside every loop: the pipeline's preconditions.
    pub asserts: Vec<TermId>,
    /// Range facts of every value an uninterpreted function stands for.
    pub facts: Vec<TermId>,
    /// Buffer fields, by name.
    pub fields: BTreeMap<String, SymId>,
    pub loops: Vec<(SymId, LoopKind, String)>,
    /// Assertions that could not be evaluated (runtime fields): not used.
    pub skipped_asserts: usize,
}

pub struct Exec<'a> {
    spec: &'a Spec,
    scope: Vec<(String, SVal)>,
    path: Vec<TermId>,
    loops: Vec<SymId>,
    realize_stack: Vec<usize>,
    funs: BTreeMap<String, FunId>,
    /// While evaluating the algorithm: its variables.
    algo_scope: Option<Vec<(String, SVal)>>,
    inline_depth: usize,
    /// Funcs the statement stores (their calls are prophecies; the others are inlined).
    realized: Vec<String>,
    pub run: Run,
}

pub fn sort_of(t: Type) -> Sort {
    if t.is_float() {
        Sort::Real
    } else if t.is_bool() {
        Sort::Bool
    } else {
        Sort::Int
    }
}

impl<'a> Exec<'a> {
    pub fn new(spec: &'a Spec, realized: Vec<String>) -> Self {
        Exec {
            spec,
            scope: vec![],
            path: vec![],
            loops: vec![],
            realize_stack: vec![],
            funs: BTreeMap::new(),
            algo_scope: None,
            inline_depth: 0,
            realized,
            run: Run { writes: vec![], reads: vec![], realizations: vec![], asserts: vec![], facts: vec![], fields: BTreeMap::new(), loops: vec![], skipped_asserts: 0 },
        }
    }

    pub fn field(&mut self, d: &mut Sym, name: &str) -> TermId {
        let s = match self.run.fields.get(name) {
            Some(s) => *s,
            None => {
                let s = d.store.declare(name, Sort::Int);
                self.run.fields.insert(name.to_string(), s);
                s
            }
        };
        d.store.sym(s)
    }

    fn is_field(&self, name: &str) -> bool {
        let parts: Vec<&str> = name.rsplitn(3, '.').collect();
        if parts.len() != 3 || parts[0].parse::<usize>().is_err() || !["min", "extent", "stride"].contains(&parts[1]) {
            return false;
        }
        self.spec.input(parts[2]).is_some() || parts[2] == self.spec.output
    }

    /// The value of `name` (a Func with a value of type `ty`, or an input) at `args`, with its
    /// range as a fact.
    pub fn uf(&mut self, d: &mut Sym, name: &str, ty: Type, args: &[TermId]) -> SVal {
        let key = format!("{name}/{}", args.len());
        let f = match self.funs.get(&key) {
            Some(f) => *f,
            None => {
                let sorts = vec![Sort::Int; args.len()];
                let f = d.store.declare_fun(&format!("val_{}", name.replace(['$', '.'], "_")), &sorts, sort_of(ty));
                self.funs.insert(key, f);
                f
            }
        };
        let t = d.store.app(f, args.to_vec());
        match ty {
            Type::Float(_) => Val::Float(SymVal::Plain(t), ty),
            Type::UInt(1) => Val::Bool(t),
            Type::UInt(n) | Type::Int(n) if n < 64 => {
                let (lo, hi) = if matches!(ty, Type::UInt(_)) { (0, 1i128 << n) } else { (-(1i128 << (n - 1)), 1i128 << (n - 1)) };
                let lo = d.store.int(lo);
                let hi = d.store.int(hi);
                let a = d.store.le(lo, t);
                let b = d.store.lt(t, hi);
                self.run.facts.push(a);
                self.run.facts.push(b);
                Val::Int(t, ty)
            }
            _ => Val::Int(t, ty),
        }
    }

    fn int(&mut self, d: &mut Sym, e: &Expr) -> Result<TermId, Stop> {
        match eval(d, self, e)? {
            Val::Int(t, _) => Ok(t),
            _ => unsupported("a non-integer bound or index", e.span),
        }
    }

    fn cond(&mut self, d: &mut Sym, e: &Expr) -> Result<TermId, Stop> {
        let v = eval(d, self, e)?;
        value::truth(d, &v, e.span)
    }

    pub fn block(&mut self, d: &mut Sym, body: &[Stmt]) -> Result<(), Stop> {
        let (depth, pdepth) = (self.scope.len(), self.path.len());
        let r = self.block_inner(d, body);
        self.scope.truncate(depth);
        self.path.truncate(pdepth);
        r
    }

    fn block_inner(&mut self, d: &mut Sym, body: &[Stmt]) -> Result<(), Stop> {
        for s in body {
            match &s.kind {
                StmtKind::Let(n, e) => {
                    let v = eval(d, self, e)?;
                    self.scope.push((n.clone(), v));
                }
                StmtKind::Assert(c) => match self.cond(d, c) {
                    Ok(t) => {
                        self.path.push(t);
                        if self.loops.is_empty() {
                            self.run.asserts.push(t);
                        }
                    }
                    Err(_) => self.run.skipped_asserts += 1,
                },
                StmtKind::Eval(_) => {}
                StmtKind::If(c, a, b) => {
                    let t = self.cond(d, c)?;
                    match d.store.as_bool(t) {
                        Some(true) => self.block(d, a)?,
                        Some(false) => self.block(d, b)?,
                        None => {
                            self.path.push(t);
                            let r = self.block(d, a);
                            self.path.pop();
                            r?;
                            let n = d.store.not(t);
                            self.path.push(n);
                            let r = self.block(d, b);
                            self.path.pop();
                            r?;
                        }
                    }
                }
                StmtKind::Produce(_, b) | StmtKind::Consume(_, b) => self.block(d, b)?,
                StmtKind::For { kind, var, min, extent, body } => {
                    let m = self.int(d, min)?;
                    let e = self.int(d, extent)?;
                    let v = d.store.fresh(var, Sort::Int);
                    let vt = d.store.sym(v);
                    let end = d.store.add2(m, e);
                    let lo = d.store.le(m, vt);
                    let hi = d.store.lt(vt, end);
                    self.run.loops.push((v, *kind, var.clone()));
                    let (sd, pd) = (self.scope.len(), self.path.len());
                    self.path.push(lo);
                    self.path.push(hi);
                    self.scope.push((var.clone(), Val::Int(vt, Type::Int(32))));
                    self.loops.push(v);
                    let r = self.block(d, body);
                    self.loops.pop();
                    self.scope.truncate(sd);
                    self.path.truncate(pd);
                    r?;
                }
                StmtKind::Realize { func, bounds, body } => {
                    let mut bs = Vec::new();
                    for (m, e) in bounds {
                        bs.push((self.int(d, m)?, self.int(d, e)?));
                    }
                    self.run.realizations.push(Realization { func: func.clone(), bounds: bs });
                    self.realize_stack.push(self.run.realizations.len() - 1);
                    let r = self.block(d, body);
                    self.realize_stack.pop();
                    r?;
                }
                StmtKind::Provide { func, args, value } => {
                    let Some(f) = self.spec.func(func) else {
                        return unsupported(format!("a provide to `{func}`, which the algorithm does not declare"), s.span);
                    };
                    if !f.updates.is_empty() {
                        return unsupported(format!("`{func}` has updates (not yet supported)"), s.span);
                    }
                    let ty = f.ty;
                    let mut ts = Vec::new();
                    for a in args {
                        ts.push(self.int(d, a)?);
                    }
                    let v = eval(d, self, value)?;
                    if v.ty() != ty {
                        return unsupported(format!("a provide to `{func}` of type {} (the algorithm declares {ty})", v.ty()), s.span);
                    }
                    let realize = if *func == self.spec.output { None } else { self.current_realization(func) };
                    if *func != self.spec.output && realize.is_none() {
                        return unsupported(format!("a provide to `{func}` outside its realization"), s.span);
                    }
                    self.run.writes.push(Write { func: func.clone(), args: ts, value: v, path: self.path.clone(), loops: self.loops.clone(), realize, span: s.span });
                }
            }
        }
        Ok(())
    }

    fn current_realization(&self, func: &str) -> Option<usize> {
        self.realize_stack.iter().rev().copied().find(|r| self.run.realizations[*r].func == func)
    }

    /// The algorithm's value of Func `func` at `args`: its definition with its variables bound
    /// (realized Funcs it calls are their prophecies; others are inlined).
    pub fn algorithm(&mut self, d: &mut Sym, func: &str, args: &[TermId], span: Span) -> Result<SVal, Stop> {
        let f = self.spec.func(func).expect("caller checked").clone();
        if !f.updates.is_empty() {
            return unsupported(format!("the updates of `{func}` (not yet supported)"), f.span);
        }
        if self.inline_depth > self.spec.funcs.len() {
            return unsupported(format!("a cycle of calls through `{func}`"), span);
        }
        let frame = f.vars.iter().zip(args).map(|(v, a)| (v.clone(), Val::Int(*a, Type::Int(32)))).collect();
        let saved = self.algo_scope.replace(frame);
        self.inline_depth += 1;
        let r = eval(d, self, &f.value);
        self.inline_depth -= 1;
        self.algo_scope = saved;
        value::cast(d, f.ty, r?, f.span)
    }
}

impl Env<Sym> for Exec<'_> {
    fn bind(&mut self, name: &str, v: SVal) {
        match &mut self.algo_scope {
            Some(f) => f.push((name.to_string(), v)),
            None => self.scope.push((name.to_string(), v)),
        }
    }
    fn unbind(&mut self) {
        match &mut self.algo_scope {
            Some(f) => {
                f.pop();
            }
            None => {
                self.scope.pop();
            }
        }
    }

    fn var(&mut self, d: &mut Sym, name: &str, span: Span) -> Result<SVal, Stop> {
        if let Some(frame) = &self.algo_scope {
            if let Some((_, v)) = frame.iter().rev().find(|(n, _)| n == name) {
                return Ok(v.clone());
            }
            return unsupported(format!("unbound variable `{name}` in the algorithm"), span);
        }
        if let Some((_, v)) = self.scope.iter().rev().find(|(n, _)| n == name) {
            return Ok(v.clone());
        }
        if self.is_field(name) {
            return Ok(Val::Int(self.field(d, name), Type::Int(32)));
        }
        unsupported(format!("unbound name `{name}`"), span)
    }

    fn call(&mut self, d: &mut Sym, name: &str, args: Vec<SVal>, span: Span) -> Result<SVal, Stop> {
        let mut ts = Vec::new();
        for a in &args {
            match a {
                Val::Int(t, _) => ts.push(*t),
                _ => return unsupported(format!("a call of `{name}` with a non-integer index"), span),
            }
        }
        let in_algo = self.algo_scope.is_some();
        if let Some(inp) = self.spec.input(name) {
            let ty = inp.ty;
            if !in_algo {
                self.record_read(name, ts.clone(), None, span);
            }
            return Ok(self.uf(d, name, ty, &ts));
        }
        let Some(f) = self.spec.func(name) else {
            return unsupported(format!("a call of `{name}`, which is neither an input nor a Func of the algorithm"), span);
        };
        let ty = f.ty;
        if in_algo {
            if self.realized.iter().any(|r| r == name) {
                return Ok(self.uf(d, name, ty, &ts));
            }
            return self.algorithm(d, name, &ts, span);
        }
        let Some(r) = self.current_realization(name) else {
            return unsupported(format!("a read of `{name}` outside its realization"), span);
        };
        self.record_read(name, ts.clone(), Some(r), span);
        Ok(self.uf(d, name, ty, &ts))
    }
}

impl Exec<'_> {
    fn record_read(&mut self, func: &str, args: Vec<TermId>, realize: Option<usize>, span: Span) {
        let writes_before = match realize {
            None => vec![],
            Some(r) => self.run.writes.iter().enumerate().filter(|(_, w)| w.realize == Some(r)).map(|(i, _)| i).collect(),
        };
        self.run.reads.push(Read { func: func.to_string(), args, path: self.path.clone(), loops: self.loops.clone(), realize, writes_before, span });
    }
}
