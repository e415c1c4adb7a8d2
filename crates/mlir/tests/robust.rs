//! The parser never panics and always terminates: on random token soups, on random mutations
//! of corpus files (deletions, insertions, duplications), and on pathological nesting. Every
//! diagnostic points inside the input, on character boundaries.

use proptest::prelude::*;
use std::sync::mpsc;
use std::time::Duration;

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/corpus/mlir-tv"
);
/// The project's own pairs (custom forms the external corpus lacks: `scf.for`, `linalg.map`).
const OWN_CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/mlir");

/// Fragments of MLIR text, valid and not.
const VOCAB: &[&str] = &[
    "%a",
    "%0",
    "%r:2",
    "%r#1",
    "=",
    "\"x.y\"",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "<",
    ">",
    "<{",
    "}>",
    ":",
    "::",
    "->",
    ",",
    "tensor<",
    "memref<",
    "vector<",
    "4x",
    "?x",
    "*x",
    "0x",
    "f32",
    "i32",
    "index",
    "bf16",
    "dense<",
    "sparse<",
    "array<i64:",
    "affine_map<",
    "(d0, d1)",
    "[s0]",
    "d0",
    "s0",
    "+",
    "-",
    "*",
    "floordiv",
    "mod",
    "#map",
    "#map = ",
    "#a.b<",
    "!t",
    "!t = ",
    "!d.t<",
    "@f",
    "@\"q\"",
    "^bb0",
    "^bb1(",
    "func.func",
    "return",
    "scf.for",
    "iter_args(",
    "to",
    "step",
    "unsigned",
    "linalg.map",
    "{ arith.subf }",
    "arith.addf",
    "arith.constant",
    "arith.cmpf",
    "oeq",
    "linalg.generic",
    "linalg.matmul",
    "tensor.extract_slice",
    "tensor.pad",
    "low",
    "high",
    "ins(",
    "outs(",
    "into",
    "to",
    "output_shape",
    "module",
    "attributes",
    "0x1F",
    "1.5",
    "1e3",
    "7",
    "-3",
    "true",
    "loc(",
    "unknown",
    "\"str",
    "é",
    "\n",
    "// c\n",
    "strided<[",
    "offset:",
    "{-#",
    "#-}",
    "\"0x00\"",
    "memref.global",
    "private",
    "constant",
    "uninitialized",
    "tensor.generate",
    "linalg.yield",
    "affine.apply",
    "fastmath<fast>",
    "\\",
];

/// Parses on a worker thread and fails if it takes too long (a hang) or panics.
fn parse_terminates(src: String) -> Result<(), TestCaseError> {
    let (tx, rx) = mpsc::channel();
    let text = src.clone();
    std::thread::spawn(move || {
        let r = mlir::parse(&text);
        let _ = tx.send(r.err().unwrap_or_default());
    });
    let diags = match rx.recv_timeout(Duration::from_secs(10)) {
        Ok(d) => d,
        Err(mpsc::RecvTimeoutError::Timeout) => {
            return Err(TestCaseError::fail(format!(
                "parse did not terminate on {src:?}"
            )))
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            return Err(TestCaseError::fail(format!("parse panicked on {src:?}")))
        }
    };
    for d in diags {
        let ok = d.span.start <= d.span.end
            && d.span.end <= src.len()
            && src.is_char_boundary(d.span.start)
            && src.is_char_boundary(d.span.end);
        prop_assert!(ok, "bad span {:?} in {:?}", d, src);
        let _ = report::render_diagnostic("fuzz.mlir", &src, &d);
    }
    Ok(())
}

fn corpus_texts() -> Vec<String> {
    fn walk(dir: &std::path::Path, out: &mut Vec<String>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        let mut es: Vec<_> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
        es.sort();
        for e in es {
            if e.is_dir() {
                walk(&e, out);
            } else if e.extension().is_some_and(|x| x == "mlir") {
                out.extend(std::fs::read_to_string(&e).ok());
            }
        }
    }
    let mut out = Vec::new();
    walk(std::path::Path::new(CORPUS), &mut out);
    walk(std::path::Path::new(OWN_CORPUS), &mut out);
    if out.is_empty() {
        out.push(
            "#map = affine_map<(d0) -> (d0)>\nfunc.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  \
             %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = [\"parallel\"]} \
             ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {\n  ^bb0(%x: f32, %y: f32):\n    \
             linalg.yield %x : f32\n  } -> tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n"
                .to_string(),
        );
    }
    out
}

