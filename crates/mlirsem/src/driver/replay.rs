//! Concrete inputs, and replaying a candidate counterexample through the concrete domain
//! (the same op definitions as the symbolic check, with IEEE floats). Only a replayed
//! difference becomes a refutation.

use crate::base::block::{Block, Cell, CellFn, Kind};
use crate::base::ctx::ExtCall;
use crate::base::ctx::Run;
use crate::base::domain::{EType, FTy};
use crate::base::ieee::CFloat;
use crate::base::model::{all_indices, show, to_elem, CArg, CElem, MAX_ELEMS};
use crate::base::stop::Stop;
use crate::base::value::MRef;
use crate::base::value::*;
use crate::eval::run_function_mem;
use crate::ops::extcall::ExtModel;
use crate::ops::memref::boundary::Boundary;
use crate::ops::memref::new_block;
use mlir::{Module, OpId};
use report::{Mismatch, TensorValue};
use std::rc::Rc;
use tensor::Concrete;

/// Random inputs tried by [`search`] when an input has more than [`MAX_ELEMS`] elements.
const LARGE_POOL_TRIES: usize = 8;

pub(crate) fn offset(dims: &[i128], idx: &[i128]) -> Option<usize> {
    if dims.len() != idx.len() {
        return None;
    }
    let mut off: i128 = 0;
    for (n, i) in dims.iter().zip(idx) {
        if *i < 0 || i >= n {
            return None;
        }
        off = off * n + i;
    }
    usize::try_from(off).ok()
}

pub(crate) fn to_vals<'a>(args: &[CArg]) -> Vec<Val<'a, Concrete>> {
    to_vals_mem(args).0
}

/// The argument values and the blocks of memref arguments (in argument order).
pub(crate) fn to_vals_mem<'a>(args: &[CArg]) -> (Vec<Val<'a, Concrete>>, Vec<Block<'a, Concrete>>) {
    let mut mem = vec![];
    let vals = args
        .iter()
        .map(|a| match a {
            CArg::Scalar(t, e) => {
                let mut d = Concrete::default();
                Val::Scalar(
                    SVal {
                        v: to_elem(&mut d, *e),
                        ok: true,
                    },
                    *t,
                )
            }
            CArg::Tensor { ety, dims, data } => {
                let data = Rc::new(data.clone());
                let dd = dims.clone();
                let ety = *ety;
                let at: ElemFn<'a, Concrete> = Rc::new(move |d: &mut Concrete, idx: &[i128]| {
                    // Out-of-range reads happen only under UB; their value is never observed.
                    let e = match offset(&dd, idx).and_then(|o| data.get(o)) {
                        Some(e) => to_elem(d, *e),
                        None => zero_elem(d, ety),
                    };
                    SVal { v: e, ok: true }
                });
                Val::Tensor(Tensor {
                    shape: dims.clone(),
                    ety,
                    at,
                })
            }
            CArg::MemRef {
                ety,
                dims,
                data,
                init,
                live,
                writable,
                layout,
            } => {
                let ety = *ety;
                let cells: Rc<Vec<(CElem, bool)>> =
                    Rc::new(data.iter().copied().zip(init.iter().copied()).collect());
                let at: CellFn<'a, Concrete> = Rc::new(move |d: &mut Concrete, i: &i128| {
                    // Out-of-range reads happen only under UB; their value is never observed.
                    let (e, ok) = match usize::try_from(*i).ok().and_then(|i| cells.get(i)) {
                        Some((e, ok)) => (to_elem(d, *e), *ok),
                        None => (zero_elem(d, ety), false),
                    };
                    Cell {
                        v: SVal { v: e, ok: true },
                        init: ok,
                    }
                });
                let k = mem.len();
                let b = Block {
                    kind: Kind::Arg(k),
                    ety,
                    size: data.len() as i128,
                    live: *live,
                    writable: *writable,
                    frozen: false,
                    at,
                };
                let mut d = Concrete::default();
                let mut r = new_block(&mut d, &mut mem, b, dims.clone());
                if let Some((off, strides)) = layout {
                    r.offset = *off;
                    r.strides = strides.clone();
                    r.contiguous = *strides == crate::ops::memref::row_major_lits(dims);
                }
                Val::MemRef(r)
            }
        })
        .collect();
    (vals, mem)
}

