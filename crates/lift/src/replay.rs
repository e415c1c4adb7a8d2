//! The concrete side of the check: the whole grid run by the concrete interpreter at given
//! sizes and inputs, the failures it sees (an access out of bounds, two programs storing to one
//! element, an output element never written, a value different from the formula), and the
//! counterexamples built from them. Only what this module saw becomes `refuted`.

use crate::formula::{self, Formula};
use crate::mem::Pos;
use crate::setup::Setup;
use report::{Counterexample, Mismatch, TensorValue, Verdict};
use std::collections::BTreeMap;
use tensor::{Concrete, ConcreteTensor, Rat, Scalar};

/// A failure the concrete interpreter saw.
#[derive(Debug)]
pub(crate) enum Failure {
    OutOfBounds {
        store: bool,
        buf: String,
        offset: i128,
        numel: i128,
        pid: Vec<i128>,
        lane: Vec<i128>,
        pos: Pos,
    },
    Race {
        buf: String,
        offset: i128,
        first: Vec<i128>,
        second: Vec<i128>,
        pos: Pos,
    },
    Unwritten {
        buf: String,
        index: Vec<(String, i128)>,
    },
    Value {
        buf: String,
        index: Vec<(String, i128)>,
        kernel: String,
        formula: String,
        /// Whether the kernel's value was combined with initial contents the launcher
        /// allocates and the model does not read (an atomic's first add): then the replay
        /// is no run of the launcher.
        unread_initial: bool,
        /// Whether the kernel and the formula both have a value there (the formula may read
        /// past an input the kernel does not, the kernel past a block pointer's shape): a
        /// witness a search should replace by one where both have values.
        both_defined: bool,
    },
}

impl Failure {
    /// A difference where one side is undefined: kept only when no search finds a
    /// difference of two values.
    pub(crate) fn one_side_undefined(&self) -> bool {
        matches!(
            self,
            Failure::Value {
                both_defined: false,
                ..
            }
        )
    }

    /// What a memory failure is (an access out of bounds, a race), in words; None for the
    /// others.
    pub(crate) fn memory_fault(&self) -> Option<String> {
        match self {
            Failure::OutOfBounds { store, buf, offset, numel, pid, lane, pos } => Some(format!(
                "the {} at {pos} (program {pid:?}, lane {lane:?}) addresses element {offset} of `{buf}`, which has {numel} elements",
                if *store { "store" } else { "load" }
            )),
            Failure::Race { buf, offset, first, second, pos } => Some(format!(
                "programs {first:?} and {second:?} both store to element {offset} of `{buf}` (the store at {pos})"
            )),
            _ => None,
        }
    }
}

/// Concrete inputs: sizes, tensor contents by name, scalar parameters by name.
pub(crate) struct Inputs {
    pub sizes: Vec<i128>,
    pub tensors: BTreeMap<String, Vec<Scalar>>,
}

/// Every lane of a block of `shape`, in order.
pub(crate) fn lanes(shape: &[usize]) -> Vec<Vec<i128>> {
    let mut out = vec![vec![]];
    for n in shape {
        let mut next = Vec::new();
        for p in &out {
            for k in 0..*n as i128 {
                let mut q = p.clone();
                q.push(k);
                next.push(q);
            }
        }
        out = next;
    }
    out
}

const REPLAY_BUDGET: i128 = 1 << 22;

/// A value a store writes (or the formula gives): NaN, or a real or infinity.
#[derive(Clone, Debug)]
enum Stored {
    Nan,
    Value(Scalar),
}

impl std::fmt::Display for Stored {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stored::Nan => f.write_str("nan"),
            Stored::Value(v) => write!(f, "{v}"),
        }
    }
}

/// The value of a stored element: a NaN is kept as such (a store of it is compared, never
/// read as a real).
fn stored(c: &mut Concrete, e: crate::value::Elem<Concrete>) -> Stored {
    match e {
        crate::value::Elem::X { nan: true, .. } => Stored::Nan,
        e => Stored::Value(e.v(c)),
    }
}

