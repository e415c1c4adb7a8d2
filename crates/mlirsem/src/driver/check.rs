//! Refinement obligations of a source/target pair, solver calls, and verdicts.
//!
//! For every function `@f` of the source and the target's `@f` (same signature), with the
//! same symbolic arguments (dynamic dims as symbols in `[0, 2^48)`, elements as uninterpreted
//! functions of the index), and P the argument ranges:
//! 0. no case outside the model: `P ∧ ¬UB_src ∧ (unsure_src ∨ unsure_tgt)` unsat;
//! 1. no new UB: `P ∧ ¬UB_src ∧ UB_tgt` unsat;
//! 2. per result, the same shape: `P ∧ ¬UB_src ∧ ¬UB_tgt ∧ shape_src ≠ shape_tgt` unsat;
//! 3. per result, the same elements at a symbolic in-bounds index `i`:
//!    `P ∧ ¬UB ∧ same shape ∧ i in bounds ∧ defined_src(i) ∧ ¬(defined_tgt(i) ∧ src(i) = tgt(i))`
//!    unsat.
//! A satisfiable obligation becomes `refuted` only if the concrete interpreter, on the model's
//! inputs (or, when the uninterpreted floats made the model spurious, on pseudo-random inputs
//! of the model's shapes), sees the difference; otherwise `unknown`.

use crate::base::ctx::ExtCall;
use crate::base::ctx::{value_type, Run};
use crate::base::domain::{EType, MDomain};
use crate::base::model::arg_names;
use crate::base::model::{all_indices, CArg, CElem, MAX_ELEMS};
use crate::base::model::{elem_from_value, elem_of_raw, sort_of, ARG_DIM_BOUND};
use crate::base::value::*;
use crate::driver::replay::{inputs_report, replay, search, Judge, Replay};
use crate::eval::run_function_mem;
use crate::ops::extcall::{ExtDesc, ExtModel};
use mlir::{Attr, Dim, Module, OpId, Type};
use report::{Counterexample, Diagnostic, Mismatch, Verdict};
use smt::{
    check_portfolio, CheckResult, FunId, ModelReader, SolverConfig, Sort, SymId, TermId, Value,
};
use std::collections::BTreeMap;
use std::rc::Rc;
use std::time::{Duration, Instant};
use symbolic::Sym;

/// Limits and switches of a check.
#[derive(Clone, Debug)]
pub struct Options {
    /// Per solver query.
    pub timeout: Duration,
    /// Only this function.
    pub function: Option<String>,
    /// Keep every query's SMT-LIB text in [`PairResult::smt`].
    pub collect_smt: bool,
    /// Distinguish `+0.0` from `-0.0` in results and memory cells (off: `--no-signed-zeros`,
    /// mlir-tv's `--use-neg-zero`; the verdict names the assumption).
    pub signed_zeros: bool,
    /// `(g, i)`: the results of the external function `@g` have the dims of its argument `i`
    /// (mlir-tv's `--use-fn-argument-dims=g@i`), an assumption the verdict names.
    pub same_dims: Vec<(String, usize)>,
    /// For all the attempts on one function together: when it has run out before an
    /// obligation's query, the verdict is unknown ("the time budget ... ran out"). `None`: no
    /// limit but the per-query `timeout`s.
    pub budget: Option<Duration>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            timeout: Duration::from_secs(10),
            function: None,
            collect_smt: false,
            signed_zeros: true,
            same_dims: vec![],
            budget: None,
        }
    }
}

/// Which file a diagnostic points into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Src,
    Tgt,
}

/// The verdict for one function.
#[derive(Clone, Debug)]
pub struct PairResult {
    pub function: String,
    pub verdict: Verdict,
    /// For `Verdict::Error`: the file its diagnostics point into.
    pub error_side: Option<Side>,
    pub seconds: f64,
    /// `(label, SMT-LIB text)` per query, when [`Options::collect_smt`].
    pub smt: Vec<(String, String)>,
}

/// The assumptions every verdict of this checker rests on.
pub fn assumptions() -> Vec<String> {
    vec![
        "iN is two's complement (arithmetic wraps modulo 2^N); index is 64-bit".into(),
        "floats uninterpreted except for facts exact in IEEE 754 (folding of literals, commutativity of addf/mulf, x - y = x + -y, negf involution, identities of -0.0/1.0/-1.0/NaN operands, cmpf swaps, negations and NaN cases, exactness of widening extf, absf as sign clearing, the exact values of exp at NaN, ±inf, ±0); NaN payloads not observed".into(),
        "dynamic dims of arguments are sizes in [0, 2^48) (a non-empty tensor or buffer fits a 48-bit address space)".into(),
        "tensor.empty elements are uninitialized until written: reading one straight from the tensor.empty (tensor.extract, the payload of a linalg or tosa op) is UB, elsewhere it is poison; out-of-bounds extract/insert/dim/slices and linalg.generic size mismatches are UB".into(),
    ]
}

/// Checks that every function of `src` (or [`Options::function`]) is refined by `tgt`'s.
pub fn check_pair(src: &Module, tgt: &Module, opts: &Options) -> Vec<PairResult> {
    let tfuns = tgt.functions();
    let mut out = vec![];
    let mut seen = false;
    for (name, fs) in src.functions() {
        if opts.function.as_ref().is_some_and(|f| *f != name) {
            continue;
        }
        // A declaration (no body) has nothing to refine.
        let body = src.op(fs).regions.first();
        if body.is_none_or(|r| src.region(*r).blocks.is_empty()) && opts.function.is_none() {
            continue;
        }
        seen = true;
        let start = Instant::now();
        let mut smt_texts = vec![];
        let (verdict, side) = match tfuns.iter().find(|(n, _)| *n == name) {
            None => (
                error(src, fs, format!("the target has no function @{name}")),
                Some(Side::Src),
            ),
            Some((_, ft)) => {
                // The same signature, or the source's with tensors bufferized
                // (`crate::ops::memref::boundary`).
                if crate::ops::memref::boundary::of(src, fs, tgt, *ft).is_none() {
                    (
                        error(
                            tgt,
                            *ft,
                            format!("@{name} has another signature in the target"),
                        ),
                        Some(Side::Tgt),
                    )
                } else {
                    (
                        check_function(src, fs, tgt, *ft, opts, &mut smt_texts, &name),
                        None,
                    )
                }
            }
        };
        out.push(PairResult {
            function: name,
            verdict,
            error_side: side,
            seconds: start.elapsed().as_secs_f64(),
            smt: smt_texts,
        });
    }
    if !seen {
        let what = match &opts.function {
            Some(f) => format!("the source has no function @{f}"),
            None => "the source has no function".into(),
        };
        out.push(PairResult {
            function: opts.function.clone().unwrap_or_default(),
            verdict: Verdict::Error {
                diagnostics: vec![Diagnostic {
                    span: Default::default(),
                    message: what,
                }],
            },
            error_side: Some(Side::Src),
            seconds: 0.0,
            smt: vec![],
        });
    }
    out
}

fn error(m: &Module, f: OpId, message: String) -> Verdict {
    Verdict::Error {
        diagnostics: vec![Diagnostic {
            span: m.op(f).name_span,
            message,
        }],
    }
}

