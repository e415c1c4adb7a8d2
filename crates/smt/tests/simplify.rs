//! `simplify_arith` must return an equivalent conjunction: on random integer formulas with
//! random literal bounds among their conjuncts, the original and the simplified conjunction take
//! the same truth value under every sampled assignment (where the original is defined).

use smt::{
    eval_term, simplify_arith, simplify_arith_witnessed, FunId, ModelReader, Store, SymId, TermId,
    Value,
};
use std::collections::HashMap;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn int(&mut self, lo: i128, hi: i128) -> i128 {
        lo + self.below((hi - lo + 1) as u64) as i128
    }
}

struct Assignment(HashMap<SymId, i128>);

impl ModelReader for Assignment {
    fn sym(&mut self, s: SymId) -> Option<Value> {
        self.0.get(&s).map(|v| Value::Int(*v))
    }
    fn app(&mut self, _f: FunId, _args: &[Value]) -> Option<Value> {
        None
    }
}

fn int_term(s: &mut Store, r: &mut Rng, vars: &[TermId], depth: u32) -> TermId {
    if depth == 0 || r.below(4) == 0 {
        return if r.below(3) == 0 {
            let c = r.int(-3, 4);
            s.int(c)
        } else {
            vars[r.below(vars.len() as u64) as usize]
        };
    }
    let a = int_term(s, r, vars, depth - 1);
    let b = int_term(s, r, vars, depth - 1);
    match r.below(7) {
        0 => s.add2(a, b),
        1 => s.sub(a, b),
        2 => s.mul2(a, b),
        3 => s.int_div(a, b),
        4 => s.int_mod(a, b),
        5 => {
            let c = bool_term(s, r, vars, depth - 1);
            s.ite(c, a, b)
        }
        _ => s.neg(a),
    }
}

fn bool_term(s: &mut Store, r: &mut Rng, vars: &[TermId], depth: u32) -> TermId {
    let a = int_term(s, r, vars, depth);
    let b = int_term(s, r, vars, depth);
    let atom = match r.below(3) {
        0 => s.le(a, b),
        1 => s.lt(a, b),
        _ => s.eq(a, b),
    };
    match (depth, r.below(5)) {
        (0, _) | (_, 0..=2) => atom,
        (_, 3) => {
            let f = bound(s, r, vars);
            s.and(vec![f, atom])
        }
        _ => {
            let other = bool_term(s, r, vars, depth - 1);
            s.or2(atom, other)
        }
    }
}

/// A literal bound on one variable: `c <= x`, `x <= c`, `x = c`, `not (x = c)`, ...
fn bound(s: &mut Store, r: &mut Rng, vars: &[TermId]) -> TermId {
    let x = vars[r.below(vars.len() as u64) as usize];
    let c = r.int(-2, 3);
    let c = s.int(c);
    match r.below(11) {
        8 => {
            // A divisibility fact: (y + k·z + c) mod x = 0.
            let y = vars[r.below(vars.len() as u64) as usize];
            let z = vars[r.below(vars.len() as u64) as usize];
            let k = r.int(-2, 2);
            let k = s.int(k);
            let kz = s.mul2(k, z);
            let sum = s.add(vec![y, kz, c]);
            let m = s.int_mod(sum, x);
            let zero = s.int(0);
            s.eq(m, zero)
        }
        9 => {
            // A non-zero product: ite(y < c, x, 0) · (z + 1) != 0.
            let y = vars[r.below(vars.len() as u64) as usize];
            let z = vars[r.below(vars.len() as u64) as usize];
            let zero = s.int(0);
            let one = s.int(1);
            let cond = s.lt(y, c);
            let f = s.ite(cond, x, zero);
            let z1 = s.add2(z, one);
            let prod = s.mul2(f, z1);
            s.ne(prod, zero)
        }
        10 => {
            // An ordering between symbols.
            let y = vars[r.below(vars.len() as u64) as usize];
            if r.below(2) == 0 {
                s.lt(x, y)
            } else {
                s.le(x, y)
            }
        }
        6 | 7 => {
            // A definition: x = y + k·z (a cycle through several definitions must be refused).
            let y = vars[r.below(vars.len() as u64) as usize];
            let z = vars[r.below(vars.len() as u64) as usize];
            let k = r.int(-2, 2);
            let k = s.int(k);
            let kz = s.mul2(k, z);
            let rhs = if r.below(2) == 0 {
                s.add2(y, kz)
            } else {
                s.mul2(y, z)
            };
            s.eq(x, rhs)
        }
        0 => s.le(c, x),
        1 => s.le(x, c),
        2 => s.lt(c, x),
        3 => s.lt(x, c),
        4 => s.eq(x, c),
        _ => s.ne(x, c),
    }
}

fn conj(s: &Store, ts: &[TermId], a: &mut Assignment) -> Option<bool> {
    let mut undefined = false;
    for t in ts {
        match eval_term(s, *t, a) {
            Some(Value::Bool(false)) => return Some(false),
            Some(Value::Bool(true)) => {}
            _ => undefined = true,
        }
    }
    (!undefined).then_some(true)
}

