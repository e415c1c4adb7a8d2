//! Block pointers (`tl.make_block_ptr`, `tl.advance`, and `tl.load`/`tl.store` through
//! them), defined once over the domain like every op (Triton 3.2, `triton.language`):
//!
//! - `make_block_ptr(base, shape, strides, offsets, block_shape, order)` describes the block of
//!   addresses `base + Σ_d (offsets[d] + l_d) * strides[d]`, `0 <= l_d < block_shape[d]`, of a
//!   tensor of `shape`; `order` only says how the block is laid out in registers, not which
//!   elements it holds (read and checked to be a permutation, else unused);
//! - `advance(p, offsets)` adds to the offsets;
//! - a load or store through it with `boundary_check=(d, ...)` takes part only on the lanes
//!   with `0 <= offsets[d] + l_d < shape[d]` for the named dimensions; other dimensions are
//!   unchecked (a lane past the buffer is then a memory error, as an unmasked tail is);
//!   `padding_option="zero"` gives checked-out lanes of a load `0`, no option an unspecified
//!   value (as a masked load without `other=`), `"nan"` is unsupported (NaN is outside the
//!   real model).

use crate::value::{Block, BlockPtr, Elem, KVal, LDomain, Ty};

type R<T> = Result<T, String>;

fn scalars<D: LDomain>(v: &KVal<D>, what: &str) -> R<Vec<Block<D>>> {
    let one = |x: &KVal<D>| -> R<Block<D>> {
        match x.block() {
            Some(b) if b.shape.is_empty() && matches!(b.ty, Ty::Int | Ty::Bool) => Ok(b),
            _ => Err(format!(
                "{what}: an element that is a {} (not an integer scalar)",
                x.kind()
            )),
        }
    };
    match v {
        KVal::Tuple(xs) => xs.iter().map(one).collect(),
        other => Ok(vec![one(other)?]),
    }
}

fn const_ints<D: LDomain>(v: &KVal<D>, what: &str) -> R<Vec<i128>> {
    let one = |x: &KVal<D>| match x {
        KVal::Int(i) => Ok(*i),
        other => Err(format!(
            "{what} must hold constexpr integers, not a {}",
            other.kind()
        )),
    };
    match v {
        KVal::Tuple(xs) => xs.iter().map(one).collect(),
        other => Ok(vec![one(other)?]),
    }
}

/// `tl.make_block_ptr(base, shape, strides, offsets, block_shape, order)`.
pub(crate) fn make<D: LDomain>(args: &[KVal<D>]) -> R<KVal<D>> {
    let [base, shape, strides, offsets, block_shape, order] = args else {
        return Err(
            "tl.make_block_ptr needs base, shape, strides, offsets, block_shape, order".into(),
        );
    };
    let base = base
        .block()
        .filter(|b| b.shape.is_empty() && matches!(b.ty, Ty::Ptr(_)))
        .ok_or("tl.make_block_ptr's base must be a pointer scalar")?;
    let shape = scalars(shape, "tl.make_block_ptr's shape")?;
    let strides = scalars(strides, "tl.make_block_ptr's strides")?;
    let offsets = scalars(offsets, "tl.make_block_ptr's offsets")?;
    let block = const_ints(block_shape, "tl.make_block_ptr's block_shape")?;
    let mut order = const_ints(order, "tl.make_block_ptr's order")?;
    let n = block.len();
    if [shape.len(), strides.len(), offsets.len(), order.len()] != [n; 4] {
        return Err(
            "tl.make_block_ptr's shape, strides, offsets, block_shape and order differ in length"
                .into(),
        );
    }
    order.sort();
    if order != (0..n as i128).collect::<Vec<_>>() {
        return Err("tl.make_block_ptr's order is not a permutation of the dimensions".into());
    }
    if block
        .iter()
        .any(|b| *b < 1 || *b > crate::value::MAX_NUMEL as i128)
    {
        return Err("tl.make_block_ptr's block_shape holds an empty or too large dimension".into());
    }
    Ok(KVal::BlockPtr(Box::new(BlockPtr {
        base,
        shape,
        strides,
        offsets,
        block: block.into_iter().map(|b| b as usize).collect(),
    })))
}

