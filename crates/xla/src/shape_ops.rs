//! The ops that move elements (broadcast, reshape, bitcast, transpose, slice, concatenate,
//! pad, reverse) and the reductions (reduce, dot), as the core's ops over positional axes.
//! Semantics: XLA's operation semantics (https://openxla.org/xla/operation_semantics).

use crate::hlo::{Instr, Shape};
use crate::lower::{axis, bad, Lowerer, Unsupported};
use crate::ops::{attr, int_list, int_list_or_empty};
use tensor::{Axis, AxisMap, Domain, NodeId, Op};

type Arr = (NodeId, Vec<i64>);

pub(crate) fn lower<D: Domain>(
    l: &mut Lowerer<D>,
    ins: &Instr,
    xs: &[Arr],
    dims: &[i64],
) -> Result<NodeId, Unsupported> {
    match ins.opcode.text.as_str() {
        "broadcast" => broadcast(l, ins, &xs[0], dims),
        "reshape" => reshape(l, ins, &xs[0], dims),
        "bitcast" => bitcast(l, ins, &xs[0], dims),
        "transpose" => transpose(l, ins, &xs[0]),
        "slice" => slice(l, ins, &xs[0]),
        "dynamic-slice" => dynamic_slice(l, ins, xs),
        "dynamic-update-slice" => dynamic_update_slice(l, ins, xs),
        "concatenate" => concatenate(l, ins, xs),
        "pad" => pad(l, ins, &xs[0], xs[1].0),
        "reverse" => {
            let axes = positions(ins, "dimensions", xs[0].1.len())?;
            l.add(Op::Reverse { x: xs[0].0, axes }, ins)
        }
        "reduce" => reduce(l, ins, &xs[0], xs[1].0),
        "reduce-window" => reduce_window(l, ins, &xs[0], xs[1].0),
        "dot" => dot(l, ins, &xs[0], &xs[1]),
        "convolution" => crate::conv::convolution(l, ins, &xs[0], &xs[1], dims),
        other => Err(bad(ins, &format!("op {other} (no meaning given yet)"))),
    }
}

/// A list attribute of dimension numbers below `rank`, as axes.
fn positions(ins: &Instr, name: &str, rank: usize) -> Result<Vec<Axis>, Unsupported> {
    let list = int_list(ins, name)?;
    let span = attr(ins, name)?.1;
    list.iter()
        .map(|k| {
            if (0..rank as i64).contains(k) {
                Ok(axis(*k as usize))
            } else {
                Err(Unsupported {
                    what: format!(
                        "{}: dimension {k} of a rank-{rank} operand",
                        ins.opcode.text
                    ),
                    span,
                })
            }
        })
        .collect()
}

fn lit_sizes<D: Domain>(l: &mut Lowerer<D>, sizes: &[(usize, i64)]) -> AxisMap<D::I> {
    sizes
        .iter()
        .map(|(k, n)| (axis(*k), l.d.lit_i(*n as i128)))
        .collect()
}

/// `broadcast(x), dimensions={..}`: operand dimension `k` is output dimension `dims[k]`.
fn broadcast<D: Domain>(
    l: &mut Lowerer<D>,
    ins: &Instr,
    x: &Arr,
    out: &[i64],
) -> Result<NodeId, Unsupported> {
    let map = positions(ins, "dimensions", out.len())?;
    if map.len() != x.1.len() {
        return Err(bad(
            ins,
            "dimensions= does not list one output dimension per operand dimension",
        ));
    }
    let renames = map
        .iter()
        .enumerate()
        .map(|(k, to)| (axis(k), to.clone()))
        .collect();
    let moved = l.relabel(x.0, renames, ins)?;
    let new: Vec<(usize, i64)> = (0..out.len())
        .filter(|j| !map.contains(&axis(*j)))
        .map(|j| (j, out[j]))
        .collect();
    if new.is_empty() {
        return Ok(moved);
    }
    let axes = lit_sizes(l, &new);
    l.add(Op::Broadcast { x: moved, axes }, ins)
}

/// The start-index operands of a dynamic slice or update (`xs[first..]`): one rank-0
/// integer per dimension of `x`, as the core's start operands.
fn start_operands(
    ins: &Instr,
    x: &Arr,
    starts: &[Arr],
) -> Result<Vec<(Axis, NodeId)>, Unsupported> {
    if starts.len() != x.1.len() || starts.iter().any(|s| !s.1.is_empty()) {
        return Err(bad(
            ins,
            &format!(
                "{} start indices for a rank-{} operand (one scalar per dimension expected)",
                starts.len(),
                x.1.len()
            ),
        ));
    }
    Ok(starts
        .iter()
        .enumerate()
        .map(|(k, s)| (axis(k), s.0))
        .collect())
}

