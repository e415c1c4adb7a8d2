//! The host launcher, read abstractly: tensors with symbolic shapes, integers as expressions
//! over those sizes ([`HExpr`]), the grid, and what each kernel parameter receives.
//!
//! Tensors the launcher receives as parameters get fresh sizes; parameters with no size
//! evidence share one shape (an assumption the verdict names), never one whose size an
//! `assert` reads (the assert relates it). Statements are read in [`stmts`]: asserts as facts,
//! `if`s taken or split into cases, and what is not read named, never skipped. `torch.empty_like(x)` and friends have the
//! shape of `x`; `torch.empty(n, ...)` the shape given. Strides are those of contiguous
//! tensors.

use crate::front::{dotted, pos_of, KernelDef};
use crate::mem::Pos;
use ruff_python_ast::{self as ast, Expr, Number, Stmt};
use ruff_text_size::Ranged;
use tensor::Domain;

mod stmts;

/// A host integer: an expression over the symbolic sizes.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum HExpr {
    Lit(i128),
    Size(usize),
    Add(Box<HExpr>, Box<HExpr>),
    Sub(Box<HExpr>, Box<HExpr>),
    Mul(Box<HExpr>, Box<HExpr>),
    /// `triton.cdiv(a, b)`, `b > 0` (a literal, or a premise of the model).
    CDiv(Box<HExpr>, Box<HExpr>),
    /// `triton.next_power_of_2(a)`, `1 <= a <= 2^20` (Triton's largest block).
    NextPow2(Box<HExpr>),
    /// Python `a // b`, `b > 0`.
    FloorDiv(Box<HExpr>, Box<HExpr>),
    /// Python `a % b`, `b > 0`.
    Mod(Box<HExpr>, Box<HExpr>),
    /// Python `min(a, b)` (a grid `(min(n_rows, NUM_SMS),)`).
    Min(Box<HExpr>, Box<HExpr>),
}

impl HExpr {
    pub(crate) fn eval<D: Domain>(&self, d: &mut D, sizes: &[D::I]) -> D::I {
        match self {
            HExpr::Lit(i) => d.lit_i(*i),
            HExpr::Size(k) => sizes[*k].clone(),
            HExpr::Add(a, b)
            | HExpr::Sub(a, b)
            | HExpr::Mul(a, b)
            | HExpr::FloorDiv(a, b)
            | HExpr::Mod(a, b) => {
                let (x, y) = (a.eval(d, sizes), b.eval(d, sizes));
                match self {
                    HExpr::Add(..) => d.add_i(&x, &y),
                    HExpr::Sub(..) => d.sub_i(&x, &y),
                    HExpr::Mul(..) => d.mul_i(&x, &y),
                    HExpr::Mod(..) => d.emod_i(&x, &y),
                    _ => d.ediv_i(&x, &y),
                }
            }
            HExpr::Min(a, b) => {
                let (x, y) = (a.eval(d, sizes), b.eval(d, sizes));
                let le = d.le_i(&x, &y);
                d.ite_i(&le, &x, &y)
            }
            HExpr::CDiv(a, b) => {
                let (x, y) = (a.eval(d, sizes), b.eval(d, sizes));
                let one = d.lit_i(1);
                let s = d.add_i(&x, &y);
                let s = d.sub_i(&s, &one);
                d.ediv_i(&s, &y)
            }
            // The least power of two `>= a`, as a chain of comparisons (any domain).
            HExpr::NextPow2(a) => {
                let x = a.eval(d, sizes);
                let mut acc = d.lit_i(1 << 20);
                for e in (0..20).rev() {
                    let p = d.lit_i(1 << e);
                    let fits = d.le_i(&x, &p);
                    acc = d.ite_i(&fits, &p, &acc);
                }
                acc
            }
        }
    }

    /// `a * b`, without factors 1.
    pub(crate) fn mul(a: HExpr, b: HExpr) -> HExpr {
        match (a, b) {
            (HExpr::Lit(1), x) | (x, HExpr::Lit(1)) => x,
            (a, b) => HExpr::Mul(Box::new(a), Box::new(b)),
        }
    }

    /// `a // b`, with `(x * b) // b` as `x` (`x.numel() // N` of an `(M, N)` tensor is `M`).
    pub(crate) fn floor_div(a: HExpr, b: HExpr) -> HExpr {
        match a {
            HExpr::Mul(x, y) if *y == b => *x,
            HExpr::Mul(x, y) if *x == b => *y,
            a => HExpr::FloorDiv(Box::new(a), Box::new(b)),
        }
    }

    /// The value when it does not depend on any size.
    pub(crate) fn literal(&self) -> Option<i128> {
        let mut c = tensor::Concrete::new(Default::default());
        if self.sizes().is_empty() {
            Some(self.eval(&mut c, &[]))
        } else {
            None
        }
    }

    pub(crate) fn sizes(&self) -> Vec<usize> {
        match self {
            HExpr::Lit(_) => vec![],
            HExpr::Size(k) => vec![*k],
            HExpr::NextPow2(a) => a.sizes(),
            HExpr::Add(a, b)
            | HExpr::Sub(a, b)
            | HExpr::Mul(a, b)
            | HExpr::CDiv(a, b)
            | HExpr::FloorDiv(a, b)
            | HExpr::Min(a, b)
            | HExpr::Mod(a, b) => {
                let mut v = a.sizes();
                v.extend(b.sizes());
                v
            }
        }
    }
}

/// A tensor of the launcher.
#[derive(Clone, Debug)]
pub(crate) struct HTensor {
    pub name: String,
    pub shape: Vec<HExpr>,
    /// A strided view's stride per dimension (`x[i, j]` is element `i * s0 + j * s1` of the
    /// pointer's memory); `None` for a contiguous row-major tensor.
    pub strides: Option<Vec<HExpr>>,
    /// Whether its contents before the launch are the caller's (a launcher parameter, or a
    /// kernel's pointer under the kernel-level claim): any values. A
    /// tensor the launcher allocates (`torch.zeros`, a view, ...) is not: the model does
    /// not read what it holds, so a replay that reads it (an atomic's first add) is no run of
    /// the launcher.
    pub given: bool,
    /// Whether the launcher allocates it filled (`torch.zeros`, `torch.full`, ...): an
    /// element no kernel writes then holds a known value, not garbage.
    pub filled: bool,
    /// What the text says of its layout.
    pub layout: Layout,
}

/// What the text says of a tensor's layout.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Layout {
    /// Row-major contiguous (or `strides`): the launcher allocates it, makes it contiguous
    /// (`x.contiguous()`), asserts it (`assert x.is_contiguous()`), or it is a pointer's
    /// memory under the kernel-level claim.
    Read,
    /// The layout of the caller's tensor (this index: a launcher parameter) whose strides
    /// nothing in the text fixes, itself or a view or `empty_like` of it: a caller may pass a
    /// transposed or sliced tensor.
    Caller(usize),
}

impl HTensor {
    /// A contiguous row-major tensor the launcher allocates.
    pub(crate) fn contiguous(name: String, shape: Vec<HExpr>) -> HTensor {
        HTensor {
            name,
            shape,
            strides: None,
            given: false,
            filled: false,
            layout: Layout::Read,
        }
    }

    /// A contiguous row-major tensor the caller gives.
    pub(crate) fn given(name: String, shape: Vec<HExpr>) -> HTensor {
        HTensor {
            given: true,
            ..HTensor::contiguous(name, shape)
        }
    }

    /// The number of elements of memory the tensor spans: the product of its shape, or for
    /// a strided view one past its last element (`1 + sum (d_k - 1) * s_k`, every size and
    /// stride at least 1).
    pub(crate) fn numel(&self) -> HExpr {
        if let Some(strides) = &self.strides {
            return self
                .shape
                .iter()
                .zip(strides)
                .fold(HExpr::Lit(1), |acc, (d, s)| {
                    let last = HExpr::Sub(Box::new(d.clone()), Box::new(HExpr::Lit(1)));
                    HExpr::Add(Box::new(acc), Box::new(HExpr::mul(last, s.clone())))
                });
        }
        let mut it = self.shape.iter().cloned();
        let first = it.next().unwrap_or(HExpr::Lit(1));
        it.fold(first, HExpr::mul)
    }

    /// The stride of each dimension: the view's own, else row-major (`[d1 * d2, d2, 1]`).
    pub(crate) fn strides(&self) -> Vec<HExpr> {
        if let Some(s) = &self.strides {
            return s.clone();
        }
        let mut out = vec![HExpr::Lit(1); self.shape.len()];
        for k in (0..self.shape.len().saturating_sub(1)).rev() {
            out[k] = match &out[k + 1] {
                HExpr::Lit(1) => self.shape[k + 1].clone(),
                s => HExpr::mul(s.clone(), self.shape[k + 1].clone()),
            };
        }
        out
    }
}

/// What a kernel parameter receives.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum HostArg {
    Tensor(usize),
    Int(HExpr),
    /// A float scalar the launcher receives (symbolic), by the launcher's name.
    Real(String),
    Float(i128, i128),
    Bool(bool),
    Str(String),
    /// A named element type (`float32`), for a constexpr that is one (`X_dtype`).
    Dtype(String),
    /// A condition on the sizes (a `@triton.heuristics` value such as `N % BLOCK == 0`).
    Cond(HExpr, HCmp, HExpr),
}

/// The launcher as read.
#[derive(Clone, Debug)]
pub(crate) struct HostModel {
    pub launcher: String,
    /// Display names of the size symbols.
    pub sizes: Vec<String>,
    pub tensors: Vec<HTensor>,
    /// Per kernel parameter, in order.
    pub args: Vec<(String, HostArg)>,
    pub grid: Vec<HExpr>,
    pub assumptions: Vec<String>,
    /// Integer comparisons the launcher asserts before the launch (`assert N <= BLOCK`):
    /// preconditions of every check.
    pub facts: Vec<(HExpr, HCmp, HExpr)>,
    /// Sizes the launcher computes by a floor division (`H = N // 2`): a size symbol of their
    /// own, defined by facts (`2*H <= N < 2*H + 2`) so that tensor shapes stay polynomial;
    /// the bounded check computes them from the others.
    pub derived: Vec<(usize, HExpr)>,
    /// How many cases the launcher's capped block size has (`BLOCK = min(triton.
    /// next_power_of_2(n), 1024)`: one per value, each under its condition on `n`); this model
    /// is the case it was read for, 1 when there is none.
    pub cases: usize,
    /// Values the reading of the launcher takes as positive, each with its obligation's
    /// name (the divisor of a `triton.cdiv` that is no literal: Python's floor division
    /// and the model's Euclidean one agree there). The checker proves each for every size;
    /// a replay at sizes where one fails is no run of the launcher.
    pub premises: Vec<(String, HExpr)>,
    pub pos: Pos,
    /// The flag assignment this model is the case of (`` `HAS_BIAS` = True ``), when the
    /// kernel-level claim sweeps flags: each has a formula of its own.
    pub variant: Option<String>,
    /// The first thing the model reads of the caller's tensors that the text does not
    /// establish, with where: a tensor passed to the kernel whose layout nothing fixes (read
    /// as contiguous), two tensors read with one shape that no assert relates. A refutation
    /// may use it (a caller can pass such tensors); a verified claim may not.
    pub unbacked: Option<String>,
}

impl HostModel {
    /// Whether size `k` is a block size computed from sizes (`triton.next_power_of_2(n)`).
    pub(crate) fn is_block(&self, k: usize) -> bool {
        self.derived
            .iter()
            .any(|(j, e)| *j == k && matches!(e, HExpr::NextPow2(_)))
    }
}

