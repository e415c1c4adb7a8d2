//! `tl.reduce(input, axis, combine_fn, keep_dims=False)`: a reduction by a `@triton.jit`
//! function of two values (triton.language.reduce, 3.2).
//!
//! The combine function is recognised by lifting it, never by its name: it runs once in the
//! symbolic domain on two fresh scalars `a` and `b` (reals; conditions when the reduced block
//! is one), and its result is compared with the terms the same ops make for `a + b`,
//! `a * b`, `maximum(a, b)`, `minimum(a, b)` (reals) or `a & b`, `a | b` (conditions), in
//! either order of the operands. Terms are hash-consed, so equal terms are one term. A match
//! maps the reduction onto `tl.sum`, a product, `tl.max` or `tl.min` (a conjunction is a
//! minimum of the conditions as 0 or 1, positive; a disjunction a maximum); anything else (a
//! function of tuples, an argmax with indices) is unsupported, naming what it computes.

use super::{Flow, Interp};
use crate::mem::Machine;
use crate::ops::{self, Arith, Logic};
use crate::value::{Block, Elem, KVal, Ty};
use ruff_python_ast as ast;
use symbolic::{Sym, SymVal};
use tensor::Reducer;

/// What a combine function computes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Combine {
    /// `a + b`, `a * b`, `maximum(a, b)`, `minimum(a, b)` on reals.
    Real(Reducer),
    /// `a & b` (`a and b`) on conditions.
    All,
    /// `a | b` (`a or b`) on conditions.
    Any,
}

/// What `f(a, b)` computes, for `a` and `b` conditions when `conditions`, reals otherwise;
/// why it is none of [`Combine`]'s otherwise.
pub(crate) fn classify<'s>(
    src: &'s str,
    helpers: &[&'s ast::StmtFunctionDef],
    names: &crate::imports::Names,
    f: &'s ast::StmtFunctionDef,
    conditions: bool,
) -> Result<Combine, String> {
    let params = crate::front::parameters(f);
    if params.len() != 2 {
        return Err(format!(
            "tl.reduce with the combine function `{}` of {} arguments (only a function of two \
             values; tuples are not reduced)",
            f.name.id,
            params.len()
        ));
    }
    let mut d = Sym::new(smt::Store::new());
    let sort = if conditions {
        smt::Sort::Bool
    } else {
        smt::Sort::Real
    };
    let scalar = |d: &mut Sym, name: &str| {
        let s = d.store.fresh(name, sort);
        let t = d.store.sym(s);
        if conditions {
            Block::splat(Ty::Bool, Elem::B(t))
        } else {
            Block::splat(Ty::Real, Elem::V(SymVal::Plain(t)))
        }
    };
    let (a, b) = (scalar(&mut d, "combine_a"), scalar(&mut d, "combine_b"));
    // Program ids are fresh unknowns: a combine function that reads them matches nothing.
    let ints = |d: &mut Sym, name: &str| -> Vec<smt::TermId> {
        (0..3)
            .map(|k| {
                let s = d.store.fresh(&format!("{name}{k}"), smt::Sort::Int);
                d.store.sym(s)
            })
            .collect()
    };
    let (pid, nprog) = (ints(&mut d, "combine_pid"), ints(&mut d, "combine_nprog"));
    let m = Machine {
        pid,
        nprog,
        buffers: vec![],
        accesses: vec![],
        guard: None,
        math: vec![],
        loops: vec![],
        trips: vec![],
        laws: vec![],
        premises: vec![],
        gathers: vec![],
        gathers_in_bounds: false,
        assumed: vec![],
        typed: vec![],
    };
    let env = vec![
        (
            params[0].parameter.name.id.to_string(),
            KVal::Block(a.clone()),
        ),
        (
            params[1].parameter.name.id.to_string(),
            KVal::Block(b.clone()),
        ),
    ];
    let mut run = Interp::new(src, m, env, helpers.to_vec()).with_names(names.clone());
    let what = |why: String| format!("tl.reduce with the combine function `{}`: {why}", f.name.id);
    let out = match run.block(&mut d, &f.body) {
        Ok(Flow::Return(Some(KVal::Block(r)))) if r.shape.is_empty() => r,
        Ok(Flow::Return(Some(KVal::Tuple(_)))) => {
            return Err(what("it returns a tuple (a reduction with indices)".into()))
        }
        Ok(_) => return Err(what("it returns no scalar".into())),
        Err(u) => return Err(what(format!("{} at {}", u.what, u.pos))),
    };
    if !run.m.accesses.is_empty() || d.unsupported.is_some() || !run.m.math.is_empty() {
        return Err(what("it reads memory or applies a math function".into()));
    }
    let got = out.at(&mut d, &[]);
    let same = |d: &mut Sym, c: Result<Block<Sym>, String>| -> bool {
        let Ok(c) = c else { return false };
        match (c.at(d, &[]), &got) {
            (Elem::V(SymVal::Plain(x)), Elem::V(SymVal::Plain(y))) => x == *y,
            (Elem::B(x), Elem::B(y)) => x == *y,
            (Elem::I(x), Elem::I(y)) => x == *y,
            _ => false,
        }
    };
    let either =
        |d: &mut Sym, f: &dyn Fn(&Block<Sym>, &Block<Sym>) -> Result<Block<Sym>, String>| {
            let ab = f(&a, &b);
            let ba = f(&b, &a);
            same(d, ab) || same(d, ba)
        };
    if conditions {
        for (op, c) in [(Logic::And, Combine::All), (Logic::Or, Combine::Any)] {
            if either(&mut d, &|x, y| ops::logic(op, x, y)) {
                return Ok(c);
            }
        }
    } else {
        for (op, r) in [
            (Arith::Add, Reducer::Sum),
            (Arith::Max, Reducer::Max),
            (Arith::Min, Reducer::Min),
            (Arith::Mul, Reducer::Product),
        ] {
            if either(&mut d, &|x, y| ops::arith(op, x, y)) {
                return Ok(Combine::Real(r));
            }
        }
    }
    Err(what(format!(
        "it is not the {} of its two values",
        if conditions {
            "conjunction or the disjunction"
        } else {
            "sum, the product, the maximum or the minimum"
        }
    )))
}
