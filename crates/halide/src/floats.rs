//! Float constants as Halide means them, resolved once before either file is evaluated.
//!
//! Floats are real numbers in this checker (Halide's simplifier itself rewrites float
//! arithmetic as if over the reals: it reassociates and factors, unless `strict_float`), but
//! a float *constant* is the IEEE value Halide holds, and two facts about constants are
//! IEEE-exact:
//!
//! - Halide's simplifier rewrites a float division by a constant into a multiplication by its
//!   reciprocal, folded in double and rounded to the type (`Simplify_Div.cpp`:
//!   `x / c0 -> x * fold(1 / c0)` for a float type). So the algorithm's `e / c` is here
//!   `e * fl32(1 / c)`, named in the verdict.
//! - Halide's printer writes a float32 constant with 6 decimals (`std::fixed`; scientific
//!   with 6 decimals below about 1e-5), a lossy rendering: `0.333333f` is any of the 34
//!   float32 values in `[0.3333325, 0.3333335]`. A statement literal is taken as the float32
//!   constant of the algorithm (a literal or a rounded reciprocal) that prints as this text
//!   when there is one, else as the float32 nearest to its decimal; when other float32 values
//!   print the same, the verdict says which was assumed, and a value difference is a
//!   refutation only when it is far larger than that uncertainty ([`Floats::gap`]).
//!
//! Every literal becomes the exact rational of its IEEE value (`ExprKind::Float(n, d, _)`):
//! `eval` needs no change. The IEEE values (rounding a rational or a double to the type, a
//! value's neighbours) are the workspace's one float semantics, `ieee754`.

use crate::spec::Spec;
use crate::stmt::{Stmt, StmtKind};
use crate::syntax::{BinOp, Expr, ExprKind, Type};
use ieee754::Format;
use report::Span;
use std::collections::HashMap;

/// The two files with their float constants resolved, and what was assumed.
pub struct Floats {
    pub spec: Spec,
    pub stmt: Vec<Stmt>,
    /// What the verdict must name (empty when nothing was assumed).
    pub notes: Vec<String>,
    /// The smallest relative difference, at a replayed point, that makes a float value
    /// difference a refutation: far above the rounding of constant folding and the printed
    /// uncertainty of any statement literal taken as an assumed value.
    pub gap: f64,
}

/// The smallest gap: relative differences below it may be the rounding of Halide's constant
/// folding (each fold rounds to float32, 2^-24 relative), never a refutation.
const MIN_GAP: f64 = 1.0 / 65536.0;

/// An IEEE value of width 32 or 64 (as a double, which holds every float32 exactly).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Ieee {
    v: f64,
    bits: u8,
}

/// The IEEE format of a float width (32 or 64).
fn format(bits: u8) -> Option<Format> {
    match bits {
        32 => Some(Format::F32),
        64 => Some(Format::F64),
        _ => None,
    }
}

/// The float nearest to the rational `n / den` at `bits` (`ieee754`'s correct rounding).
fn nearest(n: i128, den: i128, bits: u8) -> Option<Ieee> {
    let f = format(bits)?;
    if den == 0 {
        return None;
    }
    let v = f.to_f64(f.from_rational(n, den));
    v.is_finite().then_some(Ieee { v, bits })
}

/// The exact rational `(num, den)` of a finite double, when it fits in `i128`.
fn exact(v: f64) -> Option<(i128, i128)> {
    if v == 0.0 {
        return Some((0, 1));
    }
    let b = v.to_bits();
    let sign: i128 = if b >> 63 == 1 { -1 } else { 1 };
    let e = ((b >> 52) & 0x7ff) as i32;
    let frac = (b & ((1u64 << 52) - 1)) as i128;
    let (mut m, mut e) = if e == 0 {
        (frac, -1074)
    } else {
        (frac | (1i128 << 52), e - 1075)
    };
    while m % 2 == 0 && e < 0 {
        m /= 2;
        e += 1;
    }
    if e >= 0 {
        let p = 1i128.checked_shl(e as u32).filter(|_| e < 120)?;
        Some((sign * m.checked_mul(p)?, 1))
    } else if -e < 120 {
        Some((sign * m, 1i128 << (-e)))
    } else {
        None
    }
}

/// Does `v` print as the decimal `n / den` (rounded half to even at `den`'s precision)?
fn prints_as(v: f64, n: i128, den: i128) -> bool {
    let Some((p, q)) = exact(v) else {
        return false;
    };
    // round(p * den / q) == n
    let Some(x) = p.checked_mul(den) else {
        return false;
    };
    let (quot, rem) = (x.div_euclid(q), x.rem_euclid(q));
    let twice = rem * 2;
    let r = if twice > q || (twice == q && quot % 2 != 0) {
        quot + 1
    } else {
        quot
    };
    r == n
}

/// The neighbours of a float of width `bits` (towards +inf and -inf: `ieee754`'s nextUp and
/// nextDown).
fn neighbours(x: Ieee) -> [f64; 2] {
    let f = format(x.bits).expect("a float32 or float64");
    let b = f.from_f64(x.v);
    [f.to_f64(f.next_up(b)), f.to_f64(f.next_down(b))]
}

