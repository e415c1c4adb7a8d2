//! The data-driven corpus runner: one test per `.rule` file under `corpus/rules/`.
//!
//! Each file's header states its expected verdict (`// expect: refuted`). A file marked
//! `// pending: REASON` states the verdict a correct tool must reach but this one cannot yet;
//! its test only checks that the tool does not contradict the expectation (never `verified`
//! for an expected refutation, never `refuted` for an expected proof).
//!
//! Refuted files have a snapshot of their rendered counterexample next to them
//! (`FILE.rule.cex`); `TENSORPROOF_BLESS=1 cargo test` rewrites the snapshots. A different (still
//! replayed) counterexample is printed as a note, and fails the test under
//! `TENSORPROOF_STRICT_SNAPSHOTS=1`: for slow queries the model can depend on solver timing.

use libtest_mimic::{Arguments, Failed, Trial};
use report::{render_counterexample, render_diagnostic, Verdict};
use rules::{check_rule_bounded, parse_file, Options};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for e in entries {
        if e.is_dir() {
            files(&e, out);
        } else if e.extension().map(|x| x == "rule").unwrap_or(false) {
            out.push(e);
        }
    }
}

fn pending(text: &str) -> Option<String> {
    text.lines()
        .take_while(|l| l.trim().is_empty() || l.trim().starts_with("//"))
        .find_map(|l| {
            l.trim()
                .trim_start_matches("//")
                .trim()
                .strip_prefix("pending:")
                .map(|s| s.trim().to_string())
        })
}

fn check(path: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (file, diags) = parse_file(&text);
    let expected = file
        .header
        .expect
        .clone()
        .ok_or("the file states no `// expect:` verdict")?;
    let name = path.display().to_string();
    let verdict = if !diags.is_empty() {
        Verdict::Error { diagnostics: diags }
    } else {
        if file.rules.len() != 1 {
            return Err(format!(
                "a corpus file holds one rule, this one {}",
                file.rules.len()
            )
            .into());
        }
        let opts = Options {
            timeout: Duration::from_secs(10),
            ..Options::default()
        };
        check_rule_bounded(&file.rules[0], &opts, Duration::from_secs(600)).verdict
    };
    let got = verdict.name();
    let explain = || -> String {
        match &verdict {
            Verdict::Unknown { reason } | Verdict::Vacuous { reason } => reason.clone(),
            Verdict::Refuted { counterexample } => render_counterexample(counterexample),
            Verdict::Error { diagnostics } => diagnostics
                .iter()
                .map(|d| render_diagnostic(&name, &text, d))
                .collect(),
            Verdict::Verified { .. } => String::new(),
        }
    };
    if let Some(reason) = pending(&text) {
        let contradicts = match expected.as_str() {
            "verified" | "vacuous" => got == "refuted",
            "refuted" => got == "verified" || got == "vacuous",
            _ => false,
        };
        if contradicts {
            return Err(format!(
                "expected {expected} (pending: {reason}), got {got}\n{}",
                explain()
            )
            .into());
        }
        println!("{name}: pending ({reason}); expected {expected}, got {got}");
        return Ok(());
    }
    if let Verdict::Unknown { reason } = &verdict {
        if reason.contains("cvc5 is not installed") && expected != "unknown" {
            println!("{name}: skipped: this rule needs cvc5, which is not installed (apt-get install cvc5)");
            return Ok(());
        }
    }
    if got != expected {
        return Err(format!("expected {expected}, got {got}\n{}", explain()).into());
    }
    if let Verdict::Refuted { counterexample } = &verdict {
        let rendered = render_counterexample(counterexample);
        let snap = PathBuf::from(format!("{}.cex", path.display()));
        if std::env::var_os("TENSORPROOF_BLESS").is_some() {
            std::fs::write(&snap, &rendered).map_err(|e| e.to_string())?;
        } else {
            match std::fs::read_to_string(&snap) {
                Ok(old) if old == rendered => {}
                Ok(old) => {
                    let msg = format!(
                        "counterexample differs from {} (TENSORPROOF_BLESS=1 to update)\n--- snapshot\n{old}--- now\n{rendered}",
                        snap.display()
                    );
                    // Both are replayed counterexamples; which one the solver finds can depend on
                    // timing for slow queries. Strict mode makes a difference fail.
                    if std::env::var_os("TENSORPROOF_STRICT_SNAPSHOTS").is_some() {
                        return Err(msg.into());
                    }
                    println!("{name}: note: {msg}");
                }
                Err(_) => {
                    return Err(format!(
                        "no snapshot {} (TENSORPROOF_BLESS=1 to write it)\n{rendered}",
                        snap.display()
                    )
                    .into())
                }
            }
        }
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/rules");
    let mut all = Vec::new();
    files(&root, &mut all);
    let trials = all
        .into_iter()
        .map(|p| {
            let name = p.strip_prefix(&root).unwrap_or(&p).display().to_string();
            Trial::test(name, move || check(&p))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