/// A function argument, symbolically: plain ids only (read inside the solver thread).
#[derive(Clone, Debug)]
enum ArgDesc {
    Scalar(EType, SymId),
    Tensor {
        ety: EType,
        dims: Vec<Result<i128, SymId>>,
        /// The element function (rank > 0) or constant (rank 0).
        elems: Result<FunId, SymId>,
    },
    MemRef(crate::driver::memcheck::MemArg),
}

fn fn_inputs(m: &Module, f: OpId) -> Vec<Type> {
    match m.op(f).attr("function_type") {
        Some(Attr::Type(Type::Function { inputs, .. })) => inputs.clone(),
        _ => vec![],
    }
}

/// Declares the arguments; returns their descriptions, values and range preconditions. With
/// `pins`, dynamic dims take the sizes of those concrete arguments (a refinement step).
fn declare_args<'a>(
    sym: &mut Sym,
    types: &[Type],
    pins: Option<&[CArg]>,
) -> Result<ArgsOf<'a>, String> {
    let mut descs = vec![];
    let mut vals = vec![];
    let mut pre = vec![];
    let mut mem = vec![];
    for (k, ty) in types.iter().enumerate() {
        if let Type::MemRef { .. } = ty {
            let pin = |j: usize| pin_of(pins, k, j);
            let (desc, val) =
                crate::driver::memcheck::declare(sym, k, ty, &pin, &mut pre, &mut mem)?;
            descs.push(ArgDesc::MemRef(desc));
            vals.push(val);
            continue;
        }
        let (dims, ety) = value_type(ty)?;
        match dims {
            None => {
                let s = sym.store.declare(&format!("arg{k}"), sort_of(ety));
                let t = sym.store.sym(s);
                if let EType::Int(_) | EType::Index = ety {
                    let w = ety.width();
                    let lo = sym.store.int(-pow2(w - 1));
                    let hi = sym.store.int(pow2(w - 1));
                    pre.push(sym.store.le(lo, t));
                    pre.push(sym.store.lt(t, hi));
                }
                let v = match ety {
                    EType::Bool => Elem::Bool(t),
                    EType::Float(_) => Elem::Float(t),
                    _ => Elem::Int(t),
                };
                let ok = sym.store.bool(true);
                descs.push(ArgDesc::Scalar(ety, s));
                vals.push(Val::Scalar(SVal { v, ok }, ety));
            }
            Some(dims) => {
                let mut shape = vec![];
                let mut dd = vec![];
                for (j, dim) in dims.iter().enumerate() {
                    match dim {
                        Dim::Static(n) => {
                            dd.push(Ok(*n as i128));
                            shape.push(sym.store.int(*n as i128));
                        }
                        Dim::Dynamic if pin_of(pins, k, j).is_some() => {
                            let n = pin_of(pins, k, j).unwrap_or(0);
                            dd.push(Ok(n));
                            shape.push(sym.store.int(n));
                        }
                        Dim::Dynamic => {
                            let s = sym.store.declare(&format!("arg{k}_dim{j}"), Sort::Int);
                            let t = sym.store.sym(s);
                            let zero = sym.store.int(0);
                            let hi = sym.store.int(ARG_DIM_BOUND);
                            pre.push(sym.store.le(zero, t));
                            pre.push(sym.store.lt(t, hi));
                            dd.push(Err(s));
                            shape.push(t);
                        }
                    }
                }
                let elems = if dims.is_empty() {
                    Err(sym.store.declare(&format!("arg{k}"), sort_of(ety)))
                } else {
                    Ok(sym.store.declare_fun(
                        &format!("arg{k}"),
                        &vec![Sort::Int; dims.len()],
                        sort_of(ety),
                    ))
                };
                let at: ElemFn<'a, Sym> = Rc::new(move |d: &mut Sym, idx: &[TermId]| {
                    let raw = match elems {
                        Ok(f) => d.store.app(f, idx.to_vec()),
                        Err(s) => d.store.sym(s),
                    };
                    SVal {
                        v: elem_of_raw(d, ety, raw),
                        ok: d.store.bool(true),
                    }
                });
                descs.push(ArgDesc::Tensor {
                    ety,
                    dims: dd,
                    elems,
                });
                vals.push(Val::Tensor(Tensor { shape, ety, at }));
            }
        }
    }
    Ok((descs, vals, pre, mem))
}

/// Argument descriptions, values, range facts, and the blocks of memref arguments.
type ArgsOf<'a> = (
    Vec<ArgDesc>,
    Vec<Val<'a, Sym>>,
    Vec<TermId>,
    Vec<crate::base::block::Block<'a, Sym>>,
);

/// The size of dim `j` of concrete argument `k`, if pinned.
fn pin_of(pins: Option<&[CArg]>, k: usize, j: usize) -> Option<i128> {
    match pins?.get(k)? {
        CArg::Tensor { dims, .. } | CArg::MemRef { dims, .. } => dims.get(j).copied(),
        CArg::Scalar(..) => None,
    }
}

/// Largest dynamic size the refinement step pins (reductions over it are then enumerated).
const MAX_PIN: i128 = 64;

/// The bound on dynamic dims when a model is searched again because the first one was too
/// large to replay (or had a dim above [`MAX_PIN`]).
const SMALL_DIM: i128 = 8;

/// What a model gives a replay: the arguments, the focus index, the external functions.
type ModelRead = (Vec<CArg>, Vec<i128>, ExtModel);

/// Reads the arguments, the focus index and the tables of the external functions `ext` from
/// a model; `None` if an input is too large.
/// The sizes of an argument in a model: static ones as they are, dynamic ones read (0 if the
/// model has none).
fn model_dims(m: &mut dyn ModelReader, dims: &[Result<i128, SymId>]) -> Vec<i128> {
    dims.iter()
        .map(|d| match d {
            Ok(n) => *n,
            Err(s) => match m.sym(*s) {
                Some(Value::Int(i)) => i,
                _ => 0,
            },
        })
        .collect()
}

/// Elements of a tensor argument read from a model, in row-major order; the others take the
/// default value (reading a function at every point of a large tensor costs seconds in Z3; a
/// refutation still needs a replayed input, which the search then looks for).
const MODEL_READ_MAX: usize = 4096;

/// Most elements of a tensor argument that a replay materializes lazily: beyond
/// [`MAX_ELEMS`], only the elements the query reads ([`Reads`]) are taken from the model and
/// the others are the default value (0), which keeps the replay exact on that input.
const MAX_LAZY_ELEMS: i128 = 1 << 22;

/// The element reads of a query: per tensor argument (by position), the index terms of every
/// application of its element function.
#[derive(Clone, Default)]
struct Reads(Vec<(usize, Vec<TermId>)>);

impl Reads {
    /// Collects the reads of `assertions` (an iterative walk) for the tensor arguments `descs`.
    fn of(store: &smt::Store, assertions: &[TermId], descs: &[ArgDesc]) -> Reads {
        let funs: BTreeMap<FunId, usize> = descs
            .iter()
            .enumerate()
            .filter_map(|(k, d)| match d {
                ArgDesc::Tensor { elems: Ok(f), .. } => Some((*f, k)),
                _ => None,
            })
            .collect();
        let mut out = vec![];
        if funs.is_empty() {
            return Reads(out);
        }
        let mut seen = std::collections::HashSet::new();
        let mut stack = assertions.to_vec();
        while let Some(t) = stack.pop() {
            if !seen.insert(t) {
                continue;
            }
            if let smt::Node::App(f, xs) = store.node(t) {
                if let Some(&k) = funs.get(f) {
                    out.push((k, xs.clone()));
                }
            }
            stack.extend(store.children(t));
        }
        out.sort();
        Reads(out)
    }
}

