//! `tensorproof lift --differential`: runs a file's launchers in Triton's CPU interpreter
//! (`tools/lift_differential.py`, Python from `$TENSORPROOF_PYTHON`, else `.venv/bin/python`,
//! else `python3`) and compares each output with the lifted NumPy formula. Opt-in: it imports
//! and runs the user's file.

use lift::KernelResult;
use serde_json::{json, Map, Value};
use std::io::{BufRead, BufReader, Write};
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

/// The harness in `--serve` mode, started at the first file and kept for the others: it
/// imports Triton once and forks a child per file (each file still runs as in a process of
/// its own). A server that died is started again for the next file.
#[derive(Default)]
pub struct Harness {
    server: Option<Server>,
}

struct Server {
    child: std::process::Child,
    /// The server's own stderr (a failed import of Triton shows there).
    log: PathBuf,
    requests: std::process::ChildStdin,
    answers: BufReader<std::process::ChildStdout>,
}

impl Drop for Server {
    fn drop(&mut self) {
        // Closing its stdin ends the server's loop; then it is reaped.
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.log);
    }
}

impl Harness {
    /// One result per kernel, in order: the harness's record (`status` `agree`, `disagree`
    /// or `skipped`, `worst`, `cases`; for a refuted kernel `confirmed` or `not confirmed`,
    /// its memory fault run at the counterexample's sizes), or one `error` record for all
    /// when the harness failed.
    pub fn check(&mut self, file: &Path, kernels: &[KernelResult]) -> Vec<Value> {
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
        let stem = file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let tmp = |ext: &str| {
            std::env::temp_dir().join(format!(
                "tensorproof-differential-{}-{stem}.{ext}",
                std::process::id()
            ))
        };
        let (lifted, log) = (tmp("jsonl"), tmp("stderr"));
        if let Err(e) = std::fs::write(&lifted, records) {
            return fail(format!("{}: {e}", lifted.display()));
        }
        let answer = self.ask(file, &lifted, &log);
        let err = std::fs::read_to_string(&log).unwrap_or_default();
        let _ = std::fs::remove_file(&lifted);
        let _ = std::fs::remove_file(&log);
        let (lines, err) = match answer {
            Ok(lines) => (lines, err),
            Err(Ended::Spawn(why)) => return fail(why),
            Err(Ended::Died(server_err)) => (vec![], server_err + &err),
        };
        if lines.len() != kernels.len() {
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

    /// The server's result lines for one file (its stderr to `log`), up to its `done` line.
    fn ask(&mut self, file: &Path, lifted: &Path, log: &Path) -> Result<Vec<Value>, Ended> {
        if self.server.is_none() {
            self.server = Some(Server::start().map_err(Ended::Spawn)?);
        }
        let server = self.server.as_mut().expect("started");
        let request = json!({"file": file, "records": lifted, "stderr": log}).to_string();
        let mut lines = Vec::new();
        let ended = (|| {
            writeln!(server.requests, "{request}")?;
            server.requests.flush()?;
            let mut line = String::new();
            loop {
                line.clear();
                if server.answers.read_line(&mut line)? == 0 {
                    return Ok::<bool, std::io::Error>(false);
                }
                match serde_json::from_str::<Value>(&line) {
                    Ok(v) if v["done"] == json!(true) => return Ok(true),
                    Ok(v) => lines.push(v),
                    Err(_) => {}
                }
            }
        })();
        if !matches!(ended, Ok(true)) {
            // The server itself ended (or its pipes broke): a new one for the next file.
            let server_err = std::fs::read_to_string(&server.log).unwrap_or_default();
            self.server = None;
            return Err(Ended::Died(server_err));
        }
        Ok(lines)
    }
}

/// Why the server gave no answer: it could not be started, or it ended (its stderr).
enum Ended {
    Spawn(String),
    Died(String),
}

impl Server {
    fn start() -> Result<Server, String> {
        let py = python();
        let log = std::env::temp_dir().join(format!(
            "tensorproof-differential-{}-server.stderr",
            std::process::id()
        ));
        let stderr = std::fs::File::create(&log).map_err(|e| format!("{}: {e}", log.display()))?;
        let mut child = std::process::Command::new(&py)
            .arg(harness())
            .arg("--serve")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(stderr)
            .spawn()
            .map_err(|e| {
                format!(
                    "{}: {e} (set TENSORPROOF_PYTHON to a Python with triton==3.2.0 and numpy)",
                    py.display()
                )
            })?;
        let requests = child.stdin.take().expect("piped stdin");
        let answers = BufReader::new(child.stdout.take().expect("piped stdout"));
        Ok(Server {
            child,
            log,
            requests,
            answers,
        })
    }
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
