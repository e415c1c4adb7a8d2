//! The bounded concrete check: the whole grid replayed on small sizes with sample inputs,
//! before any solver call; and the bounded check alone, for a kernel whose symbolic run
//! stopped.

use super::footprint::{buffer_name, scalar_params, used, Footprint};
use super::Outcome;
use crate::formula::Formula;
use crate::mem::Machine;
use crate::replay::{constant_inputs, refute, replay, sample_inputs, Failure};
use crate::setup::Setup;
use report::Verdict;
use std::collections::BTreeMap;
use tensor::Concrete;

/// The most lanes (programs times the store tile's lanes) one replay of the bounded check
/// evaluates; larger size vectors are skipped (the obligations decide there).
const BOUNDED_LANES: i128 = 1 << 16;

/// The CPU time the bounded check of a later case may take: a case (an autotune
/// configuration, a block size of a sweep) checked against the first case's formula, which
/// the obligations then decide for every size; there the bounded check is a quick look for a
/// memory error or a race (Liger's `_block_rms_norm_forward_kernel` has 72 cases, each of
/// whose bounded checks replayed 128 x 128 tiles for about 0.6 s).
const LATER_CASE_SLICE: std::time::Duration = std::time::Duration::from_millis(150);

/// The sizes the launcher asserts equal to size `k` (`assert N_v == N`), `k` included.
fn equal_sizes(setup: &Setup, k: usize) -> Vec<usize> {
    use crate::host::{HCmp, HExpr};
    let mut class = vec![k];
    let mut grew = true;
    while grew {
        grew = false;
        for (a, op, b) in &setup.host.facts {
            if let (HExpr::Size(x), HCmp::Eq, HExpr::Size(y)) = (a, op, b) {
                for (p, q) in [(*x, *y), (*y, *x)] {
                    if class.contains(&p) && !class.contains(&q) {
                        class.push(q);
                        grew = true;
                    }
                }
            }
        }
    }
    class
}

/// The literal dimensions of the first store's tile.
fn store_dims<D: tensor::Domain>(accesses: &[crate::mem::Access<D>]) -> Vec<usize> {
    let first = accesses.iter().find(|a| a.store);
    let shape = first.map(|a| a.offset.shape.clone()).unwrap_or_default();
    shape
        .into_iter()
        .filter(|n| !crate::atoms::is_placeholder(*n))
        .collect()
}

/// The number of lanes of the first store (a block size computed from sizes stands as 8); for
/// a store of one lane (a row reduction's result), the widest last dimension of a load, so
/// that sizes past the loaded tile are tried (a row longer than the one tile it sums).
fn store_block<D: tensor::Domain>(accesses: &[crate::mem::Access<D>]) -> i128 {
    // A block size computed from sizes follows them: a small tile stands for it.
    let lanes = |n: &usize| {
        if crate::atoms::is_placeholder(*n) {
            8
        } else {
            *n
        }
    };
    let stored = accesses
        .iter()
        .find(|a| a.store)
        .map(|a| a.offset.shape.iter().map(lanes).product::<usize>())
        .unwrap_or(1);
    let loaded = accesses
        .iter()
        .filter(|a| !a.store)
        .filter_map(|a| a.offset.shape.last().map(lanes))
        .max()
        .unwrap_or(1);
    (if stored > 1 { stored } else { loaded.max(1) }) as i128
}

