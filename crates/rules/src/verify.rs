//! Checking one rule: rank-bound inference, the rank instances, the proof obligations of each,
//! and the verdict. The trust contract lives here:
//!
//! - `verified` only when, for every element type and every rank instance up to the inferred
//!   bounds, every obligation came back unsat;
//! - `refuted` only with a model that the concrete interpreter replayed (`replay.rs`);
//! - `vacuous` when the precondition and the left side's validity are unsatisfiable in every
//!   instance;
//! - everything else is `unknown`, with the reason.
//!
//! Obligations per instance (P: preconditions and assumptions, V: validity, i: a symbolic
//! output index):
//! 1. shapes: `P ∧ V_L ⇒ V_R ∧ shape_L = shape_R`;
//! 2. values: `P ∧ V_L ∧ V_R ∧ shapes equal ∧ i in range ⇒ lhs[i] = rhs[i]`; when an element is
//!    a reduction this is replaced by the bijection obligations of [`bijection`].

use crate::ast::{Rule, TypeRef};
use crate::lower::{self, class_of_axis, eval_cond, Instance, Lowered, MapValues, Scope};
use crate::replay::{self, Replay};
use crate::symbolic::{sort_of, Red, Sym, SymVal};
use report::{Diagnostic, Verdict};
use smt::{decide_portfolio, CheckResult, Node, SolverConfig, Sort, Store, SymId, TermId};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::time::Duration;
use tensor::{Domain, ElemType, Eval, Op};

/// Limits and switches for checking rules.
#[derive(Clone, Debug)]
pub struct Options {
    /// Per solver query.
    pub timeout: Duration,
    /// The most rank instances one rule may need before it is reported unknown.
    pub max_instances: usize,
    /// Keep the SMT-LIB text of every query.
    pub collect_smt: bool,
    /// Check float element types with subnormals flushed to zero (XLA:CPU's FTZ/DAZ), as if
    /// each were written `f32 (ftz)`.
    pub ftz: bool,
    /// Check the element type `real` of every rule at this type instead (the catalogue over
    /// reals run in IEEE 754: `Some(f32)`); other types are checked as declared.
    pub real_as: Option<ElemType>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            timeout: Duration::from_secs(10),
            max_instances: 512,
            collect_smt: false,
            ftz: false,
            real_as: None,
        }
    }
}

/// The float element type named `f16`, `bf16`, `f32` or `f64` (for [`Options::real_as`]).
pub fn float_type_named(name: &str) -> Option<ElemType> {
    let format = match name {
        "f16" => tensor::Format::F16,
        "bf16" => tensor::Format::BF16,
        "f32" => tensor::Format::F32,
        "f64" => tensor::Format::F64,
        _ => return None,
    };
    Some(ElemType::float(format, false))
}

/// The result of checking one rule.
#[derive(Debug)]
pub struct RuleResult {
    pub verdict: Verdict,
    pub details: Vec<(String, String)>,
    /// `(query name, SMT-LIB text)` when [`Options::collect_smt`] is set.
    pub smt: Vec<(String, String)>,
}

/// The symbolic form of one instance.
pub(crate) struct Problem {
    pub sym: Sym,
    pub lowered: Lowered<TermId>,
    pub maps: Vec<(String, usize, SymId)>,
    pub scalars: Vec<(String, ElemType, SymId)>,
    pub index: Vec<(String, SymId)>,
    pub pre: TermId,
    pub vl: TermId,
    pub vr: TermId,
    pub shape_eq: TermId,
    pub in_range: TermId,
    pub value: ValueGoal,
    /// Aggregated axis of each symbol that belongs to one (for the bound inference).
    pub sym_class: HashMap<SymId, String>,
    /// Which reductions were matched how, for the assumptions.
    pub bijection_note: Option<String>,
    /// The terms of each value obligation the bound inference analyses: both sides' elements,
    /// or for reductions each of the two bijection obligations.
    pub bound_roots: Vec<Vec<TermId>>,
    /// For reductions: both sides' index domains (in their own index variables), premises of
    /// the bound inference.
    pub summand_domain: Vec<TermId>,
    /// The preconditions that survive restricting an instance to fewer axes (`where` conditions
    /// without an existential quantifier over axes, the assumptions' validity): the only
    /// preconditions the bound inference may use as premises.
    pub pre_safe: TermId,
    /// `where` conditions with an existential quantifier over axes: conditions the bound counts.
    pub pre_existential: Vec<TermId>,
    /// Each assumption's body at its own position `q` (`q in range ⇒ holds(q)`).
    pub assume_bodies: Vec<TermId>,
}

pub(crate) enum ValueGoal {
    /// The element equality.
    Eq(TermId),
    /// Negated bijection obligations: forward and backward.
    Bijection {
        fwd: TermId,
        bwd: TermId,
    },
    Unsupported(String),
}

/// The stack of a checking thread: 8 MiB, what the nesting bound of the parser
/// ([`crate::parser::MAX_DEPTH`]) is measured against.
const CHECK_STACK: usize = 8 << 20;

/// [`check_rule`] on a thread of its own, with a wall-clock backstop: if the check has not ended
/// after `budget` (a solver stuck despite its interrupt), the verdict is `unknown` and the thread
/// is left behind. The per-query timeouts normally end every check long before.
pub fn check_rule_bounded(rule: &Rule, opts: &Options, budget: Duration) -> RuleResult {
    let (tx, rx) = std::sync::mpsc::channel();
    let (rule_span, rule, o) = (rule.span, rule.clone(), opts.clone());
    let spawned = std::thread::Builder::new()
        .name("check-rule".into())
        .stack_size(CHECK_STACK)
        .spawn(move || {
            // A panic is a bug of ours, reported as an error verdict with its message rather than
            // as a thread that never answered.
            let r =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check_rule(&rule, &o)))
                    .unwrap_or_else(|payload| {
                        let msg = payload
                            .downcast_ref::<String>()
                            .cloned()
                            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                            .unwrap_or_else(|| "a panic without a message".into());
                        error(vec![Diagnostic {
                            span: rule.span,
                            message: format!("internal error: the checker panicked: {msg}"),
                        }])
                    });
            let _ = tx.send(r);
        });
    if spawned.is_err() {
        return RuleResult {
            verdict: Verdict::Unknown {
                reason: "could not start a checking thread".into(),
            },
            details: vec![],
            smt: vec![],
        };
    }
    match rx.recv_timeout(budget) {
        Ok(r) => r,
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => error(vec![Diagnostic {
            span: rule_span,
            message: "internal error: the checking thread ended without a verdict".into(),
        }]),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => RuleResult {
            verdict: Verdict::Unknown {
                reason: format!("the check did not end within its budget of {} s (a solver did not stop when interrupted)", budget.as_secs_f64()),
            },
            details: vec![],
            smt: vec![],
        },
    }
}

/// Checks every element type and instance of `rule`.
pub fn check_rule(rule: &Rule, opts: &Options) -> RuleResult {
    let scope = match lower::resolve(rule) {
        Ok(s) => s,
        Err(diagnostics) => return error(diagnostics),
    };
    if let Err(d) = check_hints(rule, &scope) {
        return error(vec![d]);
    }
    let mut details = Vec::new();
    let mut smt_texts = Vec::new();
    let mut assumptions: BTreeSet<String> = BTreeSet::new();
    let mut any_nonvacuous = false;
    let mut unknown: Option<String> = None;
    // Bound-inference answers by query text: the element types of one rule mostly ask the same
    // index-arithmetic questions.
    let mut bound_cache: HashMap<String, bool> = HashMap::new();
    for (ty, _) in &rule.types {
        let ty = match (ty, opts.real_as) {
            (ElemType::Real, Some(t)) => t,
            _ => *ty,
        };
        let ty = &match ty.as_float() {
            Some(f) if opts.ftz => ElemType::float(f.format, true),
            _ => ty,
        };
        let r = check_type(rule, &scope, *ty, opts, &mut smt_texts, &mut bound_cache);
        details.extend(r.details);
        match r.outcome {
            TypeOutcome::Error(d) => {
                return RuleResult {
                    verdict: error(vec![d]).verdict,
                    details,
                    smt: smt_texts,
                }
            }
            TypeOutcome::Refuted(c) => {
                return RuleResult {
                    verdict: Verdict::Refuted { counterexample: c },
                    details,
                    smt: smt_texts,
                }
            }
            TypeOutcome::Unknown(why) => {
                if unknown.is_none() {
                    unknown = Some(format!("at type {ty}: {why}"));
                }
            }
            TypeOutcome::Verified {
                vacuous,
                assumptions: a,
            } => {
                any_nonvacuous |= !vacuous;
                assumptions.extend(a);
            }
        }
    }
    let verdict = if let Some(why) = unknown {
        Verdict::Unknown { reason: why }
    } else if !any_nonvacuous {
        Verdict::Vacuous {
            reason: "the precondition and the validity of the left side are unsatisfiable in every instance".into(),
        }
    } else {
        Verdict::Verified {
            assumptions: assumptions.into_iter().collect(),
        }
    };
    RuleResult {
        verdict,
        details,
        smt: smt_texts,
    }
}