/// What the replay's memory holds at an element written: the value, the program that last
/// wrote it, and whether only atomics wrote it.
#[derive(Clone, Debug)]
struct Written {
    value: Stored,
    pid: Vec<i128>,
    atomic: bool,
    /// Whether an atomic combined it with initial contents the launcher allocates
    /// ([`Failure::Value`]).
    unread_initial: bool,
}

/// The initial contents of element `off` of buffer `name` (what an atomic reads first).
fn initial(c: &mut Concrete, name: &str, off: i128) -> Stored {
    use tensor::Domain;
    match c.input(name, tensor::ElemType::Real, &[off]) {
        Scalar::Undef => Stored::Nan,
        v => Stored::Value(v),
    }
}

/// `old ⊕ x` for an atomic (exact rationals: the order of programs does not matter); a NaN
/// operand gives NaN.
fn combine(c: &mut Concrete, rmw: crate::mem::Rmw, old: Stored, x: Stored) -> Stored {
    use tensor::{BinaryOp, ElemType};
    let (Stored::Value(a), Stored::Value(b)) = (old, x) else {
        return Stored::Nan;
    };
    let op = match rmw {
        crate::mem::Rmw::Add => BinaryOp::Add,
        crate::mem::Rmw::Max => BinaryOp::Max,
        crate::mem::Rmw::Min => BinaryOp::Min,
    };
    Stored::Value(tensor::binary(c, op, ElemType::Real, &a, &b))
}

