//! Lowering one rule, at one element type and one rank per aggregated axis (an *instance*), to a
//! core [`Graph`], generic over the value domain. The symbolic checker and the concrete replay
//! both lower through this code, so they agree on what the rule means.
//!
//! In an instance, aggregated axis `R` of rank k becomes the axes `R.0 .. R.(k-1)`; a labelled
//! copy `R@l` becomes `R@l.0 ..`. A map `m : R` becomes one integer per axis, `m.j`.

use crate::ast::*;
use report::{Diagnostic, Span};
use std::collections::BTreeMap;
use tensor::{
    AxisMap, BinaryOp, CompareOp, ConvAxes, ConvWindow, Domain, ElemType, Graph, Literal, NodeId,
    Op, Reducer, UnaryOp,
};

type LResult<T> = Result<T, Diagnostic>;

fn diag(span: Span, msg: impl Into<String>) -> Diagnostic {
    Diagnostic {
        span,
        message: msg.into(),
    }
}

/// The declarations of a rule, resolved and checked once.
#[derive(Clone, Debug)]
pub struct Scope {
    pub classes: BTreeMap<String, RankSpec>,
    pub maps: BTreeMap<String, String>,
    pub tensors: BTreeMap<String, TensorDecl>,
    pub scalars: BTreeMap<String, ScalarDecl>,
}

/// One element type and a rank for every aggregated axis.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Instance {
    pub ty: ElemType,
    pub ranks: BTreeMap<String, usize>,
}

impl Instance {
    pub fn describe(&self) -> String {
        let r: Vec<String> = self
            .ranks
            .iter()
            .map(|(c, k)| format!("rank {c} = {k}"))
            .collect();
        if r.is_empty() {
            self.ty.to_string()
        } else {
            format!("{}, {}", self.ty, r.join(", "))
        }
    }
}

pub fn axis_name(family: &str, j: usize) -> String {
    format!("{family}.{j}")
}

/// The aggregated axis (class) of an instance axis name such as `R@l.2`.
pub fn class_of_axis(axis: &str) -> &str {
    let fam = axis.rsplit_once('.').map(|x| x.0).unwrap_or(axis);
    fam.split('@').next().unwrap_or(fam)
}

/// Checks the declarations: names are unique, maps and shapes use declared axes.
pub fn resolve(rule: &Rule) -> Result<Scope, Vec<Diagnostic>> {
    let mut errs = Vec::new();
    let mut s = Scope {
        classes: BTreeMap::new(),
        maps: BTreeMap::new(),
        tensors: BTreeMap::new(),
        scalars: BTreeMap::new(),
    };
    let mut taken: BTreeMap<String, Span> = BTreeMap::new();
    let mut claim = |name: &Ident, errs: &mut Vec<Diagnostic>| {
        if let Some(prev) = taken.get(&name.name) {
            let _ = prev;
            errs.push(diag(
                name.span,
                format!("`{}` is declared twice", name.name),
            ));
            false
        } else {
            taken.insert(name.name.clone(), name.span);
            true
        }
    };
    for a in &rule.axes {
        if claim(&a.name, &mut errs) {
            s.classes.insert(a.name.name.clone(), a.rank);
        }
    }
    for m in &rule.maps {
        if !s.classes.contains_key(&m.class.name) {
            errs.push(diag(
                m.class.span,
                format!("`{}` is not a declared aggregated axis", m.class.name),
            ));
        }
        if claim(&m.name, &mut errs) {
            s.maps.insert(m.name.name.clone(), m.class.name.clone());
        }
    }
    for t in &rule.tensors {
        for e in &t.shape {
            if !s.classes.contains_key(&e.axis.class.name) {
                errs.push(diag(
                    e.axis.class.span,
                    format!("`{}` is not a declared aggregated axis", e.axis.class.name),
                ));
            }
        }
        if claim(&t.name, &mut errs) {
            s.tensors.insert(t.name.name.clone(), t.clone());
        }
    }
    for sc in &rule.scalars {
        if claim(&sc.name, &mut errs) {
            s.scalars.insert(sc.name.name.clone(), sc.clone());
        }
    }
    if rule.lhs.is_none() {
        errs.push(diag(rule.span, "the rule has no `lhs`"));
    }
    if rule.rhs.is_none() {
        errs.push(diag(rule.span, "the rule has no `rhs`"));
    }
    if errs.is_empty() {
        Ok(s)
    } else {
        Err(errs)
    }
}

/// Map values of one instance, per (map, axis position).
pub type MapValues<I> = BTreeMap<(String, usize), I>;

/// A lowered instance: both sides and the assumptions in one graph.
pub struct Lowered<I> {
    pub graph: Graph<I>,
    pub lhs: NodeId,
    pub rhs: NodeId,
    pub assumes: Vec<NodeId>,
}

/// Lowers both sides of `rule` for `inst`.
pub fn lower<D: Domain>(
    d: &mut D,
    rule: &Rule,
    scope: &Scope,
    inst: &Instance,
    maps: &MapValues<D::I>,
) -> LResult<Lowered<D::I>> {
    let mut l = Lowerer {
        scope,
        inst,
        maps,
        graph: Graph::new(),
        names: BTreeMap::new(),
    };
    let lhs = l.expr(d, rule.lhs.as_ref().expect("resolved rule has lhs"))?;
    let rhs = l.expr(d, rule.rhs.as_ref().expect("resolved rule has rhs"))?;
    let mut assumes = Vec::new();
    for a in &rule.assumes {
        let n = l.expr(d, a)?;
        if l.graph.node_type(n).ty != ElemType::Bool {
            return Err(diag(a.span(), "an `assume` must be a bool tensor"));
        }
        assumes.push(n);
    }
    let (lt, rt) = (
        l.graph.node_type(lhs).clone(),
        l.graph.node_type(rhs).clone(),
    );
    if lt.ty != rt.ty {
        return Err(diag(
            rule.rhs.as_ref().map(|e| e.span()).unwrap_or(rule.span),
            format!(
                "the sides have different element types: lhs {} but rhs {}",
                lt.ty, rt.ty
            ),
        ));
    }
    let same = lt.axes.len() == rt.axes.len() && lt.axes.iter().all(|a| rt.axes.contains(a));
    if !same {
        return Err(diag(
            rule.rhs.as_ref().map(|e| e.span()).unwrap_or(rule.span),
            format!(
                "the sides have different axes ({}): lhs [{}] but rhs [{}]",
                inst.describe(),
                lt.axes.join(", "),
                rt.axes.join(", ")
            ),
        ));
    }
    Ok(Lowered {
        graph: l.graph,
        lhs,
        rhs,
        assumes,
    })
}

