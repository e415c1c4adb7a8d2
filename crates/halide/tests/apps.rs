//! Halide's own applications (`../shared/corpus/halide-apps`, issue 19), exported with
//! `tools/halide_export.py` under their real schedules, and hand-broken statements of them at
//! the apps' sizes, each a text edit of an exported statement (a loop or RDom extent
//! shortened, an index shifted, a constant changed) that must be refuted with the stated
//! witness kind. The default run takes the apps this test names in [`DEFAULT`] and the
//! statements of [`BROKEN`] (exporting their modules);
//! `TENSORPROOF_HALIDE_APPS=full` exports every module and checks every (app, schedule)
//! (minutes on 2 cores: it prints each verdict and asserts that no app is refuted and no
//! broken statement verified). Skipped with a notice where the shared folder, Python or
//! `halide` is absent (`$TENSORPROOF_SHARED` for the folder, `$TENSORPROOF_PYTHON`).

mod common;

use common::{python, root};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

fn apps_dir() -> Option<PathBuf> {
    let shared = match std::env::var_os("TENSORPROOF_SHARED") {
        Some(p) => PathBuf::from(p),
        None => root().join("../shared"),
    };
    let d = shared.join("corpus/halide-apps");
    d.is_dir().then_some(d)
}

/// (module, schedule, expected verdict) of the default run.
const DEFAULT: &[(&str, &str, &str)] = &[
    ("iir_blur", "root", "verified"),
    ("iir_blur", "cpu-anysize", "verified"),
    ("camera_pipe", "root", "verified"),
    ("camera_pipe", "cpu", "verified"),
    ("nl_means", "root", "verified"),
];

/// Hand-broken statements: (name, module, schedule, text replaced (its first occurrence),
/// replacement, expected witness kind).
const BROKEN: &[(&str, &str, &str, &str, &str, &str)] = &[
    (
        "iir_blur-root: the forward scan's RDom loop one row short",
        "iir_blur",
        "root",
        "for (blur.s2.r12$x, 1, input.extent.1 + -1)",
        "for (blur.s2.r12$x, 1, input.extent.1 + -2)",
        "uninitialized",
    ),
    (
        "iir_blur-root: the first row's loop one column short",
        "iir_blur",
        "root",
        "for (blur.s1.x, 0, max(input.extent.0, 1))",
        "for (blur.s1.x, 0, max(input.extent.0 + -1, 1))",
        "uninitialized",
    ),
    (
        "iir_blur-root: row 0 copied from the input's row 1",
        "iir_blur",
        "root",
        "(float32)input(blur.s1.x, 0, blur.s1.c)",
        "(float32)input(blur.s1.x, 1, blur.s1.c)",
        "out-of-bounds",
    ),
    (
        "iir_blur-root: the forward scan's weight 0.9 made 0.8",
        "iir_blur",
        "root",
        "blur.s2.r12$x + -1, blur.s2.c)*0.9f",
        "blur.s2.r12$x + -1, blur.s2.c)*0.8f",
        "wrong-value",
    ),
    (
        "interpolate-root: downx_1's column loop one column short",
        "interpolate",
        "root",
        "for (downx_1.s0.x, downsampled_1.s0.x.min, (downsampled_1.s0.x.max - downsampled_1.s0.x.min) + 1)",
        "for (downx_1.s0.x, downsampled_1.s0.x.min, (downsampled_1.s0.x.max - downsampled_1.s0.x.min) + 0)",
        "uninitialized",
    ),
    (
        "interpolate-root: downsampled_1's first row read one row lower",
        "interpolate",
        "root",
        "(downx_1(downsampled_1.s0.x, (downsampled_1.s0.y*2) + 1, downsampled_1.s0.c)",
        "(downx_1(downsampled_1.s0.x, (downsampled_1.s0.y*2) + 2, downsampled_1.s0.c)",
        "out-of-bounds",
    ),
    (
        "interpolate-root: downsampled_1's weight 2 made 3",
        "interpolate",
        "root",
        "downx_1(downsampled_1.s0.x, downsampled_1.s0.y*2, downsampled_1.s0.c)*2.0f",
        "downx_1(downsampled_1.s0.x, downsampled_1.s0.y*2, downsampled_1.s0.c)*3.0f",
        "wrong-value",
    ),
    (
        "bilateral_grid-root: the histogram's pure loop one bin short",
        "bilateral_grid",
        "root",
        "for (histogram.s0.z, -2, 16)",
        "for (histogram.s0.z, -2, 15)",
        "uninitialized",
    ),
    (
        "bilateral_grid-root: the count's weight 1 made 2",
        "bilateral_grid",
        "root",
        "max(min(t11.s, 1.0f), 0.0f), 1.0f))",
        "max(min(t11.s, 1.0f), 0.0f), 2.0f))",
        "wrong-value",
    ),
    (
        "camera_pipe-root: the colour matrix's scale 256 made 128",
        "camera_pipe",
        "root",
        "*0.7510669f))*256.0f)",
        "*0.7510669f))*128.0f)",
        "wrong-value",
    ),
    (
        "nl_means-root: the output's channel loop one channel short",
        "nl_means",
        "root",
        "for (non_local_means.s0.c, 0, 3)",
        "for (non_local_means.s0.c, 0, 2)",
        "unwritten",
    ),
    (
        "nl_means-root: the output's clamp at 1 made 0.5",
        "nl_means",
        "root",
        "non_local_means.s0.y, 3), 1.0f), 0.0f)",
        "non_local_means.s0.y, 3), 0.5f), 0.0f)",
        "wrong-value",
    ),
    (
        "bilateral_grid-root: the histogram's bin stored one above the bin read",
        "bilateral_grid",
        "root",
        "*10.0f) + 0.5f), histogram.s1.c) =",
        "*10.0f) + 1.5f), histogram.s1.c) =",
        "wrong-value",
    ),
    (
        "nl_means-root: the weights' sum RDom one column short",
        "nl_means",
        "root",
        "for (non_local_means_sum.s1.r95$x, -3, 7)",
        "for (non_local_means_sum.s1.r95$x, -3, 6)",
        "wrong-value",
    ),
    (
        "nl_means-root: the weights' sum read one column right",
        "nl_means",
        "root",
        "/non_local_means_sum(non_local_means.s0.x, non_local_means.s0.y, 3)",
        "/non_local_means_sum(non_local_means.s0.x + 1, non_local_means.s0.y, 3)",
        "out-of-bounds",
    ),
];

