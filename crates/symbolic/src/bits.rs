//! The symbolic domain's bitwise primitives: fixed-width integers are Int terms (wrapped
//! modulo `2^w` by the core), read as bit-vectors through SMT-LIB's `int2bv` where a bitwise
//! operation needs their bits and back through `bv2nat`. The `smt` store pushes `int2bv`
//! through the wrapped sums and products (`smt/src/bv.rs`), so chains of integer arithmetic,
//! shifts and xors (a hash, threefry) become pure bit-vector terms.
//!
//! `bitcast-convert`: an integer to a float is the theory's `to_fp` of the bits (exact); a
//! float to its bits is an uninterpreted function per format (SMT-LIB has no inverse of
//! `to_fp`, and one NaN), the same in both modules of a pair: sound for `verified`, a
//! refutation through it is replayed concretely; `to_fp(bits(x))` is `x`.

use crate::{Sym, SymVal};
use smt::{BvOp, FpOp, Node, Sort, TermId};
use tensor::{BitOp, ElemType, Prim};

fn bv_op(op: BitOp) -> BvOp {
    match op {
        BitOp::And => BvOp::And,
        BitOp::Or => BvOp::Or,
        BitOp::Xor => BvOp::Xor,
        BitOp::Shl => BvOp::Shl,
        BitOp::LShr => BvOp::LShr,
        BitOp::AShr => BvOp::AShr,
    }
}

impl Sym {
    /// `Prim::Bitwise`, `Prim::FromBits`, `Prim::ToBits` on plain terms.
    pub(crate) fn prim_bits(&mut self, op: Prim, ty: ElemType, args: &[SymVal]) -> SymVal {
        let rt = crate::result_type(op, ty);
        let plain: Option<Vec<TermId>> = args
            .iter()
            .map(|a| match a {
                SymVal::Plain(t) => Some(*t),
                _ => None,
            })
            .collect();
        let Some(a) = plain else {
            return self.unsupported(format!("{op:?} of a reduction or an infinity"), rt);
        };
        let s = &mut self.store;
        let t = match (op, ty, &a[..]) {
            (Prim::Bitwise(bop, w), ElemType::Int, [x, y]) => {
                let bx = s.bv(BvOp::FromInt(w), vec![*x]);
                let by = s.bv(BvOp::FromInt(w), vec![*y]);
                let r = s.bv(bv_op(bop), vec![bx, by]);
                s.bv(BvOp::ToNat, vec![r])
            }
            (Prim::FromBits(f), ElemType::Int, [x]) => {
                let b = s.bv(BvOp::FromInt(f.width()), vec![*x]);
                match s.node(b) {
                    Node::App(fun, ys) if s.fun_name(*fun) == bits_fun(f) => ys[0],
                    _ => s.fp(FpOp::FromBits(f), vec![b]),
                }
            }
            (Prim::ToBits, ElemType::Float(f), [x]) => {
                let fm = f.format;
                match s.as_fp(*x) {
                    Some((_, b)) => s.int(b as i128),
                    None => {
                        let fun = s.declare_fun(
                            &bits_fun(fm),
                            &[Sort::Float(fm)],
                            Sort::BitVec(fm.width()),
                        );
                        let b = s.app(fun, vec![*x]);
                        s.bv(BvOp::ToNat, vec![b])
                    }
                }
            }
            _ => return self.unsupported(format!("{op:?} at type {ty}"), rt),
        };
        SymVal::Plain(t)
    }
}

/// The uninterpreted function of a float's bit pattern.
fn bits_fun(f: smt::Format) -> String {
    format!("bits_of_{}", f.name())
}
