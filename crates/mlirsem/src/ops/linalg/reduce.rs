//! `linalg` ops with reduction loops, once over [`MDomain`]: `linalg.generic` with `reduction`
//! iterators, and the named contractions `linalg.dot`, `matvec`, `vecmat`, `matmul`,
//! `batch_matmul` as the generic forms that `mlir-opt --linalg-generalize-named-ops` prints.
//!
//! A structured op has loops (each `parallel` or `reduction`) whose bounds come from the first
//! operand dimension indexed by each loop (every operand size must agree: otherwise UB), input
//! maps affine with non-negative coefficients ([`Lin`]), and output maps that hold each
//! parallel loop once, and constants (elements off the constants keep their initial value). Output element `C[p]` is `init ⊕ (⊕ over the reduction loops, row-major, of E(p, r))`
//! where `init` is the output operand's element, `⊕` the combiner (`addf`/`mulf`/`addi`/`muli`)
//! and `E` the combiner's other operand. For `linalg.generic` both are recognised from the
//! yield: `yield (E ⊕ out)` (either operand order), where the output block argument `out` is
//! used nowhere else. The fold itself is [`crate::ops::fold::reduce`].

use crate::base::ctx::{tensor_of, Ctx};
use crate::base::domain::Combiner;
use crate::base::domain::{EType, FBin, MDomain};
use crate::base::stop::{unsupported, R};
use crate::base::value::*;
use crate::base::value::{as_int, from_int};
use crate::ops::fold::{self};
use mlir::{AffineExpr, Attr, BlockId, Module, OpId};
use std::rc::Rc;

/// An operand index as a function of the loop point: `Σ coeff·loop + c`, coefficients and
/// constant non-negative (a projected permutation's result is one loop with coefficient 1; the
/// generic forms of convolutions read `d1 * stride + d4 * dilation`). Non-negative
/// coefficients make the largest index the one at the last loop point, so the in-bounds
/// condition of all reads is one comparison per operand dim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Lin {
    terms: Vec<(usize, i128)>,
    c: i128,
}

impl Lin {
    pub(crate) fn dim(k: usize) -> Lin {
        Lin {
            terms: vec![(k, 1)],
            c: 0,
        }
    }

    /// `Σ coeff·loop` over `(loop, coeff)` pairs (coefficients >= 0).
    pub(crate) fn sum(terms: &[(usize, i128)], c: i128) -> Lin {
        let mut l = Lin { terms: vec![], c };
        for &(k, a) in terms {
            l.add_term(k, a);
        }
        l
    }

    fn add_term(&mut self, k: usize, a: i128) {
        match self.terms.iter_mut().find(|(j, _)| *j == k) {
            Some(t) => t.1 += a,
            None => self.terms.push((k, a)),
        }
        self.terms.retain(|(_, a)| *a != 0);
        self.terms.sort();
    }

    /// The loop this index is, when it is exactly one loop.
    pub(crate) fn plain(&self) -> Option<usize> {
        match self.terms.as_slice() {
            [(k, 1)] if self.c == 0 => Some(*k),
            _ => None,
        }
    }

    /// The index when it is the same at every loop point.
    pub(crate) fn constant(&self) -> Option<i128> {
        self.terms.is_empty().then_some(self.c)
    }

    /// An affine expression over `n_loops` dims as a `Lin`, if it is one with non-negative
    /// coefficients (`+`, `*` by a constant, constants).
    pub(crate) fn of(e: &AffineExpr, n_loops: usize) -> Option<Lin> {
        let l = Lin::of_any(e, n_loops)?;
        (l.c >= 0 && l.terms.iter().all(|(_, a)| *a >= 0)).then_some(l)
    }

