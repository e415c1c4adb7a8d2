//! The external mlir-tv corpus (`../../../shared/corpus/mlir-tv`, read in place, never copied):
//! every pair is checked; NO pair whose manifest says VERIFY-INCORRECT may be verified, every
//! verified pair must be expected VERIFY (or be an UNSUPPORTED pair, or an EXPECT pair whose
//! expected message starts with `correct`, e.g. "correct (source is always undefined)", or whose
//! reference verdict, the manifest's `mlirtv_verdict`, is `correct`: the suite's table in
//! docs/mlir.md), and each source and target checked against itself
//! must never be refuted. Prints the counts per expected class. Skips with a notice when the
//! corpus is absent.

use report::Verdict;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

/// The fields of a CSV line (double-quoted fields may hold commas; `""` is a quote).
fn csv(line: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                out.last_mut().unwrap().push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => out.push(String::new()),
            (c, _) => out.last_mut().unwrap().push(c),
        }
    }
    out
}

/// `(test, expected, expected message, the reference tool's verdict)`.
fn fields(line: &str) -> Option<(String, String, String, String)> {
    let f = csv(line);
    Some((
        f.first()?.clone(),
        f.get(1)?.clone(),
        f.get(2).cloned().unwrap_or_default(),
        f.get(7).cloned().unwrap_or_default(),
    ))
}

/// One verdict for all functions of a pair: error > refuted > unknown > vacuous > verified.
fn pair_verdict(src: &str, tgt: &str, opts: &mlirsem::Options) -> String {
    let (Ok(s), Ok(t)) = (mlir::parse(src), mlir::parse(tgt)) else {
        return "error".into();
    };
    let rs = mlirsem::check_pair(&s, &t, opts);
    let has = |n: &str| rs.iter().any(|r| r.verdict.name() == n);
    for n in ["error", "refuted", "unknown"] {
        if has(n) {
            return n.into();
        }
    }
    if rs
        .iter()
        .all(|r| matches!(r.verdict, Verdict::Verified { .. }))
    {
        "verified".into()
    } else if rs.iter().all(|r| {
        matches!(
            r.verdict,
            Verdict::Verified { .. } | Verdict::Vacuous { .. }
        )
    }) {
        "vacuous".into()
    } else {
        "unknown".into()
    }
}

fn main() {
    // `MLIR_TV_CORPUS` overrides the place (a worktree elsewhere than beside `shared/`).
    let root = std::env::var_os("MLIR_TV_CORPUS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/mlir-tv")
        });
    let Ok(manifest) = std::fs::read_to_string(root.join("manifest.csv")) else {
        println!(
            "notice: {} is absent; skipping the mlir-tv corpus test",
            root.display()
        );
        return;
    };
    let opts = mlirsem::Options {
        timeout: Duration::from_secs(5),
        ..Default::default()
    };
    let mut counts: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut failures = vec![];
    let mut identity = 0;
    for line in manifest.lines().skip(1) {
        let Some((test, expected, message, reference)) = fields(line) else {
            continue;
        };
        let read = |ext: &str| std::fs::read_to_string(root.join(format!("{test}.{ext}.mlir")));
        let (Ok(src), Ok(tgt)) = (read("src"), read("tgt")) else {
            *counts.entry((expected, "missing".into())).or_default() += 1;
            continue;
        };
        let v = pair_verdict(&src, &tgt, &opts);
        // An UNSUPPORTED pair is one the reference does not model: verifying it is no
        // alarm (docs/mlir.md), e.g. an exact integer sum through collapse_shape.
        let may_verify = matches!(expected.as_str(), "VERIFY" | "UNSUPPORTED")
            || (expected == "EXPECT"
                && (reference == "correct" || message.trim_matches('"').starts_with("correct")));
        if (v == "verified" || v == "vacuous") && !may_verify {
            failures.push(format!(
                "{test}: verified, but the manifest expects {expected}"
            ));
        }
        for (side, text) in [("src", &src), ("tgt", &tgt)] {
            let iv = pair_verdict(text, text, &opts);
            identity += 1;
            if iv == "refuted" {
                failures.push(format!("{test}: the {side} refuted against itself"));
            }
        }
        if expected == "VERIFY" && v != "verified" && v != "vacuous" {
            println!("  VERIFY {v}: {test}");
        }
        *counts.entry((expected, v)).or_default() += 1;
    }
    println!("mlir-tv corpus: verdicts per expected class");
    for ((e, v), n) in &counts {
        println!("  {e:<17} {v:<9} {n}");
    }
    println!("identity checks: {identity} (none refuted unless listed below)");
    if !failures.is_empty() {
        for f in &failures {
            println!("FAIL {f}");
        }
        panic!("{} failures on the mlir-tv corpus", failures.len());
    }
}
