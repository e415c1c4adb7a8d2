//! The XLA catalogue (`corpus/rules/xla`, proved over integers and reals) checked at f32: every
//! rule that declares `real` is checked at `f32` instead, and its verdict compared with the
//! expectation table `corpus/rules/xla-f32.tsv` (file, verdict, counterexample in brief), so a
//! changed verdict shows in review. `TENSORPROOF_BLESS=1` rewrites the table.
//!
//! docs/rules.md publishes the rows that hold over reals and fail under IEEE. Each rule gets the
//! corpus runner's budget (10 s per query): a rule the solver cannot settle in it is `unknown`.

use libtest_mimic::{Arguments, Failed, Trial};
use report::{FloatDifference, Mismatch, Verdict};
use rules::{check_rule_bounded, parse_file, Options};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tensor::{ElemType, Format};

const TABLE: &str = "xla-f32.tsv";

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    entries.sort();
    for e in entries {
        if e.is_dir() {
            files(&e, out);
        } else if e.extension().is_some_and(|x| x == "rule") {
            out.push(e);
        }
    }
}

/// The verdict and the counterexample in brief (`lhs -> rhs, how they differ`).
fn brief(v: &Verdict) -> (String, String) {
    let what = match v {
        Verdict::Refuted { counterexample: c } => match &c.mismatch {
            Mismatch::FloatValue {
                lhs,
                rhs,
                difference,
                ..
            } => {
                let kind = match difference {
                    FloatDifference::Ulps { ulps, .. } if !difference.is_qualitative() => {
                        format!("rounding, {ulps} ulp")
                    }
                    d => d.describe().trim_start_matches("qualitative: ").to_string(),
                };
                format!("{lhs} -> {rhs} ({kind}); {}", inputs(c))
            }
            Mismatch::Value { lhs, rhs, .. } => format!("{lhs} -> {rhs}; {}", inputs(c)),
            other => format!("{other:?}"),
        },
        Verdict::Unknown { reason } => reason.chars().take(120).collect(),
        _ => String::new(),
    };
    (v.name().to_string(), what.replace(['\t', '\n'], " "))
}

/// The inputs of a counterexample in brief: a tensor indexed by the differing element's axes
/// at that element (`A[R.0: 1] = -0.0`), others by their first elements (at most 3).
fn inputs(c: &report::Counterexample) -> String {
    let index: &[(String, i128)] = match &c.mismatch {
        Mismatch::FloatValue { index, .. } | Mismatch::Value { index, .. } => index,
        _ => &[],
    };
    let mut parts: Vec<String> = c
        .scalars
        .iter()
        .map(|(n, v)| format!("{n} = {v}"))
        .collect();
    for t in &c.inputs {
        let at: Option<Vec<i128>> = t
            .axes
            .iter()
            .map(|(a, _)| index.iter().find(|(b, _)| b == a).map(|(_, i)| *i))
            .collect();
        let offset = at.as_ref().map(|at| {
            at.iter()
                .zip(&t.axes)
                .fold(0i128, |off, (i, (_, n))| off * n + i)
        });
        match offset {
            Some(off) if !t.axes.is_empty() && (off as usize) < t.data.len() => {
                let at: Vec<String> = t
                    .axes
                    .iter()
                    .zip(at.unwrap_or_default())
                    .map(|((a, _), i)| format!("{a}: {i}"))
                    .collect();
                parts.push(format!(
                    "{}[{}] = {}",
                    t.name,
                    at.join(", "),
                    t.data[off as usize]
                ));
            }
            _ => {
                let shown: Vec<&str> = t.data.iter().take(3).map(|s| s.as_str()).collect();
                let more = if t.data.len() > 3 { ", ..." } else { "" };
                parts.push(format!("{} = [{}{more}]", t.name, shown.join(", ")));
            }
        }
    }
    parts.join(", ")
}

fn check(path: &Path) -> Result<(String, String), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let (file, diags) = parse_file(&text);
    if !diags.is_empty() || file.rules.len() != 1 {
        return Err("the file does not parse to one rule".into());
    }
    let mut rule = file.rules[0].clone();
    let span = rule.types[0].1;
    rule.types = vec![(ElemType::float(Format::F32, false), span)];
    let opts = Options {
        timeout: Duration::from_secs(10),
        ..Options::default()
    };
    Ok(brief(
        &check_rule_bounded(&rule, &opts, Duration::from_secs(120)).verdict,
    ))
}

fn read_table(path: &Path) -> BTreeMap<String, (String, String)> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut cols = l.splitn(3, '\t');
            let file = cols.next()?.to_string();
            let verdict = cols.next()?.to_string();
            Some((file, (verdict, cols.next().unwrap_or("").to_string())))
        })
        .collect()
}

fn main() {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/rules");
    let table_path = root.join(TABLE);
    let expected = Arc::new(read_table(&table_path));
    let bless = std::env::var_os("TENSORPROOF_BLESS").is_some();
    let got: Arc<Mutex<BTreeMap<String, (String, String)>>> = Arc::default();
    let mut all = Vec::new();
    files(&root.join("xla"), &mut all);
    let mut trials = Vec::new();
    for p in all {
        let text = std::fs::read_to_string(&p).unwrap_or_default();
        let over_reals = parse_file(&text)
            .0
            .rules
            .first()
            .is_some_and(|r| r.types.iter().any(|(t, _)| *t == ElemType::Real));
        if !over_reals {
            continue;
        }
        let name = p.strip_prefix(&root).unwrap_or(&p).display().to_string();
        let (expected, got) = (expected.clone(), got.clone());
        trials.push(Trial::test(name.clone(), move || -> Result<(), Failed> {
            let (verdict, what) = check(&p)?;
            got.lock()
                .unwrap()
                .insert(name.clone(), (verdict.clone(), what.clone()));
            if bless {
                return Ok(());
            }
            match expected.get(&name) {
                None => Err(format!("not in {TABLE} (TENSORPROOF_BLESS=1 to add it): {verdict} {what}").into()),
                Some((v, _)) if *v != verdict => Err(format!(
                    "at f32 expected {v}, got {verdict} (TENSORPROOF_BLESS=1 to update {TABLE})\n{what}"
                )
                .into()),
                Some((_, w)) if *w != what => {
                    println!("{name}: note: another counterexample than the table's:\n  table: {w}\n  now:   {what}");
                    Ok(())
                }
                Some(_) => Ok(()),
            }
        }));
    }
    let filtered = args.filter.is_some() || !args.skip.is_empty();
    let conclusion = libtest_mimic::run(&args, trials);
    if bless && !filtered {
        let mut out = String::from(
            "# The XLA catalogue at f32: file\tverdict\tcounterexample (lhs -> rhs (how); inputs) or reason.\n# Written by `TENSORPROOF_BLESS=1 cargo test --release -p rules --test catalogue_f32`.\n",
        );
        for (file, (v, w)) in got.lock().unwrap().iter() {
            out.push_str(&format!("{file}\t{v}\t{w}\n"));
        }
        std::fs::write(&table_path, out).expect("write the table");
    }
    conclusion.exit();
}
