//! The one definition of every op: output shape, validity condition and element function,
//! generic over a [`Domain`]. The symbolic verifier and the concrete interpreter both run this.
//!
//! Conventions (they appear in verdict assumptions):
//! - Int division truncates toward zero and `x / 0 = 0`; `x rem 0 = x` (remainder has the sign
//!   of the dividend, as in XLA). Real division: `x / 0 = 0`.
//! - Dynamic-slice and dynamic-update-slice clamp their start indices into range, as XLA does.
//! - A tensor is *valid* when every op's attribute constraints hold (XLA's shape inference
//!   would accept it); element functions are total, so an in-range access of a valid tensor
//!   is always defined.

use crate::domain::{Domain, ElemType, Literal, Prim, ReduceDim, Reducer};
use crate::ops::{
    Axis, AxisMap, BinaryOp, CompareOp, ConvAxes, ConvWindow, Graph, NodeId, Op, UnaryOp,
};

/// An index: a value per axis.
pub type Index<I> = Vec<(Axis, I)>;

/// Memoizing evaluator of one graph in one domain: shapes and validity always; elements when
/// made by [`Eval::memoized`].
pub struct Eval<'g, D: Domain> {
    g: &'g Graph<D::I>,
    shapes: Vec<Option<AxisMap<D::I>>>,
    valid: Vec<Option<D::B>>,
    /// Elements computed, by node and index (on the node's own axes, in their order).
    elements: Option<std::collections::HashMap<(NodeId, Vec<D::I>), D::V>>,
    /// Accesses made so far, kept elements included (a measure of work).
    accesses: u64,
}

fn lookup<'a, I>(idx: &'a [(Axis, I)], axis: &str) -> &'a I {
    &idx.iter()
        .find(|(a, _)| a == axis)
        .unwrap_or_else(|| panic!("index lacks axis {axis}"))
        .1
}

/// An attribute's value on `axis`, or the literal default when the map omits the axis.
fn attr<D: Domain>(d: &mut D, m: &AxisMap<D::I>, axis: &str, default: i128) -> D::I {
    match m.iter().find(|(a, _)| a == axis) {
        Some((_, v)) => v.clone(),
        None => d.lit_i(default),
    }
}

/// An attribute's value on `axis`, or `default` (e.g. the operand's size).
fn attr_or<I: Clone>(m: &AxisMap<I>, axis: &str, default: &I) -> I {
    m.iter()
        .find(|(a, _)| a == axis)
        .map(|(_, v)| v.clone())
        .unwrap_or_else(|| default.clone())
}

impl<'g, D: Domain> Eval<'g, D> {
    pub fn new(g: &'g Graph<D::I>) -> Self {
        Eval {
            g,
            shapes: vec![None; g.len()],
            valid: vec![None; g.len()],
            elements: None,
            accesses: 0,
        }
    }

    /// Accesses made so far, kept elements included.
    pub fn accesses(&self) -> u64 {
        self.accesses
    }

    /// An evaluator that also keeps every element it computes, so an element that several
    /// others read (a row's mean in a layer norm) is computed once. Whatever the domain records
    /// while computing an element (the concrete domain's `inexact`, `order_dependent`) is
    /// recorded only the first time: [`Eval::forget_elements`] between the accesses whose
    /// records are read apart.
    pub fn memoized(g: &'g Graph<D::I>) -> Self {
        Eval {
            elements: Some(Default::default()),
            ..Eval::new(g)
        }
    }

    /// Drops the elements kept so far.
    pub fn forget_elements(&mut self) {
        if let Some(m) = &mut self.elements {
            m.clear();
        }
    }