/// A comparison the launcher asserts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum HCmp {
    Lt,
    Le,
    Eq,
    Ne,
}

impl HCmp {
    pub(crate) fn holds<D: Domain>(self, d: &mut D, a: &D::I, b: &D::I) -> D::B {
        match self {
            HCmp::Lt => d.lt_i(a, b),
            HCmp::Le => d.le_i(a, b),
            HCmp::Eq => d.eq_i(a, b),
            HCmp::Ne => {
                let e = d.eq_i(a, b);
                d.not(&e)
            }
        }
    }
}

const GRID_ERROR: &str = "cannot read the grid of the launch";
const GRID_AXES: &str = "a grid has 1 to 3 axes";

#[derive(Clone, Debug)]
enum HVal {
    Tensor(usize),
    Int(HExpr),
    Float(i128, i128),
    Bool(bool),
    Str(String),
    Cond(HExpr, HCmp, HExpr),
    Tuple(Vec<HVal>),
    Lambda(Option<String>, Expr),
    /// A Python function the launcher can name (`def grid(meta): return (...)`, nested or at
    /// module level): a grid given as a function.
    Func(Box<ast::StmtFunctionDef>),
    /// A launcher parameter not yet known to be a tensor or a scalar.
    Param(String),
    /// `a / b` of integers (Python's true division), read only by `math.ceil`, `math.floor`
    /// and `int`.
    Ratio(HExpr, HExpr),
    /// A value the launcher computes in a way not read here, and why.
    Unreadable(String, Pos),
    Unknown,
}

struct Host<'s> {
    src: &'s str,
    env: Vec<(String, HVal)>,
    m: HostModel,
    /// Rank of each launcher parameter, from how it is used.
    ranks: Vec<(String, usize)>,
    /// Launcher parameters whose shape the launcher unpacks (`M, K = a.shape`): each has a
    /// shape of its own (a matrix product's operands), related only by the launcher's asserts.
    own_shape: Vec<String>,
    /// Keyword constexprs of the launch (for `meta['X']`).
    meta: Vec<(String, HVal)>,
    /// Default size names not yet renamed.
    default_named: Vec<bool>,
    /// Parameters whose sizes the launcher reads itself (`x.numel()`, `x.shape`, `x.size(d)`).
    size_read: Vec<String>,
    /// Module-level Python functions the launcher may call, read like the launcher's own
    /// statements (`BLOCK_SIZE, num_warps = calculate_settings(n_cols)`).
    helpers: Vec<ast::StmtFunctionDef>,
    /// Nesting of helper calls being read (bounded).
    depth: usize,
    /// Which case of a capped block size to read (see [`HostModel::cases`]).
    case: usize,
    /// `(x, v)`: tensor `v` is a view of tensor `x` (one buffer).
    views: Vec<(usize, usize)>,
    /// Launcher parameters whose size an `assert` reads (other than an equality of whole
    /// shapes): each has a shape of its own, related to the others by the assert.
    asserted: Vec<String>,
    /// Pairs of the caller's tensors read with one shape (the second took the first's).
    shared: Vec<(usize, usize)>,
    /// Pairs of tensors whose shapes the text equates: `assert a.shape == b.shape`, a copy
    /// `x.contiguous()`.
    same_shape: Vec<(usize, usize)>,
}

type R<T> = Result<T, (String, Pos)>;

/// Reads the launch of `kernel` in `body`, if there is one.
#[allow(clippy::too_many_arguments)]
pub(crate) fn read_launcher(
    src: &str,
    globals: &[&Stmt],
    helpers: &[&ast::StmtFunctionDef],
    fdef: Option<&ast::StmtFunctionDef>,
    body: &[Stmt],
    kernel: &KernelDef,
    pointer_params: &[String],
    config: &[(String, Expr)],
    case: usize,
) -> Option<R<HostModel>> {
    let call = body.iter().find_map(|s| find_launch(s, &kernel.name))?;
    let mut h = Host {
        src,
        env: vec![],
        m: HostModel {
            launcher: fdef
                .map(|f| f.name.id.to_string())
                .unwrap_or_else(|| "<module>".into()),
            sizes: vec![],
            tensors: vec![],
            args: vec![],
            grid: vec![],
            assumptions: vec![],
            facts: vec![],
            derived: vec![],
            cases: 1,
            variant: None,
            unbacked: None,
            premises: vec![],
            pos: pos_of(src, call),
        },
        ranks: vec![],
        own_shape: vec![],
        meta: vec![],
        default_named: vec![],
        size_read: vec![],
        helpers: helpers
            .iter()
            .filter(|h| fdef.is_none_or(|f| f.name.id != h.name.id))
            .map(|h| (*h).clone())
            .collect(),
        depth: 0,
        case,
        views: vec![],
        asserted: vec![],
        shared: vec![],
        same_shape: vec![],
    };
    Some(
        h.run(globals, fdef, body, call, kernel, pointer_params, config)
            .map(|_| h.m),
    )
}

fn find_launch<'a>(s: &'a Stmt, kernel: &str) -> Option<&'a ast::ExprCall> {
    use ruff_python_ast::visitor::{walk_expr, walk_stmt, Visitor};
    struct V<'a, 'k> {
        kernel: &'k str,
        found: Option<&'a ast::ExprCall>,
    }
    impl<'a> Visitor<'a> for V<'a, '_> {
        fn visit_stmt(&mut self, s: &'a Stmt) {
            if !matches!(s, Stmt::FunctionDef(_)) {
                walk_stmt(self, s);
            }
        }
        fn visit_expr(&mut self, e: &'a Expr) {
            if let Expr::Call(c) = e {
                if let Expr::Subscript(sub) = &*c.func {
                    if dotted(&sub.value).as_deref() == Some(self.kernel) && self.found.is_none() {
                        self.found = Some(c);
                    }
                }
            }
            walk_expr(self, e);
        }
    }
    let mut v = V {
        kernel,
        found: None,
    };
    v.visit_stmt(s);
    v.found
}

/// Whether `body` unpacks `name.shape` into names (`M, K = name.shape`) more than once among
/// all tensors: see [`Host::own_shape`].
fn unpacks_shape(body: &[Stmt], name: &str) -> bool {
    let unpacked = |n: &str| {
        body.iter().any(|s| match s {
            Stmt::Assign(a) => {
                matches!(a.targets.first(), Some(Expr::Tuple(_)))
                    && matches!(&*a.value, Expr::Attribute(at)
                        if at.attr.id.as_str() == "shape" && dotted(&at.value).as_deref() == Some(n))
            }
            _ => false,
        })
    };
    // Only when two or more tensors are unpacked: one unpacked tensor (`n_rows, n_cols =
    // x.shape`) keeps the elementwise contract with the others.
    let others = body
        .iter()
        .filter(|s| match s {
            Stmt::Assign(a) => {
                matches!(a.targets.first(), Some(Expr::Tuple(_)))
                    && matches!(&*a.value, Expr::Attribute(at) if at.attr.id.as_str() == "shape")
            }
            _ => false,
        })
        .count();
    unpacked(name) && others >= 2
}

/// Whether the launcher `body` reads the size of `name` itself: `name.numel()`, `name.shape`,
/// `name.size(...)`. Reads that only reshape the tensor (`name.reshape(-1, name.shape[-1])`)
/// or assert that two shapes are one (`assert name.shape == other.shape`) do not count: they
/// keep the elementwise contract (one shape for the launcher's tensors).
fn reads_size(body: &[Stmt], name: &str) -> bool {
    use ruff_python_ast::visitor::{walk_expr, walk_stmt, Visitor};
    struct V<'n> {
        name: &'n str,
        found: bool,
    }
    impl<'a> Visitor<'a> for V<'_> {
        fn visit_stmt(&mut self, s: &'a Stmt) {
            match s {
                Stmt::FunctionDef(_) => {}
                Stmt::Assert(a) if is_shape_equality(&a.test) => {}
                _ => walk_stmt(self, s),
            }
        }
        fn visit_expr(&mut self, e: &'a Expr) {
            match e {
                Expr::Attribute(at)
                    if at.attr.id.as_str() == "shape"
                        && dotted(&at.value).as_deref() == Some(self.name) =>
                {
                    self.found = true;
                }
                Expr::Call(c) => {
                    if let Expr::Attribute(at) = &*c.func {
                        let m = at.attr.id.as_str();
                        let on_me = is_tensor_named(&at.value, self.name);
                        if on_me && (m == "numel" || m == "size") {
                            self.found = true;
                        }
                        // The arguments of `name.view(...)`/`name.reshape(...)` only reshape it.
                        if on_me && (m == "view" || m == "reshape") {
                            return;
                        }
                    }
                    walk_expr(self, e);
                }
                _ => walk_expr(self, e),
            }
        }
    }
    let mut v = V { name, found: false };
    for s in body {
        v.visit_stmt(s);
    }
    v.found
}

/// Whether an `assert` of `body` (other than an equality of whole shapes) reads the size of
/// `name`.
fn asserts_size(body: &[Stmt], name: &str) -> bool {
    body.iter().any(|s| match s {
        Stmt::Assert(a) if !is_shape_equality(&a.test) => reads_size(
            &[Stmt::Expr(ast::StmtExpr {
                node_index: Default::default(),
                range: a.range,
                value: a.test.clone(),
            })],
            name,
        ),
        _ => false,
    })
}

/// `a.shape == b.shape` (also `.size()` / `.numel()` on both sides): an assertion that two
/// tensors have one shape.
fn is_shape_equality(test: &Expr) -> bool {
    let shape_like = |e: &Expr| match e {
        Expr::Attribute(at) => at.attr.id.as_str() == "shape",
        Expr::Call(c) => matches!(&*c.func, Expr::Attribute(at)
            if matches!(at.attr.id.as_str(), "size" | "numel") && c.arguments.args.is_empty()),
        _ => false,
    };
    match test {
        Expr::Compare(c) => {
            c.ops.iter().all(|o| matches!(o, ast::CmpOp::Eq))
                && shape_like(&c.left)
                && c.comparators.iter().all(shape_like)
        }
        Expr::BoolOp(b) if matches!(b.op, ast::BoolOp::And) => {
            b.values.iter().all(is_shape_equality)
        }
        _ => false,
    }
}

/// Whether `e` is the tensor `name`, possibly made contiguous first (`name.contiguous()`).
fn is_tensor_named(e: &Expr, name: &str) -> bool {
    match e {
        Expr::Call(c) if c.arguments.args.is_empty() => matches!(&*c.func, Expr::Attribute(at)
            if at.attr.id.as_str() == "contiguous" && is_tensor_named(&at.value, name)),
        e => dotted(e).as_deref() == Some(name),
    }
}

/// An integer literal, also negative (`-1`).
pub(crate) fn int_literal(e: &Expr) -> Option<i64> {
    match e {
        Expr::NumberLiteral(n) => match &n.value {
            Number::Int(i) => i.as_i64(),
            _ => None,
        },
        Expr::UnaryOp(u) if matches!(u.op, ast::UnaryOp::USub) => {
            int_literal(&u.operand)?.checked_neg()
        }
        _ => None,
    }
}

/// The least rank that dimension `d` of a tensor shows (`-2` shows 2, `1` shows 2).
fn rank_shown(d: i64) -> usize {
    if d < 0 {
        d.unsigned_abs() as usize
    } else {
        d as usize + 1
    }
}

