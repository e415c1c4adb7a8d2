//! The op graph: tensor programs over named axes, with their static (domain-free) checks.
//!
//! Axes are named and unordered in meaning; each node still lists its axes in a fixed order
//! (documented per op) so that printing and input indexing are deterministic. Attributes that
//! are integers (sizes, starts, paddings, ...) have the domain's integer type `I`, so one graph
//! can be symbolic (attributes are SMT terms) or concrete (attributes are numbers).
//!
//! Op semantics follow XLA's operation semantics (https://openxla.org/xla/operation_semantics)
//! with mathematical Int/Real elements; see `eval.rs` for the element functions.

use crate::domain::{ElemType, Literal, Reducer};

pub type Axis = String;
/// A per-axis attribute or size map, in a fixed axis order.
pub type AxisMap<I> = Vec<(Axis, I)>;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct NodeId(pub u32);

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum UnaryOp {
    Neg,
    Abs,
    Exp,
    Not,
    /// Float and real only (reals: where a domain bounds them).
    Log,
    Sqrt,
    Rsqrt,
    Tanh,
    /// Fixed-width integers only: the number of one bits (XLA `popcnt`) and of leading zero
    /// bits (`count-leading-zeros`; the width for 0).
    Popcnt,
    Clz,
    /// Float only, exact IEEE `roundToIntegral` in four modes (toward -inf, toward +inf, to
    /// nearest with ties to even, to nearest with ties away from zero), and XLA's `sign`
    /// (`±0` and NaN themselves, else `±1`).
    Floor,
    Ceil,
    RoundNearestEven,
    RoundNearestAfz,
    Sign,
    /// Float only: `1 / (1 + exp(-x))`, each operation rounded, as XLA's logistic expander
    /// writes it (`float::unary`).
    Logistic,
    /// Float only, uninterpreted symbolically like `Tanh`: `log(1 + x)`, `exp(x) - 1`, sine,
    /// cosine, cube root.
    Log1p,
    Expm1,
    Sin,
    Cos,
    Cbrt,
    /// Float only: whether the operand is neither NaN nor an infinity (a Bool element).
    IsFinite,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Max,
    Min,
    And,
    Or,
    Xor,
    /// `a^b`, float types only.
    Pow,
    /// Fixed-width integers only: XLA's `shift-left`, `shift-right-logical`,
    /// `shift-right-arithmetic` (the amount read unsigned; at least the width gives 0 or the
    /// sign fill: `fixed::binary`).
    ShiftLeft,
    ShiftRightLogical,
    ShiftRightArithmetic,
    /// The angle of the point `(b, a)` (`atan2(a, b)`), float types only, uninterpreted
    /// symbolically.
    Atan2,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CompareOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

/// Roles of the axes of a convolution (XLA's `dimension_numbers`, by axis name).
#[derive(Clone, Debug, PartialEq)]
pub struct ConvAxes {
    /// Input-only axes, kept in the output.
    pub batch: Vec<Axis>,
    /// Axes of both input and weights, summed over.
    pub feature: Vec<Axis>,
    /// Weight-only axes, kept in the output.
    pub out_feature: Vec<Axis>,
    /// Spatial axes of input, weights and output (same names), windowed.
    pub spatial: Vec<Axis>,
}

/// Per-spatial-axis window attributes of a convolution; every map covers every spatial axis.
#[derive(Clone, Debug, PartialEq)]
pub struct ConvWindow<I> {
    pub stride: AxisMap<I>,
    pub low: AxisMap<I>,
    pub high: AxisMap<I>,
    pub lhs_dilation: AxisMap<I>,
    pub rhs_dilation: AxisMap<I>,
}

/// One op. Attribute maps may omit axes; an omitted axis takes the op's default (0 for starts
/// and paddings, 1 for strides and dilations, the full size for limits and slice sizes).
/// `labels` name summation indices (reduced axis to index name) for reduction hints.
#[derive(Clone, Debug, PartialEq)]
pub enum Op<I> {
    /// A named input tensor (rank 0 for a scalar). Its axis order is its index order.
    Input {
        name: String,
        ty: ElemType,
        shape: AxisMap<I>,
    },
    /// A rank-0 literal.
    Literal {
        ty: ElemType,
        lit: Literal,
    },
    /// Adds new axes; the value ignores them. Output axes: operand's, then the new ones.
    Broadcast {
        x: NodeId,
        axes: AxisMap<I>,
    },
    /// Counts along `axis`.
    Iota {
        ty: ElemType,
        shape: AxisMap<I>,
        axis: Axis,
    },
    Unary {
        op: UnaryOp,
        x: NodeId,
    },
    /// XLA `convert`: each element to the element type `to` (`float::convert`). An Int
    /// target has the integer type's values `range` (inclusive), where a float saturates.
    Convert {
        x: NodeId,
        to: ElemType,
        range: Option<(i128, i128)>,
    },
    /// XLA `bitcast-convert` between element types of the same bit width (fixed-width
    /// integers and floats): each element's bits read as the type `to` (`fixed::bitcast`).
    BitcastConvert {
        x: NodeId,
        to: ElemType,
    },
    /// Elementwise; a rank-0 operand is broadcast (XLA's scalar broadcasting).
    Binary {
        op: BinaryOp,
        a: NodeId,
        b: NodeId,
    },
    Compare {
        op: CompareOp,
        a: NodeId,
        b: NodeId,
    },
    Select {
        pred: NodeId,
        on_true: NodeId,
        on_false: NodeId,
    },
    /// XLA `clamp(lo, x, hi)` = `min(max(x, lo), hi)`.
    Clamp {
        lo: NodeId,
        x: NodeId,
        hi: NodeId,
    },
    Pad {
        x: NodeId,
        value: NodeId,
        low: AxisMap<I>,
        high: AxisMap<I>,
        interior: AxisMap<I>,
    },
    Slice {
        x: NodeId,
        start: AxisMap<I>,
        limit: AxisMap<I>,
        stride: AxisMap<I>,
    },
    /// Start indices are clamped into range as in XLA; `sizes` covers every axis.
    DynamicSlice {
        x: NodeId,
        start: AxisMap<I>,
        sizes: AxisMap<I>,
    },
    DynamicUpdateSlice {
        x: NodeId,
        update: NodeId,
        start: AxisMap<I>,
    },
    /// XLA `dynamic-slice` as HLO writes it: the start index of each axis is the value of a
    /// rank-0 integer operand (`starts`, one per axis of `x`), clamped into range like
    /// [`Op::DynamicSlice`]'s; `sizes` covers every axis.
    DynamicSliceAt {
        x: NodeId,
        starts: Vec<(Axis, NodeId)>,
        sizes: AxisMap<I>,
    },
    /// XLA `dynamic-update-slice` with start indices read from rank-0 integer operands.
    DynamicUpdateSliceAt {
        x: NodeId,
        update: NodeId,
        starts: Vec<(Axis, NodeId)>,
    },
    Concat {
        xs: Vec<NodeId>,
        axis: Axis,
    },
    Reverse {
        x: NodeId,
        axes: Vec<Axis>,
    },
    /// Renames axes (transpose, with named axes). `(from, to)` pairs.
    Relabel {
        x: NodeId,
        renames: Vec<(Axis, Axis)>,
    },
    /// Folds `axes` away with `reducer`, starting from the rank-0 `init`.
    Reduce {
        x: NodeId,
        init: NodeId,
        reducer: Reducer,
        axes: Vec<Axis>,
        labels: Vec<(Axis, String)>,
    },
    /// XLA dot_general by axis name. Output axes: batch, then `a`'s free, then `b`'s free.
    Dot {
        a: NodeId,
        b: NodeId,
        contract: Vec<Axis>,
        batch: Vec<Axis>,
        labels: Vec<(Axis, String)>,
    },
    /// XLA convolution (feature_group_count = batch_group_count = 1).
    /// Output axes: batch, out_feature, spatial.
    Conv {
        input: NodeId,
        weights: NodeId,
        axes: ConvAxes,
        window: ConvWindow<I>,
        labels: Vec<(Axis, String)>,
    },
    /// Inserts size-1 axes and removes size-1 axes (XLA reshape restricted to degenerate axes).
    Reshape {
        x: NodeId,
        insert: Vec<Axis>,
        remove: Vec<Axis>,
    },
}

/// Static facts about a node: its axes in order and element type.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeType {
    pub axes: Vec<Axis>,
    pub ty: ElemType,
}

