//! Custom (pretty) op forms: which ops have one, and the forms of the func, builtin, arith,
//! math, tosa, shape, affine, bufferization and sparse_tensor ops. Shaped-data ops (tensor,
//! memref, linalg) are in `ops_shaped`.
//!
//! Each form fills an [`OpState`] with what the generic form would show: operands in order,
//! inherent attributes as properties under MLIR 19's names, result types (inferred where the
//! custom syntax leaves them implicit, e.g. `tensor.extract` gives the element type).
//! An op without a known form is kept opaque (`Parser::parse_opaque`): name, results and span only.

use crate::ast::{NamedAttr, OpId};
use crate::attrs::Attr;
use crate::lexer::Tok;
use crate::parser::{OpState, PResult, Parser, Use};
use crate::types::Type;
use report::Span;

/// The syntactic family of a custom op form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    Module,
    Func,
    Return,
    Call,
    /// `operands (flags)? attr-dict : T`: operands and result of one type.
    SameType,
    Cmp,
    Select,
    /// `%x attr-dict : T to U`.
    Cast,
    Constant,
    /// `operands attr-dict : (types) -> types`.
    Functional,
    /// `tensor.concat dim(N) %a, %b attr-dict : (A, B) -> C`.
    Concat,
    /// `operands : types` (terminators).
    Yield,
    /// `scf.condition(%c) operands : types`.
    ScfCondition,
    AffineApply,
    /// `%x attr-dict : T -> U`.
    ArrowCast,
    ToTensor,
    ToMemref,
    UnrealizedCast,
    // ops_shaped.rs
    Empty,
    Extract,
    Insert,
    Dim,
    FromElements,
    Splat,
    ExtractSlice,
    InsertSlice,
    Subview,
    ExpandShape,
    CollapseShape,
    Generate,
    Pad,
    Generic,
    Named,
    /// `scf.if %c -> types { } else { }`.
    ScfIf,
    /// `scf.for unsigned? %iv = %lb to %ub step %s iter_args(%a = %x) -> (T) : I { }`.
    ScfFor,
    /// `scf.while (%a = %init) : (T) -> (U) { before } do { after }`.
    ScfWhile,
    Index,
    Alloc,
    Load,
    Store,
    Copy,
    Dealloc,
    GetGlobal,
    Global,
}

#[rustfmt::skip]
const SAME_TYPE: &[&str] = &[
    "arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.remf", "arith.negf",
    "arith.maximumf", "arith.minimumf", "arith.maxnumf", "arith.minnumf", "arith.addi",
    "arith.subi", "arith.muli", "arith.divsi", "arith.divui", "arith.ceildivsi", "arith.ceildivui",
    "arith.floordivsi", "arith.remsi", "arith.remui", "arith.andi", "arith.ori", "arith.xori",
    "arith.shli", "arith.shrsi", "arith.shrui", "arith.maxsi", "arith.maxui", "arith.minsi",
    "arith.minui", "math.absf", "math.absi", "math.exp", "math.exp2", "math.expm1", "math.log",
    "math.log2", "math.log10", "math.log1p", "math.sqrt", "math.rsqrt", "math.cbrt", "math.tanh",
    "math.tan", "math.sin", "math.cos", "math.atan", "math.atan2", "math.erf", "math.ceil",
    "math.floor", "math.round", "math.roundeven", "math.trunc", "math.powf", "math.ipowi",
    "math.fma", "math.copysign", "math.ctlz", "math.cttz", "math.ctpop",
];

#[rustfmt::skip]
const CASTS: &[&str] = &[
    "arith.extf", "arith.truncf", "arith.extsi", "arith.extui", "arith.trunci", "arith.sitofp",
    "arith.uitofp", "arith.fptosi", "arith.fptoui", "arith.index_cast", "arith.index_castui",
    "arith.bitcast", "tensor.cast", "tensor.bitcast", "memref.cast", "sparse_tensor.convert",
    "bufferization.clone",
];

#[rustfmt::skip]
const LINALG_NAMED: &[&str] = &[
    "fill", "copy", "matmul", "matvec", "vecmat", "dot", "batch_matmul", "batch_matvec",
    "batch_vecmat", "batch_reduce_matmul", "matmul_transpose_a", "matmul_transpose_b",
    "batch_matmul_transpose_a", "batch_matmul_transpose_b", "quantized_matmul",
    "quantized_batch_matmul", "mmt4d", "batch_mmt4d", "transpose", "broadcast", "elemwise_unary",
    "elemwise_binary", "add", "sub", "mul", "div", "div_unsigned", "max", "min", "exp", "log",
    "abs", "ceil", "floor", "negf", "powf", "round", "sqrt", "rsqrt", "square", "tanh", "erf",
    "reciprocal", "select", "fill_rng_2d", "reduce", "map",
];