fn error(diagnostics: Vec<Diagnostic>) -> RuleResult {
    RuleResult {
        verdict: Verdict::Error { diagnostics },
        details: vec![],
        smt: vec![],
    }
}

/// Hints must name indices that the rule names, with expressions that mention known names.
fn check_hints(rule: &Rule, _scope: &Scope) -> Result<(), Diagnostic> {
    let mut defined = HashSet::new();
    for h in &rule.hints {
        let key = (h.side_is_lhs, h.index.name.clone());
        if !defined.insert(key) {
            return Err(Diagnostic {
                span: h.index.span,
                message: format!("index `{}` defined twice by hints", h.index.name),
            });
        }
    }
    Ok(())
}

enum TypeOutcome {
    Verified {
        vacuous: bool,
        assumptions: Vec<String>,
    },
    Refuted(Box<report::Counterexample>),
    Unknown(String),
    Error(Diagnostic),
}

struct TypeResult {
    outcome: TypeOutcome,
    details: Vec<(String, String)>,
}

fn check_type(
    rule: &Rule,
    scope: &Scope,
    ty: ElemType,
    opts: &Options,
    smt_texts: &mut Vec<(String, String)>,
    bound_cache: &mut HashMap<String, bool>,
) -> TypeResult {
    if ty.as_float().is_none() {
        return check_type_smt(rule, scope, ty, opts, smt_texts, bound_cache);
    }
    // Floats: a concrete search for a qualitative difference first (NaN, infinity, zero,
    // sign): cheap, and its counterexamples do not rest on libm's last bits, as a model through
    // an uninterpreted `exp` may. Then any difference (a rounding-only rewrite differs almost
    // everywhere, and bit-blasted division and square root are slow for the solver).
    let found = |c: report::Counterexample| TypeResult {
        outcome: TypeOutcome::Refuted(Box::new(c)),
        details: vec![(
            format!("{ty} search"),
            "found by the concrete search".into(),
        )],
    };
    if let Some(c) = float_search_qualitative(rule, ty, FLOAT_SEARCH_TRIALS / 4) {
        return found(c);
    }
    let any = at_type(rule, ty).and_then(|r| {
        crate::random::random_search(&r, FLOAT_SEARCH_TRIALS / 4, FLOAT_SEED)
            .ok()?
            .counterexample
    });
    match any {
        // A difference in libm's last bits: the solver's facts decide whether every faithful
        // implementation shows one; it is the answer only when the solver gives none (a short
        // budget, then this replayed counterexample, which names libm).
        Some(c) if c.instance.contains("libm") => {
            let short = Options {
                timeout: opts.timeout.min(FLOAT_LIBM_TIMEOUT),
                ..opts.clone()
            };
            let r = check_type_smt(rule, scope, ty, &short, smt_texts, bound_cache);
            match r.outcome {
                TypeOutcome::Unknown(why) => {
                    let mut out = found(c);
                    out.details.push((format!("{ty} solver"), why));
                    out
                }
                _ => r,
            }
        }
        Some(c) => found(c),
        None => check_type_smt(rule, scope, ty, opts, smt_texts, bound_cache),
    }
}

/// The solver's budget per query when a libm-dependent counterexample is already at hand.
const FLOAT_LIBM_TIMEOUT: Duration = Duration::from_secs(2);

