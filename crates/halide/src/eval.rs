//! The one definition of an expression's value, generic over the core `Domain`: the
//! statement's expressions and the algorithm's are evaluated here, by the symbolic executor
//! and by the concrete interpreter alike. Variables and calls come from an [`Env`].

use crate::math::{self, MathDomain};
use crate::stmt::{Stmt, StmtKind};
use crate::syntax::{BinOp, Expr, ExprKind, Type};
use crate::value::{self, unsupported, Stop, Val};
use report::Span;

/// Where names and calls get their values: loop variables and lets, buffer fields, Funcs and
/// input buffers (the driver's business: buffers concretely, prophecies symbolically).
pub trait Env<D: MathDomain> {
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
    /// The fold factor of dimension `dim` of `name`'s storage, when it is folded (a realized
    /// Func whose realize extent there is a literal `F` and whose provides there all store at
    /// `e % F`); `None` for the output, inputs, the algorithm's own expressions and anything
    /// else: an index `e % F` is then the algorithm's.
    fn fold(&self, name: &str, dim: usize) -> Option<i128> {
        let _ = (name, dim);
        None
    }
    /// A load `name[index]` of a buffer the statement allocates (Halide's bookkeeping of
    /// dynamically folded storage); by default not modelled.
    fn load(&mut self, d: &mut D, name: &str, index: Val<D>, span: Span) -> Result<Val<D>, Stop> {
        let _ = (d, index);
        crate::value::unsupported(
            format!("a load of `{name}`, a buffer the statement allocates (Halide's bookkeeping of dynamically folded storage), whose contents the symbolic executor does not track"),
            span,
        )
    }
    /// Binds `name` for the body of a `let` expression (innermost binding wins) ...
    fn bind(&mut self, name: &str, v: Val<D>);
    /// ... and removes that binding.
    fn unbind(&mut self);
}

