//! Loops over runtime ranges: `for off in range(0, n, BLOCK)`, `for k in range(0,
//! tl.cdiv(K, BLOCK_K))`, `tl.range(...)`.
//!
//! Where the domain knows the bounds (the concrete interpreter: replays use the real trip
//! count) the loop runs iteration by iteration. Otherwise the body runs once, at a fresh
//! iteration `t` with `0 <= t < T` (`T` the trip count; every access in the body happens only
//! there: it joins the path condition), and what the body assigns is summarised:
//! - an *accumulator*, a name bound before the loop and updated once, at the top level of the
//!   body, by `acc += g`, `acc = acc + g` or `acc = tl.dot(a, b, acc)`, with `acc` read
//!   nowhere else in the body, is `init + Σ_{t < T} g(t)` after the loop: a sum atom made by
//!   `ops::sum_along` (a sum of a tile's `tl.sum` becomes one sum over `t*S + l`,
//!   `crate::tiles`);
//! - a *prefix sum*, an accumulator updated by `acc += g` read after its update in the body
//!   and never before it: `init + Σ_{s < t+1} g(s)` after the update, the loop's sum after
//!   the loop;
//! - a *pointer bump*, a pointer updated once by `p += s` with `s` loop-invariant and read
//!   only before the bump, is `p0 + t*s` in the body and `p0 + T*s` after it; likewise an
//!   *integer induction variable* (`offs += BLOCK`: an integer scalar or block read before
//!   its bump, stepped by a loop-invariant integer);
//! - a *nested accumulator*, a name every mention of which in the body is an addition to it
//!   (`acc += g`, `g` not reading `acc`) at any depth of `for` statements (a nested loop,
//!   several additions, branches of an `if` not reading it): the body runs with
//!   `acc = 0`, and what it leaves in `acc` is the iteration's `g(t)` of a sum as above
//!   (each addition adds a value that does not depend on `acc`, so an iteration adds the
//!   same from any start);
//! - a *fold*, `acc = tl.maximum(acc, g)`, `tl.minimum`, `acc &= c`, `acc |= c` or `acc *=
//!   g` (floats) with `acc` read nowhere else: `init ⊕ ⊕_{t < T} g(t)` after the loop, the
//!   reduction of the fold's operator over the iterations (a product's is an atom of
//!   `crate::atoms`, merged with a tile's `tl.reduce` by a product into one product over
//!   `t*S + l`);
//! - any other name bound before the loop and assigned in it (an update that is not a sum: a
//!   running maximum, a value carried to the next iteration) makes the loop unsupported,
//!   naming it; a name first assigned in the body may not be read after the loop.
//!
//! The step is a positive literal (a constexpr, `tl.num_programs` of a constant grid) or, in
//! the symbolic domain, a runtime integer (`tl.num_programs(0)` of a grid `(min(n_rows,
//! NUM_SMS),)`): the summary then rests on the step being positive where the loop runs, a
//! premise (`Machine::premises`) the checker proves for every size (for a program count it
//! follows from the program's own id, `0 <= pid < P`). `break`, `continue` and `return` in
//! the body, and a step that is neither: unsupported.

use super::{contains_break, Flow, Interp, R};
use crate::front::{dotted, pos_of};
use crate::mem::Pos;
use crate::ops::{self, Arith, Logic};
use crate::value::{Block, Elem, KVal, LDomain, Ty};
use ruff_python_ast::visitor::{walk_expr, walk_stmt, Visitor};
use ruff_python_ast::{self as ast, Expr, Stmt};

/// The most iterations a loop over a runtime range runs one by one (in a replay).
const MAX_RUN: i128 = 1 << 12;