struct Lowerer<'a, D: Domain> {
    scope: &'a Scope,
    inst: &'a Instance,
    maps: &'a MapValues<D::I>,
    graph: Graph<D::I>,
    /// Inputs and scalars already added, so each is one node.
    names: BTreeMap<String, NodeId>,
}

/// The elementwise unary op a rule names.
fn unary_op(name: &str) -> Option<UnaryOp> {
    match name {
        "neg" | "negate" => Some(UnaryOp::Neg),
        "abs" => Some(UnaryOp::Abs),
        "exp" => Some(UnaryOp::Exp),
        "not" => Some(UnaryOp::Not),
        "log" => Some(UnaryOp::Log),
        "sqrt" => Some(UnaryOp::Sqrt),
        "rsqrt" => Some(UnaryOp::Rsqrt),
        "tanh" => Some(UnaryOp::Tanh),
        _ => None,
    }
}

/// The elementwise binary op a rule names.
fn binary_op(name: &str) -> Option<BinaryOp> {
    match name {
        "add" => Some(BinaryOp::Add),
        "sub" | "subtract" => Some(BinaryOp::Sub),
        "mul" | "multiply" => Some(BinaryOp::Mul),
        "div" | "divide" => Some(BinaryOp::Div),
        "rem" | "remainder" => Some(BinaryOp::Rem),
        "max" | "maximum" => Some(BinaryOp::Max),
        "min" | "minimum" => Some(BinaryOp::Min),
        "and" => Some(BinaryOp::And),
        "or" => Some(BinaryOp::Or),
        "xor" => Some(BinaryOp::Xor),
        "pow" | "power" => Some(BinaryOp::Pow),
        _ => None,
    }
}

/// The comparison a rule names.
fn compare_op(name: &str) -> Option<CompareOp> {
    match name {
        "lt" => Some(CompareOp::Lt),
        "le" => Some(CompareOp::Le),
        "gt" => Some(CompareOp::Gt),
        "ge" => Some(CompareOp::Ge),
        "eq" => Some(CompareOp::Eq),
        "ne" => Some(CompareOp::Ne),
        _ => None,
    }
}

