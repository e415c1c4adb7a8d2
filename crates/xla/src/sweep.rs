//! Sweeping (the equivalence checker's "fraiging"): before the query "the two output elements
//! differ", subterms of the optimized side that are equal to subterms of the original are
//! proved so, one small query each, and replaced by them, bottom up. Optimizations change a
//! few operations deep inside a term (`max(m, -inf)` dropped, `s / 256` as `s * 0.00390625`);
//! above them the two terms then coincide, and so do the multisets of a float sum's elements,
//! where the solver alone would have to bit-blast both whole terms.
//!
//! Candidates come from fingerprints: every subterm is evaluated under a few pseudo-random
//! interpretations of the free symbols and uninterpreted functions (moderate normal floats,
//! small integers); terms equal under the query's facts usually agree on them. A candidate is
//! merged only when the solver proves `facts -> a = b` (unsat of its negation), so the rewritten
//! query holds exactly when the original does: sweeping never changes a verdict, only the time
//! it takes.

use smt::{decide_portfolio, eval_terms, CheckResult, FunId, ModelReader, SolverConfig, Sort};
use smt::{Store, SymId, TermId, Value};
use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

/// Interpretations per fingerprint.
const ROUNDS: u64 = 16;
/// Representatives of one fingerprint tried per term.
const MAX_TRIES: usize = 3;
/// The solver's time per candidate.
const QUERY_TIME: Duration = Duration::from_secs(2);

/// What a sweep did, for the verdict's notes.
#[derive(Debug, Default)]
pub(crate) struct Swept {
    pub proved: usize,
    pub failed: usize,
}

/// `before` and `after` with every subterm proved equal to an earlier one (in term order, so
/// children first) replaced by it.
pub(crate) fn sweep(
    store: &mut Store,
    roots: (TermId, TermId),
    facts: &[TermId],
    inputs: &HashSet<FunId>,
    cfg: SolverConfig,
) -> ((TermId, TermId), Swept) {
    let started = Instant::now();
    let mut stats = Swept::default();
    let (in_before, in_after) = (dag(store, roots.0), dag(store, roots.1));
    // A query is worth it only across the sides: a term of one side only against one of the
    // other side or of both.
    let side = |t: &TermId| (in_before.contains(t), in_after.contains(t));
    let mut nodes: Vec<TermId> = in_before.iter().copied().collect();
    nodes.extend(in_after.iter().copied());
    nodes.sort();
    nodes.dedup();
    let prints = fingerprints(store, &nodes);
    let print_of: HashMap<TermId, &Vec<Value>> = nodes
        .iter()
        .zip(&prints)
        .filter_map(|(t, p)| p.as_ref().map(|p| (*t, p)))
        .collect();
    // The first term of each fingerprint and sort: the representative others merge into.
    let mut first: HashMap<(Sort, Vec<Value>), Vec<(TermId, (bool, bool))>> = HashMap::new();
    let mut canon: HashMap<TermId, TermId> = HashMap::new();
    for t in &nodes {
        let kids: HashMap<TermId, TermId> = store
            .children(*t)
            .into_iter()
            .filter_map(|c| canon.get(&c).map(|r| (c, *r)))
            .collect();
        let rebuilt = if kids.is_empty() {
            *t
        } else {
            store.replace(*t, &kids)
        };
        let Some(p) = print_of.get(t) else {
            record(&mut canon, *t, rebuilt);
            continue;
        };
        let key = (store.sort(*t), (*p).clone());
        let reps = first.entry(key).or_default();
        let mut merged = rebuilt;
        let mine = side(t);
        if !reps.iter().any(|(r, _)| *r == rebuilt) {
            let across = |s: (bool, bool)| s != mine && !(s.0 && s.1 && mine.0 && mine.1);
            for (b, _) in reps
                .iter()
                .filter(|(_, s)| across(*s))
                .take(MAX_TRIES)
                .copied()
            {
                if !worth_asking(store, rebuilt, b) {
                    continue;
                }
                let budget = cfg.timeout / 4;
                let timeout = budget.saturating_sub(started.elapsed()).min(QUERY_TIME);
                if timeout.is_zero() {
                    break;
                }
                if proves_equal(store, (rebuilt, b), facts, inputs, SolverConfig { timeout }) {
                    stats.proved += 1;
                    merged = b;
                    break;
                }
                stats.failed += 1;
            }
            if merged == rebuilt {
                reps.push((rebuilt, mine));
            }
        }
        record(&mut canon, *t, merged);
    }
    let get = |t: TermId| canon.get(&t).copied().unwrap_or(t);
    ((get(roots.0), get(roots.1)), stats)
}

