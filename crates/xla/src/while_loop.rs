//! HLO `while` loops whose trip count the module fixes, unrolled: what `jax.lax.fori_loop`
//! with constant bounds (and `lax.scan`) print. The loop carries a tuple; one element is a
//! counter that starts at a literal, that `condition=` compares with a literal (`LT`), and that
//! `body=` increases by the literal 1. The loop is then `body` applied `limit - start` times
//! (at most [`MAX_TRIPS`]), each application inlined like a `call`. Any other loop is
//! `unknown`, naming what was not recognized; nothing is assumed about the trip count.

use crate::hlo::{Computation, Instr};
use crate::lower::{Lowerer, Unsupported, Val};
use crate::ops;
use tensor::{Domain, Literal, Op};

/// The most iterations unrolled.
pub(crate) const MAX_TRIPS: i128 = 64;

impl<D: Domain> Lowerer<'_, '_, D> {
    /// The value of `while(init)`, `condition=` and `body=` read from `ins`.
    pub(crate) fn while_loop(
        &mut self,
        ins: &Instr,
        init: &Val,
        depth: usize,
    ) -> Result<Val, Unsupported> {
        let cond = ops::computation_attr(self.m, ins, "condition")?;
        let body = ops::computation_attr(self.m, ins, "body")?;
        let unknown = |what: &str| {
            Unsupported {
            what: format!("while: {what} (only loops with a counter from a literal to a literal are unrolled)"),
            span: ins.span,
        }
        };
        let (k, limit) =
            counter_test(cond).ok_or_else(|| unknown("condition= is not `counter < literal`"))?;
        if !steps_by_one(body, k) {
            return Err(unknown("body= does not add 1 to the counter"));
        }
        let start = match init {
            Val::Tuple(xs) => match xs.get(k) {
                Some(Val::Array { node, .. }) => match self.g.op(*node) {
                    Op::Literal {
                        lit: Literal::Int(i),
                        ..
                    } => Some(*i),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        };
        let start = start.ok_or_else(|| unknown("the counter's initial value is not a literal"))?;
        let trips = (limit - start).max(0);
        if trips > MAX_TRIPS {
            return Err(unknown(&format!(
                "{trips} iterations, more than {MAX_TRIPS}"
            )));
        }
        let mut state = init.clone();
        for _ in 0..trips {
            state = self.computation(body, Some(std::slice::from_ref(&state)), depth + 1)?;
        }
        Ok(state)
    }
}

/// The named instruction of `c`.
fn named<'c>(c: &'c Computation, name: &str) -> Option<&'c Instr> {
    c.instrs.iter().find(|i| i.name.text == name)
}

/// Tuple element `k` of `c`'s parameter, read by `get-tuple-element` at `name` (through
/// copies: XLA copies the counter it carries).
fn element_of_parameter(c: &Computation, name: &str) -> Option<usize> {
    let mut gte = named(c, name)?;
    while gte.opcode.text == "copy" {
        gte = named(c, &gte.operands.first()?.text)?;
    }
    if gte.opcode.text != "get-tuple-element" {
        return None;
    }
    let param = named(c, &gte.operands.first()?.text)?;
    if param.opcode.text != "parameter" {
        return None;
    }
    gte.attr("index")?.value.trim().parse().ok()
}

/// An integer literal at `name`.
fn literal(c: &Computation, name: &str) -> Option<i128> {
    let ins = named(c, name)?;
    if ins.opcode.text != "constant" {
        return None;
    }
    ins.literal.as_ref()?.0.trim().parse().ok()
}

/// `condition=`'s root as `element k < limit`: `(k, limit)`.
fn counter_test(cond: &Computation) -> Option<(usize, i128)> {
    let root = &cond.instrs[cond.root()?];
    if root.opcode.text != "compare" || root.attr("direction")?.value.trim() != "LT" {
        return None;
    }
    let [a, b] = &root.operands[..] else {
        return None;
    };
    Some((
        element_of_parameter(cond, &a.text)?,
        literal(cond, &b.text)?,
    ))
}

/// Whether `body=`'s root tuple sets element `k` to element `k` of its parameter plus 1.
fn steps_by_one(body: &Computation, k: usize) -> bool {
    let Some(root) = body.root().map(|r| &body.instrs[r]) else {
        return false;
    };
    if root.opcode.text != "tuple" {
        return false;
    }
    let Some(next) = root.operands.get(k).and_then(|o| named(body, &o.text)) else {
        return false;
    };
    if next.opcode.text != "add" || next.operands.len() != 2 {
        return false;
    }
    let (a, b) = (&next.operands[0].text, &next.operands[1].text);
    let one_and_counter =
        |x: &str, y: &str| element_of_parameter(body, x) == Some(k) && literal(body, y) == Some(1);
    one_and_counter(a, b) || one_and_counter(b, a)
}