/// The answer of a replay.
pub(crate) enum Replay {
    /// A difference, with the interpretation of the external functions the replay used
    /// ([`crate::ops::extcall::table_report`]; empty without calls).
    Differs(Mismatch, Vec<(String, String)>),
    Same,
    Untrusted(String),
}

/// Runs function `f` on `args`; across a bufferized boundary `bnd` the source keeps its
/// tensor arguments and the target takes their buffers and returns its results as tensors
/// ([`crate::ops::memref::boundary`]), both with the buffers in memory.
fn run<'a>(
    d: &mut Concrete,
    (m, f): (&'a Module, OpId),
    args: &[CArg],
    bnd: &Boundary,
    target: bool,
) -> Result<Run<'a, Concrete>, String> {
    let (vals, mut mem) = to_vals_mem(args);
    let bufs = bnd.target_args(d, &vals, &mut mem).map_err(Stop::reason)?;
    let vals = if target { bufs } else { vals };
    let mut r = run_function_mem(d, m, f, vals, mem).map_err(Stop::reason)?;
    if target {
        bnd.results_as_tensors(d, &mut r).map_err(Stop::reason)?;
    }
    Ok(r)
}

/// A memref result as the caller sees it: the block (an argument's, by name) and the view.
fn view(r: &MRef<Concrete>, run: &Run<'_, Concrete>, names: &[String]) -> String {
    use crate::driver::memcheck::{owner, Owner};
    let block = match owner(&run.mem, &run.globals, r.block) {
        Some(Owner::Arg(k)) => names
            .get(k)
            .map_or(format!("argument #{k}"), |n| format!("%{n}")),
        Some(Owner::Global(g)) => format!("@{g}"),
        None => format!("block #{}", r.block),
    };
    format!(
        "view of {block} at offset {}, sizes {:?}, strides {:?}",
        r.offset, r.shape, r.strides
    )
}

/// The reason of the first per-element condition that holds at some index; `Err` when a
/// domain is too large to enumerate.
fn holds_somewhere<'c>(
    d: &mut Concrete,
    conds: &'c [CondAt<'_, Concrete>],
) -> Result<Option<&'c str>, String> {
    for u in conds {
        let count = u.shape.iter().fold(1i128, |a, n| a.saturating_mul(*n));
        if count > MAX_ELEMS {
            return Err(format!("unchecked: {}", u.why));
        }
        if all_indices(&u.shape).iter().any(|i| (u.at)(d, i)) {
            return Ok(Some(&u.why));
        }
    }
    Ok(None)
}

/// Why a replay that needs exact sums is not trusted.
const ORDER_DEPENDENT: &str =
    "a float sum of this input may take another value in another summation order";

/// How a replay judges a difference.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Judge {
    /// A difference is trusted only if every float sum of both runs has one value in every
    /// summation order ([`crate::ops::fold::order_free`]).
    pub exact_sums: bool,
    /// `+0.0` and `-0.0` differ (see [`same_result`]).
    pub signed_zeros: bool,
}

