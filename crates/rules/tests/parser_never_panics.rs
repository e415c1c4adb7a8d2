//! The rule parser (and the checker behind it) never panics, whatever the input.
//!
//! Inputs are random token soups and random mutations (deleted, duplicated, swapped pieces) of
//! the corpus files. Parsing must return diagnostics or rules; rules that parse are checked with
//! a short timeout and must yield a verdict.

use proptest::prelude::*;
use rules::{check_rule, parse_file, Options};
use std::path::Path;
use std::time::Duration;

const PIECES: &[&str] = &[
    "rule",
    "\"r\"",
    "for",
    "int",
    "real",
    "bool",
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    ",",
    ":",
    "@",
    "=",
    "->",
    "==",
    "<=",
    ">=",
    "<",
    ">",
    "!",
    "&&",
    "||",
    "==>",
    "+",
    "-",
    "*",
    "/",
    "%",
    "axes",
    "maps",
    "tensor",
    "scalar",
    "lhs",
    "rhs",
    "where",
    "assume",
    "hint",
    "R",
    "K",
    "n",
    "m",
    "A",
    "B",
    "c",
    "0",
    "1",
    "2.5",
    "add",
    "pad",
    "slice",
    "dot",
    "reduce_sum",
    "concat",
    "axis",
    "low",
    "high",
    "start",
    "limit",
    "rank",
    "forall",
    "exists",
    "ite",
    "\n",
    " ",
    "// c\n",
    "\"",
    "é",
    "\u{0}",
];

fn corpus_texts() -> Vec<String> {
    let mut out = Vec::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/rules");
    let mut stack = vec![root];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().map(|x| x == "rule").unwrap_or(false) {
                if let Ok(t) = std::fs::read_to_string(&p) {
                    out.push(t);
                }
            }
        }
    }
    out.sort();
    out
}

fn exercise(text: &str) {
    let (file, diags) = parse_file(text);
    if !diags.is_empty() {
        for d in &diags {
            assert!(
                d.span.start <= text.len() && d.span.end <= text.len(),
                "span out of the text"
            );
        }
        return;
    }
    let opts = Options {
        timeout: Duration::from_millis(500),
        max_instances: 16,
        ..Options::default()
    };
    for r in &file.rules {
        let _ = check_rule(r, &opts);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]

    #[test]
    fn token_soup(ix in proptest::collection::vec(0usize..PIECES.len(), 0..60)) {
        let text: String = ix.iter().map(|i| PIECES[*i]).collect::<Vec<_>>().join(" ");
        exercise(&text);
    }

    #[test]
    fn mutated_corpus(file in 0usize..1000, cuts in proptest::collection::vec((0usize..4000, 0usize..40, 0usize..3), 1..4)) {
        let texts = corpus_texts();
        prop_assume!(!texts.is_empty());
        let mut text = texts[file % texts.len()].clone();
        for (at, len, how) in cuts {
            let at = at % (text.len() + 1);
            let end = (at + len).min(text.len());
            if !text.is_char_boundary(at) || !text.is_char_boundary(end) {
                continue;
            }
            let piece = text[at..end].to_string();
            match how {
                0 => text.replace_range(at..end, ""),
                1 => text.insert_str(at, &piece),
                _ => text.replace_range(at..end, PIECES[len % PIECES.len()]),
            }
        }
        exercise(&text);
    }
}