#[test]
fn simplified_conjunctions_are_equivalent() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0usize;
    let mut introduced = 0usize;
    for case in 0..3000 {
        let mut s = Store::new();
        let names = ["x", "y", "p"];
        let syms: Vec<SymId> = names.iter().map(|n| s.declare(n, smt::Sort::Int)).collect();
        let vars: Vec<TermId> = syms.iter().map(|x| s.sym(*x)).collect();
        let mut assertions = Vec::new();
        for _ in 0..rng.int(0, 3) {
            assertions.push(bound(&mut s, &mut rng, &vars));
        }
        let facts = assertions.clone();
        for _ in 0..rng.int(1, 2) {
            assertions.push(bool_term(&mut s, &mut rng, &vars, 3));
        }
        let out = simplify_arith_witnessed(&mut s, &assertions);
        let simplified = out.assertions;
        introduced += out.witnesses.len();
        for _ in 0..40 {
            let mut a = Assignment(syms.iter().map(|x| (*x, rng.int(-4, 5))).collect());
            // Fresh quotients take their witnesses' values (undefined where a divisor is 0).
            for (q, w) in &out.witnesses {
                if let Some(Value::Int(v)) = eval_term(&s, *w, &mut a) {
                    a.0.insert(*q, v);
                }
            }
            let Some(before) = conj(&s, &assertions, &mut a) else {
                continue;
            };
            let after = conj(&s, &simplified, &mut a);
            // Where the bounds fail, a rewrite may divide by zero (unspecified in SMT-LIB, so
            // not evaluated here) where the original did not.
            if after.is_none() && conj(&s, &facts, &mut a) == Some(false) {
                continue;
            }
            assert_eq!(
                Some(before),
                after,
                "case {case}: {:?} under {:?}\noriginal:\n{}\nsimplified:\n{}",
                names,
                syms.iter().map(|x| a.0[x]).collect::<Vec<_>>(),
                smt::to_smtlib(&s, &assertions, &[]),
                smt::to_smtlib(&s, &simplified, &[])
            );
            checked += 1;
        }
    }
    assert!(checked > 20_000, "only {checked} samples were defined");
    assert!(
        introduced > 30,
        "only {introduced} quotients were introduced"
    );
}

#[test]
fn strided_slice_arithmetic_cancels() {
    // (p + p*((e - 1) div p)) div p = 1 + (e - 1) div p, given 1 <= p.
    let mut s = Store::new();
    let p = s.var("p", smt::Sort::Int);
    let e = s.var("e", smt::Sort::Int);
    let one = s.int(1);
    let pos = s.le(one, p);
    let em1 = s.sub(e, one);
    let q = s.int_div(em1, p);
    let pq = s.mul2(p, q);
    let num = s.add2(p, pq);
    let lhs = s.int_div(num, p);
    let rhs = s.add2(one, q);
    let goal = s.ne(lhs, rhs);
    let out = simplify_arith(&mut s, &[pos, goal]);
    assert_eq!(out[1], s.bool(false), "{}", smt::to_smtlib(&s, &out, &[]));
}

#[test]
fn division_by_a_positive_polynomial_cancels() {
    // ((i + 1)·x + (i + 1)) div (i + 1) = x + 1 and the mod is 0, given 0 <= i.
    let mut s = Store::new();
    let i = s.var("i", smt::Sort::Int);
    let x = s.var("x", smt::Sort::Int);
    let zero = s.int(0);
    let one = s.int(1);
    let nonneg = s.le(zero, i);
    let d = s.add2(i, one);
    let dx = s.mul2(d, x);
    let num = s.add2(dx, d);
    let q = s.int_div(num, d);
    let r = s.int_mod(num, d);
    let x1 = s.add2(x, one);
    let q_wrong = s.ne(q, x1);
    let r_wrong = s.ne(r, zero);
    let bad = s.or2(q_wrong, r_wrong);
    let out = simplify_arith(&mut s, &[nonneg, bad]);
    assert_eq!(out[1], s.bool(false), "{}", smt::to_smtlib(&s, &out, &[]));
}

#[test]
fn nested_divisions_merge() {
    // ((x div d) - p) div (q + 1) = (x - d·p) div (d·q + d), given 1 <= d and 0 <= q.
    let mut s = Store::new();
    let x = s.var("x", smt::Sort::Int);
    let d = s.var("d", smt::Sort::Int);
    let p = s.var("p", smt::Sort::Int);
    let q = s.var("q", smt::Sort::Int);
    let zero = s.int(0);
    let one = s.int(1);
    let d_pos = s.le(one, d);
    let q_nonneg = s.le(zero, q);
    let xd = s.int_div(x, d);
    let xdp = s.sub(xd, p);
    let q1 = s.add2(q, one);
    let lhs = s.int_div(xdp, q1);
    let dp = s.mul2(d, p);
    let num = s.sub(x, dp);
    let dq1 = s.mul2(d, q1);
    let rhs = s.int_div(num, dq1);
    let goal = s.ne(lhs, rhs);
    let out = simplify_arith(&mut s, &[d_pos, q_nonneg, goal]);
    assert_eq!(out[2], s.bool(false), "{}", smt::to_smtlib(&s, &out, &[]));
}
