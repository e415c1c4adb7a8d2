//! The stores of one output on both sides of a runtime `if` (a branch on a loaded value:
//! `if y == ignore_index: store 0 ... else: store g`), read as cases of one formula.
//!
//! The symbolic run executes both sides of such an `if`, each store under its side's guard
//! (a conjunct of its mask, `crate::exec`); the first store alone would give the formula of
//! one side, which the samples of the other side refute. Here the stores become
//! `where(guard2, v2, v1)`, a later store over the earlier ones as the kernel leaves them.

use super::run::SymAccess;
use super::synthesis::definition;
use super::world::World;
use crate::formula::Expr;
use crate::synth::{Names, Poly, Synth};
use smt::{Node, Store, TermId};
use symbolic::SymVal;

/// An output that several plain stores write at the same index under different guards, as
/// cases in program order (`where(guard_n, v_n, ... where(guard_2, v_2, v_1))`): each guard
/// is the conjuncts of its store's mask that the masks of the output's stores do not all
/// share. `None` when the output has an atomic store, a store whose value has no formula,
/// stores of one value, or a later store without a guard of its own (the first store's
/// definition then stands, and the verifier checks every store against it, as before); for
/// one store, see [`only_where_data`]. A guess like every synthesized formula: the verifier
/// checks every store against it.
pub(super) fn guarded_cases(
    w: &mut World,
    names: &Names,
    taken: &[String],
    accesses: &[SymAccess],
    out_index: &[Option<Vec<Poly>>],
    buf: usize,
    output: &str,
    kernel_level: bool,
) -> Option<(Expr, Vec<&'static str>)> {
    // A store at an index read from memory (`dX[row, y]`) has no output index: not a case
    // here (the verifier still checks it against the formula).
    let stores: Vec<usize> = (0..accesses.len())
        .filter(|k| accesses[*k].store && accesses[*k].buf == buf && out_index[*k].is_some())
        .collect();
    if stores.is_empty() || (stores.len() < 2 && !kernel_level) {
        return None;
    }
    // The stores write one region: their output indices agree but for the lanes and loop
    // iterations each names its own (stores at `j` and `j + ffn_size` are two halves, whose
    // cases their lane bounds do not separate).
    let region = |p: &Vec<Poly>| -> Vec<Poly> {
        p.iter()
            .map(|d| {
                d.iter()
                    .filter(|(m, _)| !m.iter().any(|v| names.lanes.contains(v)))
                    .map(|(m, c)| (m.clone(), *c))
                    .collect()
            })
            .collect()
    };
    let first = region(out_index[stores[0]].as_ref()?);
    for &k in &stores {
        let a = &accesses[k];
        let plain = matches!(a.value, Some(SymVal::Plain(_)));
        let same_region = out_index[k].as_ref().map(region) == Some(first.clone());
        if a.total.is_some() || a.rmw.is_some() || !plain || !same_region {
            return None;
        }
    }
    // Each store's value and the conditions of its mask, in the output's indices (each
    // store names its own lanes and loop iterations by them).
    let mut cases: Vec<(Expr, Vec<Expr>)> = Vec::new();
    let mut idx = Vec::new();
    for &k in &stores {
        let a = &accesses[k];
        let index = out_index[k].clone();
        // A store whose value has no formula: the first store's definition stands, as
        // before (its error, if it has one, is the one reported).
        let (v, names_of) = definition(w, names, taken, a, output, index.clone()).ok()?;
        let parts = conjuncts(&w.sym.store, a.mask);
        let conds = conditions(w, names, a, &index?, &names_of, &parts);
        idx = names_of;
        cases.push((v, conds));
    }
    // A guard: the conditions of a store's mask that not every store's mask has.
    let shared = |c: &Expr| cases.iter().all(|(_, o)| o.contains(c));
    let guards: Vec<Vec<Expr>> = cases
        .iter()
        .map(|(_, cs)| cs.iter().filter(|c| !shared(c)).cloned().collect())
        .collect();
    // Every store writing the same value: one definition, as before.
    let same = cases.iter().all(|(v, _)| *v == cases[0].0);
    if guards[1..].iter().any(|g| g.is_empty()) || (cases.len() > 1 && same) {
        return None;
    }
    if cases.len() == 1 {
        return only_where_data(cases.pop()?, output, idx);
    }
    let mut cases = cases.into_iter().zip(guards);
    // (more than one store here)
    let ((mut body, _), _) = cases.next()?;
    for ((v, _), g) in cases {
        let cond = g
            .into_iter()
            .reduce(|a, b| Expr::Logic(true, Box::new(a), Box::new(b)))?;
        body = Expr::Call("where".into(), vec![cond, v, body]);
    }
    Some((body, idx))
}

/// A kernel-level claim's output that one store writes where a condition on loaded data
/// holds (`if label == ignore_index: return` before it): the other elements keep their
/// contents, `where(label[i] != ignore_index, v, loss[i])`. `None` when no condition of the
/// store's mask reads data (the store's value alone is then the definition, as before).
fn only_where_data(
    (value, conds): (Expr, Vec<Expr>),
    output: &str,
    idx: Vec<&'static str>,
) -> Option<(Expr, Vec<&'static str>)> {
    let cond = conds
        .into_iter()
        .filter(reads_data)
        .reduce(|a, b| Expr::Logic(true, Box::new(a), Box::new(b)))?;
    let old = Expr::Read(
        output.to_string(),
        idx.iter().map(|x| Expr::Var(x.to_string())).collect(),
    );
    Some((Expr::Call("where".into(), vec![cond, value, old]), idx))
}

/// Whether a formula reads a tensor.
fn reads_data(e: &Expr) -> bool {
    match e {
        Expr::Read(..) => true,
        Expr::Num(..) | Expr::Var(_) => false,
        Expr::Neg(a) => reads_data(a),
        Expr::Bin(_, a, b) | Expr::Cmp(_, a, b) | Expr::Logic(_, a, b) => {
            reads_data(a) || reads_data(b)
        }
        Expr::Call(_, xs) => xs.iter().any(reads_data),
    }
}

/// The conjuncts of a mask, nested conjunctions flattened.
fn conjuncts(s: &Store, mask: Option<TermId>) -> Vec<TermId> {
    let mut out = Vec::new();
    let mut todo: Vec<TermId> = mask.into_iter().collect();
    while let Some(t) = todo.pop() {
        match s.node(t) {
            Node::And(xs) => todo.extend(xs.iter().rev()),
            _ if !out.contains(&t) => out.push(t),
            _ => {}
        }
    }
    out
}

/// The formulas of the conditions `parts` of a store's mask, its indices named as the
/// store's value names them; a condition with no formula (a loop's range over its own
/// iteration count) is left out.
fn conditions(
    w: &mut World,
    names: &Names,
    a: &SymAccess,
    index: &[Poly],
    idx: &[&'static str],
    parts: &[TermId],
) -> Vec<Expr> {
    let Ok(mut sy) = Synth::new(&mut w.sym.store, names, index.to_vec(), idx) else {
        return vec![];
    };
    sy.name_programs_by_index(&a.lanes());
    let mut out: Vec<Expr> = Vec::new();
    for &p in parts {
        if let Ok(e) = sy.expr(p) {
            if !out.contains(&e) {
                out.push(e);
            }
        }
    }
    out
}
