//! Online softmax's carried values in a loop over a runtime range (the Liger-Kernel and
//! FlagGems idiom): a *running maximum* and a *rescaled sum*, summarised in closed form.
//!
//! - A running maximum `m`, bound before the loop and written once at the body's top level by
//!   `m = tl.maximum(m, e)` (or `m = m_new` after `m_new = tl.maximum(m, e)`), with `e` a
//!   scalar that reads nothing computed from `m` (reads of `m` after its write see the new
//!   value), holds
//!   `m_t = max(m0, max_{s < t} e(s))` at the start of iteration `t` (a max over the first
//!   `t` iterations: `-inf` when there are none, so `m0` alone) and `m_T` after the loop. This
//!   is the definition of a maximum over a prefix of the iterations, as an accumulator's
//!   `init + Σ_{s<T} g(s)` is of a sum.
//! - A rescaled sum `d`, written once by `d = d * r + g` (either order of the operands), read
//!   nowhere else, where `r` is exactly `exp(m_t - m_{t+1})` (checked on the terms: the
//!   factor by which a sum of `exp(x - m)` changes when `m` grows), is, after the loop,
//!
//!   `d_T = d0 * exp(m0 - m_T) + Σ_{t < T} g(t) * exp(m_{t+1} - m_T)` (the first term
//!   dropped when `d0` is 0)
//!
//!   by unrolling `d_{t+1} = d_t * exp(m_t - m_{t+1}) + g(t)`: the factors between iteration
//!   `t` and the end telescope to `exp(m_{t+1} - m_T)`, which is the law `exp(a + b) =
//!   exp(a) * exp(b)` (with `exp(0) = 1`); the machine records it, and the verdict names it.
//!   With `g(t) = Σ_l exp(x(t, l) - m_{t+1})` (a tile's sum) the sum is one sum over the
//!   row (`crate::atoms`, factors moved into the tile's sum) of `exp(x_j - m_{t+1}) *
//!   exp(m_{t+1} - m_T)`, which the same law makes `exp(x_j - m_T)`: the invariant of the
//!   loop, `d_t = Σ_{j < t*B} exp(x_j - m_t)`, at its end.
//!
//! Anything else carried by the loop stays unsupported (`exec::loops`).

use super::loops::{assigned, expr_names, names};
use super::{Interp, R};
use crate::front::dotted;
use crate::ops::{self, Arith};
use crate::value::{Block, Elem, KVal, LDomain, Ty};
use ruff_python_ast::{self as ast, Expr, Stmt};

/// The law the closed form of a rescaled sum rests on (named in the verdict).
use crate::axioms::EXP_ADD;

/// A running maximum: its writer, the statement with the `tl.maximum`, and the other operand.
#[derive(Clone, Copy)]
pub(super) struct RunMax<'s> {
    pub writer: usize,
    pub at: usize,
    pub e: &'s Expr,
}

/// A rescaled sum `d = d * factor + add`.
#[derive(Clone, Copy)]
pub(super) struct Rescaled<'s> {
    pub writer: usize,
    pub factor: &'s Expr,
    pub add: &'s Expr,
}

fn maximum_of(e: &Expr) -> Option<(&Expr, &Expr)> {
    let Expr::Call(c) = e else { return None };
    let f = dotted(&c.func)?;
    let is_max = matches!(
        f.as_str(),
        "tl.maximum" | "triton.language.maximum" | "tl.math.maximum"
    );
    match (&c.arguments.args[..], &c.arguments.keywords[..]) {
        ([a, b], []) if is_max => Some((a, b)),
        _ => None,
    }
}

fn is_name(e: &Expr, n: &str) -> bool {
    matches!(e, Expr::Name(x) if x.id.as_str() == n)
}

/// The single top-level `n = value` writing `n`, as `(index, value)`.
fn single_writer<'s>(body: &'s [Stmt], n: &str) -> Option<(usize, &'s Expr)> {
    let ws: Vec<usize> = (0..body.len())
        .filter(|i| assigned(&body[*i]).iter().any(|x| x == n))
        .collect();
    let [w] = ws[..] else { return None };
    match &body[w] {
        Stmt::Assign(a) if a.targets.len() == 1 && is_name(&a.targets[0], n) => Some((w, &a.value)),
        _ => None,
    }
}