fn rank_uses(body: &[Stmt], name: &str) -> usize {
    use ruff_python_ast::visitor::{walk_expr, walk_stmt, Visitor};
    struct V<'n> {
        name: &'n str,
        rank: usize,
    }
    impl<'a> Visitor<'a> for V<'_> {
        fn visit_stmt(&mut self, s: &'a Stmt) {
            if let Stmt::Assign(a) = s {
                if let (Some(Expr::Tuple(t)), Expr::Attribute(at)) = (a.targets.first(), &*a.value)
                {
                    if at.attr.id.as_str() == "shape"
                        && dotted(&at.value).as_deref() == Some(self.name)
                    {
                        self.rank = self.rank.max(t.elts.len());
                    }
                }
            }
            walk_stmt(self, s);
        }
        fn visit_expr(&mut self, e: &'a Expr) {
            match e {
                Expr::Subscript(s) => {
                    if let (Expr::Attribute(at), Some(i)) = (&*s.value, int_literal(&s.slice)) {
                        if at.attr.id.as_str() == "shape"
                            && dotted(&at.value).as_deref() == Some(self.name)
                        {
                            self.rank = self.rank.max(rank_shown(i));
                        }
                    }
                }
                Expr::Call(c) => {
                    if let Expr::Attribute(at) = &*c.func {
                        let m = at.attr.id.as_str();
                        let on_me = is_tensor_named(&at.value, self.name);
                        if (m == "stride" || m == "size") && on_me {
                            if let Some(i) = c.arguments.args.first().and_then(int_literal) {
                                self.rank = self.rank.max(rank_shown(i));
                            }
                        }
                        // `x.view(-1, N)` / `x.reshape(-1, x.shape[-1])`: the rows of a tensor
                        // of rank 2 or more, modelled as rank 2 (its leading dimensions
                        // flattened, as the view does).
                        let args = &c.arguments.args;
                        if (m == "view" || m == "reshape")
                            && on_me
                            && args.len() == 2
                            && int_literal(&args[0]) == Some(-1)
                        {
                            self.rank = self.rank.max(2);
                        }
                    }
                }
                _ => {}
            }
            walk_expr(self, e);
        }
    }
    let mut v = V { name, rank: 0 };
    for s in body {
        v.visit_stmt(s);
    }
    v.rank
}

fn kw<'a>(c: &'a ast::ExprCall, name: &str) -> Option<&'a Expr> {
    c.arguments
        .keywords
        .iter()
        .find(|k| k.arg.as_ref().map(|a| a.id.as_str()) == Some(name))
        .map(|k| &k.value)
}

