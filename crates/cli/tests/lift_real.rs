//! `tensorproof lift` on real code: every `.py` file of `../shared/corpus/triton-real` (next to
//! the repository, read in place, never edited; skipped with a notice when absent) is lifted
//! with `lift --json -q`, and each record (file, kernel, line, verdict, reason class) must be
//! the row of `corpus/lift-real/expectations.tsv`. A file that gives a file-level error has one
//! row with kernel `-`. On a difference the test prints the rows added, removed and changed;
//! `TENSORPROOF_BLESS=1 cargo test --release -p tensorproof --test lift_real` rewrites the table.
//! The summary figures and the most common reason classes go to stderr. The mutation test
//! (`mutants`) takes its formulas from the same run. Also: `bench --lift` on code without
//! headers groups its files and counts the reason classes.

#[allow(dead_code)]
#[path = "../src/reason_class.rs"]
mod reason_class;

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

#[path = "lift_real/mutants.rs"]
mod mutants;

/// The corpus, relative to the repository root (the binary runs there).
const CORPUS: &str = "../shared/corpus/triton-real";
/// The table, relative to the repository root.
const TABLE: &str = "corpus/lift-real/expectations.tsv";
/// Files per `lift` command: all of them in one (its worker pool stays busy to the end),
/// unless the corpus grows past this.
const BATCH: usize = 400;
const HEADER: &str = "# file\tkernel\tline\tverdict\treason class\n";
const BLESS: &str = "TENSORPROOF_BLESS=1 cargo test --release -p tensorproof --test lift_real";

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// One record: sorted by file, then line (a file-level error first), then kernel.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Row {
    file: String,
    line: Option<u64>,
    kernel: String,
    verdict: String,
    reason: String,
}

type Key = (String, Option<u64>, String);

impl Row {
    fn key(&self) -> Key {
        (self.file.clone(), self.line, self.kernel.clone())
    }

    fn tsv(&self) -> String {
        let line = self.line.map_or("-".to_string(), |l| l.to_string());
        let fields = [&self.file, &self.kernel, &line, &self.verdict, &self.reason];
        let fields: Vec<String> = fields
            .iter()
            .map(|f| f.replace(['\t', '\n'], " "))
            .collect();
        fields.join("\t")
    }

    fn parse(line: &str) -> Option<Row> {
        let f: Vec<&str> = line.split('\t').collect();
        let [file, kernel, at, verdict, reason] = f.as_slice() else {
            return None;
        };
        Some(Row {
            file: file.to_string(),
            line: at.parse().ok(),
            kernel: kernel.to_string(),
            verdict: verdict.to_string(),
            reason: reason.to_string(),
        })
    }

    /// The row of one `lift --json` result record (its file relative to the corpus).
    fn of_record(r: &Value) -> Row {
        let text = |k: &str| r[k].as_str().unwrap_or_default().to_string();
        let file = text("file");
        let file = file.strip_prefix(&format!("{CORPUS}/")).unwrap_or(&file);
        let kernel = text("kernel");
        let reason = match r["verdict"].as_str() {
            Some("unknown") => reason_class::class(&text("reason")),
            Some("error") => {
                let ds = r["diagnostics"]
                    .as_array()
                    .map(Vec::as_slice)
                    .unwrap_or(&[]);
                reason_class::class_of_messages(ds.iter().filter_map(|d| d["message"].as_str()))
            }
            _ => String::new(),
        };
        let dash = |s: String| if s.is_empty() { "-".to_string() } else { s };
        Row {
            file: file.to_string(),
            line: r["line"].as_u64(),
            kernel: dash(kernel),
            verdict: text("verdict"),
            reason: dash(reason),
        }
    }

