//! Solving queries: the in-process Z3 backend, and the plain values read back from a model.
//!
//! The query is printed to SMT-LIB by [`crate::to_smtlib`] and parsed by Z3 in the calling
//! thread. A query whose assertions fall into independent parts (`split.rs`) is solved part by
//! part; otherwise the text a user dumps is exactly what was solved. Z3 objects never leave this
//! module: a model is read through [`ModelReader`] inside the call and turned into plain data.

use crate::print::to_smtlib;
use crate::term::{Format, FunId, Sort, Store, SymId, TermId, MAX_DEPTH};
use std::time::{Duration, Instant};

/// A plain value read from a model.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Bool(bool),
    Int(i128),
    /// `num/den`, `den > 0`, lowest terms.
    Real(i128, i128),
    /// A float by its bit pattern (NaN canonical).
    Float(Format, u64),
    /// A bit-vector `(width, value)`.
    BitVec(u32, u64),
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(i) => write!(f, "{i}"),
            Value::Real(n, 1) => write!(f, "{n}"),
            Value::Real(n, d) => write!(f, "{n}/{d}"),
            Value::Float(fm, b) => write!(f, "{} ({})", fm.display(*b), fm.hex(*b)),
            Value::BitVec(w, b) => write!(f, "#x{b:x}[{w}]"),
        }
    }
}

/// Limits for one query.
#[derive(Clone, Copy, Debug)]
pub struct SolverConfig {
    pub timeout: Duration,
}

/// Which solver settled a query, for reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solver {
    Z3,
    Cvc5,
}

/// Checks with Z3's plain `smt` tactic for a short time; then with cvc5 when it is installed (a
/// quarter of the budget, at least a second); then with Z3's default solver for the rest. A
/// `sat` from cvc5 alone has no model here: when a model is needed it goes on to Z3, and is
/// never a refutation by itself.
pub fn check_portfolio<R: Send + Sync>(
    store: &Store,
    assertions: &[TermId],
    cfg: SolverConfig,
    on_sat: impl FnOnce(&mut dyn ModelReader) -> R + Send + Sync + Clone,
) -> (CheckResult<R>, Duration, Solver) {
    portfolio(store, assertions, cfg, true, on_sat)
}

/// [`check_portfolio`] for callers that only need the answer, not a model.
pub fn decide_portfolio(
    store: &Store,
    assertions: &[TermId],
    cfg: SolverConfig,
) -> (CheckResult<()>, Duration, Solver) {
    portfolio(store, assertions, cfg, false, |_| ())
}

/// [`check_portfolio`] whose every stage ends within the timeout (plus the few milliseconds
/// an interrupt takes). A query with a quantifier, or a nonlinear one, never goes to Z3's
/// default solver, which there heeds the watchdog's interrupt only every minute or so
/// (libz3 4.8.12, measured on Halide's apps: its quantifier tactics 9 to 90 s past timeouts
/// of 0.5 to 7 s on interpolate's sliding-window reads; nlsat more than 100 s past a 2 s
/// timeout on a value obligation of local_laplacian). Such a query gets Z3's `smt` tactic
/// (E-matching, model-based instantiation and its arithmetic, which stop when interrupted),
/// cvc5 in a process killed at its deadline with half of the budget, then the `smt` tactic
/// again with what is left. A linear quantifier-free query is asked as [`check_portfolio`]
/// asks it.
pub fn check_portfolio_bounded<R: Send + Sync>(
    store: &Store,
    assertions: &[TermId],
    cfg: SolverConfig,
    on_sat: impl FnOnce(&mut dyn ModelReader) -> R + Send + Sync + Clone,
) -> (CheckResult<R>, Duration, Solver) {
    let quantified = assertions.iter().any(|a| store.has_quantifier(*a));
    if !quantified && !is_nonlinear(store, assertions) {
        return portfolio(store, assertions, cfg, true, on_sat);
    }
    check_interruptible(store, assertions, cfg, on_sat)
}