/// Exports `module` (every schedule) into `out`; false (with the exporter's error printed)
/// when it fails.
fn export(py: &Path, apps: &Path, module: &str, out: &Path) -> bool {
    let o = Command::new(py)
        .arg(root().join("tools/halide_export.py"))
        .arg(apps.join(format!("{module}.py")))
        .arg(out)
        .output()
        .expect("python runs");
    if !o.status.success() {
        println!(
            "{module}: export failed: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    o.status.success()
}

fn check(dir: &Path, case: &str, stmt: &str) -> halide::CaseResult {
    let spec_path = dir.join(format!("{case}.spec"));
    let spec = std::fs::read_to_string(&spec_path).unwrap();
    let opts = halide::Options {
        timeout: Duration::from_secs(10),
        ..Default::default()
    };
    halide::check(&spec_path.to_string_lossy(), &spec, case, stmt, &opts)
        .unwrap_or_else(|d| panic!("{case}: diagnostics {d:?}"))
}

fn show(r: &halide::CaseResult) -> String {
    let kind = r.witness_kind.map(|k| k.name()).unwrap_or("");
    let why = match &r.verdict {
        report::Verdict::Unknown { reason } => reason.chars().take(300).collect(),
        _ => r.witness.clone().unwrap_or_default(),
    };
    format!("{} {kind} ({:.1} s) {why}", r.verdict.name(), r.seconds)
}

#[test]
fn apps_and_their_broken_statements() {
    let (Some(apps), Some(py)) = (apps_dir(), python()) else {
        println!("skipped: no ../shared/corpus/halide-apps or no Python with `halide` (set TENSORPROOF_SHARED, TENSORPROOF_PYTHON)");
        return;
    };
    let full = std::env::var("TENSORPROOF_HALIDE_APPS").is_ok_and(|v| v == "full");
    let out = std::env::temp_dir().join(format!("tensorproof-halide-apps-{}", std::process::id()));
    let mut modules: Vec<String> = if full {
        let mut m: Vec<String> = std::fs::read_dir(&apps)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "py"))
            .map(|p| p.file_stem().unwrap().to_string_lossy().to_string())
            .filter(|n| !n.starts_with('_'))
            .collect();
        m.sort();
        m
    } else {
        let named = DEFAULT.iter().map(|(m, _, _)| *m);
        named
            .chain(BROKEN.iter().map(|b| b.1))
            .map(String::from)
            .collect()
    };
    modules.sort();
    modules.dedup();
    for m in &modules {
        assert!(export(&py, &apps, m, &out), "{m}: the export failed");
    }
    let mut failures = Vec::new();
    let mut cases: Vec<(String, Option<&str>)> = Vec::new();
    if full {
        let mut stmts: Vec<PathBuf> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "stmt"))
            .collect();
        stmts.sort();
        for p in stmts {
            cases.push((p.file_stem().unwrap().to_string_lossy().to_string(), None));
        }
    } else {
        for (m, s, want) in DEFAULT {
            cases.push((format!("{m}-{s}"), Some(*want)));
        }
    }
    for (case, want) in &cases {
        let stmt = std::fs::read_to_string(out.join(format!("{case}.stmt"))).unwrap();
        let r = check(&out, case, &stmt);
        println!("{case}: {}", show(&r));
        if r.verdict.name() == "refuted" {
            failures.push(format!("{case}: an app refuted: {}", show(&r)));
        } else if want.is_some_and(|w| w != r.verdict.name()) {
            failures.push(format!(
                "{case}: expected {}, got {}",
                want.unwrap(),
                show(&r)
            ));
        }
    }
    for (name, m, s, from, to, kind) in BROKEN {
        let case = format!("{m}-{s}");
        let text = std::fs::read_to_string(out.join(format!("{case}.stmt"))).unwrap();
        assert!(text.contains(from), "{name}: `{from}` not in {case}.stmt");
        let broken = text.replacen(from, to, 1);
        let r = check(&out, &case, &broken);
        println!("broken, {name}: {}", show(&r));
        let got = r.witness_kind.map(|k| k.name());
        assert_ne!(
            r.verdict.name(),
            "verified",
            "{name}: a broken statement was VERIFIED"
        );
        if r.verdict.name() != "refuted" || got != Some(*kind) {
            failures.push(format!("{name}: expected refuted {kind}, got {}", show(&r)));
        }
    }
    let _ = std::fs::remove_dir_all(&out);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
