//! The floating-point theory: for every operation and the four formats, Z3's answer agrees
//! with the evaluator (`eval_term`, computed by `ieee754`) on special and random values.
//!
//! Each batch is one query: operands are symbols fixed to literals (so the store's own folding
//! is not what is tested), and the query asserts that some result differs from the evaluator's;
//! Z3 must find it unsatisfiable. A batch Z3 refutes is re-checked case by case to name the case.

use proptest::prelude::*;
use smt::{
    check_z3, decide_z3, eval_term, CheckResult, Format, FpOp, FunId, ModelReader, SolverConfig,
    Sort, Store, SymId, TermId, Value,
};
use std::collections::HashMap;
use std::time::Duration;

const CFG: SolverConfig = SolverConfig {
    timeout: Duration::from_secs(60),
};

/// What is computed from the operands.
#[derive(Clone, Copy, Debug)]
enum Case {
    Theory(FpOp),
    /// SMT-LIB `=`: identity of values (one NaN, `-0 != +0`).
    Identity,
    Maximum,
    Minimum,
    /// The operation with its operands and result flushed to zero (FTZ/DAZ).
    Ftz(FpOp),
}

fn arg_sorts(case: Case, f: Format) -> Vec<Sort> {
    let fl = Sort::Float(f);
    match case {
        Case::Theory(FpOp::Fma) => vec![fl; 3],
        Case::Theory(FpOp::FromSbv(_)) => vec![Sort::BitVec(32)],
        Case::Theory(FpOp::FromBits(g)) => vec![Sort::BitVec(g.width())],
        Case::Theory(
            FpOp::Add
            | FpOp::Sub
            | FpOp::Mul
            | FpOp::Div
            | FpOp::Min
            | FpOp::Max
            | FpOp::Lt
            | FpOp::Leq
            | FpOp::Eq,
        )
        | Case::Identity
        | Case::Maximum
        | Case::Minimum
        | Case::Ftz(_) => vec![fl; 2],
        Case::Theory(_) => vec![fl],
    }
}

fn build(s: &mut Store, case: Case, args: &[TermId]) -> TermId {
    match case {
        Case::Theory(op) => s.fp(op, args.to_vec()),
        Case::Identity => s.eq(args[0], args[1]),
        Case::Maximum => s.fp_maximum(args[0], args[1]),
        Case::Minimum => s.fp_minimum(args[0], args[1]),
        Case::Ftz(op) => {
            let (a, b) = (s.fp_flush(args[0]), s.fp_flush(args[1]));
            let r = s.fp(op, vec![a, b]);
            s.fp_flush(r)
        }
    }
}

fn cases(f: Format) -> Vec<Case> {
    use FpOp::*;
    let mut v: Vec<Case> = [
        Add,
        Sub,
        Mul,
        Div,
        Sqrt,
        Fma,
        Abs,
        Neg,
        Min,
        Max,
        Lt,
        Leq,
        Eq,
        IsNaN,
        IsInfinite,
        IsZero,
        IsSubnormal,
        IsNormal,
        IsNegative,
    ]
    .into_iter()
    .map(Case::Theory)
    .collect();
    v.extend([Case::Identity, Case::Maximum, Case::Minimum]);
    v.extend([Add, Mul, Div].map(Case::Ftz));
    for g in Format::ALL {
        if g != f {
            v.push(Case::Theory(ToFp(g)));
        }
    }
    v.extend([ToSbv(8), ToSbv(32), ToSbv(64), FromSbv(f), FromBits(f)].map(Case::Theory));
    v
}

fn specials(f: Format) -> Vec<u64> {
    let mut v = vec![f.nan()];
    for neg in [false, true] {
        v.extend([
            f.zero(neg),
            f.min_subnormal(neg),
            f.min_subnormal(neg) + 1,
            f.min_normal(neg) - 1,
            f.min_normal(neg),
            f.max_finite(neg),
            f.inf(neg),
            f.from_f64(if neg { -1.0 } else { 1.0 }),
            f.from_f64(if neg { -3.0 } else { 3.0 }),
            f.from_f64(if neg { -0.1 } else { 0.1 }),
        ]);
    }
    v
}

