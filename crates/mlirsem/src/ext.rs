//! Dispatch of the op families defined outside `eval.rs`: convolutions and pooling
//! ([`crate::conv`]), tensor ops of the second slice
//! ([`crate::tensor_ops`]), region- and map-defined ops ([`crate::gen`]), `scf.if` and `scf.for` ([`crate::control`]), `func.call` ([`crate::call`]) and `tosa` ([`crate::tosa`]).

use crate::ctx::Ctx;
use crate::domain::MDomain;
use crate::stop::R;
use crate::value::Val;
use mlir::OpId;

/// The results of op `o`, or `None` when no family here defines it.
pub(crate) fn eval_op<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Option<Vec<Val<'a, D>>>> {
    match cx.m.op(o).name.as_str() {
        "scf.if" => return crate::control::scf_if(d, cx, o, operands).map(Some),
        "scf.for" => return crate::control::scf_for(d, cx, o, operands).map(Some),
        "scf.while" => return crate::control::scf_while(d, cx, o, operands).map(Some),
        "tensor.concat" => return crate::tosa::concat(d, cx, o, operands).map(|v| Some(vec![v])),
        _ => {}
    }
    if let Some(vals) = crate::conv::eval_op(d, cx, o, operands)? {
        return Ok(Some(vals));
    }
    if let Some(v) = crate::pool::eval_op(d, cx, o, operands)? {
        return Ok(Some(vec![v]));
    }
    if cx.m.op(o).name.starts_with("tosa.") {
        return crate::tosa::eval_op(d, cx, o, operands);
    }
    if let Some(vals) = crate::gen::eval_op(d, cx, o, operands)? {
        return Ok(Some(vals));
    }
    crate::tensor_ops::eval_op(d, cx, o, operands)
}