/// The stages of [`check_portfolio_bounded`]'s quantified and nonlinear queries for every
/// query: Z3's `smt` tactic, cvc5 in a process killed at its deadline, the `smt` tactic again;
/// never Z3's default solver, which may run tens of seconds past its timeout (measured on
/// `mlirsem`'s reassociated sums: 20 s past a 2 s timeout on a linear query). For a caller
/// whose time is worth more than the last stage's answers.
pub fn check_portfolio_interruptible<R: Send + Sync>(
    store: &Store,
    assertions: &[TermId],
    cfg: SolverConfig,
    on_sat: impl FnOnce(&mut dyn ModelReader) -> R + Send + Sync + Clone,
) -> (CheckResult<R>, Duration, Solver) {
    check_interruptible(store, assertions, cfg, on_sat)
}

fn check_interruptible<R: Send + Sync>(
    store: &Store,
    assertions: &[TermId],
    cfg: SolverConfig,
    on_sat: impl FnOnce(&mut dyn ModelReader) -> R + Send + Sync + Clone,
) -> (CheckResult<R>, Duration, Solver) {
    let start = Instant::now();
    if let Some(why) = too_deep(store, assertions) {
        return (CheckResult::Unknown(why), start.elapsed(), Solver::Z3);
    }
    // Z3's `smt` tactic (the portfolio's quick stage), which an interrupt stops.
    let z3_smt = |timeout: Duration, on_sat| {
        check_split(
            store,
            assertions,
            SolverConfig { timeout },
            true,
            Stages::Quick,
            on_sat,
        )
        .0
    };
    let r = z3_smt(cfg.timeout.min(QUICK_BUDGET), on_sat.clone());
    let CheckResult::Unknown(z3_why) = r else {
        return (r, start.elapsed(), Solver::Z3);
    };
    let left = cfg.timeout.saturating_sub(start.elapsed());
    let ans = ask_cvc5(store, assertions, (cfg.timeout / 2).min(left));
    let why = match ans {
        crate::process::ProcessAnswer::Unsat => {
            return (CheckResult::Unsat, start.elapsed(), Solver::Cvc5)
        }
        crate::process::ProcessAnswer::Sat => {
            format!("{z3_why}; cvc5 says satisfiable but gives no model")
        }
        crate::process::ProcessAnswer::Unknown(w) => format!("{z3_why}; {w}"),
        crate::process::ProcessAnswer::Missing => {
            format!("{z3_why}; cvc5 is not installed (apt-get install cvc5)")
        }
    };
    let left = cfg.timeout.saturating_sub(start.elapsed());
    if left.is_zero() {
        return (CheckResult::Unknown(why), start.elapsed(), Solver::Z3);
    }
    match z3_smt(left, on_sat) {
        CheckResult::Unknown(w) => (
            CheckResult::Unknown(format!("{why}; {w}")),
            start.elapsed(),
            Solver::Z3,
        ),
        other => (other, start.elapsed(), Solver::Z3),
    }
}

