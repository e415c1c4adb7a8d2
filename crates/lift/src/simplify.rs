//! E-graph simplification (egg 0.11) of a formula, from the numerically stable forms a kernel
//! computes back to textbook ones: `exp2(x * log2(e))` is `exp(x)`, the max-subtraction of
//! softmax cancels, `x * sigmoid(x)` is `silu(x)`; constants are read back from their float
//! roundings (`0.7978845608` as `sqrt(2/pi)`).
//!
//! Every rewrite is an equality over the reals wherever the divisions' divisors are nonzero and
//! the logarithms' arguments positive (a rewrite with a side condition says so); it says
//! nothing about the kernel. The caller decides what a simplified formula may claim: it is
//! printed as proved only after it was itself checked against the kernel ([`crate::lift_file`]).
//!
//! Every run has a node, iteration and time budget ([`Budget`]).

use crate::formula::{Def, Expr, Formula};
use egg::{
    define_language, rewrite as rw, Analysis, AstSize, CostFunction, DidMerge, EGraph, Extractor,
    Id, Language, RecExpr, Rewrite, Runner, Subst, Symbol, Var,
};
use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// An exact rational `n/d`, `d > 0`, in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Q(i128, i128);

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Q {
    fn new(n: i128, d: i128) -> Option<Q> {
        if d == 0 {
            return None;
        }
        let g = gcd(n, d).max(1);
        let s = if d < 0 { -1 } else { 1 };
        Some(Q(s * n / g, s * d / g))
    }
    fn add(self, o: Q) -> Option<Q> {
        Q::new(
            self.0
                .checked_mul(o.1)?
                .checked_add(o.0.checked_mul(self.1)?)?,
            self.1.checked_mul(o.1)?,
        )
    }
    fn mul(self, o: Q) -> Option<Q> {
        Q::new(self.0.checked_mul(o.0)?, self.1.checked_mul(o.1)?)
    }
    fn neg(self) -> Q {
        Q(-self.0, self.1)
    }
    fn recip(self) -> Option<Q> {
        Q::new(self.1, self.0)
    }
}

impl fmt::Display for Q {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.0, self.1)
    }
}

impl FromStr for Q {
    type Err = ();
    fn from_str(s: &str) -> Result<Q, ()> {
        let (n, d) = s.split_once('/').unwrap_or((s, "1"));
        Q::new(n.parse().map_err(|_| ())?, d.parse().map_err(|_| ())?).ok_or(())
    }
}

define_language! {
    /// The formula language as e-graph nodes. A reduction binds its first child, a symbol made
    /// unique per reduction body ([`canonical_bound`]), so alpha-equal reductions share a class.
    pub(crate) enum Math {
        "+" = Add([Id; 2]),
        "-" = Sub([Id; 2]),
        "*" = Mul([Id; 2]),
        "/" = Div([Id; 2]),
        "neg" = Neg([Id; 1]),
        "<" = Lt([Id; 2]),
        "<=" = Le([Id; 2]),
        ">" = Gt([Id; 2]),
        ">=" = Ge([Id; 2]),
        "==" = Eq([Id; 2]),
        "!=" = Ne([Id; 2]),
        "and" = And([Id; 2]),
        "or" = Or([Id; 2]),
        "read" = Read(Box<[Id]>),
        "sum" = Sum([Id; 2]),
        "sumlt" = SumLt([Id; 3]),
        "rmax" = RMax([Id; 2]),
        "rmin" = RMin([Id; 2]),
        "max" = Max([Id; 2]),
        "min" = Min([Id; 2]),
        "where" = Where([Id; 3]),
        "leaky_relu" = LeakyRelu([Id; 2]),
        Num(Q),
        Fun(Symbol, [Id; 1]),
        Symbol(Symbol),
    }
}

/// The element functions of one argument (the formula language's, and the named forms).
const UNARY: &[&str] = &[
    "exp",
    "log",
    "log2",
    "exp2",
    "sqrt",
    "rsqrt",
    "sin",
    "cos",
    "tanh",
    "erf",
    "abs",
    "sigmoid",
    "relu",
    "silu",
    "gelu",
    "gelu_tanh",
    "softplus",
];

/// Per class: the symbols its value may depend on (bound variables removed), and its value
/// when it is a constant.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Info {
    vars: BTreeSet<Symbol>,
    konst: Option<Q>,
}

#[derive(Default)]
pub(crate) struct Facts;

impl Analysis<Math> for Facts {
    type Data = Info;

    fn make(g: &mut EGraph<Math, Facts>, n: &Math, _id: Id) -> Info {
        let k = |i: &Id| g[*i].data.konst;
        let konst = match n {
            Math::Num(q) => Some(*q),
            Math::Add([a, b]) => k(a).zip(k(b)).and_then(|(a, b)| a.add(b)),
            Math::Sub([a, b]) => k(a).zip(k(b)).and_then(|(a, b)| a.add(b.neg())),
            Math::Mul([a, b]) => k(a).zip(k(b)).and_then(|(a, b)| a.mul(b)),
            Math::Div([a, b]) => k(a)
                .zip(k(b).and_then(Q::recip))
                .and_then(|(a, b)| a.mul(b)),
            Math::Neg([a]) => k(a).map(Q::neg),
            _ => None,
        };
        let mut vars = BTreeSet::new();
        if let Math::Symbol(s) = n {
            vars.insert(*s);
        }
        for c in n.children() {
            vars.extend(g[*c].data.vars.iter().copied());
        }
        if let Math::Sum([v, _])
        | Math::SumLt([v, _, _])
        | Math::RMax([v, _])
        | Math::RMin([v, _]) = n
        {
            // The bound variable (its class holds only the symbol).
            for s in g[*v].nodes.iter().filter_map(symbol) {
                vars.remove(&s);
            }
        }
        Info { vars, konst }
    }

    fn merge(&mut self, a: &mut Info, b: Info) -> DidMerge {
        // Equal values: depends on what both members depend on.
        let both: BTreeSet<Symbol> = a.vars.intersection(&b.vars).copied().collect();
        let a_changed = both != a.vars;
        let b_changed = both != b.vars;
        a.vars = both;
        let mut k = DidMerge(a_changed, b_changed);
        if a.konst.is_none() && b.konst.is_some() {
            a.konst = b.konst;
            k = k | DidMerge(true, false);
        } else if a.konst.is_some() && b.konst.is_none() {
            k = k | DidMerge(false, true);
        }
        k
    }

