//! `tensorproof`: the command-line front of every checker. The only crate that touches files,
//! the terminal, JSON output and exit codes.

mod args;
mod mlir_cmd;
mod mlir_suite;
mod rules_cmd;

use std::process::ExitCode;

const USAGE: &str = "\
tensorproof: prove, or refute with a concrete counterexample, that tensor programs mean what they should

usage:
  tensorproof rules PATH... [options]   check rewrite rules (.rule files or folders, recursively)
  tensorproof bench [PATH...] [options] time every rule (default: corpus/rules/xla)
  tensorproof mlir SRC TGT [--function NAME] [--timeout SECS] [--json] [--dump-smt DIR]
                                        does every function of TGT refine SRC's?
  tensorproof mlir --suite DIR [options] [--budget SECS]
                                        every *.src.mlir/*.tgt.mlir pair under DIR, against
                                        manifest.csv or `// expect:` headers (docs/mlir.md)
  tensorproof help                      this text

options:
  --jobs N         parallel jobs (default: all cores)
  --timeout SECS   per solver query (default: 10)
  --json           JSON Lines on stdout, one object per rule
  --dump-smt DIR   write every solver query as SMT-LIB into DIR
  --quiet          no progress on stderr

exit codes: 0 all verified (or vacuous), 1 something refuted, 2 bad input, 3 something unknown
";

fn main() -> ExitCode {
    let argv = split_attached(std::env::args().skip(1).collect());
    if argv.len() > 1 && argv[1..].iter().any(|a| a == "--help" || a == "-h") {
        print!("{USAGE}");
        return ExitCode::from(0);
    }
    let code = match argv.first().map(|s| s.as_str()) {
        Some("rules") => rules_cmd::run(&argv[1..], false),
        Some("bench") => rules_cmd::run(&argv[1..], true),
        Some("mlir") => mlir_cmd::run(&argv[1..]),
        Some("help") | Some("--help") | Some("-h") | None => {
            print!("{USAGE}");
            0
        }
        Some("--version") | Some("version") => {
            println!("tensorproof {}", env!("CARGO_PKG_VERSION"));
            0
        }
        Some(other) => {
            eprintln!("tensorproof: unknown command `{other}`\n\n{USAGE}");
            2
        }
    };
    ExitCode::from(code as u8)
}

/// `--flag=value` and `-jN` as two arguments, so every subcommand's parser sees one form.
fn split_attached(argv: Vec<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(argv.len());
    for a in argv {
        if let Some((flag, value)) = a.split_once('=').filter(|(f, _)| f.starts_with("--")) {
            out.push(flag.to_string());
            out.push(value.to_string());
        } else if let Some(n) = a.strip_prefix("-j").filter(|n| !n.is_empty()) {
            out.push("-j".to_string());
            out.push(n.to_string());
        } else {
            out.push(a);
        }
    }
    out
}
