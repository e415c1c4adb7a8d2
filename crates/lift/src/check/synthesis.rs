//! Stage 2, the formula: the expected one, or one synthesized from each output's store
//! (`crate::synth`), and the output index of each store.
//!
//! Takes the symbolic run; gives the [`Synthesis`], and the verdict `unknown` when the
//! formula and the kernel disagree on the outputs.

use super::footprint::{buffer_name, Footprint};
use super::run::{PidAtoms, Program, SymAccess};
use super::world::World;
use super::{unknown, Stage};
use crate::formula::{self, Expr, Formula};
use crate::setup::Setup;
use crate::synth::{self, Names, Poly, Synth};
use smt::{FunId, SymId, TermId};
use symbolic::SymVal;

/// The formula of the check, and what the obligations read of the stores' indices.
pub(super) struct Synthesis {
    /// For each access, a store's output index per dimension; `None` for a load or a store
    /// whose offset does not split into the output's dimensions.
    pub(super) out_index: Vec<Option<Vec<Poly>>>,
    /// The `//` and `%` terms of the stores' offsets that stand as symbols in `out_index`
    /// (`synth::split_offset`), each with its term.
    pub(super) quotients: Vec<(SymId, TermId)>,
    /// The formula checked: the expected one, or the synthesized one.
    pub(super) formula: Option<Formula>,
    /// Why no formula was synthesized.
    pub(super) error: Option<String>,
}

impl Synthesis {
    /// The formula of `expect`, or (without one) synthesized from the stores of the run.
    pub(super) fn new(
        w: &mut World,
        setup: &Setup,
        expect: Option<&Formula>,
        program: &Program,
        accesses: &[SymAccess],
        atoms: &PidAtoms,
        io: &Footprint,
    ) -> Synthesis {
        let input_fns = input_functions(w);
        let mut out_index: Vec<Option<Vec<Poly>>> = Vec::new();
        let mut quotients = Vec::new();
        for a in accesses {
            let strides = stride_polys(w, setup, setup.buffers[a.buf]);
            out_index.push(match (a.store, strides) {
                (true, Some(st)) => {
                    synth::split_offset(&mut w.sym.store, a.off, &st, &mut quotients)
                }
                _ => None,
            });
        }
        let (formula, error) = match expect {
            Some(f) => (Some(f.clone()), None),
            None => {
                let mut names = names(w, setup, program, accesses, atoms, io, &input_fns);
                names.lanes.extend(quotients.iter().map(|q| q.0));
                names.quotients = quotients.clone();
                let taken: Vec<String> = setup
                    .host
                    .sizes
                    .iter()
                    .chain(&io.scalars)
                    .cloned()
                    .collect();
                match synthesize(w, setup, &names, &taken, accesses, &out_index) {
                    Ok(f) => (Some(f), None),
                    Err(e) => (None, Some(e)),
                }
            }
        };
        Synthesis {
            out_index,
            quotients,
            formula,
            error,
        }
    }
}

/// The run's input functions (and those a formula's evaluation made since), each with the
/// name of the tensor it reads.
pub(super) fn input_functions(w: &World) -> Vec<(FunId, String)> {
    w.sym
        .inputs
        .iter()
        .filter(|(k, _)| !k.contains('#'))
        .map(|(k, f)| (*f, k.rsplit_once('/').map(|x| x.0).unwrap_or(k).to_string()))
        .collect()
}

impl Synthesis {
    /// The term of a store's output index `p` (a dimension of `out_index`), with each
    /// quotient symbol replaced by its term.
    pub(super) fn index_term(&self, s: &mut smt::Store, p: &Poly) -> TermId {
        let t = synth::term(s, p);
        if self.quotients.is_empty() {
            return t;
        }
        let map = self.quotients.iter().map(|(v, q)| (*v, *q)).collect();
        s.substitute(t, &map)
    }

    /// Whether output index `p` names a quotient symbol (a dimension through `//` or `%`).
    pub(super) fn through_quotients(&self, p: &[Poly]) -> bool {
        p.iter().any(|d| {
            d.keys()
                .any(|m| m.iter().any(|v| self.quotients.iter().any(|q| q.0 == *v)))
        })
    }
}

/// The strides of tensor `t` as polynomials of the sizes, when they are.
fn stride_polys(w: &mut World, setup: &Setup, t: usize) -> Option<Vec<Poly>> {
    let sizes = w.size_terms();
    let terms: Vec<TermId> = setup.host.tensors[t]
        .strides()
        .iter()
        .map(|e| e.eval(&mut w.sym, &sizes))
        .collect();
    terms
        .into_iter()
        .map(|x| synth::poly(&w.sym.store, x))
        .collect()
}

