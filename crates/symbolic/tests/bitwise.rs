//! Fixed-width integers' bitwise operations (`and`, `or`, `xor`, `not`, the three shifts,
//! `popcnt`, `count-leading-zeros`) and `bitcast-convert`: the core's one definition, run in
//! the concrete domain, agrees with a reference written here on Rust's native integers; run
//! in the symbolic domain, its term agrees with the concrete result (evaluated by
//! `smt::eval_term`, and by Z3 at fixed operands, which reads the `int2bv`/`bv2nat` bridge),
//! and Z3 proves every result within the type's range for all operands.

use proptest::prelude::*;
use smt::{decide_z3, eval_term, CheckResult, FunId, ModelReader, SolverConfig, SymId, Value};
use std::collections::{BTreeMap, HashMap};
use std::time::Duration;
use symbolic::{Sym, SymVal};
use tensor::{BinaryOp, Concrete, ElemType, Format, IntTy, Scalar, UnaryOp};

#[derive(Clone, Copy, Debug)]
enum Case {
    U(UnaryOp),
    B(BinaryOp),
}

const CASES: [Case; 10] = [
    Case::U(UnaryOp::Not),
    Case::U(UnaryOp::Popcnt),
    Case::U(UnaryOp::Clz),
    Case::B(BinaryOp::And),
    Case::B(BinaryOp::Or),
    Case::B(BinaryOp::Xor),
    Case::B(BinaryOp::ShiftLeft),
    Case::B(BinaryOp::ShiftRightLogical),
    Case::B(BinaryOp::ShiftRightArithmetic),
    Case::B(BinaryOp::Add),
];

fn types() -> Vec<IntTy> {
    [8, 16, 32, 64]
        .into_iter()
        .flat_map(|bits| [false, true].map(|signed| IntTy { bits, signed }))
        .collect()
}

fn run<D: tensor::Domain>(d: &mut D, case: Case, t: IntTy, a: &D::V, b: &D::V) -> D::V {
    let ty = ElemType::Fixed(t);
    match case {
        Case::U(op) => tensor::unary(d, op, ty, a),
        Case::B(op) => tensor::binary(d, op, ty, a, b),
    }
}

/// The reference: XLA's operation semantics on the two's complement patterns.
fn reference(case: Case, t: IntTy, a: i128, b: i128) -> i128 {
    let w = t.bits;
    let modulus = 1i128 << w;
    let (pa, pb) = (a.rem_euclid(modulus), b.rem_euclid(modulus));
    let signed_of = |p: i128| if p >= modulus / 2 { p - modulus } else { p };
    let r = match case {
        Case::U(UnaryOp::Not) => !pa,
        Case::U(UnaryOp::Popcnt) => (pa as u128).count_ones() as i128,
        Case::U(UnaryOp::Clz) => w as i128 - (128 - (pa as u128).leading_zeros()) as i128,
        Case::B(BinaryOp::And) => pa & pb,
        Case::B(BinaryOp::Or) => pa | pb,
        Case::B(BinaryOp::Xor) => pa ^ pb,
        Case::B(BinaryOp::Add) => pa + pb,
        Case::B(BinaryOp::ShiftLeft) if pb >= w as i128 => 0,
        Case::B(BinaryOp::ShiftLeft) => pa << pb,
        Case::B(BinaryOp::ShiftRightLogical) if pb >= w as i128 => 0,
        Case::B(BinaryOp::ShiftRightLogical) => pa >> pb,
        // Arithmetic: the pattern read signed, shifted with sign fill (at most w - 1).
        Case::B(BinaryOp::ShiftRightArithmetic) => signed_of(pa) >> pb.min(w as i128 - 1),
        other => unreachable!("{other:?}"),
    };
    t.wrap(r)
}

fn specials(t: IntTy) -> Vec<i128> {
    let w = t.bits as i128;
    let mut v = vec![0, 1, 2, 3, t.min(), t.max(), t.min() + 1, t.max() - 1];
    v.extend([w - 1, w, w + 1].map(|x| t.wrap(x)));
    v.extend([-1, -2, -(w - 1), -w].map(|x| t.wrap(x)));
    v.sort();
    v.dedup();
    v
}

struct Env(HashMap<SymId, Value>);

impl ModelReader for Env {
    fn sym(&mut self, s: SymId) -> Option<Value> {
        self.0.get(&s).cloned()
    }
    fn app(&mut self, _: FunId, _: &[Value]) -> Option<Value> {
        None
    }
}

fn concrete(case: Case, t: IntTy, a: i128, b: i128) -> i128 {
    let mut c = Concrete::new(BTreeMap::new());
    match run(&mut c, case, t, &Scalar::Int(a), &Scalar::Int(b)) {
        Scalar::Int(i) => i,
        other => panic!("{case:?} at {}: {other}", t.name()),
    }
}

fn z3(store: &smt::Store, q: &[smt::TermId]) -> CheckResult<()> {
    let cfg = SolverConfig {
        timeout: Duration::from_secs(60),
    };
    decide_z3(store, q, cfg).0
}

