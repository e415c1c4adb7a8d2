//! Convolutions and pooling, once over [`MDomain`], as reductions of
//! [`crate::ops::linalg::reduce`]:
//! - linalg named ops `conv_2d_nhwc_hwcf`, `conv_2d_nhwc_fhwc`, `conv_2d_nchw_fchw`,
//!   `depthwise_conv_2d_nhwc_hwc`, `depthwise_conv_2d_nhwc_hwcm`, `pooling_nhwc_sum`,
//!   `pooling_nchw_sum`, and the max/min pooling ops (`pooling_nhwc_max`, `_min`,
//!   `_max_unsigned`, `_min_unsigned`, `pooling_nchw_max`: `C = max(C, I[..])` with the
//!   [`crate::ops::extremum`] combiner of the element type): exactly the generic forms `mlir-opt-19 --linalg-generalize-named-ops`
//!   prints (`C += cast(I[.., oh * stride + kh * dilation, ..]) * cast(F[..])`, reduction loops
//!   in the op's order; an image read outside the image is UB, as for any `linalg.generic`);
//! - tosa `conv2d`, `depthwise_conv2d`, `fully_connected` (TOSA spec 0.80 as MLIR 19 reads it:
//!   zero padding, stride, dilation, bias; static shapes whose output size is the spec's, no
//!   quantization zero points) and `reduce_sum`, in the order of the spec's pseudo-code:
//!   `acc = 0` (for floats the additive identity `-0.0`: [`acc_start`]), the products added in
//!   `(ky, kx, ic)` order, then the bias. TOSA's float
//!   accuracy rules do not fix that order (MLIR 19's `tosa-to-linalg-named` starts `conv2d` and
//!   `fully_connected` from the bias), so a fixed order is a refinement of the spec's meaning:
//!   `verified` stays sound, but a replayed difference of a source with a float accumulation
//!   ([`free_order`]) is reported unknown, not refuted.

use crate::base::ctx::{result_type, tensor_of, Ctx};
use crate::base::domain::Combiner;
use crate::base::domain::Extremum;
use crate::base::domain::{EType, FBin, MDomain};
use crate::base::stop::{unsupported, R};
use crate::base::value::*;
use crate::ops::linalg::reduce::{
    cast_attr, cast_int, contraction, loop_bounds, structured, Contraction, ElemKind, Lin, LoopFn,
    Output,
};
use mlir::{Attr, DenseData, DenseLit, Dim, Module, OpId};
use std::rc::Rc;

/// The results of op `o`, or `None` when it is not one of this module's.
pub(crate) fn eval_op<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Option<Vec<Val<'a, D>>>> {
    let m = cx.m;
    let name = m.op(o).name.as_str();
    if let Some(spec) = linalg_spec(m, o)? {
        if crate::base::ctx::n_outputs(m, o) != 1 {
            return unsupported(format!("{name} without one output"));
        }
        return contraction(d, cx, name, spec, operands).map(Some);
    }
    let v = match name {
        "tosa.conv2d" => tosa_conv(d, cx, o, operands, false)?,
        "tosa.depthwise_conv2d" => tosa_conv(d, cx, o, operands, true)?,
        "tosa.fully_connected" => fully_connected(d, cx, o, operands)?,
        "tosa.reduce_sum" | "tosa.reduce_max" | "tosa.reduce_min" => {
            tosa_reduce(d, cx, o, operands)?
        }
        "tosa.matmul" => tosa_matmul(d, cx, o, operands)?,
        _ => return Ok(None),
    };
    Ok(Some(vec![v]))
}

