//! A reshape that regroups dimensions (`f32[8,4]` to `f32[32]`), written with the core's ops:
//! row-major order is what a concatenation of rows means. The operand is flattened (its rows
//! concatenated, recursively) and the flat vector cut into the result's rows (slices of it,
//! recursively, each given a leading size-1 axis and concatenated). Each output element is then
//! one chain of concatenation choices deep, never one term per element of the whole tensor.

use crate::hlo::Instr;
use crate::lower::{axis, bad, Lowerer, Unsupported};
use tensor::{Domain, NodeId, Op};

/// At most this many row pieces per reshape (each is a node and a branch of a choice).
const MAX_PIECES: i64 = 4096;

pub(crate) fn regroup<D: Domain>(
    l: &mut Lowerer<D>,
    ins: &Instr,
    x: NodeId,
    from: &[i64],
    to: &[i64],
) -> Result<NodeId, Unsupported> {
    let rows = |d: &[i64]| -> i64 { d.iter().take(d.len().saturating_sub(1)).product() };
    if rows(from) + rows(to) > MAX_PIECES || from.contains(&0) || to.contains(&0) {
        return Err(bad(
            ins,
            &format!("a reshape from {from:?} to {to:?} with more than {MAX_PIECES} rows"),
        ));
    }
    let flat = flatten(l, ins, x, from)?;
    unflatten(l, ins, flat, to)
}

/// `x`'s elements in row-major order along `d0`.
fn flatten<D: Domain>(
    l: &mut Lowerer<D>,
    ins: &Instr,
    x: NodeId,
    dims: &[i64],
) -> Result<NodeId, Unsupported> {
    match dims.len() {
        0 => reshape(l, ins, x, vec![axis(0)], vec![]),
        1 => Ok(x),
        r => {
            let mut pieces = vec![];
            for i in 0..dims[0] {
                let row = slice0(l, ins, x, i, i + 1)?;
                let row = reshape(l, ins, row, vec![], vec![axis(0)])?;
                let renames = (1..r).map(|k| (axis(k), axis(k - 1))).collect();
                let row = l.relabel(row, renames, ins)?;
                pieces.push(flatten(l, ins, row, &dims[1..])?);
            }
            concat0(l, ins, pieces)
        }
    }
}

/// The vector `flat` (axis `d0`) as an array of shape `dims`, row-major.
fn unflatten<D: Domain>(
    l: &mut Lowerer<D>,
    ins: &Instr,
    flat: NodeId,
    dims: &[i64],
) -> Result<NodeId, Unsupported> {
    match dims.len() {
        0 => reshape(l, ins, flat, vec![], vec![axis(0)]),
        1 => Ok(flat),
        m => {
            let rest: i64 = dims[1..].iter().product();
            let mut pieces = vec![];
            for i in 0..dims[0] {
                let part = slice0(l, ins, flat, i * rest, (i + 1) * rest)?;
                let part = unflatten(l, ins, part, &dims[1..])?;
                let renames = (0..m - 1).rev().map(|k| (axis(k), axis(k + 1))).collect();
                let part = l.relabel(part, renames, ins)?;
                pieces.push(reshape(l, ins, part, vec![axis(0)], vec![])?);
            }
            concat0(l, ins, pieces)
        }
    }
}

fn slice0<D: Domain>(
    l: &mut Lowerer<D>,
    ins: &Instr,
    x: NodeId,
    start: i64,
    limit: i64,
) -> Result<NodeId, Unsupported> {
    let (s, e) = (l.d.lit_i(start as i128), l.d.lit_i(limit as i128));
    l.add(
        Op::Slice {
            x,
            start: vec![(axis(0), s)],
            limit: vec![(axis(0), e)],
            stride: vec![],
        },
        ins,
    )
}

fn reshape<D: Domain>(
    l: &mut Lowerer<D>,
    ins: &Instr,
    x: NodeId,
    insert: Vec<String>,
    remove: Vec<String>,
) -> Result<NodeId, Unsupported> {
    l.add(Op::Reshape { x, insert, remove }, ins)
}

fn concat0<D: Domain>(
    l: &mut Lowerer<D>,
    ins: &Instr,
    pieces: Vec<NodeId>,
) -> Result<NodeId, Unsupported> {
    if pieces.len() == 1 {
        return Ok(pieces[0]);
    }
    l.add(
        Op::Concat {
            xs: pieces,
            axis: axis(0),
        },
        ins,
    )
}
