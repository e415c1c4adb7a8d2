//! `cargo run --release -p halide --example check -- SPEC STMT`: one verdict, for development.
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let spec = std::fs::read_to_string(&a[1]).expect("spec");
    let stmt = std::fs::read_to_string(&a[2]).expect("stmt");
    match halide::check(&a[1], &spec, &a[2], &stmt, &halide::Options::default()) {
        Ok(r) => {
            println!(
                "{} {:?} ({:.2} s, {} obligations)\n{:?}\n{:?}",
                r.verdict.name(),
                r.witness_kind,
                r.seconds,
                r.obligations,
                r.witness,
                r.verdict
            );
            if let report::Verdict::Refuted { counterexample } = &r.verdict {
                println!("{}", report::render_counterexample(counterexample));
            }
        }
        Err(ds) => {
            for (side, d) in ds {
                let (p, t) = if side == halide::Side::Spec {
                    (&a[1], &spec)
                } else {
                    (&a[2], &stmt)
                };
                eprintln!("{}", report::render_diagnostic(p, t, &d));
            }
        }
    }
}
