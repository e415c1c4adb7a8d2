//! MLIR 19 as the oracle of custom-form parsing: for every corpus file that `mlir-opt-19`
//! accepts, MLIR prints it twice, in custom form (`mlir-opt-19 FILE`) and in generic form
//! (`--mlir-print-op-generic`). Both must parse here, and give the same structure as each
//! other and as the original file: op names in order, operand and result counts, result types,
//! regions with their blocks and block argument types. Inherent attributes are compared too,
//! except defaults MLIR adds that the text does not state.
//!
//! Linalg named ops (`linalg.matmul`, ...) carry their implicit body region only in the generic
//! form; the summary leaves out the regions of those ops.
//!
//! `MLIR_ORACLE_VERBOSE=1` prints where an original's attributes differ from MLIR's print.
//!
//! Skipped with a notice when `mlir-opt-19` is not on PATH or the corpus is absent.

use libtest_mimic::{Arguments, Failed, Trial};
use mlir::{Attr, Module, OpId};
use report::render_diagnostic;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/corpus/mlir-tv"
);
const MLIR_OPT: &str = "mlir-opt-19";

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for e in entries {
        if e.is_dir() {
            files(&e, out);
        } else if e.extension().is_some_and(|x| x == "mlir") {
            out.push(e);
        }
    }
}

fn on_path(exe: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(exe).is_file()))
}

/// The printed module, or `None` when mlir-opt rejects the file.
fn mlir_opt(file: &Path, generic: bool) -> Option<String> {
    let mut cmd = Command::new(MLIR_OPT);
    if generic {
        cmd.arg("--mlir-print-op-generic");
    }
    let out = cmd.arg(file).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Linalg named ops: their body region exists only in the generic form.
fn implicit_body(name: &str) -> bool {
    name.strip_prefix("linalg.")
        .is_some_and(|op| !matches!(op, "generic" | "yield" | "index" | "map" | "reduce"))
}

/// Attributes MLIR adds with their default value when the custom form leaves them out, or
/// caches for itself (`linalg.memoized_indexing_maps`).
fn is_default(name: &str, a: &Attr) -> bool {
    match (name, a) {
        ("linalg.memoized_indexing_maps", _) => true,
        ("fastmath", Attr::Opaque { body: Some(b), .. }) => b == "none",
        ("overflowFlags", Attr::Opaque { body: Some(b), .. }) => b == "none",
        _ => false,
    }
}

fn summarize(m: &Module, op: OpId, depth: usize, attrs_too: bool, out: &mut Vec<String>) {
    let o = m.op(op);
    let results: Vec<String> = m.result_types(op).iter().map(|t| t.to_string()).collect();
    let mut attrs: Vec<String> = o
        .properties
        .iter()
        .chain(&o.attributes)
        .filter(|a| attrs_too && !is_default(&a.name, &a.value))
        .map(|a| format!("{} = {}", a.name, a.value))
        .collect();
    attrs.sort();
    let pad = "  ".repeat(depth);
    out.push(format!(
        "{pad}{} operands={} results=[{}] {{{}}}",
        o.name,
        o.operands.len(),
        results.join(", "),
        attrs.join(", ")
    ));
    if implicit_body(&o.name) {
        return;
    }
    for &r in &o.regions {
        out.push(format!("{pad}  region"));
        for &b in &m.region(r).blocks {
            let args: Vec<String> = m
                .block(b)
                .args
                .iter()
                .map(|&v| m.value(v).ty.to_string())
                .collect();
            out.push(format!("{pad}  block({})", args.join(", ")));
            for &o in &m.block(b).ops {
                summarize(m, o, depth + 2, attrs_too, out);
            }
        }
    }
}

/// One line per op (pre-order), with region and block structure; with `attrs_too`, each op's
/// attributes as well.
fn summary(m: &Module, attrs_too: bool) -> Vec<String> {
    let mut out = Vec::new();
    for &o in m.top_ops() {
        summarize(m, o, 0, attrs_too, &mut out);
    }
    out
}

/// Files MLIR 19 accepts; of those, originals whose attributes also equal MLIR's print.
static ACCEPTED: AtomicUsize = AtomicUsize::new(0);
static ORIGINAL_ATTRS_AGREE: AtomicUsize = AtomicUsize::new(0);

fn parse(what: &str, text: &str) -> Result<Module, Failed> {
    mlir::parse(text).map_err(|ds| {
        let rendered: String = ds
            .iter()
            .map(|d| render_diagnostic(what, text, d))
            .collect();
        Failed::from(format!(
            "{what} does not parse:\n{rendered}\n--- text ---\n{text}"
        ))
    })
}

fn first_difference(a: &[String], b: &[String]) -> String {
    let i = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    format!(
        "first difference at line {}:\n  {}\n  {}",
        i + 1,
        a.get(i).map_or("<end>", |s| s.as_str()),
        b.get(i).map_or("<end>", |s| s.as_str())
    )
}

fn check(file: &Path) -> Result<(), Failed> {
    let Some(custom) = mlir_opt(file, false) else {
        return Ok(()); // MLIR 19 rejects the file: nothing to compare.
    };
    let generic =
        mlir_opt(file, true).ok_or("mlir-opt-19 accepts the file but fails to print it generic")?;
    let original = std::fs::read_to_string(file).map_err(|e| e.to_string())?;
    ACCEPTED.fetch_add(1, Ordering::Relaxed);
    let g = parse("generic print", &generic)?;
    let c = parse("custom print", &custom)?;
    let o = parse(&file.display().to_string(), &original)?;
    let (gs, cs) = (summary(&g, true), summary(&c, true));
    if cs != gs {
        let d = first_difference(&cs, &gs);
        return Err(format!("custom and generic prints differ; {d}").into());
    }
    // MLIR simplifies affine maps and normalises some attributes when it reads the original,
    // so the original must agree in structure; attribute agreement is counted.
    let (os, gs) = (summary(&o, false), summary(&g, false));
    if os != gs {
        let d = first_difference(&os, &gs);
        return Err(format!("the original and MLIR's print differ; {d}").into());
    }
    let (os, gs) = (summary(&o, true), summary(&g, true));
    if os == gs {
        ORIGINAL_ATTRS_AGREE.fetch_add(1, Ordering::Relaxed);
    } else if std::env::var_os("MLIR_ORACLE_VERBOSE").is_some() {
        println!(
            "{}: attributes differ; {}",
            file.display(),
            first_difference(&os, &gs)
        );
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let dir = PathBuf::from(CORPUS);
    let mut all = Vec::new();
    files(&dir, &mut all);
    if !on_path(MLIR_OPT) {
        println!("note: {MLIR_OPT} is not on PATH; the oracle comparison is skipped");
        all.clear();
    } else if all.is_empty() {
        println!(
            "note: no MLIR corpus at {}; nothing to compare",
            dir.display()
        );
    }
    let trials = all
        .into_iter()
        .map(|f| {
            let name = f.strip_prefix(&dir).unwrap_or(&f).display().to_string();
            Trial::test(name, move || check(&f))
        })
        .collect();
    let conclusion = libtest_mimic::run(&args, trials);
    let accepted = ACCEPTED.load(Ordering::Relaxed);
    if accepted > 0 {
        println!(
            "oracle: {accepted} files accepted by {MLIR_OPT}; {} failed the comparison; {} \
             originals also agree with MLIR's print on every attribute",
            conclusion.num_failed,
            ORIGINAL_ATTRS_AGREE.load(Ordering::Relaxed)
        );
    }
    conclusion.exit();
}
