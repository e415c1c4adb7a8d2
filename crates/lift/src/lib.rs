//! `lift`: the front end of `tensorproof lift`. What a Triton kernel computes, as a readable
//! formula, proved for every size, or refuted with a counterexample the concrete interpreter
//! of the kernel replayed.
//!
//! Layers, imports running one way (STYLE 17):
//! - `value` (blocks over a core `Domain`), `mem` (program state, access log), `consts`
//!   (float literals as their float32 values, named constants);
//! - `ext` (extended reals: `-inf` lanes, exact), `atoms` (reductions as symbols, the
//!   symbolic side; block-size placeholders) and `axioms` (instances of the `exp`/`log` laws);
//! - `ops`: every Triton op once, in one table, generic over the domain;
//! - `exec` (the kernel interpreter), `host` and `front` (the Python file and its launcher);
//! - `formula` (the formula language), `synth` (formulas from symbolic stores), `tiles` (a
//!   loop's sum over tiles merged with the sum over each tile's lanes);
//! - `setup` (a kernel bound to its launch, one program run in any domain), `replay` (the
//!   whole grid run concretely: failures and counterexamples);
//! - `check`: the symbolic run, synthesis, the obligations, the verdict;
//! - beside them, read here only: `simplify` (e-graph), `named` (named operators), `emit`
//!   (LaTeX, NumPy).
//!
//! It is not for printing, files or exit codes (the CLI's), nor for solving (the `smt`
//! crate's). The user's Python file is parsed, never imported or run.

mod atoms;
mod axioms;
mod bptr;
mod check;
mod clock;
mod consts;
mod device;
mod domains;
mod elemkind;
mod eltypes;
mod emit;
mod exec;
mod ext;
mod formula;
mod front;
mod host;
mod imports;
mod kernel_level;
mod mem;
mod named;
mod ops;
mod pidmap;
mod replay;
mod setup;
mod simplify;
mod synth;
mod tiles;
mod value;
mod witness;

#[cfg(test)]
mod tests;

pub use emit::{Launch, LaunchParam, Signature};
pub use formula::{Def, Expr, Formula, ParseError};
pub use imports::imported_modules;

use report::{Diagnostic, Span, Verdict};
use std::time::{Duration, Instant};

/// How to check.
#[derive(Clone, Debug)]
pub struct Options {
    /// Per solver query.
    pub timeout: Duration,
    /// `--expect FORMULA`: check this formula instead of the synthesized one.
    pub expect: Option<String>,
    /// Modules the file imports, as (dotted name as [`imported_modules`] gives it, text):
    /// their `@triton.jit` functions are callable from the file's kernels.
    pub modules: Vec<(String, String)>,
    /// Only the `n`-th `@triton.jit` function of the file (as [`own_functions`] lists them):
    /// one function per job, so that one that runs past its time stops alone.
    pub only: Option<usize>,
    /// The time one function may take in all (its configurations, cases and queries); by
    /// default three query timeouts, at least 20 s.
    pub function_time: Option<Duration>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            timeout: Duration::from_secs(10),
            expect: None,
            modules: vec![],
            only: None,
            function_time: None,
        }
    }
}

/// The `@triton.jit` functions of a Python source, in order: name, line and column (none when
/// the text does not parse: [`lift_file`] reports that).
pub fn own_functions(text: &str) -> Vec<(String, usize, usize)> {
    let Ok(parsed) = ruff_python_parser::parse_module(text) else {
        return vec![];
    };
    front::kernels(text, parsed.syntax())
        .iter()
        .map(|k| (k.name.clone(), k.pos.line, k.pos.col))
        .collect()
}

/// What a record of a file is about.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A kernel (it stores to memory): its formula over the tensors it writes.
    #[default]
    Kernel,
    /// A `@triton.jit` function that returns a value and reads no memory: its formula over
    /// its arguments.
    DeviceFunction,
    /// A `@triton.jit` function with pointer arguments that the file's kernels call: lifted
    /// inside them.
    Helper,
}

/// The result for one kernel of a file (serializable: it crosses the CLI's worker processes).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct KernelResult {
    pub kernel: String,
    /// Where the kernel is defined (1-based).
    pub line: usize,
    pub column: usize,
    /// What the record is about: a kernel, or a device function lifted as a function of its
    /// arguments.
    #[serde(default)]
    pub kind: Kind,
    /// The function that launches it (`<module>` for module-level code), if found.
    pub launcher: Option<String>,
    pub verdict: Verdict,
    /// The formula (synthesized, or the expected one), as text in the formula language.
    pub formula: Option<String>,
    /// Tensors the kernel reads and writes, by the launcher's names.
    pub reads: Vec<String>,
    pub writes: Vec<String>,
    /// What every verdict of this kernel assumes (also inside `Verified`).
    pub assumptions: Vec<String>,
    pub seconds: f64,
    /// The formula in LaTeX and as NumPy source (`def formula(**inputs)`, docs/lift.md).
    #[serde(default)]
    pub latex: Option<String>,
    #[serde(default)]
    pub numpy: Option<String>,
    /// The launcher's inputs and outputs as read (sizes, tensors with shapes, scalars).
    #[serde(default)]
    pub signature: Option<Signature>,
    /// The synthesized formula, when `formula` is its simplified form (checked and verified).
    #[serde(default)]
    pub formula_raw: Option<String>,
    /// The simplified formula when it is not itself proved, and what it rests on.
    #[serde(default)]
    pub readable: Option<String>,
    #[serde(default)]
    pub readable_notes: Vec<String>,
    /// Whole outputs recognised as named operators: `y[...] = softmax(x, dim=1)`.
    #[serde(default)]
    pub named: Vec<String>,
    /// Formula nodes before and after simplification.
    #[serde(default)]
    pub nodes_before: Option<usize>,
    #[serde(default)]
    pub nodes_after: Option<usize>,
    /// The formula of each flag assignment, when the kernel-level claim sweeps flags that
    /// nothing in the text fixes (`HAS_BIAS`): `formula` is then none.
    #[serde(default)]
    pub variants: Vec<Variant>,
    /// Under the kernel-level claim, how each of its cases launches the kernel (parameter
    /// roles, grid, preconditions): what the differential check runs.
    #[serde(default)]
    pub launches: Vec<Launch>,
}

