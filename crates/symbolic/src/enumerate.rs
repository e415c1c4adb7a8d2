//! Reductions over boxes of literal size, enumerated: every element is a plain term, so a
//! reduction's value is a plain term too. For front ends whose shapes are concrete (`xla`),
//! switched on by [`Sym::enumerate_folds`].
//!
//! - Boolean `and`/`or`, integer and real sums and products, and float `max`/`min` are exact:
//!   the elements combined by the reducer's element function. Float `maximum`/`minimum`
//!   (NaN-propagating, `-0 < +0`, flushed or not) are associative and commutative, so their
//!   elements are combined in a canonical order (sorted by term id, nested folds of the same
//!   reducer and initial value flattened): two modules that reduce the same elements get the
//!   same term.
//! - Float sums and products round, so their value depends on the order. Under
//!   [`FoldOrder::Unspecified`] (XLA's reading: a reduction may be reassociated and commuted,
//!   its initial value an identity that may be applied any number of times) the value is an
//!   uninterpreted function of the initial value and the multiset of the elements, nested folds
//!   of the same reducer and initial value flattened (a chunked sum is the sum of its chunks'
//!   elements). This is an ABSTRACTION of IEEE arithmetic; [`Sym::order_assumed`] records that
//!   a verdict rests on it. Under [`FoldOrder::RowMajor`] the value is an uninterpreted function
//!   of the initial value and the elements in row-major order (the left fold as written): equal
//!   terms only for the same fold, which is exact.
//!
//! Facts that hold in every order are recorded in [`Sym::fold_facts`]: under FTZ a fold's
//! result is never subnormal (its last operation flushed it).

use crate::{Sym, SymVal};
use smt::{FpOp, Sort, TermId};
use tensor::{ElemType, Reducer};

/// How float sums and products over an enumerated box are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoldOrder {
    /// Any order: a function of the multiset of the elements (XLA's semantics of `reduce`).
    Unspecified,
    /// The left fold in row-major order, as each reduction is written.
    RowMajor,
}

/// At most this many elements per enumerated reduction.
pub const MAX_ENUMERATED: usize = 1 << 16;

/// A fold recorded for flattening: its family (reducer and type), initial value, elements.
#[derive(Clone, Debug)]
pub struct EnumFold {
    pub family: String,
    pub init: TermId,
    pub elems: Vec<TermId>,
}

impl Sym {
    /// The sizes of `extents` when every one is a literal and the box is small enough.
    pub(crate) fn literal_box(&self, extents: &[TermId]) -> Option<Vec<i128>> {
        let sizes: Option<Vec<i128>> = extents
            .iter()
            .map(|e| self.store.as_int(*e).map(|n| n.max(0)))
            .collect();
        let sizes = sizes?;
        let total = sizes
            .iter()
            .try_fold(1usize, |acc, n| acc.checked_mul(*n as usize))?;
        (total <= MAX_ENUMERATED).then_some(sizes)
    }

    /// `init ⊕ body(p)` over every point `p` of the box `sizes`, enumerated (module docs).
    pub(crate) fn enumerated_reduce(
        &mut self,
        order: FoldOrder,
        reducer: Reducer,
        ty: ElemType,
        init: &SymVal,
        sizes: &[i128],
        body: &mut dyn FnMut(&mut Self, &[TermId]) -> SymVal,
    ) -> SymVal {
        let SymVal::Plain(init) = self.finite(init, ty) else {
            return self.unsupported("a reduction whose initial value is not a term".into(), ty);
        };
        let mut elems = vec![];
        if !sizes.contains(&0) {
            let mut point = vec![0i128; sizes.len()];
            loop {
                let terms: Vec<TermId> = point.iter().map(|i| self.store.int(*i)).collect();
                let v = body(self, &terms);
                match self.finite(&v, ty) {
                    SymVal::Plain(t) => elems.push(t),
                    _ => {
                        return self
                            .unsupported("a reduction whose element is not a term".into(), ty)
                    }
                }
                if !next_point(&mut point, sizes) {
                    break;
                }
            }
        }
        let float = ty.as_float();
        let rounding = float.is_some() && matches!(reducer, Reducer::Sum | Reducer::Product);
        if !rounding {
            let canonical = float.is_some();
            return self.exact_fold(reducer, ty, init, elems, canonical);
        }
        let family = format!(
            "{}_{}_{}",
            if order == FoldOrder::Unspecified {
                "msum"
            } else {
                "fold"
            },
            reducer.name(),
            ty.name().replace(" (ftz)", "_ftz")
        );
        if order == FoldOrder::Unspecified {
            elems = self.flatten(&family, init, elems);
            elems.sort();
        }
        match elems.len() {
            0 => SymVal::Plain(init),
            1 => {
                let e = SymVal::Plain(elems[0]);
                tensor::binary(self, reducer.binary(), ty, &SymVal::Plain(init), &e)
            }
            n => {
                if order == FoldOrder::Unspecified {
                    self.order_assumed = true;
                }
                let sort = Sort::Float(float.expect("a float type").format);
                let f = self
                    .store
                    .declare_fun(&format!("{family}_{n}"), &vec![sort; n + 1], sort);
                let mut args = vec![init];
                args.extend(elems.iter().copied());
                let v = self.store.app(f, args);
                if float.is_some_and(|f| f.ftz) {
                    let sub = self.store.fp(FpOp::IsSubnormal, vec![v]);
                    let fact = self.store.not(sub);
                    self.fold_facts.push(fact);
                }
                self.enumerated.insert(
                    v,
                    EnumFold {
                        family,
                        init,
                        elems,
                    },
                );
                SymVal::Plain(v)
            }
        }
    }

    /// The elements of nested folds of `family` with initial value `init` in place of them.
    fn flatten(&self, family: &str, init: TermId, elems: Vec<TermId>) -> Vec<TermId> {
        let mut out = vec![];
        for e in elems {
            match self.enumerated.get(&e) {
                Some(f) if f.family == family && f.init == init => out.extend(&f.elems),
                _ => out.push(e),
            }
        }
        out
    }

    /// A fold whose value does not depend on the order: the reducer's element function from
    /// `init`; for floats (max, min) over the elements in a canonical order.
    fn exact_fold(
        &mut self,
        reducer: Reducer,
        ty: ElemType,
        init: TermId,
        elems: Vec<TermId>,
        canonical: bool,
    ) -> SymVal {
        let mut elems = elems;
        let family = format!("exact_{}_{}", reducer.name(), ty.name());
        if canonical {
            elems = self.flatten(&family, init, elems);
            elems.sort();
            elems.dedup();
        }
        let mut acc = SymVal::Plain(init);
        for e in &elems {
            acc = tensor::binary(self, reducer.binary(), ty, &acc, &SymVal::Plain(*e));
        }
        if let (true, SymVal::Plain(v)) = (canonical && elems.len() > 1, &acc) {
            self.enumerated.insert(
                *v,
                EnumFold {
                    family,
                    init,
                    elems,
                },
            );
        }
        acc
    }
}

/// The next point of the box in row-major order (last axis fastest); false after the last.
fn next_point(point: &mut [i128], sizes: &[i128]) -> bool {
    for k in (0..point.len()).rev() {
        point[k] += 1;
        if point[k] < sizes[k] {
            return true;
        }
        point[k] = 0;
    }
    false
}
