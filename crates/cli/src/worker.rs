//! The worker side of [`crate::pool`]: `tensorproof worker` reads [`Job`]s as JSON Lines on
//! stdin and answers each with one [`Reply`] line on stdout. Each job runs on a thread with a
//! large stack, and a panic is caught and becomes the job's reply.

use report::Verdict;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The stack of a job's thread: deep inputs need deep recursion somewhere (parsers bound
/// their nesting; the rest of the walks are iterative or bounded), and the pages are only
/// committed when used.
pub const JOB_STACK: usize = 256 << 20;

/// One unit of work.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "job", rename_all = "lowercase")]
pub enum Job {
    /// The `index`-th rule of a `.rule` file.
    Rule {
        file: PathBuf,
        index: usize,
        timeout: f64,
        budget: f64,
        collect_smt: bool,
        /// Float types with subnormals flushed (`--ftz`).
        #[serde(default)]
        ftz: bool,
        /// The float type rules declared over `real` are checked at (`--real-as`).
        #[serde(default)]
        real_as: Option<String>,
    },
    /// Every function of an MLIR pair.
    Pair {
        src: PathBuf,
        tgt: PathBuf,
        opts: PairOpts,
    },
    /// A Halide statement against its algorithm.
    Halide {
        spec: PathBuf,
        stmt: PathBuf,
        timeout: f64,
        /// Return every obligation as SMT-LIB (`--dump-smt`).
        #[serde(default)]
        collect_smt: bool,
    },
    /// Every kernel of a Triton file, or only its `only`-th `@triton.jit` function.
    Lift {
        file: PathBuf,
        expect: Option<String>,
        timeout: f64,
        #[serde(default)]
        only: Option<usize>,
        /// Seconds one function may take (`--budget`), else the lift's default.
        #[serde(default)]
        function_time: Option<f64>,
    },
}

/// The options of an MLIR pair (the serializable part of [`mlirsem::Options`]).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PairOpts {
    pub timeout: f64,
    pub function: Option<String>,
    pub collect_smt: bool,
    pub signed_zeros: bool,
    pub same_dims: Vec<(String, usize)>,
}

/// The answer to one job.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "reply", rename_all = "lowercase")]
pub enum Reply {
    Rule {
        verdict: Verdict,
        details: Vec<(String, String)>,
        smt: Vec<(String, String)>,
        seconds: f64,
        /// CPU seconds of the worker and its solver processes for this rule ([`cpu_seconds`]).
        #[serde(default)]
        cpu_seconds: Option<f64>,
    },
    Pair {
        functions: Vec<FunctionResult>,
    },
    /// The kernels of a Triton file, or the file's diagnostics.
    Lift {
        kernels: Vec<lift::KernelResult>,
        diagnostics: Vec<report::Diagnostic>,
    },
    /// A Halide case, or the diagnostics of its files (`true`: in the statement).
    Halide {
        case: Option<HalideCase>,
        diagnostics: Vec<(bool, report::Diagnostic)>,
    },
    /// The job panicked: the panic's message and location.
    Failed {
        message: String,
    },
}

/// The verdict about one function of a pair.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FunctionResult {
    /// Empty when the pair did not get as far as its functions (a parse error).
    pub function: String,
    pub verdict: Verdict,
    /// For an `error` verdict: `true` when its diagnostics point into the target.
    pub in_target: bool,
    pub seconds: f64,
    pub smt: Vec<(String, String)>,
}

/// The verdict about a Halide statement (the plain data of [`halide::CaseResult`]).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct HalideCase {
    pub output: String,
    pub verdict: Verdict,
    pub witness_kind: Option<String>,
    pub witness: Option<String>,
    pub assumptions: Vec<String>,
    pub obligations: usize,
    /// A concrete search that stopped at its step budget, and the like.
    #[serde(default)]
    pub notes: Vec<String>,
    pub seconds: f64,
    /// CPU seconds of the worker and the solver processes it waited for, where the platform
    /// says (Linux: `/proc/self/stat`).
    #[serde(default)]
    pub cpu_seconds: Option<f64>,
    /// With `--dump-smt`: (name, SMT-LIB script) of each obligation.
    #[serde(default)]
    pub smt: Vec<(String, String)>,
}

