//! The driver's interpreter: runs a kernel body for one program instance, in any domain.
//!
//! Python statements and expressions are walked here; every Triton op is delegated to
//! [`crate::ops`]. Anything outside the supported subset stops the run with
//! [`Unsupported`], which the checker reports as `unknown: unsupported construct`.

use crate::front::{dotted, pos_of, KernelDef};
use crate::mem::{Machine, Pos};
use crate::ops::{self, Arith, Cmp, Logic};
use crate::value::{KVal, LDomain, Ty};
use ruff_python_ast::{self as ast, Expr, Number, Stmt};
use ruff_text_size::Ranged;
use tensor::{BitOp, Domain};

mod combine;
mod dtypes;

/// The dtype `tl.NAME`, as a constexpr argument gives it.
pub(crate) fn named_dtype(name: &str) -> Option<crate::value::Dtype> {
    dtypes::named(name)
}

/// The width in bits of the named dtype `name`.
pub(crate) fn dtype_bits(name: &str) -> Option<i128> {
    dtypes::bits(name)
}

/// Triton's predicate `p` (`is_fp16`) of the named dtype `name`.
pub(crate) fn dtype_predicate(name: &str, p: &str) -> Option<bool> {
    dtypes::predicate(name, p)
}
mod loops;
mod methods;
mod online;

/// A construct outside the supported subset, or a misuse of an op, with its position.
#[derive(Clone, Debug)]
pub(crate) struct Unsupported {
    pub what: String,
    pub pos: Pos,
}

type R<T> = Result<T, Unsupported>;

/// Python's `//` on integers (rounds toward negative infinity); `None` on division by zero or
/// overflow.
fn floor_div(x: i128, y: i128) -> Option<i128> {
    let q = x.checked_div(y)?;
    Some(if (x % y != 0) && ((x < 0) != (y < 0)) {
        q - 1
    } else {
        q
    })
}

const TL: &[&str] = &["tl.math", "triton.language.math", "tl", "triton.language"];

/// Attributes of a value's type (`x.dtype`, `p.type.element_ty`, `x.type.scalar.is_int()`,
/// `t.primitive_bitwidth`): type queries.
const TYPE_ATTRS: &[&str] = &[
    "dtype",
    "type",
    "element_ty",
    "scalar",
    "primitive_bitwidth",
    "int_bitwidth",
    "fp_mantissa_width",
];

/// Whether the dotted name `full` reads a type attribute of a value (`x.dtype...`).
fn type_query(full: &str) -> bool {
    full.split('.').skip(1).any(|p| TYPE_ATTRS.contains(&p))
}

pub(crate) struct Interp<'s, D: Domain> {
    src: &'s str,
    env: Vec<(String, KVal<D>)>,
    pub m: Machine<D>,
    /// The module's `@triton.jit` functions, callable from the kernel (inlined).
    helpers: Vec<&'s ast::StmtFunctionDef>,
    /// Names the module binds to Triton paths and imported modules (`crate::imports`).
    names: crate::imports::Names,
    depth: usize,
    /// Loop iterations unrolled so far in this program (bounded by [`MAX_UNROLLED`]).
    unrolled: i128,
    /// Names a summarised loop assigned other than as an accumulator, with the loop's
    /// position: their value after the loop (the last iteration's) is not tracked.
    after_loop: Vec<(String, Pos)>,
    /// The call an expression statement makes (its value unused): the one place an atomic
    /// may be, since the value it returns depends on the order of programs.
    effect_call: Option<ruff_text_size::TextRange>,
    /// Conditions a running conjunction (`Reducer::And`) or disjunction left after a loop,
    /// by the identity of their element function, with the count that decides them
    /// (`crate::exec::loops`): a `tl.reduce` of such conditions by the same connective sums
    /// the counts, so that a tile's reduction of the fold is one sum over the loop's
    /// iterations and the tile's lanes.
    indicators: Vec<(
        crate::value::ElemFn<D>,
        tensor::Reducer,
        crate::value::Block<D>,
    )>,
}

/// How deep helper calls may nest (recursion is not Triton, but must not hang us).
const MAX_DEPTH: usize = 32;

/// The most iterations a loop with constant bounds is unrolled.
const MAX_UNROLL: i128 = 64;

/// The most loop iterations unrolled in one program, nested loops together (values are
/// closures over earlier values: their depth must stay small).
const MAX_UNROLLED: i128 = 256;

/// `a OP b` for `&`, `|`, `^` where both are compile-time booleans or undecided conditions
/// (`crate::exec::dtypes`): `None` otherwise.
fn bool_op<D: Domain>(op: ast::Operator, a: &KVal<D>, b: &KVal<D>) -> Option<KVal<D>> {
    use ast::Operator as O;
    let known = |v: &KVal<D>| match v {
        KVal::Bool(x) => Some(Some(*x)),
        KVal::Undecided(_) => Some(None),
        _ => None,
    };
    let (x, y) = (known(a)?, known(b)?);
    let why = [a, b].into_iter().find_map(|v| match v {
        KVal::Undecided(w) => Some(w.clone()),
        _ => None,
    });
    Some(match (op, x, y) {
        (O::BitAnd, Some(false), _) | (O::BitAnd, _, Some(false)) => KVal::Bool(false),
        (O::BitOr, Some(true), _) | (O::BitOr, _, Some(true)) => KVal::Bool(true),
        (O::BitAnd, Some(p), Some(q)) => KVal::Bool(p && q),
        (O::BitOr, Some(p), Some(q)) => KVal::Bool(p || q),
        (O::BitXor, Some(p), Some(q)) => KVal::Bool(p != q),
        _ => KVal::Undecided(why?),
    })
}

/// The truth of a compile-time value in Python (`None` for a runtime or undecided one).
fn constant_truth<D: Domain>(v: &KVal<D>) -> Option<bool> {
    match v {
        KVal::Bool(b) => Some(*b),
        KVal::Int(i) => Some(*i != 0),
        KVal::None => Some(false),
        KVal::Str(s) => Some(!s.is_empty()),
        KVal::Dtype(_) => Some(true),
        _ => None,
    }
}

fn contains_break(body: &[Stmt]) -> bool {
    use ruff_python_ast::visitor::{walk_stmt, Visitor};
    struct V(bool);
    impl<'a> Visitor<'a> for V {
        fn visit_stmt(&mut self, s: &'a Stmt) {
            match s {
                Stmt::Break(_) | Stmt::Continue(_) => self.0 = true,
                Stmt::For(_) | Stmt::While(_) | Stmt::FunctionDef(_) => {}
                _ => walk_stmt(self, s),
            }
        }
    }
    let mut v = V(false);
    for s in body {
        v.visit_stmt(s);
    }
    v.0
}

enum Flow<D: Domain> {
    Next,
    Return(Option<KVal<D>>),
}

