//! The obligations of a (spec, statement) pair, for every output size and position, and the
//! verdict: (1) every output point is written; (2) every write and read is inside its buffer
//! or realization, and every read of a Func reads a cell an earlier store of the same
//! realization wrote; (3) every store writes the algorithm's value at its point. Sizes are
//! symbolic, the statement's assertions are assumptions. A satisfiable obligation becomes a
//! refutation only after the concrete interpreter (`run`) replays it; failing that, a small
//! concrete search; failing that, `unknown`.

use crate::clock::CaseClock;
use crate::inst::{
    before, covering_iteration, never_before, not_written_before, witness_instances, Inst,
};
use crate::run::{self, Outcome, Setting};
use crate::spec::Spec;
use crate::stmt::{LoopKind, Stmt};
use crate::symex::{Exec, Run, SVal};
use crate::value::{Stop, Val, WitnessKind};
use report::{Counterexample, Mismatch, Span, Verdict};
use smt::{CheckResult, SymId, TermId, Value};
use std::collections::{BTreeMap, HashMap};
use std::time::Duration;
use symbolic::{Sym, SymVal};

/// The verified claim's first assumption.
const EVERY_OUTPUT: &str = "every output size and position";

/// The first try of a query that has a fallback after it ([`Obligation::fallbacks`]), in CPU
/// time (stretched to wall time as every solver limit is: [`Budget`]).
const FIRST_TRY: Duration = Duration::from_secs(2);

pub struct Obligation {
    pub what: String,
    pub kind: WitnessKind,
    pub assertions: Vec<TermId>,
    pub span: Span,
    /// Loop symbols free in the obligation (range facts may mention only these and fields).
    pub free: Vec<SymId>,
    /// A weaker obligation that also discharges this one, tried when this one is not unsat
    /// (the costlier query only where the cheap one fails).
    pub fallbacks: Vec<Vec<TermId>>,
}

pub struct Checked {
    pub verdict: Verdict,
    pub witness: Option<(WitnessKind, String)>,
    pub assumptions: Vec<String>,
    pub obligations: usize,
    /// What the check did that is neither an assumption nor a reason (a concrete search that
    /// stopped at its step budget).
    pub notes: Vec<String>,
}

/// A case's budget in CPU seconds ([`crate::clock`]: the checking thread's and its solver
/// processes', so that the verdict does not depend on the machine's load): each solver call
/// gets the smaller of its own timeout and what remains of the budget, both stretched to wall
/// time by the case's measured ratio of wall to CPU time, and none is made once it is spent
/// (the obligations from there on stay open: the verdict is `unknown`, never `verified`). The
/// concrete searches have their own budgets of interpreted steps and CPU time ([`Steps`]).
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    clock: CaseClock,
    total: Duration,
    timeout: Duration,
}

impl Budget {
    /// `total` CPU seconds from `clock`'s start (the case's own start), at most `timeout` of
    /// CPU time per solver call.
    pub fn new(clock: CaseClock, total: Duration, timeout: Duration) -> Budget {
        Budget {
            clock,
            total,
            timeout,
        }
    }

    /// The next solver call's limits, `None` once the budget is spent.
    fn cfg(&self) -> Option<smt::SolverConfig> {
        let left = self.total.saturating_sub(self.clock.cpu());
        (!left.is_zero()).then(|| smt::SolverConfig {
            timeout: self.clock.as_wall(left.min(self.timeout)),
        })
    }

    /// The case's clock (the replays measure their CPU time on it too).
    pub(crate) fn clock(&self) -> &CaseClock {
        &self.clock
    }

    /// The reason given when the budget ran out before obligation `what`.
    fn exhausted_at(&self, what: &str) -> String {
        format!(
            "case budget of {} CPU s exhausted at obligation {what}",
            self.total.as_secs_f64()
        )
    }
}

impl Checked {
    /// `unknown` for `reason`, before any obligation was asked.
    fn unknown(reason: String) -> Checked {
        Checked {
            verdict: Verdict::Unknown { reason },
            witness: None,
            assumptions: vec![],
            obligations: 0,
            notes: vec![],
        }
    }
}

/// The Funcs the statement stores (those it does not are inlined).
pub(crate) fn funcs_stored(stmt: &[Stmt], out: &mut Vec<String>) {
    use crate::stmt::StmtKind::*;
    for s in stmt {
        match &s.kind {
            Provide { func, .. } if !out.contains(func) => out.push(func.clone()),
            For { body, .. }
            | Realize { body, .. }
            | Produce(_, body)
            | Consume(_, body)
            | Block(_, body) => funcs_stored(body, out),
            Fork { a, b, .. } => {
                funcs_stored(a, out);
                funcs_stored(b, out);
            }
            If(_, a, b) => {
                funcs_stored(a, out);
                funcs_stored(b, out);
            }
            _ => {}
        }
    }
}

fn and_all(d: &mut Sym, ts: &[TermId]) -> TermId {
    d.store.and(ts.to_vec())
}

fn val_ne(d: &mut Sym, a: &SVal, b: &SVal) -> Option<TermId> {
    Some(match (a, b) {
        (Val::Int(x, _), Val::Int(y, _)) => d.store.ne(*x, *y),
        (Val::Bool(x), Val::Bool(y)) => {
            let e = d.store.eq(*x, *y);
            d.store.not(e)
        }
        (Val::Float(SymVal::Plain(x), _), Val::Float(SymVal::Plain(y), _)) => d.store.ne(*x, *y),
        _ => return None,
    })
}

/// The two sides of a value comparison as terms (integers, booleans or reals).
fn val_terms(a: &SVal, b: &SVal) -> Option<(TermId, TermId)> {
    match (a, b) {
        (Val::Int(x, _), Val::Int(y, _)) => Some((*x, *y)),
        (Val::Bool(x), Val::Bool(y)) => Some((*x, *y)),
        (Val::Float(SymVal::Plain(x), _), Val::Float(SymVal::Plain(y), _)) => Some((*x, *y)),
        _ => None,
    }
}

fn in_box(d: &mut Sym, args: &[TermId], bounds: &[(TermId, TermId)]) -> TermId {
    let mut cs = Vec::new();
    for (a, (m, e)) in args.iter().zip(bounds) {
        let end = d.store.add2(*m, *e);
        let lo = d.store.le(*m, *a);
        let hi = d.store.lt(*a, end);
        cs.push(lo);
        cs.push(hi);
    }
    d.store.and(cs)
}

/// `∀ (loops of w not among shared): ¬(path(w) ∧ args(w) = cell ∧ point(w) = point)`: no
/// store `w` writes `point` into `cell` (in the iteration of the `shared` loops).
fn never_writes(
    d: &mut Sym,
    w: &crate::symex::Write,
    shared: &[SymId],
    cell: &[TermId],
    point: &[TermId],
) -> TermId {
    let mut cs = w.path.clone();
    for (a, c) in w.args.iter().zip(cell) {
        cs.push(d.store.eq(*a, *c));
    }
    for (a, c) in w.point.iter().zip(point) {
        cs.push(d.store.eq(*a, *c));
    }
    let body = d.store.and(cs);
    let nb = d.store.not(body);
    let own: Vec<SymId> = w
        .loops
        .iter()
        .copied()
        .filter(|l| !shared.contains(l))
        .collect();
    if own.is_empty() {
        nb
    } else {
        d.store.forall(own, nb)
    }
}

/// The first index among `args` computed from a value of a Func or an input (an
/// uninterpreted application): a data-dependent gather or scatter, such as a look-up table.
fn data_dependent(d: &Sym, args: &[TermId]) -> bool {
    let mut seen = std::collections::HashSet::new();
    let mut todo: Vec<TermId> = args.to_vec();
    while let Some(t) = todo.pop() {
        if !seen.insert(t) {
            continue;
        }
        if matches!(d.store.node(t), smt::Node::App(..)) {
            return true;
        }
        todo.extend(d.store.children(t));
    }
    false
}

/// An access at `args` falls outside `bounds` (or its realization's condition does not hold).
fn outside_of(
    d: &mut Sym,
    ex: &Exec,
    args: &[TermId],
    bounds: &[(TermId, TermId)],
    realize: Option<usize>,
) -> TermId {
    let mut inside = in_box(d, args, bounds);
    if let Some(c) = realize.and_then(|i| ex.run.realizations[i].cond) {
        inside = d.store.and2(inside, c);
    }
    d.store.not(inside)
}

fn buffer_box(d: &mut Sym, ex: &mut Exec, name: &str, dims: usize) -> Vec<(TermId, TermId)> {
    (0..dims)
        .map(|k| {
            (
                ex.field(d, &format!("{name}.min.{k}")),
                ex.field(d, &format!("{name}.extent.{k}")),
            )
        })
        .collect()
}

/// Races: for each parallel loop `P`, two accesses to one buffer instance in distinct
/// iterations of `P` (the loops around `P` in one iteration), one of them a store, touch
/// one cell, unless both are of one point of a pure stage (then the value obligation makes
/// them store and read equal values: benign, as in ShiftInwards' overlapping strips).
fn race_obligations(
    d: &mut Sym,
    run: &Run,
    writes: &[crate::symex::Write],
    reads: &[crate::symex::Read],
    output: &str,
    obs: &mut Vec<Obligation>,
) {
    for (p, _, pname) in run
        .loops
        .iter()
        .filter(|(_, k, _)| *k == LoopKind::Parallel)
    {
        // A realization inside `P` is a buffer per iteration: no sharing.
        let shared =
            |realize: Option<usize>| realize.is_none_or(|i| !run.realizations[i].outer.contains(p));
        struct Acc<'a> {
            loops: &'a [SymId],
            seq: usize,
            path: &'a [TermId],
            args: &'a [TermId],
            point: &'a [TermId],
            realize: Option<usize>,
            func: &'a str,
            update: bool,
            write: bool,
            span: Span,
        }
        let mut accs: Vec<Acc> = Vec::new();
        for w in writes
            .iter()
            .filter(|w| w.loops.contains(p) && shared(w.realize))
        {
            accs.push(Acc {
                loops: &w.loops,
                seq: w.seq,
                path: &w.path,
                args: &w.args,
                point: &w.point,
                realize: w.realize,
                func: &w.func,
                update: w.stage > 0,
                write: true,
                span: w.span,
            });
        }
        for r in reads.iter().filter(|r| {
            r.loops.contains(p) && shared(r.realize) && (r.realize.is_some() || r.func == output)
        }) {
            accs.push(Acc {
                loops: &r.loops,
                seq: r.seq,
                path: &r.path,
                args: &r.args,
                point: &r.point,
                realize: r.realize,
                func: &r.func,
                update: false,
                write: false,
                span: r.span,
            });
        }
        for (i, a) in accs.iter().enumerate() {
            if !a.write {
                continue;
            }
            for b in accs.iter().skip(i) {
                if b.realize != a.realize || b.func != a.func {
                    continue;
                }
                let keep_a: Vec<SymId> = a.loops.iter().take_while(|l| *l != p).copied().collect();
                let keep_b: Vec<SymId> = b.loops.iter().take_while(|l| *l != p).copied().collect();
                let x = Inst::of(d, a.loops, a.seq, a.path, a.args, a.point, &keep_a);
                let y = Inst::of(d, b.loops, b.seq, b.path, b.args, b.point, &keep_b);
                let ka = keep_a.len();
                let kb = keep_b.len();
                let mut cs = x.path.clone();
                cs.extend(y.path.iter().copied());
                cs.push(d.store.ne(x.vals[ka], y.vals[kb]));
                for (u, v) in x.args.iter().zip(&y.args) {
                    cs.push(d.store.eq(*u, *v));
                }
                if !(a.update || (b.write && b.update)) {
                    let mut differ = Vec::new();
                    for (u, v) in x.point.iter().zip(&y.point) {
                        differ.push(d.store.ne(*u, *v));
                    }
                    cs.push(d.store.or(differ));
                }
                obs.push(Obligation {
                    what: format!(
                        "distinct iterations of the parallel loop `{pname}` never {} one cell of `{}`{}",
                        if b.write { "both store" } else { "store and read" },
                        a.func,
                        if a.update || b.update { "" } else { " for different points" }
                    ),
                    kind: WitnessKind::Race,
                    assertions: cs,
                    span: if b.write { a.span } else { b.span },
                    free: vec![],
                    fallbacks: vec![],
                });
            }
        }
    }
}