/// One flag assignment of a kernel-level claim, with its own formula.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Variant {
    /// `` `HAS_BIAS` = True, `mode` = 1 ``.
    pub assignment: String,
    pub formula: Option<String>,
    /// The verdict's name for this assignment (`verified`, `unknown`, ...).
    pub verdict: String,
    /// Why it is not verified: an `unknown`'s reason, a refutation's counterexample in
    /// brief.
    #[serde(default)]
    pub reason: Option<String>,
}

impl KernelResult {
    /// A result with only a name, a position and a verdict.
    pub fn bare(kernel: String, line: usize, column: usize, verdict: Verdict) -> KernelResult {
        KernelResult {
            kernel,
            line,
            column,
            kind: Kind::Kernel,
            launcher: None,
            verdict,
            formula: None,
            reads: vec![],
            writes: vec![],
            assumptions: vec![],
            seconds: 0.0,
            latex: None,
            numpy: None,
            signature: None,
            formula_raw: None,
            readable: None,
            readable_notes: vec![],
            named: vec![],
            nodes_before: None,
            nodes_after: None,
            variants: vec![],
            launches: vec![],
        }
    }
}

/// The diagnostic of a file without a `@triton.jit` function: at the first string that holds
/// `@triton.jit` when there is one (FlagGems writes kernels as text and compiles them at run
/// time: there is no kernel in the file to lift), else at the file's start.
fn no_kernel(text: &str) -> Diagnostic {
    const DECORATOR: &str = "@triton.jit";
    let in_string = text.match_indices(DECORATOR).find(|(at, _)| {
        text[..*at]
            .chars()
            .next_back()
            .is_some_and(|c| c == '"' || c == '\'')
    });
    match in_string {
        Some((at, _)) => Diagnostic {
            span: Span {
                start: at,
                end: at + DECORATOR.len(),
            },
            message: "no `@triton.jit` kernel in this file: its kernels are generated as text at run time (this string), so there is none to lift".into(),
        },
        None => Diagnostic {
            span: Span { start: 0, end: 0 },
            message: "no `@triton.jit` kernel in this file".into(),
        },
    }
}

/// Lifts every `@triton.jit` kernel of a Python source. `path` is for messages only.
/// Errors: the text is not Python, or it has no kernel (diagnostics with spans into `text`).
pub fn lift_file(
    path: &str,
    text: &str,
    opts: &Options,
) -> Result<Vec<KernelResult>, Vec<Diagnostic>> {
    let _ = path;
    // The imported modules' `@triton.jit` functions, appended: positions inside the user's
    // text are unchanged, and only functions defined there get records.
    let own_len = text.len();
    let (combined, modules) = imports::with_imported(text, &opts.modules);
    let text = combined.as_str();
    let parsed = ruff_python_parser::parse_module(text).map_err(|e| {
        let start = e.location.start().to_usize();
        let end = e.location.end().to_usize().max(start);
        vec![Diagnostic {
            span: Span { start, end },
            message: format!("not valid Python: {}", e.error),
        }]
    })?;
    let module = parsed.syntax();
    let kernels = front::kernels(text, module);
    let own = |k: &front::KernelDef| k.def.range.start().to_usize() < own_len;
    if !kernels.iter().any(own) {
        return Err(vec![no_kernel(&text[..own_len])]);
    }
    let expect = match &opts.expect {
        None => None,
        Some(e) => Some(Formula::parse(e).map_err(|err| {
            vec![Diagnostic {
                span: Span { start: 0, end: 0 },
                message: format!(
                    "in the expected formula, at column {}: {}",
                    err.at + 1,
                    err.message
                ),
            }]
        })?),
    };
    let mut limits = check::Limits::new(opts.timeout);
    if let Some(t) = opts.function_time {
        limits.kernel_budget = t;
    }
    // Launches whose grid cannot be read: bad input, reported with a caret.
    let mut grid_errors = Vec::new();
    let called = front::called_names(&kernels);
    let names = imports::Names {
        aliases: imports::module_aliases(&module.body),
        modules,
        constants: imports::module_constants(&module.body),
    };
    let lift_one = |ki: usize, expect: Option<&Formula>| {
        let k = &kernels[ki];
        let start = Instant::now();
        // Float literals the float32 rule moved (crates/lift/src/consts.rs), stated.
        let mut literals: Vec<&ruff_python_ast::StmtFunctionDef> = vec![k.def];
        literals.extend(
            kernels
                .iter()
                .filter(|h| h.name != k.name && called.contains(&h.name))
                .map(|h| h.def),
        );
        let moved = consts::rounded_literals(text, &literals);
        let run = |expect: Option<&Formula>| {
            let mut moved = moved.clone();
            if let Some(t) = &opts.expect {
                moved.extend(consts::rounded_in_formula(t));
            }
            lift_kernel(&KernelCtx {
                text,
                module,
                kernels: &kernels,
                k,
                called: &called,
                expect,
                limits: &limits,
                stated: &moved,
                names: &names,
            })
        };
        let Some(mut r) = run(expect)? else {
            return Ok(None); // a helper, inlined where the kernels call it
        };
        if expect.is_none() {
            simplified(&mut r, run);
        }
        render(&mut r);
        r.seconds = start.elapsed().as_secs_f64();
        Ok(Some((ki, r)))
    };
    let mut done = Vec::new();
    for (ki, k) in kernels.iter().enumerate() {
        if !own(k) {
            continue; // a function of an imported module
        }
        if opts.only.is_some_and(|n| n != ki) {
            continue; // another job's
        }
        // A panic inside the checker is this kernel's error; the file's other kernels keep
        // their verdicts.
        let ptrs = front::pointer_params(k);
        let lifted = guarded(text, ki, k, limits.kernel_budget, || {
            if device::is_device_function(k, &ptrs) {
                return Ok(Some((ki, lift_device(text, k, &limits, &names))));
            }
            lift_one(ki, expect.as_ref())
        });
        match lifted {
            Ok(Some(r)) => done.push(r),
            Ok(None) => {
                let callers = callers_of(&kernels, &k.name, |c| own(c) && c.name != k.name);
                let reason = if callers.is_empty() {
                    "a `@triton.jit` helper with pointer arguments that no kernel of the file calls: it is lifted only inside a kernel that calls it".to_string()
                } else {
                    format!(
                        "a `@triton.jit` helper with pointer arguments: lifted inside its callers {} (their records are its verdicts)",
                        callers.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", ")
                    )
                };
                let mut r = KernelResult::bare(
                    k.name.clone(),
                    k.pos.line,
                    k.pos.col,
                    Verdict::Unknown { reason },
                );
                r.kind = Kind::Helper;
                done.push((ki, r));
            }
            Err(d) => grid_errors.push(d),
        }
    }
    if !grid_errors.is_empty() {
        return Err(grid_errors);
    }
    // An expected formula may define the outputs of several kernels of the file: a kernel
    // that writes some of them is checked against those, when every other one it defines is
    // written by another kernel of the file (a definition no kernel writes stays an error).
    if let Some(f) = &expect {
        let writes: Vec<Vec<String>> = done.iter().map(|(_, r)| r.writes.clone()).collect();
        for (n, (ki, r)) in done.iter_mut().enumerate() {
            let (mine, others): (Vec<&Def>, Vec<&Def>) =
                f.defs.iter().partition(|d| r.writes.contains(&d.output));
            let elsewhere = |d: &&Def| {
                writes
                    .iter()
                    .enumerate()
                    .any(|(m, w)| m != n && w.contains(&d.output))
            };
            if mine.is_empty() || others.is_empty() || !others.iter().all(elsewhere) {
                continue;
            }
            let part = Formula {
                defs: mine.into_iter().cloned().collect(),
            };
            if let Ok(Some((_, again))) = lift_one(*ki, Some(&part)) {
                *r = again;
            }
        }
    }
    Ok(done.into_iter().map(|(_, r)| r).collect())
}