/// CPU seconds this process and its waited-for children used so far (user + system), from
/// `/proc/self/stat` (clock ticks of 1/100 s, Linux's `USER_HZ`); `None` elsewhere.
pub fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces) in parentheses.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    // utime, stime, cutime, cstime are fields 14-17 of the line, 12-15 after the name.
    let ticks: Option<Vec<f64>> = f.get(11..15)?.iter().map(|x| x.parse().ok()).collect();
    Some(ticks?.iter().sum::<f64>() / 100.0)
}

/// `tensorproof worker`: answers jobs until stdin closes.
pub fn serve() -> i32 {
    install_panic_hook();
    // A `lift` query that ignores its interrupt would hold this process forever: end it, and
    // the pool reports the job as stopped and starts a new worker. Other jobs wait: Halide's
    // quantified queries heed the interrupt only after up to 90 s (libz3 4.8.12), then the
    // job goes on with its other obligations.
    smt::on_stuck_query(|| {
        if STUCK_ENDS_WORKER.load(std::sync::atomic::Ordering::SeqCst) {
            std::process::exit(crate::pool::STUCK_EXIT)
        }
    });
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let reply = match serde_json::from_str::<Job>(&line) {
            Ok(job) => run_isolated(job),
            Err(e) => Reply::Failed {
                message: format!("unreadable job: {e}"),
            },
        };
        let Ok(text) = serde_json::to_string(&reply) else {
            return 2;
        };
        let mut out = stdout.lock();
        if writeln!(out, "{text}").and_then(|_| out.flush()).is_err() {
            return 2;
        }
    }
    0
}

/// The message of the last panic (set by the hook, read after the job's thread ended).
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            if let Ok(mut p) = LAST_PANIC.lock() {
                *p = Some(info.to_string().replace('\n', " "));
            }
        }))
    });
}

/// Runs `job` on a thread of its own with a [`JOB_STACK`] stack; a panic is a `Failed` reply.
pub fn run_isolated(job: Job) -> Reply {
    install_panic_hook();
    let handle = std::thread::Builder::new()
        .name("job".into())
        .stack_size(JOB_STACK)
        .spawn(move || run(job));
    let failed = |message: String| Reply::Failed { message };
    match handle {
        Err(e) => failed(format!("could not start a job thread: {e}")),
        Ok(h) => match h.join() {
            Ok(reply) => reply,
            Err(_) => {
                let msg = LAST_PANIC.lock().ok().and_then(|mut p| p.take());
                failed(format!(
                    "internal error (a bug): {}",
                    msg.unwrap_or_else(|| "the checker panicked".into())
                ))
            }
        },
    }
}

/// Whether a stuck solver query ends this worker: set while a `lift` job runs.
static STUCK_ENDS_WORKER: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn run(job: Job) -> Reply {
    let lift = matches!(job, Job::Lift { .. });
    STUCK_ENDS_WORKER.store(lift, std::sync::atomic::Ordering::SeqCst);
    test_crash(&job);
    match job {
        Job::Rule {
            file,
            index,
            timeout,
            budget,
            collect_smt,
            ftz,
            real_as,
        } => run_rule(&file, index, timeout, budget, collect_smt, (ftz, real_as)),
        Job::Pair { src, tgt, opts } => run_pair(&src, &tgt, &opts),
        Job::Lift {
            file,
            expect,
            timeout,
            only,
            function_time,
        } => run_lift(&file, expect, timeout, only, function_time),
        Job::Halide {
            spec,
            stmt,
            timeout,
            collect_smt,
        } => run_halide(&spec, &stmt, timeout, collect_smt),
    }
}

/// A file's text, or a diagnostic (unreadable, not UTF-8 at a position).
fn read_text(file: &PathBuf) -> Result<String, report::Diagnostic> {
    match std::fs::read(file) {
        Ok(b) => String::from_utf8(b).map_err(|e| {
            let at = e.utf8_error().valid_up_to();
            report::Diagnostic {
                span: report::Span { start: at, end: at },
                message: format!("not UTF-8 text (invalid byte at offset {at})"),
            }
        }),
        Err(e) => Err(report::Diagnostic {
            span: report::Span::default(),
            message: format!("{}: {e}", file.display()),
        }),
    }
}