/// `dynamic-slice(x, s0, s1, ...), dynamic_slice_sizes={..}`: the starts clamped into range.
fn dynamic_slice<D: Domain>(
    l: &mut Lowerer<D>,
    ins: &Instr,
    xs: &[Arr],
) -> Result<NodeId, Unsupported> {
    let x = xs.first().ok_or_else(|| bad(ins, "no operand"))?;
    let starts = start_operands(ins, x, &xs[1..])?;
    let sizes = int_list(ins, "dynamic_slice_sizes")?;
    if sizes.len() != x.1.len() || sizes.iter().zip(&x.1).any(|(s, n)| *s < 0 || s > n) {
        return Err(bad(
            ins,
            "dynamic_slice_sizes= must give a size within the operand for every dimension",
        ));
    }
    let sizes: Vec<(usize, i64)> = sizes.into_iter().enumerate().collect();
    let sizes = lit_sizes(l, &sizes);
    l.add(
        Op::DynamicSliceAt {
            x: x.0,
            starts,
            sizes,
        },
        ins,
    )
}

/// `dynamic-update-slice(x, update, s0, s1, ...)`: `update` written at the clamped starts.
fn dynamic_update_slice<D: Domain>(
    l: &mut Lowerer<D>,
    ins: &Instr,
    xs: &[Arr],
) -> Result<NodeId, Unsupported> {
    if xs.len() < 2 {
        return Err(bad(ins, "an operand and an update expected"));
    }
    let (x, update) = (&xs[0], &xs[1]);
    if update.1.len() != x.1.len() || update.1.iter().zip(&x.1).any(|(u, n)| u > n) {
        return Err(bad(ins, "the update must fit inside the operand"));
    }
    let starts = start_operands(ins, x, &xs[2..])?;
    l.add(
        Op::DynamicUpdateSliceAt {
            x: x.0,
            update: update.0,
            starts,
        },
        ins,
    )
}

/// `transpose(x), dimensions={p}`: output dimension `i` is operand dimension `p[i]`.
fn transpose<D: Domain>(l: &mut Lowerer<D>, ins: &Instr, x: &Arr) -> Result<NodeId, Unsupported> {
    let perm = positions(ins, "dimensions", x.1.len())?;
    let renames = perm
        .iter()
        .enumerate()
        .map(|(i, p)| (p.clone(), axis(i)))
        .collect();
    l.relabel(x.0, renames, ins)
}

/// `reshape`: the core's reshape where it only inserts or removes dimensions of size 1, else
/// a regrouping in row-major order (`regroup`).
fn reshape<D: Domain>(
    l: &mut Lowerer<D>,
    ins: &Instr,
    x: &Arr,
    out: &[i64],
) -> Result<NodeId, Unsupported> {
    let kept = |d: &[i64]| -> Vec<(usize, i64)> {
        d.iter()
            .enumerate()
            .filter(|(_, n)| **n != 1)
            .map(|(k, n)| (k, *n))
            .collect()
    };
    let (from, to) = (kept(&x.1), kept(out));
    let same = from.len() == to.len() && from.iter().zip(&to).all(|(a, b)| a.1 == b.1);
    if !same {
        return crate::regroup::regroup(l, ins, x.0, &x.1, out);
    }
    let remove: Vec<Axis> = (0..x.1.len()).filter(|k| x.1[*k] == 1).map(axis).collect();
    let mut node = x.0;
    if !remove.is_empty() {
        node = l.add(
            Op::Reshape {
                x: node,
                insert: vec![],
                remove,
            },
            ins,
        )?;
    }
    let renames = from
        .iter()
        .zip(&to)
        .map(|(a, b)| (axis(a.0), axis(b.0)))
        .collect();
    node = l.relabel(node, renames, ins)?;
    let insert: Vec<Axis> = (0..out.len()).filter(|k| out[*k] == 1).map(axis).collect();
    if insert.is_empty() {
        return Ok(node);
    }
    l.add(
        Op::Reshape {
            x: node,
            insert,
            remove: vec![],
        },
        ins,
    )
}

