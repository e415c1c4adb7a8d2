use super::*;
use std::time::Duration;

const CFG: SolverConfig = SolverConfig {
    timeout: Duration::from_secs(5),
};

#[test]
fn hash_consing_and_folding() {
    let mut s = Store::new();
    let x = s.var("x", Sort::Int);
    let one = s.int(1);
    let two = s.int(2);
    let a = s.add(vec![x, one, one]);
    let b = s.add(vec![two, x]);
    assert_eq!(a, b);
    let t = s.bool(true);
    let c = s.lt(x, two);
    assert_eq!(s.and(vec![t, c]), c);
}

#[test]
fn commutative_functions_order_their_arguments_after_rewrites() {
    let mut s = Store::new();
    let f = s.declare_commutative_fun("f", Sort::Int, Sort::Int);
    let g = s.declare_fun("g", &[Sort::Int], Sort::Int);
    let (x, y) = (s.var("x", Sort::Int), s.var("y", Sort::Int));
    assert_eq!(s.app(f, vec![x, y]), s.app(f, vec![y, x]));
    // Under `0 <= x < 4`, `g(x mod 4)` simplifies to `g(x)`, whose id is below `g(y)`'s while
    // `g(x mod 4)`'s is above: the rebuilt `f` must order its arguments again.
    let (zero, four) = (s.int(0), s.int(4));
    let gx = s.app(g, vec![x]);
    let gy = s.app(g, vec![y]);
    let xm = s.int_mod(x, four);
    let gxm = s.app(g, vec![xm]);
    let a = s.app(f, vec![gxm, gy]);
    let b = s.app(f, vec![gy, gx]);
    let facts = [s.le(zero, x), s.lt(x, four), s.ne(a, b)];
    let out = simplify_arith(&mut s, &facts);
    assert!(out.iter().any(|t| s.as_bool(*t) == Some(false)), "{out:?}");
}

#[test]
fn z3_unsat_and_sat_with_model() {
    let mut s = Store::new();
    let x = s.var("x", Sort::Int);
    let f = s.declare_fun("f", &[Sort::Int], Sort::Real);
    let fx = s.app(f, vec![x]);
    let three = s.int(3);
    let gt = s.gt(x, three);
    let half = s.real(1, 2);
    let e = s.eq(fx, half);
    let xs = s.declare("x", Sort::Int);
    let (r, _) = check_z3(&s, &[gt, e], CFG, |m| {
        let xv = m.sym(xs).unwrap();
        let fv = m.app(f, &[xv.clone()]).unwrap();
        (xv, fv)
    });
    match r {
        CheckResult::Sat((Value::Int(i), Value::Real(1, 2))) => assert!(i > 3),
        other => panic!("unexpected {other:?}"),
    }
    let le = s.le(x, three);
    let (r, _) = check_z3(&s, &[gt, le], CFG, |_| ());
    assert!(matches!(r, CheckResult::Unsat));
}

#[test]
fn many_shared_subterms_are_let_bound_and_decided_alike() {
    // t0 = x, t(i+1) = t(i) + 3 * t(i): every t(i) is used twice, so 200 shared subterms.
    let mut s = Store::new();
    let x = s.var("x", Sort::Int);
    let mut t = x;
    for _ in 0..200 {
        let three = s.int(3);
        let m = s.mul2(three, t);
        t = s.add2(t, m);
    }
    let zero = s.int(0);
    let pos = s.lt(zero, x);
    let neg = s.lt(t, zero);
    let text = to_smtlib(&s, &[pos, neg], &[]);
    assert!(text.contains("(let ((_t"), "{text}");
    assert!(!text.contains("define-fun"), "{text}");
    let (r, _) = check_z3(&s, &[pos, neg], CFG, |_| ());
    assert!(matches!(r, CheckResult::Unsat), "{r:?}");
    let big = s.lt(zero, t);
    let (r, _) = check_z3(&s, &[pos, big], CFG, |_| ());
    assert!(matches!(r, CheckResult::Sat(())), "{r:?}");
}

#[test]
fn printer_shares_subterms_and_binds_quantifiers() {
    let mut s = Store::new();
    let x = s.var("x", Sort::Int);
    let y = s.var("y", Sort::Int);
    let xy = s.mul2(x, y);
    let a = s.add2(xy, x);
    let b = s.lt(xy, a);
    let k = s.declare("k", Sort::Int);
    let kt = s.sym(k);
    let body = s.le(kt, xy);
    let q = s.forall(vec![k], body);
    let text = to_smtlib(&s, &[b, q], &["test".into()]);
    assert!(text.contains("(define-fun _t0 () Int (* x y))"), "{text}");
    assert!(!text.contains("(declare-fun k"), "{text}");
    assert!(text.contains("(forall ((k Int))"), "{text}");
    let (r, _) = check_z3(&s, &[b, q], CFG, |_| ());
    assert!(matches!(r, CheckResult::Unsat));
}

