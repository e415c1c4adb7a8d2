//! Custom forms of the shaped-data ops: tensor, memref and linalg.
//!
//! Mixed static/dynamic lists (`[%i, 0, 4]`) become MLIR's `static_*` dense arrays, with
//! `i64::MIN` marking a dynamic entry whose value is the next operand, and
//! `operandSegmentSizes` telling which operands belong to which list.

use crate::ast::OpId;
use crate::attrs::Attr;
use crate::lexer::Tok;
use crate::ops::{i64_attr, iterator_types, Family};
use crate::parser::{OpState, PResult, Parser, Use};
use crate::types::Type;
use report::Span;

/// The marker of a dynamic entry in a `static_*` array.
pub const DYNAMIC: i64 = i64::MIN;

impl<'s> Parser<'s> {
    pub(crate) fn parse_shaped(
        &mut self,
        f: Family,
        st: &mut OpState,
        id: OpId,
        name_span: Span,
    ) -> PResult<()> {
        use Family::*;
        match f {
            Empty => {
                self.expect(Tok::LParen, "`(` and dynamic sizes")?;
                let dims = self.parse_uses()?;
                self.expect(Tok::RParen, "`)`")?;
                for u in dims {
                    st.add(u, Some(Type::Index));
                }
                self.opt_attr_dict(st)?;
                st.result_types.push(self.colon_type()?);
                Ok(())
            }
            Extract | Load => {
                let t = self.parse_use()?;
                let idx = self.bracket_uses()?;
                self.opt_attr_dict(st)?;
                let at = self.tok.span;
                let ty = self.colon_type()?;
                let elem = self.elem_of(&ty, at)?;
                st.add(t, Some(ty));
                self.add_indices(st, idx);
                st.result_types.push(elem);
                Ok(())
            }
            Insert | Store => {
                let v = self.parse_use()?;
                if f == Insert {
                    self.expect_bare("into")?;
                } else {
                    self.expect(Tok::Comma, "`,`")?;
                }
                let t = self.parse_use()?;
                let idx = self.bracket_uses()?;
                self.opt_attr_dict(st)?;
                let at = self.tok.span;
                let ty = self.colon_type()?;
                let elem = self.elem_of(&ty, at)?;
                st.add(v, Some(elem));
                st.add(t, Some(ty.clone()));
                self.add_indices(st, idx);
                if f == Insert {
                    st.result_types.push(ty);
                }
                Ok(())
            }
            Dim => {
                self.opt_attr_dict(st)?;
                let t = self.parse_use()?;
                self.expect(Tok::Comma, "`,`")?;
                let i = self.parse_use()?;
                self.opt_attr_dict(st)?;
                let ty = self.colon_type()?;
                st.add(t, Some(ty));
                st.add(i, Some(Type::Index));
                st.result_types.push(Type::Index);
                Ok(())
            }
            FromElements | Splat => {
                let uses = self.parse_uses()?;
                self.opt_attr_dict(st)?;
                let at = self.tok.span;
                let ty = self.colon_type()?;
                let elem = self.elem_of(&ty, at)?;
                for u in uses {
                    st.add(u, Some(elem.clone()));
                }
                st.result_types.push(ty);
                Ok(())
            }
            ExtractSlice | Subview => {
                let src = self.parse_use()?;
                st.add(src, None);
                let counts = self.offsets_sizes_strides(st)?;
                self.opt_attr_dict(st)?;
                let from = self.colon_type()?;
                self.expect_bare("to")?;
                let to = self.parse_type()?;
                st.operand_types[0] = Some(from);
                let mut seg = vec![1];
                seg.extend(counts);
                st.prop("operandSegmentSizes", Attr::i32_array(&seg), name_span);
                st.result_types.push(to);
                Ok(())
            }
            InsertSlice => {
                let src = self.parse_use()?;
                self.expect_bare("into")?;
                let dst = self.parse_use()?;
                st.add(src, None);
                st.add(dst, None);
                let counts = self.offsets_sizes_strides(st)?;
                self.opt_attr_dict(st)?;
                let s = self.colon_type()?;
                self.expect_bare("into")?;
                let d = self.parse_type()?;
                st.operand_types[0] = Some(s);
                st.operand_types[1] = Some(d.clone());
                let mut seg = vec![1, 1];
                seg.extend(counts);
                st.prop("operandSegmentSizes", Attr::i32_array(&seg), name_span);
                st.result_types.push(d);
                Ok(())
            }
            ExpandShape | CollapseShape => {
                let src = self.parse_use()?;
                st.add(src, None);
                let sp = self.tok.span;
                let re = self.parse_attr()?;
                st.prop(
                    "reassociation",
                    re,
                    Span {
                        start: sp.start,
                        end: self.prev_end,
                    },
                );
                if f == ExpandShape && self.at_bare("output_shape") {
                    let t = self.bump();
                    let (stat, dynamic) = self.mixed_list()?;
                    for u in dynamic {
                        st.add(u, Some(Type::Index));
                    }
                    st.prop("static_output_shape", Attr::i64_array(&stat), t.span);
                }
                self.opt_attr_dict(st)?;
                let from = self.colon_type()?;
                self.expect_bare("into")?;
                st.operand_types[0] = Some(from);
                st.result_types.push(self.parse_type()?);
                Ok(())
            }
            Generate => {
                let dims = self.parse_uses()?;
                for u in dims {
                    st.add(u, Some(Type::Index));
                }
                let r = self.parse_op_region(st, id, &[])?;
                st.regions.push(r);
                self.opt_attr_dict(st)?;
                st.result_types.push(self.colon_type()?);
                Ok(())
            }
            Pad => self.parse_pad(st, id, name_span),
            Generic => self.parse_linalg_generic(st, id, name_span),
            Named => self.parse_linalg_named(st, id, name_span),
            ScfIf => self.parse_scf_if(st, id),
            Index => {
                let t = self.expect(Tok::Int, "a dimension number")?;
                let Some(v) = self.int_value(t) else {
                    return self.error(t.span, "dimension number out of range");
                };
                st.prop("dim", i64_attr(v), t.span);
                self.opt_attr_dict(st)?;
                st.result_types.push(self.colon_type()?);
                Ok(())
            }
            Alloc => {
                self.expect(Tok::LParen, "`(` and dynamic sizes")?;
                let dims = self.parse_uses()?;
                self.expect(Tok::RParen, "`)`")?;
                let syms = if self.at(Tok::LBracket) {
                    self.bracket_uses()?
                } else {
                    Vec::new()
                };
                let seg = [dims.len(), syms.len()];
                for u in dims.into_iter().chain(syms) {
                    st.add(u, Some(Type::Index));
                }
                st.prop("operandSegmentSizes", Attr::i32_array(&seg), name_span);
                self.opt_attr_dict(st)?;
                st.result_types.push(self.colon_type()?);
                Ok(())
            }
            Copy => {
                let a = self.parse_use()?;
                self.expect(Tok::Comma, "`,`")?;
                let b = self.parse_use()?;
                self.opt_attr_dict(st)?;
                let ta = self.colon_type()?;
                self.expect_bare("to")?;
                let tb = self.parse_type()?;
                st.add(a, Some(ta));
                st.add(b, Some(tb));
                Ok(())
            }
            Dealloc => {
                let a = self.parse_use()?;
                self.opt_attr_dict(st)?;
                let ty = self.colon_type()?;
                st.add(a, Some(ty));
                Ok(())
            }
            GetGlobal => {
                let sp = self.tok.span;
                let sym = self.parse_symbol_ref()?;
                st.prop("name", Attr::SymbolRef(sym), sp);
                self.opt_attr_dict(st)?;
                st.result_types.push(self.colon_type()?);
                Ok(())
            }
            Global => self.parse_memref_global(st),
            _ => self.error(
                name_span,
                format!("unsupported op {} (custom syntax)", st.name),
            ),
        }
    }

