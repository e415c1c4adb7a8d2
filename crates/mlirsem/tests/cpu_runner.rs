//! Differential test of the concrete interpreter against a real compiler: every function of
//! `corpus/mlir` and of the mlir-tv corpus (`../../../shared/corpus/mlir-tv`, read in place)
//! whose arguments and results are scalars, ranked tensors (dynamic dims drawn small) or static
//! memref arguments runs on a few deterministic pseudo-random inputs (integers, and floats with
//! -0.0, ±inf and NaN among them), once through our concrete interpreter (the domain that
//! replays every counterexample) and once compiled by `mlir-opt-19` to LLVM and run by
//! `mlir-cpu-runner-19`. Both sides fold every result (shape, then elements) and the memref
//! arguments' contents on return into one `i64` checksum (the runner cannot print without the
//! runner-utils library), NaNs canonicalised first since NaN payloads are not modelled. Every
//! compared function must agree.
//!
//! Inputs where the source has UB, an unsure condition, an uninitialized load or a poison output
//! element are not compared (the compiled program may do anything there); so are functions whose
//! float result depends on an order the spec leaves open (tosa's float accumulations: docs/mlir.md
//! "Differential test"). A harness canary (the runner compiles `b - a` where the interpreter
//! runs `a - b`) must disagree. Prints the counts: functions considered, lowered, compared,
//! skipped with reasons. Skips with a notice when the tools are not on PATH.

mod common;

use common::{mlir_files, parallel, tool};
use mlir::{Attr, Dim, Module, OpId, Type};
use mlirsem::eval::{etype, run_function_mem};
use mlirsem::value::{Elem, Val};
use mlirsem::{CArg, CElem, CFloat, EType, FTy};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::{Duration, Instant};
use tensor::Concrete;

const MLIR_OPT: &str = "mlir-opt-19";
const RUNNER: &str = "mlir-cpu-runner-19";

/// The lowering, first half: tosa to linalg/arith/tensor, elementwise arith on tensors to
/// linalg, one-shot bufferization across function boundaries (identity layouts there, so that
/// most copies are `memcpy`s).
const BUFFERIZE: &str = "func.func(tosa-to-linalg-named, tosa-to-linalg, tosa-to-arith, \
    tosa-to-tensor, convert-elementwise-to-linalg), one-shot-bufferize{bufferize-function-boundaries \
    function-boundary-type-conversion=identity-layout-map}";

/// The lowering, second half: linalg to loops, then everything to LLVM. `arith-expand` (for
/// `floordivsi`, `ceildivsi`, `ceildivui`) runs after a first `convert-arith-to-llvm`, since it
/// would also expand `maximumf`/`minimumf` into selects that get signed zeros wrong.
const TO_LLVM: &str = "func.func(convert-linalg-to-loops), convert-scf-to-cf, \
    expand-strided-metadata, lower-affine, finalize-memref-to-llvm, convert-math-to-llvm, \
    convert-arith-to-llvm, arith-expand, convert-arith-to-llvm, convert-index-to-llvm, \
    convert-cf-to-llvm, convert-func-to-llvm, reconcile-unrealized-casts";

/// The runner-utils function a `memref.copy` between strided views lowers to; that library is
/// not installed, so such copies are made `linalg.copy` loops between the two halves.
const MEMREF_COPY: &str = "@memrefCopy";

/// Inputs drawn per function.
const INPUTS: usize = 4;
/// The size of every dynamic argument dim, per input (one size for all, so that operands
/// of one shape stay of one shape).
const DYNAMIC_SIZES: [i128; INPUTS] = [2, 3, 1, 4];
/// Most elements of a function's arguments and results together (the inputs are written out
/// as dense literals).
const MAX_ELEMS: usize = 4096;
/// Most functions compiled and compared: of the functions with inputs the interpreter runs,
/// this many evenly spread in path order (each costs two tool runs).
const MAX_COMPARED: usize = 200;
/// The time limit of every external process.
const LIMIT: Duration = Duration::from_secs(30);
/// The checksum: `h = h * P + bits` on wrapping `i64`, over every output element in order.
const P: i64 = 1000003;