/// Random operands of each sort: raw bit patterns (uniform over the encodings, so every class
/// and binade is hit), and values a little off 1 (cancellation, ties).
fn operand(sort: Sort, seed: u64, specials: &[u64]) -> Value {
    let r = mix(seed);
    match sort {
        Sort::Float(f) => {
            let bits = match r % 4 {
                0 => specials[(r >> 8) as usize % specials.len()],
                1 => f.from_f64(1.0) + ((r >> 8) & 0xff) - 0x80,
                _ => (r >> 3) & f.mask(),
            };
            Value::Float(f, f.canon(bits))
        }
        Sort::BitVec(w) => {
            let m = if w == 64 { u64::MAX } else { (1 << w) - 1 };
            let v = match r % 4 {
                0 => [0, 1, m, m >> 1, (m >> 1) + 1][(r >> 8) as usize % 5],
                1 => (r >> 8) & 0xffff,
                _ => r >> 3,
            };
            Value::BitVec(w, v & m)
        }
        other => panic!("no operands of {other:?}"),
    }
}

fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

struct Assignment(HashMap<SymId, Value>);

impl ModelReader for Assignment {
    fn sym(&mut self, s: SymId) -> Option<Value> {
        self.0.get(&s).cloned()
    }
    fn app(&mut self, _: FunId, _: &[Value]) -> Option<Value> {
        None
    }
}

fn literal(s: &mut Store, v: &Value) -> TermId {
    match v {
        Value::Float(f, b) => s.fp_lit(*f, *b),
        Value::BitVec(w, b) => s.bv_lit(*w, *b),
        Value::Bool(b) => s.bool(*b),
        other => panic!("no literal for {other}"),
    }
}

/// One case on many operand tuples: `None` when Z3 agrees with the evaluator on all of them,
/// else the first tuple where it does not.
fn disagreement(case: Case, inputs: &[Vec<Value>]) -> Option<String> {
    let mut s = Store::new();
    let mut env = HashMap::new();
    let mut fixes = vec![];
    let mut differs = vec![];
    let mut cases = vec![];
    for (i, tuple) in inputs.iter().enumerate() {
        let first_fix = fixes.len();
        let mut args = vec![];
        for (j, v) in tuple.iter().enumerate() {
            let sort = match v {
                Value::Float(f, _) => Sort::Float(*f),
                Value::BitVec(w, _) => Sort::BitVec(*w),
                _ => unreachable!(),
            };
            let sym = s.declare(&format!("a{i}_{j}"), sort);
            let t = s.sym(sym);
            env.insert(sym, v.clone());
            let lit = literal(&mut s, v);
            fixes.push(s.eq(t, lit));
            args.push(t);
        }
        let t = build(&mut s, case, &args);
        let Some(r) = eval_term(&s, t, &mut Assignment(env.clone())) else {
            continue; // left unspecified by the theory
        };
        let lit = literal(&mut s, &r);
        differs.push(s.ne(t, lit));
        cases.push((first_fix..fixes.len(), format!("{case:?}{tuple:?} = {r}")));
    }
    if differs.is_empty() {
        return None;
    }
    let mut query = fixes.clone();
    query.push(s.or(differs.clone()));
    match decide_z3(&s, &query, CFG).0 {
        CheckResult::Unsat => None,
        CheckResult::Unknown(why) => Some(format!("{case:?}: Z3 unknown: {why}")),
        CheckResult::Sat(()) => {
            for (d, (own, c)) in differs.iter().zip(&cases) {
                let mut q = fixes[own.clone()].to_vec();
                q.push(*d);
                if !matches!(decide_z3(&s, &q, CFG).0, CheckResult::Unsat) {
                    return Some(format!("Z3 disagrees: {c}"));
                }
            }
            Some(format!(
                "{case:?}: the batch disagrees, no single case does"
            ))
        }
    }
}