    pub fn graph(&self) -> &'g Graph<D::I> {
        self.g
    }

    /// The output shape: each axis of the node with its size.
    pub fn shape(&mut self, d: &mut D, n: NodeId) -> AxisMap<D::I> {
        if let Some(s) = &self.shapes[n.0 as usize] {
            return s.clone();
        }
        let s = self.compute_shape(d, n);
        self.shapes[n.0 as usize] = Some(s.clone());
        s
    }

    fn size(&mut self, d: &mut D, n: NodeId, axis: &str) -> D::I {
        let s = self.shape(d, n);
        lookup(&s, axis).clone()
    }

    fn compute_shape(&mut self, d: &mut D, n: NodeId) -> AxisMap<D::I> {
        let g = self.g;
        match g.op(n) {
            Op::Input { shape, .. } | Op::Iota { shape, .. } => shape.clone(),
            Op::Literal { .. } => vec![],
            Op::Broadcast { x, axes } => {
                let mut s = self.shape(d, *x);
                s.extend(axes.iter().cloned());
                s
            }
            Op::Unary { x, .. } | Op::Convert { x, .. } | Op::BitcastConvert { x, .. } => {
                self.shape(d, *x)
            }
            Op::Binary { a, b, .. } | Op::Compare { a, b, .. } => {
                self.elementwise_shape(d, &[*a, *b])
            }
            Op::Select {
                pred,
                on_true,
                on_false,
            } => self.elementwise_shape(d, &[*pred, *on_true, *on_false]),
            Op::Clamp { lo, x, hi } => self.elementwise_shape(d, &[*lo, *x, *hi]),
            Op::Pad {
                x,
                low,
                high,
                interior,
                ..
            } => {
                let s = self.shape(d, *x);
                s.into_iter()
                    .map(|(a, n)| {
                        let (l, h, i) = (
                            attr(d, low, &a, 0),
                            attr(d, high, &a, 0),
                            attr(d, interior, &a, 0),
                        );
                        let size = pad_size(d, &n, &l, &h, &i);
                        (a, size)
                    })
                    .collect()
            }
            Op::Slice {
                x,
                start,
                limit,
                stride,
            } => {
                let s = self.shape(d, *x);
                s.into_iter()
                    .map(|(a, n)| {
                        let (e, b, p) = (
                            attr_or(limit, &a, &n),
                            attr(d, start, &a, 0),
                            attr(d, stride, &a, 1),
                        );
                        let span = d.sub_i(&e, &b);
                        let size = ceil_div(d, &span, &p);
                        (a, size)
                    })
                    .collect()
            }
            Op::DynamicSlice { x, sizes, .. } | Op::DynamicSliceAt { x, sizes, .. } => {
                let s = self.shape(d, *x);
                s.into_iter()
                    .map(|(a, n)| (a.clone(), attr_or(sizes, &a, &n)))
                    .collect()
            }
            Op::DynamicUpdateSlice { x, .. } | Op::DynamicUpdateSliceAt { x, .. } => {
                self.shape(d, *x)
            }
            Op::Concat { xs, axis } => {
                let mut s = self.shape(d, xs[0]);
                let mut total = lookup(&s, axis).clone();
                for x in &xs[1..] {
                    let k = self.size(d, *x, axis);
                    total = d.add_i(&total, &k);
                }
                for e in s.iter_mut() {
                    if &e.0 == axis {
                        e.1 = total.clone();
                    }
                }
                s
            }
            Op::Reverse { x, .. } => self.shape(d, *x),
            Op::Relabel { x, renames } => {
                let s = self.shape(d, *x);
                s.into_iter()
                    .map(|(a, n)| {
                        let to = renames
                            .iter()
                            .find(|r| r.0 == a)
                            .map(|r| r.1.clone())
                            .unwrap_or(a);
                        (to, n)
                    })
                    .collect()
            }
            Op::Reduce { x, axes, .. } => {
                let s = self.shape(d, *x);
                s.into_iter().filter(|(a, _)| !axes.contains(a)).collect()
            }
            Op::Dot { a, b, batch, .. } => {
                let sa = self.shape(d, *a);
                let sb = self.shape(d, *b);
                let out = &g.node_type(n).axes;
                out.iter()
                    .map(|ax| {
                        let size = if batch.contains(ax) || sa.iter().any(|x| &x.0 == ax) {
                            lookup(&sa, ax).clone()
                        } else {
                            lookup(&sb, ax).clone()
                        };
                        (ax.clone(), size)
                    })
                    .collect()
            }
            Op::Conv {
                input,
                weights,
                axes,
                window,
                ..
            } => {
                let si = self.shape(d, *input);
                let sw = self.shape(d, *weights);
                let mut out = Vec::new();
                for b in &axes.batch {
                    out.push((b.clone(), lookup(&si, b).clone()));
                }
                for o in &axes.out_feature {
                    out.push((o.clone(), lookup(&sw, o).clone()));
                }
                for s in &axes.spatial {
                    let (padded, win) = conv_extents(d, lookup(&si, s), lookup(&sw, s), window, s);
                    let fits = d.le_i(&win, &padded);
                    let diff = d.sub_i(&padded, &win);
                    let st = attr(d, &window.stride, s, 1);
                    let q = d.ediv_i(&diff, &st);
                    let one = d.lit_i(1);
                    let count = d.add_i(&q, &one);
                    let zero = d.lit_i(0);
                    out.push((s.clone(), d.ite_i(&fits, &count, &zero)));
                }
                out
            }
            Op::Reshape { x, insert, remove } => {
                let s = self.shape(d, *x);
                let mut out: AxisMap<D::I> =
                    s.into_iter().filter(|(a, _)| !remove.contains(a)).collect();
                for a in insert {
                    out.push((a.clone(), d.lit_i(1)));
                }
                out
            }
        }
    }

    fn elementwise_shape(&mut self, d: &mut D, xs: &[NodeId]) -> AxisMap<D::I> {
        for x in xs {
            if !self.g.node_type(*x).axes.is_empty() {
                return self.shape(d, *x);
            }
        }
        vec![]
    }

    /// The condition under which the node and all its operands are well-formed.
    pub fn valid(&mut self, d: &mut D, n: NodeId) -> D::B {
        if let Some(v) = &self.valid[n.0 as usize] {
            return v.clone();
        }
        let own = self.own_validity(d, n);
        let mut all = own;
        for x in operands(self.g.op(n)) {
            let v = self.valid(d, x);
            all = d.and(&all, &v);
        }
        self.valid[n.0 as usize] = Some(all.clone());
        all
    }

    fn own_validity(&mut self, d: &mut D, n: NodeId) -> D::B {
        let g = self.g;
        let mut c = Conds::new(d);
        match g.op(n) {
            Op::Input { shape, .. } | Op::Iota { shape, .. } => {
                for (_, s) in shape {
                    c.nonneg(d, s);
                }
            }
            Op::Broadcast { axes, .. } => {
                for (_, s) in axes {
                    c.nonneg(d, s);
                }
            }
            Op::Literal { .. }
            | Op::Unary { .. }
            | Op::Convert { .. }
            | Op::BitcastConvert { .. }
            | Op::Reverse { .. }
            | Op::Relabel { .. } => {}
            Op::Reduce { .. } => {}
            Op::Binary { a, b, .. } | Op::Compare { a, b, .. } => {
                self.same_sizes(d, &mut c, &[*a, *b])
            }
            Op::Select {
                pred,
                on_true,
                on_false,
            } => self.same_sizes(d, &mut c, &[*pred, *on_true, *on_false]),
            Op::Clamp { lo, x, hi } => self.same_sizes(d, &mut c, &[*lo, *x, *hi]),
            Op::Pad { x, interior, .. } => {
                let out = self.shape(d, n);
                let _ = x;
                for (a, size) in &out {
                    let i = attr(d, interior, a, 0);
                    c.nonneg(d, &i);
                    c.nonneg(d, size);
                }
            }
            Op::Slice {
                x,
                start,
                limit,
                stride,
            } => {
                let s = self.shape(d, *x);
                for (a, size) in &s {
                    let (b, e, p) = (
                        attr(d, start, a, 0),
                        attr_or(limit, a, size),
                        attr(d, stride, a, 1),
                    );
                    c.nonneg(d, &b);
                    c.le(d, &b, &e);
                    c.le(d, &e, size);
                    let one = d.lit_i(1);
                    c.le(d, &one, &p);
                }
            }
            Op::DynamicSlice { x, sizes, .. } | Op::DynamicSliceAt { x, sizes, .. } => {
                let s = self.shape(d, *x);
                for (a, size) in &s {
                    let l = attr_or(sizes, a, size);
                    c.nonneg(d, &l);
                    c.le(d, &l, size);
                }
            }
            Op::DynamicUpdateSlice { x, update, .. }
            | Op::DynamicUpdateSliceAt { x, update, .. } => {
                let s = self.shape(d, *x);
                let u = self.shape(d, *update);
                for (a, size) in &s {
                    c.le(d, lookup(&u, a), size);
                }
            }
            Op::Concat { xs, axis } => {
                let first = self.shape(d, xs[0]);
                for x in &xs[1..] {
                    let s = self.shape(d, *x);
                    for (a, size) in &first {
                        if a != axis {
                            c.eq(d, size, lookup(&s, a));
                        }
                    }
                }
            }
            Op::Dot {
                a,
                b,
                contract,
                batch,
                ..
            } => {
                let sa = self.shape(d, *a);
                let sb = self.shape(d, *b);
                for ax in contract.iter().chain(batch) {
                    c.eq(d, lookup(&sa, ax), lookup(&sb, ax));
                }
            }
            Op::Conv {
                input,
                weights,
                axes,
                window,
                ..
            } => {
                let si = self.shape(d, *input);
                let sw = self.shape(d, *weights);
                for f in &axes.feature {
                    c.eq(d, lookup(&si, f), lookup(&sw, f));
                }
                let one = d.lit_i(1);
                for s in &axes.spatial {
                    for m in [&window.stride, &window.lhs_dilation, &window.rhs_dilation] {
                        let v = attr(d, m, s, 1);
                        c.le(d, &one, &v);
                    }
                    c.le(d, &one, lookup(&sw, s));
                    let (padded, _) = conv_extents(d, lookup(&si, s), lookup(&sw, s), window, s);
                    c.nonneg(d, &padded);
                }
            }
            Op::Reshape { x, remove, .. } => {
                let s = self.shape(d, *x);
                let one = d.lit_i(1);
                for r in remove {
                    c.eq(d, lookup(&s, r), &one);
                }
            }
        }
        c.done()
    }

    fn same_sizes(&mut self, d: &mut D, c: &mut Conds<D>, xs: &[NodeId]) {
        let shapes: Vec<AxisMap<D::I>> = xs
            .iter()
            .filter(|x| !self.g.node_type(**x).axes.is_empty())
            .map(|x| self.shape(d, *x))
            .collect();
        for s in shapes.iter().skip(1) {
            for (a, size) in &shapes[0] {
                c.eq(d, size, lookup(s, a));
            }
        }
    }

    /// The condition that `idx` lies inside the node's shape.
    pub fn in_range(&mut self, d: &mut D, n: NodeId, idx: &Index<D::I>) -> D::B {
        let s = self.shape(d, n);
        let mut c = Conds::new(d);
        for (a, size) in &s {
            let i = lookup(idx, a);
            c.nonneg(d, i);
            c.lt(d, i, size);
        }
        c.done()
    }

    /// The element at `idx` (which must name every axis of the node). Meaningful when the node
    /// is valid and the index in range.
    pub fn access(&mut self, d: &mut D, n: NodeId, idx: &Index<D::I>) -> D::V {
        self.accesses += 1;
        if self.elements.is_none() {
            return self.compute_access(d, n, idx);
        }
        let key: Vec<D::I> = self
            .g
            .node_type(n)
            .axes
            .iter()
            .map(|a| lookup(idx, a).clone())
            .collect();
        if let Some(v) = self
            .elements
            .as_ref()
            .and_then(|m| m.get(&(n, key.clone())))
        {
            return v.clone();
        }
        let v = self.compute_access(d, n, idx);
        if let Some(m) = &mut self.elements {
            m.insert((n, key), v.clone());
        }
        v
    }

    fn compute_access(&mut self, d: &mut D, n: NodeId, idx: &Index<D::I>) -> D::V {
        let g = self.g;
        let ty = g.node_type(n).ty;
        match g.op(n) {
            Op::Input { name, shape, ty } => {
                let args: Vec<D::I> = shape.iter().map(|(a, _)| lookup(idx, a).clone()).collect();
                let v = d.input(name, ty.value_type(), &args);
                match ty {
                    // Any integer the domain gives stands for the value it wraps to.
                    ElemType::Fixed(t) => crate::fixed::wrap(d, *t, &v),
                    _ => v,
                }
            }
            Op::Literal { ty, lit } => match (ty, lit) {
                (ElemType::Fixed(t), Literal::Int(i)) => {
                    d.lit_v(ElemType::Int, Literal::Int(t.wrap(*i)))
                }
                _ => d.lit_v(ty.value_type(), *lit),
            },
            Op::Broadcast { x, .. } => {
                let sub = self.restrict(*x, idx);
                self.access(d, *x, &sub)
            }
            Op::Iota { ty, axis, .. } => {
                let v = d.index_v(ty.value_type(), lookup(idx, axis));
                match ty {
                    ElemType::Fixed(t) => crate::fixed::wrap(d, *t, &v),
                    _ => v,
                }
            }
            Op::Unary { op, x } => {
                // The operand's type: `is-finite`'s result type (Bool) is not.
                let operand = g.node_type(*x).ty;
                let v = self.access(d, *x, idx);
                unary(d, *op, operand, &v)
            }
            Op::Convert { x, to, range } => {
                let from = g.node_type(*x).ty;
                let v = self.access(d, *x, idx);
                match crate::fixed::convert(d, from, *to, &v) {
                    Some(r) => r,
                    None => crate::float::convert(d, from, *to, *range, &v),
                }
            }
            Op::BitcastConvert { x, to } => {
                let from = g.node_type(*x).ty;
                let v = self.access(d, *x, idx);
                crate::fixed::bitcast(d, from, *to, &v)
            }
            Op::Binary { op, a, b } => {
                let va = self.access_elementwise(d, *a, idx);
                let vb = self.access_elementwise(d, *b, idx);
                binary(d, *op, ty, &va, &vb)
            }
            Op::Compare { op, a, b } => {
                let at = g.node_type(*a).ty;
                let va = self.access_elementwise(d, *a, idx);
                let vb = self.access_elementwise(d, *b, idx);
                compare(d, *op, at, &va, &vb)
            }
            Op::Select {
                pred,
                on_true,
                on_false,
            } => {
                let p = self.access_elementwise(d, *pred, idx);
                let t = self.access_elementwise(d, *on_true, idx);
                let f = self.access_elementwise(d, *on_false, idx);
                let c = d.truth(&p);
                d.ite_v(&c, &t, &f)
            }
            Op::Clamp { lo, x, hi } => {
                let l = self.access_elementwise(d, *lo, idx);
                let v = self.access_elementwise(d, *x, idx);
                let h = self.access_elementwise(d, *hi, idx);
                let m = binary(d, BinaryOp::Max, ty, &v, &l);
                binary(d, BinaryOp::Min, ty, &m, &h)
            }
            Op::Pad {
                x,
                value,
                low,
                interior,
                ..
            } => self.access_pad(d, idx, x, value, low, interior),
            Op::Slice {
                x, start, stride, ..
            } => {
                let src: Index<D::I> = g
                    .node_type(*x)
                    .axes
                    .iter()
                    .map(|a| {
                        let (b, p) = (attr(d, start, a, 0), attr(d, stride, a, 1));
                        let off = d.mul_i(lookup(idx, a), &p);
                        (a.clone(), d.add_i(&b, &off))
                    })
                    .collect();
                self.access(d, *x, &src)
            }
            Op::DynamicSlice { x, start, sizes } => {
                let starts: AxisMap<D::I> = g
                    .node_type(*x)
                    .axes
                    .iter()
                    .map(|a| (a.clone(), attr(d, start, a, 0)))
                    .collect();
                self.dynamic_slice(d, *x, &starts, sizes, idx)
            }
            Op::DynamicSliceAt { x, starts, sizes } => {
                let starts = self.start_values(d, starts);
                self.dynamic_slice(d, *x, &starts, sizes, idx)
            }
            Op::DynamicUpdateSlice { x, update, start } => {
                let starts: AxisMap<D::I> = g
                    .node_type(*x)
                    .axes
                    .iter()
                    .map(|a| (a.clone(), attr(d, start, a, 0)))
                    .collect();
                self.dynamic_update_slice(d, *x, *update, &starts, idx)
            }
            Op::DynamicUpdateSliceAt { x, update, starts } => {
                let starts = self.start_values(d, starts);
                self.dynamic_update_slice(d, *x, *update, &starts, idx)
            }
            Op::Concat { xs, axis } => self.access_concat(d, idx, xs, axis),
            Op::Reverse { x, axes } => self.access_reverse(d, idx, x, axes),
            Op::Relabel { x, renames } => {
                let src: Index<D::I> = g
                    .node_type(*x)
                    .axes
                    .iter()
                    .map(|a| {
                        let to = renames
                            .iter()
                            .find(|r| &r.0 == a)
                            .map(|r| r.1.as_str())
                            .unwrap_or(a);
                        (a.clone(), lookup(idx, to).clone())
                    })
                    .collect();
                self.access(d, *x, &src)
            }
            Op::Reduce {
                x,
                init,
                reducer,
                axes,
                labels,
            } => self.access_reduce(d, idx, ty, x, init, reducer, axes, labels),
            Op::Dot {
                a,
                b,
                contract,
                labels,
                ..
            } => self.access_dot(d, idx, ty, a, b, contract, labels),
            Op::Conv {
                input,
                weights,
                axes,
                window,
                labels,
            } => self.access_conv(d, idx, ty, input, weights, axes, window, labels),
            Op::Reshape { x, remove, .. } => {
                let mut src = self.restrict_lenient(*x, idx);
                for r in remove {
                    src.push((r.clone(), d.lit_i(0)));
                }
                self.access(d, *x, &src)
            }
        }
    }

    /// A padded element: the operand's element it lands on, or the padding value.
    fn access_pad(
        &mut self,
        d: &mut D,
        idx: &Index<D::I>,
        x: &NodeId,
        value: &NodeId,
        low: &AxisMap<D::I>,
        interior: &AxisMap<D::I>,
    ) -> D::V {
        let s = self.shape(d, *x);
        let mut inside = d.lit_b(true);
        let mut src = Vec::new();
        for (a, size) in &s {
            let (l, i) = (attr(d, low, a, 0), attr(d, interior, a, 0));
            let (ok, j) = pad_locate(d, lookup(idx, a), &l, &i, size);
            inside = d.and(&inside, &ok);
            src.push((a.clone(), j));
        }
        let pv = self.access(d, *value, &vec![]);
        let xv = self.access(d, *x, &src);
        d.ite_v(&inside, &xv, &pv)
    }

    /// A concatenation's element: walking the operands from the last, `k < end_0 ? x0 : (k < end_1 ? x1 : ...)`.
    fn access_concat(&mut self, d: &mut D, idx: &Index<D::I>, xs: &[NodeId], axis: &Axis) -> D::V {
        // Walk the operands from the last: value = k < end_0 ? x0 : (k < end_1 ? x1 : ...).
        let k = lookup(idx, axis).clone();
        let mut offsets = Vec::new();
        let mut off = d.lit_i(0);
        for x in xs {
            offsets.push(off.clone());
            let sz = self.size(d, *x, axis);
            off = d.add_i(&off, &sz);
        }
        let last = xs.len() - 1;
        let mut val = {
            let j = d.sub_i(&k, &offsets[last]);
            let src = with_axis(idx, axis, j);
            self.access(d, xs[last], &src)
        };
        for i in (0..last).rev() {
            let j = d.sub_i(&k, &offsets[i]);
            let src = with_axis(idx, axis, j);
            let v = self.access(d, xs[i], &src);
            let c = d.lt_i(&k, &offsets[i + 1]);
            val = d.ite_v(&c, &v, &val);
        }
        val
    }

    /// A reversed element: `size - 1 - k` along the reversed axes.
    fn access_reverse(&mut self, d: &mut D, idx: &Index<D::I>, x: &NodeId, axes: &[Axis]) -> D::V {
        let s = self.shape(d, *x);
        let src: Index<D::I> = s
            .iter()
            .map(|(a, size)| {
                let k = lookup(idx, a);
                if axes.contains(a) {
                    let one = d.lit_i(1);
                    let top = d.sub_i(size, &one);
                    (a.clone(), d.sub_i(&top, k))
                } else {
                    (a.clone(), k.clone())
                }
            })
            .collect();
        self.access(d, *x, &src)
    }

    /// A reduction's element: the reducer over the reduced axes' points, from `init`.
    #[allow(clippy::too_many_arguments)]
    fn access_reduce(
        &mut self,
        d: &mut D,
        idx: &Index<D::I>,
        ty: ElemType,
        x: &NodeId,
        init: &NodeId,
        reducer: &Reducer,
        axes: &[Axis],
        labels: &[(Axis, String)],
    ) -> D::V {
        let s = self.shape(d, *x);
        let dims = reduce_dims(axes, &s, labels);
        let iv = self.access(d, *init, &vec![]);
        let x = *x;
        let base: Index<D::I> = idx.clone();
        let v = d.reduce(*reducer, ty.value_type(), &iv, &dims, &mut |d, point| {
            let mut src = base.clone();
            for (a, p) in axes.iter().zip(point) {
                src.push((a.clone(), p.clone()));
            }
            self.access(d, x, &src)
        });
        match reducer {
            Reducer::Sum | Reducer::Product => wrapped(d, ty, v),
            _ => v,
        }
    }

    /// A contraction's element: the sum of products over the contracted axes.
    #[allow(clippy::too_many_arguments)]
    fn access_dot(
        &mut self,
        d: &mut D,
        idx: &Index<D::I>,
        ty: ElemType,
        a: &NodeId,
        b: &NodeId,
        contract: &[Axis],
        labels: &[(Axis, String)],
    ) -> D::V {
        let sa = self.shape(d, *a);
        let dims = reduce_dims(contract, &sa, labels);
        let (vty, fixed) = (ty.value_type(), ty);
        let zero = d.lit_v(vty, Literal::Int(0));
        let (a, b) = (*a, *b);
        let base = idx.clone();
        let ty = vty;
        let v = d.reduce(Reducer::Sum, ty, &zero, &dims, &mut |d, point| {
            let mut full = base.clone();
            for (c, p) in contract.iter().zip(point) {
                full.push((c.clone(), p.clone()));
            }
            let ia = self.restrict(a, &full);
            let ib = self.restrict(b, &full);
            let va = self.access(d, a, &ia);
            let vb = self.access(d, b, &ib);
            d.prim(Prim::Mul, ty, &[va, vb])
        });
        wrapped(d, fixed, v)
    }

    /// A convolution's element: the sum over input features and the window of input times weight, zero where the window leaves the padded, dilated input.
    #[allow(clippy::too_many_arguments)]
    fn access_conv(
        &mut self,
        d: &mut D,
        idx: &Index<D::I>,
        ty: ElemType,
        input: &NodeId,
        weights: &NodeId,
        axes: &ConvAxes,
        window: &ConvWindow<D::I>,
        labels: &[(Axis, String)],
    ) -> D::V {
        let si = self.shape(d, *input);
        let sw = self.shape(d, *weights);
        let mut dims = reduce_dims(&axes.feature, &si, labels);
        for s in &axes.spatial {
            let (_, win) = conv_extents(d, lookup(&si, s), lookup(&sw, s), window, s);
            let label = labels.iter().find(|l| &l.0 == s).map(|l| l.1.clone());
            dims.push(ReduceDim {
                axis: s.clone(),
                extent: win,
                label,
            });
        }
        let (vty, fixed) = (ty.value_type(), ty);
        let ty = vty;
        let zero = d.lit_v(ty, Literal::Int(0));
        let (input, weights) = (*input, *weights);
        let axes = axes.clone();
        let window = window.clone();
        let base = idx.clone();
        let v = d.reduce(Reducer::Sum, ty, &zero, &dims, &mut |d, point| {
            let nf = axes.feature.len();
            let mut in_ok = d.lit_b(true);
            let mut w_ok = d.lit_b(true);
            let mut in_idx: Index<D::I> = Vec::new();
            let mut w_idx: Index<D::I> = Vec::new();
            for b in &axes.batch {
                in_idx.push((b.clone(), lookup(&base, b).clone()));
            }
            for o in &axes.out_feature {
                w_idx.push((o.clone(), lookup(&base, o).clone()));
            }
            for (f, p) in axes.feature.iter().zip(point) {
                in_idx.push((f.clone(), p.clone()));
                w_idx.push((f.clone(), p.clone()));
            }
            for (s, t) in axes.spatial.iter().zip(&point[nf..]) {
                // Position in the padded, lhs-dilated input.
                let stride = attr(d, &window.stride, s, 1);
                let pos = d.mul_i(lookup(&base, s), &stride);
                let pos = d.add_i(&pos, t);
                let one = d.lit_i(1);
                let ld = attr(d, &window.lhs_dilation, s, 1);
                let lint = d.sub_i(&ld, &one);
                let low = attr(d, &window.low, s, 0);
                let (ok, j) = pad_locate(d, &pos, &low, &lint, lookup(&si, s));
                in_ok = d.and(&in_ok, &ok);
                in_idx.push((s.clone(), j));
                // Position in the rhs-dilated window.
                let rd = attr(d, &window.rhs_dilation, s, 1);
                let rint = d.sub_i(&rd, &one);
                let zero_i = d.lit_i(0);
                let (okw, jw) = pad_locate(d, t, &zero_i, &rint, lookup(&sw, s));
                w_ok = d.and(&w_ok, &okw);
                w_idx.push((s.clone(), jw));
            }
            let zero = d.lit_v(ty, Literal::Int(0));
            let iv = self.access(d, input, &in_idx);
            let iv = d.ite_v(&in_ok, &iv, &zero);
            let wv = self.access(d, weights, &w_idx);
            let wv = d.ite_v(&w_ok, &wv, &zero);
            d.prim(Prim::Mul, ty, &[iv, wv])
        });
        wrapped(d, fixed, v)
    }

    /// The values of start-index operands as indices (`Domain::floor_v` of an integer).
    fn start_values(&mut self, d: &mut D, starts: &[(Axis, NodeId)]) -> AxisMap<D::I> {
        starts
            .iter()
            .map(|(a, s)| {
                let v = self.access(d, *s, &vec![]);
                (a.clone(), d.floor_v(&v))
            })
            .collect()
    }

    /// `x` at `idx` shifted by the start of each axis, clamped so that the slice of `sizes`
    /// lies inside `x` (XLA's DynamicSlice).
    fn dynamic_slice(
        &mut self,
        d: &mut D,
        x: NodeId,
        starts: &AxisMap<D::I>,
        sizes: &AxisMap<D::I>,
        idx: &Index<D::I>,
    ) -> D::V {
        let s = self.shape(d, x);
        let src: Index<D::I> = s
            .iter()
            .map(|(a, size)| {
                let room = d.sub_i(size, &attr_or(sizes, a, size));
                let st = clamp_i(d, lookup(starts, a), &room);
                (a.clone(), d.add_i(&st, lookup(idx, a)))
            })
            .collect();
        self.access(d, x, &src)
    }

    /// `x` with `update` written at the clamped starts (XLA's DynamicUpdateSlice).
    fn dynamic_update_slice(
        &mut self,
        d: &mut D,
        x: NodeId,
        update: NodeId,
        starts: &AxisMap<D::I>,
        idx: &Index<D::I>,
    ) -> D::V {
        let s = self.shape(d, x);
        let u = self.shape(d, update);
        let mut inside = d.lit_b(true);
        let mut src = Vec::new();
        for (a, size) in &s {
            let us = lookup(&u, a);
            let room = d.sub_i(size, us);
            let st = clamp_i(d, lookup(starts, a), &room);
            let k = lookup(idx, a);
            let lo = d.le_i(&st, k);
            let end = d.add_i(&st, us);
            let hi = d.lt_i(k, &end);
            inside = d.and(&inside, &lo);
            inside = d.and(&inside, &hi);
            src.push((a.clone(), d.sub_i(k, &st)));
        }
        let uv = self.access(d, update, &src);
        let xv = self.access(d, x, idx);
        d.ite_v(&inside, &uv, &xv)
    }

    fn access_elementwise(&mut self, d: &mut D, x: NodeId, idx: &Index<D::I>) -> D::V {
        let sub = self.restrict(x, idx);
        self.access(d, x, &sub)
    }

    /// The part of `idx` that names axes of `x`.
    fn restrict(&self, x: NodeId, idx: &Index<D::I>) -> Index<D::I> {
        self.g
            .node_type(x)
            .axes
            .iter()
            .map(|a| (a.clone(), lookup(idx, a).clone()))
            .collect()
    }

    fn restrict_lenient(&self, x: NodeId, idx: &Index<D::I>) -> Index<D::I> {
        let axes = &self.g.node_type(x).axes;
        idx.iter()
            .filter(|(a, _)| axes.contains(a))
            .cloned()
            .collect()
    }
}

