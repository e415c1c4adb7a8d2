//! Our side: deterministic inputs per function, the concrete interpreter's run, and its
//! checksum of the outputs.

use mlir::{Module, OpId};
use mlirsem::eval::run_function_mem;
use mlirsem::value::{Elem, Val};
use mlirsem::{CArg, CElem, CFloat, EType, FTy};
use tensor::Concrete;

use crate::select::{Case, Io};

/// Inputs drawn per function.
pub(crate) const INPUTS: usize = 5;
/// The size of every dynamic argument dim, per input (one size for all, so that operands
/// of one shape stay of one shape).
pub(crate) const DYNAMIC_SIZES: [i128; INPUTS] = [2, 3, 1, 4, 0];
/// The largest of [`DYNAMIC_SIZES`].
pub(crate) const DYNAMIC_MAX: i128 = 4;
/// The checksum: `h = h * P + bits` on wrapping `i64`, over every output element in order.
pub(crate) const P: i64 = 1000003;

/// A deterministic pseudo-random stream (splitmix64), seeded per function.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Floats of the small profile: exact in every type, no special values.
const SMALL_FLOATS: &[f64] = &[0.0, 1.0, -1.0, 0.5, 2.0, -3.0, 0.25, 4.0];
/// Floats of the special profile: signed zeros, infinities, NaN, extremes, inexact sums.
const SPECIAL_FLOATS: &[f64] = &[
    0.0,
    -0.0,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NAN,
    1.0,
    -1.0,
    0.1,
    1e30,
    -1e-30,
    1e-45,
    16777216.0,
    3.4e38,
    -7.5,
];

/// The values of input number `k` of a function: 0 small values, 3 wide (random bit patterns),
/// the others special values. Indices stay small so that accesses are mostly in bounds.
fn element(r: &mut Rng, ety: EType, k: usize) -> CElem {
    let float = |r: &mut Rng, f: FTy| {
        let x = match k {
            0 => SMALL_FLOATS[r.below(SMALL_FLOATS.len() as u64) as usize],
            3 if r.below(4) > 0 => match f {
                FTy::F32 => f32::from_bits(r.next() as u32) as f64,
                _ => f64::from_bits(r.next()),
            },
            _ => SPECIAL_FLOATS[r.below(SPECIAL_FLOATS.len() as u64) as usize],
        };
        match f {
            FTy::F32 => CFloat::f32(x as f32),
            _ => CFloat::f64(x),
        }
    };
    match ety {
        EType::Bool => CElem::Bool(r.below(2) == 1),
        EType::Index => CElem::Int(r.below(if k == 0 { 4 } else { 8 }) as i128),
        EType::Int(w) => {
            let v = match k {
                0 => r.below(6) as i128 - 2,
                3 => r.next() as i128,
                _ => [
                    0,
                    1,
                    -1,
                    1 << (w - 1),
                    (1 << (w - 1)) - 1,
                    7,
                    r.next() as i128,
                ][r.below(7) as usize],
            };
            let half = 1i128 << (w - 1);
            CElem::Int((v + half).rem_euclid(1i128 << w) - half)
        }
        EType::Float(f) => CElem::Float(float(r, f)),
    }
}

fn arg(r: &mut Rng, io: &Io, k: usize) -> CArg {
    let Some(dims) = &io.dims else {
        return CArg::Scalar(io.ety, element(r, io.ety, k));
    };
    let dims: Vec<i128> = dims.iter().map(|d| d.unwrap_or(DYNAMIC_SIZES[k])).collect();
    let count = dims.iter().product::<i128>() as usize;
    let data = (0..count).map(|_| element(r, io.ety, k)).collect();
    match io.memref {
        false => CArg::Tensor {
            ety: io.ety,
            data,
            dims,
        },
        true => CArg::MemRef {
            ety: io.ety,
            dims,
            data,
            init: vec![true; count],
            live: true,
            writable: true,
            layout: None,
        },
    }
}

/// A seed from the function's text (FNV-1a), so inputs do not depend on the sample's order.
fn seed(text: &str) -> u64 {
    text.bytes().fold(0xcbf29ce484222325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100000001b3)
    })
}

