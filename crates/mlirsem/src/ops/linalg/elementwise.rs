//! The linalg elementwise named ops of MLIR 19 (`linalg.add sub mul div max min powf exp log
//! abs ceil floor negf round sqrt rsqrt square tanh erf reciprocal select`), declared in one
//! table ([`OPS`]): each is the all-parallel structured op whose maps are identities and whose
//! body is one scalar op, the one `mlir-opt-19 --linalg-generalize-named-ops` writes (checked
//! for every entry). The body ops are the scalar ops of [`crate::ops::arith::scalar_op_plain`], so an
//! entry adds no meaning of its own.
//!
//! Shape rule: every operand has the output's rank (the verifier's); a size that differs from
//! the output's is UB, as for `linalg.generic`. Element types: the inputs' (after `select`'s
//! `i1` condition) are the output's; a mixed-type op is unsupported (MLIR 19 does not cast
//! here: generalizing one gives an ill-typed body). Attributes: none beyond
//! `operandSegmentSizes`. The integer divisions (`linalg.div`, `linalg.div_unsigned` on
//! integers) are unsupported: their UB per element is not modelled inside tensor ops
//! ([`crate::ops::arith`]).

use crate::base::ctx::{result_type, tensor_of, Ctx};
use crate::base::domain::{EType, MDomain};
use crate::base::stop::{unsupported, Stop, R};
use crate::base::value::*;
use mlir::{Module, OpId};
use std::rc::Rc;

