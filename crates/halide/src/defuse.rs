//! Fused loops, split back: `fuse(x, y, t)` prints a loop `for (t, 0, A*B)` whose body reads
//! `t % A` and `t / A` (A and B symbolic extents), which makes every query about it
//! nonlinear. This rewrite, exact for every value of `A` and `B`, gives both the concrete
//! interpreter and the symbolic executor the same program:
//!
//! ```text
//! if (1 <= A && 1 <= B) {
//!   for (t$fused.q, 0, B) { for (t$fused.r, 0, A) {
//!     let t = t$fused.q*A + t$fused.r
//!     body[t % A := t$fused.r, t / A := t$fused.q]
//!   } }
//! } else if (A <= -1 && B <= -1) {
//!   the original loop (a positive product of negative extents)
//! }
//! ```
//!
//! (otherwise `A*B <= 0`: no iteration). With constant extents Halide prints the product
//! folded (`for (t, 0, 120)`, `t % 40`): a literal divisor of the extent read so is `A`. With `A >= 1`, `t = q*A + r` and `0 <= r < A` give
//! `t % A = r` and `t / A = q` (Euclidean), and `(q, r)` in lexicographic order is `t` in
//! increasing order. A parallel or vectorized loop gives two loops of its kind (every pair of
//! distinct iterations stays unordered); a serial or unrolled one, two serial loops.

use crate::stmt::{LoopKind, Stmt, StmtKind};
use crate::syntax::{BinOp, Expr, ExprKind};

pub fn defuse(body: &[Stmt]) -> Vec<Stmt> {
    body.iter().map(stmt).collect()
}

fn stmt(s: &Stmt) -> Stmt {
    let kind = match &s.kind {
        StmtKind::For {
            kind,
            var,
            min,
            extent,
            body,
        } => {
            let body = defuse(body);
            match (&min.kind, &extent.kind) {
                (ExprKind::Int(0), ExprKind::Bin(BinOp::Mul, a, b))
                    if body.iter().any(|s| uses(s, var, a)) =>
                {
                    return split(s, *kind, var, a, b, extent, body);
                }
                (ExprKind::Int(0), ExprKind::Int(n)) if *n >= 1 => {
                    // Constant extents (set by `bound`/`set_bounds`): Halide prints the
                    // product folded, `for (t, 0, 120)` with `t % 40`, `t / 40` in the body.
                    if let Some(a) = body.iter().find_map(|s| constant_divisor(s, var, *n)) {
                        let a_e = e(ExprKind::Int(a), extent);
                        let b_e = e(ExprKind::Int(n / a), extent);
                        return split(s, *kind, var, &a_e, &b_e, extent, body);
                    }
                    StmtKind::For {
                        kind: *kind,
                        var: var.clone(),
                        min: min.clone(),
                        extent: extent.clone(),
                        body,
                    }
                }
                _ => StmtKind::For {
                    kind: *kind,
                    var: var.clone(),
                    min: min.clone(),
                    extent: extent.clone(),
                    body,
                },
            }
        }
        StmtKind::If(c, a, b) => StmtKind::If(c.clone(), defuse(a), defuse(b)),
        StmtKind::Realize {
            func,
            bounds,
            cond,
            body,
        } => StmtKind::Realize {
            func: func.clone(),
            bounds: bounds.clone(),
            cond: cond.clone(),
            body: defuse(body),
        },
        StmtKind::Produce(f, b) => StmtKind::Produce(f.clone(), defuse(b)),
        StmtKind::Consume(f, b) => StmtKind::Consume(f.clone(), defuse(b)),
        StmtKind::Block(n, b) => StmtKind::Block(n.clone(), defuse(b)),
        StmtKind::Fork { a, b, sequential } => StmtKind::Fork {
            a: defuse(a),
            b: defuse(b),
            sequential: *sequential,
        },
        k => k.clone(),
    };
    Stmt { kind, span: s.span }
}