fn portfolio<R: Send + Sync>(
    store: &Store,
    assertions: &[TermId],
    cfg: SolverConfig,
    need_model: bool,
    on_sat: impl FnOnce(&mut dyn ModelReader) -> R + Send + Sync + Clone,
) -> (CheckResult<R>, Duration, Solver) {
    let start = Instant::now();
    if let Some(why) = too_deep(store, assertions) {
        return (CheckResult::Unknown(why), start.elapsed(), Solver::Z3);
    }
    // 1. Z3's plain `smt` tactic on a short leash: most queries end here.
    let quick = cfg.timeout.min(quick_budget(store, assertions));
    let (r, _) = check_split(
        store,
        assertions,
        SolverConfig { timeout: quick },
        need_model,
        Stages::Quick,
        on_sat.clone(),
    );
    let CheckResult::Unknown(mut z3_why) = r else {
        return (r, start.elapsed(), Solver::Z3);
    };
    // 1b. Nonlinear real arithmetic: Z3's default solver (nlsat) is the better bet; cvc5 1.0.3
    // often times out there.
    if nonlinear_reals(store, assertions) {
        let left = cfg.timeout.saturating_sub(start.elapsed());
        let budget = (cfg.timeout / 4).max(Duration::from_secs(1)).min(left);
        let (r, _) = check_split(
            store,
            assertions,
            SolverConfig { timeout: budget },
            need_model,
            Stages::Default,
            on_sat.clone(),
        );
        match r {
            CheckResult::Unknown(w) => z3_why = w,
            other => return (other, start.elapsed(), Solver::Z3),
        }
    }
    // 2. cvc5 (a process) with a quarter of the budget: on the nonlinear integer queries that
    // survive the simplifier it is often an order of magnitude faster than Z3 4.8.12. Its `sat`
    // settles a query that needs no model.
    let left = cfg.timeout.saturating_sub(start.elapsed());
    let budget = (cfg.timeout / 4).max(Duration::from_millis(250)).min(left);
    let ans = ask_cvc5(store, assertions, budget);
    let mut why = z3_why;
    match ans {
        crate::process::ProcessAnswer::Unsat => {
            return (CheckResult::Unsat, start.elapsed(), Solver::Cvc5)
        }
        crate::process::ProcessAnswer::Sat if !need_model => {
            return (
                CheckResult::Sat(on_sat(&mut NoModel)),
                start.elapsed(),
                Solver::Cvc5,
            )
        }
        crate::process::ProcessAnswer::Sat => {
            why = format!("{why}; cvc5 says satisfiable but gives no model")
        }
        crate::process::ProcessAnswer::Unknown(w) => why = format!("{why}; {w}"),
        crate::process::ProcessAnswer::Missing => {
            why = format!("{why}; cvc5 is not installed (apt-get install cvc5)")
        }
    }
    // 3. Z3's default solver with what is left.
    let left = cfg.timeout.saturating_sub(start.elapsed());
    if left.is_zero() {
        return (CheckResult::Unknown(why), start.elapsed(), Solver::Z3);
    }
    let (r, _) = check_split(
        store,
        assertions,
        SolverConfig { timeout: left },
        need_model,
        Stages::Default,
        on_sat,
    );
    match r {
        CheckResult::Unknown(w) => (
            CheckResult::Unknown(format!("{why}; {w}")),
            start.elapsed(),
            Solver::Z3,
        ),
        other => (other, start.elapsed(), Solver::Z3),
    }
}

/// Whether the query multiplies or divides reals by a non-literal (nonlinear real arithmetic).
fn nonlinear_reals(store: &Store, assertions: &[TermId]) -> bool {
    use crate::term::Node;
    let mut seen = std::collections::HashSet::new();
    let mut todo: Vec<TermId> = assertions.to_vec();
    while let Some(t) = todo.pop() {
        if !seen.insert(t) {
            continue;
        }
        let real = store.sort(t) == Sort::Real;
        match store.node(t) {
            Node::Mul(xs) if real && xs.iter().filter(|x| !is_literal(store, **x)).count() > 1 => {
                return true
            }
            Node::RealDiv(_, d) if !is_literal(store, *d) => return true,
            _ => {}
        }
        todo.extend(store.children(t));
    }
    false
}

/// What a check found. `Sat` carries what the caller's model reader returned.
#[derive(Debug)]
pub enum CheckResult<R> {
    Unsat,
    Sat(R),
    Unknown(String),
}

/// Reads values out of a satisfying assignment.
pub trait ModelReader {
    /// The value of a constant; `None` if the solver could not produce one.
    fn sym(&mut self, s: SymId) -> Option<Value>;
    /// The value of an uninterpreted function at plain arguments.
    fn app(&mut self, f: FunId, args: &[Value]) -> Option<Value>;
}

/// Checks the conjunction of `assertions` with Z3, in this thread; on `sat`, `on_sat` reads
/// the model.
pub fn check_z3<R: Send + Sync>(
    store: &Store,
    assertions: &[TermId],
    cfg: SolverConfig,
    on_sat: impl FnOnce(&mut dyn ModelReader) -> R + Send + Sync,
) -> (CheckResult<R>, Duration) {
    check_split(store, assertions, cfg, true, Stages::Both, on_sat)
}

/// [`check_z3`] for callers that only need the answer, not a model (cheaper when the query
/// falls into independent parts that are all satisfiable).
pub fn decide_z3(
    store: &Store,
    assertions: &[TermId],
    cfg: SolverConfig,
) -> (CheckResult<()>, Duration) {
    check_split(store, assertions, cfg, false, Stages::Both, |_| ())
}

/// A model reader for answers without a model: it knows no value.
struct NoModel;

impl ModelReader for NoModel {
    fn sym(&mut self, _: SymId) -> Option<Value> {
        None
    }
    fn app(&mut self, _: FunId, _: &[Value]) -> Option<Value> {
        None
    }
}