/// A fold's value at its element type: a fixed-width integer sum or product computed on Int
/// wraps around once at the end (wrapping commutes with `+` and `*`).
fn wrapped<D: Domain>(d: &mut D, ty: ElemType, v: D::V) -> D::V {
    match ty {
        ElemType::Fixed(t) => crate::fixed::wrap(d, t, &v),
        _ => v,
    }
}

fn reduce_dims<I: Clone>(
    axes: &[Axis],
    shape: &AxisMap<I>,
    labels: &[(Axis, String)],
) -> Vec<ReduceDim<I>> {
    axes.iter()
        .map(|a| ReduceDim {
            axis: a.clone(),
            extent: lookup(shape, a).clone(),
            label: labels.iter().find(|l| &l.0 == a).map(|l| l.1.clone()),
        })
        .collect()
}

impl Eval<'_, crate::Concrete> {
    /// The innermost node below `n` (operands first) whose own constraints fail, if any.
    pub fn first_invalid(&mut self, d: &mut crate::Concrete, n: NodeId) -> Option<NodeId> {
        for x in operands(self.g.op(n)) {
            if let Some(bad) = self.first_invalid(d, x) {
                return Some(bad);
            }
        }
        (!self.own_validity(d, n)).then_some(n)
    }
}

/// A short name of an op, as the rule language spells it.
pub fn op_name<I>(op: &Op<I>) -> &'static str {
    match op {
        Op::Input { .. } => "input",
        Op::Literal { .. } => "literal",
        Op::Broadcast { .. } => "broadcast",
        Op::Iota { .. } => "iota",
        Op::Unary { .. } => "elementwise op",
        Op::Convert { .. } => "convert",
        Op::BitcastConvert { .. } => "bitcast_convert",
        Op::Binary { .. } => "elementwise op",
        Op::Compare { .. } => "comparison",
        Op::Select { .. } => "select",
        Op::Clamp { .. } => "clamp",
        Op::Pad { .. } => "pad",
        Op::Slice { .. } => "slice",
        Op::DynamicSlice { .. } => "dynamic_slice",
        Op::DynamicUpdateSlice { .. } => "dynamic_update_slice",
        Op::DynamicSliceAt { .. } => "dynamic_slice",
        Op::DynamicUpdateSliceAt { .. } => "dynamic_update_slice",
        Op::Concat { .. } => "concat",
        Op::Reverse { .. } => "reverse",
        Op::Relabel { .. } => "relabel",
        Op::Reduce { .. } => "reduce",
        Op::Dot { .. } => "dot",
        Op::Conv { .. } => "conv",
        Op::Reshape { .. } => "reshape",
    }
}