/// `strides`/`dilations` of a linalg convolution: `dense<[a, b]>`, a splat, or absent (1).
fn pair_attr(m: &Module, o: OpId, name: &str) -> R<[i128; 2]> {
    let bad = || {
        unsupported(format!(
            "{} with {name} that are not two positive integers",
            m.op(o).name
        ))
    };
    let v = match m.op(o).attr(name) {
        None => return Ok([1, 1]),
        Some(Attr::Dense {
            data: DenseData::Literal(DenseLit::Int(i)),
            ..
        }) => [*i, *i],
        Some(Attr::Dense {
            data: DenseData::Literal(DenseLit::List(xs)),
            ..
        }) => match xs.as_slice() {
            [DenseLit::Int(a), DenseLit::Int(b)] => [*a, *b],
            _ => return bad(),
        },
        Some(a) => match a.as_ints().as_deref() {
            Some([x, y]) => [*x, *y],
            _ => return bad(),
        },
    };
    if v.iter().any(|x| *x < 1) {
        return bad();
    }
    Ok(v)
}

/// The generic form of a named linalg convolution or pooling op.
pub(crate) fn linalg_spec(m: &Module, o: OpId) -> R<Option<Contraction>> {
    let name = m.op(o).name.as_str();
    let is_conv = matches!(
        name,
        "linalg.conv_2d_nhwc_hwcf"
            | "linalg.conv_2d_nhwc_fhwc"
            | "linalg.conv_2d_nchw_fchw"
            | "linalg.depthwise_conv_2d_nhwc_hwc"
            | "linalg.depthwise_conv_2d_nhwc_hwcm"
            | "linalg.pooling_nhwc_sum"
            | "linalg.pooling_nchw_sum"
            | "linalg.pooling_nhwc_max"
            | "linalg.pooling_nhwc_min"
            | "linalg.pooling_nhwc_max_unsigned"
            | "linalg.pooling_nhwc_min_unsigned"
            | "linalg.pooling_nchw_max"
    );
    if !is_conv {
        return Ok(None);
    }
    if m.op(o).attr("indexing_maps").is_some() {
        return unsupported(format!("{name} with explicit indexing_maps"));
    }
    let [s0, s1] = pair_attr(m, o, "strides")?;
    let [l0, l1] = pair_attr(m, o, "dilations")?;
    // `o * stride + k * dilation` over loops `o` and `k`.
    let win = |o: usize, k: usize, s: i128, l: i128| Lin::sum(&[(o, s), (k, l)], 0);
    let d = Lin::dim;
    let (n_par, n_red, ins, out, elem): (usize, usize, [Vec<Lin>; 2], Vec<usize>, ElemKind) =
        match name {
            // (n, oh, ow, f, kh, kw, c)
            "linalg.conv_2d_nhwc_hwcf" => (
                4,
                3,
                [
                    vec![d(0), win(1, 4, s0, l0), win(2, 5, s1, l1), d(6)],
                    vec![d(4), d(5), d(6), d(3)],
                ],
                vec![0, 1, 2, 3],
                ElemKind::Product,
            ),
            "linalg.conv_2d_nhwc_fhwc" => (
                4,
                3,
                [
                    vec![d(0), win(1, 4, s0, l0), win(2, 5, s1, l1), d(6)],
                    vec![d(3), d(4), d(5), d(6)],
                ],
                vec![0, 1, 2, 3],
                ElemKind::Product,
            ),
            // (n, f, oh, ow, c, kh, kw)
            "linalg.conv_2d_nchw_fchw" => (
                4,
                3,
                [
                    vec![d(0), d(4), win(2, 5, s0, l0), win(3, 6, s1, l1)],
                    vec![d(1), d(4), d(5), d(6)],
                ],
                vec![0, 1, 2, 3],
                ElemKind::Product,
            ),
            // (n, oh, ow, c, kh, kw)
            "linalg.depthwise_conv_2d_nhwc_hwc" => (
                4,
                2,
                [
                    vec![d(0), win(1, 4, s0, l0), win(2, 5, s1, l1), d(3)],
                    vec![d(4), d(5), d(3)],
                ],
                vec![0, 1, 2, 3],
                ElemKind::Product,
            ),
            // (n, oh, ow, c, m, kh, kw)
            "linalg.depthwise_conv_2d_nhwc_hwcm" => (
                5,
                2,
                [
                    vec![d(0), win(1, 5, s0, l0), win(2, 6, s1, l1), d(3)],
                    vec![d(5), d(6), d(3), d(4)],
                ],
                vec![0, 1, 2, 3, 4],
                ElemKind::Product,
            ),
            n if n.starts_with("linalg.pooling_nhwc_") => (
                4,
                2,
                [
                    vec![d(0), win(1, 4, s0, l0), win(2, 5, s1, l1), d(3)],
                    vec![d(4), d(5)],
                ],
                vec![0, 1, 2, 3],
                ElemKind::First,
            ),
            // (n, c, oh, ow, kh, kw)
            _ => (
                4,
                2,
                [
                    vec![d(0), d(1), win(2, 4, s0, l0), win(3, 5, s1, l1)],
                    vec![d(4), d(5)],
                ],
                vec![0, 1, 2, 3],
                ElemKind::First,
            ),
        };
    let red = (0..n_par + n_red).map(|k| k >= n_par).collect();
    let pool = match name.strip_prefix("linalg.pooling_") {
        Some(kind) if !kind.ends_with("_sum") => {
            Some((kind.contains("_max"), kind.ends_with("_unsigned")))
        }
        _ => None,
    };
    Ok(Some(Contraction {
        pool,
        red,
        ins,
        out,
        elem,
        unsigned: cast_attr(m, o)?,
    }))
}

