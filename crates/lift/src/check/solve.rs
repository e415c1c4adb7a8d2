//! Stage 5, solving: each obligation negated and solved; a model the solver finds is read
//! into concrete inputs and replayed on the whole grid (`crate::replay`), a refutation only
//! when the replay sees the failure (else, as a model-guided retry, with the sample inputs
//! at the model's sizes). Then the verdict, with the assumptions a proof rests on.
//!
//! Takes the [`World`] and the obligations; gives what stayed unknown, or the refutation.

use super::exclusive::InPlaceRace;
use super::precondition;
use super::world::World;
use super::{unknown, Checked, Obligation, Stage};
use crate::host::HExpr;
use crate::replay::{refute, replay, sample_inputs, Failure, Inputs};
use report::Verdict;
use smt::{CheckResult, FunId, SymId, Value};
use std::collections::BTreeMap;
use tensor::{Concrete, Rat, Scalar};

/// Solves `obligations` in order; why each that was not proved stays unknown, or the verdict
/// `refuted` of the first whose model replays. A model whose replay faults outside the
/// kernel-level claim's memory precondition makes the fault's instance of the precondition a
/// premise and the query is asked again (`super::precondition`), up to a few times.
pub(super) fn solve(
    w: &mut World,
    cx: &Checked,
    obligations: Vec<Obligation>,
) -> Stage<Vec<String>> {
    let mut unknowns = Vec::new();
    for mut ob in obligations {
        let mut rounds = 0;
        loop {
            if cx.setup.deadline.passed() {
                unknowns.push(format!(
                    "{}: not solved, the kernel's CPU time of {} s is up",
                    ob.name,
                    cx.limits.kernel_budget.as_secs()
                ));
                break;
            }
            let Some(inp) = solve_one(w, cx, &ob, &mut unknowns) else {
                break;
            };
            match replay_model(cx, &ob.name, inp)? {
                Replayed::Why(why) => unknowns.push(why),
                Replayed::Outside(fail, sizes) => {
                    let more = (rounds < precondition::ROUNDS)
                        .then(|| precondition::instance(w, cx, &fail))
                        .flatten()
                        .filter(|t| !ob.assertions.contains(t));
                    if let Some(t) = more {
                        ob.assertions.push(t);
                        rounds += 1;
                        continue;
                    }
                    unknowns.push(format!(
                        "{}: the solver's model (sizes {:?}) breaks the claim's memory precondition ({})",
                        ob.name,
                        sizes,
                        fail.memory_fault().expect("a memory failure")
                    ));
                }
            }
            break;
        }
    }
    Ok(unknowns)
}

/// Solves obligation `ob` once: its model read into inputs, or none when it was proved or
/// (said in `unknowns`) the solver did not decide.
fn solve_one(
    w: &World,
    cx: &Checked,
    ob: &Obligation,
    unknowns: &mut Vec<String>,
) -> Option<Inputs> {
    let cfg = smt::SolverConfig {
        timeout: crate::clock::solver_limit(cx.limits.timeout),
    };
    let mut store = w.sym.store.clone();
    let asr = smt::simplify_arith(&mut store, &ob.assertions);
    let reading = ModelReading {
        size_syms: w.sizes.clone(),
        // Also the functions the formula's evaluation made (an output's old value).
        fns: super::synthesis::input_functions(w),
        param_syms: cx
            .io
            .scalars
            .iter()
            .filter_map(|n| store.find(n).map(|s| (s, n.clone())))
            .collect(),
        numel_exprs: cx
            .io
            .replay_inputs(cx.setup, cx.synthesis.formula.as_ref())
            .iter()
            .map(|b| {
                let t = &cx.setup.host.tensors[cx.setup.buffers[*b]];
                (cx.name_of(*b), t.numel())
            })
            .collect(),
    };
    let (r, _, _) = smt::check_portfolio(&store, &asr, cfg, move |mr| reading.inputs(mr));
    match r {
        CheckResult::Unsat => None,
        CheckResult::Unknown(why) => {
            unknowns.push(format!("{}: solver unknown ({why})", ob.name));
            None
        }
        CheckResult::Sat(inp) => Some(inp),
    }
}

/// What the replay of a model that did not refute gave: why it did not, or (under the
/// kernel-level claim) the memory fault that puts it outside the claim, with its sizes.
enum Replayed {
    Why(String),
    Outside(Failure, Vec<i128>),
}

/// What a solver's model is read into: the inputs of a concrete replay.
#[derive(Clone)]
struct ModelReading {
    size_syms: Vec<SymId>,
    /// The input functions, each with its tensor's name.
    fns: Vec<(FunId, String)>,
    /// The symbols of the real scalar parameters, with their names.
    param_syms: Vec<(SymId, String)>,
    /// The element count of each tensor loaded, by name.
    numel_exprs: Vec<(String, HExpr)>,
}