/// `bitcast`: a reshape when operand and result are laid out row-major (XLA's default
/// layout); other layouts reinterpret memory in ways not modelled yet.
fn bitcast<D: Domain>(
    l: &mut Lowerer<D>,
    ins: &Instr,
    x: &Arr,
    out: &[i64],
) -> Result<NodeId, Unsupported> {
    let row_major = |s: &Shape| match s {
        Shape::Array { dims, layout, .. } => match layout {
            None => true,
            Some(lay) => lay.iter().copied().eq((0..dims.len() as i64).rev()),
        },
        Shape::Tuple(_) => false,
    };
    if !row_major(&ins.shape) {
        return Err(bad(ins, "a bitcast to a layout that is not row-major"));
    }
    reshape(l, ins, x, out)
}

/// `slice(x), slice={[b:e], [b:e:s], ...}`.
fn slice<D: Domain>(l: &mut Lowerer<D>, ins: &Instr, x: &Arr) -> Result<NodeId, Unsupported> {
    let (text, span) = attr(ins, "slice")?;
    let err = || Unsupported {
        what: format!("slice: slice={text}"),
        span,
    };
    let inner = text
        .trim()
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .ok_or_else(err)?;
    let mut ranges = vec![];
    for part in inner.split(']').map(str::trim).filter(|p| !p.is_empty()) {
        let part = part
            .trim_start_matches(',')
            .trim()
            .strip_prefix('[')
            .ok_or_else(err)?;
        let nums: Option<Vec<i64>> = part.split(':').map(|n| n.trim().parse().ok()).collect();
        match nums.ok_or_else(err)?[..] {
            [b, e] => ranges.push((b, e, 1)),
            [b, e, s] => ranges.push((b, e, s)),
            _ => return Err(err()),
        }
    }
    if ranges.len() != x.1.len() {
        return Err(err());
    }
    let mut start = vec![];
    let mut limit = vec![];
    let mut stride = vec![];
    for (k, (b, e, s)) in ranges.into_iter().enumerate() {
        start.push((axis(k), l.d.lit_i(b as i128)));
        limit.push((axis(k), l.d.lit_i(e as i128)));
        stride.push((axis(k), l.d.lit_i(s as i128)));
    }
    l.add(
        Op::Slice {
            x: x.0,
            start,
            limit,
            stride,
        },
        ins,
    )
}

fn concatenate<D: Domain>(
    l: &mut Lowerer<D>,
    ins: &Instr,
    xs: &[Arr],
) -> Result<NodeId, Unsupported> {
    let rank = xs.first().map(|x| x.1.len()).unwrap_or(0);
    let along = positions(ins, "dimensions", rank)?;
    let [a] = &along[..] else {
        return Err(bad(ins, "dimensions= must name one dimension"));
    };
    if xs.is_empty() {
        return Err(bad(ins, "no operands"));
    }
    l.add(
        Op::Concat {
            xs: xs.iter().map(|x| x.0).collect(),
            axis: a.clone(),
        },
        ins,
    )
}

/// `pad(x, v), padding=lo_hi[_interior]x...`.
fn pad<D: Domain>(
    l: &mut Lowerer<D>,
    ins: &Instr,
    x: &Arr,
    value: NodeId,
) -> Result<NodeId, Unsupported> {
    let (text, span) = attr(ins, "padding")?;
    let err = || Unsupported {
        what: format!("pad: padding={text}"),
        span,
    };
    let mut low = vec![];
    let mut high = vec![];
    let mut interior = vec![];
    let parts: Vec<&str> = text.trim().split('x').collect();
    if parts.len() != x.1.len() && !(x.1.is_empty() && text.trim().is_empty()) {
        return Err(err());
    }
    for (k, p) in parts.iter().enumerate().take(x.1.len()) {
        let n: Option<Vec<i64>> = p.split('_').map(|n| n.trim().parse().ok()).collect();
        let (lo, hi, int) = match n.ok_or_else(err)?[..] {
            [lo, hi] => (lo, hi, 0),
            [lo, hi, i] => (lo, hi, i),
            _ => return Err(err()),
        };
        low.push((axis(k), l.d.lit_i(lo as i128)));
        high.push((axis(k), l.d.lit_i(hi as i128)));
        interior.push((axis(k), l.d.lit_i(int as i128)));
    }
    l.add(
        Op::Pad {
            x: x.0,
            value,
            low,
            high,
            interior,
        },
        ins,
    )
}