fn run_halide(spec: &PathBuf, stmt: &PathBuf, timeout: f64, collect_smt: bool) -> Reply {
    let failed = |in_stmt: bool, d: report::Diagnostic| Reply::Halide {
        case: None,
        diagnostics: vec![(in_stmt, d)],
    };
    let spec_text = match read_text(spec) {
        Ok(t) => t,
        Err(d) => return failed(false, d),
    };
    let stmt_text = match read_text(stmt) {
        Ok(t) => t,
        Err(d) => return failed(true, d),
    };
    let opts = halide::Options {
        timeout: Duration::from_secs_f64(timeout),
        budget: None,
        collect_smt,
    };
    let (sp, tp) = (spec.display().to_string(), stmt.display().to_string());
    let cpu = cpu_seconds();
    match halide::check(&sp, &spec_text, &tp, &stmt_text, &opts) {
        Ok(r) => Reply::Halide {
            case: Some(HalideCase {
                output: r.output,
                verdict: r.verdict,
                witness_kind: r.witness_kind.map(|k| k.name().to_string()),
                witness: r.witness,
                assumptions: r.assumptions,
                obligations: r.obligations,
                notes: r.notes,
                seconds: r.seconds,
                cpu_seconds: cpu.zip(cpu_seconds()).map(|(a, b)| b - a),
                smt: r.queries,
            }),
            diagnostics: vec![],
        },
        Err(ds) => Reply::Halide {
            case: None,
            diagnostics: ds
                .into_iter()
                .map(|(side, d)| (side == halide::Side::Stmt, d))
                .collect(),
        },
    }
}

fn run_lift(
    file: &PathBuf,
    expect: Option<String>,
    timeout: f64,
    only: Option<usize>,
    function_time: Option<f64>,
) -> Reply {
    let failed = |d: report::Diagnostic| Reply::Lift {
        kernels: vec![],
        diagnostics: vec![d],
    };
    let text = match std::fs::read(file) {
        Ok(b) => match String::from_utf8(b) {
            Ok(t) => t,
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                return failed(report::Diagnostic {
                    span: report::Span { start: at, end: at },
                    message: format!("not UTF-8 text (invalid byte at offset {at})"),
                });
            }
        },
        Err(e) => {
            return failed(report::Diagnostic {
                span: report::Span::default(),
                message: format!("{}: {e}", file.display()),
            })
        }
    };
    let opts = lift::Options {
        timeout: Duration::from_secs_f64(timeout),
        expect,
        modules: crate::modules::imported(file, &text),
        only,
        function_time: function_time.map(Duration::from_secs_f64),
    };
    match lift::lift_file(&file.display().to_string(), &text, &opts) {
        Ok(kernels) => Reply::Lift {
            kernels,
            diagnostics: vec![],
        },
        Err(diagnostics) => Reply::Lift {
            kernels: vec![],
            diagnostics,
        },
    }
}

fn run_rule(
    file: &PathBuf,
    index: usize,
    timeout: f64,
    budget: f64,
    collect: bool,
    (ftz, real_as): (bool, Option<String>),
) -> Reply {
    let start = Instant::now();
    let error = |message: String| Reply::Rule {
        verdict: Verdict::Error {
            diagnostics: vec![report::Diagnostic {
                span: report::Span::default(),
                message,
            }],
        },
        details: vec![],
        smt: vec![],
        seconds: 0.0,
        cpu_seconds: None,
    };
    let text = match std::fs::read(file) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(t) => t,
            Err(_) => return error(format!("{}: not UTF-8 text", file.display())),
        },
        Err(e) => return error(format!("{}: {e}", file.display())),
    };
    let (parsed, _) = rules::parse_file(&text);
    let Some(rule) = parsed.rules.get(index) else {
        return error(format!("{}: no rule #{index}", file.display()));
    };
    let opts = rules::Options {
        timeout: Duration::from_secs_f64(timeout),
        collect_smt: collect,
        ftz,
        real_as: real_as.as_deref().and_then(rules::float_type_named),
        ..rules::Options::default()
    };
    let cpu = cpu_seconds();
    let r = rules::check_rule_bounded(rule, &opts, Duration::from_secs_f64(budget));
    Reply::Rule {
        verdict: r.verdict,
        details: r.details,
        smt: r.smt,
        seconds: start.elapsed().as_secs_f64(),
        cpu_seconds: cpu.zip(cpu_seconds()).map(|(a, b)| b - a),
    }
}

