//! Random testing of a rule in the concrete interpreter: small random instances (ranks, maps,
//! scalars, input elements) that satisfy the precondition, both sides evaluated at every output
//! index. A difference is confirmed through the same replay as a solver's model
//! ([`crate::replay`]), so what this returns is a counterexample of the usual kind.
//!
//! It is a test oracle (the mutation campaign checks that no mutant the checker verifies differs
//! on random inputs), not part of any verdict.

use crate::ast::Rule;
use crate::lower::{self, eval_cond, Instance, MapValues};
use crate::replay::{replay, Extracted, Replay};
use report::Counterexample;
use std::collections::BTreeMap;
use tensor::{Concrete, ConcreteTensor, Domain, ElemType, Eval, NodeId, Op, Rat, Scalar};

/// A small deterministic generator (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: i128, hi: i128) -> i128 {
        lo + (self.next() % ((hi - lo + 1) as u64)) as i128
    }
    fn scalar(&mut self, ty: ElemType) -> Scalar {
        match ty {
            ElemType::Bool => Scalar::Bool(self.next() % 2 == 0),
            ElemType::Int => Scalar::Int(self.range(-3, 3)),
            ElemType::Fixed(t) => Scalar::Int(t.wrap(self.range(-3, 3))),
            ElemType::Real => Scalar::Real(Rat::new(self.range(-6, 6), 2).unwrap_or(Rat::int(0))),
            ElemType::Float(f) => {
                // Small halves most of the time, IEEE's corner values otherwise.
                let fm = f.format;
                let neg = self.next() % 2 == 0;
                let bits = match self.next() % 12 {
                    0 => fm.inf(neg),
                    1 => fm.nan(),
                    2 => fm.zero(true),
                    3 => fm.max_finite(neg),
                    4 => fm.min_subnormal(neg),
                    5 => fm.min_normal(neg),
                    // Beyond exp's range in the narrow formats, and in binary64; or just
                    // inside it (exp finite near the largest value, exp of the negation
                    // subnormal).
                    6 => match self.next() % 6 {
                        k @ 0..=3 => fm.from_int([100, -100, 1000, -1000][k as usize]),
                        _ => {
                            let edge = fm.to_f64(fm.max_finite(false)).ln() - 0.5;
                            fm.from_f64(if neg { -edge } else { edge })
                        }
                    },
                    // Values whose products round: 1 + a random fraction, scaled.
                    7 | 8 => {
                        let one = fm.from_int(1);
                        let frac = self.next() & ((1 << (fm.sbits - 1)) - 1);
                        let x = fm.to_f64(one | frac)
                            * [1.0, 3.0, 1e-3, 1e20][(self.next() % 4) as usize];
                        fm.from_f64(if neg { -x } else { x })
                    }
                    _ => fm.from_rational(self.range(-6, 6), 2),
                };
                Scalar::Float(fm, bits)
            }
        }
    }
}

impl Rng {
    /// An input element: with `sparse`, a zero of either sign three times in four.
    fn element(&mut self, ty: ElemType, sparse: bool) -> Scalar {
        match ty {
            ElemType::Float(f) if sparse && self.next() % 4 != 0 => {
                Scalar::Float(f.format, f.format.zero(self.next() % 2 == 0))
            }
            _ => self.scalar(ty),
        }
    }
}

/// What a random search found.
pub struct RandomOutcome {
    /// Instances on which the precondition held and the left side was well-formed.
    pub tested: usize,
    /// A replayed difference, if one was found.
    pub counterexample: Option<Counterexample>,
}

/// Tries `trials` random instances of `rule` (ranks up to 2, attribute values in -2..=4, elements
/// small), deterministic in `seed`.
pub fn random_search(rule: &Rule, trials: usize, seed: u64) -> Result<RandomOutcome, String> {
    search(rule, trials, seed, &|_, _| true)
}

/// [`random_search`] for a difference that `accept` admits (both values given: lhs, rhs).
pub fn random_search_for(
    rule: &Rule,
    trials: usize,
    seed: u64,
    accept: &dyn Fn(&Scalar, &Scalar) -> bool,
) -> Result<RandomOutcome, String> {
    search(rule, trials, seed, accept)
}

/// Whether two values differ qualitatively, not by rounding: for floats, one is NaN, infinite
/// or zero and the other is not the same, the signs differ, or they are more than 0.1% apart
/// ([`report::FloatDifference::is_qualitative`]).
pub fn qualitative(a: &Scalar, b: &Scalar) -> bool {
    match crate::replay::float_difference(a, b) {
        Some(d) => d.is_qualitative(),
        None => a != b,
    }
}

