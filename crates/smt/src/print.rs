//! SMT-LIB 2 printing of queries. The printed text is what every backend solves and what
//! `--dump-smt` writes, so it is deterministic: symbols are declared in id order and shared
//! subterms are named `_tN` in the order a depth-first walk first finishes them
//! (`define-fun`s, or `let`s in a large query).

use crate::term::{Format, FpOp, Node, Sort, Store, SymId, TermId};
use std::collections::{HashMap, HashSet};
use std::fmt::Write;

pub(crate) fn sort_name(s: Sort) -> String {
    match s {
        Sort::Bool => "Bool".into(),
        Sort::Int => "Int".into(),
        Sort::Real => "Real".into(),
        Sort::BitVec(w) => format!("(_ BitVec {w})"),
        Sort::Float(f) => format!("(_ FloatingPoint {} {})", f.ebits, f.sbits),
    }
}

/// `(fp #bS #bE.. #bF..)`, or `(_ NaN e s)`.
fn fp_literal(f: Format, bits: u64) -> String {
    if f.is_nan(bits) {
        return format!("(_ NaN {} {})", f.ebits, f.sbits);
    }
    let frac = f.sbits - 1;
    let sign = (bits >> (f.width() - 1)) & 1;
    let exp = (bits >> frac) & ((1 << f.ebits) - 1);
    let man = bits & ((1u64 << frac) - 1);
    format!(
        "(fp #b{sign} {} {})",
        bv_literal(f.ebits, exp),
        bv_literal(frac, man)
    )
}

/// `#b..` with exactly `w` digits.
fn bv_literal(w: u32, v: u64) -> String {
    format!("#b{:0w$b}", v, w = w as usize)
}

/// The head of a floating-point operation's application, rounding mode included.
fn fp_head(op: FpOp) -> String {
    let to_fp = |f: Format| format!("(_ to_fp {} {})", f.ebits, f.sbits);
    match op {
        FpOp::Add => "fp.add RNE".into(),
        FpOp::Sub => "fp.sub RNE".into(),
        FpOp::Mul => "fp.mul RNE".into(),
        FpOp::Div => "fp.div RNE".into(),
        FpOp::Sqrt => "fp.sqrt RNE".into(),
        FpOp::Fma => "fp.fma RNE".into(),
        FpOp::Abs => "fp.abs".into(),
        FpOp::Neg => "fp.neg".into(),
        FpOp::Min => "fp.min".into(),
        FpOp::Max => "fp.max".into(),
        FpOp::Lt => "fp.lt".into(),
        FpOp::Leq => "fp.leq".into(),
        FpOp::Eq => "fp.eq".into(),
        FpOp::IsNaN => "fp.isNaN".into(),
        FpOp::IsInfinite => "fp.isInfinite".into(),
        FpOp::IsZero => "fp.isZero".into(),
        FpOp::IsSubnormal => "fp.isSubnormal".into(),
        FpOp::IsNormal => "fp.isNormal".into(),
        FpOp::IsNegative => "fp.isNegative".into(),
        FpOp::ToFp(f) | FpOp::FromSbv(f) | FpOp::FromReal(f) => format!("{} RNE", to_fp(f)),
        FpOp::ToReal => "fp.to_real".into(),
        FpOp::FromBits(f) => to_fp(f),
        FpOp::ToSbv(w) => format!("(_ fp.to_sbv {w}) RTZ"),
    }
}

/// Quotes a symbol with `|..|` unless it is an SMT-LIB simple symbol.
pub(crate) fn quote(name: &str) -> String {
    let simple = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "~!@$%^&*_-+=<>.?/".contains(c));
    if simple {
        name.to_string()
    } else {
        format!("|{}|", name.replace(['|', '\\'], "_"))
    }
}

/// Most shared subterms printed as `define-fun`s (see [`to_smtlib`]).
const MAX_DEFINE_FUNS: usize = 128;