/// Sets the elements of tensor argument `k` (element function `f`) that the query reads
/// ([`Reads`]) at row-major offsets from `from` on, from the model.
fn fill_reads(
    m: &mut dyn ModelReader,
    (store, reads): (&smt::Store, &Reads),
    (k, f, ety): (usize, FunId, EType),
    dims: &[i128],
    data: &mut [CElem],
    from: usize,
) {
    for (_, xs) in reads.0.iter().filter(|(a, _)| *a == k) {
        let idx: Option<Vec<i128>> = xs
            .iter()
            .map(|x| match smt::eval_term(store, *x, m) {
                Some(Value::Int(i)) => Some(i),
                _ => None,
            })
            .collect();
        let Some(idx) = idx else { continue };
        match crate::driver::replay::offset(dims, &idx) {
            Some(off) if off >= from && off < data.len() => {
                let vals: Vec<Value> = idx.iter().map(|i| Value::Int(*i)).collect();
                data[off] = elem_from_value(ety, m.app(f, &vals));
            }
            _ => {}
        }
    }
}

fn read_model(
    m: &mut dyn ModelReader,
    descs: &[ArgDesc],
    focus: &[SymId],
    ext: &ExtDesc,
    lazy: (&smt::Store, &Reads),
) -> Option<ModelRead> {
    let mut args = vec![];
    for (k, d) in descs.iter().enumerate() {
        args.push(match d {
            ArgDesc::Scalar(t, s) => CArg::Scalar(*t, elem_from_value(*t, m.sym(*s))),
            ArgDesc::Tensor {
                ety,
                dims,
                elems: Ok(f),
            } if {
                let count = (model_dims(m, dims).iter()).fold(1i128, |a, n| a.saturating_mul(*n));
                count > MAX_ELEMS && count <= MAX_LAZY_ELEMS
            } =>
            {
                let dims = model_dims(m, dims);
                let count = dims.iter().product::<i128>() as usize;
                let mut data = vec![elem_from_value(*ety, None); count];
                fill_reads(m, lazy, (k, *f, *ety), &dims, &mut data, 0);
                CArg::Tensor {
                    ety: *ety,
                    dims,
                    data,
                }
            }
            ArgDesc::Tensor { ety, dims, elems } => {
                let dims = model_dims(m, dims);
                let mut count: i128 = 1;
                for n in &dims {
                    count = count.saturating_mul(*n);
                }
                if count > MAX_ELEMS {
                    return None;
                }
                let data = all_indices(&dims)
                    .into_iter()
                    .enumerate()
                    .map(|(k, idx)| {
                        let v = match elems {
                            Ok(_) if k >= MODEL_READ_MAX => None,
                            Ok(f) => {
                                m.app(*f, &idx.iter().map(|i| Value::Int(*i)).collect::<Vec<_>>())
                            }
                            Err(s) => m.sym(*s),
                        };
                        elem_from_value(*ety, v)
                    })
                    .collect();
                let mut data: Vec<CElem> = data;
                if let Ok(f) = elems {
                    fill_reads(m, lazy, (k, *f, *ety), &dims, &mut data, MODEL_READ_MAX);
                }
                CArg::Tensor {
                    ety: *ety,
                    dims,
                    data,
                }
            }
            ArgDesc::MemRef(a) => {
                let dims = model_dims(m, &a.dims);
                let count = match &a.layout {
                    None => dims.iter().fold(1i128, |a, n| a.saturating_mul(*n)),
                    Some((off, st)) if dims.contains(&0) => *off,
                    Some((off, st)) => {
                        off + dims.iter().zip(st).map(|(n, s)| (n - 1) * s).sum::<i128>() + 1
                    }
                };
                if count > MAX_ELEMS {
                    return None;
                }
                let mut data = vec![];
                let mut init = vec![];
                for i in 0..count {
                    data.push(elem_from_value(a.ety, m.app(a.elems, &[Value::Int(i)])));
                    init.push(matches!(
                        m.app(a.init, &[Value::Int(i)]),
                        Some(Value::Bool(true))
                    ));
                }
                let flag =
                    |m: &mut dyn ModelReader, s: SymId| matches!(m.sym(s), Some(Value::Bool(true)));
                CArg::MemRef {
                    ety: a.ety,
                    dims,
                    data,
                    init,
                    live: flag(m, a.live),
                    writable: flag(m, a.writable),
                    layout: a.layout.clone(),
                }
            }
        });
    }
    let idx = focus
        .iter()
        .map(|s| match m.sym(*s) {
            Some(Value::Int(i)) => i,
            _ => 0,
        })
        .collect();
    Some((args, idx, crate::ops::extcall::read(m, ext)?))
}

/// The UB of both runs with their per-element UB ([`crate::base::ctx::Run::ub_at`]) instantiated:
/// the target's at a fresh witness index each (existential: exact), the source's at those
/// witnesses, at the result indices `res` and, for small static shapes, at every index (its UB
/// is `∃ i. c(i)`; taking fewer instances only makes the source look more defined: sound).
fn per_element_ub<'a>(
    d: &mut Sym,
    rs: &Run<'a, Sym>,
    rt: &Run<'a, Sym>,
    res: &[Vec<SymId>],
) -> (TermId, TermId) {
    let mut points: Vec<Vec<TermId>> = vec![];
    let mut ub_t = vec![rt.ub];
    for (k, u) in rt.ub_at.iter().enumerate() {
        let (w, c) = at_fresh_index(d, u, &format!("ubw{k}"));
        ub_t.push(c);
        points.push(w);
    }
    points.extend(
        res.iter()
            .map(|r| r.iter().map(|s| d.store.sym(*s)).collect()),
    );
    let mut ub_s = vec![rs.ub];
    // After unrolled loops the target's UB is scalar (its loads) and gives no witness: the
    // source's is then taken at every index of larger static shapes too.
    let max = SMALL_SHAPE.max(literal_limit(rs, rt));
    for u in &rs.ub_at {
        ub_s.extend(fixed_instances(d, u, max));
        for p in points.iter().filter(|p| p.len() == u.shape.len()) {
            let inb = in_bounds(d, p, &u.shape);
            let c = (u.at)(d, p);
            ub_s.push(d.store.and2(inb, c));
        }
    }
    (d.store.or(ub_s), d.store.or(ub_t))
}

/// A fresh index (symbols `NAME_j`) and whether it is in bounds and `u` holds there.
fn at_fresh_index(d: &mut Sym, u: &CondAt<'_, Sym>, name: &str) -> (Vec<TermId>, TermId) {
    let idx: Vec<TermId> = (0..u.shape.len())
        .map(|j| {
            let s = d.store.fresh(&format!("{name}_{j}"), Sort::Int);
            d.store.sym(s)
        })
        .collect();
    let inb = in_bounds(d, &idx, &u.shape);
    let c = (u.at)(d, &idx);
    let q = d.store.and2(inb, c);
    (idx, q)
}

/// Most elements of a static shape whose every index is taken ([`small_static_indices`]).
const SMALL_SHAPE: i128 = 256;

