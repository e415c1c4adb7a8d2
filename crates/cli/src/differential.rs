//! `tensorproof lift --differential`: runs a file's launchers in Triton's CPU interpreter
//! (`tools/lift_differential.py`, Python from `$TENSORPROOF_PYTHON`, else `.venv/bin/python`,
//! else `python3`) and compares each output with the lifted NumPy formula. Opt-in: it imports
//! and runs the user's file.

use lift::KernelResult;
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};

/// The Python that runs the harness.
pub fn python() -> PathBuf {
    std::env::var_os("TENSORPROOF_PYTHON")
        .map(PathBuf::from)
        .or_else(|| Some(PathBuf::from(".venv/bin/python")).filter(|p| p.exists()))
        .unwrap_or_else(|| PathBuf::from("python3"))
}

fn harness() -> PathBuf {
    std::env::var_os("TENSORPROOF_LIFT_DIFFERENTIAL")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tools/lift_differential.py")
        })
}

/// The launcher as read, as JSON fields (`outputs`, `inputs`, `scalars`, `sizes`).
pub fn signature_fields(k: &KernelResult) -> Map<String, Value> {
    let sig = k.signature.clone().unwrap_or_default();
    let tensors = |ts: &[(String, Vec<String>)]| -> Vec<Value> {
        ts.iter()
            .map(|(n, shape)| json!({"name": n, "shape": shape}))
            .collect()
    };
    let mut m = Map::new();
    m.insert("outputs".into(), json!(tensors(&sig.outputs)));
    m.insert("inputs".into(), json!(tensors(&sig.inputs)));
    m.insert("scalars".into(), json!(sig.scalars));
    m.insert(
        "sizes".into(),
        json!(sig
            .sizes
            .iter()
            .map(|(n, from)| json!({"name": n, "from": from}))
            .collect::<Vec<_>>()),
    );
    if !k.launches.is_empty() {
        m.insert("launches".into(), json!(k.launches));
    }
    m
}

/// One result per kernel, in order: the harness's record (`status` `agree`, `disagree` or
/// `skipped`, `worst`, `cases`; for a refuted kernel `confirmed` or `not confirmed`, its
/// memory fault run at the counterexample's sizes), or one `error` record for all when the
/// harness failed.
pub fn check(file: &Path, kernels: &[KernelResult]) -> Vec<Value> {
    let fail = |why: String| {
        kernels
            .iter()
            .map(|_| json!({"status": "error", "reason": why}))
            .collect()
    };
    let records: String = kernels
        .iter()
        .map(|k| {
            let mut m = signature_fields(k);
            m.insert("kernel".into(), json!(k.kernel));
            m.insert("launcher".into(), json!(k.launcher));
            m.insert("numpy".into(), json!(k.numpy));
            m.insert("verdict".into(), json!(k.verdict.name()));
            if let report::Verdict::Refuted { counterexample } = &k.verdict {
                m.insert("counterexample".into(), json!(counterexample));
            }
            Value::Object(m).to_string() + "\n"
        })
        .collect();
    let tmp = std::env::temp_dir().join(format!(
        "tensorproof-differential-{}-{}.jsonl",
        std::process::id(),
        file.file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    ));
    if let Err(e) = std::fs::write(&tmp, records) {
        return fail(format!("{}: {e}", tmp.display()));
    }
    let py = python();
    let run = std::process::Command::new(&py)
        .arg(harness())
        .arg(file)
        .arg(&tmp)
        .output();
    let _ = std::fs::remove_file(&tmp);
    let run = match run {
        Ok(r) => r,
        Err(e) => {
            return fail(format!(
                "{}: {e} (set TENSORPROOF_PYTHON to a Python with triton==3.2.0 and numpy)",
                py.display()
            ))
        }
    };
    let lines: Vec<Value> = String::from_utf8_lossy(&run.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    if lines.len() != kernels.len() {
        let err = String::from_utf8_lossy(&run.stderr);
        let tail: Vec<&str> = err.lines().rev().take(8).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        return fail(format!(
            "the differential harness failed on {}:\n{}",
            file.display(),
            tail.join("\n")
        ));
    }
    lines
}

/// One line for the text output: `differential: agree (12 cases, worst 0.004 of the tolerance)`.
pub fn summary(d: &Value) -> String {
    let status = d["status"].as_str().unwrap_or("error");
    let cases = d["cases"].as_array();
    let ran = cases
        .map(|c| c.iter().filter(|c| c.get("skipped").is_none()).count())
        .unwrap_or(0);
    match status {
        "agree" | "disagree" => {
            let worst = match d["worst"].as_f64() {
                Some(w) => format!("{w:.3}"),
                None => "not a number".into(),
            };
            let mut s = format!(
                "differential: {status} with Triton's interpreter ({ran} cases; worst error {worst} of the tolerance rtol 1e-4)"
            );
            if let Some(cs) = cases {
                for c in cs.iter().filter(|c| c["ok"] == json!(false)).take(3) {
                    s += &format!(
                        "\n    sizes {} padded {}: {}",
                        c["sizes"], c["padded"], c["why"]
                    );
                }
            }
            s
        }
        "confirmed" => {
            let seen: Vec<&str> = d["seen"]
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            format!(
                "differential: confirmed in Triton's interpreter at sizes {}: {}",
                d["sizes"],
                seen.join("; ")
            )
        }
        _ => format!(
            "differential: {status}: {}",
            d["reason"].as_str().unwrap_or("")
        ),
    }
}