/// Storage folding: a read of cell `c` for point `p` sees `p`'s value only if no store of
/// another point into `c` comes between a store of `p` into `c` and the read (sufficient:
/// every point is computed once per window, as Halide's sliding windows do).
fn overwrite_obligations(
    d: &mut Sym,
    kinds: &HashMap<SymId, LoopKind>,
    r: &crate::symex::Read,
    writes: &[crate::symex::Write],
    outer: &[SymId],
    obs: &mut Vec<Obligation>,
) {
    let me = Inst::of_read(d, r);
    let into: Vec<&crate::symex::Write> =
        writes.iter().filter(|w| w.realize == r.realize).collect();
    for w in &into {
        for w2 in &into {
            let a = Inst::copy(d, w, outer);
            let b = Inst::copy(d, w2, outer);
            let mut cs = r.path.clone();
            cs.extend(a.path.iter().copied());
            cs.extend(b.path.iter().copied());
            for (x, y) in a.args.iter().zip(&r.args) {
                cs.push(d.store.eq(*x, *y));
            }
            for (x, y) in a.point.iter().zip(&r.point) {
                cs.push(d.store.eq(*x, *y));
            }
            for (x, y) in b.args.iter().zip(&r.args) {
                cs.push(d.store.eq(*x, *y));
            }
            let mut differ = Vec::new();
            for (x, y) in b.point.iter().zip(&r.point) {
                differ.push(d.store.ne(*x, *y));
            }
            cs.push(d.store.or(differ));
            cs.push(before(d, kinds, &a, &me));
            cs.push(before(d, kinds, &b, &me));
            cs.push(before(d, kinds, &a, &b));
            let mut free = r.loops.clone();
            free.extend(a.fresh.iter().chain(&b.fresh).copied());
            obs.push(Obligation {
                what: format!(
                    "a read of `{}` sees its point's value (no store of another point into its folded cell in between)",
                    r.func
                ),
                kind: WitnessKind::WrongValue,
                assertions: cs,
                span: r.span,
                free,
                fallbacks: vec![],
            });
        }
    }
}

/// The obligations, and the notes the verdict reports ([`crate::live`]).
#[allow(clippy::type_complexity)]
pub fn obligations(
    spec: &Spec,
    stmt: &[Stmt],
) -> Result<(Sym, Run, Vec<Obligation>, Vec<crate::live::Note>), (String, Span)> {
    let mut realized = vec![];
    funcs_stored(stmt, &mut realized);
    let mut d = Sym::new(smt::Store::new());
    let mut ex = Exec::new(spec, realized);
    let out = spec
        .func(&spec.output)
        .expect("checked by the parser")
        .clone();
    let out_box = buffer_box(&mut d, &mut ex, &out.name, out.vars.len());
    for inp in &spec.inputs {
        let _ = buffer_box(&mut d, &mut ex, &inp.name, inp.dims);
    }
    // The claim is for the outputs where the algorithm is defined (`domain`).
    if let Some(r) = crate::domain::restriction(spec) {
        let fields = &mut ex.run.fields;
        let terms = r.terms(&mut d.store, &mut |st, n| {
            let s = *fields
                .entry(n.to_string())
                .or_insert_with(|| st.declare(n, smt::Sort::Int));
            st.sym(s)
        });
        terms.into_iter().for_each(|t| ex.assume(t));
    }
    ex.block(&mut d, stmt).map_err(stop_reason)?;
    ex.finish_step().map_err(stop_reason)?;
    if let Some(why) = d.unsupported.take() {
        return Err((why, Span::default()));
    }
    let mut obs = Vec::new();
    let writes = ex.run.writes.clone();
    let reads = ex.run.reads.clone();
    no_scatter(&d, &writes)?;
    let kinds: HashMap<SymId, LoopKind> = ex.run.loops.iter().map(|(s, k, _)| (*s, *k)).collect();
    let cx = StmtCx {
        spec,
        kinds: &kinds,
        writes: &writes,
        reads: &reads,
        out_box: &out_box,
    };
    // (2) writes inside their buffer or realization; (3) their values.
    let mut interleaved: Vec<(String, Option<usize>)> = Vec::new();
    for w in &writes {
        store_obligations(&mut d, &mut ex, &cx, w, &mut interleaved, &mut obs)?;
    }
    // (2) reads inside their buffer or realization, of written cells.
    // Realizations with folded storage: a cell holds several points in turn.
    let folded: Vec<usize> = writes
        .iter()
        .filter(|w| w.args != w.point)
        .filter_map(|w| w.realize)
        .chain(
            reads
                .iter()
                .filter(|r| r.args != r.point)
                .filter_map(|r| r.realize),
        )
        .collect();
    for r in &reads {
        read_obligations(&mut d, &mut ex, &cx, r, &folded, &mut obs)?;
    }
    for (func, realize) in &interleaved {
        let outer = realize
            .map(|i| ex.run.realizations[i].outer.clone())
            .unwrap_or_default();
        interleaved_reads(
            &mut d, &ex.run, &kinds, func, *realize, &writes, &reads, &outer, &mut obs,
        );
    }
    crate::live::needed_obligations(&mut d, &ex.run, &writes, &reads, &mut obs);
    let notes = crate::live::discarded_notes(&mut d, &ex.run, &writes);
    race_obligations(&mut d, &ex.run, &writes, &reads, &spec.output, &mut obs);
    // (1) coverage of the output.
    obs.push(output_coverage(
        &mut d,
        &ex.run,
        &cx,
        &out.name,
        out.vars.len(),
    ));
    with_range_facts(&d, &ex.run, &mut obs);
    let _ = and_all;
    let run = std::mem::replace(&mut ex.run, crate::symex::Exec::new(spec, vec![]).run);
    Ok((d, run, obs, notes))
}

/// What stating the obligations of a statement's stores and reads reads, once it has run.
struct StmtCx<'a> {
    spec: &'a Spec,
    kinds: &'a HashMap<SymId, LoopKind>,
    writes: &'a [crate::symex::Write],
    reads: &'a [crate::symex::Read],
    /// The output buffer's box: (min, extent) of each dimension.
    out_box: &'a [(TermId, TermId)],
}

/// Reads at indices computed from data (a look-up table, a gather) are read soundly: the
/// index is a term of the inputs (uninterpreted functions with their type's range), so
/// every obligation is asked for every value the data may have (issue 19). A store at such
/// an index is read the same way where the algorithm itself stores there: a recurrence's
/// step (a histogram's `h(x, zi(x, r)) += ...`), whose obligations are all per cell and per
/// RDom point (`update_obligations`, `recurrence_obligations`: the cell stored is the
/// algorithm's left side, the stores into one cell run their steps in order, each step's
/// read of a cell sees every earlier step into it and no later one, every step runs), so
/// each holds for every value of the data. Any other store at a data index (a scatter the
/// algorithm does not define as one) is not modelled: `Err` naming it.
fn no_scatter(d: &Sym, writes: &[crate::symex::Write]) -> Result<(), (String, Span)> {
    for w in writes {
        let scatter_step = w.update.as_ref().is_some_and(|u| u.recurrence.is_some());
        if !scatter_step && data_dependent(d, &w.args) {
            return Err((
                format!(
                    "`{}` is stored at an index computed from data (a scatter: not modelled)",
                    w.func
                ),
                w.span,
            ));
        }
    }
    Ok(())
}

/// Store `w`'s obligations: inside its output buffer or realization; an update's own
/// ([`update_obligations`]); its value the algorithm's at its point.
fn store_obligations(
    d: &mut Sym,
    ex: &mut Exec,
    cx: &StmtCx,
    w: &crate::symex::Write,
    interleaved: &mut Vec<(String, Option<usize>)>,
    obs: &mut Vec<Obligation>,
) -> Result<(), (String, Span)> {
    let bounds = match w.realize {
        None => cx.out_box.to_vec(),
        Some(r) => ex.run.realizations[r].bounds.clone(),
    };
    let outside = outside_of(d, ex, &w.args, &bounds, w.realize);
    let mut a = w.path.clone();
    a.push(outside);
    obs.push(Obligation {
        what: format!(
            "a store to `{}` outside its {}",
            w.func,
            if w.realize.is_none() {
                "output buffer"
            } else {
                "realization"
            }
        ),
        kind: WitnessKind::OutOfBounds,
        assertions: a,
        span: w.span,
        free: w.loops.clone(),
        fallbacks: vec![],
    });
    let incomparable = || {
        (
            format!(
                "the value stored to `{}` cannot be compared with the algorithm's",
                w.func
            ),
            w.span,
        )
    };
    let mut a = w.path.clone();
    let sides;
    if let Some(u) = &w.update {
        let outer = w
            .realize
            .map(|r| ex.run.realizations[r].outer.clone())
            .unwrap_or_default();
        update_obligations(
            d,
            &ex.run,
            cx.kinds,
            w,
            u,
            cx.writes,
            cx.reads,
            &outer,
            interleaved,
            obs,
        )?;
        let Some(ne) = val_ne(d, &w.value, &u.want) else {
            return Err(incomparable());
        };
        a.extend(u.prev_facts.iter().copied());
        a.push(ne);
        sides = val_terms(&w.value, &u.want);
    } else {
        let want = ex
            .algorithm(d, &w.func, &w.point, w.span)
            .map_err(stop_reason)?;
        if let Some(why) = d.unsupported.take() {
            return Err((why, w.span));
        }
        let Some(ne) = val_ne(d, &w.value, &want) else {
            return Err(incomparable());
        };
        a.push(ne);
        sides = val_terms(&w.value, &want);
    }
    // Tried first where the two values are one context around different subterms: those
    // subterms equal (`congruence::split`); where they read one function at arguments
    // written differently: those arguments equal and the rest with the reads paired
    // (`congruence::paired`); then the comparison itself.
    let mut weakened = vec![];
    if let Some((l, r)) = sides {
        weakened.extend(crate::congruence::split(&mut d.store, l, r));
        weakened.extend(crate::congruence::paired(&mut d.store, l, r));
    }
    let mut fallbacks = vec![];
    for q in weakened.into_iter().rev() {
        let mut first = a.clone();
        first.pop();
        first.push(q);
        fallbacks.insert(0, std::mem::replace(&mut a, first));
    }
    obs.push(Obligation {
        what: format!("the value stored to `{}` equals the algorithm's", w.func),
        kind: WitnessKind::WrongValue,
        assertions: a,
        span: w.span,
        free: w.loops.clone(),
        fallbacks,
    });
    Ok(())
}