/// `reduce(x, init), dimensions={..}, to_apply=%c`: the remaining dimensions keep their
/// order and are renumbered.
fn reduce<D: Domain>(
    l: &mut Lowerer<D>,
    ins: &Instr,
    x: &Arr,
    init: NodeId,
) -> Result<NodeId, Unsupported> {
    let reducer = l.reducer(ins)?;
    let axes = positions(ins, "dimensions", x.1.len())?;
    let node = l.add(
        Op::Reduce {
            x: x.0,
            init,
            reducer,
            axes: axes.clone(),
            labels: vec![],
        },
        ins,
    )?;
    let kept: Vec<Axis> = (0..x.1.len())
        .map(axis)
        .filter(|a| !axes.contains(a))
        .collect();
    let renames = kept
        .into_iter()
        .enumerate()
        .map(|(i, a)| (a, axis(i)))
        .collect();
    l.relabel(node, renames, ins)
}

/// One dimension of a `reduce-window`'s `window`: size, stride, padding low and high, base
/// (`lhs_dilate`) and window (`rhs_dilate`) dilation.
#[derive(Clone, Copy)]
struct WindowDim {
    size: i64,
    stride: i64,
    low: i64,
    high: i64,
    base_dilation: i64,
    window_dilation: i64,
}

/// `window={size=.. stride=.. pad=lo_hix.. lhs_dilate=.. rhs_dilate=..}` per dimension.
fn window_dims(text: &str, rank: usize) -> Result<Vec<WindowDim>, String> {
    let one = WindowDim {
        size: 1,
        stride: 1,
        low: 0,
        high: 0,
        base_dilation: 1,
        window_dilation: 1,
    };
    let mut dims = vec![one; rank];
    let mut sized = false;
    for field in text
        .trim()
        .trim_start_matches('{')
        .trim_end_matches('}')
        .split_whitespace()
    {
        let (k, v) = field.split_once('=').ok_or("a field without a value")?;
        let parts: Vec<&str> = v.split('x').collect();
        if parts.len() != rank {
            return Err(format!(
                "{k}= for {} dimensions of a rank-{rank} operand",
                parts.len()
            ));
        }
        for (d, p) in dims.iter_mut().zip(parts) {
            let num = |t: &str| t.parse::<i64>().map_err(|_| format!("{k}={v}"));
            match k {
                "size" => d.size = num(p)?,
                "stride" => d.stride = num(p)?,
                "lhs_dilate" => d.base_dilation = num(p)?,
                "rhs_dilate" => d.window_dilation = num(p)?,
                "pad" => {
                    let (lo, hi) = p.split_once('_').ok_or(format!("pad={v}"))?;
                    (d.low, d.high) = (num(lo)?, num(hi)?);
                }
                _ => return Err(format!("{k}= not modelled yet")),
            }
        }
        sized |= k == "size";
    }
    if !sized {
        return Err("no size".into());
    }
    if dims
        .iter()
        .any(|d| d.size < 1 || d.stride < 1 || d.base_dilation < 1 || d.window_dilation < 1)
    {
        return Err("sizes, strides and dilations must be positive".into());
    }
    Ok(dims)
}