/// How many floats of width `bits` print as `n / den` around `x` (at most 1000 counted).
fn printing_alike(x: Ieee, n: i128, den: i128) -> usize {
    let mut count = 1;
    for dir in 0..2 {
        let mut y = x;
        while count < 1000 {
            y.v = neighbours(y)[dir];
            if !prints_as(y.v, n, den) {
                break;
            }
            count += 1;
        }
    }
    count
}

/// Rounds a double to the float of width `bits` (to nearest even).
fn round(v: f64, bits: u8) -> f64 {
    match format(bits) {
        Some(f) => f.to_f64(f.from_f64(v)),
        None => v,
    }
}

/// Halide's simplifier folds an arithmetic operation on two float constants of one type
/// (`Simplify_Add.cpp` and its siblings: `c0 + c1 -> fold(c0 + c1)`): computed in double and
/// rounded to the type, which for `+ - * /` of two float32 values is their correctly rounded
/// float32 result (double has more than twice float32's precision). The operands (already
/// resolved to their IEEE values, children first) and the folded constant; `None` when the
/// operation is not such a fold (or the result is not finite).
fn fold(op: BinOp, a: &Expr, b: &Expr) -> Option<(Ieee, Ieee, Ieee)> {
    let (ExprKind::Float(n1, d1, w1), ExprKind::Float(n2, d2, w2)) = (&a.kind, &b.kind) else {
        return None;
    };
    if w1 != w2 || !matches!(*w1, 32 | 64) {
        return None;
    }
    let x = *n1 as f64 / *d1 as f64;
    let y = *n2 as f64 / *d2 as f64;
    let v = match op {
        BinOp::Add => x + y,
        BinOp::Sub => x - y,
        BinOp::Mul => x * y,
        BinOp::Div if y != 0.0 => x / y,
        _ => return None,
    };
    let r = Ieee {
        v: round(v, *w1),
        bits: *w1,
    };
    (r.v.is_finite() && exact(r.v).is_some()).then_some((
        Ieee { v: x, bits: *w1 },
        Ieee { v: y, bits: *w1 },
        r,
    ))
}

/// Halide's simplifier folds a product by two float constants (`Simplify_Mul.cpp`: `(x * c0)
/// * c1 -> x * fold(c0 * c1)`, for a float type too), rounding `c0 * c1` to the type: over
/// the reals `x * c0 * c1` is not `x * fl(c0 * c1)`. Rewrites `e` so when it is such a
/// product, recording the fold (named in the verdict) and the constant.
fn fold_product(e: &mut Expr, folds: &mut Vec<String>, constants: &mut Vec<(Ieee, String)>) {
    let ExprKind::Bin(BinOp::Mul, a, c1) = &mut e.kind else {
        return;
    };
    let ExprKind::Bin(BinOp::Mul, x, c0) = &mut a.kind else {
        return;
    };
    if !matches!(c1.kind, ExprKind::Float(..)) || matches!(x.kind, ExprKind::Float(..)) {
        return;
    }
    let Some((p, q, r)) = fold(BinOp::Mul, c0, c1) else {
        return;
    };
    let Some((n, d)) = exact(r.v) else { return };
    folds.push(format!(
        "`(x * {}) * {}` is `x * {}`",
        show(p),
        show(q),
        show(r)
    ));
    constants.push((r, format!("the algorithm's constant {}", show(r))));
    let x = std::mem::replace(
        x,
        Box::new(Expr {
            kind: ExprKind::Int(0),
            span: e.span,
        }),
    );
    let span = c1.span;
    e.kind = ExprKind::Bin(
        BinOp::Mul,
        x,
        Box::new(Expr {
            kind: ExprKind::Float(n, d, r.bits),
            span,
        }),
    );
}

/// Halide's simplifier peels a let's value `x * c` of a constant `c` (`Simplify_Let.cpp`:
/// the body sees `t * c` with `t` bound to `x`), so a product by a constant in the body
/// folds through the let (`fast_exp`'s `(t * c0) / log(2)` is `t * fold(c0 * fl(1 /
/// log(2)))`). `let t = x * c in b` becomes `let t = x in b[t := t * c]`, an exact rewrite,
/// then the body's products by constants fold ([`fold_product`]).
fn peel_let_product(e: &mut Expr, folds: &mut Vec<String>, constants: &mut Vec<(Ieee, String)>) {
    let ExprKind::Let(name, value, body) = &mut e.kind else {
        return;
    };
    let ExprKind::Bin(BinOp::Mul, x, c) = &mut value.kind else {
        return;
    };
    if !matches!(c.kind, ExprKind::Float(..)) || matches!(x.kind, ExprKind::Float(..)) {
        return;
    }
    let c = (**c).clone();
    let x = std::mem::replace(
        x,
        Box::new(Expr {
            kind: ExprKind::Int(0),
            span: value.span,
        }),
    );
    **value = *x;
    let mut changed = false;
    scale_var(body, name, &c, &mut changed);
    if changed {
        map_expr(body, &mut |e: &mut Expr| fold_product(e, folds, constants));
    }
}