impl<'s, D: LDomain> Interp<'s, D> {
    pub(crate) fn new(
        src: &'s str,
        m: Machine<D>,
        params: Vec<(String, KVal<D>)>,
        helpers: Vec<&'s ast::StmtFunctionDef>,
    ) -> Self {
        Interp {
            src,
            env: params,
            m,
            helpers,
            names: Default::default(),
            depth: 0,
            unrolled: 0,
            after_loop: vec![],
            effect_call: None,
            indicators: vec![],
        }
    }

    /// Calls of names the module binds to Triton paths are read as calls of those paths.
    pub(crate) fn with_names(mut self, names: crate::imports::Names) -> Self {
        self.names = names;
        self
    }

    /// Runs the kernel's body once.
    pub(crate) fn run(&mut self, d: &mut D, kernel: &KernelDef<'s>) -> R<()> {
        if let Flow::Return(Some(_)) = self.block(d, &kernel.def.body)? {
            return self.unsupported("a kernel that returns a value", &kernel.def.name);
        }
        Ok(())
    }

    /// A call of a `@triton.jit` helper, inlined: its own scope, its return value.
    fn call_helper(
        &mut self,
        d: &mut D,
        f: &'s ast::StmtFunctionDef,
        c: &ast::ExprCall,
    ) -> R<KVal<D>> {
        if self.depth >= MAX_DEPTH {
            return self.unsupported(format!("helper calls nested deeper than {MAX_DEPTH}"), c);
        }
        let params = crate::front::parameters(f);
        let mut bound: Vec<Option<KVal<D>>> = vec![None; params.len()];
        for (i, a) in c.arguments.args.iter().enumerate() {
            if i >= params.len() {
                return self.unsupported(format!("too many arguments to `{}`", f.name.id), a);
            }
            bound[i] = Some(self.expr(d, a)?);
        }
        for k in &c.arguments.keywords {
            let Some(name) = &k.arg else {
                return self.unsupported("`**` arguments", k);
            };
            let Some(i) = params.iter().position(|p| p.parameter.name.id == name.id) else {
                return self.unsupported(format!("keyword `{}` of `{}`", name.id, f.name.id), k);
            };
            bound[i] = Some(self.expr(d, &k.value)?);
        }
        let mut scope = Vec::new();
        for (p, v) in params.iter().zip(bound) {
            let v = match (v, &p.default) {
                (Some(v), _) => v,
                (None, Some(e)) => self.expr(d, e)?,
                (None, None) => {
                    return self.unsupported(
                        format!(
                            "a call of `{}` without `{}`",
                            f.name.id, p.parameter.name.id
                        ),
                        c,
                    )
                }
            };
            scope.push((p.parameter.name.id.to_string(), v));
        }
        let saved = std::mem::replace(&mut self.env, scope);
        self.depth += 1;
        let r = self.block(d, &f.body);
        self.depth -= 1;
        self.env = saved;
        Ok(match r? {
            Flow::Return(Some(v)) => v,
            _ => KVal::None,
        })
    }

    /// In the concrete domain, a scalar block computed once: its element does not depend on
    /// the lane, and a block is a function re-evaluated at every use (a row's mean read by
    /// every lane of every tile).
    fn memo(d: &mut D, v: KVal<D>) -> KVal<D> {
        let zero = d.lit_i(0);
        match v {
            KVal::Block(b) if b.shape.is_empty() && d.known_i(&zero).is_some() => {
                let e = b.at(d, &[]);
                KVal::Block(crate::value::Block::splat(b.ty, e))
            }
            other => other,
        }
    }

    fn unsupported<T>(&self, what: impl Into<String>, at: &impl Ranged) -> R<T> {
        Err(Unsupported {
            what: what.into(),
            pos: pos_of(self.src, at),
        })
    }

    fn block(&mut self, d: &mut D, body: &'s [Stmt]) -> R<Flow<D>> {
        for s in body {
            if let Flow::Return(v) = self.stmt(d, s)? {
                return Ok(Flow::Return(v));
            }
        }
        Ok(Flow::Next)
    }

    fn assign(&mut self, target: &Expr, v: KVal<D>) -> R<()> {
        match (target, v) {
            (Expr::Name(n), v) => {
                self.after_loop.retain(|(x, _)| x != n.id.as_str());
                self.env.push((n.id.to_string(), v));
                Ok(())
            }
            (Expr::Tuple(t), KVal::Tuple(vs)) if t.elts.len() == vs.len() => {
                for (t, v) in t.elts.iter().zip(vs) {
                    self.assign(t, v)?;
                }
                Ok(())
            }
            (other, _) => {
                self.unsupported("assignment target (only names and tuples of names)", other)
            }
        }
    }

    fn stmt(&mut self, d: &mut D, s: &'s Stmt) -> R<Flow<D>> {
        match s {
            Stmt::Assign(a) => {
                let v = self.expr(d, &a.value)?;
                let v = Self::memo(d, v);
                for t in &a.targets {
                    self.assign(t, v.clone())?;
                }
            }
            Stmt::AnnAssign(a) => {
                if let Some(v) = &a.value {
                    let v = self.expr(d, v)?;
                    self.assign(&a.target, v)?;
                }
            }
            Stmt::AugAssign(a) => {
                let cur = self.expr(d, &a.target)?;
                let rhs = self.expr(d, &a.value)?;
                let v = self.binop(d, a.op, cur, rhs, s)?;
                self.assign(&a.target, v)?;
            }
            Stmt::Expr(e) => {
                if !matches!(&*e.value, Expr::StringLiteral(_)) {
                    self.effect_call = e.value.as_call_expr().map(|c| c.range());
                    self.expr(d, &e.value)?;
                }
            }
            Stmt::Pass(_) => {}
            Stmt::Return(r) => {
                let v = match &r.value {
                    Some(e) => Some(self.expr(d, e)?),
                    None => None,
                };
                return Ok(Flow::Return(v));
            }
            Stmt::If(i) => {
                let mut branches: Vec<(Option<&'s Expr>, &'s [Stmt])> =
                    vec![(Some(&i.test), &i.body)];
                for c in &i.elif_else_clauses {
                    branches.push((c.test.as_ref(), &c.body));
                }
                return self.branches(d, &branches, s);
            }
            Stmt::For(f) => return self.for_loop(d, f, s),
            Stmt::While(_) => return self.unsupported("while loop", s),
            Stmt::With(_) => return self.unsupported("with statement", s),
            Stmt::FunctionDef(_) => return self.unsupported("nested function", s),
            Stmt::Assert(_) => return self.unsupported("assert statement", s),
            Stmt::Break(_) => return self.unsupported("break statement", s),
            Stmt::Continue(_) => return self.unsupported("continue statement", s),
            Stmt::Try(_) => return self.unsupported("try statement", s),
            Stmt::Raise(_) => return self.unsupported("raise statement", s),
            Stmt::Global(_) | Stmt::Nonlocal(_) => {
                return self.unsupported("global or nonlocal statement", s)
            }
            Stmt::Import(_) | Stmt::ImportFrom(_) => {
                return self.unsupported("import statement in a kernel", s)
            }
            Stmt::Delete(_) => return self.unsupported("del statement", s),
            Stmt::Match(_) => return self.unsupported("match statement", s),
            _ => return self.unsupported("statement", s),
        }
        Ok(Flow::Next)
    }