/// Runs the whole grid concretely and looks for a failure of the claim.
pub(crate) fn replay(
    setup: &Setup,
    f: Option<&Formula>,
    outputs: &[usize],
    inp: &Inputs,
) -> Result<Option<Failure>, String> {
    let mut c = Concrete::new(BTreeMap::new());
    for (name, data) in &inp.tensors {
        let n = data.len() as i128;
        // Tensors are read at a flat offset; scalar parameters at no index.
        let tensor = setup.host.tensors.iter().any(|t| t.name == *name);
        c.inputs.insert(
            name.clone(),
            ConcreteTensor {
                axes: if tensor {
                    vec![("e".into(), n)]
                } else {
                    vec![]
                },
                data: data.clone(),
            },
        );
        // What a masked lane loaded without `other=` holds: unspecified, here 0 (a kernel
        // that stores it may store that value, so a difference it makes is a real one).
        c.inputs.insert(
            format!("{name}#masked"),
            ConcreteTensor {
                axes: vec![("e".into(), n)],
                data: vec![Scalar::Real(Rat::int(0)); data.len()],
            },
        );
    }
    let sizes = &inp.sizes;
    // Sizes where the launcher's reading fails (a `cdiv` by 0) are no run of the launcher.
    for (name, e) in &setup.host.premises {
        if e.eval(&mut c, sizes) < 1 {
            return Err(format!(
                "at these sizes the launcher fails: not so that {name}"
            ));
        }
    }
    let grid: Vec<i128> = setup
        .host
        .grid
        .iter()
        .map(|g| g.eval(&mut c, sizes))
        .collect();
    let programs: i128 = grid.iter().product();
    if programs > REPLAY_BUDGET {
        return Err(format!(
            "the grid has {programs} programs, too many to replay"
        ));
    }
    let nbuf = setup.buffers.len();
    let numels: Vec<i128> = (0..nbuf).map(|b| setup.numel(&mut c, sizes, b)).collect();
    let mut mem: Vec<BTreeMap<i128, Written>> = vec![BTreeMap::new(); nbuf];
    let mut work: i128 = 0;
    let mut pids = vec![vec![]];
    for g in &grid {
        pids = pids
            .into_iter()
            .flat_map(|p: Vec<i128>| {
                (0..*g).map(move |k| {
                    let mut q = p.clone();
                    q.push(k);
                    q
                })
            })
            .collect();
    }
    for pid in pids {
        if setup.deadline.passed() {
            return Err("the kernel's time is up".into());
        }
        let mut full = pid.clone();
        full.resize(3, 0);
        let m = setup.program(&mut c, sizes, full).map_err(|u| u.what)?;
        for a in &m.accesses {
            for lane in lanes(&a.offset.shape) {
                work += 1;
                if work > REPLAY_BUDGET {
                    return Err("too many lanes to replay".into());
                }
                let on = match &a.mask {
                    Some(mk) => mk.at(&mut c, &lane).b(&mut c),
                    None => true,
                };
                if !on {
                    continue;
                }
                let off = a.offset.at(&mut c, &lane).i(&mut c);
                if off < 0 || off >= numels[a.buf] {
                    return Ok(Some(Failure::OutOfBounds {
                        store: a.store,
                        buf: m.buffers[a.buf].name.clone(),
                        offset: off,
                        numel: numels[a.buf],
                        pid,
                        lane,
                        pos: a.pos,
                    }));
                }
                if let Some(v) = &a.value {
                    let e = v.at(&mut c, &lane);
                    let x = stored(&mut c, e);
                    let prev = mem[a.buf].get(&off);
                    // Plain stores of two programs race, as do a store and an atomic;
                    // atomics of different programs do not (they commute).
                    if let Some(w) = prev {
                        if w.pid != pid && !(w.atomic && a.atomic.is_some()) {
                            return Ok(Some(Failure::Race {
                                buf: m.buffers[a.buf].name.clone(),
                                offset: off,
                                first: w.pid.clone(),
                                second: pid.clone(),
                                pos: a.pos,
                            }));
                        }
                    }
                    let value = match a.atomic {
                        None => x,
                        Some(rmw) => {
                            let old = match prev {
                                Some(w) => w.value.clone(),
                                None => initial(&mut c, &m.buffers[a.buf].name, off),
                            };
                            combine(&mut c, rmw, old, x)
                        }
                    };
                    let atomic = a.atomic.is_some() && prev.is_none_or(|w| w.atomic);
                    let given = setup.host.tensors[setup.buffers[a.buf]].given;
                    let unread_initial = match (a.atomic, prev) {
                        (None, _) => false,
                        (Some(_), Some(w)) => w.unread_initial,
                        (Some(_), None) => !given,
                    };
                    let written = Written {
                        value,
                        pid: pid.clone(),
                        atomic,
                        unread_initial,
                    };
                    mem[a.buf].insert(off, written);
                }
            }
        }
    }
    if c.inexact.is_some() {
        return Err(format!(
            "the concrete run is inexact: {}",
            c.inexact.clone().unwrap_or_default()
        ));
    }
    let Some(f) = f else { return Ok(None) };
    // One memo of the formula's reductions for every element (a row's sum computed once).
    let memo: formula::Memo<Concrete> = Default::default();
    for &b in outputs {
        let name = setup.host.tensors[setup.buffers[b]].name.clone();
        let Some(def) = f.defs.iter().find(|d| d.output == name) else {
            continue;
        };
        let tensor = &setup.host.tensors[setup.buffers[b]];
        let shape: Vec<i128> = tensor.shape.iter().map(|e| e.eval(&mut c, sizes)).collect();
        let strides: Vec<i128> = tensor
            .strides()
            .iter()
            .map(|e| e.eval(&mut c, sizes))
            .collect();
        let points: i128 = shape.iter().map(|n| (*n).max(0)).product();
        // One scope for every element, its index values replaced at each (they follow the
        // named constexprs in `Setup::scope`); as many as the tensor has dimensions (a
        // formula naming more leaves the others unbound: its evaluation says so).
        let zeros: Vec<(String, i128)> = def
            .indices
            .iter()
            .take(shape.len())
            .map(|n| (n.clone(), 0))
            .collect();
        let bound = zeros.len();
        let mut scope = setup.scope(&mut c, sizes, zeros);
        scope.memo = memo.clone();
        // `Setup::scope` puts the sizes right after the index variables.
        let index_at = scope.ints.len() - setup.host.sizes.len() - bound;
        for p in 0..points.min(1 << 20) {
            let axes: Vec<(String, i128)> = shape.iter().map(|n| (String::new(), *n)).collect();
            let point = ConcreteTensor::unravel(&axes, p as usize);
            // The element's offset in the buffer (row-major, or by the view's strides).
            let i: i128 = point.iter().zip(&strides).map(|(x, s)| x * s).sum();
            let named: Vec<(String, i128)> = def
                .indices
                .iter()
                .cloned()
                .zip(point.iter().copied())
                .collect();
            let tensor = &setup.host.tensors[setup.buffers[b]];
            let (x, unread_initial) = match mem[b].get(&i) {
                Some(w) => (w.value.clone(), w.unread_initial),
                // which elements are written is the launch's (not claimed)
                None if setup.kernel_level => continue,
                None if tensor.filled => {
                    return Err(format!(
                        "the run leaves an element of `{name}` unwritten, and the launcher \
                         allocates it filled: it holds the fill value, which the replay does \
                         not model"
                    ))
                }
                // The caller's tensor (updated in place): an element the kernel does not
                // write keeps the caller's value, compared with the formula's below.
                None if tensor.given => (initial(&mut c, &name, i), false),
                None => {
                    return Ok(Some(Failure::Unwritten {
                        buf: name,
                        index: named,
                    }))
                }
            };
            for (m, x) in point.iter().enumerate() {
                scope.ints[index_at + m].1 = *x;
            }
            let fv = formula::eval(&mut c, &scope, &def.body)?;
            let e = fv.at(&mut c, &[]);
            let y = stored(&mut c, e);
            if c.inexact.is_some() {
                return Err(format!(
                    "the formula's concrete value is inexact: {}",
                    c.inexact.clone().unwrap_or_default()
                ));
            }
            let differs = match (&x, &y) {
                (Stored::Nan, Stored::Nan) => false,
                (Stored::Value(a), Stored::Value(b)) => a.differs(b) == Some(true),
                _ => true,
            };
            if differs {
                return Ok(Some(Failure::Value {
                    buf: name,
                    index: named,
                    kernel: x.to_string(),
                    formula: y.to_string(),
                    unread_initial,
                    both_defined: ![&x, &y]
                        .iter()
                        .any(|v| matches!(v, Stored::Value(Scalar::Undef))),
                }));
            }
        }
    }
    Ok(None)
}

