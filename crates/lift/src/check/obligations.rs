//! Stage 4, the obligations of each access and store: every access inside its buffer, what
//! the launcher's reading and the loop summaries rest on, and every store writing the
//! formula (its value neither NaN nor infinite).
//!
//! Each takes the [`World`] after the run and its facts `base`; gives [`Obligation`]s, or
//! (for values) the verdict the check stops with when a store cannot be compared.

use super::run::SymAccess;
use super::world::World;
use super::{unknown, Checked, Obligation, Stage};
use crate::formula::{self, Def};
use crate::synth;
use report::Verdict;
use smt::TermId;
use symbolic::SymVal;

/// Every masked-in lane of every load and store addresses its buffer (none when memory
/// safety is the claim's precondition).
pub(super) fn memory(w: &mut World, cx: &Checked, base: &[TermId]) -> Vec<Obligation> {
    let setup = cx.setup;
    let memory: &[_] = if setup.safety_assumed {
        &[]
    } else {
        cx.accesses
    };
    let mut obligations = Vec::new();
    for a in memory {
        let mut asr = base.to_vec();
        if let Some(mk) = a.mask {
            asr.push(mk);
        }
        let zero = w.sym.store.int(0);
        let numel = setup.numel(&mut w.sym, &cx.program.sizes, a.buf);
        // Rows stepping by a symbol (`R*pid + t`): the monotonicity of `row * cols`.
        if !w.step_syms.is_empty() {
            asr.extend(row_monotonicity(w, cx, a));
        }
        let lo = w.sym.store.le(zero, a.off);
        let hi = w.sym.store.lt(a.off, numel);
        let inb = w.sym.store.and2(lo, hi);
        asr.push(w.sym.store.not(inb));
        obligations.push(Obligation {
            name: format!(
                "the {} at {} stays inside `{}`",
                if a.store { "store" } else { "load" },
                a.pos,
                cx.name_of(a.buf)
            ),
            assertions: asr,
        });
    }
    obligations
}

/// The instances of the monotonicity of `row * cols` for an access to a 2-D tensor whose
/// row index is `a`'s first dimension (`crate::witness::row_instances`).
fn row_monotonicity(w: &mut World, cx: &Checked, a: &SymAccess) -> Vec<TermId> {
    let (setup, sizes) = (cx.setup, &cx.program.sizes);
    let shape: Vec<TermId> = setup.host.tensors[setup.buffers[a.buf]]
        .shape
        .clone()
        .iter()
        .map(|e| e.eval(&mut w.sym, sizes))
        .collect();
    let strides: Vec<TermId> = setup.host.tensors[setup.buffers[a.buf]]
        .strides()
        .iter()
        .map(|e| e.eval(&mut w.sym, sizes))
        .collect();
    let parts = strides
        .iter()
        .map(|t| synth::poly(&w.sym.store, *t))
        .collect::<Option<Vec<_>>>()
        .zip(synth::poly(&w.sym.store, a.off))
        .and_then(|(st, p)| synth::delinearize(&p, &st));
    match (parts, &shape[..]) {
        (Some(parts), [rows, cols]) => {
            let r = synth::term(&mut w.sym.store, &parts[0]);
            crate::witness::row_instances(&mut w.sym.store, r, *rows, *cols)
        }
        _ => vec![],
    }
}

/// What the launcher's reading rests on (a `cdiv` by a positive value), and what the loop
/// summaries rest on (a runtime step is positive where its loop runs).
pub(super) fn premises(w: &mut World, cx: &Checked, base: &[TermId]) -> Vec<Obligation> {
    let mut obligations = Vec::new();
    for (name, e) in &cx.setup.host.premises {
        let v = e.eval(&mut w.sym, &cx.program.sizes);
        let one = w.sym.store.int(1);
        let mut asr = base.to_vec();
        asr.push(w.sym.store.lt(v, one));
        obligations.push(Obligation {
            name: name.clone(),
            assertions: asr,
        });
    }
    for (name, premise) in &cx.program.machine.premises {
        let mut asr = base.to_vec();
        asr.push(w.sym.store.not(*premise));
        obligations.push(Obligation {
            name: name.clone(),
            assertions: asr,
        });
    }
    obligations
}

