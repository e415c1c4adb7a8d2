//! Fresh pairs from a real compiler: `mlir-opt-19` runs real passes over the programs of
//! `corpus/mlir` and over the supported subset of the mlir-tv corpus (`../../../shared/corpus/
//! mlir-tv`, read in place: every `.src.mlir`/`.tgt.mlir` that verifies against itself), and each
//! (input, pass output) pair is checked. A refutation here is a bug in our semantics until proved
//! otherwise: it is printed with its counterexample and fails the test. Deliberately broken pass
//! outputs (operands of a subf swapped, a slice offset moved, an indexing map changed, a
//! generalized matmul reading B transposed, a generalized dot multiplying its products, a tosa.sub
//! lowered with swapped operands, a bufferized load from the wrong buffer) must be refuted. A
//! refutation showing the known miscompilation of a float `tosa.max_pool2d`, `tosa.clamp` or `tosa.reduce_max` (their lowering)
//! is counted, not failed. Prints the counts: pairs produced, changed by the pass, verified, unknown (with the
//! top reasons). Skips with a notice when `mlir-opt-19` is not on PATH. By default a stable third
//! of the (input, pipeline) jobs runs; `TENSORPROOF_FRESH=all` runs them all.

mod common;

use common::{mlir_files, parallel};
use report::{render_counterexample, Verdict};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

const MLIR_OPT: &str = "mlir-opt-19";

/// The tosa lowering, as `mlir-opt-19` runs it per function.
const TOSA_TO_LINALG: &str = "--pass-pipeline=builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor))";

/// Pass pipelines, each one `mlir-opt-19` run.
const PIPELINES: &[&[&str]] = &[
    &["--linalg-generalize-named-ops"],
    &["--canonicalize"],
    &["--cse"],
    &["--linalg-fuse-elementwise-ops"],
    &["--convert-elementwise-to-linalg"],
    &["--linalg-fold-unit-extent-dims"],
    &[
        "--convert-elementwise-to-linalg",
        "--linalg-fuse-elementwise-ops",
        "--canonicalize",
        "--cse",
    ],
    &[
        "--linalg-generalize-named-ops",
        "--linalg-fold-unit-extent-dims",
        "--canonicalize",
    ],
    &["--one-shot-bufferize"],
    &["--one-shot-bufferize", "--convert-linalg-to-loops"],
    &[TOSA_TO_LINALG],
    &["--pass-pipeline=builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor),canonicalize,linalg-generalize-named-ops)"],
];

/// Runs `mlir-opt-19 ARGS` on `text` under a time limit; the printed output, or `None` when it
/// fails (some tosa lowerings crash mlir-opt-19).
fn mlir_opt(args: &[&str], text: &str) -> Option<String> {
    common::tool(MLIR_OPT, args, text, Duration::from_secs(120)).ok()
}

/// The verdict over all functions of a pair (error > refuted > unknown > verified), with a
/// wall-clock budget so that nothing hangs.
fn check(src: &str, tgt: &str) -> Verdict {
    let (tx, rx) = std::sync::mpsc::channel();
    let (s, t) = (src.to_string(), tgt.to_string());
    std::thread::spawn(move || {
        let v = match (mlir::parse(&s), mlir::parse(&t)) {
            (Ok(s), Ok(t)) => {
                let opts = mlirsem::Options {
                    timeout: Duration::from_secs(5),
                    ..Default::default()
                };
                let rank = |v: &Verdict| match v {
                    Verdict::Error { .. } => 0,
                    Verdict::Refuted { .. } => 1,
                    Verdict::Unknown { .. } | Verdict::Vacuous { .. } => 2,
                    Verdict::Verified { .. } => 3,
                };
                mlirsem::check_pair(&s, &t, &opts)
                    .into_iter()
                    .map(|r| r.verdict)
                    .min_by_key(rank)
                    .unwrap_or(Verdict::Unknown {
                        reason: "no function to check".into(),
                    })
            }
            (Err(d), _) | (_, Err(d)) => Verdict::Error { diagnostics: d },
        };
        let _ = tx.send(v);
    });
    rx.recv_timeout(Duration::from_secs(60))
        .unwrap_or(Verdict::Unknown {
            reason: "the check did not end within 60 s".into(),
        })
}

struct Fresh {
    input: String,
    pipeline: String,
    changed: bool,
    verdict: Verdict,
}

/// One (input, pipeline) job in `SAMPLE` is run by default (a stable hash of the two names
/// chooses); `TENSORPROOF_FRESH=all` runs every job.
const SAMPLE: u64 = 3;

