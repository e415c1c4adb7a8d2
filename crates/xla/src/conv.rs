//! `convolution` as the core's `Conv` (XLA's ConvWithGeneralDimensions): `dim_labels`
//! (`b01f_01io->b01f`) give each dimension of the input, the kernel and the output its role,
//! `window` (`size=3x3 stride=2x2 pad=1_1x1_1 lhs_dilate=.. rhs_dilate=..`) the spatial
//! dimensions' windows. Only `feature_group_count` and `batch_group_count` of 1 (the defaults).
//! Semantics: https://openxla.org/xla/operation_semantics#conv_convolution.

use crate::hlo::Instr;
use crate::lower::{axis, Lowerer, Unsupported};
use crate::ops::attr;
use tensor::{AxisMap, ConvAxes, ConvWindow, Domain, NodeId, Op};

type Arr = (NodeId, Vec<i64>);

/// The core's axis for a dimension label: the batch, the (input) feature shared by input and
/// kernel, the output feature, spatial dimension `k`.
fn role(c: char, side: usize) -> Option<String> {
    Some(match (side, c) {
        (0 | 2, 'b') => "cb".into(),
        (0, 'f') | (1, 'i') => "cf".into(),
        (1, 'o') | (2, 'f') => "co".into(),
        (_, k) if k.is_ascii_digit() => format!("s{k}"),
        _ => return None,
    })
}

/// `dim_labels` as the core's axis names per dimension of input, kernel and output.
fn labels(text: &str, ranks: [usize; 3]) -> Option<[Vec<String>; 3]> {
    let (ins, out) = text.trim().split_once("->")?;
    let (lhs, rhs) = ins.split_once('_')?;
    let mut sides: [Vec<String>; 3] = Default::default();
    for (side, part) in [lhs, rhs, out].into_iter().enumerate() {
        let names: Option<Vec<String>> = part.chars().map(|c| role(c, side)).collect();
        let names = names?;
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        if names.len() != ranks[side] || sorted.len() != names.len() {
            return None;
        }
        sides[side] = names;
    }
    Some(sides)
}

/// `window=` as the core's window over the spatial axes `s0..`, after checking its sizes
/// against the kernel's.
fn window<D: Domain>(
    l: &mut Lowerer<D>,
    text: &str,
    kernel_sizes: &[i64],
) -> Result<ConvWindow<D::I>, String> {
    let n = kernel_sizes.len();
    let mut w = ConvWindow {
        stride: vec![],
        low: vec![],
        high: vec![],
        lhs_dilation: vec![],
        rhs_dilation: vec![],
    };
    let mut size = None;
    let body = text.trim().trim_start_matches('{').trim_end_matches('}');
    for field in body.split_whitespace() {
        let (k, v) = field.split_once('=').ok_or("a field without a value")?;
        let parts: Vec<&str> = v.split('x').collect();
        if parts.len() != n {
            return Err(format!(
                "{k}= for {} spatial dimensions, not {n}",
                parts.len()
            ));
        }
        let num = |s: &str| s.parse::<i64>().map_err(|_| format!("{k}={v}"));
        for (j, p) in parts.iter().enumerate() {
            let s = format!("s{j}");
            let mut put = |m: &mut AxisMap<D::I>, x: i64| m.push((s.clone(), l.d.lit_i(x as i128)));
            match k {
                "size" => size.get_or_insert_with(Vec::new).push(num(p)?),
                "stride" => put(&mut w.stride, num(p)?),
                "lhs_dilate" => put(&mut w.lhs_dilation, num(p)?),
                "rhs_dilate" => put(&mut w.rhs_dilation, num(p)?),
                "pad" => {
                    let (lo, hi) = p.split_once('_').ok_or(format!("pad={v}"))?;
                    put(&mut w.low, num(lo)?);
                    put(&mut w.high, num(hi)?);
                }
                _ => return Err(format!("{k}= not modelled yet")),
            }
        }
    }
    if size.as_deref().unwrap_or(&vec![1; n][..]) != kernel_sizes {
        return Err("a window size other than the kernel's spatial sizes".into());
    }
    Ok(w)
}

/// `convolution(input, kernel)` at the output dimensions `dims`.
pub(crate) fn convolution<D: Domain>(
    l: &mut Lowerer<D>,
    ins: &Instr,
    x: &Arr,
    k: &Arr,
    dims: &[i64],
) -> Result<NodeId, Unsupported> {
    for g in ["feature_group_count", "batch_group_count"] {
        if let Some(a) = ins.attr(g).filter(|a| a.value.trim() != "1") {
            return Err(Unsupported {
                what: format!("convolution: {g}={} (only 1 is modelled)", a.value),
                span: a.value_span,
            });
        }
    }
    let (text, span) = attr(ins, "dim_labels")?;
    let [lhs, rhs, out] = labels(text, [x.1.len(), k.1.len(), dims.len()]).ok_or_else(|| {
        Unsupported {
            what: format!("convolution: dim_labels={text} (not one batch, one feature and the same spatial dimensions)"),
            span,
        }
    })?;
    let spatial: Vec<String> = (0..x.1.len().saturating_sub(2))
        .map(|j| format!("s{j}"))
        .collect();
    let kernel_sizes: Vec<i64> = spatial
        .iter()
        .map(|s| rhs.iter().position(|r| r == s).map_or(-1, |p| k.1[p]))
        .collect();
    let (wtext, wspan) = attr(ins, "window")?;
    let window = window(l, wtext, &kernel_sizes).map_err(|why| Unsupported {
        what: format!("convolution: window={wtext} ({why})"),
        span: wspan,
    })?;
    let named = |side: &[String]| -> Vec<(String, String)> {
        side.iter()
            .enumerate()
            .map(|(p, n)| (axis(p), n.clone()))
            .collect()
    };
    let input = l.relabel(x.0, named(&lhs), ins)?;
    let weights = l.relabel(k.0, named(&rhs), ins)?;
    let node = l.add(
        Op::Conv {
            input,
            weights,
            axes: ConvAxes {
                batch: vec!["cb".into()],
                feature: vec!["cf".into()],
                out_feature: vec!["co".into()],
                spatial,
            },
            window,
            labels: vec![],
        },
        ins,
    )?;
    let back = out
        .iter()
        .enumerate()
        .map(|(p, n)| (n.clone(), axis(p)))
        .collect();
    l.relabel(node, back, ins)
}