    /// `[%a, %b]`.
    fn bracket_uses(&mut self) -> PResult<Vec<Use>> {
        self.expect(Tok::LBracket, "`[` and indices")?;
        let uses = self.parse_uses()?;
        self.expect(Tok::RBracket, "`]` after indices")?;
        Ok(uses)
    }

    fn add_indices(&mut self, st: &mut OpState, idx: Vec<Use>) {
        for u in idx {
            st.add(u, Some(Type::Index));
        }
    }

    fn elem_of(&mut self, ty: &Type, at: Span) -> PResult<Type> {
        match ty.element_type() {
            Some(e) => Ok(e.clone()),
            None => self.error(at, format!("expected a shaped type, found {ty}")),
        }
    }

    /// `[0, %i, 4]`: static values (with [`DYNAMIC`] for operands) and the dynamic operands.
    fn mixed_list(&mut self) -> PResult<(Vec<i64>, Vec<Use>)> {
        self.expect(Tok::LBracket, "`[`")?;
        let mut stat = Vec::new();
        let mut dynamic = Vec::new();
        if self.eat(Tok::RBracket) {
            return Ok((stat, dynamic));
        }
        loop {
            if self.at(Tok::Percent) {
                dynamic.push(self.parse_use()?);
                stat.push(DYNAMIC);
            } else {
                stat.push(self.parse_i64()?);
            }
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RBracket, "`]` or `,`")?;
        Ok((stat, dynamic))
    }

