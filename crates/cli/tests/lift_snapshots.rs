//! Snapshots of `tensorproof lift`'s rendered output (text with `--latex --numpy`, and the
//! JSON record) for a few corpus kernels (`tests/snapshots/lift-*.{txt,json}`;
//! `UPDATE_SNAPSHOTS=1` rewrites them). Times are masked.

use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn run(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_tensorproof"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("run tensorproof");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `(0.21 s)` as `(T s)`, the summary's seconds as `T`; in JSON, `"seconds"` and the summary record dropped.
fn mask(text: &str, json: bool) -> String {
    if json {
        return text
            .lines()
            .filter(|l| l.contains("\"record\":\"result\""))
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                v["seconds"] = serde_json::json!("T");
                serde_json::to_string_pretty(&v).unwrap() + "\n"
            })
            .collect();
    }
    text.lines()
        .map(|l| match (l.rfind(" ("), l.ends_with(" s)")) {
            _ if l.starts_with("wall time: ") => {
                let jobs = l.find(" with ").map(|at| &l[at..]).unwrap_or("");
                format!("wall time: T s{jobs}\n")
            }
            (Some(at), _) if l.starts_with("total") && l.ends_with(" s of checking)") => {
                format!("{} (T s of checking)\n", &l[..at])
            }
            (Some(at), true) if !l.starts_with(' ') => format!("{} (T s)\n", &l[..at]),
            _ => format!("{l}\n"),
        })
        .collect()
}

fn snapshot(name: &str, got: &str) {
    let path = root().join("crates/cli/tests/snapshots").join(name);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_SNAPSHOTS=1 writes it)", path.display()));
    assert_eq!(got, want, "{name} differs (UPDATE_SNAPSHOTS=1 rewrites it)");
}

#[test]
fn lift_rendered_output() {
    for kernel in ["gelu_erf", "row_mean", "swiglu_liger_style", "leaky_relu"] {
        let file = format!("corpus/lift/{kernel}.py");
        let text = run(&["lift", "-q", "--latex", "--numpy", &file]);
        snapshot(&format!("lift-{kernel}.txt"), &mask(&text, false));
        let json = run(&["lift", "-q", "--json", &file]);
        snapshot(&format!("lift-{kernel}.json"), &mask(&json, true));
    }
}

/// The textbook and named forms of issue 11's readability list, from the JSON records:
/// verdict, formula (and the synthesized one it was simplified from), readable, named and
/// the node counts (`tests/snapshots/lift-forms.txt`).
#[test]
fn lift_textbook_forms() {
    let mut got = String::new();
    for kernel in [
        "softmax",
        "softmax_exp2",
        "log_softmax",
        "gelu_erf",
        "gelu_tanh",
        "leaky_relu",
        "leaky_relu_const",
        "silu",
        "sigmoid",
        "rms_norm",
        "layer_norm",
        "row_mean",
        "flash_attention",
    ] {
        let file = format!("corpus/lift/{kernel}.py");
        let json = run(&["lift", "-q", "--json", &file]);
        for l in json.lines().filter(|l| l.contains("\"record\":\"result\"")) {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            got += &format!("{file}: {}\n", v["verdict"].as_str().unwrap_or("?"));
            for key in ["formula", "formula_raw", "readable"] {
                if let Some(t) = v[key].as_str() {
                    got += &format!("  {key}: {t}\n");
                }
            }
            for n in v["named"].as_array().into_iter().flatten() {
                got += &format!("  named: {}\n", n.as_str().unwrap_or("?"));
            }
            got += &format!("  nodes: {} -> {}\n", v["nodes_before"], v["nodes_after"]);
        }
    }
    snapshot("lift-forms.txt", &got);
}
