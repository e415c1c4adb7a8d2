//! The launcher's statements, each read or named: assignments (also augmented, annotated and
//! to a tuple's element), `assert`s read as facts on the sizes, `if`s taken when their
//! condition is known, split into cases ([`HostModel::cases`]) when it is a comparison of
//! sizes or a condition on devices, dtypes and flags that no size decides, and `with` bodies
//! read inline. A statement the model cannot read and that can change the launch (an `assert`
//! it cannot read, an `if` on an unread condition that raises or returns, an in-place change
//! of a tensor's shape) makes the launcher unreadable, naming it: never skipped silently.

use super::*;

/// What a launcher condition denotes.
#[derive(Clone, Debug)]
pub(super) enum CondVal {
    Known(bool),
    /// A comparison of sizes.
    Sizes(HExpr, HCmp, HExpr),
    /// A condition no size decides (a device, a dtype, `x is None` of a parameter, a call of
    /// a function not in the file that reads no size): every path is possible at every size.
    Opaque,
    /// `x.is_contiguous()` (or its negation, `false`) of the caller's tensor `x`: no size
    /// decides it; on the path where it holds, `x` is contiguous.
    Layout(usize, bool),
    /// Not read.
    Unread,
}

impl CondVal {
    fn not(self) -> CondVal {
        match self {
            CondVal::Known(b) => CondVal::Known(!b),
            CondVal::Sizes(a, op, b) => match op {
                HCmp::Lt => CondVal::Sizes(b, HCmp::Le, a),
                HCmp::Le => CondVal::Sizes(b, HCmp::Lt, a),
                HCmp::Eq => CondVal::Sizes(a, HCmp::Ne, b),
                HCmp::Ne => CondVal::Sizes(a, HCmp::Eq, b),
            },
            CondVal::Layout(t, holds) => CondVal::Layout(t, !holds),
            other => other,
        }
    }
}

/// In-place methods that change a tensor's shape or strides (the model reads shapes once).
const SHAPE_MUTATORS: &[&str] = &[
    "resize_",
    "resize_as_",
    "unsqueeze_",
    "squeeze_",
    "transpose_",
    "t_",
    "as_strided_",
    "set_",
    "swapaxes_",
    "swapdims_",
];

/// Methods that change a Python list in place.
const LIST_MUTATORS: &[&str] = &[
    "append", "extend", "insert", "pop", "remove", "clear", "reverse",
];

/// Whether a statement list ends the function or raises before reaching what follows.
fn stops(body: &[Stmt]) -> bool {
    matches!(body.last(), Some(Stmt::Raise(_) | Stmt::Return(_)))
}

/// Whether `s` raises or returns anywhere inside it.
fn may_stop(s: &Stmt) -> bool {
    use ruff_python_ast::visitor::{walk_stmt, Visitor};
    struct V(bool);
    impl<'a> Visitor<'a> for V {
        fn visit_stmt(&mut self, s: &'a Stmt) {
            match s {
                Stmt::Raise(_) | Stmt::Return(_) => self.0 = true,
                Stmt::FunctionDef(_) => {}
                s => walk_stmt(self, s),
            }
        }
    }
    let mut v = V(false);
    v.visit_stmt(s);
    v.0
}