/// The names of an output's `rank` indices: `i`, `j`, then `l`, `m`, ... (`k` names
/// summation variables), skipping names the kernel's sizes and scalars hold (`taken`).
fn output_indices(rank: usize, taken: &[String]) -> Vec<&'static str> {
    const NAMES: &[&str] = &["i", "j", "l", "m", "p", "q", "r", "u", "v", "w"];
    NAMES
        .iter()
        .copied()
        .filter(|n| !taken.iter().any(|t| t == n))
        .take(rank)
        .collect()
}

/// What the synthesizer knows of the run's symbols.
fn names(
    w: &mut World,
    setup: &Setup,
    program: &Program,
    accesses: &[SymAccess],
    atoms: &PidAtoms,
    io: &Footprint,
    input_fns: &[(FunId, String)],
) -> Names {
    let mut inputs = Vec::new();
    for (f, n) in input_fns {
        let Some(t) = setup.host.tensors.iter().position(|t| t.name == *n) else {
            continue;
        };
        if let Some(st) = stride_polys(w, setup, t) {
            inputs.push((*f, n.clone(), st));
        }
    }
    Names {
        // Loop iterations after program ids: `R*pid + t` pivots on `t`, `pid + 4*t`
        // still on `pid`.
        lanes: program
            .pid_syms
            .iter()
            .copied()
            .chain(program.loop_syms.iter().copied())
            .chain(atoms.atoms.syms())
            .chain(accesses.iter().flat_map(|a| a.lane_syms.clone()))
            .collect(),
        sizes: w
            .sizes
            .iter()
            .copied()
            .zip(setup.host.sizes.iter().cloned())
            .collect(),
        dims: setup
            .host
            .tensors
            .iter()
            .flat_map(|t| &t.shape)
            .filter_map(|e| match e {
                crate::host::HExpr::Size(k) => w.sizes.get(*k).copied(),
                _ => None,
            })
            .collect(),
        params: io
            .scalars
            .iter()
            .filter_map(|n| w.sym.store.find(n).map(|s| (s, n.clone())))
            .collect(),
        counts: program_counts(w, setup),
        inputs,
        quotients: vec![],
        exp: w.sym.exp,
        constexprs: setup.named_constexprs(),
        // Read with products of `exp`s collapsed (a rescaled sum's body, `exec::online`).
        atoms: {
            let exp = w.sym.exp;
            let mut ls = w.sym.folds.lambdas.clone();
            for l in &mut ls {
                l.body = crate::axioms::collapse_exp(&mut w.sym.store, exp, l.body);
            }
            ls
        },
    }
}

/// The numbers of programs the world names by symbols (`nprog{k}`), each written as its
/// grid's term where that is a polynomial of the sizes with integer coefficients.
fn program_counts(w: &mut World, setup: &Setup) -> Vec<(SymId, Expr)> {
    let sizes = w.size_terms();
    let grid = setup.nprog(&mut w.sym, &sizes);
    let names: Vec<(SymId, String)> = w
        .sizes
        .iter()
        .copied()
        .zip(setup.host.sizes.iter().cloned())
        .collect();
    let mut counts = Vec::new();
    for (k, p) in w.launch.nprog.clone().into_iter().enumerate() {
        let smt::Node::Sym(v) = *w.sym.store.node(p) else {
            continue;
        };
        let Some(poly) = grid.get(k).and_then(|g| synth::poly(&w.sym.store, *g)) else {
            continue;
        };
        if let Some(e) = synth::poly_of_names(&poly, &names) {
            counts.push((v, e));
        }
    }
    counts
}

/// One definition per output, from its first store (every store is checked against it), its
/// indices named apart from `taken`; why one was not synthesized.
fn synthesize(
    w: &mut World,
    setup: &Setup,
    names: &Names,
    taken: &[String],
    accesses: &[SymAccess],
    out_index: &[Option<Vec<Poly>>],
) -> Result<Formula, String> {
    let mut defs: Vec<formula::Def> = Vec::new();
    for (k, a) in accesses.iter().enumerate().filter(|(_, a)| a.store) {
        let output = buffer_name(setup, a.buf);
        if defs.iter().any(|d| d.output == output) {
            continue; // one formula per output; every store is checked against it
        }
        if setup.kernel_level {
            match pinned_cases(w, setup, names, taken, accesses, out_index, a.buf) {
                Some(Ok(def)) => {
                    defs.push(def);
                    continue;
                }
                Some(Err(e)) => {
                    return Err(format!(
                        "the formula of `{output}` was not synthesized: {e}"
                    ))
                }
                None => {}
            }
        }
        let guarded = super::guarded::guarded_cases(
            w,
            names,
            taken,
            accesses,
            out_index,
            a.buf,
            &output,
            setup.kernel_level,
        );
        let def = match guarded {
            Some(d) => Ok(d),
            None => definition(w, names, taken, a, &output, out_index[k].clone()),
        };
        match def {
            Ok((body, idx)) => defs.push(formula::Def {
                output,
                indices: idx.iter().map(|x| x.to_string()).collect(),
                body,
            }),
            Err(e) => {
                return Err(format!(
                    "the formula of `{output}` was not synthesized: {e}"
                ))
            }
        }
    }
    Ok(Formula { defs })
}