/// The reason a query is not given to a solver: a term deeper than [`MAX_DEPTH`] (our walks
/// and the solver's own recursion are sized for that depth), or more than [`MAX_NODES`]
/// distinct terms (libz3 4.8.12 parses such a text for longer than any timeout: 40,000
/// `let`s took 16 s under a 5 s timeout; the largest query of the mlir-tv suite has ~10,000).
fn too_deep(store: &Store, assertions: &[TermId]) -> Option<String> {
    let depth = assertions
        .iter()
        .map(|a| store.depth(*a))
        .max()
        .unwrap_or(0);
    if depth > MAX_DEPTH {
        return Some(format!(
            "query too deep: a term of depth {depth} (the limit is {MAX_DEPTH})"
        ));
    }
    let mut seen = std::collections::HashSet::new();
    let mut stack = assertions.to_vec();
    while let Some(t) = stack.pop() {
        if seen.insert(t) {
            if seen.len() > MAX_NODES {
                return Some(format!(
                    "query too large: more than {MAX_NODES} distinct terms"
                ));
            }
            stack.extend(store.children(t));
        }
    }
    None
}

/// Most distinct terms in a query given to a solver (see [`too_deep`]).
pub const MAX_NODES: usize = 200_000;

fn check_split<R: Send + Sync>(
    store: &Store,
    assertions: &[TermId],
    cfg: SolverConfig,
    need_model: bool,
    stages: Stages,
    on_sat: impl FnOnce(&mut dyn ModelReader) -> R + Send + Sync,
) -> (CheckResult<R>, Duration) {
    let start = Instant::now();
    // A conjunct the simplifier already decided false settles the query without a solver.
    if assertions.iter().any(|a| store.as_bool(*a) == Some(false)) {
        return (CheckResult::Unsat, start.elapsed());
    }
    if let Some(why) = too_deep(store, assertions) {
        return (CheckResult::Unknown(why), start.elapsed());
    }
    // Independent parts first: one unsat part settles the query. When every part is sat the
    // whole query is asked again below, for a model of the original symbols.
    if let Some(split) = crate::split::split(store, assertions) {
        let mut parts = split.parts;
        parts.sort_by_key(|p| p.iter().map(|t| split.store.dag_size(*t)).sum::<usize>());
        let mut unknown = None;
        for part in parts {
            let left = cfg.timeout.saturating_sub(start.elapsed());
            if left.is_zero() {
                unknown.get_or_insert(format!(
                    "solver timeout after {} ms",
                    cfg.timeout.as_millis()
                ));
                break;
            }
            let (r, _) = check_whole(
                &split.store,
                &part,
                SolverConfig { timeout: left },
                stages,
                |_| (),
            );
            match r {
                CheckResult::Unsat => return (CheckResult::Unsat, start.elapsed()),
                CheckResult::Sat(()) => {}
                CheckResult::Unknown(why) => {
                    unknown.get_or_insert(why);
                }
            }
        }
        if let Some(why) = unknown {
            return (CheckResult::Unknown(why), start.elapsed());
        }
        if !need_model {
            return (CheckResult::Sat(on_sat(&mut NoModel)), start.elapsed());
        }
        let left = cfg.timeout.saturating_sub(start.elapsed());
        let left = left.max(Duration::from_millis(200));
        let (r, _) = check_whole(
            store,
            assertions,
            SolverConfig { timeout: left },
            stages,
            on_sat,
        );
        return (r, start.elapsed());
    }
    check_whole(store, assertions, cfg, stages, on_sat)
}