/// Every masked-in store writes the formula at its index (nothing without a formula). The
/// laws of the math functions the matching rests on go to `laws`.
pub(super) fn values(
    w: &mut World,
    cx: &Checked,
    base: &[TermId],
    laws: &mut Vec<&'static str>,
) -> Stage<Vec<Obligation>> {
    let mut obligations = Vec::new();
    let Some(f) = &cx.synthesis.formula else {
        return Ok(obligations);
    };
    for (k, a) in cx.accesses.iter().enumerate().filter(|(_, a)| a.store) {
        let def = f
            .defs
            .iter()
            .find(|d| d.output == cx.name_of(a.buf))
            .expect("checked above");
        let index = store_index(w, cx, k, a, def)?;
        let (fx, f_bad) = formula_value(w, cx, def, &index)?;
        let mut asr = base.to_vec();
        if let Some(mk) = a.mask {
            asr.push(mk);
        }
        obligations.extend(finite(w, a, &asr, f_bad));
        obligations.push(writes_formula(w, cx, a, def, asr, fx, index, laws)?);
    }
    Ok(obligations)
}

/// A store's index in its output, inside the shape.
struct StoreIndex {
    /// The index per dimension, as terms.
    terms: Vec<TermId>,
    /// That each index lies inside the output's shape.
    inside: Vec<TermId>,
    /// For an index through `//` or `%` of lanes, or split from an offset whose sign cases
    /// were dropped (`synth::split_offset`, which read the truncating operations of index
    /// arithmetic as Euclidean ones and `0 <= size` as true): that it addresses the
    /// store's element, `sum idx_d * stride_d == offset`, proved with the value.
    exact: Option<TermId>,
    /// Indices that may lie in a sum's domain (for "a sum of positive terms over a nonempty
    /// range is positive"): the output's, and 0.
    witnesses: Vec<TermId>,
}

/// The index of store `k` (access `a`) in the output `def` defines.
fn store_index(
    w: &mut World,
    cx: &Checked,
    k: usize,
    a: &SymAccess,
    def: &Def,
) -> Stage<StoreIndex> {
    let setup = cx.setup;
    let Some(oix) = cx.synthesis.out_index[k].clone() else {
        return Err(unknown(format!(
            "the store at {} does not split into the dimensions of `{}`",
            a.pos, def.output
        )));
    };
    if def.indices.len() != oix.len() {
        return Err(unknown(format!(
            "the formula indexes `{}` with {} indices; it has rank {}",
            def.output,
            def.indices.len(),
            oix.len()
        )));
    }
    // The split is the element's index only inside the shape.
    let shape: Vec<TermId> = setup.host.tensors[setup.buffers[a.buf]]
        .shape
        .clone()
        .iter()
        .map(|e| e.eval(&mut w.sym, &cx.program.sizes))
        .collect();
    // The kernel-level claim proves no coverage, so nothing pins a dimension the store
    // indexes at a constant (`tl.store(loss_ptr + row * stride, s)` viewed as `loss[i, j]`)
    // when the formula's value does not depend on that index: a formula over every `j` would
    // also hold of a store moved to another `j`. (A formula that reads its `j` tells a moved
    // store by its value: a tile of one lane writes `y[i, 0] = f(x[i, 0])`.)
    if setup.kernel_level {
        let pinned = oix.iter().enumerate().position(|(d, p)| {
            p.keys().all(|m| m.is_empty()) && !def.body.mentions(&def.indices[d])
        });
        if let Some(d) = pinned.filter(|d| w.sym.store.as_int(shape[*d]) != Some(1)) {
            let at = oix[d].get(&vec![]).copied().unwrap_or(0);
            return Err(unknown(format!(
                "the store at {} writes `{}` only at index {at} of its dimension {d}, which the kernel-level claim cannot pin (a formula over every index there would hold of a store moved along it)",
                a.pos, def.output
            )));
        }
    }
    let mut terms = Vec::new();
    let mut inside = Vec::new();
    for (p, n) in oix.iter().zip(&shape) {
        let t = cx.synthesis.index_term(&mut w.sym.store, p);
        let zero = w.sym.store.int(0);
        inside.push(w.sym.store.le(zero, t));
        inside.push(w.sym.store.lt(t, *n));
        terms.push(t);
    }
    // A split that rewrote the offset (quotients named, sign cases dropped) is proved to
    // address the store's element.
    let rewritten = synth::poly(&w.sym.store, a.off).is_none();
    let exact = match cx.synthesis.through_quotients(&oix) || rewritten {
        true => Some(recomposes(w, cx, a, &terms)),
        false => None,
    };
    let mut witnesses = terms.clone();
    witnesses.push(w.sym.store.int(0));
    Ok(StoreIndex {
        terms,
        inside,
        exact,
        witnesses,
    })
}

