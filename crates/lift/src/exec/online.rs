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
//! - A running maximum's values may be `-inf` in a lane (masked off with `other=-inf`): an
//!   iteration leaving `-inf` takes no part in the prefix maximum, `-inf` where none did and
//!   `m0` is. Unguarded, the rescaled sum is then summarised only where `m_{t+1}` and `m_T`
//!   are finite (`d * exp(-inf - -inf)` is NaN, and stays). FlagGems guards the update,
//!   `d = tl.where(m_new == -inf, d, d * r + g)` (the guard checked on the terms); then, by
//!   induction over the iterations (docs/lift.md, "Online softmax"), `d_T = d0` where `m_T`
//!   is `-inf`, else `d0 * exp(m0 - m_T) + Σ_{t<T, m_{t+1} > -inf} g(t) * exp(m_{t+1} - m_T)`,
//!   each term read where `m_{t+1}`, and so `m_T`, is finite (`crate::ext::assuming`).
//!
//! Anything else carried by the loop stays unsupported (`exec::loops`).

use super::loops::{assigned, expr_names, names, update_of, Update};
use super::{Interp, R};
use crate::front::dotted;
use crate::ops::{self, Arith};
use crate::value::{Block, Elem, KVal, LDomain, Ty};
use ruff_python_ast::{self as ast, Expr, Stmt};

/// The laws the closed form of a rescaled sum rests on (named in the verdict), in base e or 2.
use crate::axioms::{EXP2_ADD, EXP_ADD};

/// A running maximum: its writer, the statement with the `tl.maximum`, and the other operand.
#[derive(Clone, Copy)]
pub(super) struct RunMax<'s> {
    pub writer: usize,
    pub at: usize,
    pub e: &'s Expr,
}

/// A rescaled sum `d = d * factor + add`, or written in two statements, `d = d * factor`
/// (`pre`) then `d += add` / `d = tl.dot(a, b, d)` (the writer).
#[derive(Clone, Copy)]
pub(super) struct Rescaled<'s> {
    pub writer: usize,
    pub pre: Option<usize>,
    pub factor: &'s Expr,
    pub add: Update<'s>,
    /// `d = tl.where(guard, d, d * factor + add)` (FlagGems): the update skipped where
    /// `guard` holds, which must be "the new running maximum is `-inf`".
    pub guard: Option<&'s Expr>,
}

/// `tl.where(c, a, b)` (three operands, no keywords).
fn where_of(e: &Expr) -> Option<(&Expr, &Expr, &Expr)> {
    let Expr::Call(c) = e else { return None };
    let f = dotted(&c.func)?;
    if !matches!(f.as_str(), "tl.where" | "triton.language.where") {
        return None;
    }
    match (&c.arguments.args[..], &c.arguments.keywords[..]) {
        ([g, a, b], []) => Some((g, a, b)),
        _ => None,
    }
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

/// `e` as `n * r` or `r * n`: `r`.
fn scaled_by<'s>(e: &'s Expr, n: &str) -> Option<&'s Expr> {
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
}

