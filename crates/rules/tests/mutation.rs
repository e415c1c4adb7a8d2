//! Mutation campaign: every verified corpus rule (corpus/rules/xla, corpus/rules/examples) is
//! mutated mechanically on its text (operands of non-commutative ops swapped, a literal changed by
//! one, a precondition conjunct or an assumption dropped, an op replaced by a sibling, a reduction
//! axis changed). Each mutant that parses is checked; a mutant the checker *verifies* is then run
//! on random small instances in the concrete interpreter (`rules::random_search`). A verified
//! mutant on which random testing finds a (replayed) difference fails the test: that is a wrong
//! `verified`. A mutant found `vacuous` on which random testing finds an instance where the rule
//! applies (precondition true, left side well-formed) fails it too.
//!
//! The mutants are sampled deterministically (`TENSORPROOF_MUTANTS=N`, default 400);
//! `TENSORPROOF_MUTANTS=all` runs every one; `TENSORPROOF_MUTANTS_VERBOSE=1` prints why each
//! unknown mutant is unknown. Figures are printed (run with `--nocapture`).

use report::Verdict;
use rules::{check_rule_bounded, parse_file, random_search, Options};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Ident,
    Int,
    Punct,
}

#[derive(Clone, Debug)]
struct Tok {
    kind: Kind,
    text: String,
    start: usize,
    end: usize,
}

/// A small tokenizer: identifiers (with `.` and `@`), integers, decimals, and punctuation (the
/// rule language's multi-character operators first). Comments are skipped.
fn tokenize(src: &str) -> Vec<Tok> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    const OPS: [&str; 9] = ["==>", "==", "!=", "<=", ">=", "&&", "||", "->", "=>"];
    while i < b.len() {
        let c = b[i] as char;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if src[i..].starts_with("//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if c == '"' {
            let s = i;
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += 1;
            }
            i += 1;
            out.push(Tok {
                kind: Kind::Punct,
                text: src[s..i.min(b.len())].into(),
                start: s,
                end: i.min(b.len()),
            });
            continue;
        }
        let s = i;
        if c.is_ascii_alphabetic() || c == '_' {
            while i < b.len() && ((b[i] as char).is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok {
                kind: Kind::Ident,
                text: src[s..i].into(),
                start: s,
                end: i,
            });
            continue;
        }
        if c.is_ascii_digit() {
            while i < b.len() && ((b[i] as char).is_ascii_digit() || b[i] == b'.') {
                i += 1;
            }
            out.push(Tok {
                kind: Kind::Int,
                text: src[s..i].into(),
                start: s,
                end: i,
            });
            continue;
        }
        let op = OPS.iter().find(|o| src[i..].starts_with(**o));
        let len = op.map(|o| o.len()).unwrap_or(c.len_utf8());
        i += len;
        out.push(Tok {
            kind: Kind::Punct,
            text: src[s..i].into(),
            start: s,
            end: i,
        });
    }
    out
}

/// The statement keyword each token belongs to (`lhs`, `where`, ...).
fn statements(toks: &[Tok], src: &str) -> Vec<String> {
    const KW: [&str; 9] = [
        "axes", "maps", "tensor", "scalar", "lhs", "rhs", "where", "assume", "hint",
    ];
    let mut cur = String::new();
    let mut out = Vec::new();
    for t in toks {
        let line_start = src[..t.start].rfind('\n').map(|p| p + 1).unwrap_or(0);
        let first_on_line = src[line_start..t.start].trim().is_empty();
        if first_on_line && t.kind == Kind::Ident && KW.contains(&t.text.as_str()) {
            cur = t.text.clone();
        }
        if t.text == "rule" && first_on_line {
            cur = "rule".into();
        }
        out.push(cur.clone());
    }
    out
}