fn check_type_smt(
    rule: &Rule,
    scope: &Scope,
    ty: ElemType,
    opts: &Options,
    smt_texts: &mut Vec<(String, String)>,
    bound_cache: &mut HashMap<String, bool>,
) -> TypeResult {
    let mut details = Vec::new();
    // The base instance: every aggregated axis at rank 1 (or its fixed rank).
    let base = Instance {
        ty,
        ranks: base_ranks(scope),
    };
    let mut problem = match build_problem(rule, scope, &base) {
        Ok(p) => p,
        Err(d) => {
            return TypeResult {
                outcome: TypeOutcome::Error(d),
                details,
            }
        }
    };
    let mut bound_queries = Vec::new();
    let Bounds {
        ranks: bounds,
        uncovered,
    } = infer_bounds(
        rule,
        &mut problem,
        scope,
        SolverConfig {
            timeout: opts.timeout.min(Duration::from_secs(2)),
        },
        opts.collect_smt.then_some(&mut bound_queries),
        bound_cache,
    );
    for (k, text) in bound_queries.into_iter().enumerate() {
        smt_texts.push((format!("{ty}-bound-{k:03}"), text));
    }
    let bound_text: Vec<String> = bounds
        .iter()
        .map(|(c, (lo, hi))| format!("{c}: {lo}..={hi}"))
        .collect();
    details.push((format!("{ty} ranks"), bound_text.join(", ")));
    let Some(mut instances) = rank_instances(&bounds, opts.max_instances) else {
        return TypeResult {
            outcome: TypeOutcome::Unknown(format!(
                "the rank bounds ({}) need more than {} instances",
                bound_text.join(", "),
                opts.max_instances
            )),
            details,
        };
    };
    let guards = guard_instances(scope, &bounds, &instances);
    if !guards.is_empty() {
        let g: Vec<String> = guards
            .iter()
            .map(|r| {
                r.iter()
                    .map(|(c, k)| format!("{c} = {k}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .collect();
        details.push((format!("{ty} guard instances"), g.join("; ")));
    }
    let first_guard = instances.len();
    instances.extend(guards);
    details.push((format!("{ty} instances"), instances.len().to_string()));
    let mut run = InstanceRun {
        rule,
        scope,
        ty,
        cfg: SolverConfig {
            timeout: opts.timeout,
        },
        collect_smt: opts.collect_smt,
        smt_texts,
        queries: 0,
        used_cvc5: false,
        nonvacuous: false,
        assumptions: BTreeSet::from([type_reading(ty, &bound_text)]),
        open: None,
    };
    if !bounds.is_empty() {
        run.assumptions.insert("every rank up to the inferred bound checked, and one rank beyond it; the bound inference (TensorRight, POPL'25; docs/rules.md) argues larger ranks add nothing".into());
    }
    let not_covered = |details: Vec<(String, String)>| TypeResult {
        outcome: TypeOutcome::Unknown(format!(
            "{}; no counterexample up to ranks {} and one rank beyond",
            uncovered.clone().unwrap_or_default(),
            bound_text.join(", ")
        )),
        details,
    };
    // Fast path: every instance in one store, all obligations in one disjunctive query. Unsat
    // settles the type; anything else falls back to the instance-by-instance loop below, which
    // finds the failing instance and replays its model.
    let fast = if instances.len() <= FAST_PATH_MAX_INSTANCES {
        fast_path(
            rule,
            scope,
            ty,
            &instances,
            opts,
            run.smt_texts,
            &mut run.queries,
        )
    } else {
        None
    };
    if let Some(a) = fast {
        run.assumptions.extend(a.assumptions);
        details.push((format!("{ty} queries"), run.queries.to_string()));
        details.push((format!("{ty} path"), "all instances in one query".into()));
        if uncovered.is_some() {
            return not_covered(details);
        }
        return TypeResult {
            outcome: TypeOutcome::Verified {
                vacuous: a.vacuous,
                assumptions: run.assumptions.into_iter().collect(),
            },
            details,
        };
    }
    for (number, ranks) in instances.into_iter().enumerate() {
        let inst = Instance { ty, ranks };
        if let Some(outcome) = run.instance(&inst, number >= first_guard, &mut details) {
            return TypeResult { outcome, details };
        }
    }
    details.push((format!("{ty} queries"), run.queries.to_string()));
    if let (Some(why), Some(_)) = (&run.open, ty.as_float()) {
        // A model through an uninterpreted float function (exp, pow, ...) need not replay with
        // libm's values: search concrete inputs, IEEE's corner values among them.
        if let Some(c) = float_search(rule, ty) {
            details.push((
                format!("{ty} search"),
                format!("the model did not replay ({why}); found by the concrete search"),
            ));
            return TypeResult {
                outcome: TypeOutcome::Refuted(Box::new(c)),
                details,
            };
        }
    }
    if let Some(why) = run.open {
        return TypeResult {
            outcome: TypeOutcome::Unknown(why),
            details,
        };
    }
    if uncovered.is_some() {
        return not_covered(details);
    }
    if run.used_cvc5 {
        run.assumptions
            .insert("some obligations were proved by cvc5 after Z3 answered unknown".into());
    }
    TypeResult {
        outcome: TypeOutcome::Verified {
            vacuous: !run.nonvacuous,
            assumptions: run.assumptions.into_iter().collect(),
        },
        details,
    }
}

/// Every aggregated axis at rank 1, or at the nearest rank its class allows.
fn base_ranks(scope: &Scope) -> BTreeMap<String, usize> {
    scope
        .classes
        .iter()
        .map(|(c, spec)| {
            let r = 1usize.clamp(spec.min, spec.max.unwrap_or(usize::MAX));
            (c.clone(), r)
        })
        .collect()
}

/// Every combination of ranks within `bounds`, or `None` when there are more than `max`.
fn rank_instances(
    bounds: &BTreeMap<String, (usize, usize)>,
    max: usize,
) -> Option<Vec<BTreeMap<String, usize>>> {
    let mut instances = vec![BTreeMap::new()];
    for (c, (lo, hi)) in bounds {
        let mut next = Vec::new();
        for partial in &instances {
            for r in *lo..=*hi {
                let mut p: BTreeMap<String, usize> = partial.clone();
                p.insert(c.clone(), r);
                next.push(p);
            }
        }
        instances = next;
        if instances.len() + bounds.len() > max {
            return None;
        }
    }
    Some(instances)
}

/// The second line of defence: one rank beyond each inferred bound (the other axes at their
/// bounds). The bound argument says these cannot fail; a failure here is still a replayed
/// refutation, and a bug in the argument.
fn guard_instances(
    scope: &Scope,
    bounds: &BTreeMap<String, (usize, usize)>,
    instances: &[BTreeMap<String, usize>],
) -> Vec<BTreeMap<String, usize>> {
    let mut guards = Vec::new();
    for (c, spec) in &scope.classes {
        if spec.max.is_some() {
            continue;
        }
        let mut ranks: BTreeMap<String, usize> =
            bounds.iter().map(|(k, (_, hi))| (k.clone(), *hi)).collect();
        ranks.insert(c.clone(), bounds[c].1 + 1);
        if !instances.contains(&ranks) && !guards.contains(&ranks) {
            guards.push(ranks);
        }
    }
    guards
}

/// The verdict's reading of the element type and of the ranks checked.
fn type_reading(ty: ElemType, bound_text: &[String]) -> String {
    format!(
        "elements are {} ({}); ranks {}",
        match ty {
            ElemType::Bool => "booleans",
            ElemType::Int => "mathematical integers",
            ElemType::Fixed(_) => "fixed-width integers, wrapping around",
            ElemType::Real => "mathematical reals",
            ElemType::Float(f) if f.ftz => {
                "IEEE 754 floats, round to nearest even, subnormals flushed to zero (FTZ/DAZ)"
            }
            ElemType::Float(_) => "IEEE 754 floats, round to nearest even",
        },
        ty,
        if bound_text.is_empty() {
            "none".to_string()
        } else {
            bound_text.join(", ")
        }
    )
}

/// One element type's instance-by-instance check: what its instances have found so far.
struct InstanceRun<'a> {
    rule: &'a Rule,
    scope: &'a Scope,
    ty: ElemType,
    cfg: SolverConfig,
    collect_smt: bool,
    smt_texts: &'a mut Vec<(String, String)>,
    queries: usize,
    used_cvc5: bool,
    /// Whether some instance's premises were satisfiable.
    nonvacuous: bool,
    assumptions: BTreeSet<String>,
    /// Why the claim is still open after a model that did not replay.
    open: Option<String>,
}

impl InstanceRun<'_> {
    /// Checks one instance's obligations: `Some` outcome when it settles the type (an error, an
    /// unknown, a replayed refutation), `None` to go on with the next instance.
    fn instance(
        &mut self,
        inst: &Instance,
        is_guard: bool,
        details: &mut Vec<(String, String)>,
    ) -> Option<TypeOutcome> {
        let mut p = match build_problem(self.rule, self.scope, inst) {
            Ok(p) => p,
            Err(d) => return Some(TypeOutcome::Error(d)),
        };
        for a in semantic_assumptions(&p, self.ty) {
            self.assumptions.insert(a);
        }
        if let Some(why) = &p.sym.unsupported {
            return Some(TypeOutcome::Unknown(format!(
                "{} ({})",
                why,
                inst.describe()
            )));
        }
        if !self.nonvacuous {
            match self.query(&p, inst, "vacuity", &[p.pre, p.vl]) {
                Ok(sat) => self.nonvacuous = sat,
                Err(e) => return Some(TypeOutcome::Unknown(e)),
            }
        }
        let obligations = match obligations(&mut p) {
            Ok(o) => o,
            Err(why) => return Some(TypeOutcome::Unknown(format!("{why} ({})", inst.describe()))),
        };
        if let Some(n) = &p.bijection_note {
            self.assumptions.insert(n.clone());
        }
        for (name, assertions) in obligations {
            let assertions = with_exp_axioms(&mut p.sym, assertions);
            let assertions = smt::simplify_arith(&mut p.sym.store, &assertions);
            match self.query(&p, inst, name, &assertions) {
                Ok(false) => {}
                // A model: find a small one and replay it. One that does not replay (an
                // incompleteness of the encoding) leaves the rule open; a later instance may
                // still refute it.
                Ok(true) => {
                    match replay::refute(self.rule, self.scope, inst, &p, &assertions, self.cfg) {
                        Replay::Confirmed(c) => {
                            if is_guard {
                                details.push((
                                    format!("{} found beyond the bound", self.ty),
                                    format!("refuted at a guard instance ({}): the rank-bound inference missed this rank; please add the rule to corpus/rules/bound", inst.describe()),
                                ));
                            }
                            return Some(TypeOutcome::Refuted(Box::new(c)));
                        }
                        Replay::NotConfirmed(why) => {
                            self.open.get_or_insert(format!(
                                "the {name} obligation is satisfiable ({}) but the model did not replay: {why}",
                                inst.describe()
                            ));
                        }
                    }
                }
                // A solver that gave up here will not do better on larger instances.
                Err(e) => return Some(TypeOutcome::Unknown(self.open.take().unwrap_or(e))),
            }
        }
        None
    }

    /// One query of an instance: `Ok(true)` when satisfiable, `Ok(false)` when unsat, `Err`
    /// saying why the solvers gave up.
    fn query(
        &mut self,
        p: &Problem,
        inst: &Instance,
        name: &str,
        assertions: &[TermId],
    ) -> Result<bool, String> {
        self.queries += 1;
        if self.collect_smt {
            let tag = inst
                .describe()
                .replace([',', ' ', '='], "_")
                .replace("__", "_");
            let comment = [
                format!("rule: {}", self.rule.name),
                format!("query: {name} ({})", inst.describe()),
            ];
            self.smt_texts.push((
                format!("{tag}-{name}"),
                smt::to_smtlib(&p.sym.store, assertions, &comment),
            ));
        }
        let (res, took, solver) = decide_portfolio(&p.sym.store, assertions, self.cfg);
        if solver == smt::Solver::Cvc5 {
            self.used_cvc5 = true;
        }
        if std::env::var_os("TENSORPROOF_DEBUG").is_some() {
            eprintln!(
                "query {name} ({}): {:?} in {:.3} s",
                inst.describe(),
                matches!(res, CheckResult::Unsat),
                took.as_secs_f64()
            );
        }
        match res {
            CheckResult::Unsat => Ok(false),
            CheckResult::Sat(()) => Ok(true),
            CheckResult::Unknown(why) => Err(format!(
                "{why} on the {name} obligation ({})",
                inst.describe()
            )),
        }
    }
}

/// An instance's obligations, each a list of assertions whose satisfiability refutes it: the
/// shapes agree, then the values (equal, or a bijection between reduction indices).
fn obligations(p: &mut Problem) -> Result<Vec<(&'static str, Vec<TermId>)>, String> {
    let shape_ok = p.sym.store.and2(p.vr, p.shape_eq);
    let shape_goal = p.sym.store.not(shape_ok);
    let mut obligations: Vec<(&str, Vec<TermId>)> = vec![("shape", vec![p.pre, p.vl, shape_goal])];
    let premise = vec![p.pre, p.vl, p.vr, p.shape_eq, p.in_range];
    match &p.value {
        ValueGoal::Eq(eq) => {
            let ne = p.sym.store.not(*eq);
            obligations.push(("value", [premise, vec![ne]].concat()));
        }
        ValueGoal::Bijection { fwd, bwd } => {
            obligations.push(("reduction-forward", [premise.clone(), vec![*fwd]].concat()));
            obligations.push(("reduction-backward", [premise, vec![*bwd]].concat()));
        }
        ValueGoal::Unsupported(why) => return Err(why.clone()),
    }
    Ok(obligations)
}

/// Random concrete instances of `rule` at float type `ty` (a difference is replayed before it
/// counts).
fn float_search(rule: &Rule, ty: ElemType) -> Option<report::Counterexample> {
    // A qualitative difference first (NaN, infinity, zero, sign: one that libm's last bits
    // cannot explain), then any.
    if let Some(c) = float_search_qualitative(rule, ty, FLOAT_SEARCH_TRIALS) {
        return Some(c);
    }
    crate::random::random_search(&at_type(rule, ty)?, FLOAT_SEARCH_TRIALS, FLOAT_SEED)
        .ok()?
        .counterexample
}

const FLOAT_SEED: u64 = 0x1eee_754;

/// `rule` checked at `ty` alone.
fn at_type(rule: &Rule, ty: ElemType) -> Option<Rule> {
    let mut at_ty = rule.clone();
    let span = rule.types.first().map(|t| t.1)?;
    at_ty.types = vec![(ty, span)];
    Some(at_ty)
}

fn float_search_qualitative(
    rule: &Rule,
    ty: ElemType,
    trials: usize,
) -> Option<report::Counterexample> {
    let at_ty = at_type(rule, ty)?;
    crate::random::random_search_for(&at_ty, trials, FLOAT_SEED, &crate::random::qualitative)
        .ok()?
        .counterexample
}

/// Random instances tried when a float model does not replay.
const FLOAT_SEARCH_TRIALS: usize = 4000;

/// The budget of the all-instances query: when it is hard, the per-instance loop (whose
/// obligations the simplifier sees one by one) is usually faster.
const FAST_PATH_BUDGET: Duration = Duration::from_millis(500);
/// Above this many rank instances the combined query is not tried.
const FAST_PATH_MAX_INSTANCES: usize = 64;

struct FastProof {
    vacuous: bool,
    assumptions: BTreeSet<String>,
}

/// Proves every instance of one element type with one query, or says it could not.
fn fast_path(
    rule: &Rule,
    scope: &Scope,
    ty: ElemType,
    instances: &[BTreeMap<String, usize>],
    opts: &Options,
    smt_texts: &mut Vec<(String, String)>,
    queries: &mut usize,
) -> Option<FastProof> {
    let mut sym = Sym::new(Store::new());
    let mut failures = Vec::new();
    let mut applies = Vec::new();
    let mut assumptions = BTreeSet::new();
    for ranks in instances {
        let inst = Instance {
            ty,
            ranks: ranks.clone(),
        };
        let mut p = build_problem_in(sym, rule, scope, &inst).ok()?;
        if p.sym.unsupported.is_some() {
            return None;
        }
        for a in semantic_assumptions(&p, ty) {
            assumptions.insert(a);
        }
        if let Some(n) = &p.bijection_note {
            assumptions.insert(n.clone());
        }
        let goals: Vec<TermId> = match &p.value {
            ValueGoal::Eq(eq) => vec![p.sym.store.not(*eq)],
            ValueGoal::Bijection { fwd, bwd } => vec![*fwd, *bwd],
            ValueGoal::Unsupported(_) => return None,
        };
        let mut s = p.sym;
        // The obligations of the per-instance loop, each simplified with its premise at the
        // top level (inside the disjunction below the simplifier would not see it as a fact).
        let shape_ok = s.store.and2(p.vr, p.shape_eq);
        let shape_fails = s.store.not(shape_ok);
        let mut obligations = vec![vec![p.pre, p.vl, shape_fails]];
        for g in goals {
            obligations.push(vec![p.pre, p.vl, p.vr, p.shape_eq, p.in_range, g]);
        }
        for o in obligations {
            let o = with_exp_axioms(&mut s, o);
            let o = smt::simplify_arith(&mut s.store, &o);
            failures.push(s.store.and(o));
        }
        applies.push(s.store.and2(p.pre, p.vl));
        sym = s;
    }
    let any_failure = sym.store.or(failures);
    let assertions = with_exp_axioms(&mut sym, vec![any_failure]);
    let assertions = smt::simplify_arith(&mut sym.store, &assertions);
    // A short Z3-only budget: a hard combined query costs at most this before the per-instance
    // loop takes over.
    let cfg = SolverConfig {
        timeout: opts.timeout.min(FAST_PATH_BUDGET),
    };
    *queries += 1;
    if opts.collect_smt {
        let comment = [
            format!("rule: {}", rule.name),
            format!("query: every obligation of every instance ({ty})"),
        ];
        smt_texts.push((
            format!("{ty}-all-instances"),
            smt::to_smtlib(&sym.store, &assertions, &comment),
        ));
    }
    let (res, took, solver) = decide_portfolio(&sym.store, &assertions, cfg);
    if solver == smt::Solver::Cvc5 && matches!(res, CheckResult::Unsat) {
        assumptions.insert("some obligations were proved by cvc5 after Z3 answered unknown".into());
    }
    if std::env::var_os("TENSORPROOF_DEBUG").is_some() {
        eprintln!(
            "query all-instances ({ty}, {} instances): {:?} in {:.3} s",
            instances.len(),
            matches!(res, CheckResult::Unsat),
            took.as_secs_f64()
        );
    }
    if !matches!(res, CheckResult::Unsat) {
        return None;
    }
    let any_applies = sym.store.or(applies);
    *queries += 1;
    let (vac, _, _) = decide_portfolio(
        &sym.store,
        &[any_applies],
        SolverConfig {
            timeout: opts.timeout,
        },
    );
    let vacuous = match vac {
        CheckResult::Sat(()) => false,
        CheckResult::Unsat => true,
        CheckResult::Unknown(_) => return None,
    };
    Some(FastProof {
        vacuous,
        assumptions,
    })
}

/// What the encoding of this instance assumed, stated for the verdict.
fn semantic_assumptions(p: &Problem, ty: ElemType) -> Vec<String> {
    let mut out = Vec::new();
    if ty.as_float().is_some() {
        // IEEE semantics: division, infinities and exp need no convention of ours; the
        // uninterpreted functions rest on the named facts their applications carry.
        for f in &p.sym.float_facts {
            out.push(format!(
                "{} (assumed of every faithful implementation; replays use the platform's libm)",
                f.name
            ));
        }
        return out;
    }
    let g = &p.lowered.graph;
    for i in 0..g.len() {
        match g.op(tensor::NodeId(i as u32)) {
            Op::Binary {
                op: tensor::BinaryOp::Div,
                ..
            } => out.push("division: x / 0 = 0; integer division truncates toward zero".into()),
            Op::Binary {
                op: tensor::BinaryOp::Rem,
                ..
            } => out.push("remainder: x rem 0 = x; the result has the sign of the dividend".into()),
            Op::DynamicSlice { .. } | Op::DynamicUpdateSlice { .. } => {
                out.push("dynamic slice start indices are clamped into range, as in XLA".into())
            }
            Op::Literal {
                lit: tensor::Literal::Inf(_),
                ..
            } => out.push(
                "inputs are finite; the literals inf and -inf lie above and below every finite value".into(),
            ),
            Op::Unary {
                op: tensor::UnaryOp::Exp,
                ..
            } => out.push(
                "exp is uninterpreted, constrained only by exp(x) > 0 and exp(x)·exp(y) = exp(x+y)"
                    .into(),
            ),
            _ => {}
        }
    }
    out
}

/// Adds the exp axioms for every pair of `exp` applications the assertions mention, and the
/// facts of the uninterpreted float functions (true of any faithful implementation whatever
/// their free symbols, so premises of every query of the store).
fn with_exp_axioms(sym: &mut Sym, mut assertions: Vec<TermId>) -> Vec<TermId> {
    assertions.extend(sym.float_facts.iter().map(|f| f.term));
    let Some(f) = sym.exp else { return assertions };
    let mut apps = BTreeSet::new();
    let mut seen = HashSet::new();
    let mut stack = assertions.clone();
    while let Some(t) = stack.pop() {
        if !seen.insert(t) {
            continue;
        }
        if let Node::App(g, args) = sym.store.node(t) {
            if *g == f {
                apps.insert(args[0]);
            }
        }
        stack.extend(sym.store.children(t));
    }
    let args: Vec<TermId> = apps.into_iter().collect();
    let s = &mut sym.store;
    for (i, a) in args.iter().enumerate() {
        let ea = s.app(f, vec![*a]);
        let zero = s.real(0, 1);
        assertions.push(s.lt(zero, ea));
        for b in &args[i..] {
            let eb = s.app(f, vec![*b]);
            let sum = s.add2(*a, *b);
            let esum = s.app(f, vec![sum]);
            let prod = s.mul2(ea, eb);
            assertions.push(s.eq(prod, esum));
        }
    }
    assertions
}

/// Builds the symbolic problem of one instance.
pub(crate) fn build_problem(
    rule: &Rule,
    scope: &Scope,
    inst: &Instance,
) -> Result<Problem, Diagnostic> {
    build_problem_in(Sym::new(Store::new()), rule, scope, inst)
}

/// Builds the problem of `inst` into an existing symbolic domain (several instances may share
/// one store: they are only ever combined in disjunctions, where shared free symbols are sound).
pub(crate) fn build_problem_in(
    mut sym: Sym,
    rule: &Rule,
    scope: &Scope,
    inst: &Instance,
) -> Result<Problem, Diagnostic> {
    sym.index_vars.clear();
    sym.unsupported = None;
    let mut maps: MapValues<TermId> = BTreeMap::new();
    let mut map_syms = Vec::new();
    let mut sym_class = HashMap::new();
    for (m, class) in &scope.maps {
        let k = inst.ranks.get(class).copied().unwrap_or(0);
        for j in 0..k {
            let s = sym.store.declare(&format!("{m}.{j}"), Sort::Int);
            let t = sym.store.sym(s);
            maps.insert((m.clone(), j), t);
            map_syms.push((m.clone(), j, s));
            sym_class.insert(s, class.clone());
        }
    }
    let lowered = lower::lower(&mut sym, rule, scope, inst, &maps)?;
    let mut scalars = Vec::new();
    for (name, decl) in &scope.scalars {
        let ty = match decl.ty {
            TypeRef::Fixed(t) => t,
            TypeRef::Param => inst.ty,
        };
        let s = sym.store.declare(name, sort_of(ty));
        scalars.push((name.clone(), ty, s));
    }
    let mut ev: Eval<Sym> = Eval::new(&lowered.graph);
    let vl = ev.valid(&mut sym, lowered.lhs);
    let vr = ev.valid(&mut sym, lowered.rhs);
    let sl = ev.shape(&mut sym, lowered.lhs);
    let sr = ev.shape(&mut sym, lowered.rhs);
    let mut eqs = Vec::new();
    for (a, n) in &sl {
        let m = sr
            .iter()
            .find(|(b, _)| b == a)
            .map(|x| x.1)
            .expect("same axes checked by lowering");
        eqs.push(sym.store.eq(*n, m));
    }
    let shape_eq = sym.store.and(eqs);
    // The symbolic output index.
    let mut index = Vec::new();
    let mut idx = Vec::new();
    for (a, _) in &sl {
        let s = sym.store.declare(&format!("i.{a}"), Sort::Int);
        sym_class.insert(s, class_of_axis(a).to_string());
        index.push((a.clone(), s));
        idx.push((a.clone(), sym.store.sym(s)));
    }
    let in_range = ev.in_range(&mut sym, lowered.lhs, &idx);
    let lv = ev.access(&mut sym, lowered.lhs, &idx);
    let rv = ev.access(&mut sym, lowered.rhs, &idx);
    // Preconditions and assumptions.
    let mut pre = Vec::new();
    let mut pre_safe = Vec::new();
    let mut pre_existential = Vec::new();
    let mut assume_bodies = Vec::new();
    for c in &rule.wheres {
        let t = eval_cond(&mut sym, c, scope, inst, &maps)?;
        pre.push(t);
        if existentials(c, None) == 0 {
            pre_safe.push(t);
        } else {
            pre_existential.push(t);
        }
    }
    for a in &lowered.assumes {
        let sh = ev.shape(&mut sym, *a);
        let mut vars = Vec::new();
        let mut aidx = Vec::new();
        let mut range = Vec::new();
        for (ax, n) in &sh {
            let v = sym.store.fresh(&format!("q.{ax}"), Sort::Int);
            sym_class.insert(v, class_of_axis(ax).to_string());
            let t = sym.store.sym(v);
            let zero = sym.store.int(0);
            range.push(sym.store.le(zero, t));
            range.push(sym.store.lt(t, *n));
            vars.push(v);
            aidx.push((ax.clone(), t));
        }
        let val = ev.access(&mut sym, *a, &aidx);
        let holds = sym.truth(&val);
        let r = sym.store.and(range);
        let body = sym.store.implies(r, holds);
        assume_bodies.push(body);
        pre.push(sym.store.forall(vars, body));
        let av = ev.valid(&mut sym, *a);
        pre.push(av);
        pre_safe.push(av);
    }
    drop(ev);
    let pre = sym.store.and(pre);
    let pre_safe = sym.store.and(pre_safe);
    for iv in &sym.index_vars {
        if iv.axis != "#" {
            sym_class.insert(iv.sym, class_of_axis(&iv.axis).to_string());
        }
    }
    let mut bijection_note = None;
    // Infinite elements (literals) compare by sign; a finite term is never infinite.
    let (lv, rv) = match (&lv, &rv) {
        (SymVal::Inf(a), SymVal::Inf(b)) => {
            let v = sym.store.bool(a == b);
            (SymVal::Plain(v), SymVal::Plain(sym.store.bool(true)))
        }
        (SymVal::Inf(_), SymVal::Plain(_)) | (SymVal::Plain(_), SymVal::Inf(_)) => {
            let f = sym.store.bool(false);
            (SymVal::Plain(f), SymVal::Plain(sym.store.bool(true)))
        }
        _ => (sym.finite(&lv, inst.ty), sym.finite(&rv, inst.ty)),
    };
    let mut summand_domain = vec![];
    let mut bound_roots = match (&lv, &rv) {
        (SymVal::Plain(a), SymVal::Plain(b)) => vec![vec![*a, *b]],
        _ => vec![],
    };
    let value = match (&lv, &rv) {
        (SymVal::Plain(a), SymVal::Plain(b)) => ValueGoal::Eq(sym.store.eq(*a, *b)),
        _ => match bijection(&mut sym, rule, scope, &maps, &lv, &rv, inst.ty) {
            Ok((fwd, bwd, note, doms)) => {
                bijection_note = Some(note);
                // Every term of each bijection obligation: the summands, the domains at the
                // mapped indices, the inverse conditions (a hint can make the summands'
                // conditions constant while the domains still depend on the axes).
                bound_roots = vec![vec![fwd], vec![bwd]];
                summand_domain = doms.to_vec();
                ValueGoal::Bijection { fwd, bwd }
            }
            Err(BijError::Unsupported(why)) => ValueGoal::Unsupported(why),
            Err(BijError::Input(d)) => return Err(d),
        },
    };
    Ok(Problem {
        sym,
        lowered,
        maps: map_syms,
        scalars,
        index,
        pre,
        vl,
        vr,
        shape_eq,
        in_range,
        value,
        sym_class,
        bijection_note,
        bound_roots,
        summand_domain,
        pre_safe,
        pre_existential,
        assume_bodies,
    })
}

enum BijError {
    Unsupported(String),
    Input(Diagnostic),
}

/// The obligations that make `⊕_{x∈D_L} f(x) = ⊕_{y∈D_R} g(y)`: maps φ (left to right) and
/// ψ (right to left), from hints or paired by axis, such that, ignoring identity summands,
/// φ and ψ are inverse bijections between the domains and `f = g ∘ φ`. Returns the negations of
/// the forward and backward conditions, and a note for the verdict.
fn bijection(
    sym: &mut Sym,
    rule: &Rule,
    scope: &Scope,
    maps: &MapValues<TermId>,
    lv: &SymVal,
    rv: &SymVal,
    ty: ElemType,
) -> Result<(TermId, TermId, String, [TermId; 2]), BijError> {
    let reducer = match (lv, rv) {
        (SymVal::Red(a), SymVal::Red(b)) if a.reducer != b.reducer => {
            return Err(BijError::Unsupported(format!(
                "a {} reduction compared with a {} reduction",
                a.reducer.name(),
                b.reducer.name()
            )))
        }
        (SymVal::Red(a), _) | (_, SymVal::Red(a)) => a.reducer,
        _ => unreachable!(),
    };
    let as_red = |sym: &mut Sym, v: &SymVal| -> Red {
        match v {
            SymVal::Inf(_) => unreachable!("infinities removed before"),
            SymVal::Red(r) => (**r).clone(),
            SymVal::Plain(t) => Red {
                reducer,
                ty,
                vars: vec![],
                dom: sym.store.bool(true),
                body: *t,
            },
        }
    };
    let l = as_red(sym, lv);
    let r = as_red(sym, rv);
    // Default pairing: by aggregated axis and position, in order of appearance.
    let key = |axis: &str| -> String {
        if axis == "#" {
            "#".into()
        } else {
            let j = axis.rsplit_once('.').map(|x| x.1).unwrap_or("0");
            format!("{}.{}", class_of_axis(axis), j)
        }
    };
    let mut used = vec![false; l.vars.len()];
    let mut phi: HashMap<SymId, TermId> = HashMap::new();
    let mut psi: HashMap<SymId, TermId> = HashMap::new();
    let zero = sym.store.int(0);
    for (y, ay) in &r.vars {
        let k = key(ay);
        let found = l
            .vars
            .iter()
            .enumerate()
            .find(|(i, (_, ax))| !used[*i] && key(ax) == k)
            .map(|(i, (x, _))| (i, *x));
        match found {
            Some((i, x)) => {
                used[i] = true;
                let xt = sym.store.sym(x);
                let yt = sym.store.sym(*y);
                phi.insert(*y, xt);
                psi.insert(x, yt);
            }
            None => {
                phi.insert(*y, zero);
            }
        }
    }
    for (x, _) in &l.vars {
        psi.entry(*x).or_insert(zero);
    }
    // Hints override the pairing: `hint rhs k = e` defines φ on the right side's `k`, and
    // `hint lhs k = e` defines ψ on the left side's `k`, from the other side's indices.
    let mut info: HashMap<SymId, (String, Option<String>)> = HashMap::new();
    for v in &sym.index_vars {
        info.insert(v.sym, (v.axis.clone(), v.label.clone()));
    }
    let lset: Vec<SymId> = l.vars.iter().map(|v| v.0).collect();
    let rset: Vec<SymId> = r.vars.iter().map(|v| v.0).collect();
    for h in &rule.hints {
        let (side, other) = if h.side_is_lhs {
            (&lset, &rset)
        } else {
            (&rset, &lset)
        };
        // Index terms of the other side, by label.
        let mut other_terms: HashMap<String, Result<TermId, String>> = HashMap::new();
        for s in other {
            if let Some(lb) = &info[s].1 {
                let t = sym.store.sym(*s);
                let entry = other_terms.entry(lb.clone()).or_insert(Ok(t));
                if *entry != Ok(t) {
                    *entry = Err(format!(
                        "index `{lb}` is summed more than once; a hint cannot name it"
                    ));
                }
            }
        }
        let mut targets: Vec<(SymId, String, usize)> = Vec::new();
        for s in side {
            let (axis, label) = &info[s];
            if let Some((base, j)) = label.as_ref().and_then(|lb| lb.rsplit_once('.')) {
                if base == h.index.name {
                    targets.push((*s, axis.clone(), j.parse().unwrap_or(0)));
                }
            }
        }
        if targets.is_empty() {
            return Err(BijError::Input(Diagnostic {
                span: h.index.span,
                message: format!(
                    "no summation index `{}` on the {} side (name one with e.g. `reduce_sum(X, [K: {}])`)",
                    h.index.name,
                    if h.side_is_lhs { "left" } else { "right" },
                    h.index.name
                ),
            }));
        }
        for (v, axis, j) in targets {
            let class = class_of_axis(&axis).to_string();
            let mut lookup =
                |name: &str, j: usize, span: report::Span| -> Option<Result<TermId, Diagnostic>> {
                    let r = other_terms.get(&format!("{name}.{j}"))?;
                    Some(r.clone().map_err(|message| Diagnostic { span, message }))
                };
            let value = lower::eval_mexpr(sym, &h.value, &class, j, scope, maps, &mut lookup)
                .map_err(BijError::Input)?;
            if h.side_is_lhs {
                psi.insert(v, value);
            } else {
                phi.insert(v, value);
            }
        }
    }
    let identity = sym.identity_of(reducer, ty);
    let s = &mut sym.store;
    let phi_map: HashMap<SymId, TermId> = phi.clone();
    let psi_map: HashMap<SymId, TermId> = psi.clone();
    // Forward: x ∈ D_L, f(x) ≠ e  ⇒  φ(x) ∈ D_R ∧ ψ(φ(x)) = x ∧ g(φ(x)) = f(x).
    let dr_phi = s.substitute(r.dom, &phi_map);
    let g_phi = s.substitute(r.body, &phi_map);
    let mut fwd_goal = vec![dr_phi];
    for (x, _) in &l.vars {
        let back = s.substitute(psi_map[x], &phi_map);
        let xt = s.sym(*x);
        fwd_goal.push(s.eq(back, xt));
    }
    fwd_goal.push(s.eq(l.body, g_phi));
    let fwd_goal = s.and(fwd_goal);
    let mut fwd = vec![l.dom];
    if let Some(e) = identity {
        fwd.push(s.ne(l.body, e));
    }
    let nf = s.not(fwd_goal);
    fwd.push(nf);
    let fwd = s.and(fwd);
    // Backward: y ∈ D_R, g(y) ≠ e  ⇒  ψ(y) ∈ D_L ∧ φ(ψ(y)) = y ∧ f(ψ(y)) = g(y).
    let dl_psi = s.substitute(l.dom, &psi_map);
    let f_psi = s.substitute(l.body, &psi_map);
    let mut bwd_goal = vec![dl_psi];
    for (y, _) in &r.vars {
        let back = s.substitute(phi_map[y], &psi_map);
        let yt = s.sym(*y);
        bwd_goal.push(s.eq(back, yt));
    }
    bwd_goal.push(s.eq(f_psi, r.body));
    let bwd_goal = s.and(bwd_goal);
    let mut bwd = vec![r.dom];
    if let Some(e) = identity {
        bwd.push(s.ne(r.body, e));
    }
    let nb = s.not(bwd_goal);
    bwd.push(nb);
    let bwd = s.and(bwd);
    let how = if rule.hints.is_empty() {
        "paired by axis"
    } else {
        "given by the rule's hint"
    };
    let note = format!(
        "{} reductions compared through a bijection of their index domains ({how}), proven; summands equal to the identity may be unmatched",
        reducer.name()
    );
    Ok((fwd, bwd, note, [l.dom, r.dom]))
}

/// The inferred rank bounds of one element type, and whether the argument behind them covers
/// the whole rule.
pub(crate) struct Bounds {
    /// Per aggregated axis, the ranks the argument needs: `(min, max)`.
    pub ranks: BTreeMap<String, (usize, usize)>,
    /// Why the argument does not cover the rule, when it does not: the verdict can then be
    /// `refuted` or `unknown`, never `verified`.
    pub uncovered: Option<String>,
}

/// Per aggregated axis, the ranks to check (docs/rules.md, "Why the rank bound suffices").
///
/// The bound follows TensorRight's inference (catalog §4.1) on the base instance: for aggregated
/// axis `R`, `max(1, Σ_T C(a_T, 2) + c) + w` where `a_T` counts distinct accesses of input `T`
/// that involve `R`, `c` the distinct conditions (maximal tensor-free boolean subterms) that
/// involve `R` and `w` the existential quantifiers over `R` in the preconditions. Accesses and
/// conditions are collected from every formula of the claim: both sides' elements and validity,
/// the shape equality, both bijection obligations of a reduction (with the hints substituted),
/// the existential preconditions, and the assumptions (see [`assumption_families`]). A candidate
/// is dropped as constant or as a duplicate only when that is proved under premises that hold on
/// every single axis of a larger instance (universal preconditions, validity, index ranges);
/// a solver `unknown` keeps it. Distinctness is syntactic (hash-consed terms) otherwise, which
/// can only over-count and so only make the bound larger.
fn infer_bounds(
    rule: &Rule,
    p: &mut Problem,
    scope: &Scope,
    cfg: SolverConfig,
    texts: Option<&mut Vec<String>>,
    cache: &mut HashMap<String, bool>,
) -> Bounds {
    let started = std::time::Instant::now();
    let shape = assumption_families(rule, &p.lowered);
    // Each obligation is its own formula: the shape obligation (validity of the right side and
    // the shape equality), and each value obligation with those as premises. A counterexample
    // of one obligation restricts on its own, so the bound is the largest of their needs.
    let mut common = vec![p.vr, p.shape_eq];
    common.extend(p.pre_existential.iter().copied());
    if shape.uncovered.is_some() {
        // Not covered by the argument (the verdict cannot be `verified`), but counting the
        // assumptions' own conditions and accesses makes the search reach further.
        common.extend(p.assume_bodies.iter().copied());
    }
    let mut root_sets = vec![common.clone()];
    for r in &p.bound_roots {
        root_sets.push([common.clone(), r.clone()].concat());
    }
    let mut need: BTreeMap<String, usize> = BTreeMap::new();
    let mut texts = texts;
    for roots in root_sets {
        let (conds, accesses) = bound_candidates(p, &shape, &roots);
        let (conds, accesses) =
            dedupe_candidates(p, conds, accesses, cfg, texts.as_deref_mut(), cache);
        if std::env::var_os("TENSORPROOF_DEBUG").is_some() {
            let s = &p.sym.store;
            for (c, ts) in &conds {
                for t in ts {
                    eprintln!(
                        "condition {c}: {}",
                        smt::to_smtlib(s, &[*t], &[]).lines().last().unwrap_or("")
                    );
                }
            }
            for ((c, g), ts) in &accesses {
                eprintln!("accesses {c} {g}: {}", ts.len());
            }
        }
        for c in scope.classes.keys() {
            let mut n: usize = 0;
            for ((k, group), set) in &accesses {
                if k != c {
                    continue;
                }
                n += set.len() * set.len().saturating_sub(1) / 2;
                if group.starts_with(FAMILY) {
                    // Each read point of an assumption's tensors keeps whether it is in range.
                    n += set.len();
                }
            }
            // The tensors of each family keep whether they are empty (an assumption that holds
            // only on empty tensors forces a size-0 axis somewhere), read by the sides or not.
            n += shape
                .family_classes
                .iter()
                .filter(|cs| cs.contains(c))
                .count();
            n += conds.get(c).map(|s| s.len()).unwrap_or(0);
            let e = need.entry(c.clone()).or_default();
            *e = (*e).max(n);
        }
    }
    if std::env::var_os("TENSORPROOF_DEBUG").is_some() {
        eprintln!("bound inference: {:.3} s", started.elapsed().as_secs_f64());
    }
    let mut out = BTreeMap::new();
    for (c, spec) in &scope.classes {
        let hi = match spec.max {
            Some(m) => m,
            None => {
                let witnesses: usize = rule.wheres.iter().map(|w| existentials(w, Some(c))).sum();
                (need[c].max(1) + witnesses).max(spec.min)
            }
        };
        out.insert(c.clone(), (spec.min, hi));
    }
    Bounds {
        ranks: out,
        uncovered: shape.uncovered,
    }
}

/// The key prefix of a group of accesses that belong to one family of assumed tensors.
const FAMILY: &str = "family ";

/// How the assumptions enter the bound argument.
pub(crate) struct AssumptionShape {
    /// Input tensors read together by pointwise assumptions (connected through shared tensors);
    /// every tensor of a family has the same axes.
    families: Vec<BTreeSet<String>>,
    /// The aggregated axes each family's tensors span.
    family_classes: Vec<BTreeSet<String>>,
    /// The first assumption the argument does not cover, and why.
    uncovered: Option<String>,
}

/// Classifies the assumptions. A *pointwise* assumption reads every tensor at its own position
/// (elementwise ops, compares, select, clamp, scalars and broadcast scalars only): it states a
/// property of the tuple of its tensors' elements at each position, which a counterexample
/// restricted to fewer axes keeps when the tuples it reads stay apart (their accesses are counted
/// as one family) and keep their in-range status. Any other assumption (reading through
/// `reverse`, `slice`, `pad`, `concat`, a reduction, ...) relates elements at different positions;
/// the restriction argument does not cover it.
fn assumption_families(rule: &Rule, lowered: &Lowered<TermId>) -> AssumptionShape {
    let g = &lowered.graph;
    let mut families: Vec<BTreeSet<String>> = Vec::new();
    let mut uncovered = None;
    for (k, a) in lowered.assumes.iter().enumerate() {
        let mut names = BTreeSet::new();
        let mut stack = vec![*a];
        let mut bad: Option<&'static str> = None;
        while let Some(n) = stack.pop() {
            let op = g.op(n);
            match op {
                Op::Input { name, .. } => {
                    if !g.node_type(n).axes.is_empty() {
                        names.insert(name.clone());
                    }
                }
                Op::Literal { .. } => {}
                Op::Broadcast { x, .. } if g.node_type(*x).axes.is_empty() => {}
                Op::Unary { .. }
                | Op::Binary { .. }
                | Op::Compare { .. }
                | Op::Select { .. }
                | Op::Clamp { .. } => stack.extend(tensor::operands(op)),
                other => {
                    bad.get_or_insert(tensor::op_name(other));
                }
            }
        }
        if let Some(op) = bad {
            if uncovered.is_none() {
                let at = rule.assumes.get(k).map(|e| e.span().start).unwrap_or(0);
                uncovered = Some(format!(
                    "the rank bound does not cover assumption {} (at {}): it reads inputs through `{op}`, away from its own position, and a counterexample at a larger rank need not restrict to a smaller one",
                    k + 1,
                    rule.location(at)
                ));
            }
            continue;
        }
        // Merge with every family sharing a tensor.
        let mut merged = names;
        families.retain(|f| {
            if f.is_disjoint(&merged) {
                true
            } else {
                merged.extend(f.iter().cloned());
                false
            }
        });
        if !merged.is_empty() {
            families.push(merged);
        }
    }
    let mut family_classes = vec![BTreeSet::new(); families.len()];
    for i in 0..g.len() {
        let n = tensor::NodeId(i as u32);
        if let Op::Input { name, .. } = g.op(n) {
            if let Some(k) = families.iter().position(|f| f.contains(name)) {
                for a in &g.node_type(n).axes {
                    family_classes[k].insert(class_of_axis(a).to_string());
                }
            }
        }
    }
    AssumptionShape {
        families,
        family_classes,
        uncovered,
    }
}

/// How many existential quantifiers over aggregated axis `class` (every class when `None`) a
/// condition contains (`exists R: ..`, or `forall R: ..` under a negation). Universal per-axis
/// preconditions survive restricting a counterexample to fewer axes; each existential may need
/// one more axis as its witness, so each adds one to the bound.
fn existentials(c: &crate::ast::Cond, class: Option<&str>) -> usize {
    fn count(c: &crate::ast::Cond, class: Option<&str>, negated: bool) -> usize {
        use crate::ast::Cond;
        match c {
            Cond::Bool(..) | Cond::Rel(..) => 0,
            Cond::Not(x, _) => count(x, class, !negated),
            Cond::And(a, b, _) | Cond::Or(a, b, _) => {
                count(a, class, negated) + count(b, class, negated)
            }
            Cond::Implies(a, b, _) => count(a, class, !negated) + count(b, class, negated),
            Cond::Quant(all, k, body, _) => {
                let ours = class.map(|c| k.name == c).unwrap_or(true);
                let here = usize::from(ours && (*all == negated));
                here + count(body, class, negated)
            }
        }
    }
    count(c, class, false)
}

type Conds = BTreeMap<String, Vec<TermId>>;
/// Accesses per (aggregated axis, group): a group is one input tensor, or a family of tensors
/// read together by pointwise assumptions (`FAMILY`).
type Accesses = BTreeMap<(String, String), Vec<TermId>>;

/// Drops conditions that are constant under the premises, and conditions or accesses that are
/// provably equal to an earlier one (the catalog's deduplication "with the solver"). A solver
/// `unknown` keeps the candidate, which can only enlarge the bound.
fn dedupe_candidates(
    p: &mut Problem,
    conds: Conds,
    accesses: Accesses,
    cfg: SolverConfig,
    mut texts: Option<&mut Vec<String>>,
    cache: &mut HashMap<String, bool>,
) -> (Conds, Accesses) {
    // Not V_R nor the shape equality: their own conditions are candidates. Only premises that
    // hold on each single axis of a larger instance: not the existential preconditions (at rank 1
    // `exists R: n == 1` pins the only axis and makes conditions look constant), not the
    // assumptions' bodies (an assumption may imply an existential fact about the maps).
    let mut premise = vec![p.pre_safe, p.vl, p.in_range];
    premise.extend(p.summand_domain.iter().copied());
    let mut unsat = |store: &mut Store, extra: TermId| -> bool {
        let mut a = premise.clone();
        a.push(extra);
        let a = smt::simplify_arith(store, &a);
        let text = smt::to_smtlib(store, &a, &[]);
        if let Some(&known) = cache.get(&text) {
            return known;
        }
        if let Some(texts) = texts.as_deref_mut() {
            texts.push(format!(
                "; bound inference: is a candidate constant, or a duplicate?\n{text}"
            ));
        }
        let (r, took, _) = decide_portfolio(store, &a, cfg);
        if std::env::var_os("TENSORPROOF_DEBUG").is_some() {
            eprintln!(
                "  bound query: {:?} in {:.3} s",
                matches!(r, CheckResult::Unsat),
                took.as_secs_f64()
            );
        }
        let unsat = matches!(r, CheckResult::Unsat);
        // Only definite answers are kept: a timeout may go the other way next time.
        if !matches!(r, CheckResult::Unknown(_)) {
            cache.insert(text, unsat);
        }
        unsat
    };
    let mut out_c: Conds = BTreeMap::new();
    for (class, ts) in conds {
        let mut kept: Vec<TermId> = Vec::new();
        for t in ts {
            let nt = p.sym.store.not(t);
            if unsat(&mut p.sym.store, t) || unsat(&mut p.sym.store, nt) {
                continue;
            }
            let mut dup = false;
            for k in &kept {
                let differ = p.sym.store.ne(t, *k);
                if unsat(&mut p.sym.store, differ) {
                    dup = true;
                    break;
                }
            }
            if !dup {
                kept.push(t);
            }
        }
        out_c.insert(class, kept);
    }
    // Axis order of each input function: accesses of two tensors of one family are compared
    // argument by argument only when their axes come in the same order.
    let mut axes_of: HashMap<smt::FunId, Vec<String>> = HashMap::new();
    let g = &p.lowered.graph;
    for i in 0..g.len() {
        let n = tensor::NodeId(i as u32);
        if let Op::Input { name, .. } = g.op(n) {
            let axes = g.node_type(n).axes.clone();
            let key = crate::symbolic::input_key(name, axes.len());
            if let Some(f) = p.sym.inputs.get(&key) {
                axes_of.insert(*f, axes);
            }
        }
    }
    let fun_of = |s: &Store, t: TermId| match s.node(t) {
        Node::App(f, _) => Some(*f),
        _ => None,
    };
    let mut out_a: Accesses = BTreeMap::new();
    for (key, ts) in accesses {
        let mut kept: Vec<TermId> = Vec::new();
        for t in ts {
            let mut dup = false;
            for k in &kept {
                let (ft, fk) = (fun_of(&p.sym.store, t), fun_of(&p.sym.store, *k));
                if ft != fk
                    && (ft.and_then(|f| axes_of.get(&f)) != fk.and_then(|f| axes_of.get(&f)))
                {
                    continue;
                }
                let args_t = p.sym.store.children(t);
                let args_k = p.sym.store.children(*k);
                let mut diffs = Vec::new();
                for (x, y) in args_t.iter().zip(&args_k) {
                    diffs.push(p.sym.store.ne(*x, *y));
                }
                let differ = p.sym.store.or(diffs);
                if unsat(&mut p.sym.store, differ) {
                    dup = true;
                    break;
                }
            }
            if !dup {
                kept.push(t);
            }
        }
        out_a.insert(key, kept);
    }
    (out_c, out_a)
}

/// Syntactically distinct conditions and accesses per aggregated axis.
fn bound_candidates(
    p: &mut Problem,
    shape: &AssumptionShape,
    roots: &[TermId],
) -> (Conds, Accesses) {
    let mut pending: Vec<(BTreeSet<String>, Vec<TermId>)> = Vec::new();
    // The access group of each input function.
    let mut group_of: HashMap<smt::FunId, String> = HashMap::new();
    for (key, f) in &p.sym.inputs {
        let name = key.rsplit_once('/').map(|x| x.0).unwrap_or(key);
        let group = match shape.families.iter().position(|fam| fam.contains(name)) {
            Some(k) => format!("{FAMILY}{k}"),
            None => name.to_string(),
        };
        group_of.insert(*f, group);
    }
    let (mut conds, accesses) = {
        let s = &p.sym.store;
        let inputs: HashSet<smt::FunId> = p.sym.inputs.values().copied().collect();

        // Classes mentioned by each term, and whether it reads an input.
        let mut classes: HashMap<TermId, BTreeSet<String>> = HashMap::new();
        let mut reads: HashMap<TermId, bool> = HashMap::new();
        fn facts(
            s: &Store,
            t: TermId,
            p: &Problem,
            inputs: &HashSet<smt::FunId>,
            classes: &mut HashMap<TermId, BTreeSet<String>>,
            reads: &mut HashMap<TermId, bool>,
        ) {
            if classes.contains_key(&t) {
                return;
            }
            let mut cs = BTreeSet::new();
            let mut rd = false;
            if let Node::Sym(x) = s.node(t) {
                if let Some(c) = p.sym_class.get(x) {
                    cs.insert(c.clone());
                }
            }
            if let Node::App(f, _) = s.node(t) {
                rd |= inputs.contains(f);
            }
            for c in s.children(t) {
                facts(s, c, p, inputs, classes, reads);
                cs.extend(classes[&c].iter().cloned());
                rd |= reads[&c];
            }
            classes.insert(t, cs);
            reads.insert(t, rd);
        }
        let conds: BTreeMap<String, BTreeSet<TermId>> = BTreeMap::new();
        let mut accesses: BTreeMap<(String, String), BTreeSet<TermId>> = BTreeMap::new();
        let mut seen = HashSet::new();
        let mut stack = roots.to_vec();
        while let Some(t) = stack.pop() {
            if !seen.insert(t) {
                continue;
            }
            facts(s, t, p, &inputs, &mut classes, &mut reads);
            let cs = classes[&t].clone();
            if s.sort(t) == Sort::Bool && !reads[&t] && !cs.is_empty() && s.as_bool(t).is_none() {
                // A boolean combination of conditions (elementwise `or`/`not`/`select` of masks,
                // a union of reduction domains): each operand is a condition of its own. At
                // rank 1 `(∀j. a_j) ∨ (∀j. b_j)` and `∀j. (a_j ∨ b_j)` look the same; counting the
                // operands keeps the value of either form when restricting.
                let connective = match s.node(t) {
                    Node::Not(x) => Some(vec![*x]),
                    Node::Or(xs) => Some(xs.clone()),
                    Node::Ite(c, a, b) => Some(vec![*c, *a, *b]),
                    Node::Eq(a, b) if s.sort(*a) == Sort::Bool => Some(vec![*a, *b]),
                    Node::Forall(_, x) | Node::Exists(_, x) => Some(vec![*x]),
                    _ => None,
                };
                if let Some(xs) = connective {
                    stack.extend(xs);
                    continue;
                }
                // A conjunction of per-axis tests is one condition per group of aggregated axes
                // (its connective parts are conditions of their own).
                let parts = match s.node(t) {
                    Node::And(xs) => xs.clone(),
                    _ => vec![t],
                };
                let mut groups: BTreeMap<BTreeSet<String>, Vec<TermId>> = BTreeMap::new();
                for x in parts {
                    let is_connective = matches!(
                        s.node(x),
                        Node::Not(_) | Node::Or(_) | Node::Ite(..) | Node::And(_)
                    ) || matches!(s.node(x), Node::Eq(a, _) if s.sort(*a) == Sort::Bool);
                    if is_connective {
                        stack.push(x);
                        continue;
                    }
                    facts(s, x, p, &inputs, &mut classes, &mut reads);
                    groups.entry(classes[&x].clone()).or_default().push(x);
                }
                for (group, xs) in groups {
                    if !group.is_empty() {
                        pending.push((group, xs));
                    }
                }
                continue;
            }
            if let Node::App(f, _) = s.node(t) {
                if inputs.contains(f) {
                    for c in &cs {
                        accesses
                            .entry((c.clone(), group_of[f].clone()))
                            .or_default()
                            .insert(t);
                    }
                }
            }
            stack.extend(s.children(t));
        }
        (conds, accesses)
    };
    for (group, xs) in pending {
        let cond = p.sym.store.and(xs);
        for c in group {
            conds.entry(c).or_default().insert(cond);
        }
    }
    let conds = conds
        .into_iter()
        .map(|(k, v)| (k, v.into_iter().collect()))
        .collect();
    let accesses = accesses
        .into_iter()
        .map(|(k, v)| (k, v.into_iter().collect()))
        .collect();
    (conds, accesses)
}
