//! Bad input never panics: every corpus HLO text cut short, and with characters deleted or
//! replaced, is parsed, and what parses is lowered and checked against the original without a
//! panic (a diagnostic, `unknown` or a verdict are all fine). An edited module that parses to
//! one already checked, but for spans and meaning-free attributes (`metadata`, ...: the checker
//! never reads them), is parsed and not checked again: edits inside metadata strings are most of
//! them, and a layer norm takes a second or two to verify.

use report::Span;
use std::collections::BTreeSet;
use std::path::Path;
use xla::hlo::{Module, Name};
use xla::{check_pair, parse_module, Input, Options, MEANING_FREE};

/// What the checker reads of a module: the module without spans and meaning-free attributes.
fn meaning_key(m: &Module) -> String {
    let mut m = m.clone();
    let none = Span::default();
    let clear = |n: &mut Name| n.span = none;
    clear(&mut m.name);
    for c in &mut m.computations {
        clear(&mut c.name);
        for i in &mut c.instrs {
            clear(&mut i.name);
            clear(&mut i.opcode);
            i.operands.iter_mut().for_each(clear);
            (i.span, i.shape_span) = (none, none);
            if let Some((_, s)) = &mut i.literal {
                *s = none;
            }
            i.attrs
                .retain(|a| !MEANING_FREE.iter().any(|(f, _)| *f == a.name.text));
            for a in &mut i.attrs {
                clear(&mut a.name);
                a.value_span = none;
            }
        }
    }
    for a in &mut m.attrs {
        clear(&mut a.name);
        a.value_span = none;
    }
    format!("{m:?}")
}

/// Deterministic edits: (position, replacement) pairs spread over the text.
fn edits(len: usize, n: usize) -> Vec<(usize, &'static str)> {
    let subs = [
        "", "0", "9", ",", "{", "}", "(", ")", "%", "x", "=", "\n", "f32[]",
    ];
    (0..n)
        .map(|i| ((i * 7919 + 13) % len.max(1), subs[i % subs.len()]))
        .collect()
}

#[test]
fn mutated_corpus_texts_never_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/xla");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".after.hlo"))
        .collect();
    files.sort();
    let opts = Options {
        trials: 4,
        budget: 4,
        timeout: std::time::Duration::from_secs(2),
        ..Options::default()
    };
    let (mut checked, mut parsed) = (0, 0);
    let mut seen = BTreeSet::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let original = parse_module(&text).unwrap();
        for (at, sub) in edits(text.len(), 60) {
            if !text.is_char_boundary(at) {
                continue;
            }
            let mut m = text.clone();
            let end = (at + 1).min(m.len());
            if !m.is_char_boundary(end) {
                continue;
            }
            m.replace_range(at..end, sub);
            let _ = parse_module(&m[..at]);
            let Ok(module) = parse_module(&m) else {
                continue;
            };
            parsed += 1;
            if !seen.insert(meaning_key(&module)) {
                continue;
            }
            let v = check_pair(
                &Input {
                    file: "original",
                    text: &text,
                    module: &original,
                },
                &Input {
                    file: "edited",
                    text: &m,
                    module: &module,
                },
                &opts,
            );
            let _ = v.name();
            checked += 1;
        }
    }
    println!("{parsed} edited modules parsed, {checked} different ones checked");
}
