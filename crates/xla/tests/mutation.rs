//! Mutants of the verified pairs of `corpus/xla`: every arithmetic opcode of the optimized
//! module (or of the original) swapped for another, every scalar constant changed. A mutant changes the program's
//! meaning on some input (the ones here do: checked by hand when written), so `verified` of
//! a mutant is a bug in the validator; `refuted` is expected, `unknown` tolerated.

use std::path::Path;
use xla::{check_pair, parse_module, Input, Options};

const SWAPS: &[(&str, &str)] = &[
    (" add(", " subtract("),
    (" subtract(", " add("),
    (" multiply(", " add("),
    (" divide(", " multiply("),
    (" maximum(", " minimum("),
    (" power(", " multiply("),
    (" constant(3)", " constant(2)"),
    (" constant(0.1)", " constant(0.2)"),
    (" constant(0)", " constant(1)"),
];

fn mutants(text: &str) -> Vec<(String, String)> {
    let mut out = vec![];
    for (from, to) in SWAPS {
        let mut at = 0;
        while let Some(i) = text[at..].find(from) {
            let pos = at + i;
            let mut m = text.to_string();
            m.replace_range(pos..pos + from.len(), to);
            let line = text[..pos].matches('\n').count() + 1;
            out.push((format!("line {line}: {from} -> {to}"), m));
            at = pos + from.len();
        }
    }
    out
}

#[test]
fn no_mutant_of_a_verified_pair_is_verified() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/xla");
    let mut checked = 0;
    let mut refuted = 0;
    let mut found_by_search = 0;
    for name in [
        "fused_elementwise",
        "pow2",
        "gelu",
        "transpose3d",
        "slice_pad_concat",
        "transpose_add",
    ] {
        let bt = std::fs::read_to_string(dir.join(format!("{name}.before.hlo"))).unwrap();
        let at = std::fs::read_to_string(dir.join(format!("{name}.after.hlo"))).unwrap();
        // Mutants of the optimized module against the original, and the other way round.
        let sides = mutants(&at)
            .into_iter()
            .map(|(w, m)| (w, bt.clone(), m))
            .chain(mutants(&bt).into_iter().map(|(w, m)| (w, m, at.clone())));
        for (what, b, a) in sides {
            let (Ok(bm), Ok(am)) = (parse_module(&b), parse_module(&a)) else {
                continue;
            };
            let v = check_pair(
                &Input {
                    file: "before",
                    text: &b,
                    module: &bm,
                },
                &Input {
                    file: "after",
                    text: &a,
                    module: &am,
                },
                &Options::default(),
            );
            assert_ne!(v.name(), "verified", "{name}, {what}: {v:?}");
            let search_only = Options {
                solve: false,
                ..Options::default()
            };
            let by_search = check_pair(
                &Input {
                    file: "before",
                    text: &b,
                    module: &bm,
                },
                &Input {
                    file: "after",
                    text: &a,
                    module: &am,
                },
                &search_only,
            );
            found_by_search += usize::from(by_search.name() == "refuted");
            checked += 1;
            refuted += usize::from(v.name() == "refuted");
            if v.name() != "refuted" {
                println!("{name}, {what}: {v:?}");
            }
        }
    }
    assert!(checked >= 8, "only {checked} mutants");
    // Every mutant here is a real change and every op it touches has a meaning.
    assert_eq!(refuted, checked, "some mutants only unknown");
    println!("{checked} mutants, all refuted, {found_by_search} by the concrete search alone");
    assert_eq!(
        found_by_search, checked,
        "the concrete search misses some mutants"
    );
}