/// Replays `args` through both functions, the external functions interpreted by `ext`;
/// `focus` is an output position to look at first.
pub(crate) fn replay(
    src: (&Module, OpId),
    tgt: (&Module, OpId),
    args: &[CArg],
    focus: Option<(usize, Vec<i128>)>,
    judge: Judge,
    ext: &ExtModel,
) -> Replay {
    let mut ds = Concrete::default();
    let mut dt = Concrete::default();
    ds.inputs = ext.inputs(0);
    dt.inputs = ext.inputs(1);
    let bnd = crate::ops::memref::boundary::of(src.0, src.1, tgt.0, tgt.1).unwrap_or_default();
    let (rs, rt, tgt_ub) = match run_both(&mut ds, &mut dt, src, tgt, args, &bnd) {
        Ok(Both::Ran(rs, rt, tgt_ub)) => (rs, rt, tgt_ub),
        Ok(Both::SourceUb) => return Replay::Same,
        Err(why) => return Replay::Untrusted(why),
    };
    let calls: Vec<&ExtCall<Concrete>> = rs.calls.iter().chain(&rt.calls).collect();
    if let Err(why) = crate::ops::extcall::consistent(&mut ds, &calls, ext) {
        return Replay::Untrusted(why);
    }
    let names = crate::base::model::arg_names(src.0, src.1);
    let mut runs = Runs {
        ds: &mut ds,
        dt: &mut dt,
        rs: &rs,
        rt: &rt,
        names: &names,
        judge,
    };
    let found = match tgt_ub {
        Some(site) => Some(Mismatch::TargetUb {
            what: format!("the target has undefined behaviour where the source has none: {site}"),
        }),
        None => match compare_results(&mut runs, focus) {
            Ok(Some(m)) => Some(m),
            Ok(None) => compare_memory(&mut runs, args, &bnd),
            Err(why) => return Replay::Untrusted(why),
        },
    };
    if let Some(w) = ds.inexact.take().or(dt.inexact.take()) {
        return Replay::Untrusted(w);
    }
    if judge.exact_sums && found.is_some() && (ds.order_dependent || dt.order_dependent) {
        return Replay::Untrusted(ORDER_DEPENDENT.into());
    }
    match found {
        Some(m) => Replay::Differs(m, crate::ops::extcall::table_report(&mut ds, &calls)),
        None => Replay::Same,
    }
}

/// Both runs of a replay: the source has UB (no difference can be shown), or both ran, with
/// where the target's UB comes from (the first op whose condition holds).
enum Both<'a> {
    SourceUb,
    Ran(Run<'a, Concrete>, Run<'a, Concrete>, Option<String>),
}

/// Runs the source, then (without UB in it) the target; `Err` when a run is outside the model
/// (or cannot be checked), or inexact where the source has UB.
fn run_both<'a>(
    ds: &mut Concrete,
    dt: &mut Concrete,
    src: (&'a Module, OpId),
    tgt: (&'a Module, OpId),
    args: &[CArg],
    bnd: &Boundary,
) -> Result<Both<'a>, String> {
    let rs = run(ds, src, args, bnd, false)?;
    let src_ub = rs.ub || holds_somewhere(ds, &rs.ub_at)?.is_some();
    if src_ub {
        return match ds.inexact.take() {
            Some(why) => Err(why),
            None => Ok(Both::SourceUb),
        };
    }
    if let Some((_, why)) = rs.unsure.iter().find(|(c, _)| *c) {
        return Err(format!("outside the model: {why}"));
    }
    let rt = run(dt, tgt, args, bnd, true)?;
    if let Some((_, why)) = rt.unsure.iter().find(|(c, _)| *c) {
        return Err(format!("outside the model: {why}"));
    }
    for (d, conds) in [(&mut *ds, &rs.unsure_at), (&mut *dt, &rt.unsure_at)] {
        match holds_somewhere(d, conds) {
            Ok(None) => {}
            Ok(Some(why)) => return Err(format!("outside the model: {why}")),
            Err(why) => return Err(format!("outside the model ({why})")),
        }
    }
    let tgt_ub = match holds_somewhere(dt, &rt.ub_at)? {
        Some(why) => Some(why.to_string()),
        None if rt.ub => Some(
            (rt.ub_sites.iter().find(|(c, _)| *c))
                .map_or("an op".to_string(), |(_, site)| site.clone()),
        ),
        None => None,
    };
    Ok(Both::Ran(rs, rt, tgt_ub))
}