    fn modify(g: &mut EGraph<Math, Facts>, id: Id) {
        if let Some(q) = g[id].data.konst {
            let n = g.add(Math::Num(q));
            g.union(id, n);
        }
    }
}

fn symbol(n: &Math) -> Option<Symbol> {
    match n {
        Math::Symbol(s) => Some(*s),
        _ => None,
    }
}

/// `?c` does not depend on the bound variable `?k`.
fn free_of(k: &str, c: &str) -> impl Fn(&mut EGraph<Math, Facts>, Id, &Subst) -> bool {
    let (k, c): (Var, Var) = (k.parse().unwrap(), c.parse().unwrap());
    move |g, _, s| {
        let vars = &g[s[c]].data.vars;
        !g[s[k]]
            .nodes
            .iter()
            .filter_map(symbol)
            .any(|v| vars.contains(&v))
    }
}

fn rules() -> Vec<Rewrite<Math, Facts>> {
    let mut r: Vec<Rewrite<Math, Facts>> = vec![
        // arithmetic
        rw!("comm-add"; "(+ ?a ?b)" => "(+ ?b ?a)"),
        rw!("comm-mul"; "(* ?a ?b)" => "(* ?b ?a)"),
        rw!("assoc-add"; "(+ ?a (+ ?b ?c))" => "(+ (+ ?a ?b) ?c)"),
        rw!("assoc-mul"; "(* ?a (* ?b ?c))" => "(* (* ?a ?b) ?c)"),
        rw!("unassoc-mul"; "(* (* ?a ?b) ?c)" => "(* ?a (* ?b ?c))"),
        rw!("sub-as-add"; "(- ?a ?b)" => "(+ ?a (neg ?b))"),
        rw!("add-neg-as-sub"; "(+ ?a (neg ?b))" => "(- ?a ?b)"),
        rw!("neg-neg"; "(neg (neg ?a))" => "?a"),
        rw!("neg-as-mul"; "(* -1 ?a)" => "(neg ?a)"),
        rw!("zero-sub"; "(- 0 ?a)" => "(neg ?a)"),
        rw!("add-0"; "(+ ?a 0)" => "?a"),
        rw!("mul-1"; "(* ?a 1)" => "?a"),
        rw!("mul-0"; "(* ?a 0)" => "0"),
        rw!("div-1"; "(/ ?a 1)" => "?a"),
        rw!("sub-self"; "(- ?a ?a)" => "0"),
        rw!("sub-sub"; "(- (- ?a ?b) (- ?c ?b))" => "(- ?a ?c)"),
        rw!("div-as-mul"; "(/ ?a ?b)" => "(* ?a (/ 1 ?b))"),
        rw!("mul-recip-as-div"; "(* ?a (/ 1 ?b))" => "(/ ?a ?b)"),
        rw!("mul-div"; "(* ?a (/ ?b ?c))" => "(/ (* ?a ?b) ?c)"),
        rw!("div-div-same"; "(/ (/ ?a ?c) (/ ?b ?c))" => "(/ ?a ?b)"),
        rw!("div-mul-same"; "(/ (* ?a ?c) (* ?b ?c))" => "(/ ?a ?b)"),
        rw!("cube"; "(* (* ?x ?x) ?x)" => "(* ?x (* ?x ?x))"),
        // exp and log
        rw!("exp-sub"; "(exp (- ?a ?b))" => "(/ (exp ?a) (exp ?b))"),
        rw!("exp-add"; "(exp (+ ?a ?b))" => "(* (exp ?a) (exp ?b))"),
        rw!("log-exp"; "(log (exp ?a))" => "?a"),
        rw!("log-div-exp"; "(log (/ ?a (exp ?m)))" => "(- (log ?a) ?m)"),
        rw!("exp2-log2e"; "(exp2 (* ?x log2e))" => "(exp ?x)"),
        rw!("log2-ln2"; "(* (log2 ?x) ln2)" => "(log ?x)"),
        rw!("log2-div-log2e"; "(/ (log2 ?x) log2e)" => "(log ?x)"),
        // reductions: a factor that does not depend on the summation variable
        rw!("sum-div-out"; "(sum ?k (/ ?a ?c))" => "(/ (sum ?k ?a) ?c)" if free_of("?k", "?c")),
        rw!("sum-mul-out"; "(sum ?k (* ?a ?c))" => "(* (sum ?k ?a) ?c)" if free_of("?k", "?c")),
        rw!("sumlt-div-out"; "(sumlt ?k ?n (/ ?a ?c))" => "(/ (sumlt ?k ?n ?a) ?c)" if free_of("?k", "?c")),
        // named functions
        rw!("sigmoid"; "(/ 1 (+ 1 (exp (neg ?x))))" => "(sigmoid ?x)"),
        rw!("silu"; "(* ?x (sigmoid ?x))" => "(silu ?x)"),
        rw!("silu-div"; "(/ ?x (+ 1 (exp (neg ?x))))" => "(silu ?x)"),
        rw!("relu-max"; "(max ?x 0)" => "(relu ?x)"),
        rw!("relu-where"; "(where (> ?x 0) ?x 0)" => "(relu ?x)"),
        rw!("relu-where-ge"; "(where (>= ?x 0) ?x 0)" => "(relu ?x)"),
        rw!("softplus"; "(log (+ 1 (exp ?x)))" => "(softplus ?x)"),
        rw!("leaky-gt"; "(where (> ?x 0) ?x (* ?a ?x))" => "(leaky_relu ?x ?a)"),
        rw!("leaky-ge"; "(where (>= ?x 0) ?x (* ?a ?x))" => "(leaky_relu ?x ?a)"),
        // a condition already decided by an enclosing `where` (a masked load, then a `tl.where`
        // on the same mask)
        rw!("where-same-then"; "(where ?c (where ?c ?a ?b) ?d)" => "(where ?c ?a ?d)"),
        rw!("where-same-else"; "(where ?c ?a (where ?c ?b ?d))" => "(where ?c ?a ?d)"),
        rw!("gelu"; "(* (* 1/2 ?x) (+ 1 (erf (* ?x inv_sqrt2))))" => "(gelu ?x)"),
        rw!("gelu-tanh-factored"; "(* (* 1/2 ?x) (+ 1 (tanh (* (* sqrt_2_pi ?x) (+ 1 (* 44715/1000000 (* ?x ?x)))))))" => "(gelu_tanh ?x)"),
        rw!("gelu-tanh"; "(* (* 1/2 ?x) (+ 1 (tanh (* sqrt_2_pi (+ ?x (* 44715/1000000 (* ?x (* ?x ?x))))))))" => "(gelu_tanh ?x)"),
    ];
    r.push(rw!("rmax-canon"; "(max ?a ?b)" => "(max ?b ?a)"));
    r
}