impl<D: Domain> Lowerer<'_, D> {
    fn rank(&self, class: &Ident) -> LResult<usize> {
        self.inst.ranks.get(&class.name).copied().ok_or_else(|| {
            diag(
                class.span,
                format!("`{}` is not a declared aggregated axis", class.name),
            )
        })
    }

    fn resolve_ty(&self, t: TypeRef) -> ElemType {
        match t {
            TypeRef::Fixed(t) => t,
            TypeRef::Param => self.inst.ty,
        }
    }

    fn add(&mut self, op: Op<D::I>, span: Span) -> LResult<NodeId> {
        self.graph.add(op).map_err(|m| diag(span, m))
    }

    /// The instance axes of an axis reference.
    fn axes_of(&self, r: &AxisRef) -> LResult<Vec<String>> {
        let k = self.rank(&r.class)?;
        Ok((0..k).map(|j| axis_name(&r.family(), j)).collect())
    }

    /// `[R: e, ..]` as an instance attribute map.
    fn attr_map(&mut self, d: &mut D, entries: &[AttrEntry]) -> LResult<AxisMap<D::I>> {
        let mut out = Vec::new();
        for e in entries {
            let k = self.rank(&e.axis.class)?;
            for j in 0..k {
                let v = eval_mexpr(
                    d,
                    &e.value,
                    &e.axis.class.name,
                    j,
                    self.scope,
                    self.maps,
                    &mut |_, _, _| None,
                )?;
                out.push((axis_name(&e.axis.family(), j), v));
            }
        }
        Ok(out)
    }

    fn expr(&mut self, d: &mut D, e: &Expr) -> LResult<NodeId> {
        match e {
            Expr::Name(id) => self.name(d, id),
            Expr::Bool(b, sp) => self.add(
                Op::Literal {
                    ty: ElemType::Bool,
                    lit: Literal::Bool(*b),
                },
                *sp,
            ),
            Expr::Num(n, sp) => {
                let ty = self.inst.ty;
                if ty == ElemType::Bool {
                    return Err(diag(*sp, "a number in a rule checked at element type bool"));
                }
                let lit = match *n {
                    NumLit::Int(i) => Literal::Int(i),
                    NumLit::Rat(a, b) if matches!(ty, ElemType::Real | ElemType::Float(_)) => {
                        Literal::Rat(a, b)
                    }
                    // Beyond i128: through binary64 (rounded once more to a narrower format).
                    NumLit::Big(x) if ty.as_float().is_some() => {
                        let f = ty.as_float().unwrap().format;
                        Literal::Bits(f.from_f64(x))
                    }
                    NumLit::Big(_) => {
                        return Err(diag(*sp, "a number this large is only read at float types"))
                    }
                    NumLit::Rat(..) => {
                        return Err(diag(
                            *sp,
                            "a fractional number in a rule checked at element type int",
                        ))
                    }
                    NumLit::Inf(s) => Literal::Inf(s),
                };
                self.add(Op::Literal { ty, lit }, *sp)
            }
            Expr::Call(f, args, sp) => self.call(d, f, args, *sp),
        }
    }

    fn name(&mut self, d: &mut D, id: &Ident) -> LResult<NodeId> {
        if let Some(n) = self.names.get(&id.name) {
            return Ok(*n);
        }
        let op = if let Some(t) = self.scope.tensors.get(&id.name).cloned() {
            let shape = self.attr_map(d, &t.shape)?;
            Op::Input {
                name: id.name.clone(),
                ty: self.resolve_ty(t.ty),
                shape,
            }
        } else if let Some(s) = self.scope.scalars.get(&id.name) {
            Op::Input {
                name: id.name.clone(),
                ty: self.resolve_ty(s.ty),
                shape: vec![],
            }
        } else {
            let hint = if self.scope.maps.contains_key(&id.name) {
                " (it is a map: maps are attributes, not tensors)"
            } else {
                ""
            };
            return Err(diag(
                id.span,
                format!("unknown tensor or scalar `{}`{hint}", id.name),
            ));
        };
        let n = self.add(op, id.span)?;
        self.names.insert(id.name.clone(), n);
        Ok(n)
    }

    fn call(&mut self, d: &mut D, f: &Ident, args: &[Arg], span: Span) -> LResult<NodeId> {
        let mut a = Args::split(f, args)?;
        let name = f.name.as_str();
        if let Some(op) = unary_op(name) {
            let x = a.operands(1, span)?;
            a.done()?;
            let x = self.expr(d, &x[0])?;
            return self.add(Op::Unary { op, x }, span);
        }
        if let Some(op) = binary_op(name) {
            let xs = a.operands(2, span)?;
            a.done()?;
            let (x, y) = (self.expr(d, &xs[0])?, self.expr(d, &xs[1])?);
            return self.add(Op::Binary { op, a: x, b: y }, span);
        }
        if let Some(op) = compare_op(name) {
            let xs = a.operands(2, span)?;
            a.done()?;
            let (x, y) = (self.expr(d, &xs[0])?, self.expr(d, &xs[1])?);
            return self.add(Op::Compare { op, a: x, b: y }, span);
        }
        if let Some(reducer) = name.strip_prefix("reduce_") {
            return self.lower_reduce(d, f, reducer, &mut a, span);
        }
        match name {
            "select" => {
                let xs = a.operands(3, span)?;
                a.done()?;
                let p = self.expr(d, &xs[0])?;
                let t = self.expr(d, &xs[1])?;
                let e = self.expr(d, &xs[2])?;
                self.add(
                    Op::Select {
                        pred: p,
                        on_true: t,
                        on_false: e,
                    },
                    span,
                )
            }
            "clamp" => {
                let xs = a.operands(3, span)?;
                a.done()?;
                let lo = self.expr(d, &xs[0])?;
                let x = self.expr(d, &xs[1])?;
                let hi = self.expr(d, &xs[2])?;
                self.add(Op::Clamp { lo, x, hi }, span)
            }
            "broadcast" => {
                let xs = a.operands(1, span)?;
                let shape = a.positional_attr("the new axes with sizes, e.g. [R1: n]", span)?;
                a.done()?;
                let x = self.expr(d, &xs[0])?;
                let entries = self.map_entries(&shape)?;
                let axes = self.attr_map(d, &entries)?;
                self.add(Op::Broadcast { x, axes }, span)
            }
            "iota" => self.lower_iota(d, &mut a, span),
            "pad" => self.lower_pad(d, &mut a, span),
            "slice" => self.lower_slice(d, &mut a, span),
            "dynamic_slice" => {
                let xs = a.operands(1, span)?;
                let start = a.named_map("start")?;
                let sizes = a.named_map("sizes")?;
                a.done()?;
                let x = self.expr(d, &xs[0])?;
                let start = self.attr_map(d, &start)?;
                let sizes = self.attr_map(d, &sizes)?;
                self.add(Op::DynamicSlice { x, start, sizes }, span)
            }
            "dynamic_update_slice" => {
                let xs = a.operands(2, span)?;
                let start = a.named_map("start")?;
                a.done()?;
                let x = self.expr(d, &xs[0])?;
                let update = self.expr(d, &xs[1])?;
                let start = self.attr_map(d, &start)?;
                self.add(Op::DynamicUpdateSlice { x, update, start }, span)
            }
            "concat" | "concatenate" => self.lower_concat(d, &mut a, span),
            "reverse" => {
                let xs = a.operands(1, span)?;
                let dims = a.positional_attr("the reversed axes, e.g. [R0, R1]", span)?;
                a.done()?;
                let x = self.expr(d, &xs[0])?;
                let (axes, _) = self.axes_with_labels(&dims)?;
                self.add(Op::Reverse { x, axes }, span)
            }
            "relabel" | "transpose" => self.lower_relabel(d, &mut a, span),
            "dot" => self.lower_dot(d, &mut a, span),
            "conv" | "convolution" => self.lower_conv(d, &mut a, span),
            "reshape" => {
                let xs = a.operands(1, span)?;
                let insert = a.named_list("insert")?;
                let remove = a.named_list("remove")?;
                a.done()?;
                let x = self.expr(d, &xs[0])?;
                let (insert, _) = self.axes_with_labels(&insert)?;
                let (remove, _) = self.axes_with_labels(&remove)?;
                self.add(Op::Reshape { x, insert, remove }, span)
            }
            _ => Err(diag(f.span, format!("unknown op `{name}`"))),
        }
    }

    /// `reduce_sum(x, [R], init = v)` and its siblings: the identity is the default init where
    /// the reducer has one.
    fn lower_reduce(
        &mut self,
        d: &mut D,
        f: &Ident,
        reducer: &str,
        a: &mut Args,
        span: Span,
    ) -> LResult<NodeId> {
        let name = f.name.as_str();
        let reducer = match reducer {
            "sum" => Reducer::Sum,
            "product" | "prod" => Reducer::Product,
            "max" => Reducer::Max,
            "min" => Reducer::Min,
            "and" => Reducer::And,
            "or" => Reducer::Or,
            _ => return Err(diag(f.span, format!("unknown reduction `{name}` (reduce_sum, reduce_product, reduce_max, reduce_min, reduce_and, reduce_or)"))),
        };
        let xs = a.operands(1, span)?;
        let dims = a.positional_attr("the reduced axes, e.g. [R] or [R: k]", span)?;
        let init = a.named_expr("init");
        a.done()?;
        let x = self.expr(d, &xs[0])?;
        let ty = self.graph.node_type(x).ty;
        let (axes, labels) = self.axes_with_labels(&dims)?;
        let init = match init {
            Some(e) => self.expr(d, &e)?,
            None => {
                let lit = match (reducer, ty) {
                    (Reducer::Sum, _) => Literal::Int(0),
                    (Reducer::Product, _) => Literal::Int(1),
                    (Reducer::And, _) => Literal::Bool(true),
                    (Reducer::Or, _) => Literal::Bool(false),
                    _ => {
                        return Err(diag(
                            span,
                            format!("{name} needs an initial value: `init = v`"),
                        ))
                    }
                };
                self.add(Op::Literal { ty, lit }, span)?
            }
        };
        return self.add(
            Op::Reduce {
                x,
                init,
                reducer,
                axes,
                labels,
            },
            span,
        );
    }

    /// `iota([R0: n], axis = R)`: counts along one rank-1 axis.
    fn lower_iota(&mut self, d: &mut D, a: &mut Args, span: Span) -> LResult<NodeId> {
        let shape = a.positional_attr("the shape, e.g. [R0: n, R1: m]", span)?;
        let axis = a.named_axis("axis", span)?;
        a.done()?;
        if self.rank(&axis.class)? != 1 {
            return Err(diag(
                axis.span,
                format!(
                    "iota counts along one axis: declare `axes {} (rank 1)`",
                    axis.class.name
                ),
            ));
        }
        let entries = self.map_entries(&shape)?;
        let shape = self.attr_map(d, &entries)?;
        let ty = self.inst.ty;
        self.add(
            Op::Iota {
                ty,
                shape,
                axis: axis_name(&axis.family(), 0),
            },
            span,
        )
    }

    /// `pad(x, v, low = .., high = .., interior = ..)`.
    fn lower_pad(&mut self, d: &mut D, a: &mut Args, span: Span) -> LResult<NodeId> {
        let xs = a.operands(2, span)?;
        let low = a.named_map("low")?;
        let high = a.named_map("high")?;
        let interior = a.named_map("interior")?;
        a.done()?;
        let x = self.expr(d, &xs[0])?;
        let value = self.expr(d, &xs[1])?;
        let low = self.attr_map(d, &low)?;
        let high = self.attr_map(d, &high)?;
        let interior = self.attr_map(d, &interior)?;
        self.add(
            Op::Pad {
                x,
                value,
                low,
                high,
                interior,
            },
            span,
        )
    }

    /// `slice(x, start = .., limit = .., stride = ..)`.
    fn lower_slice(&mut self, d: &mut D, a: &mut Args, span: Span) -> LResult<NodeId> {
        let xs = a.operands(1, span)?;
        let start = a.named_map("start")?;
        let limit = a.named_map("limit")?;
        let stride = a.named_map("stride")?;
        a.done()?;
        let x = self.expr(d, &xs[0])?;
        let start = self.attr_map(d, &start)?;
        let limit = self.attr_map(d, &limit)?;
        let stride = self.attr_map(d, &stride)?;
        self.add(
            Op::Slice {
                x,
                start,
                limit,
                stride,
            },
            span,
        )
    }

    /// `concat(x, y, .., axis = R)`: joins along one rank-1 axis.
    fn lower_concat(&mut self, d: &mut D, a: &mut Args, span: Span) -> LResult<NodeId> {
        let xs = a.all_operands();
        let axis = a.named_axis("axis", span)?;
        a.done()?;
        if xs.is_empty() {
            return Err(diag(span, "concat needs operands"));
        }
        if self.rank(&axis.class)? != 1 {
            return Err(diag(
                axis.span,
                format!(
                    "concatenate joins along one axis: declare `axes {} (rank 1)`",
                    axis.class.name
                ),
            ));
        }
        let mut ns = Vec::new();
        for x in &xs {
            ns.push(self.expr(d, x)?);
        }
        self.add(
            Op::Concat {
                xs: ns,
                axis: axis_name(&axis.family(), 0),
            },
            span,
        )
    }

    /// `relabel(x, [R@a -> R@b])`: the same axes under other labels.
    fn lower_relabel(&mut self, d: &mut D, a: &mut Args, span: Span) -> LResult<NodeId> {
        let xs = a.operands(1, span)?;
        let dims = a.positional_attr("the renamings, e.g. [R@a -> R@b]", span)?;
        a.done()?;
        let x = self.expr(d, &xs[0])?;
        let mut renames = Vec::new();
        for item in dims {
            match item {
                AttrItem::Rename(from, to) => {
                    if from.class.name != to.class.name {
                        return Err(diag(
                            to.span,
                            "a relabelling keeps the aggregated axis and changes only its label",
                        ));
                    }
                    for (p, q) in self.axes_of(&from)?.into_iter().zip(self.axes_of(&to)?) {
                        renames.push((p, q));
                    }
                }
                AttrItem::Axis(r) | AttrItem::Map(AttrEntry { axis: r, .. }) => {
                    return Err(diag(r.span, "write a renaming as `R@a -> R@b`"))
                }
            }
        }
        self.add(Op::Relabel { x, renames }, span)
    }

    /// `dot(x, y, contract = [..], batch = [..])`.
    fn lower_dot(&mut self, d: &mut D, a: &mut Args, span: Span) -> LResult<NodeId> {
        let xs = a.operands(2, span)?;
        let contract = a.named_list("contract")?;
        let batch = a.named_list("batch")?;
        a.done()?;
        let x = self.expr(d, &xs[0])?;
        let y = self.expr(d, &xs[1])?;
        let (contract, labels) = self.axes_with_labels(&contract)?;
        let (batch, _) = self.axes_with_labels(&batch)?;
        self.add(
            Op::Dot {
                a: x,
                b: y,
                contract,
                batch,
                labels,
            },
            span,
        )
    }

    /// `conv(input, weights, batch = .., feature = .., output_feature = .., spatial = .., stride = .., ...)`.
    fn lower_conv(&mut self, d: &mut D, a: &mut Args, span: Span) -> LResult<NodeId> {
        let xs = a.operands(2, span)?;
        let batch = a.named_list("batch")?;
        let feature = a.named_list("feature")?;
        let out_feature = a.named_list("output_feature")?;
        let spatial = a.named_list("spatial")?;
        let stride = a.named_map("stride")?;
        let low = a.named_map("low")?;
        let high = a.named_map("high")?;
        let lhs_dilation = a.named_map("lhs_dilation")?;
        let rhs_dilation = a.named_map("rhs_dilation")?;
        a.done()?;
        let input = self.expr(d, &xs[0])?;
        let weights = self.expr(d, &xs[1])?;
        let (batch, _) = self.axes_with_labels(&batch)?;
        let (feature, mut labels) = self.axes_with_labels(&feature)?;
        let (out_feature, _) = self.axes_with_labels(&out_feature)?;
        let (spatial, l2) = self.axes_with_labels(&spatial)?;
        labels.extend(l2);
        let window = ConvWindow {
            stride: self.attr_map(d, &stride)?,
            low: self.attr_map(d, &low)?,
            high: self.attr_map(d, &high)?,
            lhs_dilation: self.attr_map(d, &lhs_dilation)?,
            rhs_dilation: self.attr_map(d, &rhs_dilation)?,
        };
        let axes = ConvAxes {
            batch,
            feature,
            out_feature,
            spatial,
        };
        self.add(
            Op::Conv {
                input,
                weights,
                axes,
                window,
                labels,
            },
            span,
        )
    }

    fn map_entries(&self, items: &[AttrItem]) -> LResult<Vec<AttrEntry>> {
        items
            .iter()
            .map(|i| match i {
                AttrItem::Map(e) => Ok(e.clone()),
                AttrItem::Axis(r) => Err(diag(r.span, format!("give a size: `{}: n`", r.family()))),
                AttrItem::Rename(r, _) => Err(diag(r.span, "a renaming is not allowed here")),
            })
            .collect()
    }

    /// `[R, K: k]`: instance axes, and index labels (`k.j`) where a name is given.
    fn axes_with_labels(
        &self,
        items: &[AttrItem],
    ) -> LResult<(Vec<String>, Vec<(String, String)>)> {
        let mut axes = Vec::new();
        let mut labels = Vec::new();
        for i in items {
            match i {
                AttrItem::Axis(r) => axes.extend(self.axes_of(r)?),
                AttrItem::Map(e) => {
                    let MExpr::Name(id) = &e.value else {
                        return Err(diag(
                            e.value.span(),
                            "name the summation index here, e.g. `[K: k]`",
                        ));
                    };
                    for (j, ax) in self.axes_of(&e.axis)?.into_iter().enumerate() {
                        labels.push((ax.clone(), format!("{}.{}", id.name, j)));
                        axes.push(ax);
                    }
                }
                AttrItem::Rename(r, _) => {
                    return Err(diag(r.span, "a renaming is not allowed here"))
                }
            }
        }
        Ok((axes, labels))
    }
}