fn with_axis<I: Clone>(idx: &Index<I>, axis: &str, v: I) -> Index<I> {
    idx.iter()
        .map(|(a, x)| {
            if a == axis {
                (a.clone(), v.clone())
            } else {
                (a.clone(), x.clone())
            }
        })
        .collect()
}

/// The operands of an op, in order.
pub fn operands<I>(op: &Op<I>) -> Vec<NodeId> {
    match op {
        Op::Input { .. } | Op::Literal { .. } | Op::Iota { .. } => vec![],
        Op::Broadcast { x, .. }
        | Op::Unary { x, .. }
        | Op::Convert { x, .. }
        | Op::BitcastConvert { x, .. }
        | Op::Slice { x, .. }
        | Op::DynamicSlice { x, .. }
        | Op::Reverse { x, .. }
        | Op::Relabel { x, .. }
        | Op::Reshape { x, .. } => vec![*x],
        Op::Binary { a, b, .. } | Op::Compare { a, b, .. } | Op::Dot { a, b, .. } => vec![*a, *b],
        Op::Select {
            pred,
            on_true,
            on_false,
        } => vec![*pred, *on_true, *on_false],
        Op::Clamp { lo, x, hi } => vec![*lo, *x, *hi],
        Op::Pad { x, value, .. } => vec![*x, *value],
        Op::DynamicUpdateSlice { x, update, .. } => vec![*x, *update],
        Op::DynamicSliceAt { x, starts, .. } => std::iter::once(*x)
            .chain(starts.iter().map(|s| s.1))
            .collect(),
        Op::DynamicUpdateSliceAt { x, update, starts } => [*x, *update]
            .into_iter()
            .chain(starts.iter().map(|s| s.1))
            .collect(),
        Op::Concat { xs, .. } => xs.clone(),
        Op::Reduce { x, init, .. } => vec![*x, *init],
        Op::Conv { input, weights, .. } => vec![*input, *weights],
    }
}