    /// `for v in range(...)` (also `tl.range`, `tl.static_range`) with constant bounds:
    /// unrolled, at most [`MAX_UNROLL`] iterations. Loops over runtime bounds need loop
    /// invariants (a later slice): unsupported.
    fn for_loop(&mut self, d: &mut D, f: &'s ast::StmtFor, s: &'s Stmt) -> R<Flow<D>> {
        let Expr::Call(c) = &*f.iter else {
            return self.unsupported("for loop over something other than range(...)", s);
        };
        let name = dotted(&c.func).unwrap_or_default();
        if !matches!(
            name.as_str(),
            "range"
                | "tl.range"
                | "tl.static_range"
                | "triton.language.range"
                | "triton.language.static_range"
        ) {
            return self.unsupported("for loop over something other than range(...)", s);
        }
        if !f.orelse.is_empty() {
            return self.unsupported("for ... else", s);
        }
        let mut args = Vec::new();
        for a in c.arguments.args.iter() {
            args.push(self.expr(d, a)?);
        }
        // `tl.range`'s pipelining hints do not change what the loop computes.
        const HINTS: &[&str] = &[
            "num_stages",
            "loop_unroll_factor",
            "flatten",
            "warp_specialize",
            "disallow_acc_multi_buffer",
        ];
        if let Some(k) = c
            .arguments
            .keywords
            .iter()
            .find(|k| !k.arg.as_ref().is_some_and(|a| HINTS.contains(&a.as_str())))
        {
            return self.unsupported("this keyword argument of range(...)", k);
        }
        if args.iter().any(|a| !matches!(a, KVal::Int(_))) {
            return self.runtime_loop(d, f, s, args);
        }
        let bounds: Vec<i128> = args
            .iter()
            .map(|a| match a {
                KVal::Int(i) => *i,
                _ => unreachable!("checked above"),
            })
            .collect();
        let (start, end, step) = match bounds[..] {
            [e] => (0, e, 1),
            [b, e] => (b, e, 1),
            [b, e, st] if st != 0 => (b, e, st),
            _ => return self.unsupported("range(...) with these arguments", s),
        };
        let count = if step > 0 {
            (end - start + step - 1).max(0) / step
        } else {
            (start - end - step - 1).max(0) / -step
        };
        if count > MAX_UNROLL {
            // Too long to unroll: summarised like a loop over a runtime range.
            return self.runtime_loop(d, f, s, args);
        }
        if contains_break(&f.body) {
            return self.unsupported("break or continue", s);
        }
        self.unrolled += count;
        if self.unrolled > MAX_UNROLLED {
            return self.unsupported(
                format!("loops of more than {MAX_UNROLLED} iterations in all (unrolled)"),
                s,
            );
        }
        let mut i = start;
        for _ in 0..count {
            self.assign(&f.target, KVal::Int(i))?;
            if let Flow::Return(v) = self.block(d, &f.body)? {
                return Ok(Flow::Return(v));
            }
            i += step;
        }
        Ok(Flow::Next)
    }

    /// `if`/`elif`/`else`: constexpr conditions choose a branch; a runtime scalar condition
    /// runs both branches under it and its negation (accesses guarded) and merges the names
    /// they assign with `tl.where`; a branch that returns guards the rest of the body.
    fn branches(
        &mut self,
        d: &mut D,
        branches: &[(Option<&'s Expr>, &'s [Stmt])],
        at: &'s Stmt,
    ) -> R<Flow<D>> {
        let Some(((test, body), rest)) = branches.split_first() else {
            return Ok(Flow::Next);
        };
        let Some(test) = test else {
            return self.block(d, body);
        };
        let c = match self.expr(d, test)? {
            KVal::Bool(b) => Some(b),
            KVal::Int(i) => Some(i != 0),
            KVal::None => Some(false),
            KVal::Undecided(why) => return self.undecided_if(d, &why, body, rest, at),
            KVal::Block(b) if b.shape.is_empty() => {
                let c = self.lift(ops::convert(&b, Ty::Bool), *test)?;
                let KVal::Block(c) = c else {
                    unreachable!("convert gives a block")
                };
                return self.runtime_if(d, c, body, rest, at);
            }
            _ => {
                return self.unsupported(
                    "`if` on a block (only constexpr or scalar conditions)",
                    *test,
                )
            }
        };
        if c == Some(true) {
            self.block(d, body)
        } else {
            self.branches(d, rest, at)
        }
    }

    fn runtime_if(
        &mut self,
        d: &mut D,
        c: crate::value::Block<D>,
        body: &'s [Stmt],
        rest: &[(Option<&'s Expr>, &'s [Stmt])],
        at: &'s Stmt,
    ) -> R<Flow<D>> {
        let base_guard = self.m.guard.clone();
        let nc = self.lift(ops::not(&c), at)?.block().expect("a block");
        let and = |me: &Self,
                   g: &Option<crate::value::Block<D>>,
                   x: &crate::value::Block<D>|
         -> R<crate::value::Block<D>> {
            match g {
                None => Ok(x.clone()),
                Some(g) => me
                    .lift(ops::logic(Logic::And, g, x), at)
                    .map(|v| v.block().expect("a block")),
            }
        };
        let base_len = self.env.len();
        self.m.guard = Some(and(self, &base_guard, &c)?);
        let f_then = self.block(d, body)?;
        let then_env = self.env.split_off(base_len);
        self.m.guard = Some(and(self, &base_guard, &nc)?);
        let f_else = self.branches(d, rest, at)?;
        let else_env = self.env.split_off(base_len);
        match (f_then, f_else) {
            (Flow::Next, Flow::Next) => {
                self.m.guard = base_guard;
                let mut names: Vec<String> = then_env
                    .iter()
                    .chain(&else_env)
                    .map(|(n, _)| n.clone())
                    .collect();
                names.dedup();
                for n in names {
                    let pick = |env: &[(String, KVal<D>)], me: &Self| {
                        env.iter()
                            .rev()
                            .find(|(x, _)| *x == n)
                            .map(|(_, v)| v.clone())
                            .or_else(|| me.lookup(&n))
                    };
                    // A name bound on one path only is unbound after the `if` (a later use is an
                    // error in Python on the other path, and unsupported here).
                    let (Some(a), Some(b)) = (pick(&then_env, self), pick(&else_env, self)) else {
                        continue;
                    };
                    let (Some(x), Some(y)) = (a.block(), b.block()) else {
                        return self.unsupported(
                            format!("`{n}` holds a {} after a runtime `if`", a.kind()),
                            at,
                        );
                    };
                    let v = self.lift(ops::select(&c, &x, &y), at)?;
                    self.env.push((n, v));
                }
                Ok(Flow::Next)
            }
            (Flow::Return(None), Flow::Next) => {
                self.env.extend(else_env);
                self.m.guard = Some(and(self, &base_guard, &nc)?);
                Ok(Flow::Next)
            }
            (Flow::Next, Flow::Return(None)) => {
                self.env.extend(then_env);
                self.m.guard = Some(and(self, &base_guard, &c)?);
                Ok(Flow::Next)
            }
            (Flow::Return(None), Flow::Return(None)) => Ok(Flow::Return(None)),
            _ => self.unsupported("a `return` with a value under a runtime `if`", at),
        }
    }

