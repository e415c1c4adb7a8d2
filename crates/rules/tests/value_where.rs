//! Preconditions over element values in `where` (`parser/values.rs`): they read as the
//! `assume` they abbreviate, and a malformed one is a diagnostic with line, column and caret.

use report::render_diagnostic;
use rules::parse_file;

fn rule_with(stmt: &str) -> String {
    format!(
        "rule \"r\" for f32 {{\n  axes R\n  maps n : R\n  tensor A, B : [R: n]\n  lhs A\n  rhs B\n  {stmt}\n}}\n"
    )
}

/// The assumes of the one rule of `src`, and the map preconditions' count.
fn parsed(src: &str) -> (Vec<rules::ast::Expr>, usize) {
    let (f, d) = parse_file(src);
    assert!(d.is_empty(), "{d:?}");
    (f.rules[0].assumes.clone(), f.rules[0].wheres.len())
}

/// Two rule texts whose assumes are the same up to spans (compared through Debug without spans).
fn same_assumes(a: &str, b: &str) {
    let strip = |s: String| {
        let mut out = String::new();
        let mut rest = s.as_str();
        while let Some(i) = rest.find("Span {") {
            out.push_str(&rest[..i]);
            rest = rest[i..].split_once('}').map(|x| x.1).unwrap_or("");
        }
        out + rest
    };
    let (x, _) = parsed(a);
    let (y, _) = parsed(b);
    assert_eq!(strip(format!("{x:?}")), strip(format!("{y:?}")));
}

#[test]
fn value_conditions_are_the_assumes_they_abbreviate() {
    same_assumes(
        &rule_with("where isfinite(A), abs(B) < 1e19"),
        &rule_with("assume lt(abs(A), inf)\n  assume lt(abs(B), 1e19)"),
    );
    same_assumes(
        &rule_with("where isnan(A) || A * 2 >= -B"),
        &rule_with("assume or(ne(A, A), ge(mul(A, 2), neg(B)))"),
    );
    same_assumes(
        &rule_with("where !isinf(A) ==> A - 1 != 0.5"),
        &rule_with("assume or(not(not(eq(abs(A), inf))), ne(sub(A, 1), 0.5))"),
    );
}

#[test]
fn a_value_condition_may_precede_the_declaration_it_reads() {
    let late = "rule \"r\" for f32 {\n  axes R\n  maps n : R\n  where A > 0, n >= 1\n  tensor A : [R: n]\n  lhs A\n  rhs A\n}\n";
    let (assumes, wheres) = parsed(late);
    assert_eq!((assumes.len(), wheres), (1, 1));
}

#[test]
fn map_conditions_stay_map_conditions() {
    let (assumes, wheres) = parsed(&rule_with("where n >= 1, isfinite(A), n <= 4"));
    assert_eq!((assumes.len(), wheres), (1, 2));
}

#[test]
fn a_malformed_value_condition_points_at_its_column() {
    let src = rule_with("where isnan(A, B)");
    let (_, d) = parse_file(&src);
    assert_eq!(d.len(), 1, "{d:?}");
    let text = render_diagnostic("r.rule", &src, &d[0]);
    assert!(text.contains("`isnan` takes one operand"), "{text}");
    assert!(text.contains("r.rule:7:16"), "{text}");
    assert!(text.contains('^'), "{text}");
    let src = rule_with("where abs(A) = 1e19");
    let (_, d) = parse_file(&src);
    let text = render_diagnostic("r.rule", &src, &d[0]);
    assert!(text.contains("use `==` to compare"), "{text}");
    assert!(text.contains("r.rule:7:16"), "{text}");
}
