//! Dispatch of the op families defined outside `eval.rs`: convolutions and pooling
//! ([`crate::ops::linalg::conv`]), tensor ops of the second slice
//! ([`crate::ops::tensor`]), region- and map-defined ops ([`crate::ops::tensor::gen`]), `scf.if` and `scf.for` ([`crate::ops::scf`]), `func.call` ([`crate::call`]) and `tosa` ([`crate::ops::tosa`]).

use crate::base::ctx::Ctx;
use crate::base::domain::MDomain;
use crate::base::stop::R;
use crate::base::value::Val;
use mlir::OpId;

/// The results of op `o`, or `None` when no family here defines it.
pub(crate) fn eval_op<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Option<Vec<Val<'a, D>>>> {
    match cx.m.op(o).name.as_str() {
        "scf.if" => return crate::ops::scf::scf_if(d, cx, o, operands).map(Some),
        "scf.for" => return crate::ops::scf::scf_for(d, cx, o, operands).map(Some),
        "scf.while" => return crate::ops::scf::scf_while(d, cx, o, operands).map(Some),
        "tensor.concat" => {
            return crate::ops::tosa::concat(d, cx, o, operands).map(|v| Some(vec![v]))
        }
        _ => {}
    }
    if let Some(vals) = crate::ops::linalg::conv::eval_op(d, cx, o, operands)? {
        return Ok(Some(vals));
    }
    if let Some(v) = crate::ops::linalg::pool::eval_op(d, cx, o, operands)? {
        return Ok(Some(vec![v]));
    }
    if cx.m.op(o).name.starts_with("tosa.") {
        return crate::ops::tosa::eval_op(d, cx, o, operands);
    }
    if let Some(vals) = crate::ops::tensor::gen::eval_op(d, cx, o, operands)? {
        return Ok(Some(vals));
    }
    crate::ops::tensor::eval_op(d, cx, o, operands)
}