/// The static shape of a tensor operand or result type.
pub(crate) fn static_dims(dims: Option<Vec<Dim>>, what: &str) -> R<Vec<i128>> {
    let Some(dims) = dims else {
        return unsupported(format!("{what} that is not a tensor"));
    };
    dims.iter()
        .map(|x| match x {
            Dim::Static(n) => Ok(*n as i128),
            Dim::Dynamic => unsupported(format!("{what} of dynamic shape")),
        })
        .collect()
}

pub(crate) fn lits<D: MDomain>(d: &mut D, t: &Tensor<'_, D>, what: &str) -> R<Vec<i128>> {
    t.shape
        .iter()
        .map(|x| d.lit_int(x))
        .collect::<Option<Vec<_>>>()
        .map_or_else(|| unsupported(format!("{what} of dynamic shape")), Ok)
}

pub(crate) fn attr4(m: &Module, o: OpId, name: &str, n: usize) -> R<Vec<i128>> {
    match m.op(o).attr(name).and_then(Attr::as_ints) {
        Some(v) if v.len() == n => Ok(v),
        _ => unsupported(format!("{} without {n} integers in {name}", m.op(o).name)),
    }
}

/// `x * y` of two elements of type `from` widened to `to` (floats: same type).
fn product<D: MDomain>(
    d: &mut D,
    x: &SVal<D>,
    y: &SVal<D>,
    from: (EType, EType),
    to: EType,
) -> Result<SVal<D>, String> {
    let ok = d.and(&x.ok, &y.ok);
    let v = match (&x.v, &y.v, to) {
        (Elem::Float(p), Elem::Float(q), EType::Float(f)) => {
            Elem::Float(d.f_bin(FBin::Mul, f, p, q))
        }
        _ => {
            let p = cast_int(d, &x.v, from.0, to)?;
            let q = cast_int(d, &y.v, from.1, to)?;
            let prod = d.mul_i(&p, &q);
            crate::base::value::from_int(d, &prod, to)?
        }
    };
    Ok(SVal { v, ok })
}

fn check_types(name: &str, ins: &[EType], out: EType) -> R<()> {
    for t in ins {
        match (t, out) {
            (x, y) if *x == y => {}
            (EType::Int(_), EType::Int(_)) => {}
            _ => return unsupported(format!("{name} from {} to {}", t.name(), out.name())),
        }
    }
    Ok(())
}

/// The bias element for output channel `c` (a bias of one element is broadcast).
fn bias_at<D: MDomain>(d: &mut D, bias: &Tensor<'_, D>, blen: i128, c: &D::I) -> SVal<D> {
    let i = if blen == 1 { d.lit_i(0) } else { c.clone() };
    (bias.at)(d, &[i])
}

