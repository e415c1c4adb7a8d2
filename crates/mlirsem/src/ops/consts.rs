//! Constant forms beyond `dense` lists and splats: `sparse<indices, values>` (every element not
//! listed is zero, as the builtin `SparseElementsAttr` documents; a repeated index is
//! unsupported) and hex `dense<"0x...">` payloads (little-endian element bytes). Used by
//! `arith.constant` and `tosa.const`.

use crate::base::ctx::{flatten, float_bits, lit_elem, result_type};
use crate::base::domain::{EType, MDomain};
use crate::base::stop::{unsupported, R};
use crate::base::value::*;
use mlir::{Attr, DenseData, DenseLit, Dim};
use mlir::{Module, OpId};
use std::collections::BTreeSet;
use std::rc::Rc;

/// Most listed entries of a constant.
const MAX_ENTRIES: usize = 4096;

fn lits(data: &DenseData) -> R<Vec<DenseLit>> {
    match data {
        DenseData::Literal(l) => {
            let mut out = vec![];
            crate::base::ctx::flatten(l, &mut out);
            Ok(out)
        }
        DenseData::Empty => Ok(vec![]),
        DenseData::Hex(_) => unsupported("a sparse constant with hex data"),
    }
}

/// A tensor of static shape `dims` whose elements at the listed row-major offsets are given
/// and `default` elsewhere.
pub(crate) fn table<'a, D: MDomain>(
    d: &mut D,
    dims: &[i128],
    ety: EType,
    entries: Vec<(i128, Elem<D>)>,
    default: Elem<D>,
) -> Tensor<'a, D> {
    let shape: Vec<D::I> = dims.iter().map(|n| d.lit_i(*n)).collect();
    let dims = dims.to_vec();
    let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
        let mut off = d.lit_i(0);
        for (i, n) in idx.iter().zip(&dims) {
            let nn = d.lit_i(*n);
            let scaled = d.mul_i(&off, &nn);
            off = d.add_i(&scaled, i);
        }
        let mut v = default.clone();
        for (k, e) in entries.iter().rev() {
            let kk = d.lit_i(*k);
            let is = d.eq_i(&off, &kk);
            v = ite_elem(d, &is, e, &v);
        }
        SVal {
            v,
            ok: d.lit_b(true),
        }
    });
    Tensor { shape, ety, at }
}

/// `sparse<indices, values>` of static shape `dims`.
pub(crate) fn sparse<'a, D: MDomain>(
    d: &mut D,
    dims: &[i128],
    ety: EType,
    indices: &DenseData,
    values: &DenseData,
) -> R<Tensor<'a, D>> {
    let rank = dims.len();
    if rank == 0 {
        return unsupported("a sparse constant of rank 0");
    }
    let idx = lits(indices)?;
    let vals = lits(values)?;
    if idx.len() % rank != 0 {
        return unsupported("sparse indices that do not match the rank");
    }
    let n = idx.len() / rank;
    if n > MAX_ENTRIES || (vals.len() != n && vals.len() != 1) {
        return unsupported("a sparse constant whose index and value counts differ");
    }
    let mut seen = BTreeSet::new();
    let mut entries = vec![];
    for k in 0..n {
        let mut off: i128 = 0;
        for (j, size) in dims.iter().enumerate() {
            let DenseLit::Int(i) = idx[k * rank + j] else {
                return unsupported("a sparse index that is not an integer");
            };
            if i < 0 || i >= *size {
                return unsupported("a sparse index out of bounds");
            }
            off = off * size + i;
        }
        if !seen.insert(off) {
            return unsupported("a sparse constant with a repeated index");
        }
        let v = lit_elem(d, ety, &vals[if vals.len() == 1 { 0 } else { k }])?;
        entries.push((off, v));
    }
    let default = zero_elem(d, ety);
    Ok(table(d, dims, ety, entries, default))
}

/// The elements of a hex `dense<"0x...">` payload: one element (a splat) or all of them.
pub(crate) fn hex<D: MDomain>(d: &mut D, ety: EType, count: i128, text: &str) -> R<Vec<Elem<D>>> {
    let bytes: Vec<u8> = (0..text.len() / 2)
        .map(|k| u8::from_str_radix(&text[2 * k..2 * k + 2], 16))
        .collect::<Result<_, _>>()
        .map_err(|_| crate::base::stop::Stop::Unsupported("a malformed hex constant".into()))?;
    let width = match ety {
        EType::Bool => return unsupported("a hex constant of i1"),
        t => t.width() as usize,
    };
    if width % 8 != 0 {
        return unsupported("a hex constant of a width that is not a whole number of bytes");
    }
    let size = width / 8;
    let n = bytes.len() / size;
    if bytes.len() % size != 0 || (n != 1 && n as i128 != count) || n > MAX_ENTRIES {
        return unsupported("a hex constant whose size differs from its type");
    }
    let mut out = vec![];
    for k in 0..n {
        let mut v: u128 = 0;
        for (j, b) in bytes[k * size..(k + 1) * size].iter().enumerate() {
            v |= (*b as u128) << (8 * j);
        }
        out.push(match ety {
            EType::Float(f) => Elem::Float(d.f_lit(f, v as u64)),
            t => {
                let w = t.width();
                let s = (v as i128 + pow2(w - 1)).rem_euclid(pow2(w)) - pow2(w - 1);
                Elem::Int(d.lit_i(s))
            }
        });
    }
    Ok(out)
}

