//! The command line (clap): one struct per subcommand, with value checks, so that no option
//! value can panic or start something unreasonable.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::time::Duration;

const EXIT_CODES: &str = "\
Exit codes:
  0  every claim verified (or vacuous); with expectations: every expectation met
  1  something refuted; with expectations: a verdict contradicts its expectation
  2  bad input or an internal error (a diagnostic with file, line, column and a caret)
  3  something unknown; with expectations: an expectation not met otherwise";

#[derive(Parser, Debug)]
#[command(
    name = "tensorproof",
    version,
    about = "Prove, or refute with a replayed counterexample, that tensor programs mean what they should",
    after_help = EXIT_CODES,
    propagate_version = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Check rewrite rules for tensors of every rank and size (.rule files or folders)
    #[command(after_help = EXIT_CODES)]
    Rules(RulesArgs),
    /// Time every rule of a corpus (default: corpus/rules/xla), or with --lift every Triton kernel (default: corpus/lift)
    #[command(after_help = EXIT_CODES)]
    Bench(BenchArgs),
    /// Check that every function of the MLIR file TGT refines the same-named one of SRC
    #[command(after_help = EXIT_CODES)]
    Mlir(MlirArgs),
    /// What each Triton kernel of a Python file computes, as a formula proved for all sizes
    #[command(after_help = EXIT_CODES)]
    Lift(LiftArgs),
    /// Check that a Halide-scheduled loop program (STMT) computes its algorithm (SPEC)
    #[command(after_help = EXIT_CODES)]
    Halide(HalideArgs),
    /// Check that XLA's optimizations kept a program's meaning: BEFORE.hlo AFTER.hlo, or a JAX model MODEL.py
    #[command(after_help = EXIT_CODES)]
    Xla(XlaArgs),
    /// Internal: answer jobs on stdin (one crashing job never ends a batch)
    #[command(hide = true)]
    Worker,
}

/// Options every checking command has.
#[derive(Args, Debug, Clone)]
pub struct RunOpts {
    /// Parallel jobs, each in a worker process (1 to 256) [default: the number of cores]
    #[arg(short = 'j', long, value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<usize>,
    /// Seconds per solver query (more than 0, at most 86400)
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_secs)]
    pub timeout: Duration,
    /// Seconds one job may take in all before it is stopped (unknown; for lift, also each function's own time, else 3 x timeout, at least 20) [default: rules 60 x timeout, at least 300; mlir 6 x timeout, at least 60; lift and halide 12 x timeout, at least 120]
    #[arg(long, value_name = "SECS", value_parser = parse_secs)]
    pub budget: Option<Duration>,
    /// JSON Lines on stdout: one record per job, then a summary record (docs/json.md)
    #[arg(long)]
    pub json: bool,
    /// No progress bar on stderr
    #[arg(short, long)]
    pub quiet: bool,
    /// In JSON, every element of a counterexample's tensors (else those beyond 4096 elements are summarized)
    #[arg(long)]
    pub full_values: bool,
}

impl RunOpts {
    /// A job's budget: `--budget`, else `per_query` times the query timeout, at least `floor`.
    pub fn budget_or(&self, per_query: u32, floor: Duration) -> Duration {
        self.budget
            .unwrap_or_else(|| (self.timeout * per_query).max(floor))
    }

    pub fn workers(&self) -> usize {
        self.jobs.unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
                .min(MAX_JOBS)
        })
    }
}

#[derive(Args, Debug)]
pub struct RulesArgs {
    /// .rule files, or folders searched recursively for them
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub run: RunOpts,
    /// Write every solver query as SMT-LIB into DIR (one file per query)
    #[arg(long, value_name = "DIR")]
    pub dump_smt: Option<PathBuf>,
    /// Judge verdicts against the files' `// expect:` headers (exit codes: see below)
    #[arg(long)]
    pub expectations: bool,
    /// Check float element types (f16, bf16, f32, f64) with subnormals flushed to zero, as
    /// XLA:CPU runs (FTZ/DAZ); a rule may also say `for f32 (ftz)`
    #[arg(long)]
    pub ftz: bool,
    /// Check rules declared over `real` at this float type instead (f16, bf16, f32, f64): the
    /// catalogue over reals run in IEEE 754; `// expect:` headers (about reals) are not judged
    #[arg(long, value_name = "TYPE", value_parser = parse_float_type)]
    pub real_as: Option<String>,
}