/// Ops whose float results the spec computes in an order it leaves open (we fix the spec's
/// pseudo-code order; MLIR 19's lowering starts from the bias): not compared on floats.
const OPEN_ORDER: &[&str] = &[
    "tosa.conv2d",
    "tosa.depthwise_conv2d",
    "tosa.fully_connected",
    "tosa.reduce_sum",
];

/// An argument or result of a function: a scalar (`dims` none), a ranked tensor (a dynamic
/// dim is `None`) or a static memref with the identity layout (`memref`).
struct Io {
    ty: Type,
    ety: EType,
    dims: Option<Vec<Option<i128>>>,
    memref: bool,
}

/// One function to compare: the module it comes from, and its signature. The runner compiles
/// `text` without the spans in `drop` (the functions `@name` does not call), with the entry
/// points inserted at `at` (after `@name`, inside any `module` wrapper).
struct Case {
    name: String,
    origin: String,
    module: Module,
    func: OpId,
    text: String,
    drop: Vec<mlir::Span>,
    at: usize,
    args: Vec<Io>,
    results: Vec<Io>,
}

/// A splat of negative zero as MLIR prints it: MLIR 19's translation to LLVM IR turns such a
/// global into `zeroinitializer` (+0.0), so the runner would not run what the text says.
const NEG_ZERO_SPLAT: &str = "dense<-0.000000e+00>";

enum Outcome {
    /// Every checksum agreed, over this many inputs.
    Agrees(usize),
    Skipped(String),
    Disagrees(String),
}

// ---- selection ----

/// The signature element `t`, when it is a signless scalar or a ranked tensor of one.
fn io(t: &Type) -> Result<Io, String> {
    let (dims, elem) = match t {
        Type::Tensor {
            shape,
            elem,
            encoding: None,
        } => {
            let dims = shape.iter().map(|d| match d {
                Dim::Static(n) => Some(*n as i128),
                Dim::Dynamic => None,
            });
            (Some(dims.collect()), elem.as_ref())
        }
        Type::MemRef {
            shape,
            elem,
            layout: None,
            memory_space: None,
        } if !shape.contains(&Dim::Dynamic) => {
            let dims = shape.iter().map(|d| match d {
                Dim::Static(n) => Some(*n as i128),
                Dim::Dynamic => None,
            });
            (Some(dims.collect()), elem.as_ref())
        }
        Type::MemRef { .. } => return Err("a memref with a layout or a dynamic shape".into()),
        t => (None, t),
    };
    if matches!(elem, Type::Integer { signedness, .. } if *signedness != mlir::Signedness::Signless)
    {
        return Err(format!("element type {elem}"));
    }
    let ety = etype(elem).map_err(|_| format!("element type {elem}"))?;
    if matches!(ety, EType::Float(FTy::F16 | FTy::BF16)) {
        return Err(format!("element type {elem} (not replayed)"));
    }
    Ok(Io {
        ty: t.clone(),
        ety,
        dims,
        memref: matches!(t, Type::MemRef { .. }),
    })
}

fn signature(m: &Module, f: OpId) -> Result<(Vec<Io>, Vec<Io>), String> {
    let Some(Attr::Type(Type::Function { inputs, results })) = m.op(f).attr("function_type") else {
        return Err("no function type".into());
    };
    let ins = inputs.iter().map(io).collect::<Result<Vec<_>, _>>()?;
    let outs = results.iter().map(io).collect::<Result<Vec<_>, _>>()?;
    if outs.iter().any(|x| x.memref) {
        return Err("a memref result".into());
    }
    if outs.is_empty() && !ins.iter().any(|x| x.memref) {
        return Err("nothing to observe (no result, no memref argument)".into());
    }
    let count = |xs: &[Io]| -> i128 {
        xs.iter()
            .map(|x| {
                let dims = x.dims.iter().flatten();
                dims.map(|d| d.unwrap_or(DYNAMIC_SIZES[INPUTS - 1]))
                    .product::<i128>()
            })
            .sum()
    };
    if count(&ins) + count(&outs) > MAX_ELEMS as i128 {
        return Err(format!("more than {MAX_ELEMS} elements"));
    }
    Ok((ins, outs))
}

