//! The one definition of an expression's value, generic over the core `Domain`: the
//! statement's expressions and the algorithm's are evaluated here, by the symbolic executor
//! and by the concrete interpreter alike. Variables and calls come from an [`Env`].

use crate::syntax::{BinOp, Expr, ExprKind, Type};
use crate::value::{self, unsupported, Stop, Val};
use report::Span;
use tensor::Domain;

/// Where names and calls get their values: loop variables and lets, buffer fields, Funcs and
/// input buffers (the driver's business: buffers concretely, prophecies symbolically).
pub trait Env<D: Domain> {
    fn var(&mut self, d: &mut D, name: &str, span: Span) -> Result<Val<D>, Stop>;
    /// A call at the cell `args`, for the point `point` (they differ where an index is folded,
    /// `e % F`: the cell is `e % F`, the point `e`).
    fn call(
        &mut self,
        d: &mut D,
        name: &str,
        args: Vec<Val<D>>,
        point: Vec<Val<D>>,
        span: Span,
    ) -> Result<Val<D>, Stop>;
    /// Binds `name` for the body of a `let` expression (innermost binding wins) ...
    fn bind(&mut self, name: &str, v: Val<D>);
    /// ... and removes that binding.
    fn unbind(&mut self);
}

/// Runtime calls that the non-query run of a pipeline never depends on.
fn runtime_call<D: Domain>(d: &mut D, name: &str) -> Option<Val<D>> {
    match name {
        "_halide_buffer_is_bounds_query" => Some(Val::Bool(d.lit_b(false))),
        _ if name.starts_with("_halide_")
            || name.starts_with("halide_")
            || name == "make_struct" =>
        {
            Some(Val::Opaque)
        }
        _ => None,
    }
}

/// A folded index `e % F` (storage folding prints it so, `F` a positive literal): `e` and `F`.
pub fn folded(e: &Expr) -> Option<(&Expr, &Expr)> {
    match &e.kind {
        ExprKind::Bin(BinOp::Mod, a, b) if matches!(b.kind, ExprKind::Int(n) if n > 0) => {
            Some((a, b))
        }
        _ => None,
    }
}

/// An index's cell and point: for a folded index `e % F`, `e % F` and `e`; else both the
/// index's value. Storage folding reuses one cell for the points `e` that agree modulo `F`.
pub fn index<D: Domain>(
    d: &mut D,
    env: &mut dyn Env<D>,
    e: &Expr,
) -> Result<(Val<D>, Val<D>), Stop> {
    match folded(e) {
        Some((a, b)) => {
            let va = eval(d, env, a)?;
            let vb = eval(d, env, b)?;
            let (va2, vb) = coerce_literals(d, a, va.clone(), b, vb, e.span)?;
            Ok((value::binary(d, BinOp::Mod, va2, vb, e.span)?, va))
        }
        None => {
            let v = eval(d, env, e)?;
            Ok((v.clone(), v))
        }
    }
}

pub fn eval<D: Domain>(d: &mut D, env: &mut dyn Env<D>, e: &Expr) -> Result<Val<D>, Stop> {
    match &e.kind {
        ExprKind::Int(n) => Ok(value::int_lit(d, Type::Int(32), *n)),
        ExprKind::Float(n, den) => Ok(value::float_lit(d, Type::Float(32), *n, *den)),
        ExprKind::Var(name) => env.var(d, name, e.span),
        ExprKind::Opaque(_) => Ok(Val::Opaque),
        ExprKind::Call(name, args) => {
            if let Some(v) = runtime_call(d, name) {
                return Ok(v);
            }
            let mut cells = Vec::with_capacity(args.len());
            let mut point = Vec::with_capacity(args.len());
            for a in args {
                let (c, p) = index(d, env, a)?;
                cells.push(c);
                point.push(p);
            }
            env.call(d, name, cells, point, e.span)
        }
        ExprKind::Cast(t, x) => {
            // A literal under a type tag is a literal of that type.
            match (&x.kind, t) {
                (ExprKind::Int(n), t) if !t.is_float() && *t != Type::Handle => {
                    Ok(value::int_lit(d, *t, *n))
                }
                (ExprKind::Int(n), t) if t.is_float() => Ok(value::float_lit(d, *t, *n, 1)),
                (ExprKind::Float(n, den), t) if t.is_float() => {
                    Ok(value::float_lit(d, *t, *n, *den))
                }
                _ => {
                    let v = eval(d, env, x)?;
                    value::cast(d, *t, v, e.span)
                }
            }
        }
        ExprKind::Bin(op, a, b) => {
            let va = eval(d, env, a)?;
            let vb = eval(d, env, b)?;
            let (va, vb) = coerce_literals(d, a, va, b, vb, e.span)?;
            value::binary(d, *op, va, vb, e.span)
        }
        ExprKind::Not(x) => {
            let v = eval(d, env, x)?;
            value::not(d, v, e.span)
        }
        ExprKind::Neg(x) => {
            let v = eval(d, env, x)?;
            value::neg(d, v, e.span)
        }
        ExprKind::Let(name, v, body) => {
            let v = eval(d, env, v)?;
            env.bind(name, v);
            let r = eval(d, env, body);
            env.unbind();
            r
        }
        ExprKind::Select(c, a, b) => {
            let vc = eval(d, env, c)?;
            let c = value::truth(d, &vc, c.span)?;
            let va = eval(d, env, a)?;
            let vb = eval(d, env, b)?;
            let (va, vb) = coerce_literals(d, a, va, b, vb, e.span)?;
            value::select(d, &c, va, vb, e.span)
        }
    }
}

/// An untyped integer literal takes the type of the other operand (the algorithm file may
/// write `x + 1` at any type; Halide's own printer tags such literals).
fn coerce_literals<D: Domain>(
    d: &mut D,
    a: &Expr,
    va: Val<D>,
    b: &Expr,
    vb: Val<D>,
    span: Span,
) -> Result<(Val<D>, Val<D>), Stop> {
    if va.ty() == vb.ty() {
        return Ok((va, vb));
    }
    let lit = |e: &Expr| matches!(e.kind, ExprKind::Int(_) | ExprKind::Float(..));
    if lit(a) && !matches!(vb, Val::Opaque) {
        let t = vb.ty();
        return Ok((value::cast(d, t, va, span)?, vb));
    }
    if lit(b) && !matches!(va, Val::Opaque) {
        let t = va.ty();
        return Ok((va, value::cast(d, t, vb, span)?));
    }
    if matches!(va, Val::Opaque) || matches!(vb, Val::Opaque) {
        return unsupported("an operation on a pointer or runtime value", span);
    }
    Ok((va, vb))
}
