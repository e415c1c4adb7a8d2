//! Deep terms never overflow the stack: every walk of this crate runs on a thread with an 8 MiB
//! stack over a term as deep as [`smt::MAX_DEPTH`] allows, and deeper queries are reported
//! unknown ("query too deep") rather than walked.

use smt::{
    check_portfolio, check_z3, eval_term, simplify_arith, to_smtlib, CheckResult, FunId,
    ModelReader, SolverConfig, Sort, Store, SymId, TermId, Value, MAX_DEPTH,
};
use std::time::Duration;

/// Runs `f` on a thread with an 8 MiB stack (the default of a spawned thread in Rust is 2 MiB,
/// of the main thread on Linux 8 MiB).
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

/// `((x + b) mod 2^32 + b) mod 2^32 ...` (an `arith.addi` chain) until the term is `depth` deep,
/// and the same chain with its last `+ b` replaced by `- b` when `bad`.
fn chain(s: &mut Store, depth: u32, bad: bool) -> TermId {
    let x = s.declare("x", Sort::Int);
    let b = s.declare("b", Sort::Int);
    let (mut t, b) = (s.sym(x), s.sym(b));
    let m = s.int(1 << 32);
    while s.depth(t) + 3 <= depth {
        let last = s.depth(t) + 6 > depth;
        let rhs = if bad && last { s.neg(b) } else { b };
        let sum = s.add(vec![t, rhs]);
        t = s.int_mod(sum, m);
    }
    t
}

/// Addition of abstract floats: an uninterpreted function chain.
fn fchain(s: &mut Store, f: FunId, depth: u32) -> TermId {
    let x = s.declare("x", Sort::Int);
    let b = s.declare("b", Sort::Int);
    let (mut t, b) = (s.sym(x), s.sym(b));
    while s.depth(t) < depth {
        t = s.app(f, vec![t, b]);
    }
    t
}

struct Zeros;
impl ModelReader for Zeros {
    fn sym(&mut self, _: SymId) -> Option<Value> {
        Some(Value::Int(1))
    }
    fn app(&mut self, _: FunId, args: &[Value]) -> Option<Value> {
        Some(args[0].clone())
    }
}

fn cfg() -> SolverConfig {
    SolverConfig {
        timeout: Duration::from_secs(20),
    }
}

#[test]
fn walks_at_the_depth_limit_fit_an_8_mib_stack() {
    let answer = on_small_stack(|| {
        let mut s = Store::new();
        let good = chain(&mut s, MAX_DEPTH - 2, false);
        let bad = chain(&mut s, MAX_DEPTH - 2, true);
        assert!(s.depth(good) + 2 <= MAX_DEPTH && s.depth(good) + 8 > MAX_DEPTH);
        let q = s.eq(good, bad);
        let q = s.not(q);
        let simplified = simplify_arith(&mut s, &[q]);
        let text = to_smtlib(&s, &simplified, &[]);
        assert!(text.contains("(assert"));
        assert!(eval_term(&s, q, &mut Zeros).is_some());
        let (r, _) = check_z3(&s, &simplified, cfg(), |_| ());
        matches!(r, CheckResult::Sat(()))
    });
    assert!(answer, "x + ... + b != x + ... - b has a model");
}

#[test]
fn uninterpreted_chains_at_the_depth_limit_fit_an_8_mib_stack() {
    let answer = on_small_stack(|| {
        let mut s = Store::new();
        let f = s.declare_fun("addf", &[Sort::Int, Sort::Int], Sort::Int);
        let g = s.declare_fun("subf", &[Sort::Int, Sort::Int], Sort::Int);
        let t = fchain(&mut s, f, MAX_DEPTH - 3);
        let b = s.find("b").unwrap();
        let bt = s.sym(b);
        let u = s.app(g, vec![t, bt]);
        let v = s.app(f, vec![t, bt]);
        let q = s.eq(u, v);
        let q = s.not(q);
        let simplified = simplify_arith(&mut s, &[q]);
        assert!(eval_term(&s, q, &mut Zeros).is_some());
        let (r, _, _) = check_portfolio(&s, &simplified, cfg(), |_| ());
        matches!(r, CheckResult::Sat(()))
    });
    assert!(answer);
}

#[test]
fn deeper_queries_are_unknown_not_walked() {
    let reason = on_small_stack(|| {
        let mut s = Store::new();
        let good = chain(&mut s, 20 * MAX_DEPTH, false);
        let bad = chain(&mut s, 20 * MAX_DEPTH, true);
        let q = s.eq(good, bad);
        let q = s.not(q);
        let simplified = simplify_arith(&mut s, &[q]);
        assert_eq!(simplified, vec![q], "left as it is");
        assert_eq!(eval_term(&s, q, &mut Zeros), None);
        // The printer and substitution are iterative: they take any depth.
        let text = to_smtlib(&s, &[q], &[]);
        assert!(text.len() > 20 * MAX_DEPTH as usize);
        let x = s.find("x").unwrap();
        let xt = s.sym(x);
        let zero = s.int(0);
        let map = [(xt, zero)].into_iter().collect();
        let r = s.replace(q, &map);
        assert_ne!(r, q);
        let (r, _, _) = check_portfolio(&s, &[q], cfg(), |_| ());
        match r {
            CheckResult::Unknown(why) => why,
            _ => panic!("a query deeper than the limit was solved"),
        }
    });
    assert!(reason.contains("query too deep"), "{reason}");
}

/// Many shared subterms in one assertion print as nested `let`s (one level each): Z3's parser
/// takes 20,000 levels on an 8 MiB stack.
#[test]
fn many_shared_subterms_fit_an_8_mib_stack() {
    let answer = on_small_stack(|| {
        let mut s = Store::new();
        let f = s.declare_fun("f", &[Sort::Int, Sort::Int], Sort::Int);
        let x = s.declare("x", Sort::Int);
        let x = s.sym(x);
        let mut parts = vec![];
        for i in 0..20_000 {
            let k = s.int(i);
            let t = s.app(f, vec![x, k]);
            let u = s.add(vec![t, t]);
            let v = s.mul(vec![k, t]);
            let le = s.le(u, v);
            parts.push(le);
        }
        let a = s.and(parts);
        let text = to_smtlib(&s, &[a], &[]);
        assert!(text.matches("(let").count() >= 20_000);
        let (r, _) = check_z3(&s, &[a], cfg(), |_| ());
        !matches!(r, CheckResult::Unsat)
    });
    assert!(answer);
}

/// A query with more distinct terms than `MAX_NODES` is unknown at once, not parsed for longer
/// than its timeout.
#[test]
fn huge_queries_are_unknown_with_a_size_budget() {
    let reason = on_small_stack(|| {
        let mut s = Store::new();
        let f = s.declare_fun("f", &[Sort::Int, Sort::Int], Sort::Int);
        let x = s.declare("x", Sort::Int);
        let x = s.sym(x);
        let parts: Vec<TermId> = (0..smt::MAX_NODES as i128 / 2)
            .map(|i| {
                let k = s.int(i);
                let t = s.app(f, vec![x, k]);
                s.le(t, k)
            })
            .collect();
        let a = s.and(parts);
        match check_portfolio(&s, &[a], cfg(), |_| ()).0 {
            CheckResult::Unknown(why) => why,
            _ => panic!("a query beyond the size budget was solved"),
        }
    });
    assert!(reason.contains("query too large"), "{reason}");
}
