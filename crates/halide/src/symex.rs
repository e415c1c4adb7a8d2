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

/// A recurrence's read of its own Func: the cell, the fresh value read, the read's index.
type RecRead = (Vec<TermId>, SVal, usize);

/// A cell and the value a read of it saw.
type CellValue = (Vec<TermId>, SVal);

/// A store the statement performs.
#[derive(Clone)]
pub struct Write {
    pub func: String,
    /// The cell written, and the point of `func` it holds (they differ under storage
    /// folding: the cell's folded indices are the point's modulo the fold factor).
    pub args: Vec<TermId>,
    pub point: Vec<TermId>,
    /// Position in program order among the accesses (for the order of one iteration).
    pub seq: usize,
    pub value: SVal,
    pub path: Vec<TermId>,
    pub loops: Vec<SymId>,
    /// The realization written into (`None`: the output buffer).
    pub realize: Option<usize>,
    pub span: Span,
    /// The stage (0: the pure definition; `s`: update `s`), and for an update: its stage
    /// variables' values (pure, then RDom variables innermost first), the loops of this
    /// stage (named `f.sN.*`), the RDom loops among them, the symbol standing for the cell's
    /// previous value, and the cells the update's own reads of `f` read.
    pub stage: usize,
    pub update: Option<UpdateStore>,
}

#[derive(Clone)]
pub struct UpdateStore {
    pub pure_vals: Vec<TermId>,
    pub r_vals: Vec<TermId>,
    pub r_loops: Vec<SymId>,
    #[allow(dead_code)] // the previous value's symbol, for reports
    pub prev: SymId,
    pub prev_facts: Vec<TermId>,
    /// The points the update's own reads of `f` want (their cells, under storage folding).
    pub self_reads: Vec<Vec<TermId>>,
    /// The algorithm's value of this step, as a function of `prev`.
    pub want: SVal,
    /// The RDom's bounds `[min, end)` per variable, innermost first.
    pub r_bounds: Vec<(TermId, TermId)>,
    /// The algorithm's cell of this step (its left side at the stage variables), and the
    /// positions where that left side is the pure variable (all of them but in a recurrence).
    pub lhs: Vec<TermId>,
    pub slice: Vec<usize>,
    pub recurrence: Option<Recurrence>,
    /// The step is `f = f op e(r)` with a commutative and associative `op`: each cell must see
    /// each RDom point once, in any order.
    pub commutative: bool,
    /// The RDom's predicates (Halide's `RDom::where`), conjoined, as a term over parameters:
    /// the pure variables at the `slice` positions, then the RDom variables innermost first
    /// ([`UpdateStore::holds_at`]). `None`: no predicate.
    pub predicate: Option<(Vec<SymId>, TermId)>,
}

impl UpdateStore {
    /// Whether `(pure, r)` is a point of the update's RDom by its predicates: `pure` the
    /// pure variables' values (indexed as the Func's variables; only the `slice` positions
    /// are read), `r` an RDom point. `None`: no predicate (every point of the box is one).
    pub fn holds_at(&self, d: &mut Sym, pure: &[TermId], r: &[TermId]) -> Option<TermId> {
        let (params, t) = self.predicate.as_ref()?;
        let vals = self.slice.iter().map(|k| pure[*k]).chain(r.iter().copied());
        let map: std::collections::HashMap<SymId, TermId> =
            params.iter().copied().zip(vals).collect();
        Some(d.store.substitute(*t, &map))
    }
}

/// A recurrence's step (an update whose left side depends on the RDom, reading other cells
/// of its Func): what its reads of the Func read, and the left side at another RDom point.
#[derive(Clone)]
pub struct Recurrence {
    /// Each read of the Func: its cell and its index among the reads.
    pub reads: Vec<(Vec<TermId>, usize)>,
    /// Fresh RDom values `r'` and the left side at `r'` (same pure variables).
    pub r_other: Vec<TermId>,
    pub lhs_other: Vec<TermId>,
}

