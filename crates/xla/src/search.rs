//! The concrete side: both modules run by the core's interpreter (`Concrete`) on given inputs,
//! and a search over special and pseudo-random inputs for an output element that differs.
//! Every refutation, from this search or from a solver's model, is a [`Difference`] this
//! module computed.

use crate::hlo::Module;
use crate::lower::{axis, lower, param_name, Lowered, Mode, Param};
use std::collections::BTreeMap;
use tensor::{Concrete, ConcreteTensor, ElemType, Eval, Format, NodeId, Op, Scalar};

/// Both modules lowered in the concrete domain.
pub(crate) struct Pair {
    pub before: Lowered<i128>,
    pub after: Lowered<i128>,
}

impl Pair {
    pub fn new(b: &Module, a: &Module, mode: Mode) -> Result<Pair, crate::Unsupported> {
        let mut d = Concrete::new(BTreeMap::new());
        Ok(Pair {
            before: lower(&mut d, b, mode)?,
            after: lower(&mut d, a, mode)?,
        })
    }
}

/// An output element the two modules compute differently on `inputs`.
pub(crate) struct Difference {
    pub inputs: BTreeMap<String, ConcreteTensor>,
    pub output: usize,
    pub index: Vec<i128>,
    pub before: Scalar,
    pub after: Scalar,
    /// Functions the platform's libm computed.
    pub libm: Vec<&'static str>,
}

/// The interpreter for one module on `inputs`. Its reduction budget is unbounded: the search
/// bounds its work itself (`affordable`), so no reduction is cut short.
fn interpreter(inputs: &BTreeMap<String, ConcreteTensor>) -> Concrete {
    let mut d = Concrete::new(inputs.clone());
    d.reduce_budget = usize::MAX;
    d
}

/// Whether the interpreter's complaint concerns a value read outside an input. The core
/// evaluates every operand of a concatenation (and the value and operand of a pad) before it
/// selects one; the branches not selected may read outside an input, and what they compute
/// is dropped. An in-range element of a well-formed module (checked before the search) only
/// depends on reads inside the inputs (`tensor::eval`'s contract), so such a complaint does
/// not touch the element's value; any other complaint does.
fn about_unselected_reads(why: &str) -> bool {
    why.contains("outside an input") || why.contains("Undef") || why.contains("undefined")
}

/// The value of output `k` at `index` in one module, `None` when the interpreter cannot
/// compute it exactly.
fn element(
    l: &Lowered<i128>,
    d: &mut Concrete,
    ev: &mut Eval<Concrete>,
    k: usize,
    index: &[i128],
) -> Option<Scalar> {
    let idx: Vec<(String, i128)> = index
        .iter()
        .enumerate()
        .map(|(j, i)| (axis(j), *i))
        .collect();
    d.inexact = None;
    let v = ev.access(d, l.outputs[k].0, &idx);
    let exact = d.inexact.as_deref().is_none_or(about_unselected_reads);
    (exact && v != Scalar::Undef).then_some(v)
}

/// Runs both modules on `inputs` and returns the first differing output element (at most
/// `budget` elements per output are compared, spread over the output).
pub(crate) fn compare(
    p: &Pair,
    inputs: &BTreeMap<String, ConcreteTensor>,
    budget: usize,
    focus: Option<(usize, &[i128])>,
) -> Option<Difference> {
    let mut db = interpreter(inputs);
    let mut da = interpreter(inputs);
    let mut eb = Eval::new(&p.before.graph);
    let mut ea = Eval::new(&p.after.graph);
    let points: Vec<(usize, Vec<i128>)> = match focus {
        Some((k, i)) => vec![(k, i.to_vec())],
        None => sample_points(&p.before, budget),
    };
    for (k, index) in points {
        let vb = element(&p.before, &mut db, &mut eb, k, &index)?;
        let va = element(&p.after, &mut da, &mut ea, k, &index)?;
        if vb.differs(&va) == Some(true) {
            let mut libm: Vec<&'static str> = db.libm.iter().chain(&da.libm).copied().collect();
            libm.sort();
            libm.dedup();
            return Some(Difference {
                inputs: inputs.clone(),
                output: k,
                index,
                before: vb,
                after: va,
                libm,
            });
        }
    }
    None
}

/// Up to `budget` indices of every output, evenly spread.
fn sample_points(l: &Lowered<i128>, budget: usize) -> Vec<(usize, Vec<i128>)> {
    let mut out = vec![];
    for (k, (_, dims, _)) in l.outputs.iter().enumerate() {
        let axes: Vec<(String, i128)> = dims
            .iter()
            .enumerate()
            .map(|(j, n)| (axis(j), *n as i128))
            .collect();
        let count = ConcreteTensor::count(&axes).unwrap_or(0);
        let step = count.div_ceil(budget.max(1)).max(1);
        for off in (0..count).step_by(step) {
            out.push((k, ConcreteTensor::unravel(&axes, off)));
        }
    }
    out
}

/// Values that tell float rewrites apart: zeros of both signs, small integers, the largest
/// and smallest magnitudes, subnormals, infinities, NaN, and the thresholds where `exp`
/// overflows.
fn specials(f: Format) -> Vec<u64> {
    let mut v: Vec<u64> = [
        0.0, 1.0, -1.0, 2.0, 0.5, 3.0, -3.0, 100.0, -20.0, 95.0, 88.0, 1e19, 1e20, 1e30, -1e30,
        1e-30, 3e38, -3e38, 1e-20, 0.1,
    ]
    .iter()
    .map(|x| f.from_f64(*x))
    .collect();
    v.extend([
        f.zero(true),
        f.inf(false),
        f.inf(true),
        f.nan(),
        f.max_finite(false),
        f.max_finite(true),
        f.min_subnormal(false),
        f.min_normal(false),
    ]);
    v
}