/// Every op nested in `op`'s regions.
fn nested(m: &Module, op: OpId, out: &mut Vec<OpId>) {
    for &r in &m.op(op).regions {
        for &b in &m.region(r).blocks {
            for &o in &m.block(b).ops {
                out.push(o);
                nested(m, o, out);
            }
        }
    }
}

/// `f` and the functions it calls, transitively, in module order.
fn reachable(m: &Module, f: OpId) -> Vec<OpId> {
    let funcs: BTreeMap<String, OpId> = m.functions().into_iter().collect();
    let mut seen = BTreeSet::from([f]);
    let mut todo = vec![f];
    while let Some(g) = todo.pop() {
        let mut ops = vec![];
        nested(m, g, &mut ops);
        for o in ops {
            if let Some(Attr::SymbolRef(p)) = m.op(o).attr("callee") {
                if let Some(&h) = p.first().and_then(|n| funcs.get(n)) {
                    if seen.insert(h) {
                        todo.push(h);
                    }
                }
            }
        }
    }
    seen.into_iter().collect()
}

/// Why the runner's result is not comparable with ours, if it is not: a float accumulation
/// whose order the spec leaves open.
fn open_order(m: &Module, funcs: &[OpId]) -> Option<String> {
    let mut ops = vec![];
    for &g in funcs {
        nested(m, g, &mut ops);
    }
    ops.into_iter().find_map(|o| {
        let op = m.op(o);
        let float = m
            .result_types(o)
            .iter()
            .any(|t| matches!(t, Type::Tensor { elem, .. } if matches!(**elem, Type::Float(_))));
        (float && OPEN_ORDER.contains(&op.name.as_str()))
            .then(|| format!("float {} (accumulation order open)", op.name))
    })
}

/// The spans of the functions outside `keep`, and the key under which two files' copies of
/// one function (with its callees) are the same case.
fn others(text: &str, m: &Module, keep: &[OpId]) -> (Vec<mlir::Span>, String) {
    let drop = m
        .functions()
        .into_iter()
        .filter(|(_, g)| !keep.contains(g))
        .map(|(_, g)| m.op(g).span)
        .collect();
    let key = keep
        .iter()
        .filter_map(|&g| text.get(m.op(g).span.start..m.op(g).span.end));
    (drop, key.collect::<Vec<_>>().join("\n"))
}

/// The functions of one file with a body, each under its key: a case, or why it is none.
fn cases(origin: &str, text: &str) -> Vec<(String, Result<Case, String>)> {
    let Ok(m) = mlir::parse(text) else {
        return vec![(text.into(), Err("our parser rejects the file".into()))];
    };
    let mut out = vec![];
    for (name, f) in m.functions() {
        let body = m.op(f).regions.first();
        if body.is_none_or(|r| m.region(*r).blocks.is_empty()) {
            continue;
        }
        let keep = reachable(&m, f);
        let (drop, key) = others(text, &m, &keep);
        let sig = signature(&m, f).and_then(|s| match open_order(&m, &keep) {
            Some(why) => Err(why),
            None => Ok(s),
        });
        let case = sig.map(|(args, results)| Case {
            name,
            origin: origin.to_string(),
            at: m.op(f).span.end,
            module: m.clone(),
            func: f,
            text: text.to_string(),
            drop,
            args,
            results,
        });
        out.push((key, case));
    }
    out
}

// ---- inputs ----

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

/// The values of input number `k` of a function: 0 small values, 1 and 2 special values, 3
/// wide (random bit patterns). Indices stay small so that accesses are mostly in bounds.
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

// ---- our side ----

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

