//! Differential test of the concrete interpreter against a real compiler: every function of
//! `corpus/mlir` and of the mlir-tv corpus (`../../../shared/corpus/mlir-tv`, read in place)
//! whose arguments and results are scalars, ranked tensors (dynamic dims drawn small) or static
//! memref arguments runs on a few deterministic pseudo-random inputs (integers, and floats with
//! -0.0, ±inf and NaN among them), once through our concrete interpreter (the domain that
//! replays every counterexample) and once compiled by `mlir-opt-19` to LLVM and run by
//! `mlir-cpu-runner-19`. Both sides fold every result (shape, then elements) and the memref
//! arguments' contents on return into one `i64` checksum (the runner cannot print without the
//! runner-utils library), NaNs canonicalised first since NaN payloads are not modelled. Every
//! compared function must agree.
//!
//! Inputs where the source has UB, an unsure condition, an uninitialized load or a poison output
//! element are not compared (the compiled program may do anything there); so are functions whose
//! float result depends on an order the spec leaves open (tosa's float accumulations: docs/mlir.md
//! "Differential test"). A harness canary (the runner compiles `b - a` where the interpreter
//! runs `a - b`) must disagree. Prints the counts: functions considered, lowered, compared,
//! skipped with reasons. Skips with a notice when the tools are not on PATH.

#[path = "../common/mod.rs"]
mod common;
mod ours;
mod select;
mod wrapper;

use common::{mlir_files, parallel, tool};
use mlirsem::{CArg, CElem, EType, FTy};
use ours::{draw, mix};
use select::{cases, Case};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::{Duration, Instant};
use wrapper::wrapper;

const MLIR_OPT: &str = "mlir-opt-19";
const RUNNER: &str = "mlir-cpu-runner-19";

/// The lowering, first half: tosa to linalg/arith/tensor, elementwise arith on tensors to
/// linalg, one-shot bufferization across function boundaries (identity layouts there, so that
/// most copies are `memcpy`s).
const BUFFERIZE: &str = "func.func(tosa-to-linalg-named, tosa-to-linalg, tosa-to-arith, \
    tosa-to-tensor, convert-elementwise-to-linalg), \
    one-shot-bufferize{bufferize-function-boundaries \
    function-boundary-type-conversion=identity-layout-map}";

/// The lowering, second half: linalg to loops, then everything to LLVM. `arith-expand` (for
/// `floordivsi`, `ceildivsi`, `ceildivui`) runs after a first `convert-arith-to-llvm`, since it
/// would also expand `maximumf`/`minimumf` into selects that get signed zeros wrong.
const TO_LLVM: &str = "func.func(convert-linalg-to-loops), convert-scf-to-cf, \
    expand-strided-metadata, lower-affine, finalize-memref-to-llvm, convert-math-to-llvm, \
    convert-arith-to-llvm, arith-expand, convert-arith-to-llvm, convert-index-to-llvm, \
    convert-cf-to-llvm, convert-func-to-llvm, reconcile-unrealized-casts";

/// The runner-utils function a `memref.copy` between strided views lowers to; that library is
/// not installed, so such copies are made `linalg.copy` loops between the two halves.
const MEMREF_COPY: &str = "@memrefCopy";

/// Most functions compiled and compared: of the functions with inputs the interpreter runs,
/// this many evenly spread in path order (each costs two tool runs).
const MAX_COMPARED: usize = 200;
/// The time limit of every external process.
const LIMIT: Duration = Duration::from_secs(30);
/// A splat of negative zero as MLIR prints it: MLIR 19's translation to LLVM IR turns such a
/// global into `zeroinitializer` (+0.0), so the runner would not run what the text says.
const NEG_ZERO_SPLAT: &str = "dense<-0.000000e+00>";

enum Outcome {
    /// Every checksum agreed, over this many inputs.
    Agrees(usize),
    Skipped(String),
    /// What disagrees, and whether every disagreeing input holds a float `-inf` or `-0.0`
    /// (the inputs on which MLIR 19's max-pool lowering is known to be wrong).
    Disagrees(String, bool),
}

/// The runner's checksum of entry `entry` of the lowered module.
fn run(lowered: &str, entry: &str) -> Result<i64, String> {
    let out = tool(
        RUNNER,
        &["-e", entry, "-entry-point-result=i64"],
        lowered,
        LIMIT,
    )
    .map_err(|e| format!("runner: {e}"))?;
    out.trim()
        .parse()
        .map_err(|_| format!("runner printed {out:?}"))
}