fn e(kind: ExprKind, like: &Expr) -> Expr {
    Expr {
        kind,
        span: like.span,
    }
}

fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
    let span = a.span;
    Expr {
        kind: ExprKind::Bin(op, Box::new(a), Box::new(b)),
        span,
    }
}

fn split(
    orig: &Stmt,
    kind: LoopKind,
    var: &str,
    a: &Expr,
    b: &Expr,
    extent: &Expr,
    body: Vec<Stmt>,
) -> Stmt {
    let q = format!("{var}$fused.q");
    let r = format!("{var}$fused.r");
    let inner_kind = match kind {
        LoopKind::Parallel | LoopKind::Vectorized => kind,
        LoopKind::Serial | LoopKind::Unrolled => LoopKind::Serial,
    };
    let qv = e(ExprKind::Var(q.clone()), a);
    let rv = e(ExprKind::Var(r.clone()), a);
    let mut inner = vec![Stmt {
        kind: StmtKind::Let(
            var.to_string(),
            bin(
                BinOp::Add,
                bin(BinOp::Mul, qv.clone(), a.clone()),
                rv.clone(),
            ),
        ),
        span: orig.span,
    }];
    inner.extend(replace_block(&body, var, a, &qv, &rv));
    let zero = e(ExprKind::Int(0), a);
    let r_loop = Stmt {
        kind: StmtKind::For {
            kind: inner_kind,
            var: r,
            min: zero.clone(),
            extent: a.clone(),
            body: inner,
        },
        span: orig.span,
    };
    let q_loop = Stmt {
        kind: StmtKind::For {
            kind: inner_kind,
            var: q,
            min: zero,
            extent: b.clone(),
            body: vec![r_loop],
        },
        span: orig.span,
    };
    let one = e(ExprKind::Int(1), a);
    let minus_one = e(ExprKind::Int(-1), a);
    let positive = bin(
        BinOp::And,
        bin(BinOp::Le, one.clone(), a.clone()),
        bin(BinOp::Le, one, b.clone()),
    );
    let negative = bin(
        BinOp::And,
        bin(BinOp::Le, a.clone(), minus_one.clone()),
        bin(BinOp::Le, b.clone(), minus_one),
    );
    let original = Stmt {
        kind: StmtKind::For {
            kind,
            var: var.to_string(),
            min: e(ExprKind::Int(0), extent),
            extent: extent.clone(),
            body,
        },
        span: orig.span,
    };
    let neg = Stmt {
        kind: StmtKind::If(negative, vec![original], vec![]),
        span: orig.span,
    };
    Stmt {
        kind: StmtKind::If(positive, vec![q_loop], vec![neg]),
        span: orig.span,
    }
}

/// Structural equality, spans aside.
fn same(x: &Expr, y: &Expr) -> bool {
    use ExprKind::*;
    match (&x.kind, &y.kind) {
        (Int(a), Int(b)) => a == b,
        (Float(a, b, w), Float(c, d, v)) => a == c && b == d && w == v,
        (Var(a), Var(b)) => a == b,
        (Call(f, xs), Call(g, ys)) => {
            f == g && xs.len() == ys.len() && xs.iter().zip(ys).all(|(a, b)| same(a, b))
        }
        (Cast(s, a), Cast(t, b)) => s == t && same(a, b),
        (Bin(o, a, b), Bin(p, c, d)) => o == p && same(a, c) && same(b, d),
        (Not(a), Not(b)) | (Neg(a), Neg(b)) => same(a, b),
        (Select(a, b, c), Select(d, f, g)) => same(a, d) && same(b, f) && same(c, g),
        (Let(n, a, b), Let(m, c, d)) => n == m && same(a, c) && same(b, d),
        _ => false,
    }
}