impl Host<'_> {
    fn err<T>(&self, what: String, at: &impl ruff_text_size::Ranged) -> R<T> {
        Err((what, pos_of(self.src, at)))
    }

    #[allow(clippy::too_many_arguments)]
    fn run(
        &mut self,
        globals: &[&Stmt],
        fdef: Option<&ast::StmtFunctionDef>,
        body: &[Stmt],
        call: &ast::ExprCall,
        kernel: &KernelDef,
        pointer_params: &[String],
        config: &[(String, Expr)],
    ) -> R<()> {
        for g in globals {
            self.stmt(g)?;
        }
        if let Some(f) = fdef {
            self.bind_launcher_params(f, call, kernel)?;
        }
        self.read_to_launch(body, &kernel.name)?;
        self.launch_meta(call, config)?;
        let bound = self.bind_arguments(call, kernel)?;
        self.host_args(kernel, &bound, pointer_params)?;
        self.unbacked_shared_shape();
        self.no_view_beside_its_tensor()?;
        self.read_grid(call)
    }

    /// The launcher's own parameters: tensors, sizes, defaults, or symbolic scalars.
    fn bind_launcher_params(
        &mut self,
        f: &ast::StmtFunctionDef,
        call: &ast::ExprCall,
        kernel: &KernelDef,
    ) -> R<()> {
        for p in f
            .parameters
            .posonlyargs
            .iter()
            .chain(&f.parameters.args)
            .chain(&f.parameters.kwonlyargs)
        {
            let name = p.parameter.name.id.to_string();
            if asserts_size(&f.body, &name) {
                self.asserted.push(name.clone());
            }
            if reads_size(&f.body, &name) {
                self.size_read.push(name.clone());
            }
            let rank = rank_uses(&f.body, &name);
            self.ranks.push((name.clone(), rank));
            if unpacks_shape(&f.body, &name) {
                self.own_shape.push(name.clone());
            }
            let tensor_annot = p
                .parameter
                .annotation
                .as_deref()
                .and_then(dotted)
                .map(|a| a.ends_with("Tensor"))
                .unwrap_or(false);
            let int_annot = p
                .parameter
                .annotation
                .as_deref()
                .and_then(dotted)
                .as_deref()
                == Some("int");
            let v = if tensor_annot {
                HVal::Tensor(self.new_param_tensor(&name))
            } else if let Some(end) = int_annot
                .then(|| arange_extent_of(call, kernel, &name))
                .flatten()
            {
                HVal::Int(HExpr::Size(self.free_block(&name, &end)))
            } else if int_annot {
                // An integer the caller passes: a size symbol of its own (at least 1).
                self.m.sizes.push(name.clone());
                self.default_named.push(false);
                HVal::Int(HExpr::Size(self.m.sizes.len() - 1))
            } else if let Some(d) = p.default.as_deref().filter(|d| {
                matches!(d, Expr::BooleanLiteral(_) | Expr::StringLiteral(_))
                    || int_literal(d).is_some()
            }) {
                // `def quick_gelu(x, y, BLOCK_SIZE=1024)`: no call site is read, so the
                // parameter has its default (a float default stays a symbolic scalar).
                self.m.assumptions.push(format!(
                    "the launcher's parameter `{name}` has its default {}",
                    self.text(d)
                ));
                self.expr(d)?
            } else {
                HVal::Param(name.clone())
            };
            self.env.push((name, v));
        }
        Ok(())
    }

    /// The launch's keywords first, then the autotuner's configuration: the grid may read
    /// them through `meta`.
    fn launch_meta(&mut self, call: &ast::ExprCall, config: &[(String, Expr)]) -> R<()> {
        for k in &call.arguments.keywords {
            if let Some(a) = &k.arg {
                let v = self.expr(&k.value)?;
                self.meta.push((a.id.to_string(), v));
            }
        }
        for (name, e) in config {
            if !self.meta.iter().any(|(n, _)| n == name) {
                let v = self.expr(e)?;
                self.meta.push((name.clone(), v));
            }
        }
        Ok(())
    }

    /// The launch's arguments bound to the kernel's parameters: positional ones, `meta`'s,
    /// `@triton.heuristics` values and defaults, each with where it was written.
    fn bind_arguments(
        &mut self,
        call: &ast::ExprCall,
        kernel: &KernelDef,
    ) -> R<Vec<(String, HVal, Pos)>> {
        let mut bound: Vec<(String, HVal, Pos)> = Vec::new();
        for a in call.arguments.args.iter() {
            // `*x.stride()`, `*shape`: a tuple's elements, one parameter each.
            let vs = match a {
                Expr::Starred(st) => match self.expr(&st.value)? {
                    HVal::Tuple(vs) => vs,
                    _ => {
                        return self
                            .err("a starred argument that is not a readable tuple".into(), a)
                    }
                },
                a => vec![self.expr(a)?],
            };
            for v in vs {
                let Some(p) = kernel.params.get(bound.len()) else {
                    return self.err(
                        format!(
                            "the launch passes more arguments than the {} parameters of `{}`",
                            kernel.params.len(),
                            kernel.name,
                        ),
                        a,
                    );
                };
                bound.push((p.name.clone(), v, pos_of(self.src, a)));
            }
        }
        for (n, v) in self.meta.clone() {
            if kernel.params.iter().any(|p| p.name == n) && !bound.iter().any(|(b, _, _)| *b == n) {
                bound.push((n, v, self.m.pos));
            }
        }
        // `@triton.heuristics` values, from the arguments bound so far (`args['N']`).
        for (n, v, _) in &bound {
            if !self.meta.iter().any(|(m, _)| m == n) {
                self.meta.push((n.clone(), v.clone()));
            }
        }
        for (name, lam) in &kernel.heuristics {
            if bound.iter().any(|(b, _, _)| b == name) {
                continue;
            }
            let v = match self.expr(lam)? {
                HVal::Lambda(_, body) => self.expr(&body)?,
                other => other,
            };
            if matches!(v, HVal::Unknown) {
                return self.err(
                    format!("cannot read the `@triton.heuristics` value of `{name}`"),
                    lam,
                );
            }
            self.meta.push((name.clone(), v.clone()));
            bound.push((name.clone(), v, pos_of(self.src, lam)));
        }
        for p in &kernel.params {
            if bound.iter().any(|(b, _, _)| *b == p.name) {
                continue;
            }
            match &p.default {
                Some(e) => {
                    let v = self.expr(e)?;
                    // The grid's `meta` holds every bound argument, defaults too.
                    if !self.meta.iter().any(|(m, _)| *m == p.name) {
                        self.meta.push((p.name.clone(), v.clone()));
                    }
                    bound.push((p.name.clone(), v, self.m.pos));
                }
                None => {
                    return Err((
                        format!(
                            "the launch gives no value to the kernel parameter `{}`",
                            p.name
                        ),
                        self.m.pos,
                    ))
                }
            }
        }
        Ok(bound)
    }

    /// The model's argument of each kernel parameter, from the value bound to it.
    fn host_args(
        &mut self,
        kernel: &KernelDef,
        bound: &[(String, HVal, Pos)],
        pointer_params: &[String],
    ) -> R<()> {
        for p in &kernel.params {
            let (_, v, at) = bound
                .iter()
                .find(|(b, _, _)| *b == p.name)
                .cloned()
                .expect("bound above");
            let arg = match v {
                HVal::Tensor(t) => self.layout_read(t, at)?,
                HVal::Param(name) if pointer_params.contains(&p.name) => {
                    let t = self.new_param_tensor(&name);
                    self.set(&name, HVal::Tensor(t));
                    self.layout_read(t, at)?
                }
                HVal::Param(name) => HostArg::Real(name),
                // `BLOCK=triton.next_power_of_2(n)` written in the launch: a block size of
                // its own, named after the parameter.
                HVal::Int(e @ HExpr::NextPow2(_)) => {
                    let HExpr::NextPow2(a) = &e else {
                        unreachable!("matched")
                    };
                    let k = self.derive_block(&p.name, &e, a);
                    HostArg::Int(HExpr::Size(k))
                }
                HVal::Int(e) => {
                    if let HExpr::Size(k) = e {
                        self.rename(k, &p.name);
                    }
                    match self.capped_block(&p.name, &e) {
                        Some(v) => HostArg::Int(v),
                        None => HostArg::Int(e),
                    }
                }
                HVal::Float(n, d) => HostArg::Float(n, d),
                HVal::Bool(b) => HostArg::Bool(b),
                HVal::Str(x) => HostArg::Str(x),
                HVal::Cond(a, op, b) => HostArg::Cond(a, op, b),
                HVal::Unreadable(why, at) => {
                    return Err((format!("`{}` receives a value not read: {why}", p.name), at))
                }
                other => {
                    return Err((
                        format!(
                            "cannot read the value the launch passes to `{}` ({other:?})",
                            p.name
                        )
                        .replace("Unknown", "not understood"),
                        at,
                    ))
                }
            };
            self.m.args.push((p.name.clone(), arg));
        }
        Ok(())
    }

    /// A tensor and its view are one buffer, which the model does not read as one.
    fn no_view_beside_its_tensor(&self) -> R<()> {
        for (x, v) in &self.views {
            let passed = |t: usize| {
                self.m
                    .args
                    .iter()
                    .any(|(_, a)| matches!(a, HostArg::Tensor(k) if *k == t))
            };
            if passed(*x) && passed(*v) {
                return Err((
                    format!(
                        "the launch passes `{}` and its view `{}`, one buffer",
                        self.m.tensors[*x].name, self.m.tensors[*v].name
                    ),
                    self.m.pos,
                ));
            }
        }
        Ok(())
    }

    /// The launch's grid: one to three integer axes.
    fn read_grid(&mut self, call: &ast::ExprCall) -> R<()> {
        let Expr::Subscript(sub) = &*call.func else {
            unreachable!("a launch is a subscript call")
        };
        let g = self.expr(&sub.slice)?;
        let g = match g {
            HVal::Lambda(param, body) => {
                if let Some(p) = param {
                    self.env.push((p, HVal::Unknown));
                }
                self.expr(&body)?
            }
            // `kernel[grid](...)` with `def grid(meta): return (...)`: its `meta` reads the
            // launch's keywords, as a lambda's does.
            HVal::Func(f) if Self::readable_function(&f) && self.depth < 4 => {
                let params = crate::front::parameters(&f);
                let bound = params
                    .iter()
                    .map(|p| (p.parameter.name.id.to_string(), HVal::Unknown))
                    .collect();
                self.run_function(&f, bound)?
            }
            other => other,
        };
        let axes = match g {
            HVal::Tuple(xs) => xs,
            HVal::Int(e) => vec![HVal::Int(e)],
            _ => return self.err(GRID_ERROR.into(), &*sub.slice),
        };
        for a in axes {
            match a {
                HVal::Int(e) => self.m.grid.push(e),
                _ => return self.err(GRID_ERROR.into(), &*sub.slice),
            }
        }
        if self.m.grid.is_empty() || self.m.grid.len() > 3 {
            return self.err(GRID_AXES.into(), &*sub.slice);
        }
        Ok(())
    }

    /// `name = a // c`: a new size symbol with the facts `c*name <= a < c*name + c`.
    fn derive(
        &mut self,
        name: &str,
        e: &HExpr,
        a: &HExpr,
        c: i128,
        at: &impl ruff_text_size::Ranged,
    ) -> usize {
        let _ = at;
        self.m.sizes.push(name.to_string());
        self.default_named.push(false);
        let k = self.m.sizes.len() - 1;
        let scaled = HExpr::Mul(Box::new(HExpr::Size(k)), Box::new(HExpr::Lit(c)));
        let next = HExpr::Add(Box::new(scaled.clone()), Box::new(HExpr::Lit(c)));
        self.m.facts.push((scaled, HCmp::Le, a.clone()));
        self.m.facts.push((a.clone(), HCmp::Lt, next));
        self.m.derived.push((k, e.clone()));
        self.m.assumptions.push(format!(
            "`{name}` (the launcher's floor division) is at least 1"
        ));
        k
    }

    /// `name = triton.next_power_of_2(a)`: a block size symbol `P` with `a <= P < 2*a`
    /// (every `P` there is checked, the power of two among them too; a replay uses the
    /// launcher's value).
    fn derive_block(&mut self, name: &str, e: &HExpr, a: &HExpr) -> usize {
        self.m.sizes.push(name.to_string());
        self.default_named.push(false);
        let k = self.m.sizes.len() - 1;
        let twice = HExpr::Mul(Box::new(a.clone()), Box::new(HExpr::Lit(2)));
        self.m.facts.push((a.clone(), HCmp::Le, HExpr::Size(k)));
        self.m.facts.push((HExpr::Size(k), HCmp::Lt, twice));
        self.m.derived.push((k, e.clone()));
        self.m.assumptions.push(format!(
            "`{name}` = triton.next_power_of_2(...) is checked as any block size `P` with `n <= P < 2*n` (n its argument)"
        ));
        k
    }

    /// A launcher parameter annotated `int` that the launch passes, as it is, to a kernel
    /// constexpr used as `tl.arange`'s extent (`BLOCK_N=block_n`): Triton compiles the
    /// kernel only for a power of two there, so it is a block size `P` (a symbol of its own,
    /// every `P >= 1` checked, the powers of two among them; a replay takes `P` the power of
    /// two of a free size `q`, `q <= P < 2*q`).
    fn free_block(&mut self, name: &str, constexpr: &str) -> usize {
        self.m.sizes.push(format!("{name}_lo"));
        self.default_named.push(false);
        let q = HExpr::Size(self.m.sizes.len() - 1);
        let k = self.derive_block(name, &HExpr::NextPow2(Box::new(q.clone())), &q);
        self.m.assumptions.pop();
        self.m.assumptions.push(format!(
            "`{name}` reaches `tl.arange`'s extent as `{constexpr}`, which Triton compiles only for a power of two: checked as any block size `{name}` >= 1"
        ));
        k
    }

    /// `min(triton.next_power_of_2(a), C)` (either order) with a literal `C >= 1`: a block size
    /// with finitely many values, `2^e` for each `2^e < C` (when `2^(e-1) < a <= 2^e`) and `C`
    /// (when `a` exceeds the largest power of two below `C`). The model is read for one of
    /// them, [`Host::case`], under its condition (a fact); [`HostModel::cases`] says how many.
    fn capped_block(&mut self, name: &str, e: &HExpr) -> Option<HExpr> {
        let HExpr::Min(x, y) = e else { return None };
        let (a, cap) = match (&**x, &**y) {
            (HExpr::NextPow2(a), c) | (c, HExpr::NextPow2(a)) => (a, c.literal()?),
            _ => return None,
        };
        if cap < 1 || cap > 1 << 20 || a.literal().is_some() {
            return None;
        }
        // (value, lower bound exclusive, upper bound inclusive) on `a`.
        let mut values: Vec<(i128, Option<i128>, Option<i128>)> = Vec::new();
        let mut p = 1i128;
        while p < cap {
            values.push((p, (p > 1).then_some(p / 2), Some(p)));
            p *= 2;
        }
        values.push((cap, (cap > 1).then_some(p / 2), None));
        if self.m.cases > 1 {
            // A second capped block size: its cases are not combined with the first's.
            return None;
        }
        self.m.cases = values.len();
        // The widest tile first: its run synthesizes the formula the others are checked against.
        let (v, lo, hi) = values[values.len() - 1 - self.case.min(values.len() - 1)];
        if let Some(lo) = lo {
            self.m.facts.push((HExpr::Lit(lo), HCmp::Lt, (**a).clone()));
        }
        if let Some(hi) = hi {
            self.m.facts.push(((**a).clone(), HCmp::Le, HExpr::Lit(hi)));
        }
        self.m.assumptions.push(format!(
            "`{name}` = min(triton.next_power_of_2(n), {cap}) is checked for each of its {} values, each for the sizes that give it",
            values.len()
        ));
        Some(HExpr::Lit(v))
    }

    fn rename(&mut self, k: usize, name: &str) {
        if self.default_named[k] && !self.m.sizes.iter().any(|s| s == name) {
            self.m.sizes[k] = name.to_string();
            self.default_named[k] = false;
        }
    }

    fn new_param_tensor(&mut self, name: &str) -> usize {
        // The rank its uses show (0: no evidence).
        let seen = self
            .ranks
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, r)| *r)
            .unwrap_or(0);
        let is_param_tensor = |t: &HTensor| {
            t.shape.iter().all(|s| matches!(s, HExpr::Size(_))) && !t.name.starts_with('<')
        };
        // Launcher tensors share one shape, the elementwise contract: with the first one whose
        // rank is at least what the uses show (`x.stride(0)` shows only a rank >= 1). A tensor
        // whose shape the launcher unpacks has its own, and shares with no other; so do two
        // tensors whose sizes the launcher reads each (`n1 = x.numel(); n2 = y.numel()`, a
        // concatenation).
        let own = |n: &str| self.own_shape.iter().any(|o| o == n);
        let mine = self.size_read.iter().any(|n| n == name);
        // Never a tensor whose size an assert reads (`assert X.shape[1] == W.shape[0]`): the
        // assert, not an invented shape, relates it to the others.
        let rank = seen.max(1);
        let asserted = |n: &str| self.asserted.iter().any(|a| a == n);
        let same = self.m.tensors.iter().position(|t| {
            is_param_tensor(t)
                && t.shape.len() >= seen
                && !own(&t.name)
                && !own(name)
                && !asserted(&t.name)
                && !asserted(name)
                && !(mine && self.size_read.iter().any(|n| *n == t.name))
        });
        let shape = match same {
            Some(t) => {
                let other = self.m.tensors[t].name.clone();
                self.m.assumptions.push(format!(
                    "the launcher's tensors `{other}` and `{name}` have one shape"
                ));
                self.shared.push((t, self.m.tensors.len()));
                self.m.tensors[t].shape.clone()
            }
            None => (0..rank)
                .map(|d| {
                    self.m.sizes.push(if rank == 1 {
                        format!("{name}_numel")
                    } else {
                        format!("{name}_dim{d}")
                    });
                    self.default_named.push(true);
                    HExpr::Size(self.m.sizes.len() - 1)
                })
                .collect(),
        };
        let t = self.m.tensors.len();
        self.m.tensors.push(HTensor {
            layout: Layout::Caller(t),
            ..HTensor::given(name.to_string(), shape)
        });
        t
    }

    fn lookup(&self, name: &str) -> Option<HVal> {
        self.env
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    }

    /// A call of a module-level Python function: its parameters bound to the arguments, its
    /// statements read as the launcher's, its top-level `return` the value. A `return` inside
    /// a branch or a loop, or calls nested deeper than 4, are not read.
    fn helper_call(&mut self, f: &ast::StmtFunctionDef, c: &ast::ExprCall) -> R<HVal> {
        if self.depth >= 4 || !Self::readable_function(f) {
            return self.err(
                format!(
                    "cannot read the function `{}` (a `return` in a branch or a loop, or calls \
                     nested too deep)",
                    f.name.id
                ),
                c,
            );
        }
        let mut bound = Vec::new();
        let params = crate::front::parameters(f);
        for (i, p) in params.iter().enumerate() {
            let name = p.parameter.name.id.as_str();
            let given = c.arguments.args.get(i).or_else(|| {
                c.arguments
                    .keywords
                    .iter()
                    .find(|k| k.arg.as_ref().is_some_and(|a| a.id.as_str() == name))
                    .map(|k| &k.value)
            });
            let v = match (given, p.default.as_deref()) {
                (Some(e), _) | (None, Some(e)) => self.expr(e)?,
                (None, None) => HVal::Unknown,
            };
            bound.push((name.to_string(), v));
        }
        self.run_function(f, bound)
    }

    /// Whether `f` can be read as a value: its `return`s are all at its top level.
    fn readable_function(f: &ast::StmtFunctionDef) -> bool {
        use ruff_python_ast::visitor::{walk_stmt, Visitor};
        struct Returns(usize);
        impl<'a> Visitor<'a> for Returns {
            fn visit_stmt(&mut self, s: &'a Stmt) {
                if matches!(s, Stmt::Return(_)) {
                    self.0 += 1;
                }
                if !matches!(s, Stmt::FunctionDef(_)) {
                    walk_stmt(self, s);
                }
            }
        }
        let top = f
            .body
            .iter()
            .filter(|s| matches!(s, Stmt::Return(_)))
            .count();
        let mut all = Returns(0);
        for s in &f.body {
            all.visit_stmt(s);
        }
        all.0 == top
    }

    /// `f`'s statements read with its parameters bound, its top-level `return` the value.
    fn run_function(&mut self, f: &ast::StmtFunctionDef, bound: Vec<(String, HVal)>) -> R<HVal> {
        let saved = self.env.len();
        self.env.extend(bound);
        self.depth += 1;
        let mut out = Ok(HVal::Unknown);
        for s in &f.body {
            if let Stmt::Return(r) = s {
                out = match &r.value {
                    Some(e) => self.expr(e),
                    None => Ok(HVal::Unknown),
                };
                break;
            }
            if let Err(e) = self.stmt(s) {
                out = Err(e);
                break;
            }
        }
        self.depth -= 1;
        self.env.truncate(saved);
        out
    }

    fn set(&mut self, name: &str, v: HVal) {
        self.env.push((name.to_string(), v));
    }

    /// `targets = v` (an assignment's targets, each).
    pub(super) fn assign(&mut self, t: &Expr, v: &HVal) {
        match (t, v) {
            (Expr::Name(n), v) => {
                if let HVal::Int(HExpr::Size(k)) = v {
                    self.rename(*k, n.id.as_str());
                }
                if let Some(c) = match v {
                    HVal::Int(e) => self.capped_block(n.id.as_str(), e),
                    _ => None,
                } {
                    self.set(n.id.as_str(), HVal::Int(c));
                    return;
                }
                if let HVal::Int(e @ HExpr::NextPow2(a)) = v {
                    let k = self.derive_block(n.id.as_str(), e, a);
                    self.set(n.id.as_str(), HVal::Int(HExpr::Size(k)));
                    return;
                }
                if let HVal::Int(e @ HExpr::FloorDiv(a, c)) = v {
                    if let (Some(c), false) = (c.literal(), a.sizes().is_empty()) {
                        if c >= 1 {
                            let k = self.derive(n.id.as_str(), e, a, c, t);
                            self.set(n.id.as_str(), HVal::Int(HExpr::Size(k)));
                            return;
                        }
                    }
                }
                if let HVal::Tensor(k) = v {
                    if self.m.tensors[*k].name.starts_with('<') {
                        self.m.tensors[*k].name = n.id.to_string();
                    }
                }
                self.set(n.id.as_str(), v.clone());
            }
            (Expr::Tuple(tt), HVal::Tuple(vs))
                if tt.elts.len() == vs.len()
                    && !tt.elts.iter().any(|e| matches!(e, Expr::Starred(_))) =>
            {
                for (t, v) in tt.elts.iter().zip(vs) {
                    self.assign(t, v);
                }
            }
            // `*batch, N = x.shape`: the starred target takes the middle.
            (Expr::Tuple(tt), HVal::Tuple(vs))
                if tt
                    .elts
                    .iter()
                    .filter(|e| matches!(e, Expr::Starred(_)))
                    .count()
                    == 1
                    && vs.len() + 1 >= tt.elts.len() =>
            {
                let star = tt
                    .elts
                    .iter()
                    .position(|e| matches!(e, Expr::Starred(_)))
                    .unwrap();
                let after = tt.elts.len() - star - 1;
                for (i, t) in tt.elts.iter().enumerate() {
                    if i < star {
                        self.assign(t, &vs[i]);
                    } else if i > star {
                        self.assign(t, &vs[vs.len() - (tt.elts.len() - i)]);
                    } else if let Expr::Starred(st) = t {
                        let mid = HVal::Tuple(vs[star..vs.len() - after].to_vec());
                        self.assign(&st.value, &mid);
                    }
                }
            }
            (Expr::Tuple(tt), v) => {
                let why = match v {
                    HVal::Unreadable(why, at) => HVal::Unreadable(why.clone(), *at),
                    _ => HVal::Unreadable(
                        "a tuple assignment whose value is not a readable tuple".into(),
                        pos_of(self.src, t),
                    ),
                };
                for t in &tt.elts {
                    let t = match t {
                        Expr::Starred(st) => &*st.value,
                        t => t,
                    };
                    if let Expr::Name(n) = t {
                        self.set(n.id.as_str(), why.clone());
                    }
                }
            }
            // `shape[-1] = n`: an element of a tuple (list) the launcher holds.
            (Expr::Subscript(sub), v) => {
                let Some(name) = dotted(&sub.value) else {
                    return;
                };
                match (self.lookup(&name), int_literal(&sub.slice)) {
                    (Some(HVal::Tuple(mut vs)), Some(i)) => {
                        let i = if i < 0 { i + vs.len() as i64 } else { i };
                        match usize::try_from(i).ok().filter(|i| *i < vs.len()) {
                            Some(i) => {
                                vs[i] = v.clone();
                                self.set(&name, HVal::Tuple(vs));
                            }
                            None => self.set(
                                &name,
                                HVal::Unreadable(
                                    "an element assigned out of a tuple's range".into(),
                                    pos_of(self.src, t),
                                ),
                            ),
                        }
                    }
                    (Some(HVal::Tuple(_)), None) => self.set(
                        &name,
                        HVal::Unreadable(
                            "a list whose element at an index not read is assigned".into(),
                            pos_of(self.src, t),
                        ),
                    ),
                    // A tensor's elements (`out[...] = 0`): its values, which the model
                    // takes as the kernel's inputs at the launch.
                    _ => {}
                }
            }
            // `ctx.x = ...`, `self.x = ...`: attributes are not read back.
            _ => {}
        }
    }

    /// `NAME` when `i` is `if NAME is None: NAME = ...` (no `else`, only assignments to
    /// `NAME` in its body) and `NAME` is a launcher parameter not yet bound to anything else.
    fn allocated_if_none(&self, i: &ast::StmtIf) -> Option<String> {
        let Expr::Compare(c) = &*i.test else {
            return None;
        };
        let (Expr::Name(n), [ast::CmpOp::Is], [Expr::NoneLiteral(_)]) =
            (&*c.left, &c.ops[..], &c.comparators[..])
        else {
            return None;
        };
        let name = n.id.as_str();
        let only_assigns = !i.body.is_empty()
            && i.body.iter().all(|b| {
                matches!(b, Stmt::Assign(a) if a.targets.len() == 1
                    && matches!(&a.targets[0], Expr::Name(t) if t.id.as_str() == name))
            });
        let param = matches!(self.lookup(name), Some(HVal::Param(p)) if p == name);
        (i.elif_else_clauses.is_empty() && only_assigns && param).then(|| name.to_string())
    }

    fn tensor(&mut self, e: &Expr) -> R<Option<usize>> {
        Ok(match self.expr(e)? {
            HVal::Tensor(t) => Some(t),
            HVal::Param(p) => {
                let t = self.new_param_tensor(&p);
                self.set(&p, HVal::Tensor(t));
                Some(t)
            }
            _ => None,
        })
    }

    fn int(&mut self, e: &Expr) -> R<HExpr> {
        match self.expr(e)? {
            HVal::Int(x) => Ok(x),
            HVal::Unreadable(why, at) => Err((why, at)),
            _ => self.err("cannot read this launcher value as an integer".into(), e),
        }
    }

    /// A new tensor of the shape `e` denotes: `x.shape`, `(M, N)`, `[M, N]`, `n`, `(n,)`.
    fn shaped(&mut self, e: &Expr) -> R<HVal> {
        let dims = match self.expr(e)? {
            HVal::Tuple(vs) => vs,
            v @ HVal::Int(_) => vec![v],
            _ => match e {
                Expr::List(l) => l.elts.iter().map(|x| self.expr(x)).collect::<R<Vec<_>>>()?,
                _ => return self.err("cannot read this tensor shape".into(), e),
            },
        };
        let mut shape = Vec::new();
        for v in dims {
            match v {
                HVal::Int(x) => shape.push(x),
                _ => return self.err("cannot read this tensor shape".into(), e),
            }
        }
        Ok(self.new_tensor(shape))
    }

    /// A tensor passed to the kernel, when the text fixes its layout: the kernel reads
    /// memory, and the caller's tensor may be transposed or sliced (the launcher-level claim
    /// names elements `x[i, j]`, not memory).
    fn layout_read(&mut self, t: usize, at: Pos) -> R<HostArg> {
        if let Some(note) = self.unbacked_note(t, at) {
            self.m.unbacked.get_or_insert(note);
        }
        Ok(HostArg::Tensor(t))
    }

    /// What of tensor `t`'s layout the launcher does not read, when it is the caller's.
    fn unbacked_note(&self, t: usize, at: Pos) -> Option<String> {
        let Layout::Caller(of) = self.m.tensors[t].layout else {
            return None;
        };
        let (x, name) = (&self.m.tensors[of].name, &self.m.tensors[t].name);
        let whose = match of == t {
            true => format!("`{x}` is the caller's tensor"),
            false => format!("`{name}` has the layout of the caller's tensor `{x}`"),
        };
        Some(format!(
            "{whose} and nothing in the launcher fixes its layout (no `{x}.contiguous()`, no `assert {x}.is_contiguous()`) at {at}"
        ))
    }

    /// The first pair of the caller's tensors read with one shape that no chain of the
    /// launcher's `assert a.shape == b.shape` relates: a proof may not rest on it (a
    /// refutation may: a caller can pass tensors of one shape).
    fn unbacked_shared_shape(&mut self) {
        let n = self.m.tensors.len();
        let mut class: Vec<usize> = (0..n).collect();
        fn root(class: &mut [usize], mut t: usize) -> usize {
            while class[t] != t {
                t = class[t];
            }
            t
        }
        for &(a, b) in &self.same_shape {
            let (ra, rb) = (root(&mut class, a), root(&mut class, b));
            class[ra] = rb;
        }
        let unbacked = self
            .shared
            .iter()
            .find(|&&(a, b)| root(&mut class, a) != root(&mut class, b));
        if let Some(&(a, b)) = unbacked {
            let (x, y) = (&self.m.tensors[a].name, &self.m.tensors[b].name);
            let note = format!(
                "the caller's tensors `{x}` and `{y}` are read with one shape, which nothing in the launcher relates (no `assert {x}.shape == {y}.shape`)"
            );
            self.m.unbacked.get_or_insert(note);
        }
    }

    /// `x.contiguous()` of the caller's tensor `x`: a tensor of its own (a copy when `x` is
    /// not contiguous, else `x`: the pair is a view, never passed together), its values the
    /// caller's, row-major.
    fn contiguous_copy(&mut self, t: usize) -> usize {
        let copy = HTensor {
            layout: Layout::Read,
            ..self.m.tensors[t].clone()
        };
        self.m.tensors.push(copy);
        let k = self.m.tensors.len() - 1;
        self.views.push((t, k));
        self.same_shape.push((t, k));
        k
    }

    fn new_tensor(&mut self, shape: Vec<HExpr>) -> HVal {
        let k = self.m.tensors.len();
        self.m
            .tensors
            .push(HTensor::contiguous(format!("<tensor {k}>"), shape));
        HVal::Tensor(k)
    }

    fn expr(&mut self, e: &Expr) -> R<HVal> {
        Ok(match e {
            Expr::Name(n) => match self.lookup(n.id.as_str()) {
                Some(v) => v,
                None => self
                    .helpers
                    .iter()
                    .find(|f| f.name.id.as_str() == n.id.as_str())
                    .map(|f| HVal::Func(Box::new(f.clone())))
                    .unwrap_or(HVal::Unknown),
            },
            Expr::NumberLiteral(n) => match &n.value {
                Number::Int(i) => i
                    .as_i64()
                    .map(|i| HVal::Int(HExpr::Lit(i as i128)))
                    .unwrap_or(HVal::Unknown),
                Number::Float(_) => match crate::consts::float32_literal(
                    &self.src[n.range.start().to_usize()..n.range.end().to_usize()],
                ) {
                    Some((a, b)) => HVal::Float(a, b),
                    None => HVal::Unknown,
                },
                _ => HVal::Unknown,
            },
            Expr::BooleanLiteral(b) => HVal::Bool(b.value),
            Expr::StringLiteral(t) => HVal::Str(t.value.to_str().to_string()),
            Expr::UnaryOp(u) if matches!(u.op, ast::UnaryOp::USub) => {
                match self.expr(&u.operand)? {
                    HVal::Int(HExpr::Lit(i)) => i
                        .checked_neg()
                        .map(|n| HVal::Int(HExpr::Lit(n)))
                        .unwrap_or(HVal::Unknown),
                    HVal::Int(x) => HVal::Int(HExpr::Sub(Box::new(HExpr::Lit(0)), Box::new(x))),
                    HVal::Float(a, b) => a
                        .checked_neg()
                        .map(|n| HVal::Float(n, b))
                        .unwrap_or(HVal::Unknown),
                    _ => HVal::Unknown,
                }
            }
            Expr::Tuple(t) => HVal::Tuple(t.elts.iter().map(|x| self.expr(x)).collect::<R<_>>()?),
            Expr::Lambda(l) => {
                let p = l
                    .parameters
                    .as_ref()
                    .and_then(|ps| ps.args.first())
                    .map(|p| p.parameter.name.id.to_string());
                HVal::Lambda(p, (*l.body).clone())
            }
            Expr::BinOp(b) => {
                let (x, y) = (self.expr(&b.left)?, self.expr(&b.right)?);
                self.arith(b.op, x, y, e)
            }
            Expr::Compare(c) if c.ops.len() == 1 => {
                let (l, r) = (self.expr(&c.left)?, self.expr(&c.comparators[0])?);
                let (HVal::Int(l), HVal::Int(r)) = (l, r) else {
                    return Ok(HVal::Unknown);
                };
                let (a, op, b) = match c.ops[0] {
                    ast::CmpOp::Lt => (l, HCmp::Lt, r),
                    ast::CmpOp::LtE => (l, HCmp::Le, r),
                    ast::CmpOp::Gt => (r, HCmp::Lt, l),
                    ast::CmpOp::GtE => (r, HCmp::Le, l),
                    ast::CmpOp::Eq => (l, HCmp::Eq, r),
                    ast::CmpOp::NotEq => (l, HCmp::Ne, r),
                    _ => return Ok(HVal::Unknown),
                };
                match (a.literal(), b.literal()) {
                    (Some(x), Some(y)) => {
                        let mut c = tensor::Concrete::new(Default::default());
                        HVal::Bool(op.holds(&mut c, &x, &y))
                    }
                    _ => HVal::Cond(a, op, b),
                }
            }
            Expr::Subscript(s) => {
                // x.shape[i], meta['NAME']
                if let Expr::Attribute(at) = &*s.value {
                    if at.attr.id.as_str() == "shape" {
                        if let (Some(t), HVal::Int(HExpr::Lit(i))) =
                            (self.tensor(&at.value)?, self.expr(&s.slice)?)
                        {
                            let shape = &self.m.tensors[t].shape;
                            let i = if i < 0 { i + shape.len() as i128 } else { i };
                            return Ok(shape
                                .get(i as usize)
                                .cloned()
                                .map(HVal::Int)
                                .unwrap_or(HVal::Unknown));
                        }
                        return Ok(HVal::Unknown);
                    }
                }
                // `shape[-1]`, `strides[0]`: an element of a tuple the launcher holds
                // (`ori_shape = x.shape`, `sx = x.stride()`).
                if let Some(i) = int_literal(&s.slice) {
                    if let HVal::Tuple(vs) = self.expr(&s.value)? {
                        let i = if i < 0 { i + vs.len() as i64 } else { i };
                        return Ok(usize::try_from(i)
                            .ok()
                            .and_then(|i| vs.get(i).cloned())
                            .unwrap_or(HVal::Unknown));
                    }
                }
                if let Expr::StringLiteral(key) = &*s.slice {
                    let key = key.value.to_str();
                    return Ok(self
                        .meta
                        .iter()
                        .find(|(n, _)| n == key)
                        .map(|(_, v)| v.clone())
                        .unwrap_or(HVal::Unknown));
                }
                HVal::Unknown
            }
            Expr::Attribute(at) if at.attr.id.as_str() == "ndim" => match self.tensor(&at.value)? {
                Some(t) => HVal::Int(HExpr::Lit(self.m.tensors[t].shape.len() as i128)),
                None => HVal::Unknown,
            },
            Expr::Attribute(at) if at.attr.id.as_str() == "shape" => {
                match self.tensor(&at.value)? {
                    Some(t) => HVal::Tuple(
                        self.m.tensors[t]
                            .shape
                            .iter()
                            .cloned()
                            .map(HVal::Int)
                            .collect(),
                    ),
                    None => HVal::Unknown,
                }
            }
            Expr::Call(c) => self.call(c)?,
            _ => HVal::Unknown,
        })
    }

    /// `x OP y` on launcher values: integer arithmetic on sizes; `a / b` of integers is kept
    /// as a quotient for `math.ceil`/`math.floor`/`int`; anything else is unreadable, naming
    /// the first operand not read.
    pub(super) fn arith(&mut self, op: ast::Operator, x: HVal, y: HVal, at: &impl Ranged) -> HVal {
        match (x, y) {
            (HVal::Int(x), HVal::Int(y)) => match op {
                ast::Operator::Add => HVal::Int(HExpr::Add(Box::new(x), Box::new(y))),
                ast::Operator::Sub => HVal::Int(HExpr::Sub(Box::new(x), Box::new(y))),
                ast::Operator::Mult => HVal::Int(HExpr::mul(x, y)),
                ast::Operator::FloorDiv => HVal::Int(HExpr::floor_div(x, y)),
                ast::Operator::Mod => HVal::Int(HExpr::Mod(Box::new(x), Box::new(y))),
                ast::Operator::Div => HVal::Ratio(x, y),
                _ => HVal::Unreadable(
                    format!("the operator `{}` on sizes", op.as_str()),
                    pos_of(self.src, at),
                ),
            },
            (v @ HVal::Unreadable(..), _) | (_, v @ HVal::Unreadable(..)) => v,
            _ => HVal::Unknown,
        }
    }

    /// `x.view(d0, d1, ...)`, `x.reshape(shape)`: a tensor of the shape given (one `-1`: the
    /// elements left), with the same number of elements as `x` (a fact when the two products
    /// differ in form). The view is modelled as a tensor of its own: passing both `x` and its
    /// view to one launch is not read (they share one buffer).
    fn view(&mut self, t: usize, c: &ast::ExprCall, m: &str) -> R<HVal> {
        let args = &c.arguments.args;
        let dims: Vec<HVal> = match &args[..] {
            [one] => match self.expr(one)? {
                HVal::Tuple(vs) => vs,
                v => vec![v],
            },
            more => more.iter().map(|a| self.expr(a)).collect::<R<_>>()?,
        };
        let mut shape = Vec::new();
        let mut hole = None;
        for (i, d) in dims.into_iter().enumerate() {
            match d {
                HVal::Int(HExpr::Lit(-1)) if hole.is_none() => {
                    hole = Some(i);
                    shape.push(HExpr::Lit(1));
                }
                HVal::Int(e) => shape.push(e),
                HVal::Unreadable(why, at) => return Err((why, at)),
                _ => return self.err(format!("cannot read the shape of this `{m}`"), c),
            }
        }
        let numel = self.m.tensors[t].numel();
        let rest = shape.iter().cloned().fold(HExpr::Lit(1), HExpr::mul);
        if let Some(i) = hole {
            let d = HExpr::floor_div(numel.clone(), rest.clone());
            if matches!(d, HExpr::FloorDiv(..)) {
                return self.err(
                    format!("the `-1` of this `{m}` is not a product of the sizes read"),
                    c,
                );
            }
            shape[i] = d;
        } else if rest != numel {
            self.m.facts.push((numel, HCmp::Eq, rest));
            self.m.assumptions.push(format!(
                "the launcher's `{}` keeps the number of elements",
                self.text(c)
            ));
        }
        let v = self.new_tensor(shape);
        if let HVal::Tensor(k) = v {
            self.views.push((t, k));
            // A view of the caller's tensor has strides the text does not fix either.
            self.m.tensors[k].layout = self.m.tensors[t].layout;
        }
        Ok(v)
    }

    /// A divisor that is no literal is positive for every size: an obligation (Python's floor
    /// division and the model's Euclidean one agree there); a literal one must be positive.
    fn positive_divisor(&mut self, b: &HExpr, at: &Expr) -> R<()> {
        match b.literal() {
            Some(v) if v <= 0 => self.err("a division by a value that is not positive".into(), at),
            Some(_) => Ok(()),
            None => {
                self.m.premises.push((
                    format!("the divisor at {} is positive", pos_of(self.src, at)),
                    b.clone(),
                ));
                Ok(())
            }
        }
    }

    fn call(&mut self, c: &ast::ExprCall) -> R<HVal> {
        let fresh = self.m.tensors.len();
        let v = self.call_value(c)?;
        // An allocation that fills its tensor: what an element no kernel writes holds is known.
        const FILLED: [&str; 5] = [
            "torch.zeros",
            "torch.ones",
            "torch.full",
            "torch.zeros_like",
            "torch.ones_like",
        ];
        if let HVal::Tensor(k) = v {
            let name = dotted(&c.func).unwrap_or_default();
            if k >= fresh && FILLED.contains(&name.as_str()) {
                self.m.tensors[k].filled = true;
            }
        }
        Ok(v)
    }

    fn call_value(&mut self, c: &ast::ExprCall) -> R<HVal> {
        let args = &c.arguments.args;
        let name = dotted(&c.func).unwrap_or_default();
        // A function the launcher defines itself, or one of the module's.
        if let Expr::Name(n) = &*c.func {
            if let Some(HVal::Func(f)) = self.lookup(n.id.as_str()) {
                return self.helper_call(&f, c);
            }
        }
        if let Some(f) = self
            .helpers
            .iter()
            .find(|f| f.name.id.as_str() == name)
            .cloned()
        {
            return self.helper_call(&f, c);
        }
        match name.as_str() {
            "triton.cdiv" | "cdiv" if args.len() == 2 => return self.cdiv_call(c),
            // `math.ceil(a / b)`: `cdiv(a, b)`; `math.floor(a / b)`, `int(a / b)`: `a // b`.
            "math.ceil" | "math.floor" | "int" if args.len() == 1 => {
                return self.rounded_ratio(c, &name)
            }
            // `tuple(x.shape)`, `list(x.stride())`, `torch.Size(shape)`: the tuple itself.
            "tuple" | "list" | "torch.Size" if args.len() == 1 => {
                return Ok(match self.expr(&args[0])? {
                    v @ (HVal::Tuple(_) | HVal::Unreadable(..)) => v,
                    _ => HVal::Unknown,
                });
            }
            "len" if args.len() == 1 => {
                return Ok(match self.expr(&args[0])? {
                    HVal::Tuple(vs) => HVal::Int(HExpr::Lit(vs.len() as i128)),
                    _ => HVal::Unknown,
                });
            }
            // `float(alpha)` of a float parameter: the parameter.
            "float" if args.len() == 1 => {
                return Ok(match self.expr(&args[0])? {
                    v @ (HVal::Param(_) | HVal::Float(..)) => v,
                    HVal::Int(HExpr::Lit(i)) => HVal::Float(i, 1),
                    _ => HVal::Unknown,
                });
            }
            // `max(a, b)` (also of more values) is `a + b - min(a, b)`.
            "min" | "max" if args.len() >= 2 && c.arguments.keywords.is_empty() => {
                return self.int_min_max(c, &name)
            }
            "triton.next_power_of_2" if args.len() == 1 => return self.next_power_of_2(c),
            // Torch's default `memory_format=torch.preserve_format` keeps the strides of a
            // dense tensor: the new tensor's layout is what the text says of `x`'s.
            "torch.empty_like" | "torch.zeros_like" | "torch.ones_like" if !args.is_empty() => {
                return self.tensor_like(c)
            }
            // `torch.empty_strided(shape, strides)`: a tensor of that shape, when the strides
            // are its contiguous ones (other layouts are not modelled).
            "torch.empty_strided" if args.len() == 2 => return self.empty_strided(c),
            "torch.full" if !args.is_empty() => return self.shaped(&args[0]),
            "torch.empty" | "torch.zeros" | "torch.ones" => return self.torch_new(c),
            _ => {}
        }
        if let Expr::Attribute(at) = &*c.func {
            let m = at.attr.id.as_str();
            match m {
                // `x.new_empty(shape)` and friends: a new tensor of the shape given (the
                // receiver gives only the dtype and the device).
                "new_empty" | "new_zeros" | "new_ones" | "new_full" if !args.is_empty() => {
                    if self.tensor(&at.value)?.is_none() {
                        return Ok(HVal::Unknown);
                    }
                    return self.shaped(&args[0]);
                }
                "view" | "reshape" | "flatten" | "ravel" => return self.view_call(c, at, m),
                "dim" | "ndimension" if args.is_empty() => {
                    return Ok(match self.tensor(&at.value)? {
                        Some(t) => HVal::Int(HExpr::Lit(self.m.tensors[t].shape.len() as i128)),
                        None => HVal::Unknown,
                    });
                }
                // True of a tensor the text makes contiguous; of the caller's, read only as
                // a condition (`stmts::CondVal::Layout`).
                "is_contiguous" if args.is_empty() => {
                    return Ok(match self.tensor(&at.value)? {
                        Some(t) if self.m.tensors[t].layout == Layout::Read => HVal::Bool(true),
                        _ => HVal::Unknown,
                    });
                }
                "element_size" if args.is_empty() => {
                    return Ok(HVal::Unreadable(
                        format!("`{}`: the model does not read dtypes", self.text(c)),
                        pos_of(self.src, c),
                    ));
                }
                "numel" | "stride" | "size" | "contiguous" => return self.shape_query(c, at, m),
                _ => {}
            }
        }
        Ok(HVal::Unknown)
    }

    /// `triton.cdiv(a, b)`: the divisor's positivity is an error (a literal) or a premise.
    fn cdiv_call(&mut self, c: &ast::ExprCall) -> R<HVal> {
        let args = &c.arguments.args;
        let (a, b) = (self.int(&args[0])?, self.int(&args[1])?);
        match b.literal() {
            Some(v) if v <= 0 => {
                return self.err(
                    "`triton.cdiv` by a value that is not positive".into(),
                    &args[1],
                )
            }
            Some(_) => {}
            // `cdiv(num_tiles, num_ctas)` (FlagGems): positive for every size is
            // an obligation.
            None => self.m.premises.push((
                format!(
                    "the divisor of `triton.cdiv` at {} is positive",
                    pos_of(self.src, &args[1])
                ),
                b.clone(),
            )),
        }
        Ok(HVal::Int(HExpr::CDiv(Box::new(a), Box::new(b))))
    }

    /// `math.ceil(a / b)` is `cdiv(a, b)`; `math.floor(a / b)` and `int(a / b)` are `a // b`.
    fn rounded_ratio(&mut self, c: &ast::ExprCall, name: &str) -> R<HVal> {
        let args = &c.arguments.args;
        Ok(match self.expr(&args[0])? {
            HVal::Ratio(a, b) if name == "math.ceil" => {
                self.positive_divisor(&b, &args[0])?;
                HVal::Int(HExpr::CDiv(Box::new(a), Box::new(b)))
            }
            HVal::Ratio(a, b) => {
                self.positive_divisor(&b, &args[0])?;
                HVal::Int(HExpr::floor_div(a, b))
            }
            v @ (HVal::Int(_) | HVal::Unreadable(..)) => v,
            _ => HVal::Unreadable(format!("`{name}` of a value not read"), pos_of(self.src, c)),
        })
    }

    /// `min`/`max` of integers; `max(a, b)` is `a + b - min(a, b)`.
    fn int_min_max(&mut self, c: &ast::ExprCall, name: &str) -> R<HVal> {
        let args = &c.arguments.args;
        let mut acc = self.int(&args[0])?;
        for a in &args[1..] {
            let b = self.int(a)?;
            acc = match (acc.literal(), b.literal()) {
                (Some(x), Some(y)) if name == "min" => HExpr::Lit(x.min(y)),
                (Some(x), Some(y)) => HExpr::Lit(x.max(y)),
                _ if name == "min" => HExpr::Min(Box::new(acc), Box::new(b)),
                _ => HExpr::Sub(
                    Box::new(HExpr::Add(Box::new(acc.clone()), Box::new(b.clone()))),
                    Box::new(HExpr::Min(Box::new(acc), Box::new(b))),
                ),
            };
        }
        Ok(HVal::Int(acc))
    }

    /// `triton.next_power_of_2(a)`: a literal, or a size of its own.
    fn next_power_of_2(&mut self, c: &ast::ExprCall) -> R<HVal> {
        let args = &c.arguments.args;
        let a = self.int(&args[0])?;
        match a.literal() {
            Some(v) if v >= 1 => Ok(HVal::Int(HExpr::Lit(
                (v as u128).next_power_of_two() as i128
            ))),
            Some(_) => self.err("`triton.next_power_of_2` of a number below 1".into(), c),
            // A block size from the sizes: a size of its own (see `HostModel::derived`).
            None => Ok(HVal::Int(HExpr::NextPow2(Box::new(a)))),
        }
    }

    /// `torch.empty_like(x)` and friends: a new tensor of `x`'s shape and, unless made contiguous, layout.
    fn tensor_like(&mut self, c: &ast::ExprCall) -> R<HVal> {
        let args = &c.arguments.args;
        let Some(t) = self.tensor(&args[0])? else {
            return Ok(HVal::Unknown);
        };
        let made_contiguous = kw(c, "memory_format")
            .is_some_and(|f| dotted(f).as_deref() == Some("torch.contiguous_format"));
        let v = self.new_tensor(self.m.tensors[t].shape.clone());
        if let (HVal::Tensor(k), false) = (&v, made_contiguous) {
            self.m.tensors[*k].layout = self.m.tensors[t].layout;
        }
        Ok(v)
    }

    /// `torch.empty_strided(shape, strides)` with the contiguous strides of its shape.
    fn empty_strided(&mut self, c: &ast::ExprCall) -> R<HVal> {
        let args = &c.arguments.args;
        let HVal::Tensor(t) = self.shaped(&args[0])? else {
            return self.err("cannot read this tensor shape".into(), &args[0]);
        };
        let shape = self.m.tensors[t].shape.clone();
        let strides = match self.expr(&args[1])? {
            HVal::Tuple(vs) => vs,
            _ => return self.err("cannot read these strides".into(), &args[1]),
        };
        let contiguous: Vec<HExpr> = (0..shape.len())
            .map(|d| {
                shape[d + 1..]
                    .iter()
                    .cloned()
                    .fold(HExpr::Lit(1), HExpr::mul)
            })
            .collect();
        let same = strides.len() == shape.len()
            && strides.iter().zip(&contiguous).all(|(s, c)| match s {
                HVal::Int(e) => e == c || e.literal().is_some() && e.literal() == c.literal(),
                _ => false,
            });
        if !same {
            return self.err(
                "unsupported construct torch.empty_strided with strides that are not the contiguous ones of its shape".into(),
                &args[1],
            );
        }
        Ok(HVal::Tensor(t))
    }

    /// `torch.empty`, `torch.zeros`, `torch.ones` of a shape tuple or of dimensions.
    fn torch_new(&mut self, c: &ast::ExprCall) -> R<HVal> {
        let args = &c.arguments.args;
        let mut shape = Vec::new();
        // `torch.empty(x.shape, ...)`, `torch.empty((M, N))`, `torch.empty([M, N])`.
        if args.len() == 1 {
            if let HVal::Tuple(vs) = self.expr(&args[0])? {
                for v in vs {
                    match v {
                        HVal::Int(e) => shape.push(e),
                        _ => return self.err("cannot read this tensor shape".into(), &args[0]),
                    }
                }
                return Ok(self.new_tensor(shape));
            }
        }
        let dims: Vec<Expr> = match (args.len(), args.first()) {
            (1, Some(Expr::Tuple(t))) => t.elts.clone(),
            (1, Some(Expr::List(t))) => t.elts.clone(),
            _ => args.to_vec(),
        };
        for a in &dims {
            shape.push(self.int(a)?);
        }
        if shape.is_empty() {
            if let Some(s) = kw(c, "size") {
                shape.push(self.int(s)?);
            }
        }
        Ok(self.new_tensor(shape))
    }

    /// `x.view(...)`, `reshape`, `flatten`, `ravel`.
    fn view_call(&mut self, c: &ast::ExprCall, at: &ast::ExprAttribute, m: &str) -> R<HVal> {
        let args = &c.arguments.args;
        // A 1-D view of a 1-D tensor is the tensor; so is the rows-by-columns view
        // `x.view(-1, N)` of a 2-D tensor with N columns (Liger's `x.view(-1, dim)`
        // after `*batch, dim = x.shape`: a contiguous tensor's rows, flattened).
        let t = self.tensor(&at.value)?;
        let rows_view = match (t, &args[..]) {
            (Some(t), [Expr::UnaryOp(u), n]) if self.m.tensors[t].shape.len() == 2 => {
                let minus_one = matches!(
                    (&u.op, &*u.operand),
                    (ast::UnaryOp::USub, Expr::NumberLiteral(l))
                        if matches!(&l.value, Number::Int(i) if i.as_i64() == Some(1))
                );
                minus_one && self.int(n).ok() == Some(self.m.tensors[t].shape[1].clone())
            }
            _ => false,
        };
        Ok(match t {
            Some(t) if self.m.tensors[t].shape.len() == 1 && args.len() <= 1 => HVal::Tensor(t),
            Some(t) if rows_view => HVal::Tensor(t),
            Some(t) => self.view(t, c, m)?,
            _ => HVal::Unknown,
        })
    }

    /// `x.numel()`, `x.stride(...)`, `x.size(...)`, `x.contiguous()`.
    fn shape_query(&mut self, c: &ast::ExprCall, at: &ast::ExprAttribute, m: &str) -> R<HVal> {
        let args = &c.arguments.args;
        let Some(t) = self.tensor(&at.value)? else {
            return Ok(HVal::Unknown);
        };
        let shape = self.m.tensors[t].shape.clone();
        let caller = matches!(self.m.tensors[t].layout, Layout::Caller(_));
        // The strides of the caller's tensor are the contiguous ones in the model,
        // named as not read.
        if m == "stride" {
            if let Some(note) = self.unbacked_note(t, pos_of(self.src, c)) {
                self.m.unbacked.get_or_insert(note);
            }
        }
        Ok(match (m, args.first()) {
            ("numel", _) => HVal::Int(self.m.tensors[t].numel()),
            ("contiguous", _) if caller => HVal::Tensor(self.contiguous_copy(t)),
            ("contiguous", _) => HVal::Tensor(t),
            ("size", None) => HVal::Tuple(shape.into_iter().map(HVal::Int).collect()),
            // `x.stride()`: every dimension's stride (contiguous), for `*x.stride()`.
            ("stride", None) => HVal::Tuple(
                (0..shape.len())
                    .map(|d| {
                        let rest = &shape[d + 1..];
                        HVal::Int(rest.iter().cloned().fold(HExpr::Lit(1), HExpr::mul))
                    })
                    .collect(),
            ),
            (_, Some(a)) => {
                let HExpr::Lit(d) = self.int(a)? else {
                    return Ok(HVal::Unknown);
                };
                let d = if d < 0 { d + shape.len() as i128 } else { d } as usize;
                if d >= shape.len() {
                    return self.err(format!("dimension {d} of a rank-{} tensor", shape.len()), a);
                }
                if m == "size" {
                    HVal::Int(shape[d].clone())
                } else {
                    let rest = &shape[d + 1..];
                    HVal::Int(rest.iter().cloned().fold(HExpr::Lit(1), HExpr::mul))
                }
            }
            _ => HVal::Unknown,
        })
    }
}