/// Halide inlines a Func the statement does not store before it simplifies, so a product by
/// a constant of such a Func whose value is a product by a constant folds too
/// (local_laplacian's `gray = 0.299f * floating(x, y, 0) + ...`, `floating` being `input *
/// fl(1/65535)`, is `input * fold(fl(1/65535) * 0.299f)`): the call is inlined (an exact
/// rewrite), the constant put on the right as Halide puts it, and the product folded
/// ([`fold_product`]). Only Funcs with a pure definition and no `let`.
fn fold_inlined_products(
    spec: &mut Spec,
    stmt: &[Stmt],
    folds: &mut Vec<String>,
    constants: &mut Vec<(Ieee, String)>,
) {
    let mut stored = Vec::new();
    crate::check::funcs_stored(stmt, &mut stored);
    let scaled = |e: &Expr| match &e.kind {
        ExprKind::Bin(BinOp::Mul, x, c) => {
            let mut has_let = false;
            let mut x = (**x).clone();
            map_expr(&mut x, &mut |y: &mut Expr| {
                has_let |= matches!(y.kind, ExprKind::Let(..))
            });
            matches!(c.kind, ExprKind::Float(..)) && !has_let
        }
        _ => false,
    };
    let inlined: HashMap<String, (Vec<String>, Type, Expr)> = spec
        .funcs
        .iter()
        .filter(|f| f.updates.is_empty() && f.tuple.is_none() && !stored.contains(&f.name))
        .filter(|f| f.name != spec.output && scaled(&f.value))
        .map(|f| (f.name.clone(), (f.vars.clone(), f.ty, f.value.clone())))
        .collect();
    if inlined.is_empty() {
        return;
    }
    let mut rewrite = |e: &mut Expr| {
        let ExprKind::Bin(BinOp::Mul, a, b) = &e.kind else {
            return;
        };
        let (call, c1) = match (&a.kind, &b.kind) {
            (_, ExprKind::Float(..)) => (a, b),
            (ExprKind::Float(..), _) => (b, a),
            _ => return,
        };
        let call = match &call.kind {
            ExprKind::Cast(ty, x) => match &x.kind {
                ExprKind::Call(name, _) if inlined.get(name).is_some_and(|f| f.1 == *ty) => x,
                _ => return,
            },
            _ => call,
        };
        let ExprKind::Call(name, args) = &call.kind else {
            return;
        };
        let Some((vars, _, value)) = inlined.get(name) else {
            return;
        };
        if vars.len() != args.len() {
            return;
        }
        let bound: HashMap<&str, &Expr> = vars.iter().map(|v| v.as_str()).zip(args).collect();
        let mut body = value.clone();
        map_expr(&mut body, &mut |y: &mut Expr| {
            if let ExprKind::Var(v) = &y.kind {
                if let Some(r) = bound.get(v.as_str()) {
                    *y = (*r).clone();
                }
            }
        });
        let c1 = (**c1).clone();
        e.kind = ExprKind::Bin(BinOp::Mul, Box::new(body), Box::new(c1));
        fold_product(e, folds, constants);
    };
    for f in &mut spec.funcs {
        map_expr(&mut f.value, &mut rewrite);
        for u in &mut f.updates {
            map_expr(&mut u.value, &mut rewrite);
        }
    }
}

/// Replaces each free occurrence of the variable `name` in `e` by `name * c`.
fn scale_var(e: &mut Expr, name: &str, c: &Expr, changed: &mut bool) {
    match &mut e.kind {
        ExprKind::Var(v) if v == name => {
            let var = e.clone();
            e.kind = ExprKind::Bin(BinOp::Mul, Box::new(var), Box::new(c.clone()));
            *changed = true;
        }
        ExprKind::Int(_) | ExprKind::Float(..) | ExprKind::Var(_) | ExprKind::Opaque(_) => {}
        ExprKind::Call(_, args) => args.iter_mut().for_each(|a| scale_var(a, name, c, changed)),
        ExprKind::Cast(_, x) | ExprKind::Not(x) | ExprKind::Neg(x) | ExprKind::Load(_, x) => {
            scale_var(x, name, c, changed)
        }
        ExprKind::Bin(_, a, b) => {
            scale_var(a, name, c, changed);
            scale_var(b, name, c, changed);
        }
        ExprKind::Let(v, a, b) => {
            scale_var(a, name, c, changed);
            // A let of the same name hides the outer one in its body.
            if v != name {
                scale_var(b, name, c, changed);
            }
        }
        ExprKind::Select(a, b, x) => {
            scale_var(a, name, c, changed);
            scale_var(b, name, c, changed);
            scale_var(x, name, c, changed);
        }
    }
}

/// Integer constant arithmetic (`1023 - (0 + 25)`), as Halide's simplifier folds it, while
/// the result stays within int32 (an untyped literal takes its operand's type: no wrap).
fn fold_int(op: BinOp, a: &Expr, b: &Expr) -> Option<i128> {
    let (ExprKind::Int(x), ExprKind::Int(y)) = (&a.kind, &b.kind) else {
        return None;
    };
    let v = match op {
        BinOp::Add => x.checked_add(*y)?,
        BinOp::Sub => x.checked_sub(*y)?,
        BinOp::Mul => x.checked_mul(*y)?,
        _ => return None,
    };
    (i32::MIN as i128..=i32::MAX as i128)
        .contains(&v)
        .then_some(v)
}