/// A conjunction under construction.
struct Conds<D: Domain> {
    acc: D::B,
}

impl<D: Domain> Conds<D> {
    fn new(d: &mut D) -> Self {
        Conds { acc: d.lit_b(true) }
    }
    fn push(&mut self, d: &mut D, c: D::B) {
        self.acc = d.and(&self.acc, &c);
    }
    fn nonneg(&mut self, d: &mut D, x: &D::I) {
        let z = d.lit_i(0);
        let c = d.le_i(&z, x);
        self.push(d, c);
    }
    fn le(&mut self, d: &mut D, a: &D::I, b: &D::I) {
        let c = d.le_i(a, b);
        self.push(d, c);
    }
    fn lt(&mut self, d: &mut D, a: &D::I, b: &D::I) {
        let c = d.lt_i(a, b);
        self.push(d, c);
    }
    fn eq(&mut self, d: &mut D, a: &D::I, b: &D::I) {
        let c = d.eq_i(a, b);
        self.push(d, c);
    }
    fn done(self) -> D::B {
        self.acc
    }
}

/// XLA pad size: `low + high + n + max(0, n - 1) * interior`.
pub fn pad_size<D: Domain>(d: &mut D, n: &D::I, low: &D::I, high: &D::I, interior: &D::I) -> D::I {
    let one = d.lit_i(1);
    let zero = d.lit_i(0);
    let nm1 = d.sub_i(n, &one);
    let pos = d.lt_i(&zero, n);
    let gaps = d.ite_i(&pos, &nm1, &zero);
    let inner = d.mul_i(&gaps, interior);
    let s = d.add_i(low, high);
    let s = d.add_i(&s, n);
    d.add_i(&s, &inner)
}