/// The arguments of a call, split by kind; each accessor consumes what it uses so that
/// leftovers can be reported.
struct Args {
    op: Ident,
    operands: Vec<Expr>,
    positional: Vec<(Vec<AttrItem>, Span)>,
    named: Vec<(Ident, AttrValue)>,
}

impl Args {
    fn split(op: &Ident, args: &[Arg]) -> LResult<Args> {
        let mut a = Args {
            op: op.clone(),
            operands: vec![],
            positional: vec![],
            named: vec![],
        };
        for arg in args {
            match arg {
                Arg::Expr(e) => a.operands.push(e.clone()),
                Arg::Attr(AttrValue::List(items, sp)) => a.positional.push((items.clone(), *sp)),
                Arg::Attr(AttrValue::Axis(r)) => {
                    a.positional.push((vec![AttrItem::Axis(r.clone())], r.span))
                }
                Arg::Attr(AttrValue::Expr(e)) => a.operands.push(e.clone()),
                Arg::Named(n, v) => {
                    if a.named.iter().any(|(m, _)| m.name == n.name) {
                        return Err(diag(n.span, format!("attribute `{}` given twice", n.name)));
                    }
                    a.named.push((n.clone(), v.clone()))
                }
            }
        }
        Ok(a)
    }

    fn operands(&mut self, n: usize, span: Span) -> LResult<Vec<Expr>> {
        if self.operands.len() != n {
            return Err(diag(
                span,
                format!(
                    "`{}` takes {n} operand{}, found {}",
                    self.op.name,
                    if n == 1 { "" } else { "s" },
                    self.operands.len()
                ),
            ));
        }
        Ok(std::mem::take(&mut self.operands))
    }