/// The sliding window of a TOSA convolution or pooling over an NHWC image (TOSA spec 0.80):
/// output position `o` with kernel offset `k` reads image coordinate
/// `o * stride + k * dilation - pad_before` in each spatial dim; outside the image is padding.
pub(crate) struct Window {
    /// Image height and width.
    pub(crate) image: [i128; 2],
    /// Kernel height and width.
    pub(crate) kernel: [i128; 2],
    /// Top, bottom, left, right.
    pub(crate) pad: [i128; 4],
    pub(crate) stride: [i128; 2],
    pub(crate) dil: [i128; 2],
}

impl Window {
    /// The output height and width the spec requires (`ERROR_IF` otherwise: positive strides,
    /// dilations and kernel, non-negative padding, an exact division), or `None`.
    pub(crate) fn out_size(&self) -> Option<[i128; 2]> {
        let valid = self
            .stride
            .iter()
            .chain(&self.dil)
            .chain(&self.kernel)
            .all(|s| *s >= 1)
            && self.pad.iter().all(|p| *p >= 0);
        let dim = |k: usize| {
            let span = self.image[k] - 1 + self.pad[2 * k] + self.pad[2 * k + 1]
                - (self.kernel[k] - 1) * self.dil[k];
            (span >= 0 && span % self.stride[k] == 0).then(|| span / self.stride[k] + 1)
        };
        if !valid {
            return None;
        }
        Some([dim(0)?, dim(1)?])
    }

    /// The image element at batch `n`, output position (`oy`, `ox`), kernel offset (`ky`, `kx`)
    /// and channel `c`; `pad` where the window lies in the padding. Without padding every
    /// window lies inside the image (the output size being the spec's), so the read needs no
    /// guard (a guard would keep literal products from folding).
    pub(crate) fn read<'a, D: MDomain>(
        &self,
        d: &mut D,
        image: &ElemFn<'a, D>,
        [n, oy, ox, ky, kx, c]: [&D::I; 6],
        pad: impl FnOnce(&mut D) -> SVal<D>,
    ) -> SVal<D> {
        let coord = |d: &mut D, o: &D::I, k: &D::I, dim: usize| {
            let s = d.lit_i(self.stride[dim]);
            let dl = d.lit_i(self.dil[dim]);
            let p = d.lit_i(self.pad[2 * dim]);
            let a = d.mul_i(o, &s);
            let b = d.mul_i(k, &dl);
            let ab = d.add_i(&a, &b);
            d.sub_i(&ab, &p)
        };
        let iy = coord(d, oy, ky, 0);
        let ix = coord(d, ox, kx, 1);
        let read = image(d, &[n.clone(), iy.clone(), ix.clone(), c.clone()]);
        if self.pad.iter().all(|p| *p == 0) {
            return read;
        }
        let bounds = [d.lit_i(self.image[0]), d.lit_i(self.image[1])];
        let inside = in_bounds(d, &[iy, ix], &bounds);
        let outside = pad(d);
        ite_sval(d, &inside, &read, &outside)
    }
}

