//! The front end: the Python file, its `@triton.jit` kernels and the host launcher that calls
//! them, read from the syntax tree only (the user's file is never imported or run).
//!
//! A launcher is any function (or the module body) containing `kernel[grid](args...)`. Its
//! statements before the launch are read abstractly ([`crate::host::launch`] finds it):
//! tensors get symbolic shapes, integers become expressions over those sizes, the grid an
//! expression per axis.

pub(crate) use crate::mem::pos_of;
use crate::mem::Pos;
use ruff_python_ast::{self as ast, Expr, Stmt};

/// A kernel parameter.
#[derive(Clone, Debug)]
pub(crate) struct Param {
    pub name: String,
    pub constexpr: bool,
    pub default: Option<Expr>,
}

/// A `@triton.jit` function.
pub(crate) struct KernelDef<'a> {
    pub name: String,
    pub def: &'a ast::StmtFunctionDef,
    pub params: Vec<Param>,
    /// `triton.Config({...})` dictionaries of an `@triton.autotune` decorator.
    pub autotune: Vec<Vec<(String, Expr)>>,
    /// `@triton.heuristics({NAME: lambda args: ...})`: constexprs computed from the arguments.
    pub heuristics: Vec<(String, Expr)>,
    pub pos: Pos,
    pub place: Place,
}

/// Where a `@triton.jit` function is defined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// At the module's top level: its name means it everywhere in the file.
    Module,
    /// Under a module-level `if`, `try`, `with` or loop (`under the module's `try` at line
    /// 8`): another definition of the name may be the one that runs, so calls to it are not
    /// inlined; its launches are read.
    Conditional(String),
    /// Inside a function or class (`inside `def test_add` (line 250)`): its name is local
    /// there; calls to it are not inlined and its launches are not read (the kernel-level
    /// claim).
    Nested(String),
}

impl KernelDef<'_> {
    /// Whether a call of its name in another function's body means this function.
    pub(crate) fn callable_by_name(&self) -> bool {
        self.place == Place::Module
    }
}

/// A function's parameters in order: positional-only, ordinary, keyword-only.
pub(crate) fn parameters(f: &ast::StmtFunctionDef) -> Vec<&ast::ParameterWithDefault> {
    f.parameters
        .posonlyargs
        .iter()
        .chain(&f.parameters.args)
        .chain(&f.parameters.kwonlyargs)
        .collect()
}

/// The dotted name of an expression (`triton.language.load`), if it is one.
pub(crate) fn dotted(e: &Expr) -> Option<String> {
    match e {
        Expr::Name(n) => Some(n.id.to_string()),
        Expr::Attribute(a) => Some(format!("{}.{}", dotted(&a.value)?, a.attr.id)),
        _ => None,
    }
}

fn is_jit(e: &Expr) -> bool {
    let target = match e {
        Expr::Call(c) => &*c.func,
        other => other,
    };
    matches!(dotted(target).as_deref(), Some("triton.jit" | "jit"))
}

fn is_autotune(e: &Expr) -> Option<&ast::ExprCall> {
    match e {
        Expr::Call(c)
            if matches!(
                dotted(&c.func).as_deref(),
                Some("triton.autotune" | "autotune")
            ) =>
        {
            Some(c)
        }
        _ => None,
    }
}

fn heuristics(e: &Expr) -> Vec<(String, Expr)> {
    let Expr::Call(c) = e else { return vec![] };
    if !matches!(
        dotted(&c.func).as_deref(),
        Some("triton.heuristics" | "heuristics")
    ) {
        return vec![];
    }
    let dict = c
        .arguments
        .keywords
        .iter()
        .find(|k| k.arg.as_ref().map(|a| a.id.as_str()) == Some("values"))
        .map(|k| &k.value)
        .or_else(|| c.arguments.args.first());
    let Some(Expr::Dict(dict)) = dict else {
        return vec![];
    };
    dict.items
        .iter()
        .filter_map(|item| match (&item.key, &item.value) {
            (Some(Expr::StringLiteral(k)), v) => Some((k.value.to_str().to_string(), v.clone())),
            _ => None,
        })
        .collect()
}