    fn of_any(e: &AffineExpr, n_loops: usize) -> Option<Lin> {
        match e {
            AffineExpr::Dim(k) if (*k as usize) < n_loops => Some(Lin::dim(*k as usize)),
            AffineExpr::Const(c) => Some(Lin {
                terms: vec![],
                c: *c as i128,
            }),
            AffineExpr::Bin(mlir::AffineOp::Add, a, b) => {
                let (mut x, y) = (Lin::of_any(a, n_loops)?, Lin::of_any(b, n_loops)?);
                for (k, a) in y.terms {
                    x.add_term(k, a);
                }
                x.c = x.c.checked_add(y.c)?;
                Some(x)
            }
            AffineExpr::Bin(mlir::AffineOp::Mul, a, b) => {
                let (x, y) = (Lin::of_any(a, n_loops)?, Lin::of_any(b, n_loops)?);
                let (l, f) = match (x.terms.is_empty(), y.terms.is_empty()) {
                    (_, true) => (x, y.c),
                    (true, false) => (y, x.c),
                    _ => return None,
                };
                Some(Lin {
                    terms: l
                        .terms
                        .iter()
                        .map(|(k, a)| Some((*k, a.checked_mul(f)?)))
                        .collect::<Option<Vec<_>>>()?
                        .into_iter()
                        .filter(|(_, a)| *a != 0)
                        .collect(),
                    c: l.c.checked_mul(f)?,
                })
            }
            _ => None,
        }
    }

    /// This map with loop `k` read as loop `loops[k]` (`None` if a loop has no counterpart).
    pub(crate) fn rename(&self, loops: &[usize]) -> Option<Lin> {
        let terms: Option<Vec<(usize, i128)>> = (self.terms.iter())
            .map(|(k, a)| Some((*loops.get(*k)?, *a)))
            .collect();
        Some(Lin::sum(&terms?, self.c))
    }

    /// The index at a loop point.
    pub(crate) fn at<D: MDomain>(&self, d: &mut D, loops: &[D::I]) -> D::I {
        if let Some(k) = self.plain() {
            return loops[k].clone();
        }
        let mut acc = d.lit_i(self.c);
        for (k, a) in &self.terms {
            let f = d.lit_i(*a);
            let t = d.mul_i(&loops[*k], &f);
            acc = d.add_i(&acc, &t);
        }
        acc
    }
}

/// The iterator kinds of a `linalg.generic`, if it has them.
pub(crate) fn iterator_kinds(m: &Module, o: OpId) -> Option<Vec<String>> {
    match m.op(o).attr("iterator_types") {
        Some(Attr::Array(xs)) => Some(
            xs.iter()
                .map(|it| match it {
                    Attr::Opaque { body: Some(b), .. } => b.clone(),
                    Attr::String(s) => s.clone(),
                    _ => "?".into(),
                })
                .collect(),
        ),
        _ => None,
    }
}

/// The operand index maps of a `linalg.generic` with `n_loops` loops, one `Lin` per operand
/// dimension (affine with non-negative coefficients), and the numbers of inputs and outputs.
#[allow(clippy::type_complexity)]
pub(crate) fn generic_maps(
    m: &Module,
    o: OpId,
    n_operands: usize,
    n_loops: usize,
) -> R<(Vec<Vec<Lin>>, usize, usize)> {
    let maps: Vec<mlir::AffineMap> = match m.op(o).attr("indexing_maps") {
        Some(Attr::Array(xs)) => xs
            .iter()
            .map(|a| match a {
                Attr::AffineMap(m) => Ok(m.clone()),
                _ => unsupported("an indexing map that is not an affine map"),
            })
            .collect::<R<_>>()?,
        _ => return unsupported("linalg.generic without indexing_maps"),
    };
    let n_out = crate::base::ctx::n_outputs(m, o);
    if maps.len() != n_operands || n_out > n_operands {
        return unsupported("linalg.generic with inconsistent operand and map counts");
    }
    let mut dims_of = vec![];
    for mp in &maps {
        if mp.num_dims as usize != n_loops || mp.num_symbols != 0 {
            return unsupported("an indexing map with symbols or the wrong number of dims");
        }
        let ds: Option<Vec<Lin>> = mp.results.iter().map(|e| Lin::of(e, n_loops)).collect();
        match ds {
            Some(ds) => dims_of.push(ds),
            None => {
                return unsupported(
                    "an indexing map that is not affine with non-negative coefficients",
                )
            }
        }
    }
    Ok((dims_of, n_operands - n_out, n_out))
}

