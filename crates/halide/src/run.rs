//! The concrete interpreter of the loop program (the `Concrete` domain through `eval`): runs
//! the statement at concrete sizes on concrete inputs, with every cell's initialization
//! tracked (a store that reads an undefined cell stores a poison, a fault where it reaches
//! the output, an index, a condition or a bound: see `Machine::storing`), every access
//! bounds-checked and every parallel loop's iterations compared for conflicts; then compares
//! the output with the algorithm evaluated at every point. Every refutation is replayed here.

use crate::clock::Deadline;
use crate::eval::{eval, Env};
use crate::spec::Spec;
use crate::stmt::{LoopKind, Stmt, StmtKind};
use crate::syntax::Type;
use crate::value::{self, unsupported, Stop, Val, WitnessKind};
use report::Span;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use tensor::{Concrete, Domain};

type CVal = Val<Concrete>;

/// A concrete run's setting: buffer fields (`NAME.min.K`, `NAME.extent.K`, `NAME.stride.K`)
/// and input elements (row-major over the input's region, dimension 0 innermost).
#[derive(Clone, Debug)]
pub struct Setting {
    pub fields: BTreeMap<String, i128>,
    pub inputs: BTreeMap<String, Vec<i128>>,
    /// A float input's element is its integer over this denominator (1: integers; the
    /// unit-interval data of the searches: [`UNIT_DENOMINATOR`], so that images in `[0, 1]`,
    /// as Halide's apps take them, see values a clamp to `[0, 1]` keeps apart).
    pub float_denominator: i128,
}

/// The denominator of the unit-interval float data: a power of two, so that every element
/// is a float32 exactly.
pub const UNIT_DENOMINATOR: i128 = 256;

impl Setting {
    /// The value of an input element stored as `n`.
    pub fn element(&self, ty: Type, n: i128) -> CVal {
        if ty.is_float() && self.float_denominator != 1 {
            let r = tensor::Rat::new(n, self.float_denominator).expect("a denominator above 0");
            return Val::Float(tensor::Scalar::Real(r), ty);
        }
        input_value(ty, n)
    }
}

/// What a replay found.
#[derive(Clone, Debug)]
pub struct Fault {
    pub kind: WitnessKind,
    pub what: String,
    /// The output point and the two values, for an unwritten point or a wrong value.
    pub point: Vec<i128>,
    pub values: Option<(String, String)>,
    /// For a wrong float value: the relative difference `|got - want| / max(|got|, |want|)`
    /// (the checker refutes only above the gap its float constants allow).
    pub gap: Option<f64>,
}

pub enum Outcome {
    /// The run completed and the output equals the algorithm everywhere.
    Agrees,
    Fault(Fault),
    /// An assertion of the statement failed: the setting is outside the pipeline's contract.
    AssertFailed,
    /// A construct the interpreter does not model, and where (in the statement or the
    /// algorithm: the text says which).
    Unsupported(String, #[allow(dead_code)] Span),
    /// The run's allowance (steps or wall time) ran out before it completed (no verdict
    /// either way).
    OutOfSteps,
}

/// What the runs of one search may still take: interpreted steps (statements run, variables
/// and calls read) and CPU time of the checking thread ([`crate::clock`]: not wall time, so
/// that the machine's load does not change where a search stops), whichever ends first. Steps alone do not bound a run's
/// time: a step over exact rationals grows with their size (a long recurrence of `0.9f`
/// products), so a run at an app's size could take minutes within its steps.
#[derive(Clone, Copy, Debug)]
pub struct Allowance {
    pub steps: u64,
    pub time: Duration,
}

impl Allowance {
    /// No limit (tests).
    #[cfg(test)]
    pub const UNLIMITED: Allowance = Allowance {
        steps: u64::MAX,
        time: Duration::MAX,
    };