/// A DAG of ops. Nodes are added bottom-up; [`Graph::add`] checks everything that does not
/// depend on attribute values and returns a message otherwise.
#[derive(Clone, Debug, Default)]
pub struct Graph<I> {
    pub(crate) ops: Vec<Op<I>>,
    pub(crate) types: Vec<NodeType>,
}

impl<I: Clone> Graph<I> {
    pub fn new() -> Self {
        Graph {
            ops: vec![],
            types: vec![],
        }
    }

    pub fn op(&self, n: NodeId) -> &Op<I> {
        &self.ops[n.0 as usize]
    }

    pub fn node_type(&self, n: NodeId) -> &NodeType {
        &self.types[n.0 as usize]
    }

    pub fn len(&self) -> usize {
        self.ops.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }

    /// Adds an op after checking axes and element types.
    pub fn add(&mut self, op: Op<I>) -> Result<NodeId, String> {
        let t = self.check(&op)?;
        self.ops.push(op);
        self.types.push(t);
        Ok(NodeId(self.ops.len() as u32 - 1))
    }

    fn t(&self, n: NodeId) -> &NodeType {
        &self.types[n.0 as usize]
    }

    fn check(&self, op: &Op<I>) -> Result<NodeType, String> {
        use ElemType::*;
        Ok(match op {
            Op::Input { ty, shape, .. } => NodeType {
                axes: distinct(shape.iter().map(|a| a.0.clone()), "input")?,
                ty: *ty,
            },
            Op::Literal { ty, .. } => NodeType {
                axes: vec![],
                ty: *ty,
            },
            Op::Broadcast { x, axes } => {
                let xt = self.t(*x);
                let mut all = xt.axes.clone();
                all.extend(axes.iter().map(|a| a.0.clone()));
                NodeType {
                    axes: distinct(all.into_iter(), "broadcast")?,
                    ty: xt.ty,
                }
            }
            Op::Iota { ty, shape, axis } => {
                if !ty.is_numeric() {
                    return Err("iota needs an int or real element type".into());
                }
                let axes = distinct(shape.iter().map(|a| a.0.clone()), "iota")?;
                if !axes.contains(axis) {
                    return Err(format!("iota axis {axis} is not in its shape"));
                }
                NodeType { axes, ty: *ty }
            }
            Op::Unary { op, x } => self.check_unary(op, x)?,
            Op::Convert { x, to, range } => self.check_convert(x, to, range)?,
            Op::BitcastConvert { x, to } => self.check_bitcast_convert(x, to)?,
            Op::Binary { op, a, b } => self.check_binary(op, a, b)?,
            Op::Compare { a, b, .. } => {
                let ty = self.same_ty(*a, *b, "compare")?;
                if ty == Bool {
                    return Err("comparisons need int or real elements".into());
                }
                NodeType {
                    axes: self.elementwise_axes(&[*a, *b])?,
                    ty: Bool,
                }
            }
            Op::Select {
                pred,
                on_true,
                on_false,
            } => {
                if self.t(*pred).ty != Bool {
                    return Err("select's predicate must have bool elements".into());
                }
                let ty = self.same_ty(*on_true, *on_false, "select")?;
                NodeType {
                    axes: self.elementwise_axes(&[*pred, *on_true, *on_false])?,
                    ty,
                }
            }
            Op::Clamp { lo, x, hi } => {
                let ty = self.same_ty(*lo, *x, "clamp")?;
                self.same_ty(*x, *hi, "clamp")?;
                if ty == Bool {
                    return Err("clamp needs int or real elements".into());
                }
                NodeType {
                    axes: self.elementwise_axes(&[*lo, *x, *hi])?,
                    ty,
                }
            }
            Op::Pad {
                x,
                value,
                low,
                high,
                interior,
            } => {
                let xt = self.t(*x).clone();
                self.scalar_of(*value, xt.ty, "pad value")?;
                for (m, what) in [(low, "low"), (high, "high"), (interior, "interior")] {
                    keys_within(m, &xt.axes, &format!("pad {what}"))?;
                }
                xt
            }
            Op::Slice {
                x,
                start,
                limit,
                stride,
            } => {
                let xt = self.t(*x).clone();
                for (m, what) in [(start, "start"), (limit, "limit"), (stride, "stride")] {
                    keys_within(m, &xt.axes, &format!("slice {what}"))?;
                }
                xt
            }
            Op::DynamicSlice { x, start, sizes } => {
                let xt = self.t(*x).clone();
                keys_within(start, &xt.axes, "dynamic_slice start")?;
                keys_within(sizes, &xt.axes, "dynamic_slice sizes")?;
                xt
            }
            Op::DynamicUpdateSlice { x, update, start } => {
                self.check_dynamic_update_slice(x, update, start)?
            }
            Op::DynamicSliceAt { x, starts, sizes } => {
                let xt = self.t(*x).clone();
                self.start_operands(starts, &xt.axes, "dynamic_slice")?;
                keys_within(sizes, &xt.axes, "dynamic_slice sizes")?;
                xt
            }
            Op::DynamicUpdateSliceAt { x, update, starts } => {
                self.check_dynamic_update_slice_at(x, update, starts)?
            }
            Op::Concat { xs, axis } => self.check_concat(xs, axis)?,
            Op::Reverse { x, axes } => {
                let xt = self.t(*x).clone();
                subset(axes, &xt.axes, "reverse")?;
                xt
            }
            Op::Relabel { x, renames } => self.check_relabel(x, renames)?,
            Op::Reduce {
                x,
                init,
                reducer,
                axes,
                ..
            } => self.check_reduce(x, init, reducer, axes)?,
            Op::Dot {
                a,
                b,
                contract,
                batch,
                ..
            } => self.check_dot(a, b, contract, batch)?,
            Op::Conv {
                input,
                weights,
                axes,
                window,
                ..
            } => self.check_conv(input, weights, axes, window)?,
            Op::Reshape { x, insert, remove } => self.check_reshape(x, insert, remove)?,
        })
    }