fn autotune_configs(c: &ast::ExprCall) -> Vec<Vec<(String, Expr)>> {
    let configs = c
        .arguments
        .keywords
        .iter()
        .find(|k| k.arg.as_ref().map(|a| a.id.as_str()) == Some("configs"))
        .map(|k| &k.value)
        .or_else(|| c.arguments.args.first());
    let Some(Expr::List(list)) = configs else {
        return vec![];
    };
    let mut out = Vec::new();
    for e in &list.elts {
        let Expr::Call(cfg) = e else { continue };
        let Some(Expr::Dict(dict)) = cfg.arguments.args.first() else {
            continue;
        };
        let mut kv = Vec::new();
        for item in &dict.items {
            if let Some(Expr::StringLiteral(s)) = &item.key {
                kv.push((s.value.to_str().to_string(), item.value.clone()));
            }
        }
        out.push(kv);
    }
    out
}

fn is_constexpr(p: &ast::Parameter) -> bool {
    // A string annotation (`"tl.constexpr"`) is not one: Triton 3.2 then passes a runtime
    // scalar (its interpreter rejects `tl.arange` of it), and so does this model.
    p.annotation
        .as_deref()
        .and_then(dotted)
        .is_some_and(|a| a.ends_with("constexpr"))
}

/// The decorators of a function defined in `block`: its `@...` list, and the calls of `block`
/// that rebind its name after the `def` in the functional style (`f = triton.jit(f)`, `f =
/// triton.heuristics({...})(f)`, `f = triton.autotune(...)(triton.jit(f))`: Unsloth writes its
/// kernels so), each call's callee as the decorator it stands for.
pub(crate) fn decorators<'a>(block: &'a [Stmt], f: &'a ast::StmtFunctionDef) -> Vec<&'a Expr> {
    let mut out: Vec<&Expr> = f.decorator_list.iter().map(|d| &d.expression).collect();
    let name = f.name.id.as_str();
    for stmt in block {
        let Stmt::Assign(a) = stmt else { continue };
        let [Expr::Name(target)] = &a.targets[..] else {
            continue;
        };
        if target.id.as_str() == name && a.range.start() > f.range.end() {
            rebinding(&a.value, name, &mut out);
        }
    }
    out
}

/// Whether `value` is `name` wrapped in calls (`g(h(name))`, `g(...)(name)`); the callees are
/// pushed innermost first.
fn rebinding<'a>(value: &'a Expr, name: &str, out: &mut Vec<&'a Expr>) -> bool {
    match value {
        Expr::Name(n) => n.id.as_str() == name,
        Expr::Call(c) => {
            let Some(first) = c.arguments.args.first() else {
                return false;
            };
            let wraps = rebinding(first, name, out);
            if wraps {
                out.push(&c.func);
            }
            wraps
        }
        _ => false,
    }
}

/// Whether a module-level function is a Triton function (`@triton.jit`, or rebound by
/// `triton.jit(f)`).
pub(crate) fn is_jit_function(module: &ast::ModModule, f: &ast::StmtFunctionDef) -> bool {
    decorators(&module.body, f).iter().any(|d| is_jit(d))
}

/// Every `@triton.jit` function of the module, in source order: those at its top level, and
/// those under a module-level `if`/`try`/`with`/loop or inside a function or class (a test's
/// kernel, a fallback `except ImportError:` copy), each with its [`Place`].
pub(crate) fn kernels<'a>(src: &str, module: &'a ast::ModModule) -> Vec<KernelDef<'a>> {
    let mut out = Vec::new();
    collect_jit(src, &module.body, &Place::Module, &mut out);
    out
}

