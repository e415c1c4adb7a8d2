//! A Rust API for building rules, with the power of the text format: the same AST, the same
//! checks. Structure (axes, maps, tensors, scalars) is given by method calls; expressions,
//! shapes and conditions are given in the rule language's expression syntax (docs/rules.md),
//! parsed with the same parser, so every diagnostic points into the piece it came from.
//!
//! ```
//! use rules::{RuleBuilder, Options, check_rule};
//! use report::Verdict;
//! let rule = RuleBuilder::new("Add(A, 0) => A")
//!     .types(&[tensor::ElemType::Int])
//!     .axes("R")
//!     .maps(&["n"], "R")
//!     .tensor("A", "[R: n]")
//!     .lhs("add(A, 0)")
//!     .rhs("A")
//!     .build()
//!     .unwrap();
//! assert!(matches!(check_rule(&rule, &Options::default()).verdict, Verdict::Verified { .. }));
//! ```

use crate::ast::*;
use crate::parser::{parse_piece, Parser};
use report::{Diagnostic, Span};
use tensor::ElemType;

/// Builds one [`Rule`]. Errors are collected and returned by [`RuleBuilder::build`], each with
/// the piece of text it points into.
pub struct RuleBuilder {
    rule: Rule,
    errors: Vec<(String, Diagnostic)>,
}

fn ident(name: &str) -> Ident {
    Ident {
        name: name.to_string(),
        span: Span::default(),
    }
}

impl RuleBuilder {
    pub fn new(name: &str) -> Self {
        RuleBuilder {
            rule: Rule::empty(name.to_string(), Span::default()),
            errors: vec![],
        }
    }

    fn piece<T>(
        &mut self,
        src: &str,
        what: &str,
        f: impl FnOnce(&mut Parser) -> Result<T, Diagnostic>,
    ) -> Option<T> {
        match parse_piece(src, what, f) {
            Ok(v) => Some(v),
            Err(ds) => {
                self.errors
                    .extend(ds.into_iter().map(|d| (src.to_string(), d)));
                None
            }
        }
    }

    /// The element types to check the rule at.
    pub fn types(mut self, types: &[ElemType]) -> Self {
        self.rule.types = types.iter().map(|t| (*t, Span::default())).collect();
        self
    }

    /// An aggregated axis with any rank (`axes R`).
    pub fn axes(self, name: &str) -> Self {
        self.axes_with_rank(name, "")
    }

    /// An aggregated axis with a rank spec as in the text format: `"(rank 1)"`, `"(rank >= 1)"`.
    pub fn axes_with_rank(mut self, name: &str, rank: &str) -> Self {
        if let Some(rank) = self.piece(rank, "rank", |p| p.rank_spec()) {
            self.rule.axes.push(AxisDecl {
                name: ident(name),
                rank,
            });
        }
        self
    }

    /// Integer attribute maps on an aggregated axis (`maps n, b : R`).
    pub fn maps(mut self, names: &[&str], class: &str) -> Self {
        for n in names {
            self.rule.maps.push(MapDecl {
                name: ident(n),
                class: ident(class),
            });
        }
        self
    }

    /// An input tensor of the rule's element type with a shape such as `"[R0: n0, R1: n1]"`.
    pub fn tensor(self, name: &str, shape: &str) -> Self {
        self.tensor_typed(name, None, shape)
    }

    /// An input tensor of a fixed element type.
    pub fn tensor_typed(mut self, name: &str, ty: Option<ElemType>, shape: &str) -> Self {
        if let Some(shape) = self.piece(shape, "shape", |p| p.map_list()) {
            let ty = ty.map(TypeRef::Fixed).unwrap_or(TypeRef::Param);
            self.rule.tensors.push(TensorDecl {
                name: ident(name),
                ty,
                shape,
            });
        }
        self
    }

    /// A scalar input, of the rule's element type or a fixed one.
    pub fn scalar(mut self, name: &str, ty: Option<ElemType>) -> Self {
        let ty = ty.map(TypeRef::Fixed).unwrap_or(TypeRef::Param);
        self.rule.scalars.push(ScalarDecl {
            name: ident(name),
            ty,
        });
        self
    }