/// How an accumulator is updated.
#[derive(Clone, Copy)]
pub(super) enum Update<'s> {
    /// `acc += g`, `acc = acc + g`, `acc = g + acc`.
    Add(&'s Expr),
    /// `acc = tl.dot(a, b, acc)`.
    Dot(&'s Expr, &'s Expr),
    /// `p = tl.advance(p, offsets)` (a block pointer, `crate::bptr`).
    Advance(&'s Expr),
    /// `acc = tl.maximum(acc, g)` or `tl.minimum` (either operand order): a running maximum
    /// or minimum read nowhere else, a fold like a sum; `acc = acc and c`, `acc &= c`
    /// (`Reducer::And`) and `acc = acc or c`, `acc |= c` (`Reducer::Or`) on conditions, a
    /// running conjunction or disjunction; `acc *= g`, `acc = acc * g` (`Reducer::Product`),
    /// a running product.
    Fold(tensor::Reducer, &'s Expr),
}

/// `a and b`, `a & b` (`Reducer::And`), `a or b`, `a | b` (`Reducer::Or`) of two operands.
fn and_or(e: &Expr) -> Option<(tensor::Reducer, &Expr, &Expr)> {
    match e {
        Expr::BoolOp(b) if b.values.len() == 2 => {
            let r = match b.op {
                ast::BoolOp::And => tensor::Reducer::And,
                ast::BoolOp::Or => tensor::Reducer::Or,
            };
            Some((r, &b.values[0], &b.values[1]))
        }
        Expr::BinOp(b) => match b.op {
            ast::Operator::BitAnd => Some((tensor::Reducer::And, &b.left, &b.right)),
            ast::Operator::BitOr => Some((tensor::Reducer::Or, &b.left, &b.right)),
            _ => None,
        },
        _ => None,
    }
}

/// `tl.maximum(a, b)` / `tl.minimum(a, b)` (two operands, no keywords) as its reducer.
fn max_min_call(e: &Expr) -> Option<(tensor::Reducer, &Expr, &Expr)> {
    let Expr::Call(c) = e else { return None };
    let f = dotted(&c.func)?;
    let r = match f.rsplit('.').next()? {
        "maximum" => tensor::Reducer::Max,
        "minimum" => tensor::Reducer::Min,
        _ => return None,
    };
    let module = f.rsplit_once('.').map(|(m, _)| m)?;
    if !matches!(module, "tl" | "triton.language" | "tl.math") {
        return None;
    }
    match (&c.arguments.args[..], &c.arguments.keywords[..]) {
        ([a, b], []) => Some((r, a, b)),
        _ => None,
    }
}

/// `tl.where(x > y, x, y)` (`>=`, `<`, `<=`, the operands either way round): the larger or
/// the smaller of two values, a max or min over the reals, as `(reducer, a, b)` with `a` and
/// `b` the branches. Ties select equal values. The condition is the comparison itself or,
/// for a name, what `def_of` gives for it (its definition earlier in the loop's body). A NaN
/// operand is no concern here: the max or min of a NaN is undecided (`crate::ext`), so a
/// claim that depends on it is `unknown`.
fn select_max_min<'e>(
    e: &'e Expr,
    def_of: &dyn Fn(&str) -> Option<&'e Expr>,
) -> Option<(tensor::Reducer, &'e Expr, &'e Expr)> {
    use ast::CmpOp as C;
    use ruff_python_ast::comparable::ComparableExpr;
    let Expr::Call(c) = e else { return None };
    let f = dotted(&c.func)?;
    if !matches!(f.as_str(), "tl.where" | "triton.language.where") {
        return None;
    }
    let ([cond, a, b], []) = (&c.arguments.args[..], &c.arguments.keywords[..]) else {
        return None;
    };
    let cond = match cond {
        Expr::Name(n) => def_of(n.id.as_str())?,
        other => other,
    };
    let Expr::Compare(cmp) = cond else {
        return None;
    };
    let ([op], [y]) = (&cmp.ops[..], &cmp.comparators[..]) else {
        return None;
    };
    let same = |p: &Expr, q: &Expr| ComparableExpr::from(p) == ComparableExpr::from(q);
    let larger_first = match op {
        C::Gt | C::GtE => true,
        C::Lt | C::LtE => false,
        _ => return None,
    };
    // `where(x > y, x, y)` selects the larger; `where(x > y, y, x)` the smaller.
    let x_first = if same(&cmp.left, a) && same(y, b) {
        true
    } else if same(&cmp.left, b) && same(y, a) {
        false
    } else {
        return None;
    };
    let r = if larger_first == x_first {
        tensor::Reducer::Max
    } else {
        tensor::Reducer::Min
    };
    Some((r, a, b))
}

/// A running max or min whose selecting comparison is named earlier in the body (`up = v >
/// acc` at statement `i`, then `acc = tl.where(up, v, acc)` at `w`, the one writer of `acc`)
/// as `(reducer, v)`. The comparison sees the values the update sees: `up` is assigned once,
/// read by the update alone, `acc` is read nowhere else, and nothing the comparison or `v`
/// reads is assigned between the two statements.
fn named_select_fold<'s>(
    body: &'s [Stmt],
    w: usize,
    n: &str,
) -> Option<(tensor::Reducer, &'s Expr)> {
    let Stmt::Assign(upd) = &body[w] else {
        return None;
    };
    let Expr::Call(call) = &*upd.value else {
        return None;
    };
    let Some(Expr::Name(cond)) = call.arguments.args.first() else {
        return None;
    };
    let c = cond.id.as_str();
    let mentions = |j: usize, x: &str| names(std::slice::from_ref(&body[j])).iter().any(|y| y == x);
    let defs: Vec<usize> = (0..body.len())
        .filter(|j| assigned(&body[*j]).iter().any(|y| y == c))
        .collect();
    let [i] = defs[..] else { return None };
    let Stmt::Assign(def) = &body[i] else {
        return None;
    };
    let only_target = matches!(&def.targets[..], [Expr::Name(t)] if t.id.as_str() == c);
    let c_reads_ok = (0..body.len()).all(|j| j == i || j == w || !mentions(j, c));
    let n_reads_ok = (0..body.len()).all(|j| j == i || j == w || !mentions(j, n));
    if !(only_target && i < w && c_reads_ok && n_reads_ok) {
        return None;
    }
    let def_of = |x: &str| (x == c).then_some(&*def.value);
    let (r, a, b) = select_max_min(&upd.value, &def_of)?;
    let is_n = |e: &Expr| matches!(e, Expr::Name(m) if m.id.as_str() == n);
    let g = match (is_n(a), is_n(b)) {
        (true, false) => b,
        (false, true) => a,
        _ => return None,
    };
    let read = [expr_names(&def.value), expr_names(g)].concat();
    let stable = body[i + 1..w]
        .iter()
        .all(|st| !assigned(st).iter().any(|y| read.contains(y)));
    (stable && !expr_names(g).iter().any(|y| y == n)).then_some((r, g))
}

/// Another name the body assigns by a selection on the same named condition as `n`'s (`up =
/// v > best; best = tl.where(up, v, best); arg = tl.where(up, i + j, arg)`): a running
/// maximum carried with its index, which no summary states.
fn paired_selection(body: &[Stmt], n: &str) -> Option<String> {
    let selection = |st: &Stmt| -> Option<(String, String)> {
        let Stmt::Assign(a) = st else { return None };
        let [Expr::Name(t)] = &a.targets[..] else {
            return None;
        };
        let Expr::Call(c) = &*a.value else {
            return None;
        };
        let f = dotted(&c.func)?;
        if !matches!(f.as_str(), "tl.where" | "triton.language.where") {
            return None;
        }
        let Some(Expr::Name(cond)) = c.arguments.args.first() else {
            return None;
        };
        Some((t.id.to_string(), cond.id.to_string()))
    };
    let picks: Vec<(String, String)> = body.iter().filter_map(selection).collect();
    let (_, cond) = picks.iter().find(|(t, _)| t == n)?;
    picks
        .iter()
        .find(|(t, c)| t != n && c == cond)
        .map(|(t, _)| t.clone())
}