/// `text` lowered to the LLVM dialect: in one run, or, when that calls [`MEMREF_COPY`], in two
/// with the copies rewritten in between.
fn lower(text: &str) -> Result<String, String> {
    let pipeline = |p: &str| format!("--pass-pipeline=builtin.module({p})");
    let once = tool(
        MLIR_OPT,
        &[&pipeline(&format!("{BUFFERIZE}, {TO_LLVM}"))],
        text,
        LIMIT,
    )?;
    if !once.contains(MEMREF_COPY) {
        return Ok(once);
    }
    let buffers = tool(MLIR_OPT, &[&pipeline(BUFFERIZE)], text, LIMIT)?;
    let copies: Vec<String> = buffers.lines().map(linalg_copy).collect();
    tool(MLIR_OPT, &[&pipeline(TO_LLVM)], &copies.join("\n"), LIMIT)
}

/// A printed `memref.copy %a, %b : A to B` as `linalg.copy ins(%a : A) outs(%b : B)`; any
/// other line as it is.
fn linalg_copy(line: &str) -> String {
    let rewrite = || {
        let (indent, rest) = line.split_once("memref.copy ")?;
        let (values, types) = rest.split_once(" : ")?;
        let ((a, b), (ta, tb)) = (values.split_once(", ")?, types.split_once(" to ")?);
        Some(format!(
            "{indent}linalg.copy ins({a} : {ta}) outs({b} : {tb})"
        ))
    };
    rewrite().unwrap_or_else(|| line.to_string())
}

/// Lowering failures read alike across files: the message without its location.
fn lowering_error(e: String) -> String {
    let msg = e.split("error: ").nth(1).unwrap_or(&e).to_string();
    format!("lowering: {msg}")
}

// ---- the comparison ----

/// Compiles the case with its drawn inputs and compares the runner's checksum with ours.
fn compare(c: &Case, drawn: &[(Vec<CArg>, i64)]) -> Outcome {
    let lowered = match lower(&wrapper(c, drawn)) {
        Ok(l) => l,
        Err(e) => return Outcome::Skipped(lowering_error(e)),
    };
    if lowered.contains(NEG_ZERO_SPLAT) {
        return Outcome::Skipped(format!("toolchain: a constant {NEG_ZERO_SPLAT}"));
    }
    let total = drawn.iter().fold(0, |h, (_, x)| mix(h, *x as u64));
    match run(&lowered, "tp_main") {
        Err(e) => Outcome::Skipped(e),
        Ok(t) if t == total => Outcome::Agrees(drawn.len()),
        Ok(_) => explain(c, &lowered, drawn),
    }
}

/// The inputs on which the runner disagrees with us, with both checksums, and where the
/// compiled module is kept to reproduce it (`mlir-cpu-runner-19 -e tp_input_K
/// -entry-point-result=i64 FILE`).
fn explain(c: &Case, lowered: &str, drawn: &[(Vec<CArg>, i64)]) -> Outcome {
    let dir = std::env::temp_dir().join("tensorproof-cpu-runner");
    let file = dir.join(format!(
        "{}-{}.mlir",
        c.origin.replace(['/', '.'], "_"),
        c.name
    ));
    let kept = std::fs::create_dir_all(&dir).and_then(|_| std::fs::write(&file, lowered));
    let mut out = format!(
        "@{} of {} (lowered: {}):",
        c.name,
        c.origin,
        match kept {
            Ok(()) => file.display().to_string(),
            Err(e) => format!("not kept: {e}"),
        }
    );
    let mut all_special = true;
    for (k, (args, h)) in drawn.iter().enumerate() {
        let theirs = run(lowered, &format!("tp_input_{k}"));
        if theirs.as_ref().ok() != Some(h) {
            all_special &= args.iter().any(has_neg_inf_or_zero);
            out += &format!(
                "\n  input {k}: {args:?}\n    interpreter checksum {h}, runner {theirs:?}"
            );
        }
    }
    Outcome::Disagrees(out, all_special)
}

/// Whether an argument holds a float `-inf` or `-0.0`.
fn has_neg_inf_or_zero(a: &CArg) -> bool {
    let special = |e: &CElem| match e {
        CElem::Float(f) => {
            let w = EType::Float(f.ty).width();
            let inf = match f.ty {
                FTy::F64 => 0x7ff0_0000_0000_0000,
                FTy::F32 => 0x7f80_0000,
                _ => return false,
            };
            let rest = f.bits & ((1u64 << (w - 1)) - 1);
            f.bits >> (w - 1) == 1 && (rest == 0 || rest == inf)
        }
        _ => false,
    };
    match a {
        CArg::Scalar(_, e) => special(e),
        CArg::Tensor { data, .. } | CArg::MemRef { data, .. } => data.iter().any(special),
    }
}

