//! Element kinds of the buffers, read from the kernel's text before it runs: a pointer whose
//! loaded values the kernel uses as integers (in `//`, a bitwise op or a shift, which Triton
//! rejects on floats, or as an address offset) points to integers. Its loads then read
//! mathematical integers in both domains (`crate::value::LDomain::load_i`), and the verdict
//! names the evidence. The same walk finds the gathers: loads and stores whose address
//! depends on loaded data (`tl.load(W + idx * stride)`), whose indices in range is a
//! precondition of the claim, never proved here.
//!
//! The walk is an abstract interpretation over two facts of each value: the pointer
//! parameters its address arithmetic derives from, and the pointer parameters whose loaded
//! values flow into it. Assignments replace a name's facts, branches join them, loop bodies
//! run twice, helper calls are walked with their arguments' facts. It over-approximates: a
//! value is tainted by everything it is computed from.

use crate::front::{dotted, parameters, pos_of, KernelDef};
use crate::mem::Pos;
use ruff_python_ast::visitor::{walk_expr, Visitor};
use ruff_python_ast::{self as ast, Expr, Stmt};
use std::collections::{BTreeMap, BTreeSet};

/// The floating-point types, the first standing for its class.
pub(crate) const FLOATS: &[&str] = &[
    "float32",
    "float16",
    "bfloat16",
    "float64",
    "float8e4nv",
    "float8e5",
];

/// The integer types, each a class of its own.
pub(crate) const INTS: &[&str] = &[
    "int32", "int64", "int16", "int8", "int1", "uint8", "uint16", "uint32", "uint64",
];

/// Every element type Triton names, floating-point ones first.
pub(crate) fn every_type() -> impl Iterator<Item = &'static str> {
    FLOATS.iter().chain(INTS).copied()
}

/// Whether `name` is a floating-point type.
pub(crate) fn is_float(name: &str) -> bool {
    FLOATS.contains(&name)
}

/// What the walk found.
#[derive(Clone, Debug, Default)]
pub(crate) struct Kinds {
    /// Pointer parameters holding integers, each with the first use that says so.
    pub ints: BTreeMap<String, String>,
    /// The loads and stores whose address depends on loaded data, with the pointers whose
    /// data it depends on.
    pub gathers: Vec<(Pos, Vec<String>)>,
    /// The element type of each pointer parameter whose element type the body queries, as
    /// the claim's variant assigns it ([`crate::eltypes`]): the type the queries answer
    /// with, and an integer type's loads read integers.
    pub assigned: BTreeMap<String, &'static str>,
    /// Pointer parameters whose element type decides something at compile time (a
    /// predicate `is_floating()`, a width, a comparison, an argument of a function), through
    /// `p.type.element_ty` or the `dtype` of a value loaded from `p`.
    pub queried: BTreeSet<String>,
    /// What those decisions ask of a type: predicate names (`is_fp16`), `bitwidth`, `==NAME`
    /// for a comparison with a named type, and `*` when a decision is not read here (a
    /// function of no known body, a comparison with an unnamed type).
    pub asked: BTreeSet<String>,
}

impl Kinds {
    pub(crate) fn is_int(&self, param: &str) -> bool {
        self.ints.contains_key(param) || self.assigned.get(param).is_some_and(|t| !is_float(t))
    }

    /// The element type the claim's variant assigns pointer parameter `param`, if any.
    pub(crate) fn dtype(&self, param: &str) -> Option<&'static str> {
        self.assigned.get(param).copied()
    }

    /// The assumptions a verdict names: each integer buffer with its evidence, each gather
    /// with its precondition.
    pub(crate) fn stated(&self) -> Vec<String> {
        let ints = self.ints.iter().map(|(p, why)| {
            format!("`{p}` holds integers (read as mathematical integers): its loads are {why}")
        });
        let gathers = self.gathers.iter().map(|(at, on)| {
            let on: Vec<String> = on.iter().map(|p| format!("`{p}`")).collect();
            format!(
                "the access at {at} is a gather (its address depends on data loaded from {}): its indices are in range (a precondition of the launch)",
                on.join(", ")
            )
        });
        let assigned = self.assigned.iter().map(|(p, t)| {
            if is_float(t) {
                format!("`{p}` holds floating-point values (this variant's element type `{t}`; loads read reals)")
            } else {
                format!("`{p}` holds `{t}` integers (this variant's element type; read as mathematical integers: no wrap-around of `{t}` arithmetic or of stores of them is modelled)")
            }
        });
        ints.chain(gathers).chain(assigned).collect()
    }
}