/// The named constant a literal is: exactly its value (the shortest decimal of its float32
/// rounding, [`crate::consts`]), with no reading to state; or within 4 float32 ulps of it,
/// a reading the caller states (the re-check then decides).
fn named_constant(n: i128, d: i128) -> Option<(&'static str, &'static str, bool)> {
    if let Some(c) = crate::consts::named_of(n, d) {
        return Some((c.key, c.text, true));
    }
    let v = n as f64 / d as f64;
    crate::consts::NAMED.iter().find_map(|c| {
        let (cn, cd) = crate::consts::value(c);
        let x = cn as f64 / cd as f64;
        let ulp = (x as f32).abs() * f32::EPSILON;
        ((v - x).abs() <= 4.0 * ulp as f64).then_some((c.key, c.text, false))
    })
}

/// The budget of one run.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    pub nodes: usize,
    pub iterations: usize,
    pub time: Duration,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            nodes: 20_000,
            iterations: 12,
            time: Duration::from_millis(300),
        }
    }
}

/// What simplification did to a formula.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Simplified {
    pub formula: Formula,
    pub nodes_before: usize,
    pub nodes_after: usize,
    /// `the constant 0.7071067811865476 was read as 1 / sqrt(2)`, one per constant.
    pub readings: Vec<String>,
    /// Why a run stopped early (a budget), per output.
    pub stopped: Vec<String>,
}

/// Simplifies every definition of a formula; `None` when it uses something the e-graph
/// language does not have.
pub(crate) fn simplify(f: &Formula, budget: Budget) -> Option<Simplified> {
    let mut out = Simplified {
        formula: Formula { defs: vec![] },
        nodes_before: 0,
        nodes_after: 0,
        readings: vec![],
        stopped: vec![],
    };
    let rules = rules();
    for d in &f.defs {
        let body = canonical_bound(&d.body);
        let mut rec = RecExpr::default();
        to_egg(&body, &mut rec, &mut out.readings)?;
        out.nodes_before += size(&d.body);
        let runner = Runner::<Math, Facts, ()>::default()
            .with_node_limit(budget.nodes)
            .with_iter_limit(budget.iterations)
            .with_time_limit(budget.time)
            .with_expr(&rec)
            .run(&rules);
        if let Some(why) = &runner.stop_reason {
            if !matches!(why, egg::StopReason::Saturated) {
                out.stopped.push(format!("{}: {why:?}", d.output));
            }
        }
        let ex = Extractor::new(&runner.egraph, AstSize);
        let (cost, best) = ex.find_best(runner.roots[0]);
        // Never bigger than the input (a named constant counts as one node).
        // `exp2(x * log2(e)) = exp(x)` and `log2(x) * log(2) = log(x)` hold for the exact
        // constants; the formula's are float32 roundings (docs/lift.md).
        for (key, law) in [
            ("log2e", "exp2(x * log2(e)) = exp(x)"),
            ("ln2", "log2(x) * log(2) = log(x)"),
        ] {
            let has = |r: &RecExpr<Math>| {
                r.as_ref()
                    .iter()
                    .any(|n| matches!(n, Math::Symbol(s) if s.as_str() == key))
            };
            if has(&rec) && !has(&best) && cost <= AstSize.cost_rec(&rec) {
                out.readings.push(format!(
                    "{law} holds for the exact constant; the kernel's is its float32 rounding"
                ));
            }
        }
        let e = if cost <= AstSize.cost_rec(&rec) {
            arrange(
                &tidy(&readable_bound(&from_egg(&best, best.as_ref().len() - 1)?)),
                d.indices.len(),
            )
        } else {
            readable_bound(&body)
        };
        out.nodes_after += size(&e);
        let def = Def {
            output: d.output.clone(),
            indices: d.indices.clone(),
            body: e,
        };
        out.formula.defs.push(def);
    }
    out.readings.sort();
    out.readings.dedup();
    Some(out)
}

/// Signs as people write them: `a + -1` as `a - 1`, `a + -b` as `a - b`, `-1 * a` as `-a`.
fn tidy(e: &Expr) -> Expr {
    map_children(e, &tidy, |e| match e {
        Expr::Bin('+', a, b) => match *b {
            Expr::Num(n, d) if n < 0 => Expr::Bin('-', a, Box::new(Expr::Num(-n, d))),
            Expr::Neg(b) => Expr::Bin('-', a, b),
            b => Expr::Bin('+', a, Box::new(b)),
        },
        Expr::Bin('*', a, b) if *a == Expr::Num(-1, 1) => Expr::Neg(b),
        e => e,
    })
}