    /// Unary elements: the operand's axes; the element types each op is defined on.
    fn check_unary(&self, op: &UnaryOp, x: &NodeId) -> Result<NodeType, String> {
        use ElemType::*;
        let xt = self.t(*x).clone();
        match op {
            UnaryOp::Not if !matches!(xt.ty, Bool | Fixed(_)) => {
                return Err("not needs bool or fixed-width integer elements".into())
            }
            UnaryOp::Popcnt | UnaryOp::Clz if !matches!(xt.ty, Fixed(_)) => {
                return Err(format!("{op:?} needs fixed-width integer elements").to_lowercase())
            }
            UnaryOp::Neg | UnaryOp::Abs if xt.ty == Bool => {
                return Err(format!("{op:?} needs int or real elements").to_lowercase())
            }
            UnaryOp::Exp if !matches!(xt.ty, Real | Float(_)) => {
                return Err("exp needs real or float elements".into())
            }
            UnaryOp::Neg | UnaryOp::Abs | UnaryOp::Exp | UnaryOp::Not => {}
            UnaryOp::Popcnt | UnaryOp::Clz => {}
            _ if !matches!(xt.ty, Float(_)) => {
                return Err(format!("{op:?} needs float elements").to_lowercase())
            }
            UnaryOp::IsFinite => {
                return Ok(NodeType {
                    axes: xt.axes,
                    ty: Bool,
                })
            }
            _ => {}
        }
        Ok(xt)
    }