/// The harness canary: the runner compiles `b - a` where the interpreter runs `a - b` (the
/// two texts have one length, so the spans of one fit the other); it must disagree.
fn canary() -> Case {
    let ours = "func.func @f(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %0 = arith.subf %a, %b : tensor<3xf32>
  return %0 : tensor<3xf32>
}
";
    let (_, c) = cases("canary", ours).remove(0);
    let mut c = c.expect("the canary is a case");
    c.text = ours.replace("%a, %b", "%b, %a");
    c
}

/// The distinct functions of the files under `dirs` (one per text, in path order): the cases,
/// and why the others are none.
fn sample(root: &Path, dirs: &[&Path]) -> (Vec<Case>, Vec<String>) {
    let mut files = vec![];
    for d in dirs {
        mlir_files(d, &mut files);
    }
    let mut skipped = vec![];
    let mut seen = BTreeSet::new();
    let mut out = vec![];
    for f in &files {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        let origin = f.strip_prefix(root).unwrap_or(f).display().to_string();
        for (key, case) in cases(&origin, &text) {
            match case {
                _ if !seen.insert(key) => {}
                Ok(c) => out.push(c),
                Err(why) => skipped.push(why),
            }
        }
    }
    (out, skipped)
}

/// How many of `reasons` start with `prefix`.
fn count(reasons: &[String], prefix: &str) -> usize {
    reasons.iter().filter(|w| w.starts_with(prefix)).count()
}

fn main() {
    for t in [MLIR_OPT, RUNNER] {
        if tool(t, &["--version"], "", LIMIT).is_err() {
            println!("notice: {t} is not on PATH; skipping the differential test");
            return;
        }
    }
    let start = Instant::now();
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = manifest.join("../..");
    let own = root.join("corpus/mlir");
    let tv = root.join("../shared/corpus/mlir-tv");
    let mut dirs = vec![own.as_path()];
    if tv.is_dir() {
        dirs.push(&tv);
    } else {
        println!(
            "notice: {} is absent; the sample is corpus/mlir only",
            tv.display()
        );
    }
    let mut failures = vec![];
    let c = canary();
    match draw(&c).map(|d| compare(&c, &d)) {
        Ok(Outcome::Disagrees(..)) => {
            println!("canary (runner b - a, interpreter a - b): disagrees")
        }
        _ => failures.push("the canary (runner b - a, interpreter a - b) did not disagree".into()),
    }

    let (cases, mut skipped) = sample(&root, &dirs);
    let distinct = cases.len() + skipped.len();
    let mut ready = vec![];
    for (c, d) in cases.iter().zip(parallel(&cases, draw)) {
        match d {
            Ok(d) => ready.push((c, d)),
            Err(why) => skipped.push(why),
        }
    }
    let n = ready.len();
    let picked: Vec<_> = (0..n.min(MAX_COMPARED))
        .map(|i| &ready[i * n / MAX_COMPARED.min(n)])
        .collect();
    let outcomes = parallel(&picked, |(c, d)| compare(c, d));
    let (mut compared, mut inputs, mut known) = (0, 0, 0);
    for (o, (c, _)) in outcomes.into_iter().zip(&picked) {
        match o {
            Outcome::Agrees(n) => {
                compared += 1;
                inputs += n;
            }
            Outcome::Skipped(why) => skipped.push(why),
            // MLIR 19 lowers a float `tosa.max_pool2d` from -FLT_MAX where the TOSA spec
            // starts from -inf, with `maximumf` where the spec keeps the first of two zeros
            // (docs/mlir.md, "Exceptions"): a known miscompilation, on inputs with a -inf or
            // a -0.0 only.
            Outcome::Disagrees(what, true) if c.text.contains("tosa.max_pool2d") => {
                known += 1;
                println!("known miscompilation (float tosa.max_pool2d from -FLT_MAX): {what}");
            }
            Outcome::Disagrees(what, _) => failures.push(what),
        }
    }
    let lowered =
        compared + failures.len() + count(&skipped, "runner") + count(&skipped, "toolchain");
    println!(
        "functions: {distinct} distinct, {} with supported signatures, {n} run by the interpreter, \
         {} picked (at most {MAX_COMPARED}), {lowered} lowered, {compared} compared on {inputs} \
         inputs, {} disagree, {known} known miscompilations ({:.1} s)",
        cases.len(),
        picked.len(),
        failures.len(),
        start.elapsed().as_secs_f64()
    );
    let mut reasons: BTreeMap<&str, usize> = BTreeMap::new();
    for w in &skipped {
        *reasons.entry(w).or_default() += 1;
    }
    let mut top: Vec<_> = reasons.into_iter().collect();
    top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    println!("skipped, by reason:");
    for (w, n) in top {
        println!("  {n:>4}  {w}");
    }
    for f in &failures {
        println!("FAIL {f}");
    }
    assert!(
        failures.is_empty(),
        "{} failures in the differential test",
        failures.len()
    );
    assert!(compared > 0, "no function was compared");
}