/// Where position `k` of a padded axis comes from: `(is data, operand index)`.
/// Data positions are `low + j * (interior + 1)` for `0 <= j < n`.
fn pad_locate<D: Domain>(
    d: &mut D,
    k: &D::I,
    low: &D::I,
    interior: &D::I,
    n: &D::I,
) -> (D::B, D::I) {
    let one = d.lit_i(1);
    let step = d.add_i(interior, &one);
    let t = d.sub_i(k, low);
    let zero = d.lit_i(0);
    let nonneg = d.le_i(&zero, &t);
    let r = d.emod_i(&t, &step);
    let on_grid = d.eq_i(&r, &zero);
    let j = d.ediv_i(&t, &step);
    let below = d.lt_i(&j, n);
    let ok = d.and(&nonneg, &on_grid);
    let ok = d.and(&ok, &below);
    (ok, j)
}

/// `ceil(a / b)` for `b > 0`.
fn ceil_div<D: Domain>(d: &mut D, a: &D::I, b: &D::I) -> D::I {
    let one = d.lit_i(1);
    let bm1 = d.sub_i(b, &one);
    let num = d.add_i(a, &bm1);
    d.ediv_i(&num, b)
}

/// `min(max(x, 0), hi)`: XLA's clamping of dynamic start indices.
fn clamp_i<D: Domain>(d: &mut D, x: &D::I, hi: &D::I) -> D::I {
    let zero = d.lit_i(0);
    let neg = d.lt_i(x, &zero);
    let lo = d.ite_i(&neg, &zero, x);
    let big = d.lt_i(hi, &lo);
    d.ite_i(&big, hi, &lo)
}

