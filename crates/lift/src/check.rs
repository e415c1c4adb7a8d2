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

use crate::formula::{self, Formula};
use crate::host::HostArg;
use crate::mem::{Machine, Pos};
use crate::pidmap::{self, ProgramAtoms};
use crate::replay::{constant_inputs, refute, replay, sample_inputs, Failure, Inputs};
use crate::synth::{self, Names, Synth};
use report::Verdict;
use smt::{CheckResult, Sort, Store, SymId, TermId, Value};
use std::collections::{BTreeMap, HashMap};
use std::time::Duration;
use symbolic::{Sym, SymVal};
use tensor::{Concrete, Rat, Scalar};

use crate::setup::Setup;

pub(crate) struct Outcome {
    pub verdict: Verdict,
    pub formula: Option<String>,
    pub reads: Vec<String>,
    pub writes: Vec<String>,
    pub assumptions: Vec<String>,
}

/// The symbolic world of one check.
struct World {
    sym: Sym,
    sizes: Vec<SymId>,
    facts: Vec<TermId>,
    /// `tl.num_programs(axis)` of the three axes: a literal, or a symbol `nprog{k}` with
    /// the fact that it equals the grid's term (so `pid + P*t` is a polynomial); likewise
    /// the integer arguments that are no polynomial of the sizes (`rows_per_program =
    /// triton.cdiv(n_rows, SM_COUNT)`: a symbol `arg_rows_per_program`).
    launch: crate::setup::Launch<Sym>,
    /// The symbols of `launch`: steps of persistent loops (`crate::witness`).
    step_syms: Vec<SymId>,
    /// The sizes and the symbols of the integer arguments: what program atoms may hold
    /// besides program ids (`crate::pidmap`).
    size_like: Vec<SymId>,
}

