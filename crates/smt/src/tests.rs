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
