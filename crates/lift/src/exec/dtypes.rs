//! Dtypes and type queries at compile time: `tl.float32`, `x.dtype`, `p.dtype.element_ty`,
//! `p.type.element_ty`, `x.type.scalar`, a dtype's predicates (`is_fp16()`, `is_int()`) and
//! widths (`primitive_bitwidth`), and comparisons of dtypes (`==`, `!=`, `is`, `is not`).
//!
//! The real model has no element types: a value loaded from memory is a real whatever the
//! buffer holds. So a type query is a dtype value that conversions accept ([`Dtype`] of the
//! model's type, named by the query's text): `x.to(x.dtype)` is exactly the identity, and a
//! conversion of a real to a pointer's element type is the identity on reals (where a real
//! that is no integer is converted, the verdict states that the type is a floating-point
//! one: an integer type would truncate). What the element type decides (`is_int()`,
//! `primitive_bitwidth`, `x.dtype == tl.float16`) is answered only from evidence in the
//! text (a named dtype; a block the text computes as integers is no float); otherwise it is
//! [`KVal::Undecided`], which an `if` or a conditional expression accepts only when both of
//! its branches give the same values in the model (`cdtype = tl.float32` or `cdtype =
//! inp.dtype.element_ty`: both reals), and anything else reports as `unknown` naming the
//! query.

use super::{Interp, R};
use crate::value::{Dtype, DtypeName, Elem, KVal, LDomain, Ty};
use ruff_python_ast::{self as ast, Expr, Stmt};
use ruff_text_size::Ranged;

/// The dtype `tl.NAME` (Triton 3.2's names), with the model's type of its values.
pub(super) fn named(name: &str) -> Option<Dtype> {
    const NAMES: &[(&str, Ty)] = &[
        ("float16", Ty::Real),
        ("bfloat16", Ty::Real),
        ("float32", Ty::Real),
        ("float64", Ty::Real),
        ("float8e4nv", Ty::Real),
        ("float8e5", Ty::Real),
        ("int8", Ty::Int),
        ("int16", Ty::Int),
        ("int32", Ty::Int),
        ("int64", Ty::Int),
        ("uint8", Ty::Int),
        ("uint16", Ty::Int),
        ("uint32", Ty::Int),
        ("uint64", Ty::Int),
        ("int1", Ty::Bool),
    ];
    NAMES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(n, t)| Dtype::named(n, *t))
}

/// The width in bits of a named dtype.
pub(super) fn bits(name: &str) -> Option<i128> {
    Some(match name {
        "int1" => 1,
        "int8" | "uint8" | "float8e4nv" | "float8e5" => 8,
        "int16" | "uint16" | "float16" | "bfloat16" => 16,
        "int32" | "uint32" | "float32" => 32,
        "int64" | "uint64" | "float64" => 64,
        _ => return None,
    })
}

/// Whether integer type `t` holds every value of integer type `s` (`int16` holds `int8` and
/// `uint8`; `int1` is unsigned).
pub(super) fn holds_all(t: &str, s: &str) -> bool {
    let signed = |n: &str| predicate(n, "is_int_signed") == Some(true);
    let int = |n: &str| predicate(n, "is_int") == Some(true);
    let (Some(bt), Some(bs)) = (bits(t), bits(s)) else {
        return false;
    };
    int(t)
        && int(s)
        && match (signed(s), signed(t)) {
            (true, true) | (false, false) => bt >= bs,
            (false, true) => bt > bs,
            (true, false) => false,
        }
}

/// Triton's predicate `is_P()` of the named dtype `name` (`triton.language.core.dtype`).
pub(super) fn predicate(name: &str, p: &str) -> Option<bool> {
    let float = matches!(
        name,
        "float16" | "bfloat16" | "float32" | "float64" | "float8e4nv" | "float8e5"
    );
    let signed = matches!(name, "int8" | "int16" | "int32" | "int64");
    let unsigned = matches!(name, "int1" | "uint8" | "uint16" | "uint32" | "uint64");
    Some(match p {
        "is_floating" => float,
        "is_standard_floating" => matches!(name, "float16" | "bfloat16" | "float32" | "float64"),
        "is_int" => signed || unsigned,
        "is_int_signed" => signed,
        "is_int_unsigned" => unsigned,
        "is_bool" | "is_int1" => name == "int1",
        "is_fp8" => matches!(name, "float8e4nv" | "float8e5"),
        "is_fp8e4nv" => name == "float8e4nv",
        "is_fp8e5" => name == "float8e5",
        "is_fp16" => name == "float16",
        "is_bf16" => name == "bfloat16",
        "is_fp32" => name == "float32",
        "is_fp64" => name == "float64",
        "is_int8" | "is_int16" | "is_int32" | "is_int64" | "is_uint8" | "is_uint16"
        | "is_uint32" | "is_uint64" => name == &p[3..],
        "is_ptr" | "is_block" | "is_void" => false,
        _ => return None,
    })
}