/// The body of a `linalg.generic`: one block. Its ops are run per loop point
/// ([`crate::eval::run_body`]) or, when loop-invariant, once ([`crate::ops::linalg::body::enter`]).
pub(crate) fn generic_body(m: &Module, o: OpId) -> R<BlockId> {
    let Some(&region) = m.op(o).regions.first() else {
        return unsupported("linalg.generic without a body");
    };
    let blocks = &m.region(region).blocks;
    if blocks.len() != 1 {
        return unsupported("a linalg.generic body of several blocks");
    }
    Ok(blocks[0])
}

/// Whether a `linalg.generic` has a `reduction` iterator.
pub(crate) fn has_reduction(m: &Module, o: OpId) -> bool {
    iterator_kinds(m, o).is_some_and(|ks| ks.iter().any(|k| k == "reduction"))
}

/// The element `E` of an output at a full loop point.
pub(crate) type LoopFn<'a, D> =
    Rc<dyn Fn(&mut D, &[<D as tensor::Domain>::I]) -> Result<SVal<D>, String> + 'a>;

pub(crate) struct Output<'a, D: MDomain> {
    pub(crate) init: Tensor<'a, D>,
    /// The index of each output dimension: a loop (each parallel loop once) or a constant.
    /// Elements off the constants are never written: they keep their initial value.
    pub(crate) dims: Vec<Lin>,
    pub(crate) comb: Combiner,
    pub(crate) elem: LoopFn<'a, D>,
}

/// Loop bounds from the first operand dimension indexed by exactly one loop, for each loop;
/// UB where such an operand size disagrees, or where a compound index (`d1 + d4`) reads
/// outside its operand at the last point of a non-empty loop box.
pub(crate) fn loop_bounds<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    n_loops: usize,
    dims_of: &[Vec<Lin>],
    shapes: &[Vec<D::I>],
) -> R<Vec<D::I>> {
    let mut bounds = vec![];
    for k in 0..n_loops {
        let found = dims_of.iter().zip(shapes).find_map(|(ds, sh)| {
            ds.iter()
                .position(|x| x.plain() == Some(k))
                .and_then(|p| sh.get(p).cloned())
        });
        match found {
            Some(b) => bounds.push(b),
            None => return unsupported("a loop dim that no operand dimension bounds"),
        }
    }
    let mut nonempty = d.lit_b(true);
    let mut last = vec![];
    for b in &bounds {
        let one = d.lit_i(1);
        let pos = d.le_i(&one, b);
        nonempty = d.and(&nonempty, &pos);
        last.push(d.sub_i(b, &one));
    }
    for (ds, sh) in dims_of.iter().zip(shapes) {
        if ds.len() != sh.len() {
            return unsupported("an indexing map whose rank differs from its operand's");
        }
        for (ix, n) in ds.iter().zip(sh) {
            let bad = match ix.plain() {
                Some(k) => {
                    let e = d.eq_i(&bounds[k], n);
                    d.not(&e)
                }
                None => {
                    let top = ix.at(d, &last);
                    let inside = d.lt_i(&top, n);
                    let outside = d.not(&inside);
                    d.and(&nonempty, &outside)
                }
            };
            cx.add_ub(d, &bad);
        }
    }
    Ok(bounds)
}