/// `var % a` or `var / a`: `Some(true)` for `%`.
fn pattern(x: &Expr, var: &str, a: &Expr) -> Option<bool> {
    match &x.kind {
        ExprKind::Bin(op @ (BinOp::Mod | BinOp::Div), v, d)
            if matches!(&v.kind, ExprKind::Var(n) if n == var) && same(d, a) =>
        {
            Some(*op == BinOp::Mod)
        }
        _ => None,
    }
}

fn uses_expr(x: &Expr, var: &str, a: &Expr) -> bool {
    if pattern(x, var, a).is_some() {
        return true;
    }
    let mut found = false;
    children(x, &mut |c| found |= uses_expr(c, var, a));
    found
}

/// A literal `a` with `var % a` or `var / a` in `s` that divides the loop's extent `n`
/// (`1 < a < n`).
fn constant_divisor(s: &Stmt, var: &str, n: i128) -> Option<i128> {
    fn find(x: &Expr, var: &str, n: i128, out: &mut Option<i128>) {
        if out.is_some() {
            return;
        }
        if let ExprKind::Bin(BinOp::Mod | BinOp::Div, v, d) = &x.kind {
            if let (ExprKind::Var(name), ExprKind::Int(a)) = (&v.kind, &d.kind) {
                if name == var && 1 < *a && *a < n && n % a == 0 {
                    *out = Some(*a);
                    return;
                }
            }
        }
        children(x, &mut |c| find(c, var, n, out));
    }
    let mut out = None;
    stmt_exprs(s, &mut |x| find(x, var, n, &mut out));
    out
}

fn uses(s: &Stmt, var: &str, a: &Expr) -> bool {
    let mut found = false;
    stmt_exprs(s, &mut |x| found |= uses_expr(x, var, a));
    found
}

fn children(x: &Expr, f: &mut dyn FnMut(&Expr)) {
    use ExprKind::*;
    match &x.kind {
        Call(_, xs) => xs.iter().for_each(&mut *f),
        Cast(_, a) | Not(a) | Neg(a) | Load(_, a) => f(a),
        Bin(_, a, b) | Let(_, a, b) => {
            f(a);
            f(b)
        }
        Select(a, b, c) => {
            f(a);
            f(b);
            f(c)
        }
        Int(_) | Float(..) | Var(_) | Opaque(_) => {}
    }
}

fn stmt_exprs(s: &Stmt, f: &mut dyn FnMut(&Expr)) {
    match &s.kind {
        StmtKind::Let(_, x) | StmtKind::Assert(x) | StmtKind::Eval(x) => f(x),
        StmtKind::For {
            min, extent, body, ..
        } => {
            f(min);
            f(extent);
            body.iter().for_each(|s| stmt_exprs(s, f));
        }
        StmtKind::If(c, a, b) => {
            f(c);
            a.iter().chain(b).for_each(|s| stmt_exprs(s, f));
        }
        StmtKind::Realize {
            bounds, cond, body, ..
        } => {
            for (m, x) in bounds {
                f(m);
                f(x);
            }
            if let Some(c) = cond {
                f(c);
            }
            body.iter().for_each(|s| stmt_exprs(s, f));
        }
        StmtKind::Produce(_, b) | StmtKind::Consume(_, b) | StmtKind::Block(_, b) => {
            b.iter().for_each(|s| stmt_exprs(s, f))
        }
        StmtKind::Provide { args, value, .. } => {
            args.iter().for_each(&mut *f);
            f(value);
        }
        StmtKind::Fork { a, b, .. } => a.iter().chain(b).for_each(|s| stmt_exprs(s, f)),
        StmtKind::Allocate { extent, .. } => f(extent),
        StmtKind::Store { index, value, .. } => {
            f(index);
            f(value);
        }
    }
}