fn sampled(name: &str, pipeline: usize) -> bool {
    if std::env::var("TENSORPROOF_FRESH").is_ok_and(|v| v == "all") {
        return true;
    }
    // FNV-1a: stable across runs and platforms.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.bytes().chain(PIPELINES[pipeline].join(" ").bytes()) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h % SAMPLE == 0
}

fn fresh_pairs(inputs: &[(String, String)]) -> (Vec<Fresh>, usize) {
    let jobs: Vec<(usize, usize)> = (0..inputs.len())
        .flat_map(|i| (0..PIPELINES.len()).map(move |p| (i, p)))
        .filter(|&(i, p)| sampled(&inputs[i].0, p))
        .collect();
    let all = std::env::var("TENSORPROOF_FRESH").is_ok_and(|v| v == "all");
    println!(
        "running {} of the {} (input, pipeline) jobs{}",
        jobs.len(),
        inputs.len() * PIPELINES.len(),
        if all {
            ""
        } else {
            " (a stable sample; TENSORPROOF_FRESH=all runs every one)"
        }
    );
    let printed: Vec<Option<String>> = parallel(inputs, |(_, text)| mlir_opt(&[], text));
    let rejected = AtomicUsize::new(0);
    let fresh = parallel(&jobs, |&(i, p)| {
        let (name, text) = &inputs[i];
        let Some(out) = mlir_opt(PIPELINES[p], text) else {
            rejected.fetch_add(1, Ordering::SeqCst);
            return None;
        };
        Some(Fresh {
            input: name.clone(),
            pipeline: PIPELINES[p].join(" "),
            changed: printed[i].as_deref() != Some(out.as_str()),
            verdict: check(text, &out),
        })
    });
    (
        fresh.into_iter().flatten().collect(),
        rejected.load(Ordering::SeqCst),
    )
}

/// A source, the passes to run, and a textual edit of their output that breaks it.
struct Broken {
    what: &'static str,
    src: &'static str,
    passes: &'static [&'static str],
    from: &'static str,
    to: &'static str,
}

const BROKEN: &[Broken] = &[
    Broken {
        what: "generalized matmul reading B transposed",
        src: r#"func.func @f(%a: tensor<3x3xf32>, %b: tensor<3x3xf32>, %c: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<3x3xf32>, tensor<3x3xf32>) outs(%c : tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}
"#,
        passes: &["--linalg-generalize-named-ops"],
        from: "affine_map<(d0, d1, d2) -> (d2, d1)>",
        to: "affine_map<(d0, d1, d2) -> (d1, d2)>",
    },
    Broken {
        what: "generalized dot multiplying instead of adding",
        src: r#"func.func @f(%a: tensor<?xi32>, %b: tensor<?xi32>, %c: tensor<i32>) -> tensor<i32> {
  %0 = linalg.dot ins(%a, %b : tensor<?xi32>, tensor<?xi32>) outs(%c : tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}
"#,
        passes: &["--linalg-generalize-named-ops"],
        from: "arith.addi %out, %1 : i32",
        to: "arith.muli %out, %1 : i32",
    },
    Broken {
        what: "operands of a fused subf swapped",
        src: r#"#id = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.subf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%0, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.mulf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
"#,
        passes: &["--linalg-fuse-elementwise-ops"],
        from: "arith.subf %in, %in_0 : f32",
        to: "arith.subf %in_0, %in : f32",
    },
    Broken {
        what: "offset of a canonicalized slice moved",
        src: r#"func.func @f(%t: tensor<8xf32>) -> tensor<4xf32> {
  %c2 = arith.constant 2 : index
  %s = tensor.extract_slice %t[%c2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  return %s : tensor<4xf32>
}
"#,
        passes: &["--canonicalize"],
        from: "[2] [4] [1]",
        to: "[3] [4] [1]",
    },
    Broken {
        what: "indexing map of a fused transpose made the identity",
        src: r#"#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @f(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %e = tensor.empty() : tensor<3x3xf32>
  %t = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<3x3xf32>) outs(%e : tensor<3x3xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<3x3xf32>
  %u = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<3x3xf32>) outs(%e : tensor<3x3xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<3x3xf32>
  return %u : tensor<3x3xf32>
}
"#,
        passes: &["--linalg-fuse-elementwise-ops"],
        from: "#map = affine_map<(d0, d1) -> (d1, d0)>",
        to: "#map = affine_map<(d0, d1) -> (d0, d1)>",
    },
    Broken {
        what: "tosa.sub lowered with its operands swapped",
        src: r#"
func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tosa.sub %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
"#,
        passes: &[TOSA_TO_LINALG],
        from: "arith.subf %in, %in_0",
        to: "arith.subf %in_0, %in",
    },
    Broken {
        what: "a bufferized copy reading the wrong argument",
        src: r#"
func.func @f(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %c0 = arith.constant 0 : index
  %x = tensor.extract %b[%c0] : tensor<4xi32>
  %r = tensor.insert %x into %a[%c0] : tensor<4xi32>
  return %r : tensor<4xi32>
}
"#,
        passes: &["--one-shot-bufferize"],
        from: "memref.load %1[%c0]",
        to: "memref.load %0[%c0]",
    },
    Broken {
        what: "a matmul lowered to loops that skips the first reduction step",
        src: r#"
func.func @f(%a: tensor<3x2xi32>, %b: tensor<2x3xi32>, %c: tensor<3x3xi32>) -> tensor<3x3xi32> {
  %0 = linalg.matmul ins(%a, %b : tensor<3x2xi32>, tensor<2x3xi32>) outs(%c : tensor<3x3xi32>) -> tensor<3x3xi32>
  return %0 : tensor<3x3xi32>
}
"#,
        passes: &["--one-shot-bufferize", "--convert-linalg-to-loops"],
        from: "scf.for %arg5 = %c0 to %c2",
        to: "scf.for %arg5 = %c1 to %c2",
    },
];