/// The functions of `kernels` (those `keep` admits) that call `helper`, directly or through
/// other functions, in the file's order.
fn callers_of(
    kernels: &[front::KernelDef],
    helper: &str,
    keep: impl Fn(&front::KernelDef) -> bool,
) -> Vec<String> {
    let callees: Vec<Vec<String>> = kernels
        .iter()
        .map(|k| front::called_names(std::slice::from_ref(k)))
        .collect();
    let mut reach = vec![helper.to_string()];
    let mut grew = true;
    while grew {
        grew = false;
        for (k, calls) in kernels.iter().zip(&callees) {
            if !reach.contains(&k.name) && calls.iter().any(|c| reach.contains(c)) {
                reach.push(k.name.clone());
                grew = true;
            }
        }
    }
    kernels
        .iter()
        .filter(|k| k.name != helper && reach.contains(&k.name) && keep(k))
        .map(|k| k.name.clone())
        .collect()
}

/// One kernel under each of its autotune configurations, against `expect` or a synthesized
/// formula; `None` for a helper that no launcher calls. `stated`: assumptions of the
/// literals' reading, added to the launcher's.
/// What lifting one kernel reads: the file's text and module, its `@triton.jit` functions,
/// the kernel, the functions the kernels call, the formula to check (else one is
/// synthesized), the limits, the assumptions of the literals' reading and the file's names.
struct KernelCtx<'a> {
    text: &'a str,
    module: &'a ruff_python_ast::ModModule,
    kernels: &'a [front::KernelDef<'a>],
    k: &'a front::KernelDef<'a>,
    called: &'a [String],
    expect: Option<&'a Formula>,
    limits: &'a check::Limits,
    stated: &'a [String],
    names: &'a imports::Names,
}

fn lift_kernel(cx: &KernelCtx) -> Result<Option<KernelResult>, Diagnostic> {
    let claim = |forced: Option<&Forced>| lift_claim(cx, forced);
    let Some((mut r, read)) = claim(None)? else {
        return Ok(None);
    };
    // The claim is the kernel-level one already (no launcher read).
    let Some(read) = read else {
        return Ok(Some(r));
    };
    match (&r.verdict, read.unbacked) {
        // The launcher-level claim read something of the caller's tensors the text does not
        // establish (a layout, a shape shared with another tensor): a refutation stands (a
        // caller can pass such tensors), a proof holds only for them, so the kernel-level
        // claim is what is verified.
        (Verdict::Verified { .. }, Some(note)) => {
            let forced = Forced {
                why: format!("the launcher read, but a proof may not rest on what its text does not establish ({note})"),
                names: read.names,
            };
            match claim(Some(&forced))? {
                Some((kr, _)) if matches!(kr.verdict, Verdict::Verified { .. }) => Ok(Some(kr)),
                other => {
                    let why = match other.map(|(kr, _)| kr.verdict) {
                        Some(Verdict::Unknown { reason }) => reason,
                        Some(v) => v.name().to_string(),
                        None => "none".to_string(),
                    };
                    r.verdict = Verdict::Unknown {
                        reason: format!(
                            "verified only for what the launcher does not establish ({note}); the kernel-level claim: {why}"
                        ),
                    };
                    Ok(Some(r))
                }
            }
        }
        // The launcher-level claim has no formula (its tensors' views do not carry the
        // kernel's offsets): the kernel-level claim, over the kernel's own views, may. Only
        // its proof is taken: a refutation there may need inputs this launcher never passes.
        (Verdict::Unknown { reason }, _) if kernel_level_may_decide(reason) => {
            let forced = Forced {
                why: format!("the launcher read, its own claim unknown ({reason})"),
                names: read.names,
            };
            match within_time(|| claim(Some(&forced))).transpose()? {
                Some(Some((kr, _))) if matches!(kr.verdict, Verdict::Verified { .. }) => {
                    Ok(Some(kr))
                }
                _ => Ok(Some(r)),
            }
        }
        _ => Ok(Some(r)),
    }
}