/// `tosa.conv2d` (input NHWC, weight [OC, KH, KW, IC]) and `tosa.depthwise_conv2d` (weight
/// [KH, KW, C, M], output channel `c * M + m`).
fn tosa_conv<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
    depthwise: bool,
) -> R<Val<'a, D>> {
    let m = cx.m;
    let op = m.op(o);
    let name = op.name.as_str();
    let (x, w, b) = input_weight_bias(m, o, operands)?;
    let (rdims, ety) = result_type(m, o, 0)?;
    let out = static_dims(rdims, &format!("{name} result"))?;
    let (xs, ws, bs) = (lits(d, &x, name)?, lits(d, &w, name)?, lits(d, &b, name)?);
    check_types(name, &[x.ety, w.ety], ety)?;
    if b.ety != ety {
        return unsupported(format!("{name} with a bias of another type"));
    }
    let pad = attr4(m, o, "pad", 4)?;
    let stride = attr4(m, o, "stride", 2)?;
    let dil = attr4(m, o, "dilation", 2)?;
    if xs.len() != 4 || ws.len() != 4 || bs.len() != 1 || out.len() != 4 {
        return unsupported(format!("{name} on operands of unexpected ranks"));
    }
    let (n, ih, iw, ic) = (xs[0], xs[1], xs[2], xs[3]);
    let (kh, kw) = if depthwise {
        (ws[0], ws[1])
    } else {
        (ws[1], ws[2])
    };
    let mult = if depthwise { ws[3] } else { 1 };
    let oc = if depthwise { ic * mult } else { ws[0] };
    let win = Rc::new(Window {
        image: [ih, iw],
        kernel: [kh, kw],
        pad: [pad[0], pad[1], pad[2], pad[3]],
        stride: [stride[0], stride[1]],
        dil: [dil[0], dil[1]],
    });
    let shape_ok = win.out_size() == Some([out[1], out[2]])
        && out[0] == n
        && out[3] == oc
        && (depthwise && ws[2] == ic || !depthwise && ws[3] == ic)
        && (bs[0] == oc || bs[0] == 1);
    if !shape_ok {
        return unsupported(format!(
            "{name} with shapes or attributes the TOSA spec rejects"
        ));
    }
    // Loops: (n, oy, ox, oc, ky, kx[, ic]).
    let red = if depthwise {
        vec![false, false, false, false, true, true]
    } else {
        vec![false, false, false, false, true, true, true]
    };
    let mut bounds: Vec<D::I> = [n, out[1], out[2], oc, kh, kw]
        .iter()
        .map(|v| d.lit_i(*v))
        .collect();
    if !depthwise {
        bounds.push(d.lit_i(ic));
    }
    let blen = bs[0];
    let (xat, wat, tys) = (x.at.clone(), w.at.clone(), (x.ety, w.ety));
    let elem: LoopFn<'a, D> = Rc::new(move |d: &mut D, l: &[D::I]| {
        let (c_in, widx) = if depthwise {
            let mm = d.lit_i(mult);
            let c = d.ediv_i(&l[3], &mm);
            let mi = d.emod_i(&l[3], &mm);
            (c.clone(), vec![l[4].clone(), l[5].clone(), c, mi])
        } else {
            (
                l[6].clone(),
                vec![l[3].clone(), l[4].clone(), l[5].clone(), l[6].clone()],
            )
        };
        let zero = |d: &mut D| SVal {
            v: zero_elem(d, tys.0),
            ok: d.lit_b(true),
        };
        let xv = win.read(d, &xat, [&l[0], &l[1], &l[2], &l[4], &l[5], &c_in], zero);
        let wv = wat(d, &widx);
        product(d, &xv, &wv, tys, ety)
    });
    let bat = b.at.clone();
    let init_at: ElemFn<'a, D> = Rc::new(move |d: &mut D, _idx: &[D::I]| SVal {
        v: acc_start(d, ety),
        ok: d.lit_b(true),
    });
    let shape: Vec<D::I> = out.iter().map(|v| d.lit_i(*v)).collect();
    let init = Tensor {
        shape,
        ety,
        at: init_at,
    };
    let acc = structured(
        bounds,
        red,
        vec![Output {
            init,
            dims: (0..4).map(Lin::dim).collect(),
            comb: Combiner::Add,
            elem,
        }],
    );
    let Some(Val::Tensor(acc)) = acc.into_iter().next() else {
        return unsupported(format!("{name} without a result"));
    };
    // The bias is added last.
    let bias = Tensor { at: bat, ..b };
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let s = (acc.at)(d, idx);
        let bv = bias_at(d, &bias, blen, &idx[3]);
        add_elems(d, ety, &bv, &s)
    });
    let shape = out.iter().map(|v| d.lit_i(*v)).collect();
    Ok(Val::Tensor(Tensor { shape, ety, at }))
}