/// Read `r`'s obligations: inside its input buffer or realization and, for a read of a
/// realization or of the output, of a cell written before (`folded`: the realizations
/// with folded storage, whose cells must not be overwritten before the read).
fn read_obligations(
    d: &mut Sym,
    ex: &mut Exec,
    cx: &StmtCx,
    r: &crate::symex::Read,
    folded: &[usize],
    obs: &mut Vec<Obligation>,
) -> Result<(), (String, Span)> {
    let spec = cx.spec;
    let bounds = match r.realize {
        None if r.func == spec.output => cx.out_box.to_vec(),
        None => {
            let dims = spec.input(&r.func).map(|i| i.dims).unwrap_or(0);
            if dims != r.args.len() {
                return Err((
                    format!(
                        "a read of input `{}` with {} indices (declared with {dims} dims)",
                        r.func,
                        r.args.len()
                    ),
                    r.span,
                ));
            }
            buffer_box(d, ex, &r.func, dims)
        }
        Some(i) => ex.run.realizations[i].bounds.clone(),
    };
    let outside = outside_of(d, ex, &r.args, &bounds, r.realize);
    let mut a = r.path.clone();
    a.push(outside);
    obs.push(Obligation {
        what: format!(
            "a read of `{}` outside its {}",
            r.func,
            if r.realize.is_none() {
                "input buffer"
            } else {
                "realization"
            }
        ),
        kind: WitnessKind::OutOfBounds,
        assertions: a,
        span: r.span,
        free: r.loops.clone(),
        fallbacks: vec![],
    });
    if !(r.realize.is_some() || r.func == spec.output) {
        return Ok(());
    }
    let writes = cx.writes;
    // Only a read whose value matters (by a live store, or outside any store) must read a
    // written cell (`live`).
    let live = crate::live::live_read(d, &ex.run, writes, r);
    let mut a = r.path.clone();
    a.extend(live);
    for wi in &r.writes_before {
        let nw = never_writes(d, &writes[*wi], &r.loops, &r.args, &r.point);
        a.push(nw);
    }
    // Failing that, a write in an earlier iteration of a serial loop inside the realization
    // (a sliding window: rows computed by earlier iterations).
    let outer = r
        .realize
        .map(|i| ex.run.realizations[i].outer.clone())
        .unwrap_or_default();
    let mut fb = r.path.clone();
    fb.extend(live);
    let me = Inst::of_read(d, r);
    // Tried first, mostly quantifier-free: the fallback's facts for a few candidate
    // iterations of each store (`witness_instances`), which its `∀` implies, so unsat is a
    // proof; then the two above.
    let mut inst = r.path.clone();
    inst.extend(live);
    for w in writes.iter().filter(|w| w.realize == r.realize) {
        for c in witness_instances(d, w, r, &outer, &ex.run) {
            let t = not_written_before(d, cx.kinds, &c, &me);
            inst.push(t);
        }
    }
    for w in writes.iter().filter(|w| w.realize == r.realize) {
        let c = Inst::copy(d, w, &outer);
        let t = not_written_before(d, cx.kinds, &c, &me);
        fb.push(t);
    }
    obs.push(Obligation {
        what: format!("a read of `{}` reads a cell written before", r.func),
        kind: WitnessKind::Uninitialized,
        assertions: inst,
        span: r.span,
        free: r.loops.clone(),
        fallbacks: vec![a, fb],
    });
    if r.realize.is_some_and(|i| folded.contains(&i)) {
        overwrite_obligations(d, cx.kinds, r, writes, &outer, obs);
    }
    Ok(())
}

/// (1) Every point of output `name` (with `dims` dimensions) is written: tried first with
/// each store's `∀` replaced by the one iteration that should write the point (which the
/// `∀` implies, so unsat is a proof); then the `∀`.
fn output_coverage(d: &mut Sym, run: &Run, cx: &StmtCx, name: &str, dims: usize) -> Obligation {
    let mut point = Vec::new();
    for k in 0..dims {
        let s = d.store.fresh(&format!("point.{k}"), smt::Sort::Int);
        point.push(d.store.sym(s));
    }
    let mut a = run.asserts.clone();
    a.push(in_box(d, &point, cx.out_box));
    let mut inst = a.clone();
    for w in cx.writes.iter().filter(|w| w.realize.is_none()) {
        let nw = never_writes(d, w, &[], &point, &point);
        a.push(nw);
        inst.push(match covering_iteration(d, w, &point, run) {
            Some(map) => {
                let mut cs: Vec<TermId> = w
                    .path
                    .iter()
                    .map(|t| d.store.substitute(*t, &map))
                    .collect();
                for (x, p) in w.args.iter().zip(&point) {
                    let x = d.store.substitute(*x, &map);
                    cs.push(d.store.eq(x, *p));
                }
                for (x, p) in w.point.iter().zip(&point) {
                    let x = d.store.substitute(*x, &map);
                    cs.push(d.store.eq(x, *p));
                }
                let body = d.store.and(cs);
                d.store.not(body)
            }
            None => nw,
        });
    }
    Obligation {
        what: format!("every point of the output `{name}` is written"),
        kind: WitnessKind::Unwritten,
        assertions: inst,
        span: cx.spec.output_span,
        free: vec![],
        fallbacks: vec![a],
    }
}

/// Each obligation (and its fallbacks) with the run's range facts that mention only its
/// free loop symbols and the buffer fields.
fn with_range_facts(d: &Sym, run: &Run, obs: &mut [Obligation]) {
    let field_syms: Vec<SymId> = run.fields.values().copied().collect();
    for o in obs {
        for f in &run.facts {
            if d.store
                .symbols_of(*f)
                .iter()
                .all(|s| o.free.contains(s) || field_syms.contains(s))
            {
                o.assertions.push(*f);
                for fb in &mut o.fallbacks {
                    fb.push(*f);
                }
            }
        }
    }
}

/// When a Func's stages interleave, a consumer's read of cell `c` sees the final value only if
/// every step of the last stage into `c` runs before it: for every RDom point `r'`, a store of
/// that stage into `c` at `r'` comes earlier (`∀` copies of the stores' loops). With the
/// per-cell order of the stages and of each stage's steps, the last store into `c` before the
/// read is then the last step of the last stage.
#[allow(clippy::too_many_arguments)]
fn interleaved_reads(
    d: &mut Sym,
    run: &Run,
    kinds: &HashMap<SymId, LoopKind>,
    func: &str,
    realize: Option<usize>,
    writes: &[crate::symex::Write],
    reads: &[crate::symex::Read],
    outer: &[SymId],
    obs: &mut Vec<Obligation>,
) {
    let Some(last) = writes
        .iter()
        .filter(|w| w.func == func && w.realize == realize)
        .map(|w| w.stage)
        .max()
    else {
        return;
    };
    let stage: Vec<&crate::symex::Write> = writes
        .iter()
        .filter(|w| w.func == func && w.realize == realize && w.stage == last)
        .collect();
    let Some(u0) = stage.iter().find_map(|w| w.update.clone()) else {
        return;
    };
    let bounds = u0.r_bounds.clone();
    for r in reads
        .iter()
        .filter(|r| r.func == func && r.realize == realize && !r.own)
    {
        let me = Inst::of_read(d, r);
        let mut cs = r.path.clone();
        // Only a read whose value matters (`live`).
        cs.extend(crate::live::live_read(d, run, writes, r));
        let mut rp = Vec::new();
        for (lo, hi) in &bounds {
            let s = d.store.fresh("rdom_point", smt::Sort::Int);
            let t = d.store.sym(s);
            cs.push(d.store.le(*lo, t));
            cs.push(d.store.lt(t, *hi));
            rp.push(t);
        }
        // Only the points of the RDom where its predicate holds are steps.
        cs.extend(u0.holds_at(d, &r.point, &rp));
        for x in &stage {
            let Some(ux) = &x.update else { continue };
            let c = Inst::copy(d, x, outer);
            let mut body = c.path.clone();
            for (a, b) in c.point.iter().zip(&r.point) {
                body.push(d.store.eq(*a, *b));
            }
            for (t, p) in ux.r_vals.iter().zip(&rp) {
                let v = sub_copy(d, x, outer, &c, *t);
                body.push(d.store.eq(v, *p));
            }
            cs.push(never_before(d, kinds, &c, &me, body));
        }
        obs.push(Obligation {
            what: format!(
                "a read of `{func}` comes after every step of its last update into the cell"
            ),
            kind: WitnessKind::WrongValue,
            assertions: cs,
            span: r.span,
            free: r.loops.clone(),
            fallbacks: vec![],
        });
    }
}

/// `t`, a term of store `w`, in the instance `inst` (its loops inside the realization
/// replaced by the instance's copies).
fn sub_copy(
    d: &mut Sym,
    w: &crate::symex::Write,
    outer: &[SymId],
    inst: &Inst,
    t: TermId,
) -> TermId {
    let map: HashMap<SymId, TermId> = w
        .loops
        .iter()
        .zip(&inst.vals)
        .filter(|(l, _)| !outer.contains(l))
        .map(|(l, v)| (*l, *v))
        .collect();
    d.store.substitute(t, &map)
}

/// `a < b` lexicographically, the first component innermost (RDom order).
fn lex_less(d: &mut Sym, a: &[TermId], b: &[TermId]) -> TermId {
    let mut disj = Vec::new();
    for k in 0..a.len() {
        let mut c: Vec<TermId> = (k + 1..a.len()).map(|j| d.store.eq(a[j], b[j])).collect();
        c.push(d.store.lt(a[k], b[k]));
        disj.push(d.store.and(c));
    }
    d.store.or(disj)
}

/// A recurrence's step `r` reads cell `c` of its Func as the algorithm's earlier steps left
/// it: (a) no store of the stage into `c` before the read is of a step not earlier than `r`;
/// (b) every step `r' < r` whose left side is `c` (same pure variables) has a store before
/// the read. With the order obligation (the stores into one cell run their steps in
/// increasing order) and the stages in order, the last store into `c` before the read is the
/// last earlier step that writes `c`, or the previous stage's value when there is none:
/// exactly what the algorithm's step reads.
#[allow(clippy::too_many_arguments)]
fn recurrence_obligations(
    d: &mut Sym,
    kinds: &HashMap<SymId, LoopKind>,
    w: &crate::symex::Write,
    u: &crate::symex::UpdateStore,
    rec: &crate::symex::Recurrence,
    writes: &[crate::symex::Write],
    reads: &[crate::symex::Read],
    outer: &[SymId],
    obs: &mut Vec<Obligation>,
) {
    let stage: Vec<&crate::symex::Write> = writes
        .iter()
        .filter(|x| x.func == w.func && x.realize == w.realize && x.stage == w.stage)
        .collect();
    for (cell, ri) in &rec.reads {
        let r = &reads[*ri];
        let me = Inst::of_read(d, r);
        // (a)
        for x in &stage {
            let Some(ux) = &x.update else { continue };
            let c = Inst::copy(d, x, outer);
            let rx: Vec<TermId> = ux
                .r_vals
                .iter()
                .map(|t| sub_copy(d, x, outer, &c, *t))
                .collect();
            let mut cs = r.path.clone();
            cs.extend(c.path.iter().copied());
            for (a, b) in c.args.iter().zip(cell) {
                cs.push(d.store.eq(*a, *b));
            }
            cs.push(before(d, kinds, &c, &me));
            let lt = lex_less(d, &rx, &u.r_vals);
            cs.push(d.store.not(lt));
            let mut free = r.loops.clone();
            free.extend(c.fresh.iter().copied());
            obs.push(Obligation {
                what: format!(
                    "a step of update {} of `{}` reads no cell a later step already stored",
                    w.stage, w.func
                ),
                kind: WitnessKind::WrongValue,
                assertions: cs,
                span: r.span,
                free,
                fallbacks: vec![],
            });
        }
        // (b)
        let mut cs = r.path.clone();
        for ((lo, hi), t) in u.r_bounds.iter().zip(&rec.r_other) {
            cs.push(d.store.le(*lo, *t));
            cs.push(d.store.lt(*t, *hi));
        }
        cs.extend(u.holds_at(d, &u.pure_vals, &rec.r_other));
        cs.push(lex_less(d, &rec.r_other, &u.r_vals));
        for (a, b) in rec.lhs_other.iter().zip(cell) {
            cs.push(d.store.eq(*a, *b));
        }
        // Tried first: each store's `∀` at the iteration its stage variables name (a copy's
        // loop that is itself a stage variable takes that variable's value), which the `∀`
        // implies, so unsat is a proof; then the `∀` (a scatter's data-dependent cells make
        // the quantified query costly).
        let mut inst = cs.clone();
        for x in &stage {
            let Some(ux) = &x.update else { continue };
            let c = Inst::copy(d, x, outer);
            let mut body = c.path.clone();
            let mut at: HashMap<SymId, TermId> = HashMap::new();
            let mut pairs = Vec::new();
            for k in &u.slice {
                pairs.push((sub_copy(d, x, outer, &c, ux.pure_vals[*k]), u.pure_vals[*k]));
            }
            for (t, o) in ux.r_vals.iter().zip(&rec.r_other) {
                pairs.push((sub_copy(d, x, outer, &c, *t), *o));
            }
            for (mine, want) in pairs {
                body.push(d.store.eq(mine, want));
                if let smt::Node::Sym(s) = d.store.node(mine) {
                    if c.fresh.contains(s) {
                        at.entry(*s).or_insert(want);
                    }
                }
            }
            let all = never_before(d, kinds, &c, &me, body.clone());
            cs.push(all);
            body.push(before(d, kinds, &c, &me));
            let conj = d.store.and(body);
            let nb = d.store.not(conj);
            let nb = d.store.substitute(nb, &at);
            let rest: Vec<SymId> = c
                .fresh
                .iter()
                .copied()
                .filter(|s| !at.contains_key(s))
                .collect();
            inst.push(if rest.is_empty() {
                nb
            } else {
                d.store.forall(rest, nb)
            });
        }
        obs.push(Obligation {
            what: format!(
                "every earlier step of update {} of `{}` that stores the cell a step reads runs before it",
                w.stage, w.func
            ),
            kind: WitnessKind::WrongValue,
            assertions: inst,
            span: r.span,
            free: r.loops.clone(),
            fallbacks: vec![cs],
        });
    }
}