#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("timed").args(["lift", "xla", "mlir"])))]
pub struct BenchArgs {
    /// .rule files or folders [default: corpus/rules/xla]; with --lift, .py files or folders [default: corpus/lift]; with --xla, folders of NAME.before.hlo/NAME.after.hlo pairs or such files [default: corpus/xla corpus/xla-realistic]; with --mlir, folders of NAME/src.mlir and NAME/STEP.mlir [default: corpus/mlir-real]
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Time `tensorproof lift` instead of rules: each file lifted --runs times in one process; per kernel the median wall and CPU time, the corpus total
    #[arg(long)]
    pub lift: bool,
    /// Time `tensorproof xla` instead of rules: each HLO pair checked --runs times in one process; per program the median wall and CPU time (solver processes included), the corpus median and max, each against 30 s
    #[arg(long)]
    pub xla: bool,
    /// Time `tensorproof mlir` instead of rules: every NAME/STEP.mlir against NAME/src.mlir of folders laid out as corpus/mlir-real (the default), checked --runs times in one process; per pair the verdict (against the folder's expectations.tsv) and the median wall and CPU time, the median and max over the pairs, each against 30 s
    #[arg(long)]
    pub mlir: bool,
    /// With --lift, --xla or --mlir: how many times each file is timed (the medians are over these), 1 to 100
    #[arg(long, value_name = "N", default_value = "3", value_parser = clap::value_parser!(u32).range(1..=100), requires = "timed")]
    pub runs: u32,
    /// Time rules declared over `real` at this float type instead (f16, bf16, f32, f64); `// expect:` headers are not judged
    #[arg(long, value_name = "TYPE", value_parser = parse_float_type, conflicts_with = "timed")]
    pub real_as: Option<String>,
    #[command(flatten)]
    pub run: RunOpts,
}

#[derive(Args, Debug)]
pub struct MlirArgs {
    /// The source and the target MLIR files
    #[arg(value_name = "FILE", num_args = 0..=2, required_unless_present = "suite")]
    pub files: Vec<PathBuf>,
    /// Every *.src.mlir/*.tgt.mlir pair under DIR, judged against manifest.csv or `// expect:` headers
    #[arg(long, value_name = "DIR", conflicts_with = "files")]
    pub suite: Option<PathBuf>,
    /// The documented reading disputes of a suite (CSV: test,verdict,reason) [default: the shipped corpus/mlir-tv-disputes.csv]
    #[arg(long, value_name = "FILE", requires = "suite")]
    pub disputes: Option<PathBuf>,
    /// Only this function
    #[arg(long, value_name = "NAME")]
    pub function: Option<String>,
    /// Treat +0.0 and -0.0 as equal in results (mlir-tv's --use-neg-zero); named in the verdict
    #[arg(long)]
    pub no_signed_zeros: bool,
    /// Results of the external function @G have the dims of its argument I (G@I,...)
    #[arg(long, value_name = "G@I,...", value_parser = parse_fn_arg_dims)]
    pub use_fn_argument_dims: Vec<Vec<(String, usize)>>,
    /// Write every solver query as SMT-LIB into DIR (one file per query)
    #[arg(long, value_name = "DIR")]
    pub dump_smt: Option<PathBuf>,
    #[command(flatten)]
    pub run: RunOpts,
}

#[derive(Args, Debug)]
pub struct LiftArgs {
    /// Python files with @triton.jit kernels and their launchers (never imported or run)
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Check this formula (docs/lift.md) instead of the synthesized one: verified or refuted
    #[arg(long, value_name = "FORMULA")]
    pub expect: Option<String>,
    /// Judge verdicts against the files' `# expect:` headers, checking each file's `# formula:` header (exit codes: see below)
    #[arg(long)]
    pub expectations: bool,
    /// Also print each formula in LaTeX (JSON always has `latex`)
    #[arg(long)]
    pub latex: bool,
    /// Also print each formula as NumPy source, `def formula(**inputs)` (JSON always has `numpy`)
    #[arg(long)]
    pub numpy: bool,
    /// Run the file's launchers in Triton's CPU interpreter on random inputs and compare with the NumPy formula (imports and runs the file; Python from $TENSORPROOF_PYTHON, else .venv/bin/python); a disagreement exits 1
    #[arg(long)]
    pub differential: bool,
    /// Only the `@triton.jit` functions of this name (repeatable) [default: every function]
    #[arg(long, value_name = "NAME")]
    pub kernel: Vec<String>,
    #[command(flatten)]
    pub run: RunOpts,
}