fn run_pair(src: &PathBuf, tgt: &PathBuf, o: &PairOpts) -> Reply {
    let start = Instant::now();
    let only = |verdict: Verdict, in_target: bool| Reply::Pair {
        functions: vec![FunctionResult {
            function: String::new(),
            verdict,
            in_target,
            seconds: start.elapsed().as_secs_f64(),
            smt: vec![],
        }],
    };
    let read = |p: &PathBuf| match std::fs::read(p) {
        Ok(b) => String::from_utf8(b).map_err(|e| {
            let at = e.utf8_error().valid_up_to();
            report::Diagnostic {
                span: report::Span { start: at, end: at },
                message: format!("not UTF-8 text (invalid byte at offset {at})"),
            }
        }),
        Err(e) => Err(report::Diagnostic {
            span: report::Span::default(),
            message: format!("{}: {e}", p.display()),
        }),
    };
    let (s, t) = match (read(src), read(tgt)) {
        (Ok(s), Ok(t)) => (s, t),
        (Err(d), _) => {
            return only(
                Verdict::Error {
                    diagnostics: vec![d],
                },
                false,
            )
        }
        (_, Err(d)) => {
            return only(
                Verdict::Error {
                    diagnostics: vec![d],
                },
                true,
            )
        }
    };
    let (s, t) = match (mlir::parse(&s), mlir::parse(&t)) {
        (Ok(mut s), Ok(mut t)) => {
            // Reasons name ops at FILE:LINE:COL.
            s.file = src.display().to_string();
            t.file = tgt.display().to_string();
            (s, t)
        }
        (Err(d), _) => return only(Verdict::Error { diagnostics: d }, false),
        (_, Err(d)) => return only(Verdict::Error { diagnostics: d }, true),
    };
    let opts = mlirsem::Options {
        timeout: Duration::from_secs_f64(o.timeout),
        function: o.function.clone(),
        collect_smt: o.collect_smt,
        signed_zeros: o.signed_zeros,
        same_dims: o.same_dims.clone(),
        budget: None,
    };
    let functions = mlirsem::check_pair(&s, &t, &opts)
        .into_iter()
        .map(|r| FunctionResult {
            function: r.function,
            verdict: r.verdict,
            in_target: r.error_side == Some(mlirsem::Side::Tgt),
            seconds: r.seconds,
            smt: r.smt,
        })
        .collect();
    Reply::Pair { functions }
}

/// A test hook: `TENSORPROOF_TEST_CRASH=KIND:NEEDLE` makes a job whose file path contains
/// NEEDLE crash (`abort`), overflow its stack (`overflow`) or panic (`panic`), so that the
/// tests can check that one crashing job is only that job's verdict.
fn test_crash(job: &Job) {
    let Ok(spec) = std::env::var("TENSORPROOF_TEST_CRASH") else {
        return;
    };
    let Some((kind, needle)) = spec.split_once(':') else {
        return;
    };
    let path = match job {
        Job::Rule { file, .. } | Job::Lift { file, .. } => file,
        Job::Halide { stmt, .. } => stmt,
        Job::Pair { src, .. } => src,
    };
    if !path.to_string_lossy().contains(needle) {
        return;
    }
    match kind {
        "abort" => std::process::abort(),
        "panic" => panic!("test crash requested by TENSORPROOF_TEST_CRASH"),
        // What the worker does when a `lift` query ignores its interrupt.
        "stuck" => std::process::exit(crate::pool::STUCK_EXIT),
        "overflow" => {
            #[allow(unconditional_recursion)]
            fn deep(n: u64) -> u64 {
                let pad = std::hint::black_box([n; 64]);
                deep(pad[1] + 1) + pad[0]
            }
            std::hint::black_box(deep(0));
        }
        _ => {}
    }
}