/// The two runs of a replay being compared, with their domains.
struct Runs<'r, 'a> {
    ds: &'r mut Concrete,
    dt: &'r mut Concrete,
    rs: &'r Run<'a, Concrete>,
    rt: &'r Run<'a, Concrete>,
    names: &'r [String],
    judge: Judge,
}

/// The first result where the target does not refine the source (`focus`, an output position,
/// looked at first); `Err` when the comparison is not trusted.
fn compare_results(
    r: &mut Runs<'_, '_>,
    focus: Option<(usize, Vec<i128>)>,
) -> Result<Option<Mismatch>, String> {
    let (ds, dt, rs, rt, names, judge) = (&mut *r.ds, &mut *r.dt, r.rs, r.rt, r.names, r.judge);
    for (r, (a, b)) in rs.results.iter().zip(&rt.results).enumerate() {
        match (a, b) {
            (Val::Scalar(x, t), Val::Scalar(y, _)) => {
                let s = same_result(ds, *t, &x.v, &y.v, judge.signed_zeros);
                if x.ok && !(y.ok && s) {
                    return Ok(Some(Mismatch::Output {
                        output: r,
                        index: vec![],
                        src: show(x),
                        tgt: show(y),
                    }));
                }
            }
            (Val::Tensor(x), Val::Tensor(y)) => {
                if x.shape != y.shape {
                    return Ok(Some(Mismatch::OutputShape {
                        output: r,
                        src: x.shape.clone(),
                        tgt: y.shape.clone(),
                    }));
                }
                let focus = focus.as_ref().filter(|(fr, _)| *fr == r).map(|(_, i)| i);
                if let Some(m) = compare_tensors(ds, dt, r, x, y, focus, judge)? {
                    return Ok(Some(m));
                }
            }
            (Val::MemRef(x), Val::MemRef(y)) => {
                let (vs, vt) = (view(x, rs, names), view(y, rt, names));
                if vs != vt {
                    return Ok(Some(Mismatch::Output {
                        output: r,
                        index: vec![],
                        src: vs,
                        tgt: vt,
                    }));
                }
            }
            _ => return Err("a result that is a tensor on one side only".into()),
        }
    }
    Ok(None)
}

/// The first index where result `r`'s tensor `y` does not refine `x` (`focus` first).
fn compare_tensors(
    ds: &mut Concrete,
    dt: &mut Concrete,
    r: usize,
    x: &Tensor<'_, Concrete>,
    y: &Tensor<'_, Concrete>,
    focus: Option<&Vec<i128>>,
    judge: Judge,
) -> Result<Option<Mismatch>, String> {
    let count = x.shape.iter().fold(1i128, |a, n| a.saturating_mul(*n));
    let mut order = vec![];
    if let Some(fi) = focus {
        if offset(&x.shape, fi).is_some() {
            order.push(fi.clone());
        }
    }
    // A large output is compared at the model's index only (the inputs are concrete, so a
    // difference there is exact); no difference there is no evidence either way.
    if count > MAX_ELEMS {
        if order.is_empty() {
            return Err("an output too large to replay".into());
        }
    } else {
        order.extend(all_indices(&x.shape));
    }
    for idx in order {
        let sv = (x.at)(ds, &idx);
        let tv = (y.at)(dt, &idx);
        if judge.exact_sums && (ds.order_dependent || dt.order_dependent) {
            return Err(ORDER_DEPENDENT.into());
        }
        let s = same_result(ds, x.ety, &sv.v, &tv.v, judge.signed_zeros);
        if sv.ok && !(tv.ok && s) {
            return Ok(Some(Mismatch::Output {
                output: r,
                index: idx,
                src: show(&sv),
                tgt: show(&tv),
            }));
        }
    }
    Ok(None)
}