fn search(
    rule: &Rule,
    trials: usize,
    seed: u64,
    accept: &dyn Fn(&Scalar, &Scalar) -> bool,
) -> Result<RandomOutcome, String> {
    let scope = lower::resolve(rule).map_err(|d| d[0].message.clone())?;
    let mut rng = Rng(seed);
    let mut tested = 0;
    for _ in 0..trials {
        let (ty, _) = rule.types[rng.range(0, rule.types.len() as i128 - 1) as usize];
        let ranks: BTreeMap<String, usize> = scope
            .classes
            .iter()
            .map(|(c, spec)| {
                let hi = spec.max.unwrap_or(2).min(spec.min.max(2));
                (
                    c.clone(),
                    rng.range(spec.min as i128, hi.max(spec.min) as i128) as usize,
                )
            })
            .collect();
        let inst = Instance { ty, ranks };
        // A third of the float trials draw mostly zeros: a float sum is a replayable
        // difference only when every order gives its value, which a sum with at most one
        // non-zero term (or a NaN) has.
        let sparse = ty.as_float().is_some() && rng.next() % 3 == 0;
        let mut maps: MapValues<i128> = BTreeMap::new();
        for (m, class) in &scope.maps {
            for j in 0..inst.ranks.get(class).copied().unwrap_or(0) {
                // Mostly sizes and offsets near 0..3, sometimes negative.
                let v = if rng.next() % 4 == 0 {
                    rng.range(-2, 4)
                } else {
                    rng.range(0, 3)
                };
                maps.insert((m.clone(), j), v);
            }
        }
        // Shapes of the inputs: lower once with no data.
        let mut d = Concrete::new(BTreeMap::new());
        let Ok(lowered) = lower::lower(&mut d, rule, &scope, &inst, &maps) else {
            continue;
        };
        let mut inputs = BTreeMap::new();
        let mut scalars = BTreeMap::new();
        let mut too_big = false;
        for i in 0..lowered.graph.len() {
            let Op::Input { name, ty, shape } = lowered.graph.op(NodeId(i as u32)) else {
                continue;
            };
            let Some(count) = ConcreteTensor::count(shape) else {
                too_big = true;
                break;
            };
            if count > 512 {
                too_big = true;
                break;
            }
            let data: Vec<Scalar> = (0..count).map(|_| rng.element(*ty, sparse)).collect();
            if shape.is_empty() && scope.scalars.contains_key(name) {
                scalars.insert(name.clone(), data[0].clone());
            } else {
                inputs.insert(
                    name.clone(),
                    ConcreteTensor {
                        axes: shape.clone(),
                        data,
                    },
                );
            }
        }
        if too_big {
            continue;
        }
        let mut all = inputs.clone();
        for (n, v) in &scalars {
            all.insert(
                n.clone(),
                ConcreteTensor {
                    axes: vec![],
                    data: vec![v.clone()],
                },
            );
        }
        let mut d = Concrete::new(all);
        let Ok(lowered) = lower::lower(&mut d, rule, &scope, &inst, &maps) else {
            continue;
        };
        if !rule
            .wheres
            .iter()
            .all(|c| matches!(eval_cond(&mut d, c, &scope, &inst, &maps), Ok(true)))
        {
            continue;
        }
        let mut ev: Eval<Concrete> = Eval::new(&lowered.graph);
        let mut holds = true;
        for a in &lowered.assumes {
            if !ev.valid(&mut d, *a) {
                holds = false;
                break;
            }
            let shape = ev.shape(&mut d, *a);
            let count = ConcreteTensor::count(&shape).unwrap_or(usize::MAX);
            for off in 0..count.min(4096) {
                let point = ConcreteTensor::unravel(&shape, off);
                let idx: Vec<(String, i128)> =
                    shape.iter().map(|(a, _)| a.clone()).zip(point).collect();
                let v = ev.access(&mut d, *a, &idx);
                if !d.truth(&v) {
                    holds = false;
                    break;
                }
            }
        }
        if !holds || !ev.valid(&mut d, lowered.lhs) {
            continue;
        }
        tested += 1;
        let extracted = |index: Vec<(String, i128)>| Extracted {
            maps: maps.clone(),
            scalars: scalars.clone(),
            index,
            inputs: inputs.clone(),
            free: BTreeMap::new(),
        };
        let sl = ev.shape(&mut d, lowered.lhs);
        let sr = ev.shape(&mut d, lowered.rhs);
        let same_shape = ev.valid(&mut d, lowered.rhs)
            && sl
                .iter()
                .all(|(a, n)| sr.iter().find(|(b, _)| b == a).map(|(_, m)| m) == Some(n));
        if !same_shape {
            if let Replay::Confirmed(c) = replay(rule, &scope, &inst, extracted(vec![])) {
                return Ok(RandomOutcome {
                    tested,
                    counterexample: Some(c),
                });
            }
            continue;
        }
        let count = ConcreteTensor::count(&sl).unwrap_or(0).min(512);
        for off in 0..count {
            let point = ConcreteTensor::unravel(&sl, off);
            let idx: Vec<(String, i128)> = sl.iter().map(|(a, _)| a.clone()).zip(point).collect();
            let lv = ev.access(&mut d, lowered.lhs, &idx);
            let rv = ev.access(&mut d, lowered.rhs, &idx);
            if lv.differs(&rv) == Some(true) && accept(&lv, &rv) {
                if let Replay::Confirmed(c) = replay(rule, &scope, &inst, extracted(idx)) {
                    return Ok(RandomOutcome {
                        tested,
                        counterexample: Some(c),
                    });
                }
            }
        }
    }
    Ok(RandomOutcome {
        tested,
        counterexample: None,
    })
}