pub(crate) fn counterexample(
    setup: &Setup,
    inp: &Inputs,
    fail: &Failure,
    show_inputs: bool,
) -> Counterexample {
    let sizes: Vec<(String, i128)> = setup
        .host
        .sizes
        .iter()
        .cloned()
        .zip(inp.sizes.iter().copied())
        .collect();
    let mut c = Concrete::new(BTreeMap::new());
    let grid: Vec<(String, i128)> = setup
        .host
        .grid
        .iter()
        .enumerate()
        .map(|(k, g)| (format!("axis {k}"), g.eval(&mut c, &inp.sizes)))
        .collect();
    let mut inputs = Vec::new();
    if show_inputs {
        for (name, data) in &inp.tensors {
            if name.contains('#') {
                continue;
            }
            let int = (setup.host.tensors.iter().enumerate())
                .any(|(t, x)| x.name == *name && setup.int_tensor(t));
            inputs.push(TensorValue {
                name: name.clone(),
                element_type: if int { "int" } else { "real" }.into(),
                axes: match setup.host.tensors.iter().find(|t| t.name == *name) {
                    Some(t) if t.shape.len() <= 2 => {
                        let mut c = Concrete::new(BTreeMap::new());
                        t.shape
                            .iter()
                            .zip(["i", "j"])
                            .map(|(e, n)| (n.to_string(), e.eval(&mut c, &inp.sizes)))
                            .collect()
                    }
                    _ => vec![("i".into(), data.len() as i128)],
                },
                data: data.iter().map(|s| s.to_string()).collect(),
                free: vec![],
            });
        }
    }
    let mismatch = match fail {
        Failure::OutOfBounds { .. } | Failure::Race { .. } => Mismatch::TargetUb {
            what: fail.memory_fault().expect("a memory failure"),
        },
        Failure::Unwritten { buf, index } => Mismatch::Value {
            index: index
                .iter()
                .map(|(n, v)| (format!("{buf}.{n}"), *v))
                .collect(),
            lhs: "never written".into(),
            rhs: "the formula's value".into(),
        },
        Failure::Value {
            buf,
            index,
            kernel,
            formula,
            ..
        } => Mismatch::Value {
            index: index
                .iter()
                .map(|(n, v)| (format!("{buf}.{n}"), *v))
                .collect(),
            lhs: kernel.clone(),
            rhs: formula.clone(),
        },
    };
    Counterexample {
        instance: format!(
            "kernel {} launched by {}",
            setup.kernel.name, setup.host.launcher
        ),
        maps: vec![("sizes".into(), sizes), ("grid".into(), grid)],
        scalars: vec![],
        inputs,
        mismatch,
    }
}