/// `tl.advance(p, offsets)`.
pub(crate) fn advance<D: LDomain>(p: &KVal<D>, by: &KVal<D>) -> R<KVal<D>> {
    let KVal::BlockPtr(p) = p else {
        return Err(format!("tl.advance of a {}, not a block pointer", p.kind()));
    };
    let by = scalars(by, "tl.advance's offsets")?;
    if by.len() != p.offsets.len() {
        return Err("tl.advance by offsets of another rank than the block pointer's".into());
    }
    let mut q = (**p).clone();
    for (o, b) in q.offsets.iter_mut().zip(by) {
        *o = crate::ops::arith(crate::ops::Arith::Add, o, &b)?;
    }
    Ok(KVal::BlockPtr(Box::new(q)))
}

/// The block of pointers a block pointer describes.
pub(crate) fn pointers<D: LDomain>(p: &BlockPtr<D>) -> Block<D> {
    let p2 = p.clone();
    Block::new(p.block.clone(), p.base.ty, move |d: &mut D, l| {
        let mut acc = p2.base.at(d, &[]).i(d);
        for (k, lane) in l.iter().enumerate() {
            let o = p2.offsets[k].at(d, &[]).i(d);
            let st = p2.strides[k].at(d, &[]).i(d);
            let x = d.add_i(&o, lane);
            let x = d.mul_i(&x, &st);
            acc = d.add_i(&acc, &x);
        }
        Elem::I(acc)
    })
}

/// The lanes inside `shape` along the dimensions `boundary_check` names (`None`: no check).
pub(crate) fn checked<D: LDomain>(p: &BlockPtr<D>, check: &Option<KVal<D>>) -> R<Option<Block<D>>> {
    let dims = match check {
        None | Some(KVal::None) => return Ok(None),
        Some(v) => const_ints(v, "boundary_check")?,
    };
    if dims.iter().any(|d| *d < 0 || *d as usize >= p.block.len()) {
        return Err(format!(
            "boundary_check names a dimension outside 0..{}",
            p.block.len()
        ));
    }
    let dims: Vec<usize> = dims.into_iter().map(|d| d as usize).collect();
    let p2 = p.clone();
    Ok(Some(Block::new(
        p.block.clone(),
        Ty::Bool,
        move |d: &mut D, l| {
            let mut ok = d.lit_b(true);
            for k in &dims {
                let o = p2.offsets[*k].at(d, &[]).i(d);
                let x = d.add_i(&o, &l[*k]);
                let zero = d.lit_i(0);
                let n = p2.shape[*k].at(d, &[]).i(d);
                let lo = d.le_i(&zero, &x);
                let hi = d.lt_i(&x, &n);
                let both = d.and(&lo, &hi);
                ok = d.and(&ok, &both);
            }
            Elem::B(ok)
        },
    )))
}

/// What a load's `padding_option` gives checked-out lanes: `Some(0)` for `"zero"`, `None`
/// (unspecified) when absent.
pub(crate) fn padding<D: LDomain>(v: &Option<KVal<D>>) -> R<Option<KVal<D>>> {
    match v {
        None | Some(KVal::None) => Ok(None),
        Some(KVal::Str(s)) if s.is_empty() => Ok(None),
        Some(KVal::Str(s)) if s == "zero" => Ok(Some(KVal::Float(0, 1))),
        Some(KVal::Str(s)) if s == "nan" => {
            Err("padding_option=\"nan\" (NaN lanes are outside the real model)".into())
        }
        Some(other) => Err(format!("padding_option {}", other.kind())),
    }
}

/// `tl.advance(p, times * by)`: a block pointer advanced in a loop (`crate::exec::loops`),
/// at iteration `times` or after `times` iterations.
pub(crate) fn advance_times<D: LDomain>(p: &KVal<D>, by: &KVal<D>, times: &Block<D>) -> R<KVal<D>> {
    let by = scalars(by, "tl.advance's offsets")?
        .iter()
        .map(|b| crate::ops::arith(crate::ops::Arith::Mul, b, times).map(KVal::Block))
        .collect::<R<Vec<_>>>()?;
    advance(p, &KVal::Tuple(by))
}