/// The results of a structured op with reduction loops `red`.
pub(crate) fn structured<'a, D: MDomain>(
    bounds: Vec<D::I>,
    red: Vec<bool>,
    outs: Vec<Output<'a, D>>,
) -> Vec<Val<'a, D>> {
    let bounds = Rc::new(bounds);
    let red_dims: Rc<Vec<usize>> = Rc::new((0..red.len()).filter(|k| red[*k]).collect());
    let n_loops = red.len();
    outs.into_iter()
        .map(|out| {
            let ety = out.init.ety;
            let shape = out.init.shape.clone();
            let (bounds, red_dims) = (bounds.clone(), red_dims.clone());
            let at: ElemFn<'a, D> = Rc::new(move |d: &mut D, idx: &[D::I]| {
                let mut point: Vec<Option<D::I>> = vec![None; n_loops];
                let mut hit = None;
                for (ix, i) in out.dims.iter().zip(idx) {
                    match (ix.plain(), ix.constant()) {
                        (Some(k), _) => point[k] = Some(i.clone()),
                        (None, Some(c)) => {
                            let c = d.lit_i(c);
                            let e = d.eq_i(i, &c);
                            let h = hit.unwrap_or_else(|| d.lit_b(true));
                            hit = Some(d.and(&h, &e));
                        }
                        (None, None) => {}
                    }
                }
                let sizes: Vec<D::I> = red_dims.iter().map(|k| bounds[*k].clone()).collect();
                let init = (out.init.at)(d, idx);
                let elem = out.elem.clone();
                let red_dims = red_dims.clone();
                let mut body = |d: &mut D, r: &[D::I]| {
                    let mut full = point.clone();
                    for (k, v) in red_dims.iter().zip(r) {
                        full[*k] = Some(v.clone());
                    }
                    let full: Vec<D::I> = full
                        .into_iter()
                        .map(|x| x.unwrap_or_else(|| d.lit_i(0)))
                        .collect();
                    match elem(d, &full) {
                        Ok(s) => s,
                        Err(why) => {
                            d.give_up(why);
                            SVal {
                                v: zero_elem(d, ety),
                                ok: d.lit_b(false),
                            }
                        }
                    }
                };
                let folded = fold::reduce(d, out.comb, ety, &init, &sizes, &mut body);
                match hit {
                    Some(h) => ite_sval(d, &h, &folded, &init),
                    None => folded,
                }
            });
            Val::Tensor(Tensor { shape, ety, at })
        })
        .collect()
}

pub(crate) fn combiner_of(name: &str, t: EType) -> Option<Combiner> {
    match (name, t) {
        ("arith.addf", EType::Float(_)) => Some(Combiner::Add),
        ("arith.mulf", EType::Float(_)) => Some(Combiner::Mul),
        ("arith.addi", EType::Int(_) | EType::Index | EType::Bool) => Some(Combiner::Add),
        ("arith.muli", EType::Int(_) | EType::Index | EType::Bool) => Some(Combiner::Mul),
        // On `i1` (0 < 1 unsigned), `andi` is the unsigned minimum and `ori` the maximum.
        ("arith.andi", EType::Bool) => Some(Combiner::Ext(crate::base::domain::Extremum::MinU)),
        ("arith.ori", EType::Bool) => Some(Combiner::Ext(crate::base::domain::Extremum::MaxU)),
        _ => crate::base::domain::Extremum::of_op(name, t).map(Combiner::Ext),
    }
}

/// `linalg.generic` with at least one `reduction` iterator.
pub(crate) fn generic_reduction<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let kinds = iterator_kinds(m, o).unwrap_or_default();
    let mut red = vec![];
    for k in &kinds {
        match k.as_str() {
            "parallel" => red.push(false),
            "reduction" => red.push(true),
            other => {
                return unsupported(format!(
                    "unsupported feature: linalg.generic with `{other}` iterators"
                ))
            }
        }
    }
    let n_loops = red.len();
    let (dims_of, n_in, n_out) = generic_maps(m, o, operands.len(), n_loops)?;
    reduction_loops(d, cx, o, operands, red, dims_of, (n_in, n_out))
}

/// `linalg.reduce ins(..) outs(..) dimensions = [..]`: a reducing generic whose loops are the
/// input's dims, the `dimensions` reductions, inputs read at every loop and outputs at the
/// others in order; its body is a generic body (inputs' elements, then the outputs').
pub(crate) fn linalg_reduce<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let n_out = crate::base::ctx::n_outputs(m, o);
    let n_in = operands.len().saturating_sub(n_out);
    let Some(dims) = m.op(o).attr("dimensions").and_then(Attr::as_ints) else {
        return unsupported("linalg.reduce without dimensions");
    };
    let rank = match operands.first() {
        Some(Val::Tensor(t)) if n_in > 0 && n_out > 0 => t.shape.len(),
        _ => return unsupported("linalg.reduce without tensor inputs and outputs"),
    };
    if dims.iter().any(|k| *k < 0 || *k as usize >= rank) {
        return unsupported("linalg.reduce with dimensions outside the input's rank");
    }
    let red: Vec<bool> = (0..rank).map(|k| dims.contains(&(k as i128))).collect();
    let all: Vec<Lin> = (0..rank).map(Lin::dim).collect();
    let kept: Vec<Lin> = (0..rank).filter(|k| !red[*k]).map(Lin::dim).collect();
    let mut dims_of = vec![all; n_in];
    dims_of.extend(std::iter::repeat_n(kept, n_out));
    reduction_loops(d, cx, o, operands, red, dims_of, (n_in, n_out))
}