/// `floatW(c)` of an integer constant the float holds exactly, or of a float constant of that
/// width: the constant.
fn cast_const(w: u8, x: &Expr) -> Option<ExprKind> {
    match x.kind {
        ExprKind::Int(i) => {
            let v = nearest(i, 1, w)?;
            (exact(v.v) == Some((i, 1))).then_some(ExprKind::Float(i, 1, w))
        }
        ExprKind::Float(n, d, bits) if bits == w => Some(ExprKind::Float(n, d, bits)),
        _ => None,
    }
}

/// Halide's simplifier folds a float32 math intrinsic of constants (`Simplify_Call.cpp`:
/// `pow_f32(2.0f, 0.5f)` is `make_const(Float(32), std::pow(2.0, 0.5))`, the double result
/// rounded to float32). Folded here the same way, only when the double result is far from a
/// float32 rounding boundary (a last-bit difference between two C libraries cannot change
/// the float32). The folded value and the call as text.
fn fold_call(name: &str, args: &[Expr]) -> Option<(Ieee, String)> {
    use crate::math::{lookup, MathFn};
    let (f, ty) = lookup(name)?;
    if ty != Some(crate::syntax::Type::Float(32)) {
        return None;
    }
    let mut xs = Vec::new();
    for a in args {
        let ExprKind::Float(n, d, 32) = a.kind else {
            return None;
        };
        xs.push(Ieee {
            v: n as f64 / d as f64,
            bits: 32,
        });
    }
    let v = match (f, &xs[..]) {
        (MathFn::Sqrt, [x]) => x.v.sqrt(),
        (MathFn::Exp, [x]) => x.v.exp(),
        (MathFn::Log, [x]) => x.v.ln(),
        (MathFn::Pow, [x, y]) => x.v.powf(y.v),
        _ => return None,
    };
    let r = round(v, 32);
    let margin = v.abs() * f64::EPSILON * 16.0;
    let stable = round(v - margin, 32) == r && round(v + margin, 32) == r;
    if !r.is_finite() || !stable || exact(r).is_none() {
        return None;
    }
    let shown: Vec<String> = xs.iter().map(|x| show(*x)).collect();
    Some((
        Ieee { v: r, bits: 32 },
        format!("{name}({})", shown.join(", ")),
    ))
}

/// An operator as the files print it.
fn op_text(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mul => "*",
        _ => "/",
    }
}

/// The shortest decimal that reads back as the float (Rust's `Debug`), with its width.
fn show(x: Ieee) -> String {
    if x.bits == 32 {
        format!("{:?}f", x.v as f32)
    } else {
        format!("{:?}", x.v)
    }
}

/// Resolves the float constants of both files (see the module documentation). With
/// `exact_literals`
/// (the statement's header says `# floats: exact`: an exporter that printed every constant
/// as the shortest decimal that reads as its float, `tools/halide_export.py`), each statement
/// literal is the float nearest to its decimal and nothing is assumed; else a literal is read
/// as Halide's 6-decimal print. An error names a constant the checker cannot hold exactly (a
/// float16 constant, or one beyond `i128`'s rationals) and where.
pub fn resolve(
    spec: &Spec,
    stmt: &[Stmt],
    exact_literals: bool,
    loc: &dyn Fn(Span) -> String,
) -> Result<Floats, (String, Span)> {
    let mut spec = spec.clone();
    let mut notes = Vec::new();
    // The algorithm: each literal its IEEE value; `e / c` is `e * fl(1 / c)`.
    let mut algo = AlgoConstants::default();
    let mut visit = |e: &mut Expr| algo.visit(e);
    for f in &mut spec.funcs {
        map_expr(&mut f.value, &mut visit);
        for u in &mut f.updates {
            u.args.iter_mut().for_each(|a| map_expr(a, &mut visit));
            map_expr(&mut u.value, &mut visit);
        }
    }
    for r in &mut spec.rdoms {
        map_expr(&mut r.min, &mut visit);
        map_expr(&mut r.end, &mut visit);
    }
    let AlgoConstants {
        mut constants,
        mut folds,
        mut reciprocals,
        err,
    } = algo;
    if let Some(e) = err {
        return Err(e);
    }
    fold_inlined_products(&mut spec, stmt, &mut folds, &mut constants);
    if !folds.is_empty() {
        unique(&mut folds);
        notes.push(format!(
            "the algorithm's constant float arithmetic is folded in its float type, as Halide's simplifier folds it before the statement ({})",
            folds.join(", ")
        ));
    }
    if !reciprocals.is_empty() {
        unique(&mut reciprocals);
        notes.push(format!(
            "float division by a constant is multiplication by its rounded reciprocal, as Halide's simplifier lowers it ({})",
            reciprocals.join(", ")
        ));
    }
    // The statement: each literal the algorithm's constant that prints so, else the nearest.
    let mut lits = Literals {
        constants: &constants,
        exact_literals,
        loc,
        gap: MIN_GAP,
        taken: Vec::new(),
        err: None,
    };
    let mut stmt = stmt.to_vec();
    for s in &mut stmt {
        map_stmt(s, &mut |e: &mut Expr| lits.visit(e));
    }
    if let Some(e) = lits.err {
        return Err(e);
    }
    for (note, at) in lits.taken {
        let more = if at.len() > 3 {
            format!(" and {} more", at.len() - 3)
        } else {
            String::new()
        };
        notes.push(format!(
            "{note}: at {}{more}",
            at[..at.len().min(3)].join(", ")
        ));
    }
    Ok(Floats {
        spec,
        stmt,
        notes,
        gap: lits.gap,
    })
}