/// Padded input extent and dilated window extent of one spatial axis of a convolution.
fn conv_extents<D: Domain>(
    d: &mut D,
    n_in: &D::I,
    n_w: &D::I,
    window: &crate::ops::ConvWindow<D::I>,
    s: &str,
) -> (D::I, D::I) {
    let one = d.lit_i(1);
    let ld = attr(d, &window.lhs_dilation, s, 1);
    let lint = d.sub_i(&ld, &one);
    let (low, high) = (attr(d, &window.low, s, 0), attr(d, &window.high, s, 0));
    let padded = pad_size(d, n_in, &low, &high, &lint);
    let rd = attr(d, &window.rhs_dilation, s, 1);
    let rint = d.sub_i(&rd, &one);
    let zero = d.lit_i(0);
    let win = pad_size(d, n_w, &zero, &zero, &rint);
    (padded, win)
}

/// Unary element functions.
pub fn unary<D: Domain>(d: &mut D, op: UnaryOp, ty: ElemType, x: &D::V) -> D::V {
    if let ElemType::Fixed(t) = ty {
        return crate::fixed::unary(d, op, t, x);
    }
    if let Some(f) = ty.as_float() {
        return crate::float::unary(d, op, f, x);
    }
    match op {
        UnaryOp::Neg => d.prim(Prim::Neg, ty, &[x.clone()]),
        UnaryOp::Not => d.prim(Prim::Not, ty, &[x.clone()]),
        UnaryOp::Exp => d.prim(Prim::Exp, ty, &[x.clone()]),
        UnaryOp::Abs => {
            let zero = d.lit_v(ty, Literal::Int(0));
            let neg = d.prim(Prim::Lt, ty, &[x.clone(), zero]);
            let c = d.truth(&neg);
            let nx = d.prim(Prim::Neg, ty, &[x.clone()]);
            d.ite_v(&c, &nx, x)
        }
        UnaryOp::Log => d.prim(Prim::Log, ty, &[x.clone()]),
        UnaryOp::Sqrt => d.prim(Prim::Sqrt, ty, &[x.clone()]),
        UnaryOp::Rsqrt => d.prim(Prim::Rsqrt, ty, &[x.clone()]),
        UnaryOp::Tanh => d.prim(Prim::Tanh, ty, &[x.clone()]),
        UnaryOp::Popcnt | UnaryOp::Clz => {
            unreachable!("the graph's check admits {op:?} on fixed-width integers only")
        }
        _ => unreachable!("{op:?} on {ty}: rejected by the graph's type check (float only)"),
    }
}