/// The first cell of an argument's block (memref arguments, then the buffers of bufferized
/// tensor arguments, in memory order) whose contents on return differ.
fn compare_memory(r: &mut Runs<'_, '_>, args: &[CArg], bnd: &Boundary) -> Option<Mismatch> {
    let (ds, dt, rs, rt, names, judge) = (&mut *r.ds, &mut *r.dt, r.rs, r.rt, r.names, r.judge);
    let mut blocks: Vec<(usize, &Vec<i128>, &Option<(i128, Vec<i128>)>)> = vec![];
    for (k, a) in args.iter().enumerate() {
        if let CArg::MemRef { dims, layout, .. } = a {
            blocks.push((k, dims, layout));
        }
    }
    for (k, a) in args.iter().enumerate() {
        if let (CArg::Tensor { dims, .. }, Some(true)) = (a, bnd.args.get(k)) {
            blocks.push((k, dims, &None));
        }
    }
    for ((k, dims, layout), (bs, bt)) in blocks.into_iter().zip(rs.mem.iter().zip(&rt.mem)) {
        let block = names
            .get(k)
            .map(|n| format!("%{n}"))
            .unwrap_or(format!("argument #{k}"));
        if bs.live && !bt.live {
            return Some(Mismatch::Memory {
                block,
                index: vec![],
                src: "live".into(),
                tgt: "deallocated".into(),
            });
        }
        if !bs.live {
            continue;
        }
        let cells: Vec<Vec<i128>> = match layout {
            None => all_indices(dims),
            Some(_) => (0..bs.size).map(|i| vec![i]).collect(),
        };
        for (i, idx) in cells.into_iter().enumerate() {
            let sc = (bs.at)(ds, &(i as i128));
            let tc = (bt.at)(dt, &(i as i128));
            let s = same_result(ds, bs.ety, &sc.v.v, &tc.v.v, judge.signed_zeros);
            let cell = |c: &Cell<Concrete>| {
                if c.init {
                    show(&c.v)
                } else {
                    "uninitialized".into()
                }
            };
            if sc.init && sc.v.ok && !(tc.init && tc.v.ok && s) {
                return Some(Mismatch::Memory {
                    block,
                    index: idx,
                    src: cell(&sc),
                    tgt: cell(&tc),
                });
            }
        }
    }
    None
}

/// The inputs in report form.
pub(crate) fn inputs_report(
    names: &[String],
    args: &[CArg],
) -> (Vec<(String, String)>, Vec<TensorValue>) {
    let mut scalars = vec![];
    let mut tensors = vec![];
    for (n, a) in names.iter().zip(args) {
        match a {
            CArg::Scalar(t, e) => scalars.push((format!("%{n} : {}", t.name()), e.to_string())),
            CArg::MemRef {
                ety,
                dims,
                data,
                init,
                live,
                writable,
                layout,
            } => tensors.push(TensorValue {
                name: format!(
                    "%{n} (memref{}{}{})",
                    if *live { "" } else { ", dead" },
                    if *writable { "" } else { ", read-only" },
                    match layout {
                        Some((o, st)) => format!(", offset {o}, strides {st:?}, block by offset"),
                        None => String::new(),
                    }
                ),
                element_type: ety.name(),
                axes: match layout {
                    None => dims
                        .iter()
                        .enumerate()
                        .map(|(k, n)| (format!("d{k}"), *n))
                        .collect(),
                    Some(_) => vec![("offset".into(), data.len() as i128)],
                },
                data: data
                    .iter()
                    .zip(init)
                    .map(|(e, i)| if *i { e.to_string() } else { "uninit".into() })
                    .collect(),
                free: vec![],
            }),
            CArg::Tensor { ety, dims, data } => tensors.push(TensorValue {
                name: format!("%{n}"),
                element_type: ety.name(),
                axes: dims
                    .iter()
                    .enumerate()
                    .map(|(k, n)| (format!("d{k}"), *n))
                    .collect(),
                data: data.iter().map(|e| e.to_string()).collect(),
                free: vec![],
            }),
        }
    }
    (scalars, tensors)
}

// ---- search: when the solver's model does not replay (floats are uninterpreted there) ----

struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 11
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[(self.next() % xs.len() as u64) as usize]
    }
}