/// A reducing structured op given its loops (`red`: which are reductions) and its operands'
/// index maps: the one meaning of `linalg.generic` with reductions and `linalg.reduce`.
#[allow(clippy::too_many_arguments)]
fn reduction_loops<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
    red: Vec<bool>,
    dims_of: Vec<Vec<Lin>>,
    (n_in, n_out): (usize, usize),
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let n_loops = red.len();
    if n_out == 0 {
        return unsupported("linalg.generic with inconsistent operand and map counts");
    }
    let parallel: Vec<usize> = (0..n_loops).filter(|k| !red[*k]).collect();
    for ds in &dims_of[n_in..] {
        let mut loops: Vec<usize> = ds.iter().filter_map(Lin::plain).collect();
        loops.sort();
        let fixed = ds
            .iter()
            .all(|x| x.plain().is_some() || x.constant().is_some());
        if loops != parallel || !fixed {
            return unsupported(
                "a reducing linalg.generic whose output map is not its parallel loops, each once, and constants",
            );
        }
    }
    let shapes: Vec<Vec<D::I>> = operands
        .iter()
        .map(|v| match v {
            Val::Tensor(t) => t.shape.clone(),
            Val::Scalar(..) | Val::MemRef(_) => vec![],
        })
        .collect();
    let bounds = loop_bounds(d, cx, n_loops, &dims_of, &shapes)?;
    let body = generic_body(m, o)?;
    let blk = m.block(body);
    if blk.args.len() != operands.len() {
        return unsupported("a linalg.generic body with the wrong number of arguments");
    }
    let Some(&yield_op) = blk.ops.iter().find(|&&x| m.op(x).name == "linalg.yield") else {
        return unsupported("a linalg.generic body without linalg.yield");
    };
    let outer = crate::ops::linalg::body::enter(d, cx, body, operands, &dims_of, &bounds)?;
    let operands_rc = Rc::new(operands.to_vec());
    let dims_rc = Rc::new(dims_of.clone());
    let mut outs = vec![];
    for r in 0..n_out {
        let init = tensor_of(&operands[n_in + r])?;
        let out_arg = blk.args[n_in + r];
        let Some(&y) = m.op(yield_op).operands.get(r) else {
            return unsupported("a yield without enough values");
        };
        let comb_op = blk
            .ops
            .iter()
            .copied()
            .find(|&x| m.op(x).results.contains(&y));
        let recognised = comb_op.and_then(|c| {
            let cop = m.op(c);
            if !crate::base::attrs::plain(cop) {
                // A flagged combiner (`overflow<nsw>`, `fastmath<...>`) is not the plain fold.
                return None;
            }
            let comb = combiner_of(&cop.name, init.ety)?;
            match cop.operands.as_slice() {
                [a, b] if *b == out_arg && *a != out_arg => Some((comb, *a)),
                [a, b] if *a == out_arg && *b != out_arg => Some((comb, *b)),
                _ => None,
            }
        });
        let Some((comb, e)) = recognised else {
            return unsupported(
                "a reduction whose yield is not `addf`/`mulf`/`addi`/`muli`/a maximum or minimum (`andi`/`ori` on i1) of the output and an element",
            );
        };
        let uses = blk
            .ops
            .iter()
            .flat_map(|&x| m.op(x).operands.iter())
            .filter(|v| **v == out_arg)
            .count();
        if uses != 1 {
            return unsupported("a reduction whose output value is used outside its combiner");
        }
        let (outer, operands_rc, dims_rc) = (outer.clone(), operands_rc.clone(), dims_rc.clone());
        let elem: LoopFn<'a, D> = Rc::new(move |d: &mut D, loops: &[D::I]| {
            crate::eval::run_body(
                d,
                m,
                body,
                &outer,
                &operands_rc[..n_in],
                &dims_rc,
                loops,
                crate::eval::BodyResult::Value(e),
            )
        });
        outs.push(Output {
            init,
            dims: dims_of[n_in + r].clone(),
            comb,
            elem,
        });
    }
    Ok(structured(bounds, red, outs))
}