/// Most elements of a static result or memory block compared at every literal index: after
/// unrolled loops (whose chains of stores literal addresses settle), as many as loops unroll;
/// otherwise none (a symbolic index).
fn literal_limit(rs: &Run<'_, Sym>, rt: &Run<'_, Sym>) -> i128 {
    if rs.unrolled + rt.unrolled > 0 {
        crate::ops::scf::MAX_UNROLLED as i128
    } else {
        0
    }
}

/// Instances of the source's per-element UB `u` at fixed indices: the first index (a
/// condition that holds everywhere, as for the elements of a `tensor.empty`, needs no other)
/// and every index of a static shape of at most `max` elements. Fewer instances than
/// `∃ i. u(i)` only make the source look more defined: sound for `verified` and `vacuous`.
fn fixed_instances(d: &mut Sym, u: &CondAt<'_, Sym>, max: i128) -> Vec<TermId> {
    let first: Vec<TermId> = u.shape.iter().map(|_| d.store.int(0)).collect();
    let inb = in_bounds(d, &first, &u.shape);
    let c = (u.at)(d, &first);
    let mut out = vec![d.store.and2(inb, c)];
    for t in static_indices(d, &u.shape, max) {
        out.push((u.at)(d, &t));
    }
    out
}

/// Every index of `shape` as literals when it is static with at most 256 elements, else none.
fn small_static_indices(d: &mut Sym, shape: &[TermId]) -> Vec<Vec<TermId>> {
    static_indices(d, shape, SMALL_SHAPE)
}

/// Every index of `shape` as literals when it is static with at most `max` elements, else none.
fn static_indices(d: &mut Sym, shape: &[TermId], max: i128) -> Vec<Vec<TermId>> {
    let dims: Option<Vec<i128>> = shape.iter().map(|n| MDomain::lit_int(d, n)).collect();
    let Some(dims) = dims else { return vec![] };
    if dims
        .iter()
        .try_fold(1i128, |a, n| a.checked_mul(*n))
        .is_none_or(|n| n > max)
    {
        return vec![];
    }
    all_indices(&dims)
        .iter()
        .map(|idx| idx.iter().map(|i| d.store.int(*i)).collect())
        .collect()
}

struct Obligation {
    label: String,
    query: TermId,
    /// For element obligations: the result and its index symbols.
    focus: Option<(usize, Vec<SymId>)>,
    /// A satisfiable "outside the model" obligation: unknown with this reason, no replay.
    unsure: Option<String>,
}

/// The assumption of `--no-signed-zeros` ([`Options::signed_zeros`] off).
pub const NO_SIGNED_ZEROS: &str = "signed zeros not distinguished: a result element or memory cell +0.0 matches -0.0 and the other way round (everything else compared exactly, NaNs equal; where no division or external call tells the signs of zeros apart, x + +0.0 is x inside too)";

/// The reading of tosa float accumulations named in a verdict of a pair that has one.
pub const TOSA_ACC_ASSUMPTION: &str = "tosa float accumulations sum in the pseudo-code's order (whose float order the spec leaves open), conv2d, depthwise_conv2d, fully_connected and reduce_sum from the additive identity -0.0 (the spec's acc = 0 read as mlir-tv and MLIR 19's bias-first lowering read it: a zero sum is -0.0 only when every summand is), avg_pool2d from +0.0";

/// The assumption a verdict reached in reassociation mode adds.
pub const REASSOC_ASSUMPTION: &str = "float addition treated as associative and commutative: every float sum (and addf) is an uninterpreted function of the multiset of its summands, nested sums flattened (an abstraction: IEEE rounding depends on the order)";

/// The outcome of one attempt at a function.
enum Attempt {
    Done(Verdict),
    /// The exact encoding did not decide, and float sums of reductions are involved: try
    /// again with float addition reassociated. With the refutation the exact encoding's model
    /// already gives in the loops' own summation order (replayed, but on inputs whose sums may
    /// take other values in other orders): the verdict unless reassociation verifies or
    /// refutes the pair.
    Reassociate(Option<Verdict>),
    /// Zeros were taken as signless (`--no-signed-zeros`), but the encoding met an operation
    /// that tells their signs apart ([`symbolic::Folds::zero_sign_seen`]): encode again with
    /// signed zeros inside.
    SignsMatter,
}

/// Checks one function: first with the exact encoding of reductions; when that does not
/// decide and float sums of reductions (linalg reduction loops, whose summation order MLIR's
/// transformations change: tiling, split reductions) are involved, with the multiset
/// abstraction of float addition ([`crate::ops::fold`]), whose verdict names it. Should that not
/// decide, a difference the exact model replayed in the loops' order is the verdict (taken
/// before reassociation, so the budget cannot end the attempt before it; reassociation then
/// gets [`REASSOC_SHARE`] of what is left); without one, the exact attempt is repeated with
/// its model replayed, so that a concrete difference is still reported.
#[allow(clippy::too_many_arguments)]
fn check_function(
    src: &Module,
    fs: OpId,
    tgt: &Module,
    ft: OpId,
    opts: &Options,
    smt_texts: &mut Vec<(String, String)>,
    name: &str,
) -> Verdict {
    let deadline = opts.budget.map(|b| Instant::now() + b);
    // `held`: a refutation is held, so the solver gets no stage that may overrun its timeout.
    let run = |(reassoc, held): (bool, bool),
               may_escalate: bool,
               deadline: Option<Instant>,
               texts: &mut Vec<(String, String)>| {
        let go = |zero_sign_free: bool, texts: &mut Vec<(String, String)>| {
            attempt(
                src,
                fs,
                tgt,
                ft,
                opts,
                texts,
                name,
                (reassoc, zero_sign_free, held),
                may_escalate,
                None,
                deadline,
            )
        };
        match go(!opts.signed_zeros, texts) {
            Attempt::SignsMatter => go(false, texts),
            a => a,
        }
    };
    match run((false, false), true, deadline, smt_texts) {
        Attempt::Done(v) => v,
        Attempt::Reassociate(pending) => {
            // With a replayed difference in hand, reassociation only decides whether the
            // difference is one of summation order: it gets a share of the time left.
            let share = match (&pending, deadline) {
                (Some(_), Some(d)) => {
                    let left = d.saturating_duration_since(Instant::now());
                    Some(Instant::now() + left.mul_f64(REASSOC_SHARE))
                }
                (Some(_), None) => Some(Instant::now() + opts.timeout * 2),
                (None, d) => d,
            };
            let unknown = |reason: String, pending: Option<Verdict>| {
                pending.unwrap_or(Verdict::Unknown { reason })
            };
            match run((true, pending.is_some()), false, share, smt_texts) {
                Attempt::Done(Verdict::Verified { mut assumptions }) => {
                    assumptions.push(REASSOC_ASSUMPTION.into());
                    Verdict::Verified { assumptions }
                }
                Attempt::Done(Verdict::Unknown { reason }) if pending.is_some() => {
                    unknown(reason, pending)
                }
                Attempt::Done(Verdict::Unknown { reason }) => {
                    match run((false, false), false, deadline, smt_texts) {
                        Attempt::Done(Verdict::Unknown { .. })
                        | Attempt::Reassociate(_)
                        | Attempt::SignsMatter => Verdict::Unknown {
                            reason: format!("with float addition reassociated: {reason}"),
                        },
                        Attempt::Done(v) => v,
                    }
                }
                Attempt::Done(v) => v,
                Attempt::Reassociate(_) | Attempt::SignsMatter => {
                    unknown("reassociation did not decide".into(), pending)
                }
            }
        }
        // `run` encodes again with signed zeros when they mattered.
        Attempt::SignsMatter => Verdict::Unknown {
            reason: "the signs of zeros mattered after all".into(),
        },
    }
}

