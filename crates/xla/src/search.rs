//! The concrete side: both modules run by the core's interpreter (`Concrete`) on given inputs,
//! and a search over special and pseudo-random inputs for an output element that differs.
//! Every refutation, from this search or from a solver's model, is a [`Difference`] this
//! module computed.

use crate::hlo::Module;
use crate::lower::{axis, lower, named_axes, param_name, Lowered, Mode, Param};
use std::collections::BTreeMap;
use tensor::{Concrete, ConcreteTensor, ElemType, Eval, Format, Scalar};

/// Both modules lowered in the concrete domain.
pub(crate) struct Pair {
    pub before: Lowered<i128>,
    pub after: Lowered<i128>,
    /// Each reduction folds left in row-major order (`--strict-reduce-order`): a difference
    /// that another order of a float sum could change still refutes. Otherwise such a
    /// difference is no refutation (the interpreter's `order_dependent`).
    pub strict: bool,
}

impl Pair {
    pub fn new(
        b: &Module,
        a: &Module,
        mode: Mode,
        strict: bool,
    ) -> Result<Pair, crate::Unsupported> {
        let mut d = Concrete::new(BTreeMap::new());
        Ok(Pair {
            before: lower(&mut d, b, mode)?,
            after: lower(&mut d, a, mode)?,
            strict,
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

/// Why an element's value cannot refute.
enum NoValue {
    /// The interpreter cannot compute it exactly: the input set is abandoned.
    Inexact,
    /// A float sum or product in it has another value in another order (default mode): the
    /// element is skipped.
    OrderDependent,
}

/// The value of output `k` at `index` in one module. The evaluator keeps the elements of one
/// output element only, so what the interpreter records is this element's.
fn element(
    l: &Lowered<i128>,
    d: &mut Concrete,
    ev: &mut Eval<Concrete>,
    k: usize,
    index: &[i128],
    strict: bool,
) -> Result<Scalar, NoValue> {
    let idx: Vec<(String, i128)> = index
        .iter()
        .enumerate()
        .map(|(j, i)| (axis(j), *i))
        .collect();
    d.inexact = None;
    d.order_dependent = false;
    ev.forget_elements();
    let v = ev.access(d, l.outputs[k].0, &idx);
    let exact = d.inexact.as_deref().is_none_or(about_unselected_reads);
    if !exact || v == Scalar::Undef {
        return Err(NoValue::Inexact);
    }
    if d.order_dependent && !strict {
        return Err(NoValue::OrderDependent);
    }
    Ok(v)
}

/// One output element as the interpreter computes it, each reduction folded left in
/// row-major order, with what its value rests on.
pub struct Computed {
    pub value: Scalar,
    /// A float sum or product in it may have another value in another order.
    pub order_dependent: bool,
    /// Functions the platform's libm computed.
    pub libm: Vec<&'static str>,
}

/// Output `k` of a module lowered concretely, at `index`, on `inputs` (for differential tests
/// against other implementations); `None` where the interpreter cannot compute it exactly.
pub fn output_element(
    l: &Lowered<i128>,
    inputs: &BTreeMap<String, ConcreteTensor>,
    k: usize,
    index: &[i128],
) -> Option<Computed> {
    let mut d = interpreter(inputs);
    let mut ev = Eval::memoized(&l.graph);
    let value = element(l, &mut d, &mut ev, k, index, true).ok()?;
    let mut libm: Vec<&'static str> = d.libm.iter().copied().collect();
    libm.sort();
    libm.dedup();
    Some(Computed {
        value,
        order_dependent: d.order_dependent,
        libm,
    })
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
    let mut eb = Eval::memoized(&p.before.graph);
    let mut ea = Eval::memoized(&p.after.graph);
    let points: Vec<(usize, Vec<i128>)> = match focus {
        Some((k, i)) => vec![(k, i.to_vec())],
        None => sample_points(&p.before, budget),
    };
    for (k, index) in points {
        let values = (
            element(&p.before, &mut db, &mut eb, k, &index, p.strict),
            element(&p.after, &mut da, &mut ea, k, &index, p.strict),
        );
        let (vb, va) = match values {
            (Ok(vb), Ok(va)) => (vb, va),
            (Err(NoValue::Inexact), _) | (_, Err(NoValue::Inexact)) => return None,
            _ => continue,
        };
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
        let axes = named_axes(dims);
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

/// A value of `p`'s element type: floats from the special values or moderate ones; integers
/// small, an end of the type's range (where clamps and wrap-arounds act), a power of two or
/// one below it (where bit counts and shifts change), or any pattern of the type's bits.
fn random_scalar(rng: &mut Rng, p: &Param) -> Scalar {
    if let (ElemType::Fixed(t), Some((lo, hi))) = (p.ty, p.range) {
        let v = match rng.below(10) {
            0 => lo,
            1 => hi,
            8 => t.wrap((1i128 << rng.below(t.bits as usize)) - rng.below(2) as i128),
            9 => t.wrap(((rng.next() as i128) << 64 | rng.next() as i128) >> (128 - t.bits)),
            k => k as i128 - 4,
        };
        return Scalar::Int(v.clamp(lo, hi));
    }
    match p.ty {
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
        ElemType::Int | ElemType::Fixed(_) => Scalar::Int(rng.below(7) as i128 - 3),
        ElemType::Real => Scalar::Int(rng.below(7) as i128 - 3),
    }
}

/// A float among `0, step, .., (n-1)*step` centred on zero when `n > 2`.
fn small_scalar(rng: &mut Rng, p: &Param, n: usize, step: f64) -> Scalar {
    match p.ty {
        ElemType::Float(f) => {
            let k = rng.below(n) as f64 - if n > 2 { (n / 2) as f64 } else { 0.0 };
            Scalar::Float(f.format, f.format.from_f64(k * step))
        }
        _ => random_scalar(rng, p),
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
            let axes = named_axes(&p.dims);
            let count = ConcreteTensor::count(&axes).unwrap_or(0);
            // Every fourth trial from the second: zeros and ones per element, whose sums (and
            // sums of squares of their deviations) are exact in every order, so that runs free
            // of order can refute a change of what is summed; the special values in between.
            let zeros_ones = t % 4 == 1;
            let same = match p.ty {
                ElemType::Float(f) if !zeros_ones => specials(f.format)
                    .get(t - (t + 2) / 4)
                    .map(|b| Scalar::Float(f.format, *b)),
                _ => None,
            };
            let data = if zeros_ones {
                (0..count).map(|_| small_scalar(rng, p, 2, 1.0)).collect()
            } else if let Some(v) = same {
                vec![v; count]
            } else if t.is_multiple_of(2) {
                vec![random_scalar(rng, p); count]
            } else if t % 8 == 3 {
                (0..count)
                    .map(|_| small_scalar(rng, p, 17, 0.125))
                    .collect()
            } else {
                (0..count).map(|_| random_scalar(rng, p)).collect()
            };
            (param_name(p.number), ConcreteTensor { axes, data })
        })
        .collect()
}

/// The interpreter's accesses for element 0 of output `k` (the same for every element and
/// input: the core reads both sides of a selection, and a reduction every point).
fn work_of_first_element(
    l: &Lowered<i128>,
    inputs: &BTreeMap<String, ConcreteTensor>,
    k: usize,
) -> u128 {
    let mut d = interpreter(inputs);
    let mut ev = Eval::memoized(&l.graph);
    let index = vec![0; l.outputs[k].1.len()];
    let _ = element(l, &mut d, &mut ev, k, &index, true);
    ev.accesses() as u128
}

/// Accesses the search may spend per input set, and in all.
const WORK_PER_TRIAL: u128 = 200_000;
const WORK: u128 = 4_000_000;

/// Input sets and elements per output the work budget affords: `(0, _)` when one element
/// of an output already costs more than a trial may.
pub(crate) fn affordable(p: &Pair, trials: usize, budget: usize) -> (usize, usize) {
    let mut per_element: u128 = 1;
    let ones = trial_inputs(&p.before.params, &mut Rng::new(1), 1);
    for l in [&p.before, &p.after] {
        for k in 0..l.outputs.len() {
            per_element = per_element.max(work_of_first_element(l, &ones, k));
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
    if p.strict && trials > 0 {
        for at_end in [false, true] {
            let inputs = order_sensitive_inputs(&p.before.params, at_end);
            if let Some(d) = compare(p, &inputs, budget, None) {
                return Some(d);
            }
        }
    }
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

/// Inputs on which two orders of a float sum differ: `1` everywhere but `2^p` (`p` the
/// significand's precision) at the first (or last) position of every row, so that a left
/// fold from that position loses every `1` after it while a fold in chunks keeps the chunks'.
fn order_sensitive_inputs(params: &[Param], at_end: bool) -> BTreeMap<String, ConcreteTensor> {
    params
        .iter()
        .map(|p| {
            let axes = named_axes(&p.dims);
            let count = ConcreteTensor::count(&axes).unwrap_or(0);
            let row = p.dims.last().copied().unwrap_or(1).max(1) as usize;
            let data = (0..count)
                .map(|off| match p.ty {
                    ElemType::Float(f) => {
                        let first = if at_end {
                            off % row == row - 1
                        } else {
                            off % row == 0
                        };
                        let x = if first {
                            2f64.powi(f.format.sbits as i32)
                        } else {
                            1.0
                        };
                        Scalar::Float(f.format, f.format.from_f64(x))
                    }
                    ElemType::Bool => Scalar::Bool(true),
                    _ => Scalar::Int(1),
                })
                .collect();
            (param_name(p.number), ConcreteTensor { axes, data })
        })
        .collect()
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