/// Prints `(assert ..)` for every formula, preceded by the declarations it needs.
/// `comment` lines are written first, each prefixed with `; `.
pub fn to_smtlib(store: &Store, assertions: &[TermId], comment: &[String]) -> String {
    let mut p = Printer::new(store);
    p.analyse(assertions);
    let mut out = String::new();
    for c in comment {
        let _ = writeln!(out, "; {c}");
    }
    out.push_str("(set-logic ALL)\n");
    for s in &p.free_syms {
        let _ = writeln!(
            out,
            "(declare-fun {} () {})",
            quote(store.sym_name(*s)),
            sort_name(store.sym_sort(*s))
        );
    }
    for f in &p.funs {
        let (args, ret) = store.fun_signature(*f);
        let args: Vec<String> = args.iter().map(|s| sort_name(*s)).collect();
        let _ = writeln!(
            out,
            "(declare-fun {} ({}) {})",
            quote(store.fun_name(*f)),
            args.join(" "),
            sort_name(ret)
        );
    }
    // Few shared subterms are `define-fun`s; more are `let`-bound in each assertion that
    // uses them: libz3 4.8.12 expands `define-fun`s slowly (0.6 s for the 500 of a 7x7 max
    // pool's window, against 0.03 s for the same query with `let`s), while on small queries
    // (the rules' nonlinear ones) its search does better with `define-fun`s. A term shared by
    // several assertions is then printed in each; solvers hash-cons it back into one.
    if p.shared_order.len() <= MAX_DEFINE_FUNS {
        for t in p.shared_order.clone() {
            let body = p.render(t, false);
            let _ = writeln!(
                out,
                "(define-fun {} () {} {body})",
                p.names[&t],
                sort_name(store.sort(t))
            );
        }
        for a in assertions {
            let body = p.render(*a, true);
            let _ = writeln!(out, "(assert {body})");
        }
        return out;
    }
    for a in assertions {
        let mut seen = HashSet::new();
        let mut reach = vec![];
        post_order(store, *a, &mut seen, &mut reach);
        let shared: Vec<TermId> = reach
            .into_iter()
            .filter(|t| p.names.contains_key(t))
            .collect();
        out.push_str("(assert ");
        for t in &shared {
            let body = p.render(*t, false);
            let _ = writeln!(out, "(let (({} {body}))", p.names[t]);
        }
        out.push_str(&p.render(*a, true));
        out.push_str(&")".repeat(shared.len() + 1));
        out.push('\n');
    }
    out
}

struct Printer<'s> {
    store: &'s Store,
    free_syms: Vec<SymId>,
    funs: Vec<crate::term::FunId>,
    /// Terms that mention a quantifier-bound symbol: never hoisted.
    bound_dependent: HashSet<TermId>,
    names: HashMap<TermId, String>,
    shared_order: Vec<TermId>,
}

impl<'s> Printer<'s> {
    fn new(store: &'s Store) -> Self {
        Printer {
            store,
            free_syms: vec![],
            funs: vec![],
            bound_dependent: HashSet::new(),
            names: HashMap::new(),
            shared_order: vec![],
        }
    }

    fn analyse(&mut self, roots: &[TermId]) {
        let store = self.store;
        // Bound symbols and the terms that depend on them.
        let mut bound = HashSet::new();
        let mut all = Vec::new();
        let mut seen = HashSet::new();
        for r in roots {
            post_order(store, *r, &mut seen, &mut all);
        }
        for t in &all {
            if let Node::Forall(vs, _) | Node::Exists(vs, _) = store.node(*t) {
                bound.extend(vs.iter().copied());
            }
        }
        for t in &all {
            let dep = match store.node(*t) {
                Node::Sym(s) => bound.contains(s),
                Node::Forall(..) | Node::Exists(..) => false,
                _ => store
                    .children(*t)
                    .iter()
                    .any(|c| self.bound_dependent.contains(c)),
            };
            if dep {
                self.bound_dependent.insert(*t);
            }
        }
        let mut syms = std::collections::BTreeSet::new();
        let mut funs = std::collections::BTreeSet::new();
        let mut refs: HashMap<TermId, usize> = HashMap::new();
        for t in &all {
            match store.node(*t) {
                Node::Sym(s) if !bound.contains(s) => {
                    syms.insert(*s);
                }
                Node::App(f, _) => {
                    funs.insert(*f);
                }
                _ => {}
            }
            for c in store.children(*t) {
                *refs.entry(c).or_default() += 1;
            }
        }
        // A symbol bound by a quantifier may also occur free elsewhere: it is then declared
        // too (the quantifier shadows the declaration inside its body).
        if !bound.is_empty() {
            let mut free_bound: HashMap<TermId, std::collections::BTreeSet<SymId>> = HashMap::new();
            for t in &all {
                let set: std::collections::BTreeSet<SymId> = match store.node(*t) {
                    Node::Sym(s) if bound.contains(s) => [*s].into_iter().collect(),
                    Node::Sym(_) => continue,
                    _ => {
                        let mut u: std::collections::BTreeSet<SymId> = store
                            .children(*t)
                            .iter()
                            .filter_map(|c| free_bound.get(c))
                            .flatten()
                            .copied()
                            .collect();
                        if let Node::Forall(vs, _) | Node::Exists(vs, _) = store.node(*t) {
                            for v in vs {
                                u.remove(v);
                            }
                        }
                        u
                    }
                };
                if !set.is_empty() {
                    free_bound.insert(*t, set);
                }
            }
            for r in roots {
                syms.extend(free_bound.get(r).into_iter().flatten().copied());
            }
        }
        self.free_syms = syms.into_iter().collect();
        self.funs = funs.into_iter().collect();
        for t in &all {
            let leaf = matches!(
                store.node(*t),
                Node::Bool(_)
                    | Node::Int(_)
                    | Node::Real(..)
                    | Node::Sym(_)
                    | Node::FpLit(..)
                    | Node::BvLit(..)
            );
            if !leaf && refs.get(t).copied().unwrap_or(0) >= 2 && !self.bound_dependent.contains(t)
            {
                let name = format!("_t{}", self.shared_order.len());
                self.names.insert(*t, name);
                self.shared_order.push(*t);
            }
        }
    }

