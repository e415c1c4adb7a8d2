//! The verdict of a pair of modules: lowered in both domains, searched concretely for a
//! differing output element, then one query per output: "some in-range index where the two
//! elements differ" (IEEE values compared as SMT terms: `+0 != -0`, every NaN equal). A model
//! is replayed by the interpreter before it refutes.

use crate::hlo::Module;
use crate::lower::{axis, lower, named_axes, param_name, Lowered, Mode, Unsupported};
use crate::search::{self, Difference, Pair};
use report::{Counterexample, Mismatch, TensorValue, Verdict};
use smt::{check_portfolio, CheckResult, ModelReader, SolverConfig, Store, TermId, Value};
use std::collections::BTreeMap;
use std::time::Duration;
use symbolic::{input_key, FoldOrder, Sym, SymVal};
use tensor::{ConcreteTensor, ElemType, Eval, Scalar};

/// One module with the file it came from (for the locations in `unknown` reasons).
pub struct Input<'a> {
    pub file: &'a str,
    pub text: &'a str,
    pub module: &'a Module,
}

#[derive(Clone, Debug)]
pub struct Options {
    /// XLA:CPU's flushing of subnormals (the default); off models IEEE 754 exactly.
    pub ftz: bool,
    pub timeout: Duration,
    /// Input sets of the concrete search.
    pub trials: usize,
    /// Output elements compared per output and input set.
    pub budget: usize,
    /// Ask the solver after the concrete search (off: the search alone, for tests).
    pub solve: bool,
    /// Each reduction is the left fold in row-major order its text writes
    /// (`--strict-reduce-order`); off, a float sum or product may be folded in any order
    /// (XLA's semantics: the verdict names "reduction order unspecified").
    pub strict_reduce_order: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            ftz: true,
            timeout: Duration::from_secs(10),
            trials: 200,
            budget: 256,
            solve: true,
            strict_reduce_order: false,
        }
    }
}

/// The verdict of `after` as an optimization of `before`.
pub fn check_pair(before: &Input, after: &Input, opts: &Options) -> Verdict {
    match check(before, after, opts) {
        Ok(v) | Err(v) => v,
    }
}

fn unknown(reason: String) -> Verdict {
    Verdict::Unknown { reason }
}

fn located(inp: &Input, u: &Unsupported) -> Verdict {
    let (line, col) = report::line_col(inp.text, u.span.start);
    unknown(format!(
        "{}:{line}:{col}: {} is not supported",
        inp.file, u.what
    ))
}

fn check(before: &Input, after: &Input, opts: &Options) -> Result<Verdict, Verdict> {
    let mode = Mode { ftz: opts.ftz };
    let strict = opts.strict_reduce_order;
    let pair = Pair::new(before.module, after.module, mode, strict).map_err(|u| {
        // Which module: lower them apart to name the file.
        let mut d = tensor::Concrete::new(BTreeMap::new());
        match lower(&mut d, before.module, mode) {
            Err(u) => located(before, &u),
            Ok(_) => located(after, &u),
        }
    })?;
    well_formed(&pair.before, before)?;
    well_formed(&pair.after, after)?;
    same_interface(&pair)?;
    // Reductions cost an enumeration per element in the interpreter: fewer, smaller trials
    // (a work budget of element accesses, `search::affordable`).
    let (trials, budget) = search::affordable(&pair, opts.trials, opts.budget);
    if let Some(d) = search::search(&pair, trials, budget) {
        return Ok(refuted(&pair, d, mode));
    }
    let searched = if trials == 0 {
        "the concrete search was skipped (one output element costs more interpreter work than a trial may spend)".to_string()
    } else {
        format!("the concrete search found no difference ({trials} input sets, {budget} elements per output)")
    };
    if !opts.solve {
        return Ok(unknown(format!("{searched}; the solver was not asked")));
    }
    let cfg = SolverConfig {
        timeout: opts.timeout,
    };
    let mut facts = vec![];
    let mut order_assumed = false;
    for k in 0..pair.before.outputs.len() {
        match prove_output(before, after, &pair, k, mode, cfg, &searched)? {
            Proof::Holds(names, any_order) => {
                facts.extend(names);
                order_assumed |= any_order;
            }
            Proof::Fails(d) => return Ok(refuted(&pair, d, mode)),
        }
    }
    facts.sort();
    facts.dedup();
    Ok(Verdict::Verified {
        assumptions: assumptions(&pair, mode, facts, order_assumed),
    })
}