/// Sums and products in the order textbooks write them (exact: `+` and `*` commute over
/// the reals, and `a / b` is `a * (1 / b)`): in a product numbers, then parameters, then
/// reads at every index of the output, then the other factors as they came, then reads at
/// fewer indices (`0.5 * x[i] * (1 + erf(...))`, `x[i, j] * rsqrt(...) * w[j]`); in a sum
/// the added terms before the subtracted ones, each compound terms, then reads, parameters
/// and numbers (`sum(k, x[i, k] * x[i, k]) / N + eps`, `x[i, j] - m`).
fn arrange(e: &Expr, rank: usize) -> Expr {
    let e = map_children(e, &|c| arrange(c, rank), |e| e);
    match &e {
        Expr::Bin('*', ..) => {
            let mut fs = Vec::new();
            product(&e, &mut fs);
            let key = |f: &Expr| match f {
                f if crate::formula::named_value(f).is_some() => 0,
                Expr::Num(..) => 0,
                Expr::Var(_) => 1,
                Expr::Read(_, ix) if ix.len() >= rank => 2,
                Expr::Read(..) => 4,
                _ => 3,
            };
            fs.sort_by_key(|f| key(f));
            let mut it = fs.into_iter();
            let first = it.next().expect("a product has factors");
            it.fold(first, |a, b| Expr::Bin('*', Box::new(a), Box::new(b)))
        }
        Expr::Bin('+' | '-', ..) => {
            let mut ts = Vec::new();
            signed_terms(&e, true, &mut ts);
            let key = |(pos, t): &(bool, Expr)| {
                let k = match t {
                    Expr::Num(..) => 3,
                    Expr::Var(_) => 2,
                    Expr::Read(..) => 1,
                    _ => 0,
                };
                (!pos as u8, k)
            };
            ts.sort_by_key(|t| key(t));
            let mut it = ts.into_iter();
            let (pos, first) = it.next().expect("a sum has terms");
            let first = if pos {
                first
            } else {
                Expr::Neg(Box::new(first))
            };
            it.fold(first, |a, (pos, b)| {
                Expr::Bin(if pos { '+' } else { '-' }, Box::new(a), Box::new(b))
            })
        }
        _ => e,
    }
}

fn product(e: &Expr, out: &mut Vec<Expr>) {
    match e {
        Expr::Bin('*', a, b) => {
            product(a, out);
            product(b, out);
        }
        e => out.push(e.clone()),
    }
}

fn signed_terms(e: &Expr, pos: bool, out: &mut Vec<(bool, Expr)>) {
    match e {
        Expr::Bin('+', a, b) => {
            signed_terms(a, pos, out);
            signed_terms(b, pos, out);
        }
        Expr::Bin('-', a, b) => {
            signed_terms(a, pos, out);
            signed_terms(b, !pos, out);
        }
        Expr::Neg(a) => signed_terms(a, !pos, out),
        Expr::Num(n, d) if *n < 0 => out.push((!pos, Expr::Num(-n, *d))),
        e => out.push((pos, e.clone())),
    }
}

/// The number of nodes of a formula (all definitions).
pub(crate) fn size_of(f: &Formula) -> usize {
    f.defs.iter().map(|d| size(&d.body)).sum()
}

/// The number of nodes of an expression (as the formula language prints it).
pub(crate) fn size(e: &Expr) -> usize {
    1 + match e {
        Expr::Num(..) | Expr::Var(_) => 0,
        Expr::Read(_, ix) => ix.iter().map(size).sum(),
        Expr::Neg(a) => size(a),
        Expr::Bin(_, a, b) | Expr::Cmp(_, a, b) | Expr::Logic(_, a, b) => size(a) + size(b),
        Expr::Call(_, args) => args.iter().map(size).sum(),
    }
}

/// Renames every reduction's variable to `_r` and a hash of its body (with the variable as a
/// hole), so that alpha-equal reductions (`max(k, x[i, k])`, `max(k2, x[i, k2])`) are equal.
fn canonical_bound(e: &Expr) -> Expr {
    map_children(e, &canonical_bound, |e| match e {
        Expr::Call(f, args) if is_reduction(&f, &args) => {
            let (k, lim) = bound_var(&args[0]);
            let hole = rename(&args[1], k, "_");
            let mut h = std::collections::hash_map::DefaultHasher::new();
            std::hash::Hash::hash(
                &format!(
                    "{f} {} {hole}",
                    lim.map(|l| l.to_string()).unwrap_or_default()
                ),
                &mut h,
            );
            let name = format!("_r{:x}", std::hash::Hasher::finish(&h) & 0xffff_ffff);
            let first = match lim {
                Some(l) => Expr::Cmp("<", Box::new(Expr::Var(name.clone())), Box::new(l.clone())),
                None => Expr::Var(name.clone()),
            };
            Expr::Call(f.clone(), vec![first, rename(&args[1], k, &name)])
        }
        e => e,
    })
}

/// Gives reduction variables readable names again: `k`, `k2`, `k3` in order of appearance
/// (skipping names the formula uses).
fn readable_bound(e: &Expr) -> Expr {
    let mut used = vec![];
    names(e, &mut used);
    let mut next = 1;
    let mut out = e.clone();
    loop {
        let mut found = None;
        find_canonical(&out, &mut found);
        let Some(c) = found else { break };
        let name = loop {
            let n = if next == 1 {
                "k".to_string()
            } else {
                format!("k{next}")
            };
            next += 1;
            if !used.contains(&n) {
                break n;
            }
        };
        out = rename_all(&out, &c, &name);
    }
    out
}

/// Renames every occurrence of `from`, binders too (canonical names are unique).
fn rename_all(e: &Expr, from: &str, to: &str) -> Expr {
    match e {
        Expr::Var(v) if v == from => Expr::Var(to.to_string()),
        e => map_children(e, &|c| rename_all(c, from, to), |e| e),
    }
}

fn find_canonical(e: &Expr, found: &mut Option<String>) {
    if found.is_some() {
        return;
    }
    match e {
        Expr::Var(v) if v.starts_with("_r") => *found = Some(v.clone()),
        Expr::Read(_, ix) => ix.iter().for_each(|i| find_canonical(i, found)),
        Expr::Neg(a) => find_canonical(a, found),
        Expr::Bin(_, a, b) | Expr::Cmp(_, a, b) | Expr::Logic(_, a, b) => {
            find_canonical(a, found);
            find_canonical(b, found);
        }
        Expr::Call(_, args) => args.iter().for_each(|a| find_canonical(a, found)),
        _ => {}
    }
}