    /// Whether nothing is left.
    pub fn is_spent(&self) -> bool {
        self.steps == 0 || self.time.is_zero()
    }
}

struct Buffer {
    id: usize,
    mins: Vec<i128>,
    extents: Vec<i128>,
    cells: Vec<Option<CVal>>,
    /// Cells holding an undefined value (stored by a store outside its needed region that
    /// read a never-written or undefined cell), by offset: where that value came from.
    undefined: BTreeMap<usize, String>,
    /// The needed region `[min, max]` per dimension (points; [`crate::live`]), if the
    /// statement states one; and each dimension's fold factor.
    needed: Option<Vec<(i128, i128)>>,
    folds: Vec<Option<i128>>,
}

impl Buffer {
    fn offset(&self, idx: &[i128]) -> Option<usize> {
        if idx.len() != self.mins.len() {
            return None;
        }
        let mut off: i128 = 0;
        for k in (0..idx.len()).rev() {
            let i = idx[k] - self.mins[k];
            if i < 0 || i >= self.extents[k] {
                return None;
            }
            off = off * self.extents[k] + i;
        }
        Some(off as usize)
    }
}

/// Realizations no larger than this many cells are run (a budget, never a verdict: a larger
/// one ends the run as [`Outcome::OutOfSteps`]).
pub(crate) const MAX_CELLS: i128 = 1 << 20;
/// Steps (statements, variable and call reads) one run may take, whatever its budget.
const MAX_STEPS: u64 = 20_000_000;

struct Machine<'a> {
    spec: &'a Spec,
    setting: &'a Setting,
    scope: Vec<(String, CVal)>,
    /// Current realization of each Func (a stack per Func), and the output buffer.
    bufs: BTreeMap<String, Vec<Buffer>>,
    next_id: usize,
    /// Steps so far (statements, variable and call reads), and how many this run may take.
    steps: u64,
    limit: u64,
    /// The run stops (out of its allowance) past this instant.
    deadline: Option<Deadline>,
    /// Per enclosing parallel loop: its accesses so far, by cell.
    parallel: Vec<Parallel>,
    /// While evaluating a provide's value (else a read is an index's, a condition's or a
    /// bound's, and an undefined value there is a fault): where its first read of an undefined
    /// value (a never-written cell, or one a poison was stored into) came from. The value it
    /// stores is then a poison: an arbitrary value, the cell marked undefined; a fault when it
    /// reaches the output.
    storing: bool,
    poison: Option<String>,
    /// The first poison stored by a store inside its needed region ([`crate::live`]): the
    /// witness of an output that then differs from the algorithm (the needed value was lost).
    suspect: Option<String>,
    /// Buffers the statement allocates (`allocate`: Halide's bookkeeping of dynamically
    /// folded storage), innermost last, each until the end of its block.
    allocs: Vec<(String, Vec<Option<CVal>>)>,
    /// Halide's values of a Tuple's components before their stores (`let f.0.value = ...`):
    /// part of those stores, so a read of an undefined cell there is a poison (whose origin
    /// is kept here, by name) that only a use outside a store makes a fault.
    poisoned: BTreeMap<String, String>,
    /// The output point an undefined value reached (the run stopped there with a fault): a
    /// refutation only where the algorithm itself is defined ([`replay`]).
    poisoned_output: Option<Vec<i128>>,
}

/// One run of a parallel loop: its variable, the current iteration, and per cell (buffer,
/// offset) what its iterations did to it.
struct Parallel {
    var: String,
    iter: i128,
    cells: BTreeMap<(usize, usize), CellLog>,
}

#[derive(Default)]
struct CellLog {
    /// The cell's value when the loop first touched it (`None`: unwritten).
    before: Option<String>,
    /// (iteration, value) of every write and read, in the order run.
    writes: Vec<(i128, String)>,
    reads: Vec<(i128, String)>,
}

/// An access to a cell: a read of a value, or a write of `new` over `old`.
enum Access<'a> {
    Read(&'a CVal),
    Write(Option<&'a CVal>, &'a CVal),
}

fn ints(args: &[CVal], span: Span) -> Result<Vec<i128>, Stop> {
    args.iter()
        .map(|a| match a {
            Val::Int(i, _) => Ok(*i),
            _ => unsupported("a non-integer index", span),
        })
        .collect()
}