const FLOATS: &[f64] = &[
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    3.0,
    0.1,
    1e30,
    -1e30,
    1e-30,
    16777216.0,
    1e8,
    -7.0,
    2.5,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NAN,
    // 1 + 2^-52: rounds to 1.0 in f32.
    1.0000000000000002,
];
const INTS: &[i128] = &[0, 1, -1, 2, 3, 7, -128, 127, 255, 1 << 31, -(1 << 31)];

fn random_elem(r: &mut Lcg, t: EType) -> CElem {
    match t {
        EType::Bool => CElem::Bool(r.next() & 1 == 1),
        EType::Int(_) | EType::Index => {
            let v = if r.next() % 4 == 0 {
                r.next() as i128
            } else {
                r.pick(INTS)
            };
            let w = t.width();
            let half = 1i128 << (w - 1);
            CElem::Int((v + half).rem_euclid(1i128 << w) - half)
        }
        EType::Float(f) => CElem::Float(CFloat::of(f, r.pick(FLOATS))),
    }
}

/// `args` with every element replaced by `f(element type, element)`.
fn map_elems(args: &[CArg], f: &mut dyn FnMut(EType, CElem) -> CElem) -> Vec<CArg> {
    args.iter()
        .map(|a| {
            let mut a = a.clone();
            match &mut a {
                CArg::Scalar(t, e) => *e = f(*t, *e),
                CArg::Tensor { ety, data, .. } | CArg::MemRef { ety, data, .. } => {
                    for e in data.iter_mut() {
                        *e = f(*ety, *e);
                    }
                }
            }
            a
        })
        .collect()
}

/// The model's inputs with every subnormal float (what a solver's small bit patterns decode
/// to: `1e-45` for the pattern 1) replaced by the integer of its bit pattern, when there is one: replayed
/// first, so that a counterexample shows small integers where they do (any concrete input
/// that replays a difference is a refutation; the model itself is replayed next).
pub(crate) fn readable(args: &[CArg]) -> Option<Vec<CArg>> {
    let subnormal = |e: &CElem| match e {
        CElem::Float(x) => x.ty.format().is_subnormal(x.bits),
        _ => false,
    };
    let any = args.iter().any(|a| match a {
        CArg::Scalar(_, e) => subnormal(e),
        CArg::Tensor { data, .. } | CArg::MemRef { data, .. } => data.iter().any(subnormal),
    });
    // The subnormal with bit pattern `k` (sign aside) becomes the integer `k`: distinct
    // patterns stay distinct and ordered, and are exact (below 2^24 for f32, 2^53 for f64).
    any.then(|| {
        map_elems(args, &mut |t, e| match (t, e) {
            (EType::Float(f), CElem::Float(x)) if subnormal(&e) => {
                let sign = 1u64 << (EType::Float(f).width() - 1);
                let k = (x.bits & (sign - 1)) as f64;
                CElem::Float(CFloat::of(f, if x.bits & sign != 0 { -k } else { k }))
            }
            _ => e,
        })
    })
}

/// The model's floats as small integers: a small integer stays, any other value becomes one
/// of 1..=7 chosen by its bit pattern (equal values stay equal, so the summands the model
/// keeps apart mostly stay apart), with its sign. Sums of such values are exact in any order.
fn integer_image(t: FTy, x: CFloat) -> CFloat {
    let v = x.as_f64();
    if v.is_finite() && v.fract() == 0.0 && v.abs() <= 8.0 {
        return x;
    }
    let small = ((x.bits >> 7) % 7 + 1) as f64;
    CFloat::of(t, if v.is_sign_negative() { -small } else { small })
}

/// Small positive integers for inputs whose float sums are exact (and not zero: a zero sum
/// is not order-free, see [`crate::ops::fold::order_free`]).
const SMALL_INTS: &[f64] = &[1.0, 2.0, 3.0, 4.0];
/// Values every float element takes at once in one search candidate each.
const SPLATS: &[f64] = &[f64::NEG_INFINITY, f64::INFINITY, f64::NAN, -0.0, 0.0];
/// Pseudo-random small-integer inputs tried after the model's integer image.
const SMALL_TRIES: usize = 4;
/// Pseudo-random inputs from [`FLOATS`] tried after them (unless sums must be exact).
const POOL_TRIES: usize = 256;

