//! Which functions are compared: signatures of scalars, ranked tensors and static memref
//! arguments, with their callees, and the text the runner compiles.

use mlir::{Attr, Dim, Module, OpId, Type};
use mlirsem::eval::etype;
use mlirsem::{EType, FTy};
use std::collections::{BTreeMap, BTreeSet};

use crate::ours::DYNAMIC_MAX;

/// Most elements of a function's arguments and results together (the inputs are written out
/// as dense literals).
const MAX_ELEMS: usize = 4096;
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
pub(crate) struct Io {
    pub(crate) ty: Type,
    pub(crate) ety: EType,
    pub(crate) dims: Option<Vec<Option<i128>>>,
    pub(crate) memref: bool,
}

/// One function to compare: the module it comes from, and its signature. The runner compiles
/// `text` without the spans in `drop` (the functions `@name` does not call), with the entry
/// points inserted at `at` (after `@name`, inside any `module` wrapper).
pub(crate) struct Case {
    pub(crate) name: String,
    pub(crate) origin: String,
    pub(crate) module: Module,
    pub(crate) func: OpId,
    pub(crate) text: String,
    pub(crate) drop: Vec<mlir::Span>,
    pub(crate) at: usize,
    pub(crate) args: Vec<Io>,
    pub(crate) results: Vec<Io>,
}

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
                dims.map(|d| d.unwrap_or(DYNAMIC_MAX)).product::<i128>()
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
pub(crate) fn cases(origin: &str, text: &str) -> Vec<(String, Result<Case, String>)> {
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