pub(crate) fn family(name: &str) -> Option<Family> {
    use Family::*;
    if SAME_TYPE.contains(&name) {
        return Some(SameType);
    }
    if CASTS.contains(&name) {
        return Some(Cast);
    }
    if let Some(op) = name.strip_prefix("tosa.") {
        return (!matches!(op, "cond_if" | "while_loop" | "yield" | "custom"))
            .then_some(Functional);
    }
    if let Some(op) = name.strip_prefix("linalg.") {
        let named = LINALG_NAMED.contains(&op)
            || ["conv_", "depthwise_conv_", "pooling_"]
                .iter()
                .any(|p| op.starts_with(p));
        if named {
            return Some(Named);
        }
    }
    Some(match name {
        "builtin.module" => Module,
        "builtin.unrealized_conversion_cast" => UnrealizedCast,
        "func.func" => Func,
        "func.return" => Return,
        "func.call" => Call,
        "arith.cmpf" | "arith.cmpi" => Cmp,
        "arith.select" => Select,
        "arith.constant" => Constant,
        "tensor.yield" | "linalg.yield" | "affine.yield" | "scf.yield" | "sparse_tensor.yield" => {
            Yield
        }
        "affine.apply" | "affine.min" | "affine.max" => AffineApply,
        "shape.shape_of" | "shape.to_extent_tensor" => ArrowCast,
        "bufferization.to_tensor" => ToTensor,
        "bufferization.to_memref" => ToMemref,
        "tensor.empty" | "bufferization.alloc_tensor" => Empty,
        "tensor.extract" => Extract,
        "tensor.insert" => Insert,
        "tensor.dim" | "memref.dim" => Dim,
        "tensor.from_elements" => FromElements,
        "tensor.concat" => Concat,
        "tensor.splat" => Splat,
        "tensor.extract_slice" => ExtractSlice,
        "tensor.insert_slice" => InsertSlice,
        "memref.subview" => Subview,
        "tensor.expand_shape" | "memref.expand_shape" => ExpandShape,
        "tensor.collapse_shape" | "memref.collapse_shape" => CollapseShape,
        "tensor.generate" => Generate,
        "tensor.pad" => Pad,
        "linalg.generic" => Generic,
        "linalg.index" => Index,
        "scf.if" => ScfIf,
        "scf.for" => ScfFor,
        "scf.while" => ScfWhile,
        "scf.condition" => ScfCondition,
        "memref.alloc" | "memref.alloca" => Alloc,
        "memref.load" => Load,
        "memref.store" => Store,
        "memref.copy" => Copy,
        "memref.dealloc" => Dealloc,
        "memref.get_global" => GetGlobal,
        "memref.global" => Global,
        _ => return None,
    })
}

pub(crate) fn is_known(name: &str) -> bool {
    family(name).is_some()
}

#[rustfmt::skip]
const CMPF: &[&str] = &[
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];
/// `arith::RoundingMode` in the order of its values.
const ROUNDING_MODES: &[&str] = &[
    "to_nearest_even",
    "downward",
    "upward",
    "toward_zero",
    "to_nearest_away",
];
const CMPI: &[&str] = &[
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];

pub(crate) fn i64_attr(v: i128) -> Attr {
    Attr::Int {
        value: v,
        ty: Type::int(64),
    }
}

impl<'s> Parser<'s> {
    pub(crate) fn parse_custom(
        &mut self,
        st: &mut OpState,
        id: OpId,
        name_span: Span,
    ) -> PResult<()> {
        use Family::*;
        let Some(f) = family(&st.name) else {
            return self.parse_opaque(st, name_span);
        };
        match f {
            Module => self.parse_module_op(st, id),
            Func => self.parse_func(st, id),
            ScfCondition => self.parse_scf_condition(st),
            Return | Yield => self.parse_terminator(st),
            Call => self.parse_call(st),
            SameType => self.parse_same_type(st),
            Cmp => self.parse_cmp(st),
            Select => self.parse_select(st, name_span),
            Cast => self.parse_cast(st),
            ArrowCast => self.parse_arrow_cast(st),
            Constant => self.parse_constant(st),
            Functional => self.parse_functional(st),
            Concat => self.parse_concat(st),
            AffineApply => self.parse_affine_apply(st),
            ToTensor => self.parse_to_tensor(st),
            ToMemref => self.parse_to_memref(st),
            UnrealizedCast => self.parse_unrealized_cast(st),
            _ => self.parse_shaped(f, st, id, name_span),
        }
    }