/// An update store and what its obligations read ([`update_obligations`]).
struct UpdateCx<'a> {
    run: &'a Run,
    kinds: &'a HashMap<SymId, LoopKind>,
    /// The store, and the update step it stores.
    w: &'a crate::symex::Write,
    u: &'a crate::symex::UpdateStore,
    writes: &'a [crate::symex::Write],
    /// The loops around the store's realization.
    outer: &'a [SymId],
    /// The store's index in `writes`.
    me: usize,
}

impl UpdateCx<'_> {
    /// The other stores of the same Func, realization and stage as the store (itself too).
    fn same_stage(&self) -> impl Iterator<Item = &crate::symex::Write> + '_ {
        let w = self.w;
        self.writes
            .iter()
            .filter(move |x| x.func == w.func && x.realize == w.realize && x.stage == w.stage)
    }

    /// A value obligation of the store: `what` at its span, over `free`.
    fn wrong_value(&self, what: String, assertions: Vec<TermId>, free: Vec<SymId>) -> Obligation {
        Obligation {
            what,
            kind: WitnessKind::WrongValue,
            assertions,
            span: self.w.span,
            free,
            fallbacks: vec![],
        }
    }
}

/// What an update's store must satisfy beyond bounds and its value step: its stage runs after
/// the earlier ones; it stores the cell of its stage variables; its reads of the Func read the
/// cell it stores; its RDom variables stay in the RDom; each cell sees its RDom points in
/// order (once each, for a commutative update); distinct iterations of its pure loops store
/// distinct cells; every cell the pure definition wrote gets every RDom point of this stage.
#[allow(clippy::too_many_arguments)]
fn update_obligations(
    d: &mut Sym,
    run: &Run,
    kinds: &HashMap<SymId, LoopKind>,
    w: &crate::symex::Write,
    u: &crate::symex::UpdateStore,
    writes: &[crate::symex::Write],
    reads: &[crate::symex::Read],
    outer: &[SymId],
    interleaved: &mut Vec<(String, Option<usize>)>,
    obs: &mut Vec<Obligation>,
) -> Result<(), (String, Span)> {
    let me = writes
        .iter()
        .position(|x| std::ptr::eq(x, w))
        .expect("w is one of the writes");
    let cx = UpdateCx {
        run,
        kinds,
        w,
        u,
        writes,
        outer,
        me,
    };
    stage_order_obligations(d, &cx, interleaved, obs)?;
    // The cell updated is the point of the stage variables.
    {
        let mut eqs = Vec::new();
        for (a, p) in w.point.iter().zip(&u.lhs) {
            eqs.push(d.store.eq(*a, *p));
        }
        let same = d.store.and(eqs);
        let mut a = w.path.clone();
        a.push(d.store.not(same));
        obs.push(cx.wrong_value(
            format!(
                "an update of `{}` stores the point of its stage variables",
                w.func
            ),
            a,
            w.loops.clone(),
        ));
    }
    for a in w.args.iter().filter(|_| u.recurrence.is_none()) {
        if d.store.symbols_of(*a).iter().any(|s| u.r_loops.contains(s)) {
            return Err((format!("a store of an update of `{}` whose cell depends on the RDom (not yet supported)", w.func), w.span));
        }
    }
    rdom_order_obligations(d, &cx, obs);
    if let Some(rec) = &u.recurrence {
        recurrence_obligations(d, kinds, w, u, rec, writes, reads, outer, obs);
    }
    step_obligations(d, &cx, obs);
    injectivity_obligations(d, &cx, obs);
    coverage_obligations(d, &cx, obs);
    Ok(())
}

/// Stages in order: every store of an earlier stage of this realization comes earlier in the
/// program and shares no loop inside the realization (so it has finished). Where they
/// interleave, per cell instead (the Func is added to `interleaved`).
fn stage_order_obligations(
    d: &mut Sym,
    cx: &UpdateCx,
    interleaved: &mut Vec<(String, Option<usize>)>,
    obs: &mut Vec<Obligation>,
) -> Result<(), (String, Span)> {
    let (w, outer) = (cx.w, cx.outer);
    for (i, x) in cx.writes.iter().enumerate() {
        if x.func != w.func || x.realize != w.realize || x.stage >= w.stage {
            continue;
        }
        let shares_inner = x
            .loops
            .iter()
            .any(|l| w.loops.contains(l) && !outer.contains(l));
        if i > cx.me || shares_inner {
            // The stages interleave (a sliding window over a Func with updates: each
            // iteration computes both stages of its new cells). Per cell instead: no store of
            // an earlier stage into this store's cell runs after it; and consumers' reads see
            // the last stage complete (`interleaved_reads`).
            if cx.u.recurrence.is_some() {
                return Err((format!("stage {} of `{}` is not entirely before stage {} in the loop program (interleaved stages of a recurrence are not yet supported)", x.stage, w.func, w.stage), w.span));
            }
            if !interleaved.contains(&(w.func.clone(), w.realize)) {
                interleaved.push((w.func.clone(), w.realize));
            }
            let a = Inst::copy(d, w, outer);
            let b = Inst::copy(d, x, outer);
            let mut cs = a.path.clone();
            cs.extend(b.path.iter().copied());
            for (p, q) in a.point.iter().zip(&b.point) {
                cs.push(d.store.eq(*p, *q));
            }
            cs.push(before(d, cx.kinds, &a, &b));
            let mut free = outer.to_vec();
            free.extend(a.fresh.iter().chain(&b.fresh).copied());
            obs.push(cx.wrong_value(
                format!(
                    "no store of stage {} of `{}` into a cell runs after a store of stage {} into it",
                    x.stage, w.func, w.stage
                ),
                cs,
                free,
            ));
        }
    }
    Ok(())
}

/// Order: of two instances of this stage's stores into one cell, the earlier runs the
/// earlier RDom point (lexicographic, the first variable innermost). With the coverage
/// ([`coverage_obligations`]), each cell sees every RDom point once, in the algorithm's
/// order, however the RDom's loops are split, reordered or unrolled.
fn rdom_order_obligations(d: &mut Sym, cx: &UpdateCx, obs: &mut Vec<Obligation>) {
    let (w, u, outer) = (cx.w, cx.u, cx.outer);
    for other in cx.same_stage() {
        let Some(uo) = &other.update else { continue };
        let a = Inst::copy(d, w, outer);
        let b = Inst::copy(d, other, outer);
        let ra: Vec<TermId> = u
            .r_vals
            .iter()
            .map(|t| sub_copy(d, w, outer, &a, *t))
            .collect();
        let rb: Vec<TermId> = uo
            .r_vals
            .iter()
            .map(|t| sub_copy(d, other, outer, &b, *t))
            .collect();
        let mut cs = a.path.clone();
        cs.extend(b.path.iter().copied());
        for (x, y) in a.point.iter().zip(&b.point) {
            cs.push(d.store.eq(*x, *y));
        }
        cs.push(before(d, cx.kinds, &a, &b));
        if u.commutative {
            // Any order: only never twice the same point.
            for (x, y) in ra.iter().zip(&rb) {
                cs.push(d.store.eq(*x, *y));
            }
        } else {
            let lt = lex_less(d, &ra, &rb);
            cs.push(d.store.not(lt));
        }
        let mut free = outer.to_vec();
        free.extend(a.fresh.iter().chain(&b.fresh).copied());
        obs.push(cx.wrong_value(
            format!(
                "update {} of `{}` runs each cell's RDom points {}",
                w.stage,
                w.func,
                if u.commutative {
                    "once each (its operation is commutative and associative: any order)"
                } else {
                    "in increasing order"
                }
            ),
            cs,
            free,
        ));
    }
}

/// Each step the store runs is one of the algorithm's: its reads of the Func read the cell it
/// stores, its RDom variables stay inside the RDom, and the RDom's predicate holds there.
fn step_obligations(d: &mut Sym, cx: &UpdateCx, obs: &mut Vec<Obligation>) {
    let (w, u) = (cx.w, cx.u);
    for point in &u.self_reads {
        let mut eqs = Vec::new();
        for (c, a) in point.iter().zip(&w.point) {
            eqs.push(d.store.eq(*c, *a));
        }
        let same = d.store.and(eqs);
        let mut a = w.path.clone();
        a.push(d.store.not(same));
        obs.push(cx.wrong_value(
            format!("an update of `{}` reads the point it stores", w.func),
            a,
            w.loops.clone(),
        ));
    }
    for (r, (lo, hi)) in u.r_vals.iter().zip(&u.r_bounds) {
        let ext = d.store.sub(*hi, *lo);
        let inside = in_box(d, &[*r], &[(*lo, ext)]);
        let mut a = w.path.clone();
        a.push(d.store.not(inside));
        obs.push(cx.wrong_value(
            format!("an update of `{}` stays inside its RDom", w.func),
            a,
            w.loops.clone(),
        ));
    }
    // A store is a step of the algorithm only where the RDom's predicate holds (elsewhere the
    // algorithm runs no step: a store there is an extra write).
    if let Some(p) = u.holds_at(d, &u.pure_vals, &u.r_vals) {
        let mut a = w.path.clone();
        a.push(d.store.not(p));
        obs.push(cx.wrong_value(
            format!(
                "an update of `{}` stores only at RDom points where its predicate (`where`) holds",
                w.func
            ),
            a,
            w.loops.clone(),
        ));
    }
}

/// Injectivity: distinct iterations of the loops inside the realization, other than the
/// RDom loops, store distinct cells (each cell sees each RDom point once, in order); and two
/// stores of the same stage never store one cell.
fn injectivity_obligations(d: &mut Sym, cx: &UpdateCx, obs: &mut Vec<Obligation>) {
    let (w, u, outer) = (cx.w, cx.u, cx.outer);
    let inner: Vec<SymId> = w
        .loops
        .iter()
        .copied()
        .filter(|l| !outer.contains(l))
        .collect();
    let pure: Vec<SymId> = inner
        .iter()
        .copied()
        .filter(|l| !u.r_loops.contains(l))
        .collect();
    for other in cx.writes[cx.me + 1..]
        .iter()
        .filter(|x| x.func == w.func && x.realize == w.realize && x.stage == w.stage)
    {
        let mut map = HashMap::new();
        for l in other.loops.iter().filter(|l| !outer.contains(l)) {
            let c = d.store.fresh("copy", smt::Sort::Int);
            map.insert(*l, d.store.sym(c));
        }
        let mut a = w.path.clone();
        for p in &other.path {
            a.push(d.store.substitute(*p, &map));
        }
        for (x, y) in w.point.iter().zip(&other.point) {
            let y = d.store.substitute(*y, &map);
            a.push(d.store.eq(*x, y));
        }
        let mut free = w.loops.clone();
        free.extend(map.values().flat_map(|t| d.store.symbols_of(*t)));
        obs.push(cx.wrong_value(
            format!(
                "two stores of update {} of `{}` never store one cell",
                w.stage, w.func
            ),
            a,
            free,
        ));
    }
    if pure.is_empty() {
        return;
    }
    let mut map = HashMap::new();
    for l in &inner {
        let c = d.store.fresh("copy", smt::Sort::Int);
        map.insert(*l, d.store.sym(c));
    }
    let mut a = w.path.clone();
    for p in &w.path {
        a.push(d.store.substitute(*p, &map));
    }
    for x in &w.point {
        let y = d.store.substitute(*x, &map);
        a.push(d.store.eq(*x, y));
    }
    let mut differ = Vec::new();
    for l in &pure {
        let t = d.store.sym(*l);
        differ.push(d.store.ne(t, map[l]));
    }
    a.push(d.store.or(differ));
    let mut free = w.loops.clone();
    free.extend(map.values().flat_map(|t| d.store.symbols_of(*t)));
    obs.push(cx.wrong_value(
        format!(
            "distinct iterations of update {} of `{}` store distinct cells",
            w.stage, w.func
        ),
        a,
        free,
    ));
}

