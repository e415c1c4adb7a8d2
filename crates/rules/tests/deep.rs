//! Deeply nested input: a verdict up to the parser's nesting bound, a diagnostic beyond it, never a
//! stack overflow. Everything runs on threads with an 8 MiB stack, what `check_rule_bounded` gives
//! its checking thread (and what a main thread usually has).

use report::Verdict;
use rules::{check_rule_bounded, parse_file, Options, MAX_DEPTH};
use std::time::Duration;

const STACK: usize = 8 << 20;

/// Parses and checks `src` on an 8 MiB thread; the verdict's name, or "parse error: MESSAGE".
fn verdict_of(src: String) -> String {
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || {
            let (file, diags) = parse_file(&src);
            if let Some(d) = diags.first() {
                assert!(d.span.end <= src.len(), "a diagnostic inside the text");
                return format!("parse error: {}", d.message);
            }
            let opts = Options::default();
            let r = check_rule_bounded(&file.rules[0], &opts, Duration::from_secs(300));
            match r.verdict {
                Verdict::Error { diagnostics } => format!("error: {}", diagnostics[0].message),
                Verdict::Unknown { reason } => format!("unknown: {reason}"),
                v => v.name().to_string(),
            }
        })
        .expect("spawn")
        .join()
        .expect("no panic, no overflow")
}

fn negations(k: usize) -> String {
    format!(
        "rule \"deep\" for int, real {{\n  axes R\n  maps n : R\n  tensor A : [R: n]\n  lhs {}A{}\n  rhs A\n}}\n",
        "neg(".repeat(k),
        ")".repeat(k)
    )
}

#[test]
fn a_thousand_negations_get_a_verdict() {
    assert_eq!(verdict_of(negations(1000)), "verified");
    assert_eq!(verdict_of(negations(1001)), "refuted");
}

#[test]
fn nesting_at_the_bound_gets_a_verdict() {
    // Mixed nesting: binary ops with a literal operand, at the deepest level the parser accepts.
    let k = MAX_DEPTH - 10;
    let src = format!(
        "rule \"deep add\" for int {{\n  axes R\n  maps n : R\n  tensor A : [R: n]\n  lhs {}A{}\n  rhs A\n}}\n",
        "add(0, ".repeat(k),
        ")".repeat(k)
    );
    assert_eq!(verdict_of(src), "verified");
}

#[test]
fn a_hundred_thousand_parentheses_are_a_diagnostic() {
    let k = 100_000;
    let cond = format!("{}n{} >= 0", "(".repeat(k), ")".repeat(k));
    let src = format!(
        "rule \"parens\" for int {{\n  axes R\n  maps n : R\n  tensor A : [R: n]\n  lhs A\n  rhs A\n  where {cond}\n}}\n"
    );
    let v = verdict_of(src);
    assert!(v.contains("nested too deeply"), "{v}");
    let src = negations(100_000);
    let v = verdict_of(src);
    assert!(v.contains("nested too deeply"), "{v}");
    let src = format!(
        "rule \"nots\" for int {{\n  axes R\n  maps n : R\n  tensor A : [R: n]\n  lhs A\n  rhs A\n  where {}n >= 0\n}}\n",
        "!".repeat(k)
    );
    let v = verdict_of(src);
    assert!(v.contains("nested too deeply"), "{v}");
}

#[test]
fn parenthesised_conditions_at_the_bound_parse() {
    // `((n)) >= 0` is first tried as a condition at every level, then as an integer expression:
    // the backtracking budget keeps this from taking exponential time.
    let k = 400;
    let src = format!(
        "rule \"parens\" for int {{\n  axes R\n  maps n : R\n  tensor A : [R: n]\n  lhs A\n  rhs A\n  where {}n{} >= 0\n}}\n",
        "(".repeat(k),
        ")".repeat(k)
    );
    let v = verdict_of(src);
    assert!(v == "verified" || v.starts_with("parse error"), "{v}");
}

#[test]
fn conditions_and_maps_near_the_bound_get_a_verdict() {
    let rule = |lhs: &str, wheres: &str| {
        format!(
            "rule \"deep cond\" for int {{\n  axes R\n  maps n, b : R\n  tensor A : [R: n]\n  lhs {lhs}\n  rhs A\n  where {wheres}\n}}\n"
        )
    };
    // 1000 negations of a condition (an even number: `n >= 0`).
    let v = verdict_of(rule("A", &format!("{}n >= 0", "!".repeat(1000))));
    assert_eq!(v, "verified");
    // A chain of 500 implications.
    let chain = vec!["n >= 0"; 500].join(" ==> ");
    assert_eq!(verdict_of(rule("A", &chain)), "verified");
    // An attribute nested 500 levels deep: slice limit ((((n)))).
    let limit = format!("{}n{}", "(".repeat(500), ")".repeat(500));
    let lhs = format!("slice(A, start = [R: 0], limit = [R: {limit}])");
    assert_eq!(verdict_of(rule(&lhs, "n >= 0")), "verified");
    // 1000 unary minuses in a map expression: an even number, so `b == n` below means b = n.
    let minus = format!("{}b", "- ".repeat(1000));
    let lhs = format!("slice(A, start = [R: 0], limit = [R: {minus}])");
    assert_eq!(verdict_of(rule(&lhs, "b == n, n >= 0")), "verified");
}