/// The constant forms of this module, of tensor type `dims`.
pub(crate) fn other<'a, D: MDomain>(
    d: &mut D,
    a: &Attr,
    dims: &[Dim],
    ety: EType,
) -> R<Tensor<'a, D>> {
    let mut sdims = vec![];
    for dim in dims {
        match dim {
            Dim::Static(n) => sdims.push(*n as i128),
            Dim::Dynamic => return unsupported("a constant of dynamic shape"),
        }
    }
    let count = sdims.iter().product::<i128>();
    match a {
        Attr::Sparse {
            indices, values, ..
        } => sparse(d, &sdims, ety, indices, values),
        Attr::Dense {
            data: DenseData::Hex(h),
            ..
        } => {
            let vals = hex(d, ety, count, h)?;
            if vals.len() == 1 {
                let v = vals[0].clone();
                Ok(table(d, &sdims, ety, vec![], v))
            } else {
                let default = zero_elem(d, ety);
                let entries = vals
                    .into_iter()
                    .enumerate()
                    .map(|(k, v)| (k as i128, v))
                    .collect();
                Ok(table(d, &sdims, ety, entries, default))
            }
        }
        _ => unsupported("this form of arith.constant"),
    }
}

pub(crate) fn constant<'a, D: MDomain>(d: &mut D, m: &'a Module, o: OpId) -> R<Val<'a, D>> {
    let op = m.op(o);
    let (dims, ety) = result_type(m, o, 0)?;
    let ok = d.lit_b(true);
    match (op.attr("value"), dims) {
        (Some(Attr::Int { value, .. }), None) => {
            let l = DenseLit::Int(*value);
            Ok(Val::Scalar(
                SVal {
                    v: lit_elem(d, ety, &l)?,
                    ok,
                },
                ety,
            ))
        }
        (Some(Attr::Bool(b)), None) => Ok(Val::Scalar(
            SVal {
                v: Elem::Bool(d.lit_b(*b)),
                ok,
            },
            ety,
        )),
        (Some(Attr::Float { value, bits, .. }), None) => match ety {
            EType::Float(f) => {
                let b = float_bits(f, *value, *bits)?;
                Ok(Val::Scalar(
                    SVal {
                        v: Elem::Float(d.f_lit(f, b)),
                        ok,
                    },
                    ety,
                ))
            }
            _ => unsupported("a float constant of a non-float type"),
        },
        (Some(a), Some(dims)) => literal_tensor(d, a, &dims, ety).map(Val::Tensor),
        _ => unsupported("this form of arith.constant"),
    }
}

const MAX_DENSE: usize = 4096;

/// The tensor of a literal attribute of static shape `dims`: a `dense` list or splat here,
/// `sparse` and hex payloads in [`crate::ops::consts`] (for `arith.constant` and `memref.global`).
pub(crate) fn literal_tensor<'a, D: MDomain>(
    d: &mut D,
    a: &Attr,
    dims: &[Dim],
    ety: EType,
) -> R<Tensor<'a, D>> {
    let Attr::Dense {
        data: DenseData::Literal(l),
        ..
    } = a
    else {
        return crate::ops::consts::other(d, a, dims, ety);
    };
    let mut static_dims = vec![];
    for dim in dims {
        match dim {
            Dim::Static(n) => static_dims.push(*n as i128),
            Dim::Dynamic => return unsupported("a dense constant of dynamic shape"),
        }
    }
    let count: i128 = static_dims.iter().product();
    let mut elems = vec![];
    flatten(l, &mut elems);
    let values: Vec<Elem<D>> = elems
        .iter()
        .map(|e| lit_elem(d, ety, e))
        .collect::<R<_>>()?;
    if values.len() != 1 && values.len() as i128 != count {
        return unsupported("a dense literal whose element count differs from its type");
    }
    if values.len() > MAX_DENSE {
        return unsupported(format!("dense constants of more than {MAX_DENSE} elements"));
    }
    // The last value is the default of the table: all of a splat, the last element of a list
    // (an empty literal has no element to read).
    let mut entries: Vec<(i128, Elem<D>)> = values
        .into_iter()
        .enumerate()
        .map(|(k, e)| (k as i128, e))
        .collect();
    let last = match entries.pop() {
        Some((_, e)) => e,
        None => zero_elem(d, ety),
    };
    Ok(crate::ops::consts::table(
        d,
        &static_dims,
        ety,
        entries,
        last,
    ))
}
