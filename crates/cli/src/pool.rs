//! Jobs run in worker processes (`tensorproof worker`), so that one job's crash (a stack
//! overflow, an abort inside the solver, a panic) is that job's `error` and never the batch's
//! end, and a job that overruns its budget can be stopped for real (a thread cannot be killed).
//!
//! The protocol is JSON Lines on the worker's stdin and stdout: one [`Job`] in, one [`Reply`]
//! out, in order. A worker that dies or overruns is replaced for the jobs still waiting.

use crate::worker::{Job, Reply};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Why a job has no reply.
#[derive(Debug, Clone)]
pub enum Failure {
    /// The worker process ended while running the job: its exit status and the last lines it
    /// wrote to stderr.
    Crashed { status: String, stderr: String },
    /// The job ran past its budget and its worker was stopped.
    TimedOut(Duration),
    /// The job's worker used more CPU time than the job's CPU budget and was stopped.
    OverCpu(Duration),
    /// A solver query of the job did not return after its interrupt, so its worker ended
    /// itself ([`STUCK_EXIT`]).
    SolverStuck,
    /// No worker process could be started.
    Spawn(String),
    /// The worker's reply could not be read (a bug).
    Protocol(String),
}

/// The exit code of a worker that ends itself because a solver query ignored its interrupt
/// (`smt::on_stuck_query`).
pub const STUCK_EXIT: i32 = 86;

impl Failure {
    /// Whether the job was stopped at a limit (its verdict `unknown`), not by a crash or bug.
    pub fn is_limit(&self) -> bool {
        matches!(
            self,
            Failure::TimedOut(_) | Failure::OverCpu(_) | Failure::SolverStuck
        )
    }

    /// The reason for the verdict (an `error` for a crash, `unknown` for a timeout).
    pub fn message(&self) -> String {
        match self {
            Failure::Crashed { status, stderr } => {
                let what = if stderr.contains("overflowed its stack") {
                    "stack overflow"
                } else {
                    "crash"
                };
                let tail = if stderr.trim().is_empty() {
                    String::new()
                } else {
                    format!(": {}", stderr.trim())
                };
                format!("the checker crashed on this job ({what}, {status}){tail}")
            }
            Failure::TimedOut(d) => format!(
                "the check did not end within its budget of {} (stopped)",
                crate::args::show_secs(d.as_secs_f64())
            ),
            Failure::OverCpu(d) => format!(
                "the check used more than its CPU budget of {} and was stopped (a solver query or loop that did not stop at its own limit)",
                crate::args::show_secs(d.as_secs_f64())
            ),
            Failure::SolverStuck => "a Z3 query did not stop when interrupted at its time limit (a defect of libz3 in nonlinear arithmetic), so the check was stopped".into(),
            Failure::Spawn(e) => format!("could not start a worker process: {e}"),
            Failure::Protocol(e) => format!("internal error (a bug): unreadable worker reply: {e}"),
        }
    }
}

/// A worker's wall limit for a job, in job budgets (`--budget`, else 12 query timeouts): the
/// front ends budget a job in CPU seconds, so the wall guard only stops a worker that hangs and
/// allows for a loaded machine (a job's share can be a fifth of a core).
pub const WALL_GUARD_PER_BUDGET: u32 = 8;

/// How to start workers and how long a job may take.
pub struct Pool {
    pub workers: usize,
    /// A job's hard budget in wall time, after which its worker is killed.
    pub budget: Duration,
    /// A job's hard budget in CPU time of its worker process (where the system tells it), after
    /// which its worker is killed: a solver that does not stop when interrupted costs this and
    /// no more, whatever the machine's load.
    pub cpu: Option<Duration>,
}

/// The limits of one job: wall time and, optionally, its worker's CPU time.
#[derive(Clone, Copy)]
struct Limits {
    wall: Duration,
    cpu: Option<Duration>,
}

/// How often a waiting slot looks at its worker's CPU time.
const CPU_POLL: Duration = Duration::from_millis(500);

/// CPU time a process has used (user and system, all its threads), from `/proc/PID/stat`;
/// `None` where that file cannot be read.
fn cpu_time(pid: u32) -> Option<Duration> {
    smt::stat_cpu(&std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?)
}

/// Runs `jobs`, calling `done(index, result)` on the calling thread as each finishes.
pub fn run(pool: &Pool, jobs: Vec<Job>, mut done: impl FnMut(usize, Result<Reply, Failure>)) {
    let n = jobs.len();
    if n == 0 {
        return;
    }
    let queue: Arc<Mutex<VecDeque<(usize, Job)>>> =
        Arc::new(Mutex::new(jobs.into_iter().enumerate().collect()));
    let (tx, rx) = mpsc::channel();
    let mut handles = vec![];
    for _ in 0..pool.workers.clamp(1, n) {
        let limits = Limits {
            wall: pool.budget,
            cpu: pool.cpu,
        };
        let (queue, tx) = (queue.clone(), tx.clone());
        handles.push(std::thread::spawn(move || drive(&queue, &tx, limits)));
    }
    drop(tx);
    for (i, r) in rx {
        done(i, r);
    }
    for h in handles {
        let _ = h.join();
    }
}