    /// `FlagOpen/FlagGems`: the first two components of the file's path.
    fn repository(&self) -> String {
        self.file
            .splitn(3, '/')
            .take(2)
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// The `.py` files under `dir`, sorted, as paths relative to `dir`.
fn py_files(dir: &Path, under: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for e in entries {
        if e.is_dir() {
            py_files(&e, &under.join(e.file_name().unwrap_or_default()), out);
        } else if e.extension().is_some_and(|x| x == "py") {
            out.push(under.join(e.file_name().unwrap_or_default()));
        }
    }
}

/// A function's time when checking (`--budget`; not when blessing): the table is blessed at
/// the command's own limits (30 s a function), and a kernel past this budget here differs
/// from its row only at a time limit, a notice (below). It keeps the test command's time
/// down: about a dozen kernels run to the function's limit.
const CHECK_BUDGET: &str = "12";

fn budget_args() -> Vec<&'static str> {
    match std::env::var_os("TENSORPROOF_BLESS") {
        Some(_) => vec![],
        None => vec!["--budget", CHECK_BUDGET],
    }
}

/// `--differential` where the Python of the differential harness imports triton (else a
/// notice): every verified kernel whose launcher it can call is run in Triton's interpreter
/// and compared with its formula, every refutation's memory fault is run at its
/// counterexample (`check_differential`).
fn differential_args() -> Vec<&'static str> {
    let python = std::env::var("TENSORPROOF_PYTHON").unwrap_or_else(|_| ".venv/bin/python".into());
    let probe = Command::new(&python)
        .args(["-c", "import triton, numpy"])
        .current_dir(root())
        .output();
    if probe.map(|o| o.status.success()).unwrap_or(false) {
        vec!["--differential"]
    } else {
        eprintln!("note: {python} cannot import triton: the real corpus is not run in Triton's interpreter");
        vec![]
    }
}