/// Whether a launcher-level claim that ended `unknown` for `reason` may be decided by the
/// kernel-level claim: a formula not synthesized, an expected formula of another rank, or an
/// output index whose coverage is not read (also one through `//` or `%` of lanes: a
/// persistent kernel's tile id taken apart), over the launcher's views of the tensors (never
/// a bound or a race the launcher's sizes may break: the kernel-level claim would only
/// assume those away). A gather's indices in range is such a precondition too, but one no
/// launcher can establish (it is the data's), so the kernel-level claim that states it is
/// what is proved.
fn kernel_level_may_decide(reason: &str) -> bool {
    reason.contains("was not synthesized")
        || reason.contains("(a gather: its indices in range are a precondition")
        || reason.contains("does not split into")
        || (reason.contains("the formula indexes `") && reason.contains("; it has rank"))
        || (reason.contains("coverage of `") && reason.contains("is not of the form"))
        || (reason.contains("coverage of `") && reason.contains("an output index through `//`"))
}

/// `f()`, or `None` when the function's time runs out in it ([`clock`]); other panics go on
/// unwinding (to [`guarded`]).
fn within_time<T>(f: impl FnOnce() -> T) -> Option<T> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(v) => Some(v),
        Err(payload) if payload.is::<clock::TimeUp>() => None,
        Err(payload) => std::panic::resume_unwind(payload),
    }
}

/// A kernel-level claim made in place of a launcher-level one: why (the claim's first
/// assumption says it), and the launcher's name of the tensor each pointer parameter
/// receives (the kernel-level claim then names its tensors as the launcher does).
struct Forced {
    why: String,
    names: Vec<(String, String)>,
}

/// What a launcher-level claim read: the launcher's name of the tensor each pointer
/// parameter receives, and what of the caller's tensors it read as the text does not
/// establish (contiguous, or with one shape), if anything.
struct LauncherRead {
    names: Vec<(String, String)>,
    unbacked: Option<String>,
}

impl LauncherRead {
    fn of(h: &host::HostModel) -> LauncherRead {
        let names = h
            .args
            .iter()
            .filter_map(|(p, a)| match a {
                host::HostArg::Tensor(t) if !h.tensors[*t].name.starts_with('<') => {
                    Some((p.clone(), h.tensors[*t].name.clone()))
                }
                _ => None,
            })
            .collect();
        LauncherRead {
            names,
            unbacked: h.unbacked.clone(),
        }
    }
}