fn names(e: &Expr, out: &mut Vec<String>) {
    match e {
        Expr::Var(v) => out.push(v.clone()),
        Expr::Read(t, ix) => {
            out.push(t.clone());
            ix.iter().for_each(|i| names(i, out));
        }
        Expr::Neg(a) => names(a, out),
        Expr::Bin(_, a, b) | Expr::Cmp(_, a, b) | Expr::Logic(_, a, b) => {
            names(a, out);
            names(b, out);
        }
        Expr::Call(_, args) => args.iter().for_each(|a| names(a, out)),
        Expr::Num(..) => {}
    }
}

fn is_reduction(f: &str, args: &[Expr]) -> bool {
    matches!(f, "sum" | "max" | "min")
        && args.len() == 2
        && match &args[0] {
            Expr::Var(k) => f == "sum" || indexes_with(k, &args[1]),
            Expr::Cmp("<", v, _) => matches!(**v, Expr::Var(_)),
            _ => false,
        }
}

/// `max(k, e)` is a reduction over `k` when `e` reads a tensor at index `k` directly
/// (`max(k, x[i, k])`); otherwise the binary maximum (`max(alpha, x[i])`).
fn indexes_with(k: &str, e: &Expr) -> bool {
    match e {
        Expr::Read(_, ix) => ix
            .iter()
            .any(|i| matches!(i, Expr::Var(v) if v == k) || indexes_with(k, i)),
        Expr::Neg(a) => indexes_with(k, a),
        Expr::Bin(_, a, b) | Expr::Cmp(_, a, b) | Expr::Logic(_, a, b) => {
            indexes_with(k, a) || indexes_with(k, b)
        }
        Expr::Call(_, args) => args.iter().any(|a| indexes_with(k, a)),
        Expr::Num(..) | Expr::Var(_) => false,
    }
}

fn bound_var(first: &Expr) -> (&str, Option<&Expr>) {
    match first {
        Expr::Var(k) => (k, None),
        Expr::Cmp(_, v, lim) => match &**v {
            Expr::Var(k) => (k, Some(lim)),
            _ => unreachable!("checked by is_reduction"),
        },
        _ => unreachable!("checked by is_reduction"),
    }
}

/// Renames the free occurrences of `from` to `to`.
fn rename(e: &Expr, from: &str, to: &str) -> Expr {
    match e {
        Expr::Var(v) if v == from => Expr::Var(to.to_string()),
        Expr::Call(f, args) if is_reduction(f, args) && bound_var(&args[0]).0 == from => {
            // `from` is rebound here: only the bound (the limit) sees the outer one.
            let mut a = args.clone();
            if let Expr::Cmp(op, v, lim) = &args[0] {
                a[0] = Expr::Cmp(op, v.clone(), Box::new(rename(lim, from, to)));
            }
            Expr::Call(f.clone(), a)
        }
        e => map_children(e, &|c| rename(c, from, to), |e| e),
    }
}

fn map_children(e: &Expr, f: &dyn Fn(&Expr) -> Expr, then: impl Fn(Expr) -> Expr) -> Expr {
    let b = |x: &Expr| Box::new(f(x));
    then(match e {
        Expr::Num(..) | Expr::Var(_) => e.clone(),
        Expr::Read(t, ix) => Expr::Read(t.clone(), ix.iter().map(f).collect()),
        Expr::Neg(a) => Expr::Neg(b(a)),
        Expr::Bin(op, x, y) => Expr::Bin(*op, b(x), b(y)),
        Expr::Cmp(op, x, y) => Expr::Cmp(op, b(x), b(y)),
        Expr::Logic(and, x, y) => Expr::Logic(*and, b(x), b(y)),
        Expr::Call(n, args) => Expr::Call(n.clone(), args.iter().map(f).collect()),
    })
}

fn to_egg(e: &Expr, rec: &mut RecExpr<Math>, readings: &mut Vec<String>) -> Option<Id> {
    let mut go = |x: &Expr, rec: &mut RecExpr<Math>| to_egg(x, rec, readings);
    let id = match e {
        e if crate::formula::named_value(e).is_some() => {
            let (n, d) = crate::formula::named_value(e).expect("checked by the guard");
            let c = crate::consts::named_of(n, d).expect("a named constant's value");
            rec.add(Math::Symbol(c.key.into()))
        }
        Expr::Num(n, d) => match named_constant(*n, *d) {
            Some((name, text, exact)) if *d != 1 => {
                if !exact {
                    readings.push(format!(
                        "the constant {} was read as {text}",
                        Expr::Num(*n, *d)
                    ));
                }
                rec.add(Math::Symbol(name.into()))
            }
            _ => rec.add(Math::Num(Q::new(*n, *d)?)),
        },
        Expr::Var(v) => rec.add(Math::Symbol(v.as_str().into())),
        Expr::Read(t, ix) => {
            let mut ids = vec![rec.add(Math::Symbol(t.as_str().into()))];
            for i in ix {
                ids.push(go(i, rec)?);
            }
            rec.add(Math::Read(ids.into_boxed_slice()))
        }
        Expr::Neg(a) => {
            let a = go(a, rec)?;
            rec.add(Math::Neg([a]))
        }
        Expr::Bin(op, a, b) => {
            let (a, b) = (go(a, rec)?, go(b, rec)?);
            rec.add(match op {
                '+' => Math::Add([a, b]),
                '-' => Math::Sub([a, b]),
                '*' => Math::Mul([a, b]),
                '/' => Math::Div([a, b]),
                // Integer `//` and `%`: no rewrite of ours knows them (the formula stays as
                // synthesized).
                _ => return None,
            })
        }
        Expr::Cmp(op, a, b) => {
            let (a, b) = (go(a, rec)?, go(b, rec)?);
            rec.add(match *op {
                "<" => Math::Lt([a, b]),
                "<=" => Math::Le([a, b]),
                ">" => Math::Gt([a, b]),
                ">=" => Math::Ge([a, b]),
                "==" => Math::Eq([a, b]),
                _ => Math::Ne([a, b]),
            })
        }
        Expr::Logic(and, a, b) => {
            let (a, b) = (go(a, rec)?, go(b, rec)?);
            rec.add(if *and {
                Math::And([a, b])
            } else {
                Math::Or([a, b])
            })
        }
        Expr::Call(f, args) if is_reduction(f, args) => {
            let (k, lim) = bound_var(&args[0]);
            let k = rec.add(Math::Symbol(k.into()));
            let body = go(&args[1], rec)?;
            match (f.as_str(), lim) {
                ("sum", None) => rec.add(Math::Sum([k, body])),
                ("sum", Some(l)) => {
                    let l = go(l, rec)?;
                    rec.add(Math::SumLt([k, l, body]))
                }
                ("max", None) => rec.add(Math::RMax([k, body])),
                ("min", None) => rec.add(Math::RMin([k, body])),
                _ => return None,
            }
        }
        Expr::Call(f, args) => {
            let ids: Vec<Id> = args.iter().map(|a| go(a, rec)).collect::<Option<_>>()?;
            match (f.as_str(), ids.as_slice()) {
                (name, [a]) if UNARY.contains(&name) || crate::ops::formula_function(name) => {
                    rec.add(Math::Fun(name.into(), [*a]))
                }
                ("max", [a, b]) => rec.add(Math::Max([*a, *b])),
                ("min", [a, b]) => rec.add(Math::Min([*a, *b])),
                ("leaky_relu", [a, b]) => rec.add(Math::LeakyRelu([*a, *b])),
                ("where", [c, a, b]) => rec.add(Math::Where([*c, *a, *b])),
                _ => return None,
            }
        }
    };
    Some(id)
}