    fn all_operands(&mut self) -> Vec<Expr> {
        std::mem::take(&mut self.operands)
    }

    fn positional_attr(&mut self, what: &str, span: Span) -> LResult<Vec<AttrItem>> {
        if self.positional.is_empty() {
            return Err(diag(span, format!("`{}` needs {what}", self.op.name)));
        }
        Ok(self.positional.remove(0).0)
    }

    fn take_named(&mut self, name: &str) -> Option<(Ident, AttrValue)> {
        let i = self.named.iter().position(|(n, _)| n.name == name)?;
        Some(self.named.remove(i))
    }

    fn named_map(&mut self, name: &str) -> LResult<Vec<AttrEntry>> {
        match self.take_named(name) {
            None => Ok(vec![]),
            Some((_, AttrValue::List(items, _))) => items
                .into_iter()
                .map(|i| match i {
                    AttrItem::Map(e) => Ok(e),
                    AttrItem::Axis(r) => {
                        Err(diag(r.span, format!("give a value: `{}: v`", r.family())))
                    }
                    AttrItem::Rename(r, _) => Err(diag(r.span, "a renaming is not allowed here")),
                })
                .collect(),
            Some((n, _)) => Err(diag(
                n.span,
                format!("`{name}` takes a per-axis map such as [R: v]"),
            )),
        }
    }

    fn named_list(&mut self, name: &str) -> LResult<Vec<AttrItem>> {
        match self.take_named(name) {
            None => Ok(vec![]),
            Some((_, AttrValue::List(items, _))) => Ok(items),
            Some((_, AttrValue::Axis(r))) => Ok(vec![AttrItem::Axis(r)]),
            Some((n, _)) => Err(diag(
                n.span,
                format!("`{name}` takes a list of axes such as [R0, R1]"),
            )),
        }
    }

    fn named_axis(&mut self, name: &str, span: Span) -> LResult<AxisRef> {
        match self.take_named(name) {
            Some((_, AttrValue::Axis(r))) => Ok(r),
            Some((_, AttrValue::List(items, sp))) if items.len() == 1 => match &items[0] {
                AttrItem::Axis(r) => Ok(r.clone()),
                _ => Err(diag(sp, format!("`{name}` takes one aggregated axis"))),
            },
            Some((n, _)) => Err(diag(n.span, format!("`{name}` takes one aggregated axis"))),
            None => Err(diag(span, format!("`{}` needs `{name} = R`", self.op.name))),
        }
    }

