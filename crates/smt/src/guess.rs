//! A cheap search for a satisfying assignment among small values, tried before Z3's default
//! solver on queries its plain tactic did not settle: many satisfiable queries (bound inference
//! asks "can these two accesses differ?") have a model with tiny numbers, and exact evaluation
//! of our own terms under a guess costs microseconds where a nonlinear search costs a second.
//!
//! A guess counts only when every assertion evaluates to `true` exactly ([`eval_term`]: division
//! by zero, overflow and quantifiers give no value), so a found assignment is a model.
//! Uninterpreted functions take a fixed pseudo-random value per argument tuple (any function is
//! an interpretation).

use crate::eval::eval_term;
use crate::solve::{ModelReader, Value};
use crate::term::{FunId, Sort, Store, SymId, TermId};
use std::collections::HashMap;

/// Assignments tried per query.
pub(crate) const GUESSES: usize = 48;

/// A guessed interpretation: values of constants, and of functions by hashing their arguments.
pub(crate) struct Guess<'a> {
    store: &'a Store,
    syms: HashMap<SymId, Value>,
    seed: u64,
}

const INTS: [i128; 10] = [0, 1, 2, 1, 3, 0, 2, -1, 4, 7];

fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

fn pick(sort: Sort, h: u64) -> Value {
    match sort {
        Sort::Bool => Value::Bool(h & 1 == 1),
        Sort::Int => Value::Int(INTS[(h % INTS.len() as u64) as usize]),
        Sort::Real => {
            let n = INTS[(h % INTS.len() as u64) as usize];
            if (h >> 8) % 4 == 0 {
                Value::Real(2 * n + 1, 2)
            } else {
                Value::Real(n, 1)
            }
        }
        Sort::BitVec(w) => {
            let n = INTS[(h % INTS.len() as u64) as usize] as u64;
            Value::BitVec(w, if w == 64 { n } else { n & ((1 << w) - 1) })
        }
        Sort::Float(f) => {
            let n = INTS[(h % INTS.len() as u64) as usize] as f64;
            let bits = match (h >> 8) % 8 {
                0 => f.inf(h & (1 << 12) != 0),
                1 => f.nan(),
                2 => f.zero(true),
                3 => f.max_finite(h & (1 << 12) != 0),
                4 => f.min_subnormal(false),
                _ => f.from_f64(n),
            };
            Value::Float(f, bits)
        }
    }
}

impl ModelReader for Guess<'_> {
    fn sym(&mut self, s: SymId) -> Option<Value> {
        Some(
            self.syms
                .get(&s)
                .cloned()
                .unwrap_or_else(|| pick(self.store.sym_sort(s), 0)),
        )
    }
    fn app(&mut self, f: FunId, args: &[Value]) -> Option<Value> {
        let mut h = mix(self.seed ^ (f.0 as u64).wrapping_mul(0x9e37_79b9));
        for a in args {
            let x = match a {
                Value::Bool(b) => *b as u64,
                Value::Int(i) => *i as u64,
                Value::Real(n, d) => (*n as u64) ^ ((*d as u64) << 17),
                Value::Float(_, b) | Value::BitVec(_, b) => *b,
            };
            h = mix(h ^ x);
        }
        let (_, ret) = self.store.fun_signature(f);
        Some(pick(ret, h))
    }
}

/// An assignment of small values under which every assertion is exactly true, if one of
/// [`GUESSES`] deterministic tries finds it.
pub(crate) fn guess<'a>(store: &'a Store, assertions: &[TermId]) -> Option<Guess<'a>> {
    let mut syms = std::collections::BTreeSet::new();
    for a in assertions {
        if store.has_quantifier(*a) {
            return None;
        }
        syms.extend(store.symbols_of(*a));
    }
    for k in 0..GUESSES as u64 {
        let seed = mix(k + 1);
        let values = syms
            .iter()
            .map(|s| (*s, pick(store.sym_sort(*s), mix(seed ^ s.0 as u64))))
            .collect();
        let mut g = Guess {
            store,
            syms: values,
            seed,
        };
        if assertions
            .iter()
            .all(|a| eval_term(store, *a, &mut g) == Some(Value::Bool(true)))
        {
            return Some(g);
        }
    }
    None
}