/// A load of a Func or input.
#[derive(Clone, Debug)]
pub struct Read {
    pub func: String,
    /// The cell read, and the point it wants (as for [`Write`]).
    pub args: Vec<TermId>,
    pub point: Vec<TermId>,
    pub seq: usize,
    pub path: Vec<TermId>,
    pub loops: Vec<SymId>,
    /// The realization read from (`None`: an input buffer).
    pub realize: Option<usize>,
    /// The writes into that realization that precede this read in program order.
    pub writes_before: Vec<usize>,
    /// A read of a Func by its own update (else by a consumer).
    pub own: bool,
    /// The store whose value this read is part of (an index into `Run::writes`), if any;
    /// `None` for a read in a `let`, a condition or a bound (its value always matters).
    pub store: Option<usize>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Realization {
    pub func: String,
    pub bounds: Vec<(TermId, TermId)>,
    /// When the buffer exists (a conditional realize); accesses need it.
    pub cond: Option<TermId>,
    /// The loops enclosing the realize (each of their iterations has its own buffer).
    pub outer: Vec<SymId>,
    /// Each dimension's fold factor, if its storage is folded ([`crate::eval::fold_factors`]).
    pub folds: Vec<Option<i128>>,
    /// The candidate needed region per dimension (points), as its lower and its upper bounds
    /// (the region is their intersection): Halide's own un-rounded bounds of the pure stage
    /// (`f.s0.x.min`, `f.s0.x.max`, every binding) in scope at the `realize`, if all are.
    /// Checked, never trusted ([`crate::live`]).
    pub needed: Option<Vec<(Vec<TermId>, Vec<TermId>)>>,
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
    /// Each loop's first iteration (its `min`, over the symbols of the enclosing loops).
    pub loop_mins: BTreeMap<SymId, TermId>,
    /// Each loop's extent.
    pub loop_exts: BTreeMap<SymId, TermId>,
    /// Halide's own last iteration of a loop, the `let v.loop_max = ...` in scope at `for
    /// (v, ...)` (over the enclosing loops' symbols), where the statement has one: a hint for
    /// the candidate iterations of a sliding window (`inst.rs`), never trusted.
    pub loop_max_hints: BTreeMap<SymId, TermId>,
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
    /// Names and kinds of the loops in `loops`.
    loop_names: Vec<(String, LoopKind)>,
    /// Funcs whose `produce` encloses the current statement.
    producing: Vec<String>,
    /// While evaluating an update's store: its Func and the previous value of the cell; the
    /// cells its reads of that Func read.
    self_read: Option<(String, SVal, Vec<Vec<TermId>>)>,
    /// While evaluating an update's algorithm step: the Func, the pure variables' values and
    /// the previous value.
    algo_self: Option<(String, Vec<TermId>, SVal)>,
    /// While evaluating a recurrence's store: its Func and its reads of that Func (cell,
    /// the fresh value read, the read's index); while evaluating the algorithm's step: the
    /// Func and those (cell, value) pairs, which the algorithm's reads are matched against.
    rec_read: Option<(String, Vec<RecRead>)>,
    algo_rec: Option<(String, Vec<CellValue>)>,
    /// Accesses recorded so far (their program order).
    seq: usize,
    /// While evaluating a provide's value: the index its store will have in `run.writes`.
    storing: Option<usize>,
    /// The step of a Tuple-valued Func's update being executed, and while evaluating the
    /// algorithm's step of one of its components: the pure variables' values.
    tuple_step: Option<TupleStep>,
    algo_tuple: Option<Vec<TermId>>,
    pub run: Run,
}

/// One step of an update of a Tuple-valued Func `f` in the statement: Halide reads the
/// components (`let f.0.value = ...`, `let f.1.value = ...`), then stores each
/// (`f.0(x) = f.0.value`, ...), all in one iteration. A read of a component `f.j` here sees
/// `f.j`'s value before the step, provided `f.j` is stored later in the same step at the point
/// the read reads (else unsupported): the same fresh value for every read of `f.j`, and for the
/// algorithm's step of every component that reads `f.j`.
struct TupleStep {
    base: String,
    stage: usize,
    loops: Vec<SymId>,
    /// Each component's value before the step (read, or needed by the algorithm's step).
    prev: Vec<(String, SymId, SVal)>,
    /// The points the step's reads of components read (each must be the point it stores).
    reads: Vec<Vec<TermId>>,
    /// Components read, and where, whose store has not come yet.
    pending: Vec<(String, Span)>,
    /// The reads (indices into `Run::reads`) made outside a store: part of the step's stores
    /// (Halide's `let f.k.value`), so their values matter as much as the stores' do.
    loose: Vec<usize>,
    stored: Vec<String>,
    /// The stage variables' values of its first store (every component stores that step).
    step_vals: Option<(Vec<TermId>, Vec<TermId>)>,
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
            loop_names: vec![],
            producing: vec![],
            self_read: None,
            algo_self: None,
            rec_read: None,
            algo_rec: None,
            seq: 0,
            storing: None,
            tuple_step: None,
            algo_tuple: None,
            run: Run {
                writes: vec![],
                reads: vec![],
                realizations: vec![],
                asserts: vec![],
                facts: vec![],
                fields: BTreeMap::new(),
                loops: vec![],
                loop_mins: BTreeMap::new(),
                loop_exts: BTreeMap::new(),
                loop_max_hints: BTreeMap::new(),
                skipped_asserts: 0,
            },
        }
    }

    /// Assumes `t` from here on: a precondition of the claim, as the statement's own
    /// assertions are (on every obligation's path).
    pub fn assume(&mut self, t: TermId) {
        self.path.push(t);
        self.run.asserts.push(t);
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
        if parts.len() != 3
            || parts[0].parse::<usize>().is_err()
            || !["min", "extent", "stride"].contains(&parts[1])
        {
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
                let f = d.store.declare_fun(
                    &format!("val_{}", name.replace(['$', '.'], "_")),
                    &sorts,
                    sort_of(ty),
                );
                self.funs.insert(key, f);
                f
            }
        };
        let t = d.store.app(f, args.to_vec());
        match ty {
            Type::Float(_) => Val::Float(SymVal::Plain(t), ty),
            Type::UInt(1) => Val::Bool(t),
            Type::UInt(n) | Type::Int(n) if n < 64 => {
                let (lo, hi) = if matches!(ty, Type::UInt(_)) {
                    (0, 1i128 << n)
                } else {
                    (-(1i128 << (n - 1)), 1i128 << (n - 1))
                };
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
                    let v = match eval(d, self, e) {
                        // A value computed from an allocated buffer's contents (the fold's
                        // bookkeeping), which this executor does not track: opaque, so any
                        // use other than another such store or an assertion is unsupported.
                        Err(_) if mentions_load(e) => Val::Opaque,
                        v => v?,
                    };
                    self.scope.push((n.clone(), v));
                }
                // Halide's bookkeeping of dynamically folded storage: its contents are not
                // tracked (loads are unsupported; the assertions that read them are not used,
                // fewer assumptions).
                StmtKind::Allocate { .. } => {}
                StmtKind::Store { index, value, .. } => {
                    self.store_to_allocation(index, value, s.span)?
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
                StmtKind::If(c, a, b) => self.if_(d, c, a, b)?,
                StmtKind::Produce(f, b) => {
                    self.producing.push(f.clone());
                    let r = self.block(d, b);
                    self.producing.pop();
                    r?;
                }
                StmtKind::Consume(_, b) | StmtKind::Block(_, b) => self.block(d, b)?,
                StmtKind::Fork { a, b, sequential } => {
                    if !*sequential {
                        return unsupported("a `fork` whose second task does not wait for the first (async without a semaphore hand-off)", s.span);
                    }
                    self.block(d, a)?;
                    self.block(d, b)?;
                }
                StmtKind::For {
                    kind,
                    var,
                    min,
                    extent,
                    body,
                } => self.for_(d, *kind, var, min, extent, body)?,
                StmtKind::Realize {
                    func,
                    bounds,
                    cond,
                    body,
                } => self.realize(d, func, bounds, cond.as_ref(), body)?,
                StmtKind::Provide { func, args, value } => {
                    self.provide(d, func, args, value, s.span)?
                }
            }
        }
        Ok(())
    }

    /// `name[index] = value` into an allocated buffer (a dynamic fold's bookkeeping): not
    /// tracked, unsupported only when it stores a value that reads a Func or an input.
    fn store_to_allocation(&self, index: &Expr, value: &Expr, span: Span) -> Result<(), Stop> {
        let mut reads_data = None;
        for e in [index, value] {
            crate::syntax::calls_of(e, &mut |n| {
                if self.spec.func(n).is_some() || self.spec.input(n).is_some() {
                    reads_data.get_or_insert(n.to_string());
                }
            });
        }
        if let Some(n) = reads_data {
            return unsupported(
                format!("a store to an allocated buffer of a value that reads `{n}`"),
                span,
            );
        }
        Ok(())
    }

    /// `if c then a else b`: the branch `c` decides, or both under their conditions.
    fn if_(&mut self, d: &mut Sym, c: &Expr, a: &[Stmt], b: &[Stmt]) -> Result<(), Stop> {
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
        Ok(())
    }

    /// `for (var, min, extent)`: one symbolic iteration, a fresh symbol in the loop's range
    /// (recorded with its kind, first iteration, extent and Halide's `loop_max` hint).
    fn for_(
        &mut self,
        d: &mut Sym,
        kind: LoopKind,
        var: &str,
        min: &Expr,
        extent: &Expr,
        body: &[Stmt],
    ) -> Result<(), Stop> {
        let m = self.int(d, min)?;
        let e = self.int(d, extent)?;
        let v = d.store.fresh(var, Sort::Int);
        let vt = d.store.sym(v);
        let end = d.store.add2(m, e);
        let lo = d.store.le(m, vt);
        let hi = d.store.lt(vt, end);
        self.run.loops.push((v, kind, var.to_string()));
        self.run.loop_mins.insert(v, m);
        self.run.loop_exts.insert(v, e);
        let hint = format!("{var}.loop_max");
        if let Some((_, Val::Int(t, _))) = self.scope.iter().rev().find(|(n, _)| *n == hint) {
            self.run.loop_max_hints.insert(v, *t);
        }
        let (sd, pd) = (self.scope.len(), self.path.len());
        self.path.push(lo);
        self.path.push(hi);
        self.scope
            .push((var.to_string(), Val::Int(vt, Type::Int(32))));
        self.loops.push(v);
        self.loop_names.push((var.to_string(), kind));
        let r = self.block(d, body);
        let r = r.and_then(|()| {
            if self
                .tuple_step
                .as_ref()
                .is_some_and(|t| t.loops == self.loops)
            {
                self.finish_step()?;
            }
            Ok(())
        });
        self.loops.pop();
        self.loop_names.pop();
        self.scope.truncate(sd);
        self.path.truncate(pd);
        r
    }

    /// `realize func(bounds) if cond { body }`: a realization, current while `body` runs.
    fn realize(
        &mut self,
        d: &mut Sym,
        func: &str,
        bounds: &[(Expr, Expr)],
        cond: Option<&Expr>,
        body: &[Stmt],
    ) -> Result<(), Stop> {
        let mut bs = Vec::new();
        for (m, e) in bounds {
            bs.push((self.int(d, m)?, self.int(d, e)?));
        }
        let cond = match cond {
            None => None,
            Some(c) => Some(self.cond(d, c)?),
        };
        let needed = self.needed_candidate(func);
        self.run.realizations.push(Realization {
            func: func.to_string(),
            bounds: bs,
            cond,
            outer: self.loops.clone(),
            folds: crate::eval::fold_factors(func, bounds, body),
            needed,
        });
        self.realize_stack.push(self.run.realizations.len() - 1);
        let r = self.block(d, body);
        self.realize_stack.pop();
        r
    }

    /// The Func `func(args) = ...` provides to, and the stage it stores (0: the pure
    /// definition): unsupported when the algorithm does not declare it with that many
    /// indices or that stage.
    fn provided(
        &self,
        func: &str,
        args: &[Expr],
        span: Span,
    ) -> Result<(crate::spec::Func, usize), Stop> {
        let Some(f) = self.spec.func(func) else {
            return unsupported(
                format!("a provide to `{func}`, which the algorithm does not declare"),
                span,
            );
        };
        let f = f.clone();
        if args.len() != f.vars.len() {
            return unsupported(
                format!(
                    "a provide to `{func}` with {} indices (the algorithm declares {})",
                    args.len(),
                    f.vars.len()
                ),
                span,
            );
        }
        let stage = if f.updates.is_empty() {
            0
        } else {
            self.stage_of(f.base(), span)?
        };
        if stage > f.updates.len() {
            return unsupported(
                format!(
                    "a store to stage {stage} of `{func}`, which has {} updates",
                    f.updates.len()
                ),
                span,
            );
        }
        Ok((f, stage))
    }

    /// `func(args) = value`: a [`Write`] of the value (an update's with its [`UpdateStore`]),
    /// at the cell its indices name and the point of `func` it holds.
    fn provide(
        &mut self,
        d: &mut Sym,
        func: &String,
        args: &[Expr],
        value: &Expr,
        span: Span,
    ) -> Result<(), Stop> {
        let (f, stage) = self.provided(func, args, span)?;
        let ty = f.ty;
        let mut ts = Vec::new();
        let mut point = Vec::new();
        for (k, a) in args.iter().enumerate() {
            let fold = self.fold(func, k);
            match crate::eval::index(d, self, a, fold)? {
                (Val::Int(c, _), Val::Int(p, _)) => {
                    ts.push(c);
                    point.push(p);
                }
                _ => return unsupported("a non-integer index", a.span),
            }
        }
        if *func == self.spec.output && ts != point {
            return unsupported("a folded store to the output", span);
        }
        if stage > 0
            && ts != point
            && f.updates[stage - 1]
                .recurrence_slice(&f)
                .map_or(true, |r| r.is_some())
        {
            return unsupported(
                format!("a folded store to update {stage} of `{func}`, a recurrence (storage folding of a recurrence is not yet supported)"),
                span,
            );
        }
        let mut update = None;
        // Reads from here to the store are part of its value (an error ends the whole run,
        // so `storing` needs no reset on that path).
        self.storing = Some(self.run.writes.len());
        let v = if stage == 0 {
            eval(d, self, value)?
        } else {
            let (v, u) = self.update_value(d, &f, func, stage, &point, value, span)?;
            update = Some(u);
            v
        };
        self.storing = None;
        if v.ty() != ty {
            return unsupported(
                format!(
                    "a provide to `{func}` of type {} (the algorithm declares {ty})",
                    v.ty()
                ),
                span,
            );
        }
        let realize = if *func == self.spec.output {
            None
        } else {
            self.current_realization(func)
        };
        if *func != self.spec.output && realize.is_none() {
            return unsupported(
                format!("a provide to `{func}` outside its realization"),
                span,
            );
        }
        self.seq += 1;
        self.run.writes.push(Write {
            func: func.clone(),
            args: ts,
            point,
            seq: self.seq,
            value: v,
            path: self.path.clone(),
            loops: self.loops.clone(),
            realize,
            span,
            stage,
            update,
        });
        Ok(())
    }

    /// The value an update's store `func(point) = value` (of stage `stage` > 0 of `f`)
    /// stores, evaluated with the cell's previous value fresh, and the step it stores
    /// ([`Exec::update_store`]): a recurrence's reads of its own Func, a Tuple's step, or
    /// else the reads of the stored cell.
    #[allow(clippy::too_many_arguments)]
    fn update_value(
        &mut self,
        d: &mut Sym,
        f: &crate::spec::Func,
        func: &str,
        stage: usize,
        point: &[TermId],
        value: &Expr,
        span: Span,
    ) -> Result<(SVal, UpdateStore), Stop> {
        let ty = f.ty;
        let (prev_sym, prev) = self.fresh_value(d, "prev", ty);
        let facts_before = self.run.facts.len();
        let prev_facts = self.range_facts(d, ty, &prev);
        self.run.facts.truncate(facts_before);
        let recurrence = f.updates[stage - 1]
            .recurrence_slice(f)
            .or_else(|(what, span)| unsupported(what, span))?
            .is_some();
        let tuple = f.tuple.is_some();
        let (v, self_reads, rec_reads) = if tuple && recurrence {
            return unsupported(
                format!("a recurrence of the Tuple-valued Func `{}`", f.base()),
                span,
            );
        } else if recurrence {
            self.rec_read = Some((func.to_string(), vec![]));
            let v = eval(d, self, value);
            let (_, reads) = self.rec_read.take().expect("set above");
            (v, vec![], Some(reads))
        } else if tuple {
            // Its reads of the Tuple's components are the step's.
            self.enter_step(f.base(), stage, Some(func))?;
            let v = eval(d, self, value);
            let reads = self.tuple_step.as_ref().map(|t| t.reads.clone());
            (v, reads.unwrap_or_default(), None)
        } else {
            self.self_read = Some((func.to_string(), prev.clone(), vec![]));
            let v = eval(d, self, value);
            let (_, _, self_reads) = self.self_read.take().expect("set above");
            (v, self_reads, None)
        };
        let v = v?;
        let mut prev_facts = prev_facts;
        for (_, rv, _) in rec_reads.iter().flatten() {
            let fs = self.range_facts(d, ty, rv);
            prev_facts.extend(fs);
        }
        let (prev_sym, prev) = if tuple {
            self.step_prev(d, func, ty)
        } else {
            (prev_sym, prev)
        };
        let mut u = self.update_store(
            d, f, stage, point, prev_sym, prev, prev_facts, self_reads, rec_reads, span,
        )?;
        if tuple {
            u.prev_facts = self.stored_in_step(d, func, &u, span)?;
        }
        Ok((v, u))
    }

    /// Halide's un-rounded bounds of `func`'s pure stage, `[func.s0.v.min, func.s0.v.max]`
    /// per pure variable `v`, every binding in scope here (at its `realize`) intersected
    /// ([`crate::live::needed_candidate`]).
    fn needed_candidate(&self, func: &str) -> Option<Vec<(Vec<TermId>, Vec<TermId>)>> {
        let names = self.spec.func(func)?.needed_bound_names();
        let scope = &self.scope;
        let all = |name: &str| -> Vec<TermId> {
            scope
                .iter()
                .rev()
                .filter(|(n, _)| crate::spec::binds(n, name))
                .filter_map(|(_, v)| match v {
                    Val::Int(t, _) => Some(*t),
                    _ => None,
                })
                .collect()
        };
        crate::live::needed_candidate(&names, all)
    }

    fn current_realization(&self, func: &str) -> Option<usize> {
        self.realize_stack
            .iter()
            .rev()
            .copied()
            .find(|r| self.run.realizations[*r].func == func)
    }

    /// The algorithm's value of Func `func` at `args`: its pure definition with its variables
    /// bound (realized Funcs it calls are their prophecies; others are inlined).
    pub fn algorithm(
        &mut self,
        d: &mut Sym,
        func: &str,
        args: &[TermId],
        span: Span,
    ) -> Result<SVal, Stop> {
        let f = self.spec.func(func).expect("caller checked").clone();
        if self.inline_depth > self.spec.funcs.len() {
            return unsupported(format!("a cycle of calls through `{func}`"), span);
        }
        let frame = f
            .vars
            .iter()
            .zip(args)
            .map(|(v, a)| (v.clone(), Val::Int(*a, Type::Int(32))))
            .collect();
        let saved = self.algo_scope.replace(frame);
        self.inline_depth += 1;
        let r = eval(d, self, &f.value);
        self.inline_depth -= 1;
        self.algo_scope = saved;
        value::cast(d, f.ty, r?, f.span)
    }
}