    fn block_of(&self, v: &KVal<D>, at: &impl Ranged) -> R<crate::value::Block<D>> {
        match (v.block(), v) {
            (Some(b), _) => Ok(b),
            (None, KVal::Undecided(why)) => self.unsupported(why.clone(), at),
            (None, _) => self.unsupported(format!("a {} used as a value", v.kind()), at),
        }
    }

    fn lift(&self, r: Result<crate::value::Block<D>, String>, at: &impl Ranged) -> R<KVal<D>> {
        r.map(KVal::Block).map_err(|what| Unsupported {
            what,
            pos: pos_of(self.src, at),
        })
    }

    fn binop(
        &mut self,
        _d: &mut D,
        op: ast::Operator,
        a: KVal<D>,
        b: KVal<D>,
        at: &impl Ranged,
    ) -> R<KVal<D>> {
        use ast::Operator as O;
        // Python arithmetic on constants stays constant.
        if let (KVal::Int(x), KVal::Int(y)) = (&a, &b) {
            let (x, y) = (*x, *y);
            let r = match op {
                O::Add => x.checked_add(y),
                O::Sub => x.checked_sub(y),
                O::Mult => x.checked_mul(y),
                O::FloorDiv => floor_div(x, y),
                O::Mod => floor_div(x, y)
                    .and_then(|q| y.checked_mul(q))
                    .and_then(|p| x.checked_sub(p)),
                O::Pow if (0..=126).contains(&y) => x.checked_pow(y as u32),
                O::LShift if (0..=126).contains(&y) => x.checked_mul(1i128 << y),
                O::RShift if (0..=126).contains(&y) => Some(x >> y),
                O::BitAnd => Some(x & y),
                O::BitOr => Some(x | y),
                O::BitXor => Some(x ^ y),
                _ => None,
            };
            if let Some(r) = r {
                return Ok(KVal::Int(r));
            }
        }
        // `&`, `|`, `^` of compile-time booleans; of a condition an element type decides, the
        // operand that decides (`U & False` is false), else undecided.
        if let (O::BitAnd | O::BitOr | O::BitXor, Some(r)) = (op, bool_op(op, &a, &b)) {
            return Ok(r);
        }
        // Triton 3.2 has no `**` on blocks (`x ** 2` fails in its interpreter): unsupported,
        // with the spelling it takes.
        if op == O::Pow {
            return self.unsupported("operator `**` on blocks (Triton 3.2 has none; `x * x`)", at);
        }
        let x = self.block_of(&a, at)?;
        let y = self.block_of(&b, at)?;
        let r = match op {
            O::Add => ops::arith(Arith::Add, &x, &y),
            O::Sub => ops::arith(Arith::Sub, &x, &y),
            O::Mult => ops::arith(Arith::Mul, &x, &y),
            O::Div => ops::arith(Arith::Div, &x, &y),
            O::FloorDiv => ops::int_div(&x, &y, false),
            O::Mod => {
                // A float `%` goes through `floor`: the verdict names it.
                if [x.ty, y.ty].contains(&Ty::Real) && !self.m.math.contains(&"floor") {
                    self.m.math.push("floor");
                }
                ops::int_div(&x, &y, true)
            }
            O::BitAnd | O::BitOr | O::BitXor if x.ty == Ty::Bool && y.ty == Ty::Bool => {
                let logic = match op {
                    O::BitAnd => Logic::And,
                    O::BitOr => Logic::Or,
                    _ => Logic::Xor,
                };
                ops::logic(logic, &x, &y)
            }
            O::BitAnd => ops::bitwise(BitOp::And, &x, &y),
            O::BitOr => ops::bitwise(BitOp::Or, &x, &y),
            O::BitXor => ops::bitwise(BitOp::Xor, &x, &y),
            O::LShift => ops::bitwise(BitOp::Shl, &x, &y),
            O::RShift => ops::bitwise(BitOp::AShr, &x, &y),
            other => {
                return self.unsupported(format!("operator `{}` on blocks", other.as_str()), at)
            }
        };
        self.lift(r, at)
    }

    fn lookup(&self, name: &str) -> Option<KVal<D>> {
        self.env
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    }