impl ModelReading {
    /// The model's sizes (1 where it has none), the loaded tensors' elements (0 where it has
    /// none; a tensor of more than 2^16 elements left out) and the scalars (1 where none).
    fn inputs(&self, mr: &mut dyn smt::ModelReader) -> Inputs {
        let sizes: Vec<i128> = self
            .size_syms
            .iter()
            .map(|s| match mr.sym(*s) {
                Some(Value::Int(i)) => i,
                _ => 1,
            })
            .collect();
        let mut tensors = BTreeMap::new();
        let mut c = Concrete::new(BTreeMap::new());
        for (name, numel) in &self.numel_exprs {
            let n = numel.eval(&mut c, &sizes);
            if !(0..=1 << 16).contains(&n) {
                continue;
            }
            let f = self.fns.iter().find(|(_, t)| t == name).map(|(f, _)| *f);
            let data: Vec<Scalar> = (0..n)
                .map(|j| match f.and_then(|f| mr.app(f, &[Value::Int(j)])) {
                    Some(Value::Real(a, b)) => Scalar::Real(Rat::new(a, b).unwrap_or(Rat::int(0))),
                    Some(Value::Int(a)) => Scalar::Real(Rat::int(a)),
                    _ => Scalar::Real(Rat::int(0)),
                })
                .collect();
            tensors.insert(name.clone(), data);
        }
        for (s, name) in &self.param_syms {
            let v = match mr.sym(*s) {
                Some(Value::Real(a, b)) => Scalar::Real(Rat::new(a, b).unwrap_or(Rat::int(0))),
                _ => Scalar::Real(Rat::int(1)),
            };
            tensors.insert(name.clone(), vec![v]);
        }
        Inputs { sizes, tensors }
    }
}

/// The model `inp` of obligation `name` completed (sizes the launcher computes, missing
/// tensors and scalars) and replayed: the verdict `refuted` when the replay fails, else why
/// it did not refute.
fn replay_model(cx: &Checked, name: &str, mut inp: Inputs) -> Stage<Replayed> {
    let (setup, io) = (cx.setup, cx.io);
    let formula = cx.synthesis.formula.as_ref();
    // Sizes the launcher computes (a block size `next_power_of_2(n)`) take the launcher's
    // value: the replay runs what the launcher would.
    for (k, e) in &setup.host.derived {
        let v = e.eval(&mut Concrete::new(BTreeMap::new()), &inp.sizes);
        inp.sizes[*k] = v;
    }
    for s in &io.scalars {
        inp.tensors
            .entry(s.clone())
            .or_insert_with(|| vec![Scalar::Real(Rat::int(1))]);
    }
    let inputs = cx.io.replay_inputs(cx.setup, cx.synthesis.formula.as_ref());
    for b in &inputs {
        let n = setup
            .numel(&mut Concrete::new(BTreeMap::new()), &inp.sizes, *b)
            .clamp(0, 1 << 16);
        inp.tensors
            .entry(cx.name_of(*b))
            .or_insert_with(|| vec![Scalar::Real(Rat::int(0)); n as usize]);
    }
    let mut first = replay(setup, formula, &io.stored, &inp);
    // Model-guided: the model's sizes with the sample inputs (the model's values may not
    // reach a difference its sizes expose, e.g. when a reduction was left an unconstrained
    // atom).
    if matches!(first, Ok(None) | Err(_)) && inp.sizes.iter().all(|n| *n <= 4096) {
        for pattern in 0..crate::replay::PATTERNS {
            let guided = sample_inputs(setup, &inputs, inp.sizes.clone(), &io.scalars, pattern);
            if let Ok(Some(fail)) = replay(setup, formula, &io.stored, &guided) {
                inp = guided;
                first = Ok(Some(fail));
                break;
            }
        }
    }
    match first {
        Ok(Some(fail @ (Failure::OutOfBounds { .. } | Failure::Race { .. })))
            if setup.safety_assumed =>
        {
            Ok(Replayed::Outside(fail, inp.sizes))
        }
        Ok(Some(fail)) => {
            let show = matches!(fail, Failure::Value { .. }) && inp.sizes.iter().all(|n| *n <= 64);
            Err(refute(setup, &inp, &fail, show, cx.synthesized))
        }
        Ok(None) => Ok(Replayed::Why(format!(
            "{}: the solver's model (sizes {:?}) did not replay",
            name, inp.sizes
        ))),
        Err(e) => Ok(Replayed::Why(format!(
            "{}: the solver's model could not be replayed ({e})",
            name
        ))),
    }
}

/// Decides the in-place races (never a refutation: the replay does not model the order of
/// programs); why each that was not proved stays unknown.
pub(super) fn decide_in_place_races(
    w: &World,
    cx: &Checked,
    races: Vec<InPlaceRace>,
) -> Vec<String> {
    let cfg = smt::SolverConfig {
        timeout: crate::clock::solver_limit(cx.limits.timeout),
    };
    let unsat = |asr: &[smt::TermId]| {
        let mut store = w.sym.store.clone();
        let asr = smt::simplify_arith(&mut store, asr);
        matches!(
            smt::decide_portfolio(&store, &asr, cfg).0,
            CheckResult::Unsat
        )
    };
    let mut unknowns = Vec::new();
    for race in races {
        if !race.by_index.is_empty() && race.by_index.iter().all(|asr| unsat(asr)) {
            continue;
        }
        let ob = race.by_offset;
        let mut store = w.sym.store.clone();
        let asr = smt::simplify_arith(&mut store, &ob.assertions);
        match smt::decide_portfolio(&store, &asr, cfg).0 {
            CheckResult::Unsat => {}
            CheckResult::Sat(()) => unknowns.push(format!("{}: violated for some sizes (the replay does not model the order of programs, so this is not a refutation)", ob.name)),
            CheckResult::Unknown(why) => unknowns.push(format!("{}: solver unknown ({why})", ob.name)),
        }
    }
    unknowns
}

