//! The algorithm file (docs/halide.md): inputs, RDoms, Funcs with a pure definition and
//! updates (a Tuple-valued Func as one Func per component), the output. Its expressions use the
//! statement's syntax (`syntax::Parser`).

use crate::syntax::{lex, Bail, Expr, PResult, Parser, Tok, Type};
use report::{Diagnostic, Span};

#[derive(Clone, Debug)]
pub struct Input {
    pub name: String,
    pub ty: Type,
    pub dims: usize,
    #[allow(dead_code)] // for diagnostics of later checks
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct RDom {
    /// The variable's name as the statement prints it (`r$x`).
    pub var: String,
    pub min: Expr,
    /// The bound is `[min, end)`.
    pub end: Expr,
    /// `where c` (Halide's `RDom::where`): the predicate of the RDom this variable belongs
    /// to (all its variables, [`Spec::update_domain`]); the exporter writes it on the RDom's
    /// last variable.
    pub predicate: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Update {
    pub args: Vec<Expr>,
    pub value: Expr,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Func {
    pub name: String,
    pub vars: Vec<String>,
    pub ty: Type,
    pub value: Expr,
    pub updates: Vec<Update>,
    pub span: Span,
    /// A component of a Tuple-valued Func: the Tuple's name and this component's number
    /// (the Func is then named `NAME.k`, as the statement names its buffer).
    pub tuple: Option<(String, usize)>,
}

/// A Tuple-valued Func `func f(x) : (T0, T1) = tuple(e0, e1)`: its components are the Funcs
/// `f.0 : T0 = e0` and `f.1 : T1 = e1` of [`Spec::funcs`], sharing the definition's variables,
/// stages and schedule (Halide's statement realizes and stores each in its own buffer).
#[derive(Clone, Debug)]
pub struct Tuple {
    pub name: String,
    pub arity: usize,
    #[allow(dead_code)] // for diagnostics of later checks
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Spec {
    pub inputs: Vec<Input>,
    pub rdoms: Vec<RDom>,
    /// Every Func, a Tuple's components each as one (`f.0`, `f.1`).
    pub funcs: Vec<Func>,
    pub tuples: Vec<Tuple>,
    pub output: String,
    pub output_span: Span,
}

impl Func {
    /// The name its stages' loop variables and bounds use (`f.s1.x`): the Tuple's for a
    /// component (`best.0` is produced and scheduled as `best`), else its own.
    pub fn base(&self) -> &str {
        match &self.tuple {
            Some((t, _)) => t,
            None => &self.name,
        }
    }

    /// The names of Halide's un-rounded bounds of the pure stage, `(f.s0.v.min, f.s0.v.max)`
    /// per pure variable `v`: where a statement states its needed region ([`crate::live`]);
    /// the innermost binding in scope ([`binds`]) is the one that counts.
    pub fn needed_bound_names(&self) -> Vec<(String, String)> {
        self.vars
            .iter()
            .map(|v| {
                (
                    format!("{}.s0.{v}.min", self.base()),
                    format!("{}.s0.{v}.max", self.base()),
                )
            })
            .collect()
    }
}

/// `name` binds `base`, as Halide prints it: `base` itself, or `base_N` (a renamed copy, as
/// for the bounds of a Func computed inside a loop: `f.s0.x.min_1`).
pub fn binds(name: &str, base: &str) -> bool {
    name == base
        || name
            .strip_prefix(base)
            .and_then(|r| r.strip_prefix('_'))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The RDom an update runs over ([`Spec::update_domain`]).
pub struct UpdateDomain<'a> {
    /// Its variables, innermost first (the file's order).
    pub vars: Vec<&'a RDom>,
    /// Its predicates (Halide's `RDom::where`): a step runs only at the points where every
    /// one holds; each with the `rdom` line it came from.
    pub predicates: Vec<(&'a Expr, &'a RDom)>,
}

/// The RDom a variable belongs to, as Halide names them (`r` for `r$x`).
fn rdom_of(var: &str) -> &str {
    var.rsplit_once('$').map_or(var, |(r, _)| r)
}

impl Spec {
    /// The RDom update `u` runs over: the variables it names, those its RDoms' predicates
    /// name, and those predicates (an RDom's predicate restricts every update that uses one
    /// of its variables). The one definition of an update's RDom points, for the algorithm
    /// (`algo`) and the prophecies (`symex`). Errors: a predicate that reads a Func or an
    /// input (a data-dependent domain, not supported).
    pub fn update_domain(&self, u: &Update) -> Result<UpdateDomain<'_>, (String, Span)> {
        let mut names = Vec::new();
        crate::syntax::vars_of(&u.value, &mut names);
        for a in &u.args {
            crate::syntax::vars_of(a, &mut names);
        }
        let mut predicates = Vec::new();
        for r in &self.rdoms {
            let Some(p) = &r.predicate else { continue };
            let uses = self
                .rdoms
                .iter()
                .any(|v| rdom_of(&v.var) == rdom_of(&r.var) && names.contains(&v.var));
            if !uses {
                continue;
            }
            let mut read = None;
            crate::syntax::calls_of(p, &mut |n| {
                read.get_or_insert(n.to_string());
            });
            if let Some(n) = read {
                // (`crate::check` names it with its place in the algorithm file first.)
                return Err((
                    format!("the RDom predicate (`where`) of `{}` reads `{n}` (a data-dependent domain is not supported)", r.var),
                    Span::default(),
                ));
            }
            crate::syntax::vars_of(p, &mut names);
            predicates.push((p, r));
        }
        let vars = self
            .rdoms
            .iter()
            .filter(|r| names.contains(&r.var))
            .collect();
        Ok(UpdateDomain { vars, predicates })
    }

    pub fn func(&self, name: &str) -> Option<&Func> {
        self.funcs.iter().find(|f| f.name == name)
    }
    pub fn input(&self, name: &str) -> Option<&Input> {
        self.inputs.iter().find(|f| f.name == name)
    }
    pub fn tuple(&self, name: &str) -> Option<&Tuple> {
        self.tuples.iter().find(|t| t.name == name)
    }
    /// The first call of a Tuple-valued Func that names no component (`f(x)`, not
    /// `f(x)[k]`), and where.
    pub fn tuple_call_without_component(&self) -> Option<(String, Span)> {
        let mut found = None;
        let mut look = |e: &Expr| {
            crate::syntax::visit(e, &mut |x| match &x.kind {
                crate::syntax::ExprKind::Call(n, _)
                    if found.is_none() && self.tuple(n).is_some() =>
                {
                    found = Some((n.clone(), x.span))
                }
                _ => {}
            })
        };
        for f in &self.funcs {
            look(&f.value);
            for u in &f.updates {
                look(&u.value);
                u.args.iter().for_each(&mut look);
            }
        }
        found
    }
    /// The components of `f`'s Tuple (all of them, `f` among them), or `f` alone.
    pub fn siblings<'s>(&'s self, f: &'s Func) -> Vec<&'s Func> {
        match &f.tuple {
            Some((t, _)) => self
                .funcs
                .iter()
                .filter(|g| g.tuple.as_ref().is_some_and(|(u, _)| u == t))
                .collect(),
            None => vec![f],
        }
    }

    /// Update `stage` (1-based) of `f` as one step of its Tuple: `tuple(e0, e1, ...)` of its
    /// components' update values at `f`'s left side (`f`'s own alone when it is not a
    /// Tuple's), so that the step's RDom is the one any component names
    /// ([`Spec::update_domain`]).
    pub fn joint_update(&self, f: &Func, stage: usize) -> Update {
        let u = &f.updates[stage - 1];
        Update {
            args: u.args.clone(),
            value: Expr {
                kind: crate::syntax::ExprKind::Call(
                    "tuple".into(),
                    self.siblings(f)
                        .iter()
                        .map(|g| g.updates[stage - 1].value.clone())
                        .collect(),
                ),
                span: u.span,
            },
            span: u.span,
        }
    }
}

pub fn parse(text: &str) -> Result<Spec, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let toks = lex(text, &mut diags);
    let mut p = Parser::new(&toks);
    let mut spec = Spec {
        inputs: vec![],
        rdoms: vec![],
        funcs: vec![],
        tuples: vec![],
        output: String::new(),
        output_span: Span::default(),
    };
    let mut output: Option<(String, Type, usize, Span)> = None;
    while !matches!(p.peek(), Tok::Eof) {
        let before = p.pos;
        if item(&mut p, &mut spec, &mut output).is_err()
            && (p.pos == before || !p.token().line_start)
        {
            p.skip_line();
        }
        if p.diags.len() > 50 {
            break;
        }
    }
    let mut diags2 = p.diags;
    diags.append(&mut diags2);
    match output {
        // A Func whose line failed to parse is not declared: no second error about it.
        _ if !diags.is_empty() => {}
        None => diags.push(Diagnostic {
            span: Span {
                start: text.len(),
                end: text.len(),
            },
            message: "no `output NAME : TYPE dims N` line".into(),
        }),
        Some((name, _, _, span)) if spec.tuple(&name).is_some() => diags.push(Diagnostic {
            span,
            message: format!("the output `{name}` is Tuple-valued (not supported)"),
        }),
        Some((name, ty, dims, span)) => match spec.func(&name) {
            None => diags.push(Diagnostic {
                span,
                message: format!("the output `{name}` is not a declared func"),
            }),
            Some(f) if f.ty != ty || f.vars.len() != dims => diags.push(Diagnostic {
                span,
                message: format!(
                    "the output `{name}` is declared as {} with {} dims",
                    f.ty,
                    f.vars.len()
                ),
            }),
            Some(_) => {
                spec.output = name;
                spec.output_span = span;
            }
        },
    }
    if diags.is_empty() {
        Ok(spec)
    } else {
        Err(diags)
    }
}

fn ty(p: &mut Parser) -> PResult<Type> {
    let (name, span) = p.ident("a type")?;
    match Type::parse(&name) {
        Some(t) => Ok(t),
        None => p.error(
            span,
            format!("unknown type `{name}` (int8..64, uint1..64, float16..64, bool)"),
        ),
    }
}

fn dims(p: &mut Parser) -> PResult<usize> {
    if !p.is_ident("dims") {
        let s = p.span();
        return p.error(s, "expected `dims N`");
    }
    p.bump();
    match p.peek().clone() {
        Tok::Int(n) if (0..=16).contains(&n) => {
            p.bump();
            Ok(n as usize)
        }
        _ => {
            let s = p.span();
            p.error(s, "expected a number of dimensions (0..16)")
        }
    }
}

fn item(
    p: &mut Parser,
    spec: &mut Spec,
    output: &mut Option<(String, Type, usize, Span)>,
) -> PResult<()> {
    let start = p.span().start;
    let (word, wspan) = p.ident("`input`, `rdom`, `func`, `update` or `output`")?;
    match word.as_str() {
        "input" => {
            let (name, _) = p.ident("an input name")?;
            p.expect(":")?;
            let t = ty(p)?;
            let d = dims(p)?;
            spec.inputs.push(Input {
                name,
                ty: t,
                dims: d,
                span: Span {
                    start,
                    end: p.prev_end(),
                },
            });
        }
        "output" => {
            let (name, _) = p.ident("the output Func's name")?;
            p.expect(":")?;
            let t = ty(p)?;
            let d = dims(p)?;
            *output = Some((
                name,
                t,
                d,
                Span {
                    start,
                    end: p.prev_end(),
                },
            ));
        }
        "rdom" => rdom_item(p, spec, start)?,
        "func" => func_item(p, spec, start)?,
        "update" => update_item(p, spec, start)?,
        _ => {
            return p.error(
                wspan,
                format!("expected `input`, `rdom`, `func`, `update` or `output`, found `{word}`"),
            )
        }
    }
    if !p.token().line_start {
        let s = p.span();
        let found = crate::syntax::describe(p.peek());
        return p.error(s, format!("expected the end of the line, found {found}"));
    }
    let _ = Bail;
    Ok(())
}

/// The rest of `rdom r in [min, end) where predicate` (the line starts at `start`).
fn rdom_item(p: &mut Parser, spec: &mut Spec, start: usize) -> PResult<()> {
    let (var, _) = p.ident("an RDom variable")?;
    if !p.is_ident("in") {
        let s = p.span();
        return p.error(s, "expected `in [min, end)`");
    }
    p.bump();
    p.expect("[")?;
    let min = p.expr()?;
    p.expect(",")?;
    let end = p.expr()?;
    p.expect(")")?;
    let predicate = if p.is_ident("where") {
        p.bump();
        Some(p.expr()?)
    } else {
        None
    };
    spec.rdoms.push(RDom {
        var,
        min,
        end,
        predicate,
        span: Span {
            start,
            end: p.prev_end(),
        },
    });
    Ok(())
}

/// The rest of `func f(vars) : T = value`, or of a Tuple's `func f(vars) : (T0, T1, ...) =
/// tuple(v0, v1, ...)` (one Func per component) (the line starts at `start`).
fn func_item(p: &mut Parser, spec: &mut Spec, start: usize) -> PResult<()> {
    let (name, _) = p.ident("a Func name")?;
    p.expect("(")?;
    let mut vars = Vec::new();
    if !p.eat(")") {
        loop {
            vars.push(p.ident("a variable")?.0);
            if p.eat(")") {
                break;
            }
            p.expect(",")?;
        }
    }
    p.expect(":")?;
    let types = if p.eat("(") {
        let mut ts = vec![ty(p)?];
        while p.eat(",") {
            ts.push(ty(p)?);
        }
        p.expect(")")?;
        Some(ts)
    } else {
        None
    };
    let t = match &types {
        Some(_) => None,
        None => Some(ty(p)?),
    };
    p.expect("=")?;
    let value = p.expr()?;
    let span = Span {
        start,
        end: p.prev_end(),
    };
    if spec.func(&name).is_some() || spec.input(&name).is_some() || spec.tuple(&name).is_some() {
        return p.error(span, format!("`{name}` is declared twice"));
    }
    match (types, t) {
        (Some(types), _) => {
            let values = tuple_values(p, value, types.len())?;
            for (k, (t, v)) in types.into_iter().zip(values).enumerate() {
                spec.funcs.push(Func {
                    name: format!("{name}.{k}"),
                    vars: vars.clone(),
                    ty: t,
                    value: v,
                    updates: vec![],
                    span,
                    tuple: Some((name.clone(), k)),
                });
            }
            let arity = spec.funcs.iter().filter(|f| f.base() == name).count();
            spec.tuples.push(Tuple { name, arity, span });
        }
        (None, Some(t)) => {
            if matches!(&value.kind, crate::syntax::ExprKind::Call(n, _) if n == "tuple") {
                return p.error(
                    value.span,
                    format!("a Tuple value needs a Tuple type: `func {name}(...) : (T0, T1, ...) = tuple(...)`"),
                );
            }
            spec.funcs.push(Func {
                name,
                vars,
                ty: t,
                value,
                updates: vec![],
                span,
                tuple: None,
            });
        }
        (None, None) => unreachable!("a type or a Tuple type was parsed"),
    }
    Ok(())
}

/// The rest of `update f(args) = value`, an update of the Func (or each component of the
/// Tuple) declared just before (the line starts at `start`).
fn update_item(p: &mut Parser, spec: &mut Spec, start: usize) -> PResult<()> {
    let (name, nspan) = p.ident("a Func name")?;
    p.expect("(")?;
    let mut args = Vec::new();
    if !p.eat(")") {
        loop {
            args.push(p.expr()?);
            if p.eat(")") {
                break;
            }
            p.expect(",")?;
        }
    }
    p.expect("=")?;
    let value = p.expr()?;
    let span = Span {
        start,
        end: p.prev_end(),
    };
    let tuple = spec.tuple(&name).map(|t| t.arity);
    match (spec.funcs.last(), tuple) {
        (Some(f), None) if f.name == name => {
            let f = spec.funcs.last_mut().expect("matched");
            f.updates.push(Update { args, value, span })
        }
        (Some(f), Some(n)) if f.base() == name => {
            let values = tuple_values(p, value, n)?;
            let at = spec.funcs.len() - n;
            for (f, v) in spec.funcs[at..].iter_mut().zip(values) {
                f.updates.push(Update {
                    args: args.clone(),
                    value: v,
                    span,
                });
            }
        }
        _ => {
            return p.error(
                nspan,
                format!("an update of `{name}` must follow its `func` line"),
            )
        }
    }
    Ok(())
}

/// The components of a Tuple value `tuple(e0, e1, ...)`, `n` of them.
fn tuple_values(p: &mut Parser, value: Expr, n: usize) -> PResult<Vec<Expr>> {
    match value.kind {
        crate::syntax::ExprKind::Call(t, vs) if t == "tuple" && vs.len() == n => Ok(vs),
        _ => p.error(
            value.span,
            format!("expected a Tuple value `tuple(...)` of {n} components"),
        ),
    }
}

impl Update {
    /// The left side's shape: `None` when it is the Func's pure variables (each point folds
    /// the RDom with its own previous value); else a recurrence, with the positions where it
    /// is the pure variable (a run of the RDom stays in that slice), the others being
    /// expressions of the RDom and the slice's variables (`psum(r, y)`, `bwd(15 - s, y)`,
    /// `histogram(x, y, zi, c)` with `zi` read from the data at `x`, `y` and the RDom).
    pub fn recurrence_slice(&self, f: &Func) -> Result<Option<Vec<usize>>, (String, Span)> {
        if self.args.len() != f.vars.len() {
            return Err((
                format!(
                    "an update of `{}` with {} arguments (it has {} variables)",
                    f.name,
                    self.args.len(),
                    f.vars.len()
                ),
                self.span,
            ));
        }
        let in_place = |k: usize| matches!(&self.args[k].kind, crate::syntax::ExprKind::Var(n) if *n == f.vars[k]);
        let slice: Vec<usize> = (0..f.vars.len()).filter(|k| in_place(*k)).collect();
        for (k, a) in self.args.iter().enumerate() {
            if in_place(k) {
                continue;
            }
            // Another position may name the slice's own variables (a scatter at a bin
            // computed from the slice's data, `histogram(x, y, zi(x, y, r), c)`): each slice
            // still runs the RDom over its own cells only.
            let mut names = Vec::new();
            crate::syntax::vars_of(a, &mut names);
            let out_of_place = |n: &String| {
                f.vars
                    .iter()
                    .enumerate()
                    .any(|(j, v)| v == n && !slice.contains(&j))
            };
            if names.iter().any(out_of_place) {
                return Err((
                    format!("an update of `{}` whose left side uses a pure variable out of its place (not supported)", f.name),
                    a.span,
                ));
            }
        }
        Ok((slice.len() < f.vars.len()).then_some(slice))
    }
}

impl Update {
    /// `f(x, ...) = f(x, ...) op e` (or `e op f(x, ...)`), the left side the pure variables,
    /// `op` an integer `+` or `*` (wrapping or exact: commutative and associative) or `min` or
    /// `max`, and `e` not reading `f`: the fold's result does not depend on the RDom's order.
    pub fn is_commutative(&self, f: &Func) -> bool {
        use crate::syntax::{BinOp, ExprKind};
        if !matches!(self.recurrence_slice(f), Ok(None)) {
            return false;
        }
        let is_self = |e: &Expr| {
            let e = match &e.kind {
                ExprKind::Cast(t, x) if *t == f.ty => x,
                _ => e,
            };
            matches!(&e.kind, ExprKind::Call(n, args) if *n == f.name
                && args.len() == f.vars.len()
                && args.iter().zip(&f.vars).all(|(a, v)| matches!(&a.kind, ExprKind::Var(n) if n == v)))
        };
        let reads_f = |e: &Expr| {
            let mut found = false;
            crate::syntax::calls_of(e, &mut |n| found |= n == f.name);
            found
        };
        match &self.value.kind {
            ExprKind::Bin(op, a, b) => {
                let op_ok = match op {
                    BinOp::Add | BinOp::Mul => !f.ty.is_float(),
                    BinOp::Min | BinOp::Max => true,
                    _ => false,
                };
                op_ok && ((is_self(a) && !reads_f(b)) || (is_self(b) && !reads_f(a)))
            }
            _ => false,
        }
    }
}