impl Machine<'_> {
    /// Logs an access in every enclosing parallel loop. A race is an access whose outcome
    /// depends on the order of two iterations: a write of a value other than one another
    /// iteration wrote or read in that cell; a read of a cell last written by another
    /// iteration (run first, this one would have read the cell's earlier content), unless
    /// that earlier content was the same value.
    fn touch(
        &mut self,
        func: &str,
        idx: &[i128],
        id: usize,
        off: usize,
        a: Access,
    ) -> Result<(), Stop> {
        for p in &mut self.parallel {
            let i = p.iter;
            let log = p.cells.entry((id, off)).or_insert_with(|| CellLog {
                before: match &a {
                    Access::Read(v) => Some(show(v)),
                    Access::Write(old, _) => old.map(show),
                },
                ..CellLog::default()
            });
            let race = |other: i128, what: String| {
                Stop::Fault {
                kind: WitnessKind::Race,
                what: format!(
                    "iterations {other} and {i} of the parallel loop `{}` conflict on `{func}` at {idx:?}: {what}",
                    p.var
                ),
            }
            };
            match a {
                Access::Write(_, v) => {
                    let v = show(v);
                    if let Some((j, u)) = log.writes.iter().find(|(j, u)| *j != i && differ(u, &v))
                    {
                        return Err(race(
                            *j,
                            format!(
                                "both write it ({u}, then {v}): the result depends on their order"
                            ),
                        ));
                    }
                    if let Some((j, u)) = log.reads.iter().find(|(j, u)| *j != i && differ(u, &v)) {
                        return Err(race(*j, format!("the first reads {u}, the second writes {v}: run the other way, the read sees {v}")));
                    }
                    log.writes.push((i, v));
                }
                Access::Read(v) => {
                    let v = show(v);
                    if let Some((j, _)) = log.writes.last().filter(|(j, _)| *j != i) {
                        if log.before.as_ref().is_none_or(|b| differ(b, &v)) {
                            return Err(race(*j, format!("the second reads {v}, which the first wrote: run the other way, it reads {}", log.before.clone().unwrap_or("an unwritten cell".into()))));
                        }
                    }
                    log.reads.push((i, v));
                }
            }
        }
        Ok(())
    }

    /// The fold factor of dimension `dim` of `name`'s current buffer (a provide's point is
    /// its index before `% F`; calls need only the cell, so `Env::fold` stays `None` here).
    fn fold_of(&self, name: &str, dim: usize) -> Option<i128> {
        let b = self.bufs.get(name)?.last()?;
        b.folds.get(dim).copied().flatten()
    }

    /// An integer `let` in scope (a bound the statement states).
    /// Every binding in scope of `name` or a renamed copy of it (`name_N`), innermost first.
    fn bounds_of(&self, name: &str) -> Vec<i128> {
        self.scope
            .iter()
            .rev()
            .filter(|(n, _)| crate::spec::binds(n, name))
            .filter_map(|(_, v)| match v {
                Val::Int(i, _) => Some(*i),
                _ => None,
            })
            .collect()
    }

    fn read_input(&self, name: &str, idx: &[i128], span: Span) -> Result<CVal, Stop> {
        let inp = self.spec.input(name).expect("caller checked");
        if idx.len() != inp.dims {
            return unsupported(
                format!(
                    "a read of input `{name}` with {} indices (declared with {} dims)",
                    idx.len(),
                    inp.dims
                ),
                span,
            );
        }
        let data = &self.setting.inputs[name];
        let mut off: i128 = 0;
        for k in (0..idx.len()).rev() {
            let m = self.setting.fields[&format!("{name}.min.{k}")];
            let e = self.setting.fields[&format!("{name}.extent.{k}")];
            let i = idx[k] - m;
            if i < 0 || i >= e {
                return Err(Stop::Fault {
                    kind: WitnessKind::OutOfBounds,
                    what: format!("read of input `{name}` at {idx:?}, outside its buffer"),
                });
            }
            off = off * e + i;
        }
        let _ = span;
        Ok(self.setting.element(inp.ty, data[off as usize]))
    }
}

pub fn input_value(ty: Type, n: i128) -> CVal {
    if ty.is_float() {
        Val::Float(tensor::Scalar::Real(tensor::Rat::int(n)), ty)
    } else if ty.is_bool() {
        Val::Bool(n != 0)
    } else {
        Val::Int(n, ty)
    }
}

impl Env<Concrete> for Machine<'_> {
    fn load(
        &mut self,
        _d: &mut Concrete,
        name: &str,
        index: CVal,
        span: Span,
    ) -> Result<CVal, Stop> {
        let Val::Int(i, _) = index else {
            return unsupported("a non-integer index", span);
        };
        let Some((_, cells)) = self.allocs.iter().rev().find(|(n, _)| n == name) else {
            return unsupported(
                format!("a load of `{name}`, which the statement does not allocate"),
                span,
            );
        };
        match usize::try_from(i).ok().and_then(|i| cells.get(i)) {
            None => Err(Stop::Fault {
                kind: WitnessKind::OutOfBounds,
                what: format!("read of `{name}` at [{i}], outside its allocation"),
            }),
            Some(None) => Err(Stop::Fault {
                kind: WitnessKind::Uninitialized,
                what: format!("read of `{name}` at [{i}], an element not yet written"),
            }),
            Some(Some(v)) => Ok(v.clone()),
        }
    }

    fn bind(&mut self, name: &str, v: CVal) {
        self.scope.push((name.to_string(), v));
    }
    fn unbind(&mut self) {
        self.scope.pop();
    }

    fn var(&mut self, _d: &mut Concrete, name: &str, span: Span) -> Result<CVal, Stop> {
        // Each variable and call read is a step (a statement's cost grows with its size).
        self.steps += 1;
        if let Some((_, v)) = self.scope.iter().rev().find(|(n, _)| n == name) {
            if let Some(origin) = self.poisoned.get(name) {
                if !self.storing {
                    return Err(Stop::Fault {
                        kind: WitnessKind::Uninitialized,
                        what: format!(
                            "{origin} (through `{name}`, in an index, a condition or a bound)"
                        ),
                    });
                }
                self.poison.get_or_insert(origin.clone());
            }
            return Ok(v.clone());
        }
        if let Some(v) = self.setting.fields.get(name) {
            return Ok(Val::Int(*v, Type::Int(32)));
        }
        unsupported(format!("unbound name `{name}`"), span)
    }

    fn call(
        &mut self,
        _d: &mut Concrete,
        name: &str,
        args: Vec<CVal>,
        _point: Vec<CVal>,
        span: Span,
    ) -> Result<CVal, Stop> {
        self.steps += 1;
        let idx = ints(&args, span)?;
        if self.spec.input(name).is_some() {
            return self.read_input(name, &idx, span);
        }
        let Some(b) = self.bufs.get(name).and_then(|s| s.last()) else {
            return unsupported(
                format!("a call of `{name}`, which is neither an input nor a realized Func"),
                span,
            );
        };
        if idx.len() != b.mins.len() {
            return unsupported(
                format!(
                    "a call of `{name}` with {} indices (its buffer has {})",
                    idx.len(),
                    b.mins.len()
                ),
                span,
            );
        }
        let Some(off) = b.offset(&idx) else {
            return Err(Stop::Fault {
                kind: WitnessKind::OutOfBounds,
                what: format!(
                    "read of `{name}` at {idx:?}, outside its realization (min {:?}, extent {:?})",
                    b.mins, b.extents
                ),
            });
        };
        let id = b.id;
        let v = b.cells[off].clone();
        let origin = match (&v, b.undefined.get(&off)) {
            (Some(v), None) => {
                let v = v.clone();
                self.touch(name, &idx, id, off, Access::Read(&v))?;
                return Ok(v);
            }
            (_, Some(o)) => o.clone(),
            (None, None) => format!("read of `{name}` at {idx:?}, a cell not yet written"),
        };
        if !self.storing {
            return Err(Stop::Fault {
                kind: WitnessKind::Uninitialized,
                what: match v {
                    None => format!("{origin} (in an index, a condition or a bound)"),
                    Some(_) => format!("read of `{name}` at {idx:?} (in an index, a condition or a bound), whose value depends on a {origin}"),
                },
            });
        }
        // A poison: an arbitrary value, whose store is undefined too (not logged for races:
        // a discarded value cannot make the output depend on an order).
        self.poison.get_or_insert(origin);
        let ty = self.spec.func(name).map(|f| f.ty).unwrap_or(Type::Int(32));
        Ok(v.unwrap_or_else(|| input_value(ty, 0)))
    }
}

