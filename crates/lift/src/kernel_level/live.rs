//! The statements of a kernel's body that run under one assignment of its constexprs: an `if`
//! whose condition the constexprs' literal values decide (`if reduction == _MODE_NONE:`,
//! `if not HAS_BIAS:`) is replaced by the branch it takes. What the models read off the body
//! syntactically (a pointer's view: [`super::rows`]) then sees only code that runs in the
//! case checked; the symbolic run itself decides such conditions on its own.

use crate::host::{HExpr, HostArg};
use ruff_python_ast::{BoolOp, CmpOp, ElifElseClause, Expr, Stmt, UnaryOp};

/// A literal value a condition compares.
#[derive(Clone, Debug, PartialEq)]
enum Lit {
    Int(i128),
    Str(String),
}

/// `body` with each `if` that `values` (constexpr parameter, its literal) and the module's
/// `constants` decide replaced by the statements of the branch taken, at any depth.
pub(super) fn live(
    body: &[Stmt],
    values: &[(String, HostArg)],
    constants: &[(String, Expr)],
) -> Vec<Stmt> {
    let cx = Cx { values, constants };
    cx.stmts(body)
}

struct Cx<'a> {
    values: &'a [(String, HostArg)],
    constants: &'a [(String, Expr)],
}

impl Cx<'_> {
    fn stmts(&self, body: &[Stmt]) -> Vec<Stmt> {
        body.iter().flat_map(|s| self.stmt(s)).collect()
    }

    fn stmt(&self, s: &Stmt) -> Vec<Stmt> {
        match s {
            Stmt::If(i) => match self.truth(&i.test) {
                Some(true) => self.stmts(&i.body),
                Some(false) => self.clauses(&i.elif_else_clauses, s),
                None => {
                    let mut i = i.clone();
                    i.body = self.stmts(&i.body).into();
                    for c in &mut i.elif_else_clauses {
                        c.body = self.stmts(&c.body).into();
                    }
                    vec![Stmt::If(i)]
                }
            },
            Stmt::For(f) => {
                let mut f = f.clone();
                f.body = self.stmts(&f.body).into();
                vec![Stmt::For(f)]
            }
            Stmt::While(w) => {
                let mut w = w.clone();
                w.body = self.stmts(&w.body).into();
                vec![Stmt::While(w)]
            }
            s => vec![s.clone()],
        }
    }

    /// The `elif`/`else` clauses after a false condition: the first taken, or the statement
    /// `whole` (pruned inside) when a clause's condition is not decided.
    fn clauses(&self, clauses: &[ElifElseClause], whole: &Stmt) -> Vec<Stmt> {
        for (k, c) in clauses.iter().enumerate() {
            match c.test.as_ref().map(|t| self.truth(t)) {
                None | Some(Some(true)) => return self.stmts(&c.body),
                Some(Some(false)) => continue,
                Some(None) => {
                    // An undecided `elif`: the rest stays an `if` of its own.
                    let Stmt::If(i) = whole else {
                        unreachable!("an if")
                    };
                    let mut rest = i.clone();
                    rest.test = Box::new(c.test.clone().expect("an elif"));
                    rest.body = self.stmts(&c.body).into();
                    rest.elif_else_clauses = clauses[k + 1..].to_vec();
                    for c in &mut rest.elif_else_clauses {
                        c.body = self.stmts(&c.body).into();
                    }
                    return vec![Stmt::If(rest)];
                }
            }
        }
        vec![]
    }

    /// The truth value of condition `e`, when the literals decide it.
    fn truth(&self, e: &Expr) -> Option<bool> {
        match e {
            Expr::UnaryOp(u) if u.op == UnaryOp::Not => self.truth(&u.operand).map(|b| !b),
            Expr::BoolOp(b) => {
                let and = b.op == BoolOp::And;
                let mut all = Some(and);
                for v in &b.values {
                    match self.truth(v) {
                        // `and` is false at a false operand, `or` true at a true one.
                        Some(x) if x != and => return Some(x),
                        Some(_) => {}
                        None => all = None,
                    }
                }
                all
            }
            Expr::Compare(c) if c.ops.len() == 1 => {
                let (l, r) = (self.value(&c.left)?, self.value(&c.comparators[0])?);
                match c.ops[0] {
                    CmpOp::Eq | CmpOp::Is => Some(l == r),
                    CmpOp::NotEq | CmpOp::IsNot => Some(l != r),
                    _ => None,
                }
            }
            e => match self.value(e)? {
                Lit::Int(v) => Some(v != 0),
                Lit::Str(s) => Some(!s.is_empty()),
            },
        }
    }

    /// The literal `e` is: a literal, a constexpr with a literal value, a module constant.
    fn value(&self, e: &Expr) -> Option<Lit> {
        match e {
            Expr::Name(n) => {
                let n = n.id.as_str();
                if let Some((_, v)) = self.values.iter().find(|(p, _)| p == n) {
                    return match v {
                        HostArg::Bool(b) => Some(Lit::Int(*b as i128)),
                        HostArg::Int(HExpr::Lit(v)) => Some(Lit::Int(*v)),
                        HostArg::Str(s) => Some(Lit::Str(s.clone())),
                        _ => None,
                    };
                }
                let (_, v) = self.constants.iter().find(|(c, _)| c == n)?;
                self.value(v)
            }
            Expr::BooleanLiteral(b) => Some(Lit::Int(b.value as i128)),
            Expr::StringLiteral(s) => Some(Lit::Str(s.value.to_str().to_string())),
            e => crate::host::int_literal(e).map(|v| Lit::Int(v.into())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(src: &str) -> Vec<Stmt> {
        ruff_python_parser::parse_module(src)
            .expect("parses")
            .into_syntax()
            .body
            .to_vec()
    }

    fn shown(stmts: &[Stmt]) -> usize {
        stmts.len()
    }

    #[test]
    fn a_decided_mode_keeps_its_branch_only() {
        let src = "if mode == NONE:\n    a = 1\nelse:\n    b = 2\n    c = 3\n";
        let values = vec![("mode".to_string(), HostArg::Int(HExpr::Lit(3)))];
        let constants = body("NONE = 0\n");
        let constants: Vec<(String, Expr)> = constants
            .iter()
            .filter_map(|s| match s {
                Stmt::Assign(a) => match &a.targets[0] {
                    Expr::Name(n) => Some((n.id.to_string(), (*a.value).clone())),
                    _ => None,
                },
                _ => None,
            })
            .collect();
        let out = live(&body(src), &values, &constants);
        assert_eq!(shown(&out), 2);
        assert!(matches!(&out[0], Stmt::Assign(_)));
    }

    #[test]
    fn an_undecided_condition_stays() {
        let src = "if n > 0 and not FLAG:\n    a = 1\n";
        let values = vec![("FLAG".to_string(), HostArg::Bool(false))];
        let out = live(&body(src), &values, &[]);
        assert!(matches!(&out[..], [Stmt::If(_)]));
        let values = vec![("FLAG".to_string(), HostArg::Bool(true))];
        let out = live(&body(src), &values, &[]);
        assert!(out.is_empty());
    }
}