    /// A conversion between element types: the pairs `convert` defines.
    fn check_convert(
        &self,
        x: &NodeId,
        to: &ElemType,
        range: &Option<(i128, i128)>,
    ) -> Result<NodeType, String> {
        use ElemType::*;
        let xt = self.t(*x).clone();
        let ok = match (xt.ty, *to) {
            (Float(_), Float(_)) | (Int, Float(_)) => range.is_none(),
            (Float(_), Int) => range.is_some_and(|(lo, hi)| lo <= 0 && 0 <= hi),
            // `fixed::convert`: the integer type's range is its own.
            (Fixed(_) | Bool, Fixed(_) | Float(_) | Bool) | (Float(_), Fixed(_) | Bool) => {
                range.is_none()
            }
            _ => false,
        };
        if !ok {
            return Err(format!("convert from {} to {to} is not defined", xt.ty));
        }
        Ok(NodeType {
            axes: xt.axes,
            ty: *to,
        })
    }

    /// A bit-level reinterpretation: both element types of the same width.
    fn check_bitcast_convert(&self, x: &NodeId, to: &ElemType) -> Result<NodeType, String> {
        use ElemType::*;
        let xt = self.t(*x).clone();
        let width = |t: ElemType| match t {
            Fixed(i) => Some(i.bits),
            Float(f) => Some(f.format.width()),
            _ => None,
        };
        if width(xt.ty).is_none() || width(xt.ty) != width(*to) {
            return Err(format!(
                "bitcast-convert from {} to {to} is not defined",
                xt.ty
            ));
        }
        Ok(NodeType {
            axes: xt.axes,
            ty: *to,
        })
    }