/// The `@triton.jit` functions of `block` (at `place`) and of the blocks inside it.
fn collect_jit<'a>(src: &str, block: &'a [Stmt], place: &Place, out: &mut Vec<KernelDef<'a>>) {
    // A block under a statement of this one: a function's or class's body is nested, a
    // branch's or loop's keeps a nested place and makes a top-level one conditional.
    let under = |what: &str, line: usize| -> Place {
        match place {
            Place::Nested(_) => place.clone(),
            _ if what.starts_with("def") || what.starts_with("class") => {
                Place::Nested(format!("inside `{what}` (line {line})"))
            }
            Place::Conditional(_) => place.clone(),
            Place::Module => {
                Place::Conditional(format!("under the module's `{what}` at line {line}"))
            }
        }
    };
    for stmt in block {
        match stmt {
            Stmt::FunctionDef(f) => {
                let decorators = decorators(block, f);
                if decorators.iter().any(|d| is_jit(d)) {
                    out.push(kernel_def(src, f, &decorators, place));
                } else {
                    let inner = under(&format!("def {}", f.name.id), pos_of(src, &f.name).line);
                    collect_jit(src, &f.body, &inner, out);
                }
            }
            Stmt::ClassDef(c) => {
                let inner = under(&format!("class {}", c.name.id), pos_of(src, &c.name).line);
                collect_jit(src, &c.body, &inner, out)
            }
            Stmt::If(i) => {
                let inner = under("if", pos_of(src, i).line);
                collect_jit(src, &i.body, &inner, out);
                for clause in &i.elif_else_clauses {
                    collect_jit(src, &clause.body, &inner, out);
                }
            }
            Stmt::Try(t) => {
                let inner = under("try", pos_of(src, t).line);
                collect_jit(src, &t.body, &inner, out);
                for h in &t.handlers {
                    let ast::ExceptHandler::ExceptHandler(h) = h;
                    collect_jit(src, &h.body, &inner, out);
                }
                collect_jit(src, &t.orelse, &inner, out);
                collect_jit(src, &t.finalbody, &inner, out);
            }
            Stmt::With(w) => collect_jit(src, &w.body, &under("with", pos_of(src, w).line), out),
            Stmt::For(l) => {
                let inner = under("for", pos_of(src, l).line);
                collect_jit(src, &l.body, &inner, out);
                collect_jit(src, &l.orelse, &inner, out);
            }
            Stmt::While(l) => {
                let inner = under("while", pos_of(src, l).line);
                collect_jit(src, &l.body, &inner, out);
                collect_jit(src, &l.orelse, &inner, out);
            }
            _ => {}
        }
    }
}

/// The kernel record of `@triton.jit` function `f` with its decorators.
fn kernel_def<'a>(
    src: &str,
    f: &'a ast::StmtFunctionDef,
    decorators: &[&'a Expr],
    place: &Place,
) -> KernelDef<'a> {
    let autotune = decorators
        .iter()
        .find_map(|d| is_autotune(d))
        .map(autotune_configs)
        .unwrap_or_default();
    let params = f
        .parameters
        .posonlyargs
        .iter()
        .chain(f.parameters.args.iter())
        .chain(f.parameters.kwonlyargs.iter())
        .map(|p| Param {
            name: p.parameter.name.id.to_string(),
            constexpr: is_constexpr(&p.parameter),
            default: p.default.as_deref().cloned(),
        })
        .collect();
    KernelDef {
        name: f.name.id.to_string(),
        def: f,
        params,
        autotune,
        heuristics: decorators.iter().flat_map(|d| heuristics(d)).collect(),
        pos: pos_of(src, &f.name),
        place: place.clone(),
    }
}

/// Whether `block` defines a function `name` (in it or in its branches and loops).
pub(crate) fn defines(block: &[Stmt], name: &str) -> bool {
    block.iter().any(|s| match s {
        Stmt::FunctionDef(f) => f.name.id.as_str() == name,
        Stmt::If(i) => {
            defines(&i.body, name) || i.elif_else_clauses.iter().any(|c| defines(&c.body, name))
        }
        Stmt::Try(t) => {
            defines(&t.body, name)
                || defines(&t.orelse, name)
                || defines(&t.finalbody, name)
                || t.handlers.iter().any(|h| {
                    let ast::ExceptHandler::ExceptHandler(h) = h;
                    defines(&h.body, name)
                })
        }
        Stmt::With(w) => defines(&w.body, name),
        Stmt::For(l) => defines(&l.body, name) || defines(&l.orelse, name),
        Stmt::While(l) => defines(&l.body, name) || defines(&l.orelse, name),
        _ => false,
    })
}

