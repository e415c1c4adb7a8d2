//! SSA name scopes, block labels, blocks and regions.
//!
//! A region opens a scope; a name used before its definition gets a placeholder value that
//! the definition fills in (uses inside nested regions may refer to later definitions of an
//! enclosing, non-isolated region). Names do not cross an isolated op (`func.func`,
//! `builtin.module`). Block labels are scoped per region and may be referenced before their
//! block.

use crate::ast::*;
use crate::lexer::Tok;
use crate::parser::{PResult, Parser, Use};
use crate::types::Type;
use report::Span;
use std::collections::BTreeMap;

pub(crate) struct Scope {
    pub names: BTreeMap<String, ValueId>,
    pub forward: BTreeMap<String, (ValueId, Span)>,
    pub isolated: bool,
}

pub(crate) struct BlockScope {
    pub region: RegionId,
    /// Label to block, with the span of its first forward use while undefined.
    pub labels: BTreeMap<String, (BlockId, Option<Span>)>,
}

impl<'s> Parser<'s> {
    pub(crate) fn push_scope(&mut self, isolated: bool) {
        self.scopes.push(Scope {
            names: BTreeMap::new(),
            forward: BTreeMap::new(),
            isolated,
        });
    }

    pub(crate) fn pop_scope(&mut self) {
        let Some(s) = self.scopes.pop() else { return };
        let unresolved: Vec<(String, (ValueId, Span))> = s.forward.into_iter().collect();
        match self.scopes.last_mut() {
            Some(parent) if !s.isolated => parent.forward.extend(unresolved),
            _ => {
                for (name, (_, span)) in unresolved {
                    let _ = self.error::<()>(span, format!("use of undefined value `%{name}`"));
                }
            }
        }
    }