    pub fn lhs(mut self, expr: &str) -> Self {
        self.rule.lhs = self.piece(expr, "expression", |p| p.expr());
        self
    }

    pub fn rhs(mut self, expr: &str) -> Self {
        self.rule.rhs = self.piece(expr, "expression", |p| p.expr());
        self
    }

    /// A precondition, e.g. `"0 <= b && b + l <= n"` or `"exists R: n == 0"`; one over the
    /// elements of a tensor declared before it (`"isfinite(A)"`) is an `assume`, as in `where`.
    pub fn precondition(mut self, cond: &str) -> Self {
        let rule = self.rule.clone();
        let item = self.piece(cond, "condition", |p| {
            if p.at_value_condition(&rule) {
                p.value_cond().map(Err)
            } else {
                p.cond().map(Ok)
            }
        });
        match item {
            Some(Ok(c)) => self.rule.wheres.push(c),
            Some(Err(e)) => self.rule.assumes.push(e),
            None => {}
        }
        self
    }

    /// A bool tensor expression that holds at every index.
    pub fn assume(mut self, expr: &str) -> Self {
        if let Some(e) = self.piece(expr, "expression", |p| p.expr()) {
            self.rule.assumes.push(e);
        }
        self
    }

    /// A reduction hint: the summation index `index` of the left (or right) side, defined from
    /// the other side's indices, e.g. `hint(false, "r", "ite(g == 0, a, kx + b)")`.
    pub fn hint(mut self, side_is_lhs: bool, index: &str, value: &str) -> Self {
        let idx = ident(index);
        if let Some(value) = self.piece(value, "index expression", |p| p.mexpr()) {
            self.rule.hints.push(HintDef {
                side_is_lhs,
                index: idx,
                value,
            });
        }
        self
    }

    /// The rule, or every problem found, each with the text it points into.
    pub fn build(self) -> Result<Rule, Vec<(String, Diagnostic)>> {
        let mut errors = self.errors;
        if self.rule.types.is_empty() {
            errors.push((
                String::new(),
                Diagnostic {
                    span: Span::default(),
                    message: "no element type given".into(),
                },
            ));
        }
        if errors.is_empty() {
            Ok(self.rule)
        } else {
            Err(errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{check_rule, Options};
    use report::Verdict;

    #[test]
    fn builds_the_same_rule_as_the_text_format() {
        let text = "rule \"r\" for int {\n axes R\n maps n, b, l : R\n tensor A : [R: n]\n \
                    lhs dynamic_slice(A, start = [R: b], sizes = [R: l])\n \
                    rhs slice(A, start = [R: b], limit = [R: b + l])\n where 0 <= b, b + l <= n\n}";
        let (file, diags) = crate::parse_file(text);
        assert!(diags.is_empty());
        let base = || {
            RuleBuilder::new("r")
                .types(&[ElemType::Int])
                .axes("R")
                .maps(&["n", "b", "l"], "R")
                .tensor("A", "[R: n]")
                .lhs("dynamic_slice(A, start = [R: b], sizes = [R: l])")
                .rhs("slice(A, start = [R: b], limit = [R: b + l])")
        };
        let built = base()
            .precondition("0 <= b")
            .precondition("b + l <= n")
            .build()
            .expect("builds");
        let opts = Options::default();
        let a = check_rule(&file.rules[0], &opts).verdict;
        let b = check_rule(&built, &opts).verdict;
        assert_eq!(a.name(), "verified");
        assert_eq!(b.name(), "verified");
        // Without the precondition the built rule is refuted, as the text one would be.
        let wrong = base().build().expect("builds");
        assert!(matches!(
            check_rule(&wrong, &opts).verdict,
            Verdict::Refuted { .. }
        ));
    }

    #[test]
    fn reports_bad_pieces_with_their_text() {
        let errs = RuleBuilder::new("r")
            .types(&[ElemType::Int])
            .lhs("add(A,")
            .rhs("A)")
            .build()
            .unwrap_err();
        assert_eq!(errs.len(), 2);
        assert_eq!(errs[0].0, "add(A,");
        assert_eq!(errs[1].0, "A)");
        assert!(
            errs[1].1.message.contains("after the expression"),
            "{:?}",
            errs[1]
        );
    }
}
