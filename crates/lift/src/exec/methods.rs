//! Methods of values: `x.to(dtype)`, `x.cast(dtype)`, the Triton functions that are also
//! tensor methods (`x.sum(axis=0)` is `tl.sum(x, axis=0)`: Triton 3.2's
//! `@_tensor_member_fn`s), `x.logical_and(y)` / `x.logical_or(y)` (both converted to `int1`,
//! then `&` / `|`), and a dtype's predicates (`t.is_fp16()`, `crate::exec::dtypes`).

use super::{Interp, R};
use crate::ops::{self, Logic};
use crate::value::{KVal, LDomain, Ty};
use ruff_python_ast as ast;

/// The functions of `triton.language` that Triton 3.2 also makes methods of a tensor
/// (`@_tensor_member_fn`), whose first parameter is the tensor. `tl.reduce` and
/// `tl.associative_scan` (a combine function) are read only as functions.
const MEMBER_FNS: &[&str] = &[
    "abs",
    "advance",
    "argmax",
    "argmin",
    "atomic_add",
    "atomic_and",
    "atomic_cas",
    "atomic_max",
    "atomic_min",
    "atomic_or",
    "atomic_xchg",
    "atomic_xor",
    "broadcast_to",
    "cdiv",
    "ceil",
    "cos",
    "cumprod",
    "cumsum",
    "erf",
    "exp",
    "exp2",
    "expand_dims",
    "flip",
    "floor",
    "histogram",
    "log",
    "log2",
    "max",
    "min",
    "permute",
    "ravel",
    "reshape",
    "rsqrt",
    "sigmoid",
    "sin",
    "softmax",
    "sort",
    "split",
    "sqrt",
    "sqrt_rn",
    "store",
    "sum",
    "trans",
    "view",
    "xor_sum",
];

impl<'s, D: LDomain> Interp<'s, D> {
    /// `RECV.NAME(args...)` where `RECV` is a value (a local name, or an expression such as
    /// `tl.load(p).cast(tl.float32)`).
    pub(super) fn method_call(
        &mut self,
        d: &mut D,
        a: &ast::ExprAttribute,
        c: &ast::ExprCall,
    ) -> R<KVal<D>> {
        let name = a.attr.id.as_str();
        let recv = self.expr(d, &a.value)?;
        if let KVal::Dtype(t) = &recv {
            if name.starts_with("is_") {
                return self.dtype_predicate(t, c, name);
            }
            return self.unsupported(format!("the dtype method `{name}`"), c);
        }
        if let KVal::Undecided(why) = &recv {
            return self.unsupported(why.clone(), c);
        }
        match name {
            "to" | "cast" => {
                let Some(t) = c.arguments.args.first() else {
                    return self.unsupported(format!("`.{name}` without a dtype"), c);
                };
                if c.arguments.args.len() > 1 {
                    return self.unsupported(format!("`.{name}` with more than a dtype"), c);
                }
                // `x.to(x.dtype)` of a name: exactly `x`.
                let own = matches!(
                    (&*a.value, t),
                    (ast::Expr::Name(x), ast::Expr::Attribute(q))
                        if q.attr.id.as_str() == "dtype"
                            && matches!(&*q.value, ast::Expr::Name(y) if y.id == x.id)
                );
                if own && c.arguments.keywords.is_empty() && matches!(recv, KVal::Block(_)) {
                    return Ok(recv);
                }
                self.convert_call(d, recv, t, c)
            }
            "logical_and" | "logical_or" => {
                let ([y], []) = (&c.arguments.args[..], &c.arguments.keywords[..]) else {
                    return self.unsupported(format!("`.{name}` without exactly one operand"), c);
                };
                let y = self.expr(d, y)?;
                let (x, y) = (self.block_of(&recv, c)?, self.block_of(&y, c)?);
                let op = if name == "logical_and" {
                    Logic::And
                } else {
                    Logic::Or
                };
                let (x, y) = (
                    self.lift(ops::convert(&x, Ty::Bool), c)?,
                    self.lift(ops::convert(&y, Ty::Bool), c)?,
                );
                let (x, y) = (self.block_of(&x, c)?, self.block_of(&y, c)?);
                self.lift(ops::logic(op, &x, &y), c)
            }
            _ if MEMBER_FNS.contains(&name) && matches!(recv, KVal::Block(_)) => {
                self.tl_call(d, ops::Module::Tl, name, c, Some(recv))
            }
            _ => self.unsupported(format!("the method `.{name}` of a {}", recv.kind()), c),
        }
    }

    /// Where a real is converted to an element type a type query reads: the verdict states
    /// that the type is a floating-point one.
    pub(super) fn float_query_assumed(&mut self, t: &crate::value::Dtype) {
        if let Some(note) = t.real_conversion_assumption() {
            if !self.m.assumed.contains(&note) {
                self.m.assumed.push(note);
            }
        }
    }
}
