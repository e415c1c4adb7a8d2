//! The top layer: runs a kernel under its launcher in both domains, synthesizes or takes the
//! formula, states the obligations for every size, and decides the verdict.
//!
//! Obligations (each one query, negated, must be unsat), with `pid` the program ids, `k` the
//! lanes, every size `>= 1`:
//! - bounds: every masked-in lane of every load and store addresses its buffer;
//! - value: every masked-in store writes the formula at its offset;
//! - coverage: every output element `i` is written, by the witness program
//!   `(i - c) div a` and lane `(i - c) mod a` for the store offset `c + a*pid + k`;
//! - exclusivity: no two program instances store to one address.
//!
//! A satisfiable obligation is a refutation only after the concrete interpreter, run on the
//! whole grid at the model's sizes and inputs, saw the failure. Before any solver call, a
//! bounded concrete check on small sizes looks for the same failures.
//!
//! The stages, in the order [`check`] runs them, each a module:
//! 1. [`run`]: the symbolic run of one program with symbolic ids and sizes (in the
//!    [`world`] of size symbols), its accesses evaluated at symbolic lanes;
//!    [`footprint`]: the buffers it reads and writes, and what the model of memory refuses;
//! 2. [`synthesis`]: the formula, expected or synthesized from each output's store;
//! 3. [`bounded`]: the bounded concrete check on small sizes;
//! 4. [`obligations`] (bounds, premises, values), [`coverage`] and [`exclusive`]: the
//!    obligations for every size;
//! 5. [`solve`]: each obligation solved, a model replayed concretely before it refutes
//!    (a model outside the kernel-level claim's memory precondition asked again with that
//!    instance of the precondition, [`precondition`]); the verdict and the assumptions it
//!    rests on.

use crate::formula::Formula;
use crate::setup::Setup;
use report::Verdict;
use smt::TermId;
use std::time::Duration;

mod atomics;
mod bounded;
mod coverage;
mod exclusive;
mod footprint;
mod guarded;
mod obligations;
mod precondition;
mod run;
mod solve;
mod synthesis;
mod world;

#[cfg(test)]
mod fixture;

/// What the check of one kernel gives: the verdict, the formula shown, the tensors read and
/// written, and the assumptions stated.
pub(crate) struct Outcome {
    pub verdict: Verdict,
    pub formula: Option<String>,
    pub reads: Vec<String>,
    pub writes: Vec<String>,
    pub assumptions: Vec<String>,
}

impl Outcome {
    /// An outcome not decided yet, with the assumptions every check states and the
    /// launcher's.
    fn new(setup: &Setup) -> Outcome {
        let mut assumptions = vec![
            "floating-point values are modelled as reals (no rounding, overflow, NaN or infinity)"
                .to_string(),
            "buffers of different tensors do not overlap".to_string(),
            if setup.kernel_level {
                let views = setup.host.tensors.iter().any(|t| t.strides.is_some());
                format!(
                    "every size is at least 1; each tensor is its pointer's memory (`x[i]` is `x_ptr[i]`){}",
                    if views { " or the strided view stated below" } else { "" }
                )
            } else if setup.host.tensors.iter().any(|t| t.strides.is_some()) {
                "every size is at least 1; tensors are contiguous except the strided views stated below"
                    .to_string()
            } else {
                "every size is at least 1; tensors are contiguous".to_string()
            },
            "index arithmetic is exact (no 32-bit overflow of offsets)".to_string(),
        ];
        assumptions.extend(setup.host.assumptions.iter().cloned());
        Outcome {
            verdict: unknown(String::new()),
            formula: None,
            reads: vec![],
            writes: vec![],
            assumptions,
        }
    }
}

/// One obligation: its name, and the assertions whose satisfiability refutes it.
struct Obligation {
    name: String,
    assertions: Vec<TermId>,
}

pub(crate) struct Limits {
    pub timeout: Duration,
    /// The time one kernel may take in all (its autotune configurations and block cases).
    pub kernel_budget: Duration,
}

impl Limits {
    /// The limits a kernel of `timeout` per query gets: three queries' worth in all, at least
    /// 20 s.
    pub(crate) fn new(timeout: Duration) -> Limits {
        Limits {
            timeout,
            kernel_budget: (timeout * 3).max(Duration::from_secs(20)),
        }
    }
}

/// What a stage gives, or (`Err`) the verdict the check stops with before the last stage.
type Stage<T> = Result<T, Verdict>;

fn unknown(reason: String) -> Verdict {
    Verdict::Unknown { reason }
}

