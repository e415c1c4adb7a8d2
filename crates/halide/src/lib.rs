//! `halide`: the front end of `tensorproof halide`. Does a Halide pipeline's scheduled loop
//! program (the statement Halide 21 prints after "bounding small realizations") compute
//! exactly its algorithm, for every output size and position? Verified with its assumptions,
//! refuted with a witness the concrete interpreter replayed, or unknown with the reason.
//!
//! Layers, imports running one way (STYLE 17):
//! - `syntax` (tokens, types, the one expression parser), `stmt` and `spec` (the two files);
//! - `value` (Halide's scalar types over a core `Domain`: wrapping, Euclidean division, casts);
//! - `math` (float math intrinsics: uninterpreted symbolically, real functions concretely);
//! - `strict` (`strict_float`'s `strict_add`, ...: IEEE through the core's `tensor::float`);
//! - `clock` (a case's CPU time, its solver processes' included: the budgets' clock);
//! - `eval` (the one definition of an expression's value, through an `Env`);
//! - `algo` (the algorithm at a point, concretely), `run` (the concrete interpreter of the
//!   loop program), `symex` (the symbolic executor with prophetic annotations);
//! - `domain` (where the algorithm defines its output, when a Func is `undef()`: the claim's
//!   restriction, read from the algorithm's text);
//! - `defuse` (fused loops split back, exactly, before either runs); `floats` (float constants
//!   as the IEEE values Halide holds, division by a constant as Halide lowers it);
//! - `check` (the obligations, the solver, replay, the verdict).
//!
//! It is not for printing, files or exit codes (the CLI's), nor for solving (the `smt` crate's).

mod algo;
mod check;
mod clock;
mod congruence;
mod defuse;
mod domain;
mod eval;
mod floats;
mod inst;
mod intrin;
mod live;
mod math;
mod run;
mod spec;
mod stmt;
mod strict;
mod symex;
mod syntax;
mod value;

#[cfg(test)]
mod tests;

pub use value::WitnessKind;

use report::{Diagnostic, Verdict};
use std::time::{Duration, Instant};

/// How to check.
#[derive(Clone, Debug)]
pub struct Options {
    /// Per solver query, in CPU seconds (stretched to wall time by the case's load).
    pub timeout: Duration,
    /// The case's budget in CPU seconds (its thread's and its solver processes':
    /// [`Options::case_budget`]): `None` for [`CASE_BUDGET_PER_TIMEOUT`] times `timeout`.
    pub budget: Option<Duration>,
    /// Also return every obligation as an SMT-LIB script ([`CaseResult::queries`]).
    pub collect_smt: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            timeout: Duration::from_secs(10),
            budget: None,
            collect_smt: false,
        }
    }
}

/// A case's default budget in CPU seconds, in solver timeouts (the verdict does not depend on
/// the machine's load: each call's limit is stretched to wall time by the case's measured ratio
/// of wall to CPU time): each solver call gets the smaller of its timeout and what remains of
/// the budget, so timeouts cannot cascade through every
/// obligation; once it is spent the open obligations make the verdict `unknown`, naming
/// where it ran out (never `verified`).
pub const CASE_BUDGET_PER_TIMEOUT: u32 = 10;

impl Options {
    /// The case's CPU budget: [`Options::budget`], else [`CASE_BUDGET_PER_TIMEOUT`] times
    /// the timeout.
    pub fn case_budget(&self) -> Duration {
        self.budget
            .unwrap_or(self.timeout * CASE_BUDGET_PER_TIMEOUT)
    }
}

/// Which file a diagnostic points into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Spec,
    Stmt,
}

/// The result of checking one (algorithm, statement) pair.
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// The output Func.
    pub output: String,
    pub verdict: Verdict,
    /// For a refutation: the witness kind and what the replay saw.
    pub witness_kind: Option<WitnessKind>,
    pub witness: Option<String>,
    /// What a verified verdict assumes (also inside `Verified`).
    pub assumptions: Vec<String>,
    /// Obligations stated.
    pub obligations: usize,
    /// What the check did that is neither an assumption nor a reason: a concrete search that
    /// stopped at its budget of interpreted steps.
    pub notes: Vec<String>,
    pub seconds: f64,
    /// With [`Options::collect_smt`]: (name, SMT-LIB script) of the statement's assertions
    /// (satisfiable, or the verdict is vacuous) and of each obligation's negation (unsat when
    /// it holds), before the solver's simplification.
    pub queries: Vec<(String, String)>,
}