fn batch(f: Format, case: Case, seed: u64, random: usize) -> Vec<Vec<Value>> {
    let sorts = arg_sorts(case, f);
    let sp = specials(f);
    let mut out = vec![];
    // Every pair of special values (the first two operands; a third one cycles).
    if sorts.iter().all(|s| matches!(s, Sort::Float(_))) {
        let n = if sorts.len() == 1 { 1 } else { 2 };
        let total = sp.len().pow(n as u32);
        for k in 0..total {
            let mut t = vec![];
            for (j, s) in sorts.iter().enumerate() {
                let Sort::Float(g) = s else { unreachable!() };
                let idx = if j < n {
                    (k / sp.len().pow(j as u32)) % sp.len()
                } else {
                    k % 7
                };
                t.push(Value::Float(*g, sp[idx]));
            }
            out.push(t);
        }
    }
    for k in 0..random as u64 {
        let t = sorts
            .iter()
            .enumerate()
            .map(|(j, s)| operand(*s, seed ^ (k * 31 + j as u64).wrapping_mul(0x9e37), &sp))
            .collect();
        out.push(t);
    }
    out
}

fn check_format(f: Format, seed: u64, random: usize) {
    let mut bad = vec![];
    for case in cases(f) {
        if let Some(why) = disagreement(case, &batch(f, case, seed, random)) {
            bad.push(format!("{}: {why}", f.name()));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn f16_solver_agrees_with_evaluator() {
    check_format(Format::F16, 1, 200);
}

#[test]
fn bf16_solver_agrees_with_evaluator() {
    check_format(Format::BF16, 2, 200);
}

#[test]
fn f32_solver_agrees_with_evaluator() {
    check_format(Format::F32, 3, 200);
}

#[test]
fn f64_solver_agrees_with_evaluator() {
    check_format(Format::F64, 4, 200);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3))]
    #[test]
    fn random_batches_agree(seed in any::<u64>(), k in 0usize..4) {
        let f = Format::ALL[k];
        for case in cases(f) {
            let why = disagreement(case, &batch(f, case, seed, 60));
            prop_assert!(why.is_none(), "{}: {}", f.name(), why.unwrap_or_default());
        }
    }
}

/// A float read back from a model is the value the evaluator computes (NaN and -0 included).
#[test]
fn models_read_floats_back() {
    for f in Format::ALL {
        for (a, b) in [
            (f.inf(false), f.inf(true)),
            (f.zero(true), f.zero(true)),
            (1, 3),
        ] {
            let mut s = Store::new();
            let x = s.var("x", Sort::Float(f));
            let (la, lb) = (s.fp_lit(f, a), s.fp_lit(f, b));
            let sa = s.var("a", Sort::Float(f));
            let fix = s.eq(sa, la);
            let sum = s.fp(FpOp::Add, vec![sa, lb]);
            let def = s.eq(x, sum);
            let xs = s.find("x").unwrap();
            let (r, _) = check_z3(&s, &[fix, def], CFG, |m| m.sym(xs));
            let want = ieee754::apply(
                FpOp::Add,
                &[ieee754::Val::Float(f, a), ieee754::Val::Float(f, b)],
            );
            let Some(ieee754::Val::Float(_, w)) = want else {
                panic!()
            };
            match r {
                CheckResult::Sat(v) => assert_eq!(v, Some(Value::Float(f, w)), "{}", f.name()),
                other => panic!("{other:?}"),
            }
        }
    }
}

/// The printed text of a float query: literals by bit pattern, rounding modes explicit.
#[test]
fn printer_spells_the_theory() {
    let mut s = Store::new();
    let f = Format::F16;
    let x = s.var("x", Sort::Float(f));
    let one = s.fp_of_f64(f, 1.0);
    let nan = s.fp_lit(f, f.nan());
    let sum = s.fp(FpOp::Add, vec![x, one]);
    let e = s.eq(sum, nan);
    let c = s.fp(FpOp::ToFp(Format::F32), vec![x]);
    let z = s.fp_of_f64(Format::F32, 0.0);
    let l = s.fp(FpOp::Lt, vec![c, z]);
    let text = smt::to_smtlib(&s, &[e, l], &[]);
    assert!(
        text.contains("(declare-fun x () (_ FloatingPoint 5 11))"),
        "{text}"
    );
    assert!(
        text.contains("(fp.add RNE x (fp #b0 #b01111 #b0000000000))"),
        "{text}"
    );
    assert!(text.contains("(_ NaN 5 11)"), "{text}");
    assert!(text.contains("((_ to_fp 8 24) RNE x)"), "{text}");
}