    /// Renders `t`; shared subterms are referenced by name, except `t` itself at the top of a
    /// definition.
    fn render(&self, t: TermId, allow_self_name: bool) -> String {
        let mut out = String::new();
        self.render_into(t, allow_self_name, &mut out);
        out
    }

    /// Renders iteratively (an explicit stack of pending terms and closing text), so that a
    /// deep term cannot overflow the stack.
    fn render_into(&self, t: TermId, use_name: bool, out: &mut String) {
        enum Task {
            Term(TermId, bool),
            Text(&'static str),
        }
        let s = self.store;
        let mut stack = vec![Task::Term(t, use_name)];
        while let Some(task) = stack.pop() {
            let (t, use_name) = match task {
                Task::Text(x) => {
                    out.push_str(x);
                    continue;
                }
                Task::Term(t, u) => (t, u),
            };
            if use_name {
                if let Some(n) = self.names.get(&t) {
                    out.push_str(n);
                    continue;
                }
            }
            // `(head k1 k2 ...)`: the head now, the children and `)` pushed in reverse.
            let mut list = |head: &str, kids: &[TermId], out: &mut String| {
                out.push('(');
                out.push_str(head);
                stack.push(Task::Text(")"));
                for k in kids.iter().rev() {
                    stack.push(Task::Term(*k, true));
                    stack.push(Task::Text(" "));
                }
            };
            match s.node(t) {
                Node::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
                Node::Int(i) => {
                    if *i < 0 {
                        let _ = write!(out, "(- {})", i.unsigned_abs());
                    } else {
                        let _ = write!(out, "{i}");
                    }
                }
                Node::Real(n, d) => {
                    let num = if *n < 0 {
                        format!("(- {}.0)", n.unsigned_abs())
                    } else {
                        format!("{n}.0")
                    };
                    if *d == 1 {
                        out.push_str(&num);
                    } else {
                        let _ = write!(out, "(/ {num} {d}.0)");
                    }
                }
                Node::Sym(x) => out.push_str(&quote(s.sym_name(*x))),
                // A nullary application is the bare name (SMT-LIB 2.6, 3.6: `(f)` is not a
                // term; cvc5 rejects it).
                Node::App(f, xs) if xs.is_empty() => out.push_str(&quote(s.fun_name(*f))),
                Node::App(f, xs) => list(&quote(s.fun_name(*f)), xs, out),
                Node::FpLit(f, b) => out.push_str(&fp_literal(*f, *b)),
                Node::BvLit(w, v) => out.push_str(&bv_literal(*w, *v)),
                Node::Fp(op, xs) => list(&fp_head(*op), xs, out),
                Node::Bv(op, xs) => list(&crate::bv::head(*op), xs, out),
                Node::Not(a) => list("not", &[*a], out),
                Node::And(xs) => list("and", xs, out),
                Node::Or(xs) => list("or", xs, out),
                Node::Ite(c, a, b) => list("ite", &[*c, *a, *b], out),
                Node::Eq(a, b) => list("=", &[*a, *b], out),
                Node::Add(xs) => list("+", xs, out),
                Node::Mul(xs) => list("*", xs, out),
                Node::Neg(a) => list("-", &[*a], out),
                Node::IntDiv(a, b) => list("div", &[*a, *b], out),
                Node::IntMod(a, b) => list("mod", &[*a, *b], out),
                Node::RealDiv(a, b) => list("/", &[*a, *b], out),
                Node::Le(a, b) => list("<=", &[*a, *b], out),
                Node::Lt(a, b) => list("<", &[*a, *b], out),
                Node::ToReal(a) => list("to_real", &[*a], out),
                Node::ToInt(a) => list("to_int", &[*a], out),
                Node::Forall(vs, b) | Node::Exists(vs, b) => {
                    let q = if matches!(s.node(t), Node::Forall(..)) {
                        "forall"
                    } else {
                        "exists"
                    };
                    let _ = write!(out, "({q} (");
                    for (i, v) in vs.iter().enumerate() {
                        if i > 0 {
                            out.push(' ');
                        }
                        let _ = write!(
                            out,
                            "({} {})",
                            quote(s.sym_name(*v)),
                            sort_name(s.sym_sort(*v))
                        );
                    }
                    out.push_str(") ");
                    stack.push(Task::Text(")"));
                    stack.push(Task::Term(*b, true));
                }
            }
        }
    }
}

fn post_order(store: &Store, t: TermId, seen: &mut HashSet<TermId>, out: &mut Vec<TermId>) {
    // Iterative post-order so deep terms cannot overflow the stack.
    let mut stack = vec![(t, false)];
    while let Some((x, done)) = stack.pop() {
        if done {
            out.push(x);
            continue;
        }
        if !seen.insert(x) {
            continue;
        }
        stack.push((x, true));
        for c in store.children(x).into_iter().rev() {
            if !seen.contains(&c) {
                stack.push((c, false));
            }
        }
    }
}

/// A stable 64-bit FNV-1a hash of a query's text, for caches and file names.
pub fn stable_hash(text: &str) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in text.as_bytes() {
        h ^= *b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}