    /// `scf.condition(%c) %args : types`.
    fn parse_scf_condition(&mut self, st: &mut OpState) -> PResult<()> {
        self.expect(Tok::LParen, "`(` and the condition")?;
        let c = self.parse_use()?;
        self.expect(Tok::RParen, "`)`")?;
        st.add(c, Some(Type::int(1)));
        // The forwarded values: a terminator's operands.
        self.parse_terminator(st)
    }

    /// `func.return`, `scf.yield` and the like: operands, then their types.
    fn parse_terminator(&mut self, st: &mut OpState) -> PResult<()> {
        let uses = self.parse_uses()?;
        self.opt_attr_dict(st)?;
        if !uses.is_empty() {
            self.expect(Tok::Colon, "`:` and operand types")?;
            let tys = self.parse_type_list()?;
            self.add_typed(st, uses, tys)?;
        }
        Ok(())
    }

    /// `func.call @f(%args) : (types) -> types`.
    fn parse_call(&mut self, st: &mut OpState) -> PResult<()> {
        let sp = self.tok.span;
        let callee = self.parse_symbol_ref()?;
        st.prop("callee", Attr::SymbolRef(callee), sp);
        self.expect(Tok::LParen, "`(`")?;
        let uses = self.parse_uses()?;
        self.expect(Tok::RParen, "`)`")?;
        self.opt_attr_dict(st)?;
        self.functional_type(st, uses)
    }

    /// An op whose operands and result share one type: `%a, %b : t`.
    fn parse_same_type(&mut self, st: &mut OpState) -> PResult<()> {
        let uses = self.parse_uses()?;
        self.opt_flags(st)?;
        self.opt_attr_dict(st)?;
        let ty = self.colon_type()?;
        self.add_same(st, uses, &ty);
        st.result_types.push(ty);
        Ok(())
    }

    /// `arith.cmpi`/`cmpf`: a predicate, operands of one type, an `i1` result of its shape.
    fn parse_cmp(&mut self, st: &mut OpState) -> PResult<()> {
        let t = self.bump();
        let pred = match t.kind {
            Tok::Bare => self.text(t).to_string(),
            Tok::Str => self.lex.string_value(t),
            _ => return self.error(t.span, "expected a comparison predicate"),
        };
        let table = if st.name == "arith.cmpf" { CMPF } else { CMPI };
        let Some(p) = table.iter().position(|&p| p == pred) else {
            return self.error(t.span, format!("unknown predicate `{pred}`"));
        };
        st.prop("predicate", i64_attr(p as i128), t.span);
        self.expect(Tok::Comma, "`,`")?;
        let uses = self.parse_uses()?;
        self.opt_flags(st)?;
        self.opt_attr_dict(st)?;
        let ty = self.colon_type()?;
        self.add_same(st, uses, &ty);
        st.result_types.push(ty.with_element_type(Type::int(1)));
        Ok(())
    }

    /// `arith.select %c, %a, %b : [cond type,] t`.
    fn parse_select(&mut self, st: &mut OpState, name_span: Span) -> PResult<()> {
        let uses = self.parse_uses()?;
        self.opt_attr_dict(st)?;
        let mut tys = {
            self.expect(Tok::Colon, "`:` and a type")?;
            self.parse_type_list()?
        };
        let ty = tys.pop().unwrap_or(Type::None);
        let cond = tys.pop().unwrap_or(Type::int(1));
        if uses.len() != 3 {
            return self.error(st.operands_span(&uses, name_span), "expected 3 operands");
        }
        st.add(uses[0], Some(cond));
        st.add(uses[1], Some(ty.clone()));
        st.add(uses[2], Some(ty.clone()));
        st.result_types.push(ty);
        Ok(())
    }

    /// `%x : from to to` (with `arith.truncf`'s rounding mode).
    fn parse_cast(&mut self, st: &mut OpState) -> PResult<()> {
        let u = self.parse_use()?;
        if st.name == "arith.truncf" {
            self.opt_rounding_mode(st);
        }
        self.opt_flags(st)?;
        self.opt_attr_dict(st)?;
        let from = self.colon_type()?;
        self.expect_bare("to")?;
        let to = self.parse_type()?;
        st.add(u, Some(from));
        st.result_types.push(to);
        Ok(())
    }