/// `a + b` of two elements of type `t` (integers wrap). On floats a two-term sum
/// ([`MDomain::fold_f`], the same value as `addf`), so that the bias is part of the
/// accumulation whose exactness the concrete domain checks (see `fold::order_free`).
fn add_elems<D: MDomain>(d: &mut D, t: EType, a: &SVal<D>, b: &SVal<D>) -> SVal<D> {
    let ok = d.and(&a.ok, &b.ok);
    let v = match (&a.v, &b.v, t) {
        (Elem::Float(x), Elem::Float(y), EType::Float(f)) => {
            Elem::Float(d.fold_f(Combiner::Add, f, &[x.clone(), y.clone()]))
        }
        (Elem::Int(x), Elem::Int(y), _) => {
            let s = d.add_i(x, y);
            Elem::Int(wrap(d, &s, t.width()))
        }
        _ => {
            d.give_up("an addition of mismatched elements".into());
            a.v.clone()
        }
    };
    SVal { v, ok }
}

/// `tosa.fully_connected`: `out[n, oc] = bias[oc] + Σ_ic in[n, ic] * w[oc, ic]`, from the bias.
/// The input, weights and bias of a tosa convolution or `fully_connected` (no quantization
/// zero points).
#[allow(clippy::type_complexity)]
fn input_weight_bias<'a, D: MDomain>(
    m: &Module,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<(Tensor<'a, D>, Tensor<'a, D>, Tensor<'a, D>)> {
    let op = m.op(o);
    match operands {
        [x, w, b] if op.attr("quantization_info").is_none() => {
            Ok((tensor_of(x)?, tensor_of(w)?, tensor_of(b)?))
        }
        _ => unsupported(format!(
            "{} with zero points or without three operands",
            op.name
        )),
    }
}

fn fully_connected<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let m = cx.m;
    let name = "tosa.fully_connected";
    let (x, w, b) = input_weight_bias(m, o, operands)?;
    let (_, ety) = result_type(m, o, 0)?;
    check_types(name, &[x.ety, w.ety], ety)?;
    if b.ety != ety || x.shape.len() != 2 || w.shape.len() != 2 || b.shape.len() != 1 {
        return unsupported(format!("{name} on operands of unexpected ranks or types"));
    }
    let bs = lits(d, &b, name)?;
    let blen = bs[0];
    // Loops (n, oc, ic); the bias length must be OC or 1 (spec), checked like a loop bound.
    let dims_of = vec![
        vec![Lin::dim(0), Lin::dim(2)],
        vec![Lin::dim(1), Lin::dim(2)],
    ];
    let bounds = loop_bounds(d, cx, 3, &dims_of, &[x.shape.clone(), w.shape.clone()])?;
    if blen != 1 {
        let ne = d.eq_i(&b.shape[0], &bounds[1]);
        let bad = d.not(&ne);
        cx.add_unsure(
            d,
            &bad,
            "tosa.fully_connected with a bias of the wrong length",
        );
    }
    let (xat, wat, tys) = (x.at.clone(), w.at.clone(), (x.ety, w.ety));
    let elem: LoopFn<'a, D> = Rc::new(move |d: &mut D, l: &[D::I]| {
        let xv = xat(d, &[l[0].clone(), l[2].clone()]);
        let wv = wat(d, &[l[1].clone(), l[2].clone()]);
        product(d, &xv, &wv, tys, ety)
    });
    let shape = vec![bounds[0].clone(), bounds[1].clone()];
    let init = Tensor {
        shape: shape.clone(),
        ety,
        at: Rc::new(move |d: &mut D, _idx: &[D::I]| SVal {
            v: acc_start(d, ety),
            ok: d.lit_b(true),
        }),
    };
    let vals = structured(
        bounds,
        vec![false, false, true],
        vec![Output {
            init,
            dims: (0..2).map(Lin::dim).collect(),
            comb: Combiner::Add,
            elem,
        }],
    );
    let Some(Val::Tensor(acc)) = vals.into_iter().next() else {
        return unsupported("tosa.fully_connected without a result");
    };
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let s = (acc.at)(d, idx);
        let bv = bias_at(d, &b, blen, &idx[1]);
        add_elems(d, ety, &bv, &s)
    });
    Ok(Val::Tensor(Tensor { shape, ety, at }))
}

