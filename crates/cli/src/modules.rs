//! The modules a Python file imports, found as files beside it: `a.b.c` is `a/b/c.py` (or
//! `a/b/c/__init__.py`) under the file's folder or one of its ancestors; `..u.c` is relative
//! to the file's package. Their texts go to `lift`, which calls their `@triton.jit` functions
//! (FlagGems kernels call `tle.program_id` from `flag_gems/utils`). Files only: nothing is
//! imported or run.

use std::path::{Path, PathBuf};

/// At most this many imported modules are read per file.
const MAX_MODULES: usize = 32;
/// Larger files are not read.
const MAX_BYTES: u64 = 1 << 20;

/// `(dotted name, text)` of each module `text` imports that is a file under `file`'s tree.
pub fn imported(file: &Path, text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for name in lift::imported_modules(text) {
        if out.len() >= MAX_MODULES {
            break;
        }
        let Some(path) = locate(file, &name) else {
            continue;
        };
        let small = std::fs::metadata(&path).is_ok_and(|m| m.len() <= MAX_BYTES);
        if let (true, Ok(t)) = (small, std::fs::read_to_string(&path)) {
            out.push((name, t));
        }
    }
    out
}

fn locate(file: &Path, name: &str) -> Option<PathBuf> {
    let level = name.chars().take_while(|c| *c == '.').count();
    let parts: Vec<&str> = name[level..].split('.').filter(|p| !p.is_empty()).collect();
    if parts.is_empty() {
        return None;
    }
    let dir = file.parent()?;
    let candidates: Vec<PathBuf> = if level > 0 {
        let mut base = dir.to_path_buf();
        for _ in 1..level {
            base = base.parent()?.to_path_buf();
        }
        vec![base]
    } else {
        dir.ancestors().map(Path::to_path_buf).collect()
    };
    for base in candidates {
        let mut p = base.clone();
        p.extend(&parts);
        let module = p.with_extension("py");
        if module.is_file() {
            return Some(module);
        }
        let package = p.join("__init__.py");
        if package.is_file() {
            return Some(package);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modules_are_found_beside_and_above_the_file() {
        let root = std::env::temp_dir().join(format!("tp-modules-{}", std::process::id()));
        let ops = root.join("pkg/ops");
        std::fs::create_dir_all(&ops).unwrap();
        std::fs::create_dir_all(root.join("pkg/utils")).unwrap();
        std::fs::write(root.join("pkg/utils/ext.py"), "X = 1\n").unwrap();
        let file = ops.join("k.py");
        std::fs::write(&file, "").unwrap();
        assert_eq!(
            locate(&file, "pkg.utils.ext"),
            Some(root.join("pkg/utils/ext.py"))
        );
        assert_eq!(
            locate(&file, "..utils.ext"),
            Some(root.join("pkg/utils/ext.py"))
        );
        assert_eq!(locate(&file, "pkg.utils.missing"), None);
        let _ = std::fs::remove_dir_all(&root);
    }
}