/// Names whose value depends on `n` in the body (assigned from an expression reading `n` or
/// such a name), `n` included.
fn tainted(body: &[Stmt], n: &str) -> Vec<String> {
    let mut t = vec![n.to_string()];
    for s in body {
        let reads = names(std::slice::from_ref(s));
        if reads.iter().any(|x| t.contains(x)) {
            for a in assigned(s) {
                if !t.contains(&a) {
                    t.push(a);
                }
            }
        }
    }
    t
}

/// `n` as a running maximum of the loop body, if it is one.
pub(super) fn run_max<'s>(body: &'s [Stmt], n: &str) -> Option<RunMax<'s>> {
    let (w, value) = single_writer(body, n)?;
    let (at, e) = match maximum_of(value) {
        Some((a, e)) if is_name(a, n) => (w, e),
        Some((e, a)) if is_name(a, n) => (w, e),
        _ => {
            let Expr::Name(v) = value else { return None };
            let (at, mv) = single_writer(body, v.id.as_str())?;
            if at >= w {
                return None;
            }
            match maximum_of(mv)? {
                (a, e) if is_name(a, n) => (at, e),
                (e, a) if is_name(a, n) => (at, e),
                _ => return None,
            }
        }
    };
    // Reads after the write see the new maximum (the body's run binds it); `e` may not read
    // anything computed from the maximum.
    let dirty = tainted(body, n);
    if expr_names(e).iter().any(|x| dirty.contains(x)) {
        return None;
    }
    Some(RunMax { writer: w, at, e })
}

/// `n` as a rescaled sum of the loop body, if it is one.
pub(super) fn rescaled<'s>(body: &'s [Stmt], n: &str) -> Option<Rescaled<'s>> {
    let (w, value) = single_writer(body, n)?;
    let Expr::BinOp(b) = value else { return None };
    if b.op != ast::Operator::Add {
        return None;
    }
    let scaled = |e: &'s Expr| -> Option<&'s Expr> {
        let Expr::BinOp(m) = e else { return None };
        if m.op != ast::Operator::Mult {
            return None;
        }
        if is_name(&m.left, n) {
            Some(&m.right)
        } else if is_name(&m.right, n) {
            Some(&m.left)
        } else {
            None
        }
    };
    let (factor, add) = match (scaled(&b.left), scaled(&b.right)) {
        (Some(f), _) => (f, &*b.right),
        (None, Some(f)) => (f, &*b.left),
        _ => return None,
    };
    let readers = (0..body.len())
        .filter(|i| {
            names(std::slice::from_ref(&body[*i]))
                .iter()
                .any(|x| x == n)
        })
        .count();
    let reads_n = |e: &Expr| expr_names(e).iter().any(|x| x == n);
    if readers != 1 || reads_n(factor) || reads_n(add) {
        return None;
    }
    Some(Rescaled {
        writer: w,
        factor,
        add,
    })
}

impl<'s, D: LDomain> Interp<'s, D> {
    /// The value of a running maximum's other operand at iteration `t`, computed by running
    /// the statements before the `tl.maximum` that do not depend on the maximum (their loads
    /// are not recorded: the body's run records them).
    pub(super) fn probe_max(
        &mut self,
        d: &mut D,
        body: &'s [Stmt],
        n: &str,
        r: RunMax<'s>,
        skip: &[usize],
    ) -> R<Elem<D>> {
        let dirty = tainted(body, n);
        let (env, acc) = (self.env.len(), self.m.accesses.len());
        let result = (|| -> R<Elem<D>> {
            for (i, st) in body[..r.at].iter().enumerate() {
                let reads = names(std::slice::from_ref(st));
                if skip.contains(&i) || reads.iter().any(|x| dirty.contains(x)) {
                    continue;
                }
                self.stmt(d, st)?;
            }
            let g = self.expr(d, r.e)?;
            let g = self.block_of(&g, r.e)?;
            if !g.shape.is_empty() {
                return self.unsupported(
                    "a running maximum of a block (per lane) in a loop over a runtime range",
                    r.e,
                );
            }
            Ok(ops::to_real(&g).at(d, &[]))
        })();
        self.env.truncate(env);
        self.m.accesses.truncate(acc);
        result
    }

