//! Custom forms of the shaped-data ops: tensor, memref and linalg.
//!
//! Mixed static/dynamic lists (`[%i, 0, 4]`) become MLIR's `static_*` dense arrays, with
//! `i64::MIN` marking a dynamic entry whose value is the next operand, and
//! `operandSegmentSizes` telling which operands belong to which list.

use crate::ast::{OpId, RegionId, ValueDef};
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
            Empty => self.parse_empty(st),
            Extract | Load => self.parse_element_read(st),
            Insert | Store => self.parse_element_write(f, st),
            Dim => self.parse_dim(st),
            FromElements | Splat => self.parse_from_elements(st),
            ExtractSlice | Subview => self.parse_slice(st, name_span),
            InsertSlice => self.parse_insert_slice(st, name_span),
            ExpandShape | CollapseShape => self.parse_reshape(f, st),
            Generate => self.parse_generate(st, id),
            Pad => self.parse_pad(st, id, name_span),
            Generic => self.parse_linalg_generic(st, id, name_span),
            Named => self.parse_linalg_named(st, id, name_span),
            ScfIf => self.parse_scf_if(st, id),
            ScfFor => self.parse_scf_for(st, id),
            ScfWhile => self.parse_scf_while(st, id),
            Index => self.parse_index(st),
            Alloc => self.parse_alloc(st, name_span),
            Copy => self.parse_copy(st),
            Dealloc => self.parse_dealloc(st),
            GetGlobal => self.parse_get_global(st),
            Global => self.parse_memref_global(st),
            _ => self.parse_opaque(st, name_span),
        }
    }

    /// `tensor.empty(%sizes) : type`.
    fn parse_empty(&mut self, st: &mut OpState) -> PResult<()> {
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

    /// `tensor.extract`/`memref.load %t[%i, ...] : type`.
    fn parse_element_read(&mut self, st: &mut OpState) -> PResult<()> {
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

    /// `tensor.insert %v into %t[...]`/`memref.store %v, %m[...] : type`.
    fn parse_element_write(&mut self, f: Family, st: &mut OpState) -> PResult<()> {
        use Family::*;
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

    /// `tensor.dim`/`memref.dim %t, %i : type`.
    fn parse_dim(&mut self, st: &mut OpState) -> PResult<()> {
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

    /// `tensor.from_elements %args : type` and `tensor.splat %v : type`.
    fn parse_from_elements(&mut self, st: &mut OpState) -> PResult<()> {
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

    /// `tensor.extract_slice`/`memref.subview %t[offsets] [sizes] [strides] : from to to`.
    fn parse_slice(&mut self, st: &mut OpState, name_span: Span) -> PResult<()> {
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

    /// `tensor.insert_slice %s into %t[offsets] [sizes] [strides] : from into to`.
    fn parse_insert_slice(&mut self, st: &mut OpState, name_span: Span) -> PResult<()> {
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

    /// `tensor.expand_shape`/`collapse_shape %t [reassociation] [output_shape ...] : from into to`.
    fn parse_reshape(&mut self, f: Family, st: &mut OpState) -> PResult<()> {
        use Family::*;
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

    /// `tensor.generate %sizes { body } : type`.
    fn parse_generate(&mut self, st: &mut OpState, id: OpId) -> PResult<()> {
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

    /// `linalg.index k : index`.
    fn parse_index(&mut self, st: &mut OpState) -> PResult<()> {
        let t = self.expect(Tok::Int, "a dimension number")?;
        let Some(v) = self.int_value(t) else {
            return self.error(t.span, "dimension number out of range");
        };
        st.prop("dim", i64_attr(v), t.span);
        self.opt_attr_dict(st)?;
        st.result_types.push(self.colon_type()?);
        Ok(())
    }

    /// `memref.alloc(%sizes)[%syms] : type`.
    fn parse_alloc(&mut self, st: &mut OpState, name_span: Span) -> PResult<()> {
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

    /// `memref.copy %a, %b : from to to`.
    fn parse_copy(&mut self, st: &mut OpState) -> PResult<()> {
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

    /// `memref.dealloc %m : type`.
    fn parse_dealloc(&mut self, st: &mut OpState) -> PResult<()> {
        let a = self.parse_use()?;
        self.opt_attr_dict(st)?;
        let ty = self.colon_type()?;
        st.add(a, Some(ty));
        Ok(())
    }

    /// `memref.get_global @g : type`.
    fn parse_get_global(&mut self, st: &mut OpState) -> PResult<()> {
        let sp = self.tok.span;
        let sym = self.parse_symbol_ref()?;
        st.prop("name", Attr::SymbolRef(sym), sp);
        self.opt_attr_dict(st)?;
        st.result_types.push(self.colon_type()?);
        Ok(())
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
        let mut short = None;
        if self.at(Tok::LBrace) {
            // `linalg.map { arith.addf {attrs}? }`: the body's one op, not a dictionary.
            let next = self.peek2();
            if with_body && next.kind == Tok::Bare && self.text(next).contains('.') {
                self.bump();
                let t = self.bump();
                let attrs = if self.at(Tok::LBrace) {
                    self.parse_dict()?
                } else {
                    vec![]
                };
                self.expect(Tok::RBrace, "`}` after the body's op")?;
                short = Some((self.text(t).to_string(), attrs, t.span));
            } else {
                let d = self.parse_dict()?;
                st.props.extend(d);
            }
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
        if let Some((op, attrs, span)) = short {
            let r = self.short_body(st, id, &op, attrs, span, ins)?;
            st.regions.push(r);
        } else if with_body {
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

    /// The body that the short form `{ op {attrs} }` of `linalg.map`/`linalg.reduce` stands
    /// for: one argument per element of the inputs (and, for `reduce`, of the inits), `op` on
    /// all of them in order with the element type of the first init as its result, and
    /// `linalg.yield` of that result.
    fn short_body(
        &mut self,
        st: &OpState,
        id: OpId,
        op: &str,
        attrs: Vec<crate::ast::NamedAttr>,
        span: Span,
        ins: usize,
    ) -> PResult<RegionId> {
        let n_args = if st.name == "linalg.map" {
            ins
        } else {
            st.operand_types.len()
        };
        let elem = |t: &Option<Type>| t.as_ref().and_then(|t| t.element_type()).cloned();
        let arg_types: Option<Vec<Type>> = st.operand_types[..n_args].iter().map(elem).collect();
        let out_type = st.operand_types.get(ins).and_then(elem);
        let (Some(arg_types), Some(out_type)) = (arg_types, out_type) else {
            return self.error(span, format!("{} without shaped operand types", st.name));
        };
        let region = self.m.add_region(crate::ast::Region {
            blocks: Vec::new(),
            parent: id,
            span,
        });
        let block = self.new_block(region, span);
        let mut args = vec![];
        for (k, ty) in arg_types.into_iter().enumerate() {
            let v = self.m.add_value(crate::ast::Value {
                name: format!("in{k}"),
                ty,
                def: ValueDef::BlockArg { block, index: k },
                span,
            });
            self.m.block_mut(block).args.push(v);
            args.push(v);
        }
        let inner = self.m.add_op(crate::parser::empty_op(op));
        let result = self.m.add_value(crate::ast::Value {
            name: String::new(),
            ty: out_type,
            def: ValueDef::Result {
                op: inner,
                index: 0,
            },
            span,
        });
        let yield_op = self.m.add_op(crate::parser::empty_op("linalg.yield"));
        for (o, operands, results) in [
            (inner, args, vec![result]),
            (yield_op, vec![result], vec![]),
        ] {
            let x = self.m.op_mut(o);
            x.name_span = span;
            x.span = span;
            x.form = crate::ast::OpForm::Custom;
            x.operands = operands;
            x.results = results;
            x.parent = Some(block);
        }
        self.m.op_mut(inner).properties = attrs;
        self.m.block_mut(block).ops.extend([inner, yield_op]);
        Ok(region)
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

    /// `scf.for unsigned? %iv = %lb to %ub step %step (iter_args(%a = %x, ..) -> (T, ..))?
    /// (: I)? { body }`: operands lb, ub, step (of the induction variable's type `I`, `index`
    /// by default) and the initial values; the body's arguments are `%iv` and the iter args.
    fn parse_scf_for(&mut self, st: &mut OpState, id: OpId) -> PResult<()> {
        if self.at_bare("unsigned") {
            let t = self.bump();
            st.prop("unsignedCmp", Attr::Unit, t.span);
        }
        let iv = self.expect(Tok::Percent, "the induction variable (`%name`)")?;
        self.expect(Tok::Equal, "`=`")?;
        let lb = self.parse_use()?;
        self.expect_bare("to")?;
        let ub = self.parse_use()?;
        self.expect_bare("step")?;
        let step = self.parse_use()?;
        let mut iters = vec![];
        if self.eat_bare("iter_args") {
            self.expect(Tok::LParen, "`(`")?;
            loop {
                let a = self.expect(Tok::Percent, "an iter arg (`%name`)")?;
                self.expect(Tok::Equal, "`=`")?;
                let init = self.parse_use()?;
                iters.push((a, init));
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "`)`")?;
            self.expect(Tok::Arrow, "`->` and the result types")?;
            st.result_types = if self.at(Tok::LParen) {
                self.parse_paren_types()?
            } else {
                vec![self.parse_type()?]
            };
            if st.result_types.len() != iters.len() {
                return self.error(
                    iv.span,
                    format!(
                        "{} iter args but {} result types",
                        iters.len(),
                        st.result_types.len()
                    ),
                );
            }
        }
        let ity = if self.at(Tok::Colon) {
            self.colon_type()?
        } else {
            Type::Index
        };
        for u in [lb, ub, step] {
            st.add(u, Some(ity.clone()));
        }
        let mut args = vec![(self.text(iv), ity, iv.span)];
        for ((a, init), ty) in iters.into_iter().zip(st.result_types.clone()) {
            st.add(init, Some(ty.clone()));
            args.push((self.text(a), ty, a.span));
        }
        let body = self.parse_op_region(st, id, &args)?;
        st.regions.push(body);
        self.opt_attr_dict(st)
    }

    /// `scf.while (%a = %init, ...) : (T, ...) -> (U, ...) { before } do { after }
    /// attributes? {attrs}`: the before region's entry arguments are the `%a`s.
    fn parse_scf_while(&mut self, st: &mut OpState, id: OpId) -> PResult<()> {
        self.expect(Tok::LParen, "`(` and the initial values")?;
        let mut inits = vec![];
        while !self.at(Tok::RParen) {
            let a = self.expect(Tok::Percent, "a region argument (`%name`)")?;
            self.expect(Tok::Equal, "`=`")?;
            let init = self.parse_use()?;
            inits.push((a, init));
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        let open = self.expect(Tok::RParen, "`)`")?;
        self.expect(Tok::Colon, "`:` and the loop's function type")?;
        let in_tys = self.parse_paren_types()?;
        self.expect(Tok::Arrow, "`->` and the result types")?;
        st.result_types = if self.at(Tok::LParen) {
            self.parse_paren_types()?
        } else {
            vec![self.parse_type()?]
        };
        if in_tys.len() != inits.len() {
            return self.error(
                open.span,
                "initial values and operand types differ in number",
            );
        }
        let mut args = vec![];
        for ((a, init), ty) in inits.into_iter().zip(in_tys) {
            st.add(init, Some(ty.clone()));
            args.push((self.text(a), ty, a.span));
        }
        let before = self.parse_op_region(st, id, &args)?;
        st.regions.push(before);
        self.expect_bare("do")?;
        let after = self.parse_op_region(st, id, &[])?;
        st.regions.push(after);
        self.eat_bare("attributes");
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