/// The share of the time left that the reassociated attempt gets when the exact one has a
/// replayed difference in the loops' order (without a budget: twice the query timeout).
const REASSOC_SHARE: f64 = 0.5;

/// `FILE:LINE:COL` of the `func.return` of function `f` (of the function when it has none).
fn return_at(m: &Module, f: OpId) -> String {
    let ret = m.walk_inside(f).into_iter().find(|&o| {
        m.op(o).name == "func.return"
            && m.op(o)
                .parent
                .is_some_and(|b| m.region(m.block(b).parent).parent == f)
    });
    m.location(m.op(ret.unwrap_or(f)).name_span.start)
}

#[allow(clippy::too_many_arguments)]
fn attempt(
    src: &Module,
    fs: OpId,
    tgt: &Module,
    ft: OpId,
    opts: &Options,
    smt_texts: &mut Vec<(String, String)>,
    name: &str,
    (reassoc, zero_sign_free, held): (bool, bool, bool),
    may_escalate: bool,
    pins: Option<&[CArg]>,
    deadline: Option<Instant>,
) -> Attempt {
    let unknown = |reason: String| Attempt::Done(Verdict::Unknown { reason });
    let t_start = std::time::Instant::now();
    let mut sym = Sym::new(smt::Store::new());
    sym.folds.reassoc = reassoc;
    sym.folds.zero_sign_free = zero_sign_free;
    let (descs, vals, pre, mut mem) = match declare_args(&mut sym, &fn_inputs(src, fs), pins) {
        Ok(x) => x,
        Err(why) => return unknown(format!("{why} (arguments of {})", src.op_at(fs))),
    };
    // Across a bufferized boundary the target takes buffers holding the tensor arguments,
    // which both runs have in memory (the source leaves them untouched).
    let bnd = crate::ops::memref::boundary::of(src, fs, tgt, ft).unwrap_or_default();
    let vals_t = match bnd.target_args(&mut sym, &vals, &mut mem) {
        Ok(v) => v,
        Err(e) => return unknown(format!("target: {}", e.reason())),
    };
    // Where the functions return, for reasons about their results.
    let returns = format!(
        "func.return at {} and {}",
        return_at(src, fs),
        return_at(tgt, ft)
    );
    let n_mem = mem.len();
    let rs = match run_function_mem(&mut sym, src, fs, vals, mem.clone()) {
        Ok(r) => r,
        Err(e) => return unknown(format!("source: {}", e.reason())),
    };
    let rt = match run_function_mem(&mut sym, tgt, ft, vals_t, mem) {
        Ok(mut r) => match bnd.results_as_tensors(&mut sym, &mut r) {
            Ok(()) => r,
            Err(e) => return unknown(format!("target: {} ({returns})", e.reason())),
        },
        Err(e) => return unknown(format!("target: {}", e.reason())),
    };
    if rs.results.len() != rt.results.len() {
        return unknown(format!(
            "the functions return different numbers of values ({returns})"
        ));
    }
    let obls = match obligations(&mut sym, (&rs, &rt), n_mem, opts, &returns) {
        Ok(obls) => obls,
        Err(why) => return unknown(why),
    };
    let mut assumed = assumed_of((src, fs), (tgt, ft), (&rs, &rt), !bnd.is_empty(), opts);
    if let Some(why) = sym.unsupported.take() {
        return unknown(why);
    }
    let escalate = may_escalate && sym.folds.saw_fsum;
    let mut pre = pre;
    pre.extend(crate::ops::fold::lemmas(&mut sym));
    let calls: Vec<&ExtCall<Sym>> = rs.calls.iter().chain(&rt.calls).collect();
    match crate::ops::extcall::lemmas(&mut sym, &calls, &opts.same_dims) {
        Ok(facts) => pre.extend(facts),
        Err(why) => return unknown(why),
    }
    assumed.extend(crate::ops::extcall::assumptions(&calls, &opts.same_dims));
    let ext = crate::ops::extcall::describe(&sym, &rs.calls, &rt.calls, &opts.same_dims);
    let call_dims = crate::ops::extcall::result_dims(&sym, &calls);
    let cfg = SolverConfig {
        timeout: opts.timeout,
    };
    // An unsure case possible where the source is defined: the verdict is unknown unless a
    // later obligation is refuted.
    let mut outside: Option<String> = None;
    debug(&format!("{name}: encoded in {:?}", t_start.elapsed()));
    if sym.folds.zero_sign_free && sym.folds.zero_sign_seen {
        return Attempt::SignsMatter;
    }
    for ob in obls {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            let secs = opts.budget.unwrap_or_default().as_secs_f64();
            return unknown(format!(
                "the time budget of the function ({secs} s) ran out before all obligations were decided"
            ));
        }
        // No query runs past the budget: its timeout is at most what is left of it.
        let cfg = SolverConfig {
            timeout: deadline.map_or(cfg.timeout, |d| {
                cfg.timeout.min(d.saturating_duration_since(Instant::now()))
            }),
        };
        let res = solve(
            &mut sym,
            &pre,
            &ob,
            (&descs, &ext, &call_dims),
            (reassoc, held),
            cfg,
            (opts, name),
            smt_texts,
        );
        // A model of the exact encoding is replayed before reassociation is tried, judged on
        // inputs whose float sums have one value in every order: a difference it shows then
        // refutes the reassociated reading too (a wrong transformer block was refuted this way
        // in 0.1 s, after 20 s of reassociated solving). Other differences wait for the
        // reassociated attempt: a split reduction is verified under it.
        let escalate_now = escalate && ob.unsure.is_none();
        match res {
            CheckResult::Unsat => continue,
            CheckResult::Sat(Some(_)) if escalate_now => {}
            _ if escalate_now => return Attempt::Reassociate(None),
            _ => {}
        }
        match res {
            CheckResult::Unsat => continue,
            CheckResult::Unknown(why) => {
                return unknown(format!("obligation `{}`: solver: {why}", ob.label))
            }
            CheckResult::Sat(model) => {
                if let Some(why) = ob.unsure {
                    outside.get_or_insert(why);
                    continue;
                }
                let Some((args, idx, tables)) = model else {
                    if let Some(why) = &outside {
                        return unknown(outside_reason(why));
                    }
                    return unknown(format!(
                        "obligation `{}` is satisfiable but its model's inputs are too large to replay",
                        ob.label
                    ));
                };
                return judge_model(
                    src,
                    fs,
                    tgt,
                    ft,
                    opts,
                    smt_texts,
                    name,
                    (reassoc, zero_sign_free, held),
                    pins,
                    deadline,
                    &descs,
                    (args, idx, tables),
                    (&ob.label, ob.focus),
                    escalate_now,
                    outside.as_deref(),
                );
            }
        }
    }
    if let Some(why) = outside {
        return unknown(outside_reason(&why));
    }
    // The source's per-element UB at fixed indices (a vacuous verdict stays sound).
    let mut ub = vec![rs.ub];
    for u in &rs.ub_at {
        ub.extend(fixed_instances(&mut sym, u, SMALL_SHAPE));
    }
    let ub = sym.store.or(ub);
    if sym.folds.zero_sign_free && sym.folds.zero_sign_seen {
        return Attempt::SignsMatter;
    }
    if always_ub(&mut sym.store, &pre, ub, cfg) {
        return Attempt::Done(Verdict::Vacuous {
            reason: "the source has undefined behaviour on every input, so any target refines it"
                .into(),
        });
    }
    Attempt::Done(Verdict::Verified {
        assumptions: assumed,
    })
}