/// The element kinds of the buffers of `kernel`, whose pointer parameters are `pointers`;
/// `helpers` are the module's `@triton.jit` functions it may call.
pub(crate) fn infer(
    src: &str,
    kernel: &KernelDef,
    helpers: &[&ast::StmtFunctionDef],
    pointers: &[String],
) -> Kinds {
    let mut w = Walk {
        src,
        helpers,
        kinds: Kinds::default(),
        env: BTreeMap::new(),
        ret: None,
        stack: vec![],
    };
    for p in pointers {
        let f = Facts {
            ptr: BTreeSet::from([p.clone()]),
            ..Facts::default()
        };
        w.env.insert(p.clone(), f);
    }
    w.body(&kernel.def.body);
    w.kinds
}

/// The named dtype `e` is (`tl.float16`), by its last name.
fn named_dtype(e: &Expr) -> Option<String> {
    let d = dotted(e)?;
    let last = d.rsplit('.').next()?;
    crate::exec::named_dtype(last).map(|_| last.to_string())
}

/// The two facts of a value.
#[derive(Clone, Debug, Default, PartialEq)]
struct Facts {
    /// Pointer parameters whose addresses it derives from.
    ptr: BTreeSet<String>,
    /// Pointer parameters whose loaded values flow into it.
    data: BTreeSet<String>,
    /// It is a dtype: the element type of these pointer parameters (`p.type.element_ty`,
    /// `x.dtype` of a value loaded from `p`).
    ty: BTreeSet<String>,
}

impl Facts {
    fn join(&mut self, o: &Facts) {
        self.ptr.extend(o.ptr.iter().cloned());
        self.data.extend(o.data.iter().cloned());
        self.ty.extend(o.ty.iter().cloned());
    }
}

type Env = BTreeMap<String, Facts>;

fn join_env(a: &mut Env, b: &Env) {
    for (k, v) in b {
        a.entry(k.clone()).or_default().join(v);
    }
}

struct Walk<'a> {
    src: &'a str,
    helpers: &'a [&'a ast::StmtFunctionDef],
    kinds: Kinds,
    env: Env,
    /// The facts of what the function being walked returns.
    ret: Option<Facts>,
    /// Helpers being walked (no recursion).
    stack: Vec<String>,
}

/// How deep helper calls are followed.
const MAX_DEPTH: usize = 16;