/// `n` as a rescaled sum of the loop body, if it is one: written once by `n = n * r + g`, or
/// by `n = n * r` (or `n *= r`) and then `n += g`, `n = n + g` or `n = tl.dot(a, b, n)`
/// (tutorial 06's accumulator), read nowhere else, `r` and `g` not reading it.
pub(super) fn rescaled<'s>(body: &'s [Stmt], n: &str) -> Option<Rescaled<'s>> {
    let ws: Vec<usize> = (0..body.len())
        .filter(|i| assigned(&body[*i]).iter().any(|x| x == n))
        .collect();
    let readers: Vec<usize> = (0..body.len())
        .filter(|i| {
            names(std::slice::from_ref(&body[*i]))
                .iter()
                .any(|x| x == n)
        })
        .collect();
    let reads_n = |e: &Expr| expr_names(e).iter().any(|x| x == n);
    let found = match ws[..] {
        [w] => {
            let (_, value) = single_writer(body, n)?;
            // `tl.where(guard, n, n * r + g)`: kept where the guard holds.
            let (guard, value) = match where_of(value) {
                Some((g, kept, v)) if is_name(kept, n) => (Some(g), v),
                _ => (None, value),
            };
            let Expr::BinOp(b) = value else { return None };
            if b.op != ast::Operator::Add {
                return None;
            }
            let (factor, add) = match (scaled_by(&b.left, n), scaled_by(&b.right, n)) {
                (Some(f), _) => (f, &*b.right),
                (None, Some(f)) => (f, &*b.left),
                _ => return None,
            };
            Rescaled {
                writer: w,
                pre: None,
                factor,
                add: Update::Add(add),
                guard,
            }
        }
        [p, w] => {
            let factor = match &body[p] {
                Stmt::Assign(a) if a.targets.len() == 1 && is_name(&a.targets[0], n) => {
                    scaled_by(&a.value, n)?
                }
                Stmt::AugAssign(a) if a.op == ast::Operator::Mult && is_name(&a.target, n) => {
                    &a.value
                }
                _ => return None,
            };
            let (m, add) = update_of(&body[w])?;
            if m != n || matches!(add, Update::Advance(_) | Update::Fold(..)) {
                return None;
            }
            // The factor is read at the second statement: nothing it reads may change between.
            let reads = expr_names(factor);
            if body[p + 1..w]
                .iter()
                .any(|st| assigned(st).iter().any(|x| reads.contains(x)))
            {
                return None;
            }
            Rescaled {
                writer: w,
                pre: Some(p),
                factor,
                add,
                guard: None,
            }
        }
        _ => return None,
    };
    let added = match found.add {
        Update::Add(e) => reads_n(e),
        Update::Dot(a, b) => reads_n(a) || reads_n(b),
        Update::Advance(_) | Update::Fold(..) => true,
    };
    let own: Vec<usize> = [Some(found.writer), found.pre]
        .into_iter()
        .flatten()
        .collect();
    let guarded = found.guard.is_some_and(reads_n);
    if readers.iter().any(|r| !own.contains(r)) || reads_n(found.factor) || added || guarded {
        return None;
    }
    Some(found)
}

/// Lanes at which an element function is inspected: fresh symbols (one term stands for every
/// lane; the symbolic run only), lane 0 where a dimension has one lane.
fn probe_lanes<D: LDomain>(d: &mut D, shape: &[usize]) -> Vec<D::I> {
    shape
        .iter()
        .map(|n| {
            if *n == 1 {
                d.lit_i(0)
            } else {
                d.fresh_i("lane")
            }
        })
        .collect()
}

/// `b` read with its lanes as the leading axes of a block of rank `rank` (the trailing axes of
/// one lane each, so it broadcasts along them): a row's running maximum against the row's
/// accumulator `[BLOCK_M, BLOCK_D]`.
fn lead<D: LDomain>(b: &Block<D>, rank: usize) -> Block<D> {
    let rm = b.shape.len();
    let mut shape = b.shape.clone();
    shape.resize(rank.max(rm), 1);
    let b = b.clone();
    Block::new(shape, b.ty, move |d: &mut D, lane: &[D::I]| {
        b.at(d, &lane[..rm])
    })
}

/// Whether two reals are the same element: one term each (an extended real's flags and part
/// alike; a condition compared through `ite(c, 1, 0)`).
fn same_elem<D: LDomain>(d: &mut D, a: &Elem<D>, b: &Elem<D>) -> bool {
    let one = d.lit_v(tensor::ElemType::Real, tensor::Literal::Int(1));
    let zero = d.lit_v(tensor::ElemType::Real, tensor::Literal::Int(0));
    let same_b = |d: &mut D, x: &D::B, y: &D::B| {
        let (x, y) = (d.ite_v(x, &one, &zero), d.ite_v(y, &one, &zero));
        d.same_v(&x, &y)
    };
    match (a, b) {
        (Elem::V(x), Elem::V(y)) => d.same_v(x, y),
        (Elem::B(x), Elem::B(y)) => same_b(d, x, y),
        (
            Elem::X { nan, pos, neg, v },
            Elem::X {
                nan: n2,
                pos: p2,
                neg: g2,
                v: v2,
            },
        ) => d.same_v(v, v2) && same_b(d, nan, n2) && same_b(d, pos, p2) && same_b(d, neg, g2),
        _ => false,
    }
}