/// [`check_z3`] without splitting.
fn check_whole<R: Send + Sync>(
    store: &Store,
    assertions: &[TermId],
    cfg: SolverConfig,
    stages: Stages,
    on_sat: impl FnOnce(&mut dyn ModelReader) -> R + Send + Sync,
) -> (CheckResult<R>, Duration) {
    let text = to_smtlib(store, assertions, &[]);
    let start = Instant::now();
    let mut on_sat = Some(on_sat);
    // Z3's plain `smt` tactic answers easy queries in a fraction of a millisecond, where the
    // default solver spends ~5 ms choosing and running its preprocessing tactics; hard queries
    // (nonlinear integer arithmetic above all) need those tactics. So: the plain tactic on a
    // short leash, then the default solver with what is left of the budget.
    if stages != Stages::Default {
        // Small values first: a model found by exact evaluation costs well under a millisecond.
        if let Some(mut g) = crate::guess::guess(store, assertions) {
            return (
                CheckResult::Sat((on_sat.take().unwrap())(&mut g)),
                start.elapsed(),
            );
        }
        let quick = if stages == Stages::Quick {
            cfg.timeout
        } else {
            cfg.timeout.min(quick_budget(store, assertions))
        };
        // A fresh context per query: the answer (and the model) depends only on the query
        // text, not on what this thread solved before.
        let (r, _) = z3::with_z3_config(&z3::Config::new(), || {
            check_in_context(store, &text, quick, Engine::Quick, |m| {
                (on_sat.take().unwrap())(m)
            })
        });
        let left = cfg.timeout.saturating_sub(start.elapsed());
        match r {
            CheckResult::Unknown(_) if !left.is_zero() && stages == Stages::Both => {}
            other => return (other, start.elapsed()),
        }
    }
    let left = cfg.timeout.saturating_sub(start.elapsed());
    let (r, _) = z3::with_z3_config(&z3::Config::new(), || {
        check_in_context(store, &text, left, Engine::Default, |m| {
            (on_sat.take().unwrap())(m)
        })
    });
    (r, start.elapsed())
}

/// Which Z3 solvers a check runs, in order.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stages {
    Quick,
    Default,
    Both,
}

/// How long the plain `smt` tactic may try before the default solver takes over.
const QUICK_BUDGET: Duration = Duration::from_millis(100);
/// The same for nonlinear queries, where the plain tactic rarely succeeds late.
const QUICK_BUDGET_NONLINEAR: Duration = Duration::from_millis(30);

/// The plain tactic's budget: shorter when the query multiplies or divides by a non-literal.
fn quick_budget(store: &Store, assertions: &[TermId]) -> Duration {
    if is_nonlinear(store, assertions) {
        QUICK_BUDGET_NONLINEAR
    } else {
        QUICK_BUDGET
    }
}

/// cvc5 on the query, unless it has a float format cvc5 1.0.3 does not read: outside its
/// experimental `--fp-exp` solver (which warns of known issues, so its answers are not
/// taken) it reads only Float32 and Float64 and rejects the query as an error (bf16's 8/8,
/// measured). Such a query is not sent; the other stages decide it.
fn ask_cvc5(store: &Store, assertions: &[TermId], budget: Duration) -> crate::ProcessAnswer {
    if let Some(fm) = format_cvc5_lacks(store, assertions) {
        return crate::ProcessAnswer::Unknown(format!(
            "cvc5 not asked: it reads {} floats only in its experimental --fp-exp mode",
            fm.name()
        ));
    }
    let text = to_smtlib(store, assertions, &[]);
    crate::process::check_cvc5(&text, budget).0
}

/// A float format other than f32 and f64 among the sorts of the query's terms.
fn format_cvc5_lacks(store: &Store, assertions: &[TermId]) -> Option<crate::Format> {
    let mut seen = std::collections::HashSet::new();
    let mut todo: Vec<TermId> = assertions.to_vec();
    while let Some(t) = todo.pop() {
        if !seen.insert(t) {
            continue;
        }
        if let Sort::Float(fm) = store.sort(t) {
            if fm != crate::Format::F32 && fm != crate::Format::F64 {
                return Some(fm);
            }
        }
        todo.extend(store.children(t));
    }
    None
}

fn is_nonlinear(store: &Store, assertions: &[TermId]) -> bool {
    use crate::term::Node;
    let mut seen = std::collections::HashSet::new();
    let mut todo: Vec<TermId> = assertions.to_vec();
    while let Some(t) = todo.pop() {
        if !seen.insert(t) {
            continue;
        }
        match store.node(t) {
            Node::Mul(xs) if xs.iter().filter(|x| !is_literal(store, **x)).count() > 1 => {
                return true
            }
            Node::IntDiv(_, d) | Node::IntMod(_, d) | Node::RealDiv(_, d)
                if !is_literal(store, *d) =>
            {
                return true
            }
            _ => {}
        }
        todo.extend(store.children(t));
    }
    false
}

