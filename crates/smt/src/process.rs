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

std::thread_local! {
    /// CPU time of the solver processes this thread ran and waited for ([`solver_process_cpu`]).
    static SOLVER_CPU: std::cell::Cell<Duration> = const { std::cell::Cell::new(Duration::ZERO) };
}

/// The CPU time (user + system) of the solver processes that the calling thread ran through
/// [`check_cvc5`] so far, as sampled while each ran (to 2 ms before its end; Linux's
/// `/proc/PID/stat`, zero elsewhere). A caller that budgets a job in CPU seconds adds this
/// to its own thread's time: the solver's work happens in another process.
pub fn solver_process_cpu() -> Duration {
    SOLVER_CPU.with(|c| c.get())
}

/// User + system time of process `pid` from `/proc/PID/stat` (clock ticks of 1/100 s).
fn process_cpu(pid: u32) -> Option<Duration> {
    stat_cpu(&std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?)
}

/// User + system time in a `/proc/.../stat` line (fields 14 and 15, in clock ticks of 1/100 s,
/// Linux's `USER_HZ`): also for a thread's `/proc/thread-self/stat`.
pub fn stat_cpu(stat: &str) -> Option<Duration> {
    // Fields after the command name, which may hold spaces, in parentheses.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let utime: u64 = f.get(11)?.parse().ok()?;
    let stime: u64 = f.get(12)?.parse().ok()?;
    Some(Duration::from_millis((utime + stime) * 10))
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
    // The child's CPU time as last read while it ran (its `/proc` entry goes when it is
    // reaped), added to this thread's count at the end.
    let mut cpu = Duration::ZERO;
    let counted = |cpu: Duration| SOLVER_CPU.with(|c| c.set(c.get() + cpu));
    loop {
        cpu = process_cpu(child.id()).unwrap_or(cpu);
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if Instant::now() > deadline => {
                let _ = child.kill();
                let _ = child.wait();
                counted(cpu);
                return (
                    ProcessAnswer::Unknown(format!("cvc5 timeout after {ms} ms")),
                    start.elapsed(),
                );
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => {
                counted(cpu);
                return (
                    ProcessAnswer::Unknown(format!("cvc5: {e}")),
                    start.elapsed(),
                );
            }
        }
    }
    counted(cpu);
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