impl Host<'_> {
    /// The source text of a node.
    pub(super) fn text(&self, r: &impl Ranged) -> String {
        self.src[r.range().start().to_usize()..r.range().end().to_usize()].to_string()
    }

    pub(super) fn stmt(&mut self, s: &Stmt) -> R<()> {
        match s {
            Stmt::Assert(a) => self.assert_stmt(&a.test),
            Stmt::FunctionDef(f) => {
                self.set(f.name.id.as_str(), HVal::Func(Box::new(f.clone())));
                Ok(())
            }
            Stmt::If(i) => self.if_stmt(i),
            // A context manager (a device guard, `torch.no_grad()`) runs its body once.
            Stmt::With(w) => {
                for b in &w.body {
                    self.stmt(b)?;
                }
                Ok(())
            }
            Stmt::For(_) | Stmt::While(_) | Stmt::Try(_) | Stmt::Match(_) => {
                // What a loop or a `try` assigns is not read: such names become unreadable
                // (their value depends on the path), never the value before it.
                let at = pos_of(self.src, s);
                for n in assigned_names(s) {
                    self.set(
                        &n,
                        HVal::Unreadable("a value assigned under a loop or a `try`".into(), at),
                    );
                }
                self.effects_in(s)
            }
            Stmt::Assign(a) => {
                let v = self.value(&a.value);
                for t in &a.targets {
                    self.assign(t, &v);
                }
                Ok(())
            }
            Stmt::AnnAssign(a) => {
                if let Some(e) = &a.value {
                    let v = self.value(e);
                    self.assign(&a.target, &v);
                }
                Ok(())
            }
            // `n += 1`: read as `n = n + 1`.
            Stmt::AugAssign(a) => {
                let v = match (self.expr(&a.target), self.expr(&a.value)) {
                    (Ok(x), Ok(y)) => self.arith(a.op, x, y, &*a.value),
                    (Err((why, at)), _) | (_, Err((why, at))) => HVal::Unreadable(why, at),
                };
                self.assign(&a.target, &v);
                Ok(())
            }
            Stmt::Expr(e) => self.effect(&e.value),
            _ => Ok(()),
        }
    }

    /// A value, or why it is not read.
    fn value(&mut self, e: &Expr) -> HVal {
        self.expr(e)
            .unwrap_or_else(|(why, at)| HVal::Unreadable(why, at))
    }

    /// A call made for its effect: an in-place change of a tensor's shape is not read (the
    /// launcher is unreadable); a list changed in place becomes unreadable; other calls
    /// (launches of other kernels, `y.zero_()`, logging) change values only, which the model
    /// takes as the kernel's inputs at the launch.
    fn effect(&mut self, e: &Expr) -> R<()> {
        let Expr::Call(c) = e else { return Ok(()) };
        if let Expr::Attribute(at) = &*c.func {
            let m = at.attr.id.as_str();
            if SHAPE_MUTATORS.contains(&m) {
                return self.err(
                    format!(
                        "the launcher's `{}` changes a tensor's shape in place, which the model does not read",
                        self.text(e)
                    ),
                    e,
                );
            }
            if LIST_MUTATORS.contains(&m) {
                if let Some(name) = dotted(&at.value) {
                    if matches!(self.lookup(&name), Some(HVal::Tuple(_))) {
                        let why = format!("a list changed in place by `{}`", self.text(e));
                        self.set(&name, HVal::Unreadable(why, pos_of(self.src, e)));
                    }
                }
            }
        }
        Ok(())
    }

    /// The effects of the calls anywhere in `s` (a loop's body).
    fn effects_in(&mut self, s: &Stmt) -> R<()> {
        use ruff_python_ast::visitor::{walk_stmt, Visitor};
        struct V<'a>(Vec<&'a Expr>);
        impl<'a> Visitor<'a> for V<'a> {
            fn visit_stmt(&mut self, s: &'a Stmt) {
                match s {
                    Stmt::Expr(e) => self.0.push(&e.value),
                    Stmt::FunctionDef(_) => {}
                    s => walk_stmt(self, s),
                }
            }
        }
        let mut v = V(vec![]);
        v.visit_stmt(s);
        for e in v.0 {
            if let Expr::Call(c) = e {
                if let Expr::Attribute(at) = &*c.func {
                    if SHAPE_MUTATORS.contains(&at.attr.id.as_str()) {
                        return self.effect(e);
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether `e` reads no size: no `.shape`, `numel()`, `size()`, `stride()`, `dim()`, no
    /// launcher value that is a size expression, a tensor or an unread parameter (other than
    /// as `p is None`).
    fn size_free(&self, e: &Expr) -> bool {
        use ruff_python_ast::visitor::{walk_expr, Visitor};
        struct V<'h, 's> {
            h: &'h Host<'s>,
            free: bool,
        }
        impl<'a> Visitor<'a> for V<'_, '_> {
            fn visit_expr(&mut self, e: &'a Expr) {
                match e {
                    Expr::Attribute(at)
                        if matches!(at.attr.id.as_str(), "shape" | "ndim" | "T" | "mT") =>
                    {
                        self.free = false;
                    }
                    // `p is None`: a parameter given or not, whatever the sizes.
                    Expr::Compare(c)
                        if c.ops
                            .iter()
                            .all(|o| matches!(o, ast::CmpOp::Is | ast::CmpOp::IsNot))
                            && c.comparators
                                .iter()
                                .all(|x| matches!(x, Expr::NoneLiteral(_))) => {}
                    Expr::Call(c) if dotted(&c.func).as_deref() == Some("isinstance") => {}
                    Expr::Call(c) => {
                        if let Expr::Attribute(at) = &*c.func {
                            if matches!(
                                at.attr.id.as_str(),
                                "numel" | "size" | "stride" | "dim" | "nelement" | "element_size"
                            ) {
                                self.free = false;
                            }
                            // The receiver of a method (`x.is_contiguous()`) is not read as a
                            // value; its arguments are.
                            for a in &c.arguments.args {
                                self.visit_expr(a);
                            }
                            return;
                        }
                        walk_expr(self, e);
                    }
                    Expr::Attribute(_) => {}
                    Expr::Name(n) => match self.h.lookup(n.id.as_str()) {
                        // A tensor given to a function not read may have its size read.
                        Some(HVal::Tensor(_)) => self.free = false,
                        Some(HVal::Int(x)) if !x.sizes().is_empty() => self.free = false,
                        Some(HVal::Param(_) | HVal::Tuple(_) | HVal::Unreadable(..)) => {
                            self.free = false
                        }
                        _ => {}
                    },
                    _ => walk_expr(self, e),
                }
            }
        }
        let mut v = V {
            h: self,
            free: true,
        };
        v.visit_expr(e);
        v.free
    }

    /// What a condition of the launcher denotes.
    pub(super) fn condition(&mut self, e: &Expr) -> CondVal {
        match e {
            Expr::UnaryOp(u) if matches!(u.op, ast::UnaryOp::Not) => {
                self.condition(&u.operand).not()
            }
            Expr::BoolOp(b) => {
                let and = matches!(b.op, ast::BoolOp::And);
                let parts: Vec<CondVal> = b.values.iter().map(|v| self.condition(v)).collect();
                // `a and b` is `not (not a or not b)`: read both as an `or` of the parts.
                let parts: Vec<CondVal> = if and {
                    parts.into_iter().map(CondVal::not).collect()
                } else {
                    parts
                };
                let mut open: Vec<CondVal> = Vec::new();
                for p in parts {
                    match p {
                        CondVal::Known(true) => return CondVal::Known(true).maybe_not(and),
                        CondVal::Known(false) => {}
                        p => open.push(p),
                    }
                }
                let out = match open.len() {
                    0 => CondVal::Known(false),
                    1 => open.pop().expect("one"),
                    _ if open
                        .iter()
                        .all(|p| matches!(p, CondVal::Opaque | CondVal::Layout(..))) =>
                    {
                        CondVal::Opaque
                    }
                    _ => CondVal::Unread,
                };
                out.maybe_not(and)
            }
            Expr::Compare(c)
                if c.ops.len() == 1
                    && matches!(c.ops[0], ast::CmpOp::Is | ast::CmpOp::IsNot)
                    && matches!(c.comparators[0], Expr::NoneLiteral(_)) =>
            {
                let is = matches!(c.ops[0], ast::CmpOp::Is);
                match self.expr(&c.left) {
                    Ok(HVal::Tensor(_) | HVal::Int(_) | HVal::Tuple(_) | HVal::Float(..))
                    | Ok(HVal::Bool(_) | HVal::Str(_)) => CondVal::Known(!is),
                    _ => CondVal::Opaque,
                }
            }
            Expr::Call(c) if c.arguments.args.is_empty() && c.arguments.keywords.is_empty() => {
                match self.caller_is_contiguous(c) {
                    Some(t) => CondVal::Layout(t, true),
                    None => self.value_condition(e),
                }
            }
            _ => self.value_condition(e),
        }
    }

    /// The tensor whose shape `e` is (`x.shape`, `x.size()`, `tuple(x.shape)`).
    fn shape_owner(&mut self, e: &Expr) -> Option<usize> {
        match e {
            Expr::Attribute(at) if at.attr.id.as_str() == "shape" => {
                self.tensor(&at.value).ok().flatten()
            }
            Expr::Call(c) => match (&*c.func, &c.arguments.args[..]) {
                (Expr::Attribute(at), []) if matches!(at.attr.id.as_str(), "size" | "numel") => {
                    self.tensor(&at.value).ok().flatten()
                }
                (Expr::Name(n), [one]) if n.id.as_str() == "tuple" => self.shape_owner(one),
                _ => None,
            },
            _ => None,
        }
    }

    /// `x.is_contiguous()` of the caller's tensor `x`: the tensor.
    fn caller_is_contiguous(&mut self, c: &ast::ExprCall) -> Option<usize> {
        let Expr::Attribute(at) = &*c.func else {
            return None;
        };
        if at.attr.id.as_str() != "is_contiguous" {
            return None;
        }
        let t = self.tensor(&at.value).ok()??;
        matches!(self.m.tensors[t].layout, Layout::Caller(_)).then_some(t)
    }

    /// A condition read as a value of the launcher.
    fn value_condition(&mut self, e: &Expr) -> CondVal {
        match self.expr(e) {
            Ok(HVal::Bool(b)) => CondVal::Known(b),
            Ok(HVal::Cond(a, op, b)) => CondVal::Sizes(a, op, b),
            Ok(HVal::Int(x)) => match x.literal() {
                Some(v) => CondVal::Known(v != 0),
                None => CondVal::Sizes(x, HCmp::Ne, HExpr::Lit(0)),
            },
            _ if self.size_free(e) => CondVal::Opaque,
            _ => CondVal::Unread,
        }
    }

    /// `assert test`: comparisons of sizes and equal shapes become facts (named in the
    /// verdict); conditions on devices and dtypes hold at every size; anything else makes the
    /// launcher unreadable, naming the assert.
    fn assert_stmt(&mut self, test: &Expr) -> R<()> {
        if let Expr::BoolOp(b) = test {
            if matches!(b.op, ast::BoolOp::And) {
                for v in &b.values {
                    self.assert_stmt(v)?;
                }
                return Ok(());
            }
        }
        let text = self.text(test);
        if let Expr::Compare(c) = test {
            if c.ops.len() == 1 && matches!(c.ops[0], ast::CmpOp::Eq | ast::CmpOp::NotEq) {
                let (l, r) = (self.expr(&c.left)?, self.expr(&c.comparators[0])?);
                if let (HVal::Tuple(l), HVal::Tuple(r)) = (&l, &r) {
                    if matches!(c.ops[0], ast::CmpOp::Eq) {
                        return self.equal_shapes(test, &c.left, l, &c.comparators[0], r);
                    }
                }
            }
        }
        match self.condition(test) {
            CondVal::Known(true) => Ok(()),
            CondVal::Known(false) => self.err(
                format!("the launcher's `assert {text}` fails on the shapes the model reads"),
                test,
            ),
            CondVal::Sizes(a, op, b) => {
                self.m
                    .assumptions
                    .push(format!("the launcher's `assert {text}` holds"));
                self.m.facts.push((a, op, b));
                Ok(())
            }
            // Past the assert, the caller's tensor is contiguous.
            CondVal::Layout(t, true) => {
                self.m.tensors[t].layout = Layout::Read;
                Ok(())
            }
            CondVal::Opaque | CondVal::Layout(_, false) => {
                self.m.assumptions.push(format!(
                    "the launcher's `assert {text}` holds (a condition on no size)"
                ));
                Ok(())
            }
            CondVal::Unread => {
                self.err(format!("the launcher's `assert {text}` is not read"), test)
            }
        }
    }

    /// `assert a.shape == b.shape`, `assert tuple(z.shape) == (M, N)`: equal sizes, dimension
    /// by dimension. A launcher parameter whose rank nothing showed takes the other side's
    /// shape (the assert is the evidence); other ranks that differ are unreadable.
    fn equal_shapes(&mut self, test: &Expr, le: &Expr, l: &[HVal], re: &Expr, r: &[HVal]) -> R<()> {
        if let (Some(a), Some(b)) = (self.shape_owner(le), self.shape_owner(re)) {
            self.same_shape.push((a, b));
        }
        let ints = |vs: &[HVal]| {
            vs.iter()
                .map(|v| match v {
                    HVal::Int(e) => Some(e.clone()),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()
        };
        let text = self.text(test);
        let (Some(mut l), Some(mut r)) = (ints(l), ints(r)) else {
            return self.err(format!("the launcher's `assert {text}` is not read"), test);
        };
        if l.len() != r.len() {
            // A parameter of no rank evidence, on either side: its shape is the other's.
            for (side, other) in [(le, &r), (re, &l)] {
                if let Some(t) = self.unranked_param(side) {
                    self.m.tensors[t].shape = other.clone();
                    let name = self.m.tensors[t].name.clone();
                    self.m.assumptions.push(format!(
                        "the launcher's `assert {text}` holds: `{name}` has that shape"
                    ));
                    return Ok(());
                }
            }
            return self.err(
                format!(
                    "the launcher asserts that shapes of ranks {} and {} are equal",
                    l.len(),
                    r.len()
                ),
                test,
            );
        }
        if l != r {
            self.m
                .assumptions
                .push(format!("the launcher's `assert {text}` holds"));
            for (x, y) in l.drain(..).zip(r.drain(..)) {
                if x != y {
                    self.m.facts.push((x, HCmp::Eq, y));
                }
            }
        }
        Ok(())
    }

    /// The tensor of `x.shape` (also `tuple(x.shape)`, `x.size()`) when `x` is a launcher
    /// parameter whose rank no use showed and whose sizes nothing read yet.
    fn unranked_param(&self, e: &Expr) -> Option<usize> {
        let inner = match e {
            Expr::Call(c) if matches!(dotted(&c.func).as_deref(), Some("tuple" | "list")) => {
                c.arguments.args.first()?
            }
            e => e,
        };
        let name = match inner {
            Expr::Attribute(at) if at.attr.id.as_str() == "shape" => dotted(&at.value)?,
            Expr::Call(c) if c.arguments.args.is_empty() => match &*c.func {
                Expr::Attribute(at) if at.attr.id.as_str() == "size" => dotted(&at.value)?,
                _ => return None,
            },
            _ => return None,
        };
        let rank = self.ranks.iter().find(|(n, _)| *n == name)?.1;
        let HVal::Tensor(t) = self.lookup(&name)? else {
            return None;
        };
        (rank == 0 && self.m.tensors[t].name == name).then_some(t)
    }

    /// Statements of a block, in order.
    fn block(&mut self, body: &[Stmt]) -> R<()> {
        for s in body {
            self.stmt(s)?;
        }
        Ok(())
    }

    /// Takes `c` as holding on the path read: a comparison of sizes is a fact; a condition on
    /// no size adds nothing (both paths are possible at every size).
    fn take(&mut self, c: CondVal, text: &str, at: &impl Ranged, why: &str) -> R<()> {
        match c {
            CondVal::Known(true) | CondVal::Opaque | CondVal::Layout(_, false) => Ok(()),
            CondVal::Layout(t, true) => {
                self.m.tensors[t].layout = Layout::Read;
                Ok(())
            }
            CondVal::Known(false) => self.err(format!("the launcher's `{text}` {why}, never"), at),
            CondVal::Sizes(a, op, b) => {
                self.m.facts.push((a, op, b));
                Ok(())
            }
            CondVal::Unread => self.err(
                format!("the launcher's `{text}` is not read, and {why}"),
                at,
            ),
        }
    }

    /// An `if` before the launch.
    fn if_stmt(&mut self, i: &ast::StmtIf) -> R<()> {
        // `if out is None: out = torch.empty_like(x)` for a parameter `out=None`: the
        // launcher's own allocation is read; a tensor the caller gives is assumed to have its
        // shape.
        if let Some(name) = self.allocated_if_none(i) {
            self.block(&i.body)?;
            self.m.assumptions.push(format!(
                "a tensor `{name}` the caller gives has the shape the launcher allocates when it is None"
            ));
            let at = pos_of(self.src, &*i.test);
            self.m.unbacked.get_or_insert(format!(
                "a tensor `{name}` the caller gives is read with the shape the launcher allocates when it is None, which nothing in the launcher checks, at {at}"
            ));
            return Ok(());
        }
        let mut clauses: Vec<(Option<&Expr>, &[Stmt])> = vec![(Some(&*i.test), &i.body[..])];
        clauses.extend(
            i.elif_else_clauses
                .iter()
                .map(|c| (c.test.as_ref(), &c.body[..])),
        );
        // Conditions known from literals and constexprs: the branch taken.
        let mut rest = &clauses[..];
        let first = loop {
            let Some(((test, body), tail)) = rest.split_first() else {
                return Ok(());
            };
            let c = match test {
                None => CondVal::Known(true),
                Some(t) => self.condition(t),
            };
            match c {
                CondVal::Known(true) => return self.block(body),
                CondVal::Known(false) => rest = tail,
                c => break c,
            }
        };
        let (Some(test), body) = rest[0] else {
            unreachable!("an `else` is known true")
        };
        let at = pos_of(self.src, test);
        let text = format!("if {}", self.text(test));
        let other: Option<&[Stmt]> = match rest {
            [_] => Some(&[]),
            [_, (None, b)] => Some(b),
            _ => None,
        };
        if let Some(other) = other {
            // A branch that raises or returns never reaches the launch: the other path's
            // condition holds there.
            if stops(body) && !stops(other) {
                self.take(first.not(), &text, test, "may stop before the launch")?;
                return self.block(other);
            }
            if stops(other) && !other.is_empty() && !stops(body) {
                self.take(first, &text, test, "may stop before the launch")?;
                return self.block(body);
            }
            // Both paths, each its own case.
            if matches!(
                first,
                CondVal::Sizes(..) | CondVal::Opaque | CondVal::Layout(..)
            ) && !stops(body)
            {
                if let Some(d) = self.split(2) {
                    self.m.assumptions.push(match first {
                        CondVal::Opaque | CondVal::Layout(..) => format!(
                            "the launcher's `{text}` at {at} (a condition on no size) is checked on both paths, each for every size"
                        ),
                        _ => format!(
                            "the launcher's `{text}` at {at} is checked on both paths, each for the sizes that take it"
                        ),
                    });
                    return if d == 0 {
                        self.take(first, &text, test, "")?;
                        self.block(body)
                    } else {
                        self.take(first.not(), &text, test, "")?;
                        self.block(other)
                    };
                }
            }
        }
        // Not read: what it assigns becomes unreadable; a path that stops before the launch,
        // or a shape changed in place, makes the launcher unreadable.
        let s = Stmt::If(i.clone());
        if may_stop(&s) {
            return self.err(
                format!("the launcher's `{text}` at {at} is not read (its condition, or a case split inside another) and may stop before the launch"),
                test,
            );
        }
        for n in assigned_names(&s) {
            self.set(
                &n,
                HVal::Unreadable(
                    format!("a value assigned under the launcher's `{text}`, whose condition is not read"),
                    at,
                ),
            );
        }
        self.effects_in(&s)
    }

    /// A choice among `n` paths, each checked as its own case ([`HostModel::cases`]); the
    /// path of this reading. `None` when the launcher already has cases (a split inside
    /// another, or beside a capped block size: their cases are not combined).
    pub(super) fn split(&mut self, n: usize) -> Option<usize> {
        if self.m.cases > 1 {
            return None;
        }
        self.m.cases = n;
        Some(self.case.min(n - 1))
    }

    /// The statements on the way to the launch (inside `with` blocks and `if` branches too),
    /// up to it.
    pub(super) fn read_to_launch(&mut self, body: &[Stmt], kernel: &str) -> R<()> {
        for s in body {
            if find_launch(s, kernel).is_none() {
                self.stmt(s)?;
                continue;
            }
            match s {
                Stmt::With(w) => return self.read_to_launch(&w.body, kernel),
                Stmt::If(i) => {
                    let mut clauses: Vec<(Option<&Expr>, &[Stmt])> =
                        vec![(Some(&*i.test), &i.body[..])];
                    clauses.extend(
                        i.elif_else_clauses
                            .iter()
                            .map(|c| (c.test.as_ref(), &c.body[..])),
                    );
                    for (test, b) in clauses {
                        let here = b.iter().any(|s| find_launch(s, kernel).is_some());
                        if let Some(t) = test {
                            let c = self.condition(t);
                            let text = format!("if {}", self.text(t));
                            let at = pos_of(self.src, t);
                            let c = if here { c } else { c.not() };
                            if !matches!(c, CondVal::Known(true)) {
                                self.m.assumptions.push(format!(
                                    "the launch runs under the launcher's `{text}` at {at}"
                                ));
                            }
                            self.take(c, &text, t, "decides whether the launch runs")?;
                        }
                        if here {
                            return self.read_to_launch(b, kernel);
                        }
                    }
                    return Ok(());
                }
                _ => return Ok(()),
            }
        }
        Ok(())
    }
}

impl CondVal {
    fn maybe_not(self, yes: bool) -> CondVal {
        if yes {
            self.not()
        } else {
            self
        }
    }
}