/// That the index `terms` of store `a` addresses its element through its output's strides.
fn recomposes(w: &mut World, cx: &Checked, a: &SymAccess, terms: &[TermId]) -> TermId {
    let strides: Vec<TermId> = cx.setup.host.tensors[cx.setup.buffers[a.buf]]
        .strides()
        .iter()
        .map(|e| e.eval(&mut w.sym, &cx.program.sizes))
        .collect();
    let parts: Vec<TermId> = terms
        .iter()
        .zip(&strides)
        .map(|(t, st)| w.sym.store.mul(vec![*t, *st]))
        .collect();
    let flat = w.sym.store.add(parts);
    w.sym.store.eq(flat, a.off)
}

/// The formula's value at the store's index, with where it is NaN and where infinite.
fn formula_value(
    w: &mut World,
    cx: &Checked,
    def: &Def,
    index: &StoreIndex,
) -> Stage<(SymVal, Option<(TermId, TermId)>)> {
    let scope = cx.setup.scope(
        &mut w.sym,
        &cx.program.sizes,
        def.indices
            .iter()
            .cloned()
            .zip(index.terms.clone())
            .collect(),
    );
    let fv = match formula::eval(&mut w.sym, &scope, &def.body) {
        Ok(b) => b,
        Err(e) if cx.synthesized => {
            return Err(unknown(format!(
                "the synthesized formula does not evaluate ({e}): synthesis was wrong"
            )));
        }
        Err(e) => {
            return Err(Verdict::Error {
                diagnostics: vec![report::Diagnostic {
                    span: report::Span::default(),
                    message: format!("in the formula: {e}"),
                }],
            });
        }
    };
    Ok(match fv.at(&mut w.sym, &[]) {
        crate::value::Elem::X { nan, pos, neg, v } => (v, Some((nan, w.sym.store.or2(pos, neg)))),
        e => (e.v(&mut w.sym), None),
    })
}

/// Neither side is NaN or infinite where the store writes (the formula language has no such
/// values; a max over an empty range would be one, `-inf - -inf` on a masked row NaN): a
/// stored NaN is never compared as a real. `asr`: the facts and the store's mask.
fn finite(
    w: &mut World,
    a: &SymAccess,
    asr: &[TermId],
    f_bad: Option<(TermId, TermId)>,
) -> Vec<Obligation> {
    let mut obligations = Vec::new();
    for (who, bad) in [("kernel", a.value_bad), ("formula", f_bad)] {
        let Some((nan, inf)) = bad else { continue };
        for (at, what) in [(nan, "not NaN"), (inf, "finite (not a max over no lanes)")] {
            if w.sym.store.as_bool(at) == Some(false) {
                continue;
            }
            let mut x = asr.to_vec();
            x.push(at);
            obligations.push(Obligation {
                name: format!("the store at {}: the {who}'s value is {what}", a.pos),
                assertions: x,
            });
        }
    }
    obligations
}