/// What the model knows of the predicate `p` of a queried type whose values are `ty`: a
/// block the text computes as integers (or conditions) has no floating-point type; a real
/// may be any type (a loaded value is a real whatever the buffer holds).
fn predicate_of_query(ty: Ty, p: &str) -> Option<bool> {
    let float_kind = matches!(
        p,
        "is_floating"
            | "is_standard_floating"
            | "is_fp8"
            | "is_fp8e4nv"
            | "is_fp8e5"
            | "is_fp16"
            | "is_bf16"
            | "is_fp32"
            | "is_fp64"
    );
    match (ty, p) {
        (Ty::Int | Ty::Bool, _) if float_kind => Some(false),
        (Ty::Int | Ty::Bool, "is_int") => Some(true),
        (Ty::Bool, "is_bool" | "is_int1") => Some(true),
        (_, "is_ptr" | "is_block" | "is_void") => Some(false),
        _ => None,
    }
}

/// Why a type query stops the run: the model has no element types to answer it with.
pub(super) fn message(text: &str) -> String {
    let (value, query) = text.split_once('.').unwrap_or((text, ""));
    format!(
        "a type query `.{query}` of `{value}` (element types are not modelled: a loaded value \
         is a real here)"
    )
}

/// Whether two values are one value in the model: the same constant, the same block (one
/// definition: a conversion to a block's own type gives the block itself; a scalar computed
/// once, as the concrete interpreter keeps an assigned one, by its value), or dtypes whose
/// values are of one type (conversions to them are one operation on reals).
fn same_in_model<D: LDomain>(d: &mut D, a: &KVal<D>, b: &KVal<D>) -> bool {
    match (a, b) {
        (KVal::Block(x), KVal::Block(y)) if x.shape == y.shape && x.ty == y.ty => {
            if std::rc::Rc::ptr_eq(&x.f, &y.f) {
                return true;
            }
            if !x.shape.is_empty() {
                return false;
            }
            match (x.at(d, &[]), y.at(d, &[])) {
                (Elem::V(p), Elem::V(q)) => d.same_v(&p, &q),
                (Elem::I(p), Elem::I(q)) => d.same_i(&p, &q),
                _ => false,
            }
        }
        (KVal::Int(x), KVal::Int(y)) => x == y,
        (KVal::Float(x, p), KVal::Float(y, q)) => (x, p) == (y, q),
        (KVal::Bool(x), KVal::Bool(y)) => x == y,
        (KVal::Str(x), KVal::Str(y)) => x == y,
        (KVal::None, KVal::None) => true,
        (KVal::Dtype(x), KVal::Dtype(y)) => x.ty == y.ty,
        (KVal::Tuple(xs), KVal::Tuple(ys)) => {
            xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| same_in_model(d, x, y))
        }
        _ => false,
    }
}

/// The one value two values that are the same in the model stand for: of a named dtype and
/// a queried one (`tl.float32` or `inp.dtype.element_ty`), the queried one (what the text
/// does not decide); anything else the first.
fn merged<D: LDomain>(a: KVal<D>, b: &KVal<D>) -> KVal<D> {
    match (a, b) {
        (KVal::Dtype(x), KVal::Dtype(y)) if matches!(x.name, DtypeName::Named(_)) => {
            KVal::Dtype(y.clone())
        }
        (KVal::Tuple(xs), KVal::Tuple(ys)) => {
            KVal::Tuple(xs.into_iter().zip(ys).map(|(x, y)| merged(x, y)).collect())
        }
        (a, _) => a,
    }
}