/// The bits an output element is hashed as: integers zero-extended, floats' bit patterns with
/// one NaN.
fn bits(e: &Elem<Concrete>, ety: EType) -> u64 {
    match (e, ety) {
        (Elem::Bool(b), _) => *b as u64,
        (Elem::Int(v), t) if t.width() < 64 => (*v as u64) & ((1u64 << t.width()) - 1),
        (Elem::Int(v), _) => *v as u64,
        (Elem::Float(x), _) if x.is_nan() => match x.ty {
            FTy::F64 => 0x7ff8_0000_0000_0000,
            _ => 0x7fc0_0000,
        },
        (Elem::Float(x), _) => x.bits,
    }
}

pub(crate) fn mix(h: i64, bits: u64) -> i64 {
    h.wrapping_mul(P).wrapping_add(bits as i64)
}

/// Every index of a shape, row-major; a shape of more than 2^16 points is not enumerated.
fn indices(dims: &[i128]) -> Result<Vec<Vec<i128>>, String> {
    if dims.iter().product::<i128>() > 1 << 16 {
        return Err(format!("a tensor of shape {dims:?} too large to enumerate"));
    }
    Ok(dims.iter().fold(vec![vec![]], |acc, &n| {
        acc.into_iter()
            .flat_map(|p| {
                (0..n).map(move |i| {
                    let mut q = p.clone();
                    q.push(i);
                    q
                })
            })
            .collect()
    }))
}

/// Our checksum of `f` on `args`, or why the input is not compared.
fn interpret(m: &Module, f: OpId, args: &[CArg]) -> Result<i64, String> {
    let mut d = Concrete::default();
    let (vals, mem) = mlirsem::replay_values_mem(args);
    let run = run_function_mem(&mut d, m, f, vals, mem)
        .map_err(|e| format!("interpreter: {}", e.reason()))?;
    if run.ub {
        return Err("UB".into());
    }
    for u in &run.ub_at {
        if indices(&u.shape)?.iter().any(|i| (u.at)(&mut d, i)) {
            return Err("UB".into());
        }
    }
    for u in &run.unsure_at {
        if indices(&u.shape)?.iter().any(|i| (u.at)(&mut d, i)) {
            return Err("unsure".into());
        }
    }
    if run.unsure.iter().any(|(c, _)| *c) {
        return Err("unsure".into());
    }
    let mut h = 0i64;
    for r in &run.results {
        match r {
            Val::Scalar(s, t) if s.ok => h = mix(h, bits(&s.v, *t)),
            Val::Tensor(t) => {
                h = t.shape.iter().fold(h, |h, n| mix(h, *n as u64));
                for i in indices(&t.shape)? {
                    let s = (t.at)(&mut d, &i);
                    if !s.ok {
                        return Err("poison output".into());
                    }
                    h = mix(h, bits(&s.v, t.ety));
                }
            }
            _ => return Err("poison output".into()),
        }
    }
    let memrefs = args.iter().filter_map(|a| match a {
        CArg::MemRef { dims, .. } => Some(dims),
        _ => None,
    });
    for (b, dims) in run.mem.iter().zip(memrefs) {
        if !b.live {
            return Err("an argument deallocated".into());
        }
        h = dims.iter().fold(h, |h, n| mix(h, *n as u64));
        for i in 0..b.size {
            let c = (b.at)(&mut d, &i);
            if !(c.init && c.v.ok) {
                return Err("poison or uninitialized memory on return".into());
            }
            h = mix(h, bits(&c.v.v, b.ety));
        }
    }
    match d.inexact {
        Some(w) => Err(format!("interpreter: {w}")),
        None => Ok(h),
    }
}

/// Inputs the interpreter runs without UB, unsure case, uninitialized load or poison output,
/// each with our checksum; or why there is none.
pub(crate) fn draw(c: &Case) -> Result<Vec<(Vec<CArg>, i64)>, String> {
    let span = c.module.op(c.func).span;
    let mut r = Rng(seed(c.text.get(span.start..span.end).unwrap_or("")));
    let mut out = vec![];
    let mut why = String::new();
    for k in 0..INPUTS {
        let args: Vec<CArg> = c.args.iter().map(|io| arg(&mut r, io, k)).collect();
        match interpret(&c.module, c.func, &args) {
            Ok(h) => out.push((args, h)),
            Err(w) => why = w,
        }
    }
    let per_input = ["UB", "unsure", "poison"]
        .iter()
        .any(|p| why.starts_with(p));
    match (out.is_empty(), per_input) {
        (false, _) => Ok(out),
        (true, false) => Err(why),
        (true, true) => Err("no input without UB, unsure case or poison output".into()),
    }
}