    /// An elementwise binary op: one element type, on which the op is defined.
    fn check_binary(&self, op: &BinaryOp, a: &NodeId, b: &NodeId) -> Result<NodeType, String> {
        use ElemType::*;
        let ty = self.same_ty(*a, *b, &format!("{op:?}").to_lowercase())?;
        let ok = match op {
            BinaryOp::And | BinaryOp::Or | BinaryOp::Xor => matches!(ty, Bool | Fixed(_)),
            BinaryOp::ShiftLeft | BinaryOp::ShiftRightLogical | BinaryOp::ShiftRightArithmetic => {
                matches!(ty, Fixed(_))
            }
            BinaryOp::Rem => ty.is_integer(),
            BinaryOp::Pow | BinaryOp::Atan2 => matches!(ty, Float(_)),
            _ => ty != Bool,
        };
        if !ok {
            return Err(format!(
                "{} is not defined on {} elements",
                format!("{op:?}").to_lowercase(),
                ty
            ));
        }
        Ok(NodeType {
            axes: self.elementwise_axes(&[*a, *b])?,
            ty,
        })
    }

    /// An update at static starts: the update has the operand's type and axes.
    fn check_dynamic_update_slice(
        &self,
        x: &NodeId,
        update: &NodeId,
        start: &AxisMap<I>,
    ) -> Result<NodeType, String> {
        let xt = self.t(*x).clone();
        let ut = self.t(*update);
        if ut.ty != xt.ty {
            return Err("dynamic_update_slice: update and operand element types differ".into());
        }
        if !same_set(&ut.axes, &xt.axes) {
            return Err(format!(
                "dynamic_update_slice: update axes {} differ from operand axes {}",
                show(&ut.axes),
                show(&xt.axes)
            ));
        }
        keys_within(start, &xt.axes, "dynamic_update_slice start")?;
        Ok(xt)
    }

    /// An update at start operands: the update has the operand's type and axes.
    fn check_dynamic_update_slice_at(
        &self,
        x: &NodeId,
        update: &NodeId,
        starts: &[(Axis, NodeId)],
    ) -> Result<NodeType, String> {
        let xt = self.t(*x).clone();
        let ut = self.t(*update);
        if ut.ty != xt.ty || !same_set(&ut.axes, &xt.axes) {
            return Err(format!(
                "dynamic_update_slice: the update ({} {}) must have the operand's \
                 element type and axes ({} {})",
                ut.ty,
                show(&ut.axes),
                xt.ty,
                show(&xt.axes)
            ));
        }
        self.start_operands(starts, &xt.axes, "dynamic_update_slice")?;
        Ok(xt)
    }

    /// Operands of one element type and one set of axes, joined along one of them.
    fn check_concat(&self, xs: &[NodeId], axis: &Axis) -> Result<NodeType, String> {
        if xs.is_empty() {
            return Err("concatenate needs at least one operand".into());
        }
        let first = self.t(xs[0]).clone();
        if !first.axes.contains(axis) {
            return Err(format!(
                "concatenate axis {axis} is not an axis of the operands"
            ));
        }
        for x in &xs[1..] {
            let t = self.t(*x);
            if t.ty != first.ty {
                return Err("concatenate: operand element types differ".into());
            }
            if !same_set(&t.axes, &first.axes) {
                return Err(format!(
                    "concatenate: operand axes {} differ from {}",
                    show(&t.axes),
                    show(&first.axes)
                ));
            }
        }
        Ok(first)
    }

    /// Renamed axes of the operand, still distinct.
    fn check_relabel(&self, x: &NodeId, renames: &[(Axis, Axis)]) -> Result<NodeType, String> {
        let xt = self.t(*x).clone();
        let froms: Vec<Axis> = renames.iter().map(|r| r.0.clone()).collect();
        subset(&froms, &xt.axes, "relabel")?;
        distinct(froms.into_iter(), "relabel sources")?;
        let axes: Vec<Axis> = xt
            .axes
            .iter()
            .map(|a| {
                renames
                    .iter()
                    .find(|r| &r.0 == a)
                    .map(|r| r.1.clone())
                    .unwrap_or(a.clone())
            })
            .collect();
        Ok(NodeType {
            axes: distinct(axes.into_iter(), "relabel result")?,
            ty: xt.ty,
        })
    }