    fn named_expr(&mut self, name: &str) -> Option<Expr> {
        match self.take_named(name)? {
            (_, AttrValue::Expr(e)) => Some(e),
            (_, AttrValue::Axis(r)) => Some(Expr::Name(r.class)),
            (n, AttrValue::List(..)) => Some(Expr::Name(n)),
        }
    }

    fn done(&self) -> LResult<()> {
        if let Some(e) = self.operands.first() {
            return Err(diag(
                e.span(),
                format!("unexpected operand for `{}`", self.op.name),
            ));
        }
        if let Some((_, sp)) = self.positional.first() {
            return Err(diag(
                *sp,
                format!("unexpected attribute for `{}`", self.op.name),
            ));
        }
        if let Some((n, _)) = self.named.first() {
            return Err(diag(
                n.span,
                format!("`{}` has no attribute `{}`", self.op.name, n.name),
            ));
        }
        Ok(())
    }
}

/// Looks up a summation index `name` at axis position `j` (hints only).
pub type IndexLookup<'a, I> = dyn FnMut(&str, usize, Span) -> Option<LResult<I>> + 'a;

/// Evaluates an integer expression at position `j` of aggregated axis `class`.
pub fn eval_mexpr<D: Domain>(
    d: &mut D,
    e: &MExpr,
    class: &str,
    j: usize,
    scope: &Scope,
    maps: &MapValues<D::I>,
    index: &mut IndexLookup<'_, D::I>,
) -> LResult<D::I> {
    let rec = |d: &mut D, x: &MExpr, index: &mut IndexLookup<'_, D::I>| {
        eval_mexpr(d, x, class, j, scope, maps, index)
    };
    Ok(match e {
        MExpr::Int(i, _) => d.lit_i(*i),
        MExpr::Name(id) => {
            if let Some(c) = scope.maps.get(&id.name) {
                if c != class {
                    return Err(diag(
                        id.span,
                        format!(
                            "map `{}` lives on aggregated axis {c}, but this value is for {class}",
                            id.name
                        ),
                    ));
                }
                maps.get(&(id.name.clone(), j))
                    .cloned()
                    .ok_or_else(|| diag(id.span, "map value missing"))?
            } else if let Some(r) = index(&id.name, j, id.span) {
                r?
            } else if scope.scalars.contains_key(&id.name) || scope.tensors.contains_key(&id.name) {
                return Err(diag(
                    id.span,
                    format!(
                        "`{}` is a tensor value; attributes are integers built from maps",
                        id.name
                    ),
                ));
            } else {
                return Err(diag(id.span, format!("unknown map `{}`", id.name)));
            }
        }
        MExpr::Neg(x, _) => {
            let v = rec(d, x, index)?;
            let z = d.lit_i(0);
            d.sub_i(&z, &v)
        }
        MExpr::Bin(op, a, b, _) => {
            let x = rec(d, a, index)?;
            let y = rec(d, b, index)?;
            match op {
                MOp::Add => d.add_i(&x, &y),
                MOp::Sub => d.sub_i(&x, &y),
                MOp::Mul => d.mul_i(&x, &y),
                MOp::Div => floor_div(d, &x, &y),
                MOp::Mod => {
                    let r = d.emod_i(&x, &y);
                    let z = d.lit_i(0);
                    let by_zero = d.eq_i(&y, &z);
                    d.ite_i(&by_zero, &x, &r)
                }
            }
        }
        MExpr::Call(f, args, sp) => {
            let ints: Vec<&MExpr> = args
                .iter()
                .filter_map(|a| if let MArg::Int(x) = a { Some(x) } else { None })
                .collect();
            let want = |n: usize| -> LResult<()> {
                if ints.len() != n {
                    Err(diag(
                        *sp,
                        format!("`{}` takes {n} integer argument(s)", f.name),
                    ))
                } else {
                    Ok(())
                }
            };
            match f.name.as_str() {
                "min" | "max" => {
                    want(2)?;
                    let x = rec(d, ints[0], index)?;
                    let y = rec(d, ints[1], index)?;
                    let lt = d.lt_i(&x, &y);
                    if f.name == "min" {
                        d.ite_i(&lt, &x, &y)
                    } else {
                        d.ite_i(&lt, &y, &x)
                    }
                }
                "abs" => {
                    want(1)?;
                    let x = rec(d, ints[0], index)?;
                    let z = d.lit_i(0);
                    let neg = d.lt_i(&x, &z);
                    let nx = d.sub_i(&z, &x);
                    d.ite_i(&neg, &nx, &x)
                }
                "ite" => {
                    want(2)?;
                    let Some(MArg::Cond(c)) = args.first() else {
                        return Err(diag(*sp, "`ite` takes a condition first"));
                    };
                    let c = eval_cond_at(d, c, class, j, scope, maps, index)?;
                    let x = rec(d, ints[0], index)?;
                    let y = rec(d, ints[1], index)?;
                    d.ite_i(&c, &x, &y)
                }
                other => {
                    return Err(diag(
                        f.span,
                        format!("unknown function `{other}` (min, max, abs, ite)"),
                    ))
                }
            }
        }
    })
}

/// Division of map expressions: Euclidean (the floor for a positive divisor; the remainder is
/// never negative), with `x / 0 = 0`. Attribute divisors (strides, dilations) are positive.
fn floor_div<D: Domain>(d: &mut D, x: &D::I, y: &D::I) -> D::I {
    let z = d.lit_i(0);
    let q = d.ediv_i(x, y);
    let by_zero = d.eq_i(y, &z);
    d.ite_i(&by_zero, &z, &q)
}

/// A condition at one axis position (used inside `ite` and by [`eval_cond`]).
fn eval_cond_at<D: Domain>(
    d: &mut D,
    c: &Cond,
    class: &str,
    j: usize,
    scope: &Scope,
    maps: &MapValues<D::I>,
    index: &mut IndexLookup<'_, D::I>,
) -> LResult<D::B> {
    let mut pos = BTreeMap::new();
    pos.insert(class.to_string(), j);
    let env = CondEnv {
        scope,
        maps,
        ranks: None,
    };
    env.cond(d, c, &mut pos, index, None)
}