fn is_literal(store: &Store, t: TermId) -> bool {
    use crate::term::Node;
    matches!(store.node(t), Node::Int(_) | Node::Real(..))
}

/// Which Z3 solver a check runs.
#[derive(Clone, Copy, Debug)]
enum Engine {
    /// The `smt` tactic alone: no preprocessing, cheap to set up.
    Quick,
    /// `Z3_mk_solver`: the logic-dependent preprocessing of the default solver.
    Default,
}

/// How long a Z3 query may run on after its interrupt before it counts as stuck: an
/// interrupted query normally returns within milliseconds, but libz3 4.8.12 can spin on in
/// nonlinear arithmetic (FlagGems' `celoss_*_bwd` kernels, session 27).
pub const STUCK_GRACE: Duration = Duration::from_secs(10);

/// What to do when a query is stuck (set once by a worker process, which ends itself so that
/// its pool restarts it); unset, the query is waited for.
static ON_STUCK: std::sync::OnceLock<fn()> = std::sync::OnceLock::new();

/// Sets what a stuck query does (see [`STUCK_GRACE`]); the first call wins. The function runs
/// on the watchdog's thread while the query's thread still spins, so it should end the process.
pub fn on_stuck_query(f: fn()) {
    let _ = ON_STUCK.set(f);
}

/// For debugging a query that does not end: with `TENSORPROOF_SMT_DUMP=DIR`, each query given
/// to Z3 is written, before it is checked, to `DIR/z3-PID-N-ENGINE.smt2` (best effort).
fn dump_query(text: &str, engine: Engine) {
    static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let Some(dir) = std::env::var_os("TENSORPROOF_SMT_DUMP") else {
        return;
    };
    let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = format!("z3-{}-{n}-{engine:?}.smt2", std::process::id());
    let _ = std::fs::write(std::path::Path::new(&dir).join(name), text);
}

fn check_in_context<R>(
    store: &Store,
    text: &str,
    timeout: Duration,
    engine: Engine,
    on_sat: impl FnOnce(&mut dyn ModelReader) -> R,
) -> (CheckResult<R>, Duration) {
    let cfg = SolverConfig { timeout };
    let start = Instant::now();
    let solver = match engine {
        Engine::Quick => z3::Tactic::new("smt").solver(),
        Engine::Default => z3::Solver::new(),
    };
    let ms = cfg.timeout.as_millis().clamp(1, u32::MAX as u128) as u32;
    dump_query(text, engine);
    solver.from_string(text.to_string());
    // The time limit is our own watchdog calling Z3_interrupt, not Z3's `timeout` parameter:
    // libz3 4.8.12's scoped_timer can deadlock when timers of several threads expire
    // (Z3Prover/z3 PR #5371).
    let ctx = z3::Context::thread_local();
    let handle = ctx.handle();
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let fired = std::sync::atomic::AtomicBool::new(false);
    let res = std::thread::scope(|s| {
        let fired = &fired;
        let handle = &handle;
        s.spawn(move || {
            use std::sync::mpsc::RecvTimeoutError::Timeout;
            if let Err(Timeout) = wait.recv_timeout(cfg.timeout) {
                fired.store(true, std::sync::atomic::Ordering::SeqCst);
                handle.interrupt();
                if let (Err(Timeout), Some(stuck)) =
                    (wait.recv_timeout(STUCK_GRACE), ON_STUCK.get())
                {
                    stuck();
                }
            }
        });
        let r = solver.check();
        drop(done);
        r
    });
    let elapsed = start.elapsed();
    let out = match res {
        z3::SatResult::Unsat => CheckResult::Unsat,
        z3::SatResult::Unknown => {
            let why = solver
                .get_reason_unknown()
                .unwrap_or_else(|| "unknown".into());
            let timed_out = fired.load(std::sync::atomic::Ordering::SeqCst);
            let why = if timed_out || why.contains("timeout") || why.contains("canceled") {
                format!("solver timeout after {} ms", ms)
            } else {
                format!("solver returned unknown ({why})")
            };
            CheckResult::Unknown(why)
        }
        z3::SatResult::Sat => match solver.get_model() {
            Some(model) => {
                let mut reader = Z3Reader {
                    store,
                    model,
                    decls: Default::default(),
                };
                CheckResult::Sat(on_sat(&mut reader))
            }
            None => CheckResult::Unknown("solver said sat but gave no model".into()),
        },
    };
    (out, elapsed)
}