/// The names a statement assigns anywhere inside it (targets of `=`, `+=`, `for`).
fn assigned_names(s: &Stmt) -> Vec<String> {
    use ruff_python_ast::visitor::{walk_stmt, Visitor};
    struct V(Vec<String>);
    fn targets(e: &Expr, out: &mut Vec<String>) {
        match e {
            Expr::Name(n) => out.push(n.id.to_string()),
            Expr::Tuple(t) => t.elts.iter().for_each(|x| targets(x, out)),
            Expr::List(t) => t.elts.iter().for_each(|x| targets(x, out)),
            _ => {}
        }
    }
    impl<'a> Visitor<'a> for V {
        fn visit_stmt(&mut self, s: &'a Stmt) {
            match s {
                Stmt::Assign(a) => a.targets.iter().for_each(|t| targets(t, &mut self.0)),
                Stmt::AugAssign(a) => targets(&a.target, &mut self.0),
                Stmt::AnnAssign(a) => targets(&a.target, &mut self.0),
                Stmt::For(f) => targets(&f.target, &mut self.0),
                _ => {}
            }
            walk_stmt(self, s);
        }
    }
    let mut v = V(vec![]);
    v.visit_stmt(s);
    v.0
}

/// Names that occur in comparisons of the kernel's body.
fn compared_names(kernel: &KernelDef) -> Vec<String> {
    use ruff_python_ast::visitor::{walk_expr, Visitor};
    struct V(Vec<String>, bool);
    impl<'a> Visitor<'a> for V {
        fn visit_expr(&mut self, e: &'a Expr) {
            let inside = self.1;
            if matches!(e, Expr::Compare(_)) {
                self.1 = true;
            }
            if let (Expr::Name(n), true) = (e, self.1) {
                self.0.push(n.id.to_string());
            }
            walk_expr(self, e);
            self.1 = inside;
        }
    }
    let mut v = V(vec![], false);
    for s in &kernel.def.body {
        v.visit_stmt(s);
    }
    v.0
}

