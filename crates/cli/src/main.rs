//! `tensorproof`: the command-line front of every checker. The only crate that touches files,
//! the terminal, JSON output and exit codes.
//!
//! Every job (a rule, an MLIR pair) runs in a worker process (`pool`, `worker`): a crash is that
//! job's `error`, and results are printed as they finish.

mod args;
mod bench_table;
mod differential;
mod dump;
mod expect;
mod files;
mod halide_cmd;
mod lift_bench;
mod lift_bench_real;
mod lift_cmd;
mod mlir_bench;
mod mlir_cmd;
mod mlir_suite;
mod modules;
mod out;
mod pool;
mod reason_class;
mod rules_cmd;
mod tool_run;
mod worker;
mod xla_bench;
mod xla_cmd;

use args::{Cli, Command};
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            // Help and version go to stdout with exit 0; usage errors to stderr with exit 2.
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let code = match cli.command {
        Command::Rules(a) => rules_cmd::run(a),
        Command::Bench(a) if a.lift => lift_bench::run(a),
        Command::Bench(a) if a.xla => xla_bench::run(a),
        Command::Bench(a) if a.mlir => mlir_bench::run(a),
        Command::Bench(a) => rules_cmd::bench(a),
        Command::Mlir(a) => mlir_cmd::run(a),
        Command::Lift(a) => lift_cmd::run(a),
        Command::Halide(a) => halide_cmd::run(a),
        Command::Xla(a) => xla_cmd::run(a),
        Command::Worker => worker::serve(),
    };
    ExitCode::from(code as u8)
}
