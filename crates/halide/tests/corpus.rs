//! The data-driven corpus test: every `corpus/halide/*.stmt` is checked against its algorithm
//! (`NAME.spec`, or the file a `# spec: FILE` header names) and its verdict judged against its
//! `# expect: VERDICT [WITNESS-KIND]` header. Refutations must carry the expected witness kind.

use std::path::{Path, PathBuf};
use std::time::Duration;

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/halide")
}

fn header<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .take_while(|l| l.starts_with('#'))
        .find_map(|l| {
            l.strip_prefix('#')
                .map(str::trim)
                .and_then(|l| l.strip_prefix(key))
                .map(str::trim)
        })
}

#[test]
fn corpus_verdicts() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "stmt"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "corpus too small: {}", files.len());
    // `TENSORPROOF_HALIDE_CASES=a,b`: only the cases whose names contain one of these (for
    // working on a few; the full run checks every case).
    if let Ok(only) = std::env::var("TENSORPROOF_HALIDE_CASES") {
        files.retain(|p| {
            let n = p.file_stem().unwrap().to_string_lossy();
            only.split(',').any(|o| n.contains(o))
        });
    }
    let opts = halide::Options {
        timeout: Duration::from_secs(5),
        ..Default::default()
    };
    let mut failures = Vec::new();
    let (mut verified, mut refuted) = (0, 0);
    for stmt_path in &files {
        let stmt = std::fs::read_to_string(stmt_path).unwrap();
        let name = stmt_path.file_stem().unwrap().to_string_lossy().to_string();
        let h = halide::header(&stmt);
        let spec_path = match h.spec.as_deref() {
            Some(s) => corpus().join(s),
            None => stmt_path.with_extension("spec"),
        };
        let spec = std::fs::read_to_string(&spec_path)
            .unwrap_or_else(|e| panic!("{name}: {}: {e}", spec_path.display()));
        let expect =
            header(&stmt, "expect:").unwrap_or_else(|| panic!("{name}: no `# expect:` header"));
        let want = h.expect.clone().unwrap();
        let want = want.as_str();
        let want_kind = h.witness.map(|k| k.name());
        if expect.split_whitespace().count() > 1 {
            assert!(
                want_kind.is_some(),
                "{name}: unknown witness kind in `{expect}`"
            );
        }
        let r = match halide::check(
            &spec_path.to_string_lossy(),
            &spec,
            &stmt_path.to_string_lossy(),
            &stmt,
            &opts,
        ) {
            Ok(r) => r,
            Err(ds) => {
                failures.push(format!("{name}: diagnostics {ds:?}"));
                continue;
            }
        };
        let got_kind = r.witness_kind.map(|k| k.name());
        println!(
            "{name}: {} {} ({:.2} s) {}",
            r.verdict.name(),
            got_kind.unwrap_or(""),
            r.seconds,
            match &r.verdict {
                report::Verdict::Unknown { reason } => reason.clone(),
                _ => r.witness.clone().unwrap_or_default(),
            }
        );
        match r.verdict.name() {
            "verified" => verified += 1,
            "refuted" => refuted += 1,
            _ => {}
        }
        if r.verdict.name() != want || (want_kind.is_some() && got_kind != want_kind) {
            failures.push(format!(
                "{name}: expected {expect}, got {} {} ({:?})",
                r.verdict.name(),
                got_kind.unwrap_or(""),
                r.verdict
            ));
        }
        if want == "refuted" && r.verdict.name() == "verified" {
            panic!("{name}: a broken statement was VERIFIED");
        }
    }
    println!(
        "{verified} verified, {refuted} refuted, {} files",
        files.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