fn record(canon: &mut HashMap<TermId, TermId>, t: TermId, r: TermId) {
    if r != t {
        canon.insert(t, r);
    }
}

/// Floats and bit-vectors that are not leaves (leaves are equal only when identical; booleans
/// agree on fingerprints too often to be worth a query).
fn worth_asking(store: &Store, a: TermId, b: TermId) -> bool {
    let value = matches!(store.sort(a), Sort::Float(_) | Sort::BitVec(_));
    value && !store.children(a).is_empty() && !store.children(b).is_empty()
}

fn proves_equal(
    store: &mut Store,
    (a, b): (TermId, TermId),
    facts: &[TermId],
    inputs: &HashSet<FunId>,
    cfg: SolverConfig,
) -> bool {
    if proves_equal_for_any_shared(store, (a, b), cfg) {
        return true;
    }
    let same = store.eq(a, b);
    let differ = store.not(same);
    let mut query = relevant(store, facts, inputs, a, b);
    query.push(differ);
    matches!(decide_portfolio(store, &query, cfg).0, CheckResult::Unsat)
}

/// Whether `a = b` holds for every value of their largest shared float subterms: each
/// replaced by a fresh symbol, without facts. An equation valid with those symbols free is
/// valid of every instance, and dropping premises keeps an unsat answer valid, so a proof
/// here proves the merge. It spares the solver the shared subterms' insides: a clamp of a
/// rounded quotient written as `min(max(..))` in one module and `clamp` in the other differs
/// only in the order of `max`'s operands, above a division and a rounding that bit-blasting
/// would otherwise have to encode twice over (`quant_round`). Quantified terms are left to
/// the full query (a subterm may mention a bound symbol).
fn proves_equal_for_any_shared(
    store: &mut Store,
    (a, b): (TermId, TermId),
    cfg: SolverConfig,
) -> bool {
    if store.has_quantifier(a) || store.has_quantifier(b) {
        return false;
    }
    let in_b = dag(store, b);
    let mut shared: Vec<TermId> = vec![];
    let mut seen = HashSet::new();
    let mut todo = vec![a];
    while let Some(t) = todo.pop() {
        if !seen.insert(t) {
            continue;
        }
        let kids = store.children(t);
        if t != a
            && in_b.contains(&t)
            && !kids.is_empty()
            && matches!(store.sort(t), Sort::Float(_))
        {
            shared.push(t);
            continue;
        }
        todo.extend(kids);
    }
    if shared.is_empty() {
        return false;
    }
    shared.sort();
    let mut map = HashMap::new();
    for t in shared {
        let sort = store.sort(t);
        let s = store.fresh("shared", sort);
        let v = store.sym(s);
        map.insert(t, v);
    }
    let (a, b) = (store.replace(a, &map), store.replace(b, &map));
    let same = store.eq(a, b);
    let differ = store.not(same);
    let quick = SolverConfig {
        timeout: cfg.timeout / 2,
    };
    matches!(
        decide_portfolio(store, &[differ], quick).0,
        CheckResult::Unsat
    )
}

/// The facts about the applications below `a` or `b` other than the inputs' (`exp`, a fold),
/// and the facts without applications (index ranges) about their symbols: the others cannot
/// help (dropping a premise keeps an unsat answer valid).
fn relevant(
    store: &Store,
    facts: &[TermId],
    inputs: &HashSet<FunId>,
    a: TermId,
    b: TermId,
) -> Vec<TermId> {
    let mut cone = dag(store, a);
    cone.extend(dag(store, b));
    facts
        .iter()
        .copied()
        .filter(|f| {
            let below = dag(store, *f);
            let apps: Vec<&TermId> = below
                .iter()
                .filter(|t| matches!(store.node(**t), smt::Node::App(g, _) if !inputs.contains(g)))
                .collect();
            if apps.is_empty() {
                below
                    .iter()
                    .any(|t| matches!(store.node(*t), smt::Node::Sym(_)) && cone.contains(t))
            } else {
                apps.iter().any(|t| cone.contains(*t))
            }
        })
        .collect()
}

