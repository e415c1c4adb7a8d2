//! The float facts of [`crate::base::domain`] applied again after `smt::simplify_arith`.
//!
//! The symbolic domain builds its IEEE facts in at construction: literal operands are folded,
//! `addf`/`mulf` order their arguments (commutativity), identities are dropped. Construction
//! sees the terms before the simplifier has used the query's bounds, so an element of a
//! constant tensor read at an index the bounds fix (an `ite` over the index) becomes a literal,
//! and two index expressions written differently (`d3 floordiv 11` and a collapsed index)
//! become one term, only afterwards. Then `addf(+0.0, -0.0)` stays uninterpreted and `mulf(a,
//! b)` and `mulf(b, a)` stay two terms, and the solver finds models that no IEEE input replays
//! (`litmus/tosa-ops/conv2d3`, `opts/tosa-to-linalg/depthwise3`). [`refold`] rebuilds every
//! float application of the simplified query through the same constructors, which applies
//! exactly the facts construction applies and nothing more.

use crate::base::domain::Combiner;
use crate::base::domain::FUn;
use crate::base::domain::{FBin, FTy, MDomain};
use crate::ops::fold::{self};
use smt::{Node, TermId};
use std::collections::HashMap;
use symbolic::Sym;

/// `assertions` with every float application rebuilt by its constructor, bottom-up.
pub(crate) fn refold(d: &mut Sym, assertions: &[TermId]) -> Vec<TermId> {
    let mut memo: HashMap<TermId, TermId> = HashMap::new();
    assertions
        .iter()
        .map(|a| refold_term(d, *a, &mut memo))
        .collect()
}

/// One term, in post-order with an explicit stack (folds can be deep chains).
fn refold_term(d: &mut Sym, root: TermId, memo: &mut HashMap<TermId, TermId>) -> TermId {
    let mut stack = vec![(root, false)];
    while let Some((t, expanded)) = stack.pop() {
        if memo.contains_key(&t) {
            continue;
        }
        let kids = d.store.children(t);
        if !expanded {
            stack.push((t, true));
            stack.extend(
                kids.iter()
                    .filter(|k| !memo.contains_key(k))
                    .map(|k| (*k, false)),
            );
            continue;
        }
        let new: Vec<TermId> = kids.iter().map(|k| memo[k]).collect();
        let r = rebuild(d, t, &kids, &new);
        memo.insert(t, r);
    }
    memo[&root]
}

/// Node `t` with children `new` (its old children being `kids`).
fn rebuild(d: &mut Sym, t: TermId, kids: &[TermId], new: &[TermId]) -> TermId {
    if let Node::App(f, _) = d.store.node(t) {
        let name = d.store.fun_name(*f).to_string();
        if let Some(r) = float_app(d, &name, new) {
            return r;
        }
    }
    if kids == new {
        return t;
    }
    // Every child is in the map, so `replace` stops at them: the node is rebuilt once, with
    // the store's own simplification.
    let map: HashMap<TermId, TermId> = kids.iter().copied().zip(new.iter().copied()).collect();
    d.store.replace(t, &map)
}

/// The float application `name(args)` built by its constructor, if `name` is one of the
/// abstract float functions of [`crate::base::domain`] (exact-mode and multiset sums included).
fn float_app(d: &mut Sym, name: &str, args: &[TermId]) -> Option<TermId> {
    let (head, rest) = name.split_once('_')?;
    let ty = |s: &str| {
        [FTy::F16, FTy::BF16, FTy::F32, FTy::F64]
            .into_iter()
            .find(|t| t.name() == s)
    };
    let bin = |op: FBin| -> Option<(FBin, FTy)> { Some((op, ty(rest)?)) };
    let r = match (head, args) {
        ("addf", [a, b]) => bin(FBin::Add).map(|(op, t)| d.f_bin(op, t, a, b))?,
        ("mulf", [a, b]) => bin(FBin::Mul).map(|(op, t)| d.f_bin(op, t, a, b))?,
        ("divf", [a, b]) => bin(FBin::Div).map(|(op, t)| d.f_bin(op, t, a, b))?,
        ("negf", [a]) => d.f_neg(ty(rest)?, a),
        ("itofp", [a]) => d.f_of_int(ty(rest)?, a),
        ("convf", [a]) => {
            let (from, to) = rest.split_once('_')?;
            d.f_conv(ty(from)?, ty(to)?, a)
        }
        // `fold_addf_f32_N` (exact mode) and `msum_addf_f32_N` (reassociation mode).
        ("fold" | "msum", _) => {
            let (op, rest) = rest.split_once('_')?;
            let (t, _) = rest.split_once('_')?;
            let k = match op {
                "addf" => Combiner::Add,
                "mulf" => Combiner::Mul,
                _ => return None,
            };
            fold::sym_fold_f(d, k, ty(t)?, args)
        }
        (f, _) => {
            let f = FUn::of_name(f)?;
            if args.len() != f.arity() {
                return None;
            }
            d.f_app(f, ty(rest)?, args)
        }
    };
    Some(r)
}

/// `smt::simplify_arith`, then [`refold`], then the simplifier again when refolding changed
/// something (a folded literal can decide a comparison).
pub(crate) fn simplify(d: &mut Sym, assertions: &[TermId]) -> Vec<TermId> {
    let simple = smt::simplify_arith(&mut d.store, assertions);
    let refolded = refold(d, &simple);
    if refolded == simple {
        return simple;
    }
    smt::simplify_arith(&mut d.store, &refolded)
}