fn floor_boundary(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[derive(Clone, Debug)]
enum Mutation {
    Delete(usize, usize),
    Insert(usize, usize),
    Duplicate(usize, usize, usize),
}

fn apply(text: &str, muts: &[Mutation]) -> String {
    let mut s = text.to_string();
    for m in muts {
        let n = s.len().max(1);
        match *m {
            Mutation::Delete(at, len) => {
                let a = floor_boundary(&s, at % n);
                let b = floor_boundary(&s, a + len % 40);
                s.replace_range(a..b, "");
            }
            Mutation::Insert(at, word) => {
                let a = floor_boundary(&s, at % n);
                s.insert_str(a, VOCAB[word % VOCAB.len()]);
            }
            Mutation::Duplicate(from, len, to) => {
                let a = floor_boundary(&s, from % n);
                let b = floor_boundary(&s, a + len % 200);
                let piece = s[a..b].to_string();
                let t = floor_boundary(&s, to % n);
                s.insert_str(t, &piece);
            }
        }
    }
    s
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<usize>()).prop_map(|(a, l)| Mutation::Delete(a, l)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, w)| Mutation::Insert(a, w)),
        (any::<usize>(), any::<usize>(), any::<usize>())
            .prop_map(|(a, l, t)| Mutation::Duplicate(a, l, t)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn token_soup(words in prop::collection::vec((0..VOCAB.len(), any::<bool>()), 0..80)) {
        let mut s = String::new();
        for (w, space) in words {
            s.push_str(VOCAB[w]);
            if space {
                s.push(' ');
            }
        }
        parse_terminates(s)?;
    }

    #[test]
    fn mutated_corpus(file in any::<prop::sample::Index>(), muts in prop::collection::vec(mutation(), 1..6)) {
        thread_local! {
            static TEXTS: Vec<String> = corpus_texts();
        }
        let text = TEXTS.with(|t| t[file.index(t.len())].clone());
        parse_terminates(apply(&text, &muts))?;
    }
}

fn expect_too_deep(src: String) {
    let ds = mlir::parse(&src).expect_err("deep nesting must be rejected");
    assert!(
        ds.iter().any(|d| d.message == "nesting too deep"),
        "{:?}",
        ds.iter().take(3).collect::<Vec<_>>()
    );
}

#[test]
fn deep_nesting_is_a_diagnostic() {
    let n = 100_000;
    expect_too_deep(format!(
        "{}{}",
        "\"x.y\"() ({\n".repeat(n),
        "}) : () -> ()\n".repeat(n)
    ));
    expect_too_deep(format!("#a = {}{}", "[".repeat(n), "]".repeat(n)));
    expect_too_deep(format!("!t = {}f32{}", "tensor<".repeat(n), ">".repeat(n)));
    expect_too_deep(format!(
        "#m = affine_map<(d0) -> ({}d0{})>",
        "(".repeat(n),
        ")".repeat(n)
    ));
    expect_too_deep(format!("#m = affine_map<(d0) -> ({}d0)>", "-".repeat(n)));
    expect_too_deep(format!(
        "#d = dense<{}1{}> : tensor<1xf32>",
        "[".repeat(n),
        "]".repeat(n)
    ));
    expect_too_deep(format!("#d = {}", "{a = ".repeat(n)));
}

#[test]
fn moderate_nesting_is_fine() {
    let n = 40;
    let src = format!(
        "{}{}",
        "\"x.y\"() ({\n".repeat(n),
        "}) : () -> ()\n".repeat(n)
    );
    assert!(mlir::parse(&src).is_ok());
}

#[test]
fn many_errors_stop_early() {
    let src = "%x = foo.bar\n".repeat(10_000);
    let ds = mlir::parse(&src).unwrap_err();
    assert_eq!(ds.len(), mlir::MAX_DIAGNOSTICS);
}

#[test]
fn a_raw_diagnostic_spans_a_whole_character() {
    // The dimension list of a type is lexed byte by byte; a diagnostic at a multi-byte
    // character must cover all of it (found by `mutated_corpus`).
    let src = "func.func @f(%a: tensor<1éx2xf32>) {\n  return\n}\n".to_string();
    parse_terminates(src).unwrap();
}
