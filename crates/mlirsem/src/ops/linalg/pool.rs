//! TOSA pooling, once over [`MDomain`]: `tosa.max_pool2d` and `tosa.avg_pool2d` (TOSA spec
//! 0.80 as MLIR 19 reads it: NHWC input, `kernel`, `stride`, `pad` = [top, bottom, left, right],
//! static shapes whose output size is the spec's, padding smaller than the kernel, no zero
//! points), as folds over the window on the [`crate::ops::linalg::reduce::structured`] loops
//! (n, oy, ox, c, ky, kx) through the window of [`crate::ops::linalg::conv::Window`].
//!
//! Padding elements take no part ("padding does not count"): a position in the padding is the
//! combiner's identity.
//! - `max_pool2d`: `acc = minimum_value` (`-inf` for floats, the least integer), then
//!   `acc = apply_max_s(acc, value)` over the window in `(ky, kx)` order. On floats that is
//!   [`Extremum::TosaMaxF`]: NaN if an operand is NaN, else `a >= b ? a : b`, so of equal zeros
//!   the first met (MLIR's lowering, `arith.maximumf`, gives `+0.0` for any `+0.0` in the
//!   window). MLIR's lowering also starts from `-FLT_MAX`, not `-inf`: a window of `-inf` is a
//!   real difference.
//! - `avg_pool2d` (floats, `acc_type` the element type): `acc = +0.0`, the window's elements
//!   added in `(ky, kx)` order, then `acc / count` with `count` the number of elements outside
//!   the padding. Like the convolutions' accumulation, the order is a fixed choice the spec's
//!   accuracy rules do not impose ([`crate::ops::linalg::conv::free_order`]).

use crate::base::ctx::{result_type, tensor_of, Ctx};
use crate::base::domain::Combiner;
use crate::base::domain::Extremum;
use crate::base::domain::{EType, FBin, MDomain};
use crate::base::stop::{unsupported, R};
use crate::base::value::*;
use crate::ops::fold::identity_bits;
use crate::ops::linalg::conv::{attr4, lits, static_dims, Window};
use crate::ops::linalg::reduce::{structured, Lin, LoopFn, Output};
use mlir::{Attr, OpId};
use std::rc::Rc;

/// The results of op `o`, or `None` when it is not a pooling op of this module.
pub(crate) fn eval_op<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Option<Val<'a, D>>> {
    let max = match cx.m.op(o).name.as_str() {
        "tosa.max_pool2d" => true,
        "tosa.avg_pool2d" => false,
        _ => return Ok(None),
    };
    let p = pool_of(d, cx, o, operands)?;
    if max {
        max_pool(d, &p).map(Some)
    } else {
        avg_pool(d, cx, o, &p).map(Some)
    }
}

/// A pooling op's input and output shape and window.
struct Pool<'a, D: MDomain> {
    x: Tensor<'a, D>,
    /// N, OH, OW, C.
    out: [i128; 4],
    win: Rc<Window>,
}

/// The operand, shapes and attributes of a pooling op, checked as the spec's `ERROR_IF`s say.
fn pool_of<'a, D: MDomain>(
    d: &mut D,
    cx: &Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Pool<'a, D>> {
    let m = cx.m;
    let name = m.op(o).name.as_str();
    let [x] = operands else {
        return unsupported(format!("{name} without one operand"));
    };
    if m.op(o).attr("quantization_info").is_some() {
        return unsupported(format!("{name} with zero points"));
    }
    let unit_dilation = match m.op(o).attr("dilation") {
        None => true,
        Some(a) => a.as_ints().is_some_and(|v| v.iter().all(|x| *x == 1)),
    };
    if !unit_dilation {
        return unsupported(format!("{name} with a dilation"));
    }
    let x = tensor_of(x)?;
    let (rdims, ety) = result_type(m, o, 0)?;
    let out = static_dims(rdims, &format!("{name} result"))?;
    let xs = lits(d, &x, name)?;
    let (kernel, stride, pad) = (
        attr4(m, o, "kernel", 2)?,
        attr4(m, o, "stride", 2)?,
        attr4(m, o, "pad", 4)?,
    );
    let (Ok(out), Ok(xs)) = (<[i128; 4]>::try_from(out), <[i128; 4]>::try_from(xs)) else {
        return unsupported(format!("{name} on operands of unexpected ranks"));
    };
    if ety != x.ety {
        return unsupported(format!("{name} from {} to {}", x.ety.name(), ety.name()));
    }
    let win = Window {
        image: [xs[1], xs[2]],
        kernel: [kernel[0], kernel[1]],
        pad: [pad[0], pad[1], pad[2], pad[3]],
        stride: [stride[0], stride[1]],
        dil: [1, 1],
    };
    let pad_in_kernel = (0..4).all(|k| win.pad[k] < win.kernel[k / 2]);
    if win.out_size() != Some([out[1], out[2]]) || out[0] != xs[0] || out[3] != xs[3] {
        return unsupported(format!(
            "{name} with shapes or attributes the TOSA spec rejects"
        ));
    }
    if !pad_in_kernel {
        return unsupported(format!("{name} with padding as large as the kernel"));
    }
    Ok(Pool {
        x,
        out,
        win: Rc::new(win),
    })
}