/// The whole check of one kernel.
pub(crate) fn check(setup: &Setup, expect: Option<&Formula>, limits: &Limits) -> Outcome {
    let mut out = Outcome::new(setup);
    out.verdict = match stages(setup, expect, limits, &mut out) {
        Ok(v) | Err(v) => v,
    };
    out
}

/// What every stage after the symbolic run reads: the kernel, its run, its footprint and the
/// formula.
struct Checked<'a> {
    setup: &'a Setup<'a>,
    limits: &'a Limits,
    /// Whether the formula is ours (synthesized here or in the first case), not the user's.
    synthesized: bool,
    program: &'a run::Program,
    accesses: &'a [run::SymAccess],
    atoms: &'a run::PidAtoms,
    io: &'a footprint::Footprint,
    synthesis: &'a synthesis::Synthesis,
}

impl Checked<'_> {
    /// The launcher's name of buffer `b`.
    fn name_of(&self, b: usize) -> String {
        footprint::buffer_name(self.setup, b)
    }
}

/// The stages in order; `out` receives the formula, the tensors read and written and the
/// assumptions as the stages find them.
fn stages(
    setup: &Setup,
    expect: Option<&Formula>,
    limits: &Limits,
    out: &mut Outcome,
) -> Stage<Verdict> {
    let synthesized = expect.is_none() || setup.formula_of_first_case;

    // 1. Symbolic run of one program with symbolic ids and sizes.
    let mut w = run::world(setup);
    let program = match run::run(setup, &mut w) {
        Ok(p) => p,
        Err(u) => {
            let reason = format!("unsupported construct {} at {}", u.what, u.pos);
            let v = bounded::bounded_only(setup, expect, out).unwrap_or(unknown(reason));
            // The expected formula is still shown (and rendered, for the differential check).
            out.formula = expect.map(|f| f.to_string());
            return Err(v);
        }
    };
    let io = footprint::Footprint::of(setup, &program.machine.accesses);
    io.record(setup, out);
    io.check_memory_model(setup, &program.machine.accesses, out)?;
    atomics::check_model(setup, &program.machine.accesses)?;
    let mut accesses = run::evaluate(&mut w, &program.machine, "");
    if accesses.iter().any(|a| a.rmw.is_some()) {
        atomics::totals(&mut w, &program, &mut accesses)?;
        out.assumptions.push(atomics::COMMUTE.to_string());
    }
    if accesses.iter().any(|a| a.value_bad.is_some()) {
        out.assumptions[0] = "floating-point values are modelled as reals (no rounding or overflow); the NaN and infinities of masked `-inf` lanes are kept exact (IEEE 754), and proved never stored".to_string();
    }
    let atoms = run::name_pid_atoms(&mut w, &program.pid_syms, &mut accesses, limits);
    footprint::check_in_place_loops(setup, &mut w, &accesses, &program.loop_syms, limits.timeout)?;
    if let Some(why) = w.sym.unsupported.clone() {
        return Err(unknown(format!("unsupported: {why}")));
    }

    // 2. The formula: expected, or synthesized from each output's store.
    let synthesis =
        synthesis::Synthesis::new(&mut w, setup, expect, &program, &accesses, &atoms, &io);
    if let Some(f) = &synthesis.formula {
        synthesis::check_outputs(setup, f, &io.stored)?;
        out.formula = Some(f.to_string());
    }

    // 3. Bounded concrete check on small sizes.
    let formula = synthesis.formula.as_ref();
    if let Some(v) = bounded::bounded_of_run(setup, &program.machine, &io, formula, synthesized) {
        return Err(v);
    }

    // 4. Obligations for every size.
    let cx = Checked {
        setup,
        limits,
        synthesized,
        program: &program,
        accesses: &accesses,
        atoms: &atoms,
        io: &io,
        synthesis: &synthesis,
    };
    let base = w.facts.clone();
    let mut obligations = obligations::memory(&mut w, &cx, &base);
    obligations.extend(obligations::premises(&mut w, &cx, &base));
    let mut laws: Vec<&'static str> = program.machine.laws.clone();
    obligations.extend(obligations::values(&mut w, &cx, &base, &mut laws)?);
    obligations.extend(coverage::obligations(&mut w, &cx, &base)?);
    let exclusive = exclusive::obligations(&mut w, &cx, &base)?;
    obligations.extend(exclusive.stores);
    if let Some(why) = w.sym.unsupported.clone() {
        return Err(unknown(format!("unsupported: {why}")));
    }

    // 5. Solve.
    let mut unknowns = solve::solve(&mut w, &cx, obligations)?;
    unknowns.extend(solve::decide_in_place_races(
        &w,
        &cx,
        exclusive.in_place_races,
    ));
    Ok(solve::verdict(&w, &cx, &out.assumptions, laws, unknowns))
}