/// Runtime calls that the non-query run of a pipeline never depends on.
fn runtime_call<D: MathDomain>(d: &mut D, name: &str) -> Option<Val<D>> {
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

/// An integer literal, possibly under a type tag (`(uint16)1`): a shift amount.
fn literal(e: &Expr) -> Option<i128> {
    match &e.kind {
        ExprKind::Int(n) => Some(*n),
        ExprKind::Cast(_, x) => literal(x),
        _ => None,
    }
}

/// Halide's bit and arithmetic intrinsics as the printer names them (`bitwise_and`,
/// `shift_right`, `absd`, ...) and the float math of [`math`] (`sqrt_f32`, `lerp`, ...); `None`
/// for any other call. Float math intrinsics outside [`math`]'s table are unsupported, named.
fn intrinsic<D: MathDomain>(
    d: &mut D,
    env: &mut dyn Env<D>,
    name: &str,
    args: &[Expr],
    span: Span,
) -> Option<Result<Val<D>, Stop>> {
    let bits = match name {
        "bitwise_and" => Some(value::Bits::And),
        "bitwise_or" => Some(value::Bits::Or),
        "bitwise_xor" => Some(value::Bits::Xor),
        _ => None,
    };
    if math::lookup(name).is_some() || name == "lerp" {
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            match eval(d, env, a) {
                Ok(v) => vals.push(v),
                Err(e) => return Some(Err(e)),
            }
        }
        if name == "lerp" && vals.len() == 3 {
            return Some(math::lerp(d, vals, span));
        }
        return math::call(d, name, vals, span).or_else(|| {
            Some(unsupported(
                format!("`{name}` with {} arguments", args.len()),
                span,
            ))
        });
    }
    let float_math = math::is_float_math(name);
    let known = bits.is_some()
        || float_math
        || crate::strict::is_strict(name)
        || matches!(
            name,
            "shift_left"
                | "shift_right"
                | "bitwise_not"
                | "absd"
                | "abs"
                | "lerp"
                | "popcount"
                | "count_leading_zeros"
                | "count_trailing_zeros"
                | "mux"
                | "strict_float"
                | "rounding_shift_right"
                | "rounding_shift_left"
                | "widening_add"
                | "widening_sub"
                | "widening_mul"
                | "saturating_add"
                | "saturating_sub"
                | "halving_add"
                | "halving_sub"
                | "rounding_halving_add"
                | "mul_shift_right"
                | "rounding_mul_shift_right"
                | "sorted_avg"
                | "div_round_to_zero"
                | "mod_round_to_zero"
        );
    if !known {
        return None;
    }
    let mut go = || -> Result<Val<D>, Stop> {
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            vals.push(eval(d, env, a)?);
        }
        match (name, &mut vals[..], bits) {
            (_, [a, b], Some(op)) => {
                let (a, b) = (a.clone(), b.clone());
                let (a, b) = coerce_literals(d, &args[0], a, &args[1], b, span)?;
                // A constant operand (a mask) goes second.
                match (literal(&args[0]), literal(&args[1])) {
                    (Some(c), None) => value::bitwise(d, op, b, a, Some(c), span),
                    (_, c) => value::bitwise(d, op, a, b, c, span),
                }
            }
            ("bitwise_not", [a], _) => value::bitwise_not(d, a.clone(), span),
            ("shift_left" | "shift_right", [a, _], _) => match literal(&args[1]) {
                Some(k) if (-64..=64).contains(&k) => {
                    let k = if name == "shift_left" { k } else { -k };
                    value::shift(d, a.clone(), k, span)
                }
                _ => unsupported(
                    format!("`{name}` by an amount that is not a constant"),
                    span,
                ),
            },
            ("absd", [a, b], _) => {
                let (a, b) = (a.clone(), b.clone());
                let (a, b) = coerce_literals(d, &args[0], a, &args[1], b, span)?;
                value::absd(d, a, b, span)
            }
            ("mux", [_, _, ..], _) => mux(d, args, vals.clone(), span),
            (n, [a, b], _) if crate::strict::is_strict(n) => {
                let (a, b) = (a.clone(), b.clone());
                let (a, b) = coerce_literals(d, &args[0], a, &args[1], b, span)?;
                crate::strict::call(d, n, a, b, span)
            }
            (n, [a, b], _) if crate::intrin::is_intrinsic(n) => {
                let (a, b) = (a.clone(), b.clone());
                let (a, b) = if n.starts_with("rounding_shift") {
                    (a, b)
                } else {
                    coerce_literals(d, &args[0], a, &args[1], b, span)?
                };
                crate::intrin::call(d, n, a, b, literal(&args[1]), span)
            }
            ("abs", [a], _) => {
                let z = match a {
                    Val::Int(_, t) => value::int_lit(d, *t, 0),
                    _ => value::float_lit(d, a.ty(), 0, 1),
                };
                value::absd(d, a.clone(), z, span)
            }
            _ => unsupported(
                format!(
                    "Halide's intrinsic `{name}` with {} arguments (not modelled{})",
                    args.len(),
                    if float_math {
                        ": float math beyond + - * / min max and the intrinsics `sqrt`, `exp`, `log`, `pow`, `floor`, `ceil`, `round`, `trunc`, `sin`, `cos`, `tanh`, `lerp`"
                    } else {
                        ""
                    }
                ),
                span,
            ),
        }
    };
    Some(go())
}

/// Halide's `mux(id, v0, ..., vn)`: `v_id`, and the last value when `id` is out of range
/// (`Halide.h`: "as with the select equivalent, if the index is out of range, the expression
/// evaluates to the last value"), as the select chain `lower_mux` makes of it.
fn mux<D: MathDomain>(
    d: &mut D,
    args: &[Expr],
    vals: Vec<Val<D>>,
    span: Span,
) -> Result<Val<D>, Stop> {
    let id = match &vals[0] {
        Val::Int(k, _) => k.clone(),
        Val::Bool(b) => {
            let (one, zero) = (d.lit_i(1), d.lit_i(0));
            d.ite_i(b, &one, &zero)
        }
        other => return unsupported(format!("`mux` with an index of type {}", other.ty()), span),
    };
    let n = vals.len() - 1;
    let mut acc = vals[n].clone();
    for i in (0..n - 1).rev() {
        let lit = d.lit_i(i as i128);
        let c = d.eq_i(&id, &lit);
        let (a, b) = coerce_literals(d, &args[i + 1], vals[i + 1].clone(), &args[n], acc, span)?;
        acc = value::select(d, &c, a, b, span)?;
    }
    Ok(acc)
}