/// The obligations of a pair whose runs are `rs` and `rt` (`n_mem` argument blocks, `returns`
/// naming where they return): outside-the-model cases, new UB, per result its shape and
/// elements (or its view), the memory the caller sees; the unsure ones last. `Err`: a reason
/// the pair cannot be compared (unknown).
fn obligations(
    d: &mut Sym,
    (rs, rt): (&Run<'_, Sym>, &Run<'_, Sym>),
    n_mem: usize,
    opts: &Options,
    returns: &str,
) -> Result<Vec<Obligation>, String> {
    // One fresh in-bounds index per tensor result, for its element obligation.
    let res_syms: Vec<Vec<SymId>> = (rs.results.iter().enumerate())
        .map(|(r, v)| match v {
            Val::Tensor(x) => (0..x.shape.len())
                .map(|k| d.store.fresh(&format!("idx{r}_{k}"), Sort::Int))
                .collect(),
            _ => vec![],
        })
        .collect();
    let (ub_s, ub_t) = per_element_ub(d, &rs, &rt, &res_syms);
    let no_ub_s = d.store.not(ub_s);
    let no_ub_t = d.store.not(ub_t);
    let mut obls = vec![];
    let unsure: Vec<(TermId, String)> = rs.unsure.iter().chain(&rt.unsure).cloned().collect();
    for (c, why) in unsure {
        if d.store.as_bool(c) == Some(false) {
            continue;
        }
        let q = d.store.and2(no_ub_s, c);
        obls.push(Obligation {
            label: "model".into(),
            query: q,
            focus: None,
            unsure: Some(why),
        });
    }
    for (k, u) in rs.unsure_at.iter().chain(&rt.unsure_at).enumerate() {
        let (_, c) = at_fresh_index(d, u, &format!("unsure{k}"));
        let q = d.store.and2(no_ub_s, c);
        if d.store.as_bool(q) == Some(false) {
            continue;
        }
        obls.push(Obligation {
            label: "model".into(),
            query: q,
            focus: None,
            unsure: Some(u.why.clone()),
        });
    }
    // The other obligations look for a difference outside the unsure cases (implied when
    // no unsure case is possible), so that a pair that is wrong elsewhere is still refuted.
    let mut sure = vec![no_ub_s];
    for (c, _) in rs.unsure.iter().chain(&rt.unsure) {
        sure.push(d.store.not(*c));
    }
    let no_ub_s = d.store.and(sure);
    let q = d.store.and2(no_ub_s, ub_t);
    obls.push(Obligation {
        label: "ub".into(),
        query: q,
        focus: None,
        unsure: None,
    });
    // Where obligation `ub` is unsat, `¬UB_src` implies `¬UB_tgt` (and no verdict is reached
    // otherwise), so the later obligations need not assume it: a target UB with a per-point
    // quantifier (`crate::ops::linalg::body`) would only slow the solver down.
    let defined = if d.store.has_quantifier(rt.ub) {
        no_ub_s
    } else {
        d.store.and2(no_ub_s, no_ub_t)
    };
    for (r, (a, b)) in rs.results.iter().zip(&rt.results).enumerate() {
        match (a, b) {
            (Val::Scalar(x, t), Val::Scalar(y, _)) => {
                let s = same_result(d, *t, &x.v, &y.v, opts.signed_zeros);
                let good = d.store.and2(y.ok, s);
                let bad = d.store.not(good);
                let q = d.store.and(vec![defined, x.ok, bad]);
                obls.push(Obligation {
                    label: format!("result{r}"),
                    query: q,
                    focus: Some((r, vec![])),
                    unsure: None,
                });
            }
            (Val::Tensor(x), Val::Tensor(y)) => {
                let ss = same_shape(d, &x.shape, &y.shape);
                let nss = d.store.not(ss);
                let q = d.store.and2(defined, nss);
                obls.push(Obligation {
                    label: format!("result{r}-shape"),
                    query: q,
                    focus: None,
                    unsure: None,
                });
                let syms = res_syms[r].clone();
                let idx: Vec<TermId> = syms.iter().map(|s| d.store.sym(*s)).collect();
                let differ = |d: &mut Sym, at: &[TermId]| {
                    let sv = (x.at)(d, at);
                    let tv = (y.at)(d, at);
                    let s = same_result(d, x.ety, &sv.v, &tv.v, opts.signed_zeros);
                    let good = d.store.and2(tv.ok, s);
                    let bad = d.store.not(good);
                    d.store.and2(sv.ok, bad)
                };
                // After unrolled loops an element is a chain of stores: at each index of a
                // small static shape, literal addresses settle the chain (exact: the index
                // symbols still name the position).
                let points = static_indices(d, &x.shape, literal_limit(&rs, &rt));
                let q = if points.is_empty() {
                    let inb = in_bounds(d, &idx, &x.shape);
                    let bad = differ(d, &idx);
                    d.store.and(vec![defined, ss, inb, bad])
                } else {
                    let mut cases = vec![];
                    for p in &points {
                        let mut here: Vec<TermId> =
                            idx.iter().zip(p).map(|(a, b)| d.store.eq(*a, *b)).collect();
                        here.push(differ(d, p));
                        cases.push(d.store.and(here));
                    }
                    let any = d.store.or(cases);
                    d.store.and(vec![defined, ss, any])
                };
                obls.push(Obligation {
                    label: format!("result{r}"),
                    query: q,
                    focus: Some((r, syms)),
                    unsure: None,
                });
            }
            (Val::MemRef(x), Val::MemRef(y)) => {
                match crate::driver::memcheck::result_view(d, x, y, (&rs, &rt), defined) {
                    Ok(q) => obls.push(Obligation {
                        label: format!("result{r}-view"),
                        query: q,
                        focus: Some((r, vec![])),
                        unsure: None,
                    }),
                    Err(why) => return Err(format!("{why} (result #{r}, {returns})")),
                }
            }
            _ => {
                return Err(format!(
                    "result #{r} is a tensor on one side only ({returns})"
                ))
            }
        }
    }
    for (label, query) in crate::driver::memcheck::obligations(
        d,
        &rs.mem,
        &rt.mem,
        n_mem,
        defined,
        opts.signed_zeros,
        literal_limit(&rs, &rt),
    ) {
        obls.push(Obligation {
            label,
            query,
            focus: None,
            unsure: None,
        });
    }
    // Refutations are looked for first where no (scalar) unsure condition holds, so that a
    // difference does not hide behind one; the unsure obligations come last and cover the rest.
    let mut conds: Vec<TermId> = (rs.unsure.iter().chain(&rt.unsure)).map(|u| u.0).collect();
    // Per-element unsure conditions of small static shapes, at every index.
    for u in rs.unsure_at.iter().chain(&rt.unsure_at) {
        for t in small_static_indices(d, &u.shape) {
            conds.push((u.at)(d, &t));
        }
    }
    let any = d.store.or(conds);
    let sure = d.store.not(any);
    for ob in obls.iter_mut().filter(|o| o.unsure.is_none()) {
        ob.query = d.store.and2(ob.query, sure);
    }
    obls.sort_by_key(|o| o.unsure.is_some());
    Ok(obls)
}