    /// `[offsets] [sizes] [strides]` into `static_*` properties; returns the dynamic counts.
    fn offsets_sizes_strides(&mut self, st: &mut OpState) -> PResult<Vec<usize>> {
        let mut counts = Vec::new();
        for name in ["static_offsets", "static_sizes", "static_strides"] {
            let sp = self.tok.span;
            let (stat, dynamic) = self.mixed_list()?;
            counts.push(dynamic.len());
            for u in dynamic {
                st.add(u, Some(Type::Index));
            }
            st.prop(
                name,
                Attr::i64_array(&stat),
                Span {
                    start: sp.start,
                    end: self.prev_end,
                },
            );
        }
        Ok(counts)
    }

    /// `%src nofold? low[...] high[...] { region } attr-dict : T to U`.
    fn parse_pad(&mut self, st: &mut OpState, id: OpId, name_span: Span) -> PResult<()> {
        let src = self.parse_use()?;
        st.add(src, None);
        if self.at_bare("nofold") {
            let t = self.bump();
            st.prop("nofold", Attr::Unit, t.span);
        }
        let mut seg = vec![1];
        for (kw, name) in [("low", "static_low"), ("high", "static_high")] {
            let t = self.expect_bare(kw)?;
            let (stat, dynamic) = self.mixed_list()?;
            seg.push(dynamic.len());
            for u in dynamic {
                st.add(u, Some(Type::Index));
            }
            st.prop(name, Attr::i64_array(&stat), t.span);
        }
        st.prop("operandSegmentSizes", Attr::i32_array(&seg), name_span);
        let r = self.parse_op_region(st, id, &[])?;
        st.regions.push(r);
        self.opt_attr_dict(st)?;
        let from = self.colon_type()?;
        self.expect_bare("to")?;
        st.operand_types[0] = Some(from);
        st.result_types.push(self.parse_type()?);
        Ok(())
    }

    /// `ins(%a, %b : T, U)` or `outs(...)` if present; returns the operand count.
    fn ins_outs(&mut self, st: &mut OpState, kw: &str) -> PResult<usize> {
        if !self.eat_bare(kw) {
            return Ok(0);
        }
        self.expect(Tok::LParen, "`(`")?;
        let uses = self.parse_uses()?;
        let n = uses.len();
        if n > 0 {
            self.expect(Tok::Colon, "`:` and operand types")?;
            let tys = self.parse_type_list()?;
            self.add_typed(st, uses, tys)?;
        }
        self.expect(Tok::RParen, "`)`")?;
        Ok(n)
    }

    /// `-> T, U` or `-> (T, U)` if present.
    fn opt_result_types(&mut self, st: &mut OpState) -> PResult<()> {
        if !self.eat(Tok::Arrow) {
            return Ok(());
        }
        st.result_types = if self.at(Tok::LParen) {
            self.parse_paren_types()?
        } else {
            self.parse_type_list()?
        };
        Ok(())
    }

    /// `{props} ins(...) outs(...) attrs = {...}? { region } -> types`.
    fn parse_linalg_generic(&mut self, st: &mut OpState, id: OpId, name_span: Span) -> PResult<()> {
        // The dictionary may be an alias (`linalg.generic #trait ins(...)`).
        let sp = self.tok.span;
        let Attr::Dict(mut props) = self.parse_attr()? else {
            return self.error(sp, "expected the attribute dictionary of linalg.generic");
        };
        iterator_types(&mut props);
        st.props.extend(props);
        let ins = self.ins_outs(st, "ins")?;
        let outs = self.ins_outs(st, "outs")?;
        st.prop(
            "operandSegmentSizes",
            Attr::i32_array(&[ins, outs]),
            name_span,
        );
        if self.eat_bare("attrs") {
            self.expect(Tok::Equal, "`=`")?;
            let d = self.parse_dict()?;
            st.attrs.extend(d);
        }
        let r = self.parse_op_region(st, id, &[])?;
        st.regions.push(r);
        self.opt_result_types(st)
    }