/// The algorithm's float constants as [`resolve`] reads them, one expression at a time
/// (post-order): each constant with what it is, and the folds and rounded reciprocals made
/// (for the notes).
#[derive(Default)]
struct AlgoConstants {
    constants: Vec<(Ieee, String)>,
    folds: Vec<String>,
    reciprocals: Vec<String>,
    /// The first constant the checker cannot hold exactly, and where.
    err: Option<(String, Span)>,
}

impl AlgoConstants {
    /// Resolves expression `e` of the algorithm (its operands are resolved already): a
    /// literal its IEEE value, constant arithmetic folded as Halide folds it, a division by
    /// a constant the product with its rounded reciprocal.
    fn visit(&mut self, e: &mut Expr) {
        if self.err.is_some() {
            return;
        }
        let (folds, constants) = (&mut self.folds, &mut self.constants);
        match &mut e.kind {
            ExprKind::Float(n, den, bits) => match nearest(*n, *den, *bits) {
                Some(x) => {
                    constants.push((x, format!("the algorithm's constant {}", show(x))));
                    let (p, q) = exact(x.v).expect("a float32 or float64 fits");
                    *n = p;
                    *den = q;
                }
                None => {
                    self.err = Some((
                        format!(
                            "the float constant `{}` (float{bits})",
                            *n as f64 / *den as f64
                        ),
                        e.span,
                    ))
                }
            },
            ExprKind::Bin(op, a, b) if fold_int(*op, a, b).is_some() => {
                e.kind = ExprKind::Int(fold_int(*op, a, b).expect("checked"));
            }
            ExprKind::Cast(Type::Float(w), x) if cast_const(*w, x).is_some() => {
                e.kind = cast_const(*w, x).expect("checked");
            }
            ExprKind::Call(name, args) if fold_call(name, args).is_some() => {
                let (r, text) = fold_call(name, args).expect("checked");
                let (p, q) = exact(r.v).expect("a float32 fits");
                folds.push(format!("`{text}` is `{}`", show(r)));
                constants.push((r, format!("the algorithm's constant {}", show(r))));
                e.kind = ExprKind::Float(p, q, r.bits);
            }
            ExprKind::Bin(op, a, b) if fold(*op, a, b).is_some() => {
                let (x, y, r) = fold(*op, a, b).expect("checked");
                let (p, q) = exact(r.v).expect("a float32 or float64 fits");
                folds.push(format!(
                    "`{} {} {}` is `{}`",
                    show(x),
                    op_text(*op),
                    show(y),
                    show(r)
                ));
                constants.push((r, format!("the algorithm's constant {}", show(r))));
                e.kind = ExprKind::Float(p, q, r.bits);
            }
            ExprKind::Bin(BinOp::Div, ..) => self.reciprocal(e),
            ExprKind::Bin(BinOp::Mul, ..) => fold_product(e, folds, constants),
            ExprKind::Let(..) => peel_let_product(e, folds, constants),
            _ => {}
        }
    }

    /// `a / c` for a float constant `c`: `a * fl(1 / c)`, the product then folded.
    fn reciprocal(&mut self, e: &mut Expr) {
        let ExprKind::Bin(BinOp::Div, a, b) = &mut e.kind else {
            return;
        };
        let ExprKind::Float(n, den, bits) = b.kind else {
            return;
        };
        // Already resolved (post-order): `n / den` is the divisor's IEEE value.
        let c = n as f64 / den as f64;
        let Some(r) = nearest(den, n, bits).filter(|_| c != 0.0) else {
            return;
        };
        // `fl(1 / c)`, correctly rounded: what Halide's fold of `1 / c` in double then
        // rounded to the type gives for a float32 or float64 `c` (double has more than twice
        // float32's precision).
        let Some((p, q)) = exact(r.v) else {
            return;
        };
        self.reciprocals.push(format!(
            "`/{}` is `*{}`",
            show(Ieee { v: c, bits }),
            show(r)
        ));
        self.constants.push((
            r,
            format!(
                "the rounded reciprocal of the algorithm's {}",
                show(Ieee { v: c, bits })
            ),
        ));
        let a = std::mem::replace(
            a,
            Box::new(Expr {
                kind: ExprKind::Int(0),
                span: e.span,
            }),
        );
        e.kind = ExprKind::Bin(
            BinOp::Mul,
            a,
            Box::new(Expr {
                kind: ExprKind::Float(p, q, bits),
                span: b.span,
            }),
        );
        fold_product(e, &mut self.folds, &mut self.constants);
    }
}

/// The statement's float literals as [`resolve`] reads them: each the algorithm's constant
/// that prints so, else the float nearest to it.
struct Literals<'a> {
    /// The algorithm's constants, each with what it is.
    constants: &'a [(Ieee, String)],
    exact_literals: bool,
    loc: &'a dyn Fn(Span) -> String,
    /// How far a float output may differ from the algorithm's ([`Floats::gap`]).
    gap: f64,
    /// (what the literal is taken as, where): one note per literal text.
    taken: Vec<(String, Vec<String>)>,
    /// The first literal the checker cannot hold exactly, and where.
    err: Option<(String, Span)>,
}

