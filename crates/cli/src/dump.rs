//! `--dump-smt DIR`: every solver query as a complete SMT-LIB script, one file per query, named
//! after the job and the query and never overwriting another query of the same run.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

pub struct Dumper {
    dir: PathBuf,
    used: BTreeSet<String>,
}

impl Dumper {
    pub fn new(dir: &Path) -> Result<Dumper, String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("--dump-smt {}: {e}", dir.display()))?;
        Ok(Dumper {
            dir: dir.to_path_buf(),
            used: BTreeSet::new(),
        })
    }

    /// Writes each `(query name, text)` as `DIR/<job>-<query>.smt2` (a `-2`, `-3`, ... suffix
    /// where a name repeats), ending with `(check-sat)`.
    pub fn write(&mut self, job: &str, queries: &[(String, String)]) -> Result<(), String> {
        for (name, text) in queries {
            let stem = format!("{}-{}", safe(job, 100), safe(name, 80));
            let mut file = stem.clone();
            let mut k = 1;
            while self.used.contains(&file) {
                k += 1;
                file = format!("{stem}-{k}");
            }
            self.used.insert(file.clone());
            let path = self.dir.join(format!("{file}.smt2"));
            let mut body = text.clone();
            if !body.contains("(check-sat)") {
                if !body.ends_with('\n') {
                    body.push('\n');
                }
                body.push_str("(check-sat)\n");
            }
            std::fs::write(&path, body).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(())
    }
}

/// A file-name-safe, shortened form of `s`.
fn safe(s: &str, max: usize) -> String {
    let mut out: String = s
        .trim_end_matches(".rule")
        .trim_end_matches(".mlir")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    while out.contains("__") {
        out = out.replace("__", "_");
    }
    out.trim_matches(|c| c == '_' || c == '.')
        .chars()
        .take(max)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_never_collide_and_scripts_are_complete() {
        let dir = std::env::temp_dir().join(format!("tp-dump-{}", std::process::id()));
        let mut d = Dumper::new(&dir).unwrap();
        let q = vec![("q".to_string(), "(assert true)".to_string())];
        d.write("a/b.rule", &q).unwrap();
        d.write("a/b.rule", &q).unwrap();
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
            .collect();
        names.sort();
        assert_eq!(names, vec!["a_b-q-2.smt2", "a_b-q.smt2"]);
        let text = std::fs::read_to_string(dir.join("a_b-q.smt2")).unwrap();
        assert!(text.ends_with("(check-sat)\n"), "{text}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