/// A refutation that shows the real miscompilation these pipelines are known to make of a
/// float `tosa.max_pool2d`: `tosa-to-linalg-named` starts the maximum from `-FLT_MAX` where the
/// TOSA spec starts from `-inf` (a window of `-inf`s gives `-3.4028235e38`), and takes
/// `arith.maximumf` where the spec's `apply_max` keeps the first of equal zeros (`-0.0` then
/// `+0.0` gives `+0.0`, the spec `-0.0`); docs/mlir.md, the exceptions table. Counted and
/// printed, not a failure. The same two readings of MLIR 19's lowering, of `tosa.clamp`
/// (`arith.maximumf` against a `+0.0` bound turns `-0.0` into `+0.0`) and of a float
/// `tosa.reduce_max` (started from `-FLT_MAX`), are counted alike (`corpus/mlir`'s
/// `tosa-clamp-relu-zero-sign` and `tosa-reduce-max-float-from-flt-max`).
fn known_miscompilation(input: &str, pipeline: &str, counterexample: &str) -> bool {
    let from_flt_max = counterexample.contains("source = -inf, target = -3.4028235e38");
    let zero_sign = counterexample.contains("source = -0.0, target = 0.0");
    (input.contains("maxpool")
        && pipeline.contains("tosa-to-linalg-named")
        && (from_flt_max || zero_sign))
        || (input.contains("tosa-clamp") && pipeline.contains("tosa-to-linalg") && zero_sign)
        || (input.contains("tosa-reduce-max-float")
            && pipeline.contains("tosa-to-linalg")
            && from_flt_max)
}

/// `reason` with every ` at LINE:COL` (an op's location in a pass output) removed.
fn unlocated(reason: &str) -> String {
    let mut out = String::new();
    let mut rest = reason;
    while let Some(i) = rest.find(" at ") {
        out.push_str(&rest[..i]);
        let tail = &rest[i + 4..];
        let loc: String = tail
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == ':')
            .collect();
        if loc.contains(':') && loc.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            rest = &tail[loc.len()..];
        } else {
            out.push_str(" at ");
            rest = tail;
        }
    }
    out.push_str(rest);
    out
}