fn mix(h: i64, bits: u64) -> i64 {
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
        .map_err(|mlirsem::eval::Stop::Unsupported(w)| format!("interpreter: {w}"))?;
    if run.ub {
        return Err("UB".into());
    }
    for u in &run.unsure_at {
        if indices(&u.shape)?.iter().any(|i| (u.at)(&mut d, i)) {
            return Err("unsure".into());
        }
    }
    if run.unsure.iter().any(|(c, _)| *c) || run.uninit.iter().any(|c| *c) {
        return Err("unsure or uninitialized".into());
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

// ---- the runner's side ----

/// Writes MLIR ops with fresh SSA names.
#[derive(Default)]
struct Emitter {
    lines: Vec<String>,
    next: usize,
}

impl Emitter {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%tp{}", self.next)
    }

    /// Emits `%new = RHS` and returns `%new`.
    fn op(&mut self, rhs: String) -> String {
        let v = self.fresh();
        self.lines.push(format!("    {v} = {rhs}"));
        v
    }

    fn line(&mut self, l: String) {
        self.lines.push(format!("    {l}"));
    }
}

/// An element as an MLIR literal (floats as their exact bit pattern).
fn literal(e: &CElem) -> String {
    match e {
        CElem::Bool(b) => b.to_string(),
        CElem::Int(i) => i.to_string(),
        CElem::Float(x) if x.ty == FTy::F64 => format!("0x{:016X}", x.bits),
        CElem::Float(x) => format!("0x{:08X}", x.bits),
    }
}

/// A row-major element list as a nested dense literal of shape `dims`.
fn dense(dims: &[i128], data: &[CElem]) -> String {
    match dims.split_first() {
        None => literal(&data[0]),
        Some((&n, rest)) => {
            let size = rest.iter().product::<i128>() as usize;
            let parts: Vec<String> = (0..n as usize)
                .map(|i| dense(rest, &data[i * size..(i + 1) * size]))
                .collect();
            format!("[{}]", parts.join(", "))
        }
    }
}

/// `h * P + bits(v)` for a scalar `v`; returns the new checksum's name.
fn hash_scalar(e: &mut Emitter, v: &str, ety: EType, h: &str) -> String {
    let b = match ety {
        EType::Int(64) => v.to_string(),
        EType::Bool | EType::Int(_) => e.op(format!("arith.extui {v} : {} to i64", ety.name())),
        EType::Index => e.op(format!("arith.index_cast {v} : index to i64")),
        EType::Float(f) => {
            let (ft, it, nan) = match f {
                FTy::F64 => ("f64", "i64", "0x7FF8000000000000"),
                _ => ("f32", "i32", "0x7FC00000"),
            };
            let isnan = e.op(format!("arith.cmpf uno, {v}, {v} : {ft}"));
            let nan = e.op(format!("arith.constant {nan} : {ft}"));
            let c = e.op(format!("arith.select {isnan}, {nan}, {v} : {ft}"));
            let i = e.op(format!("arith.bitcast {c} : {ft} to {it}"));
            match f {
                FTy::F64 => i,
                _ => e.op(format!("arith.extui {i} : i32 to i64")),
            }
        }
    };
    let m = e.op(format!("arith.muli {h}, %tpP : i64"));
    e.op(format!("arith.addi {m}, {b} : i64"))
}

/// Folds the sizes of tensor or memref `t` into `h`, then every element, row-major, with one
/// `scf.for` per dimension.
fn hash_tensor(e: &mut Emitter, t: &str, io: &Io, h: &str) -> String {
    let rank = io.dims.as_ref().map_or(0, |d| d.len());
    let (dialect, read) = match io.memref {
        true => ("memref", "memref.load"),
        false => ("tensor", "tensor.extract"),
    };
    let mut acc = h.to_string();
    let mut bounds = vec![];
    for k in 0..rank {
        let kc = e.op(format!("arith.constant {k} : index"));
        let bound = e.op(format!("{dialect}.dim {t}, {kc} : {}", io.ty));
        acc = hash_scalar(e, &bound, EType::Index, &acc);
        bounds.push(bound);
    }
    let (mut loops, mut ivs) = (vec![], vec![]);
    for bound in bounds {
        let (r, iv, a) = (e.fresh(), e.fresh(), e.fresh());
        e.line(format!(
            "{r} = scf.for {iv} = %tpC0 to {bound} step %tpC1 iter_args({a} = {acc}) -> (i64) {{"
        ));
        loops.push(r);
        ivs.push(iv);
        acc = a;
    }
    let v = e.op(format!("{read} {t}[{}] : {}", ivs.join(", "), io.ty));
    let mut y = hash_scalar(e, &v, io.ety, &acc);
    for r in loops.into_iter().rev() {
        e.line(format!("scf.yield {y} : i64"));
        e.line("}".into());
        y = r;
    }
    y
}

/// The static tensor type of shape `dims` and the element type of `ty`.
fn static_tensor(dims: &[i128], ty: &Type) -> Type {
    let (Type::Tensor { elem, .. } | Type::MemRef { elem, .. }) = ty else {
        unreachable!("a tensor or memref argument has a shaped type")
    };
    Type::Tensor {
        shape: dims.iter().map(|n| Dim::Static(*n as u64)).collect(),
        elem: elem.clone(),
        encoding: None,
    }
}

/// A memref input: a new buffer holding a copy of the constant (writable and distinct from
/// every other argument, as the interpreter's argument blocks are).
fn memref_arg(e: &mut Emitter, dims: &[i128], data: &[CElem], ty: &Type) -> String {
    let c = tensor_constant(e, dims, data, &static_tensor(dims, ty));
    let g = e.op(format!("bufferization.to_memref {c} : {ty}"));
    let m = e.op(format!("memref.alloc() : {ty}"));
    e.line(format!("memref.copy {g}, {m} : {ty} to {ty}"));
    m
}

/// A tensor input as a constant of its static type, cast to the argument's type.
fn tensor_arg(e: &mut Emitter, dims: &[i128], data: &[CElem], ty: &Type) -> String {
    let exact = static_tensor(dims, ty);
    let c = tensor_constant(e, dims, data, &exact);
    if exact == *ty {
        return c;
    }
    e.op(format!("tensor.cast {c} : {exact} to {ty}"))
}

/// A tensor constant; a splat of -0.0 as a `tensor.generate` of the scalar (see
/// [`NEG_ZERO_SPLAT`]; the passes fold `negf` of a constant back into such a splat).
fn tensor_constant(e: &mut Emitter, dims: &[i128], data: &[CElem], ty: &Type) -> String {
    let neg_zero =
        |x: &CElem| matches!(x, CElem::Float(f) if f.bits == 1 << (EType::Float(f.ty).width() - 1));
    let splat = data.first().filter(|_| data.iter().all(neg_zero));
    let (Some(x), Type::Tensor { elem, .. }) = (splat, ty) else {
        return e.op(format!(
            "arith.constant dense<{}> : {ty}",
            dense(dims, data)
        ));
    };
    let ivs: Vec<String> = dims
        .iter()
        .map(|_| format!("{}: index", e.fresh()))
        .collect();
    let t = e.fresh();
    e.line(format!("{t} = tensor.generate {{"));
    e.line(format!("^bb0({}):", ivs.join(", ")));
    let z = e.op(format!("arith.constant {} : {elem}", literal(x)));
    e.line(format!("tensor.yield {z} : {elem}"));
    e.line(format!("}} : {ty}"));
    t
}

/// `@tp_input_K`: the inputs as constants, the call, and the checksum of its results.
fn entry(e: &mut Emitter, c: &Case, k: usize, args: &[CArg]) {
    e.lines
        .push(format!("  func.func @tp_input_{k}() -> i64 {{"));
    e.line("%tpC0 = arith.constant 0 : index".into());
    e.line("%tpC1 = arith.constant 1 : index".into());
    e.line(format!("%tpP = arith.constant {P} : i64"));
    let operands: Vec<String> = c
        .args
        .iter()
        .zip(args)
        .map(|(io, a)| match a {
            CArg::Tensor { dims, data, .. } => tensor_arg(e, dims, data, &io.ty),
            CArg::MemRef { dims, data, .. } => memref_arg(e, dims, data, &io.ty),
            CArg::Scalar(_, x) => e.op(format!("arith.constant {} : {}", literal(x), io.ty)),
        })
        .collect();
    let types = |xs: &[Io]| xs.iter().map(|x| x.ty.to_string()).collect::<Vec<_>>();
    let r = e.fresh();
    let n = c.results.len();
    e.line(format!(
        "{}func.call @\"{}\"({}) : ({}) -> ({})",
        match n {
            0 => String::new(),
            1 => format!("{r} = "),
            _ => format!("{r}:{n} = "),
        },
        c.name,
        operands.join(", "),
        types(&c.args).join(", "),
        types(&c.results).join(", ")
    ));
    let mut h = e.op("arith.constant 0 : i64".into());
    for (i, io) in c.results.iter().enumerate() {
        let v = if n > 1 { format!("{r}#{i}") } else { r.clone() };
        h = match io.dims {
            None => hash_scalar(e, &v, io.ety, &h),
            Some(_) => hash_tensor(e, &v, io, &h),
        };
    }
    for (io, m) in c.args.iter().zip(&operands).filter(|(io, _)| io.memref) {
        h = hash_tensor(e, m, io, &h);
    }
    e.line(format!("return {h} : i64"));
    e.lines.push("  }".into());
}

/// The case's text with one entry per input and `@tp_main`, the checksum of their checksums,
/// inserted after the function (inside its module).
fn wrapper(c: &Case, drawn: &[(Vec<CArg>, i64)]) -> String {
    let mut e = Emitter::default();
    for (k, (args, _)) in drawn.iter().enumerate() {
        entry(&mut e, c, k, args);
    }
    e.lines.push("  func.func @tp_main() -> i64 {".into());
    e.line(format!("%tpP = arith.constant {P} : i64"));
    let mut h = e.op("arith.constant 0 : i64".into());
    for k in 0..drawn.len() {
        let x = e.op(format!("func.call @tp_input_{k}() : () -> i64"));
        let m = e.op(format!("arith.muli {h}, %tpP : i64"));
        h = e.op(format!("arith.addi {m}, {x} : i64"));
    }
    e.line(format!("return {h} : i64"));
    e.lines.push("  }".into());
    let mut edits: Vec<(usize, usize, String)> = c
        .drop
        .iter()
        .map(|s| (s.start, s.end, String::new()))
        .collect();
    edits.push((c.at, c.at, format!("\n{}\n", e.lines.join("\n"))));
    edits.sort_by_key(|(start, _, _)| std::cmp::Reverse(*start));
    let mut out = c.text.clone();
    for (start, end, with) in edits {
        out.replace_range(start..end, &with);
    }
    out
}

/// The runner's checksum of entry `entry` of the lowered module.
fn run(lowered: &str, entry: &str) -> Result<i64, String> {
    let out = tool(
        RUNNER,
        &["-e", entry, "-entry-point-result=i64"],
        lowered,
        LIMIT,
    )
    .map_err(|e| format!("runner: {e}"))?;
    out.trim()
        .parse()
        .map_err(|_| format!("runner printed {out:?}"))
}

/// `text` lowered to the LLVM dialect: in one run, or, when that calls [`MEMREF_COPY`], in two
/// with the copies rewritten in between.
fn lower(text: &str) -> Result<String, String> {
    let pipeline = |p: &str| format!("--pass-pipeline=builtin.module({p})");
    let once = tool(
        MLIR_OPT,
        &[&pipeline(&format!("{BUFFERIZE}, {TO_LLVM}"))],
        text,
        LIMIT,
    )?;
    if !once.contains(MEMREF_COPY) {
        return Ok(once);
    }
    let buffers = tool(MLIR_OPT, &[&pipeline(BUFFERIZE)], text, LIMIT)?;
    let copies: Vec<String> = buffers.lines().map(linalg_copy).collect();
    tool(MLIR_OPT, &[&pipeline(TO_LLVM)], &copies.join("\n"), LIMIT)
}

/// A printed `memref.copy %a, %b : A to B` as `linalg.copy ins(%a : A) outs(%b : B)`; any
/// other line as it is.
fn linalg_copy(line: &str) -> String {
    let rewrite = || {
        let (indent, rest) = line.split_once("memref.copy ")?;
        let (values, types) = rest.split_once(" : ")?;
        let ((a, b), (ta, tb)) = (values.split_once(", ")?, types.split_once(" to ")?);
        Some(format!(
            "{indent}linalg.copy ins({a} : {ta}) outs({b} : {tb})"
        ))
    };
    rewrite().unwrap_or_else(|| line.to_string())
}

/// Lowering failures read alike across files: the message without its location.
fn lowering_error(e: String) -> String {
    let msg = e.split("error: ").nth(1).unwrap_or(&e).to_string();
    format!("lowering: {msg}")
}

// ---- the comparison ----

/// Inputs the interpreter runs without UB, unsure case, uninitialized load or poison output,
/// each with our checksum; or why there is none.
fn draw(c: &Case) -> Result<Vec<(Vec<CArg>, i64)>, String> {
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

/// Compiles the case with its drawn inputs and compares the runner's checksum with ours.
fn compare(c: &Case, drawn: &[(Vec<CArg>, i64)]) -> Outcome {
    let lowered = match lower(&wrapper(c, drawn)) {
        Ok(l) => l,
        Err(e) => return Outcome::Skipped(lowering_error(e)),
    };
    if lowered.contains(NEG_ZERO_SPLAT) {
        return Outcome::Skipped(format!("toolchain: a constant {NEG_ZERO_SPLAT}"));
    }
    let total = drawn.iter().fold(0, |h, (_, x)| mix(h, *x as u64));
    match run(&lowered, "tp_main") {
        Err(e) => Outcome::Skipped(e),
        Ok(t) if t == total => Outcome::Agrees(drawn.len()),
        Ok(_) => Outcome::Disagrees(explain(c, &lowered, drawn)),
    }
}

/// The inputs on which the runner disagrees with us, with both checksums, and where the
/// compiled module is kept to reproduce it (`mlir-cpu-runner-19 -e tp_input_K
/// -entry-point-result=i64 FILE`).
fn explain(c: &Case, lowered: &str, drawn: &[(Vec<CArg>, i64)]) -> String {
    let dir = std::env::temp_dir().join("tensorproof-cpu-runner");
    let file = dir.join(format!(
        "{}-{}.mlir",
        c.origin.replace(['/', '.'], "_"),
        c.name
    ));
    let kept = std::fs::create_dir_all(&dir).and_then(|_| std::fs::write(&file, lowered));
    let mut out = format!(
        "@{} of {} (lowered: {}):",
        c.name,
        c.origin,
        match kept {
            Ok(()) => file.display().to_string(),
            Err(e) => format!("not kept: {e}"),
        }
    );
    for (k, (args, h)) in drawn.iter().enumerate() {
        let theirs = run(lowered, &format!("tp_input_{k}"));
        if theirs.as_ref().ok() != Some(h) {
            out += &format!(
                "\n  input {k}: {args:?}\n    interpreter checksum {h}, runner {theirs:?}"
            );
        }
    }
    out
}

/// The harness canary: the runner compiles `b - a` where the interpreter runs `a - b` (the
/// two texts have one length, so the spans of one fit the other); it must disagree.
fn canary() -> Case {
    let ours = "func.func @f(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %0 = arith.subf %a, %b : tensor<3xf32>
  return %0 : tensor<3xf32>
}
";
    let (_, c) = cases("canary", ours).remove(0);
    let mut c = c.expect("the canary is a case");
    c.text = ours.replace("%a, %b", "%b, %a");
    c
}

/// The distinct functions of the files under `dirs` (one per text, in path order): the cases,
/// and why the others are none.
fn sample(root: &Path, dirs: &[&Path]) -> (Vec<Case>, Vec<String>) {
    let mut files = vec![];
    for d in dirs {
        mlir_files(d, &mut files);
    }
    let mut skipped = vec![];
    let mut seen = BTreeSet::new();
    let mut out = vec![];
    for f in &files {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        let origin = f.strip_prefix(root).unwrap_or(f).display().to_string();
        for (key, case) in cases(&origin, &text) {
            match case {
                _ if !seen.insert(key) => {}
                Ok(c) => out.push(c),
                Err(why) => skipped.push(why),
            }
        }
    }
    (out, skipped)
}

/// How many of `reasons` start with `prefix`.
fn count(reasons: &[String], prefix: &str) -> usize {
    reasons.iter().filter(|w| w.starts_with(prefix)).count()
}

fn main() {
    for t in [MLIR_OPT, RUNNER] {
        if tool(t, &["--version"], "", LIMIT).is_err() {
            println!("notice: {t} is not on PATH; skipping the differential test");
            return;
        }
    }
    let start = Instant::now();
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = manifest.join("../..");
    let own = root.join("corpus/mlir");
    let tv = root.join("../shared/corpus/mlir-tv");
    let mut dirs = vec![own.as_path()];
    if tv.is_dir() {
        dirs.push(&tv);
    } else {
        println!(
            "notice: {} is absent; the sample is corpus/mlir only",
            tv.display()
        );
    }
    let mut failures = vec![];
    let c = canary();
    match draw(&c).map(|d| compare(&c, &d)) {
        Ok(Outcome::Disagrees(_)) => {
            println!("canary (runner b - a, interpreter a - b): disagrees")
        }
        _ => failures.push("the canary (runner b - a, interpreter a - b) did not disagree".into()),
    }

    let (cases, mut skipped) = sample(&root, &dirs);
    let distinct = cases.len() + skipped.len();
    let mut ready = vec![];
    for (c, d) in cases.iter().zip(parallel(&cases, draw)) {
        match d {
            Ok(d) => ready.push((c, d)),
            Err(why) => skipped.push(why),
        }
    }
    let n = ready.len();
    let picked: Vec<_> = (0..n.min(MAX_COMPARED))
        .map(|i| &ready[i * n / MAX_COMPARED.min(n)])
        .collect();
    let outcomes = parallel(&picked, |(c, d)| compare(c, d));
    let (mut compared, mut inputs) = (0, 0);
    for o in outcomes {
        match o {
            Outcome::Agrees(n) => {
                compared += 1;
                inputs += n;
            }
            Outcome::Skipped(why) => skipped.push(why),
            Outcome::Disagrees(what) => failures.push(what),
        }
    }
    let lowered =
        compared + failures.len() + count(&skipped, "runner") + count(&skipped, "toolchain");
    println!(
        "functions: {distinct} distinct, {} with supported signatures, {n} run by the interpreter, \
         {} picked (at most {MAX_COMPARED}), {lowered} lowered, {compared} compared on {inputs} \
         inputs, {} disagree ({:.1} s)",
        cases.len(),
        picked.len(),
        failures.len(),
        start.elapsed().as_secs_f64()
    );
    let mut reasons: BTreeMap<&str, usize> = BTreeMap::new();
    for w in &skipped {
        *reasons.entry(w).or_default() += 1;
    }
    let mut top: Vec<_> = reasons.into_iter().collect();
    top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    println!("skipped, by reason:");
    for (w, n) in top {
        println!("  {n:>4}  {w}");
    }
    for f in &failures {
        println!("FAIL {f}");
    }
    assert!(
        failures.is_empty(),
        "{} failures in the differential test",
        failures.len()
    );
    assert!(compared > 0, "no function was compared");
}
