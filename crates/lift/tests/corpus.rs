//! Every kernel of `corpus/lift` against its header: `# expect: VERDICT` and
//! `# formula: FORMULA` (the intended formula, checked with `--expect`). Kernels expected
//! `verified` are also lifted without a formula: the synthesized one must verify, and must
//! verify again after printing and re-parsing, unless the header says
//! `# synthesized: unknown` (a known limit of synthesis, with its reason in the file).

use std::path::Path;

fn header(text: &str, key: &str) -> Option<String> {
    text.lines()
        .take_while(|l| l.starts_with('#'))
        .find_map(|l| {
            l.strip_prefix(&format!("# {key}:"))
                .map(|v| v.trim().to_string())
        })
}

fn lift(path: &str, text: &str, expect: Option<String>) -> Vec<lift::KernelResult> {
    let opts = lift::Options {
        expect,
        ..Default::default()
    };
    lift::lift_file(path, text, &opts).unwrap_or_else(|d| panic!("{path}: {d:?}"))
}

/// The corpus is checked in [`SHARDS`] tests of every `SHARDS`-th file, which the test harness
/// runs in parallel.
const SHARDS: usize = 4;

#[test]
fn corpus_verdicts_0() {
    corpus_verdicts(0);
}

#[test]
fn corpus_verdicts_1() {
    corpus_verdicts(1);
}

#[test]
fn corpus_verdicts_2() {
    corpus_verdicts(2);
}

#[test]
fn corpus_verdicts_3() {
    corpus_verdicts(3);
}