impl World {
    /// The world of `setup`, naming the program counts that are no literal and the integer
    /// arguments that are no polynomial of the sizes, those whose symbol's name (`nprog0`,
    /// `arg_R`) `keep` accepts.
    fn new(setup: &Setup, keep: &dyn Fn(&str) -> bool) -> World {
        let mut sym = Sym::new(Store::new());
        let mut sizes = Vec::new();
        let mut facts = Vec::new();
        for (k, _) in setup.host.sizes.iter().enumerate() {
            // A block size computed from sizes is `block{k}` (`crate::atoms::placeholder`).
            let name = if setup.host.is_block(k) {
                format!("block{k}")
            } else {
                format!("size{k}")
            };
            let v = sym.store.declare(&name, Sort::Int);
            let t = sym.store.sym(v);
            let one = sym.store.int(1);
            facts.push(sym.store.le(one, t));
            sizes.push(v);
        }
        let terms: Vec<TermId> = sizes.iter().map(|v| sym.store.sym(*v)).collect();
        for (a, op, b) in &setup.host.facts {
            let (x, y) = (a.eval(&mut sym, &terms), b.eval(&mut sym, &terms));
            facts.push(op.holds(&mut sym, &x, &y));
        }
        let mut nprog = setup.nprog(&mut sym, &terms);
        let mut step_syms = Vec::new();
        for (k, p) in nprog.iter_mut().enumerate() {
            if sym.store.as_int(*p).is_none() && keep(&format!("nprog{k}")) {
                let v = sym.store.declare(&format!("nprog{k}"), Sort::Int);
                let t = sym.store.sym(v);
                facts.push(sym.store.eq(t, *p));
                step_syms.push(v);
                *p = t;
            }
        }
        let mut size_like = sizes.clone();
        let mut ints = Vec::new();
        for (k, (name, arg)) in setup.host.args.iter().enumerate() {
            let HostArg::Int(h) = arg else { continue };
            let e = h.eval(&mut sym, &terms);
            if synth::poly(&sym.store, e).is_some() || !keep(&format!("arg_{name}")) {
                continue;
            }
            let v = sym.store.declare(&format!("arg_{name}"), Sort::Int);
            let t = sym.store.sym(v);
            facts.push(sym.store.eq(t, e));
            step_syms.push(v);
            size_like.push(v);
            ints.push((k, t));
        }
        World {
            sym,
            sizes,
            facts,
            launch: crate::setup::Launch { nprog, ints },
            step_syms,
            size_like,
        }
    }
    fn size_terms(&mut self) -> Vec<TermId> {
        self.sizes
            .clone()
            .into_iter()
            .map(|v| self.sym.store.sym(v))
            .collect()
    }
    fn fresh_in(&mut self, base: &str, lo: TermId, hi: TermId) -> (SymId, TermId) {
        let v = self.sym.store.fresh(base, Sort::Int);
        let t = self.sym.store.sym(v);
        let a = self.sym.store.le(lo, t);
        let b = self.sym.store.lt(t, hi);
        self.facts.push(a);
        self.facts.push(b);
        (v, t)
    }
    /// A program instance with symbolic ids in the grid.
    fn pids(&mut self, setup: &Setup, tag: &str) -> (Vec<SymId>, Vec<TermId>) {
        let sizes = self.size_terms();
        let zero = self.sym.store.int(0);
        let mut vs = Vec::new();
        let mut ts = Vec::new();
        for (k, g) in setup.host.grid.clone().iter().enumerate() {
            let gt = g.eval(&mut self.sym, &sizes);
            let (v, t) = self.fresh_in(&format!("pid{k}{tag}"), zero, gt);
            vs.push(v);
            ts.push(t);
        }
        while ts.len() < 3 {
            ts.push(zero);
        }
        (vs, ts)
    }
    fn lanes(&mut self, shape: &[usize], tag: &str) -> (Vec<SymId>, Vec<TermId>) {
        let zero = self.sym.store.int(0);
        let mut vs = Vec::new();
        let mut ts = Vec::new();
        for (k, n) in shape.iter().enumerate() {
            let hi = crate::value::LDomain::extent(&mut self.sym, *n);
            let (v, t) = self.fresh_in(&format!("lane{k}{tag}"), zero, hi);
            vs.push(v);
            ts.push(t);
        }
        (vs, ts)
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

/// The whole check of one kernel.
pub(crate) fn check(setup: &Setup, expect: Option<&Formula>, limits: &Limits) -> Outcome {
    // Whether the formula is ours (synthesized here or in the first case), not the user's.
    let synthesized = expect.is_none() || setup.formula_of_first_case;
    let mut assumptions = vec![
        "floating-point values are modelled as reals (no rounding, overflow, NaN or infinity)"
            .to_string(),
        "buffers of different tensors do not overlap".to_string(),
        if setup.host.tensors.iter().any(|t| t.strides.is_some()) {
            "every size is at least 1; tensors are contiguous except the strided views stated below"
                .to_string()
        } else {
            "every size is at least 1; tensors are contiguous".to_string()
        },
        "index arithmetic is exact (no 32-bit overflow of offsets)".to_string(),
    ];
    assumptions.extend(setup.host.assumptions.iter().cloned());
    let mut out = Outcome {
        verdict: Verdict::Unknown {
            reason: String::new(),
        },
        formula: None,
        reads: vec![],
        writes: vec![],
        assumptions,
    };
    let unknown = |reason: String| Verdict::Unknown { reason };

    // 1. Symbolic run of one program with symbolic ids and sizes.
    let mut w = World::new(setup, &|_| true);
    // Program counts and arguments are named to keep access offsets polynomial (`pid +
    // P*t`, `R*pid + t`); one that no offset uses (a grid `cdiv(M, BM) * cdiv(N, BN)` of a
    // kernel that never reads `tl.num_programs`, a `range(0, tiles_per_cta)` bound) stays
    // its term, as do the queries. A first run finds which ones offsets use.
    if !w.step_syms.is_empty() {
        let (_, pids) = w.pids(setup, "");
        let sizes = w.size_terms();
        let mut used: Vec<String> = Vec::new();
        if let Ok(m) = setup.program_in(&mut w.sym, &sizes, pids, &w.launch) {
            for (k, a) in m.accesses.iter().enumerate() {
                let (_, ts) = w.lanes(&a.offset.shape, &format!("probe{k}"));
                let off = a.offset.at(&mut w.sym, &ts).i(&mut w.sym);
                for v in w.sym.store.symbols_of(off) {
                    used.push(w.sym.store.sym_name(v).to_string());
                }
            }
        }
        w = World::new(setup, &|n| used.iter().any(|u| u == n));
    }
    let sizes = w.size_terms();
    let (pid_syms, pids) = w.pids(setup, "");
    let m = match setup.program_in(&mut w.sym, &sizes, pids.clone(), &w.launch) {
        Ok(m) => m,
        Err(u) => {
            let reason = format!("unsupported construct {} at {}", u.what, u.pos);
            out.verdict =
                bounded_only(setup, expect, &mut out).unwrap_or(Verdict::Unknown { reason });
            // The expected formula is still shown (and rendered, for the differential check).
            out.formula = expect.map(|f| f.to_string());
            return out;
        }
    };
    let loop_syms: Vec<SymId> = m
        .loops
        .iter()
        .filter_map(|t| match w.sym.store.node(*t) {
            smt::Node::Sym(v) => Some(*v),
            _ => None,
        })
        .collect();
    let nbuf = setup.buffers.len();
    let name_of = |b: usize| setup.host.tensors[setup.buffers[b]].name.clone();
    let stored: Vec<usize> = (0..nbuf)
        .filter(|b| m.accesses.iter().any(|a| a.store && a.buf == *b))
        .collect();
    let loaded: Vec<usize> = (0..nbuf)
        .filter(|b| m.accesses.iter().any(|a| !a.store && a.buf == *b))
        .collect();
    out.reads = loaded.iter().map(|b| name_of(*b)).collect();
    out.writes = stored.iter().map(|b| name_of(*b)).collect();
    // In place: loads read a buffer's initial contents, which is what they see when every
    // load of it comes before every store to it in the program, and no other program stores
    // what one loads (an obligation below).
    let in_place: Vec<usize> = stored
        .iter()
        .copied()
        .filter(|b| loaded.contains(b))
        .collect();
    for &b in &in_place {
        let first_store = m.accesses.iter().position(|a| a.store && a.buf == b);
        let last_load = m.accesses.iter().rposition(|a| !a.store && a.buf == b);
        if let (Some(st), Some(ld)) = (first_store, last_load) {
            if ld > st {
                out.verdict = unknown(format!("the kernel loads `{}` at {} after storing to it (a load that may see a store is not supported yet)", name_of(b), m.accesses[ld].pos));
                return out;
            }
        }
    }
    if !in_place.is_empty() {
        out.assumptions.push(format!(
            "{} read and written in place: each element is read before it is written",
            in_place
                .iter()
                .map(|b| format!("`{}`", name_of(*b)))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if stored.is_empty() {
        out.verdict = unknown("the kernel stores nothing".into());
        return out;
    }
    for &b in &stored {
        let t = &setup.host.tensors[setup.buffers[b]];
        if t.shape.is_empty() || t.shape.len() > 2 {
            out.verdict = unknown(format!(
                "output `{}` has rank {} (this slice proves ranks 1 and 2)",
                t.name,
                t.shape.len()
            ));
            return out;
        }
    }
    let scalars = scalar_params(setup);

    // Evaluate each access at symbolic lanes.
    struct SymAccess {
        store: bool,
        buf: usize,
        lane_syms: Vec<SymId>,
        lane_facts: usize,
        mask: Option<TermId>,
        off: TermId,
        value: Option<SymVal>,
        /// Where the stored value is NaN, and where it is infinite (an extended real,
        /// `Elem::X`).
        value_bad: Option<(TermId, TermId)>,
        pos: Pos,
    }
    let name_access = |s: &mut Store, pa: &ProgramAtoms, a: &mut SymAccess| {
        a.off = pa.name_in(s, a.off);
        a.mask = a.mask.map(|m| pa.name_in(s, m));
        a.value_bad = a
            .value_bad
            .map(|(n, i)| (pa.name_in(s, n), pa.name_in(s, i)));
        if let Some(SymVal::Plain(t)) = a.value {
            a.value = Some(SymVal::Plain(pa.name_in(s, t)));
        }
    };
    let eval_accesses = |w: &mut World, m: &Machine<Sym>, tag: &str| -> Vec<SymAccess> {
        let mut out = Vec::new();
        for (k, a) in m.accesses.iter().enumerate() {
            let (vs, mut ts) = w.lanes(&a.offset.shape, &format!("{tag}_{k}"));
            // A dimension of one lane is lane 0 (`tl.arange(0, 1)`).
            for (t, n) in ts.iter_mut().zip(&a.offset.shape) {
                if *n == 1 {
                    *t = w.sym.store.int(0);
                }
            }
            let off = a.offset.at(&mut w.sym, &ts).i(&mut w.sym);
            let mask = a
                .mask
                .as_ref()
                .map(|mk| mk.at(&mut w.sym, &ts).b(&mut w.sym));
            let before = w.sym.unsupported.is_some();
            let (value, value_bad) = match a.value.as_ref().map(|v| v.at(&mut w.sym, &ts)) {
                Some(crate::value::Elem::X { nan, pos, neg, v }) => {
                    (Some(v), Some((nan, w.sym.store.or2(pos, neg))))
                }
                Some(e) => (Some(e.v(&mut w.sym)), None),
                None => (None, None),
            };
            // Name the access whose evaluation met an unsupported value (values are built
            // lazily, so this is where the position is known).
            if !before {
                if let Some(why) = w.sym.unsupported.take() {
                    w.sym.unsupported = Some(format!(
                        "{why} (in the {} at {})",
                        if a.store { "value stored" } else { "load" },
                        a.pos
                    ));
                }
            }
            out.push(SymAccess {
                store: a.store,
                buf: a.buf,
                lane_syms: vs,
                lane_facts: w.facts.len(),
                mask,
                off,
                value,
                value_bad,
                pos: a.pos,
            });
        }
        out
    };
    let mut acc = eval_accesses(&mut w, &m, "");
    if acc.iter().any(|a| a.value_bad.is_some()) {
        out.assumptions[0] = "floating-point values are modelled as reals (no rounding or overflow); the NaN and infinities of masked `-inf` lanes are kept exact (IEEE 754), and proved never stored".to_string();
    }
    // Program ids through a map (grouped ids): the stores' non-polynomial terms of the ids
    // named by symbols everywhere (`crate::pidmap`).
    let store_offs: Vec<TermId> = acc.iter().filter(|a| a.store).map(|a| a.off).collect();
    let mut nonneg = Vec::new();
    let mut patoms = ProgramAtoms::find(&mut w.sym.store, &store_offs, &pid_syms, &w.size_like, "");
    if !patoms.is_empty() {
        let mut roots: Vec<TermId> = Vec::new();
        for a in &acc {
            roots.push(a.off);
            roots.extend(a.mask);
            if let Some(SymVal::Plain(t)) = a.value {
                roots.push(t);
            }
        }
        for l in &w.sym.folds.lambdas {
            roots.extend([l.body, l.dom, l.init]);
        }
        let cfg = smt::SolverConfig {
            timeout: limits.timeout.min(Duration::from_secs(2)),
        };
        let base = w.facts.clone();
        patoms.alias(
            &mut w.sym.store,
            &roots,
            &pid_syms,
            &w.size_like,
            &base,
            cfg,
        );
        for a in acc.iter_mut() {
            name_access(&mut w.sym.store, &patoms, a);
        }
        let mut lambdas = std::mem::take(&mut w.sym.folds.lambdas);
        for l in lambdas.iter_mut() {
            l.body = patoms.name_in(&mut w.sym.store, l.body);
            l.dom = patoms.name_in(&mut w.sym.store, l.dom);
            l.init = patoms.name_in(&mut w.sym.store, l.init);
        }
        w.sym.folds.lambdas = lambdas;
        let facts = patoms.facts(&mut w.sym.store);
        w.facts.extend(facts);
        let base = w.facts.clone();
        nonneg = patoms.nonneg(&mut w.sym.store, &base, cfg);
        let facts = patoms.nonneg_facts(&mut w.sym.store, &nonneg);
        w.facts.extend(facts);
    }
    // In place inside a summarised loop: an iteration may load what an earlier one stored,
    // which the model (loads read the initial contents) does not see.
    for a in acc.iter().filter(|a| in_place.contains(&a.buf)) {
        let mut syms = w.sym.store.symbols_of(a.off);
        if let Some(mk) = a.mask {
            syms.extend(w.sym.store.symbols_of(mk));
        }
        if syms.iter().any(|v| loop_syms.contains(v)) {
            out.verdict = unknown(format!(
                "`{}` is read and written in place inside a loop over a runtime range (the access at {}): an iteration may read what an earlier one wrote, which is not modelled yet",
                name_of(a.buf),
                a.pos
            ));
            return out;
        }
    }
    if let Some(why) = w.sym.unsupported.clone() {
        out.verdict = unknown(format!("unsupported: {why}"));
        return out;
    }

    // 2. The formula: expected, or synthesized from each output's store.
    let inputs_fns: Vec<(smt::FunId, String)> = w
        .sym
        .inputs
        .iter()
        .filter(|(k, _)| !k.contains('#'))
        .map(|(k, f)| (*f, k.rsplit_once('/').map(|x| x.0).unwrap_or(k).to_string()))
        .collect();
    let stride_polys = |w: &mut World, t: usize| -> Option<Vec<synth::Poly>> {
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
    };
    // The output index of each store, per dimension (`None` when the offset does not split).
    let mut out_index: Vec<Option<Vec<synth::Poly>>> = Vec::new();
    for a in &acc {
        let strides = stride_polys(&mut w, setup.buffers[a.buf]);
        let p = synth::poly(&w.sym.store, a.off);
        out_index.push(match (a.store, strides, p) {
            (true, Some(st), Some(p)) => synth::delinearize(&p, &st),
            _ => None,
        });
    }
    let index_names = |rank: usize| -> Vec<&'static str> { ["i", "j"][..rank].to_vec() };
    let mut synth_error = None;
    let formula = match expect {
        Some(f) => Some(f.clone()),
        None => {
            let mut inputs = Vec::new();
            for (f, n) in &inputs_fns {
                let Some(t) = setup.host.tensors.iter().position(|t| t.name == *n) else {
                    continue;
                };
                if let Some(st) = stride_polys(&mut w, t) {
                    inputs.push((*f, n.clone(), st));
                }
            }
            let names = Names {
                // Loop iterations after program ids: `R*pid + t` pivots on `t`, `pid + 4*t`
                // still on `pid`.
                lanes: pid_syms
                    .iter()
                    .copied()
                    .chain(loop_syms.iter().copied())
                    .chain(patoms.syms())
                    .chain(acc.iter().flat_map(|a| a.lane_syms.clone()))
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
                params: scalars
                    .iter()
                    .filter_map(|n| w.sym.store.find(n).map(|s| (s, n.clone())))
                    .collect(),
                inputs,
                exp: w.sym.exp,
                // Read with products of `exp`s collapsed (a rescaled sum's body, `exec::online`).
                atoms: {
                    let exp = w.sym.exp;
                    let mut ls = w.sym.folds.lambdas.clone();
                    for l in &mut ls {
                        l.body = crate::axioms::collapse_exp(&mut w.sym.store, exp, l.body);
                    }
                    ls
                },
            };
            let mut defs = Vec::new();
            for (k, a) in acc.iter().enumerate().filter(|(_, a)| a.store) {
                if defs
                    .iter()
                    .any(|d: &formula::Def| d.output == name_of(a.buf))
                {
                    continue; // one formula per output; every store is checked against it
                }
                let r = (|| {
                    let out = out_index[k]
                        .clone()
                        .ok_or("the store's offset does not split into the output's dimensions")?;
                    let idx = index_names(out.len());
                    let mut sy = Synth::new(&mut w.sym.store, &names, out, &idx)?;
                    sy.mask = a.mask;
                    match a.value.clone().expect("stores have values") {
                        SymVal::Plain(t) => {
                            let v = sy.under_mask(t, a.mask);
                            sy.expr(v).map(|e| (e, idx))
                        }
                        SymVal::Red(_) => Err("a reduction that is not an atom".to_string()),
                        SymVal::Inf(_) => Err("an infinite value".to_string()),
                    }
                })();
                match r {
                    Ok((body, idx)) => defs.push(formula::Def {
                        output: name_of(a.buf),
                        indices: idx.iter().map(|x| x.to_string()).collect(),
                        body,
                    }),
                    Err(e) => {
                        synth_error = Some(format!(
                            "the formula of `{}` was not synthesized: {e}",
                            name_of(a.buf)
                        ));
                        break;
                    }
                }
            }
            if synth_error.is_none() {
                Some(Formula { defs })
            } else {
                None
            }
        }
    };
    if let Some(f) = &formula {
        for &b in &stored {
            if !f.defs.iter().any(|d| d.output == name_of(b)) {
                out.verdict = unknown(format!(
                    "the formula does not define the output `{}`",
                    name_of(b)
                ));
                return out;
            }
        }
        for d in &f.defs {
            if !stored.iter().any(|b| name_of(*b) == d.output) {
                out.verdict = unknown(format!(
                    "the formula defines `{}`, which the kernel does not write",
                    d.output
                ));
                return out;
            }
        }
        out.formula = Some(f.to_string());
    }

    // 3. Bounded concrete check on small sizes.
    let block = store_block(&m.accesses);
    let dims = store_dims(&m.accesses);
    let roots = m.math.iter().any(|f| *f == "sqrt" || *f == "rsqrt");
    let io = (&stored[..], &loaded[..], &scalars[..]);
    if let Some(v) = bounded(
        setup,
        formula.as_ref(),
        io,
        (block, &dims),
        roots,
        synthesized,
    ) {
        out.verdict = v;
        return out;
    }

    // 4. Obligations for every size.
    let mut obligations = Vec::new();
    // Laws of the math functions the proof rests on: the summaries' and the matching's.
    let mut laws: Vec<&'static str> = m.laws.clone();
    let base = w.facts.clone();
    // Memory safety is proved, unless it is the claim's stated precondition.
    let memory: &[_] = if setup.safety_assumed { &[] } else { &acc };
    for a in memory {
        let mut asr = base.clone();
        if let Some(mk) = a.mask {
            asr.push(mk);
        }
        let zero = w.sym.store.int(0);
        let numel = setup.numel(&mut w.sym, &sizes, a.buf);
        // Rows stepping by a symbol (`R*pid + t`): the monotonicity of `row * cols`.
        if !w.step_syms.is_empty() {
            let shape: Vec<TermId> = setup.host.tensors[setup.buffers[a.buf]]
                .shape
                .clone()
                .iter()
                .map(|e| e.eval(&mut w.sym, &sizes))
                .collect();
            let strides: Vec<TermId> = setup.host.tensors[setup.buffers[a.buf]]
                .strides()
                .iter()
                .map(|e| e.eval(&mut w.sym, &sizes))
                .collect();
            let parts = strides
                .iter()
                .map(|t| synth::poly(&w.sym.store, *t))
                .collect::<Option<Vec<_>>>()
                .zip(synth::poly(&w.sym.store, a.off))
                .and_then(|(st, p)| synth::delinearize(&p, &st));
            if let (Some(parts), [rows, cols]) = (parts, &shape[..]) {
                let r = synth::term(&mut w.sym.store, &parts[0]);
                asr.extend(crate::witness::row_instances(
                    &mut w.sym.store,
                    r,
                    *rows,
                    *cols,
                ));
            }
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
                name_of(a.buf)
            ),
            assertions: asr,
        });
        let _ = a.lane_facts;
    }
    // What the launcher's reading rests on (a `cdiv` by a positive value).
    for (name, e) in &setup.host.premises {
        let v = e.eval(&mut w.sym, &sizes);
        let one = w.sym.store.int(1);
        let mut asr = base.clone();
        asr.push(w.sym.store.lt(v, one));
        obligations.push(Obligation {
            name: name.clone(),
            assertions: asr,
        });
    }
    // What the loop summaries rest on (a runtime step is positive where its loop runs).
    for (name, premise) in &m.premises {
        let mut asr = base.clone();
        asr.push(w.sym.store.not(*premise));
        obligations.push(Obligation {
            name: name.clone(),
            assertions: asr,
        });
    }
    if let Some(f) = &formula {
        for (k, a) in acc.iter().enumerate().filter(|(_, a)| a.store) {
            let def = f
                .defs
                .iter()
                .find(|d| d.output == name_of(a.buf))
                .expect("checked above");
            let Some(oix) = out_index[k].clone() else {
                out.verdict = unknown(format!(
                    "the store at {} does not split into the dimensions of `{}`",
                    a.pos, def.output
                ));
                return out;
            };
            if def.indices.len() != oix.len() {
                out.verdict = unknown(format!(
                    "the formula indexes `{}` with {} indices; it has rank {}",
                    def.output,
                    def.indices.len(),
                    oix.len()
                ));
                return out;
            }
            // The split is the element's index only inside the shape.
            let shape: Vec<TermId> = setup.host.tensors[setup.buffers[a.buf]]
                .shape
                .clone()
                .iter()
                .map(|e| e.eval(&mut w.sym, &sizes))
                .collect();
            let mut idx_terms = Vec::new();
            let mut inside = Vec::new();
            for (p, n) in oix.iter().zip(&shape) {
                let t = synth::term(&mut w.sym.store, p);
                let zero = w.sym.store.int(0);
                inside.push(w.sym.store.le(zero, t));
                inside.push(w.sym.store.lt(t, *n));
                idx_terms.push(t);
            }
            // Indices that may lie in a sum's domain (for "a sum of positive terms over a
            // nonempty range is positive"): the output's, and 0.
            let mut witnesses = idx_terms.clone();
            witnesses.push(w.sym.store.int(0));
            let scope = setup.scope(
                &mut w.sym,
                &sizes,
                def.indices.iter().cloned().zip(idx_terms).collect(),
            );
            let fv = match formula::eval(&mut w.sym, &scope, &def.body) {
                Ok(b) => b,
                Err(e) if synthesized => {
                    out.verdict = unknown(format!(
                        "the synthesized formula does not evaluate ({e}): synthesis was wrong"
                    ));
                    return out;
                }
                Err(e) => {
                    out.verdict = Verdict::Error {
                        diagnostics: vec![report::Diagnostic {
                            span: report::Span::default(),
                            message: format!("in the formula: {e}"),
                        }],
                    };
                    return out;
                }
            };
            let (fx, f_bad) = match fv.at(&mut w.sym, &[]) {
                crate::value::Elem::X { nan, pos, neg, v } => {
                    (v, Some((nan, w.sym.store.or2(pos, neg))))
                }
                e => (e.v(&mut w.sym), None),
            };
            let mut asr = base.clone();
            if let Some(mk) = a.mask {
                asr.push(mk);
            }
            // Neither side is NaN or infinite where the store writes (the formula language
            // has no such values; a max over an empty range would be one, `-inf - -inf` on a
            // masked row NaN): a stored NaN is never compared as a real.
            for (who, bad) in [("kernel", a.value_bad), ("formula", f_bad)] {
                let Some((nan, inf)) = bad else { continue };
                for (at, what) in [(nan, "not NaN"), (inf, "finite (not a max over no lanes)")] {
                    if w.sym.store.as_bool(at) == Some(false) {
                        continue;
                    }
                    let mut x = asr.clone();
                    x.push(at);
                    obligations.push(Obligation {
                        name: format!("the store at {}: the {who}'s value is {what}", a.pos),
                        assertions: x,
                    });
                }
            }
            match (a.value.clone().expect("a store"), fx) {
                (SymVal::Plain(kv), SymVal::Plain(fv)) => {
                    // Reductions proved equal (the kernel's among themselves, the formula's
                    // to the kernel's) become one atom: a norm's repeated means are one.
                    let mut ctx = asr.clone();
                    ctx.extend(inside.iter().copied());
                    let cfg = smt::SolverConfig {
                        timeout: limits.timeout,
                    };
                    let mut scaled = Vec::new();
                    let (kv, fv, _misses) = crate::atoms::match_atoms(
                        &mut w.sym,
                        &ctx,
                        kv,
                        fv,
                        cfg,
                        &mut laws,
                        &mut scaled,
                    );
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
                        let (inst, used) =
                            crate::axioms::log_instances(&mut w.sym.store, w.sym.exp, &[kv, fv]);
                        asr.extend(inst);
                        laws.extend(used);
                    }
                    let eq = w.sym.store.eq(kv, fv);
                    if setup.safety_assumed {
                        // The store's element inside its tensor is the claim's precondition.
                        asr.extend(inside.iter().copied());
                        inside.clear();
                    }
                    inside.push(eq);
                    let good = w.sym.store.and(inside);
                    asr.push(w.sym.store.not(good));
                    obligations.push(Obligation {
                        name: format!("the store at {} writes `{def}`", a.pos),
                        assertions: asr,
                    });
                }
                _ => {
                    out.verdict = unknown(format!(
                        "the store at {}: a value that is not a plain term (a reduction kept whole)",
                        a.pos
                    ));
                    return out;
                }
            }
        }
    }
    // Coverage: every output element is written by some store, each store with the witness
    // program and lanes of its index pattern (not part of the kernel-level claim).
    let covered: &[usize] = if setup.kernel_level { &[] } else { &stored };
    for &b in covered {
        let zero = w.sym.store.int(0);
        let shape: Vec<TermId> = setup.host.tensors[setup.buffers[b]]
            .shape
            .clone()
            .iter()
            .map(|e| e.eval(&mut w.sym, &sizes))
            .collect();
        let mut asr = base.clone();
        let mut idx = Vec::new();
        for (d, n) in shape.iter().enumerate() {
            let (_, t) = w.fresh_in(&format!("idx{d}"), zero, *n);
            asr.push(w.facts[w.facts.len() - 2]);
            asr.push(w.facts[w.facts.len() - 1]);
            idx.push(t);
        }
        // A store through a program map: coverage by counting (`crate::pidmap`).
        if let Some(k) = (0..acc.len())
            .find(|k| acc[*k].store && acc[*k].buf == b && uses_atoms(&patoms, &out_index[*k]))
        {
            let a = &acc[k];
            let what = format!("coverage of `{}` (the store at {})", name_of(b), a.pos);
            if acc.iter().filter(|x| x.store && x.buf == b).count() > 1 {
                out.verdict = unknown(format!(
                    "{what}: several stores to an output whose index is a map of the program ids"
                ));
                return out;
            }
            let mut syms = w.sym.store.symbols_of(a.off);
            if let Some(mk) = a.mask {
                syms.extend(w.sym.store.symbols_of(mk));
            }
            if syms.iter().any(|v| loop_syms.contains(v)) {
                out.verdict = unknown(format!("{what}: a store inside a loop over a runtime range whose index is a map of the program ids"));
                return out;
            }
            let steppers: Vec<SymId> = pid_syms.iter().copied().chain(patoms.syms()).collect();
            let oix = out_index[k].clone().expect("uses_atoms");
            let dims = match pidmap::split_dims(&oix, &steppers, &a.lane_syms) {
                Ok(d) => d,
                Err(e) => {
                    out.verdict = unknown(format!("{what}: {e}"));
                    return out;
                }
            };
            let grid: Vec<TermId> = setup
                .host
                .grid
                .clone()
                .iter()
                .map(|g| g.eval(&mut w.sym, &sizes))
                .collect();
            let extents: Vec<TermId> = m.accesses[k]
                .offset
                .shape
                .iter()
                .map(|n| crate::value::LDomain::extent(&mut w.sym, *n))
                .collect();
            let cov = pidmap::Coverage {
                base: &base,
                pids: &pid_syms,
                grid: &grid,
                atoms: &patoms,
                shape: &shape,
                dims: &dims,
                lanes: &a.lane_syms,
                extents: &extents,
                mask: a.mask,
                off: a.off,
                what,
            };
            for (name, assertions) in cov.obligations(&mut w.sym.store) {
                obligations.push(Obligation { name, assertions });
            }
            continue;
        }
        let mut writes = Vec::new();
        for (k, a) in acc
            .iter()
            .enumerate()
            .filter(|(_, a)| a.store && a.buf == b)
        {
            let fail = |why: &str| {
                format!(
                    "coverage of `{}`: {why} (the store at {})",
                    name_of(a.buf),
                    a.pos
                )
            };
            let Some(oix) = out_index[k].clone() else {
                out.verdict = unknown(fail(
                    "the offset does not split into the output's dimensions",
                ));
                return out;
            };
            // Witness terms for the program ids (and the iterations of loops over runtime
            // ranges, which step like program ids) and lanes, from each dimension's
            // `c + a*P + L`.
            let steppers: Vec<SymId> = pid_syms.iter().copied().chain(loop_syms.clone()).collect();
            let mut pid_w: Vec<Option<TermId>> = vec![None; steppers.len()];
            let mut lane_w: Vec<Option<TermId>> = vec![None; a.lane_syms.len()];
            for (d, o) in oix.iter().enumerate() {
                let ws = crate::witness::dimension(
                    &mut w.sym.store,
                    o,
                    idx[d],
                    &steppers,
                    &a.lane_syms,
                    &w.step_syms,
                );
                let mut fresh = true;
                for x in ws.iter().flatten() {
                    match *x {
                        crate::witness::Witness::Fact(f) => asr.push(f),
                        crate::witness::Witness::Stepper(p, t) => {
                            fresh &= pid_w[p].is_none();
                            pid_w[p] = Some(t);
                        }
                        crate::witness::Witness::Lane(l, t) => {
                            fresh &= lane_w[l].is_none();
                            lane_w[l] = Some(t);
                        }
                    }
                }
                if ws.is_err() || !fresh {
                    out.verdict = unknown(fail(
                        "an output index is not of the form `c + a*pid + lane` (nor `c + a*pid + b*t + lane` for a loop iteration `t`)",
                    ));
                    return out;
                }
            }
            let wpid: Vec<TermId> = (0..3)
                .map(|x| {
                    if x < pid_syms.len() {
                        pid_w[x].unwrap_or(zero)
                    } else {
                        zero
                    }
                })
                .collect();
            let wloop: Vec<TermId> = (pid_syms.len()..steppers.len())
                .map(|x| pid_w[x].unwrap_or(zero))
                .collect();
            let wlane: Vec<TermId> = lane_w.iter().map(|x| x.unwrap_or(zero)).collect();
            let m2 = match setup.program_in(&mut w.sym, &sizes, wpid.clone(), &w.launch) {
                Ok(m) => m,
                Err(u) => {
                    out.verdict = unknown(format!("unsupported construct {} at {}", u.what, u.pos));
                    return out;
                }
            };
            let a2 = &m2.accesses[k];
            // The witness run's loop iterations, pinned to their witnesses.
            let pin: std::collections::HashMap<SymId, TermId> = m2
                .loops
                .iter()
                .zip(&wloop)
                .filter_map(|(t, wt)| match w.sym.store.node(*t) {
                    smt::Node::Sym(v) => Some((*v, *wt)),
                    _ => None,
                })
                .collect();
            let off2 = a2.offset.at(&mut w.sym, &wlane).i(&mut w.sym);
            let off2 = w.sym.store.substitute(off2, &pin);
            let mut ok = Vec::new();
            for (ax, g) in setup.host.grid.clone().iter().enumerate() {
                let gt = g.eval(&mut w.sym, &sizes);
                ok.push(w.sym.store.le(zero, wpid[ax]));
                ok.push(w.sym.store.lt(wpid[ax], gt));
            }
            for (l, n) in wlane.iter().zip(&a2.offset.shape) {
                let nt = crate::value::LDomain::extent(&mut w.sym, *n);
                ok.push(w.sym.store.le(zero, *l));
                ok.push(w.sym.store.lt(*l, nt));
            }
            if let Some(mk) = &a2.mask {
                let mt = mk.at(&mut w.sym, &wlane).b(&mut w.sym);
                ok.push(w.sym.store.substitute(mt, &pin));
            }
            let flat = match idx.len() {
                1 => idx[0],
                _ => {
                    let r = w.sym.store.mul2(idx[0], shape[1]);
                    w.sym.store.add2(r, idx[1])
                }
            };
            ok.push(w.sym.store.eq(off2, flat));
            writes.push(w.sym.store.and(ok));
        }
        let any = w.sym.store.or(writes);
        asr.push(w.sym.store.not(any));
        obligations.push(Obligation {
            name: format!("every element of `{}` is written", name_of(b)),
            assertions: asr,
        });
    }
    // Exclusivity: two distinct programs never store to one address.
    let mut in_place_races: Vec<Obligation> = Vec::new();
    {
        let (p2_syms, p2) = w.pids(setup, "b");
        let m2 = match setup.program_in(&mut w.sym, &sizes, p2.clone(), &w.launch) {
            Ok(m) => m,
            Err(u) => {
                out.verdict = unknown(format!("unsupported construct {} at {}", u.what, u.pos));
                return out;
            }
        };
        let mut acc2 = eval_accesses(&mut w, &m2, "b");
        let patoms2 = patoms.for_program(&mut w.sym.store, &pid_syms, &p2, "b");
        if !patoms.is_empty() {
            for a in acc2.iter_mut() {
                name_access(&mut w.sym.store, &patoms2, a);
            }
            let mut facts = patoms2.facts(&mut w.sym.store);
            facts.extend(patoms2.nonneg_facts(&mut w.sym.store, &nonneg));
            w.facts.extend(facts);
        }
        let base2 = w.facts.clone();
        // Steps that are symbols (a program count, an argument `R`): `pid + P*t` or `R*pid +
        // t` compared across the two runs needs the monotonicity of `P*t`, `R*pid`
        // (`crate::witness`), for the loop iterations and the program ids of both runs.
        let mut iterations: Vec<(TermId, TermId)> = m
            .loops
            .iter()
            .copied()
            .zip(m2.loops.iter().copied())
            .collect();
        iterations.extend(pid_syms.iter().zip(&p2_syms).map(|(x, y)| {
            let (x, y) = (w.sym.store.sym(*x), w.sym.store.sym(*y));
            (x, y)
        }));
        let monotone = if w.step_syms.is_empty() {
            vec![]
        } else {
            crate::witness::monotone_instances(&mut w.sym.store, &iterations, &w.step_syms)
        };
        // A store's output index, as terms, with the conditions that it lies inside the shape.
        let index_terms = |w: &mut World, a: &SymAccess| -> Option<(Vec<TermId>, Vec<TermId>)> {
            let sizes = w.size_terms();
            let shape: Vec<TermId> = setup.host.tensors[setup.buffers[a.buf]]
                .shape
                .iter()
                .map(|e| e.eval(&mut w.sym, &sizes))
                .collect();
            let st: Vec<synth::Poly> = setup.host.tensors[setup.buffers[a.buf]]
                .strides()
                .iter()
                .map(|e| {
                    let t = e.eval(&mut w.sym, &sizes);
                    synth::poly(&w.sym.store, t)
                })
                .collect::<Option<_>>()?;
            let p = synth::poly(&w.sym.store, a.off)?;
            let parts = synth::delinearize(&p, &st)?;
            let zero = w.sym.store.int(0);
            let mut idx = Vec::new();
            let mut inside = Vec::new();
            for (q, n) in parts.iter().zip(&shape) {
                let t = synth::term(&mut w.sym.store, q);
                inside.push(w.sym.store.le(zero, t));
                inside.push(w.sym.store.lt(t, *n));
                idx.push(t);
            }
            Some((idx, inside))
        };
        for (k, a) in acc.iter().enumerate().filter(|(_, a)| a.store) {
            // Every masked-in store's index lies inside the output's shape (this also makes
            // equal offsets equal indices below, a linear question).
            let ia = index_terms(&mut w, a);
            if let Some((_, inside)) = &ia {
                let mut asr = base.clone();
                asr.extend(a.mask);
                let all = w.sym.store.and(inside.clone());
                asr.push(w.sym.store.not(all));
                if !setup.safety_assumed {
                    obligations.push(Obligation {
                        name: format!(
                            "the store at {} addresses an element inside the shape of `{}`",
                            a.pos,
                            name_of(a.buf)
                        ),
                        assertions: asr,
                    });
                }
            }
            // Through a program map, proved one-to-one: different programs are different
            // tiles (`crate::pidmap`).
            let tiles = uses_atoms(&patoms, &out_index[k])
                .then(|| {
                    let steppers: Vec<SymId> =
                        pid_syms.iter().copied().chain(patoms.syms()).collect();
                    let oix = out_index[k].clone()?;
                    let dims = pidmap::split_dims(&oix, &steppers, &a.lane_syms).ok()?;
                    let mut map: HashMap<SymId, TermId> =
                        pid_syms.iter().copied().zip(p2.iter().copied()).collect();
                    for ((x, _), (y, _)) in patoms.atoms.iter().zip(&patoms2.atoms) {
                        map.insert(*x, w.sym.store.sym(*y));
                    }
                    Some(
                        dims.iter()
                            .filter_map(|d| d.v.as_ref())
                            .map(|v| {
                                let t = synth::term(&mut w.sym.store, v);
                                let t2 = w.sym.store.substitute(t, &map);
                                w.sym.store.ne(t, t2)
                            })
                            .collect::<Vec<_>>(),
                    )
                })
                .flatten();
            for b in acc2.iter().filter(|b| b.store && b.buf == a.buf) {
                let mut asr = base2.clone();
                asr.extend(monotone.iter().copied());
                let diffs: Vec<TermId> = match &tiles {
                    Some(t) => t.clone(),
                    None => pid_syms
                        .iter()
                        .zip(&p2_syms)
                        .map(|(x, y)| {
                            let (x, y) = (w.sym.store.sym(*x), w.sym.store.sym(*y));
                            w.sym.store.ne(x, y)
                        })
                        .collect(),
                };
                asr.push(w.sym.store.or(diffs));
                asr.extend(a.mask);
                asr.extend(b.mask);
                match (&ia, index_terms(&mut w, b)) {
                    (Some((xa, ina)), Some((xb, inb))) => {
                        // Inside the shape (proved above), one offset is one index.
                        asr.extend(ina.iter().copied());
                        asr.extend(inb.iter().copied());
                        for (x, y) in xa.iter().zip(&xb) {
                            asr.push(w.sym.store.eq(*x, *y));
                        }
                    }
                    _ => asr.push(w.sym.store.eq(a.off, b.off)),
                }
                if !setup.safety_assumed {
                    obligations.push(Obligation {
                        name: format!(
                            "no two programs store to one element of `{}`",
                            name_of(a.buf)
                        ),
                        assertions: asr,
                    });
                }
            }
        }
        // In place: no program loads an element another program stores.
        for a in acc.iter().filter(|a| !a.store && in_place.contains(&a.buf)) {
            for b in acc2.iter().filter(|b| b.store && b.buf == a.buf) {
                let mut asr = base2.clone();
                let diffs: Vec<TermId> = pid_syms
                    .iter()
                    .zip(&p2_syms)
                    .map(|(x, y)| {
                        let (x, y) = (w.sym.store.sym(*x), w.sym.store.sym(*y));
                        w.sym.store.ne(x, y)
                    })
                    .collect();
                asr.push(w.sym.store.or(diffs));
                asr.extend(a.mask);
                asr.extend(b.mask);
                asr.push(w.sym.store.eq(a.off, b.off));
                in_place_races.push(Obligation { name: format!("no program loads an element of `{}` that another program stores (the load at {})", name_of(a.buf), a.pos), assertions: asr });
            }
        }
    }
    if let Some(why) = w.sym.unsupported.clone() {
        out.verdict = unknown(format!("unsupported: {why}"));
        return out;
    }

    // 5. Solve.
    let cfg = smt::SolverConfig {
        timeout: limits.timeout,
    };
    let mut unknowns = Vec::new();
    for ob in obligations {
        if std::time::Instant::now() > setup.deadline {
            unknowns.push(format!(
                "{}: not solved, the kernel's time of {} s is up",
                ob.name,
                limits.kernel_budget.as_secs()
            ));
            continue;
        }
        let mut store = w.sym.store.clone();
        let asr = smt::simplify_arith(&mut store, &ob.assertions);
        let size_syms = w.sizes.clone();
        let fns: Vec<(smt::FunId, String)> = inputs_fns.clone();
        let param_syms: Vec<(SymId, String)> = scalars
            .iter()
            .filter_map(|n| store.find(n).map(|s| (s, n.clone())))
            .collect();
        let numel_exprs: Vec<(String, crate::host::HExpr)> = loaded
            .iter()
            .map(|b| (name_of(*b), setup.host.tensors[setup.buffers[*b]].numel()))
            .collect();
        let (r, _, _) =
            smt::check_portfolio(&store, &asr, cfg, move |mr: &mut dyn smt::ModelReader| {
                let sizes: Vec<i128> = size_syms
                    .iter()
                    .map(|s| match mr.sym(*s) {
                        Some(Value::Int(i)) => i,
                        _ => 1,
                    })
                    .collect();
                let mut tensors = BTreeMap::new();
                let mut c = Concrete::new(BTreeMap::new());
                for (name, numel) in &numel_exprs {
                    let n = numel.eval(&mut c, &sizes);
                    if !(0..=1 << 16).contains(&n) {
                        continue;
                    }
                    let f = fns.iter().find(|(_, t)| t == name).map(|(f, _)| *f);
                    let data: Vec<Scalar> = (0..n)
                        .map(|j| match f.and_then(|f| mr.app(f, &[Value::Int(j)])) {
                            Some(Value::Real(a, b)) => {
                                Scalar::Real(Rat::new(a, b).unwrap_or(Rat::int(0)))
                            }
                            Some(Value::Int(a)) => Scalar::Real(Rat::int(a)),
                            _ => Scalar::Real(Rat::int(0)),
                        })
                        .collect();
                    tensors.insert(name.clone(), data);
                }
                for (s, name) in &param_syms {
                    let v = match mr.sym(*s) {
                        Some(Value::Real(a, b)) => {
                            Scalar::Real(Rat::new(a, b).unwrap_or(Rat::int(0)))
                        }
                        _ => Scalar::Real(Rat::int(1)),
                    };
                    tensors.insert(name.clone(), vec![v]);
                }
                Inputs { sizes, tensors }
            });
        match r {
            CheckResult::Unsat => {}
            CheckResult::Unknown(why) => {
                unknowns.push(format!("{}: solver unknown ({why})", ob.name))
            }
            CheckResult::Sat(mut inp) => {
                // Sizes the launcher computes (a block size `next_power_of_2(n)`) take the
                // launcher's value: the replay runs what the launcher would.
                for (k, e) in &setup.host.derived {
                    let v = e.eval(&mut Concrete::new(BTreeMap::new()), &inp.sizes);
                    inp.sizes[*k] = v;
                }
                for s in &scalars {
                    inp.tensors
                        .entry(s.clone())
                        .or_insert_with(|| vec![Scalar::Real(Rat::int(1))]);
                }
                for b in &loaded {
                    let n = setup
                        .numel(&mut Concrete::new(BTreeMap::new()), &inp.sizes, *b)
                        .clamp(0, 1 << 16);
                    inp.tensors
                        .entry(name_of(*b))
                        .or_insert_with(|| vec![Scalar::Real(Rat::int(0)); n as usize]);
                }
                let mut first = replay(setup, formula.as_ref(), &stored, &inp);
                // Model-guided: the model's sizes with the sample inputs (the model's values
                // may not reach a difference its sizes expose, e.g. when a reduction was left
                // an unconstrained atom).
                if matches!(first, Ok(None) | Err(_)) && inp.sizes.iter().all(|n| *n <= 4096) {
                    for pattern in 0..crate::replay::PATTERNS {
                        let guided =
                            sample_inputs(setup, &loaded, inp.sizes.clone(), &scalars, pattern);
                        if let Ok(Some(fail)) = replay(setup, formula.as_ref(), &stored, &guided) {
                            inp = guided;
                            first = Ok(Some(fail));
                            break;
                        }
                    }
                }
                match first {
                    Ok(Some(Failure::OutOfBounds { .. } | Failure::Race { .. }))
                        if setup.safety_assumed =>
                    {
                        unknowns.push(format!(
                            "{}: the solver's model (sizes {:?}) breaks the claim's memory precondition",
                            ob.name, inp.sizes
                        ))
                    }
                    Ok(Some(fail)) => {
                        let show = matches!(fail, Failure::Value { .. })
                            && inp.sizes.iter().all(|n| *n <= 64);
                        out.verdict = refute(setup, &inp, &fail, show, synthesized);
                        return out;
                    }
                    Ok(None) => unknowns.push(format!(
                        "{}: the solver's model (sizes {:?}) did not replay",
                        ob.name, inp.sizes
                    )),
                    Err(e) => unknowns.push(format!(
                        "{}: the solver's model could not be replayed ({e})",
                        ob.name
                    )),
                }
            }
        }
    }
    for ob in in_place_races {
        let mut store = w.sym.store.clone();
        let asr = smt::simplify_arith(&mut store, &ob.assertions);
        match smt::decide_portfolio(&store, &asr, cfg).0 {
            CheckResult::Unsat => {}
            CheckResult::Sat(()) => unknowns.push(format!("{}: violated for some sizes (the replay does not model the order of programs, so this is not a refutation)", ob.name)),
            CheckResult::Unknown(why) => unknowns.push(format!("{}: solver unknown ({why})", ob.name)),
        }
    }
    out.verdict = if !unknowns.is_empty() {
        unknown(unknowns.join("; "))
    } else if let Some(e) = synth_error {
        if setup.safety_assumed {
            unknown(e)
        } else {
            unknown(format!("{e}; memory safety holds for every size"))
        }
    } else {
        let mut a = out.assumptions.clone();
        a.extend(m.assumed.iter().cloned());
        let mut funs: Vec<String> = Vec::new();
        if w.sym.exp.is_some() {
            funs.push("exp".into());
        }
        let mut called = Vec::new();
        if let Some(f) = &formula {
            for d in &f.defs {
                d.body.calls(&mut called);
            }
        }
        for name in m.math.iter().map(|n| n.to_string()).chain(called) {
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
        let mut seen_law = Vec::new();
        laws.retain(|l| {
            let new = !seen_law.contains(l);
            seen_law.push(*l);
            new
        });
        if !funs.is_empty() && laws.is_empty() {
            a.push(format!(
                "{} uninterpreted (no axioms used)",
                funs.join(", ") + if funs.len() == 1 { " is" } else { " are" }
            ));
        } else if !funs.is_empty() {
            a.push(format!(
                "{} uninterpreted, with the axioms {} (instantiated on the terms of the proof)",
                funs.join(", ") + if funs.len() == 1 { " is" } else { " are" },
                laws.iter()
                    .map(|l| format!("`{l}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        a.push("division by zero is left unspecified, alike in kernel and formula".into());
        Verdict::Verified { assumptions: a }
    };
    out
}

/// Whether a store's output index mentions a program atom (`crate::pidmap`).
fn uses_atoms(pa: &ProgramAtoms, index: &Option<Vec<synth::Poly>>) -> bool {
    let syms = pa.syms();
    index.as_ref().is_some_and(|ps| {
        ps.iter()
            .any(|p| p.keys().any(|m| m.iter().any(|v| syms.contains(v))))
    })
}

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
    for (at, mut sv) in size_vectors.into_iter().enumerate() {
        if std::time::Instant::now() > setup.deadline {
            break; // the kernel's time is up: the obligations decide
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
                tries.push(constant_inputs(setup, &loaded, sv.clone(), &scalars, v));
            }
        }
        for inp in tries {
            match replay(setup, formula, &stored, &inp) {
                // Sizes at which the precondition does not hold say nothing of the claim.
                Ok(Some(Failure::OutOfBounds { .. } | Failure::Race { .. }))
                    if setup.safety_assumed => {}
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

    None
}

/// The launcher's real scalar parameters, by name.
fn scalar_params(setup: &Setup) -> Vec<String> {
    setup
        .host
        .args
        .iter()
        .filter_map(|(_, a)| match a {
            HostArg::Real(n) => Some(n.clone()),
            _ => None,
        })
        .collect()
}

/// The bounded check alone, for a kernel whose symbolic run stopped at a construct the
/// summaries do not read (the concrete interpreter runs loops iteration by iteration): the
/// buffers read and written are those of a concrete run of the first program on small sizes.
/// A failure it replays refutes the kernel (against `expect`, or by memory safety); `None`
/// when it saw none or could not run. The buffers read and written go to `out`.
fn bounded_only(setup: &Setup, expect: Option<&Formula>, out: &mut Outcome) -> Option<Verdict> {
    let nbuf = setup.buffers.len();
    let mut m = None;
    for n in 1..=3 {
        let mut c = Concrete::new(BTreeMap::new());
        let mut sv = vec![n; setup.host.sizes.len()];
        for (k, e) in &setup.host.derived {
            sv[*k] = e.eval(&mut c, &sv);
        }
        match setup.program(&mut c, &sv, vec![0, 0, 0]) {
            Ok(run) => {
                m = Some(run);
                break;
            }
            Err(_) => {}
        }
    }
    let m = m?;
    let used = |store: bool| -> Vec<usize> {
        (0..nbuf)
            .filter(|b| m.accesses.iter().any(|a| a.store == store && a.buf == *b))
            .collect()
    };
    let (stored, loaded) = (used(true), used(false));
    let name_of = |b: usize| setup.host.tensors[setup.buffers[b]].name.clone();
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
    let scalars = scalar_params(setup);
    let block = store_block(&m.accesses);
    let dims = store_dims(&m.accesses);
    let roots = m.math.iter().any(|f| *f == "sqrt" || *f == "rsqrt");
    let io = (&stored[..], &loaded[..], &scalars[..]);
    let synthesized = expect.is_none() || setup.formula_of_first_case;
    match bounded(setup, expect, io, (block, &dims), roots, synthesized)? {
        v @ Verdict::Refuted { .. } => Some(v),
        _ => None,
    }
}