/// A small deterministic generator (xorshift64*), so every run searches the same inputs.
pub(crate) struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn random_scalar(rng: &mut Rng, ty: ElemType) -> Scalar {
    match ty {
        ElemType::Float(f) => {
            let pool = specials(f.format);
            let bits = match rng.below(4) {
                // A random finite value of moderate size.
                0 => f.format.from_f64((rng.below(2001) as f64 - 1000.0) / 8.0),
                _ => pool[rng.below(pool.len())],
            };
            Scalar::Float(f.format, f.format.canon(bits))
        }
        ElemType::Bool => Scalar::Bool(rng.below(2) == 0),
        ElemType::Int => Scalar::Int(rng.below(7) as i128 - 3),
        ElemType::Real => Scalar::Int(rng.below(7) as i128 - 3),
    }
}

/// Inputs for trial `t`: first every special value in every element of every parameter,
/// then every parameter either one value throughout (even trials) or a value per element.
pub(crate) fn trial_inputs(
    params: &[Param],
    rng: &mut Rng,
    t: usize,
) -> BTreeMap<String, ConcreteTensor> {
    params
        .iter()
        .map(|p| {
            let axes: Vec<(String, i128)> = p
                .dims
                .iter()
                .enumerate()
                .map(|(j, n)| (axis(j), *n as i128))
                .collect();
            let count = ConcreteTensor::count(&axes).unwrap_or(0);
            let same = match p.ty {
                ElemType::Float(f) => specials(f.format)
                    .get(t)
                    .map(|b| Scalar::Float(f.format, *b)),
                _ => None,
            };
            let data = if let Some(v) = same {
                vec![v; count]
            } else if t.is_multiple_of(2) {
                vec![random_scalar(rng, p.ty); count]
            } else {
                (0..count).map(|_| random_scalar(rng, p.ty)).collect()
            };
            (param_name(p.number), ConcreteTensor { axes, data })
        })
        .collect()
}

/// Accesses the interpreter makes for one element of `n` (it does not keep values: a
/// reduction re-reads its operand's elements, each at the operand's own cost).
fn access_cost(
    ev: &mut Eval<Concrete>,
    d: &mut Concrete,
    n: NodeId,
    memo: &mut BTreeMap<NodeId, u128>,
) -> u128 {
    if let Some(c) = memo.get(&n) {
        return *c;
    }
    let g = ev.graph();
    let sum: u128 = tensor::operands(g.op(n))
        .iter()
        .map(|x| access_cost(ev, d, *x, memo))
        .sum();
    let mut extent = |x: NodeId, axes: &[String]| -> u128 {
        ev.shape(d, x)
            .iter()
            .filter(|(a, _)| axes.contains(a))
            .map(|(_, k)| (*k).max(0) as u128)
            .product()
    };
    let c = match g.op(n) {
        Op::Reduce { x, axes, .. } => extent(*x, axes).saturating_mul(sum),
        Op::Dot { a, contract, .. } => extent(*a, contract).saturating_mul(sum),
        Op::Concat { .. } | Op::Conv { .. } => sum.saturating_mul(4),
        _ => sum,
    }
    .saturating_add(1);
    memo.insert(n, c);
    c
}

/// Accesses the search may spend per input set, and in all.
const WORK_PER_TRIAL: u128 = 200_000;
const WORK: u128 = 4_000_000;

/// Input sets and elements per output the work budget affords: `(0, _)` when one element
/// of an output already costs more than a trial may.
pub(crate) fn affordable(p: &Pair, trials: usize, budget: usize) -> (usize, usize) {
    let mut per_element: u128 = 1;
    for l in [&p.before, &p.after] {
        let mut memo = BTreeMap::new();
        let mut d = Concrete::new(BTreeMap::new());
        let mut ev = Eval::new(&l.graph);
        for (n, _, _) in &l.outputs {
            per_element = per_element.max(access_cost(&mut ev, &mut d, *n, &mut memo));
        }
    }
    let outputs = p.before.outputs.len().max(1) as u128;
    let budget = (WORK_PER_TRIAL / (per_element * outputs)).min(budget as u128) as usize;
    if budget == 0 {
        return (0, 0);
    }
    let per_trial = per_element * outputs * budget as u128;
    ((WORK / per_trial).min(trials as u128) as usize, budget)
}

/// The concrete search: `trials` input sets, each compared on up to `budget` elements per
/// output. A qualitative difference (NaN, an infinity, zero, the sign) ends the search; else
/// the first difference found, which may be one of rounding (and then may rest on libm's
/// values where `exp`, `log`, ... are involved: the counterexample names them).
pub(crate) fn search(p: &Pair, trials: usize, budget: usize) -> Option<Difference> {
    let mut rng = Rng::new(0x0005_eed0_fa11);
    let mut first = None;
    for t in 0..trials {
        let inputs = trial_inputs(&p.before.params, &mut rng, t);
        if let Some(d) = compare(p, &inputs, budget, None) {
            if qualitative(&d.before, &d.after) {
                return Some(d);
            }
            first.get_or_insert(d);
        }
    }
    first
}

/// The two values differ in kind: NaN or not, infinite or not, zero or not, or in sign.
pub(crate) fn qualitative(a: &Scalar, b: &Scalar) -> bool {
    match (a, b) {
        (Scalar::Float(f, x), Scalar::Float(g, y)) if f == g => {
            let class = |v: u64| {
                (
                    f.is_nan(v),
                    f.is_infinite(v),
                    f.is_zero(v),
                    !f.is_nan(v) && f.is_negative(v),
                )
            };
            class(*x) != class(*y)
        }
        _ => a != b,
    }
}