/// The verdict for a replayed failure. A value that differs from a formula the user did not
/// state (a synthesized one) says synthesis was wrong, not the kernel: `unknown`, with the
/// replayed difference. Memory errors and unwritten outputs are the kernel's, whatever formula.
pub(crate) fn refute(
    setup: &Setup,
    inp: &Inputs,
    fail: &Failure,
    show: bool,
    synthesized: bool,
) -> Verdict {
    let c = counterexample(setup, inp, fail, show);
    match (fail, synthesized) {
        // At the kernel level a tensor's size is the precondition's, not the launch's.
        (Failure::OutOfBounds { buf, pos, .. }, _) if setup.kernel_level => Verdict::Unknown {
            reason: format!(
                "kernel-level claim: the access at {pos} goes past `{buf}` at sizes {:?}; the precondition that bounds it is not derived",
                c.maps.first().map(|m| m.1.clone()).unwrap_or_default()
            ),
        },
        (Failure::Race { buf, pos, .. }, _) if setup.kernel_level => Verdict::Unknown {
            reason: format!(
                "kernel-level claim: two programs store to one element of `{buf}` (the store at {pos}) at sizes {:?}; whether a launch runs more than one program is the launcher's",
                c.maps.first().map(|m| m.1.clone()).unwrap_or_default()
            ),
        },
        (Failure::Value { buf, index, kernel, formula, unread_initial: true, .. }, _) => Verdict::Unknown {
            reason: format!(
                "at sizes {:?}, `{buf}` at {index:?} is {kernel} and the formula gives {formula} (replayed), but with initial contents of `{buf}` that the launcher allocates and the model does not read (an atomic adds to them), so this is no run of the launcher",
                c.maps.first().map(|m| m.1.clone()).unwrap_or_default()
            ),
        },
        // The kernel's value reads what Triton leaves unspecified (a masked-off lane loaded
        // without `other=`: its synthesized formula wrote it as 0, a guess the kernel's
        // stores do not bear out), where the formula has a value.
        (Failure::Value { buf, index, kernel, formula, .. }, true)
            if kernel == &Scalar::Undef.to_string() =>
        {
            Verdict::Unknown {
                reason: format!(
                    "a stored value depends on an element Triton leaves unspecified (a masked-off lane loaded without `other=`, or a function outside its domain): at sizes {:?}, `{buf}` at {index:?} is undefined, the formula gives {formula} (replayed)",
                    c.maps.first().map(|m| m.1.clone()).unwrap_or_default()
                ),
            }
        }
        (Failure::Value { buf, index, kernel, formula, .. }, true) => Verdict::Unknown {
            reason: format!(
                "the synthesized formula does not match the kernel: at sizes {:?}, `{buf}` at {index:?} is {kernel}, the formula gives {formula} (replayed)",
                c.maps.first().map(|m| m.1.clone()).unwrap_or_default()
            ),
        },
        _ => Verdict::Refuted { counterexample: Box::new(c) },
    }
}

/// How many input patterns [`sample_inputs`] has on every size.
pub(crate) const PATTERNS: usize = 3;

/// A fourth pattern of [`sample_inputs`], tried on sizes just past a tile edge: elements
/// growing with their offset (`(j + 1 + b) / 8`), so that a later tile holds new maxima (the
/// other patterns repeat every 11 or 13 elements, within one tile).
pub(crate) const RAMP: usize = 3;