impl Env<Sym> for Exec<'_> {
    fn fold(&self, name: &str, dim: usize) -> Option<i128> {
        if self.algo_scope.is_some() || name == self.spec.output || self.spec.input(name).is_some()
        {
            return None;
        }
        let r = self.current_realization(name)?;
        self.run.realizations[r].folds.get(dim).copied().flatten()
    }
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
            if self.is_field(name) {
                return Ok(Val::Int(self.field(d, name), Type::Int(32)));
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

    fn call(
        &mut self,
        d: &mut Sym,
        name: &str,
        args: Vec<SVal>,
        point: Vec<SVal>,
        span: Span,
    ) -> Result<SVal, Stop> {
        let mut ts = Vec::new();
        let mut ps = Vec::new();
        for (a, p) in args.iter().zip(&point) {
            match (a, p) {
                (Val::Int(t, _), Val::Int(q, _)) => {
                    ts.push(*t);
                    ps.push(*q);
                }
                _ => {
                    return unsupported(
                        format!("a call of `{name}` with a non-integer index"),
                        span,
                    )
                }
            }
        }
        let in_algo = self.algo_scope.is_some();
        if let Some(inp) = self.spec.input(name) {
            let ty = inp.ty;
            if !in_algo {
                if ts != ps {
                    return unsupported(format!("a folded read of input `{name}`"), span);
                }
                self.record_read(name, ts.clone(), ts.clone(), None, span);
            }
            return Ok(self.uf(d, name, ty, &ts));
        }
        let Some(f) = self.spec.func(name) else {
            return unsupported(
                format!(
                    "a call of `{name}`, which is neither an input nor a Func of the algorithm"
                ),
                span,
            );
        };
        let ty = f.ty;
        if ts.len() != f.vars.len() {
            return unsupported(
                format!(
                    "a call of `{name}` with {} indices (the algorithm declares {})",
                    ts.len(),
                    f.vars.len()
                ),
                span,
            );
        }
        if in_algo {
            return self.algo_call(d, name, f, &ts, span);
        }
        let realization = if name == self.spec.output {
            None
        } else {
            self.current_realization(name)
        };
        if realization.is_none() && name != self.spec.output {
            return unsupported(format!("a read of `{name}` outside its realization"), span);
        }
        if self.rec_read.as_ref().is_some_and(|(g, _)| g == name) {
            if ts != ps {
                return unsupported(format!("a folded read of `{name}` in its own recurrence (storage folding of a recurrence is not yet supported)"), span);
            }
            let (_, v) = self.fresh_value(d, "rec", ty);
            self.record_read(name, ts.clone(), ts.clone(), realization, span);
            let idx = self.run.reads.len() - 1;
            if let Some((_, reads)) = &mut self.rec_read {
                reads.push((ts, v.clone(), idx));
            }
            return Ok(v);
        }
        if let Some((g, prev, cells)) = &mut self.self_read {
            if g == name {
                // Its point (under storage folding, the cell holds it only if no other
                // point's store came in between: the overwrite obligation of every folded read).
                cells.push(ps.clone());
                let prev = prev.clone();
                self.record_read(name, ts, ps, realization, span);
                return Ok(prev);
            }
        }
        if let (Some((base, _)), false) = (&f.tuple, in_algo) {
            if self.producing.iter().any(|p| p == base) {
                let stage = self.stage_of(base, span)?;
                if stage > 0 {
                    let base = base.clone();
                    return self.read_in_step(d, &base, stage, name, ty, ts, ps, realization, span);
                }
            }
        }
        let produced = f.base().to_string();
        if self.producing.iter().any(|p| *p == produced) || name == self.spec.output {
            return unsupported(
                format!("a read of `{name}` while it is being produced, outside its own update"),
                span,
            );
        }
        let Some(r) = realization else {
            unreachable!("checked above")
        };
        self.record_read(name, ts, ps.clone(), Some(r), span);
        // The prophecy: the value of the point the read wants (the read obligations show that
        // the last write to its cell was of that point).
        Ok(self.uf(d, name, ty, &ps))
    }
}