/// Every term below `t` (itself included).
fn dag(store: &Store, t: TermId) -> HashSet<TermId> {
    let mut seen = HashSet::new();
    let mut todo = vec![t];
    while let Some(u) = todo.pop() {
        if seen.insert(u) {
            todo.extend(store.children(u));
        }
    }
    seen
}

/// Each term's values under [`ROUNDS`] interpretations; `None` where one is undefined.
fn fingerprints(store: &Store, ts: &[TermId]) -> Vec<Option<Vec<Value>>> {
    let mut out: Vec<Option<Vec<Value>>> = vec![Some(vec![]); ts.len()];
    for round in 0..ROUNDS {
        let mut m = Random {
            store,
            special: round % 2 == 1,
            seed: 0x5eed_0000 + round,
            apps: HashMap::new(),
        };
        for (o, v) in out.iter_mut().zip(eval_terms(store, ts, &mut m)) {
            match (o.as_mut(), v) {
                (Some(vs), Some(v)) => vs.push(v),
                _ => *o = None,
            }
        }
    }
    out
}

/// A pseudo-random interpretation: each symbol and each application (by its argument values)
/// gets a value from a hash, so equal arguments give equal results.
struct Random<'a> {
    store: &'a Store,
    /// Also zeros, subnormals, infinities and NaN, a quarter of the floats.
    special: bool,
    seed: u64,
    apps: HashMap<(FunId, Vec<Value>), Value>,
}

fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

fn value_of(sort: Sort, h: u64, special: bool) -> Option<Value> {
    #[allow(clippy::unnecessary_wraps)]
    Some(match sort {
        Sort::Bool => Value::Bool(h & 1 == 1),
        Sort::Int => Value::Int((h % 7) as i128),
        Sort::Real => Value::Real((h % 17) as i128 - 8, 1),
        Sort::Float(f) if special && (h >> 4) % 4 == 0 => {
            let pick = [
                f.zero(false),
                f.zero(true),
                f.min_subnormal(h & 1 == 1),
                f.inf(h & 1 == 1),
                f.nan(),
                f.max_finite(h & 1 == 1),
            ];
            Value::Float(f, pick[(h >> 8) as usize % pick.len()])
        }
        Sort::Float(f) => {
            // A moderate normal value: ±(1 + m/2^20) * 2^e, e in -8..8.
            let mant = 1.0 + (h >> 8 & 0xfffff) as f64 / (1u64 << 20) as f64;
            let e = ((h >> 40) % 17) as i32 - 8;
            let sign = if h >> 63 == 1 { -1.0 } else { 1.0 };
            Value::Float(f, f.from_f64(sign * mant * 2f64.powi(e)))
        }
        Sort::BitVec(w) => Value::BitVec(w, if w >= 64 { h } else { h & ((1 << w) - 1) }),
    })
}

impl ModelReader for Random<'_> {
    fn sym(&mut self, s: SymId) -> Option<Value> {
        let h = mix(self.seed ^ hash_str(self.store.sym_name(s)));
        value_of(self.store.sym_sort(s), h, self.special)
    }

    fn app(&mut self, f: FunId, args: &[Value]) -> Option<Value> {
        let key = (f, args.to_vec());
        if let Some(v) = self.apps.get(&key) {
            return Some(v.clone());
        }
        let mut h = mix(self.seed ^ hash_str(self.store.fun_name(f)));
        for a in args {
            h = mix(h ^ hash_value(a));
        }
        let v = value_of(self.store.fun_signature(f).1, h, self.special)?;
        self.apps.insert(key, v.clone());
        Some(v)
    }
}

fn hash_str(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    })
}

fn hash_value(v: &Value) -> u64 {
    match v {
        Value::Bool(b) => mix(1 + *b as u64),
        Value::Int(i) => mix(3 ^ (*i as u64) ^ ((*i >> 64) as u64)),
        Value::Real(n, d) => mix(5 ^ (*n as u64) ^ mix(*d as u64)),
        Value::Float(_, b) => mix(7 ^ *b),
        Value::BitVec(w, b) => mix(11 ^ *w as u64 ^ mix(*b)),
    }
}