/// The most cases [`pinned_cases`] writes for one output.
const MAX_PINNED_CASES: usize = 8;

/// A kernel-level claim's output that its stores write at constant indices of a dimension
/// (`tl.store(dW + row * stride + 0, a)`, `... + 1, b)`, `... + 2, c)`, or one store at
/// column 0), as cases over those indices that leave every other element as it was:
/// `dW[i, j] = where(j == 0, a, where(j == 1, b, where(j == 2, c, dW[i, j])))`. The claim
/// proves no coverage, so a formula that did not say where the store writes would hold of a
/// store moved along the dimension; by cases, a moved store writes a value the formula does
/// not give there (the element's old one). `None` when no store of the output is pinned, one
/// is an atomic, or another writes the dimension along a lane (the first store's definition
/// then stands, as before).
fn pinned_cases(
    w: &mut World,
    setup: &Setup,
    names: &Names,
    taken: &[String],
    accesses: &[SymAccess],
    out_index: &[Option<Vec<Poly>>],
    buf: usize,
) -> Option<Result<formula::Def, String>> {
    let stores: Vec<usize> = (0..accesses.len())
        .filter(|k| accesses[*k].store && accesses[*k].buf == buf)
        .collect();
    let mut cases: Vec<(Vec<(usize, i128)>, usize)> = Vec::new();
    for &k in &stores {
        let ix = out_index[k].as_ref()?;
        if accesses[k].total.is_some() {
            return None;
        }
        // A dimension of length 1 is pinned by its shape (the obligations' rule exempts it).
        let shape = &setup.host.tensors[setup.buffers[buf]].shape;
        let pinned: Vec<(usize, i128)> = ix
            .iter()
            .enumerate()
            .filter(|(d, p)| {
                p.keys().all(|m| m.is_empty())
                    && !matches!(shape.get(*d), Some(crate::host::HExpr::Lit(1)))
            })
            .map(|(d, p)| (d, p.get(&vec![]).copied().unwrap_or(0)))
            .collect();
        if pinned.is_empty() {
            return None;
        }
        // A later store at the same indices is checked against the first one's case.
        if !cases.iter().any(|(c, _)| *c == pinned) {
            cases.push((pinned, k));
        }
    }
    // An unrolled loop's stores at each of many indices (`tl.static_range(0, HC)`) are one
    // formula of the index, not a case each: left to the first store's definition.
    if cases.len() > MAX_PINNED_CASES {
        return None;
    }
    let output = buffer_name(setup, buf);
    let rank = out_index[*stores.first()?].as_ref()?.len();
    let idx = output_indices(rank, taken);
    let vars: Vec<Expr> = idx.iter().map(|x| Expr::Var(x.to_string())).collect();
    let mut body = Expr::Read(output.clone(), vars.clone());
    for (pinned, k) in cases.into_iter().rev() {
        let value = match definition(w, names, taken, &accesses[k], &output, out_index[k].clone()) {
            Ok((v, _)) => v,
            Err(e) => return Some(Err(e)),
        };
        let mut at: Option<Expr> = None;
        for (d, c) in pinned {
            let eq = Expr::Cmp("==", Box::new(vars[d].clone()), Box::new(Expr::Num(c, 1)));
            at = Some(match at {
                None => eq,
                Some(a) => Expr::Logic(true, Box::new(a), Box::new(eq)),
            });
        }
        let at = at.expect("a pinned dimension");
        body = Expr::Call("where".into(), vec![at, value, body]);
    }
    Some(Ok(formula::Def {
        output,
        indices: idx.iter().map(|x| x.to_string()).collect(),
        body,
    }))
}