/// `linalg.dot`, `matvec`, `vecmat`, `matmul`, `batch_matmul`: `C += cast(A) * cast(B)`
/// over their loops, as `mlir-opt --linalg-generalize-named-ops` writes them.
pub(crate) fn named<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    o: OpId,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    let m = cx.m;
    let op = m.op(o);
    let name = op.name.as_str();
    // Loops, which are reductions, and the loops indexing A, B, C.
    let (red, dims_of): (Vec<bool>, [Vec<usize>; 3]) = match name {
        "linalg.dot" => (vec![true], [vec![0], vec![0], vec![]]),
        "linalg.matvec" => (vec![false, true], [vec![0, 1], vec![1], vec![0]]),
        "linalg.vecmat" => (vec![false, true], [vec![1], vec![1, 0], vec![0]]),
        "linalg.matmul" => (
            vec![false, false, true],
            [vec![0, 2], vec![2, 1], vec![0, 1]],
        ),
        "linalg.batch_matmul" => (
            vec![false, false, false, true],
            [vec![0, 1, 3], vec![0, 3, 2], vec![0, 1, 2]],
        ),
        "linalg.batch_matvec" => (
            vec![false, false, true],
            [vec![0, 1, 2], vec![0, 2], vec![0, 1]],
        ),
        other => return unsupported(format!("unsupported op {other}")),
    };
    if op.attr("indexing_maps").is_some() {
        return unsupported(format!("{name} with explicit indexing_maps"));
    }
    if operands.len() != 3 || crate::base::ctx::n_outputs(m, o) != 1 {
        return unsupported(format!(
            "{name} with {} operands and {} results",
            operands.len(),
            op.results.len()
        ));
    }
    let unsigned = cast_attr(m, o)?;
    let [da, db, dc] = dims_of;
    let lins = |ds: Vec<usize>| ds.into_iter().map(Lin::dim).collect::<Vec<_>>();
    contraction(
        d,
        cx,
        name,
        Contraction {
            pool: None,
            red,
            ins: [lins(da), lins(db)],
            out: dc,
            elem: ElemKind::Product,
            unsigned,
        },
        operands,
    )
}

/// The `cast` attribute of a named linalg op: whether operands are zero-extended.
pub(crate) fn cast_attr(m: &Module, o: OpId) -> R<bool> {
    let op = m.op(o);
    match op.attr("cast") {
        None => Ok(false),
        Some(attr) => {
            let text = format!("{attr:?}");
            if text.contains("cast_unsigned") {
                Ok(true)
            } else if text.contains("cast_signed") {
                Ok(false)
            } else {
                unsupported(format!("{} with cast {text}", op.name))
            }
        }
    }
}

/// The summand of a named op with reduction loops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ElemKind {
    /// `cast(A) * cast(B)` (contractions, convolutions).
    Product,
    /// `cast(A)`; `B` (a pooling window) only bounds loops.
    First,
}

/// A named op with two inputs, one output and reduction loops, as its generic form: `C += E`
/// with the output map a permutation of the parallel loops.
pub(crate) struct Contraction {
    pub(crate) red: Vec<bool>,
    pub(crate) ins: [Vec<Lin>; 2],
    pub(crate) out: Vec<usize>,
    pub(crate) elem: ElemKind,
    pub(crate) unsigned: bool,
    /// `None`: a sum; otherwise the max/min pooling combiner (`max`, `unsigned`), resolved
    /// per element type (`maximumf`/`maxsi`/`maxui`, ...).
    pub(crate) pool: Option<(bool, bool)>,
}