    /// A reduction: its axes removed, the reducer defined on the element type.
    fn check_reduce(
        &self,
        x: &NodeId,
        init: &NodeId,
        reducer: &Reducer,
        axes: &[Axis],
    ) -> Result<NodeType, String> {
        use ElemType::*;
        let xt = self.t(*x).clone();
        self.scalar_of(*init, xt.ty, "reduce init")?;
        subset(axes, &xt.axes, "reduce")?;
        let ok = match reducer {
            Reducer::And | Reducer::Or => xt.ty == Bool,
            _ => xt.ty != Bool,
        };
        if !ok {
            return Err(format!(
                "reduce {} is not defined on {} elements",
                reducer.name(),
                xt.ty
            ));
        }
        Ok(NodeType {
            axes: xt
                .axes
                .iter()
                .filter(|a| !axes.contains(a))
                .cloned()
                .collect(),
            ty: xt.ty,
        })
    }

    /// A contraction: batch axes, then the free axes of `a`, then those of `b`.
    fn check_dot(
        &self,
        a: &NodeId,
        b: &NodeId,
        contract: &[Axis],
        batch: &[Axis],
    ) -> Result<NodeType, String> {
        use ElemType::*;
        let ty = self.same_ty(*a, *b, "dot")?;
        if ty == Bool {
            return Err("dot needs int or real elements".into());
        }
        let (at, bt) = (self.t(*a), self.t(*b));
        for c in contract.iter().chain(batch) {
            if !at.axes.contains(c) || !bt.axes.contains(c) {
                return Err(format!("dot: axis {c} must be an axis of both operands"));
            }
            if contract.contains(c) && batch.contains(c) {
                return Err(format!("dot: axis {c} is both batch and contracting"));
            }
        }
        for x in &at.axes {
            if bt.axes.contains(x) && !contract.contains(x) && !batch.contains(x) {
                return Err(format!(
                    "dot: axis {x} occurs in both operands but is neither batch nor contracting"
                ));
            }
        }
        let mut axes = batch.to_vec();
        axes.extend(at.axes.iter().filter(|x| !bt.axes.contains(x)).cloned());
        axes.extend(bt.axes.iter().filter(|x| !at.axes.contains(x)).cloned());
        Ok(NodeType { axes, ty })
    }

    /// A convolution: batch, output feature and spatial axes; window maps over the spatial ones.
    fn check_conv(
        &self,
        input: &NodeId,
        weights: &NodeId,
        axes: &ConvAxes,
        window: &ConvWindow<I>,
    ) -> Result<NodeType, String> {
        use ElemType::*;
        let ty = self.same_ty(*input, *weights, "convolution")?;
        if ty == Bool {
            return Err("convolution needs int or real elements".into());
        }
        let it = self.t(*input);
        let wt = self.t(*weights);
        let want_in: Vec<Axis> = axes
            .batch
            .iter()
            .chain(&axes.feature)
            .chain(&axes.spatial)
            .cloned()
            .collect();
        let want_w: Vec<Axis> = axes
            .feature
            .iter()
            .chain(&axes.out_feature)
            .chain(&axes.spatial)
            .cloned()
            .collect();
        if !same_set(&it.axes, &want_in) {
            return Err(format!(
                "convolution: input axes {} must be batch + feature + spatial {}",
                show(&it.axes),
                show(&want_in)
            ));
        }
        if !same_set(&wt.axes, &want_w) {
            return Err(format!(
                "convolution: weight axes {} must be feature + output feature + spatial {}",
                show(&wt.axes),
                show(&want_w)
            ));
        }
        for (m, what) in [
            (&window.stride, "stride"),
            (&window.low, "low"),
            (&window.high, "high"),
            (&window.lhs_dilation, "lhs_dilation"),
            (&window.rhs_dilation, "rhs_dilation"),
        ] {
            keys_within(m, &axes.spatial, &format!("convolution {what}"))?;
        }
        let out: Vec<Axis> = axes
            .batch
            .iter()
            .chain(&axes.out_feature)
            .chain(&axes.spatial)
            .cloned()
            .collect();
        Ok(NodeType {
            axes: distinct(out.into_iter(), "convolution output")?,
            ty,
        })
    }