    fn expr(&mut self, d: &mut D, e: &Expr) -> R<KVal<D>> {
        Ok(match e {
            Expr::Name(n) if self.after_loop.iter().any(|(x, _)| x == n.id.as_str()) => {
                let at = self
                    .after_loop
                    .iter()
                    .find(|(x, _)| x == n.id.as_str())
                    .expect("found");
                return self.unsupported(
                    format!(
                        "`{}` read after the loop at {} (its value from the last iteration is not tracked)",
                        n.id, at.1
                    ),
                    e,
                );
            }
            Expr::Name(n) => match self.lookup(n.id.as_str()) {
                Some(v) => v,
                None if n.id.as_str() == "None" => KVal::None,
                None => {
                    return self.unsupported(
                        format!("name `{}` (not a parameter or an earlier assignment)", n.id),
                        e,
                    )
                }
            },
            Expr::NoneLiteral(_) => KVal::None,
            Expr::StringLiteral(t) => KVal::Str(t.value.to_str().to_string()),
            Expr::BooleanLiteral(b) => KVal::Bool(b.value),
            Expr::NumberLiteral(n) => match &n.value {
                Number::Int(i) => match i.as_i64() {
                    Some(i) => KVal::Int(i as i128),
                    None => return self.unsupported("integer literal too large", e),
                },
                Number::Float(_) => {
                    let text = &self.src[n.range.start().to_usize()..n.range.end().to_usize()];
                    match crate::consts::float32_literal(text) {
                        Some((a, b)) => KVal::Float(a, b),
                        None => return self.unsupported("float literal", e),
                    }
                }
                Number::Complex { .. } => return self.unsupported("complex literal", e),
            },
            Expr::Attribute(a) => {
                let full = dotted(e).unwrap_or_default();
                if let Some(t) = TL
                    .iter()
                    .find_map(|p| full.strip_prefix(&format!("{p}.")))
                    .and_then(dtypes::named)
                {
                    return Ok(KVal::Dtype(t));
                }
                if let Some(v) = self.type_query(d, a) {
                    return v;
                }
                // A constexpr's `.value`; a dtype's width.
                if matches!(
                    a.attr.id.as_str(),
                    "value" | "primitive_bitwidth" | "int_bitwidth"
                ) {
                    match self.expr(d, &a.value)? {
                        KVal::Dtype(t) => {
                            if let Some(v) = self.dtype_attribute(&t, a.attr.id.as_str()) {
                                return Ok(v);
                            }
                        }
                        v @ (KVal::Int(_) | KVal::Float(..) | KVal::Bool(_) | KVal::Str(_))
                            if a.attr.id.as_str() == "value" =>
                        {
                            return Ok(v)
                        }
                        _ => {}
                    }
                }
                // `x.shape` of a block: its shape, a compile-time constant.
                if a.attr.id.as_str() == "shape" {
                    if let KVal::Block(b) = self.expr(d, &a.value)? {
                        let dims = b.shape.iter().map(|n| KVal::Int(*n as i128)).collect();
                        return Ok(KVal::Tuple(dims));
                    }
                }
                let text = &self.src[e.range().start().to_usize()..e.range().end().to_usize()];
                if type_query(&full) {
                    return self.unsupported(dtypes::message(text), e);
                }
                return self.unsupported(format!("attribute `{text}`"), e);
            }
            Expr::Tuple(t) => {
                KVal::Tuple(t.elts.iter().map(|x| self.expr(d, x)).collect::<R<_>>()?)
            }
            // `tl.zeros([BLOCK], ...)`: a list of constants reads as a tuple.
            Expr::List(t) => KVal::Tuple(t.elts.iter().map(|x| self.expr(d, x)).collect::<R<_>>()?),
            Expr::BinOp(b) => {
                let x = self.expr(d, &b.left)?;
                let y = self.expr(d, &b.right)?;
                self.binop(d, b.op, x, y, e)?
            }
            Expr::UnaryOp(u) => {
                let x = self.expr(d, &u.operand)?;
                match (u.op, &x) {
                    (ast::UnaryOp::USub, KVal::Int(i)) => match i.checked_neg() {
                        Some(n) => KVal::Int(n),
                        None => return self.unsupported("integer overflow", e),
                    },
                    (ast::UnaryOp::USub, KVal::Float(a, b)) => match a.checked_neg() {
                        Some(n) => KVal::Float(n, *b),
                        None => return self.unsupported("float literal overflow", e),
                    },
                    (ast::UnaryOp::UAdd, _) => x,
                    (ast::UnaryOp::Not, KVal::Bool(b)) => KVal::Bool(!b),
                    (ast::UnaryOp::Not, KVal::Undecided(_)) => x,
                    (ast::UnaryOp::Not, KVal::None) => KVal::Bool(true),
                    (ast::UnaryOp::Not, KVal::Int(i)) => KVal::Bool(*i == 0),
                    (ast::UnaryOp::USub, _) => {
                        let b = self.block_of(&x, e)?;
                        self.lift(ops::negate(&b), e)?
                    }
                    (ast::UnaryOp::Not, _) => {
                        let b = self.block_of(&x, e)?;
                        self.lift(ops::logical_not(&b), e)?
                    }
                    (ast::UnaryOp::Invert, _) => {
                        let b = self.block_of(&x, e)?;
                        self.lift(ops::invert(&b), e)?
                    }
                }
            }
            Expr::Compare(c) => {
                if c.ops.len() != 1 {
                    return self.unsupported("chained comparison", e);
                }
                let x = self.expr(d, &c.left)?;
                let y = self.expr(d, &c.comparators[0])?;
                if let Some(r) = self.constant_compare(c.ops[0], &x, &y, e) {
                    return r;
                }
                use ast::CmpOp as C;
                if let (KVal::Str(a), KVal::Str(b)) = (&x, &y) {
                    return match c.ops[0] {
                        C::Eq => Ok(KVal::Bool(a == b)),
                        C::NotEq => Ok(KVal::Bool(a != b)),
                        _ => self.unsupported("ordering of strings", e),
                    };
                }
                if let (KVal::Int(a), KVal::Int(b)) = (&x, &y) {
                    let r = match c.ops[0] {
                        C::Lt => a < b,
                        C::LtE => a <= b,
                        C::Gt => a > b,
                        C::GtE => a >= b,
                        C::Eq => a == b,
                        C::NotEq => a != b,
                        _ => return self.unsupported("comparison operator", e),
                    };
                    return Ok(KVal::Bool(r));
                }
                let op = match c.ops[0] {
                    C::Lt => Cmp::Lt,
                    C::LtE => Cmp::Le,
                    C::Gt => Cmp::Gt,
                    C::GtE => Cmp::Ge,
                    C::Eq => Cmp::Eq,
                    C::NotEq => Cmp::Ne,
                    other => {
                        return self.unsupported(format!("comparison `{}`", other.as_str()), e)
                    }
                };
                let (a, b) = (self.block_of(&x, e)?, self.block_of(&y, e)?);
                self.lift(ops::compare(op, &a, &b), e)?
            }
            Expr::BoolOp(b) => {
                let op = match b.op {
                    ast::BoolOp::And => Logic::And,
                    ast::BoolOp::Or => Logic::Or,
                };
                let mut acc = self.expr(d, &b.values[0])?;
                for v in &b.values[1..] {
                    // Python's `and`/`or` of compile-time values: the first that decides.
                    if let Some(truth) = constant_truth(&acc) {
                        if truth == (op == Logic::Or) {
                            break;
                        }
                        acc = self.expr(d, v)?;
                        continue;
                    }
                    let y = self.expr(d, v)?;
                    if let (KVal::Undecided(_), Some(truth)) = (&acc, constant_truth(&y)) {
                        // `U or True` is true, `U and False` false; otherwise it stays `U`.
                        if truth == (op == Logic::Or) {
                            acc = y;
                        }
                        continue;
                    }
                    if let (KVal::Undecided(_), KVal::Undecided(_)) = (&acc, &y) {
                        continue;
                    }
                    let (a, c) = (self.block_of(&acc, e)?, self.block_of(&y, e)?);
                    acc = self.lift(ops::logic(op, &a, &c), e)?;
                }
                acc
            }
            Expr::Call(c) => self.call(d, c)?,
            Expr::Subscript(sub) => {
                let x = self.expr(d, &sub.value)?;
                let items: Vec<&Expr> = match &*sub.slice {
                    Expr::Tuple(t) => t.elts.iter().collect(),
                    other => vec![other],
                };
                let mut keep = Vec::new();
                for it in &items {
                    match it {
                        Expr::NoneLiteral(_) => keep.push(false),
                        Expr::Slice(s)
                            if s.lower.is_none() && s.upper.is_none() && s.step.is_none() =>
                        {
                            keep.push(true)
                        }
                        _ => {
                            return self.unsupported(
                                "subscript other than `:` and `None` (block indexing)",
                                e,
                            )
                        }
                    }
                }
                let b = self.block_of(&x, e)?;
                if keep.iter().filter(|k| **k).count() != b.shape.len() {
                    return self.unsupported(
                        format!(
                            "indexing a rank-{} block with {} `:`",
                            b.shape.len(),
                            keep.iter().filter(|k| **k).count()
                        ),
                        e,
                    );
                }
                KVal::Block(ops::expand_dims(&b, &keep))
            }
            // `a if COND else b` on a constexpr condition: the branch it selects (a runtime
            // condition would need both, merged: unsupported).
            Expr::If(x) => match self.expr(d, &x.test)? {
                KVal::Bool(true) => self.expr(d, &x.body)?,
                KVal::Int(i) if i != 0 => self.expr(d, &x.body)?,
                KVal::Bool(false) | KVal::Int(0) | KVal::None => self.expr(d, &x.orelse)?,
                KVal::Undecided(why) => self.undecided_choice(d, &why, x)?,
                _ => return self.unsupported("conditional expression on a runtime condition", e),
            },
            _ => return self.unsupported("expression", e),
        })
    }