/// Binary element functions, with the documented partial cases.
pub fn binary<D: Domain>(d: &mut D, op: BinaryOp, ty: ElemType, a: &D::V, b: &D::V) -> D::V {
    if let ElemType::Fixed(t) = ty {
        return crate::fixed::binary(d, op, t, a, b);
    }
    if let Some(f) = ty.as_float() {
        return crate::float::binary(d, op, f, a, b);
    }
    let args = [a.clone(), b.clone()];
    match op {
        BinaryOp::Pow => d.prim(Prim::Pow, ty, &args),
        BinaryOp::ShiftLeft | BinaryOp::ShiftRightLogical | BinaryOp::ShiftRightArithmetic => {
            unreachable!("the graph's check admits {op:?} on fixed-width integers only")
        }
        BinaryOp::Atan2 => d.prim(Prim::Atan2, ty, &args),
        BinaryOp::Add => d.prim(Prim::Add, ty, &args),
        BinaryOp::Sub => d.prim(Prim::Sub, ty, &args),
        BinaryOp::Mul => d.prim(Prim::Mul, ty, &args),
        BinaryOp::And => d.prim(Prim::And, ty, &args),
        BinaryOp::Or => d.prim(Prim::Or, ty, &args),
        BinaryOp::Xor => d.prim(Prim::Xor, ty, &args),
        BinaryOp::Max | BinaryOp::Min => {
            let lt = d.prim(Prim::Lt, ty, &args);
            let c = d.truth(&lt);
            if op == BinaryOp::Max {
                d.ite_v(&c, b, a)
            } else {
                d.ite_v(&c, a, b)
            }
        }
        BinaryOp::Div => {
            let zero = d.lit_v(ty, Literal::Int(0));
            let is_zero = d.prim(Prim::Eq, ty, &[b.clone(), zero.clone()]);
            let z = d.truth(&is_zero);
            let q = match ty {
                ElemType::Real => d.prim(Prim::RealDiv, ty, &args),
                _ => trunc_div(d, ty, a, b),
            };
            d.ite_v(&z, &zero, &q)
        }
        BinaryOp::Rem => {
            // a - b * trunc(a / b); a when b = 0.
            let zero = d.lit_v(ty, Literal::Int(0));
            let is_zero = d.prim(Prim::Eq, ty, &[b.clone(), zero]);
            let z = d.truth(&is_zero);
            let q = trunc_div(d, ty, a, b);
            let bq = d.prim(Prim::Mul, ty, &[b.clone(), q]);
            let r = d.prim(Prim::Sub, ty, &[a.clone(), bq]);
            d.ite_v(&z, a, &r)
        }
    }
}

/// Integer division truncating toward zero, for `b != 0`, from the Euclidean primitives.
pub(crate) fn trunc_div<D: Domain>(d: &mut D, ty: ElemType, a: &D::V, b: &D::V) -> D::V {
    let q = d.prim(Prim::EuclidDiv, ty, &[a.clone(), b.clone()]);
    let r = d.prim(Prim::EuclidMod, ty, &[a.clone(), b.clone()]);
    let zero = d.lit_v(ty, Literal::Int(0));
    let a_neg = d.prim(Prim::Lt, ty, &[a.clone(), zero.clone()]);
    let r_zero = d.prim(Prim::Eq, ty, &[r, zero.clone()]);
    let exact = d.truth(&r_zero);
    let a_neg = d.truth(&a_neg);
    let not_exact = d.not(&exact);
    let adjust = d.and(&a_neg, &not_exact);
    // Euclidean rounds toward -inf for b > 0 and toward +inf for b < 0 when a < 0; step back
    // by sign(b).
    let b_neg = d.prim(Prim::Lt, ty, &[b.clone(), zero]);
    let b_neg = d.truth(&b_neg);
    let one = d.lit_v(ty, Literal::Int(1));
    let minus_one = d.lit_v(ty, Literal::Int(-1));
    let sign = d.ite_v(&b_neg, &minus_one, &one);
    let stepped = d.prim(Prim::Add, ty, &[q.clone(), sign]);
    d.ite_v(&adjust, &stepped, &q)
}

/// Comparison element functions; `ty` is the operands' type.
pub fn compare<D: Domain>(d: &mut D, op: CompareOp, ty: ElemType, a: &D::V, b: &D::V) -> D::V {
    if let ElemType::Fixed(_) = ty {
        return crate::fixed::compare(d, op, a, b);
    }
    let (x, y) = match ty.as_float() {
        // DAZ: a subnormal operand reads as zero.
        Some(f) if f.ftz => (crate::float::flush(d, ty, a), crate::float::flush(d, ty, b)),
        _ => (a.clone(), b.clone()),
    };
    match op {
        CompareOp::Lt => d.prim(Prim::Lt, ty, &[x, y]),
        CompareOp::Le => d.prim(Prim::Le, ty, &[x, y]),
        CompareOp::Gt => d.prim(Prim::Lt, ty, &[y, x]),
        CompareOp::Ge => d.prim(Prim::Le, ty, &[y, x]),
        CompareOp::Eq => d.prim(Prim::Eq, ty, &[x, y]),
        CompareOp::Ne => {
            let e = d.prim(Prim::Eq, ty, &[x, y]);
            d.prim(Prim::Not, ElemType::Bool, &[e])
        }
    }
}