#[derive(Args, Debug)]
pub struct HalideArgs {
    /// The algorithm (.spec) and the statement Halide printed (.stmt), docs/halide.md; or a pipeline module (.py, run with Halide 21 by tools/halide_export.py)
    #[arg(value_name = "FILE", num_args = 0..=2, required_unless_present = "suite")]
    pub files: Vec<PathBuf>,
    /// With a pipeline module: only this schedule (repeatable) [default: every schedule]
    #[arg(long, value_name = "NAME")]
    pub schedule: Vec<String>,
    /// Every .stmt under DIR against its algorithm (`# spec:` header or the same stem), judged against DIR/manifest.json when present, else `# expect:` headers
    #[arg(long, value_name = "DIR", conflicts_with = "files")]
    pub suite: Option<PathBuf>,
    /// The benchmark: check every case N times and report each case's median wall and CPU seconds (1 to 100)
    #[arg(long, value_name = "N", default_value = "1", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub runs: u32,
    /// Write every obligation as an SMT-LIB script into DIR (one file per query, named after the case)
    #[arg(long, value_name = "DIR")]
    pub dump_smt: Option<PathBuf>,
    #[command(flatten)]
    pub run: RunOpts,
}

fn parse_float_type(s: &str) -> Result<String, String> {
    match rules::float_type_named(s) {
        Some(_) => Ok(s.to_string()),
        None => Err(format!("`{s}` is not a float type (f16, bf16, f32, f64)")),
    }
}

/// More parallel jobs than this is a typo, not a machine.
pub const MAX_JOBS: usize = 256;

fn parse_jobs(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=MAX_JOBS).contains(&n) => Ok(n),
        _ => Err(format!(
            "`{s}` is not a number of jobs from 1 to {MAX_JOBS}"
        )),
    }
}

/// The longest timeout or budget accepted: one day.
const MAX_SECS: f64 = 86_400.0;

pub fn parse_secs(s: &str) -> Result<Duration, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 && x <= MAX_SECS => Ok(Duration::from_secs_f64(x)),
        _ => Err(format!(
            "`{s}` is not a number of seconds above 0 and at most {MAX_SECS}"
        )),
    }
}

/// mlir-tv's `--use-fn-argument-dims=g@i,h@j`: the results of the external function `@g` have
/// the dims of its argument `i` ([`mlirsem::Options::same_dims`]).
pub fn parse_fn_arg_dims(spec: &str) -> Result<Vec<(String, usize)>, String> {
    spec.split(',')
        .map(|rule| {
            let (g, i) = rule.rsplit_once('@').unwrap_or((rule, ""));
            match i.parse() {
                Ok(i) if !g.is_empty() => Ok((g.trim_start_matches('@').to_string(), i)),
                _ => Err(format!("needs FUNCTION@ARGUMENT, not `{rule}`")),
            }
        })
        .collect()
}

/// Seconds as people write them: `0.5 s`, `10 s`, `600 s`.
pub fn show_secs(s: f64) -> String {
    let t = format!("{s:.3}");
    let t = t.trim_end_matches('0').trim_end_matches('.');
    format!("{t} s")
}

#[derive(Args, Debug)]
pub struct XlaArgs {
    /// The HLO texts before and after optimization (docs/xla.md), or a JAX model (.py defining `f` and `ARGS`, run by tools/xla_dump.py)
    #[arg(value_name = "FILE", num_args = 1..=2, required = true)]
    pub files: Vec<PathBuf>,
    /// IEEE 754 with subnormals kept (default: flushed to zero, as XLA:CPU runs)
    #[arg(long)]
    pub no_ftz: bool,
    /// With a JAX model: also write XLA's per-pass dumps
    #[arg(long)]
    pub passes: bool,
    /// Each reduction folds left in row-major order, as written: a float sum that XLA splits
    /// into chunks or merges is refuted when the orders give different floats (default: the
    /// order is unspecified, as in XLA's semantics, named in the verdict)
    #[arg(long)]
    pub strict_reduce_order: bool,
    #[command(flatten)]
    pub run: RunOpts,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_values() {
        for bad in ["inf", "1e30", "-1", "0", "nan", "x", ""] {
            assert!(parse_secs(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_secs("0.5"), Ok(Duration::from_millis(500)));
        for bad in ["0", "100000", "-3", "two"] {
            assert!(parse_jobs(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_jobs("4"), Ok(4));
        assert_eq!(show_secs(0.5), "0.5 s");
        assert_eq!(show_secs(600.0), "600 s");
        assert!(parse_fn_arg_dims("g@x").is_err());
        assert_eq!(parse_fn_arg_dims("@g@1"), Ok(vec![("g".into(), 1)]));
    }
}