/// What a verdict of the pair assumes: the general readings, then the ones its runs `rs`, `rt`
/// meet (signless zeros, tosa accumulations, memory, distinct arguments, a bufferized
/// `boundary`).
fn assumed_of(
    (src, fs): (&Module, OpId),
    (tgt, ft): (&Module, OpId),
    (rs, rt): (&Run<'_, Sym>, &Run<'_, Sym>),
    boundary: bool,
    opts: &Options,
) -> Vec<String> {
    let mut assumed = assumptions();
    if !opts.signed_zeros {
        assumed.push(NO_SIGNED_ZEROS.into());
    }
    if crate::ops::linalg::conv::free_order(src, fs).is_some()
        || crate::ops::linalg::conv::free_order(tgt, ft).is_some()
    {
        assumed.push(TOSA_ACC_ASSUMPTION.into());
    }
    if !rs.mem.is_empty() || !rt.mem.is_empty() {
        assumed.push(crate::driver::memcheck::MEMORY_ASSUMPTION.into());
    }
    let globals = (rs.mem.iter().chain(&rt.mem)).any(|b| {
        matches!(
            b.kind,
            crate::base::block::Kind::Global | crate::base::block::Kind::MutableGlobal
        )
    });
    if crate::driver::memcheck::needs_distinct(&fn_inputs(src, fs), globals) {
        assumed.push(crate::driver::memcheck::DISTINCT_ASSUMPTION.into());
    }
    if boundary {
        assumed.push(crate::ops::memref::boundary::BOUNDARY_ASSUMPTION.into());
    }
    assumed
}

/// Obligation `ob` asked of the solver with the facts `pre` (`cfg`: its timeout): simplified,
/// its text kept when [`Options::collect_smt`] asks, a model read as inputs; a model too large
/// to replay is asked for again with small dynamic dims.
#[allow(clippy::too_many_arguments)]
fn solve(
    sym: &mut Sym,
    pre: &[TermId],
    ob: &Obligation,
    (descs, ext, call_dims): (&[ArgDesc], &ExtDesc, &[TermId]),
    (reassoc, held): (bool, bool),
    cfg: SolverConfig,
    (opts, name): (&Options, &str),
    smt_texts: &mut Vec<(String, String)>,
) -> CheckResult<Option<ModelRead>> {
    let mut assertions = pre.to_vec();
    assertions.push(ob.query);
    let t0 = std::time::Instant::now();
    let assertions = crate::driver::refold::simplify(sym, &assertions);
    debug(&format!(
        "{name} {}: simplified in {:?}",
        ob.label,
        t0.elapsed()
    ));
    if opts.collect_smt {
        smt_texts.push((
            format!(
                "{name}-{}{}",
                if reassoc { "reassoc-" } else { "" },
                ob.label
            ),
            smt::to_smtlib(&sym.store, &assertions, &[format!("@{name}: {}", ob.label)]),
        ));
    }
    // A reassociated query is given as one conjunction: its thousands of pairwise hash
    // lemmas share large sums, which the printer (`let`s per assertion past its
    // `define-fun` limit) wrote once per lemma: 128 MB of SMT-LIB for 19,085 distinct
    // terms (a wrong attention block at 10x), 5 s to print and 14 s for Z3 to read, before
    // any timeout applies; as one assertion, 264 KB.
    let assertions = if reassoc {
        vec![sym.store.and(assertions)]
    } else {
        assertions
    };
    let focus_syms: Vec<SymId> = ob.focus.as_ref().map(|f| f.1.clone()).unwrap_or_default();
    let (descs2, focus2, ext2) = (descs.to_vec(), focus_syms.clone(), ext.clone());
    let reads = Reads::of(&sym.store, &assertions, descs);
    let (store_ref, reads_ref) = (&sym.store, &reads);
    let t0 = std::time::Instant::now();
    let on_sat = move |m: &mut dyn ModelReader| {
        let t1 = std::time::Instant::now();
        let r = read_model(m, &descs2, &focus2, &ext2, (store_ref, reads_ref));
        debug(&format!("model read in {:?}", t1.elapsed()));
        r
    };
    // Reassociated queries (nonlinear: sums of hashes) go where every stage ends within
    // the timeout: Z3's default solver ran 20 to 30 s past a 2 s timeout on them (a wrong
    // attention block at 10x), and the exact attempt that follows replays the model.
    // With a refutation held, no stage may overrun its timeout (Z3's default solver ran
    // 20 s past a 2 s one on a linear reassociated query of a wrong transformer block).
    let (mut res, _, _) = if reassoc && held {
        smt::check_portfolio_interruptible(&sym.store, &assertions, cfg, on_sat)
    } else if reassoc {
        smt::check_portfolio_bounded(&sym.store, &assertions, cfg, on_sat)
    } else {
        check_portfolio(&sym.store, &assertions, cfg, on_sat)
    };
    debug(&format!(
        "{name} {}: solved in {:?}",
        ob.label,
        t0.elapsed()
    ));
    // A model too large to replay: look for one whose dynamic dims are small.
    let large = match &res {
        CheckResult::Sat(None) => true,
        CheckResult::Sat(Some((args, _, _))) => args
            .iter()
            .any(|a| matches!(a, CArg::Tensor { dims, .. } if dims.iter().any(|n| *n > MAX_PIN))),
        _ => false,
    };
    let mut small = vec![];
    if large && ob.unsure.is_none() {
        small = assertions.clone();
        for desc in descs {
            if let ArgDesc::Tensor { dims, .. } = desc {
                for s in dims.iter().filter_map(|x| x.err()) {
                    let v = sym.store.sym(s);
                    let cap = sym.store.int(SMALL_DIM);
                    small.push(sym.store.le(v, cap));
                }
            }
        }
        for v in call_dims {
            let cap = sym.store.int(SMALL_DIM);
            small.push(sym.store.le(*v, cap));
        }
        // Static sizes only: no smaller model exists.
        if small.len() == assertions.len() {
            small.clear();
        }
    }
    if !small.is_empty() {
        let (descs2, ext2) = (descs.to_vec(), ext.clone());
        let lazy = (&sym.store, &reads);
        let (again, _, _) = check_portfolio(&sym.store, &small, cfg, move |m| {
            read_model(m, &descs2, &focus_syms, &ext2, lazy)
        });
        if matches!(again, CheckResult::Sat(Some(_))) {
            res = again;
        }
    }
    res
}