    /// `max(m0, max_{s < extent} g(s))`, `g(t)` the probe's value (`None`: not representable).
    pub(super) fn prefix_max(
        &mut self,
        d: &mut D,
        m0: &Elem<D>,
        g: &Elem<D>,
        t: &D::I,
        extent: &D::I,
    ) -> Option<Elem<D>> {
        let Elem::V(gv) = g.clone() else {
            return None; // a tile maximum that may be -inf inside the loop
        };
        let t = t.clone();
        let red = d.reduction(tensor::Reducer::Max, extent, &mut |d: &mut D, s: &D::I| {
            Elem::V(d.subst_v(&gv, &t, s))
        });
        Some(crate::ext::max_min(d, true, m0, &red))
    }

    /// The closed form of a rescaled sum after the loop (module docs), or why it has none.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn rescaled_total(
        &mut self,
        d: &mut D,
        at: &'s Stmt,
        (d0, factor, add): (&Block<D>, &Block<D>, &Block<D>),
        (m0, m_t, m_next, m_end): (&Block<D>, &Block<D>, &Block<D>, &Block<D>),
        t: &D::I,
        trip: &D::I,
    ) -> R<Block<D>> {
        // The factor must be exp(m_t - m_{t+1}), built as the kernel builds it.
        let diff = self.lift(ops::arith(Arith::Sub, m_t, m_next), at)?;
        let spec = ops::lookup("exp").expect("tl.exp is an op");
        let pos = crate::front::pos_of(self.src, at);
        let expected = ops::apply(spec, &mut self.m, vec![Some(diff)], pos)
            .map_err(|what| super::Unsupported { what, pos })?;
        let expected = expected.block().expect("a block");
        let same = match (factor.at(d, &[]), expected.at(d, &[])) {
            (Elem::V(a), Elem::V(b)) => d.same_v(&a, &b),
            _ => false,
        };
        if !same || !factor.shape.is_empty() || !add.shape.is_empty() {
            return self.unsupported(
                "a loop over a runtime range that rescales a sum by a factor other than exp(m - m_new) of its running maximum",
                at,
            );
        }
        let Elem::V(end) = m_end.at(d, &[]) else {
            return self.unsupported(
                "a running maximum that may be -inf after its loop (a loop that may run no iteration)",
                at,
            );
        };
        let endb = Block::splat(Ty::Real, Elem::V(end));
        // Σ_{t<T} g(t) * exp(m_{t+1} - m_T).
        let lift = |me: &mut Self, r: Result<Block<D>, String>| -> R<Block<D>> {
            Ok(me.lift(r, at)?.block().expect("a block"))
        };
        let gap = lift(self, ops::arith(Arith::Sub, m_next, &endb))?;
        let grow = ops::apply(spec, &mut self.m, vec![Some(KVal::Block(gap))], pos)
            .map_err(|what| super::Unsupported { what, pos })?
            .block()
            .expect("a block");
        let term = lift(self, ops::arith(Arith::Mul, &ops::to_real(add), &grow))?;
        let Elem::V(term) = term.at(d, &[]) else {
            return self.unsupported("a rescaled sum of values that may be infinite", at);
        };
        let t = t.clone();
        let zero = d.lit_v(tensor::ElemType::Real, tensor::Literal::Int(0));
        let mut body = |d: &mut D, s: &D::I| d.subst_v(&term, &t, s);
        let sum = ops::sum_along(d, trip.clone(), &zero, &mut body);
        let sum = Block::splat(Ty::Real, Elem::V(sum));
        // d0 * exp(m0 - m_T) (`exp(-inf) = 0` when `m0` is `-inf`), unless d0 is 0.
        let d0v = ops::to_real(d0).at(d, &[]);
        let zero_start = matches!(&d0v, Elem::V(v) if d.lit_sign(v) == Some(0));
        self.m.laws.push(EXP_ADD);
        if zero_start {
            return Ok(sum);
        }
        let start = lift(self, ops::arith(Arith::Sub, m0, &endb))?;
        let start = ops::apply(spec, &mut self.m, vec![Some(KVal::Block(start))], pos)
            .map_err(|what| super::Unsupported { what, pos })?
            .block()
            .expect("a block");
        let start = lift(self, ops::arith(Arith::Mul, &ops::to_real(d0), &start))?;
        lift(self, ops::arith(Arith::Add, &start, &sum))
    }
}