/// `args` with every tensor or buffer filled with one value (its first element's), so that a
/// difference needing a whole window of one value (`-inf` under a max pooling) is found.
fn splat(args: Vec<CArg>) -> Vec<CArg> {
    args.into_iter()
        .map(|mut a| {
            if let CArg::Tensor { data, .. } | CArg::MemRef { data, .. } = &mut a {
                if let Some(&first) = data.first() {
                    data.iter_mut().for_each(|e| *e = first);
                }
            }
            a
        })
        .collect()
}

/// Looks for an input of the model's shapes that replays a difference: the model's integer
/// image, then pseudo-random small integers (float sums exact in any order), then (unless
/// the judge needs exact sums) every float set to one special value, then pseudo-random values
/// from a pool of corner cases, every other one with each tensor or buffer filled with one
/// value (unless `random` is false: the deterministic candidates only).
///
/// `focus` (the model's output position) is where a large output is compared (see
/// [`replay`]); with a tensor beyond [`MAX_ELEMS`] elements only the deterministic candidates
/// and [`LARGE_POOL_TRIES`] random ones are tried, each costing a pass over every element.
pub(crate) fn search(
    src: (&Module, OpId),
    tgt: (&Module, OpId),
    model: &[CArg],
    focus: Option<(usize, Vec<i128>)>,
    judge: Judge,
    ext: &ExtModel,
    random: bool,
) -> Option<(Vec<CArg>, Mismatch, Vec<(String, String)>)> {
    let mut r = Lcg(0x5eed);
    let large = model.iter().any(|a| match a {
        CArg::Tensor { data, .. } | CArg::MemRef { data, .. } => data.len() as i128 > MAX_ELEMS,
        CArg::Scalar(..) => false,
    });
    let mut candidates = vec![map_elems(model, &mut |t, e| match (t, e) {
        (EType::Float(f), CElem::Float(x)) => CElem::Float(integer_image(f, x)),
        _ => e,
    })];
    for _ in 0..SMALL_TRIES {
        candidates.push(map_elems(model, &mut |t, _| match t {
            EType::Float(f) => CElem::Float(CFloat::of(f, r.pick(SMALL_INTS))),
            _ => random_elem(&mut r, t),
        }));
    }
    // Every float one small integer: sums of equal integers stay exact through chains of
    // reductions (a softmax of equal scores: each term 1, the sum the row length).
    for v in SMALL_INTS {
        candidates.push(map_elems(model, &mut |t, e| match t {
            EType::Float(f) => CElem::Float(CFloat::of(f, *v)),
            _ => e,
        }));
    }
    let pool = if judge.exact_sums || !random {
        0
    } else if large {
        LARGE_POOL_TRIES
    } else {
        POOL_TRIES
    };
    // Tensors of one IEEE special value each (windows of `-inf` under a max pooling, zeros of
    // one sign), before the random pool.
    if !judge.exact_sums {
        for v in SPLATS {
            candidates.push(map_elems(model, &mut |t, e| match t {
                EType::Float(f) => CElem::Float(CFloat::of(f, *v)),
                _ => e,
            }));
        }
    }
    let mut k = 0;
    let tries = candidates.into_iter().chain(
        std::iter::repeat_with(|| {
            k += 1;
            let args = map_elems(model, &mut |t, _| random_elem(&mut r, t));
            if k % 2 == 0 {
                splat(args)
            } else {
                args
            }
        })
        .take(pool),
    );
    for args in tries {
        if let Replay::Differs(m, calls) = replay(src, tgt, &args, focus.clone(), judge, ext) {
            return Some((args, m, calls));
        }
    }
    None
}