    fn call(&mut self, d: &mut D, c: &ast::ExprCall) -> R<KVal<D>> {
        let full = dotted(&c.func).map(|f| {
            let local = self
                .env
                .iter()
                .any(|(n, _)| Some(n.as_str()) == f.split('.').next());
            if local || self.helpers.iter().any(|h| h.name.id.as_str() == f) {
                f
            } else {
                self.names.resolve(&f)
            }
        });
        // `tl.NAME`, `tl.math.NAME`, and libdevice functions under any module path
        // (`tl.extra.cuda.libdevice.erf`, `libdevice.tanh`).
        let tl_path = full.as_deref().and_then(|f| {
            TL.iter()
                .find_map(|p| {
                    let module = if p.ends_with("math") {
                        ops::Module::Math
                    } else {
                        ops::Module::Tl
                    };
                    f.strip_prefix(&format!("{p}.")).map(|n| (module, n))
                })
                .filter(|(_, n)| !n.contains('.'))
                .or_else(|| {
                    f.rsplit_once("libdevice.")
                        .map(|(_, n)| (ops::Module::Libdevice, n))
                        .filter(|(_, n)| !n.contains('.'))
                })
        });
        let tl_name = tl_path.map(|(_, n)| n);
        // `tl.cast(x, dtype)` is `x.to(dtype)`.
        if tl_name == Some("cast") {
            let [x, t] = &c.arguments.args[..] else {
                return self.unsupported("`tl.cast` without a value and a dtype", c);
            };
            let x = self.expr(d, x)?;
            return self.convert_call(d, x, t, c);
        }
        // `tl.constexpr(v)` of a compile-time value: the value.
        if tl_path == Some((ops::Module::Tl, "constexpr")) {
            let ([x], []) = (&c.arguments.args[..], &c.arguments.keywords[..]) else {
                return self.unsupported("`tl.constexpr` without exactly one value", c);
            };
            return match self.expr(d, x)? {
                KVal::Block(_) | KVal::BlockPtr(_) => {
                    self.unsupported("`tl.constexpr` of a runtime value", c)
                }
                v => Ok(v),
            };
        }
        // `tl.float32(x)`: a dtype called on a value converts it.
        if let Some(t) = tl_name
            .filter(|_| tl_path.map(|p| p.0) == Some(ops::Module::Tl))
            .and_then(dtypes::named)
        {
            let ([x], []) = (&c.arguments.args[..], &c.arguments.keywords[..]) else {
                return self.unsupported(
                    format!(
                        "`tl.{}` called without exactly one value",
                        tl_name.unwrap_or_default()
                    ),
                    c,
                );
            };
            let v = self.expr(d, x)?;
            let b = self.block_of(&v, c)?;
            return self.converted(&b, &t, c);
        }
        if tl_path == Some((ops::Module::Tl, "reduce")) {
            return self.reduce(d, c);
        }
        if let Some((module, name)) = tl_path {
            return self.tl_call(d, module, name, c, None);
        }
        // Python's `min`/`max` of two values (constexprs, or runtime scalars).
        if let (Some(n @ ("min" | "max")), [a, b], []) = (
            full.as_deref(),
            &c.arguments.args[..],
            &c.arguments.keywords[..],
        ) {
            let max = n == "max";
            let (x, y) = (self.expr(d, a)?, self.expr(d, b)?);
            if let (KVal::Int(x), KVal::Int(y)) = (&x, &y) {
                return Ok(KVal::Int(if max { *x.max(y) } else { *x.min(y) }));
            }
            let (x, y) = (self.block_of(&x, a)?, self.block_of(&y, b)?);
            let op = if max { Arith::Max } else { Arith::Min };
            return self.lift(ops::arith(op, &x, &y), c);
        }
        // Triton's Python helpers, which a kernel runs on its values: `triton.cdiv(a, b)` is
        // `(a + b - 1) // b`; `triton.next_power_of_2(n)` of a compile-time integer.
        if let (Some(n @ ("triton.cdiv" | "triton.next_power_of_2")), []) =
            (full.as_deref(), &c.arguments.keywords[..])
        {
            use ast::Operator as O;
            match (n, &c.arguments.args[..]) {
                ("triton.cdiv", [a, b]) => {
                    let (x, y) = (self.expr(d, a)?, self.expr(d, b)?);
                    let sum = self.binop(d, O::Add, x, y.clone(), c)?;
                    let less = self.binop(d, O::Sub, sum, KVal::Int(1), c)?;
                    return self.binop(d, O::FloorDiv, less, y, c);
                }
                ("triton.next_power_of_2", [a]) => {
                    // Triton's bit trick gives 0 for 0; a negative argument is not read.
                    if let KVal::Int(x @ 0..) = self.expr(d, a)? {
                        let p = match x {
                            0 => Some(0),
                            _ => (x as u128).checked_next_power_of_two(),
                        };
                        if let Some(p) = p.and_then(|p| i128::try_from(p).ok()) {
                            return Ok(KVal::Int(p));
                        }
                    }
                    return self.unsupported(
                        "`triton.next_power_of_2` of a value known only at run time",
                        c,
                    );
                }
                _ => {}
            }
        }
        if let Some(f) = full
            .as_deref()
            .and_then(|n| self.helpers.iter().find(|h| h.name.id.as_str() == n))
        {
            return self.call_helper(d, f, c);
        }
        // `float('inf')`, `float("-inf")`: the infinities (masked lanes of a max).
        if full.as_deref() == Some("float") && c.arguments.keywords.is_empty() {
            if let [Expr::StringLiteral(t)] = &c.arguments.args[..] {
                match t.value.to_str().trim().to_ascii_lowercase().as_str() {
                    "inf" | "+inf" | "infinity" => return Ok(KVal::Float(1, 0)),
                    "-inf" | "-infinity" => return Ok(KVal::Float(-1, 0)),
                    _ => {}
                }
            }
        }
        // Methods of values: `x.to(dtype)`, `x.sum(axis=0)`, `t.is_fp16()`.
        if let Expr::Attribute(a) = &*c.func {
            let receiver = full
                .as_deref()
                .map(|f| f.split('.').next().unwrap_or_default());
            let local = receiver.is_some_and(|r| self.lookup(r).is_some());
            if full.is_none() || local {
                return self.method_call(d, a, c);
            }
        }
        if full.as_deref().is_some_and(type_query) {
            let text = &self.src[c.range().start().to_usize()..c.range().end().to_usize()];
            return self.unsupported(dtypes::message(text), c);
        }
        self.unsupported(
            format!(
                "call of `{}`",
                full.unwrap_or_else(|| "an expression".into())
            ),
            c,
        )
    }

