//! Bad input never panics: every corpus HLO text cut short, and with characters deleted or
//! replaced, is parsed, and what parses is lowered and checked against the original without a
//! panic (a diagnostic, `unknown` or a verdict are all fine).

use std::path::Path;
use xla::{check_pair, parse_module, Input, Options};

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
    let mut checked = 0;
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
    println!("{checked} edited modules parsed and checked");
}