    /// Axes removed and inserted, still distinct.
    fn check_reshape(
        &self,
        x: &NodeId,
        insert: &[Axis],
        remove: &[Axis],
    ) -> Result<NodeType, String> {
        let xt = self.t(*x).clone();
        subset(remove, &xt.axes, "reshape remove")?;
        let mut axes: Vec<Axis> = xt
            .axes
            .iter()
            .filter(|a| !remove.contains(a))
            .cloned()
            .collect();
        axes.extend(insert.iter().cloned());
        Ok(NodeType {
            axes: distinct(axes.into_iter(), "reshape result")?,
            ty: xt.ty,
        })
    }

    /// Start-index operands: one rank-0 integer node per axis of the operand, each axis once.
    fn start_operands(
        &self,
        starts: &[(Axis, NodeId)],
        axes: &[Axis],
        what: &str,
    ) -> Result<(), String> {
        let keys = distinct(starts.iter().map(|s| s.0.clone()), what)?;
        if !same_set(&keys, axes) {
            return Err(format!(
                "{what}: start indices for {} but the operand has axes {}",
                show(&keys),
                show(axes)
            ));
        }
        for (a, s) in starts {
            let t = self.t(*s);
            if !t.axes.is_empty() || !t.ty.is_integer() {
                return Err(format!(
                    "{what}: the start index of axis {a} must be an integer scalar, not {} {}",
                    t.ty,
                    show(&t.axes)
                ));
            }
        }
        Ok(())
    }

    fn same_ty(&self, a: NodeId, b: NodeId, what: &str) -> Result<ElemType, String> {
        let (ta, tb) = (self.t(a).ty, self.t(b).ty);
        if ta != tb {
            return Err(format!(
                "{what}: operand element types differ ({ta} and {tb})"
            ));
        }
        Ok(ta)
    }

    fn scalar_of(&self, n: NodeId, ty: ElemType, what: &str) -> Result<(), String> {
        let t = self.t(n);
        if !t.axes.is_empty() {
            return Err(format!(
                "{what} must be a scalar, not a tensor with axes {}",
                show(&t.axes)
            ));
        }
        if t.ty != ty {
            return Err(format!(
                "{what} has type {} but the operand has {}",
                t.ty, ty
            ));
        }
        Ok(())
    }

    /// Operands of an elementwise op: all of one axis set, or rank 0.
    fn elementwise_axes(&self, xs: &[NodeId]) -> Result<Vec<Axis>, String> {
        let mut axes: Option<Vec<Axis>> = None;
        for x in xs {
            let t = self.t(*x);
            if t.axes.is_empty() {
                continue;
            }
            match &axes {
                None => axes = Some(t.axes.clone()),
                Some(a) if same_set(a, &t.axes) => {}
                Some(a) => {
                    return Err(format!(
                        "elementwise operands have different axes: {} and {}",
                        show(a),
                        show(&t.axes)
                    ))
                }
            }
        }
        Ok(axes.unwrap_or_default())
    }
}

pub(crate) fn show(axes: &[Axis]) -> String {
    format!("[{}]", axes.join(", "))
}

fn distinct(axes: impl Iterator<Item = Axis>, what: &str) -> Result<Vec<Axis>, String> {
    let mut out: Vec<Axis> = Vec::new();
    for a in axes {
        if out.contains(&a) {
            return Err(format!("{what}: axis {a} occurs twice"));
        }
        out.push(a);
    }
    Ok(out)
}

fn same_set(a: &[Axis], b: &[Axis]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.contains(x))
}

fn subset(xs: &[Axis], of: &[Axis], what: &str) -> Result<(), String> {
    for x in xs {
        if !of.contains(x) {
            return Err(format!(
                "{what}: axis {x} is not an axis of the operand {}",
                show(of)
            ));
        }
    }
    Ok(())
}

fn keys_within<I>(m: &AxisMap<I>, axes: &[Axis], what: &str) -> Result<(), String> {
    let keys: Vec<Axis> = m.iter().map(|x| x.0.clone()).collect();
    for k in &keys {
        if !axes.contains(k) {
            return Err(format!(
                "{what}: axis {k} is not an axis of the operand {}",
                show(axes)
            ));
        }
    }
    distinct(keys.into_iter(), what).map(|_| ())
}