/// Evaluates a `where` condition over a whole instance: per-axis conditions hold on every axis of
/// the aggregated axes they mention. Scalars may appear (compared as elements of type `ty`).
pub fn eval_cond<D: Domain>(
    d: &mut D,
    c: &Cond,
    scope: &Scope,
    inst: &Instance,
    maps: &MapValues<D::I>,
) -> LResult<D::B> {
    let env = CondEnv {
        scope,
        maps,
        ranks: Some(&inst.ranks),
    };
    let mut pos = BTreeMap::new();
    env.cond(d, c, &mut pos, &mut |_, _, _| None, Some(inst.ty))
}

struct CondEnv<'a, I> {
    scope: &'a Scope,
    maps: &'a MapValues<I>,
    ranks: Option<&'a BTreeMap<String, usize>>,
}

/// A number in a condition: an attribute integer, or an element value (when a scalar is
/// involved).
enum Num<D: Domain> {
    I(D::I),
    V(D::V),
}

impl<'a, I: Clone> CondEnv<'a, I> {
    fn cond<D: Domain<I = I>>(
        &self,
        d: &mut D,
        c: &Cond,
        pos: &mut BTreeMap<String, usize>,
        index: &mut IndexLookup<'_, I>,
        ty: Option<ElemType>,
    ) -> LResult<D::B> {
        // Bind unbound aggregated axes mentioned by this condition: `forall` over each.
        let free: Vec<String> = mentioned_classes(c, self.scope)
            .into_iter()
            .filter(|k| !pos.contains_key(k))
            .collect();
        if let (Some(k), Some(ranks)) = (free.first(), self.ranks) {
            let rank = ranks.get(k).copied().unwrap_or(0);
            let mut acc = d.lit_b(true);
            for j in 0..rank {
                pos.insert(k.clone(), j);
                let v = self.cond(d, c, pos, index, ty)?;
                acc = d.and(&acc, &v);
            }
            pos.remove(k);
            return Ok(acc);
        }
        match c {
            Cond::Bool(b, _) => Ok(d.lit_b(*b)),
            Cond::Not(x, _) => {
                let v = self.cond(d, x, pos, index, ty)?;
                Ok(d.not(&v))
            }
            Cond::And(a, b, _) | Cond::Or(a, b, _) | Cond::Implies(a, b, _) => {
                let x = self.cond(d, a, pos, index, ty)?;
                let y = self.cond(d, b, pos, index, ty)?;
                Ok(match c {
                    Cond::And(..) => d.and(&x, &y),
                    Cond::Or(..) => d.or(&x, &y),
                    _ => {
                        let nx = d.not(&x);
                        d.or(&nx, &y)
                    }
                })
            }
            Cond::Quant(all, class, body, _) => {
                let Some(ranks) = self.ranks else {
                    return Err(diag(
                        class.span,
                        "a quantifier over axes is not allowed here",
                    ));
                };
                let Some(rank) = ranks.get(&class.name).copied() else {
                    return Err(diag(
                        class.span,
                        format!("`{}` is not a declared aggregated axis", class.name),
                    ));
                };
                let mut acc = d.lit_b(*all);
                let saved = pos.get(&class.name).copied();
                for j in 0..rank {
                    pos.insert(class.name.clone(), j);
                    let v = self.cond(d, body, pos, index, ty)?;
                    acc = if *all {
                        d.and(&acc, &v)
                    } else {
                        d.or(&acc, &v)
                    };
                }
                match saved {
                    Some(j) => pos.insert(class.name.clone(), j),
                    None => pos.remove(&class.name),
                };
                Ok(acc)
            }
            Cond::Rel(rel, a, b, _) => {
                let x = self.num(d, a, pos, index, ty)?;
                let y = self.num(d, b, pos, index, ty)?;
                Ok(match (x, y) {
                    (Num::I(x), Num::I(y)) => match rel {
                        Rel::Eq => d.eq_i(&x, &y),
                        Rel::Ne => {
                            let e = d.eq_i(&x, &y);
                            d.not(&e)
                        }
                        Rel::Lt => d.lt_i(&x, &y),
                        Rel::Le => d.le_i(&x, &y),
                        Rel::Gt => d.lt_i(&y, &x),
                        Rel::Ge => d.le_i(&y, &x),
                    },
                    (x, y) => {
                        let ty = ty.expect("scalars only where a type is known");
                        let x = self.as_v(d, x, ty);
                        let y = self.as_v(d, y, ty);
                        let op = match rel {
                            Rel::Eq | Rel::Ne => CompareOp::Eq,
                            Rel::Lt => CompareOp::Lt,
                            Rel::Le => CompareOp::Le,
                            Rel::Gt => CompareOp::Gt,
                            Rel::Ge => CompareOp::Ge,
                        };
                        let v = tensor::compare(d, op, ty, &x, &y);
                        let t = d.truth(&v);
                        if *rel == Rel::Ne {
                            d.not(&t)
                        } else {
                            t
                        }
                    }
                })
            }
        }
    }

    fn as_v<D: Domain<I = I>>(&self, d: &mut D, n: Num<D>, ty: ElemType) -> D::V {
        match n {
            Num::V(v) => v,
            Num::I(i) => d.index_v(ty, &i),
        }
    }

    fn num<D: Domain<I = I>>(
        &self,
        d: &mut D,
        e: &MExpr,
        pos: &mut BTreeMap<String, usize>,
        index: &mut IndexLookup<'_, I>,
        ty: Option<ElemType>,
    ) -> LResult<Num<D>> {
        // Scalars make the whole comparison an element comparison.
        if let (Some(ty), true) = (ty, mentions_scalar(e, self.scope)) {
            if ty == ElemType::Bool {
                return Err(diag(e.span(), "arithmetic on a bool scalar"));
            }
            return self.num_v(d, e, pos, index, ty).map(Num::V);
        }
        if mentions_scalar(e, self.scope) {
            return Err(diag(
                e.span(),
                "scalars may appear only in `where` conditions",
            ));
        }
        let classes = mentioned_classes_m(e, self.scope);
        let class = match classes.first() {
            Some(k) => k.clone(),
            None => String::new(),
        };
        let j = pos.get(&class).copied().unwrap_or(0);
        if classes.len() > 1 {
            // Maps of several aggregated axes: evaluate each at its own bound position.
            return self.num_multi(d, e, pos, index).map(Num::I);
        }
        eval_mexpr(d, e, &class, j, self.scope, self.maps, index).map(Num::I)
    }