/// One op at one type: reference, concrete, the term evaluated, Z3 at some of the pairs, and
/// Z3 on the range.
fn check(case: Case, t: IntTy, pairs: &[(i128, i128)]) -> Result<(), String> {
    let ty = ElemType::Int;
    let mut sym = Sym::new(smt::Store::new());
    let xa = tensor::Domain::input(&mut sym, "a", ty, &[]);
    let xb = tensor::Domain::input(&mut sym, "b", ty, &[]);
    let r = run(&mut sym, case, t, &xa, &xb);
    assert!(sym.unsupported.is_none(), "{:?}", sym.unsupported);
    let (SymVal::Plain(a), SymVal::Plain(b), SymVal::Plain(r)) = (xa, xb, r) else {
        panic!("plain terms")
    };
    let (sa, sb) = (sym.store.find("a").unwrap(), sym.store.find("b").unwrap());
    let name = t.name();
    for &(x, y) in pairs {
        let want = reference(case, t, x, y);
        let got = concrete(case, t, x, y);
        if got != want {
            return Err(format!(
                "{case:?} at {name} on {x}, {y}: concrete {got}, want {want}"
            ));
        }
        let env = [(sa, Value::Int(x)), (sb, Value::Int(y))];
        let term = eval_term(&sym.store, r, &mut Env(env.into_iter().collect()));
        if term != Some(Value::Int(want)) {
            return Err(format!(
                "{case:?} at {name} on {x}, {y}: term {term:?}, want {want}"
            ));
        }
    }
    let s = &mut sym.store;
    let mut queries = vec![];
    for &(x, y) in pairs.iter().take(6) {
        let (lx, ly, w) = (s.int(x), s.int(y), s.int(reference(case, t, x, y)));
        let (ea, eb, d) = (s.eq(a, lx), s.eq(b, ly), s.ne(r, w));
        queries.push(vec![ea, eb, d]);
    }
    // Every result in range, for all operands in range (the core wraps its inputs).
    let (lo, hi) = (s.int(t.min()), s.int(t.max()));
    let mut q = vec![];
    for x in [a, b] {
        q.push(s.le(lo, x));
        q.push(s.le(x, hi));
    }
    let (below, above) = (s.lt(r, lo), s.lt(hi, r));
    q.push(s.or2(below, above));
    queries.push(q);
    for q in queries {
        match z3(&sym.store, &q) {
            CheckResult::Unsat => {}
            other => return Err(format!("{case:?} at {name}: Z3 says {other:?}")),
        }
    }
    Ok(())
}

#[test]
fn special_values_agree() {
    for t in types() {
        let sp = specials(t);
        let pairs: Vec<(i128, i128)> = sp
            .iter()
            .flat_map(|a| sp.iter().map(|b| (*a, *b)))
            .collect();
        for case in CASES {
            check(case, t, &pairs).unwrap();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]
    #[test]
    fn random_values_agree(raw in proptest::collection::vec(any::<(u64, u8)>(), 30), k in 0usize..8) {
        let t = types()[k];
        // Amounts around the width half of the time.
        let pairs: Vec<(i128, i128)> = raw
            .iter()
            .map(|(a, b)| (t.wrap(*a as i128), t.wrap(if b % 2 == 0 { *b as i128 % 70 } else { *b as i128 * 977 })))
            .collect();
        for case in CASES {
            prop_assert!(check(case, t, &pairs).is_ok(), "{:?}", check(case, t, &pairs));
        }
    }
}

/// `bitcast-convert`: u32/s32 bits to f32 and back, u16 to f16 and bf16, u64 to f64: the
/// concrete pattern, the symbolic term (Z3 at fixed bits), and the round trip
/// `bitcast(bitcast(x))` is `x` symbolically for every float (a term identity).
#[test]
fn bitcast_agrees() {
    let cases = [
        (
            IntTy {
                bits: 32,
                signed: false,
            },
            Format::F32,
        ),
        (
            IntTy {
                bits: 32,
                signed: true,
            },
            Format::F32,
        ),
        (
            IntTy {
                bits: 16,
                signed: false,
            },
            Format::F16,
        ),
        (
            IntTy {
                bits: 16,
                signed: true,
            },
            Format::BF16,
        ),
        (
            IntTy {
                bits: 64,
                signed: false,
            },
            Format::F64,
        ),
    ];
    for (t, f) in cases {
        let (it, ft) = (ElemType::Fixed(t), ElemType::float(f, true));
        let mut sym = Sym::new(smt::Store::new());
        let x = tensor::Domain::input(&mut sym, "x", ElemType::Int, &[]);
        let r = tensor::bitcast(&mut sym, it, ft, &x);
        let (SymVal::Plain(x), SymVal::Plain(r)) = (x, r) else {
            panic!("plain")
        };
        for v in specials(t) {
            let mut c = Concrete::new(BTreeMap::new());
            let got = tensor::bitcast(&mut c, it, ft, &Scalar::Int(v));
            let bits = v.rem_euclid(1i128 << t.bits) as u64;
            assert_eq!(got, Scalar::Float(f, f.canon(bits)), "{} {v}", t.name());
            let back = tensor::bitcast(&mut c, ft, it, &got);
            if !f.is_nan(bits) {
                assert_eq!(back, Scalar::Int(v), "round trip of {v} at {}", t.name());
            }
            let s = &mut sym.store;
            let (lx, w) = (s.int(v), s.fp_lit(f, bits));
            let (e, d) = (s.eq(x, lx), s.ne(r, w));
            assert!(
                matches!(z3(&sym.store, &[e, d]), CheckResult::Unsat),
                "{} {v}",
                t.name()
            );
        }
        let mut sym = Sym::new(smt::Store::new());
        let y = tensor::Domain::input(&mut sym, "y", ft, &[]);
        let bits = tensor::bitcast(&mut sym, ft, it, &y);
        let back = tensor::bitcast(&mut sym, it, ft, &bits);
        let (SymVal::Plain(y), SymVal::Plain(back)) = (y, back) else {
            panic!("plain")
        };
        assert_eq!(y, back, "round trip at {}", f.name());
    }
}
