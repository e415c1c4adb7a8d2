//! `cargo run --release -p lift --example lift -- FILE [--expect FORMULA] [--latex] [--numpy]`: the library API
//! on one file (the CLI's `tensorproof lift` is the real front door).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: lift FILE [--expect FORMULA] [--latex] [--numpy]");
        std::process::exit(2);
    };
    let mut opts = lift::Options::default();
    if let Some(k) = args.iter().position(|a| a == "--expect") {
        opts.expect = args.get(k + 1).cloned();
    }
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {path}: {e}");
            std::process::exit(2);
        }
    };
    match lift::lift_file(path, &text, &opts) {
        Err(ds) => {
            for d in ds {
                eprint!("{}", report::render_diagnostic(path, &text, &d));
            }
            std::process::exit(2);
        }
        Ok(rs) => {
            for r in rs {
                println!(
                    "{:<9} {}:{} {} ({:.2} s)",
                    r.verdict.name(),
                    path,
                    r.line,
                    r.kernel,
                    r.seconds
                );
                if let Some(f) = &r.formula {
                    println!("  formula: {f}");
                }
                if let Some(f) = &r.readable {
                    println!("  readable: {f}");
                    for n in &r.readable_notes {
                        println!("    ({n})");
                    }
                }
                for n in &r.named {
                    println!("  named: {n}");
                }
                if args.iter().any(|a| a == "--latex") {
                    println!("  latex: {}", r.latex.as_deref().unwrap_or("(none)"));
                }
                if args.iter().any(|a| a == "--numpy") {
                    println!("{}", r.numpy.as_deref().unwrap_or("(no numpy)"));
                }
                if !r.writes.is_empty() {
                    println!(
                        "  reads {}; writes {}",
                        r.reads.join(", "),
                        r.writes.join(", ")
                    );
                }
                match &r.verdict {
                    report::Verdict::Verified { assumptions } => {
                        for a in assumptions {
                            println!("  assuming {a}");
                        }
                    }
                    report::Verdict::Refuted { counterexample } => {
                        print!("{}", report::render_counterexample(counterexample))
                    }
                    report::Verdict::Unknown { reason } => println!("  reason: {reason}"),
                    _ => {}
                }
            }
        }
    }
}