/// The matching `)` of the `(` at token `open`.
fn matching(toks: &[Tok], open: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (k, t) in toks.iter().enumerate().skip(open) {
        match t.text.as_str() {
            "(" | "[" => depth += 1,
            ")" | "]" => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

/// Top-level arguments of the call whose `(` is token `open`: (first token, last token).
fn call_args(toks: &[Tok], open: usize) -> Vec<(usize, usize)> {
    let Some(close) = matching(toks, open) else {
        return vec![];
    };
    let mut args = Vec::new();
    let mut depth = 0;
    let mut start = open + 1;
    for k in open + 1..close {
        match toks[k].text.as_str() {
            "(" | "[" => depth += 1,
            ")" | "]" => depth -= 1,
            "," if depth == 0 => {
                args.push((start, k - 1));
                start = k + 1;
            }
            _ => {}
        }
    }
    if start < close {
        args.push((start, close - 1));
    }
    args
}

fn replace(src: &str, edits: &[(usize, usize, String)]) -> String {
    let mut edits = edits.to_vec();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut s = src.to_string();
    for (a, b, t) in edits {
        s.replace_range(a..b, &t);
    }
    s
}

const SIBLINGS: &[(&str, &str)] = &[
    ("max", "min"),
    ("min", "max"),
    ("add", "sub"),
    ("sub", "add"),
    ("mul", "add"),
    ("div", "mul"),
    ("rem", "div"),
    ("lt", "le"),
    ("le", "lt"),
    ("gt", "ge"),
    ("ge", "gt"),
    ("eq", "ne"),
    ("ne", "eq"),
    ("and", "or"),
    ("or", "and"),
    ("neg", "abs"),
    ("abs", "neg"),
    ("reduce_sum", "reduce_product"),
    ("reduce_product", "reduce_sum"),
    ("reduce_max", "reduce_min"),
    ("reduce_min", "reduce_max"),
    ("reduce_and", "reduce_or"),
    ("reduce_or", "reduce_and"),
];
const NONCOMMUTATIVE: &[&str] = &[
    "sub", "div", "rem", "lt", "le", "gt", "ge", "concat", "dot", "conv",
];
const COND_OPS: &[(&str, &str)] = &[
    ("<", "<="),
    ("<=", "<"),
    (">", ">="),
    (">=", ">"),
    ("==", "!="),
    ("!=", "=="),
    ("&&", "||"),
    ("||", "&&"),
    ("+", "-"),
    ("-", "+"),
];

/// Every mutant of `src`: (description, text).
fn mutants(src: &str) -> Vec<(String, String)> {
    let toks = tokenize(src);
    let stmt = statements(&toks, src);
    let body = |k: usize| matches!(stmt[k].as_str(), "lhs" | "rhs" | "where" | "assume");
    let classes: Vec<String> = {
        let mut cs = Vec::new();
        for (k, t) in toks.iter().enumerate() {
            if stmt[k] == "axes"
                && t.kind == Kind::Ident
                && t.text != "axes"
                && t.text != "rank"
                && t.text != "to"
                && k + 1 < toks.len()
                && toks[k + 1].text != ")"
            {
                cs.push(t.text.clone());
            }
        }
        cs
    };
    let mut out = Vec::new();
    let line = |pos: usize| src[..pos].matches('\n').count() + 1;
    for (k, t) in toks.iter().enumerate() {
        if !body(k) {
            continue;
        }
        let call = t.kind == Kind::Ident && toks.get(k + 1).map(|n| n.text == "(").unwrap_or(false);
        if call {
            for (a, b) in SIBLINGS {
                if t.text == *a {
                    out.push((
                        format!("line {}: {a} -> {b}", line(t.start)),
                        replace(src, &[(t.start, t.end, b.to_string())]),
                    ));
                }
            }
            let args = call_args(&toks, k + 1);
            let positional: Vec<(usize, usize)> = args
                .iter()
                .copied()
                .filter(|(a, _)| {
                    toks[*a].text != "[" && toks.get(a + 1).map(|n| n.text != "=").unwrap_or(true)
                })
                .collect();
            let swap = |i: usize, j: usize| -> Option<String> {
                let (x, y) = (positional.get(i)?, positional.get(j)?);
                let tx = src[toks[x.0].start..toks[x.1].end].to_string();
                let ty = src[toks[y.0].start..toks[y.1].end].to_string();
                Some(replace(
                    src,
                    &[
                        (toks[x.0].start, toks[x.1].end, ty),
                        (toks[y.0].start, toks[y.1].end, tx),
                    ],
                ))
            };
            if NONCOMMUTATIVE.contains(&t.text.as_str()) {
                if let Some(m) = swap(0, 1) {
                    out.push((
                        format!("line {}: operands of {} swapped", line(t.start), t.text),
                        m,
                    ));
                }
            }
            if t.text == "select" {
                if let Some(m) = swap(1, 2) {
                    out.push((
                        format!("line {}: branches of select swapped", line(t.start)),
                        m,
                    ));
                }
            }
            if t.text == "clamp" {
                if let Some(m) = swap(0, 2) {
                    out.push((
                        format!("line {}: bounds of clamp swapped", line(t.start)),
                        m,
                    ));
                }
            }
            if t.text.starts_with("reduce_") || t.text == "reverse" {
                // The reduced (reversed) axes: the first class named in the first `[..]`.
                if let Some((a, _)) = args.iter().find(|(a, _)| toks[*a].text == "[") {
                    let ax = &toks[a + 1];
                    for c in &classes {
                        if *c != ax.text && ax.kind == Kind::Ident {
                            out.push((
                                format!(
                                    "line {}: {} over {c} instead of {}",
                                    line(t.start),
                                    t.text,
                                    ax.text
                                ),
                                replace(src, &[(ax.start, ax.end, c.clone())]),
                            ));
                        }
                    }
                }
            }
        }
        if t.kind == Kind::Int && !t.text.contains('.') {
            let v: i128 = t.text.parse().unwrap_or(0);
            for d in [1i128, -1] {
                let nv = v + d;
                if nv >= 0 {
                    out.push((
                        format!("line {}: literal {v} -> {nv}", line(t.start)),
                        replace(src, &[(t.start, t.end, nv.to_string())]),
                    ));
                }
            }
        }
        if t.kind == Kind::Punct
            && (stmt[k] == "where"
                || toks
                    .get(k.saturating_sub(1))
                    .map(|p| p.kind != Kind::Punct)
                    .unwrap_or(false))
        {
            for (a, b) in COND_OPS {
                if t.text == *a && (stmt[k] == "where" || matches!(*a, "+" | "-")) {
                    out.push((
                        format!("line {}: {a} -> {b}", line(t.start)),
                        replace(src, &[(t.start, t.end, b.to_string())]),
                    ));
                }
            }
        }
    }
    // Drop one precondition conjunct (a top-level item of a `where` list) or one assumption.
    for (k, t) in toks.iter().enumerate() {
        if t.text == "where" && stmt[k] == "where" {
            let mut items = Vec::new();
            let mut depth = 0;
            let mut start = k + 1;
            let mut j = k + 1;
            while j < toks.len() && stmt[j] == "where" && toks[j].text != "}" {
                match toks[j].text.as_str() {
                    "(" | "[" => depth += 1,
                    ")" | "]" => depth -= 1,
                    "," if depth == 0 => {
                        items.push((start, j - 1));
                        start = j + 1;
                    }
                    _ => {}
                }
                j += 1;
            }
            if start < j {
                items.push((start, j - 1));
            }
            for (n, (a, b)) in items.iter().enumerate() {
                let text = if items.len() == 1 {
                    replace(src, &[(t.start, toks[*b].end, String::new())])
                } else if n + 1 < items.len() {
                    replace(
                        src,
                        &[(toks[*a].start, toks[items[n + 1].0].start, String::new())],
                    )
                } else {
                    replace(
                        src,
                        &[(toks[items[n - 1].1].end, toks[*b].end, String::new())],
                    )
                };
                out.push((
                    format!(
                        "line {}: precondition {} dropped",
                        line(toks[*a].start),
                        n + 1
                    ),
                    text,
                ));
            }
        }
        if t.text == "assume" && stmt[k] == "assume" {
            let end = src[t.start..]
                .find('\n')
                .map(|p| t.start + p)
                .unwrap_or(src.len());
            out.push((
                format!("line {}: assumption dropped", line(t.start)),
                replace(src, &[(t.start, end, String::new())]),
            ));
        }
    }
    let mut seen = BTreeSet::new();
    out.retain(|(_, m)| m != src && seen.insert(m.clone()));
    out
}

fn corpus_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut es: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    es.sort();
    for e in es {
        if e.is_dir() {
            corpus_files(&e, out);
        } else if e.extension().map(|x| x == "rule").unwrap_or(false) {
            out.push(e);
        }
    }
}

#[derive(Default, Debug)]
struct Tally {
    mutants: usize,
    ill_formed: usize,
    refuted: usize,
    refuted_random: usize,
    verified_equivalent: usize,
    unknown: usize,
    vacuous: usize,
    untested: usize,
    wrong: Vec<String>,
}

#[test]
fn no_mutant_is_verified_while_random_testing_refutes_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/rules");
    let mut files = Vec::new();
    corpus_files(&root.join("xla"), &mut files);
    corpus_files(&root.join("examples"), &mut files);
    let mut all: Vec<(String, String)> = Vec::new();
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap();
        let (file, diags) = parse_file(&src);
        if !diags.is_empty() || file.header.expect.as_deref() != Some("verified") {
            continue;
        }
        let name = f.strip_prefix(&root).unwrap_or(f).display().to_string();
        for (what, m) in mutants(&src) {
            all.push((format!("{name}: {what}"), m));
        }
    }
    let total = all.len();
    let wanted = match std::env::var("TENSORPROOF_MUTANTS").ok().as_deref() {
        Some("all") => total,
        Some(n) => n.parse().unwrap_or(400),
        None => 400,
    };
    // A deterministic sample spread over the whole list.
    let step = (total as f64 / wanted.max(1) as f64).max(1.0);
    let sample: Vec<(String, String)> = (0..wanted.min(total))
        .map(|k| all[((k as f64) * step) as usize].clone())
        .collect();
    let tally = Mutex::new(Tally::default());
    let next = Mutex::new(0usize);
    let opts = Options {
        timeout: Duration::from_secs(2),
        ..Options::default()
    };
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let k = {
                    let mut n = next.lock().unwrap();
                    *n += 1;
                    *n - 1
                };
                let Some((what, text)) = sample.get(k) else { break };
                let (file, diags) = parse_file(text);
                let t = |f: &dyn Fn(&mut Tally)| f(&mut tally.lock().unwrap());
                t(&|t| t.mutants += 1);
                if !diags.is_empty() || file.rules.len() != 1 {
                    t(&|t| t.ill_formed += 1);
                    continue;
                }
                let rule = &file.rules[0];
                let v = check_rule_bounded(rule, &opts, Duration::from_secs(120)).verdict;
                match v {
                    Verdict::Error { .. } => t(&|t| t.ill_formed += 1),
                    Verdict::Refuted { .. } => {
                        // The oracle's sensitivity: how many refuted mutants random testing
                        // also catches.
                        let caught = random_search(rule, 300, 11)
                            .map(|r| r.counterexample.is_some())
                            .unwrap_or(false);
                        t(&|t| {
                            t.refuted += 1;
                            t.refuted_random += usize::from(caught);
                        })
                    }
                    Verdict::Unknown { reason } => {
                        if std::env::var_os("TENSORPROOF_MUTANTS_VERBOSE").is_some() {
                            println!("unknown: {what}: {reason}");
                        }
                        t(&|t| t.unknown += 1)
                    }
                    Verdict::Vacuous { .. } => {
                        // Vacuous claims that no instance satisfies the precondition with the
                        // left side well-formed: random testing must find none either.
                        let seed = what.bytes().fold(5u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64));
                        let applies = random_search(rule, 300, seed).map(|r| r.tested).unwrap_or(0);
                        t(&|t| t.vacuous += 1);
                        if applies > 0 {
                            let msg = format!("{what}: vacuous, but random testing found {applies} instances where it applies\n{text}");
                            t(&|t| t.wrong.push(msg.clone()));
                        }
                    }
                    Verdict::Verified { .. } => {
                        let seed = what.bytes().fold(7u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64));
                        match random_search(rule, 300, seed) {
                            Ok(r) => match r.counterexample {
                                Some(c) => {
                                    let msg = format!("{what}: verified, but random testing refutes it:\n{}\n{text}", report::render_counterexample(&c));
                                    t(&|t| t.wrong.push(msg.clone()));
                                }
                                None if r.tested == 0 => t(&|t| t.untested += 1),
                                None => t(&|t| t.verified_equivalent += 1),
                            },
                            Err(e) => panic!("{what}: random testing failed: {e}"),
                        }
                    }
                }
            });
        }
    });
    let t = tally.into_inner().unwrap();
    println!(
        "mutation campaign: {} mutants of {} generated ({} rules); ill-formed {}, refuted {} (random testing also finds {} of them), verified-and-equivalent {} (+{} with no random instance satisfying the precondition), unknown {}, vacuous {}, wrong (verified but different, or vacuous but applicable) {}",
        t.mutants, total, files.len(), t.ill_formed, t.refuted, t.refuted_random, t.verified_equivalent, t.untested, t.unknown, t.vacuous, t.wrong.len()
    );
    assert!(t.wrong.is_empty(), "{}", t.wrong.join("\n\n"));
}

#[test]
fn mutants_of_a_rule_are_mechanical() {
    let src = "rule \"r\" for int {\n  axes R, S\n  maps n : R\n  tensor A : [R: n]\n  lhs max(sub(A, 1), A)\n  rhs reduce_sum(A, [R])\n  where n >= 1, n <= 4\n}\n";
    let ms: Vec<String> = mutants(src).into_iter().map(|m| m.0).collect();
    for want in [
        "line 5: max -> min",
        "line 5: operands of sub swapped",
        "line 5: literal 1 -> 2",
        "line 6: reduce_sum over S instead of R",
        "line 7: >= -> >",
        "line 7: precondition 2 dropped",
    ] {
        assert!(ms.iter().any(|m| m == want), "missing {want} in {ms:?}");
    }
}