fn corpus_verdicts(shard: usize) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/lift");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().map(|e| e == "py").unwrap_or(false))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "the corpus is in {}", dir.display());
    let files: Vec<_> = files.into_iter().skip(shard).step_by(SHARDS).collect();
    let mut failures = Vec::new();
    let mut counts = std::collections::BTreeMap::new();
    for f in &files {
        let path = f.display().to_string();
        let text = std::fs::read_to_string(f).unwrap();
        let expect =
            header(&text, "expect").unwrap_or_else(|| panic!("{path}: no `# expect:` header"));
        let formula = header(&text, "formula");
        let with = lift(&path, &text, formula.clone());
        for r in &with {
            // Device functions and helpers have records of their own: never an error, and
            // the header's verdict is about the kernels.
            if r.kind != lift::Kind::Kernel {
                if r.verdict.name() == "error" {
                    failures.push(format!("{path}: {} is an error: {:?}", r.kernel, r.verdict));
                }
                continue;
            }
            *counts.entry(r.verdict.name()).or_insert(0) += 1;
            if r.verdict.name() != expect {
                failures.push(format!(
                    "{path}: {} is {} against `{}`, expected {expect}: {:?}",
                    r.kernel,
                    r.verdict.name(),
                    formula.clone().unwrap_or_default(),
                    r.verdict
                ));
            }
        }
        let synthesized = header(&text, "synthesized").unwrap_or_else(|| "verified".into());
        if expect == "verified" {
            for r in lift(&path, &text, None) {
                if r.kind != lift::Kind::Kernel {
                    continue;
                }
                if r.verdict.name() != synthesized {
                    failures.push(format!(
                        "{path}: lifted without a formula: {:?}, expected {synthesized}",
                        r.verdict
                    ));
                }
                // A device function's formula is read as a function (`f(x) = ...`), not in
                // the formula language: there is nothing to re-parse.
                if r.verdict.name() != "verified" || r.kind != lift::Kind::Kernel {
                    continue;
                }
                // A kernel-level claim over flags has a formula per flag assignment, each
                // verified; the record has none of its own to print and re-parse.
                if !r.variants.is_empty() {
                    for v in r.variants.iter().filter(|v| v.verdict != "verified") {
                        failures.push(format!("{path}: with {}: {}", v.assignment, v.verdict));
                    }
                    continue;
                }
                let printed = r.formula.clone().expect("a verified kernel has a formula");
                // (in a file of several kernels, only this kernel's result: the others do
                // not write this formula's outputs)
                for again in lift(&path, &text, Some(printed.clone()))
                    .into_iter()
                    .filter(|a| a.kernel == r.kernel)
                {
                    if again.verdict.name() != "verified" {
                        failures.push(format!(
                            "{path}: the printed formula `{printed}` does not verify again: {:?}",
                            again.verdict
                        ));
                    }
                }
            }
        }
    }
    eprintln!(
        "corpus/lift shard {shard} of {SHARDS}: {} files, verdicts {counts:?}",
        files.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn bad_input_is_an_error_with_a_position() {
    let e = lift::lift_file("x.py", "def f(:\n", &Default::default()).unwrap_err();
    assert!(e[0].message.contains("not valid Python"), "{e:?}");
    assert!(e[0].span.start > 0);
    let e = lift::lift_file("x.py", "import triton\nx = 1\n", &Default::default()).unwrap_err();
    assert!(e[0].message.contains("no `@triton.jit` kernel"), "{e:?}");
    let e = lift::lift_file(
        "x.py",
        "@triton.jit\ndef k(x):\n    pass\n",
        &lift::Options {
            expect: Some("y[i] = ".into()),
            ..Default::default()
        },
    )
    .unwrap_err();
    assert!(e[0].message.contains("expected formula"), "{e:?}");
}

#[test]
fn unsupported_constructs_are_unknown_with_line_and_column() {
    let src = "import triton\nimport triton.language as tl\n\n@triton.jit\ndef k(x_ptr, y_ptr, n, B: tl.constexpr):\n    offs = tl.arange(0, B)\n    acc = tl.zeros([B], dtype=tl.float32)\n    for j in range(0, n, B):\n        acc = 2.0 - acc\n    tl.store(y_ptr + offs, acc, mask=offs < n)\n\ndef run(x):\n    y = torch.empty_like(x)\n    k[(1,)](x, y, x.numel(), B=16)\n";
    let r = lift::lift_file("k.py", src, &Default::default()).unwrap();
    match &r[0].verdict {
        report::Verdict::Unknown { reason } => assert_eq!(reason, "unsupported construct a loop over a runtime range that updates `acc` other than by adding to it once (`acc += ...`, `acc` read nowhere else in the loop) at 8:5"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_kernel_without_a_launcher_gets_the_kernel_level_claim() {
    let src = "import triton\nimport triton.language as tl\n\n@triton.jit\ndef k(x_ptr, y_ptr, n, B: tl.constexpr):\n    offs = tl.program_id(0) * B + tl.arange(0, B)\n    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)\n";
    let r = lift::lift_file("k.py", src, &Default::default()).unwrap();
    // No shape is assumed: the tensors' lengths are the claim's precondition.
    match &r[0].verdict {
        report::Verdict::Verified { assumptions } => {
            assert!(
                assumptions.iter().any(|a| a.contains("kernel-level claim")),
                "{assumptions:?}"
            );
            assert!(
                assumptions
                    .iter()
                    .any(|a| a.contains("in bounds when `x`, `y` each have at least `n` elements")),
                "{assumptions:?}"
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(r[0].formula.as_deref(), Some("y[i] = x[i]"));
    // Two compared scalars: which one is the size is not guessed; the kernel-level claim
    // (each a size of its own, the tensors' lengths their own) is what is proved.
    let two = src
        .replace("n, B", "n, m, B")
        .replace("mask=offs < n)", "mask=(offs < n) & (offs < m))");
    let r = lift::lift_file("k.py", &two, &Default::default()).unwrap();
    match &r[0].verdict {
        report::Verdict::Verified { assumptions } => {
            assert!(
                assumptions.iter().any(|a| a.contains("kernel-level claim")),
                "{assumptions:?}"
            );
            assert!(
                !assumptions.iter().any(|a| a.contains("assumed the launch")),
                "{assumptions:?}"
            );
        }
        other => panic!("{other:?}"),
    }
}

/// Mutated corpus files (lines dropped, text cut, tokens swapped) never panic the front end
/// or the checker: they give diagnostics or verdicts.
#[test]
fn mutated_kernels_never_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/lift");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().map(|e| e == "py").unwrap_or(false))
        .collect();
    files.sort();
    let mut seed: u64 = 0x9E3779B97F4A7C15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let swaps = [
        ("<", "<="),
        ("mask=mask", ""),
        ("0.0", "1"),
        ("axis=0", "axis=1"),
        ("+ ", "- "),
        ("tl.load", "tl.store"),
        ("BLOCK", "N"),
        ("(0)", "(3)"),
        (":", ""),
        ("x", "y"),
    ];
    let opts = lift::Options {
        timeout: std::time::Duration::from_secs(2),
        expect: None,
        ..Default::default()
    };
    for f in files.iter().take(40) {
        let text = std::fs::read_to_string(f).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for round in 0..4 {
            let mutated = match round {
                0 => {
                    let drop = (next() % lines.len() as u64) as usize;
                    lines
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| *i != drop)
                        .map(|(_, l)| *l)
                        .collect::<Vec<_>>()
                        .join("\n")
                }
                1 => {
                    let mut cut = (next() % text.len() as u64) as usize;
                    while !text.is_char_boundary(cut) {
                        cut -= 1;
                    }
                    text[..cut].to_string()
                }
                _ => {
                    let (a, b) = swaps[(next() % swaps.len() as u64) as usize];
                    text.replacen(a, b, 1 + (next() % 3) as usize)
                }
            };
            let path = f.display().to_string();
            let r = std::panic::catch_unwind(|| lift::lift_file(&path, &mutated, &opts));
            assert!(
                r.is_ok(),
                "{path}, mutation {round}, panicked on:\n{mutated}"
            );
        }
    }
}