    /// A call of `tl.NAME` (or `tl.math.NAME`, libdevice), by the op table; `receiver` is the
    /// first argument of a method call (`x.sum(axis=0)` is `tl.sum(x, axis=0)`).
    fn tl_call(
        &mut self,
        d: &mut D,
        module: ops::Module,
        name: &str,
        c: &ast::ExprCall,
        receiver: Option<KVal<D>>,
    ) -> R<KVal<D>> {
        let spec = match ops::lookup_in(module, name) {
            Ok(spec) => spec,
            Err(what) => return self.unsupported(what, c),
        };
        if let ops::Op::Atomic(rmw) = spec.op {
            if self.effect_call != Some(c.range()) {
                return self.unsupported(
                    format!("the value {} returns (the element's old contents, which depend on the order of programs)", rmw.name()),
                    c,
                );
            }
        }
        let mut args: Vec<Option<KVal<D>>> = vec![None; spec.params.len()];
        let skip = usize::from(receiver.is_some());
        if let (Some(r), Some(first)) = (receiver, args.first_mut()) {
            *first = Some(r);
        }
        for (i, a) in c.arguments.args.iter().enumerate() {
            let i = i + skip;
            if i >= spec.params.len() {
                return self.unsupported(
                    format!(
                        "tl.{name} with {} positional arguments",
                        c.arguments.args.len() + skip
                    ),
                    a,
                );
            }
            args[i] = Some(self.expr(d, a)?);
        }
        for k in &c.arguments.keywords {
            let Some(kname) = &k.arg else {
                return self.unsupported("`**` arguments", k);
            };
            match spec.params.iter().position(|p| *p == kname.id.as_str()) {
                Some(i) => args[i] = Some(self.expr(d, &k.value)?),
                None if spec.ignored.contains(&kname.id.as_str()) => {}
                None => return self.unsupported(format!("keyword `{}` of tl.{name}", kname.id), k),
            }
        }
        // `tl.arange(start, end)` whose bounds reach here as integer scalars: a literal
        // (a constexpr the launcher computed) is read as it; a block size computed from
        // sizes gives its lane count (a placeholder symbolically, see
        // `crate::atoms::placeholder`). Anything else is no compile-time constant.
        if spec.op == ops::Op::Arange {
            for (k, name) in [(0, "start"), (1, "end")] {
                let Some(KVal::Block(b)) = args[k].clone() else {
                    continue;
                };
                let at = c.arguments.args.get(k).map(|a| a.range()).or_else(|| {
                    c.arguments
                        .keywords
                        .iter()
                        .find(|kw| kw.arg.as_ref().is_some_and(|n| n.id.as_str() == name))
                        .map(|kw| kw.value.range())
                });
                let text = at
                    .map(|r| self.src[r.start().to_usize()..r.end().to_usize()].to_string())
                    .unwrap_or_default();
                if !b.shape.is_empty() || b.ty != Ty::Int {
                    return self.unsupported(
                        format!(
                            "tl.arange's {name} `{text}` is a {} block, not a constexpr integer",
                            b.ty.name()
                        ),
                        c,
                    );
                }
                let v = b.at(d, &[]).i(d);
                let lanes = match d.literal_i(&v) {
                    Some(n) => Some(n),
                    None if k == 1 => d.lanes_of(&v).map(|n| n as i128),
                    None => None,
                };
                match lanes {
                    Some(n) => args[k] = Some(KVal::Int(n)),
                    None => {
                        return self.unsupported(
                            format!("tl.arange's {name} `{text}` is a value known only at run time (a constexpr must be a compile-time literal; the launcher's value of it is not read as one)"),
                            c,
                        )
                    }
                }
            }
        }
        let pos = pos_of(self.src, c);
        ops::apply(spec, &mut self.m, args, pos).map_err(|what| Unsupported { what, pos })
    }

    /// `tl.reduce(input, axis, combine_fn, keep_dims=False)` whose combine function
    /// ([`combine::classify`]) is a sum, a product, a maximum or a minimum of reals, or a
    /// conjunction or disjunction of conditions: `tl.sum`, `tl.max`, `tl.min` of the same
    /// arguments (a product: the core's reduction by a product, `crate::atoms`).
    fn reduce(&mut self, d: &mut D, c: &ast::ExprCall) -> R<KVal<D>> {
        const PARAMS: [&str; 4] = ["input", "axis", "combine_fn", "keep_dims"];
        let mut given: [Option<&Expr>; 4] = [None; 4];
        for (i, a) in c.arguments.args.iter().enumerate() {
            if i >= PARAMS.len() {
                return self.unsupported("tl.reduce with more than 4 positional arguments", a);
            }
            given[i] = Some(a);
        }
        for k in &c.arguments.keywords {
            let name = k.arg.as_ref().map(|n| n.id.as_str()).unwrap_or("**");
            let Some(i) = PARAMS.iter().position(|p| *p == name) else {
                return self.unsupported(format!("keyword `{name}` of tl.reduce"), k);
            };
            given[i] = Some(&k.value);
        }
        let (Some(input), Some(f)) = (given[0], given[2]) else {
            return self.unsupported("tl.reduce without its input or its combine_fn", c);
        };
        let fname = dotted(f).unwrap_or_default();
        // Resolved as a call's name is: an imported module's function by its own name.
        let fname = if self.helpers.iter().any(|h| h.name.id.as_str() == fname) {
            fname
        } else {
            self.names.resolve(&fname)
        };
        let Some(def) = self
            .helpers
            .iter()
            .copied()
            .find(|h| h.name.id.as_str() == fname)
        else {
            return self.unsupported(
                format!("tl.reduce with the combine function `{fname}` (not a `@triton.jit` function of the file)"),
                f,
            );
        };
        let x = match self.expr(d, input)? {
            KVal::Tuple(_) => return self.unsupported("tl.reduce of a tuple of blocks", input),
            v => self.block_of(&v, input)?,
        };
        let conditions = x.ty == Ty::Bool;
        let how = combine::classify(self.src, &self.helpers, &self.names, def, conditions)
            .map_err(|what| Unsupported {
                what,
                pos: pos_of(self.src, c),
            })?;
        let axis = match given[1] {
            Some(a) => Some(self.expr(d, a)?),
            None => None,
        };
        let keep = match given[3] {
            Some(k) => Some(self.expr(d, k)?),
            None => None,
        };
        // Conditions a running conjunction (disjunction) left, reduced by the same connective:
        // every lane's count of failing (holding) conditions is 0 (some is positive), which
        // the sum of the counts tells.
        let counted = self.indicators.iter().find(|(f, r, _)| {
            std::rc::Rc::ptr_eq(f, &x.f)
                && matches!(
                    (r, how),
                    (tensor::Reducer::And, combine::Combine::All)
                        | (tensor::Reducer::Or, combine::Combine::Any)
                )
        });
        let (how, x, all_of_counts) = match counted {
            Some((_, r, count)) => (
                combine::Combine::Real(tensor::Reducer::Sum),
                count.clone(),
                Some(*r == tensor::Reducer::And),
            ),
            None => (how, x, None),
        };
        let (reducer, x) = match how {
            combine::Combine::Real(r) => (r, x),
            // A conjunction is the least of the conditions as 0 or 1, a disjunction the
            // greatest; positive where it holds.
            combine::Combine::All => (tensor::Reducer::Min, x),
            combine::Combine::Any => (tensor::Reducer::Max, x),
        };
        if reducer == tensor::Reducer::Product {
            // No `tl.*` function reduces by a product: the core's reduction directly.
            let keep = matches!(keep, Some(KVal::Bool(true)));
            let x = ops::to_real(&x);
            let pos = pos_of(self.src, c);
            let p = ops::reduce_along(&x, axis.as_ref(), keep, reducer, &self.m, "tl.reduce")
                .map_err(|what| Unsupported { what, pos })?;
            return Ok(KVal::Block(p));
        }
        let name = match reducer {
            tensor::Reducer::Sum => "sum",
            tensor::Reducer::Max => "max",
            _ => "min",
        };
        let spec = ops::lookup(name).expect("reductions are in the table");
        let mut args: Vec<Option<KVal<D>>> = vec![None; spec.params.len()];
        args[0] = Some(KVal::Block(x));
        args[1] = axis;
        let keep_at = spec
            .params
            .iter()
            .position(|p| *p == "keep_dims")
            .expect("keep_dims");
        args[keep_at] = keep;
        let pos = pos_of(self.src, c);
        let r =
            ops::apply(spec, &mut self.m, args, pos).map_err(|what| Unsupported { what, pos })?;
        if !conditions {
            return Ok(r);
        }
        let r = self.block_of(&r, c)?;
        let zero = self.block_of(&KVal::Int(0), c)?;
        let cmp = match all_of_counts {
            Some(true) => Cmp::Le,
            _ => Cmp::Gt,
        };
        self.lift(ops::compare(cmp, &r, &zero), c)
    }