/// One claim of kernel `k`: the launcher-level one when a launch is read, else (or when
/// `forced` says why not) the kernel-level one; with what the launcher-level claim read
/// (`None` for a kernel-level claim).
fn lift_claim(
    cx: &KernelCtx,
    forced: Option<&Forced>,
) -> Result<Option<(KernelResult, Option<LauncherRead>)>, Diagnostic> {
    let KernelCtx {
        text,
        module,
        kernels,
        k,
        called,
        expect,
        limits,
        stated,
        names,
    } = *cx;
    let mut read: Option<LauncherRead> = None;
    let mut r = KernelResult::bare(
        k.name.clone(),
        k.pos.line,
        k.pos.col,
        Verdict::Unknown {
            reason: String::new(),
        },
    );
    let ptrs = front::pointer_params(k);
    let configs: Vec<Vec<(String, ruff_python_ast::Expr)>> = if k.autotune.is_empty() {
        vec![vec![]]
    } else {
        k.autotune.clone()
    };
    let mut verdicts = Vec::new();
    let deadline = clock::deadline_or(limits.kernel_budget);
    // Each autotune configuration, and in it each case of a capped block size
    // (`host::HostModel::cases`).
    let mut runs: Vec<(&Vec<(String, ruff_python_ast::Expr)>, usize)> =
        configs.iter().map(|c| (c, 0)).collect();
    runs.reverse();
    // The first case's synthesized formula of each flag assignment (`HostModel::variant`).
    let mut firsts: Vec<(Option<String>, Formula)> = Vec::new();
    // Per flag assignment, its formula and verdict name, when the claim sweeps flags.
    let mut variants: Vec<Variant> = Vec::new();
    // Whether the claim is the kernel-level one ([`kernel_level`]): the launcher not read.
    let mut kernel_claim = false;
    // Whether memory safety is the claim's precondition rather than proved (`kernel_level`).
    let mut safety_assumed = false;
    // The element types the body's compile-time decisions depend on ([`eltypes`]): one run
    // of every configuration and case per assignment of them.
    let helpers: Vec<_> = kernels
        .iter()
        .filter(|h| h.callable_by_name())
        .map(|h| h.def)
        .collect();
    let probe = elemkind::infer(text, k, &helpers, &ptrs);
    // Too many assignments: no split, so a query that matters stops the run where it is
    // made (named), and the reasons past it are the kernel's own.
    let assignments = eltypes::assignments(&probe).unwrap_or_else(|_| vec![vec![]]);
    let mut assignments = assignments.into_iter();
    let mut assignment = assignments.next().unwrap_or_default();
    // Whether a run reached the check (a launch was read or assumed).
    let mut launched = false;
    loop {
        let Some((cfg, case)) = runs.pop() else {
            // The next element-type assignment, each configuration and case again.
            match assignments.next() {
                Some(a) if launched => {
                    assignment = a;
                    runs = configs.iter().map(|c| (c, 0)).collect();
                    runs.reverse();
                    continue;
                }
                _ => break,
            }
        };
        let launch = match forced {
            Some(f) => Some(Err(f.why.clone())),
            None => crate::host::launch(text, module, k, &ptrs, cfg, case)
                .map(|l| l.map_err(|(what, pos)| format!("{what} at {pos}"))),
        };
        let host = match launch {
            None if called.contains(&k.name) => break,
            // A device function's appended kernel: the lane-by-lane launch that defines it.
            None if device::is_wrapper(&k.name) => match host::assumed_launch(k, &ptrs) {
                Ok(h) => h,
                Err(why) => {
                    verdicts.push(Verdict::Unknown {
                        reason: format!("{why} (kernel at {})", k.pos),
                    });
                    break;
                }
            },
            // No launch in the file: the kernel-level claim (its 1-D pattern names the tensors
            // `n` elements long as a precondition, never as a shape it assumes).
            None => {
                let unread = format!(
                    "the launcher not read (no launch of `{}` in the file)",
                    k.name
                );
                match kernel_level::launch(k, &ptrs, cfg, case, &unread, &names.constants) {
                    Ok((h, assumed_safe)) => {
                        kernel_claim = true;
                        safety_assumed = assumed_safe;
                        h
                    }
                    Err(why) => {
                        verdicts.push(Verdict::Unknown {
                            reason: format!("{why} (kernel at {})", k.pos),
                        });
                        break;
                    }
                }
            }
            Some(Err(unread)) => {
                let why = match forced {
                    Some(_) => unread.clone(),
                    None => format!("the launcher not read ({unread})"),
                };
                match kernel_level::launch(k, &ptrs, cfg, case, &why, &names.constants) {
                    Ok((mut h, assumed)) => {
                        kernel_claim = true;
                        safety_assumed = assumed;
                        if let Some(f) = forced {
                            kernel_level::named_as(&mut h, &f.names);
                        }
                        h
                    }
                    Err(why) => {
                        verdicts.push(Verdict::Unknown {
                            reason: format!(
                                "the launcher could not be read: {unread}; no kernel-level claim either: {why}"
                            ),
                        });
                        break;
                    }
                }
            }
            Some(Ok(h)) => {
                if read.is_none() {
                    read = Some(LauncherRead::of(&h));
                }
                h
            }
        };
        if case + 1 < host.cases {
            runs.push((cfg, case + 1));
        }
        let mut host = host;
        for a in stated {
            if !host.assumptions.contains(a) {
                host.assumptions.push(a.clone());
            }
        }
        r.launcher = Some(host.launcher.clone());
        let buffers = {
            let mut b = Vec::new();
            for (_, a) in &host.args {
                if let host::HostArg::Tensor(t) = a {
                    if !b.contains(t) {
                        b.push(*t);
                    }
                }
            }
            b
        };
        let helpers: Vec<_> = kernels
            .iter()
            .filter(|h| h.callable_by_name())
            .map(|h| h.def)
            .collect();
        let mut kinds = elemkind::infer(text, k, &helpers, &setup::Setup::pointer_names(k, &host));
        kinds.assigned = assignment.iter().map(|(p, c)| (p.clone(), c.rep)).collect();
        host.assumptions.extend(kinds.stated());
        let variant = match (eltypes::shown(&assignment), host.variant.clone()) {
            (Some(e), Some(f)) => Some(format!("{e}, {f}")),
            (e, f) => e.or(f),
        };
        launched = true;
        let first = firsts
            .iter()
            .find(|(v, _)| *v == variant)
            .map(|(_, f)| f.clone());
        let setup = setup::Setup {
            src: text,
            kernel: k,
            host,
            buffers,
            helpers,
            names: names.clone(),
            kernel_level: kernel_claim,
            safety_assumed,
            formula_of_first_case: expect.is_none() && first.is_some(),
            deadline,
            kinds,
        };
        // Without an expected formula, the first run's synthesized one is what the other runs
        // (configurations, block cases) are checked against: one formula for the kernel.
        let o = check::check(&setup, expect.or(first.as_ref()), limits);
        if expect.is_none() && first.is_none() {
            if let Some(f) = o.formula.as_deref().and_then(|t| Formula::parse(t).ok()) {
                firsts.push((variant.clone(), f));
            }
        }
        if let Some(v) = &variant {
            if !variants.iter().any(|x| x.assignment == *v) {
                variants.push(Variant {
                    assignment: v.clone(),
                    formula: o.formula.clone(),
                    verdict: o.verdict.name().to_string(),
                    reason: None,
                });
            }
        }
        // An output the formula reads before the kernel writes it (`where(c, v, y[i, j])`,
        // a kernel-level case keeping other elements) is an input of the formula too.
        let mut formula_reads = o.reads.clone();
        if let Some(f) = o.formula.as_deref().and_then(|t| Formula::parse(t).ok()) {
            for t in formula::tensors_read(&f) {
                if o.writes.contains(&t) && !formula_reads.contains(&t) {
                    formula_reads.push(t);
                }
            }
        }
        r.signature = Some(emit::signature(&setup.host, &formula_reads, &o.writes));
        if setup.host.launcher == "<kernel-level claim>" {
            let constexprs: Vec<String> = k
                .params
                .iter()
                .filter(|p| p.constexpr)
                .map(|p| p.name.clone())
                .collect();
            let l = emit::launch(&setup.host, &constexprs);
            if !r.launches.contains(&l) {
                r.launches.push(l);
            }
        }
        r.formula = o.formula.or(r.formula.take());
        r.reads = o.reads;
        r.writes = o.writes;
        for a in o.assumptions {
            if !r.assumptions.contains(&a) {
                r.assumptions.push(a);
            }
        }
        let stop = !matches!(o.verdict, Verdict::Verified { .. });
        let verdict = eltypes::narrowed(o.verdict, &assignment);
        if let Some(v) = &variant {
            if let Some(x) = variants.iter_mut().find(|x| x.assignment == *v) {
                x.verdict = verdict.name().to_string();
                x.reason = match &verdict {
                    Verdict::Unknown { reason } => Some(reason.clone()),
                    Verdict::Refuted { counterexample } => Some(refutation(counterexample)),
                    _ => None,
                };
            }
        }
        verdicts.push(match (verdict, &variant) {
            (Verdict::Unknown { reason }, Some(v)) => Verdict::Unknown {
                reason: format!("with {v}: {reason}"),
            },
            (Verdict::Refuted { mut counterexample }, Some(v)) => {
                counterexample.instance = format!("{}, with {v}", counterexample.instance);
                Verdict::Refuted { counterexample }
            }
            (verdict, _) => verdict,
        });
        if stop {
            // The next element-type assignment still gets its verdict.
            runs.clear();
        }
    }
    if verdicts.is_empty() {
        return Ok(None); // a helper, inlined where the kernels call it
    }
    r.verdict = combine(verdicts, configs.len());
    if variants.len() > 1 {
        // One formula per flag assignment: the record's own is none of them.
        r.formula = None;
        r.variants = variants;
    }
    Ok(Some((r, read)))
}