/// Every record `--differential` ran: a verified kernel agrees with Triton's interpreter, a
/// refuted one's fault is seen there (`confirmed`); what it could not run is counted.
fn check_differential(records: &[Value]) {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = vec![];
    for r in records {
        let Some(status) = r["differential"]["status"].as_str() else {
            continue;
        };
        let verdict = r["verdict"].as_str().unwrap_or("?");
        *counts.entry(format!("{verdict} {status}")).or_default() += 1;
        let what = format!("{} {}: {}", r["file"], r["kernel"], r["differential"]);
        match (verdict, status) {
            ("verified", "agree" | "skipped") | ("refuted", "confirmed") => {}
            ("refuted", "skipped") => {
                eprintln!("note: a refutation not run in Triton's interpreter: {what}")
            }
            ("verified" | "refuted", _) => failures.push(what),
            _ => {}
        }
    }
    eprintln!("in Triton's interpreter: {counts:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The result records of `lift --json -q` over `files` (relative to the corpus), in batches.
fn lift_records(files: &[PathBuf]) -> Vec<Value> {
    let mut records = vec![];
    for batch in files.chunks(BATCH) {
        let paths: Vec<String> = batch
            .iter()
            .map(|f| format!("{CORPUS}/{}", f.display()))
            .collect();
        let out = Command::new(env!("CARGO_BIN_EXE_tensorproof"))
            .args(["lift", "--json", "-q"])
            .args(budget_args())
            .args(differential_args())
            .args(&paths)
            .current_dir(root())
            .output()
            .expect("run tensorproof lift");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let before = records.len();
        for line in stdout.lines() {
            let r: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("not a JSON line ({e}): {line}"));
            if r["record"] == "result" {
                records.push(r);
            }
        }
        assert!(
            records.len() > before,
            "no record for {} files (exit {:?}): {}",
            batch.len(),
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    records
}

/// The result records of the whole corpus (`None` where it is absent): lifted once, by the
/// first test that asks, for the table test and the mutation test.
fn real_records() -> Option<&'static [Value]> {
    static RECORDS: OnceLock<Option<Vec<Value>>> = OnceLock::new();
    RECORDS
        .get_or_init(|| {
            let corpus = root().join(CORPUS);
            if !corpus.is_dir() {
                return None;
            }
            let mut files = vec![];
            py_files(&corpus, Path::new(""), &mut files);
            assert!(!files.is_empty(), "no .py file under {}", corpus.display());
            Some(lift_records(&files))
        })
        .as_deref()
}

/// Each kind of record (kernel, device function, helper) with its verdicts' counts, and the
/// kernels decided (verified or refuted) of all kernels: the measure.
fn print_kinds(records: &[Value]) {
    let mut kinds: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
    for r in records {
        let kind = r["kind"].as_str().unwrap_or("?").to_string();
        let verdict = r["verdict"].as_str().unwrap_or("?").to_string();
        *kinds.entry(kind).or_default().entry(verdict).or_default() += 1;
    }
    for (kind, verdicts) in &kinds {
        let total: usize = verdicts.values().sum();
        let decided =
            verdicts.get("verified").unwrap_or(&0) + verdicts.get("refuted").unwrap_or(&0);
        eprintln!("  {kind}: {total} records, {decided} decided, {verdicts:?}");
    }
}

/// Whether a line of [`diff`] is a changed row one of whose sides stopped at a time limit
/// (the function's time, the job's budget, a solver's timeout).
fn is_time_limit_change(line: &str) -> bool {
    const LIMITS: [&str; 6] = [
        "time of N s is up",
        "did not stop when interrupted at its time limit",
        "did not end within its budget",
        "not solved, the kernel's CPU time",
        "the kernel's time is up",
        "timeout",
    ];
    line.starts_with('~') && LIMITS.iter().any(|l| line.contains(l))
}

/// Whether a line of [`diff`] is a changed row whose two sides differ only in which access of a
/// solver's model broke the claim's memory precondition: the solver may return another model
/// of the same query on another machine, so the fault it names is a detail of that model; or
/// whose two sides are `unknown` from two models of one claim ([`models_of_one_claim`]).
fn is_model_detail_change(line: &str) -> bool {
    const FAULT: &str = "breaks the claim's memory precondition (";
    // The reason with each fault's parenthesis (nested ones inside it) taken out.
    fn without_faults(reason: &str) -> String {
        let mut out = String::new();
        let mut rest = reason;
        while let Some(at) = rest.find(FAULT) {
            out.push_str(&rest[..at + FAULT.len() - 1]);
            let mut depth = 0;
            let mut end = rest.len();
            for (i, c) in rest[at + FAULT.len() - 1..].char_indices() {
                depth += match c {
                    '(' => 1,
                    ')' => -1,
                    _ => 0,
                };
                if depth == 0 {
                    end = at + FAULT.len() - 1 + i + 1;
                    break;
                }
            }
            rest = &rest[end..];
        }
        out.push_str(rest);
        out
    }
    let Some((new, was)) = line
        .strip_prefix("~ ")
        .and_then(|l| l.split_once("\n  was: "))
    else {
        return false;
    };
    let (Some(new), Some((verdict, old))) = (new.splitn(5, '\t').nth(4), was.split_once(' '))
    else {
        return false;
    };
    let new_verdict = line.split('\t').nth(3).unwrap_or("");
    if new_verdict != verdict || new == old {
        return false;
    }
    let same_but_fault = new.contains(FAULT) && without_faults(new) == without_faults(old);
    same_but_fault || (verdict == "unknown" && models_of_one_claim(new, old))
}

/// Whether two `unknown` reasons both come from a solver's model of the same claim (the text
/// before the first `: `, the constexpr case or the store, is the same): one model may fall outside the
/// memory precondition, another inside it, where its replay shows the synthesized formula
/// wrong. Which model comes back depends on which engine of the portfolio answered first, so
/// on the machine's load.
fn models_of_one_claim(new: &str, old: &str) -> bool {
    const FROM_A_MODEL: [&str; 2] = ["the solver's model", "(replayed)"];
    let from_a_model = |r: &str| FROM_A_MODEL.iter().any(|m| r.contains(m));
    let claim = |r: &str| r.split_once(": ").map(|(c, _)| c.to_string());
    // Reasons of several stores are joined by `; `: each pair must be one claim's models.
    let (new, old): (Vec<&str>, Vec<&str>) = (new.split("; ").collect(), old.split("; ").collect());
    new.len() == old.len()
        && new.iter().zip(&old).all(|(n, o)| {
            n == o
                || (from_a_model(n)
                    && from_a_model(o)
                    && claim(n).is_some()
                    && claim(n) == claim(o))
        })
}

#[test]
fn only_the_fault_of_a_model_is_a_detail() {
    let row = |fault: &str, tail: &str| {
        format!(
            "~ f.py\tk\t3\tunknown\tthe store: the solver's model (sizes [N]) breaks the claim's memory precondition ({fault}){tail}\n  was: unknown the store: the solver's model (sizes [N]) breaks the claim's memory precondition (the load (program [N, N], lane [N]) addresses element N of `_`, which has N elements)"
        )
    };
    let other =
        "the load (program [N, N], lane [N, N]) addresses element N of `_`, which has N elements";
    assert!(is_model_detail_change(&row(other, "")));
    // Another reason after the fault, or another verdict, is a change.
    assert!(!is_model_detail_change(&row(
        other,
        "; the store writes `_`"
    )));
    assert!(!is_model_detail_change(&row(other, "").replacen(
        "\tunknown\t",
        "\terror\t",
        1
    )));
    // Another model of one claim, inside the precondition, replayed against the formula.
    let inside = "~ f.py\tk\t3\tunknown\twith `_` = False: the synthesized formula does not match the kernel: at sizes [(\"L\", N)], `_` at [(\"i\", N)] is ~N, the formula gives N (replayed)\n  was: unknown with `_` = False: the store writes `_[i] = 0`: the solver's model (sizes [N]) breaks the claim's memory precondition (the load (program [N], lane []) addresses element N of `_`, which has N elements)";
    assert!(is_model_detail_change(inside));
    // Another claim is a change.
    assert!(!is_model_detail_change(&inside.replacen(
        "with `_` = False",
        "with `_` = True",
        1
    )));
}

/// The rows added, removed and changed from `want` to `got`, one line each.
fn diff(want: &[Row], got: &[Row]) -> Vec<String> {
    let index = |rows: &[Row]| -> BTreeMap<Key, Row> {
        rows.iter().map(|r| (r.key(), r.clone())).collect()
    };
    let (w, g) = (index(want), index(got));
    let mut out: Vec<(Key, String)> = vec![];
    for (k, r) in &w {
        match g.get(k) {
            None => out.push((k.clone(), format!("- {}", r.tsv()))),
            Some(n) if n != r => {
                let line = format!("~ {}\n  was: {} {}", n.tsv(), r.verdict, r.reason);
                out.push((k.clone(), line));
            }
            Some(_) => {}
        }
    }
    for (k, r) in &g {
        if !w.contains_key(k) {
            out.push((k.clone(), format!("+ {}", r.tsv())));
        }
    }
    out.sort();
    let mut out: Vec<String> = out.into_iter().map(|(_, line)| line).collect();
    if out.is_empty() && want != got {
        out.push("rows repeated with the same file, line and kernel differ".into());
    }
    out
}

/// Records and each verdict's count, for all rows and per repository; then the reason classes.
fn print_summary(rows: &[Row]) {
    let mut groups: BTreeMap<String, Vec<&Row>> = BTreeMap::new();
    for r in rows {
        groups.entry(r.repository()).or_default().push(r);
    }
    eprintln!("triton-real: {}", counts(rows.iter()));
    for (g, rs) in &groups {
        eprintln!("  {g}: {}", counts(rs.iter().copied()));
    }
    let mut classes: BTreeMap<&str, usize> = BTreeMap::new();
    for r in rows.iter().filter(|r| r.reason != "-") {
        *classes.entry(&r.reason).or_default() += 1;
    }
    let mut classes: Vec<(&str, usize)> = classes.into_iter().collect();
    classes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    eprintln!("most common reason classes ({} in all):", classes.len());
    for (c, n) in classes.iter().take(12) {
        eprintln!("  {n:>4}  {c}");
    }
}

fn counts<'a>(rows: impl Iterator<Item = &'a Row>) -> String {
    let mut n: BTreeMap<&str, usize> = BTreeMap::new();
    let mut total = 0;
    for r in rows {
        *n.entry(&r.verdict).or_default() += 1;
        total += 1;
    }
    let of = |v: &str| n.get(v).copied().unwrap_or(0);
    format!(
        "{total} records, {} verified, {} refuted, {} unknown, {} error",
        of("verified"),
        of("refuted"),
        of("unknown"),
        of("error")
    )
}

#[test]
fn real_corpus_meets_its_expectations() {
    let corpus = root().join(CORPUS);
    if !corpus.is_dir() {
        eprintln!(
            "note: {} is absent; the real-corpus test is skipped",
            corpus.display()
        );
        return;
    }
    let records = real_records().expect("the corpus is a folder");
    let mut files = vec![];
    py_files(&corpus, Path::new(""), &mut files);
    print_kinds(records);
    check_differential(records);
    let mut got: Vec<Row> = records.iter().map(Row::of_record).collect();
    got.sort();
    let covered: BTreeSet<String> = got.iter().map(|r| r.file.clone()).collect();
    let all: BTreeSet<String> = files.iter().map(|f| f.display().to_string()).collect();
    assert_eq!(
        covered, all,
        "every file has at least one record, and only those files"
    );
    print_summary(&got);
    let table = root().join(TABLE);
    let text: String = got.iter().map(|r| r.tsv() + "\n").collect();
    if std::env::var_os("TENSORPROOF_BLESS").is_some() {
        std::fs::write(&table, format!("{HEADER}{text}")).expect("write the table");
        eprintln!("wrote {} ({} rows)", table.display(), got.len());
        return;
    }
    let want_text = std::fs::read_to_string(&table)
        .unwrap_or_else(|e| panic!("{}: {e}; write it with {BLESS}", table.display()));
    let want: Vec<Row> = want_text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| Row::parse(l).unwrap_or_else(|| panic!("{TABLE}: not a row of 5 fields: {l}")))
        .collect();
    let (timed, changes): (Vec<String>, Vec<String>) = diff(&want, &got)
        .into_iter()
        .partition(|c| is_time_limit_change(c) || is_model_detail_change(c));
    if !timed.is_empty() {
        // A time limit depends on the machine's load, a solver's model on the solver's run: a
        // row that reached one here or in the table, or names another faulting access of a
        // model, is a notice, never a failure (no test asserts wall time; the figures are the
        // table's, blessed on a quiet machine).
        eprintln!(
            "note: {} rows differ only where a time limit was reached (machine load) or in the faulting access a solver's model names:\n{}",
            timed.len(),
            timed.join("\n")
        );
    }
    assert!(
        changes.is_empty(),
        "{} rows of {TABLE} differ from `tensorproof lift` (- removed, + added, ~ changed):\n{}\n\
         If the change is intended, rewrite the table with\n    {BLESS}",
        changes.len(),
        changes.join("\n")
    );
}