/// `a == b` of two dtypes, when the text decides it.
fn equal(a: &Dtype, b: &Dtype) -> Option<bool> {
    match (&a.name, &b.name) {
        (DtypeName::Named(x), DtypeName::Named(y)) => Some(x == y),
        (DtypeName::Query(x), DtypeName::Query(y)) if x == y => Some(true),
        // A type the text computes as integers or conditions against a named one.
        (DtypeName::Query(_), DtypeName::Named(n)) | (DtypeName::Named(n), DtypeName::Query(_)) => {
            let q = if matches!(a.name, DtypeName::Query(_)) {
                a.ty
            } else {
                b.ty
            };
            match (q, named(n).map(|t| t.ty)) {
                (Ty::Bool, Some(t)) => Some(*n == "int1" && t == Ty::Bool),
                (Ty::Int, Some(Ty::Real | Ty::Bool)) => Some(false),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The text of a dtype for messages: `tl.float16`, or the query's.
fn query_text(t: &Dtype) -> Option<&str> {
    match &t.name {
        DtypeName::Query(q) => Some(q),
        DtypeName::Named(_) => None,
    }
}

impl<'s, D: LDomain> Interp<'s, D> {
    /// A type query `X.dtype`, `X.type.scalar`, `X.dtype.element_ty`, `X.type.element_ty`
    /// (`None` when `a` is none): the element type of a block, or of the buffer a pointer
    /// points into (a pointer's own type is no element type: unsupported).
    pub(super) fn type_query(&mut self, d: &mut D, a: &ast::ExprAttribute) -> Option<R<KVal<D>>> {
        let attr = a.attr.id.as_str();
        let inner = match &*a.value {
            Expr::Attribute(b) => Some((b.attr.id.as_str(), &*b.value)),
            _ => None,
        };
        let (of, pointee) = match (attr, inner) {
            ("element_ty", Some(("dtype" | "type", x))) => (x, true),
            ("scalar", Some(("type", x))) => (x, false),
            ("dtype", _) => (&*a.value, false),
            _ => return None,
        };
        let text = self.text(a).to_string();
        Some(self.query_of(d, of, pointee, text, a))
    }

    fn query_of(
        &mut self,
        d: &mut D,
        of: &Expr,
        pointee: bool,
        text: String,
        at: &ast::ExprAttribute,
    ) -> R<KVal<D>> {
        let v = self.expr(d, of)?;
        // `.type` of a block of values is a block type: its `.element_ty` is the scalar type.
        let via_type = matches!(&*at.value, Expr::Attribute(t) if t.attr.id.as_str() == "type");
        let via_block_type = matches!(&v, KVal::Block(b) if !matches!(b.ty, Ty::Ptr(_)));
        // A pointer's element type that the claim's variant assigns: the named type.
        if let KVal::Block(b) = &v {
            if let (Ty::Ptr(k), true) = (b.ty, pointee) {
                let assigned = self.m.buffers.get(k).and_then(|x| x.dtype);
                if let Some(t) = assigned.and_then(named) {
                    if b.shape.is_empty() || !via_type {
                        return Ok(KVal::Dtype(Dtype {
                            of_buffer: true,
                            ..t
                        }));
                    }
                }
            }
        }
        // A value loaded from such a buffer, or converted to a named type: that type.
        if let KVal::Block(b) = &v {
            if let (Some(t), false) = (self.typed(b), pointee) {
                if let Some(t) = named(t) {
                    return Ok(KVal::Dtype(t));
                }
            }
        }
        let ty = match &v {
            KVal::Block(b) => match (b.ty, pointee) {
                (Ty::Ptr(_), true) if b.shape.is_empty() || !via_type => Ty::Real,
                (Ty::Ptr(_), _) => return self.unsupported(message(&text), at),
                (t, false) => t,
                (t, true) if via_type && !b.shape.is_empty() => t,
                _ => return self.unsupported(message(&text), at),
            },
            _ => return self.unsupported(message(&text), at),
        };
        Ok(KVal::Dtype(Dtype {
            ty,
            name: DtypeName::Query(text),
            of_buffer: pointee && !via_block_type,
        }))
    }

    /// `t.is_fp16()`, `t.is_int()`, ... of a dtype: decided for a named dtype and for what
    /// the text shows of a queried one; otherwise undecided.
    pub(super) fn dtype_predicate(&mut self, t: &Dtype, c: &ast::ExprCall, p: &str) -> R<KVal<D>> {
        if !c.arguments.args.is_empty() || !c.arguments.keywords.is_empty() {
            return self.unsupported(format!("`{p}` with arguments"), c);
        }
        let known = match &t.name {
            DtypeName::Named(n) => predicate(n, p),
            DtypeName::Query(_) => predicate_of_query(t.ty, p),
        };
        match (known, query_text(t)) {
            (Some(b), _) => Ok(KVal::Bool(b)),
            (None, Some(q)) => Ok(KVal::Undecided(message(&format!("{q}.{p}()")))),
            (None, None) => self.unsupported(format!("the dtype method `{p}`"), c),
        }
    }

    /// `t.primitive_bitwidth`, `t.int_bitwidth`, `t.value` of a dtype (`None` for other
    /// attributes).
    pub(super) fn dtype_attribute(&self, t: &Dtype, attr: &str) -> Option<KVal<D>> {
        match attr {
            "value" => Some(KVal::Dtype(t.clone())),
            "primitive_bitwidth" | "int_bitwidth" => Some(match &t.name {
                DtypeName::Named(n)
                    if attr == "primitive_bitwidth" || predicate(n, "is_int") == Some(true) =>
                {
                    KVal::Int(bits(n)?)
                }
                DtypeName::Named(_) => return None,
                DtypeName::Query(q) => KVal::Undecided(message(&format!("{q}.{attr}"))),
            }),
            _ => None,
        }
    }

    /// A comparison Python answers at compile time: `is`, `is not` (with None, dtypes or
    /// booleans), `==`/`!=` where a side is a dtype, None or a boolean, and `in`/`not in` a
    /// tuple of constants (`MODE in ("a", "b")`). `None` for comparisons of runtime values
    /// and of numbers (the caller's).
    pub(super) fn constant_compare(
        &self,
        op: ast::CmpOp,
        x: &KVal<D>,
        y: &KVal<D>,
        at: &impl Ranged,
    ) -> Option<R<KVal<D>>> {
        use ast::CmpOp as C;
        let negate = matches!(op, C::IsNot | C::NotEq | C::NotIn);
        let flip = |v: KVal<D>| match v {
            KVal::Bool(b) => KVal::Bool(b != negate),
            other => other,
        };
        match op {
            C::Is | C::IsNot => Some(match self.constant_eq(x, y) {
                Some(v) => Ok(flip(v)),
                None => self.unsupported(
                    format!(
                        "comparison `{}` of a {} and a {}",
                        op.as_str(),
                        x.kind(),
                        y.kind()
                    ),
                    at,
                ),
            }),
            C::Eq | C::NotEq => {
                let constant = |v: &KVal<D>| {
                    matches!(
                        v,
                        KVal::Dtype(_) | KVal::None | KVal::Bool(_) | KVal::Undecided(_)
                    )
                };
                if !(constant(x) || constant(y)) {
                    return None;
                }
                self.constant_eq(x, y).map(|v| Ok(flip(v)))
            }
            C::In | C::NotIn => {
                let KVal::Tuple(ys) = y else {
                    return Some(self.unsupported(
                        format!("comparison `{}` of a {}", op.as_str(), y.kind()),
                        at,
                    ));
                };
                let mut found = KVal::Bool(false);
                for y in ys {
                    match self.constant_eq(x, y) {
                        Some(KVal::Bool(true)) => {
                            found = KVal::Bool(true);
                            break;
                        }
                        Some(KVal::Bool(false)) => {}
                        Some(u @ KVal::Undecided(_)) => found = u,
                        _ => {
                            return Some(self.unsupported(
                                format!(
                                    "comparison `{}` of a {} with a {}",
                                    op.as_str(),
                                    x.kind(),
                                    y.kind()
                                ),
                                at,
                            ))
                        }
                    }
                }
                Some(Ok(flip(found)))
            }
            _ => None,
        }
    }

    /// `x == y` of two compile-time values (`Bool`, or `Undecided` where an element type
    /// decides it); `None` when a side is a runtime value or the two are not comparable here.
    fn constant_eq(&self, x: &KVal<D>, y: &KVal<D>) -> Option<KVal<D>> {
        Some(match (x, y) {
            (KVal::Undecided(w), _) | (_, KVal::Undecided(w)) => KVal::Undecided(w.clone()),
            (KVal::None, KVal::None) => KVal::Bool(true),
            // A value, pointer or constant is never None.
            (KVal::None, _) | (_, KVal::None) => KVal::Bool(false),
            (KVal::Dtype(a), KVal::Dtype(b)) => match equal(a, b) {
                Some(e) => KVal::Bool(e),
                None => {
                    KVal::Undecided(message(query_text(a).or(query_text(b)).unwrap_or_default()))
                }
            },
            (KVal::Dtype(_), KVal::Int(_) | KVal::Float(..) | KVal::Bool(_) | KVal::Str(_))
            | (KVal::Int(_) | KVal::Float(..) | KVal::Bool(_) | KVal::Str(_), KVal::Dtype(_)) => {
                KVal::Bool(false)
            }
            (KVal::Bool(a), KVal::Bool(b)) => KVal::Bool(a == b),
            (KVal::Int(a), KVal::Int(b)) => KVal::Bool(a == b),
            (KVal::Bool(a), KVal::Int(b)) | (KVal::Int(b), KVal::Bool(a)) => {
                KVal::Bool(i128::from(*a) == *b)
            }
            (KVal::Str(a), KVal::Str(b)) => KVal::Bool(a == b),
            (KVal::Str(_), KVal::Int(_) | KVal::Bool(_))
            | (KVal::Int(_) | KVal::Bool(_), KVal::Str(_)) => KVal::Bool(false),
            _ => return None,
        })
    }

    /// `if` on a condition the element type decides: both branches run, and must assign the
    /// same values in the model, touch no memory and not return; then their values stand.
    pub(super) fn undecided_if(
        &mut self,
        d: &mut D,
        why: &str,
        body: &'s [Stmt],
        rest: &[(Option<&'s Expr>, &'s [Stmt])],
        at: &'s Stmt,
    ) -> R<super::Flow<D>> {
        let base = self.env.len();
        let (then_env, else_env) = {
            let then_env = self.branch_env(d, base, |me, d| me.block(d, body));
            let else_env = self.branch_env(d, base, |me, d| me.branches(d, rest, at));
            match (then_env, else_env) {
                (Some(t), Some(e)) => (t, e),
                _ => return self.unsupported(format!("{why}, which decides a branch"), at),
            }
        };
        let mut names: Vec<&String> = then_env.iter().chain(&else_env).map(|(n, _)| n).collect();
        names.sort();
        names.dedup();
        let mut out = Vec::new();
        for n in names {
            let pick = |env: &[(String, KVal<D>)]| {
                env.iter()
                    .rev()
                    .find(|(x, _)| x == n)
                    .map(|(_, v)| v.clone())
                    .or_else(|| self.lookup(n))
            };
            match (pick(&then_env), pick(&else_env)) {
                (Some(a), Some(b)) if same_in_model(d, &a, &b) => {
                    out.push((n.clone(), merged(a, &b)))
                }
                (None, None) => {}
                _ => {
                    return self.unsupported(
                        format!(
                        "{why}, which decides a branch (its branches give `{n}` different values)"
                    ),
                        at,
                    )
                }
            }
        }
        self.env.extend(out);
        Ok(super::Flow::Next)
    }

    /// The names a branch binds, run from an environment of `base` names; `None` when it
    /// cannot run, touches memory, runs a loop, or returns.
    fn branch_env(
        &mut self,
        d: &mut D,
        base: usize,
        run: impl FnOnce(&mut Self, &mut D) -> R<super::Flow<D>>,
    ) -> Option<Vec<(String, KVal<D>)>> {
        let (accesses, loops, guard) = (
            self.m.accesses.len(),
            self.m.loops.len(),
            self.m.guard.is_some(),
        );
        let flow = run(self, d);
        let env = self.env.split_off(base.min(self.env.len()));
        let clean = self.m.accesses.len() == accesses
            && self.m.loops.len() == loops
            && self.m.guard.is_some() == guard;
        self.m.accesses.truncate(accesses);
        match flow {
            Ok(super::Flow::Next) if clean => Some(env),
            _ => None,
        }
    }

    /// `a if C else b` on a condition the element type decides: the branches' one value in
    /// the model.
    pub(super) fn undecided_choice(&mut self, d: &mut D, why: &str, x: &ast::ExprIf) -> R<KVal<D>> {
        let a = self.expr(d, &x.body);
        let b = self.expr(d, &x.orelse);
        match (a, b) {
            (Ok(a), Ok(b)) if same_in_model(d, &a, &b) => Ok(merged(a, &b)),
            _ => self.unsupported(format!("{why}, which decides a conditional expression"), x),
        }
    }

    /// The source text of a node.
    pub(super) fn text(&self, at: &impl Ranged) -> &'s str {
        &self.src[at.range().start().to_usize()..at.range().end().to_usize()]
    }
}