/// Every array the module computes has the shape XLA printed, and every op's constraints
/// hold (the core's validity, concretely).
fn well_formed(l: &Lowered<i128>, inp: &Input) -> Result<(), Verdict> {
    let mut d = tensor::Concrete::new(BTreeMap::new());
    let mut ev = Eval::new(&l.graph);
    for (node, dims, span) in &l.declared {
        let shape = ev.shape(&mut d, *node);
        let sizes: Vec<i128> = (0..dims.len())
            .map(|k| {
                shape
                    .iter()
                    .find(|(a, _)| *a == axis(k))
                    .map(|s| s.1)
                    .unwrap_or(-1)
            })
            .collect();
        let want: Vec<i128> = dims.iter().map(|n| *n as i128).collect();
        let ok = ev.valid(&mut d, *node);
        if sizes != want || shape.len() != dims.len() || !ok {
            let u = Unsupported {
                what: format!(
                    "an op whose core meaning has shape {sizes:?}{} where XLA printed {want:?}",
                    if ok { "" } else { " and fails its constraints" }
                ),
                span: *span,
            };
            return Err(located(inp, &u));
        }
    }
    Ok(())
}

/// Both modules take the same parameters and give outputs of the same shapes.
fn same_interface(p: &Pair) -> Result<(), Verdict> {
    if p.before.params != p.after.params {
        return Err(unknown(format!(
            "the modules' parameters differ: {} before, {} after",
            describe_params(&p.before),
            describe_params(&p.after)
        )));
    }
    let shapes = |l: &Lowered<i128>| -> Vec<(Vec<i64>, ElemType)> {
        l.outputs.iter().map(|(_, d, t)| (d.clone(), *t)).collect()
    };
    if shapes(&p.before) != shapes(&p.after) {
        return Err(unknown(format!(
            "the modules' outputs differ in number, shape or element type: {:?} before, {:?} after",
            shapes(&p.before),
            shapes(&p.after)
        )));
    }
    Ok(())
}

fn describe_params(l: &Lowered<i128>) -> String {
    let ps: Vec<String> = l
        .params
        .iter()
        .map(|p| format!("{}{:?}", p.type_name, p.dims))
        .collect();
    format!("({})", ps.join(", "))
}

enum Proof {
    /// Unsat: the names of the facts the query assumed, and whether a float sum or product
    /// was read in any order.
    Holds(Vec<String>, bool),
    Fails(Difference),
}