/// The expression loads from an allocated buffer.
fn mentions_load(e: &crate::syntax::Expr) -> bool {
    let mut found = false;
    crate::syntax::visit(e, &mut |x| {
        found |= matches!(x.kind, crate::syntax::ExprKind::Load(..))
    });
    found
}

impl Exec<'_> {
    /// The stage of the store being executed: `N` of the innermost loop named `func.sN.*`.
    fn stage_of(&self, func: &str, span: Span) -> Result<usize, Stop> {
        let prefix = format!("{func}.s");
        for (name, _) in self.loop_names.iter().rev() {
            if let Some(rest) = name.strip_prefix(&prefix) {
                if let Some(n) = rest.split('.').next().and_then(|n| n.parse().ok()) {
                    return Ok(n);
                }
            }
        }
        let _ = span;
        // No loop of a stage (extent-1 loops removed under compute_at): the pure
        // definition. A claim like the others: its value is checked against the pure
        // definition, and every update's store must come after it and cover its cell.
        Ok(0)
    }

    fn fresh_value(&mut self, d: &mut Sym, base: &str, ty: Type) -> (SymId, SVal) {
        let s = d.store.fresh(base, sort_of(ty));
        let t = d.store.sym(s);
        let v = match ty {
            Type::Float(_) => Val::Float(SymVal::Plain(t), ty),
            Type::UInt(1) => Val::Bool(t),
            _ => Val::Int(t, ty),
        };
        (s, v)
    }

    fn range_facts(&mut self, d: &mut Sym, ty: Type, v: &SVal) -> Vec<TermId> {
        let Val::Int(t, _) = v else { return vec![] };
        match ty {
            Type::UInt(n) | Type::Int(n) if n < 64 => {
                let (lo, hi) = if matches!(ty, Type::UInt(_)) {
                    (0, 1i128 << n)
                } else {
                    (-(1i128 << (n - 1)), 1i128 << (n - 1))
                };
                let lo = d.store.int(lo);
                let hi = d.store.int(hi);
                vec![d.store.le(lo, *t), d.store.lt(*t, hi)]
            }
            _ => vec![],
        }
    }

    fn lookup_int(&self, name: &str, span: Span) -> Result<TermId, Stop> {
        match self.scope.iter().rev().find(|(n, _)| n == name) {
            Some((_, Val::Int(t, _))) => Ok(*t),
            _ => unsupported(format!("the stage variable `{name}` is not bound where its stage stores (an RDom split or fused away?)"), span),
        }
    }

    /// A call of Func `f` (`name`) at `ts` in the algorithm (a step's own reads of the Func it
    /// updates, a recurrence's reads as the earlier steps left the cell, a stored Func's
    /// prophecy, or else the algorithm's value).
    fn algo_call(
        &mut self,
        d: &mut Sym,
        name: &str,
        f: &crate::spec::Func,
        ts: &[TermId],
        span: Span,
    ) -> Result<SVal, Stop> {
        let ty = f.ty;
        let has_updates = !f.updates.is_empty();
        if let (Some(pure), Some((base, _))) = (&self.algo_tuple, &f.tuple) {
            if self.tuple_step.as_ref().is_some_and(|t| t.base == *base) {
                // The algorithm's step of a component reads the Tuple before the step.
                if *pure == ts {
                    return Ok(self.step_prev(d, name, ty).1);
                }
                return unsupported(format!("an update of `{base}` that reads `{name}` at another point than the one it updates"), span);
            }
        }
        if let Some((g, reads)) = &self.algo_rec {
            if g == name {
                // The algorithm reads the Func as the earlier steps left it: the value
                // the statement's read of the same cell read (the read obligations show
                // that read sees exactly that), else an unconstrained value.
                let reads = reads.clone();
                let (_, mut v) = self.fresh_value(d, "unread", ty);
                for (cell, rv) in reads.iter().rev() {
                    let mut eqs = Vec::new();
                    for (a, b) in cell.iter().zip(ts) {
                        eqs.push(d.store.eq(*a, *b));
                    }
                    let c = d.store.and(eqs);
                    v = value::select(d, &c, rv.clone(), v, span)?;
                }
                return Ok(v);
            }
        }
        if let Some((g, pure, prev)) = &self.algo_self {
            if g == name {
                if *pure == ts {
                    return Ok(prev.clone());
                }
                return unsupported(format!("an update of `{name}` that reads `{name}` at another point than the one it updates (recurrences are not yet supported)"), span);
            }
        }
        if has_updates && !self.realized.iter().any(|r| r == name) {
            return unsupported(
                format!("`{name}` has updates but the statement never stores it"),
                span,
            );
        }
        if self.realized.iter().any(|r| r == name) {
            return Ok(self.uf(d, name, ty, ts));
        }
        self.algorithm(d, name, ts, span)
    }

    /// The prophecy of an update's store: its stage variables, loops, and the algorithm's step.
    #[allow(clippy::too_many_arguments)]
    fn update_store(
        &mut self,
        d: &mut Sym,
        f: &crate::spec::Func,
        stage: usize,
        point: &[TermId],
        prev: SymId,
        prev_val: SVal,
        prev_facts: Vec<TermId>,
        self_reads: Vec<Vec<TermId>>,
        rec_reads: Option<Vec<RecRead>>,
        span: Span,
    ) -> Result<UpdateStore, Stop> {
        let upd = &f.updates[stage - 1];
        let rec_slice = upd
            .recurrence_slice(f)
            .or_else(|(what, span)| unsupported(what, span))?;
        let slice: Vec<usize> = match &rec_slice {
            Some(s) => s.clone(),
            None => (0..f.vars.len()).collect(),
        };
        let spec = self.spec;
        // A Tuple's step runs over the RDom any of its components names (in the RDom's order).
        let dom = spec
            .update_domain(&spec.joint_update(f, stage))
            .or_else(|(what, span)| unsupported(what, span))?;
        let rdoms = dom.vars;
        let pure_vals = self.stage_pure_vals(f, stage, &slice, point, span)?;
        let (r_vals, r_loops, r_bounds) = self.stage_rdom_vals(d, f, stage, &rdoms, span)?;
        // The algorithm's step at these stage variables, a function of the previous value.
        let pure_frame: Vec<(String, SVal)> = slice
            .iter()
            .map(|k| (f.vars[*k].clone(), Val::Int(pure_vals[*k], Type::Int(32))))
            .collect();
        let mut frame = pure_frame.clone();
        for (r, t) in rdoms.iter().zip(&r_vals) {
            frame.push((r.var.clone(), Val::Int(*t, Type::Int(32))));
        }
        let lhs = self.algo_ints(d, frame.clone(), &upd.args)?;
        let predicate = if dom.predicates.is_empty() {
            None
        } else {
            Some(self.update_predicate(d, f, &slice, &rdoms, &dom.predicates)?)
        };
        let want = self.step_value(d, f, upd, frame, &pure_vals, prev_val, &rec_reads)?;
        let recurrence = match rec_reads {
            None => None,
            Some(reads) => {
                let mut frame = pure_frame;
                let mut r_other = Vec::new();
                for r in &rdoms {
                    let s = d.store.fresh("rdom_other", Sort::Int);
                    let t = d.store.sym(s);
                    r_other.push(t);
                    frame.push((r.var.clone(), Val::Int(t, Type::Int(32))));
                }
                let lhs_other = self.algo_ints(d, frame, &upd.args)?;
                Some(Recurrence {
                    reads: reads.into_iter().map(|(c, _, i)| (c, i)).collect(),
                    r_other,
                    lhs_other,
                })
            }
        };
        Ok(UpdateStore {
            pure_vals,
            r_vals,
            r_loops,
            prev,
            prev_facts,
            self_reads,
            want,
            r_bounds,
            lhs,
            slice,
            recurrence,
            // A Tuple's step reads its components before the step: in the algorithm's order.
            commutative: upd.is_commutative(f) && f.tuple.is_none(),
            predicate,
        })
    }

    /// The values of stage `stage`'s pure variables of `f` at an update's store (`slice`:
    /// those that are the stage's; `point`: the store's point). A pure stage variable that
    /// Halide substituted away (an extent-1 dimension, as under compute_at) is the store's
    /// own coordinate: the step is then for that cell's point in that dimension by definition.
    fn stage_pure_vals(
        &self,
        f: &crate::spec::Func,
        stage: usize,
        slice: &[usize],
        point: &[TermId],
        span: Span,
    ) -> Result<Vec<TermId>, Stop> {
        let mut pure_vals = Vec::new();
        for (k, v) in f.vars.iter().enumerate() {
            let name = format!("{}.s{stage}.{v}", f.base());
            if !slice.contains(&k) {
                // Not a variable of this stage (a recurrence's left side is an RDom
                // expression there): a placeholder, never read.
                pure_vals.push(point[k]);
                continue;
            }
            match self.lookup_int(&name, span) {
                Ok(t) => pure_vals.push(t),
                Err(_) if k < point.len() && !self.scope.iter().any(|(n, _)| *n == name) => {
                    pure_vals.push(point[k])
                }
                Err(e) => return Err(e),
            }
        }
        Ok(pure_vals)
    }

    /// The values of stage `stage`'s RDom variables `rdoms` at an update's store, the loops
    /// they depend on (serial ones only), and the RDom's bounds `[min, end)`.
    #[allow(clippy::type_complexity)]
    fn stage_rdom_vals(
        &mut self,
        d: &mut Sym,
        f: &crate::spec::Func,
        stage: usize,
        rdoms: &[&crate::spec::RDom],
        span: Span,
    ) -> Result<(Vec<TermId>, Vec<SymId>, Vec<(TermId, TermId)>), Stop> {
        let mut r_vals = Vec::new();
        let mut r_loops = Vec::new();
        let mut r_bounds = Vec::new();
        for r in rdoms {
            let lname = format!("{}.s{stage}.{}", f.base(), r.var);
            let t = self.lookup_int(&lname, span)?;
            r_vals.push(t);
            // The RDom's loops: those its variables' values depend on (the variable's own
            // loop, or those of its split or fused parts, bound through lets). Their order is
            // an obligation (each cell sees its RDom points in increasing order).
            for sym in d.store.symbols_of(t) {
                let Some(k) = self.loops.iter().position(|l| *l == sym) else {
                    continue;
                };
                if matches!(
                    self.loop_names[k].1,
                    LoopKind::Parallel | LoopKind::Vectorized
                ) {
                    return unsupported(
                        format!(
                            "the loop `{}` of the RDom of `{}` is parallel or vectorized",
                            self.loop_names[k].0, f.name
                        ),
                        span,
                    );
                }
                if !r_loops.contains(&sym) {
                    r_loops.push(sym);
                }
            }
            let saved = self.algo_scope.replace(vec![]);
            let lo = eval(d, self, &r.min);
            let hi = eval(d, self, &r.end);
            self.algo_scope = saved;
            match (lo?, hi?) {
                (Val::Int(a, _), Val::Int(b, _)) => r_bounds.push((a, b)),
                _ => {
                    return unsupported(
                        format!("non-integer bounds of the RDom `{}`", r.var),
                        r.span,
                    )
                }
            }
        }
        Ok((r_vals, r_loops, r_bounds))
    }

    /// The conjunction of an update's RDom `predicates`, over fresh parameters for its
    /// stage's pure variables (`slice`) and RDom variables, so that obligations can ask it at
    /// other points.
    fn update_predicate(
        &mut self,
        d: &mut Sym,
        f: &crate::spec::Func,
        slice: &[usize],
        rdoms: &[&crate::spec::RDom],
        predicates: &[(&Expr, &crate::spec::RDom)],
    ) -> Result<(Vec<SymId>, TermId), Stop> {
        let mut params = Vec::new();
        let mut pframe = Vec::new();
        let names = slice
            .iter()
            .map(|k| &f.vars[*k])
            .chain(rdoms.iter().map(|r| &r.var));
        for name in names {
            let s = d.store.fresh("where", Sort::Int);
            params.push(s);
            pframe.push((name.clone(), Val::Int(d.store.sym(s), Type::Int(32))));
        }
        let saved = self.algo_scope.replace(pframe);
        let mut conj = Vec::new();
        let mut r = Ok(());
        for (p, _) in predicates {
            match eval(d, self, p).and_then(|v| value::truth(d, &v, p.span)) {
                Ok(t) => conj.push(t),
                Err(e) => {
                    r = Err(e);
                    break;
                }
            }
        }
        self.algo_scope = saved;
        r?;
        Ok((params, d.store.and(conj)))
    }

    /// The algorithm's step `upd` of `f` in `frame` (its stage and RDom variables), cast to
    /// `f`'s type: its reads of the stored cell are `prev_val` (a Tuple's: the step's
    /// components; a recurrence's: the values `rec_reads` saw).
    #[allow(clippy::too_many_arguments)]
    fn step_value(
        &mut self,
        d: &mut Sym,
        f: &crate::spec::Func,
        upd: &crate::spec::Update,
        frame: Vec<(String, SVal)>,
        pure_vals: &[TermId],
        prev_val: SVal,
        rec_reads: &Option<Vec<RecRead>>,
    ) -> Result<SVal, Stop> {
        let saved = self.algo_scope.replace(frame);
        let saved_self = match rec_reads {
            None if f.tuple.is_some() => {
                self.algo_tuple = Some(pure_vals.to_vec());
                self.algo_self.take()
            }
            None => self
                .algo_self
                .replace((f.name.clone(), pure_vals.to_vec(), prev_val)),
            Some(reads) => {
                let pairs = reads
                    .iter()
                    .map(|(c, v, _)| (c.clone(), v.clone()))
                    .collect();
                self.algo_rec = Some((f.name.clone(), pairs));
                self.algo_self.take()
            }
        };
        let want = eval(d, self, &upd.value);
        self.algo_scope = saved;
        self.algo_self = saved_self;
        self.algo_rec = None;
        self.algo_tuple = None;
        value::cast(d, f.ty, want?, upd.span)
    }

    /// The Tuple step a read or a store of a component of `base` in `stage` belongs to: the
    /// current one, or a new one when it is of another Tuple, stage or iteration, when it is
    /// complete, or when `storing` was already stored in it (the next step).
    fn enter_step(&mut self, base: &str, stage: usize, storing: Option<&str>) -> Result<(), Stop> {
        let arity = self.spec.tuple(base).map_or(0, |t| t.arity);
        let same = self.tuple_step.as_ref().is_some_and(|t| {
            t.base == base
                && t.stage == stage
                && t.loops == self.loops
                && t.stored.len() < arity
                && storing.is_none_or(|f| !t.stored.iter().any(|g| g == f))
        });
        if !same {
            self.finish_step()?;
            self.tuple_step = Some(TupleStep {
                base: base.to_string(),
                stage,
                loops: self.loops.clone(),
                prev: vec![],
                reads: vec![],
                pending: vec![],
                stored: vec![],
                step_vals: None,
                loose: vec![],
            });
        }
        Ok(())
    }

    /// Ends the current Tuple step: every component it read must have been stored in it
    /// (else what the read saw is not the value before the step).
    pub fn finish_step(&mut self) -> Result<(), Stop> {
        match self.tuple_step.take() {
            Some(t) => match t.pending.first() {
                Some((name, span)) => unsupported(
                    format!("a read of `{name}` in a step of an update of the Tuple-valued Func `{}` that does not store `{name}` after it", t.base),
                    *span,
                ),
                None => Ok(()),
            },
            None => Ok(()),
        }
    }

    /// A component's value before the current Tuple step (a fresh value, the same for every
    /// read of it in the step).
    fn step_prev(&mut self, d: &mut Sym, name: &str, ty: Type) -> (SymId, SVal) {
        if let Some((_, s, v)) = self
            .tuple_step
            .as_ref()
            .and_then(|t| t.prev.iter().find(|(n, _, _)| n == name))
        {
            return (*s, v.clone());
        }
        let (s, v) = self.fresh_value(d, "prev", ty);
        if let Some(t) = &mut self.tuple_step {
            t.prev.push((name.to_string(), s, v.clone()));
        }
        (s, v)
    }

    /// A read of component `name` of the Tuple-valued `base` while its update `stage` is
    /// produced: the component's value before the step, recorded as the step's read.
    #[allow(clippy::too_many_arguments)]
    fn read_in_step(
        &mut self,
        d: &mut Sym,
        base: &str,
        stage: usize,
        name: &str,
        ty: Type,
        ts: Vec<TermId>,
        ps: Vec<TermId>,
        realization: Option<usize>,
        span: Span,
    ) -> Result<SVal, Stop> {
        let Some(r) = realization else {
            return unsupported(format!("a read of `{name}` outside its realization"), span);
        };
        self.enter_step(base, stage, None)?;
        if self
            .tuple_step
            .as_ref()
            .is_some_and(|t| t.stored.iter().any(|g| g == name))
        {
            return unsupported(
                format!("a read of `{name}` after its store in the same step of an update of the Tuple-valued Func `{base}`"),
                span,
            );
        }
        let (_, v) = self.step_prev(d, name, ty);
        if let Some(t) = &mut self.tuple_step {
            t.reads.push(ps.clone());
            if !t.pending.iter().any(|(n, _)| n == name) {
                t.pending.push((name.to_string(), span));
            }
        }
        self.record_read(name, ts, ps, Some(r), span);
        let i = self.run.reads.len() - 1;
        self.run.reads[i].own = true;
        if self.storing.is_none() {
            if let Some(t) = &mut self.tuple_step {
                t.loose.push(i);
            }
        }
        Ok(v)
    }

    /// Records the store of component `func` in the current Tuple step (every component
    /// stores the same step: the same stage variables' values), and returns the range facts
    /// of the values before the step that its value and the algorithm's may read.
    fn stored_in_step(
        &mut self,
        d: &mut Sym,
        func: &str,
        u: &UpdateStore,
        span: Span,
    ) -> Result<Vec<TermId>, Stop> {
        let Some(t) = &mut self.tuple_step else {
            return unsupported(
                format!("a store of `{func}` outside a step of its Tuple"),
                span,
            );
        };
        let vals = (u.pure_vals.clone(), u.r_vals.clone());
        match &t.step_vals {
            Some(v) if *v != vals => {
                let base = t.base.clone();
                return unsupported(
                    format!("the components of the Tuple-valued Func `{base}` store different steps in one iteration"),
                    span,
                );
            }
            Some(_) => {}
            None => t.step_vals = Some(vals),
        }
        t.stored.push(func.to_string());
        t.pending.retain(|(n, _)| n != func);
        // The step's reads outside any store are this store's (all its components store one
        // point, so one liveness).
        let w = self.run.writes.len();
        for i in std::mem::take(&mut t.loose) {
            self.run.reads[i].store = Some(w);
        }
        let Some(t) = &mut self.tuple_step else {
            unreachable!("matched above")
        };
        let prevs: Vec<(SVal, Type)> = t.prev.iter().map(|(_, _, v)| (v.clone(), v.ty())).collect();
        let mut facts = Vec::new();
        for (v, ty) in prevs {
            facts.extend(self.range_facts(d, ty, &v));
        }
        Ok(facts)
    }

    /// Integer expressions of the algorithm in `frame`.
    fn algo_ints(
        &mut self,
        d: &mut Sym,
        frame: Vec<(String, SVal)>,
        es: &[Expr],
    ) -> Result<Vec<TermId>, Stop> {
        let saved = self.algo_scope.replace(frame);
        let mut out = Vec::new();
        let mut r = Ok(());
        for e in es {
            match eval(d, self, e) {
                Ok(Val::Int(t, _)) => out.push(t),
                Ok(_) => {
                    r = unsupported("a non-integer index", e.span);
                    break;
                }
                Err(e) => {
                    r = Err(e);
                    break;
                }
            }
        }
        self.algo_scope = saved;
        r.map(|()| out)
    }

    fn record_read(
        &mut self,
        func: &str,
        args: Vec<TermId>,
        point: Vec<TermId>,
        realize: Option<usize>,
        span: Span,
    ) {
        let writes_before = match realize {
            None if func == self.spec.output => self
                .run
                .writes
                .iter()
                .enumerate()
                .filter(|(_, w)| w.realize.is_none())
                .map(|(i, _)| i)
                .collect(),
            None => vec![],
            Some(r) => self
                .run
                .writes
                .iter()
                .enumerate()
                .filter(|(_, w)| w.realize == Some(r))
                .map(|(i, _)| i)
                .collect(),
        };
        self.seq += 1;
        self.run.reads.push(Read {
            func: func.to_string(),
            args,
            point,
            seq: self.seq,
            path: self.path.clone(),
            loops: self.loops.clone(),
            realize,
            writes_before,
            own: self.self_read.as_ref().is_some_and(|(g, _, _)| g == func)
                || self.rec_read.as_ref().is_some_and(|(g, _)| g == func),
            store: self.storing,
            span,
        });
    }
}