    /// `%name` or `%name#N`.
    pub fn parse_use(&mut self) -> PResult<Use> {
        let t = self.expect(Tok::Percent, "a value (`%name`)")?;
        let mut name = self.text(t).to_string();
        let mut span = t.span;
        if self.at(Tok::Hash) && self.tok.span.start == self.prev_end {
            let h = self.bump();
            let n = self.text(h);
            if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
                return self.error(h.span, "expected a result number after `#`");
            }
            name = format!("{name}#{n}");
            span.end = h.span.end;
        }
        Ok(Use {
            id: self.lookup(&name, span),
            span,
        })
    }

    /// Comma-separated uses (possibly none, when the current token is not `%`).
    pub fn parse_uses(&mut self) -> PResult<Vec<Use>> {
        let mut out = Vec::new();
        if !self.at(Tok::Percent) {
            return Ok(out);
        }
        loop {
            out.push(self.parse_use()?);
            if !self.eat(Tok::Comma) {
                return Ok(out);
            }
        }
    }

    fn lookup(&mut self, name: &str, span: Span) -> ValueId {
        for s in self.scopes.iter().rev() {
            if let Some(&v) = s.names.get(name) {
                return v;
            }
            if let Some(&(v, _)) = s.forward.get(name) {
                return v;
            }
            if s.isolated {
                break;
            }
        }
        let v = self.m.add_value(Value {
            name: name.to_string(),
            ty: Type::None,
            def: ValueDef::Forward,
            span,
        });
        if let Some(s) = self.scopes.last_mut() {
            s.forward.insert(name.to_string(), (v, span));
        }
        v
    }

    /// Binds `name` in the innermost scope (resolving a forward use of it).
    pub fn define(&mut self, name: &str, ty: Type, def: ValueDef, span: Span) -> ValueId {
        let forward = self.scopes.last_mut().and_then(|s| s.forward.remove(name));
        let v = match forward {
            Some((v, _)) => {
                let val = self.m.value_mut(v);
                val.ty = ty;
                val.def = def;
                val.span = span;
                v
            }
            None => self.m.add_value(Value {
                name: name.to_string(),
                ty,
                def,
                span,
            }),
        };
        if name.is_empty() {
            return v;
        }
        let dup = self
            .scopes
            .last_mut()
            .and_then(|s| s.names.insert(name.to_string(), v))
            .is_some();
        if dup {
            let _ = self.error::<()>(span, format!("redefinition of value `%{name}`"));
        }
        v
    }

    pub(crate) fn block_ref(&mut self, label: &str, span: Span) -> PResult<BlockId> {
        let Some(bs) = self.block_scopes.last_mut() else {
            return self.error(span, "a block reference outside a region");
        };
        if let Some(&(b, _)) = bs.labels.get(label) {
            return Ok(b);
        }
        let region = bs.region;
        let b = self.m.add_block(Block {
            label: Some(label.to_string()),
            args: Vec::new(),
            ops: Vec::new(),
            parent: region,
            span,
        });
        if let Some(bs) = self.block_scopes.last_mut() {
            bs.labels.insert(label.to_string(), (b, Some(span)));
        }
        Ok(b)
    }

    /// `^label(%a: T, ...)` up to and including the `:`; returns the block, appended to the
    /// region.
    fn parse_block_header(&mut self, region: RegionId) -> PResult<BlockId> {
        let t = self.expect(Tok::Caret, "a block label")?;
        let label = self.text(t).to_string();
        let existing = self
            .block_scopes
            .last()
            .and_then(|bs| bs.labels.get(&label).copied());
        let b = match existing {
            Some((_, None)) => {
                return self.error(t.span, format!("redefinition of block `^{label}`"))
            }
            Some((b, Some(_))) => b,
            None => self.block_ref(&label, t.span)?,
        };
        if let Some(bs) = self.block_scopes.last_mut() {
            bs.labels.insert(label, (b, None));
        }
        self.m.block_mut(b).span = t.span;
        self.m.region_mut(region).blocks.push(b);
        if self.eat(Tok::LParen) && !self.eat(Tok::RParen) {
            loop {
                let a = self.expect(Tok::Percent, "a block argument")?;
                self.expect(Tok::Colon, "`:` after a block argument")?;
                let ty = self.parse_type()?;
                self.skip_loc()?;
                self.add_block_arg(b, self.text(a), ty, a.span);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "`)` after block arguments")?;
        }
        self.expect(Tok::Colon, "`:` after a block label")?;
        Ok(b)
    }

    pub fn add_block_arg(&mut self, b: BlockId, name: &str, ty: Type, span: Span) -> ValueId {
        let index = self.m.block(b).args.len();
        let v = self.define(name, ty, ValueDef::BlockArg { block: b, index }, span);
        self.m.block_mut(b).args.push(v);
        v
    }

    /// `{ ops ^bb1(...): ops }`. `entry_args` (name, type, span) are the arguments of the
    /// entry block written outside the region (`func.func @f(%a: T)`).
    pub fn parse_region(
        &mut self,
        parent: OpId,
        isolated: bool,
        entry_args: &[(&'s str, Type, Span)],
    ) -> PResult<RegionId> {
        self.enter()?;
        let r = self.parse_region_inner(parent, isolated, entry_args);
        self.leave();
        r
    }

    fn parse_region_inner(
        &mut self,
        parent: OpId,
        isolated: bool,
        entry_args: &[(&'s str, Type, Span)],
    ) -> PResult<RegionId> {
        let open = self.expect(Tok::LBrace, "`{` to start a region")?;
        let rid = self.m.add_region(Region {
            blocks: Vec::new(),
            parent,
            span: open.span,
        });
        self.push_scope(isolated);
        self.block_scopes.push(BlockScope {
            region: rid,
            labels: BTreeMap::new(),
        });
        let r = self.parse_region_body(rid, entry_args);
        self.block_scopes.pop();
        self.pop_scope();
        r?;
        let close = self.expect(Tok::RBrace, "`}` to end the region")?;
        self.m.region_mut(rid).span.end = close.span.end;
        Ok(rid)
    }

    /// A region with no blocks (a function declaration's body).
    pub fn empty_region(&mut self, parent: OpId) -> RegionId {
        self.m.add_region(Region {
            blocks: Vec::new(),
            parent,
            span: Span {
                start: self.prev_end,
                end: self.prev_end,
            },
        })
    }

    pub(crate) fn new_block(&mut self, region: RegionId, span: Span) -> BlockId {
        let b = self.m.add_block(Block {
            label: None,
            args: Vec::new(),
            ops: Vec::new(),
            parent: region,
            span,
        });
        self.m.region_mut(region).blocks.push(b);
        b
    }

    fn parse_region_body(
        &mut self,
        rid: RegionId,
        entry_args: &[(&'s str, Type, Span)],
    ) -> PResult<()> {
        let mut block = None;
        if !entry_args.is_empty() || (!self.at(Tok::Caret) && !self.at(Tok::RBrace)) {
            let b = self.new_block(rid, self.tok.span);
            for (name, ty, span) in entry_args {
                self.add_block_arg(b, name, ty.clone(), *span);
            }
            block = Some(b);
        }
        let entry_named = block.filter(|_| !entry_args.is_empty());
        loop {
            match self.tok.kind {
                Tok::RBrace => break,
                Tok::Eof => return self.err_expected("`}` to end the region"),
                Tok::Caret => {
                    if entry_named.is_some_and(|e| self.m.block(e).ops.is_empty()) {
                        return self.error(
                            self.tok.span,
                            "the entry block's arguments are given by the op; it takes no label",
                        );
                    }
                    block = Some(self.parse_block_header(rid)?);
                }
                _ => {
                    let b = match block {
                        Some(b) => b,
                        None => self.new_block(rid, self.tok.span),
                    };
                    block = Some(b);
                    self.parse_op_recovering(b)?;
                }
            }
        }
        let undefined: Vec<(String, Span)> = self
            .block_scopes
            .last()
            .map(|bs| {
                bs.labels
                    .iter()
                    .filter_map(|(l, (_, fwd))| fwd.map(|s| (l.clone(), s)))
                    .collect()
            })
            .unwrap_or_default();
        for (label, span) in undefined {
            let _ = self.error::<()>(span, format!("reference to an undefined block `^{label}`"));
        }
        Ok(())
    }
}