/// Output `k`: is there an index where the elements differ?
fn prove_output(
    before: &Input,
    after: &Input,
    pair: &Pair,
    k: usize,
    mode: Mode,
    cfg: SolverConfig,
    searched: &str,
) -> Result<Proof, Verdict> {
    let mut sym = Sym::new(Store::new());
    sym.enumerate_folds = Some(if pair.strict {
        FoldOrder::RowMajor
    } else {
        FoldOrder::Unspecified
    });
    let lb = lower(&mut sym, before.module, mode).map_err(|u| located(before, &u))?;
    let la = lower(&mut sym, after.module, mode).map_err(|u| located(after, &u))?;
    let dims = &lb.outputs[k].1;
    let mut asserts = vec![];
    let mut index = vec![];
    for (j, n) in dims.iter().enumerate() {
        let s = sym.store.fresh(&format!("i{j}"), smt::Sort::Int);
        let t = sym.store.sym(s);
        let (zero, n) = (sym.store.int(0), sym.store.int(*n as i128));
        asserts.push(sym.store.le(zero, t));
        asserts.push(sym.store.lt(t, n));
        index.push((s, (axis(j), t)));
    }
    let idx: Vec<(String, TermId)> = index.iter().map(|(_, a)| a.clone()).collect();
    let vb = Eval::memoized(&lb.graph).access(&mut sym, lb.outputs[k].0, &idx);
    let va = Eval::memoized(&la.graph).access(&mut sym, la.outputs[k].0, &idx);
    if let Some(why) = sym.unsupported.take() {
        return Err(unknown(format!(
            "output #{k}: the symbolic encoding does not support {why}; {searched}"
        )));
    }
    let (SymVal::Plain(tb), SymVal::Plain(ta)) = (vb, va) else {
        return Err(unknown(format!(
            "output #{k}: an element that is not a plain term"
        )));
    };
    let mut facts: Vec<TermId> = sym.float_facts.iter().map(|f| f.term).collect();
    facts.extend(sym.fold_facts.iter().copied());
    facts.extend(asserts.iter().copied());
    let input_funs: std::collections::HashSet<smt::FunId> = sym.inputs.values().copied().collect();
    let ((tb, ta), _swept) =
        crate::sweep::sweep(&mut sym.store, (tb, ta), &facts, &input_funs, cfg);
    let same = sym.store.eq(tb, ta);
    asserts.push(sym.store.not(same));
    asserts.extend(sym.float_facts.iter().map(|f| f.term));
    asserts.extend(sym.fold_facts.iter().copied());
    let order_assumed = sym.order_assumed;
    let names: Vec<String> = sym.float_facts.iter().map(|f| f.name.to_string()).collect();
    let params = pair.before.params.clone();
    let index_syms: Vec<smt::SymId> = index.iter().map(|(s, _)| *s).collect();
    let store = &sym.store;
    let inputs = &sym.inputs;
    let (res, _, _) = check_portfolio(store, &asserts, cfg, |m| {
        read_model(m, store, inputs, &params, &index_syms)
    });
    match res {
        CheckResult::Unsat => Ok(Proof::Holds(names, order_assumed)),
        CheckResult::Unknown(why) => Err(unknown(format!("output #{k}: the solver: {why}"))),
        CheckResult::Sat(Err(why)) => Err(unknown(format!(
            "output #{k}: a model the interpreter cannot read: {why}"
        ))),
        CheckResult::Sat(Ok((inputs, at))) => {
            match search::compare(pair, &inputs, 1, Some((k, &at))) {
                Some(d) => Ok(Proof::Fails(d)),
                None if order_assumed => Err(unknown(format!(
                    "output #{k}: the solver's model at {at:?} does not replay: it rests on the values of float sums read in any order (or of exp/log/... where the platform's libm differs from the facts assumed); {searched}"
                ))),
                None => Err(unknown(format!(
                    "output #{k}: the solver's model at {at:?} does not replay (the platform's libm differs from the facts assumed of exp/log/...)"
                ))),
            }
        }
    }
}

type Model = (BTreeMap<String, ConcreteTensor>, Vec<i128>);

/// Concrete inputs and the index from a model: every element of every parameter as the model
/// gives it.
fn read_model(
    m: &mut dyn ModelReader,
    store: &Store,
    funs: &BTreeMap<String, smt::FunId>,
    params: &[crate::lower::Param],
    index: &[smt::SymId],
) -> Result<Model, String> {
    let mut at = vec![];
    for s in index {
        match m.sym(*s) {
            Some(Value::Int(i)) => at.push(i),
            _ => return Err("no value for the index".into()),
        }
    }
    let mut inputs = BTreeMap::new();
    for p in params {
        let name = param_name(p.number);
        let axes = named_axes(&p.dims);
        let count = ConcreteTensor::count(&axes).ok_or("a huge parameter")?;
        let f = funs.get(&input_key(&name, p.dims.len())).copied();
        let mut data = Vec::with_capacity(count);
        for off in 0..count {
            let point = ConcreteTensor::unravel(&axes, off);
            let v = match f {
                Some(f) => {
                    let args: Vec<Value> = point.iter().map(|i| Value::Int(*i)).collect();
                    m.app(f, &args)
                }
                None => store.find(&name).and_then(|s| m.sym(s)),
            };
            data.push(match (v, p.ty) {
                (Some(Value::Float(g, b)), _) => Scalar::Float(g, b),
                (Some(Value::Bool(b)), _) => Scalar::Bool(b),
                // The core wraps an integer input around: the model's value stands for that.
                (Some(Value::Int(i)), ElemType::Fixed(t)) => Scalar::Int(t.wrap(i)),
                (None, ElemType::Fixed(_)) => Scalar::Int(0),
                // Not read by the query: any value.
                (None, ElemType::Float(f)) => Scalar::Float(f.format, f.format.from_f64(1.0)),
                (None, ElemType::Bool) => Scalar::Bool(false),
                (other, _) => return Err(format!("parameter {name}: value {other:?}")),
            });
        }
        inputs.insert(name, ConcreteTensor { axes, data });
    }
    Ok((inputs, at))
}