/// The verdict once every obligation was solved: `unknown` with what stayed unknown, or
/// when no formula was synthesized; else `verified` with `assumptions`, the uninterpreted
/// functions and the laws `laws` of them the proof used.
pub(super) fn verdict(
    w: &World,
    cx: &Checked,
    assumptions: &[String],
    mut laws: Vec<&'static str>,
    unknowns: Vec<String>,
) -> Verdict {
    if !unknowns.is_empty() {
        return unknown(unknowns.join("; "));
    }
    if let Some(e) = cx.synthesis.error.clone() {
        return if cx.setup.safety_assumed {
            unknown(e)
        } else {
            unknown(format!("{e}; memory safety holds for every size"))
        };
    }
    let mut a = assumptions.to_vec();
    // What the run assumed as it read the body (element kinds, conversions).
    for s in &cx.program.machine.assumed {
        if !a.contains(s) {
            a.push(s.clone());
        }
    }
    let mut funs: Vec<String> = Vec::new();
    if w.sym.exp.is_some() {
        funs.push("exp".into());
    }
    let mut called = Vec::new();
    if let Some(f) = &cx.synthesis.formula {
        for d in &f.defs {
            d.body.calls(&mut called);
        }
    }
    let math = cx.program.machine.math.iter().map(|n| n.to_string());
    for name in math.chain(called) {
        let name = match name.as_str() {
            "exp" => name,
            other => match crate::ops::uninterpreted_of(other) {
                Some(n) => n.to_string(),
                None => continue,
            },
        };
        if !funs.contains(&name) {
            funs.push(name);
        }
    }
    dedup(&mut laws);
    a.extend(uninterpreted(&funs, &laws));
    a.push("division by zero is left unspecified, alike in kernel and formula".into());
    Verdict::Verified { assumptions: a }
}

/// `laws` with each law once, in the order of its first use.
fn dedup(laws: &mut Vec<&'static str>) {
    let mut seen_law = Vec::new();
    laws.retain(|l| {
        let new = !seen_law.contains(l);
        seen_law.push(*l);
        new
    });
}

/// The assumption that the functions `funs` are uninterpreted, with the laws of them used.
fn uninterpreted(funs: &[String], laws: &[&str]) -> Option<String> {
    if funs.is_empty() {
        return None;
    }
    let are = funs.join(", ") + if funs.len() == 1 { " is" } else { " are" };
    Some(if laws.is_empty() {
        format!("{are} uninterpreted (no axioms used)")
    } else {
        format!(
            "{are} uninterpreted, with the axioms {} (instantiated on the terms of the proof)",
            laws.iter()
                .map(|l| format!("`{l}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn laws_are_kept_once_in_order() {
        let mut laws = vec!["b", "a", "b", "c", "a"];
        dedup(&mut laws);
        assert_eq!(laws, vec!["b", "a", "c"]);
    }

    #[test]
    fn uninterpreted_functions_are_named_with_their_laws() {
        assert_eq!(uninterpreted(&[], &["x"]), None);
        let one = vec!["exp".to_string()];
        assert_eq!(
            uninterpreted(&one, &[]).as_deref(),
            Some("exp is uninterpreted (no axioms used)")
        );
        let two = vec!["exp".to_string(), "log".to_string()];
        assert_eq!(
            uninterpreted(&two, &["exp(a + b) = exp(a) * exp(b)"]).as_deref(),
            Some("exp, log are uninterpreted, with the axioms `exp(a + b) = exp(a) * exp(b)` (instantiated on the terms of the proof)")
        );
    }
}

#[cfg(test)]
mod proof_tests {
    use super::*;
    use crate::check::fixture::{with_checked, ADD_1D};
    use crate::check::{coverage, exclusive, obligations};

    #[test]
    fn every_obligation_of_a_1d_add_is_proved() {
        with_checked(ADD_1D, |w, cx, base| {
            let mut obs = obligations::memory(w, cx, base);
            obs.extend(obligations::premises(w, cx, base));
            let mut laws = Vec::new();
            obs.extend(obligations::values(w, cx, base, &mut laws).expect("comparable"));
            obs.extend(coverage::obligations(w, cx, base).expect("invertible"));
            obs.extend(exclusive::obligations(w, cx, base).expect("runs").stores);
            let unknowns = solve(w, cx, obs).expect("not refuted");
            assert!(unknowns.is_empty(), "{unknowns:?}");
            let v = verdict(w, cx, &[], laws, unknowns);
            assert!(matches!(v, Verdict::Verified { .. }), "{v:?}");
        });
    }
}