/// `max(m0, max_{s < extent} g(s))` lane by lane, `g(t)` the probe's value at iteration `t`.
fn prefix_block<D: LDomain>(m0: &Block<D>, g: &Block<D>, t: &D::I, extent: &D::I) -> Block<D> {
    let (m0, g, t, extent) = (m0.clone(), g.clone(), t.clone(), extent.clone());
    crate::ops::memoized(Block::new(
        g.shape.clone(),
        Ty::Real,
        move |d: &mut D, lane: &[D::I]| {
            let m = m0.at(d, lane);
            // A lane of `g` that is `-inf` (masked off, loaded with `other=-inf`) takes no part
            // in the reduction; with none left, the prefix maximum is `m0` alone.
            let ge = g.at(d, lane);
            let red = d.reduction(tensor::Reducer::Max, &extent, &mut |d: &mut D, s: &D::I| {
                crate::value::subst_elem(d, &ge, &t, s)
            });
            crate::ext::max_min(d, true, &m, &red)
        },
    ))
}

impl<'s, D: LDomain> Interp<'s, D> {
    /// The value of a running maximum's other operand at iteration `t`, computed by running
    /// the statements before the `tl.maximum` that do not depend on the maximum (their loads
    /// are not recorded: the body's run records them). A block: one value per lane (a row's
    /// maximum for each row of a `[BLOCK_M]` block), or a scalar.
    pub(super) fn probe_max(
        &mut self,
        d: &mut D,
        body: &'s [Stmt],
        n: &str,
        r: RunMax<'s>,
        skip: &[usize],
    ) -> R<Block<D>> {
        let dirty = tainted(body, n);
        let (env, acc) = (self.env.len(), self.m.accesses.len());
        let result = (|| -> R<Block<D>> {
            for (i, st) in body[..r.at].iter().enumerate() {
                let reads = names(std::slice::from_ref(st));
                if skip.contains(&i) || reads.iter().any(|x| dirty.contains(x)) {
                    continue;
                }
                self.stmt(d, st)?;
            }
            let g = self.expr(d, r.e)?;
            let g = self.block_of(&g, r.e)?;
            Ok(ops::to_real(&g))
        })();
        self.env.truncate(env);
        self.m.accesses.truncate(acc);
        result
    }