/// Coverage of the stage: once per (pure store, stage), at the first store of the stage:
/// every needed cell the pure store wrote gets every RDom point where the predicate holds.
fn coverage_obligations(d: &mut Sym, cx: &UpdateCx, obs: &mut Vec<Obligation>) {
    let (w, u) = (cx.w, cx.u);
    let first = cx
        .writes
        .iter()
        .position(|x| x.func == w.func && x.stage == w.stage && x.realize == w.realize);
    if !first.is_some_and(|i| std::ptr::eq(&cx.writes[i], w)) {
        return;
    }
    let stage_writes: Vec<&crate::symex::Write> = cx.same_stage().collect();
    for w0 in cx
        .writes
        .iter()
        .filter(|x| x.func == w.func && x.stage == 0 && x.realize == w.realize)
    {
        let mut a = w0.path.clone();
        let mut rs = Vec::new();
        for (lo, hi) in &u.r_bounds {
            let s = d.store.fresh("rpoint", smt::Sort::Int);
            let t = d.store.sym(s);
            a.push(d.store.le(*lo, t));
            a.push(d.store.lt(t, *hi));
            rs.push(t);
        }
        // Every point where the RDom's predicate holds (the algorithm's steps).
        let pure: Vec<TermId> = w0.point.clone();
        a.extend(u.holds_at(d, &pure, &rs));
        // Of every cell whose value is needed: a pure store outside its Func's needed
        // region (a vectorized pure stage's ShiftInwards tail) writes a cell no needed
        // value reads ([`crate::live`]), which the update need not reach.
        a.extend(crate::live::live(d, cx.run, w0));
        for ws in &stage_writes {
            let Some(us) = &ws.update else { continue };
            let mut cs = ws.path.clone();
            for k in &u.slice {
                cs.push(d.store.eq(us.pure_vals[*k], w0.point[*k]));
            }
            for (x, y) in us.r_vals.iter().zip(&rs) {
                cs.push(d.store.eq(*x, *y));
            }
            let body = d.store.and(cs);
            let nb = d.store.not(body);
            let own: Vec<SymId> = ws
                .loops
                .iter()
                .copied()
                .filter(|l| !w0.loops.contains(l))
                .collect();
            a.push(if own.is_empty() {
                nb
            } else {
                d.store.forall(own, nb)
            });
        }
        obs.push(Obligation {
            what: format!(
                "update {} of `{}` reaches every cell and RDom point",
                w.stage, w.func
            ),
            kind: WitnessKind::WrongValue,
            assertions: a,
            span: w.span,
            free: w0.loops.clone(),
            fallbacks: vec![],
        });
    }
}

fn stop_reason(s: Stop) -> (String, Span) {
    match s {
        Stop::Unsupported { what, span } => (what, span),
        Stop::Fault { what, .. } => (what, Span::default()),
    }
}

/// Seeds of [`input_data`] that fill every input with its type's largest (smallest) value
/// in the replay's range: a model whose index is computed from data (a look-up at 255) is
/// replayed at the data's extremes, since the replay's inputs are not the model's.
const SEED_TYPE_MAX: u64 = u64::MAX;
const SEED_TYPE_MIN: u64 = u64::MAX - 1;
/// The seed of unit-interval float data: every float input element a multiple of
/// `1/UNIT_DENOMINATOR` in `[0.375, 0.625]` (integer inputs as at any seed). Halide's apps take
/// images in `[0, 1]` and clamp to it: integer data there is 0 or 1 after the clamp, where a
/// bilateral grid's bins or a non-local mean's weights make every output its input (a
/// histogram bin shifted, a window one column short, agree).
const SEED_UNIT: u64 = u64::MAX - 2;

/// `fields` without the inputs' buffer fields.
fn without_input_fields(spec: &Spec, fields: &BTreeMap<String, i128>) -> BTreeMap<String, i128> {
    fields
        .iter()
        .filter(|(k, _)| {
            !spec.inputs.iter().any(|i| {
                k.strip_prefix(&i.name[..])
                    .is_some_and(|r| r.starts_with('.'))
            })
        })
        .map(|(k, v)| (k.clone(), *v))
        .collect()
}

/// Whether the algorithm reads a float input (the unit-interval data changes its values).
fn reads_floats(spec: &Spec) -> bool {
    spec.inputs.iter().any(|i| i.ty.is_float())
}

/// Deterministic pseudo-random input elements in the type's range (or its extremes, for the
/// seeds above).
fn input_data(ty: crate::syntax::Type, n: usize, seed: u64) -> Vec<i128> {
    use crate::syntax::Type;
    if seed == SEED_TYPE_MAX || seed == SEED_TYPE_MIN {
        let (lo, hi) = match ty {
            Type::UInt(1) => (0, 1),
            Type::UInt(b) if b <= 16 => (0, (1i128 << b) - 1),
            Type::Int(b) if b <= 16 => (-(1i128 << (b - 1)), (1i128 << (b - 1)) - 1),
            _ => (-500, 499),
        };
        return vec![if seed == SEED_TYPE_MAX { hi } else { lo }; n];
    }
    let mut x = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (0..n)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let r = (x >> 33) as i128;
            match ty {
                Type::UInt(1) => r & 1,
                Type::UInt(b) | Type::Int(b) if b <= 16 => {
                    let m = 1i128 << b;
                    let v = r % m;
                    if matches!(ty, Type::Int(_)) {
                        v - m / 2
                    } else {
                        v
                    }
                }
                // Floats at odd seeds: a third of the values are `±2^24`, where float32 sums
                // of them and small integers round, and a neighbour's `∓2^24` cancels them (an
                // IEEE difference that small integers never show: `strict_float`).
                // A low-contrast image: `[0.375, 0.625]`, so that both a clamp to `[0, 1]`
                // and a weight that decays with the difference of neighbours (a non-local
                // mean's `exp(-d/σ²)`) keep them apart.
                Type::Float(_) if seed == SEED_UNIT => {
                    let d = run::UNIT_DENOMINATOR;
                    3 * d / 8 + r % (d / 4 + 1)
                }
                Type::Float(_) if seed % 2 == 1 && (r >> 10) % 3 == 0 => {
                    if r & 1 == 0 {
                        1 << 24
                    } else {
                        -(1 << 24)
                    }
                }
                _ => r % 1000 - 500,
            }
        })
        .collect()
}

const MAX_SETTING_CELLS: i128 = 1 << 16;

/// A complete setting from partial field values: missing ones from the output's region with
/// an input margin, strides dense.
/// Buffer fields that the statement's assertions fix to constants: a `set_bounds` is printed
/// `assert(input.extent.2 == input.extent.2.constrained, ...)` after `let
/// input.extent.2.constrained = 4`. Every setting of the concrete searches takes them, or no
/// run would get past the assertions. Read from the statement's lets and assertions outside
/// loops (an `if` entered, as the main body is).
pub(crate) fn fixed_fields(spec: &Spec, stmt: &[Stmt]) -> BTreeMap<String, i128> {
    use crate::stmt::StmtKind;
    use crate::syntax::{BinOp, ExprKind};
    let mut buffers: Vec<(&str, usize)> =
        spec.inputs.iter().map(|i| (&i.name[..], i.dims)).collect();
    if let Some(out) = spec.func(&spec.output) {
        buffers.push((&out.name, out.vars.len()));
    }
    let is_field = |n: &str| {
        buffers.iter().any(|(b, dims)| {
            (0..*dims).any(|k| n == format!("{b}.min.{k}") || n == format!("{b}.extent.{k}"))
        })
    };
    let mut consts: BTreeMap<String, i128> = BTreeMap::new();
    let mut fixed = BTreeMap::new();
    let mut todo: Vec<&[Stmt]> = vec![stmt];
    while let Some(block) = todo.pop() {
        for st in block {
            match &st.kind {
                StmtKind::Let(n, e) => {
                    if let ExprKind::Int(v) = e.kind {
                        consts.insert(n.clone(), v);
                    }
                }
                StmtKind::Assert(c) => {
                    let ExprKind::Bin(BinOp::Eq, a, b) = &c.kind else {
                        continue;
                    };
                    let value = |e: &crate::syntax::Expr| match &e.kind {
                        ExprKind::Int(v) => Some(*v),
                        ExprKind::Var(n) => consts.get(n).copied(),
                        _ => None,
                    };
                    for (f, v) in [(a, b), (b, a)] {
                        if let (ExprKind::Var(n), Some(v)) = (&f.kind, value(v)) {
                            if is_field(n) {
                                fixed.insert(n.clone(), v);
                            }
                        }
                    }
                }
                StmtKind::If(_, a, b) => {
                    todo.push(a);
                    todo.push(b);
                }
                _ => {}
            }
        }
    }
    fixed
}

pub(crate) fn setting(
    spec: &Spec,
    given: &BTreeMap<String, i128>,
    margin: i128,
    seed: u64,
) -> Option<Setting> {
    let out = spec.func(&spec.output)?;
    let mut fields = BTreeMap::new();
    let mut out_box = Vec::new();
    for k in 0..out.vars.len() {
        let m = *given.get(&format!("{}.min.{k}", out.name)).unwrap_or(&0);
        let e = *given.get(&format!("{}.extent.{k}", out.name)).unwrap_or(&1);
        out_box.push((m, e));
    }
    let mut bufs = vec![(out.name.clone(), out.vars.len(), None)];
    for inp in &spec.inputs {
        bufs.push((inp.name.clone(), inp.dims, Some(inp.ty)));
    }
    let mut inputs = BTreeMap::new();
    for (name, dims, ty) in bufs {
        let mut stride = 1i128;
        let mut cells = 1i128;
        for k in 0..dims {
            let (dm, de) = out_box
                .get(k)
                .map(|(m, e)| (m - margin, e + 2 * margin))
                .unwrap_or((0, 1 + margin));
            let m = *given.get(&format!("{name}.min.{k}")).unwrap_or(&dm);
            let e = *given.get(&format!("{name}.extent.{k}")).unwrap_or(&de);
            if !(0..=4096).contains(&e) || m.abs() > 1 << 40 {
                return None;
            }
            fields.insert(format!("{name}.min.{k}"), m);
            fields.insert(format!("{name}.extent.{k}"), e);
            fields.insert(format!("{name}.stride.{k}"), stride);
            stride *= e.max(1);
            cells *= e;
        }
        if cells > MAX_SETTING_CELLS {
            return None;
        }
        if let Some(ty) = ty {
            inputs.insert(name, input_data(ty, cells as usize, seed));
        }
    }
    let float_denominator = if seed == SEED_UNIT {
        run::UNIT_DENOMINATOR
    } else {
        1
    };
    Some(Setting {
        fields,
        inputs,
        float_denominator,
    })
}

fn counterexample(
    spec: &Spec,
    kind: WitnessKind,
    what: &str,
    s: &Setting,
    f: &run::Fault,
) -> Counterexample {
    let maps = vec![(
        "buffer fields".to_string(),
        s.fields
            .iter()
            .filter(|(k, _)| !k.contains(".stride."))
            .map(|(k, v)| (k.clone(), *v))
            .collect(),
    )];
    let mut scalars = vec![
        ("witness".to_string(), kind.name().to_string()),
        ("what".to_string(), what.to_string()),
    ];
    if !f.point.is_empty() {
        scalars.push(("point".into(), format!("{:?}", f.point)));
    }
    let mismatch = match (&f.values, kind) {
        (Some((got, want)), _) => Mismatch::Value {
            index: f
                .point
                .iter()
                .enumerate()
                .map(|(k, v)| (format!("d{k}"), *v))
                .collect(),
            lhs: got.clone(),
            rhs: want.clone(),
        },
        (None, WitnessKind::Unwritten) => Mismatch::Value {
            index: f
                .point
                .iter()
                .enumerate()
                .map(|(k, v)| (format!("d{k}"), *v))
                .collect(),
            lhs: "(never written)".into(),
            rhs: "(the algorithm's value)".into(),
        },
        _ => Mismatch::TargetUb {
            what: what.to_string(),
        },
    };
    // The inputs, outermost dimension first (so that row-major order is Halide's, with
    // dimension 0 innermost), when small enough to print.
    let mut inputs = Vec::new();
    for (name, data) in &s.inputs {
        if data.len() > 4096 {
            continue;
        }
        let dims = s
            .fields
            .keys()
            .filter(|k| k.starts_with(&format!("{name}.extent.")))
            .count();
        let axes = (0..dims)
            .rev()
            .map(|k| (format!("d{k}"), s.fields[&format!("{name}.extent.{k}")]))
            .collect();
        inputs.push(report::TensorValue {
            name: name.clone(),
            element_type: spec
                .input(name)
                .map(|i| i.ty.to_string())
                .unwrap_or_default(),
            axes,
            data: data
                .iter()
                .map(|v| match spec.input(name) {
                    Some(i) if i.ty.is_float() && s.float_denominator != 1 => {
                        format!("{v}/{}", s.float_denominator)
                    }
                    _ => v.to_string(),
                })
                .collect(),
            free: vec![],
        });
    }
    Counterexample {
        instance: format!("witness: {}", kind.name()),
        maps,
        scalars,
        inputs,
        mismatch,
    }
}