/// `comb` over each window, from `init`, of the window's elements (`pad` at a position in the
/// padding).
fn fold_window<'a, D: MDomain>(
    d: &mut D,
    p: &Pool<'a, D>,
    comb: Combiner,
    [init, pad]: [Elem<D>; 2],
) -> R<Tensor<'a, D>> {
    let [n, oh, ow, c] = p.out;
    let [kh, kw] = p.win.kernel;
    let bounds: Vec<D::I> = [n, oh, ow, c, kh, kw].iter().map(|v| d.lit_i(*v)).collect();
    let (xat, win) = (p.x.at.clone(), p.win.clone());
    let elem: LoopFn<'a, D> = Rc::new(move |d: &mut D, l: &[D::I]| {
        let outside = |d: &mut D| SVal {
            v: pad.clone(),
            ok: d.lit_b(true),
        };
        Ok(win.read(d, &xat, [&l[0], &l[1], &l[2], &l[4], &l[5], &l[3]], outside))
    });
    let shape: Vec<D::I> = p.out.iter().map(|v| d.lit_i(*v)).collect();
    let init = Tensor {
        shape,
        ety: p.x.ety,
        at: Rc::new(move |d: &mut D, _idx: &[D::I]| SVal {
            v: init.clone(),
            ok: d.lit_b(true),
        }),
    };
    let out = Output {
        init,
        dims: (0..4).map(Lin::dim).collect(),
        comb,
        elem,
    };
    match structured(
        bounds,
        vec![false, false, false, false, true, true],
        vec![out],
    )
    .pop()
    {
        Some(Val::Tensor(t)) => Ok(t),
        _ => unsupported("a pooling fold without a result"),
    }
}

/// `tosa.max_pool2d`: the window's maximum, padding excluded (see the module doc).
fn max_pool<'a, D: MDomain>(d: &mut D, p: &Pool<'a, D>) -> R<Val<'a, D>> {
    let (x, least) = match p.x.ety {
        EType::Float(t) => (
            Extremum::TosaMaxF,
            Elem::Float(d.f_lit(t, Extremum::TosaMaxF.float_identity(t))),
        ),
        EType::Int(w) if w >= 2 => (Extremum::MaxS, Elem::Int(d.lit_i(-(1i128 << (w - 1))))),
        t => return unsupported(format!("tosa.max_pool2d on {}", t.name())),
    };
    let max = fold_window(d, p, Combiner::Ext(x), [least.clone(), least])?;
    Ok(Val::Tensor(max))
}

/// `tosa.avg_pool2d` on floats: the window's sum from `+0.0`, padding excluded, divided by the
/// number of elements outside the padding.
fn avg_pool<'a, D: MDomain>(d: &mut D, cx: &Ctx<'a, D>, o: OpId, p: &Pool<'a, D>) -> R<Val<'a, D>> {
    let EType::Float(t) = p.x.ety else {
        return unsupported(format!("tosa.avg_pool2d on {}", p.x.ety.name()));
    };
    match cx.m.op(o).attr("acc_type") {
        None => {}
        Some(Attr::Type(a)) if crate::base::ctx::etype(a).ok() == Some(p.x.ety) => {}
        Some(_) => return unsupported("tosa.avg_pool2d accumulating in another type"),
    }
    let zero = zero_elem(d, p.x.ety);
    let neg_zero = Elem::Float(d.f_lit(t, identity_bits(Combiner::Add, t)));
    let sum = fold_window(d, p, Combiner::Add, [zero, neg_zero])?;
    let win = p.win.clone();
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let s = (sum.at)(d, idx);
        let count = window_count(d, &win, &idx[1], &idx[2]);
        let Elem::Float(acc) = &s.v else {
            d.give_up("a float sum that is not a float".into());
            return s;
        };
        let n = d.f_of_int(t, &count);
        SVal {
            v: Elem::Float(d.f_bin(FBin::Div, t, acc, &n)),
            ok: s.ok,
        }
    });
    let shape = p.out.iter().map(|v| d.lit_i(*v)).collect();
    Ok(Val::Tensor(Tensor {
        shape,
        ety: p.x.ety,
        at,
    }))
}

/// The number of positions of the window at output (`oy`, `ox`) inside the image: per
/// spatial dim, `min(size, start + kernel) - max(0, start)` with `start = o * stride - pad`.
fn window_count<D: MDomain>(d: &mut D, win: &Window, oy: &D::I, ox: &D::I) -> D::I {
    let mut count = d.lit_i(1);
    for (k, o) in [oy, ox].into_iter().enumerate() {
        if win.pad[2 * k] == 0 && win.pad[2 * k + 1] == 0 {
            // Every window lies inside the image along this dim.
            let n = d.lit_i(win.kernel[k]);
            count = d.mul_i(&count, &n);
            continue;
        }
        let s = d.lit_i(win.stride[k]);
        let p = d.lit_i(win.pad[2 * k]);
        let so = d.mul_i(o, &s);
        let start = d.sub_i(&so, &p);
        let kk = d.lit_i(win.kernel[k]);
        let end = d.add_i(&start, &kk);
        let size = d.lit_i(win.image[k]);
        let zero = d.lit_i(0);
        let end_past = d.lt_i(&size, &end);
        let hi = d.ite_i(&end_past, &size, &end);
        let before = d.lt_i(&start, &zero);
        let lo = d.ite_i(&before, &zero, &start);
        let n = d.sub_i(&hi, &lo);
        count = d.mul_i(&count, &n);
    }
    count
}