    fn num_multi<D: Domain<I = I>>(
        &self,
        d: &mut D,
        e: &MExpr,
        pos: &BTreeMap<String, usize>,
        index: &mut IndexLookup<'_, I>,
    ) -> LResult<D::I> {
        match e {
            MExpr::Name(id) => {
                let class = self.scope.maps.get(&id.name).cloned().unwrap_or_default();
                let j = pos.get(&class).copied().unwrap_or(0);
                eval_mexpr(d, e, &class, j, self.scope, self.maps, index)
            }
            MExpr::Int(..) => eval_mexpr(d, e, "", 0, self.scope, self.maps, index),
            MExpr::Neg(x, _) => {
                let v = self.num_multi(d, x, pos, index)?;
                let z = d.lit_i(0);
                Ok(d.sub_i(&z, &v))
            }
            MExpr::Bin(op, a, b, sp) => {
                let x = self.num_multi(d, a, pos, index)?;
                let y = self.num_multi(d, b, pos, index)?;
                Ok(match op {
                    MOp::Add => d.add_i(&x, &y),
                    MOp::Sub => d.sub_i(&x, &y),
                    MOp::Mul => d.mul_i(&x, &y),
                    _ => return Err(diag(
                        *sp,
                        "`/` and `%` across maps of different aggregated axes are not supported",
                    )),
                })
            }
            MExpr::Call(_, _, sp) => Err(diag(
                *sp,
                "functions over maps of different aggregated axes are not supported",
            )),
        }
    }

    fn num_v<D: Domain<I = I>>(
        &self,
        d: &mut D,
        e: &MExpr,
        pos: &mut BTreeMap<String, usize>,
        index: &mut IndexLookup<'_, I>,
        ty: ElemType,
    ) -> LResult<D::V> {
        Ok(match e {
            MExpr::Name(id) if self.scope.scalars.contains_key(&id.name) => {
                let sty = match self.scope.scalars[&id.name].ty {
                    TypeRef::Fixed(t) => t,
                    TypeRef::Param => ty,
                };
                if sty != ty {
                    return Err(diag(
                        id.span,
                        format!("scalar `{}` has type {sty}, not {ty}", id.name),
                    ));
                }
                d.input(&id.name, ty, &[])
            }
            MExpr::Int(i, _) => d.lit_v(ty, Literal::Int(*i)),
            MExpr::Name(_) => {
                let n = self.num(d, e, pos, index, None)?;
                self.as_v(d, n, ty)
            }
            MExpr::Neg(x, _) => {
                let v = self.num_v(d, x, pos, index, ty)?;
                tensor::unary(d, UnaryOp::Neg, ty, &v)
            }
            MExpr::Bin(op, a, b, _) => {
                let x = self.num_v(d, a, pos, index, ty)?;
                let y = self.num_v(d, b, pos, index, ty)?;
                let op = match op {
                    MOp::Add => BinaryOp::Add,
                    MOp::Sub => BinaryOp::Sub,
                    MOp::Mul => BinaryOp::Mul,
                    MOp::Div => BinaryOp::Div,
                    MOp::Mod => BinaryOp::Rem,
                };
                tensor::binary(d, op, ty, &x, &y)
            }
            MExpr::Call(_, _, sp) => {
                return Err(diag(
                    *sp,
                    "functions of scalars are not supported in conditions",
                ))
            }
        })
    }
}

fn mentions_scalar(e: &MExpr, scope: &Scope) -> bool {
    match e {
        MExpr::Int(..) => false,
        MExpr::Name(id) => scope.scalars.contains_key(&id.name),
        MExpr::Neg(x, _) => mentions_scalar(x, scope),
        MExpr::Bin(_, a, b, _) => mentions_scalar(a, scope) || mentions_scalar(b, scope),
        MExpr::Call(_, args, _) => args.iter().any(|a| match a {
            MArg::Int(x) => mentions_scalar(x, scope),
            MArg::Cond(_) => false,
        }),
    }
}

fn mentioned_classes_m(e: &MExpr, scope: &Scope) -> Vec<String> {
    let mut out = Vec::new();
    fn rec(e: &MExpr, scope: &Scope, out: &mut Vec<String>) {
        match e {
            MExpr::Int(..) => {}
            MExpr::Name(id) => {
                if let Some(c) = scope.maps.get(&id.name) {
                    if !out.contains(c) {
                        out.push(c.clone());
                    }
                }
            }
            MExpr::Neg(x, _) => rec(x, scope, out),
            MExpr::Bin(_, a, b, _) => {
                rec(a, scope, out);
                rec(b, scope, out);
            }
            MExpr::Call(_, args, _) => {
                for a in args {
                    match a {
                        MArg::Int(x) => rec(x, scope, out),
                        MArg::Cond(c) => {
                            for k in mentioned_classes(c, scope) {
                                if !out.contains(&k) {
                                    out.push(k);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    rec(e, scope, &mut out);
    out
}

/// Aggregated axes whose maps a condition mentions outside any explicit quantifier over them.
fn mentioned_classes(c: &Cond, scope: &Scope) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let push = |k: String, out: &mut Vec<String>| {
        if !out.contains(&k) {
            out.push(k);
        }
    };
    match c {
        Cond::Bool(..) => {}
        Cond::Rel(_, a, b, _) => {
            for k in mentioned_classes_m(a, scope)
                .into_iter()
                .chain(mentioned_classes_m(b, scope))
            {
                push(k, &mut out);
            }
        }
        Cond::Not(x, _) => out = mentioned_classes(x, scope),
        Cond::And(a, b, _) | Cond::Or(a, b, _) | Cond::Implies(a, b, _) => {
            for k in mentioned_classes(a, scope)
                .into_iter()
                .chain(mentioned_classes(b, scope))
            {
                push(k, &mut out);
            }
        }
        Cond::Quant(_, class, body, _) => {
            for k in mentioned_classes(body, scope) {
                if k != class.name {
                    push(k, &mut out);
                }
            }
        }
    }
    out
}