/// The body of a named elementwise op on one element type class.
#[derive(Clone, Copy)]
enum Body {
    /// A scalar op applied to the inputs' elements in order.
    Op(&'static str),
    /// `arith.divf 1.0, x` (`linalg.reciprocal`).
    Reciprocal,
    /// `arith.mulf x, x` (`linalg.square`).
    Square,
}

/// One named elementwise op: its name, its number of inputs, its body on float elements and
/// on integer elements (`None`: the op is not defined there, or not modelled).
struct Entry {
    name: &'static str,
    inputs: usize,
    float: Option<Body>,
    int: Option<Body>,
}

const fn entry(name: &'static str, inputs: usize, float: Option<Body>, int: Option<Body>) -> Entry {
    Entry {
        name,
        inputs,
        float,
        int,
    }
}

use Body::*;

/// The table of linalg elementwise named ops.
const OPS: &[Entry] = &[
    entry(
        "linalg.add",
        2,
        Some(Op("arith.addf")),
        Some(Op("arith.addi")),
    ),
    entry(
        "linalg.sub",
        2,
        Some(Op("arith.subf")),
        Some(Op("arith.subi")),
    ),
    entry(
        "linalg.mul",
        2,
        Some(Op("arith.mulf")),
        Some(Op("arith.muli")),
    ),
    // Integer `divsi`: UB per element (not modelled in tensor ops).
    entry("linalg.div", 2, Some(Op("arith.divf")), None),
    // `divui` only, on integers: as `div`.
    entry("linalg.div_unsigned", 2, None, None),
    entry(
        "linalg.max",
        2,
        Some(Op("arith.maximumf")),
        Some(Op("arith.maxsi")),
    ),
    entry(
        "linalg.min",
        2,
        Some(Op("arith.minimumf")),
        Some(Op("arith.minsi")),
    ),
    entry("linalg.powf", 2, Some(Op("math.powf")), None),
    entry("linalg.exp", 1, Some(Op("math.exp")), None),
    entry("linalg.log", 1, Some(Op("math.log")), None),
    entry("linalg.abs", 1, Some(Op("math.absf")), None),
    entry("linalg.ceil", 1, Some(Op("math.ceil")), None),
    entry("linalg.floor", 1, Some(Op("math.floor")), None),
    entry("linalg.negf", 1, Some(Op("arith.negf")), None),
    entry("linalg.round", 1, Some(Op("math.round")), None),
    entry("linalg.sqrt", 1, Some(Op("math.sqrt")), None),
    entry("linalg.rsqrt", 1, Some(Op("math.rsqrt")), None),
    entry("linalg.tanh", 1, Some(Op("math.tanh")), None),
    entry("linalg.erf", 1, Some(Op("math.erf")), None),
    entry("linalg.square", 1, Some(Square), None),
    entry("linalg.reciprocal", 1, Some(Reciprocal), None),
    entry(
        "linalg.select",
        3,
        Some(Op("arith.select")),
        Some(Op("arith.select")),
    ),
];

/// Whether `name` is one of the ops of [`OPS`].
pub(crate) fn is_op(name: &str) -> bool {
    OPS.iter().any(|e| e.name == name)
}

/// The body of op `o` on element type `t` and its input count.
fn body_of(m: &Module, o: OpId, t: EType) -> R<(Body, usize)> {
    let name = m.op(o).name.as_str();
    let Some(e) = OPS.iter().find(|e| e.name == name) else {
        return unsupported(format!("unsupported op {name}"));
    };
    let body = match t {
        EType::Float(_) => e.float,
        EType::Int(_) | EType::Bool => e.int,
        EType::Index => None,
    };
    match body {
        Some(b) => Ok((b, e.inputs)),
        None => unsupported(format!("{name} on {}", t.name())),
    }
}

/// `body` on the inputs' elements `args` (of types `tys`), result type `rty`.
fn apply<D: MDomain>(
    d: &mut D,
    m: &Module,
    o: OpId,
    body: Body,
    args: &[SVal<D>],
    tys: &[EType],
    rty: EType,
) -> Result<SVal<D>, String> {
    match body {
        Op(name) => crate::ops::arith::scalar_op_plain(d, m, o, name, args, tys, rty),
        Square => {
            let sq = [args[0].clone(), args[0].clone()];
            crate::ops::arith::scalar_op_plain(d, m, o, "arith.mulf", &sq, &[rty, rty], rty)
        }
        Reciprocal => {
            let EType::Float(t) = rty else {
                return Err("linalg.reciprocal on a non-float".into());
            };
            let one = SVal {
                v: Elem::Float(d.f_lit(t, crate::base::ieee::from_f64(t, 1.0))),
                ok: d.lit_b(true),
            };
            let xs = [one, args[0].clone()];
            crate::ops::arith::scalar_op_plain(d, m, o, "arith.divf", &xs, &[rty, rty], rty)
        }
    }
}

/// The result of named elementwise op `o` on `operands` (inputs, then the output).
pub(crate) fn eval_op<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let m = cx.m;
    let name = m.op(o).name.as_str();
    let (_, rty) = result_type(m, o, 0)?;
    let (body, n_in) = body_of(m, o, rty)?;
    if operands.len() != n_in + 1 || crate::base::ctx::n_outputs(m, o) != 1 {
        return unsupported(format!("{name} without {n_in} inputs and one output"));
    }
    let ts: Vec<Tensor<'a, D>> = operands.iter().map(tensor_of).collect::<R<_>>()?;
    let out = &ts[n_in];
    let tys: Vec<EType> = ts[..n_in].iter().map(|t| t.ety).collect();
    let cond = usize::from(name == "linalg.select");
    if out.ety != rty
        || (cond == 1 && tys[0] != EType::Bool)
        || tys[cond..].iter().any(|t| *t != rty)
    {
        return unsupported(format!("{name} with mixed element types"));
    }
    for t in &ts[..n_in] {
        if t.shape.len() != out.shape.len() {
            return unsupported(format!("{name} with an operand of another rank"));
        }
        // UB: an input size that differs from the output's (as for linalg.generic).
        let e = same_shape(d, &t.shape, &out.shape);
        let ne = d.not(&e);
        cx.add_ub(d, &ne);
    }
    // The body once on placeholder elements, so that the element function cannot fail.
    let probe: Vec<SVal<D>> = tys
        .iter()
        .map(|t| SVal {
            v: zero_elem(d, *t),
            ok: d.lit_b(true),
        })
        .collect();
    apply(d, m, o, body, &probe, &tys, rty).map_err(Stop::Unsupported)?;
    let ins: Rc<Vec<Tensor<'a, D>>> = Rc::new(ts[..n_in].to_vec());
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let args: Vec<SVal<D>> = ins.iter().map(|t| (t.at)(d, idx)).collect();
        match apply(d, m, o, body, &args, &tys, rty) {
            Ok(s) => s,
            Err(why) => {
                d.give_up(format!("{why} ({})", m.op_at(o)));
                args[0].clone()
            }
        }
    });
    Ok(Val::Tensor(Tensor {
        shape: out.shape.clone(),
        ety: rty,
        at,
    }))
}