/// The assumption a verdict that read float sums in any order names.
pub const ORDER_UNSPECIFIED: &str = "reduction order unspecified: a float sum or product (reduce, reduce-window, dot) may be folded in any order, its initial value an identity applied any number of times, as XLA's semantics allows; it is compared as a function of the multiset of its elements, so a split into chunks or a merge of reductions is accepted while rounding differences between orders are not covered (--strict-reduce-order: each reduction folds left in row-major order)";

fn assumptions(pair: &Pair, mode: Mode, facts: Vec<String>, order_assumed: bool) -> Vec<String> {
    let names = |fixed: bool| -> Vec<String> {
        let mut types: Vec<String> = pair
            .before
            .params
            .iter()
            .filter(|p| matches!(p.ty, ElemType::Fixed(_)) == fixed)
            .map(|p| p.type_name.clone())
            .collect();
        types.sort();
        types.dedup();
        types
    };
    let (floats, ints) = (names(false), names(true));
    let mut out = vec![];
    if !floats.is_empty() || ints.is_empty() {
        out.push(format!(
            "IEEE 754 arithmetic ({}), rounding to nearest even{}; NaN payloads not distinguished",
            floats.join(", "),
            if mode.ftz {
                ", subnormals flushed to zero around every operation (XLA:CPU's FTZ/DAZ; f16 \
                 excepted: XLA:CPU computes it in f32, where its subnormals are normal)"
            } else {
                ""
            }
        ));
    }
    if !ints.is_empty() {
        out.push(format!(
            "fixed-width integers ({}) in two's complement, wrapping around; division by zero \
             gives -1 (unsigned: the largest value) and remainder by zero the dividend, as \
             XLA:CPU computes them",
            ints.join(", ")
        ));
    }
    if order_assumed {
        out.push(ORDER_UNSPECIFIED.into());
    }
    if uses_logistic(&pair.before) || uses_logistic(&pair.after) {
        out.push(
            "`logistic` is `1 / (1 + exp(-x))`, each operation rounded, as XLA:CPU's logistic \
             expander writes it, not a correctly rounded sigmoid (docs/xla.md)"
                .into(),
        );
    }
    if pair.strict {
        out.push("every reduction folds left in row-major order, as its text writes (--strict-reduce-order)".into());
    }
    out.extend(facts.into_iter().map(|f| {
        format!("{f} (assumed of every faithful implementation; replays use the platform's libm)")
    }));
    out.push(
        "what the HLO text shows: code generation below it (LLVM's FMA contraction, vector math libraries) is not covered (docs/xla.md)".into(),
    );
    out
}

/// Whether a module's graph holds XLA's `logistic` (read as its expansion: the verdict says so).
fn uses_logistic(m: &Lowered<i128>) -> bool {
    (0..m.graph.len()).any(|n| {
        matches!(
            m.graph.op(tensor::NodeId(n as u32)),
            tensor::Op::Unary {
                op: tensor::UnaryOp::Logistic,
                ..
            }
        )
    })
}

fn refuted(pair: &Pair, d: Difference, mode: Mode) -> Verdict {
    let inputs = pair
        .before
        .params
        .iter()
        .map(|p| {
            let t = &d.inputs[&param_name(p.number)];
            TensorValue {
                name: format!("parameter({})", p.number),
                element_type: p.type_name.clone(),
                axes: t.axes.clone(),
                data: t.data.iter().map(|s| s.to_string()).collect(),
                free: vec![],
            }
        })
        .collect();
    let mut instance = format!(
        "IEEE 754{}",
        if mode.ftz {
            ", subnormals flushed (FTZ/DAZ)"
        } else {
            ""
        }
    );
    if pair.strict {
        instance
            .push_str("; each reduction folded left in row-major order (--strict-reduce-order)");
    }
    if !d.libm.is_empty() {
        instance.push_str(&format!("; {} by the platform's libm", d.libm.join(", ")));
    }
    Verdict::Refuted {
        counterexample: Box::new(Counterexample {
            instance,
            maps: vec![],
            scalars: vec![],
            inputs,
            mismatch: Mismatch::Optimized {
                output: d.output,
                index: d.index,
                before: d.before.to_string(),
                after: d.after.to_string(),
            },
        }),
    }
}