/// A refutation in brief, for a variant's line: where the kernel and the formula differ.
fn refutation(c: &report::Counterexample) -> String {
    let what = match &c.mismatch {
        report::Mismatch::Value { index, lhs, rhs } => {
            let at: Vec<String> = index.iter().map(|(n, v)| format!("{n} = {v}")).collect();
            format!(
                "at {} the kernel gives {lhs}, the formula {rhs}",
                at.join(", ")
            )
        }
        report::Mismatch::TargetUb { what } => what.clone(),
        other => format!("{other:?}"),
    };
    format!("refuted: {what} ({})", c.instance)
}

/// Runs `lift` for kernel `k`, turning a panic into that kernel's `error` record.
fn guarded(
    src: &str,
    ki: usize,
    k: &front::KernelDef,
    budget: Duration,
    lift: impl FnOnce() -> Result<Option<(usize, KernelResult)>, Diagnostic>,
) -> Result<Option<(usize, KernelResult)>, Diagnostic> {
    clock::start(budget);
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(lift));
    clock::stop();
    match result {
        Ok(r) => r,
        Err(payload) if payload.is::<clock::TimeUp>() => {
            let reason = format!(
                "stopped: the function's CPU time of {} s is up (evaluating its blocks)",
                budget.as_secs()
            );
            let mut r = KernelResult::bare(
                k.name.clone(),
                k.pos.line,
                k.pos.col,
                Verdict::Unknown { reason },
            );
            r.seconds = budget.as_secs_f64();
            Ok(Some((ki, r)))
        }
        Err(payload) => {
            let what = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a panic".into());
            let at = offset_of(src, k.pos);
            let diagnostics = vec![Diagnostic {
                span: Span {
                    start: at,
                    end: at + k.name.len(),
                },
                message: format!("internal error (a bug) while lifting `{}`: {what}", k.name),
            }];
            let r = KernelResult::bare(
                k.name.clone(),
                k.pos.line,
                k.pos.col,
                Verdict::Error { diagnostics },
            );
            Ok(Some((ki, r)))
        }
    }
}

/// A device function lifted as a function of its arguments ([`device`]): the kernel that
/// applies it lane by lane, appended to the file's text, checked as any kernel. A constexpr
/// parameter with no default that the body uses as a flag or a block size
/// ([`kernel_level::device_roles`]) takes each of its values, each a variant with its own
/// formula and verdict; one used as a number is an argument like the others.
fn lift_device(
    text: &str,
    k: &front::KernelDef,
    limits: &check::Limits,
    names: &imports::Names,
) -> KernelResult {
    let start = Instant::now();
    let roles = match kernel_level::device_roles(k, &names.constants) {
        Ok(r) => r,
        Err(why) => {
            let mut r = KernelResult::bare(
                k.name.clone(),
                k.pos.line,
                k.pos.col,
                Verdict::Unknown { reason: why },
            );
            r.kind = Kind::DeviceFunction;
            return r;
        }
    };
    let swept: Vec<(&String, &Vec<String>, &String)> = roles
        .iter()
        .filter_map(|(n, r)| match r {
            kernel_level::DeviceRole::Values(vs, note) => Some((n, vs, note)),
            kernel_level::DeviceRole::Argument => None,
        })
        .collect();
    let count: usize = swept.iter().map(|(_, vs, _)| vs.len()).product();
    let mut runs: Vec<(Option<String>, KernelResult)> = Vec::new();
    for case in 0..count.clamp(1, kernel_level::MAX_DEVICE_VARIANTS) {
        let mut fixed = Vec::new();
        let mut k_left = case;
        for (n, vs, _) in &swept {
            fixed.push(((*n).clone(), vs[k_left % vs.len()].clone()));
            k_left /= vs.len();
        }
        let label = fixed
            .iter()
            .map(|(n, v)| format!("`{n}` = {v}"))
            .collect::<Vec<_>>()
            .join(", ");
        let r = lift_device_once(text, k, &fixed, limits, names);
        runs.push(((!label.is_empty()).then_some(label), r));
    }
    let notes: Vec<String> = swept.iter().map(|(_, _, n)| (*n).clone()).collect();
    let first = runs.remove(0);
    let mut r = device_variants(first, runs, &notes);
    if count > kernel_level::MAX_DEVICE_VARIANTS {
        r.verdict = Verdict::Unknown {
            reason: format!(
                "{count} assignments of the constexprs of the device function (at most {} are checked)",
                kernel_level::MAX_DEVICE_VARIANTS
            ),
        };
    }
    r.seconds = start.elapsed().as_secs_f64();
    r
}

