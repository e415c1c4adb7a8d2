//! Finding the inputs under folders: sorted, recursive, each real folder visited once (a
//! symlink back to a folder already on the way, `self -> .` or `up -> ..`, is skipped with a
//! notice), and reading them as UTF-8 with a positioned diagnostic when they are not.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// `collect` for a command: notes and errors printed on stderr; no file is an error too. The
/// error is the exit code (2).
pub fn collect_for_command(paths: &[PathBuf], suffix: &str) -> Result<Vec<PathBuf>, i32> {
    let mut notes = vec![];
    let files = collect(paths, suffix, &mut notes).map_err(|e| {
        eprintln!("error: {e}");
        2
    })?;
    for n in &notes {
        eprintln!("note: {n}");
    }
    if files.is_empty() {
        let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        eprintln!("error: no {suffix} files under {}", shown.join(", "));
        return Err(2);
    }
    Ok(files)
}

/// Files under `paths` whose name ends with `suffix` (a named file is taken whatever its
/// name); notices about skipped links go to `notes`.
pub fn collect(
    paths: &[PathBuf],
    suffix: &str,
    notes: &mut Vec<String>,
) -> Result<Vec<PathBuf>, String> {
    let mut out = vec![];
    let mut seen = BTreeSet::new();
    for p in paths {
        if p.is_dir() {
            walk(p, suffix, &mut seen, &mut out, notes)?;
        } else if p.exists() {
            out.push(p.clone());
        } else {
            return Err(format!("{}: no such file or folder", p.display()));
        }
    }
    Ok(out)
}

fn walk(
    dir: &Path,
    suffix: &str,
    seen: &mut BTreeSet<PathBuf>,
    out: &mut Vec<PathBuf>,
    notes: &mut Vec<String>,
) -> Result<(), String> {
    let real = dir
        .canonicalize()
        .map_err(|e| format!("{}: {e}", dir.display()))?;
    if !seen.insert(real.clone()) {
        notes.push(format!(
            "{}: skipped, a link to {} which is already searched",
            dir.display(),
            real.display()
        ));
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    let (dirs, files): (Vec<PathBuf>, Vec<PathBuf>) = entries.into_iter().partition(|e| e.is_dir());
    for f in files {
        if f.to_string_lossy().ends_with(suffix) {
            out.push(f);
        }
    }
    for d in dirs {
        walk(&d, suffix, seen, out, notes)?;
    }
    Ok(())
}

/// A file's text; bytes that are not UTF-8 give a diagnostic at the first bad byte (the text
/// returned with it is the valid prefix, for rendering).
pub fn read_text(path: &Path) -> Result<String, (String, Option<report::Diagnostic>)> {
    let bytes = std::fs::read(path).map_err(|e| (format!("{}: {e}", path.display()), None))?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let prefix = String::from_utf8_lossy(&e.as_bytes()[..at]).to_string();
        let bad = e.as_bytes()[at];
        (
            prefix,
            Some(report::Diagnostic {
                span: report::Span { start: at, end: at },
                message: format!("not UTF-8 text: byte 0x{bad:02x} cannot start a character here"),
            }),
        )
    })
}