/// The store writes the formula's value `fx` at its index (inside the shape, unless that is
/// the claim's precondition). `asr`: the facts and the store's mask.
#[allow(clippy::too_many_arguments)]
fn writes_formula(
    w: &mut World,
    cx: &Checked,
    a: &SymAccess,
    def: &Def,
    mut asr: Vec<TermId>,
    fx: SymVal,
    index: StoreIndex,
    laws: &mut Vec<&'static str>,
) -> Stage<Obligation> {
    let (SymVal::Plain(kv), SymVal::Plain(fv)) = (a.value.clone().expect("a store"), fx) else {
        return Err(unknown(format!(
            "the store at {}: a value that is not a plain term (a reduction kept whole)",
            a.pos
        )));
    };
    let StoreIndex {
        mut inside,
        witnesses,
        exact,
        ..
    } = index;
    // Reductions proved equal (the kernel's among themselves, the formula's to the
    // kernel's) become one atom: a norm's repeated means are one.
    let mut ctx = asr.clone();
    ctx.extend(inside.iter().copied());
    let cfg = smt::SolverConfig {
        timeout: crate::clock::solver_limit(cx.limits.timeout),
    };
    let mut scaled = Vec::new();
    let (kv, fv, _misses) =
        crate::atoms::match_atoms(&mut w.sym, &ctx, kv, fv, cfg, laws, &mut scaled);
    if !scaled.is_empty() {
        // Sums matched up to a factor: the exp laws on the values' terms.
        let inst = crate::axioms::positive_instances(
            &mut w.sym.store,
            w.sym.exp,
            &[kv, fv],
            &scaled,
            &witnesses,
        );
        asr.extend(inst);
        laws.push(crate::axioms::EXP_POS);
        let (inst, used) = crate::axioms::log_instances(&mut w.sym.store, w.sym.exp, &[kv, fv]);
        asr.extend(inst);
        laws.extend(used);
    }
    let eq = w.sym.store.eq(kv, fv);
    if cx.setup.safety_assumed {
        // The store's element inside its tensor is the claim's precondition.
        asr.extend(inside.iter().copied());
        inside.clear();
    }
    inside.push(eq);
    inside.extend(exact);
    let good = w.sym.store.and(inside);
    asr.push(w.sym.store.not(good));
    Ok(Obligation {
        name: format!("the store at {} writes `{def}`", a.pos),
        assertions: asr,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::fixture::{with_checked, ADD_1D};

    fn names(obs: &[Obligation]) -> Vec<String> {
        obs.iter().map(|o| o.name.clone()).collect()
    }

    #[test]
    fn every_access_stays_inside_its_buffer() {
        with_checked(ADD_1D, |w, cx, base| {
            let obs = memory(w, cx, base);
            let n = names(&obs);
            assert_eq!(n.len(), 3);
            assert!(n[0].starts_with("the load at ") && n[0].ends_with("stays inside `x`"));
            assert!(n[2].starts_with("the store at ") && n[2].ends_with("stays inside `output`"));
            // The facts, the mask and the negated bound.
            assert!(obs.iter().all(|o| o.assertions.len() == base.len() + 2));
        });
    }

    #[test]
    fn the_store_writes_the_formula() {
        with_checked(ADD_1D, |w, cx, base| {
            let mut laws = Vec::new();
            let obs = values(w, cx, base, &mut laws).expect("comparable");
            let n = names(&obs);
            assert_eq!(n.len(), 1, "{n:?}");
            assert!(
                n[0].ends_with("writes `output[i] = x[i] + y[i]`"),
                "{}",
                n[0]
            );
            assert!(laws.is_empty());
        });
    }
}