/// The 1-D elementwise pattern's launch, the base of the kernel-level claim's 1-D model
/// (`kernel_level::one_d`, which states the tensors' lengths as preconditions and sweeps the
/// block size): every pointer parameter a 1-D tensor of `n` elements (named after the
/// pointer, without a `_ptr` suffix), the one integer parameter `n`, the one constexpr
/// without a default the block size, and the grid `(cdiv(n, BLOCK),)`. Never a claim of its
/// own for a user's kernel (the lengths are not in the text); a device function's appended
/// kernel (`crate::device`) is launched by it.
pub(crate) fn assumed_launch(
    kernel: &KernelDef,
    pointer_params: &[String],
) -> Result<HostModel, String> {
    let mut m = HostModel {
        launcher: "<assumed launch>".into(),
        sizes: vec![],
        tensors: vec![],
        args: vec![],
        grid: vec![],
        assumptions: vec![],
        facts: vec![],
        derived: vec![],
        cases: 1,
        variant: None,
        unbacked: None,
        premises: vec![],
        pos: kernel.pos,
    };
    // The size: the scalar parameter that the body compares (`offs < n`); other scalars are
    // floats.
    let compared = compared_names(kernel);
    let ints: Vec<&str> = kernel
        .params
        .iter()
        .filter(|p| {
            !p.constexpr
                && p.default.is_none()
                && !pointer_params.contains(&p.name)
                && compared.contains(&p.name)
        })
        .map(|p| p.name.as_str())
        .collect();
    let mut blocks: Vec<&str> = kernel
        .params
        .iter()
        .filter(|p| p.constexpr && p.default.is_none())
        .map(|p| p.name.as_str())
        .collect();
    // Without one, the one constexpr with an integer default is the block size, at that value.
    let mut block_value: i128 = 1024;
    if blocks.is_empty() {
        let defaulted: Vec<(&str, i64)> = kernel
            .params
            .iter()
            .filter(|p| p.constexpr)
            .filter_map(|p| Some((p.name.as_str(), int_literal(p.default.as_ref()?)?)))
            .collect();
        if let [(name, v)] = defaulted[..] {
            blocks.push(name);
            block_value = v.into();
        }
    }
    let ([n], [block]) = (&ints[..], &blocks[..]) else {
        return Err(format!(
            "no launch `{}[grid](...)` in the file, and the kernel is not of the 1-D pattern that can be assumed (one size parameter, one block size: it has {} and {})",
            kernel.name,
            if ints.is_empty() { "none".to_string() } else { ints.join(", ") },
            if blocks.is_empty() { "none".to_string() } else { blocks.join(", ") },
        ));
    };
    m.sizes.push(n.to_string());
    for p in &kernel.params {
        let arg = if pointer_params.contains(&p.name) {
            let name = p
                .name
                .strip_suffix("_ptr")
                .filter(|s| !s.is_empty())
                .unwrap_or(&p.name)
                .to_string();
            m.tensors.push(HTensor::given(name, vec![HExpr::Size(0)]));
            HostArg::Tensor(m.tensors.len() - 1)
        } else if p.name == *n {
            HostArg::Int(HExpr::Size(0))
        } else if p.name == *block {
            HostArg::Int(HExpr::Lit(block_value))
        } else if let Some(e) = &p.default {
            match e {
                Expr::NumberLiteral(x) => match &x.value {
                    Number::Int(i) => HostArg::Int(HExpr::Lit(i.as_i64().unwrap_or(0) as i128)),
                    _ => return Err(format!("the default of `{}` is not read", p.name)),
                },
                Expr::BooleanLiteral(b) => HostArg::Bool(b.value),
                Expr::StringLiteral(s) => HostArg::Str(s.value.to_str().to_string()),
                _ => return Err(format!("the default of `{}` is not read", p.name)),
            }
        } else {
            HostArg::Real(p.name.clone())
        };
        m.args.push((p.name.clone(), arg));
    }
    m.grid.push(HExpr::CDiv(
        Box::new(HExpr::Size(0)),
        Box::new(HExpr::Lit(block_value)),
    ));
    let names: Vec<String> = m.tensors.iter().map(|t| format!("`{}`", t.name)).collect();
    m.assumptions.push(format!(
        "no launcher in the file: assumed the launch `{}[(cdiv({n}, {block}),)]` with {block} = {block_value}, and {} 1-D tensors of {n} elements",
        kernel.name,
        names.join(", ")
    ));
    Ok(m)
}