/// A symbol bound by a quantifier and also used outside it is declared (the quantifier shadows
/// it): `k = 1 ∧ A(k) = 0 ∧ ∀k. A(k) > 5` is unsat, not a parse error or a guessed model.
#[test]
fn a_bound_symbol_also_used_free_is_declared() {
    let mut s = Store::new();
    let k = s.declare("k", Sort::Int);
    let kt = s.sym(k);
    let a = s.declare_fun("A", &[Sort::Int], Sort::Int);
    let ak = s.app(a, vec![kt]);
    let (zero, one, five) = (s.int(0), s.int(1), s.int(5));
    let big = s.gt(ak, five);
    let all = s.forall(vec![k], big);
    let is_one = s.eq(kt, one);
    let a_zero = s.eq(ak, zero);
    let q = [is_one, a_zero, all];
    let text = to_smtlib(&s, &q, &["test".into()]);
    assert!(text.contains("(declare-fun k () Int)"), "{text}");
    let (r, _) = check_z3(&s, &q, CFG, |_| ());
    assert!(matches!(r, CheckResult::Unsat), "{r:?}");
}

#[test]
fn independent_parts_settle_the_query() {
    // 0 <= i < n  and  A(i)·B(i) != B(i)·A(i): the second part alone is unsat.
    let mut s = Store::new();
    let i = s.var("i", Sort::Int);
    let n = s.var("n", Sort::Int);
    let a = s.declare_fun("A", &[Sort::Int], Sort::Real);
    let b = s.declare_fun("B", &[Sort::Int], Sort::Real);
    let (ai, bi) = (s.app(a, vec![i]), s.app(b, vec![i]));
    let zero = s.int(0);
    let lo = s.le(zero, i);
    let hi = s.lt(i, n);
    let ab = s.mul2(ai, bi);
    let ba = s.mul2(bi, ai);
    let ne = s.ne(ab, ba);
    assert!(matches!(
        check_z3(&s, &[lo, hi, ne], CFG, |_| ()).0,
        CheckResult::Unsat
    ));
    // Sat: the model is of the original symbols (A read at the model's i).
    let three = s.real(3, 1);
    let big = s.gt(ai, three);
    let isym = s.declare("i", Sort::Int);
    let (r, _) = check_z3(&s, &[lo, hi, big], CFG, |m| {
        let iv = m.sym(isym).unwrap();
        m.app(a, &[iv]).unwrap()
    });
    match r {
        CheckResult::Sat(Value::Real(num, den)) => assert!(num > 3 * den),
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn functions_read_under_a_quantifier_stay_functions() {
    // forall k. A(k) = k is satisfiable; a constant in place of A(k) would make it unsat.
    let mut s = Store::new();
    let k = s.declare("k", Sort::Int);
    let kt = s.sym(k);
    let a = s.declare_fun("A", &[Sort::Int], Sort::Int);
    let ak = s.app(a, vec![kt]);
    let body = s.eq(ak, kt);
    let all = s.forall(vec![k], body);
    let x = s.var("x", Sort::Int);
    let one = s.int(1);
    let other = s.le(one, x);
    assert!(matches!(
        check_z3(&s, &[all, other], CFG, |_| ()).0,
        CheckResult::Sat(())
    ));
    // Two argument tuples: A(i) > A(j) with i = j is unsat only with congruence.
    let i = s.var("i", Sort::Int);
    let j = s.var("j", Sort::Int);
    let (ai, aj) = (s.app(a, vec![i]), s.app(a, vec![j]));
    let gt = s.gt(ai, aj);
    let same = s.eq(i, j);
    assert!(matches!(
        check_z3(&s, &[gt, same, other], CFG, |_| ()).0,
        CheckResult::Unsat
    ));
}

#[test]
fn small_models_are_guessed_without_a_solver() {
    // x·y = 6 ∧ y < x ∧ 0 < y, with f(x) = f(y) false somewhere: a guess finds x = 3, y = 2
    // (or another exact model); whatever it returns satisfies every assertion.
    let mut s = Store::new();
    let x = s.var("x", Sort::Int);
    let y = s.var("y", Sort::Int);
    let six = s.int(6);
    let zero = s.int(0);
    let xy = s.mul2(x, y);
    let a = s.eq(xy, six);
    let b = s.lt(y, x);
    let c = s.lt(zero, y);
    let g = crate::guess::guess(&s, &[a, b, c]).expect("a small model");
    let mut g = g;
    for t in [a, b, c] {
        assert_eq!(eval_term(&s, t, &mut g), Some(Value::Bool(true)));
    }
    // Unsatisfiable: no guess.
    let d = s.lt(x, y);
    assert!(crate::guess::guess(&s, &[a, b, c, d]).is_none());
}

/// `(j + 6) div 5` and `(j + 6) mod 5` for `0 <= j < 4` are `1` and `j + 1`, also inside the
/// arguments of a function: the two applications become one term and the query `false`.
#[test]
fn div_with_one_quotient_over_the_range() {
    let mut s = Store::new();
    let i = s.declare("i", Sort::Int);
    let j = s.declare("j", Sort::Int);
    let f = s.declare_fun("f", &[Sort::Int, Sort::Int], Sort::Int);
    let (ti, tj) = (s.sym(i), s.sym(j));
    let zero = s.int(0);
    let four = s.int(4);
    let five = s.int(5);
    let six = s.int(6);
    let one = s.int(1);
    let e = s.add(vec![tj, six]);
    let q = s.int_div(e, five);
    let r = s.int_mod(e, five);
    let a0 = s.add(vec![ti, q]);
    let a = s.int_mod(a0, five);
    let lhs = s.app(f, vec![a, r]);
    let i1 = s.add(vec![ti, one]);
    let j1 = s.add(vec![tj, one]);
    let rhs = s.app(f, vec![i1, j1]);
    let eq = s.eq(lhs, rhs);
    let neq = s.not(eq);
    let c = vec![
        s.le(zero, ti),
        s.lt(ti, four),
        s.le(zero, tj),
        s.lt(tj, four),
        neq,
    ];
    let out = crate::simplify_arith(&mut s, &c);
    let f = s.bool(false);
    assert!(out.contains(&f), "{}", crate::to_smtlib(&s, &out, &[]));
}

/// A nullary function application prints as its bare name (SMT-LIB has no `(f)`), so cvc5
/// reads the script.
#[test]
fn nullary_applications_print_bare() {
    let mut s = Store::new();
    let f = s.declare_fun("k", &[], Sort::Int);
    let k = s.app(f, vec![]);
    let zero = s.int(0);
    let a = s.lt(zero, k);
    let text = to_smtlib(&s, &[a], &[]);
    assert!(text.contains("(< 0 k)"), "{text}");
    assert!(!text.contains("(k)"), "{text}");
}

#[test]
fn division_by_a_literal_takes_out_the_multiples_it_divides() {
    let mut s = Store::new();
    let (xs, ks) = (s.declare("x", Sort::Int), s.declare("k", Sort::Int));
    let (x, k) = (s.sym(xs), s.sym(ks));
    let forty = s.int(40);
    let three = s.int(3);
    let row = s.mul2(forty, x);
    let flat = s.add(vec![row, three]);
    // A flat offset taken apart again gives back its row and column when built.
    assert_eq!(s.int_div(flat, forty), x);
    assert_eq!(s.int_mod(flat, forty), three);
    // Every sign of divisor and summands: the built term has the value of Euclidean division.
    for c in [40i128, -40, 7, -3, 2] {
        let cl = s.int(c);
        let (c2, c6) = (s.int(2 * c), s.int(6 * c));
        let (t1, t2) = (s.mul2(c2, x), s.mul2(c6, k));
        let minus = s.int(-(c + 1));
        let a = s.add(vec![t1, t2, minus]);
        let (q, r) = (s.int_div(a, cl), s.int_mod(a, cl));
        for xv in -3i128..=3 {
            for kv in -50i128..=50 {
                let map = [(xs, s.int(xv)), (ks, s.int(kv))];
                let map: std::collections::HashMap<SymId, TermId> = map.into_iter().collect();
                let av = 2 * c * xv + 6 * c * kv - (c + 1);
                let qv = s.substitute(q, &map);
                let rv = s.substitute(r, &map);
                assert_eq!(s.as_int(qv), euclid_div(av, c), "{av} div {c}");
                assert_eq!(
                    s.as_int(rv),
                    Some(av - c * euclid_div(av, c).unwrap()),
                    "{av} mod {c}"
                );
            }
        }
    }
}