/// Checks a statement against its algorithm. Paths are for messages only.
/// Errors: either file is malformed (diagnostics with spans into that file's text).
pub fn check(
    spec_path: &str,
    spec_text: &str,
    stmt_path: &str,
    stmt_text: &str,
    opts: &Options,
) -> Result<CaseResult, Vec<(Side, Diagnostic)>> {
    let start = Instant::now();
    let clock = clock::CaseClock::start();
    let spec = spec::parse(spec_text);
    let stmt = stmt::parse(stmt_text);
    let (spec, stmt) = match (spec, stmt) {
        (Ok(a), Ok(b)) => (a, b),
        (a, b) => {
            let mut ds = Vec::new();
            if let Err(e) = a {
                ds.extend(e.into_iter().map(|d| (Side::Spec, d)));
            }
            if let Err(e) = b {
                ds.extend(e.into_iter().map(|d| (Side::Stmt, d)));
            }
            return Err(ds);
        }
    };
    let loc = |span: report::Span| {
        let (line, col) = report::line_col(stmt_text, span.start);
        format!("{stmt_path}:{line}:{col}")
    };
    // A predicate that reads data (a data-dependent RDom): not supported, named in the
    // algorithm file (the check's own locations are the statement's).
    for r in &spec.rdoms {
        let Some(p) = &r.predicate else { continue };
        let mut read = None;
        syntax::calls_of(p, &mut |n| {
            read.get_or_insert(n.to_string());
        });
        if let Some(n) = read {
            let (line, col) = report::line_col(spec_text, r.span.start);
            return Ok(CaseResult {
                output: spec.output.clone(),
                verdict: Verdict::Unknown {
                    reason: format!(
                        "unsupported: the RDom predicate (`where`) of `{}` at {spec_path}:{line}:{col} reads `{n}` (a data-dependent domain)",
                        r.var
                    ),
                },
                witness_kind: None,
                witness: None,
                assumptions: vec![],
                obligations: 0,
                notes: vec![],
                seconds: start.elapsed().as_secs_f64(),
                queries: vec![],
            });
        }
    }
    if let Some((name, span)) = spec.tuple_call_without_component() {
        // The algorithm's text does not say which component the call reads (an exporter that
        // cannot tell, as Halide's printer): ambiguous, so unknown and where.
        let (line, col) = report::line_col(spec_text, span.start);
        return Ok(CaseResult {
            output: spec.output.clone(),
            verdict: Verdict::Unknown {
                reason: format!(
                    "unsupported: the call of the Tuple-valued Func `{name}` at {spec_path}:{line}:{col} does not say which component it reads (write `{name}(...)[k]`)"
                ),
            },
            witness_kind: None,
            witness: None,
            assumptions: vec![],
            obligations: 0,
            notes: vec![],
            seconds: start.elapsed().as_secs_f64(),
            queries: vec![],
        });
    }
    let budget = check::Budget::new(clock, opts.case_budget(), opts.timeout);
    let exact_floats = header(stmt_text).exact_floats;
    let c = check::check(&spec, &stmt, exact_floats, &budget, &loc);
    let queries = if opts.collect_smt {
        queries(&spec, &stmt)
    } else {
        vec![]
    };
    Ok(CaseResult {
        output: spec.output.clone(),
        verdict: c.verdict,
        witness_kind: c.witness.as_ref().map(|w| w.0),
        witness: c.witness.map(|w| w.1),
        assumptions: c.assumptions,
        obligations: c.obligations,
        notes: c.notes,
        seconds: start.elapsed().as_secs_f64(),
        queries,
    })
}

/// The obligations as SMT-LIB scripts (for `--dump-smt`): stated again, apart from the check.
fn queries(spec: &spec::Spec, stmt: &[stmt::Stmt]) -> Vec<(String, String)> {
    let Ok((d, run, obs, _)) = check::obligations(spec, stmt) else {
        return vec![];
    };
    let mut out = vec![(
        "assertions-satisfiable".to_string(),
        smt::to_smtlib(&d.store, &run.asserts, &[]),
    )];
    for (i, o) in obs.iter().enumerate() {
        let text = format!(
            "; {} (unsat when it holds)\n{}",
            o.what,
            smt::to_smtlib(&d.store, &o.assertions, &[])
        );
        out.push((format!("{i:03}-{}", o.kind.name()), text));
        // Its fallbacks (asked when the first query is not unsat), after it.
        for (k, fb) in o.fallbacks.iter().enumerate() {
            let text = format!(
                "; {} (fallback {}; unsat when it holds)\n{}",
                o.what,
                k + 1,
                smt::to_smtlib(&d.store, fb, &[])
            );
            out.push((format!("{i:03}-{}-fallback{}", o.kind.name(), k + 1), text));
        }
    }
    out
}

/// What a statement file's header comments say (`# spec: FILE`, `# expect: VERDICT [KIND]`):
/// the corpus format, for the CLI's `--suite` and the tests.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// The algorithm file, relative to the statement's folder (else `NAME.spec`).
    pub spec: Option<String>,
    /// The expected verdict (`verified`, `refuted`, `unknown`).
    pub expect: Option<String>,
    /// The expected witness kind of a refutation.
    pub witness: Option<WitnessKind>,
    /// `# floats: exact`: every float literal is the shortest decimal that reads as its float
    /// (the exporter's exact constants), not Halide's 6-decimal print.
    pub exact_floats: bool,
}

/// Reads the leading `#` comment lines of a statement file.
pub fn header(stmt_text: &str) -> Header {
    let mut h = Header::default();
    for line in stmt_text.lines().take_while(|l| l.starts_with('#')) {
        let l = line.trim_start_matches('#').trim();
        if let Some(f) = l.strip_prefix("spec:") {
            h.spec = Some(f.trim().to_string());
        } else if let Some(e) = l.strip_prefix("expect:") {
            let mut w = e.split_whitespace();
            h.expect = w.next().map(str::to_string);
            h.witness = w.next().and_then(WitnessKind::parse);
        } else if let Some(f) = l.strip_prefix("floats:") {
            h.exact_floats = f.split_whitespace().next() == Some("exact");
        }
    }
    h
}