/// `reduce-window(x, init), window={..}, to_apply=%r` (XLA's ReduceWindow): the operand padded
/// with `init` (and base-dilated with it), then per dimension with a window of more than one
/// element, the window's offsets as strided slices concatenated along a new window axis `wK`;
/// the reduction folds the window axes. An output element's window is the elements the
/// semantics name, padding included, so the fold's value is XLA's.
fn reduce_window<D: Domain>(
    l: &mut Lowerer<D>,
    ins: &Instr,
    x: &Arr,
    init: NodeId,
) -> Result<NodeId, Unsupported> {
    let (text, span) = attr(ins, "window")?;
    let dims = window_dims(text, x.1.len()).map_err(|why| Unsupported {
        what: format!("reduce-window: window={text} ({why})"),
        span,
    })?;
    let mut node = x.0;
    let padded = dims
        .iter()
        .any(|d| d.low != 0 || d.high != 0 || d.base_dilation != 1);
    if padded {
        let map = |l: &mut Lowerer<D>, f: &dyn Fn(&WindowDim) -> i64| -> AxisMap<D::I> {
            dims.iter()
                .enumerate()
                .map(|(k, d)| (axis(k), l.d.lit_i(f(d) as i128)))
                .collect()
        };
        let (low, high) = (map(l, &|d| d.low), map(l, &|d| d.high));
        let interior = map(l, &|d| d.base_dilation - 1);
        node = l.add(
            Op::Pad {
                x: node,
                value: init,
                low,
                high,
                interior,
            },
            ins,
        )?;
    }
    let mut axes = vec![];
    for (k, (d, n)) in dims.iter().zip(&x.1).enumerate() {
        let extent = d.low + d.high + n + (n - 1).max(0) * (d.base_dilation - 1);
        let span_of_window = (d.size - 1) * d.window_dilation + 1;
        let count = if extent >= span_of_window {
            (extent - span_of_window) / d.stride + 1
        } else {
            0
        };
        if d.size == 1 && d.stride == 1 {
            continue;
        }
        let w = format!("w{k}");
        let mut pieces = vec![];
        for a in 0..d.size {
            let first = a * d.window_dilation;
            let limit = if count > 0 {
                first + (count - 1) * d.stride + 1
            } else {
                first
            };
            let (start, limit, step) = (
                l.d.lit_i(first as i128),
                l.d.lit_i(limit as i128),
                l.d.lit_i(d.stride as i128),
            );
            let piece = l.add(
                Op::Slice {
                    x: node,
                    start: vec![(axis(k), start)],
                    limit: vec![(axis(k), limit)],
                    stride: vec![(axis(k), step)],
                },
                ins,
            )?;
            let piece = l.add(
                Op::Reshape {
                    x: piece,
                    insert: vec![w.clone()],
                    remove: vec![],
                },
                ins,
            )?;
            pieces.push(piece);
        }
        node = l.add(
            Op::Concat {
                xs: pieces,
                axis: w.clone(),
            },
            ins,
        )?;
        axes.push(w);
    }
    if axes.is_empty() {
        // Windows of one element: each output element is `init ⊕ x`, a fold over one.
        let w = "w".to_string();
        node = l.add(
            Op::Reshape {
                x: node,
                insert: vec![w.clone()],
                remove: vec![],
            },
            ins,
        )?;
        axes.push(w);
    }
    let reducer = l.reducer(ins)?;
    l.add(
        Op::Reduce {
            x: node,
            init,
            reducer,
            axes,
            labels: vec![],
        },
        ins,
    )
}

/// `dot(a, b)` with contracting and batch dimensions. The core's dot works by axis name:
/// batch dimensions are named `b_i` on both sides, contracting ones `c_j`, free ones `l_k`
/// and `r_k`; the output's order is batch, lhs free, rhs free, as in XLA.
fn dot<D: Domain>(
    l: &mut Lowerer<D>,
    ins: &Instr,
    a: &Arr,
    b: &Arr,
) -> Result<NodeId, Unsupported> {
    let lc = int_list_or_empty(ins, "lhs_contracting_dims")?;
    let rc = int_list_or_empty(ins, "rhs_contracting_dims")?;
    let lb = int_list_or_empty(ins, "lhs_batch_dims")?;
    let rb = int_list_or_empty(ins, "rhs_batch_dims")?;
    if lc.len() != rc.len() || lb.len() != rb.len() {
        return Err(bad(
            ins,
            "contracting or batch dimensions that do not pair up",
        ));
    }
    let name_side = |rank: usize, batch: &[i64], contract: &[i64], free: &str| {
        let mut renames = vec![];
        let mut frees = vec![];
        for k in 0..rank {
            let to = if let Some(i) = batch.iter().position(|d| *d == k as i64) {
                format!("b{i}")
            } else if let Some(j) = contract.iter().position(|d| *d == k as i64) {
                format!("c{j}")
            } else {
                frees.push(k);
                format!("{free}{}", frees.len() - 1)
            };
            renames.push((axis(k), to));
        }
        (renames, frees.len())
    };
    let (ra, fa) = name_side(a.1.len(), &lb, &lc, "l");
    let (rb_, fb) = name_side(b.1.len(), &rb, &rc, "r");
    let an = l.add(
        Op::Relabel {
            x: a.0,
            renames: ra,
        },
        ins,
    )?;
    let bn = l.add(
        Op::Relabel {
            x: b.0,
            renames: rb_,
        },
        ins,
    )?;
    let node = l.add(
        Op::Dot {
            a: an,
            b: bn,
            contract: (0..lc.len()).map(|j| format!("c{j}")).collect(),
            batch: (0..lb.len()).map(|i| format!("b{i}")).collect(),
            labels: vec![],
        },
        ins,
    )?;
    let nb = lb.len();
    let mut renames = vec![];
    for i in 0..nb {
        renames.push((format!("b{i}"), axis(i)));
    }
    for k in 0..fa {
        renames.push((format!("l{k}"), axis(nb + k)));
    }
    for k in 0..fb {
        renames.push((format!("r{k}"), axis(nb + fa + k)));
    }
    l.relabel(node, renames, ins)
}
