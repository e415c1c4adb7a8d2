//! Command-line options shared by the subcommands.

use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug)]
pub struct Common {
    pub paths: Vec<PathBuf>,
    pub jobs: usize,
    pub timeout: Duration,
    pub json: bool,
    pub dump_smt: Option<PathBuf>,
    pub quiet: bool,
}

/// The rules of mlir-tv's `--use-fn-argument-dims=g@i,h@j`: the results of the external
/// function `@g` have the dims of its argument `i` ([`mlirsem::Options::same_dims`]).
pub fn fn_arg_dims(spec: &str) -> Result<Vec<(String, usize)>, String> {
    spec.split(',')
        .map(|rule| {
            let (g, i) = rule.rsplit_once('@').unwrap_or((rule, ""));
            match i.parse() {
                Ok(i) if !g.is_empty() => Ok((g.trim_start_matches('@').to_string(), i)),
                _ => Err(format!(
                    "--use-fn-argument-dims needs FUNCTION@ARGUMENT, not `{rule}`"
                )),
            }
        })
        .collect()
}

pub fn parse(args: &[String]) -> Result<Common, String> {
    let mut c = Common {
        paths: vec![],
        jobs: std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1),
        timeout: Duration::from_secs(10),
        json: false,
        dump_smt: None,
        quiet: false,
    };
    let mut i = 0;
    let value = |i: &mut usize, flag: &str| -> Result<String, String> {
        *i += 1;
        args.get(*i).cloned().ok_or(format!("{flag} needs a value"))
    };
    while i < args.len() {
        let a = &args[i];
        match a.as_str() {
            "--jobs" | "-j" => {
                let v = value(&mut i, a)?;
                c.jobs = v
                    .parse()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or(format!("--jobs needs a positive number, not `{v}`"))?;
            }
            "--timeout" => {
                let v = value(&mut i, a)?;
                let s: f64 = v
                    .parse()
                    .ok()
                    .filter(|s: &f64| *s > 0.0)
                    .ok_or(format!("--timeout needs seconds, not `{v}`"))?;
                c.timeout = Duration::from_secs_f64(s);
            }
            "--json" => c.json = true,
            "--quiet" | "-q" => c.quiet = true,
            "--dump-smt" => c.dump_smt = Some(PathBuf::from(value(&mut i, a)?)),
            s if s.starts_with('-') => return Err(format!("unknown option `{s}`")),
            p => c.paths.push(PathBuf::from(p)),
        }
        i += 1;
    }
    Ok(c)
}