/// Names of kernel parameters used in the address of a `tl.load`/`tl.store`/`tl.atomic_*`
/// (directly or through assignments): the pointer parameters.
pub(crate) fn pointer_params(kernel: &KernelDef) -> Vec<String> {
    let mut addr_names: Vec<String> = Vec::new();
    let mut assigns: Vec<(String, Vec<String>)> = Vec::new();
    collect(&kernel.def.body, &mut addr_names, &mut assigns);
    loop {
        let mut grew = false;
        for (t, used) in &assigns {
            if addr_names.contains(t) {
                for u in used {
                    if !addr_names.contains(u) {
                        addr_names.push(u.clone());
                        grew = true;
                    }
                }
            }
        }
        if !grew {
            break;
        }
    }
    // A pointer is never multiplied, divided or reduced: an operand of `*`, `//` or `%` in
    // an address (`row * stride`, `pid % C`) is an integer, whatever it is added to.
    let multiplied = never_pointers(&kernel.def.body);
    kernel
        .params
        .iter()
        .filter(|p| !p.constexpr && addr_names.contains(&p.name) && !multiplied.contains(&p.name))
        .map(|p| p.name.clone())
        .collect()
}

/// The pointer operand of a memory access call: `tl.load`, `tl.store` (or a method
/// `.load`/`.store`) and every `tl.atomic_*`, positional or as `pointer=`.
pub(crate) fn access_pointer(c: &ast::ExprCall) -> Option<&Expr> {
    let name = dotted(&c.func).unwrap_or_default();
    let memory = name.ends_with(".load")
        || name.ends_with(".store")
        || name
            .rsplit('.')
            .next()
            .is_some_and(|f| f.starts_with("atomic_"));
    if !memory {
        return None;
    }
    c.arguments.args.first().or_else(|| {
        c.arguments
            .keywords
            .iter()
            .find(|k| k.arg.as_ref().map(|a| a.id.as_str()) == Some("pointer"))
            .map(|k| &k.value)
    })
}

/// The names that are direct operands of a `*` anywhere in `body`, or of another operator
/// Triton rejects on pointers (`/`, `//`, `%`, shifts): never pointers.
pub(crate) fn never_pointers(body: &[Stmt]) -> Vec<String> {
    use ast::Operator as O;
    use ruff_python_ast::visitor::{walk_expr, Visitor};
    struct V(Vec<String>);
    impl<'a> Visitor<'a> for V {
        fn visit_expr(&mut self, e: &'a Expr) {
            if let Expr::BinOp(b) = e {
                if matches!(
                    b.op,
                    O::Mult | O::Div | O::FloorDiv | O::Mod | O::LShift | O::RShift
                ) {
                    for x in [&*b.left, &*b.right] {
                        if let Expr::Name(n) = x {
                            self.0.push(n.id.to_string());
                        }
                    }
                }
            }
            // A block pointer's shape, strides and offsets are integers.
            if let Expr::Call(c) = e {
                block_ptr_int_names(c, &mut self.0);
            }
            // Triton rejects an ordering or equality with a pointer operand, so a name compared
            // that way holds a number (`is None` is another matter: a pointer may be None).
            if let Expr::Compare(c) = e {
                let ordered = c.ops.iter().all(|op| {
                    use ast::CmpOp as C;
                    matches!(op, C::Lt | C::LtE | C::Gt | C::GtE | C::Eq | C::NotEq)
                });
                if ordered {
                    // Also each addend of a compared sum (`start + k < n_cols`): a pointer
                    // plus an integer is a pointer, compared no more than one.
                    fn addends(e: &Expr, out: &mut Vec<String>) {
                        match e {
                            Expr::Name(n) => out.push(n.id.to_string()),
                            Expr::BinOp(b)
                                if matches!(b.op, ast::Operator::Add | ast::Operator::Sub) =>
                            {
                                addends(&b.left, out);
                                addends(&b.right, out);
                            }
                            _ => {}
                        }
                    }
                    for x in std::iter::once(&*c.left).chain(c.comparators.iter()) {
                        addends(x, &mut self.0);
                    }
                }
            }
            walk_expr(self, e);
        }
    }
    let mut v = V(vec![]);
    for s in body {
        v.visit_stmt(s);
    }
    v.0
}