/// One record from a device function's runs, one per assignment of its swept constexprs
/// (`None`: there are none): each assignment a variant with its formula and verdict; the
/// verdict a refutation if any, else the first that is no proof, else the proof with each
/// run's assumptions and `notes`.
fn device_variants(
    (label, first): (Option<String>, KernelResult),
    runs: Vec<(Option<String>, KernelResult)>,
    notes: &[String],
) -> KernelResult {
    let Some(label) = label else {
        return first; // nothing swept: the one run is the record
    };
    let mut all = vec![(label, first)];
    all.extend(runs.into_iter().map(|(l, r)| (l.unwrap_or_default(), r)));
    let mut r = all[0].1.clone();
    let mut verdicts = Vec::new();
    r.variants = Vec::new();
    r.assumptions = Vec::new();
    for (label, x) in &all {
        let reason = match &x.verdict {
            Verdict::Unknown { reason } => Some(reason.clone()),
            Verdict::Refuted { counterexample } => Some(refutation(counterexample)),
            _ => None,
        };
        if x.variants.is_empty() {
            r.variants.push(Variant {
                assignment: label.clone(),
                formula: x.formula.clone(),
                verdict: x.verdict.name().to_string(),
                reason,
            });
        }
        for v in &x.variants {
            r.variants.push(Variant {
                assignment: format!("{label}, {}", v.assignment),
                ..v.clone()
            });
        }
        for a in &x.assumptions {
            if !r.assumptions.contains(a) {
                r.assumptions.push(a.clone());
            }
        }
        verdicts.push(match x.verdict.clone() {
            Verdict::Unknown { reason } => Verdict::Unknown {
                reason: format!("with {label}: {reason}"),
            },
            Verdict::Refuted { mut counterexample } => {
                counterexample.instance = format!("{}, with {label}", counterexample.instance);
                Verdict::Refuted { counterexample }
            }
            v => v,
        });
    }
    r.assumptions.extend(notes.iter().cloned());
    r.verdict = match combine(verdicts, 1) {
        Verdict::Verified { mut assumptions } => {
            assumptions.extend(notes.iter().cloned());
            Verdict::Verified { assumptions }
        }
        v => v,
    };
    if r.variants.len() > 1 {
        r.formula = None;
        r.formula_raw = None;
        r.readable = None;
    }
    r
}

/// A device function applied lane by lane with the constexprs of `fixed` given their
/// literals.
fn lift_device_once(
    text: &str,
    k: &front::KernelDef,
    fixed: &[(String, String)],
    limits: &check::Limits,
    names: &imports::Names,
) -> KernelResult {
    let start = Instant::now();
    let mut r = KernelResult::bare(
        k.name.clone(),
        k.pos.line,
        k.pos.col,
        Verdict::Unknown {
            reason: String::new(),
        },
    );
    r.kind = Kind::DeviceFunction;
    let unknown = |mut r: KernelResult, reason: String| {
        r.verdict = Verdict::Unknown { reason };
        r
    };
    let (wrapper, outputs) = match device::wrapper_source(k, fixed) {
        Ok(w) => w,
        Err(why) => return unknown(r, why),
    };
    let full = format!("{text}{wrapper}");
    let Ok(parsed) = ruff_python_parser::parse_module(&full) else {
        return unknown(
            r,
            format!(
                "the device function `{}` could not be applied lane by lane",
                k.name
            ),
        );
    };
    let module = parsed.syntax();
    // This definition is the one the wrapper calls, wherever it is (under an `if`, inside a
    // test function): the file's other functions of its name are dropped.
    let mut kernels = front::kernels(&full, module);
    let at = k.def.range.start();
    kernels.retain(|x| x.name != k.name || x.def.range.start() == at);
    for x in kernels.iter_mut().filter(|x| x.name == k.name) {
        x.place = front::Place::Module;
    }
    let wname = device::wrapper_name(&k.name);
    let (Some(w), Some(f)) = (
        kernels.iter().find(|x| x.name == wname),
        kernels.iter().find(|x| x.name == k.name),
    ) else {
        return unknown(
            r,
            format!(
                "the device function `{}` could not be applied lane by lane",
                k.name
            ),
        );
    };
    let moved = consts::rounded_literals(&full, &[f.def]);
    let run = |e: Option<&Formula>| {
        lift_kernel(&KernelCtx {
            text: &full,
            module,
            kernels: &kernels,
            k: w,
            called: &[],
            expect: e,
            limits,
            stated: &moved,
            names,
        })
    };
    let mut lifted = match run(None) {
        Ok(Some(x)) => x,
        Ok(None) | Err(_) => {
            return unknown(
                r,
                format!(
                    "the device function `{}` could not be applied lane by lane",
                    k.name
                ),
            );
        }
    };
    simplified(&mut lifted, run);
    render(&mut lifted);
    let as_fn = |t: &Option<String>| {
        t.as_deref()
            .map(|t| device::as_function(t, f, &outputs, fixed))
    };
    r.formula = as_fn(&lifted.formula);
    r.formula_raw = as_fn(&lifted.formula_raw);
    // The element-type variants of the applying kernel's arguments (`eltypes`).
    r.variants = lifted
        .variants
        .iter()
        .map(|v| Variant {
            // The applying kernel's `x_ptr` is the function's argument `x`.
            assignment: v.assignment.replace("_ptr`", "`"),
            formula: as_fn(&v.formula),
            ..v.clone()
        })
        .collect();
    r.readable = as_fn(&lifted.readable);
    r.readable_notes = lifted.readable_notes;
    // (the LaTeX and NumPy renderings are of the applying kernel's tensors: not kept)
    r.nodes_before = lifted.nodes_before;
    r.nodes_after = lifted.nodes_after;
    // What only the applying kernel needs (its launch, buffers, sizes and offsets).
    const OF_THE_WRAPPER: &[&str] = &[
        "no launcher in the file",
        "buffers of different tensors",
        "every size is at least 1",
        "index arithmetic is exact",
    ];
    let stated = |a: &String| !OF_THE_WRAPPER.iter().any(|w| a.starts_with(w));
    r.assumptions = lifted.assumptions.into_iter().filter(stated).collect();
    // Arguments whose loads the body uses as integers are integers (`crate::elemkind`).
    let kinds = if r
        .assumptions
        .iter()
        .any(|a| a.contains("this variant's element type"))
    {
        "each of the element type its variant names where one is named (`eltypes`), else a float"
    } else if r.assumptions.iter().any(|a| a.contains(" holds integers ")) {
        "each a float, or an integer where its `ARG_ptr` is stated to hold integers"
    } else {
        "each a float"
    };
    r.assumptions.push(format!(
        "a device function: its formula for every value of its arguments ({kinds}), applied lane by lane"
    ));
    r.verdict = match lifted.verdict {
        Verdict::Verified { assumptions } => Verdict::Verified {
            assumptions: assumptions
                .into_iter()
                .filter(stated)
                .chain(r.assumptions.last().cloned())
                .collect(),
        },
        other => other,
    };
    r.seconds = start.elapsed().as_secs_f64();
    r
}