/// Replays a setting; a fault is a refutation, except a float value difference smaller than
/// `gap` (relative): that may be the rounding of Halide's constant folding, or of a printed
/// constant taken as an assumed value (`floats`), so it is never a refutation.
fn try_setting(
    spec: &Spec,
    stmt: &[Stmt],
    s: &Setting,
    gap: f64,
    steps: &mut Steps,
) -> Result<Option<Checked>, (String, Span)> {
    match run::replay(spec, stmt, s, &mut steps.left) {
        Outcome::Fault(f)
            if (f.kind == WitnessKind::WrongValue
                // An output difference after a needed store read an undefined cell.
                || (f.kind == WitnessKind::Uninitialized && f.gap.is_some()))
                && spec.func(&spec.output).is_some_and(|o| o.ty.is_float())
                && f.gap.is_none_or(|g| g < gap) =>
        {
            Ok(None)
        }
        Outcome::Fault(f) => {
            let what = f.what.clone();
            Ok(Some(Checked {
                verdict: Verdict::Refuted {
                    counterexample: Box::new(counterexample(spec, f.kind, &what, s, &f)),
                },
                witness: Some((f.kind, what)),
                assumptions: vec![],
                obligations: 0,
                notes: vec![],
            }))
        }
        Outcome::Unsupported(what, span) => Err((what, span)),
        Outcome::OutOfSteps => {
            steps.ran_out("a replay of a solver's model");
            Ok(None)
        }
        Outcome::Agrees | Outcome::AssertFailed => Ok(None),
    }
}

/// A budget of interpreted steps (statements run, variables and calls read) and of CPU time
/// for a concrete search or the replays of the solver's models: a search for
/// counterexamples, not a proof, so when either runs out the search just stops, and the
/// check says so ([`Checked::notes`]).
pub(crate) struct Steps {
    pub left: run::Allowance,
    total: run::Allowance,
    what: &'static str,
    /// Where it ran out, once it did.
    pub exhausted: Option<String>,
}

impl Steps {
    pub fn new(what: &'static str, total: run::Allowance) -> Steps {
        Steps {
            left: total,
            total,
            what,
            exhausted: None,
        }
    }

    fn used(&self) -> u64 {
        self.total.steps - self.left.steps
    }

    fn ran_out(&mut self, during: &str) {
        if self.exhausted.is_none() {
            self.exhausted = Some(format!(
                "{} stopped at its budget of {} interpreted steps, {} CPU s or {} cells per realization (during {during})",
                self.what,
                self.total.steps,
                self.total.time.as_secs(),
                run::MAX_CELLS
            ));
        }
    }
}

/// Steps and CPU time for the quick concrete search before any solver call ...
pub(crate) const QUICK_STEPS: run::Allowance = run::Allowance {
    steps: 1_500_000,
    time: Duration::from_secs(15),
};
/// ... and for the wider search and the models' replays once an obligation stayed open.
pub(crate) const SEARCH_STEPS: run::Allowance = run::Allowance {
    steps: 20_000_000,
    time: Duration::from_secs(40),
};

/// Small concrete settings, in a fixed order: every output extent of `sizes` in the first
/// two dimensions (2 beyond), at two positions; at the second, an algorithm that reads a
/// float input gets unit-interval data ([`SEED_UNIT`]).
pub(crate) fn search(
    spec: &Spec,
    stmt: &[Stmt],
    sizes: &[i128],
    gap: f64,
    steps: &mut Steps,
) -> Result<Option<Checked>, (String, Span)> {
    let out = spec.func(&spec.output).expect("checked");
    let dims = out.vars.len();
    let exts: Vec<Vec<i128>> = match dims {
        0 => vec![vec![]],
        1 => sizes.iter().map(|e| vec![*e]).collect(),
        _ => {
            let mut v = Vec::new();
            for a in sizes {
                for b in sizes {
                    let mut e = vec![*a, *b];
                    e.extend(std::iter::repeat_n(2, dims - 2));
                    v.push(e);
                }
            }
            v
        }
    };
    let fixed = fixed_fields(spec, stmt);
    for (n, e) in exts.iter().enumerate() {
        for mins in [0i128, 3] {
            let mut given = BTreeMap::new();
            for (k, x) in e.iter().enumerate() {
                given.insert(format!("{}.extent.{k}", out.name), *x);
                given.insert(
                    format!("{}.min.{k}", out.name),
                    if k == 0 { mins } else { -mins },
                );
            }
            given.extend(fixed.iter().map(|(k, v)| (k.clone(), *v)));
            for margin in [0, 1, 2, 3, 4, 8, 16, 40] {
                let seed = if mins != 0 && reads_floats(spec) {
                    SEED_UNIT
                } else {
                    n as u64
                };
                let Some(s) = setting(spec, &given, margin, seed) else {
                    continue;
                };
                if steps.left.is_spent() {
                    return Ok(None);
                }
                match run::replay(spec, stmt, &s, &mut steps.left) {
                    Outcome::AssertFailed => continue,
                    Outcome::Unsupported(what, span) => return Err((what, span)),
                    Outcome::OutOfSteps => {
                        let e: Vec<String> = e.iter().map(|x| x.to_string()).collect();
                        steps.ran_out(&format!("the run at output extents [{}]", e.join(", ")));
                        return Ok(None);
                    }
                    Outcome::Agrees => break,
                    Outcome::Fault(_) => {
                        if let Some(c) = try_setting(spec, stmt, &s, gap, steps)? {
                            return Ok(Some(c));
                        }
                        break;
                    }
                }
            }
        }
    }
    Ok(None)
}

/// Sizes tried before any solver call (most broken schedules fail at one of them) ...
pub(crate) const QUICK_SIZES: [i128; 5] = [1, 8, 9, 16, 17];
/// ... and after an obligation stayed open.
pub(crate) const SEARCH_SIZES: [i128; 12] = [1, 2, 3, 4, 5, 7, 8, 9, 12, 16, 17, 33];

/// At most this many obligations are asked in one query ([`group_of`]).
const MAX_GROUP: usize = 32;

/// How many obligations from `obs[i]` on are asked together: the run of neighbours of the
/// same kind and description (the reads of one Func by one store, say: `a read of `gray`
/// outside its realization` at each of its call sites), without quantifiers, at most
/// [`MAX_GROUP`]. Their queries share the statement's assertions and most of the path, and
/// one solver call for all is much cheaper than one for each (local_laplacian: 17 reads per
/// pyramid store, 0.2 s of cvc5 each).
fn group_of(store: &smt::Store, obs: &[Obligation], i: usize) -> usize {
    let plain = |o: &Obligation| !o.assertions.iter().any(|t| store.has_quantifier(*t));
    if !plain(&obs[i]) {
        return 1;
    }
    obs[i..]
        .iter()
        .take(MAX_GROUP)
        .take_while(|o| o.kind == obs[i].kind && o.what == obs[i].what && plain(o))
        .count()
}

/// Whether the obligations of `group` are all unsat, asked as one query: the assertions
/// they share, and the disjunction of the conjunction of each one's others. Unsat of it is
/// unsat of each (each query implies it); otherwise nothing is concluded (each is asked on
/// its own).
fn solve_group(
    store: &mut smt::Store,
    group: &[Obligation],
    fields: &[(String, SymId)],
    cfg: smt::SolverConfig,
) -> bool {
    let sets: Vec<std::collections::HashSet<TermId>> = group
        .iter()
        .map(|o| o.assertions.iter().copied().collect())
        .collect();
    let shared: Vec<TermId> = group[0]
        .assertions
        .iter()
        .copied()
        .filter(|t| sets.iter().all(|s| s.contains(t)))
        .collect();
    let common: std::collections::HashSet<TermId> = shared.iter().copied().collect();
    let mut cases = Vec::new();
    for o in group {
        let own: Vec<TermId> = o
            .assertions
            .iter()
            .copied()
            .filter(|t| !common.contains(t))
            .collect();
        cases.push(store.and(own));
    }
    let mut query = shared;
    query.push(store.or(cases));
    matches!(solve(store, &query, fields, cfg), CheckResult::Unsat)
}

/// One obligation's query: the buffer fields of a model.
fn solve(
    store: &mut smt::Store,
    assertions: &[TermId],
    fields: &[(String, SymId)],
    cfg: smt::SolverConfig,
) -> CheckResult<BTreeMap<String, i128>> {
    let asr = if assertions.iter().any(|t| store.has_quantifier(*t)) {
        assertions.to_vec()
    } else {
        smt::simplify_arith(store, assertions)
    };
    let fl = fields.to_vec();
    // Bounded: a quantified query never reaches Z3's default solver, which can overrun its
    // timeout by a minute there (`check_portfolio_bounded`).
    smt::check_portfolio_bounded(store, &asr, cfg, move |mr: &mut dyn smt::ModelReader| {
        fl.iter()
            .filter_map(|(n, s)| match mr.sym(*s) {
                Some(Value::Int(v)) => Some((n.clone(), v)),
                _ => None,
            })
            .collect::<BTreeMap<String, i128>>()
    })
    .0
}

/// Extents no larger than this make a model small enough to replay quickly.
const SMALL_EXTENT: i128 = 16;

/// A model of a satisfiable obligation whose buffer extents are all at most
/// [`SMALL_EXTENT`] and mins near 0, when the solver's own model has a larger extent and such
/// a model exists (asked within `cfg`): a replay at an app's real size can take minutes,
/// and most witnesses show at small sizes, as the concrete search's do.
fn small_model(
    store: &mut smt::Store,
    assertions: &[TermId],
    fields: &[(String, SymId)],
    model: &BTreeMap<String, i128>,
    cfg: smt::SolverConfig,
) -> Option<BTreeMap<String, i128>> {
    let large = model
        .iter()
        .any(|(k, v)| k.contains(".extent.") && *v > SMALL_EXTENT);
    if !large {
        return None;
    }
    let mut asr = assertions.to_vec();
    for (name, sym) in fields {
        let (lo, hi) = if name.contains(".extent.") {
            (0, SMALL_EXTENT)
        } else if name.contains(".min.") {
            (-4 * SMALL_EXTENT, 4 * SMALL_EXTENT)
        } else {
            continue;
        };
        let t = store.sym(*sym);
        let (lo, hi) = (store.int(lo), store.int(hi));
        asr.push(store.le(lo, t));
        asr.push(store.le(t, hi));
    }
    match solve(store, &asr, fields, cfg) {
        CheckResult::Sat(m) => Some(m),
        _ => None,
    }
}

/// The verdict's observations on discarded values: each store that may write outside its
/// needed region (a satisfiable, or undecided, note), grouped by Func.
fn discarded(
    store: &mut smt::Store,
    notes: &[crate::live::Note],
    fields: &[(String, SymId)],
    budget: &Budget,
    loc: &dyn Fn(Span) -> String,
) -> Vec<String> {
    let mut by_what: Vec<(String, Vec<String>)> = Vec::new();
    for n in notes {
        // Undecided (also once the budget is spent): named, as a satisfiable note would be.
        if let Some(cfg) = budget.cfg() {
            if matches!(solve(store, &n.assertions, fields, cfg), CheckResult::Unsat) {
                continue;
            }
        }
        let at = loc(n.span);
        match by_what.iter_mut().find(|(w, _)| *w == n.what) {
            Some((_, ats)) => ats.push(at),
            None => by_what.push((n.what.clone(), vec![at])),
        }
    }
    by_what
        .into_iter()
        .map(|(what, ats)| {
            format!(
                "{what} at {}: their reads may be of never-written cells (allowed: their values never reach a needed cell)",
                ats.join(", ")
            )
        })
        .collect()
}