impl Walk<'_> {
    fn body(&mut self, body: &[Stmt]) {
        for s in body {
            self.stmt(s);
        }
    }

    fn assign(&mut self, target: &Expr, f: &Facts) {
        match target {
            Expr::Name(n) => {
                self.env.insert(n.id.to_string(), f.clone());
            }
            Expr::Tuple(t) => t.elts.iter().for_each(|e| self.assign(e, f)),
            Expr::List(t) => t.elts.iter().for_each(|e| self.assign(e, f)),
            _ => {}
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        match s {
            Stmt::Assign(a) => {
                let f = self.expr(&a.value);
                a.targets.iter().for_each(|t| self.assign(t, &f));
            }
            Stmt::AnnAssign(a) => {
                if let Some(v) = &a.value {
                    let f = self.expr(v);
                    self.assign(&a.target, &f);
                }
            }
            Stmt::AugAssign(a) => {
                let cur = self.expr(&a.target);
                let rhs = self.expr(&a.value);
                let f = self.binop(a.op, &cur, &rhs, s);
                self.assign(&a.target, &f);
            }
            Stmt::Expr(e) => {
                self.expr(&e.value);
            }
            Stmt::Return(r) => {
                if let Some(v) = &r.value {
                    let f = self.expr(v);
                    self.ret.get_or_insert_with(Facts::default).join(&f);
                }
            }
            Stmt::If(i) => {
                self.expr(&i.test);
                let before = self.env.clone();
                self.body(&i.body);
                let mut after = std::mem::replace(&mut self.env, before.clone());
                let mut has_else = false;
                for c in &i.elif_else_clauses {
                    if let Some(t) = &c.test {
                        self.expr(t);
                    } else {
                        has_else = true;
                    }
                    self.body(&c.body);
                    join_env(&mut after, &self.env);
                    self.env = before.clone();
                }
                if !has_else {
                    join_env(&mut after, &before);
                }
                self.env = after;
            }
            Stmt::For(f) => {
                let it = self.expr(&f.iter);
                self.assign(&f.target, &it);
                self.looped(&f.body);
                self.body(&f.orelse);
            }
            Stmt::While(w) => {
                self.expr(&w.test);
                self.looped(&w.body);
                self.body(&w.orelse);
            }
            Stmt::With(w) => self.body(&w.body),
            _ => {}
        }
    }

    /// A loop body: run twice, each time joined with what came before (a value carried
    /// around the loop reaches its second iteration).
    fn looped(&mut self, body: &[Stmt]) {
        for _ in 0..2 {
            let before = self.env.clone();
            self.body(body);
            join_env(&mut self.env, &before);
        }
    }

    fn at(&self, e: &impl ruff_text_size::Ranged) -> Pos {
        pos_of(self.src, e)
    }

    /// Records that the loads of each pointer in `data` are used as integers (`how`).
    fn evidence(&mut self, data: &BTreeSet<String>, how: &str, at: Pos) {
        for p in data {
            self.kinds
                .ints
                .entry(p.clone())
                .or_insert_with(|| format!("{how} at {at}"));
        }
    }

    fn binop(
        &mut self,
        op: ast::Operator,
        a: &Facts,
        b: &Facts,
        at: &impl ruff_text_size::Ranged,
    ) -> Facts {
        use ast::Operator as O;
        let pos = self.at(at);
        let name = match op {
            // Triton rejects these on floats (`%` of floats is defined: no evidence).
            O::FloorDiv => Some("`//`"),
            O::BitAnd => Some("`&`"),
            O::BitOr => Some("`|`"),
            O::BitXor => Some("`^`"),
            O::LShift => Some("`<<`"),
            O::RShift => Some("`>>`"),
            _ => None,
        };
        if let Some(name) = name {
            let how = format!("used in {name}");
            self.evidence(&a.data, &how, pos);
            self.evidence(&b.data, &how, pos);
        }
        if matches!(op, O::Add | O::Sub) {
            if !a.ptr.is_empty() {
                self.evidence(&b.data, "used as an address offset", pos);
            }
            if !b.ptr.is_empty() {
                self.evidence(&a.data, "used as an address offset", pos);
            }
        }
        let mut f = a.clone();
        f.join(b);
        f
    }

    fn expr(&mut self, e: &Expr) -> Facts {
        match e {
            Expr::Name(n) => self.env.get(n.id.as_str()).cloned().unwrap_or_default(),
            Expr::BinOp(b) => {
                let (x, y) = (self.expr(&b.left), self.expr(&b.right));
                self.binop(b.op, &x, &y, e)
            }
            Expr::UnaryOp(u) => {
                let f = self.expr(&u.operand);
                match u.op {
                    ast::UnaryOp::Invert => {
                        let pos = self.at(e);
                        self.evidence(&f.data, "used in `~`", pos);
                        f
                    }
                    ast::UnaryOp::Not => Facts::default(),
                    _ => f,
                }
            }
            // A comparison's result is a condition, no loaded value; of a dtype it decides.
            Expr::Compare(c) => {
                let mut sides = vec![&*c.left];
                sides.extend(c.comparators.iter());
                let named: Vec<String> = sides.iter().filter_map(|x| named_dtype(x)).collect();
                for x in &sides {
                    let f = self.expr(x);
                    if !f.ty.is_empty() {
                        let asked = match (named.len(), named.first()) {
                            (1, Some(n)) if sides.len() == 2 => format!("=={n}"),
                            _ => "*".to_string(),
                        };
                        self.decides(&f.ty, &asked);
                    }
                }
                Facts::default()
            }
            Expr::BoolOp(_) => {
                self.children(e);
                Facts::default()
            }
            Expr::Attribute(a) => {
                let f = self.expr(&a.value);
                match a.attr.id.as_str() {
                    // A type query: the element type of the pointers it derives from and
                    // of those whose loads flow into it.
                    "dtype" | "type" => {
                        let mut ty = f.ty.clone();
                        ty.extend(f.ptr.iter().cloned());
                        ty.extend(f.data.iter().cloned());
                        Facts {
                            ty,
                            ..Facts::default()
                        }
                    }
                    "element_ty" | "scalar" | "value" => Facts {
                        ty: f.ty,
                        ..Facts::default()
                    },
                    "int_bitwidth" => {
                        self.decides(&f.ty, "int_bitwidth");
                        Facts::default()
                    }
                    "primitive_bitwidth" => {
                        self.decides(&f.ty, "bitwidth");
                        Facts::default()
                    }
                    // Any other property of a dtype: every type apart.
                    "fp_mantissa_width" | "exponent_bias" | "name" => {
                        self.decides(&f.ty, "*");
                        Facts::default()
                    }
                    _ => f,
                }
            }
            Expr::Call(c) => self.call(c),
            _ => self.children(e),
        }
    }

    /// The join of the facts of `e`'s direct subexpressions.
    fn children(&mut self, e: &Expr) -> Facts {
        struct Direct<'a>(Vec<&'a Expr>);
        impl<'a> Visitor<'a> for Direct<'a> {
            fn visit_expr(&mut self, e: &'a Expr) {
                self.0.push(e);
            }
        }
        let mut d = Direct(vec![]);
        walk_expr(&mut d, e);
        let mut f = Facts::default();
        for c in d.0 {
            let g = self.expr(c);
            f.join(&g);
        }
        f
    }

    /// The argument named `name` or at position `k`.
    fn arg<'c>(c: &'c ast::ExprCall, k: usize, name: &str) -> Option<&'c Expr> {
        c.arguments.args.get(k).or_else(|| {
            c.arguments
                .keywords
                .iter()
                .find(|kw| kw.arg.as_ref().is_some_and(|n| n.id.as_str() == name))
                .map(|kw| &kw.value)
        })
    }

    /// Records that the element types of `ty` decide something (`asked`).
    fn decides(&mut self, ty: &BTreeSet<String>, asked: &str) {
        if ty.is_empty() {
            return;
        }
        self.kinds.queried.extend(ty.iter().cloned());
        self.kinds.asked.insert(asked.to_string());
    }

    fn call(&mut self, c: &ast::ExprCall) -> Facts {
        // A dtype's predicate (`t.is_floating()`): a condition the element type decides.
        if let Expr::Attribute(a) = &*c.func {
            let p = a.attr.id.as_str();
            if p.starts_with("is_") {
                let f = self.expr(&a.value);
                if !f.ty.is_empty() {
                    self.decides(&f.ty, p);
                    return Facts::default();
                }
            }
        }
        let full = dotted(&c.func).unwrap_or_default();
        let last = full.rsplit('.').next().unwrap_or_default().to_string();
        let root = full.split('.').next().unwrap_or_default();
        // A method of a value (`x.to(...)`) rather than a module's function.
        let method = full.contains('.') && self.env.contains_key(root);
        let mut all = Facts::default();
        for a in &c.arguments.args {
            let f = self.expr(a);
            // `tl.cdiv(x, d)` is Triton's `(x + d - 1) // d`: integers only.
            if !method && last == "cdiv" {
                let pos = self.at(c);
                self.evidence(&f.data, "used in `tl.cdiv` (an integer `//`)", pos);
            }
            all.join(&f);
        }
        for k in &c.arguments.keywords {
            let f = self.expr(&k.value);
            all.join(&f);
        }
        if method || !full.contains('.') && !self.helper_named(&last) {
            let f = self.expr(&c.func);
            all.join(&f);
        }
        if !method && (last == "load" || last == "store" || last.starts_with("atomic_")) {
            let addr = Self::arg(c, 0, "pointer")
                .map(|a| self.expr(a))
                .unwrap_or_default();
            if !addr.data.is_empty() {
                let pos = self.at(c);
                if !self.kinds.gathers.iter().any(|(p, _)| *p == pos) {
                    let on = addr.data.iter().cloned().collect();
                    self.kinds.gathers.push((pos, on));
                }
            }
            return Facts {
                ptr: BTreeSet::new(),
                data: if last == "store" {
                    BTreeSet::new()
                } else {
                    addr.ptr
                },
                ty: BTreeSet::new(),
            };
        }
        if !method && self.helper_named(&last) {
            return self.helper(&last, c).unwrap_or(all);
        }
        if !all.ty.is_empty() {
            // `tl.constexpr(t)` is `t`; a conversion to a dtype (`x.to(t)`, `tl.cast(x, t)`)
            // or a fill of one (`tl.zeros(shape, dtype=t)`), Triton's functions and methods,
            // decide nothing; a function of the file or of Python with no body read here
            // (`get_scan_accum_type(t)`) may.
            if last == "constexpr" {
                return all;
            }
            let of_triton = matches!(&*c.func, Expr::Attribute(_));
            if !of_triton {
                let ty = all.ty.clone();
                self.decides(&ty, "*");
            }
            all.ty.clear();
        }
        all
    }

    fn helper_named(&self, name: &str) -> bool {
        self.helpers.iter().any(|h| h.name.id.as_str() == name)
    }

    /// A helper call walked with its arguments' facts; `None` when it is not followed
    /// (recursion, depth).
    fn helper(&mut self, name: &str, c: &ast::ExprCall) -> Option<Facts> {
        let f = *self.helpers.iter().find(|h| h.name.id.as_str() == name)?;
        if self.stack.len() >= MAX_DEPTH || self.stack.iter().any(|s| s == name) {
            return None;
        }
        let params = parameters(f);
        let mut scope = Env::new();
        for (k, p) in params.iter().enumerate() {
            let pname = p.parameter.name.id.as_str();
            let given = c.arguments.args.get(k).or_else(|| {
                c.arguments
                    .keywords
                    .iter()
                    .find(|kw| kw.arg.as_ref().is_some_and(|n| n.id.as_str() == pname))
                    .map(|kw| &kw.value)
            });
            let facts = given.map(|a| self.expr(a)).unwrap_or_default();
            scope.insert(pname.to_string(), facts);
        }
        let saved = std::mem::replace(&mut self.env, scope);
        let saved_ret = self.ret.take();
        self.stack.push(name.to_string());
        self.body(&f.body);
        self.stack.pop();
        self.env = saved;
        let r = std::mem::replace(&mut self.ret, saved_ret);
        Some(r.unwrap_or_default())
    }
}