impl Literals<'_> {
    /// Resolves `e` where it is a float literal.
    fn visit(&mut self, e: &mut Expr) {
        let ExprKind::Float(n, den, bits) = e.kind else {
            return;
        };
        if self.err.is_some() {
            return;
        }
        let Some(near) = nearest(n, den, bits) else {
            self.err = Some((
                format!(
                    "the float constant `{}` (float{bits})",
                    n as f64 / den as f64
                ),
                e.span,
            ));
            return;
        };
        // The literal as the file prints it (6 decimals, or scientific for tiny values).
        let digits = den.checked_ilog10().unwrap_or(0) as usize;
        let value = n as f64 / den as f64;
        let suffix = if bits == 32 { "f" } else { "" };
        let text = if digits <= 9 {
            format!("`{value:.digits$}{suffix}`")
        } else {
            format!("`{value:e}{suffix}`")
        };
        let exact_literals = self.exact_literals;
        let matched = self
            .constants
            .iter()
            .find(|(c, _)| !exact_literals && c.bits == bits && prints_as(c.v, n, den));
        let chosen = match matched {
            Some((c, what)) => {
                if c.v != near.v {
                    let note = format!(
                        "the statement's constant {text} is taken as {} ({what}), which prints so",
                        show(*c)
                    );
                    note_at(&mut self.taken, note, (self.loc)(e.span));
                }
                *c
            }
            None => {
                // A decimal that is itself a float is taken as that float, silently (the
                // documented reading); any other is named.
                let decimal_is_float = exact(near.v) == Some(reduced(n, den));
                let alike = printing_alike(near, n, den);
                if alike > 1 && !decimal_is_float && !exact_literals {
                    let note = format!(
                        "the statement's constant {text} is taken as the float nearest to it, {} ({alike} floats print so)",
                        show(near)
                    );
                    note_at(&mut self.taken, note, (self.loc)(e.span));
                    let rel = 0.5 / den as f64 / near.v.abs();
                    self.gap = self.gap.max(64.0 * rel);
                }
                near
            }
        };
        let (p, q) = exact(chosen.v).expect("a float32 or float64 fits");
        e.kind = ExprKind::Float(p, q, bits);
    }
}

/// Keeps the first of each equal text, in order.
fn unique(texts: &mut Vec<String>) {
    let mut seen = std::collections::BTreeSet::new();
    texts.retain(|t| seen.insert(t.clone()));
}

fn note_at(taken: &mut Vec<(String, Vec<String>)>, note: String, at: String) {
    match taken.iter_mut().find(|(n, _)| *n == note) {
        Some((_, v)) => v.push(at),
        None => taken.push((note, vec![at])),
    }
}