struct Z3Reader<'a> {
    store: &'a Store,
    model: z3::Model,
    /// Declarations of the functions read so far (a model of a large tensor reads one
    /// function at many points; making its declaration once per point dominated the time).
    decls: std::collections::HashMap<FunId, z3::FuncDecl>,
}

fn z3_sort(s: Sort) -> z3::Sort {
    match s {
        Sort::Bool => z3::Sort::bool(),
        Sort::Int => z3::Sort::int(),
        Sort::Real => z3::Sort::real(),
        Sort::BitVec(w) => z3::Sort::bitvector(w),
        Sort::Float(f) => z3::Sort::float(f.ebits, f.sbits),
    }
}

fn read_dynamic(d: &z3::ast::Dynamic, sort: Sort) -> Option<Value> {
    match sort {
        Sort::Bool => d.as_bool()?.as_bool().map(Value::Bool),
        Sort::Int => d.as_int()?.as_i128().map(Value::Int),
        Sort::Real => {
            let r = d.as_real()?;
            let (n, dd) = r.as_rational()?;
            Some(Value::Real(n as i128, dd as i128))
        }
        Sort::BitVec(w) => Some(Value::BitVec(w, d.as_bv()?.as_u64()?)),
        Sort::Float(f) => {
            use z3::ast::Ast;
            let x = d.as_float()?;
            // NaN's IEEE bits are not unique: Z3 picks one; the model's value is NaN.
            if x.is_nan().simplify().as_bool() == Some(true) {
                return Some(Value::Float(f, f.nan()));
            }
            let bits = x.to_ieee_bv().simplify().as_u64()?;
            Some(Value::Float(f, f.canon(bits)))
        }
    }
}

fn to_dynamic(v: &Value) -> z3::ast::Dynamic {
    match v {
        Value::Bool(b) => z3::ast::Dynamic::from_ast(&z3::ast::Bool::from_bool(*b)),
        Value::Int(i) => z3::ast::Dynamic::from_ast(&z3::ast::Int::from_i128(*i)),
        Value::Real(n, d) => z3::ast::Dynamic::from_ast(
            &z3::ast::Real::from_rational_str(&n.to_string(), &d.to_string())
                .expect("real literal"),
        ),
        Value::BitVec(w, b) => z3::ast::Dynamic::from_ast(&z3::ast::BV::from_u64(*b, *w)),
        Value::Float(f, b) => {
            // Every value of a format up to binary64 is an f64: converting it is exact.
            let x = z3::ast::Float::from_f64(f.to_f64(*b));
            let rne = z3::ast::RoundingMode::round_nearest_ties_to_even();
            let sort = z3::Sort::float(f.ebits, f.sbits);
            z3::ast::Dynamic::from_ast(&x.to_fp_with_rounding_mode(&rne, &sort))
        }
    }
}

impl ModelReader for Z3Reader<'_> {
    fn sym(&mut self, s: SymId) -> Option<Value> {
        let sort = self.store.sym_sort(s);
        let decl = z3::FuncDecl::new(self.store.sym_name(s), &[], &z3_sort(sort));
        let term = decl.apply(&[]);
        let v = self.model.eval(&term, true)?;
        read_dynamic(&v, sort)
    }

    fn app(&mut self, f: FunId, args: &[Value]) -> Option<Value> {
        let store = self.store;
        let (arg_sorts, ret) = store.fun_signature(f);
        let decl = self.decls.entry(f).or_insert_with(|| {
            let sorts: Vec<z3::Sort> = arg_sorts.iter().map(|s| z3_sort(*s)).collect();
            let sort_refs: Vec<&z3::Sort> = sorts.iter().collect();
            z3::FuncDecl::new(store.fun_name(f), &sort_refs, &z3_sort(ret))
        });
        let dyn_args: Vec<z3::ast::Dynamic> = args.iter().map(to_dynamic).collect();
        let arg_refs: Vec<&dyn z3::ast::Ast> =
            dyn_args.iter().map(|a| a as &dyn z3::ast::Ast).collect();
        let term = decl.apply(&arg_refs);
        let v = self.model.eval(&term, true)?;
        read_dynamic(&v, ret)
    }
}