/// Whether function `f` of `m` has a float accumulation whose order TOSA leaves open
/// (`conv2d`, `depthwise_conv2d`, `fully_connected`, `reduce_sum`, `avg_pool2d` on floats): a concrete
/// difference from our order may be a rounding difference the spec allows.
pub(crate) fn free_order(m: &Module, f: OpId) -> Option<String> {
    let mut stack = vec![f];
    while let Some(o) = stack.pop() {
        let op = m.op(o);
        let tosa_acc = matches!(
            op.name.as_str(),
            "tosa.conv2d"
                | "tosa.depthwise_conv2d"
                | "tosa.fully_connected"
                | "tosa.reduce_sum"
                | "tosa.matmul"
                | "tosa.avg_pool2d"
        );
        if tosa_acc && matches!(result_type(m, o, 0), Ok((_, EType::Float(_)))) {
            return Some(op.name.clone());
        }
        for r in &op.regions {
            for b in &m.region(*r).blocks {
                stack.extend(m.block(*b).ops.iter().copied());
            }
        }
    }
    None
}

/// `tosa.reduce_sum`, `tosa.reduce_max` and `tosa.reduce_min`: the sum (from `-0.0`/`0`), the
/// maximum (from `-inf`/the type's least value, combined by the spec's `apply_max_s`: NaN if an
/// operand is, else the first of equal values) or, on integers, the minimum (from the type's
/// greatest value) over `axis`, in index order; the axis is kept with size 1.
fn tosa_reduce<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let m = cx.m;
    let name = m.op(o).name.clone();
    let x = match operands {
        [x] => tensor_of(x)?,
        _ => return unsupported(format!("{name} without one operand")),
    };
    let axis = m
        .op(o)
        .attr("axis")
        .and_then(Attr::as_int)
        .filter(|a| *a >= 0 && (*a as usize) < x.shape.len());
    let Some(axis) = axis else {
        return unsupported(format!("{name} without a valid axis"));
    };
    let (_, ety) = result_type(m, o, 0)?;
    if ety != x.ety || matches!(ety, EType::Bool | EType::Index) {
        return unsupported(format!("{name} of these types"));
    }
    let comb = if name == "tosa.reduce_sum" {
        Combiner::Add
    } else if name == "tosa.reduce_min" {
        if matches!(ety, EType::Float(_)) {
            return unsupported(
                "tosa.reduce_min on floats (the spec's apply_min_s is not defined here yet)",
            );
        }
        Combiner::Ext(Extremum::MinS)
    } else if matches!(ety, EType::Float(_)) {
        Combiner::Ext(Extremum::TosaMaxF)
    } else {
        Combiner::Ext(Extremum::MaxS)
    };
    let axis = axis as usize;
    let rank = x.shape.len();
    // Loops: the operand's dims; the axis is the one reduction loop. The output keeps it with
    // size 1 (index 0), so the output map has it as a loop of its own: output dim `axis` is
    // read at 0 by `init` and ignored by the loop point.
    let bounds = x.shape.clone();
    let red: Vec<bool> = (0..rank).map(|k| k == axis).collect();
    let mut oshape = x.shape.clone();
    oshape[axis] = d.lit_i(1);
    let init = Tensor {
        shape: oshape.clone(),
        ety,
        at: Rc::new(move |d: &mut D, _idx: &[D::I]| SVal {
            v: acc_start_of(d, ety, comb),
            ok: d.lit_b(true),
        }),
    };
    let xat = x.at.clone();
    let elem: LoopFn<'a, D> = Rc::new(move |d: &mut D, l: &[D::I]| Ok(xat(d, l)));
    // `structured` maps output dim p to loop dims[p]; the axis dim maps to the reduction loop,
    // whose value the fold supplies, so the output index there (0) is overwritten.
    let vals = structured(
        bounds,
        red,
        vec![Output {
            init,
            dims: (0..rank).map(Lin::dim).collect(),
            comb,
            elem,
        }],
    );
    let Some(Val::Tensor(t)) = vals.into_iter().next() else {
        return unsupported(format!("{name} without a result"));
    };
    Ok(Val::Tensor(Tensor { shape: oshape, ..t }))
}