    /// A running maximum lane by lane: `(m0, m_t, m_T)`, its start, its value at the start of
    /// iteration `t` and after the loop (`max(m0, max_{s < t} e(s))` in each lane, `e` the
    /// other operand of its `tl.maximum`), or why it has no closed form.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn running_max(
        &mut self,
        d: &mut D,
        body: &'s [Stmt],
        n: &str,
        r: RunMax<'s>,
        skip: &[usize],
        t: &D::I,
        trip: &D::I,
    ) -> R<(Block<D>, Block<D>, Block<D>)> {
        let g = self.probe_max(d, body, n, r, skip)?;
        let m0 = self.lookup(n).expect("bound before the loop");
        let m0 = ops::to_real(&self.block_of(&m0, &body[r.writer])?);
        if m0.shape != g.shape {
            return self.unsupported(
                format!(
                    "a running maximum `{n}` of shape {:?} taken with values of shape {:?}",
                    m0.shape, g.shape
                ),
                &body[r.writer],
            );
        }
        // The values may be `-inf` (a lane masked off with `other=-inf`): the prefix maximum
        // over iterations drops them (`crate::atoms`), and is `-inf` where none is left and
        // `m0` is. A value that may be NaN or `+inf` has no closed form here.
        let lanes = probe_lanes(d, &g.shape);
        if let Elem::X { nan, pos, .. } = g.at(d, &lanes) {
            if d.known_b(&nan) != Some(false) || d.known_b(&pos) != Some(false) {
                return self.unsupported(
                    format!("a running maximum `{n}` of values that may be NaN or +inf"),
                    r.e,
                );
            }
        }
        let at_t = prefix_block(&m0, &g, t, t);
        let at_end = prefix_block(&m0, &g, t, trip);
        Ok((m0, at_t, at_end))
    }

    /// Whether `guard` is `m_next == -inf` at the probe lanes (built as the kernel builds it,
    /// either operand order: one term stands for every lane).
    fn is_empty_max(
        &self,
        d: &mut D,
        guard: &Block<D>,
        m_next: &Block<D>,
        shape: &[usize],
    ) -> R<bool> {
        let ninf = KVal::<D>::Float(-1, 0).block().expect("a float");
        let lanes = probe_lanes(d, shape);
        let guard = guard.broadcast_to(shape);
        let g = guard.at(d, &lanes);
        for (a, b) in [(m_next, &ninf), (&ninf, m_next)] {
            let Ok(c) = ops::compare(ops::Cmp::Eq, a, b) else {
                continue;
            };
            let c = lead(&c, shape.len()).broadcast_to(shape);
            let c = c.at(d, &lanes);
            if matches!(c, Elem::B(_)) && same_elem(d, &g, &c) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The closed form of a rescaled sum after the loop (module docs), or why it has none.
    /// Lane by lane: the running maximum's lanes are the sum's leading axes (`l_i` and the
    /// maximum `m_i` both `[BLOCK_M]`; the accumulator `[BLOCK_M, BLOCK_D]` rescaled by
    /// `alpha[:, None]`), so each row lane has its own maximum, factor and closed form.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn rescaled_total(
        &mut self,
        d: &mut D,
        at: &'s Stmt,
        (d0, factor, add, guard): (&Block<D>, &Block<D>, &Block<D>, Option<&Block<D>>),
        (m0, m_t, m_next, m_end): (&Block<D>, &Block<D>, &Block<D>, &Block<D>),
        t: &D::I,
        trip: &D::I,
    ) -> R<Block<D>> {
        let pos = crate::front::pos_of(self.src, at);
        let lift = |me: &mut Self, r: Result<Block<D>, String>| -> R<Block<D>> {
            Ok(me.lift(r, at)?.block().expect("a block"))
        };
        let exp_in = |me: &mut Self, base: &str, x: Block<D>| -> R<Block<D>> {
            let spec = ops::lookup(base).expect("tl.exp and tl.exp2 are ops");
            Ok(ops::apply(spec, &mut me.m, vec![Some(KVal::Block(x))], pos)
                .map_err(|what| super::Unsupported { what, pos })?
                .block()
                .expect("a block"))
        };
        let rm = m_t.shape.len();
        let shape = match crate::value::broadcast_shape(&d0.shape, &add.shape) {
            Ok(s) if s == d0.shape => s,
            _ => {
                return self.unsupported(
                    format!(
                        "a rescaled sum of shape {:?} that adds a block of shape {:?}",
                        d0.shape, add.shape
                    ),
                    at,
                )
            }
        };
        let fits = crate::value::broadcast_shape(&factor.shape, &shape).ok() == Some(shape.clone());
        if shape.len() < rm || shape[..rm] != m_t.shape[..] || !fits {
            return self.unsupported(
                format!(
                    "a rescaled sum of shape {shape:?} whose leading axes are not the lanes {:?} of its running maximum (or whose factor of shape {:?} does not broadcast to it)",
                    m_t.shape, factor.shape
                ),
                at,
            );
        }
        let r = shape.len();
        // The factor must be exp(m_t - m_{t+1}) in each lane, built as the kernel builds it
        // (or exp2(m_t - m_{t+1}): the same closed form in base 2, tutorial 06's scores
        // scaled by log2(e) before the maximum).
        let diff = lift(self, ops::arith(Arith::Sub, m_t, m_next))?;
        let factor = factor.broadcast_to(&shape);
        let lanes = probe_lanes(d, &shape);
        let mut base = None;
        for b in ["exp", "exp2"] {
            let expected = lead(&exp_in(self, b, diff.clone())?, r).broadcast_to(&shape);
            let (x, y) = (factor.at(d, &lanes), expected.at(d, &lanes));
            if same_elem(d, &x, &y) {
                base = Some(b);
                break;
            }
        }
        let Some(base) = base else {
            return self.unsupported(
                "a loop over a runtime range that rescales a sum by a factor other than exp(m - m_new) (or exp2(m - m_new)) of its running maximum",
                at,
            );
        };
        let d0 = ops::to_real(d0);
        let zero_start = matches!(d0.at(d, &lanes), Elem::V(v) if d.lit_sign(&v) == Some(0));
        let skip = match guard {
            None => {
                // Unguarded, the factor exp(m_t - m_{t+1}) is NaN where both are -inf (and so
                // is the kernel's sum from there on, whatever it adds): the closed form holds
                // only where the new maximum is finite in every iteration, and so after the
                // loop.
                let finite = |d: &mut D, b: &Block<D>| matches!(b.at(d, &lanes[..rm]), Elem::V(_));
                if !finite(d, m_next) || !finite(d, m_end) {
                    return self.unsupported(
                        "a running maximum that may be -inf in its loop or after it (a lane masked off in every iteration so far, a loop that may run no iteration), rescaling a sum without `tl.where(m_new == -inf, d, ...)`",
                        at,
                    );
                }
                None
            }
            Some(g) => {
                if !self.is_empty_max(d, g, m_next, &shape)? {
                    return self.unsupported(
                        "a rescaled sum kept by `tl.where` under a condition other than `m_new == -inf`",
                        at,
                    );
                }
                let lead_to = |b: &Block<D>| lead(b, r).broadcast_to(&shape);
                Some((lead_to(m_next), lead_to(m_end)))
            }
        };
        // Σ_{t<T} g(t) * exp(m_{t+1} - m_T), lane by lane; with the guard, the iterations whose
        // new maximum is -inf add nothing (`where(m_{t+1} == -inf, 0, ...)`).
        let gap = lift(self, ops::arith(Arith::Sub, m_next, m_end))?;
        let grow = lead(&exp_in(self, base, gap)?, r);
        let term = lift(self, ops::arith(Arith::Mul, &ops::to_real(add), &grow))?;
        let term = term.broadcast_to(&shape);
        if skip.is_none() && !matches!(term.at(d, &lanes), Elem::V(_)) {
            return self.unsupported("a rescaled sum of values that may be infinite", at);
        }
        let (t, trip, guarded) = (t.clone(), trip.clone(), skip.clone());
        let sum = crate::ops::memoized(Block::new(
            shape.clone(),
            Ty::Real,
            move |d: &mut D, lane: &[D::I]| {
                let mut e = term.at(d, lane);
                if let Some((m, m_end)) = &skip {
                    let gone = m.at(d, lane);
                    let gone = crate::ext::parts(d, &gone);
                    let last = m_end.at(d, lane);
                    let last = crate::ext::parts(d, &last);
                    let zero = Elem::V(d.lit_v(tensor::ElemType::Real, tensor::Literal::Int(0)));
                    // `-inf` (given not `+inf`; a running maximum of values that are neither
                    // NaN nor `+inf` is never either).
                    let not_pos = d.not(&gone.pos);
                    let empty = d.and(&not_pos, &gone.neg);
                    // The term is used only where the new maximum is finite, and so the
                    // maximum after the loop (no smaller, `t < T`): its flags and part read
                    // there (a NaN of `-inf - -inf`, an `exp(m - -inf)` are gone).
                    for x in [&gone, &last] {
                        if d.known_b(&x.pos) == Some(false) {
                            e = crate::ext::assuming(d, &e, &x.neg, false);
                        }
                    }
                    e = crate::ext::select(d, &empty, &zero, &e);
                }
                d.reduction(tensor::Reducer::Sum, &trip, &mut |d: &mut D, s: &D::I| {
                    crate::value::subst_elem(d, &e, &t, s)
                })
            },
        ));
        // d0 * exp(m0 - m_T) (`exp(-inf) = 0` when `m0` is `-inf`), unless d0 is 0.
        self.m
            .laws
            .push(if base == "exp" { EXP_ADD } else { EXP2_ADD });
        if zero_start {
            return Ok(sum);
        }
        let start = lift(self, ops::arith(Arith::Sub, m0, m_end))?;
        let start = lead(&exp_in(self, base, start)?, r);
        let start = lift(self, ops::arith(Arith::Mul, &d0, &start))?;
        let Some((_, last)) = guarded else {
            return lift(self, ops::arith(Arith::Add, &start, &sum));
        };
        // Guarded: where the maximum is still -inf after the loop every update was skipped
        // and the sum is `d0`; elsewhere `d0 * exp(m0 - m_T)` (0 when `m0` is -inf) plus the
        // terms, with `m_T` finite.
        let start = start.broadcast_to(&shape);
        Ok(crate::ops::memoized(Block::new(
            shape.clone(),
            Ty::Real,
            move |d: &mut D, lane: &[D::I]| {
                let m = last.at(d, lane);
                let m = crate::ext::parts(d, &m);
                let mut kept = start.at(d, lane);
                if d.known_b(&m.pos) == Some(false) {
                    kept = crate::ext::assuming(d, &kept, &m.neg, false);
                }
                let terms = sum.at(d, lane);
                let total = crate::ext::add(d, &kept, &terms, false);
                let not_pos = d.not(&m.pos);
                let empty = d.and(&not_pos, &m.neg);
                let first = d0.at(d, lane);
                crate::ext::select(d, &empty, &first, &total)
            },
        )))
    }
}