/// The results of a [`Contraction`] over `operands` (A, B, C).
pub(crate) fn contraction<'a, D: MDomain>(
    d: &mut D,
    cx: &mut Ctx<'a, D>,
    name: &str,
    spec: Contraction,
    operands: &[Val<'a, D>],
) -> R<Vec<Val<'a, D>>> {
    if operands.len() != 3 {
        return unsupported(format!("{name} with {} operands", operands.len()));
    }
    let (a, b, c) = (
        tensor_of(&operands[0])?,
        tensor_of(&operands[1])?,
        tensor_of(&operands[2])?,
    );
    let ety = c.ety;
    let checked: &[&Tensor<'a, D>] = match spec.elem {
        ElemKind::Product => &[&a, &b],
        ElemKind::First => &[&a],
    };
    for t in checked {
        match (t.ety, ety) {
            (x, y) if x == y => {}
            (EType::Int(_) | EType::Bool, EType::Int(_) | EType::Index) if !spec.unsigned => {}
            _ => return unsupported(format!("{name} from {} to {}", t.ety.name(), ety.name())),
        }
    }
    let shapes: Vec<Vec<D::I>> = vec![a.shape.clone(), b.shape.clone(), c.shape.clone()];
    let [da, db] = spec.ins;
    let dims_of = vec![
        da.clone(),
        db.clone(),
        spec.out.iter().map(|k| Lin::dim(*k)).collect(),
    ];
    for (t, ds) in shapes.iter().zip(&dims_of) {
        if t.len() != ds.len() {
            return unsupported(format!("{name} on operands of unexpected ranks"));
        }
    }
    let bounds = loop_bounds(d, cx, spec.red.len(), &dims_of, &shapes)?;
    let (aat, bat, aty, bty) = (a.at.clone(), b.at.clone(), a.ety, b.ety);
    let kind = spec.elem;
    let elem: LoopFn<'a, D> = Rc::new(move |d: &mut D, loops: &[D::I]| {
        let ia: Vec<D::I> = da.iter().map(|l| l.at(d, loops)).collect();
        let x = aat(d, &ia);
        if kind == ElemKind::First {
            let v = match (&x.v, ety) {
                (Elem::Float(_), EType::Float(_)) => x.v.clone(),
                _ => {
                    let p = cast_int(d, &x.v, aty, ety)?;
                    from_int(d, &p, ety)?
                }
            };
            return Ok(SVal { v, ok: x.ok });
        }
        let ib: Vec<D::I> = db.iter().map(|l| l.at(d, loops)).collect();
        let y = bat(d, &ib);
        let ok = d.and(&x.ok, &y.ok);
        let v = match (&x.v, &y.v, ety) {
            (Elem::Float(p), Elem::Float(q), EType::Float(f)) => {
                Elem::Float(d.f_bin(FBin::Mul, f, p, q))
            }
            _ => {
                let p = cast_int(d, &x.v, aty, ety)?;
                let q = cast_int(d, &y.v, bty, ety)?;
                let prod = d.mul_i(&p, &q);
                from_int(d, &prod, ety)?
            }
        };
        Ok(SVal { v, ok })
    });
    let comb = match spec.pool {
        None => Combiner::Add,
        Some((max, unsigned)) => {
            use crate::base::domain::Extremum::*;
            Combiner::Ext(match (max, unsigned, ety) {
                (true, false, EType::Float(_)) => MaximumF,
                (false, false, EType::Float(_)) => MinimumF,
                (true, false, EType::Int(_) | EType::Index) => MaxS,
                (false, false, EType::Int(_) | EType::Index) => MinS,
                (true, true, EType::Int(_) | EType::Index) => MaxU,
                (false, true, EType::Int(_) | EType::Index) => MinU,
                _ => return unsupported(format!("{name} on {}", ety.name())),
            })
        }
    };
    if spec.pool.is_some_and(|p| p.1) && a.ety != ety {
        return unsupported(format!("{name} with a widening unsigned cast"));
    }
    Ok(structured(
        bounds,
        spec.red,
        vec![Output {
            init: c,
            dims: spec.out.into_iter().map(Lin::dim).collect(),
            comb,
            elem,
        }],
    ))
}

/// A signed integer element of type `from` as an integer of type `to` (sign extension).
pub(crate) fn cast_int<D: MDomain>(
    d: &mut D,
    e: &Elem<D>,
    from: EType,
    to: EType,
) -> Result<D::I, String> {
    let x = as_int(d, e, true)?;
    if from == to {
        return Ok(x);
    }
    match from_int(d, &x, to)? {
        Elem::Int(i) => Ok(i),
        _ => Err("a cast to a non-integer".into()),
    }
}