/// What a summarised loop does to a name bound before it.
enum Role<'s> {
    Acc(usize, Update<'s>),
    Bump(usize, &'s Expr),
    /// A block pointer advanced by loop-invariant offsets once per iteration.
    Advance(usize, &'s Expr),
    /// Assigned before it is read in the body, not read after the loop.
    Temp,
    /// A running sum (`acc += g` at the statement given) read after its update in the body,
    /// never before it: `init + Σ_{s < t+1} g(s)` there, `init + Σ_{s < T} g(s)` after the
    /// loop.
    Prefix(usize, &'s Expr),
    /// A running maximum (`crate::exec::online`).
    Max(super::online::RunMax<'s>),
    /// A sum rescaled as its running maximum grows (`crate::exec::online`).
    Rescaled(super::online::Rescaled<'s>),
    /// An accumulator every mention of which is an addition to it, under branches or in
    /// nested loops (`if c: acc += g`, `for ..: acc += g`), at the body's statement given:
    /// an iteration adds what the body computes from `acc = 0`.
    Nested(usize),
}

struct Names(Vec<String>);

impl<'a> Visitor<'a> for Names {
    fn visit_expr(&mut self, e: &'a Expr) {
        if let Expr::Name(n) = e {
            self.0.push(n.id.to_string());
        }
        walk_expr(self, e);
    }
}

/// Every name occurring in `stmts` (read or written).
pub(super) fn names(stmts: &[Stmt]) -> Vec<String> {
    let mut v = Names(vec![]);
    for s in stmts {
        v.visit_stmt(s);
    }
    v.0
}

pub(super) fn expr_names(e: &Expr) -> Vec<String> {
    let mut v = Names(vec![]);
    v.visit_expr(e);
    v.0
}

/// Names assigned anywhere in `s` (targets of assignments and nested `for` loops).
pub(super) fn assigned(s: &Stmt) -> Vec<String> {
    struct V(Vec<String>);
    fn target(out: &mut Vec<String>, e: &Expr) {
        match e {
            Expr::Name(n) => out.push(n.id.to_string()),
            Expr::Tuple(t) => t.elts.iter().for_each(|x| target(out, x)),
            Expr::List(t) => t.elts.iter().for_each(|x| target(out, x)),
            _ => {}
        }
    }
    impl<'a> Visitor<'a> for V {
        fn visit_stmt(&mut self, s: &'a Stmt) {
            match s {
                Stmt::Assign(a) => a.targets.iter().for_each(|t| target(&mut self.0, t)),
                Stmt::AugAssign(a) => target(&mut self.0, &a.target),
                Stmt::AnnAssign(a) => target(&mut self.0, &a.target),
                Stmt::For(f) => target(&mut self.0, &f.target),
                _ => {}
            }
            walk_stmt(self, s);
        }
    }
    let mut v = V(vec![]);
    v.visit_stmt(s);
    v.0
}

/// Whether `s` binds `n` before anything in it reads `n`: an assignment from a value not
/// reading it, or a loop (with no `else`) whose variable is `n`, or whose body's first
/// statement mentioning `n` binds it so (each iteration binds it afresh before reading it).
fn binds_first(s: &Stmt, n: &str) -> bool {
    let mentions = |st: &Stmt| names(std::slice::from_ref(st)).iter().any(|x| x == n);
    match s {
        Stmt::Assign(a) => {
            a.targets
                .iter()
                .any(|t| matches!(t, Expr::Name(x) if x.id.as_str() == n))
                && !expr_names(&a.value).iter().any(|x| x == n)
        }
        Stmt::For(g) if g.orelse.is_empty() && !expr_names(&g.iter).iter().any(|x| x == n) => {
            matches!(&*g.target, Expr::Name(x) if x.id.as_str() == n)
                || g.body
                    .iter()
                    .find(|b| mentions(b))
                    .is_some_and(|b| binds_first(b, n))
        }
        _ => false,
    }
}

/// Whether every mention of `n` in `stmts` is an addition to it (`n += g`, `n = n + g`, `g`
/// not reading `n`), at any depth of `for` statements whose ranges do not read it: what the
/// statements leave in `n` is then its value before them plus what they leave in it from 0.
/// An `if` whose conditions do not read `n` may hold additions in its branches (Liger's
/// `if reduction == NONE: tl.store(...) else: loss_sum += ...`): a branch not taken adds 0.
fn only_added(stmts: &[Stmt], n: &str) -> bool {
    let reads = |e: &Expr| expr_names(e).iter().any(|x| x == n);
    stmts.iter().all(|s| match s {
        _ if !names(std::slice::from_ref(s)).iter().any(|x| x == n) => true,
        Stmt::For(g) => {
            !reads(&g.iter) && !reads(&g.target) && g.orelse.is_empty() && only_added(&g.body, n)
        }
        // A branch adds or leaves `n` as it is: either way an addition of a value not
        // depending on `n` (0 on the path that does not add).
        Stmt::If(g) => {
            !reads(&g.test)
                && only_added(&g.body, n)
                && g.elif_else_clauses
                    .iter()
                    .all(|c| c.test.as_ref().is_none_or(|t| !reads(t)) && only_added(&c.body, n))
        }
        _ => matches!(update_of(s), Some((m, Update::Add(g))) if m == n && !reads(g)),
    })
}

/// `acc += g` and its spellings, as `(acc, update)`.
pub(super) fn update_of(s: &Stmt) -> Option<(String, Update<'_>)> {
    match s {
        Stmt::AugAssign(a) if a.op == ast::Operator::Add => match &*a.target {
            Expr::Name(n) => Some((n.id.to_string(), Update::Add(&a.value))),
            _ => None,
        },
        Stmt::AugAssign(a) if a.op == ast::Operator::Mult => match &*a.target {
            Expr::Name(n) => Some((
                n.id.to_string(),
                Update::Fold(tensor::Reducer::Product, &a.value),
            )),
            _ => None,
        },
        Stmt::AugAssign(a) if matches!(a.op, ast::Operator::BitAnd | ast::Operator::BitOr) => {
            let r = match a.op {
                ast::Operator::BitAnd => tensor::Reducer::And,
                _ => tensor::Reducer::Or,
            };
            match &*a.target {
                Expr::Name(n) => Some((n.id.to_string(), Update::Fold(r, &a.value))),
                _ => None,
            }
        }
        Stmt::Assign(a) if a.targets.len() == 1 => {
            let Expr::Name(n) = &a.targets[0] else {
                return None;
            };
            let is_n = |e: &Expr| matches!(e, Expr::Name(m) if m.id == n.id);
            match &*a.value {
                Expr::BinOp(b) if b.op == ast::Operator::Add && is_n(&b.left) => {
                    Some((n.id.to_string(), Update::Add(&b.right)))
                }
                Expr::BinOp(b) if b.op == ast::Operator::Add && is_n(&b.right) => {
                    Some((n.id.to_string(), Update::Add(&b.left)))
                }
                Expr::BinOp(b) if b.op == ast::Operator::Mult && is_n(&b.left) => Some((
                    n.id.to_string(),
                    Update::Fold(tensor::Reducer::Product, &b.right),
                )),
                Expr::BinOp(b) if b.op == ast::Operator::Mult && is_n(&b.right) => Some((
                    n.id.to_string(),
                    Update::Fold(tensor::Reducer::Product, &b.left),
                )),
                value
                    if max_min_call(value)
                        .or_else(|| and_or(value))
                        .or_else(|| select_max_min(value, &|_| None))
                        .is_some() =>
                {
                    let (r, a, b) = max_min_call(value)
                        .or_else(|| and_or(value))
                        .or_else(|| select_max_min(value, &|_| None))
                        .expect("matched");
                    match (is_n(a), is_n(b)) {
                        (true, false) => Some((n.id.to_string(), Update::Fold(r, b))),
                        (false, true) => Some((n.id.to_string(), Update::Fold(r, a))),
                        _ => None,
                    }
                }
                Expr::Call(c)
                    if dotted(&c.func)
                        .is_some_and(|f| f == "tl.advance" || f == "triton.language.advance")
                        && c.arguments.args.len() == 2
                        && c.arguments.keywords.is_empty()
                        && is_n(&c.arguments.args[0]) =>
                {
                    Some((n.id.to_string(), Update::Advance(&c.arguments.args[1])))
                }
                Expr::Call(c)
                    if dotted(&c.func)
                        .is_some_and(|f| f == "tl.dot" || f == "triton.language.dot") =>
                {
                    let args = &c.arguments.args;
                    let acc = match (args.len(), &c.arguments.keywords[..]) {
                        (3, []) => &args[2],
                        (2, [k]) if k.arg.as_ref().is_some_and(|a| a.id.as_str() == "acc") => {
                            &k.value
                        }
                        _ => return None,
                    };
                    is_n(acc).then(|| (n.id.to_string(), Update::Dot(&args[0], &args[1])))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

impl<'s, D: LDomain> Interp<'s, D> {
    /// A `for` loop whose range has a runtime bound (`args` are `range`'s arguments).
    pub(super) fn runtime_loop(
        &mut self,
        d: &mut D,
        f: &'s ast::StmtFor,
        s: &'s Stmt,
        args: Vec<KVal<D>>,
    ) -> R<Flow<D>> {
        let Expr::Name(var) = &*f.target else {
            return self.unsupported("a loop variable that is not a name", &*f.target);
        };
        if contains_break(&f.body) {
            return self.unsupported("break or continue", s);
        }
        // A step that is a literal in this run (a constexpr, `tl.num_programs(0)` of a
        // constant grid), or, in a domain that does not know it, a runtime integer scalar
        // (`tl.num_programs(0)` of a grid computed from the sizes): its positivity is then a
        // premise of the summary, which the checker proves.
        let literal = |d: &mut D, v: &KVal<D>| match v {
            KVal::Int(i) => Some(*i),
            KVal::Block(b) if b.shape.is_empty() && b.ty == Ty::Int => {
                let i = b.at(d, &[]).i(d);
                d.literal_i(&i)
            }
            _ => None,
        };
        let runtime_step = |d: &mut D, v: &KVal<D>| match v {
            KVal::Block(b) if b.shape.is_empty() && b.ty == Ty::Int => {
                let i = b.at(d, &[]).i(d);
                d.known_i(&i).is_none().then_some(i)
            }
            _ => None,
        };
        let (start, end, step) = match &args[..] {
            [e] => (KVal::Int(0), e.clone(), d.lit_i(1)),
            [b, e] => (b.clone(), e.clone(), d.lit_i(1)),
            [b, e, st] if literal(d, st).is_some_and(|x| x > 0) => {
                let k = literal(d, st).expect("checked");
                (b.clone(), e.clone(), d.lit_i(k))
            }
            [b, e, st] if literal(d, st).is_none() => match runtime_step(d, st) {
                Some(i) => {
                    let one = d.lit_i(1);
                    let positive = d.le_i(&one, &i);
                    let premise = match &self.m.guard {
                        None => positive,
                        Some(g) => {
                            let g = g.at(d, &[]).b(d);
                            let off = d.not(&g);
                            d.or(&off, &positive)
                        }
                    };
                    self.m.premises.push((
                        format!(
                            "the step of the loop at {} is positive",
                            pos_of(self.src, s)
                        ),
                        premise,
                    ));
                    (b.clone(), e.clone(), i)
                }
                None => return self.unsupported(
                    "range(...) over a runtime bound with a step that is not a positive integer",
                    s,
                ),
            },
            _ => {
                return self.unsupported(
                    "range(...) over a runtime bound with a step that is not a positive constant",
                    s,
                )
            }
        };
        let start = self.scalar_int(d, &start, s)?;
        let end = self.scalar_int(d, &end, s)?;
        // T = ceil((end - start) / step) when start < end, else 0.
        let span = d.sub_i(&end, &start);
        // (`step - 1` folded for a literal step: the trip count's term is what it always was.)
        let up = match d.literal_i(&step) {
            Some(k) => d.lit_i(k - 1),
            None => {
                let one = d.lit_i(1);
                d.sub_i(&step, &one)
            }
        };
        let num = d.add_i(&span, &up);
        let q = d.ediv_i(&num, &step);
        let some = d.lt_i(&start, &end);
        let zero = d.lit_i(0);
        let trip = d.ite_i(&some, &q, &zero);
        let Some(n) = d.known_i(&trip) else {
            return self.summarise(d, f, s, var.id.as_str(), (start, end), trip, step);
        };
        if n > MAX_RUN {
            return self.unsupported(
                format!("a loop of {n} iterations (at most {MAX_RUN} run one by one)"),
                s,
            );
        }
        for i in 0..n {
            let k = d.lit_i(i);
            let k = d.mul_i(&k, &step);
            let v = d.add_i(&start, &k);
            self.assign(&f.target, KVal::Block(Block::splat(Ty::Int, Elem::I(v))))?;
            if let Flow::Return(v) = self.block(d, &f.body)? {
                return Ok(Flow::Return(v));
            }
        }
        Ok(Flow::Next)
    }

    /// A runtime integer scalar (a bound of a range).
    fn scalar_int(&mut self, d: &mut D, v: &KVal<D>, at: &'s Stmt) -> R<D::I> {
        match v {
            KVal::Int(i) => Ok(d.lit_i(*i)),
            KVal::Block(b) if b.shape.is_empty() && matches!(b.ty, Ty::Int | Ty::Bool) => {
                Ok(b.at(d, &[]).i(d))
            }
            other => self.unsupported(
                format!(
                    "a range bound that is a {} (not an integer scalar)",
                    other.kind()
                ),
                at,
            ),
        }
    }

    /// What the loop does to each name it assigns that was bound before it.
    fn roles(&self, body: &'s [Stmt], var: &str, pos: Pos) -> R<Vec<(String, Role<'s>)>> {
        let mut all = Vec::new();
        for s in body {
            for n in assigned(s) {
                if !all.contains(&n) && n != var {
                    all.push(n);
                }
            }
        }
        let assigned_all = all.clone();
        let mut out = Vec::new();
        for n in all {
            let Some(pre) = self.lookup(&n) else {
                out.push((n, Role::Temp));
                continue;
            };
            let writers: Vec<usize> = (0..body.len())
                .filter(|i| assigned(&body[*i]).contains(&n))
                .collect();
            let readers: Vec<usize> = (0..body.len())
                .filter(|i| names(std::slice::from_ref(&body[*i])).contains(&n))
                .collect();
            let fail = |what: &str| {
                Err(super::Unsupported {
                    what: format!("a loop over a runtime range that {what}"),
                    pos,
                })
            };
            if let ([w], Some(r)) = (&writers[..], readers.last()) {
                if let Some((m, u)) = update_of(&body[*w]) {
                    let inner: Vec<String> = match u {
                        Update::Add(e) | Update::Advance(e) | Update::Fold(_, e) => expr_names(e),
                        Update::Dot(a, b) => [expr_names(a), expr_names(b)].concat(),
                    };
                    let ptr = matches!(&pre, KVal::Block(b) if matches!(b.ty, Ty::Ptr(_)))
                        || matches!(&pre, KVal::BlockPtr(_));
                    // An integer induction variable (`offs += BLOCK`, read before its bump):
                    // stepped by a loop-invariant value, it is `x0 + t*s` as a pointer is.
                    let integer = matches!(&pre, KVal::Int(_))
                        || matches!(&pre, KVal::Block(b) if b.ty == Ty::Int);
                    let induction = integer
                        && readers.len() > 1
                        && matches!(u, Update::Add(_))
                        && !inner.iter().any(|x| x == var || assigned_all.contains(x));
                    // An accumulator is read only by its update; a pointer or an induction
                    // variable also before its bump (those reads see `x0 + t*s`).
                    let reads_ok = w == r && (ptr || induction || readers.len() == 1);
                    if m == n && reads_ok && !inner.contains(&n) {
                        match (ptr || induction, u) {
                            (true, Update::Add(e)) => {
                                if inner.iter().any(|x| x == var || assigned_all.contains(x)) {
                                    return fail(&format!(
                                        "bumps the pointer `{n}` by a step that changes in the loop"
                                    ));
                                }
                                out.push((n, Role::Bump(*w, e)));
                            }
                            (true, Update::Advance(e)) => {
                                if inner.iter().any(|x| x == var || assigned_all.contains(x)) {
                                    return fail(&format!(
                                        "advances the block pointer `{n}` by offsets that change in the loop"
                                    ));
                                }
                                out.push((n, Role::Advance(*w, e)));
                            }
                            (false, Update::Advance(_)) => {
                                return fail(&format!(
                                    "advances `{n}`, which is not a block pointer"
                                ))
                            }
                            (true, Update::Dot(..)) => {
                                return fail(&format!(
                                    "accumulates a dot product into the pointer `{n}`"
                                ))
                            }
                            (true, Update::Fold(..)) => {
                                return fail(&format!(
                                    "takes a running maximum or minimum into the pointer `{n}`"
                                ))
                            }
                            (false, u) => out.push((n, Role::Acc(*w, u))),
                        }
                        continue;
                    }
                }
            }
            // A running max or min selected by a comparison named before the update.
            if let [w] = writers[..] {
                if let Some((r, g)) = named_select_fold(body, w, &n) {
                    out.push((n, Role::Acc(w, Update::Fold(r, g))));
                    continue;
                }
            }
            // A running sum read after its update and never before it (a prefix sum stored
            // each iteration: `c = c + x; tl.store(p + i, c)`).
            if let [w] = writers[..] {
                if let Some((m, Update::Add(e))) = update_of(&body[w]) {
                    let number = matches!(&pre, KVal::Int(_) | KVal::Float(..))
                        || matches!(&pre, KVal::Block(b) if matches!(b.ty, Ty::Int | Ty::Real));
                    if m == n
                        && number
                        && readers.first() == Some(&w)
                        && !expr_names(e).contains(&n)
                    {
                        out.push((n, Role::Prefix(w, e)));
                        continue;
                    }
                }
            }
            // Assigned (from values not reading it) before any read: a temporary; or bound
            // afresh inside the one statement of the body that mentions it (a nested loop's
            // variable, a name assigned first in a nested loop's body).
            let first = readers.first().copied();
            let shadowed = first.is_some_and(|i| match &body[i] {
                Stmt::Assign(_) => binds_first(&body[i], &n),
                other => readers.len() == 1 && binds_first(other, &n),
            });
            if shadowed {
                out.push((n, Role::Temp));
                continue;
            }
            if let Some(r) = super::online::run_max(body, &n) {
                out.push((n, Role::Max(r)));
                continue;
            }
            if let Some(r) = super::online::rescaled(body, &n) {
                out.push((n, Role::Rescaled(r)));
                continue;
            }
            let number = matches!(&pre, KVal::Int(_) | KVal::Float(..))
                || matches!(&pre, KVal::Block(b) if matches!(b.ty, Ty::Int | Ty::Real));
            if let (true, Some(i), true) = (number, first, only_added(body, &n)) {
                out.push((n, Role::Nested(i)));
                continue;
            }
            if let Some(other) = paired_selection(body, &n) {
                return fail(&format!(
                    "selects `{n}` and `{other}` together by one comparison (a running maximum \
                     or minimum carried with its index, an argmax or argmin: not modelled)"
                ));
            }
            return fail(&format!(
                "updates `{n}` other than by adding to it once (`{n} += ...`, `{n}` read nowhere else in the loop)"
            ));
        }
        Ok(out)
    }

    /// Runs the body once at a fresh iteration and binds what the loop leaves behind.
    #[allow(clippy::too_many_arguments)]
    fn summarise(
        &mut self,
        d: &mut D,
        f: &'s ast::StmtFor,
        s: &'s Stmt,
        var: &str,
        (start, end): (D::I, D::I),
        trip: D::I,
        step: D::I,
    ) -> R<Flow<D>> {
        let pos = pos_of(self.src, s);
        let roles = self.roles(&f.body, var, pos)?;
        let t = d.fresh_i("t");
        self.m.loops.push(t.clone());
        self.m.trips.push(trip.clone());
        let zero = d.lit_i(0);
        // `t < T` as `start + t*step < end`: the same for `t >= 0` and `step > 0`, and linear.
        let lo = d.le_i(&zero, &t);
        let stp = step;
        let at = d.mul_i(&t, &stp);
        let at = d.add_i(&start, &at);
        let hi = d.lt_i(&at, &end);
        let in_range = d.and(&lo, &hi);
        let in_range = Block::splat(Ty::Bool, Elem::B(in_range));
        let saved_guard = self.m.guard.clone();
        let t_block = Block::splat(Ty::Int, Elem::I(t.clone()));
        let trip_block = Block::splat(Ty::Int, Elem::I(trip.clone()));
        // Bumped pointers: the start and the step, evaluated before the loop.
        let mut bumps = Vec::new();
        for (n, role) in &roles {
            if let Role::Bump(_, step) = role {
                let p0 = self.lookup(n).and_then(|v| v.block()).expect("a pointer");
                let st = self.expr(d, step)?;
                let st = self.block_of(&st, *step)?;
                if !matches!(p0.ty, Ty::Ptr(_)) && st.ty != Ty::Int {
                    return self.unsupported(
                        format!("a loop over a runtime range that steps the integer `{n}` by a value that is not an integer"),
                        *step,
                    );
                }
                bumps.push((n.clone(), p0, st));
            }
        }
        // Advanced block pointers: the start and the offsets, evaluated before the loop.
        let mut advances = Vec::new();
        for (n, role) in &roles {
            if let Role::Advance(_, by) = role {
                let p0 = self.lookup(n).expect("bound before the loop");
                let by_v = self.expr(d, by)?;
                advances.push((n.clone(), p0, by_v));
            }
        }
        let base = self.env.len();
        let guard = match &saved_guard {
            None => in_range,
            Some(g) => self
                .lift(ops::logic(Logic::And, g, &in_range), s)?
                .block()
                .expect("a block"),
        };
        self.m.guard = Some(guard);
        let off = d.mul_i(&t, &stp);
        let v = d.add_i(&start, &off);
        self.after_loop.retain(|(x, _)| x != var);
        self.env.push((
            var.to_string(),
            KVal::Block(Block::splat(Ty::Int, Elem::I(v))),
        ));
        for (n, p0, st) in &bumps {
            let at_t = self.lift(ops::arith(Arith::Mul, &t_block, st), s)?;
            let at_t = self.lift(
                ops::arith(Arith::Add, p0, &at_t.block().expect("a block")),
                s,
            )?;
            self.env.push((n.clone(), at_t));
        }
        for (n, p0, by) in &advances {
            let at_t = crate::bptr::advance_times(p0, by, &t_block)
                .map_err(|what| super::Unsupported { what, pos })?;
            self.env.push((n.clone(), at_t));
        }
        let mut increments = Vec::new();
        // Accumulators added to under branches or in nested loops: 0 in the body, whose run
        // leaves in them what one iteration adds.
        for (n, role) in &roles {
            if let Role::Nested(i) = role {
                let init = self.lookup(n).expect("bound before the loop");
                let init = self.block_of(&init, &f.body[*i])?;
                let zero = match init.ty {
                    Ty::Int => KVal::Int(0),
                    _ => KVal::Float(0, 1),
                };
                let zero = zero.block().expect("a number").broadcast_to(&init.shape);
                self.env.push((n.clone(), KVal::Block(zero)));
            }
        }
        // Running maxima: bound to their value at iteration `t`; their value after the loop.
        // (name, value at iteration t, after the iteration, after the loop, before the loop)
        #[allow(clippy::type_complexity)]
        let mut maxima: Vec<(String, Block<D>, Option<Block<D>>, Block<D>, Block<D>)> = Vec::new();
        let mut rescaled = Vec::new();
        let writers: Vec<usize> = roles
            .iter()
            .flat_map(|(_, r)| match r {
                Role::Acc(w, _) | Role::Bump(w, _) | Role::Advance(w, _) | Role::Prefix(w, _) => {
                    vec![*w]
                }
                Role::Max(m) => vec![m.writer],
                Role::Rescaled(m) => [Some(m.writer), m.pre].into_iter().flatten().collect(),
                Role::Temp | Role::Nested(_) => vec![],
            })
            .collect();
        let result = (|| -> R<()> {
            for (n, role) in &roles {
                let Role::Max(r) = role else { continue };
                let (m0, at_t, at_end) =
                    self.running_max(d, &f.body, n, *r, &writers, &t, &trip)?;
                self.env.push((n.clone(), KVal::Block(at_t.clone())));
                maxima.push((n.clone(), at_t, None, at_end, m0));
            }
            for (i, st) in f.body.iter().enumerate() {
                let role = roles.iter().find(|(_, r)| match r {
                    Role::Acc(w, _)
                    | Role::Bump(w, _)
                    | Role::Advance(w, _)
                    | Role::Prefix(w, _) => *w == i,
                    Role::Max(m) => m.writer == i,
                    Role::Rescaled(m) => m.writer == i || m.pre == Some(i),
                    Role::Temp | Role::Nested(_) => false,
                });
                match role {
                    Some((n, Role::Max(_))) => {
                        self.stmt(d, st)?;
                        let next = self.lookup(n).expect("just assigned");
                        let next = ops::to_real(&self.block_of(&next, st)?);
                        if let Some(m) = maxima.iter_mut().find(|m| m.0 == *n) {
                            m.2 = Some(next);
                        }
                    }
                    // The scaling statement of a rescale written in two (`acc = acc *
                    // alpha[:, None]`, then `acc += ...`): read at the second.
                    Some((_, Role::Rescaled(r))) if r.pre == Some(i) => {}
                    Some((n, Role::Rescaled(r))) => {
                        let fa = self.expr(d, r.factor)?;
                        let fa = self.block_of(&fa, r.factor)?;
                        let ad = match r.add {
                            Update::Add(e) => {
                                let ad = self.expr(d, e)?;
                                self.block_of(&ad, e)?
                            }
                            Update::Dot(a, b) => {
                                let x = self.expr(d, a)?;
                                let x = self.block_of(&x, a)?;
                                let y = self.expr(d, b)?;
                                let y = self.block_of(&y, b)?;
                                self.lift(ops::dot(&x, &y), st)?.block().expect("a block")
                            }
                            Update::Advance(_) | Update::Fold(..) => {
                                unreachable!("a rescaled sum adds")
                            }
                        };
                        let guard = match r.guard {
                            Some(g) => {
                                let gv = self.expr(d, g)?;
                                Some(self.block_of(&gv, g)?)
                            }
                            None => None,
                        };
                        rescaled.push((n.clone(), fa, ad, guard, st));
                    }
                    Some((n, Role::Prefix(_, e))) => {
                        let g = self.expr(d, e)?;
                        let g = self.block_of(&g, *e)?;
                        let init = self.lookup(n).expect("bound before the loop");
                        let init = ops::to_real(&self.block_of(&init, st)?);
                        let one = d.lit_i(1);
                        let upto = d.add_i(&t, &one);
                        let now = self.summed(n, (&init, &g), (&t, &upto), st)?;
                        self.env.push((n.clone(), KVal::Block(now)));
                        increments.push((n.clone(), g, i, None));
                    }
                    Some((n, Role::Acc(_, u))) => {
                        let fold = match u {
                            Update::Fold(r, _) => Some(*r),
                            _ => None,
                        };
                        let g = match u {
                            Update::Add(e) | Update::Fold(_, e) => {
                                let g = self.expr(d, e)?;
                                self.block_of(&g, *e)?
                            }
                            Update::Advance(_) => unreachable!("advances are not accumulators"),
                            Update::Dot(a, b) => {
                                let x = self.expr(d, a)?;
                                let x = self.block_of(&x, *a)?;
                                let y = self.expr(d, b)?;
                                let y = self.block_of(&y, *b)?;
                                self.lift(ops::dot(&x, &y), st)?.block().expect("a block")
                            }
                        };
                        increments.push((n.clone(), g, i, fold));
                    }
                    Some(_) => {}
                    None => {
                        if let Flow::Return(_) = self.stmt(d, st)? {
                            return self
                                .unsupported("`return` inside a loop over a runtime range", st);
                        }
                    }
                }
            }
            for (n, role) in &roles {
                if let Role::Nested(i) = role {
                    let g = self.lookup(n).expect("bound before the loop");
                    let g = self.block_of(&g, &f.body[*i])?;
                    increments.push((n.clone(), g, *i, None));
                }
            }
            Ok(())
        })();
        self.env.truncate(base);
        self.m.guard = saved_guard;
        result?;
        for (n, p0, st) in bumps {
            let end = self.lift(ops::arith(Arith::Mul, &trip_block, &st), s)?;
            let end = self.lift(
                ops::arith(Arith::Add, &p0, &end.block().expect("a block")),
                s,
            )?;
            self.env.push((n, end));
        }
        for (n, p0, by) in advances {
            let end = crate::bptr::advance_times(&p0, &by, &trip_block)
                .map_err(|what| super::Unsupported { what, pos })?;
            self.env.push((n, end));
        }
        for (n, factor, add, guard, st) in rescaled {
            let [(_, m_t, Some(m_next), m_end, m0)] = &maxima[..] else {
                return self.unsupported(
                    format!("a loop over a runtime range that rescales `{n}` without exactly one running maximum"),
                    st,
                );
            };
            let d0 = self.lookup(&n).expect("bound before the loop");
            let d0 = self.block_of(&d0, st)?;
            let total = self.rescaled_total(
                d,
                st,
                (&d0, &factor, &add, guard.as_ref()),
                (m0, m_t, m_next, m_end),
                &t,
                &trip,
            )?;
            self.env.push((n, KVal::Block(total)));
        }
        for (n, _, _, end, _) in maxima {
            self.env.push((n, KVal::Block(end)));
        }
        for (n, g, i, fold) in increments {
            let init = self.lookup(&n).expect("bound before the loop");
            let init = self.block_of(&init, &f.body[i])?;
            if let Some(r) = fold {
                let at = &f.body[i];
                let total = match r {
                    tensor::Reducer::And | tensor::Reducer::Or => {
                        self.folded_logic(&n, (&init, &g), r, (&t, &trip), at)?
                    }
                    _ => self.folded(&n, (&ops::to_real(&init), &g), r, (&t, &trip), at)?,
                };
                self.env.push((n, KVal::Block(total)));
                continue;
            }
            let total = self.summed(&n, (&ops::to_real(&init), &g), (&t, &trip), &f.body[i])?;
            self.env.push((n, KVal::Block(total)));
        }
        for (n, role) in &roles {
            if matches!(role, Role::Temp) {
                self.after_loop.push((n.clone(), pos));
            }
        }
        self.after_loop.push((var.to_string(), pos));
        Ok(Flow::Next)
    }

    /// `init + Σ_{t < T} g(t)` lane by lane, the sum over the iterations an atom
    /// (`ops::sum_along`).
    fn summed(
        &mut self,
        n: &str,
        (init, g): (&Block<D>, &Block<D>),
        (t, trip): (&D::I, &D::I),
        at: &'s Stmt,
    ) -> R<Block<D>> {
        if crate::value::broadcast_shape(&init.shape, &g.shape)
            .ok()
            .as_ref()
            != Some(&init.shape)
        {
            return self.unsupported(
                format!(
                    "`{n}` of shape {:?} accumulates a block of shape {:?}",
                    init.shape, g.shape
                ),
                at,
            );
        }
        let g = g.broadcast_to(&init.shape);
        let (init, t, trip) = (init.clone(), t.clone(), trip.clone());
        Ok(Block::new(
            init.shape.clone(),
            Ty::Real,
            move |d: &mut D, lane| {
                let i0 = init.at(d, lane).v(d);
                let (g, t, lane) = (g.clone(), t.clone(), lane.to_vec());
                let mut body = move |d: &mut D, it: &D::I| -> D::V {
                    let v = g.at(d, &lane).v(d);
                    d.subst_v(&v, &t, it)
                };
                Elem::V(ops::sum_along(d, trip.clone(), &i0, &mut body))
            },
        ))
    }

    /// A running conjunction (`acc = acc and c`, `acc &= c`) or disjunction of conditions
    /// after the loop, as a count: a disjunction holds where some of its conditions (`init`
    /// and each iteration's) holds, `Σ [c] > 0`; a conjunction where none fails, `Σ [!c] <=
    /// 0` (`[c]` is 1 where `c` holds, else 0). The count is a loop's sum, whose lanes that
    /// add 0 take no part (a padding lane loading a neutral value), and is kept for a
    /// `tl.reduce` of the conditions by the same connective after the loop
    /// (`Interp::indicators`): one count over the iterations and the tile's lanes. A bitwise
    /// `&` of integers is no conjunction: unsupported.
    fn folded_logic(
        &mut self,
        n: &str,
        (init, g): (&Block<D>, &Block<D>),
        r: tensor::Reducer,
        (t, trip): (&D::I, &D::I),
        at: &'s Stmt,
    ) -> R<Block<D>> {
        if init.ty != Ty::Bool || g.ty != Ty::Bool {
            return self.unsupported(
                format!(
                    "a loop over a runtime range that takes a running bitwise {} into `{n}` \
                     of values that are not conditions",
                    r.name()
                ),
                at,
            );
        }
        let all = r == tensor::Reducer::And;
        let counted = |x: &Block<D>| {
            let x = x.clone();
            Block::new(x.shape.clone(), Ty::Real, move |d: &mut D, lane| {
                let c = x.at(d, lane).b(d);
                let c = if all { d.not(&c) } else { c };
                Elem::V(Elem::<D>::B(c).v(d))
            })
        };
        let count = self.summed(n, (&counted(init), &counted(g)), (t, trip), at)?;
        let zero = self.block_of(&KVal::Int(0), at)?;
        let cmp = if all { ops::Cmp::Le } else { ops::Cmp::Gt };
        let holds = self.lift(ops::compare(cmp, &count, &zero), at)?;
        let holds = holds.block().expect("a comparison is a block");
        self.indicators.push((holds.f.clone(), r, count));
        Ok(holds)
    }

    /// A running maximum or minimum after the loop: `max(init, max_{t < T} g(t))` lane by
    /// lane, the reduction over the iterations an atom like a loop's sum (a lane of `g` that
    /// is `-inf` for a max, a masked lane loaded with `other=-float("inf")`, takes no part;
    /// with none left, the fold is `init`); a running product of floats alike, `init *
    /// product_{t < T} g(t)` (lanes that may be NaN or infinite leave it undecided).
    fn folded(
        &mut self,
        n: &str,
        (init, g): (&Block<D>, &Block<D>),
        r: tensor::Reducer,
        (t, trip): (&D::I, &D::I),
        at: &'s Stmt,
    ) -> R<Block<D>> {
        if r == tensor::Reducer::Product && (init.ty != Ty::Real || g.ty != Ty::Real) {
            return self.unsupported(
                format!(
                    "a loop over a runtime range that takes a running product into `{n}` of \
                     {} values (a product of integers may wrap)",
                    if init.ty == Ty::Real {
                        g.ty.name()
                    } else {
                        init.ty.name()
                    }
                ),
                at,
            );
        }
        let g = ops::to_real(g);
        if crate::value::broadcast_shape(&init.shape, &g.shape)
            .ok()
            .as_ref()
            != Some(&init.shape)
        {
            return self.unsupported(
                format!(
                    "`{n}` of shape {:?} takes a running {} of a block of shape {:?}",
                    init.shape,
                    r.name(),
                    g.shape
                ),
                at,
            );
        }
        let g = g.broadcast_to(&init.shape);
        let (init, t, trip) = (init.clone(), t.clone(), trip.clone());
        Ok(ops::memoized(Block::new(
            init.shape.clone(),
            Ty::Real,
            move |d: &mut D, lane| {
                let i0 = init.at(d, lane);
                let e = g.at(d, lane);
                let red = d.reduction(r, &trip, &mut |d: &mut D, it: &D::I| {
                    crate::value::subst_elem(d, &e, &t, it)
                });
                match r {
                    tensor::Reducer::Product => crate::ext::mul(d, &i0, &red),
                    _ => crate::ext::max_min(d, r == tensor::Reducer::Max, &i0, &red),
                }
            },
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::{named_select_fold, paired_selection, select_max_min};
    use tensor::Reducer;

    fn reducer_of(src: &str) -> Option<Reducer> {
        let e = ruff_python_parser::parse_expression(src).expect("an expression");
        select_max_min(&e.syntax().body, &|_| None).map(|(r, _, _)| r)
    }

    #[test]
    fn a_selection_by_comparison_is_a_max_or_min() {
        assert_eq!(reducer_of("tl.where(v > acc, v, acc)"), Some(Reducer::Max));
        assert_eq!(reducer_of("tl.where(v >= acc, v, acc)"), Some(Reducer::Max));
        assert_eq!(reducer_of("tl.where(acc < v, v, acc)"), Some(Reducer::Max));
        assert_eq!(reducer_of("tl.where(v > acc, acc, v)"), Some(Reducer::Min));
        assert_eq!(reducer_of("tl.where(v < acc, v, acc)"), Some(Reducer::Min));
        assert_eq!(reducer_of("tl.where(acc <= v, acc, v)"), Some(Reducer::Min));
        // Operands of the comparison that are not the branches, or an equality: no fold.
        assert_eq!(reducer_of("tl.where(v > 0, v, acc)"), None);
        assert_eq!(reducer_of("tl.where(v == acc, v, acc)"), None);
        assert_eq!(reducer_of("tl.where(v > acc, v + 1, acc)"), None);
    }

    fn body(src: &str) -> Vec<ruff_python_ast::Stmt> {
        ruff_python_parser::parse_module(src)
            .expect("a module")
            .into_syntax()
            .body
            .to_vec()
    }

    #[test]
    fn a_named_comparison_read_by_the_update_alone_is_a_fold() {
        let b = body("v = f(t)\nup = v < low\nlow = tl.where(up, v, low)\n");
        let got = named_select_fold(&b, 2, "low").map(|(r, _)| r);
        assert_eq!(got, Some(Reducer::Min));
        // `v` reassigned between the comparison and the update: not the same values.
        let b = body("v = f(t)\nup = v < low\nv = v + 1\nlow = tl.where(up, v, low)\n");
        assert!(named_select_fold(&b, 3, "low").is_none());
        // The comparison also selects an index: a pair, no fold.
        let b = body("up = v > best\nbest = tl.where(up, v, best)\narg = tl.where(up, t, arg)\n");
        assert!(named_select_fold(&b, 1, "best").is_none());
        assert_eq!(paired_selection(&b, "best").as_deref(), Some("arg"));
    }
}