/// Deterministic small inputs for the bounded check: pattern 0 mixes signs (halves in
/// `-3..=3`, scalars `1/5, 2/5, ...`); pattern 1 is positive (quarters in `1/4..=11/4`, for
/// `log` and `sqrt`) with larger scalars (`2, 3, ...`), so that a scaled value leaves `[-1, 1]`;
/// pattern 2 is its negation (every element below 0: a max whose padding loads 0 is wrong);
/// pattern [`RAMP`] grows.
pub(crate) fn sample_inputs(
    setup: &Setup,
    inputs: &[usize],
    sizes: Vec<i128>,
    scalars: &[String],
    pattern: usize,
) -> Inputs {
    let mut c = Concrete::new(BTreeMap::new());
    let mut tensors = BTreeMap::new();
    for &b in inputs {
        let n = setup.numel(&mut c, &sizes, b).clamp(0, 1 << 20);
        if setup.int_tensor(setup.buffers[b]) {
            let data = (0..n).map(|j| int_sample(j, b, pattern)).collect();
            tensors.insert(setup.host.tensors[setup.buffers[b]].name.clone(), data);
            continue;
        }
        let data = (0..n)
            .map(|j| {
                Scalar::Real(match pattern {
                    0 => Rat::new((j * 7 + 3 * b as i128 + 2) % 13 - 6, 2).expect("den 2"),
                    1 => Rat::new((j * 5 + 2 * b as i128 + 1) % 11 + 1, 4).expect("den 4"),
                    2 => Rat::new(-((j * 5 + 2 * b as i128 + 1) % 11 + 1), 4).expect("den 4"),
                    // RAMP: growing along the buffer, never repeating.
                    _ => Rat::new(j + 1 + b as i128, 8).expect("den 8"),
                })
            })
            .collect();
        tensors.insert(setup.host.tensors[setup.buffers[b]].name.clone(), data);
    }
    for (k, s) in scalars.iter().enumerate() {
        tensors.insert(
            s.clone(),
            vec![Scalar::Real(match pattern {
                0 => Rat::new(k as i128 + 1, 5).expect("den 5"),
                1 => Rat::int(k as i128 + 2),
                _ => Rat::new(k as i128 + 1, 3).expect("den 3"),
            })],
        );
    }
    Inputs { sizes, tensors }
}

/// An element of a buffer of integers ([`crate::elemkind`]) in pattern `pattern`: small
/// non-negative integers (indices, mostly in range of a small tensor), `0..3` in pattern 0,
/// `0..2` in pattern 1, 0 in pattern 2, growing in [`RAMP`].
fn int_sample(j: i128, b: usize, pattern: usize) -> Scalar {
    Scalar::Int(match pattern {
        0 => (j * 2 + b as i128 + 1) % 3,
        1 => (j + b as i128) % 2,
        2 => 0,
        _ => j,
    })
}

/// Inputs where every tensor element is 1 and every float scalar is `scalar`: values whose
/// square roots are often exact (`sqrt(1 + 3) = 2`), so that a kernel computing `sqrt` or
/// `rsqrt` can be replayed exactly (the sampled inputs above rarely allow that).
pub(crate) fn constant_inputs(
    setup: &Setup,
    inputs: &[usize],
    sizes: Vec<i128>,
    scalars: &[String],
    scalar: i128,
) -> Inputs {
    let mut c = Concrete::new(BTreeMap::new());
    let mut tensors = BTreeMap::new();
    for &b in inputs {
        let n = setup.numel(&mut c, &sizes, b).clamp(0, 1 << 20);
        let data = (0..n).map(|_| Scalar::Real(Rat::int(1))).collect();
        tensors.insert(setup.host.tensors[setup.buffers[b]].name.clone(), data);
    }
    for s in scalars {
        tensors.insert(s.clone(), vec![Scalar::Real(Rat::int(scalar))]);
    }
    Inputs { sizes, tensors }
}