/// The bounded concrete check: the whole grid replayed on several small sizes with sample
/// inputs; a failure it sees (a value against `formula`, an access out of bounds, a race)
/// as a verdict. `io` is the stored and loaded buffers and the scalar parameters.
fn bounded(
    setup: &Setup,
    formula: Option<&Formula>,
    (stored, loaded, scalars): (&[usize], &[usize], &[String]),
    (block, dims): (i128, &[usize]),
    roots: bool,
    synthesized: bool,
) -> Option<Verdict> {
    let mut trial: Vec<i128> = vec![1, 2, 3, block - 1, block, block + 1, 2 * block + 3];
    trial.retain(|n| *n >= 1);
    trial.dedup();
    let nsizes = setup.host.sizes.len();
    // All sizes equal and small; then the last size large, the others small (the last the
    // launcher does not compute: those are computed from the others below).
    let mut size_vectors: Vec<Vec<i128>> = [1, 2, 3].iter().map(|n| vec![*n; nsizes]).collect();
    let free_last = (0..nsizes)
        .rev()
        .find(|k| !setup.host.derived.iter().any(|(j, _)| j == k));
    for n in &trial {
        let mut v = vec![(*n).min(3); nsizes];
        if let Some(last) = free_last {
            v[last] = *n;
        }
        size_vectors.push(v);
    }
    // The sizes after the first all equal at the larger trial sizes too (sizes the launcher
    // asserts equal, as a norm's weight length and its row length, are only tried together),
    // the first at most 3; within a budget of replay work.
    for n in &trial {
        if (4..=160).contains(n) && nsizes > 1 {
            let mut v = vec![*n; nsizes];
            v[0] = 3;
            size_vectors.push(v);
        }
    }
    // A tile of a 2-D store (`[BLOCK_M, BLOCK_D]`) is smaller than the whole: one size just
    // past one tile edge (or two), the others small (a second key tile of attention).
    let plain = size_vectors.len();
    for s in dims.iter().filter(|s| **s > 1 && **s as i128 != block) {
        for n in [*s as i128 + 1, 2 * *s as i128 + 3] {
            for k in (0..nsizes).filter(|k| !setup.host.derived.iter().any(|(j, _)| j == k)) {
                let mut v = vec![3; nsizes];
                for j in equal_sizes(setup, k) {
                    v[j] = n;
                }
                if !size_vectors.contains(&v) {
                    size_vectors.push(v);
                }
            }
        }
    }
    let mut fallback = None;
    let slice = if setup.formula_of_first_case {
        smt::clock::Deadline::after(LATER_CASE_SLICE)
    } else {
        None
    };
    let stop = || setup.deadline.passed() || slice.as_ref().is_some_and(|s| s.passed());
    for (at, mut sv) in size_vectors.into_iter().enumerate() {
        if stop() {
            break; // the kernel's time (or a later case's slice) is up: the obligations decide
        }
        let mut c = Concrete::new(BTreeMap::new());
        for (k, e) in &setup.host.derived {
            sv[*k] = e.eval(&mut c, &sv);
        }
        if sv.iter().any(|n| *n < 1) {
            continue;
        }
        let ok = setup.host.facts.iter().all(|(a, op, b)| {
            let (x, y) = (a.eval(&mut c, &sv), b.eval(&mut c, &sv));
            op.holds(&mut c, &x, &y)
        });
        if !ok {
            continue;
        }
        // A replay evaluates every program's tile: sizes whose grid times the tile's lanes
        // passes the budget are left to the obligations (a kernel-level claim's numbers of
        // programs are sizes too: all sizes at 128 with a 128 x 128 tile is 2^28 lanes).
        let programs: i128 = setup
            .host
            .grid
            .iter()
            .map(|g| g.eval(&mut c, &sv))
            .product();
        let lanes: i128 = dims.iter().map(|d| *d as i128).product::<i128>().max(block);
        if programs.saturating_mul(lanes) > BOUNDED_LANES {
            continue;
        }
        let mut tries: Vec<_> = (0..crate::replay::PATTERNS)
            .map(|p| sample_inputs(setup, loaded, sv.clone(), scalars, p))
            .collect();
        if at >= plain {
            let ramp = crate::replay::RAMP;
            tries.push(sample_inputs(setup, loaded, sv.clone(), scalars, ramp));
        }
        // Square roots are exact on squares: constant inputs make many runs exact.
        if roots {
            for v in [1, 3] {
                tries.push(constant_inputs(setup, loaded, sv.clone(), scalars, v));
            }
        }
        for inp in tries {
            if stop() {
                break;
            }
            match replay(setup, formula, stored, &inp) {
                // Sizes at which the precondition does not hold say nothing of the claim.
                Ok(Some(Failure::OutOfBounds { .. } | Failure::Race { .. }))
                    if setup.safety_assumed => {}
                // One side undefined: a witness only if no two-valued one is found.
                Ok(Some(fail)) if fail.one_side_undefined() => {
                    fallback.get_or_insert((inp, fail));
                }
                Ok(Some(fail)) => {
                    let show = matches!(fail, Failure::Value { .. });
                    return Some(refute(setup, &inp, &fail, show, synthesized));
                }
                // Nothing seen, or a run the interpreter cannot settle (`log` of a
                // negative sample): the obligations decide.
                Ok(None) | Err(_) => {}
            }
        }
    }
    fallback.map(|(inp, fail)| refute(setup, &inp, &fail, true, synthesized))
}