fn main() {
    if mlir_opt(&["--help"], "").is_none() {
        println!("notice: {MLIR_OPT} is not on PATH; skipping the fresh-pairs test");
        return;
    }
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut failures = vec![];

    // The deliberately broken variants.
    for b in BROKEN {
        let Some(out) = mlir_opt(b.passes, b.src) else {
            failures.push(format!("broken variant ({}): {MLIR_OPT} failed", b.what));
            continue;
        };
        if check(b.src, &out).name() != "verified" {
            failures.push(format!(
                "broken variant ({}): the pass output itself did not verify",
                b.what
            ));
        }
        if !out.contains(b.from) {
            failures.push(format!(
                "broken variant ({}): `{}` not in the pass output:\n{out}",
                b.what, b.from
            ));
            continue;
        }
        let bad = out.replacen(b.from, b.to, 1);
        match check(b.src, &bad) {
            Verdict::Refuted { .. } => println!("broken variant refuted: {}", b.what),
            v => failures.push(format!(
                "broken variant ({}): {} instead of refuted",
                b.what,
                v.name()
            )),
        }
    }

    // The inputs: corpus/mlir, and the mlir-tv files that verify against themselves.
    let mut files = vec![];
    mlir_files(&manifest.join("../../corpus/mlir"), &mut files);
    let own = files.len();
    let tv = manifest.join("../../../shared/corpus/mlir-tv");
    if tv.is_dir() {
        mlir_files(&tv, &mut files);
    } else {
        println!(
            "notice: {} is absent; fresh pairs from corpus/mlir only",
            tv.display()
        );
    }
    let texts: Vec<(String, String)> = files
        .iter()
        .filter_map(|f| Some((f.display().to_string(), std::fs::read_to_string(f).ok()?)))
        .collect();
    let supported: Vec<bool> = parallel(&texts, |(_, t)| check(t, t).name() == "verified");
    let inputs: Vec<(String, String)> = texts
        .into_iter()
        .zip(supported)
        .filter_map(|(t, ok)| ok.then_some(t))
        .collect();
    println!(
        "inputs: {} files ({own} from corpus/mlir), {} of them verify against themselves",
        files.len(),
        inputs.len()
    );

    let (fresh, rejected) = fresh_pairs(&inputs);
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    let mut changed: BTreeMap<&str, usize> = BTreeMap::new();
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    let mut examples: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut per_pass: BTreeMap<&str, [usize; 3]> = BTreeMap::new();
    let mut known = 0usize;
    for f in &fresh {
        let n = f.verdict.name();
        *counts.entry(n).or_default() += 1;
        if f.changed {
            *changed.entry(n).or_default() += 1;
        }
        let slot = per_pass.entry(&f.pipeline).or_default();
        slot[0] += 1;
        slot[1] += usize::from(n == "verified");
        slot[2] += usize::from(f.changed && n == "verified");
        match &f.verdict {
            Verdict::Refuted { counterexample } => {
                let shown = render_counterexample(counterexample);
                if known_miscompilation(&f.input, &f.pipeline, &shown) {
                    known += 1;
                    if known <= 3 {
                        println!(
                            "known miscompilation (MLIR 19's lowering of tosa.max_pool2d, clamp or reduce_max: -FLT_MAX and maximumf where the TOSA spec has -inf and apply_max): {} after `{}`\n{shown}",
                            f.input, f.pipeline
                        );
                    }
                    continue;
                }
                println!(
                    "!!! REFUTED fresh pair: {} after `{}` (a bug in our semantics unless this is a real miscompilation)\n{shown}",
                    f.input, f.pipeline,
                );
                failures.push(format!("{} after `{}` refuted", f.input, f.pipeline));
            }
            Verdict::Unknown { reason } | Verdict::Vacuous { reason } => {
                // Grouped without the op locations reasons carry (`(scf.for at 11:5)`).
                let reason = unlocated(reason);
                *reasons.entry(reason.clone()).or_default() += 1;
                let e = examples.entry(reason.clone()).or_default();
                if e.len() < 4 {
                    e.push(format!("{} after `{}`", f.input, f.pipeline));
                }
            }
            Verdict::Error { diagnostics } => {
                let m = diagnostics
                    .first()
                    .map(|d| d.message.as_str())
                    .unwrap_or("");
                println!(
                    "error on a pass output: {} after `{}`: {m}",
                    f.input, f.pipeline
                );
                *reasons.entry(format!("error: {m}")).or_default() += 1;
            }
            Verdict::Verified { .. } => {}
        }
    }
    println!(
        "fresh pairs: {} produced ({} changed by the passes; {rejected} runs rejected by {MLIR_OPT})",
        fresh.len(),
        changed.values().sum::<usize>()
    );
    for (v, n) in &counts {
        println!(
            "  {v:<9} {n:>5}   ({} changed)",
            changed.get(v).copied().unwrap_or(0)
        );
    }
    println!("per pipeline: pairs / verified / verified and changed");
    for (p, [n, v, c]) in &per_pass {
        println!("  {n:>4} {v:>4} {c:>4}  {p}");
    }
    println!("refutations showing the known tosa lowering miscompilations (max_pool2d, clamp, reduce_max): {known}");
    let mut top: Vec<(&String, &usize)> = reasons.iter().collect();
    top.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    println!("top unknown reasons:");
    for (r, n) in top.iter().take(10) {
        println!("  {n:>4}  {r}");
        for e in examples.get(*r).into_iter().flatten() {
            println!("          e.g. {e}");
        }
    }
    if !failures.is_empty() {
        for f in &failures {
            println!("FAIL {f}");
        }
        panic!("{} failures in the fresh-pairs test", failures.len());
    }
}