/// The kernel constexpr that the launch `call` passes the launcher's `name` to, as it is
/// (`BLOCK_N=block_n`, or positionally), when the kernel's body uses it as `tl.arange`'s
/// extent (`tl.arange(0, BLOCK_N)`).
fn arange_extent_of(call: &ast::ExprCall, kernel: &KernelDef, name: &str) -> Option<String> {
    use ruff_python_ast::visitor::{walk_expr, Visitor};
    struct Ends(Vec<String>);
    impl<'a> Visitor<'a> for Ends {
        fn visit_expr(&mut self, e: &'a Expr) {
            if let Expr::Call(c) = e {
                let is_arange = dotted(&c.func).is_some_and(|f| f.ends_with("arange"));
                let end = c.arguments.args.get(1).or_else(|| {
                    c.arguments
                        .keywords
                        .iter()
                        .find(|k| k.arg.as_ref().is_some_and(|a| a.id.as_str() == "end"))
                        .map(|k| &k.value)
                });
                if let (true, Some(Expr::Name(n))) = (is_arange, end) {
                    self.0.push(n.id.to_string());
                }
            }
            walk_expr(self, e);
        }
    }
    let mut ends = Ends(vec![]);
    for st in &kernel.def.body {
        ruff_python_ast::visitor::walk_stmt(&mut ends, st);
    }
    let is_name = |e: &Expr| matches!(e, Expr::Name(n) if n.id.as_str() == name);
    let by_keyword = call.arguments.keywords.iter().find_map(|k| {
        let a = k.arg.as_ref()?;
        is_name(&k.value).then(|| a.id.to_string())
    });
    let positional = call
        .arguments
        .args
        .iter()
        .take_while(|a| !matches!(a, Expr::Starred(_)))
        .position(is_name)
        .and_then(|k| kernel.params.get(k))
        .map(|p| p.name.clone());
    let param = by_keyword.or(positional)?;
    let constexpr = kernel.params.iter().any(|p| p.name == param && p.constexpr);
    (constexpr && ends.0.contains(&param)).then_some(param)
}