/// The integer arguments of a block-pointer call: `tl.make_block_ptr`'s `shape`, `strides` and
/// `offsets`, `tl.advance`'s `offsets` (positional or by keyword); none for another call.
pub(crate) fn block_ptr_int_args(c: &ast::ExprCall) -> Vec<&Expr> {
    let callee = dotted(&c.func).unwrap_or_default();
    let parts: &[&str] = match callee.rsplit('.').next() {
        Some("make_block_ptr") => &["shape", "strides", "offsets"],
        Some("advance") => &["offsets"],
        _ => return vec![],
    };
    let positional = c.arguments.args.iter().skip(1).take(parts.len());
    let keywords = (c.arguments.keywords.iter())
        .filter(|k| {
            k.arg
                .as_ref()
                .is_some_and(|a| parts.contains(&a.id.as_str()))
        })
        .map(|k| &k.value);
    positional.chain(keywords).collect()
}

/// The names of the integer arguments of a block-pointer call ([`block_ptr_int_args`]).
pub(crate) fn block_ptr_int_names(c: &ast::ExprCall, out: &mut Vec<String>) {
    for x in block_ptr_int_args(c) {
        names_in(x, out);
    }
}

fn names_in(e: &Expr, out: &mut Vec<String>) {
    use ruff_python_ast::visitor::{walk_expr, Visitor};
    struct V<'o>(&'o mut Vec<String>);
    impl<'a> Visitor<'a> for V<'_> {
        fn visit_expr(&mut self, e: &'a Expr) {
            if let Expr::Name(n) = e {
                self.0.push(n.id.to_string());
            }
            walk_expr(self, e);
        }
    }
    V(out).visit_expr(e);
}

fn collect(body: &[Stmt], addr: &mut Vec<String>, assigns: &mut Vec<(String, Vec<String>)>) {
    use ruff_python_ast::visitor::{walk_expr, walk_stmt, Visitor};
    struct V<'o> {
        addr: &'o mut Vec<String>,
        assigns: &'o mut Vec<(String, Vec<String>)>,
    }
    impl<'a> Visitor<'a> for V<'_> {
        fn visit_stmt(&mut self, s: &'a Stmt) {
            match s {
                Stmt::Assign(a) => {
                    let mut used = Vec::new();
                    names_in(&a.value, &mut used);
                    for t in &a.targets {
                        let mut ts = Vec::new();
                        names_in(t, &mut ts);
                        for t in ts {
                            self.assigns.push((t, used.clone()));
                        }
                    }
                }
                Stmt::AugAssign(a) => {
                    let mut used = Vec::new();
                    names_in(&a.value, &mut used);
                    if let Expr::Name(n) = &*a.target {
                        self.assigns.push((n.id.to_string(), used));
                    }
                }
                _ => {}
            }
            walk_stmt(self, s);
        }
        fn visit_expr(&mut self, e: &'a Expr) {
            if let Expr::Call(c) = e {
                // (The first argument of an atomic is its pointer too: `tl.atomic_add(out,
                // v)` into a parameter read nowhere else.)
                if let Some(p) = access_pointer(c) {
                    names_in(p, self.addr);
                }
            }
            walk_expr(self, e);
        }
    }
    let mut v = V { addr, assigns };
    for s in body {
        v.visit_stmt(s);
    }
}

/// Names of functions called from the kernels' bodies (`@triton.jit` helpers among them).
pub(crate) fn called_names(kernels: &[KernelDef]) -> Vec<String> {
    use ruff_python_ast::visitor::{walk_expr, Visitor};
    struct V(Vec<String>);
    impl<'a> Visitor<'a> for V {
        fn visit_expr(&mut self, e: &'a Expr) {
            if let Expr::Call(c) = e {
                if let Expr::Name(n) = &*c.func {
                    self.0.push(n.id.to_string());
                }
            }
            walk_expr(self, e);
        }
    }
    let mut v = V(vec![]);
    for k in kernels {
        for s in &k.def.body {
            v.visit_stmt(s);
        }
    }
    v.0
}