/// The byte offset of a 1-based line and column (in characters).
fn offset_of(text: &str, pos: mem::Pos) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(pos.line.saturating_sub(1))
        .map(str::len)
        .sum();
    let line = text[start.min(text.len())..].lines().next().unwrap_or("");
    start
        + line
            .char_indices()
            .nth(pos.col.saturating_sub(1))
            .map(|(i, _)| i)
            .unwrap_or(line.len())
}

/// The simplified formula (e-graph, [`simplify`]): printed as the formula only when it was
/// itself checked against the kernel and verified, so the printed formula is always a proved
/// one; otherwise kept as `readable`, with what it rests on.
fn simplified(
    r: &mut KernelResult,
    recheck: impl Fn(Option<&Formula>) -> Result<Option<KernelResult>, Diagnostic>,
) {
    let Some(raw) = r.formula.as_ref().and_then(|t| Formula::parse(t).ok()) else {
        return;
    };
    let Some(s) = simplify::simplify(&raw, simplify::Budget::default()) else {
        return;
    };
    r.nodes_before = Some(s.nodes_before);
    r.nodes_after = Some(s.nodes_after);
    r.named = named::forms(&s.formula, r.signature.as_ref());
    if s.formula == raw {
        return;
    }
    let checked = (matches!(r.verdict, Verdict::Verified { .. }) && s.readings.is_empty())
        .then(|| recheck(Some(&s.formula)).ok().flatten())
        .flatten()
        .filter(|again| matches!(again.verdict, Verdict::Verified { .. }));
    match checked {
        Some(again) => {
            let raw_text = r.formula.take();
            r.verdict = again.verdict;
            r.assumptions = again.assumptions;
            r.formula = Some(s.formula.to_string());
            r.formula_raw = raw_text;
        }
        None => {
            r.readable = Some(s.formula.to_string());
            let mut why = vec![
                "equal to the formula over the reals by e-graph rewriting, wherever divisors \
                 are nonzero and logarithms' arguments positive"
                    .to_string(),
            ];
            why.extend(s.readings.iter().cloned());
            why.push(if !s.readings.is_empty() {
                "not itself checked against the kernel (it rests on the readings above)".into()
            } else if matches!(r.verdict, Verdict::Verified { .. }) {
                "not itself verified against the kernel (its functions are uninterpreted there)"
                    .into()
            } else {
                "not itself checked against the kernel".into()
            });
            r.readable_notes = why;
        }
    }
    r.nodes_after = Some(simplify::size_of(&s.formula));
}

/// The formula's LaTeX and NumPy renderings, when it parses and fits the signature.
fn render(r: &mut KernelResult) {
    let (Some(text), Some(sig)) = (&r.formula, &r.signature) else {
        return;
    };
    let Ok(f) = Formula::parse(text) else {
        return;
    };
    let mut bound: Vec<String> = sig.sizes.iter().map(|(n, _)| n.clone()).collect();
    bound.extend(sig.scalars.iter().cloned());
    r.latex = Some(emit::latex(&f, &bound));
    r.numpy = emit::numpy(&f, sig).ok();
}

/// One verdict for all autotune configurations: the first that is not verified, or verified
/// with the assumptions of all.
fn combine(vs: Vec<Verdict>, configs: usize) -> Verdict {
    // A refutation (of one element-type variant, `eltypes`) is the kernel's, whatever the
    // other variants give; else the first verdict that is no proof.
    if let Some(v) = vs.iter().find(|v| matches!(v, Verdict::Refuted { .. })) {
        return v.clone();
    }
    let mut assumptions = Vec::new();
    for v in vs {
        match v {
            Verdict::Verified { assumptions: a } => {
                for x in a {
                    if !assumptions.contains(&x) {
                        assumptions.push(x);
                    }
                }
            }
            other => return other,
        }
    }
    if configs > 1 {
        assumptions.push(format!(
            "checked for each of the {configs} autotune configurations"
        ));
    }
    Verdict::Verified { assumptions }
}
