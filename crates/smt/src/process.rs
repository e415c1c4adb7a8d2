//! A solver process fed the printed SMT-LIB text: cvc5 (Debian's `cvc5` package), used when Z3
//! answers `unknown` (it proves several nonlinear integer obligations that Z3 4.8.12 cannot).

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a solver process answered.
#[derive(Debug, PartialEq, Eq)]
pub enum ProcessAnswer {
    Sat,
    Unsat,
    Unknown(String),
    /// The solver is not installed.
    Missing,
}

/// Runs `cvc5` on `text` (which must not contain `(check-sat)`) with a time limit.
pub fn check_cvc5(text: &str, timeout: Duration) -> (ProcessAnswer, Duration) {
    let start = Instant::now();
    let ms = timeout.as_millis().max(1);
    let child = Command::new("cvc5")
        .args(["--lang", "smt2", "--quiet", &format!("--tlimit={ms}")])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return (ProcessAnswer::Missing, start.elapsed())
        }
        Err(e) => {
            return (
                ProcessAnswer::Unknown(format!("cvc5 did not start: {e}")),
                start.elapsed(),
            )
        }
    };
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(text.as_bytes());
        let _ = stdin.write_all(b"(check-sat)\n");
    }
    // cvc5 enforces --tlimit itself; this loop is the backstop so that nothing can hang.
    let deadline = start + timeout + Duration::from_secs(2);
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if Instant::now() > deadline => {
                let _ = child.kill();
                let _ = child.wait();
                return (
                    ProcessAnswer::Unknown(format!("cvc5 timeout after {ms} ms")),
                    start.elapsed(),
                );
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => {
                return (
                    ProcessAnswer::Unknown(format!("cvc5: {e}")),
                    start.elapsed(),
                )
            }
        }
    }
    let mut out = String::new();
    if let Some(mut o) = child.stdout.take() {
        let _ = o.read_to_string(&mut out);
    }
    let mut err = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = e.read_to_string(&mut err);
    }
    let answer = match out.lines().map(str::trim).find(|l| !l.is_empty()) {
        Some("sat") => ProcessAnswer::Sat,
        Some("unsat") => ProcessAnswer::Unsat,
        Some("unknown") => {
            ProcessAnswer::Unknown(format!("cvc5 returned unknown or ran out of its {ms} ms"))
        }
        Some(other) => ProcessAnswer::Unknown(format!("cvc5: {other}")),
        None => ProcessAnswer::Unknown(format!(
            "cvc5 said nothing ({})",
            err.lines().next().unwrap_or("no message")
        )),
    };
    (answer, start.elapsed())
}
