//! [`MDomain`] in the concrete domain ([`Concrete`]): every float type computed exactly through
//! [`crate::base::ieee`]; the `math` functions as [`crate::ops::math::concrete_app`] says.

use crate::base::domain::{bitwise, Combiner, EType, FBin, FTy, IBit, MDomain};
use crate::base::ieee;
use crate::base::ieee::CFloat;
use crate::base::value::{Elem, SVal, Val};
use crate::ops::fold;
use tensor::Concrete;

/// Every float type is computed exactly, through [`crate::base::ieee`] (the workspace's one IEEE 754
/// definition); the `math` functions as [`crate::ops::math::concrete_app`] says.
impl MDomain for Concrete {
    type F = CFloat;

    fn f_lit(&mut self, t: FTy, bits: u64) -> CFloat {
        CFloat {
            ty: t,
            bits: t.format().canon(bits),
        }
    }

    fn f_bin(&mut self, op: FBin, t: FTy, a: &CFloat, b: &CFloat) -> CFloat {
        CFloat {
            ty: t,
            bits: ieee::bin(op, t, a.bits, b.bits),
        }
    }

    fn f_neg(&mut self, t: FTy, a: &CFloat) -> CFloat {
        CFloat {
            ty: t,
            bits: ieee::un(tensor::UnaryOp::Neg, t, a.bits),
        }
    }

    fn f_app(&mut self, f: crate::base::domain::FUn, t: FTy, args: &[CFloat]) -> CFloat {
        let xs: Vec<u64> = args.iter().map(|a| a.bits).collect();
        match crate::ops::math::concrete_app(f, t, &xs) {
            Some(bits) => CFloat { ty: t, bits },
            None => {
                self.give_up(format!("math.{} on {} is not computed", f.name(), t.name()));
                args[0]
            }
        }
    }

    fn f_conv(&mut self, from: FTy, to: FTy, a: &CFloat) -> CFloat {
        CFloat {
            ty: to,
            bits: ieee::convert(from, to, a.bits),
        }
    }

    fn i_bit(&mut self, op: IBit, w: u32, a: &i128, b: &i128) -> i128 {
        bitwise(op, w, *a, *b)
    }

    fn f_of_int(&mut self, t: FTy, x: &i128) -> CFloat {
        CFloat {
            ty: t,
            bits: ieee::from_int(t, *x),
        }
    }

    fn f_cmp(&mut self, pred: u8, t: FTy, a: &CFloat, b: &CFloat) -> bool {
        ieee::cmp(pred, t, a.bits, b.bits)
    }

    fn f_same(&mut self, _t: FTy, a: &CFloat, b: &CFloat) -> bool {
        a.bits == b.bits || (a.is_nan() && b.is_nan())
    }

    fn ite_f(&mut self, c: &bool, a: &CFloat, b: &CFloat) -> CFloat {
        if *c {
            *a
        } else {
            *b
        }
    }

    fn give_up(&mut self, why: String) {
        if self.inexact.is_none() {
            self.inexact = Some(why);
        }
    }

    fn lit_int(&self, i: &i128) -> Option<i128> {
        Some(*i)
    }

    fn lit_bool(&self, b: &bool) -> Option<bool> {
        Some(*b)
    }

    fn fold_f(&mut self, k: Combiner, t: FTy, elems: &[CFloat]) -> CFloat {
        if k == Combiner::Add && !fold::order_free(t, elems) {
            self.order_dependent = true;
        }
        let Some(op) = k.fbin() else {
            self.give_up(format!("an arith.{} fold as float arithmetic", k.name()));
            return elems[0];
        };
        let mut acc = elems[0];
        for e in &elems[1..] {
            acc = self.f_bin(op, t, &acc, e);
        }
        acc
    }

    fn fold_box(
        &mut self,
        k: Combiner,
        t: EType,
        init: &SVal<Concrete>,
        sizes: &[i128],
        body: &mut dyn FnMut(&mut Concrete, &[i128]) -> SVal<Concrete>,
    ) -> SVal<Concrete> {
        fold::concrete_fold_box(self, k, t, init, sizes, body)
    }

    fn ext_key(&mut self, _callee: &str, site: usize, _args: &[Val<'_, Concrete>]) -> i128 {
        crate::ops::extcall::concrete_key(self, site)
    }

    fn ext_value(&mut self, name: &str, t: EType, at: &[i128]) -> Elem<Concrete> {
        crate::ops::extcall::concrete_value(self, name, t, at)
    }

    fn any_point(
        &mut self,
        sizes: &[i128],
        cond: &mut dyn FnMut(&mut Concrete, &[i128]) -> bool,
    ) -> bool {
        crate::ops::linalg::body::concrete_any_point(self, sizes, cond)
    }
}