/// The bounded check alone, for a kernel whose symbolic run stopped at a construct the
/// summaries do not read (the concrete interpreter runs loops iteration by iteration): the
/// buffers read and written are those of a concrete run of the first program on small sizes.
/// A failure it replays refutes the kernel (against `expect`, or by memory safety); `None`
/// when it saw none or could not run. The buffers read and written go to `out`.
pub(super) fn bounded_only(
    setup: &Setup,
    expect: Option<&Formula>,
    out: &mut Outcome,
) -> Option<Verdict> {
    let nbuf = setup.buffers.len();
    let mut m = None;
    for n in 1..=3 {
        let mut c = Concrete::new(BTreeMap::new());
        let mut sv = vec![n; setup.host.sizes.len()];
        for (k, e) in &setup.host.derived {
            sv[*k] = e.eval(&mut c, &sv);
        }
        if let Ok(run) = setup.program(&mut c, &sv, vec![0, 0, 0]) {
            m = Some(run);
            break;
        }
    }
    let m = m?;
    let (stored, loaded) = (
        used(nbuf, &m.accesses, true),
        used(nbuf, &m.accesses, false),
    );
    let name_of = |b: usize| buffer_name(setup, b);
    out.reads = loaded.iter().map(|b| name_of(*b)).collect();
    out.writes = stored.iter().map(|b| name_of(*b)).collect();
    if stored.is_empty() {
        return None;
    }
    if let Some(f) = expect {
        let defined = |b: &usize| f.defs.iter().any(|d| d.output == name_of(*b));
        if !stored.iter().all(defined) || f.defs.len() != stored.len() {
            return None;
        }
    }
    let io = Footprint {
        in_place: vec![],
        scalars: scalar_params(setup),
        stored,
        loaded,
    };
    let synthesized = expect.is_none() || setup.formula_of_first_case;
    match bounded_of_run(setup, &m, &io, expect, synthesized)? {
        v @ Verdict::Refuted { .. } => Some(v),
        _ => None,
    }
}

/// The bounded check of the run `m` of footprint `io`, against `formula` (sizes around its
/// first store's tile, constant inputs too when it takes square roots).
pub(super) fn bounded_of_run<D: tensor::Domain>(
    setup: &Setup,
    m: &Machine<D>,
    io: &Footprint,
    formula: Option<&Formula>,
    synthesized: bool,
) -> Option<Verdict> {
    let block = store_block(&m.accesses);
    let dims = store_dims(&m.accesses);
    let roots = m.math.iter().any(|f| *f == "sqrt" || *f == "rsqrt");
    let inputs = io.replay_inputs(setup, formula);
    let buffers = (&io.stored[..], &inputs[..], &io.scalars[..]);
    bounded(setup, formula, buffers, (block, &dims), roots, synthesized)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::fixture::{concrete_run, with_setup, ADD_1D, ROW_SUM_LOOPED};

    const ADD_OFF_BY_ONE: &str = include_str!("../../../../corpus/lift/wrong_add_off_by_one.py");

    #[test]
    fn the_tile_of_a_1d_store_is_its_block() {
        with_setup(ADD_1D, |setup| {
            let m = concrete_run(setup);
            assert_eq!(store_block(&m.accesses), 1024);
            assert_eq!(store_dims(&m.accesses), vec![1024]);
        });
    }

    #[test]
    fn a_one_lane_store_takes_the_loaded_tile() {
        with_setup(ROW_SUM_LOOPED, |setup| {
            let m = concrete_run(setup);
            assert_eq!(store_block(&m.accesses), 64);
        });
    }

    #[test]
    fn a_size_is_equal_to_itself() {
        with_setup(ADD_1D, |setup| assert_eq!(equal_sizes(setup, 0), vec![0]));
    }

    #[test]
    fn an_off_by_one_mask_is_refuted_on_small_sizes() {
        let f = Formula::parse("output[i] = x[i] + y[i]").expect("parses");
        with_setup(ADD_OFF_BY_ONE, |setup| {
            let m = concrete_run(setup);
            let io = Footprint::of(setup, &m.accesses);
            let v = bounded_of_run(setup, &m, &io, Some(&f), false);
            assert!(matches!(v, Some(Verdict::Refuted { .. })), "{v:?}");
        });
        with_setup(ADD_1D, |setup| {
            let m = concrete_run(setup);
            let io = Footprint::of(setup, &m.accesses);
            assert!(bounded_of_run(setup, &m, &io, Some(&f), false).is_none());
        });
    }
}
