//! The file level: attribute and type alias definitions, file metadata (`{-# ... #-}`), and
//! the module: a single explicit `builtin.module` is unwrapped, otherwise the top-level ops
//! form an implicit module.

use crate::ast::*;
use crate::attrs::Attr;
use crate::lexer::Tok;
use crate::parser::{empty_op, PResult, Parser};
use crate::scope::BlockScope;
use report::Span;
use std::collections::BTreeMap;

impl<'s> Parser<'s> {
    pub(crate) fn parse_file(&mut self) {
        let top = self.m.add_op(empty_op("builtin.module"));
        let region = self.m.add_region(Region {
            blocks: Vec::new(),
            parent: top,
            span: Span {
                start: 0,
                end: self.lex.src.len(),
            },
        });
        let body = self.new_block(region, Span::default());
        self.m.op_mut(top).regions.push(region);
        self.push_scope(true);
        self.block_scopes.push(BlockScope {
            region,
            labels: BTreeMap::new(),
        });
        self.dialects.push("");
        while !self.fatal {
            match self.tok.kind {
                Tok::Eof => break,
                Tok::Hash | Tok::Bang if self.peek2().kind == Tok::Equal => {
                    let start = self.tok.span.start;
                    if self.parse_alias().is_err() {
                        self.recover(start);
                    }
                }
                Tok::FileMetaStart => {
                    let open = self.tok.span;
                    self.raw_begin();
                    let ok = self.lex.balanced().is_some();
                    self.raw_end();
                    if !ok {
                        let _ = self.error::<()>(open, "unterminated file metadata `{-#`");
                        break;
                    }
                }
                Tok::RBrace => {
                    let _ = self.error::<()>(self.tok.span, "unexpected `}`");
                    self.bump();
                }
                _ => {
                    if self.parse_op_recovering(body).is_err() {
                        break;
                    }
                }
            }
        }
        self.pop_scope();
        self.block_scopes.pop();
        self.finish_module(body);
        self.resolve_locs();
    }

    /// Replaces an op's location that is an alias (`#loc3`, defined anywhere in the file) by the
    /// alias's text; an undefined alias is an error, as in MLIR.
    fn resolve_locs(&mut self) {
        for i in 0..self.m.ops.len() {
            let Some(loc) = self.m.ops[i].loc.clone() else {
                continue;
            };
            let Some(name) = loc.strip_prefix('#') else {
                continue;
            };
            match self.loc_aliases.get(name) {
                Some(text) => self.m.ops[i].loc = Some(text.clone()),
                None => {
                    let span = self.m.ops[i].span;
                    let _ = self.error::<()>(span, format!("undefined location alias `#{name}`"));
                }
            }
        }
    }

    /// Unwraps a single explicit `builtin.module`; otherwise the ops form an implicit module.
    fn finish_module(&mut self, body: BlockId) {
        self.m.body = Some(body);
        if let [only] = self.m.block(body).ops[..] {
            let op = self.m.op(only);
            if op.name == "builtin.module" && op.regions.len() == 1 {
                let r = op.regions[0];
                let mut attrs = op.properties.clone();
                attrs.extend(op.attributes.iter().cloned());
                self.m.name = match op.attr("sym_name") {
                    Some(Attr::String(s)) => Some(s.clone()),
                    _ => None,
                };
                attrs.retain(|a| a.name != "sym_name");
                self.m.attributes = attrs;
                let inner = match self.m.region(r).blocks.first() {
                    Some(&b) => b,
                    None => self.new_block(r, Span::default()),
                };
                self.m.body = Some(inner);
            }
        }
    }

    /// `#name = attr` or `!name = type`.
    fn parse_alias(&mut self) -> PResult<()> {
        let t = self.bump();
        let name = self.text(t).to_string();
        self.expect(Tok::Equal, "`=`")?;
        if t.kind == Tok::Hash && self.at_bare("loc") && self.peek2().kind == Tok::LParen {
            let loc = self.parse_loc()?.unwrap_or_default();
            if self.loc_aliases.insert(name.clone(), loc).is_some() {
                return self.error(t.span, format!("redefinition of location alias `#{name}`"));
            }
        } else if t.kind == Tok::Hash {
            let a = self.parse_attr()?;
            if self.attr_aliases.insert(name.clone(), a.clone()).is_some() {
                return self.error(t.span, format!("redefinition of attribute alias `#{name}`"));
            }
            self.m.attr_aliases.push((name, a));
        } else {
            let ty = self.parse_type()?;
            if self.type_aliases.insert(name.clone(), ty.clone()).is_some() {
                return self.error(t.span, format!("redefinition of type alias `!{name}`"));
            }
            self.m.type_aliases.push((name, ty));
        }
        Ok(())
    }
}