    /// `{props}? ins(...) outs(...) (name = attr)* {attrs}? -> types`; `linalg.reduce` and
    /// `linalg.map` end with their body, `(%a: T, ...) { ... }`. `transpose`, `broadcast`,
    /// `reduce` and `map` print no result types: they are the types of their tensor `outs`.
    fn parse_linalg_named(&mut self, st: &mut OpState, id: OpId, name_span: Span) -> PResult<()> {
        let with_body = matches!(st.name.as_str(), "linalg.reduce" | "linalg.map");
        if self.at(Tok::LBrace) {
            // `linalg.map { arith.addf }`: an op name, not a dictionary key.
            let next = self.peek2();
            if with_body && next.kind == Tok::Bare && self.text(next).contains('.') {
                return self.error(
                    self.tok.span,
                    format!(
                        "the short form `{{ op }}` of {} is not supported; write its body",
                        st.name
                    ),
                );
            }
            let d = self.parse_dict()?;
            st.props.extend(d);
        }
        let ins = self.ins_outs(st, "ins")?;
        let outs = self.ins_outs(st, "outs")?;
        st.prop(
            "operandSegmentSizes",
            Attr::i32_array(&[ins, outs]),
            name_span,
        );
        while self.at(Tok::Bare) && self.peek2().kind == Tok::Equal {
            let t = self.bump();
            self.bump();
            let v = self.parse_attr()?;
            let key = self.text(t);
            if key == "attrs" {
                if let Attr::Dict(d) = v {
                    st.attrs.extend(d);
                    continue;
                }
            }
            st.prop(
                key,
                v,
                Span {
                    start: t.span.start,
                    end: self.prev_end,
                },
            );
        }
        if with_body {
            let args = self.region_args()?;
            let r = self.parse_op_region(st, id, &args)?;
            st.regions.push(r);
        }
        self.opt_attr_dict(st)?;
        self.opt_result_types(st)?;
        let implicit = [
            "linalg.transpose",
            "linalg.broadcast",
            "linalg.reduce",
            "linalg.map",
        ];
        if st.result_types.is_empty() && implicit.contains(&st.name.as_str()) {
            st.result_types = st.operand_types[ins..ins + outs]
                .iter()
                .flatten()
                .filter(|t| matches!(t, Type::Tensor { .. }))
                .cloned()
                .collect();
        }
        Ok(())
    }

    /// `(%a: T, %b: U)`: the explicit arguments of a region's entry block.
    pub(crate) fn region_args(&mut self) -> PResult<Vec<(&'s str, Type, Span)>> {
        self.expect(Tok::LParen, "`(` and the body's arguments")?;
        let mut args = vec![];
        if !self.eat(Tok::RParen) {
            loop {
                let a = self.expect(Tok::Percent, "an argument (`%name`)")?;
                self.expect(Tok::Colon, "`:` after an argument name")?;
                let ty = self.parse_type()?;
                args.push((self.text(a), ty, a.span));
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "`)` after the arguments")?;
        }
        Ok(args)
    }

    /// `scf.if %c (-> types)? { then } (else { else })? {attrs}?`.
    fn parse_scf_if(&mut self, st: &mut OpState, id: OpId) -> PResult<()> {
        let c = self.parse_use()?;
        st.add(c, Some(Type::int(1)));
        self.opt_result_types(st)?;
        let then = self.parse_op_region(st, id, &[])?;
        st.regions.push(then);
        let other = if self.eat_bare("else") {
            self.parse_op_region(st, id, &[])?
        } else {
            self.empty_region(id)
        };
        st.regions.push(other);
        self.opt_attr_dict(st)
    }

    /// `memref.global "private"? constant? @name : T (= initial | = uninitialized)? {attrs}`.
    fn parse_memref_global(&mut self, st: &mut OpState) -> PResult<()> {
        if self.at(Tok::Str) {
            let t = self.bump();
            st.prop(
                "sym_visibility",
                Attr::String(self.lex.string_value(t)),
                t.span,
            );
        }
        if self.at_bare("constant") {
            let t = self.bump();
            st.prop("constant", Attr::Unit, t.span);
        }
        let name = self.expect(Tok::At, "the global's name (`@name`)")?;
        st.prop(
            "sym_name",
            Attr::String(self.text(name).to_string()),
            name.span,
        );
        let at = self.tok.span;
        let ty = self.colon_type()?;
        st.prop("type", Attr::Type(ty.clone()), at);
        if self.eat(Tok::Equal) {
            let sp = self.tok.span;
            let init = if self.eat_bare("uninitialized") {
                Attr::Unit
            } else {
                let tensor = ty.memref_to_tensor();
                self.parse_attr_typed(tensor.as_ref())?
            };
            st.prop(
                "initial_value",
                init,
                Span {
                    start: sp.start,
                    end: self.prev_end,
                },
            );
        }
        self.opt_attr_dict(st)
    }
}