/// `tosa.matmul` (TOSA spec 0.80, zero points 0): `C[n, h, w] = sum over c of A[n, h, c] *
/// B[n, c, w]` from `acc = 0` in `c` order, integers widened to the result type (i8 x i8 to
/// i32, i16 x i16 to i48 as the spec has them), floats in the operands' type.
fn tosa_matmul<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Val<'a, D>> {
    let m = cx.m;
    let name = "tosa.matmul";
    let zero = |a: Option<&Attr>| a.is_none_or(|a| a.as_int() == Some(0));
    let zero_points = zero(m.op(o).attr("a_zp")) && zero(m.op(o).attr("b_zp"));
    let (a, b) = match operands {
        [a, b] if zero_points => (tensor_of(a)?, tensor_of(b)?),
        _ => return unsupported(format!("{name} with zero points or without two operands")),
    };
    let (_, ety) = result_type(m, o, 0)?;
    check_types(name, &[a.ety, b.ety], ety)?;
    if a.shape.len() != 3 || b.shape.len() != 3 {
        return unsupported(format!("{name} on operands of rank other than 3"));
    }
    // Loops (n, h, w, c); a batch or inner size that differs is UB, as for a linalg op.
    let dims_of = vec![
        vec![Lin::dim(0), Lin::dim(1), Lin::dim(3)],
        vec![Lin::dim(0), Lin::dim(3), Lin::dim(2)],
    ];
    let bounds = loop_bounds(d, cx, 4, &dims_of, &[a.shape.clone(), b.shape.clone()])?;
    let (aat, bat, tys) = (a.at.clone(), b.at.clone(), (a.ety, b.ety));
    let elem: LoopFn<'a, D> = Rc::new(move |d: &mut D, l: &[D::I]| {
        let av = aat(d, &[l[0].clone(), l[1].clone(), l[3].clone()]);
        let bv = bat(d, &[l[0].clone(), l[3].clone(), l[2].clone()]);
        product(d, &av, &bv, tys, ety)
    });
    let shape = bounds[..3].to_vec();
    let init = Tensor {
        shape: shape.clone(),
        ety,
        at: Rc::new(move |d: &mut D, _idx: &[D::I]| SVal {
            v: acc_start(d, ety),
            ok: d.lit_b(true),
        }),
    };
    let vals = structured(
        bounds,
        vec![false, false, false, true],
        vec![Output {
            init,
            dims: (0..3).map(Lin::dim).collect(),
            comb: Combiner::Add,
            elem,
        }],
    );
    match vals.into_iter().next() {
        Some(Val::Tensor(t)) => Ok(Val::Tensor(Tensor { shape, ..t })),
        _ => unsupported(format!("{name} without a result")),
    }
}

/// Where a tosa reduction with `comb` starts: its identity ([`acc_start`] for sums, `-inf` or
/// the type's least value for maxima).
fn acc_start_of<D: MDomain>(d: &mut D, ety: EType, comb: Combiner) -> crate::base::value::Elem<D> {
    match (comb, ety) {
        (Combiner::Ext(x), EType::Float(t)) => {
            crate::base::value::Elem::Float(d.f_lit(t, x.float_identity(t)))
        }
        (Combiner::Ext(Extremum::MinS), EType::Int(w)) => {
            crate::base::value::Elem::Int(d.lit_i((1i128 << (w - 1)) - 1))
        }
        (Combiner::Ext(_), EType::Int(w)) => {
            crate::base::value::Elem::Int(d.lit_i(-(1i128 << (w - 1))))
        }
        _ => acc_start(d, ety),
    }
}

/// Where a tosa accumulation starts: `0`, for floats the additive identity `-0.0` (so that a
/// sum's zero has the sign of its summands', as in mlir-tv; the spec's pseudo-code writes
/// `acc = 0` and leaves the float summation order open: docs/mlir.md).
fn acc_start<D: MDomain>(d: &mut D, ety: EType) -> crate::base::value::Elem<D> {
    match ety {
        EType::Float(t) => crate::base::value::Elem::Float(
            d.f_lit(t, crate::ops::fold::identity_bits(Combiner::Add, t)),
        ),
        _ => zero_elem(d, ety),
    }
}