/// `x` with `var % a` and `var / a` replaced, up to a rebinding of `var` or of a name in `a`.
fn replace(x: &Expr, var: &str, a: &Expr, q: &Expr, r: &Expr) -> Expr {
    use ExprKind::*;
    if let Some(is_mod) = pattern(x, var, a) {
        return if is_mod { r.clone() } else { q.clone() };
    }
    let go = |y: &Expr| Box::new(replace(y, var, a, q, r));
    let kind = match &x.kind {
        Call(n, xs) => Call(
            n.clone(),
            xs.iter().map(|c| replace(c, var, a, q, r)).collect(),
        ),
        Cast(t, y) => Cast(*t, go(y)),
        Not(y) => Not(go(y)),
        Neg(y) => Neg(go(y)),
        Load(n, y) => Load(n.clone(), go(y)),
        Bin(o, y, z) => Bin(*o, go(y), go(z)),
        Select(c, y, z) => Select(go(c), go(y), go(z)),
        Let(n, v, b) => {
            let body = if rebinds(n, var, a) { b.clone() } else { go(b) };
            Let(n.clone(), go(v), body)
        }
        k => k.clone(),
    };
    Expr { kind, span: x.span }
}

/// Binding `name` changes what `var` or `a` mean.
fn rebinds(name: &str, var: &str, a: &Expr) -> bool {
    let mut names = Vec::new();
    crate::syntax::vars_of(a, &mut names);
    name == var || names.iter().any(|n| n == name)
}

fn replace_block(body: &[Stmt], var: &str, a: &Expr, q: &Expr, r: &Expr) -> Vec<Stmt> {
    let mut out = Vec::new();
    for (i, s) in body.iter().enumerate() {
        let rx = |x: &Expr| replace(x, var, a, q, r);
        let rb = |b: &[Stmt]| replace_block(b, var, a, q, r);
        let kind = match &s.kind {
            StmtKind::Let(n, x) => {
                let k = StmtKind::Let(n.clone(), rx(x));
                if rebinds(n, var, a) {
                    out.push(Stmt {
                        kind: k,
                        span: s.span,
                    });
                    out.extend(body[i + 1..].iter().cloned());
                    return out;
                }
                k
            }
            StmtKind::Assert(x) => StmtKind::Assert(rx(x)),
            StmtKind::Eval(x) => StmtKind::Eval(rx(x)),
            StmtKind::For {
                kind,
                var: v,
                min,
                extent,
                body,
            } => StmtKind::For {
                kind: *kind,
                var: v.clone(),
                min: rx(min),
                extent: rx(extent),
                body: if rebinds(v, var, a) {
                    body.clone()
                } else {
                    rb(body)
                },
            },
            StmtKind::If(c, x, y) => StmtKind::If(rx(c), rb(x), rb(y)),
            StmtKind::Realize {
                func,
                bounds,
                cond,
                body,
            } => StmtKind::Realize {
                func: func.clone(),
                bounds: bounds.iter().map(|(m, x)| (rx(m), rx(x))).collect(),
                cond: cond.as_ref().map(rx),
                body: rb(body),
            },
            StmtKind::Produce(f, b) => StmtKind::Produce(f.clone(), rb(b)),
            StmtKind::Consume(f, b) => StmtKind::Consume(f.clone(), rb(b)),
            StmtKind::Block(n, b) => StmtKind::Block(n.clone(), rb(b)),
            StmtKind::Provide { func, args, value } => StmtKind::Provide {
                func: func.clone(),
                args: args.iter().map(rx).collect(),
                value: rx(value),
            },
            StmtKind::Fork {
                a: x,
                b: y,
                sequential,
            } => StmtKind::Fork {
                a: rb(x),
                b: rb(y),
                sequential: *sequential,
            },
            StmtKind::Allocate { name, ty, extent } => StmtKind::Allocate {
                name: name.clone(),
                ty: *ty,
                extent: rx(extent),
            },
            StmtKind::Store { name, index, value } => StmtKind::Store {
                name: name.clone(),
                index: rx(index),
                value: rx(value),
            },
        };
        out.push(Stmt { kind, span: s.span });
    }
    out
}