/// `exact_floats`: the statement's float literals are exact (`floats::resolve`).
pub fn check(
    spec: &Spec,
    stmt: &[Stmt],
    exact_floats: bool,
    budget: &Budget,
    loc: &dyn Fn(Span) -> String,
) -> Checked {
    check_with(spec, stmt, exact_floats, budget, true, loc)
}

/// `quick`: try small sizes concretely before the solver (tests turn it off to see that the
/// obligations alone never verify a broken statement).
pub(crate) fn check_with(
    spec: &Spec,
    stmt: &[Stmt],
    exact_floats: bool,
    budget: &Budget,
    quick: bool,
    loc: &dyn Fn(Span) -> String,
) -> Checked {
    let unknown = Checked::unknown;
    // Float constants as Halide holds them (an exact rewrite of the literals, with its notes).
    let floats = match crate::floats::resolve(spec, stmt, exact_floats, loc) {
        Ok(f) => f,
        Err((what, span)) => {
            return unknown(format!(
                "unsupported: {what} at {} (not held exactly)",
                loc(span)
            ))
        }
    };
    let mut quick_steps = Steps::new("the quick concrete search", QUICK_STEPS);
    let mut steps = Steps::new("the concrete search", SEARCH_STEPS);
    let mut c = check_resolved(
        &floats.spec,
        &floats.stmt,
        floats.gap,
        (&mut quick_steps, &mut steps),
        budget,
        quick,
        loc,
    );
    c.notes.extend(quick_steps.exhausted);
    c.notes.extend(steps.exhausted);
    if let Some(r) = crate::domain::restriction(&floats.spec) {
        let text = r.text();
        let narrowed = |a: &mut Vec<String>| {
            for x in a.iter_mut().filter(|x| x.starts_with(EVERY_OUTPUT)) {
                *x = format!("{EVERY_OUTPUT} inside the restriction stated first");
            }
        };
        narrowed(&mut c.assumptions);
        match &mut c.verdict {
            Verdict::Verified { assumptions } => {
                narrowed(assumptions);
                assumptions.insert(0, text.clone())
            }
            Verdict::Unknown { reason } => reason.push_str(&format!(" ({text})")),
            _ => {}
        }
        c.assumptions.insert(0, text);
    }
    if !floats.notes.is_empty() {
        match &mut c.verdict {
            Verdict::Verified { assumptions } => {
                assumptions.extend(floats.notes.iter().cloned());
                c.assumptions.extend(floats.notes);
            }
            Verdict::Refuted { .. } => c.assumptions.extend(floats.notes),
            Verdict::Unknown { reason } => {
                reason.push_str(&format!(" (float constants: {})", floats.notes.join("; ")));
            }
            _ => {}
        }
    }
    c
}

/// [`check_with`] once the float constants are resolved (`gap`: see `floats::Floats::gap`).
fn check_resolved(
    spec: &Spec,
    stmt: &[Stmt],
    gap: f64,
    (quick_steps, steps): (&mut Steps, &mut Steps),
    budget: &Budget,
    quick: bool,
    loc: &dyn Fn(Span) -> String,
) -> Checked {
    // Fused loops split back (an exact rewrite): both the interpreter and the executor run it.
    let defused = crate::defuse::defuse(stmt);
    let case = Case {
        spec,
        stmt: &defused[..],
        gap,
        budget,
        loc,
        debug: std::env::var_os("TENSORPROOF_HALIDE_DEBUG").is_some(),
    };
    if let Some(c) = case.quick_search(quick, quick_steps) {
        return c;
    }
    let (d, run, obs, notes) = match obligations(spec, case.stmt) {
        Ok(x) => x,
        Err((why, span)) => {
            // Even an unsupported construct leaves a concrete fault a refutation.
            if let Ok(Some(c)) = search(spec, case.stmt, &SEARCH_SIZES, gap, steps) {
                return c;
            }
            if span == Span::default() {
                return Checked::unknown(format!("unsupported: {why}"));
            }
            return Checked::unknown(format!("unsupported: {why} at {}", loc(span)));
        }
    };
    let obs = in_asking_order(obs);
    if let Some(c) = vacuous(&d.store, &run.asserts, budget) {
        return c;
    }
    let fields: Vec<(String, SymId)> = run.fields.iter().map(|(k, v)| (k.clone(), *v)).collect();
    let mut store = d.store;
    let asked = match case.ask_all(&mut store, &obs, &fields, steps) {
        Ok(asked) => asked,
        Err(c) => return c,
    };
    if let Some((at, left)) = asked.spent {
        return spent_unknown(budget, &at, left, &asked.open, obs.len());
    }
    if asked.open.is_empty() {
        let assumptions = case.verified_assumptions(&mut store, &run, &notes, &fields);
        return Checked {
            verdict: Verdict::Verified {
                assumptions: assumptions.clone(),
            },
            witness: None,
            assumptions,
            obligations: obs.len(),
            notes: vec![],
        };
    }
    match search(spec, case.stmt, &SEARCH_SIZES, gap, steps) {
        Ok(Some(c)) => c,
        Ok(None) => Checked::unknown(format!(
            "{} of {} obligations not proved: {}",
            asked.open.len(),
            obs.len(),
            joined(&asked.open)
        )),
        Err((why, span)) => Checked::unknown(format!(
            "the replay met an unsupported construct: {why}{}",
            case.at(span)
        )),
    }
}

/// The obligations in the order they are asked: by kind (out of bounds, uninitialized,
/// unwritten, race, the rest), then the obligations of one description (the reads of one
/// Func, say) next to each other in the order they first appear, so that they are asked
/// together ([`group_of`]).
fn in_asking_order(mut obs: Vec<Obligation>) -> Vec<Obligation> {
    let rank = |k: WitnessKind| match k {
        WitnessKind::OutOfBounds => 0,
        WitnessKind::Uninitialized => 1,
        WitnessKind::Unwritten => 2,
        WitnessKind::Race => 3,
        _ => 4,
    };
    let mut first: HashMap<String, usize> = HashMap::new();
    for (i, o) in obs.iter().enumerate() {
        first.entry(o.what.clone()).or_insert(i);
    }
    obs.sort_by_key(|o| (rank(o.kind), first[&o.what]));
    obs
}

/// Vacuity: the preconditions `asserts` must admit some sizes, or every obligation is
/// trivially unsat. `Some` with the `unknown` verdict when they were not shown to.
fn vacuous(store: &smt::Store, asserts: &[TermId], budget: &Budget) -> Option<Checked> {
    let Some(cfg) = budget.cfg() else {
        return Some(Checked::unknown(
            budget.exhausted_at("the statement's assertions are satisfiable"),
        ));
    };
    let mut st = store.clone();
    let asr = smt::simplify_arith(&mut st, asserts);
    match smt::decide_portfolio(&st, &asr, cfg).0 {
        CheckResult::Sat(()) => None,
        CheckResult::Unsat => Some(Checked::unknown(
            "vacuous: the statement's assertions admit no buffer sizes".into(),
        )),
        CheckResult::Unknown(why) => Some(Checked::unknown(format!(
            "the statement's assertions could not be shown satisfiable: {why}"
        ))),
    }
}

/// The obligations not proved, each with why, for a reason.
fn joined(open: &[(String, String)]) -> String {
    open.iter()
        .map(|(w, r)| format!("{w} ({r})"))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The `unknown` verdict once the budget ran out at obligation `at` with `left` of the
/// `total` obligations unasked (`open`: those not proved before). No wider search either:
/// the budget bounds the case's wall time.
fn spent_unknown(
    budget: &Budget,
    at: &str,
    left: usize,
    open: &[(String, String)],
    total: usize,
) -> Checked {
    let mut reason = format!(
        "{} ({left} of {total} obligations open from there on",
        budget.exhausted_at(at),
    );
    if !open.is_empty() {
        reason.push_str(&format!("; not proved before: {}", joined(open)));
    }
    reason.push(')');
    Checked {
        verdict: Verdict::Unknown { reason },
        witness: None,
        assumptions: vec![],
        obligations: total,
        notes: vec![],
    }
}

/// What asking a case's obligations left: those not proved (where, why) and, when the
/// budget ran out, the obligation it ran out at and how many were left unasked.
#[derive(Default)]
struct Asked {
    open: Vec<(String, String)>,
    spent: Option<(String, usize)>,
}

/// What [`check_resolved`] reads while it asks a case's obligations and replays their models.
struct Case<'a> {
    spec: &'a Spec,
    /// The statement with its fused loops split back.
    stmt: &'a [Stmt],
    gap: f64,
    budget: &'a Budget,
    loc: &'a dyn Fn(Span) -> String,
    /// `TENSORPROOF_HALIDE_DEBUG` is set: progress on stderr.
    debug: bool,
}

