//! The mutation test over real kernels: every kernel of `../shared/corpus/triton-real` that
//! `lift` verifies (the `verified` rows of `corpus/lift-real/expectations.tsv`, which the
//! table test keeps true) is mutated (each load, then each store, addresses one element
//! further) and checked against the original's formula; no mutant may be verified. The
//! formulas are those of the table test's own run (one lift of the corpus for both tests; a
//! verified kernel that reached the check's time limit there is not mutated). Skipped with a
//! notice where the corpus is absent.

use super::{real_records, root, TABLE};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn lift(args: &[&str], files: &[PathBuf]) -> Vec<Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_tensorproof"))
        .arg("lift")
        .args(["--json", "-q"])
        .args(args)
        .args(files)
        .current_dir(root())
        .output()
        .expect("run tensorproof");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|r| r["record"] == "result")
        .collect()
}

/// The `verified` rows of the expectation table, grouped by file: (file, kernel names).
fn verified_rows() -> Vec<(String, Vec<String>)> {
    let table = std::fs::read_to_string(root().join(TABLE)).expect("read the expectation table");
    let mut by_file: Vec<(String, Vec<String>)> = Vec::new();
    for row in table.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = row.split('\t').collect();
        if cols.len() < 4 || cols[3] != "verified" {
            continue;
        }
        match by_file.last_mut() {
            Some((f, names)) if f == cols[0] => names.push(cols[1].to_string()),
            _ => by_file.push((cols[0].to_string(), vec![cols[1].to_string()])),
        }
    }
    by_file
}

/// The mutants of the kernel defined at `line` (1-based): each `tl.load(` and `tl.store(` of
/// its body, one at a time, addressing one element further. A statement under an `if` (or
/// its `elif`/`else`) whose condition reads a constexpr with a default is not mutated: the
/// kernel-level claim is for the defaults (it says so), and where the default decides the
/// branch away such a mutant is the kernel itself.
fn mutants(text: &str, line: usize) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let start = line.saturating_sub(1);
    let end = (start + 1..lines.len())
        .find(|&k| lines[k].starts_with("def ") || lines[k].starts_with('@'))
        .unwrap_or(lines.len());
    let defaulted = defaulted_constexprs(&lines[start..end]);
    let mut out = Vec::new();
    for k in start..end {
        if under_default(&lines[start..=k], &defaulted) {
            continue;
        }
        for op in ["tl.load(", "tl.store("] {
            if let Some(at) = lines[k].find(op) {
                let mut m: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                m[k].insert_str(at + op.len(), "1 + ");
                out.push(m.join("\n") + "\n");
            }
        }
    }
    out
}

/// The constexpr parameters of a kernel's signature that have a default (`reduction:
/// tl.constexpr = _MODE_MEAN`).
fn defaulted_constexprs(kernel: &[&str]) -> Vec<String> {
    let sig_end = kernel
        .iter()
        .position(|l| l.trim_end().ends_with(':') && l.contains(')'))
        .unwrap_or(0);
    let sig = kernel[..=sig_end].join(" ");
    let params = sig.split_once('(').map_or("", |(_, p)| p);
    params
        .split(',')
        .filter(|p| p.contains("constexpr") && p.contains('='))
        .filter_map(|p| p.split(':').next())
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty())
        .collect()
}

/// Whether the last line of `lines` sits under an `if`/`elif`/`else` whose chain tests one of
/// `names` (by indentation).
fn under_default(lines: &[&str], names: &[String]) -> bool {
    let indent = |l: &str| l.len() - l.trim_start().len();
    let Some(last) = lines.last() else {
        return false;
    };
    let mut level = indent(last);
    let reads = |l: &str| {
        names.iter().any(|n| {
            l.split(|c: char| !c.is_alphanumeric() && c != '_')
                .any(|w| w == n)
        })
    };
    let mut in_chain = false;
    for l in lines.iter().rev().skip(1) {
        let t = l.trim_start();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let i = indent(l);
        let header = t.starts_with("if ") || t.starts_with("elif ") || t.starts_with("else");
        if i < level || (in_chain && i == level && header) {
            if header && reads(t) {
                return true;
            }
            in_chain = t.starts_with("elif ") || t.starts_with("else");
            level = i;
        } else if i == level {
            // A statement between: no `if` above it heads this chain.
            in_chain = false;
        }
    }
    false
}