/// In-process mode (`TENSORPROOF_IN_PROCESS=1`, for debugging): the same jobs on threads of
/// this process; a panic is still the job's error, but a crash ends the run.
pub fn in_process() -> bool {
    std::env::var_os("TENSORPROOF_IN_PROCESS").is_some_and(|v| v != "0")
}

/// One worker slot: takes jobs from the queue until it is empty, restarting its process after
/// a crash or a timeout.
fn drive(
    queue: &Mutex<VecDeque<(usize, Job)>>,
    tx: &Sender<(usize, Result<Reply, Failure>)>,
    limits: Limits,
) {
    let mut worker: Option<Worker> = None;
    loop {
        let Some((i, job)) = queue.lock().ok().and_then(|mut q| q.pop_front()) else {
            break;
        };
        if in_process() {
            let _ = tx.send((i, Ok(crate::worker::run_isolated(job))));
            continue;
        }
        if worker.is_none() {
            match Worker::start() {
                Ok(w) => worker = Some(w),
                Err(e) => {
                    let _ = tx.send((i, Err(Failure::Spawn(e))));
                    continue;
                }
            }
        }
        let Some(w) = worker.as_mut() else { continue };
        let result = w.ask(&job, limits);
        if result.is_err() {
            if let Some(w) = worker.take() {
                w.stop();
            }
        }
        if tx.send((i, result)).is_err() {
            break;
        }
    }
    if let Some(w) = worker {
        w.finish();
    }
}

/// A running worker process.
struct Worker {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
}

/// The most stderr lines of a worker kept for a crash report.
const STDERR_TAIL: usize = 8;

impl Worker {
    fn start() -> Result<Worker, String> {
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let mut cmd = Command::new(exe);
        // Threads the checkers start themselves get the job stack too.
        if std::env::var_os("RUST_MIN_STACK").is_none() {
            cmd.env("RUST_MIN_STACK", crate::worker::JOB_STACK.to_string());
        }
        let mut child = cmd
            .arg("worker")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| e.to_string())?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let stderr = child.stderr.take().ok_or("no stderr")?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let keep = tail.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                // Diagnostic output of the libraries (TENSORPROOF_DEBUG) passes through.
                eprintln!("{line}");
                if let Ok(mut t) = keep.lock() {
                    if t.len() == STDERR_TAIL {
                        t.pop_front();
                    }
                    t.push_back(line);
                }
            }
        });
        Ok(Worker {
            stdin: child.stdin.take(),
            child,
            lines,
            stderr: tail,
        })
    }

    fn ask(&mut self, job: &Job, limits: Limits) -> Result<Reply, Failure> {
        let line = serde_json::to_string(job).map_err(|e| Failure::Protocol(e.to_string()))?;
        if let Some(stdin) = self.stdin.as_mut() {
            if writeln!(stdin, "{line}")
                .and_then(|_| stdin.flush())
                .is_err()
            {
                return Err(self.crashed());
            }
        }
        let (start, pid) = (std::time::Instant::now(), self.child.id());
        let cpu_start = cpu_time(pid);
        loop {
            let left = limits.wall.saturating_sub(start.elapsed());
            if left.is_zero() {
                return Err(Failure::TimedOut(limits.wall));
            }
            let wait = match limits.cpu {
                Some(_) => left.min(CPU_POLL),
                None => left,
            };
            match self.lines.recv_timeout(wait) {
                Ok(reply) => {
                    return serde_json::from_str(&reply)
                        .map_err(|e| Failure::Protocol(e.to_string()))
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.crashed()),
                Err(RecvTimeoutError::Timeout) => {}
            }
            if let (Some(cpu), Some(t0), Some(t)) = (limits.cpu, cpu_start, cpu_time(pid)) {
                if t.saturating_sub(t0) > cpu {
                    return Err(Failure::OverCpu(cpu));
                }
            }
        }
    }

    /// The failure of a worker whose stdout closed: its exit status and stderr tail.
    fn crashed(&mut self) -> Failure {
        let status = match self.child.wait() {
            Ok(s) if s.code() == Some(STUCK_EXIT) => return Failure::SolverStuck,
            Ok(s) => describe(s),
            Err(e) => e.to_string(),
        };
        // The stderr reader may still be draining the last lines.
        std::thread::sleep(Duration::from_millis(50));
        let stderr = self
            .stderr
            .lock()
            .map(|t| t.iter().cloned().collect::<Vec<_>>().join("\n"))
            .unwrap_or_default();
        Failure::Crashed { status, stderr }
    }

    fn stop(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Ends a worker with no job in flight: closing its stdin ends its loop.
    fn finish(mut self) {
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}

fn describe(s: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = s.signal() {
            let name = match sig {
                6 => " (SIGABRT)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV)",
                _ => "",
            };
            return format!("killed by signal {sig}{name}");
        }
    }
    match s.code() {
        Some(c) => format!("exit code {c}"),
        None => "no exit code".into(),
    }
}