impl Case<'_> {
    /// Where a construct of the statement is (the algorithm's own report no span here).
    fn at(&self, span: Span) -> String {
        if span == Span::default() {
            String::new()
        } else {
            format!(" at {}", (self.loc)(span))
        }
    }

    /// Obligation `o` in a reason: its description and, but for an unwritten output, where.
    fn where_(&self, o: &Obligation) -> String {
        if o.kind == WitnessKind::Unwritten {
            o.what.clone()
        } else {
            format!("{} at {}", o.what, (self.loc)(o.span))
        }
    }

    /// `cfg` cut to the short first try of a query that has a fallback after it: one that
    /// the solver cannot settle does not hold up a later one that it can.
    fn short(&self, cfg: smt::SolverConfig) -> smt::SolverConfig {
        smt::SolverConfig {
            timeout: cfg.timeout.min(self.budget.clock().as_wall(FIRST_TRY)),
        }
    }

    /// The quick concrete search (when `quick`): `Some` with its verdict when it found a
    /// fault or met an unsupported construct.
    fn quick_search(&self, quick: bool, quick_steps: &mut Steps) -> Option<Checked> {
        let t0 = std::time::Instant::now();
        let quick_result = if quick {
            search(self.spec, self.stmt, &QUICK_SIZES, self.gap, quick_steps)
        } else {
            Ok(None)
        };
        if self.debug {
            eprintln!(
                "{:6} ms  the quick concrete search ({} steps)",
                t0.elapsed().as_millis(),
                quick_steps.used()
            );
        }
        match quick_result {
            Ok(Some(c)) => Some(c),
            Ok(None) => None,
            Err((why, span)) => Some(Checked::unknown(format!(
                "the concrete interpreter met an unsupported construct: {why}{}",
                self.at(span)
            ))),
        }
    }

    /// Asks each obligation of `obs` in turn (neighbours together where [`group_of`] says),
    /// replaying each satisfiable one's model: `Err` with the verdict once a replay refutes
    /// (or meets an unsupported construct), else what was left open.
    fn ask_all(
        &self,
        store: &mut smt::Store,
        obs: &[Obligation],
        fields: &[(String, SymId)],
        steps: &mut Steps,
    ) -> Result<Asked, Checked> {
        let mut asked = Asked::default();
        // Obligations proved together with their neighbours ([`group_of`]).
        let mut proved = vec![false; obs.len()];
        let mut grouped_until = 0;
        for (i, o) in obs.iter().enumerate() {
            let t0 = std::time::Instant::now();
            let Some(cfg) = self.budget.cfg() else {
                asked.spent = Some((self.where_(o), obs.len() - i));
                break;
            };
            if i >= grouped_until {
                let group = group_of(store, obs, i);
                grouped_until = i + group.max(1);
                if group > 1 {
                    let both = solve_group(store, &obs[i..i + group], fields, self.short(cfg));
                    if self.debug {
                        eprintln!(
                            "{:6} ms  {group} obligations together from {}: {}",
                            t0.elapsed().as_millis(),
                            self.where_(o),
                            if both { "unsat" } else { "not unsat" }
                        );
                    }
                    proved[i..i + group].iter_mut().for_each(|p| *p = both);
                }
            }
            if proved[i] {
                continue;
            }
            let r = self.ask(store, i, o, fields, cfg, t0);
            if matches!(r, CheckResult::Unknown(_)) && self.budget.cfg().is_none() {
                // The budget ran out during this obligation's query.
                asked.spent = Some((self.where_(o), obs.len() - i));
                break;
            }
            match r {
                CheckResult::Unsat => {}
                CheckResult::Sat(model) => {
                    if let Some(c) = self.replay(store, o, &model, fields, steps) {
                        return Err(c);
                    }
                    asked
                        .open
                        .push((self.where_(o), self.not_replayed(o).into()));
                }
                CheckResult::Unknown(why) => {
                    asked.open.push((self.where_(o), format!("solver: {why}")))
                }
            }
        }
        Ok(asked)
    }

    /// Obligation `o` (the `i`th asked) within `cfg`: its query, then its fallbacks while
    /// none is unsat. Each query that has a fallback after it gets a short first try; the
    /// queries that ran out of that time are asked again with the full timeout only if no
    /// query was unsat. A model of the main query is kept over a later `unknown`.
    fn ask(
        &self,
        store: &mut smt::Store,
        i: usize,
        o: &Obligation,
        fields: &[(String, SymId)],
        cfg: smt::SolverConfig,
        t0: std::time::Instant,
    ) -> CheckResult<BTreeMap<String, i128>> {
        let first = if o.fallbacks.is_empty() {
            cfg
        } else {
            self.short(cfg)
        };
        if self.debug {
            self.debug_asking(store, i, o);
        }
        let mut r = solve(store, &o.assertions, fields, first);
        let mut retry: Vec<&[TermId]> = Vec::new();
        if matches!(r, CheckResult::Unknown(_)) && first.timeout < cfg.timeout {
            retry.push(&o.assertions);
        }
        if self.debug && !o.fallbacks.is_empty() {
            let what = match &r {
                CheckResult::Unsat => "unsat".to_string(),
                CheckResult::Sat(m) => format!("sat {m:?}"),
                CheckResult::Unknown(w) => format!("unknown {w}"),
            };
            eprintln!("{:6} ms  (first: {what})", t0.elapsed().as_millis());
        }
        for (k, fb) in o.fallbacks.iter().enumerate() {
            if matches!(r, CheckResult::Unsat) {
                break;
            }
            let t1 = std::time::Instant::now();
            let Some(cfg) = self.budget.cfg() else { break };
            let last = k + 1 == o.fallbacks.len();
            let this = if last { cfg } else { self.short(cfg) };
            let got = solve(store, fb, fields, this);
            if matches!(got, CheckResult::Unknown(_)) && this.timeout < cfg.timeout {
                retry.push(fb);
            }
            if !(matches!(got, CheckResult::Unknown(_)) && matches!(r, CheckResult::Sat(_))) {
                r = got;
            }
            if self.debug {
                eprintln!(
                    "{:6} ms  (a fallback: {})",
                    t1.elapsed().as_millis(),
                    if matches!(r, CheckResult::Unsat) {
                        "unsat"
                    } else {
                        "not unsat"
                    }
                );
            }
        }
        for q in retry {
            if matches!(r, CheckResult::Unsat) {
                break;
            }
            let Some(cfg) = self.budget.cfg() else { break };
            let got = solve(store, q, fields, cfg);
            if !(matches!(got, CheckResult::Unknown(_)) && matches!(r, CheckResult::Sat(_))) {
                r = got;
            }
            if self.debug {
                eprintln!(
                    "{:6} ms  (a retry with the full timeout)",
                    t0.elapsed().as_millis()
                );
            }
        }
        if self.debug {
            eprintln!("{:6} ms  {}", t0.elapsed().as_millis(), self.where_(o));
        }
        r
    }

    /// Debugging: the obligation asked and, with a folder named in
    /// `TENSORPROOF_HALIDE_DEBUG_SMT`, its first query as it is asked (the `--dump-smt`
    /// scripts are written only when the case ends).
    fn debug_asking(&self, store: &smt::Store, i: usize, o: &Obligation) {
        eprintln!("asking: {}", self.where_(o));
        if let Some(dir) = std::env::var_os("TENSORPROOF_HALIDE_DEBUG_SMT") {
            let path = std::path::Path::new(&dir).join(format!("{i:03}.smt2"));
            let text = format!(
                "; {}\n{}(check-sat)\n",
                self.where_(o),
                smt::to_smtlib(store, &o.assertions, &[])
            );
            let _ = std::fs::write(path, text);
        }
    }

    /// Replays `model` of satisfiable obligation `o`: a model at small sizes first (a replay
    /// at an app's size is slow), then the solver's own, each with several seeds. `Some`
    /// with the verdict when a replay faults or meets an unsupported construct.
    fn replay(
        &self,
        store: &mut smt::Store,
        o: &Obligation,
        model: &BTreeMap<String, i128>,
        fields: &[(String, SymId)],
        steps: &mut Steps,
    ) -> Option<Checked> {
        let spec = self.spec;
        if self.debug {
            eprintln!(
                "sat: {}: {model:?}\n{}",
                o.what,
                smt::to_smtlib(store, &o.assertions, &[])
            );
        }
        let small = self
            .budget
            .cfg()
            .and_then(|cfg| small_model(store, &o.assertions, fields, model, self.short(cfg)));
        // (margin, seed, whether the model's own input fields are kept).
        let mut seeds = vec![(0, 1, true), (8, 1, true)];
        if reads_floats(spec) {
            // The solver's input is often one pixel, where a filter over a window of
            // clamped neighbours sees one value: the inputs from the output's region
            // with a margin instead (their assertions are checked by the run).
            seeds.push((8, SEED_UNIT, false));
        }
        seeds.extend([(0, SEED_TYPE_MAX, true), (0, SEED_TYPE_MIN, true)]);
        let models = small.iter().chain(std::iter::once(model));
        for (m, (margin, seed, own_inputs)) in
            models.flat_map(|m| seeds.iter().map(move |x| (m, *x)))
        {
            let m = if own_inputs {
                m.clone()
            } else {
                without_input_fields(spec, m)
            };
            if let Some(s) = setting(spec, &m, margin, seed) {
                match try_setting(spec, self.stmt, &s, self.gap, steps) {
                    Ok(Some(c)) => return Some(c),
                    Ok(None) => {}
                    Err((why, span)) => {
                        return Some(Checked::unknown(format!(
                            "the replay met an unsupported construct: {why}{}",
                            self.at(span)
                        )))
                    }
                }
            }
        }
        None
    }

    /// Why satisfiable obligation `o` stays open once no replay of its model faulted.
    fn not_replayed(&self, o: &Obligation) -> &'static str {
        let spec = self.spec;
        if o.kind == WitnessKind::WrongValue
            && (spec.funcs.iter().any(|f| f.ty.is_float())
                || spec.inputs.iter().any(|i| i.ty.is_float()))
        {
            "satisfiable over the reals (floats are reals here: a difference is never a refutation without an IEEE replay)"
        } else {
            "satisfiable, but the model did not replay"
        }
    }

    /// The assumptions of a `verified` verdict: every output, the statement's assertions,
    /// no index overflow, and those the case's constructs add (floats as reals, math
    /// functions, strict floats, float-to-int conversions, discarded values, parallel loops).
    fn verified_assumptions(
        &self,
        store: &mut smt::Store,
        run: &Run,
        notes: &[crate::live::Note],
        fields: &[(String, SymId)],
    ) -> Vec<String> {
        let spec = self.spec;
        let mut assumptions = vec![
            format!("{EVERY_OUTPUT} (buffer mins and extents symbolic)"),
            format!(
                "the statement's {} assertions hold (its preconditions)",
                run.asserts.len()
            ),
            "int32 index arithmetic does not overflow (as Halide assumes)".to_string(),
        ];
        if run.skipped_asserts > 0 {
            assumptions.push(format!(
                "{} assertions on what the semantics does not model (runtime fields: types, host pointers, sizes in bytes; the contents of allocated buffers: a dynamic fold's bookkeeping) not used",
                run.skipped_asserts
            ));
        }
        if spec.funcs.iter().any(|f| f.ty.is_float()) || spec.inputs.iter().any(|i| i.ty.is_float())
        {
            assumptions.push("floats as real numbers, as Halide's simplifier treats them (it reassociates and factors float arithmetic unless strict_float), each constant its IEEE value".into());
        }
        if let Some(a) = crate::math::assumption(spec) {
            assumptions.push(a);
        }
        if crate::strict::used(spec) {
            assumptions.push(crate::strict::ASSUMPTION.into());
        }
        if crate::math::converts_float_to_int(spec) {
            assumptions.push(crate::value::FLOAT_TO_INT.into());
        }
        assumptions.extend(discarded(store, notes, fields, self.budget, self.loc));
        if run
            .loops
            .iter()
            .any(|(_, k, _)| *k == crate::stmt::LoopKind::Parallel)
        {
            assumptions.push("parallel loops are race-free as proved (distinct iterations share no cell one of them stores, except stores and reads of one point of a pure stage, which store and read the algorithm's value at that point)".into());
        }
        assumptions
    }
}

#[cfg(test)]
mod tests {
    use super::{group_of, solve_group, Obligation};
    use crate::value::WitnessKind;
    use report::Span;

    fn ob(what: &str, assertions: Vec<smt::TermId>) -> Obligation {
        Obligation {
            what: what.into(),
            kind: WitnessKind::OutOfBounds,
            assertions,
            span: Span::default(),
            free: vec![],
            fallbacks: vec![],
        }
    }

    /// Neighbouring obligations of one description are asked as one query, which is unsat
    /// only when each is: one satisfiable member leaves every member to its own query.
    #[test]
    fn obligations_asked_together_are_proved_only_if_each_is() {
        let mut st = smt::Store::new();
        let x = st.declare("x", smt::Sort::Int);
        let x = st.sym(x);
        let (zero, ten, twenty) = (st.int(0), st.int(10), st.int(20));
        let shared = vec![st.le(zero, x), st.le(x, ten)];
        let above = |st: &mut smt::Store, c: smt::TermId| {
            let mut a = shared.clone();
            a.push(st.lt(c, x));
            a
        };
        let cfg = smt::SolverConfig {
            timeout: std::time::Duration::from_secs(5),
        };
        let unsat = vec![
            ob("a read of `f` outside", above(&mut st, ten)),
            ob("a read of `f` outside", above(&mut st, twenty)),
            ob("a read of `g` outside", above(&mut st, zero)),
        ];
        assert_eq!(group_of(&st, &unsat, 0), 2);
        assert!(solve_group(&mut st, &unsat[..2], &[], cfg));
        let one_sat = vec![
            ob("a read of `f` outside", above(&mut st, ten)),
            ob("a read of `f` outside", above(&mut st, zero)),
        ];
        assert!(!solve_group(&mut st, &one_sat, &[], cfg));
    }

    #[test]
    fn unit_interval_data_is_a_low_contrast_image_of_exact_floats() {
        use crate::syntax::Type;
        let floats = super::input_data(Type::Float(32), 512, super::SEED_UNIT);
        // 96/256 = 0.375 to 160/256 = 0.625, and not one value (a window must see contrast).
        assert!(floats.iter().all(|v| (96..=160).contains(v)), "{floats:?}");
        let distinct: std::collections::BTreeSet<_> = floats.iter().collect();
        assert!(distinct.len() > 32, "{distinct:?}");
        // Integer inputs keep their pseudo-random range at this seed.
        let ints = super::input_data(Type::Int(32), 64, super::SEED_UNIT);
        assert!(ints.iter().any(|v| *v < 0) && ints.iter().any(|v| *v > 160));
        // A float element is its integer over the setting's denominator, exactly.
        let s = crate::run::Setting {
            fields: Default::default(),
            inputs: Default::default(),
            float_denominator: crate::run::UNIT_DENOMINATOR,
        };
        let want = tensor::Rat::new(3, 8).unwrap();
        assert!(matches!(
            s.element(Type::Float(32), 96),
            crate::value::Val::Float(tensor::Scalar::Real(r), _) if r == want
        ));
        assert!(matches!(
            s.element(Type::Int(32), 96),
            crate::value::Val::Int(96, _)
        ));
    }
}