#[test]
fn no_mutant_of_a_verified_real_kernel_is_verified() {
    let Some(records) = real_records() else {
        eprintln!("notice: the real corpus is absent; the mutation test is skipped");
        return;
    };
    // The verified kernels of the table test's run, with their formulas.
    let rows = verified_rows();
    let wanted = |r: &Value| {
        let file = r["file"].as_str().unwrap_or_default();
        let kernel = r["kernel"].as_str().unwrap_or_default();
        rows.iter()
            .any(|(f, ns)| file.ends_with(f.as_str()) && ns.iter().any(|n| n == kernel))
    };
    let verified: Vec<&Value> = records
        .iter()
        .filter(|r| {
            r["verdict"] == "verified"
                && r["kind"] == "kernel"
                && r["formula"].is_string()
                && wanted(r)
        })
        .collect();
    assert!(
        !verified.is_empty(),
        "no verified kernel in the real corpus"
    );
    eprintln!(
        "{} verified real kernels to mutate ({} verified rows)",
        verified.len(),
        rows.iter().map(|(_, ns)| ns.len()).sum::<usize>()
    );
    let tmp = std::env::temp_dir().join(format!("tp-mutants-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    // Each kernel's mutants in one run of one job; two such runs at a time.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new((0usize, Vec::new()));
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(r) = verified.get(i) else { break };
                let (n, found) = mutants_verified(r, &tmp.join(i.to_string()));
                let mut res = results.lock().unwrap();
                res.0 += n;
                res.1.extend(found);
            });
        }
    });
    let (tried, wrong) = results.into_inner().unwrap();
    let _ = std::fs::remove_dir_all(&tmp);
    eprintln!(
        "{tried} mutants of {} verified real kernels, none verified",
        verified.len()
    );
    assert!(tried > 0);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The mutants of verified kernel `r` (written under `dir`), lifted against its formula:
/// how many, and those verified.
fn mutants_verified(r: &Value, dir: &Path) -> (usize, Vec<String>) {
    std::fs::create_dir_all(dir).unwrap();
    let file = root().join(r["file"].as_str().unwrap());
    let text = std::fs::read_to_string(&file).unwrap();
    let kernel = r["kernel"].as_str().unwrap();
    let formula = r["formula"].as_str().unwrap();
    let line = r["line"].as_u64().unwrap() as usize;
    let mut paths = Vec::new();
    for (n, m) in mutants(&text, line).into_iter().enumerate() {
        let path = dir.join(format!("{kernel}_{n}.py"));
        std::fs::write(&path, m).unwrap();
        paths.push(path);
    }
    if paths.is_empty() {
        return (0, vec![]);
    }
    let mut wrong = Vec::new();
    // A mutant that runs 20 s is not verified in this run (the test's time stays bounded).
    let args = [
        "-j", "1", "--budget", "20", "--expect", formula, "--kernel", kernel,
    ];
    for again in lift(&args, &paths) {
        if again["kernel"] == kernel && again["verdict"] == "verified" {
            let mutant = again["file"].as_str().unwrap_or("?").to_string();
            wrong.push(format!(
                "{} ({kernel}) mutant {mutant}: verified",
                r["file"]
            ));
        }
    }
    (paths.len(), wrong)
}

#[test]
fn statements_under_an_if_on_a_defaulted_constexpr_are_not_mutated() {
    let text = "def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr, mode: tl.constexpr = 3):\n    if mode == 0:\n        tl.store(y_ptr, tl.load(x_ptr))\n    else:\n        a = 1\n        tl.store(y_ptr + 1, a)\n    tl.store(y_ptr + 2, tl.load(x_ptr + 2))\n";
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(defaulted_constexprs(&lines), vec!["mode".to_string()]);
    assert!(under_default(&lines[..3], &["mode".to_string()]));
    assert!(under_default(&lines[..6], &["mode".to_string()]));
    assert!(!under_default(&lines[..7], &["mode".to_string()]));
    // Only the last statement's load and store are mutated.
    assert_eq!(mutants(text, 1).len(), 2);
}