fn from_egg(rec: &RecExpr<Math>, at: usize) -> Option<Expr> {
    let nodes = rec.as_ref();
    let go = |id: &Id| from_egg(rec, usize::from(*id));
    let bin = |op: char, [a, b]: &[Id; 2]| Some(Expr::Bin(op, Box::new(go(a)?), Box::new(go(b)?)));
    let cmp = |op: &'static str, [a, b]: &[Id; 2]| {
        Some(Expr::Cmp(op, Box::new(go(a)?), Box::new(go(b)?)))
    };
    let call = |f: &str, ids: &[Id]| -> Option<Expr> {
        Some(Expr::Call(
            f.to_string(),
            ids.iter().map(go).collect::<Option<_>>()?,
        ))
    };
    Some(match &nodes[at] {
        Math::Add(x) => bin('+', x)?,
        Math::Sub(x) => bin('-', x)?,
        Math::Mul(x) => bin('*', x)?,
        Math::Div(x) => bin('/', x)?,
        Math::Neg([a]) => match go(a)? {
            Expr::Num(n, d) => Expr::Num(-n, d),
            a => Expr::Neg(Box::new(a)),
        },
        Math::Lt(x) => cmp("<", x)?,
        Math::Le(x) => cmp("<=", x)?,
        Math::Gt(x) => cmp(">", x)?,
        Math::Ge(x) => cmp(">=", x)?,
        Math::Eq(x) => cmp("==", x)?,
        Math::Ne(x) => cmp("!=", x)?,
        Math::And([a, b]) => Expr::Logic(true, Box::new(go(a)?), Box::new(go(b)?)),
        Math::Or([a, b]) => Expr::Logic(false, Box::new(go(a)?), Box::new(go(b)?)),
        Math::Read(ids) => {
            let Expr::Var(t) = go(&ids[0])? else {
                return None;
            };
            Expr::Read(t, ids[1..].iter().map(go).collect::<Option<_>>()?)
        }
        Math::Sum(x) => call("sum", x)?,
        Math::RMax(x) => call("max", x)?,
        Math::RMin(x) => call("min", x)?,
        Math::SumLt([k, l, body]) => Expr::Call(
            "sum".into(),
            vec![
                Expr::Cmp("<", Box::new(go(k)?), Box::new(go(l)?)),
                go(body)?,
            ],
        ),
        Math::Max(x) => call("max", x)?,
        Math::Min(x) => call("min", x)?,
        Math::Where(x) => call("where", x)?,
        Math::LeakyRelu(x) => call("leaky_relu", x)?,
        Math::Fun(f, x) => call(f.as_str(), x)?,
        Math::Num(q) => Expr::Num(q.0, q.1),
        Math::Symbol(s) => match crate::consts::NAMED.iter().find(|c| c.key == s.as_str()) {
            Some(crate::consts::Named { text, .. }) => {
                crate::formula::Formula::parse(&format!("c[i] = {text}"))
                    .ok()?
                    .defs
                    .remove(0)
                    .body
            }
            None => Expr::Var(s.as_str().to_string()),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(f: &str, args: Vec<Expr>) -> Expr {
        Expr::Call(f.into(), args)
    }
    fn v(n: &str) -> Expr {
        Expr::Var(n.into())
    }
    fn rd(t: &str, ix: &[&str]) -> Expr {
        Expr::Read(t.into(), ix.iter().map(|i| v(i)).collect())
    }
    fn bin(op: char, a: Expr, b: Expr) -> Expr {
        Expr::Bin(op, Box::new(a), Box::new(b))
    }

    fn simp(text: &str) -> Simplified {
        simplify(&Formula::parse(text).unwrap(), Budget::default()).unwrap()
    }

    #[test]
    fn textbook_forms() {
        for (raw, want) in [
            ("out[i] = 1 / (exp(-x[i]) + 1)", "out[i] = sigmoid(x[i])"),
            ("out[i] = x[i] / (1 + exp(-x[i]))", "out[i] = silu(x[i])"),
            ("out[i] = x[i] * (1 / (1 + exp(-x[i])))", "out[i] = silu(x[i])"),
            (
                "out[i] = 0.5 * x[i] * (erf(0.7071067811865476 * x[i]) + 1)",
                "out[i] = gelu(x[i])",
            ),
            (
                "out[i] = 0.5 * x[i] * (1 + tanh(0.7978845608 * (x[i] + 0.044715 * x[i] * x[i] * x[i])))",
                "out[i] = gelu_tanh(x[i])",
            ),
            ("out[i] = exp2(x[i] * 1.4426950216293335)", "out[i] = exp(x[i])"),
            (
                "out[i] = 0.5 * x[i] * (1 + tanh(x[i] * 0.79788456 * (1 + 0.044715 * x[i] * x[i])))",
                "out[i] = gelu_tanh(x[i])",
            ),
            (
                "out[i] = 0.5 * x[i] * (tanh(0.7978846 * x[i] * (0.044715 * x[i] * x[i] + 1)) + 1)",
                "out[i] = gelu_tanh(x[i])",
            ),
            ("out[i] = where(x[i] >= 0, x[i], 0.01 * x[i])", "out[i] = leaky_relu(x[i], 0.01)"),
            ("out[i] = log(1 + exp(x[i]))", "out[i] = softplus(x[i])"),
            ("out[i] = sum(k, x[i, k] / n_cols)", "out[i] = sum(k, x[i, k]) / n_cols"),
            ("out[i] = x[i] + y[i]", "out[i] = x[i] + y[i]"),
            ("y[i] = where(i >= 1, x[i - 1], 0)", "y[i] = where(i >= 1, x[i - 1], 0)"),
            (
                "out[i] = where(x[i] > 1, where(x[i] > 1, x[i], 0), 2)",
                "out[i] = where(x[i] > 1, x[i], 2)",
            ),
        ] {
            let s = simp(raw);
            assert_eq!(s.formula.to_string(), want, "{raw}");
            assert!(s.nodes_after <= s.nodes_before, "{raw}");
            // what is printed parses back
            Formula::parse(&s.formula.to_string()).unwrap();
        }
        // a literal is the shortest decimal of its float32 rounding, which is exactly the
        // named constant's value: nothing to state
        let s = simp("out[i] = 0.5 * x[i] * (erf(0.7071067811865476 * x[i]) + 1)");
        assert!(s.readings.is_empty(), "{:?}", s.readings);
        // a literal a few float32 ulps away is read as the constant, and the reading stated
        let s = simp("out[i] = 0.5 * x[i] * (erf(0.7071068 * x[i]) + 1)");
        assert_eq!(s.formula.to_string(), "out[i] = gelu(x[i])");
        assert_eq!(
            s.readings,
            vec!["the constant 0.7071068 was read as 1 / sqrt(2)"]
        );
        // exp2(x * log2(e)) = exp(x) only for the exact constant: stated
        let s = simp("out[i] = exp2(x[i] * 1.4426950408889634)");
        assert_eq!(s.readings.len(), 1, "{:?}", s.readings);
        // 0.044715 and 0.01 stay as they are; a constant near no named one too
        assert_eq!(
            simp("o[i] = 0.7 * x[i]").formula.to_string(),
            "o[i] = 0.7 * x[i]"
        );
        // recovered constants print as their names
        assert_eq!(
            simp("o[i] = 0.7978845608 * x[i]").formula.to_string(),
            "o[i] = sqrt(2 / pi) * x[i]"
        );
    }

    /// The max-subtraction of softmax and log_softmax cancels (built directly: `max(k, e)`).
    #[test]
    fn softmax_max_cancels() {
        let m = |k: &str| call("max", vec![v(k), rd("x", &["i", k])]);
        let num = call("exp", vec![bin('-', rd("x", &["i", "j"]), m("k"))]);
        let den = call(
            "sum",
            vec![
                v("k"),
                call("exp", vec![bin('-', rd("x", &["i", "k"]), m("k2"))]),
            ],
        );
        let f = Formula {
            defs: vec![Def {
                output: "y".into(),
                indices: vec!["i".into(), "j".into()],
                body: bin('/', num, den.clone()),
            }],
        };
        let s = simplify(&f, Budget::default()).unwrap();
        assert_eq!(
            s.formula.to_string(),
            "y[i, j] = exp(x[i, j]) / sum(k, exp(x[i, k]))"
        );
        assert_eq!(
            crate::named::forms(&s.formula, None),
            vec!["y[...] = softmax(x, dim=1)"]
        );
        assert!(s.nodes_after < s.nodes_before);
        let ls = Formula {
            defs: vec![Def {
                output: "y".into(),
                indices: vec!["i".into(), "j".into()],
                body: bin(
                    '-',
                    bin('-', rd("x", &["i", "j"]), m("k")),
                    call("log", vec![den]),
                ),
            }],
        };
        let s = simplify(&ls, Budget::default()).unwrap();
        assert_eq!(
            s.formula.to_string(),
            "y[i, j] = x[i, j] - log(sum(k, exp(x[i, k])))"
        );
        assert_eq!(
            crate::named::forms(&s.formula, None),
            vec!["y[...] = log_softmax(x, dim=1)"]
        );
        // a shift that depends on the summation variable does not cancel
        let bad = Formula {
            defs: vec![Def {
                output: "y".into(),
                indices: vec!["i".into(), "j".into()],
                body: bin(
                    '/',
                    call("exp", vec![bin('-', rd("x", &["i", "j"]), rd("m", &["i"]))]),
                    call(
                        "sum",
                        vec![
                            v("k"),
                            call("exp", vec![bin('-', rd("x", &["i", "k"]), rd("m", &["k"]))]),
                        ],
                    ),
                ),
            }],
        };
        let s = simplify(&bad, Budget::default()).unwrap();
        assert!(s.formula.to_string().contains("m[k]"), "{}", s.formula);
    }

    /// A value of an expression at `i` (inputs `x[i]`, `y[i]` and rows `r[i, k]`, k < 3).
    fn value(e: &Expr, env: &[(String, f64)], inputs: &dyn Fn(&str, &[i64]) -> f64) -> f64 {
        let go = |x: &Expr| value(x, env, inputs);
        match e {
            Expr::Num(n, d) => *n as f64 / *d as f64,
            Expr::Var(v) if v == "pi" => std::f64::consts::PI,
            Expr::Var(v) if v == "e" => std::f64::consts::E,
            Expr::Var(v) => env
                .iter()
                .rev()
                .find(|(n, _)| n == v)
                .map(|(_, x)| *x)
                .unwrap(),
            Expr::Read(t, ix) => inputs(t, &ix.iter().map(|i| go(i) as i64).collect::<Vec<_>>()),
            Expr::Neg(a) => -go(a),
            Expr::Bin(op, a, b) => {
                let (a, b) = (go(a), go(b));
                match op {
                    '+' => a + b,
                    '-' => a - b,
                    '*' => a * b,
                    _ => a / b,
                }
            }
            Expr::Cmp(op, a, b) => {
                let (a, b) = (go(a), go(b));
                let t = match *op {
                    "<" => a < b,
                    "<=" => a <= b,
                    ">" => a > b,
                    ">=" => a >= b,
                    "==" => a == b,
                    _ => a != b,
                };
                t as i64 as f64
            }
            Expr::Logic(and, a, b) => {
                let (a, b) = (go(a) != 0.0, go(b) != 0.0);
                (if *and { a && b } else { a || b }) as i64 as f64
            }
            Expr::Call(f, args) if is_reduction(f, args) => {
                let (k, _) = bound_var(&args[0]);
                let vals = (0..3).map(|j| {
                    let mut inner = env.to_vec();
                    inner.push((k.to_string(), j as f64));
                    value(&args[1], &inner, inputs)
                });
                match f.as_str() {
                    "sum" => vals.sum(),
                    "max" => vals.fold(f64::NEG_INFINITY, f64::max),
                    _ => vals.fold(f64::INFINITY, f64::min),
                }
            }
            Expr::Call(f, args) => {
                if let Some(x) = crate::formula::named_expansion(f, args) {
                    return go(&x);
                }
                let a: Vec<f64> = args.iter().map(go).collect();
                match f.as_str() {
                    "exp" => a[0].exp(),
                    "log" => a[0].ln(),
                    "exp2" => a[0].exp2(),
                    "log2" => a[0].log2(),
                    "sqrt" => a[0].sqrt(),
                    "rsqrt" => 1.0 / a[0].sqrt(),
                    "tanh" => a[0].tanh(),
                    "sigmoid" => 1.0 / (1.0 + (-a[0]).exp()),
                    "relu" => a[0].max(0.0),
                    "abs" => a[0].abs(),
                    "erf" => a[0].tanh(), // any fixed function will do here
                    "max" => a[0].max(a[1]),
                    "min" => a[0].min(a[1]),
                    "where" => {
                        if a[0] != 0.0 {
                            a[1]
                        } else {
                            a[2]
                        }
                    }
                    other => panic!("no value for {other}"),
                }
            }
        }
    }

    /// Random formulas built from the shapes the rules look for.
    fn random_expr(seed: &mut u64, depth: u32) -> Expr {
        let mut next = || {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (*seed >> 33) as u32
        };
        let xi = || rd("x", &["i"]);
        let row = |k: &str| rd("r", &["i", k]);
        if depth == 0 {
            return match next() % 6 {
                0 => xi(),
                1 => rd("y", &["i"]),
                2 => Expr::Num(1, 2),
                3 => Expr::Num(7071067811865476, 10000000000000000),
                4 => Expr::Num(3, 1),
                _ => call("max", vec![v("k9"), row("k9")]),
            };
        }
        let c = next() % 12;
        let sub = |s: &mut u64| random_expr(s, depth - 1);
        match c {
            0 => bin('+', sub(seed), sub(seed)),
            1 => bin('-', sub(seed), sub(seed)),
            2 => bin('*', sub(seed), sub(seed)),
            3 => bin(
                '/',
                sub(seed),
                bin('+', Expr::Num(2, 1), call("exp", vec![sub(seed)])),
            ),
            4 => call("exp", vec![bin('-', sub(seed), sub(seed))]),
            5 => call(
                "log",
                vec![bin('+', Expr::Num(1, 1), call("exp", vec![sub(seed)]))],
            ),
            6 => bin(
                '/',
                Expr::Num(1, 1),
                bin(
                    '+',
                    Expr::Num(1, 1),
                    call("exp", vec![Expr::Neg(Box::new(sub(seed)))]),
                ),
            ),
            7 => {
                let a = sub(seed);
                call(
                    "where",
                    vec![
                        Expr::Cmp(">=", Box::new(a.clone()), Box::new(Expr::Num(0, 1))),
                        a.clone(),
                        bin('*', Expr::Num(1, 100), a),
                    ],
                )
            }
            8 => call(
                "sum",
                vec![
                    v("k"),
                    call(
                        "exp",
                        vec![bin('-', row("k"), call("max", vec![v("k2"), row("k2")]))],
                    ),
                ],
            ),
            9 => call("sum", vec![v("k"), bin('/', row("k"), sub(seed))]),
            10 => call(
                "exp2",
                vec![bin(
                    '*',
                    sub(seed),
                    Expr::Num(14426950408889634, 10000000000000000),
                )],
            ),
            _ => Expr::Neg(Box::new(sub(seed))),
        }
    }

    /// Simplification preserves the value of random formulas on random inputs (where both
    /// are finite and moderate: the rewrites hold over the reals where divisors are nonzero).
    #[test]
    fn simplification_preserves_values() {
        let mut seed = 12345u64;
        let (mut compared, mut changed) = (0, 0);
        for case in 0..300 {
            let body = random_expr(&mut seed, 1 + case % 4);
            let f = Formula {
                defs: vec![Def {
                    output: "o".into(),
                    indices: vec!["i".into()],
                    body: body.clone(),
                }],
            };
            let Some(s) = simplify(&f, Budget::default()) else {
                panic!("not simplified: {body}")
            };
            let after = &s.formula.defs[0].body;
            changed += usize::from(*after != body);
            for trial in 0..3 {
                let t = trial as f64;
                let inputs = move |name: &str, ix: &[i64]| -> f64 {
                    let k = ix.last().copied().unwrap_or(0) as f64;
                    match name {
                        "x" => 0.7 - 0.9 * t,
                        "y" => 1.3 + 0.4 * t,
                        _ => (k * 1.7 + t).sin() * 2.0,
                    }
                };
                let env = [("i".to_string(), 0.0)];
                let (a, b) = (value(&body, &env, &inputs), value(after, &env, &inputs));
                if a.is_finite() && b.is_finite() && a.abs() < 1e6 {
                    compared += 1;
                    assert!(
                        (a - b).abs() <= 1e-6 * a.abs().max(1.0),
                        "{body}\n  simplified to {after}\n  {a} vs {b}"
                    );
                }
            }
        }
        assert!(
            compared > 500 && changed > 100,
            "{compared} compared, {changed} changed"
        );
    }
}