    /// `x.to(dtype)` / `tl.cast(x, dtype)`. `bitcast=True` reinterprets the bits (not
    /// modelled: unsupported); `fp_downcast_rounding` only changes rounding (outside the real
    /// model); any other keyword is unsupported.
    fn convert_call(&mut self, d: &mut D, x: KVal<D>, t: &Expr, c: &ast::ExprCall) -> R<KVal<D>> {
        for k in &c.arguments.keywords {
            match k.arg.as_ref().map(|a| a.id.as_str()) {
                Some("bitcast") if matches!(&k.value, Expr::BooleanLiteral(b) if !b.value) => {}
                Some("fp_downcast_rounding") => {}
                Some(other) => return self.unsupported(format!("`{other}=` of a conversion"), k),
                None => return self.unsupported("`**` arguments of a conversion", k),
            }
        }
        let t = match self.expr(d, t)? {
            KVal::Dtype(t) => t,
            KVal::Undecided(why) => return self.unsupported(why, c),
            _ => return self.unsupported("a conversion to something that is not a dtype", c),
        };
        let b = self.block_of(&x, c)?;
        self.converted(&b, &t, c)
    }

    /// `b` converted to `t` (spelled `dname`: `int64`, `uint8`, ...). Integers are exact
    /// integers here: `int32` and `int64` keep the value (no overflow: the assumption on index
    /// arithmetic every verdict names); a narrower or unsigned integer type wraps modulo
    /// `2^bits` into its range ([`ops::wrapped`], named in the verdict), except for conditions
    /// (0 or 1 at every width) and where the source type is known to fit. A float
    /// converted to an integer truncates toward zero ([`ops::trunc`], through `floor`); that
    /// the value fits in the type is an assumption the verdict names.
    fn converted(
        &mut self,
        b: &crate::value::Block<D>,
        t: &crate::value::Dtype,
        at: &impl Ranged,
    ) -> R<KVal<D>> {
        let dname = match &t.name {
            crate::value::DtypeName::Named(n) => n,
            crate::value::DtypeName::Query(q) => q.as_str(),
        };
        let named = match &t.name {
            crate::value::DtypeName::Named(n) => Some(*n),
            crate::value::DtypeName::Query(_) => None,
        };
        // Converting to a buffer's element type is what a store into it does anyway.
        if b.ty == Ty::Real && t.ty == Ty::Real && !t.of_buffer {
            self.float_query_assumed(t);
        }
        // An integer of a known type into one that holds all its values: exact.
        let from = self.typed(b);
        let widens = from
            .zip(named)
            .is_some_and(|(s, t)| dtypes::holds_all(t, s));
        let t = t.ty;
        let mut wrapped = None;
        if t == Ty::Int && !widens {
            match b.ty {
                Ty::Real => {
                    let pos = pos_of(self.src, at);
                    self.m.assumed.push(format!(
                        "the float converted to `{dname}` at {pos} fits in `{dname}` (it truncates toward zero)"
                    ));
                    if !self.m.math.contains(&"floor") {
                        self.m.math.push("floor");
                    }
                }
                Ty::Int if !matches!(dname, "int32" | "int64") => {
                    let Some(width) = ops::wrapping_type(dname) else {
                        return self.unsupported(
                            format!("a conversion of an integer block to {dname}"),
                            at,
                        );
                    };
                    let pos = pos_of(self.src, at);
                    self.m.assumed.push(format!(
                        "the conversion to `{dname}` at {pos} wraps modulo 2^{} (modelled); arithmetic on its result is exact (no wrap-around after it, as for every integer)",
                        width.bits
                    ));
                    wrapped = Some(ops::wrapped(b, width));
                }
                _ => {}
            }
        }
        let b = wrapped.as_ref().unwrap_or(b);
        let v = self.lift(ops::convert(b, t), at)?;
        // The result's type is the one converted to (a new block where the value is the
        // same one: `typed` answers by block).
        let (KVal::Block(x), Some(n)) = (&v, named) else {
            return Ok(v);
        };
        let x = x.clone();
        let x = if std::rc::Rc::ptr_eq(&x.f, &b.f) && from != Some(n) {
            let f = x.f.clone();
            crate::value::Block::new(x.shape.clone(), x.ty, move |d: &mut D, l| f(d, l))
        } else {
            x
        };
        self.m.typed.push((x.f.clone(), n));
        Ok(KVal::Block(x))
    }

    /// The element type of block `b` when it is known: loaded from a buffer whose type the
    /// claim's variant assigns, or converted to a named type.
    pub(crate) fn typed(&self, b: &crate::value::Block<D>) -> Option<&'static str> {
        self.m
            .typed
            .iter()
            .rev()
            .find(|(f, _)| std::rc::Rc::ptr_eq(f, &b.f))
            .map(|(_, t)| *t)
    }
}