    /// `%x : from -> to`.
    fn parse_arrow_cast(&mut self, st: &mut OpState) -> PResult<()> {
        let u = self.parse_use()?;
        self.opt_attr_dict(st)?;
        let from = self.colon_type()?;
        self.expect(Tok::Arrow, "`->`")?;
        st.add(u, Some(from));
        st.result_types.push(self.parse_type()?);
        Ok(())
    }

    /// `arith.constant` and the like: a typed value.
    fn parse_constant(&mut self, st: &mut OpState) -> PResult<()> {
        self.opt_attr_dict(st)?;
        let sp = self.tok.span;
        let value = self.parse_attr()?;
        let ty = match &value {
            Attr::Int { ty, .. }
            | Attr::Float { ty, .. }
            | Attr::Dense { ty, .. }
            | Attr::Sparse { ty, .. } => ty.clone(),
            Attr::Bool(_) => Type::int(1),
            _ => return self.error(sp, "expected a typed constant value"),
        };
        st.prop(
            "value",
            value,
            Span {
                start: sp.start,
                end: self.prev_end,
            },
        );
        st.result_types.push(ty);
        Ok(())
    }

    /// Operands, then a functional type `(types) -> types`.
    fn parse_functional(&mut self, st: &mut OpState) -> PResult<()> {
        let uses = self.parse_uses()?;
        self.opt_attr_dict(st)?;
        self.functional_type(st, uses)
    }

    /// `tensor.concat dim(k) %args : (types) -> type`.
    fn parse_concat(&mut self, st: &mut OpState) -> PResult<()> {
        self.expect_bare("dim")?;
        self.expect(Tok::LParen, "`(` and the dimension")?;
        let t = self.expect(Tok::Int, "a dimension number")?;
        let Some(v) = self.int_value(t) else {
            return self.error(t.span, "dimension number out of range");
        };
        self.expect(Tok::RParen, "`)`")?;
        st.prop("dim", i64_attr(v), t.span);
        let uses = self.parse_uses()?;
        self.opt_attr_dict(st)?;
        self.functional_type(st, uses)
    }

    /// `affine.apply #map(%dims)[%syms]`.
    fn parse_affine_apply(&mut self, st: &mut OpState) -> PResult<()> {
        let sp = self.tok.span;
        let map = self.parse_attr()?;
        if !matches!(map, Attr::AffineMap(_)) {
            return self.error(sp, "expected an affine map");
        }
        st.prop(
            "map",
            map,
            Span {
                start: sp.start,
                end: self.prev_end,
            },
        );
        self.expect(Tok::LParen, "`(` and dimension operands")?;
        let dims = self.parse_uses()?;
        self.expect(Tok::RParen, "`)`")?;
        let mut syms = Vec::new();
        if self.eat(Tok::LBracket) {
            syms = self.parse_uses()?;
            self.expect(Tok::RBracket, "`]`")?;
        }
        for u in dims.into_iter().chain(syms) {
            st.add(u, Some(Type::Index));
        }
        self.opt_attr_dict(st)?;
        st.result_types.push(Type::Index);
        Ok(())
    }

    /// `bufferization.to_tensor %m [restrict] [writable] : memref [to tensor]`.
    fn parse_to_tensor(&mut self, st: &mut OpState) -> PResult<()> {
        let u = self.parse_use()?;
        for flag in ["restrict", "writable"] {
            if self.at_bare(flag) {
                let t = self.bump();
                st.prop(flag, Attr::Unit, t.span);
            }
        }
        self.opt_attr_dict(st)?;
        let at = self.tok.span;
        let m = self.colon_type()?;
        let t = if self.eat_bare("to") {
            self.parse_type()?
        } else {
            match m.memref_to_tensor() {
                Some(t) => t,
                None => return self.error(at, "expected a memref type"),
            }
        };
        st.add(u, Some(m));
        st.result_types.push(t);
        Ok(())
    }

    /// `bufferization.to_memref %t [read_only] : tensor [to memref]`.
    fn parse_to_memref(&mut self, st: &mut OpState) -> PResult<()> {
        let u = self.parse_use()?;
        if self.at_bare("read_only") {
            let t = self.bump();
            st.prop("read_only", Attr::Unit, t.span);
        }
        self.opt_attr_dict(st)?;
        let first = self.colon_type()?;
        if self.eat_bare("to") {
            st.add(u, Some(first));
            st.result_types.push(self.parse_type()?);
        } else {
            st.add(u, None);
            st.result_types.push(first);
        }
        Ok(())
    }