/// A model of obligation `label` (of result `focus`) replayed: the refutation, or the held
/// refutation in the loops' order when the pair is to be reassociated (`escalate_now`), or a
/// pinned attempt over the model's small dynamic sizes, or unknown (`outside`: a satisfiable
/// unsure obligation met earlier).
#[allow(clippy::too_many_arguments)]
fn judge_model(
    src: &Module,
    fs: OpId,
    tgt: &Module,
    ft: OpId,
    opts: &Options,
    smt_texts: &mut Vec<(String, String)>,
    name: &str,
    (reassoc, zero_sign_free, held): (bool, bool, bool),
    pins: Option<&[CArg]>,
    deadline: Option<Instant>,
    descs: &[ArgDesc],
    (args, idx, tables): ModelRead,
    (label, focus): (&str, Option<(usize, Vec<SymId>)>),
    escalate_now: bool,
    outside: Option<&str>,
) -> Attempt {
    let focus = focus.map(|(r, _)| (r, idx));
    let names = arg_names(src, fs);
    let mut note = String::new();
    // TOSA leaves the order of its float accumulations open: a difference counts
    // only on inputs whose sums are exact, the same in every order.
    let free = crate::ops::linalg::conv::free_order(src, fs);
    let judge = Judge {
        exact_sums: free.is_some() || escalate_now,
        signed_zeros: opts.signed_zeros,
    };
    let t0 = std::time::Instant::now();
    let image = crate::driver::replay::readable(&args).and_then(|image| {
        match replay((src, fs), (tgt, ft), &image, focus.clone(), judge, &tables) {
            Replay::Differs(m, calls) => Some((image, m, calls)),
            _ => None,
        }
    });
    // The model's inputs did not differ: a search around them.
    let search_all = || {
        search(
            (src, fs),
            (tgt, ft),
            &args,
            focus.clone(),
            judge,
            &tables,
            true,
        )
    };
    let found = match image.map(Ok).unwrap_or_else(|| {
        Err(replay(
            (src, fs),
            (tgt, ft),
            &args,
            focus.clone(),
            judge,
            &tables,
        ))
    }) {
        Ok(found) => Some(found),
        Err(Replay::Differs(m, calls)) => Some((args.clone(), m, calls)),
        Err(Replay::Same) => search_all(),
        Err(Replay::Untrusted(why)) => {
            note = format!("; replay not trusted: {why}");
            search_all()
        }
    };
    debug(&format!("{name} {}: replayed in {:?}", label, t0.elapsed()));
    if found.is_none() && escalate_now {
        // The model's difference in the loops' own order, held in case
        // reassociation does not decide (TOSA's order is open: none then).
        let relaxed = Judge {
            exact_sums: false,
            ..judge
        };
        let pending = free
            .is_none()
            .then(|| replay_model((src, fs), (tgt, ft), &args, focus, relaxed, &tables))
            .flatten()
            .map(|(args, m, calls)| refutation(name, &names, &args, m, calls, None, opts));
        return Attempt::Reassociate(pending);
    }
    // Refinement: a spurious model over dynamic sizes is checked again with the
    // sizes pinned to the model's (small) ones, so that reductions over them are
    // enumerated instead of uninterpreted; only a replayed refutation is taken.
    let dynamic = descs.iter().any(|d| match d {
        ArgDesc::Tensor { dims, .. } => dims.iter().any(|x| x.is_err()),
        ArgDesc::MemRef(a) => a.dims.iter().any(|x| x.is_err()),
        ArgDesc::Scalar(..) => false,
    });
    let small = args.iter().all(|a| match a {
        CArg::Tensor { dims, .. } | CArg::MemRef { dims, .. } => {
            dims.iter().all(|n| (0..=MAX_PIN).contains(n))
        }
        CArg::Scalar(..) => true,
    });
    if found.is_none() && pins.is_none() && dynamic && small {
        let again = attempt(
            src,
            fs,
            tgt,
            ft,
            opts,
            smt_texts,
            name,
            (reassoc, zero_sign_free, held),
            false,
            Some(&args),
            deadline,
        );
        if let Attempt::Done(v @ Verdict::Refuted { .. }) = again {
            return Attempt::Done(v);
        }
    }
    Attempt::Done(match found {
        Some((args, mismatch, calls)) => {
            refutation(name, &names, &args, mismatch, calls, free.as_deref(), opts)
        }
        None if outside.is_some() => Verdict::Unknown {
            reason: format!(
                "{}; obligation `{}` is satisfiable but did not replay{note}",
                outside_reason(outside.unwrap_or_default()),
                label
            ),
        },
        None => Verdict::Unknown {
            reason: format!(
                "obligation `{}` is satisfiable in the abstraction, but no input replayed a difference concretely (floats are uninterpreted: the abstraction may be too coarse){note}",
                label
            ),
        },
    })
}

/// The reason of an unknown verdict when an unsure case is possible where the source is defined.
fn outside_reason(why: &str) -> String {
    format!("outside the model where the source is defined: {why}")
}

/// A refutation of `@name` on `args` (named `names`), replayed with `mismatch`; `free` is the
/// TOSA op whose accumulation order is open, when one is (the inputs' sums are then exact).
fn refutation(
    name: &str,
    names: &[String],
    args: &[CArg],
    mismatch: Mismatch,
    calls: Vec<(String, String)>,
    free: Option<&str>,
    opts: &Options,
) -> Verdict {
    let t1 = std::time::Instant::now();
    let (mut scalars, inputs) = inputs_report(names, args);
    debug(&format!("inputs reported in {:?}", t1.elapsed()));
    scalars.extend(calls);
    let mut instance = format!("@{name}");
    if let Some(op) = free {
        instance += &format!("; every float sum is exact on these inputs (integers whose magnitudes add up to at most 2^10 for f16, 2^7 for bf16, 2^23 for f32, 2^52 for f64, and a non-zero sum), so the {op} accumulation gives these values in any order");
    }
    if !opts.signed_zeros {
        instance += &format!("; {NO_SIGNED_ZEROS}");
    }
    Verdict::Refuted {
        counterexample: Box::new(Counterexample {
            instance,
            maps: vec![],
            scalars,
            inputs,
            mismatch,
        }),
    }
}

/// The model's inputs (their readable image first) replayed under `judge`, then the search's
/// deterministic candidates (no random pool: a bounded number of replays).
fn replay_model(
    src: (&Module, OpId),
    tgt: (&Module, OpId),
    args: &[CArg],
    focus: Option<(usize, Vec<i128>)>,
    judge: Judge,
    tables: &ExtModel,
) -> Option<(Vec<CArg>, Mismatch, Vec<(String, String)>)> {
    let image = crate::driver::replay::readable(args);
    for candidate in image.into_iter().chain([args.to_vec()]) {
        match replay(src, tgt, &candidate, focus.clone(), judge, tables) {
            Replay::Differs(m, calls) => return Some((candidate, m, calls)),
            Replay::Same => debug("model replayed: no difference"),
            Replay::Untrusted(why) => debug(&format!("model replayed: not trusted: {why}")),
        }
    }
    search(src, tgt, args, focus, judge, tables, false)
}

/// A trace line on stderr when `TENSORPROOF_DEBUG` is set.
fn debug(line: &str) {
    if std::env::var_os("TENSORPROOF_DEBUG").is_some() {
        eprintln!("[mlir] {line}");
    }
}

/// Whether the source is undefined for every input the argument facts `pre` allow: a pair
/// verified only because of that is reported vacuous, not verified. An undecided query counts
/// as "not always UB" (the verdict stays verified, which the obligations proved either way).
fn always_ub(store: &mut smt::Store, pre: &[TermId], ub: TermId, cfg: SolverConfig) -> bool {
    let mut q = pre.to_vec();
    q.push(store.not(ub));
    let q = smt::simplify_arith(store, &q);
    matches!(smt::decide_portfolio(store, &q, cfg).0, CheckResult::Unsat)
}
