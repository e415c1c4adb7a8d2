//! The verdict must not depend on the solver budget through the rank bound: a bound query that
//! times out keeps its candidate (the bound can only grow), so with the budget cut to a tenth each
//! rule here gets the same verdict, and every inferred bound is at least the one inferred with
//! the full budget. (No wall time is asserted; the rules are light enough that their obligations
//! finish well within the reduced budget even on a loaded machine.)

use rules::{check_rule, parse_file, Options};
use std::path::Path;
use std::time::Duration;

/// `(element type, aggregated axis) -> upper bound`, read from the check's details
/// (`"int ranks" = "R: 0..=2, S: 1..=3"`).
fn bounds(details: &[(String, String)]) -> Vec<(String, String, usize)> {
    let mut out = Vec::new();
    for (k, v) in details {
        let Some(ty) = k.strip_suffix(" ranks") else {
            continue;
        };
        for part in v.split(", ").filter(|p| !p.is_empty()) {
            let (class, range) = part.split_once(": ").expect("class: lo..=hi");
            let hi = range
                .split("..=")
                .nth(1)
                .expect("lo..=hi")
                .parse()
                .expect("a number");
            out.push((ty.to_string(), class.to_string(), hi));
        }
    }
    out
}

#[test]
fn a_tenth_of_the_budget_gives_the_same_verdict_and_no_lower_bound() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/rules");
    let mut files: Vec<String> = std::fs::read_dir(root.join("bound"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().map(|x| x == "rule").unwrap_or(false))
        .map(|p| p.strip_prefix(&root).unwrap().display().to_string())
        .collect();
    files.sort();
    for f in [
        "xla/pad/rule02.rule",
        "xla/slice/rule03.rule",
        "xla/reverse/rule01.rule",
        "xla/concat/rule02.rule",
        "examples/dyslice-to-slice.rule",
        "wrong/pad-interior-exists.rule",
        "wrong/dyupslice-slice-window-exists.rule",
    ] {
        files.push(f.to_string());
    }
    for f in &files {
        let src = std::fs::read_to_string(root.join(f)).unwrap();
        let (file, diags) = parse_file(&src);
        assert!(diags.is_empty(), "{f}");
        let rule = &file.rules[0];
        let full = check_rule(
            rule,
            &Options {
                timeout: Duration::from_secs(10),
                ..Options::default()
            },
        );
        let tenth = check_rule(
            rule,
            &Options {
                timeout: Duration::from_secs(1),
                ..Options::default()
            },
        );
        assert_eq!(
            full.verdict.name(),
            tenth.verdict.name(),
            "{f}: {:?} vs {:?}",
            full.verdict,
            tenth.verdict
        );
        let (bf, bt) = (bounds(&full.details), bounds(&tenth.details));
        for (ty, class, hi) in &bf {
            if let Some((_, _, h)) = bt.iter().find(|(t, c, _)| t == ty && c == class) {
                assert!(
                    h >= hi,
                    "{f}: {ty} {class}: bound {h} with a tenth of the budget, {hi} with all of it"
                );
            }
        }
    }
}
