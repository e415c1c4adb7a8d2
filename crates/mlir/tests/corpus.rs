//! The corpus runner: one test per `.mlir` file of mlir-tv's test suite
//! (`../shared/corpus/mlir-tv`, next to the repository; skipped with a notice when absent).
//!
//! A file must parse, unless its row in `manifest.csv` says `parses_mlir19 = False` (MLIR 19
//! itself rejects the pair): then either outcome is fine, but a failure must be diagnostics,
//! never a panic. Every diagnostic must point inside the file.

use libtest_mimic::{Arguments, Failed, Trial};
use report::render_diagnostic;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/corpus/mlir-tv"
);

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

/// One CSV line, with `"quoted, fields"` and `""` escapes.
fn csv_fields(line: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                chars.next();
                if let Some(f) = out.last_mut() {
                    f.push('"');
                }
            }
            '"' => quoted = !quoted,
            ',' if !quoted => out.push(String::new()),
            c => {
                if let Some(f) = out.last_mut() {
                    f.push(c);
                }
            }
        }
    }
    out
}

/// Test name (`litmus/x/y`) to whether MLIR 19 parses it.
fn manifest(dir: &Path) -> BTreeMap<String, bool> {
    let text = std::fs::read_to_string(dir.join("manifest.csv")).unwrap_or_default();
    let mut lines = text.lines();
    let header = csv_fields(lines.next().unwrap_or(""));
    let Some(col) = header.iter().position(|h| h == "parses_mlir19") else {
        return BTreeMap::new();
    };
    lines
        .map(csv_fields)
        .filter_map(|f| Some((f.first()?.clone(), f.get(col)? == "True")))
        .collect()
}

/// `litmus/x/y` for `.../litmus/x/y.src.mlir`.
fn test_name(dir: &Path, file: &Path) -> String {
    let rel = file
        .strip_prefix(dir)
        .unwrap_or(file)
        .to_string_lossy()
        .replace('\\', "/");
    let rel = rel.strip_suffix(".mlir").unwrap_or(&rel);
    rel.strip_suffix(".src")
        .or_else(|| rel.strip_suffix(".tgt"))
        .unwrap_or(rel)
        .to_string()
}

fn check(path: &Path, may_fail: bool) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    match mlir::parse(&text) {
        Ok(_) => Ok(()),
        Err(diags) => {
            if let Some(d) = diags
                .iter()
                .find(|d| d.span.end > text.len() || d.span.start > d.span.end)
            {
                return Err(format!("diagnostic outside the file: {d:?}").into());
            }
            if may_fail {
                return Ok(());
            }
            let name = path.display().to_string();
            Err(diags
                .iter()
                .map(|d| render_diagnostic(&name, &text, d))
                .collect::<String>()
                .into())
        }
    }
}

fn main() {
    let args = Arguments::from_args();
    let dir = PathBuf::from(CORPUS);
    let mut all = Vec::new();
    files(&dir, &mut all);
    if all.is_empty() {
        println!(
            "note: no MLIR corpus at {}; nothing to check",
            dir.display()
        );
    }
    let parses19 = manifest(&dir);
    let (mut ok, mut flagged, mut flagged_ok) = (0, 0, 0);
    for f in &all {
        let may_fail = parses19.get(&test_name(&dir, f)) == Some(&false);
        let parsed = std::fs::read_to_string(f).is_ok_and(|t| mlir::parse(&t).is_ok());
        ok += parsed as usize;
        flagged += may_fail as usize;
        flagged_ok += (may_fail && parsed) as usize;
    }
    if !all.is_empty() {
        println!(
            "mlir corpus: {ok} of {} files parse; {flagged} files belong to pairs MLIR 19 rejects \
             (parses_mlir19 = False), {flagged_ok} of those parse here",
            all.len()
        );
    }
    let trials = all
        .into_iter()
        .map(|f| {
            let name = f.strip_prefix(&dir).unwrap_or(&f).display().to_string();
            let may_fail = parses19.get(&test_name(&dir, &f)) == Some(&false);
            Trial::test(name, move || check(&f, may_fail))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