/// `n / den` in lowest terms.
fn reduced(n: i128, den: i128) -> (i128, i128) {
    let (mut a, mut b) = (n.unsigned_abs(), den.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    let g = a.max(1) as i128;
    (n / g, den / g)
}

/// Applies `f` to every subexpression of `e`, children first.
fn map_expr(e: &mut Expr, f: &mut dyn FnMut(&mut Expr)) {
    match &mut e.kind {
        ExprKind::Int(_) | ExprKind::Float(..) | ExprKind::Var(_) | ExprKind::Opaque(_) => {}
        ExprKind::Call(_, args) => args.iter_mut().for_each(|a| map_expr(a, f)),
        ExprKind::Cast(_, x) | ExprKind::Not(x) | ExprKind::Neg(x) | ExprKind::Load(_, x) => {
            map_expr(x, f)
        }
        ExprKind::Bin(_, a, b) | ExprKind::Let(_, a, b) => {
            map_expr(a, f);
            map_expr(b, f);
        }
        ExprKind::Select(a, b, c) => {
            map_expr(a, f);
            map_expr(b, f);
            map_expr(c, f);
        }
    }
    f(e);
}

/// Applies `f` to every expression of a statement.
fn map_stmt(s: &mut Stmt, f: &mut dyn FnMut(&mut Expr)) {
    match &mut s.kind {
        StmtKind::Let(_, e) | StmtKind::Assert(e) | StmtKind::Eval(e) => map_expr(e, f),
        StmtKind::For {
            min, extent, body, ..
        } => {
            map_expr(min, f);
            map_expr(extent, f);
            body.iter_mut().for_each(|s| map_stmt(s, f));
        }
        StmtKind::If(c, a, b) => {
            map_expr(c, f);
            a.iter_mut()
                .chain(b.iter_mut())
                .for_each(|s| map_stmt(s, f));
        }
        StmtKind::Realize {
            bounds, cond, body, ..
        } => {
            for (m, x) in bounds {
                map_expr(m, f);
                map_expr(x, f);
            }
            if let Some(c) = cond {
                map_expr(c, f);
            }
            body.iter_mut().for_each(|s| map_stmt(s, f));
        }
        StmtKind::Produce(_, body) | StmtKind::Consume(_, body) | StmtKind::Block(_, body) => {
            body.iter_mut().for_each(|s| map_stmt(s, f))
        }
        StmtKind::Provide { args, value, .. } => {
            args.iter_mut().for_each(|a| map_expr(a, f));
            map_expr(value, f);
        }
        StmtKind::Fork { a, b, .. } => a
            .iter_mut()
            .chain(b.iter_mut())
            .for_each(|s| map_stmt(s, f)),
        StmtKind::Allocate { extent, .. } => map_expr(extent, f),
        StmtKind::Store { index, value, .. } => {
            map_expr(index, f);
            map_expr(value, f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Halide prints fl32(1/3) as `0.333333f`, which is not the float nearest to 0.333333;
    /// the printed text stands for 34 float32 values.
    #[test]
    fn a_printed_reciprocal_is_matched_not_rounded() {
        let third = (1.0f64 / 3.0) as f32 as f64;
        assert!(prints_as(third, 333333, 1_000_000));
        let near = nearest(333333, 1_000_000, 32).unwrap();
        assert_ne!(near.v, third);
        assert_eq!(printing_alike(near, 333333, 1_000_000), 34);
        assert!(!prints_as(0.33f32 as f64, 333333, 1_000_000));
        // Scientific rendering (`1.000000e-06f`): 7 significant digits.
        assert!(prints_as(1e-6f32 as f64, 1_000_000, 1_000_000_000_000));
        // Negative values round half to even like positive ones.
        assert!(prints_as(-third, -333333, 1_000_000));
        assert_eq!(exact(0.25), Some((1, 4)));
        assert_eq!(exact(third), Some((11184811, 33554432)));
    }

    /// `1.0f - 0.1f` folds to fl32(0.9) (the real difference 1 - fl32(0.1) is not a float32),
    /// and the statement's `0.900000f` is taken as it, silently; `1.0f / 3.0f` folds whole
    /// (not into a reciprocal) and is named.
    #[test]
    fn constant_arithmetic_folds_in_float32() {
        let spec = crate::spec::parse(
            "input input : float32 dims 1\nfunc w(x) : float32 = (((float32)input(x)*(1.000000f - 0.100000f)) + (1.000000f/3.000000f))\noutput w : float32 dims 1\n",
        )
        .unwrap();
        let stmt = crate::stmt::parse("produce w {\n for (w.s0.x, w.min.0, w.extent.0) {\n  w(w.s0.x) = ((float32)input(w.s0.x)*0.900000f) + 0.333333f\n }\n}\n").unwrap();
        let f = resolve(&spec, &stmt, false, &|s| format!("@{}", s.start)).unwrap();
        let fold = &f.notes[0];
        assert!(fold.contains("`1.0f - 0.1f` is `0.9f`"), "{:?}", f.notes);
        assert!(
            fold.contains("`1.0f / 3.0f` is `0.33333334f`"),
            "{:?}",
            f.notes
        );
        assert_ne!(1.0 - 0.1f32 as f64, 0.9f32 as f64);
        let ExprKind::Bin(_, a, _) = &f.spec.funcs[0].value.kind else {
            panic!()
        };
        let ExprKind::Bin(_, _, w) = &a.kind else {
            panic!()
        };
        assert!(
            matches!(w.kind, ExprKind::Float(p, q, 32) if p as f64 / q as f64 == 0.9f32 as f64)
        );
    }

    /// The algorithm's `/3.0f` becomes `*fl32(1/3)`, and the statement's `0.333333f` that
    /// value, named; a decimal that is itself a float is taken silently.
    #[test]
    fn fblur_constants_resolve_to_halides() {
        let spec = crate::spec::parse(
            "input input : float32 dims 1\nfunc by(x) : float32 = (((float32)input(x)*0.250000f)/3.000000f)\noutput by : float32 dims 1\n",
        )
        .unwrap();
        let stmt = crate::stmt::parse("produce by {\n for (by.s0.x, by.min.0, by.extent.0) {\n  by(by.s0.x) = (float32)input(by.s0.x)*0.250000f*0.333333f\n }\n}\n").unwrap();
        let f = resolve(&spec, &stmt, false, &|s| format!("@{}", s.start)).unwrap();
        assert_eq!(f.notes.len(), 3, "{:?}", f.notes);
        // The reciprocal then folds into the product by 0.25 (exactly: a power of two).
        assert!(
            f.notes[0].contains("`(x * 0.25f) * 0.33333334f` is `x * 0.083333336f`"),
            "{:?}",
            f.notes
        );
        assert!(
            f.notes[1].contains("`/3.0f` is `*0.33333334f`"),
            "{:?}",
            f.notes
        );
        assert!(
            f.notes[2].contains("0.333333f` is taken as 0.33333334f"),
            "{:?}",
            f.notes
        );
        assert_eq!(f.gap, MIN_GAP);
    }

    /// `fast_exp`'s `let t = d * K in floor(t / log 2)`: the let is peeled (`t * K` in the
    /// body, `t` bound to `d`) and `(t * K) * fl(1 / log 2)` folds to one constant, rounded
    /// (the real product of the two is not a float32), as the statement has it.
    #[test]
    fn a_product_by_two_constants_folds_through_a_let() {
        let spec = crate::spec::parse(
            "input input : float32 dims 1\nfunc w(x) : float32 = (let t11 = ((float32)input(x)*-1.4172335f) in (float32)floor_f32(t11/0.6931472f) + t11)\noutput w : float32 dims 1\n",
        )
        .unwrap();
        let stmt = crate::stmt::parse(
            "produce w {\n for (w.s0.x, w.min.0, w.extent.0) {\n  w(w.s0.x) = 0.0f\n }\n}\n",
        )
        .unwrap();
        let f = resolve(&spec, &stmt, true, &|s| format!("@{}", s.start)).unwrap();
        assert!(
            f.notes[0].contains("`(x * -1.4172335f) * 1.442695f` is `x * -2.0446358f`"),
            "{:?}",
            f.notes
        );
        let k = -1.4172335f32 as f64 * 1.442695f32 as f64;
        assert_ne!(k, k as f32 as f64);
        // The let binds the input itself now; its other use is `t11 * -1.4172335f`.
        let ExprKind::Let(_, value, body) = &f.spec.funcs[0].value.kind else {
            panic!("{:?}", f.spec.funcs[0].value)
        };
        assert!(
            matches!(value.kind, ExprKind::Cast(..) | ExprKind::Call(..)),
            "{value:?}"
        );
        let ExprKind::Bin(BinOp::Add, floor, scaled) = &body.kind else {
            panic!("{body:?}")
        };
        assert!(
            matches!(&scaled.kind, ExprKind::Bin(BinOp::Mul, ..)),
            "{scaled:?}"
        );
        let text = format!("{floor:?}");
        assert!(!text.contains("Div"), "{text}");
    }

    /// local_laplacian's `gray`: `0.299f * floating(x)` with `floating = input / 65535` not
    /// stored by the statement is inlined and folds to `input * fold(fl(1/65535) * 0.299f)`,
    /// the statement's `0.0000045624474f`; a stored `floating` is left a call.
    #[test]
    fn a_product_by_a_constant_folds_through_an_inlined_func() {
        let spec = crate::spec::parse(
            "input input : uint16 dims 1\nfunc floating(x) : float32 = (float32(input(x))/65535.0f)\nfunc gray(x) : float32 = (0.299f*(float32)floating(x))\noutput gray : float32 dims 1\n",
        )
        .unwrap();
        let inlined = crate::stmt::parse(
            "produce gray {\n for (gray.s0.x, gray.min.0, gray.extent.0) {\n  gray(gray.s0.x) = float32(input(gray.s0.x))*0.0000045624474f\n }\n}\n",
        )
        .unwrap();
        let f = resolve(&spec, &inlined, true, &|s| format!("@{}", s.start)).unwrap();
        let notes = f.notes.join("; ");
        assert!(
            notes.contains("`(x * 1.5259022e-5f) * 0.299f` is `x * 4.5624474e-6f`"),
            "{notes}"
        );
        let text = format!("{:?}", f.spec.funcs[1].value);
        assert!(!text.contains("floating"), "{text}");
        let stored = crate::stmt::parse(
            "produce floating {\n for (floating.s0.x, 0, 4) {\n  floating(floating.s0.x) = 0.0f\n }\n}\nproduce gray {\n for (gray.s0.x, gray.min.0, gray.extent.0) {\n  gray(gray.s0.x) = floating(gray.s0.x)*0.299f\n }\n}\n",
        )
        .unwrap();
        let f = resolve(&spec, &stored, true, &|s| format!("@{}", s.start)).unwrap();
        let text = format!("{:?}", f.spec.funcs[1].value);
        assert!(text.contains("floating"), "{text}");
    }

    /// camera_pipe's curve: `float32(1023 - (0 + 25))` folds to `998.0f` and `1.0f / 998.0f`
    /// to its float32; `pow_f32(2.0f, 0.5f)` to `1.4142135f`. An exact statement's `0.0f`
    /// is 0 (not an algorithm constant that prints as `0.0` at one decimal), nothing named.
    #[test]
    fn integer_casts_and_intrinsics_of_constants_fold() {
        let spec = crate::spec::parse(
            "input input : float32 dims 1\nfunc c(x) : float32 = (((float32)input(x)*(1.0f/float32(1023 - (0 + 25)))) + pow_f32(2.0f, 50.0f/100.0f)) + 0.00027027028f\noutput c : float32 dims 1\n",
        )
        .unwrap();
        let stmt = crate::stmt::parse("produce c {\n for (c.s0.x, c.min.0, c.extent.0) {\n  c(c.s0.x) = ((float32)input(c.s0.x)*0.001002004f) + 1.4144838f + 0.0f\n }\n}\n").unwrap();
        let f = resolve(&spec, &stmt, true, &|s| format!("@{}", s.start)).unwrap();
        let folds = &f.notes[0];
        for want in [
            "`1.0f / 998.0f` is `0.001002004f`",
            "`50.0f / 100.0f` is `0.5f`",
            "`pow_f32(2.0f, 0.5f)` is `1.4142135f`",
        ] {
            assert!(folds.contains(want), "{want}: {:?}", f.notes);
        }
        assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
        let mut zeros = 0;
        let mut count = |e: &mut Expr| {
            zeros += matches!(e.kind, ExprKind::Float(0, _, 32)) as usize;
        };
        map_stmt(&mut f.stmt[0].clone(), &mut count);
        assert_eq!(zeros, 1, "the exact `0.0f` stays 0");
        // Read as Halide's 6-decimal print, the same `0.0f` is the algorithm's constant.
        let g = resolve(&spec, &stmt, false, &|s| format!("@{}", s.start)).unwrap();
        assert!(
            g.notes.iter().any(|n| n.contains("`0.0f` is taken as")),
            "{:?}",
            g.notes
        );
    }
}