/// The body of the definition a store writes, with its index names.
pub(super) fn definition(
    w: &mut World,
    names: &Names,
    taken: &[String],
    a: &SymAccess,
    output: &str,
    out_index: Option<Vec<Poly>>,
) -> Result<(Expr, Vec<&'static str>), String> {
    let out = out_index.ok_or("the store's offset does not split into the output's dimensions")?;
    let idx = output_indices(out.len(), taken);
    let mut sy = Synth::new(&mut w.sym.store, names, out, &idx)?;
    sy.mask = a.mask;
    sy.name_programs_by_index(&a.lanes());
    if let Some(total) = &a.total {
        // An atomic's element: its contents before the kernel plus what the atomics add.
        let v = sy.under_mask(total.added, a.mask);
        let added = sy.expr(v)?;
        let old = Expr::Read(
            output.to_string(),
            idx.iter().map(|x| Expr::Var(x.to_string())).collect(),
        );
        return Ok((Expr::Bin('+', Box::new(old), Box::new(added)), idx));
    }
    match a.value.clone().expect("stores have values") {
        SymVal::Plain(t) => {
            let v = sy.under_mask(t, a.mask);
            let first = sy.expr(v);
            // Products of `exp`s made one (`exp(y - m) * exp(m)` is `exp(y)`, equal by the
            // axiom the proof instantiates): a tile's running maximum that a kernel shifts by
            // and compensates is then gone from the value.
            let r = first.or_else(|e| {
                let collapsed = crate::axioms::collapse_exp(sy.s, names.exp, v);
                match collapsed == v {
                    true => Err(e),
                    false => sy.expr(collapsed).map_err(|_| e),
                }
            });
            r.map(|e| (e, idx))
        }
        SymVal::Red(_) => Err("a reduction that is not an atom".to_string()),
        SymVal::Inf(_) => Err("an infinite value".to_string()),
    }
}

/// Why `f` and the kernel's outputs `written` (by name) disagree: an output the formula
/// does not define, or a definition of a tensor the kernel does not write.
fn outputs_disagree(f: &Formula, written: &[String]) -> Option<String> {
    for name in written {
        if !f.defs.iter().any(|d| d.output == *name) {
            return Some(format!("the formula does not define the output `{name}`"));
        }
    }
    for d in &f.defs {
        if !written.contains(&d.output) {
            return Some(format!(
                "the formula defines `{}`, which the kernel does not write",
                d.output
            ));
        }
    }
    None
}

/// The formula defines exactly the buffers `stored`.
pub(super) fn check_outputs(setup: &Setup, f: &Formula, stored: &[usize]) -> Stage<()> {
    let written: Vec<String> = stored.iter().map(|b| buffer_name(setup, *b)).collect();
    match outputs_disagree(f, &written) {
        Some(why) => Err(unknown(why)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::fixture::{with_setup, ADD_1D, ADD_2D, ROW_SUM_LOOPED};
    use crate::check::{footprint::Footprint, run, Limits};
    use std::time::Duration;

    /// The synthesis of the first kernel of `src`.
    fn synthesized(src: &str) -> Synthesis {
        with_setup(src, |setup| {
            let mut w = run::world(setup);
            let p = run::run(setup, &mut w).expect("runs");
            let io = Footprint::of(setup, &p.machine.accesses);
            let mut acc = run::evaluate(&mut w, &p.machine, "");
            let limits = Limits::new(Duration::from_secs(2));
            let atoms = run::name_pid_atoms(&mut w, &p.pid_syms, &mut acc, &limits);
            Synthesis::new(&mut w, setup, None, &p, &acc, &atoms, &io)
        })
    }

    #[test]
    fn a_1d_add_is_synthesized() {
        let s = synthesized(ADD_1D);
        assert_eq!(s.error, None);
        let f = s.formula.expect("a formula").to_string();
        assert_eq!(f, "output[i] = x[i] + y[i]");
        // Loads have no output index; the store one dimension.
        assert_eq!(s.out_index.iter().filter(|x| x.is_some()).count(), 1);
        assert_eq!(s.out_index[2].as_ref().map(|i| i.len()), Some(1));
    }

    #[test]
    fn a_2d_store_splits_into_two_indices() {
        let s = synthesized(ADD_2D);
        assert_eq!(s.out_index[2].as_ref().map(|i| i.len()), Some(2));
        assert_eq!(
            s.formula.expect("a formula").to_string(),
            "out[i, j] = x[i, j] + y[i, j]"
        );
    }

    #[test]
    fn a_looped_row_sum_is_a_sum() {
        let s = synthesized(ROW_SUM_LOOPED);
        let f = s.formula.expect("a formula").to_string();
        assert!(f.starts_with("out[i] = sum("), "{f}");
    }

    #[test]
    fn output_indices_skip_the_kernels_names() {
        assert_eq!(output_indices(2, &[]), vec!["i", "j"]);
        let taken = vec!["j".to_string(), "n".to_string()];
        assert_eq!(output_indices(3, &taken), vec!["i", "l", "m"]);
    }

    #[test]
    fn the_formula_must_define_exactly_the_outputs() {
        let f = Formula::parse("out[i] = x[i]").expect("parses");
        assert_eq!(outputs_disagree(&f, &["out".to_string()]), None);
        assert_eq!(
            outputs_disagree(&f, &["out".to_string(), "y".to_string()]).as_deref(),
            Some("the formula does not define the output `y`")
        );
        assert_eq!(
            outputs_disagree(&f, &[]).as_deref(),
            Some("the formula defines `out`, which the kernel does not write")
        );
    }
}