enum Flow {
    Stop(Stop),
    AssertFailed,
    /// The run's allowance (steps or wall time) ran out.
    OutOfSteps,
}

impl From<Stop> for Flow {
    fn from(s: Stop) -> Flow {
        Flow::Stop(s)
    }
}

impl Machine<'_> {
    fn int(&mut self, d: &mut Concrete, e: &crate::syntax::Expr) -> Result<i128, Flow> {
        match eval(d, self, e)? {
            Val::Int(i, _) => Ok(i),
            _ => Err(Flow::Stop(Stop::Unsupported {
                what: "a non-integer bound".into(),
                span: e.span,
            })),
        }
    }

    fn block(&mut self, d: &mut Concrete, body: &[Stmt]) -> Result<(), Flow> {
        let (depth, allocs) = (self.scope.len(), self.allocs.len());
        let r = self.block_inner(d, body);
        self.scope.truncate(depth);
        self.allocs.truncate(allocs);
        r
    }

    fn block_inner(&mut self, d: &mut Concrete, body: &[Stmt]) -> Result<(), Flow> {
        for s in body {
            self.steps += 1;
            if self.steps > self.limit || (self.steps % CLOCK_EVERY == 0 && past(self.deadline)) {
                return Err(Flow::OutOfSteps);
            }
            match &s.kind {
                StmtKind::Let(n, e) if tuple_value(self.spec, n) => {
                    self.storing = true;
                    let v = eval(d, self, e);
                    self.storing = false;
                    match self.poison.take() {
                        Some(origin) => self.poisoned.insert(n.clone(), origin),
                        None => self.poisoned.remove(n),
                    };
                    self.scope.push((n.clone(), v?));
                }
                StmtKind::Let(n, e) => {
                    let v = eval(d, self, e)?;
                    self.scope.push((n.clone(), v));
                }
                StmtKind::Assert(c) => {
                    // An assertion the semantics cannot evaluate is not checked (it only
                    // concerns runtime fields such as types and host pointers).
                    if let Ok(v) = eval(d, self, c) {
                        if let Ok(false) = value::truth(d, &v, c.span) {
                            return Err(Flow::AssertFailed);
                        }
                    }
                }
                StmtKind::Eval(_) => {}
                StmtKind::Allocate { name, extent, .. } => {
                    let n = self.int(d, extent)?;
                    if !(0..=1 << 16).contains(&n) {
                        return Err(Flow::Stop(Stop::Unsupported {
                            what: format!("an allocation of {n} elements in the concrete run"),
                            span: s.span,
                        }));
                    }
                    self.allocs.push((name.clone(), vec![None; n as usize]));
                }
                StmtKind::Store { name, index, value } => {
                    self.store_to_allocation(d, name, index, value, s.span)?
                }
                StmtKind::If(c, a, b) => {
                    let v = eval(d, self, c)?;
                    if value::truth(d, &v, c.span)? {
                        self.block(d, a)?;
                    } else {
                        self.block(d, b)?;
                    }
                }
                StmtKind::Produce(_, b) | StmtKind::Consume(_, b) | StmtKind::Block(_, b) => {
                    self.block(d, b)?
                }
                StmtKind::Fork { a, b, sequential } => {
                    if !*sequential {
                        return Err(Flow::Stop(Stop::Unsupported { what: "a `fork` whose second task does not wait for the first (async without a semaphore hand-off)".into(), span: s.span }));
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

    /// `name[index] = value` into an allocated buffer.
    fn store_to_allocation(
        &mut self,
        d: &mut Concrete,
        name: &str,
        index: &crate::syntax::Expr,
        value: &crate::syntax::Expr,
        span: Span,
    ) -> Result<(), Flow> {
        let i = self.int(d, index)?;
        let v = eval(d, self, value)?;
        let Some((_, cells)) = self.allocs.iter_mut().rev().find(|(n, _)| n == name) else {
            return Err(Flow::Stop(Stop::Unsupported {
                what: format!("a store to `{name}`, which the statement does not allocate"),
                span,
            }));
        };
        let Some(c) = usize::try_from(i).ok().and_then(|i| cells.get_mut(i)) else {
            return Err(Flow::Stop(Stop::Fault {
                kind: WitnessKind::OutOfBounds,
                what: format!("write of `{name}` at [{i}], outside its allocation"),
            }));
        };
        *c = Some(v);
        Ok(())
    }

    /// `for (var, min, extent)`: every iteration in order (a parallel loop's logged for
    /// races, [`Parallel`]).
    fn for_(
        &mut self,
        d: &mut Concrete,
        kind: LoopKind,
        var: &str,
        min: &crate::syntax::Expr,
        extent: &crate::syntax::Expr,
        body: &[Stmt],
    ) -> Result<(), Flow> {
        let m = self.int(d, min)?;
        let e = self.int(d, extent)?;
        let par = kind == LoopKind::Parallel;
        if par {
            self.parallel.push(Parallel {
                var: var.to_string(),
                iter: m,
                cells: BTreeMap::new(),
            });
        }
        for i in m..m + e.max(0) {
            if par {
                self.parallel.last_mut().expect("pushed").iter = i;
            }
            self.scope
                .push((var.to_string(), Val::Int(i, Type::Int(32))));
            let r = self.block(d, body);
            self.scope.pop();
            if r.is_err() && par {
                self.parallel.pop();
            }
            r?;
        }
        if par {
            self.parallel.pop();
        }
        Ok(())
    }

    /// `realize func(bounds) if cond { body }`: a fresh buffer of `func` (empty when `cond`
    /// fails), current while `body` runs.
    fn realize(
        &mut self,
        d: &mut Concrete,
        func: &String,
        bounds: &[(crate::syntax::Expr, crate::syntax::Expr)],
        cond: Option<&crate::syntax::Expr>,
        body: &[Stmt],
    ) -> Result<(), Flow> {
        let exists = match cond {
            None => true,
            Some(c) => {
                let v = eval(d, self, c)?;
                value::truth(d, &v, c.span)?
            }
        };
        let mut mins = Vec::new();
        let mut extents = Vec::new();
        let mut cells: i128 = 1;
        for (m, e) in bounds {
            let m = self.int(d, m)?;
            let e = if exists { self.int(d, e)?.max(0) } else { 0 };
            cells = cells.saturating_mul(e);
            mins.push(m);
            extents.push(e);
        }
        if cells > MAX_CELLS {
            // Beyond the run's allowance, as a step budget: no verdict either way.
            return Err(Flow::OutOfSteps);
        }
        self.next_id += 1;
        let needed = self.spec.func(func).and_then(|f| {
            let region = crate::live::needed_candidate(&f.needed_bound_names(), |name| {
                self.bounds_of(name)
            })?;
            region
                .into_iter()
                .map(|(lo, hi)| Some((lo.into_iter().max()?, hi.into_iter().min()?)))
                .collect()
        });
        let buf = Buffer {
            id: self.next_id,
            mins,
            extents,
            cells: vec![None; cells as usize],
            undefined: BTreeMap::new(),
            needed,
            folds: crate::eval::fold_factors(func, bounds, body),
        };
        self.bufs.entry(func.clone()).or_default().push(buf);
        let r = self.block(d, body);
        self.bufs.get_mut(func).and_then(|v| v.pop());
        r
    }

    /// `func(args) = value`: stores the value into `func`'s current buffer (a poisoned value
    /// marks its cell undefined, a fault where it reaches the output), logging the write.
    fn provide(
        &mut self,
        d: &mut Concrete,
        func: &String,
        args: &[crate::syntax::Expr],
        value: &crate::syntax::Expr,
        span: Span,
    ) -> Result<(), Flow> {
        let mut idx = Vec::new();
        let mut point = Vec::new();
        for (k, a) in args.iter().enumerate() {
            let fold = self.fold_of(func, k);
            match crate::eval::index(d, self, a, fold)? {
                (Val::Int(c, _), Val::Int(p, _)) => {
                    idx.push(c);
                    point.push(p);
                }
                _ => {
                    return Err(Flow::Stop(Stop::Unsupported {
                        what: "a non-integer index".into(),
                        span: a.span,
                    }))
                }
            }
        }
        let needed = self
            .bufs
            .get(func)
            .and_then(|s| s.last())
            .and_then(|b| b.needed.as_ref());
        let live = *func == self.spec.output
            || needed.is_none_or(|n| {
                n.len() != point.len()
                    || point.iter().zip(n).all(|(p, (lo, hi))| lo <= p && p <= hi)
            });
        let regioned = needed.is_some();
        self.storing = true;
        let v = eval(d, self, value);
        self.storing = false;
        let poison = self.poison.take();
        let v = v?;
        if let Some(origin) = &poison {
            if *func == self.spec.output {
                self.poisoned_output = Some(point.clone());
                return Err(Flow::Stop(Stop::Fault {
                    kind: WitnessKind::Uninitialized,
                    what: format!("{origin}, whose value reaches the output `{func}` at {point:?}"),
                }));
            }
            if live && self.suspect.is_none() {
                self.suspect = Some(format!(
                    "{origin} (by the store of `{func}` at {point:?}{})",
                    if regioned {
                        ", inside its needed region"
                    } else {
                        ""
                    }
                ));
            }
        }
        let ty = self.spec.func(func).map(|f| f.ty);
        if ty != Some(v.ty()) {
            return Err(Flow::Stop(Stop::Unsupported {
                what: format!(
                    "a provide to `{func}` of type {} (the algorithm declares {})",
                    v.ty(),
                    ty.map(|t| t.to_string())
                        .unwrap_or_else(|| tuple_component(self.spec, func))
                ),
                span,
            }));
        }
        let Some(b) = self.bufs.get_mut(func).and_then(|s| s.last_mut()) else {
            return Err(Flow::Stop(Stop::Unsupported {
                what: format!("a provide to `{func}` outside its realization"),
                span,
            }));
        };
        if idx.len() != b.mins.len() {
            return Err(Flow::Stop(Stop::Unsupported {
                what: format!(
                    "a provide to `{func}` with {} indices (its buffer has {})",
                    idx.len(),
                    b.mins.len()
                ),
                span,
            }));
        }
        let Some(off) = b.offset(&idx) else {
            return Err(Flow::Stop(Stop::Fault { kind: WitnessKind::OutOfBounds, what: format!("write of `{func}` at {idx:?}, outside its buffer or realization (min {:?}, extent {:?})", b.mins, b.extents) }));
        };
        if let Some(origin) = poison {
            b.cells[off] = Some(v);
            b.undefined.insert(off, origin);
            return Ok(());
        }
        b.undefined.remove(&off);
        let old = b.cells[off].replace(v.clone());
        let id = b.id;
        self.touch(func, &idx, id, off, Access::Write(old.as_ref(), &v))?;
        Ok(())
    }
}

/// Runs the statement at a setting and compares the output with the algorithm. `allow`: the
/// steps and wall time it may still take, decreased by what it took; when either runs out
/// (also while the algorithm's values are computed for the comparison) the outcome is
/// [`Outcome::OutOfSteps`].
pub fn replay(spec: &Spec, stmt: &[Stmt], setting: &Setting, allow: &mut Allowance) -> Outcome {
    let start = (Instant::now(), crate::clock::cpu_now());
    let out = replay_within(
        spec,
        stmt,
        setting,
        &mut allow.steps,
        Deadline::after(allow.time),
    );
    allow.time = allow.time.saturating_sub(crate::clock::spent_since(start));
    out
}

/// How many interpreted steps apart the run reads its clock.
const CLOCK_EVERY: u64 = 1024;

fn past(deadline: Option<Deadline>) -> bool {
    deadline.is_some_and(|d| d.passed())
}

/// [`replay`] within `budget` steps (decreased by those it took) and until `deadline`.
fn replay_within(
    spec: &Spec,
    stmt: &[Stmt],
    setting: &Setting,
    budget: &mut u64,
    deadline: Option<Deadline>,
) -> Outcome {
    if crate::domain::restriction(spec).and_then(|r| r.holds(&setting.fields)) == Some(false) {
        // Outside the claim: the output reaches where the algorithm is undefined (`domain`).
        return Outcome::AssertFailed;
    }
    let out = spec
        .func(&spec.output)
        .expect("the parser checked the output");
    let mut mins = Vec::new();
    let mut extents = Vec::new();
    for k in 0..out.vars.len() {
        mins.push(setting.fields[&format!("{}.min.{k}", out.name)]);
        extents.push(setting.fields[&format!("{}.extent.{k}", out.name)].max(0));
    }
    let cells: i128 = extents.iter().product();
    let mut m = Machine {
        spec,
        setting,
        scope: vec![],
        bufs: BTreeMap::new(),
        next_id: 0,
        steps: 0,
        limit: (*budget).min(MAX_STEPS),
        deadline,
        parallel: vec![],
        storing: false,
        poison: None,
        suspect: None,
        allocs: vec![],
        poisoned: BTreeMap::new(),
        poisoned_output: None,
    };
    m.bufs.insert(
        out.name.clone(),
        vec![Buffer {
            id: 0,
            mins: mins.clone(),
            extents: extents.clone(),
            cells: vec![None; cells as usize],
            undefined: BTreeMap::new(),
            needed: None,
            folds: vec![],
        }],
    );
    let mut d = Concrete::new(BTreeMap::new());
    let ran = m.block(&mut d, stmt);
    *budget = budget.saturating_sub(m.steps);
    if let Some(why) = d.inexact.take() {
        // A value the interpreter could not bound (a comparison of overlapping intervals, an
        // overflow): nothing this run saw can be trusted.
        return Outcome::Unsupported(
            format!("the concrete run is inexact: {why}"),
            Span::default(),
        );
    }
    match ran {
        Ok(()) => {}
        Err(Flow::OutOfSteps) => return Outcome::OutOfSteps,
        Err(Flow::AssertFailed) => return Outcome::AssertFailed,
        Err(Flow::Stop(Stop::Unsupported { what, span })) => {
            return Outcome::Unsupported(what, span)
        }
        Err(Flow::Stop(Stop::Fault { kind, what })) => {
            let poisoned = m.poisoned_output.take();
            return run_fault(spec, setting, &mut d, poisoned, &out.name, kind, what);
        }
    }
    let buf = m
        .bufs
        .remove(&out.name)
        .and_then(|mut v| v.pop())
        .expect("the output buffer");
    let output = Output {
        name: &out.name,
        buf: &buf,
        mins: &mins,
        extents: &extents,
    };
    compare_output(spec, setting, &mut d, &output, m.suspect.take(), deadline)
}

/// The outcome of a run that stopped at fault `kind`, `what`. Where an undefined value
/// reached the output (at `poisoned`), wrong only where the algorithm defines that point
/// (Halide's `undef()` leaves a point without a value).
fn run_fault(
    spec: &Spec,
    setting: &Setting,
    d: &mut Concrete,
    poisoned: Option<Vec<i128>>,
    out: &str,
    kind: WitnessKind,
    what: String,
) -> Outcome {
    if let Some(point) = poisoned {
        let mut alg = crate::algo::Concrete::new(spec, setting);
        match alg.value(d, out, &point) {
            Ok(_) if d.inexact.is_none() => {}
            Ok(_) => {
                return Outcome::Unsupported(
                    "the algorithm's concrete value is inexact".into(),
                    Span::default(),
                )
            }
            Err(Stop::Unsupported { what, .. }) => {
                return Outcome::Unsupported(format!("in the algorithm: {what}"), Span::default())
            }
            Err(Stop::Fault { what: why, .. }) => {
                return Outcome::Unsupported(
                    format!("the algorithm itself is undefined at output point {point:?} of `{out}` ({why}), where the loop program's {what}: the claim holds only where the algorithm defines the output"),
                    Span::default(),
                )
            }
        }
    }
    Outcome::Fault(Fault {
        kind,
        what,
        point: vec![],
        values: None,
        gap: None,
    })
}

/// The output buffer a run left, with its name and box.
struct Output<'a> {
    name: &'a str,
    buf: &'a Buffer,
    mins: &'a [i128],
    extents: &'a [i128],
}

/// Compares every point of the run's output with the algorithm's value there (until
/// `deadline`): the first point never written or computed differently is a fault (one
/// computed from an undefined value, `suspect`, says so).
fn compare_output(
    spec: &Spec,
    setting: &Setting,
    d: &mut Concrete,
    out: &Output,
    mut suspect: Option<String>,
    deadline: Option<Deadline>,
) -> Outcome {
    let cells: i128 = out.extents.iter().product();
    let mut alg = crate::algo::Concrete::new(spec, setting);
    for off in 0..cells as usize {
        if off % CLOCK_EVERY as usize == 0 && past(deadline) {
            return Outcome::OutOfSteps;
        }
        let mut point = Vec::new();
        let mut rest = off as i128;
        for k in 0..out.extents.len() {
            point.push(out.mins[k] + rest % out.extents[k]);
            rest /= out.extents[k];
        }
        let want = match alg.value(d, out.name, &point) {
            Ok(v) => v,
            Err(Stop::Unsupported { what, .. }) => {
                // A span into the algorithm's text, not the statement's: the text says where.
                return Outcome::Unsupported(format!("in the algorithm: {what}"), Span::default());
            }
            Err(Stop::Fault { what, .. }) => {
                return Outcome::Unsupported(
                    format!("the algorithm itself is undefined here: {what}"),
                    Span::default(),
                )
            }
        };
        if let Some(why) = d.inexact.take() {
            return Outcome::Unsupported(
                format!("the algorithm's concrete value is inexact: {why}"),
                Span::default(),
            );
        }
        match &out.buf.cells[off] {
            None => {
                return Outcome::Fault(Fault {
                    kind: WitnessKind::Unwritten,
                    what: format!("output point {point:?} of `{}` is never written", out.name),
                    point,
                    values: Some(("(never written)".into(), show(&want))),
                    gap: None,
                })
            }
            Some(got) => {
                let (g, w) = (show(got), show(&want));
                if g != w && !overlap(got, &want) {
                    if let Some(what) = suspect.take() {
                        // The needed value was computed from an undefined one and is lost.
                        return Outcome::Fault(Fault {
                            kind: WitnessKind::Uninitialized,
                            what: format!("{what}; then at {point:?} the loop program computes {g}, the algorithm {w}"),
                            point,
                            values: Some((g, w)),
                            gap: relative_gap(got, &want),
                        });
                    }
                    return Outcome::Fault(Fault {
                        kind: WitnessKind::WrongValue,
                        what: format!(
                            "at {point:?} the loop program computes {g}, the algorithm {w}"
                        ),
                        point,
                        values: Some((g, w)),
                        gap: relative_gap(got, &want),
                    });
                }
            }
        }
    }
    let _ = d.lit_i(0);
    Outcome::Agrees
}

/// `f.k.value`, Halide's name for the value of component `k` of a Tuple-valued Func `f`
/// computed before the Tuple's stores.
pub(crate) fn tuple_value(spec: &Spec, name: &str) -> bool {
    name.strip_suffix(".value")
        .is_some_and(|c| spec.func(c).is_some_and(|f| f.tuple.is_some()))
}

/// Why the algorithm has no Func `name`: `f.0`, `f.1` are the components of a Tuple-valued
/// Func `f` (Halide's statement splits them; the algorithm's text does not say which component
/// a call reads), else no such Func.
fn tuple_component(spec: &Spec, name: &str) -> String {
    match name.rsplit_once('.') {
        Some((f, k)) if k.parse::<usize>().is_ok() && spec.func(f).is_some() => format!(
            "no such Func: `{name}` is component {k} of the Tuple-valued Func `{f}`, which is not supported"
        ),
        _ => "no such Func".into(),
    }
}

/// A float value as an interval holding it: `[v, v]` for an exact rational, the interval of
/// a value computed through a real function (`sqrt`, `exp`, ...).
fn bounds(v: &CVal) -> Option<(f64, f64)> {
    match v {
        Val::Float(tensor::Scalar::Real(r), _) => {
            let x = r.to_f64();
            Some((x, x))
        }
        Val::Float(tensor::Scalar::Approx(i), _) => Some((i.lo(), i.hi())),
        _ => None,
    }
}

/// Whether two float values may be equal although they print differently: one of them is
/// an interval (a real function's value) that meets the other. Such a point is no
/// evidence either way, so the replay goes on to the next.
fn overlap(a: &CVal, b: &CVal) -> bool {
    let approx = |v: &CVal| matches!(v, Val::Float(tensor::Scalar::Approx(_), _));
    match (bounds(a), bounds(b)) {
        (Some((a0, a1)), Some((b0, b1))) if approx(a) || approx(b) => a0 <= b1 && b0 <= a1,
        _ => false,
    }
}

/// The relative difference of two float values, when both are known: for intervals, the
/// least relative distance between them (the smallest the true difference can be).
fn relative_gap(a: &CVal, b: &CVal) -> Option<f64> {
    let ((a0, a1), (b0, b1)) = (bounds(a)?, bounds(b)?);
    let dist = (a0 - b1).max(b0 - a1).max(0.0);
    let scale = a0.abs().max(a1.abs()).max(b0.abs()).max(b1.abs());
    Some(if scale == 0.0 { 0.0 } else { dist / scale })
}

pub fn show(v: &CVal) -> String {
    match v {
        Val::Int(i, _) => i.to_string(),
        Val::Bool(b) => b.to_string(),
        Val::Float(tensor::Scalar::Real(r), _) if !r.is_integer() => {
            format!("{} (exactly {r})", r.to_f64())
        }
        Val::Float(tensor::Scalar::Real(r), _) => r.to_string(),
        Val::Float(tensor::Scalar::Approx(i), _) => format!("~[{:e}, {:e}]", i.lo(), i.hi()),
        Val::Float(s, _) => format!("{s:?}"),
        Val::Opaque => "<opaque>".into(),
    }
}

/// Whether two shown values differ for the race replay: intervals (`~[lo, hi]`, a real
/// function's value) may print differently and be equal, so they never make a race.
fn differ(a: &str, b: &str) -> bool {
    a != b && !(a.starts_with('~') || b.starts_with('~'))
}
