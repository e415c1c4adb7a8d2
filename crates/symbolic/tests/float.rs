//! The IEEE element domain: the core's one definition of each float element function, run in
//! the symbolic domain (terms over input symbols) and in the concrete one, agrees, for the four
//! formats with and without FTZ, on special and random values. The symbolic side is checked two
//! ways: by evaluating its terms (`smt::eval_term`) and by Z3 (one query per op and type: some
//! result differs from the concrete one; it must be unsatisfiable).

use proptest::prelude::*;
use smt::{decide_z3, eval_term, CheckResult, FunId, ModelReader, SolverConfig, SymId, Value};
use std::collections::{BTreeMap, HashMap};
use std::time::Duration;
use symbolic::{Sym, SymVal};
use tensor::{BinaryOp, CompareOp, Concrete, ElemType, Format, Scalar, UnaryOp};

#[derive(Clone, Copy, Debug)]
enum Case {
    U(UnaryOp),
    B(BinaryOp),
    C(CompareOp),
}

const CASES: [Case; 20] = [
    Case::U(UnaryOp::Neg),
    Case::U(UnaryOp::Floor),
    Case::U(UnaryOp::Ceil),
    Case::U(UnaryOp::RoundNearestEven),
    Case::U(UnaryOp::RoundNearestAfz),
    Case::U(UnaryOp::Sign),
    Case::U(UnaryOp::IsFinite),
    Case::U(UnaryOp::Abs),
    Case::U(UnaryOp::Sqrt),
    Case::B(BinaryOp::Add),
    Case::B(BinaryOp::Sub),
    Case::B(BinaryOp::Mul),
    Case::B(BinaryOp::Div),
    Case::B(BinaryOp::Max),
    Case::B(BinaryOp::Min),
    Case::C(CompareOp::Lt),
    Case::C(CompareOp::Le),
    Case::C(CompareOp::Eq),
    Case::C(CompareOp::Ne),
    Case::C(CompareOp::Ge),
];

fn run<D: tensor::Domain>(d: &mut D, case: Case, ty: ElemType, a: &D::V, b: &D::V) -> D::V {
    match case {
        Case::U(op) => tensor::unary(d, op, ty, a),
        Case::B(op) => tensor::binary(d, op, ty, a, b),
        Case::C(op) => tensor::compare(d, op, ty, a, b),
    }
}

