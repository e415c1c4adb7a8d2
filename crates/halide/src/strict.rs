//! Halide's `strict_float` operations: inside `strict_float(e)` Halide 21 keeps the float
//! arithmetic as written (no reassociation, no fusion) and prints it as the intrinsics
//! `strict_add`, `strict_sub`, `strict_mul`, `strict_div` and the comparisons `strict_lt`,
//! `strict_le`, `strict_eq`. They are IEEE 754 operations, rounding to nearest even, computed
//! by the core's element functions (`tensor::float`, the same definitions XLA's ops use;
//! nothing of IEEE is written here): each operand, a real number in this checker, is rounded
//! to the operation's float type (exact for a value that is such a float), the operation is
//! IEEE's, and its result enters the surrounding arithmetic as the float's exact real value.
//! An infinity or NaN has no real value: symbolically it is an unspecified real (a function
//! of the float, so equal floats give equal reals), concretely it makes the run inexact (no
//! refutation from it); a zero's sign is not kept. The verdict names this ([`ASSUMPTION`]).
//! `strict_min`, `strict_max` and `strict_fma` are not modelled (named as unsupported).
//!
//! A layer between `value` and `eval`, beside `math`: it knows no statement, Func or solver.

use crate::syntax::Type;
use crate::value::{unsupported, Stop, Val};
use report::Span;
use tensor::{BinaryOp, CompareOp, Domain, ElemType, FloatTy, Format};

/// What a verdict of a pipeline with `strict_float` operations assumes.
pub const ASSUMPTION: &str = "strict_float operations (strict_add, ...) in IEEE 754 round to nearest even at their float type, on operands rounded to it; an infinite or NaN result enters the surrounding real arithmetic as an unspecified real (the same for equal floats), a zero's sign is not kept";

/// The operation a `strict_*` name stands for.
enum StrictOp {
    Arith(BinaryOp),
    Compare(CompareOp),
}

fn op_of(name: &str) -> Option<StrictOp> {
    Some(match name {
        "strict_add" => StrictOp::Arith(BinaryOp::Add),
        "strict_sub" => StrictOp::Arith(BinaryOp::Sub),
        "strict_mul" => StrictOp::Arith(BinaryOp::Mul),
        "strict_div" => StrictOp::Arith(BinaryOp::Div),
        "strict_lt" => StrictOp::Compare(CompareOp::Lt),
        "strict_le" => StrictOp::Compare(CompareOp::Le),
        "strict_eq" => StrictOp::Compare(CompareOp::Eq),
        _ => return None,
    })
}

/// Whether a call name is one of Halide's `strict_*` intrinsics (modelled or not).
pub fn is_strict(name: &str) -> bool {
    name.starts_with("strict_") && name != "strict_float"
}

/// The IEEE type of a Halide float type.
fn float_ty(t: Type) -> Option<FloatTy> {
    let format = match t {
        Type::Float(16) => Format::F16,
        Type::Float(32) => Format::F32,
        Type::Float(64) => Format::F64,
        _ => return None,
    };
    Some(FloatTy { format, ftz: false })
}

/// `name(a, b)` for a `strict_*` intrinsic, on two floats of one type.
pub fn call<D: Domain>(
    d: &mut D,
    name: &str,
    a: Val<D>,
    b: Val<D>,
    span: Span,
) -> Result<Val<D>, Stop> {
    let Some(op) = op_of(name) else {
        return unsupported(
            format!("Halide's `{name}` (strict_float; not modelled: strict_add, strict_sub, strict_mul, strict_div, strict_lt, strict_le, strict_eq are)"),
            span,
        );
    };
    let (Val::Float(x, t), Val::Float(y, u)) = (&a, &b) else {
        return unsupported(
            format!("`{name}` of {} and {} (floats expected)", a.ty(), b.ty()),
            span,
        );
    };
    let Some(f) = float_ty(*t).filter(|_| t == u) else {
        return unsupported(format!("`{name}` of {t} and {u}"), span);
    };
    let ty = ElemType::Float(f);
    let x = tensor::float::from_real(d, f, x);
    let y = tensor::float::from_real(d, f, y);
    Ok(match op {
        StrictOp::Arith(op) => {
            let r = tensor::binary(d, op, ty, &x, &y);
            Val::Float(tensor::float::to_real(d, f, &r), *t)
        }
        StrictOp::Compare(op) => {
            let r = tensor::compare(d, op, ty, &x, &y);
            Val::Bool(d.truth(&r))
        }
    })
}

/// Whether the algorithm calls a `strict_*` intrinsic (its verdict names [`ASSUMPTION`]).
pub fn used(spec: &crate::spec::Spec) -> bool {
    let mut any = false;
    for f in &spec.funcs {
        for e in std::iter::once(&f.value).chain(f.updates.iter().map(|u| &u.value)) {
            crate::syntax::calls_of(e, &mut |n| any |= is_strict(n));
        }
    }
    any
}