/// An index `e % F` (`F` a positive literal): `e` and `F`. Storage folding prints a folded
/// index so, but so may the algorithm: only [`Env::fold`] tells them apart.
pub fn modulo(e: &Expr) -> Option<(&Expr, i128)> {
    match &e.kind {
        ExprKind::Bin(BinOp::Mod, a, b) => match b.kind {
            ExprKind::Int(n) if n > 0 => Some((a, n)),
            _ => None,
        },
        _ => None,
    }
}

/// The fold factors of `func`'s storage in a `realize func(bounds) { body }`: dimension `k`
/// is folded by `F` when its extent is the literal `F` and every provide of `func` in `body`
/// (there is at least one) stores at an index `e % F` there. Halide folds only realized
/// Funcs, and prints both the stores and the loads of a folded dimension so; an algorithm's
/// own `% F` (in a Func's value, or an index the provide does not fold) stays the algorithm's.
pub fn fold_factors(func: &str, bounds: &[(Expr, Expr)], body: &[Stmt]) -> Vec<Option<i128>> {
    fn provides<'a>(func: &str, body: &'a [Stmt], out: &mut Vec<&'a [Expr]>) {
        for s in body {
            match &s.kind {
                StmtKind::Provide { func: f, args, .. } if f == func => out.push(args),
                StmtKind::For { body, .. }
                | StmtKind::Realize { body, .. }
                | StmtKind::Produce(_, body)
                | StmtKind::Consume(_, body)
                | StmtKind::Block(_, body) => provides(func, body, out),
                StmtKind::If(_, x, y) | StmtKind::Fork { a: x, b: y, .. } => {
                    provides(func, x, out);
                    provides(func, y, out);
                }
                _ => {}
            }
        }
    }
    let mut ps = Vec::new();
    provides(func, body, &mut ps);
    bounds
        .iter()
        .enumerate()
        .map(|(k, (_, extent))| match extent.kind {
            ExprKind::Int(f) if f > 0 && !ps.is_empty() => ps
                .iter()
                .all(|args| args.get(k).and_then(modulo).is_some_and(|(_, g)| g == f))
                .then_some(f),
            _ => None,
        })
        .collect()
}

/// An index's cell and point: for an index `e % F` of a dimension folded by `F`, `e % F` and
/// `e`; else both the index's value. Storage folding reuses one cell for the points `e` that
/// agree modulo `F`.
pub fn index<D: MathDomain>(
    d: &mut D,
    env: &mut dyn Env<D>,
    e: &Expr,
    fold: Option<i128>,
) -> Result<(Val<D>, Val<D>), Stop> {
    let folded = match (&e.kind, modulo(e)) {
        (ExprKind::Bin(_, a, b), Some((_, f))) if Some(f) == fold => Some((&**a, &**b)),
        _ => None,
    };
    match folded {
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

pub fn eval<D: MathDomain>(d: &mut D, env: &mut dyn Env<D>, e: &Expr) -> Result<Val<D>, Stop> {
    match &e.kind {
        ExprKind::Int(n) => Ok(value::int_lit(d, Type::Int(32), *n)),
        ExprKind::Float(n, den, _) => Ok(value::float_lit(d, Type::Float(32), *n, *den)),
        ExprKind::Var(name) => env.var(d, name, e.span),
        ExprKind::Opaque(_) => Ok(Val::Opaque),
        ExprKind::Load(name, index) => {
            let i = eval(d, env, index)?;
            env.load(d, name, i, e.span)
        }
        ExprKind::Call(name, args) => {
            if let Some(v) = runtime_call(d, name) {
                return Ok(v);
            }
            if let Some(r) = intrinsic(d, env, name, args, e.span) {
                return r;
            }
            let mut cells = Vec::with_capacity(args.len());
            let mut point = Vec::with_capacity(args.len());
            for (k, a) in args.iter().enumerate() {
                let fold = env.fold(name, k);
                let (c, p) = index(d, env, a, fold)?;
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
                (ExprKind::Float(n, den, _), t) if t.is_float() => {
                    Ok(value::float_lit(d, *t, *n, *den))
                }
                (ExprKind::Call(name, args), t) if name == "saturating_cast" && args.len() == 1 => {
                    let v = eval(d, env, &args[0])?;
                    value::saturating_cast(d, *t, v, e.span)
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
fn coerce_literals<D: MathDomain>(
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
