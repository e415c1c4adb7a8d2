//! The runner's side: the module the runner compiles, the case's function plus entry points
//! that write the inputs as constants, call it, and fold its outputs into the checksum.

use mlir::{Dim, Type};
use mlirsem::{CArg, CElem, EType, FTy};

use crate::ours::P;
use crate::select::{Case, Io};

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

/// The inside of a dense literal of shape `dims` from a row-major element list (nothing for no
/// elements: MLIR reads `dense<[]>` as one dimension only).
fn dense(dims: &[i128], data: &[CElem]) -> String {
    if data.is_empty() {
        return String::new();
    }
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
pub(crate) fn wrapper(c: &Case, drawn: &[(Vec<CArg>, i64)]) -> String {
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