    /// `builtin.unrealized_conversion_cast %args : types to types`.
    fn parse_unrealized_cast(&mut self, st: &mut OpState) -> PResult<()> {
        let uses = self.parse_uses()?;
        self.opt_attr_dict(st)?;
        let tys = if uses.is_empty() {
            Vec::new()
        } else {
            self.expect(Tok::Colon, "`:`")?;
            self.parse_type_list()?
        };
        self.add_typed(st, uses, tys)?;
        self.expect_bare("to")?;
        st.result_types = self.parse_type_list()?;
        Ok(())
    }

    /// `{...}` if present, into the op's attributes.
    pub(crate) fn opt_attr_dict(&mut self, st: &mut OpState) -> PResult<()> {
        if self.at(Tok::LBrace) {
            let d = self.parse_dict()?;
            st.attrs.extend(d);
        }
        Ok(())
    }

    /// The rounding mode keyword of `arith.truncf` (`to_nearest_even`, ...), as MLIR 19's
    /// `roundingmode` property (`arith::RoundingMode`'s value, an `i32`).
    fn opt_rounding_mode(&mut self, st: &mut OpState) {
        let Some(k) = ROUNDING_MODES.iter().position(|m| self.at_bare(m)) else {
            return;
        };
        let t = self.bump();
        let value = Attr::Int {
            value: k as i128,
            ty: Type::int(32),
        };
        st.prop("roundingmode", value, t.span);
    }

    /// `fastmath<...>` and `overflow<...>` flags of arith and math ops.
    fn opt_flags(&mut self, st: &mut OpState) -> PResult<()> {
        loop {
            let (kw, prop) = if self.at_bare("fastmath") {
                ("arith.fastmath", "fastmath")
            } else if self.at_bare("overflow") {
                ("arith.overflow", "overflowFlags")
            } else {
                return Ok(());
            };
            let t = self.bump();
            let body = self.opaque_body()?;
            if body.is_none() {
                return self.err_expected("`<` after a flag keyword");
            }
            let value = Attr::Opaque {
                name: kw.to_string(),
                body,
            };
            st.prop(
                prop,
                value,
                Span {
                    start: t.span.start,
                    end: self.prev_end,
                },
            );
        }
    }

    pub(crate) fn colon_type(&mut self) -> PResult<Type> {
        self.expect(Tok::Colon, "`:` and a type")?;
        self.parse_type()
    }

    fn add_same(&mut self, st: &mut OpState, uses: Vec<Use>, ty: &Type) {
        for u in uses {
            st.add(u, Some(ty.clone()));
        }
    }

    /// Pairs uses with their stated types, checking the counts.
    pub(crate) fn add_typed(
        &mut self,
        st: &mut OpState,
        uses: Vec<Use>,
        tys: Vec<Type>,
    ) -> PResult<()> {
        if uses.len() != tys.len() {
            let msg = format!("{} operand(s) but {} type(s)", uses.len(), tys.len());
            return self.error(
                Span {
                    start: self.prev_end,
                    end: self.prev_end,
                },
                msg,
            );
        }
        for (u, t) in uses.into_iter().zip(tys) {
            st.add(u, Some(t));
        }
        Ok(())
    }

    /// `: (types) -> results`, for the given operands.
    fn functional_type(&mut self, st: &mut OpState, uses: Vec<Use>) -> PResult<()> {
        let colon = self.expect(Tok::Colon, "`:` and a function type")?;
        match self.parse_type()? {
            Type::Function { inputs, results } => {
                self.add_typed(st, uses, inputs)?;
                st.result_types = results;
                Ok(())
            }
            _ => self.error(colon.span, "expected a function type `(...) -> ...`"),
        }
    }
}

impl OpState {
    /// The span covering some uses (or `fallback` when there are none).
    pub(crate) fn operands_span(&self, uses: &[Use], fallback: Span) -> Span {
        match (uses.first(), uses.last()) {
            (Some(a), Some(b)) => Span {
                start: a.span.start,
                end: b.span.end,
            },
            _ => fallback,
        }
    }
}

/// Converts `iterator_types = ["parallel"]` to MLIR 19's `#linalg.iterator_type<parallel>`.
pub(crate) fn iterator_types(attrs: &mut [NamedAttr]) {
    for a in attrs.iter_mut().filter(|a| a.name == "iterator_types") {
        if let Attr::Array(xs) = &mut a.value {
            for x in xs.iter_mut() {
                if let Attr::String(s) = x {
                    *x = Attr::Opaque {
                        name: "linalg.iterator_type".to_string(),
                        body: Some(s.clone()),
                    };
                }
            }
        }
    }
}