/// `bench --lift DIR` on files without `# expect:` headers: per group (two folders below DIR,
/// or DIR itself) the count of each verdict, and the reason classes with their counts.
#[test]
fn bench_groups_code_without_headers() {
    let dir = std::env::temp_dir().join(format!("tensorproof-bench-real-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let good = std::fs::read_to_string(root().join("corpus/lift/vector_add.py")).unwrap();
    let good: String = good
        .lines()
        .filter(|l| !l.starts_with("# "))
        .map(|l| format!("{l}\n"))
        .collect();
    for (path, text) in [
        ("org/repo/src/add.py", good.as_str()),
        ("org/other/bad.py", "def f(:\n"),
        ("org/other/deep/bad2.py", "def g(:\n"),
        ("top.py", "x = 1\n"),
    ] {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    let out = Command::new(env!("CARGO_BIN_EXE_tensorproof"))
        .args(["bench", "--lift", "--runs", "2", "--json", "-q"])
        .arg(&dir)
        .output()
        .expect("run tensorproof bench");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(2), "an error among the verdicts");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let summary: Value = serde_json::from_str(stdout.lines().last().unwrap_or_default()).unwrap();
    let groups = summary["groups"].as_array().expect("groups");
    let group = |name: &str| {
        let g = groups.iter().find(|g| g["group"] == name);
        g.unwrap_or_else(|| panic!("no group {name} in {summary}"))
            .clone()
    };
    let (repo, other, all) = (group("org/repo"), group("org/other"), group("all"));
    assert_eq!(
        (repo["files"].as_u64(), repo["verified"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(
        (other["files"].as_u64(), other["error"].as_u64()),
        (Some(2), Some(2))
    );
    assert_eq!(
        (all["files"].as_u64(), all["records"].as_u64()),
        (Some(4), Some(4))
    );
    assert_eq!(
        groups.len(),
        4,
        "org/other, org/repo, the folder itself, all: {summary}"
    );
    let classes = summary["reason_classes"]
        .as_array()
        .expect("reason classes");
    assert_eq!(
        classes[0]["count"], 2,
        "the two unreadable files first: {summary}"
    );
    assert!(classes[0]["class"]
        .as_str()
        .unwrap_or_default()
        .starts_with("not valid Python"));
}
