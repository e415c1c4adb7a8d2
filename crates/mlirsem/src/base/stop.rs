//! Why an evaluation stops: the error type every op definition returns ([`R`]), at the bottom
//! of the crate so that op modules need not import the evaluator.

use mlir::{Module, OpId};
use std::rc::Rc;

/// Why a function could not be evaluated.
#[derive(Clone, Debug)]
pub enum Stop {
    /// An op or feature outside the model: the verdict is unknown.
    Unsupported(String),
    /// The same, the reason already naming the op and its location (`... at FILE:LINE:COL`).
    Located(String),
}

impl Stop {
    /// The reason, for a verdict.
    pub fn reason(self) -> String {
        match self {
            Stop::Unsupported(w) | Stop::Located(w) => w,
        }
    }

    /// The reason located at op `o` of `m` (unless it already names a location).
    pub(crate) fn at(self, m: &Module, o: OpId) -> Stop {
        match self {
            Stop::Unsupported(w) => {
                let op = m.op(o);
                if w == format!("unsupported op {}", op.name) {
                    Stop::Located(format!("unsupported op {}", m.op_at(o)))
                } else {
                    Stop::Located(format!("{w} ({})", m.op_at(o)))
                }
            }
            located => located,
        }
    }
}

pub(crate) type R<T> = Result<T, Stop>;

/// A condition at a multi-index.
pub(crate) type IdxCond<'a, D> =
    Rc<dyn Fn(&mut D, &[<D as tensor::Domain>::I]) -> <D as tensor::Domain>::B + 'a>;

pub(crate) fn unsupported<T>(why: impl Into<String>) -> R<T> {
    Err(Stop::Unsupported(why.into()))
}
