//! Custom forms of `builtin.module` and `func.func`: symbol names, signatures with argument
//! and result attributes, and the body region whose entry block takes the arguments.

use crate::ast::OpId;
use crate::attrs::Attr;
use crate::lexer::Tok;
use crate::parser::{OpState, PResult, Parser};
use crate::types::Type;
use report::Span;

impl<'s> Parser<'s> {
    /// `attributes {...}` if present.
    fn opt_attributes_kw(&mut self, st: &mut OpState) -> PResult<()> {
        if self.eat_bare("attributes") {
            let d = self.parse_dict()?;
            st.attrs.extend(d);
        }
        Ok(())
    }

    /// `module @name? attributes {...}? { ... }`.
    pub(crate) fn parse_module_op(&mut self, st: &mut OpState, id: OpId) -> PResult<()> {
        if self.at(Tok::At) {
            let t = self.bump();
            st.prop("sym_name", Attr::String(self.text(t).to_string()), t.span);
        }
        self.opt_attributes_kw(st)?;
        let r = self.parse_op_region(st, id, &[])?;
        st.regions.push(r);
        Ok(())
    }

    /// `func.func private? @name(%a: T {attrs}, ...) -> (R {attrs}) attributes {...} {body}`;
    /// a declaration has unnamed argument types and no body.
    pub(crate) fn parse_func(&mut self, st: &mut OpState, id: OpId) -> PResult<()> {
        if let Some(v) = ["private", "public", "nested"]
            .into_iter()
            .find(|v| self.at_bare(v))
        {
            let t = self.bump();
            st.prop("sym_visibility", Attr::String(v.to_string()), t.span);
        }
        let name = self.expect(Tok::At, "the function name (`@name`)")?;
        st.prop(
            "sym_name",
            Attr::String(self.text(name).to_string()),
            name.span,
        );
        self.expect(Tok::LParen, "`(` and the arguments")?;
        let mut args: Vec<(&'s str, Type, Span)> = Vec::new();
        let mut inputs = Vec::new();
        let mut arg_attrs = Vec::new();
        let mut named = None;
        if !self.eat(Tok::RParen) {
            loop {
                let is_named = self.at(Tok::Percent);
                if *named.get_or_insert(is_named) != is_named {
                    return self.err_expected("all arguments named or none");
                }
                if is_named {
                    let a = self.bump();
                    self.expect(Tok::Colon, "`:` after an argument name")?;
                    let ty = self.parse_type()?;
                    args.push((self.text(a), ty.clone(), a.span));
                    inputs.push(ty);
                } else {
                    inputs.push(self.parse_type()?);
                }
                arg_attrs.push(if self.at(Tok::LBrace) {
                    self.parse_dict()?
                } else {
                    Vec::new()
                });
                self.skip_loc()?;
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "`)` after the arguments")?;
        }
        let mut results = Vec::new();
        let mut res_attrs = Vec::new();
        if self.eat(Tok::Arrow) {
            if self.eat(Tok::LParen) {
                if !self.eat(Tok::RParen) {
                    loop {
                        results.push(self.parse_type()?);
                        res_attrs.push(if self.at(Tok::LBrace) {
                            self.parse_dict()?
                        } else {
                            Vec::new()
                        });
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RParen, "`)` after the result types")?;
                }
            } else {
                // Without parentheses a `{` is the body, not result attributes.
                results.push(self.parse_type()?);
                res_attrs.push(Vec::new());
            }
        }
        let fty = Type::Function { inputs, results };
        st.prop("function_type", Attr::Type(fty), name.span);
        for (key, list) in [("arg_attrs", arg_attrs), ("res_attrs", res_attrs)] {
            if list.iter().any(|d| !d.is_empty()) {
                let dicts = list.into_iter().map(Attr::Dict).collect();
                st.prop(key, Attr::Array(dicts), name.span);
            }
        }
        self.opt_attributes_kw(st)?;
        let r = if self.at(Tok::LBrace) {
            if named == Some(false) {
                return self.error(name.span, "a function with a body needs named arguments");
            }
            self.parse_op_region(st, id, &args)?
        } else {
            self.empty_region(id)
        };
        st.regions.push(r);
        Ok(())
    }
}