fn specials(f: Format) -> Vec<u64> {
    let mut v = vec![f.nan()];
    for neg in [false, true] {
        v.extend([
            f.zero(neg),
            f.min_subnormal(neg),
            f.min_normal(neg) - 1,
            f.min_normal(neg),
            f.max_finite(neg),
            f.inf(neg),
            f.from_f64(if neg { -1.0 } else { 1.0 }),
            f.from_f64(if neg { -0.1 } else { 0.1 }),
            f.from_f64(if neg { -2.5 } else { 0.5 }),
            f.from_f64(if neg { -0.75 } else { 1.5 }),
        ]);
    }
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

fn concrete(case: Case, ty: ElemType, a: u64, b: u64) -> Scalar {
    let f = ty.as_float().unwrap().format;
    let mut c = Concrete::new(BTreeMap::new());
    let r = run(&mut c, case, ty, &Scalar::Float(f, a), &Scalar::Float(f, b));
    assert!(c.inexact.is_none(), "{:?}", c.inexact);
    r
}

fn to_value(s: &Scalar) -> Value {
    match s {
        Scalar::Float(f, b) => Value::Float(*f, *b),
        Scalar::Bool(b) => Value::Bool(*b),
        other => panic!("{other}"),
    }
}

/// Checks one op at one type on the pairs: the symbolic term, evaluated and solved, against
/// the concrete result. Returns the first disagreement.
fn check(case: Case, ty: ElemType, pairs: &[(u64, u64)]) -> Result<(), String> {
    let f = ty.as_float().unwrap().format;
    let mut sym = Sym::new(smt::Store::new());
    let xa = tensor::Domain::input(&mut sym, "a", ty, &[]);
    let xb = tensor::Domain::input(&mut sym, "b", ty, &[]);
    let r = run(&mut sym, case, ty, &xa, &xb);
    assert!(sym.unsupported.is_none(), "{:?}", sym.unsupported);
    let (SymVal::Plain(a), SymVal::Plain(b), SymVal::Plain(r)) = (xa, xb, r) else {
        panic!("plain terms")
    };
    let (sa, sb) = (sym.store.find("a").unwrap(), sym.store.find("b").unwrap());
    let mut differs = vec![];
    for (k, &(x, y)) in pairs.iter().enumerate() {
        let want = to_value(&concrete(case, ty, x, y));
        let env = [(sa, Value::Float(f, x)), (sb, Value::Float(f, y))];
        let got = eval_term(&sym.store, r, &mut Env(env.into_iter().collect()));
        if got.as_ref() != Some(&want) {
            return Err(format!(
                "{case:?} at {ty} on {x:#x}, {y:#x}: term {got:?}, concrete {want}"
            ));
        }
        // The same for Z3: the term with the operands substituted must equal the result.
        let s = &mut sym.store;
        let (lx, ly) = (s.fp_lit(f, x), s.fp_lit(f, y));
        let t = s.replace(r, &[(a, lx), (b, ly)].into_iter().collect());
        let w = match want {
            Value::Float(g, bits) => s.fp_lit(g, bits),
            Value::Bool(v) => s.bool(v),
            _ => unreachable!(),
        };
        let _ = k;
        differs.push(s.ne(t, w));
    }
    // Substituted literals fold in the store: what is left for Z3 is whatever the store could
    // not decide, so also ask Z3 about the unsubstituted term at fixed symbols.
    let s = &mut sym.store;
    let folded = s.or(differs);
    if s.as_bool(folded) != Some(false) {
        return Err(format!("{case:?} at {ty}: folding disagrees"));
    }
    let mut fixes_and_diff = vec![];
    for &(x, y) in pairs.iter().take(40) {
        let want = to_value(&concrete(case, ty, x, y));
        let (lx, ly) = (s.fp_lit(f, x), s.fp_lit(f, y));
        let (ea, eb) = (s.eq(a, lx), s.eq(b, ly));
        let w = match want {
            Value::Float(g, bits) => s.fp_lit(g, bits),
            Value::Bool(v) => s.bool(v),
            _ => unreachable!(),
        };
        let d = s.ne(r, w);
        fixes_and_diff.push((ea, eb, d));
    }
    for (ea, eb, d) in fixes_and_diff {
        let q = [ea, eb, d];
        match decide_z3(
            &sym.store,
            &q,
            SolverConfig {
                timeout: Duration::from_secs(30),
            },
        )
        .0
        {
            CheckResult::Unsat => {}
            other => return Err(format!("{case:?} at {ty}: Z3 says {other:?}")),
        }
    }
    Ok(())
}

fn types() -> Vec<ElemType> {
    let mut v = vec![];
    for f in Format::ALL {
        for ftz in [false, true] {
            v.push(ElemType::float(f, ftz));
        }
    }
    v
}

#[test]
fn special_values_agree() {
    for ty in types() {
        let f = ty.as_float().unwrap().format;
        let sp = specials(f);
        let pairs: Vec<(u64, u64)> = sp
            .iter()
            .flat_map(|a| sp.iter().map(|b| (*a, *b)))
            .collect();
        for case in CASES {
            check(case, ty, &pairs).unwrap();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]
    #[test]
    fn random_values_agree(raw in proptest::collection::vec(any::<(u64, u64)>(), 30), k in 0usize..8) {
        let ty = types()[k];
        let f = ty.as_float().unwrap().format;
        let pairs: Vec<(u64, u64)> = raw.iter().map(|(a, b)| (f.canon(*a), f.canon(*b))).collect();
        for case in CASES {
            prop_assert!(check(case, ty, &pairs).is_ok(), "{:?}", check(case, ty, &pairs));
        }
    }
}

/// FTZ: a subnormal operand reads as zero, a subnormal result becomes zero.
#[test]
fn ftz_flushes() {
    let f = Format::F32;
    let ty = ElemType::float(f, true);
    let tiny = f.min_normal(false);
    let half = f.from_f64(0.5);
    // min_normal * 0.5 is subnormal: flushed to +0 under FTZ, kept without.
    assert_eq!(
        concrete(Case::B(BinaryOp::Mul), ty, tiny, half),
        Scalar::Float(f, 0)
    );
    let ieee = ElemType::float(f, false);
    assert_ne!(
        concrete(Case::B(BinaryOp::Mul), ieee, tiny, half),
        Scalar::Float(f, 0)
    );
    // A subnormal operand compares equal to zero.
    assert_eq!(
        concrete(Case::C(CompareOp::Eq), ty, 1, 0),
        Scalar::Bool(true)
    );
}

/// The named facts about `exp`, `log`, `tanh`, `rsqrt` and `pow` hold of the concrete domain's
/// libm values (evaluated with the function read from libm) on special and random operands.
#[test]
fn math_facts_hold_of_libm() {
    struct Libm {
        env: HashMap<SymId, Value>,
        case: Case,
        ty: ElemType,
    }
    impl ModelReader for Libm {
        fn sym(&mut self, s: SymId) -> Option<Value> {
            self.env.get(&s).cloned()
        }
        fn app(&mut self, _: FunId, args: &[Value]) -> Option<Value> {
            let bits = |v: &Value| match v {
                Value::Float(_, b) => *b,
                _ => 0,
            };
            let y = args.get(1).map(bits).unwrap_or(0);
            Some(to_value(&concrete(self.case, self.ty, bits(&args[0]), y)))
        }
    }
    let cases = [
        Case::U(UnaryOp::Exp),
        Case::U(UnaryOp::Log),
        Case::U(UnaryOp::Tanh),
        Case::U(UnaryOp::Rsqrt),
        Case::B(BinaryOp::Pow),
        Case::U(UnaryOp::Log1p),
        Case::U(UnaryOp::Expm1),
        Case::U(UnaryOp::Sin),
        Case::U(UnaryOp::Cos),
        Case::U(UnaryOp::Cbrt),
        Case::B(BinaryOp::Atan2),
    ];
    for f in Format::ALL {
        let ty = ElemType::float(f, false);
        let mut values = specials(f);
        for x in [
            -100.0, -20.0, 2.0, 10.0, 88.0, 89.0, 95.0, 100.0, 709.0, 710.0, 11.0, 12.0,
        ] {
            values.push(f.from_f64(x));
        }
        for case in cases {
            let mut sym = Sym::new(smt::Store::new());
            let xa = tensor::Domain::input(&mut sym, "a", ty, &[]);
            let xb = tensor::Domain::input(&mut sym, "b", ty, &[]);
            run(&mut sym, case, ty, &xa, &xb);
            assert!(!sym.float_facts.is_empty());
            let (sa, sb) = (sym.store.find("a").unwrap(), sym.store.find("b").unwrap());
            for &x in &values {
                for &y in &values {
                    let env = [(sa, Value::Float(f, x)), (sb, Value::Float(f, y))];
                    let mut m = Libm {
                        env: env.into_iter().collect(),
                        case,
                        ty,
                    };
                    for fact in &sym.float_facts {
                        let v = eval_term(&sym.store, fact.term, &mut m);
                        assert_eq!(
                            v,
                            Some(Value::Bool(true)),
                            "{} fails at {} on {}, {}",
                            fact.name,
                            f.name(),
                            f.display(x),
                            f.display(y)
                        );
                    }
                }
            }
        }
    }
}

/// The rounding ops and `sign` (`tensor::rounding`, written on IEEE add, subtract and
/// compares) compute what Rust's own `floor`, `ceil`, `round` (ties away from zero),
/// `round_ties_even` and `signum` compute, on f32 and f64 special values, halves, values next
/// to the precision's limit and pseudo-random bit patterns (no flushing).
#[test]
fn rounding_matches_rust() {
    let ops: [(UnaryOp, fn(f64) -> f64); 5] = [
        (UnaryOp::Floor, f64::floor),
        (UnaryOp::Ceil, f64::ceil),
        (UnaryOp::RoundNearestAfz, f64::round),
        (UnaryOp::RoundNearestEven, f64::round_ties_even),
        (UnaryOp::Sign, |x| {
            if x == 0.0 || x.is_nan() {
                x
            } else {
                x.signum()
            }
        }),
    ];
    for f in [Format::F32, Format::F64] {
        let ty = ElemType::float(f, false);
        let mut xs = specials(f);
        let p = 2f64.powi(f.sbits as i32 - 1);
        for x in [
            0.49999997,
            0.5000001,
            2.5,
            3.5,
            -3.5,
            1e7 + 0.5,
            p - 0.5,
            p + 1.0,
            -p + 0.5,
        ] {
            xs.push(f.from_f64(x));
        }
        let mut seed = 0x9e3779b97f4a7c15u64;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            xs.push(f.canon(
                seed & if f == Format::F32 {
                    0xffff_ffff
                } else {
                    u64::MAX
                },
            ));
        }
        for (op, reference) in ops {
            for &x in &xs {
                let want = f.from_f64(reference(f.to_f64(x)));
                let got = concrete(Case::U(op), ty, x, 0);
                let same = match got {
                    Scalar::Float(_, b) => b == want || (f.is_nan(b) && f.is_nan(want)),
                    _ => false,
                };
                assert!(same, "{op:?} at {} of {}: {got}", f.name(), f.display(x));
            }
        }
    }
}

/// The conversions between the reals and the IEEE formats (`tensor::float::from_real`,
/// `to_real`: Halide's `strict_float`) agree in both domains: the symbolic term evaluated and
/// decided by Z3 against the concrete result, on the finite special values and on rationals
/// between floats (ties included).
#[test]
fn real_conversions_agree() {
    use tensor::{float, FloatTy};
    for f in Format::ALL {
        let ft = FloatTy {
            format: f,
            ftz: false,
        };
        let ty = ElemType::Float(ft);
        let mut sym = Sym::new(smt::Store::new());
        let x = tensor::Domain::input(&mut sym, "x", ty, &[]);
        let r = tensor::Domain::input(&mut sym, "r", ElemType::Real, &[]);
        let to = float::to_real(&mut sym, ft, &x);
        let from = float::from_real(&mut sym, ft, &r);
        assert!(sym.unsupported.is_none(), "{:?}", sym.unsupported);
        let (SymVal::Plain(x), SymVal::Plain(r), SymVal::Plain(to), SymVal::Plain(from)) =
            (x, r, to, from)
        else {
            panic!("plain terms")
        };
        let (sx, sr) = (sym.store.find("x").unwrap(), sym.store.find("r").unwrap());
        let mut rationals: Vec<(i128, i128)> = vec![(1, 3), (-7, 10), (1, 1 << 90), (3, 2)];
        for bits in specials(f) {
            let mut c = Concrete::new(BTreeMap::new());
            let real = float::to_real(&mut c, ft, &Scalar::Float(f, bits));
            let Some((n, d)) = (match (&real, c.inexact.is_some()) {
                (Scalar::Real(q), false) => q.small(),
                (_, true) => None,
                (other, _) => panic!("{other}"),
            }) else {
                assert!(f.exact(bits).is_none() || f.to_rational(bits).is_none());
                continue;
            };
            rationals.push((n, d));
            let got = eval_term(
                &sym.store,
                to,
                &mut Env([(sx, Value::Float(f, bits))].into()),
            );
            assert_eq!(
                got,
                Some(Value::Real(n, d)),
                "to_real at {f:?} of {bits:#x}"
            );
            let s = &mut sym.store;
            let (lx, q) = (s.fp_lit(f, bits), s.real(n, d));
            let (fix, diff) = (s.eq(x, lx), s.ne(to, q));
            assert_z3_unsat(&sym.store, &[fix, diff], || {
                format!("Z3: to_real at {f:?} of {bits:#x}")
            });
        }
        for (n, d) in rationals {
            let mut c = Concrete::new(BTreeMap::new());
            let q = Scalar::Real(tensor::Rat::new(n, d).unwrap());
            let Scalar::Float(_, want) = float::from_real(&mut c, ft, &q) else {
                panic!("a float")
            };
            let got = eval_term(&sym.store, from, &mut Env([(sr, Value::Real(n, d))].into()));
            assert_eq!(
                got,
                Some(Value::Float(f, want)),
                "from_real at {f:?} of {n}/{d}"
            );
            let s = &mut sym.store;
            let (lq, w) = (s.real(n, d), s.fp_lit(f, want));
            let (fix, diff) = (s.eq(r, lq), s.ne(from, w));
            assert_z3_unsat(&sym.store, &[fix, diff], || {
                format!("Z3: from_real at {f:?} of {n}/{d}")
            });
        }
    }
}

/// Z3 finds `assertions` unsatisfiable (a value pinned, and its image different from the one
/// the concrete domain computed).
fn assert_z3_unsat(store: &smt::Store, assertions: &[smt::TermId], what: impl Fn() -> String) {
    let cfg = SolverConfig {
        timeout: Duration::from_secs(30),
    };
    let got = decide_z3(store, assertions, cfg).0;
    assert!(matches!(got, CheckResult::Unsat), "{}", what());
}