/// The first launch `kernel[grid](...)` of `kernel` in the module, read into a host model.
pub(crate) fn launch(
    src: &str,
    module: &ast::ModModule,
    kernel: &KernelDef,
    pointer_params: &[String],
    config: &[(String, Expr)],
    case: usize,
) -> Option<Result<HostModel, (String, Pos)>> {
    // A kernel defined inside a function: a launch of its name elsewhere may be another
    // function's, and its own launches run in that function's scope (not read yet).
    if let crate::front::Place::Nested(where_) = &kernel.place {
        return Some(Err((
            format!("the kernel is defined {where_}, where its launches are not read"),
            kernel.pos.clone(),
        )));
    }
    let globals: Vec<&Stmt> = module
        .body
        .iter()
        .filter(|s| matches!(s, Stmt::Assign(_)))
        .collect();
    // Functions of the module, and methods of its classes (`torch.autograd.Function.forward`).
    let mut funcs: Vec<&ast::StmtFunctionDef> = Vec::new();
    for stmt in &module.body {
        match stmt {
            Stmt::FunctionDef(f) => funcs.push(f),
            Stmt::ClassDef(c) => funcs.extend(c.body.iter().filter_map(|s| {
                if let Stmt::FunctionDef(f) = s {
                    Some(f)
                } else {
                    None
                }
            })),
            _ => {}
        }
    }
    // Module-level Python functions a launcher may call (`calculate_settings(n)`).
    let helpers: Vec<&ast::StmtFunctionDef> = module
        .body
        .iter()
        .filter_map(|s| match s {
            Stmt::FunctionDef(f) if !crate::front::is_jit_function(module, f) => Some(f),
            _ => None,
        })
        .collect();
    for f in funcs {
        // A function that defines its own kernel of the name launches that one.
        if crate::front::is_jit_function(module, f) || crate::front::defines(&f.body, &kernel.name)
        {
            continue;
        }
        if let Some(r) = read_launcher(
            src,
            &globals,
            &helpers,
            Some(f),
            &f.body,
            kernel,
            pointer_params,
            config,
            case,
        ) {
            return Some(r);
        }
    }
    let body: Vec<Stmt> = module
        .body
        .iter()
        .filter(|s| !matches!(s, Stmt::FunctionDef(_)))
        .cloned()
        .collect();
    read_launcher(
        src,
        &[],
        &helpers,
        None,
        &body,
        kernel,
        pointer_params,
        config,
        case,
    )
}
