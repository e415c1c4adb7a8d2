//! XLA's `while` with a trip count the module fixes (JAX's `fori_loop` with constant bounds,
//! as `jax.random`'s threefry has): unrolled. The condition computation is lowered on the
//! loop state and evaluated in the lowering's own domain; while it is a known `true` the body
//! is lowered once more on the state. A condition that depends on the inputs (the domain
//! does not know its value) or a loop longer than [`MAX_TRIPS`] is `unknown`, naming it.

use crate::hlo::Instr;
use crate::lower::{Lowerer, Unsupported, Val};
use crate::ops;
use tensor::{Domain, Eval};

/// The longest loop unrolled.
pub const MAX_TRIPS: usize = 256;

impl<D: Domain> Lowerer<'_, '_, D> {
    /// `while(init), condition=%c, body=%b`, unrolled.
    pub(crate) fn while_loop(
        &mut self,
        ins: &Instr,
        init: Val,
        depth: usize,
    ) -> Result<Val, Unsupported> {
        let cond = ops::computation_attr(self.m, ins, "condition")?;
        let body = ops::computation_attr(self.m, ins, "body")?;
        let mut state = init;
        for _ in 0..=MAX_TRIPS {
            let c = self.computation(cond, Some(std::slice::from_ref(&state)), depth + 1)?;
            let known = match c {
                Val::Array { node, ref dims } if dims.is_empty() => {
                    let v = Eval::new(&self.g).access(self.d, node, &vec![]);
                    self.d.known_bool(&v)
                }
                _ => None,
            };
            match known {
                Some(false) => return Ok(state),
                Some(true) => {
                    state = self.computation(body, Some(std::slice::from_ref(&state)), depth + 1)?
                }
                None => {
                    return Err(Unsupported {
                        what: "while whose condition depends on the inputs (not unrolled)".into(),
                        span: ins.opcode.span,
                    })
                }
            }
        }
        Err(Unsupported {
            what: format!("while running more than {MAX_TRIPS} times (not unrolled)"),
            span: ins.opcode.span,
        })
    }
}
