//! Mutation campaign: from every `verified` pair of `corpus/mlir`, mutants of the target made
//! mechanically (operands of a non-commutative op swapped, an integer literal or attribute
//! changed by one, an op replaced by a sibling: `maxsi`/`minsi`, `addi`/`subi`, `slt`/`sle`,
//! signed/unsigned, `overflow<nsw>` added, a reduction dimension or axis changed). Each mutant
//! is checked against the source, and both are run by the concrete interpreter on random small
//! inputs. A mutant the checker verifies while random testing finds an input on which it
//! differs from the source (no source UB there, and a target UB, another shape or another
//! defined value) fails the test, naming the mutant. The figures are printed.
//!
//! Functions with memref arguments, external calls or inputs too large to enumerate are not
//! run concretely (their mutants are still checked, and counted as not tested).

use mlirsem::eval::{run_function, value_type, Run};
use mlirsem::value::{Elem, SVal, Val};
use mlirsem::{all_indices, CArg, CElem, CFloat, EType, FTy};
use report::Verdict;
use std::path::Path;
use std::time::{Duration, Instant};
use tensor::Concrete;

/// Mutants per pair at most (taken round-robin over the mutation kinds), and random inputs
/// per function.
const PER_PAIR: usize = 32;
const INPUTS: usize = 24;
/// Most elements of a function's inputs for it to be run concretely.
const MAX_INPUT_ELEMS: i128 = 256;

/// `(kind, description, mutated text)` for every site of every mutation kind.
fn mutants(text: &str) -> Vec<(&'static str, String, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = vec![];
    let mut push = |kind: &'static str, k: usize, what: String, new_line: String| {
        let mut l = lines.clone();
        l[k] = &new_line;
        out.push((kind, format!("line {}: {what}", k + 1), l.join("\n") + "\n"));
    };
    const SIBLINGS: &[(&str, &str)] = &[
        ("arith.addi ", "arith.subi "),
        ("arith.subi ", "arith.addi "),
        ("arith.muli ", "arith.addi "),
        ("arith.addf ", "arith.subf "),
        ("arith.mulf ", "arith.addf "),
        ("arith.maxsi ", "arith.minsi "),
        ("arith.minsi ", "arith.maxsi "),
        ("arith.maxui ", "arith.minui "),
        ("arith.minui ", "arith.maxui "),
        ("arith.maximumf ", "arith.minimumf "),
        ("arith.minimumf ", "arith.maximumf "),
        ("arith.divsi ", "arith.divui "),
        ("arith.divui ", "arith.divsi "),
        ("arith.remsi ", "arith.remui "),
        ("arith.extsi ", "arith.extui "),
        ("arith.extui ", "arith.extsi "),
        ("arith.shrsi ", "arith.shrui "),
        ("arith.shrui ", "arith.shrsi "),
        ("arith.maxsi ", "arith.maxui "),
        ("arith.cmpi slt,", "arith.cmpi sle,"),
        ("arith.cmpi sle,", "arith.cmpi slt,"),
        ("arith.cmpi sgt,", "arith.cmpi sge,"),
        ("arith.cmpi sge,", "arith.cmpi sgt,"),
        ("arith.cmpi slt,", "arith.cmpi ult,"),
        ("arith.cmpi ult,", "arith.cmpi slt,"),
        ("arith.cmpi eq,", "arith.cmpi ne,"),
        ("arith.cmpf olt,", "arith.cmpf ole,"),
        ("arith.cmpf ogt,", "arith.cmpf oge,"),
        ("\"tosa.maximum\"", "\"tosa.minimum\""),
        ("\"tosa.sub\"", "\"tosa.add\""),
    ];
    const NON_COMMUTATIVE: &[&str] = &[
        "arith.subi ",
        "arith.subf ",
        "arith.divf ",
        "arith.divsi ",
        "arith.divui ",
        "arith.remsi ",
        "arith.remui ",
        "arith.shli ",
        "arith.shrsi ",
        "arith.shrui ",
        "arith.cmpi slt, ",
        "arith.cmpi sle, ",
        "arith.cmpi ult, ",
        "arith.cmpf olt, ",
        "arith.cmpf ogt, ",
    ];
    for (k, line) in lines.iter().enumerate() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        for (from, to) in SIBLINGS {
            if line.contains(from) {
                push(
                    "sibling",
                    k,
                    format!("{from}-> {to}"),
                    line.replacen(from, to, 1),
                );
            }
        }
        for op in NON_COMMUTATIVE {
            let Some(at) = line.find(op) else { continue };
            let rest = &line[at + op.len()..];
            let end = rest
                .find(|c: char| c == ':' || c == '{')
                .unwrap_or(rest.len());
            let args: Vec<&str> = rest[..end].trim().split(", ").collect();
            if let [a, b] = args.as_slice() {
                let b = b.split_whitespace().next().unwrap_or(b);
                if a.starts_with('%') && b.starts_with('%') && a != &b {
                    let swapped = format!("{b}, {a}");
                    let old = format!("{a}, {b}");
                    let new_line = format!(
                        "{}{}{}",
                        &line[..at + op.len()],
                        rest.replacen(&old, &swapped, 1),
                        ""
                    );
                    push(
                        "swap",
                        k,
                        format!("operands of {} swapped", op.trim()),
                        new_line,
                    );
                }
            }
        }
        if let Some(at) = line.find("arith.constant ") {
            let rest = &line[at + "arith.constant ".len()..];
            let num: String = rest
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '-')
                .collect();
            let is_int =
                rest[num.len()..].starts_with(" : i") || rest[num.len()..].starts_with(" : index");
            if let (Ok(n), true) = (num.parse::<i64>(), is_int) {
                let new_line = format!(
                    "{}arith.constant {}{}",
                    &line[..at],
                    n + 1,
                    &rest[num.len()..]
                );
                push("literal", k, format!("constant {n} -> {}", n + 1), new_line);
            }
        }
        for op in ["arith.addi ", "arith.subi ", "arith.muli "] {
            if line.contains(op) && !line.contains("overflow") && line.contains(" : ") {
                let at = line.rfind(" : ").unwrap_or(line.len());
                let new_line = format!("{} overflow<nsw>{}", &line[..at], &line[at..]);
                push(
                    "flag",
                    k,
                    format!("overflow<nsw> added to {}", op.trim()),
                    new_line,
                );
            }
        }
        // A static offset, size or pad amount: the first integer inside `[...]`.
        let structural = ["extract_slice", "insert_slice", "subview", "low[", "high["];
        if structural.iter().any(|k| line.contains(k)) {
            let bytes = line.as_bytes();
            let mut depth = 0;
            let mut i = 0;
            while i < bytes.len() {
                match bytes[i] {
                    b'[' => depth += 1,
                    b']' => depth -= 1,
                    b'0'..=b'9' if depth > 0 && i > 0 && matches!(bytes[i - 1], b'[' | b' ') => {
                        let num: String = line[i..]
                            .chars()
                            .take_while(|c| c.is_ascii_digit())
                            .collect();
                        let after = line[i + num.len()..].chars().next();
                        if matches!(after, Some(',') | Some(']')) {
                            if let Ok(n) = num.parse::<i64>() {
                                let new_line =
                                    format!("{}{}{}", &line[..i], n + 1, &line[i + num.len()..]);
                                push("slice", k, format!("bracketed {n} -> {}", n + 1), new_line);
                            }
                            break;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        // An affine map's results: the first two loop dims swapped.
        if let Some(at) = line.find(") -> (") {
            let rest = &line[at + 6..];
            for (a, b) in [
                ("d0, d1", "d1, d0"),
                ("d1, d0", "d0, d1"),
                ("d0 + d1", "d0"),
                ("d0", "d1"),
            ] {
                if rest.contains(a) {
                    let new_line = format!("{}{}", &line[..at + 6], rest.replacen(a, b, 1));
                    push("map", k, format!("map result {a} -> {b}"), new_line);
                    break;
                }
            }
        }
        // A float literal.
        if let Some(at) = line.find("arith.constant ") {
            let rest = &line[at + "arith.constant ".len()..];
            let num: String = rest
                .chars()
                .take_while(|c| c.is_ascii_digit() || matches!(c, '-' | '.' | 'e'))
                .collect();
            if num.contains('.') && rest[num.len()..].starts_with(" : f") {
                if let Ok(x) = num.parse::<f64>() {
                    let new_line = format!(
                        "{}arith.constant {:?}{}",
                        &line[..at],
                        x + 1.0,
                        &rest[num.len()..]
                    );
                    push(
                        "literal",
                        k,
                        format!("constant {num} -> {:?}", x + 1.0),
                        new_line,
                    );
                }
            }
        }
        for key in ["dimensions = [", "axis = "] {
            if let Some(at) = line.find(key) {
                let rest = &line[at + key.len()..];
                let num: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
                if let Ok(n) = num.parse::<i64>() {
                    let new_line = format!("{}{key}{}{}", &line[..at], n + 1, &rest[num.len()..]);
                    push("dimension", k, format!("{key}{n} -> {}", n + 1), new_line);
                }
            }
        }
    }
    out
}

/// Round-robin over kinds, at most `n`.
fn pick(all: Vec<(&'static str, String, String)>, n: usize) -> Vec<(String, String)> {
    let mut kinds: Vec<&str> = all.iter().map(|m| m.0).collect();
    kinds.dedup();
    let mut by_kind: Vec<Vec<(String, String)>> = vec![];
    let mut names: Vec<&str> = vec![];
    for (kind, what, text) in all {
        match names.iter().position(|k| *k == kind) {
            Some(i) => by_kind[i].push((what, text)),
            None => {
                names.push(kind);
                by_kind.push(vec![(what, text)]);
            }
        }
    }
    let mut out = vec![];
    let mut round = 0;
    while out.len() < n && by_kind.iter().any(|v| v.len() > round) {
        for v in &by_kind {
            if let Some(m) = v.get(round) {
                if out.len() < n {
                    out.push(m.clone());
                }
            }
        }
        round += 1;
    }
    out
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 17
    }
}

fn random_elem(t: EType, r: &mut Rng) -> CElem {
    const F: [f64; 10] = [
        0.0,
        -0.0,
        1.0,
        -2.5,
        3.0,
        0.5,
        f64::INFINITY,
        f64::NAN,
        -7.0,
        1e30,
    ];
    let x = r.next();
    match t {
        EType::Bool => CElem::Bool(x & 1 == 1),
        EType::Index => CElem::Int((x % 4) as i128),
        EType::Int(w) => {
            let half = 1i128 << (w - 1);
            let v = match x % 8 {
                0 => half - 1,
                1 => -half,
                2 => -1,
                3 => 0,
                4 => 1,
                _ => (r.next() % 11) as i128 - 5,
            };
            CElem::Int((v + half).rem_euclid(1i128 << w) - half)
        }
        EType::Float(FTy::F64) => CElem::Float(CFloat::f64(F[(x % 10) as usize])),
        EType::Float(_) => CElem::Float(CFloat::f32(F[(x % 10) as usize] as f32)),
    }
}

/// Random arguments for function `f`, or `None` when it is not run concretely.
fn random_args(m: &mlir::Module, f: mlir::OpId, r: &mut Rng) -> Option<Vec<CArg>> {
    let Some(mlir::Attr::Type(mlir::Type::Function { inputs, .. })) = m.op(f).attr("function_type")
    else {
        return None;
    };
    let mut total = 0i128;
    let mut args = vec![];
    for t in inputs {
        let (dims, ety) = value_type(t).ok()?;
        if matches!(ety, EType::Float(FTy::F16 | FTy::BF16)) {
            return None;
        }
        match dims {
            None => args.push(CArg::Scalar(ety, random_elem(ety, r))),
            Some(ds) => {
                let dims: Vec<i128> = ds
                    .iter()
                    .map(|d| match d {
                        mlir::Dim::Static(n) => *n as i128,
                        mlir::Dim::Dynamic => 1 + (r.next() % 3) as i128,
                    })
                    .collect();
                let n: i128 = dims.iter().product();
                total += n;
                if total > MAX_INPUT_ELEMS {
                    return None;
                }
                let data = (0..n).map(|_| random_elem(ety, r)).collect();
                args.push(CArg::Tensor { ety, dims, data });
            }
        }
    }
    Some(args)
}

fn holds(d: &mut Concrete, conds: &[mlirsem::value::CondAt<'_, Concrete>]) -> bool {
    conds
        .iter()
        .any(|c| all_indices(&c.shape).iter().any(|i| (c.at)(d, i)))
}

fn same(a: &Elem<Concrete>, b: &Elem<Concrete>) -> bool {
    match (a, b) {
        (Elem::Bool(x), Elem::Bool(y)) => x == y,
        (Elem::Int(x), Elem::Int(y)) => x == y,
        (Elem::Float(x), Elem::Float(y)) => x.bits == y.bits || (x.is_nan() && y.is_nan()),
        _ => false,
    }
}

fn refines(s: &SVal<Concrete>, t: &SVal<Concrete>) -> bool {
    !s.ok || (t.ok && same(&s.v, &t.v))
}

/// The first difference of the target from the source on `args`, if the source is defined
/// and both runs are exact.
fn differs(
    src: (&mlir::Module, mlir::OpId),
    tgt: (&mlir::Module, mlir::OpId),
    args: &[CArg],
) -> Option<String> {
    let mut ds = Concrete::default();
    let mut dt = Concrete::default();
    let rs: Run<Concrete> =
        run_function(&mut ds, src.0, src.1, mlirsem::replay_values(args)).ok()?;
    if rs.ub
        || holds(&mut ds, &rs.ub_at)
        || rs.unsure.iter().any(|u| u.0)
        || holds(&mut ds, &rs.unsure_at)
    {
        return None;
    }
    let rt: Run<Concrete> =
        run_function(&mut dt, tgt.0, tgt.1, mlirsem::replay_values(args)).ok()?;
    if rt.unsure.iter().any(|u| u.0) || holds(&mut dt, &rt.unsure_at) {
        return None;
    }
    let mut found = None;
    if rt.ub || holds(&mut dt, &rt.ub_at) {
        found = Some("target UB".to_string());
    }
    for (k, (a, b)) in rs.results.iter().zip(&rt.results).enumerate() {
        if found.is_some() {
            break;
        }
        match (a, b) {
            (Val::Scalar(x, _), Val::Scalar(y, _)) => {
                if !refines(x, y) {
                    found = Some(format!("result {k}"));
                }
            }
            (Val::Tensor(x), Val::Tensor(y)) => {
                if x.shape != y.shape {
                    found = Some(format!("result {k}: shape"));
                    break;
                }
                for i in all_indices(&x.shape) {
                    let (sv, tv) = ((x.at)(&mut ds, &i), (y.at)(&mut dt, &i));
                    if !refines(&sv, &tv) {
                        found = Some(format!("result {k} at {i:?}"));
                        break;
                    }
                }
            }
            _ => return None,
        }
    }
    let exact = |d: &Concrete| d.inexact.is_none() && !d.order_dependent;
    if !exact(&ds) || !exact(&dt) {
        return None;
    }
    found
}

#[derive(Default, Debug)]
struct Figures {
    pairs: usize,
    mutants: usize,
    invalid: usize,
    refuted: usize,
    verified_equivalent: usize,
    verified_untested: usize,
    unknown: usize,
    other: usize,
    refuted_and_differs: usize,
    unknown_and_differs: usize,
}

#[test]
fn mutants_of_verified_pairs() {
    let start = Instant::now();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/mlir");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("corpus/mlir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".src.mlir"))
        .collect();
    files.sort();
    let opts = mlirsem::Options {
        timeout: Duration::from_secs(2),
        ..Default::default()
    };
    let mut fig = Figures::default();
    let mut failures = vec![];
    for src_path in files {
        let src_text = std::fs::read_to_string(&src_path).expect("source");
        let verified = src_text
            .lines()
            .take_while(|l| l.starts_with("//"))
            .any(|l| l.trim_start_matches("//").trim() == "expect: verified");
        if !verified {
            continue;
        }
        let name = src_path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .replace(".src.mlir", "");
        let tgt_path = dir.join(format!("{name}.tgt.mlir"));
        let tgt_text = std::fs::read_to_string(&tgt_path).expect("target");
        let Ok(src) = mlir::parse(&src_text) else {
            continue;
        };
        fig.pairs += 1;
        let mut rng = Rng(0x5eed ^ name.len() as u64);
        for (what, text) in pick(mutants(&tgt_text), PER_PAIR) {
            let Ok(tgt) = mlir::parse(&text) else {
                fig.invalid += 1;
                continue;
            };
            fig.mutants += 1;
            let results = mlirsem::check_pair(&src, &tgt, &opts);
            let tfuns = tgt.functions();
            let mut class = "verified";
            let mut tested = false;
            for r in &results {
                let c = match &r.verdict {
                    Verdict::Refuted { .. } => "refuted",
                    Verdict::Verified { .. } | Verdict::Vacuous { .. } => "verified",
                    Verdict::Unknown { .. } => "unknown",
                    _ => "other",
                };
                let rank = |c: &str| {
                    ["refuted", "other", "unknown", "verified"]
                        .iter()
                        .position(|x| *x == c)
                };
                if rank(c) < rank(class) {
                    class = c;
                }
                // Random testing of this function.
                let Some((_, fs)) = src.functions().into_iter().find(|(n, _)| *n == r.function)
                else {
                    continue;
                };
                let Some((_, ft)) = tfuns.iter().find(|(n, _)| *n == r.function).cloned() else {
                    continue;
                };
                let mut diff = None;
                for _ in 0..INPUTS {
                    let Some(args) = random_args(&src, fs, &mut rng) else {
                        break;
                    };
                    tested = true;
                    if let Some(d) = differs((&src, fs), (&tgt, ft), &args) {
                        diff = Some((d, args));
                        break;
                    }
                }
                if let Some((d, args)) = diff {
                    match c {
                        "verified" => failures.push(format!(
                            "{name} @{} mutant ({what}) verified, but differs on {args:?}: {d}",
                            r.function
                        )),
                        "refuted" => fig.refuted_and_differs += 1,
                        "unknown" => fig.unknown_and_differs += 1,
                        _ => {}
                    }
                }
            }
            if class != "refuted" {
                // Listed for reading with `--nocapture`: an equivalent or undecided mutant.
                let why = results.iter().find_map(|r| match &r.verdict {
                    Verdict::Unknown { reason } => Some(reason.clone()),
                    _ => None,
                });
                println!(
                    "  {class:<8} {name} ({what}){}",
                    why.map_or(String::new(), |w| format!(": {w}"))
                );
            }
            match class {
                "refuted" => fig.refuted += 1,
                "unknown" => fig.unknown += 1,
                "verified" if tested => fig.verified_equivalent += 1,
                "verified" => fig.verified_untested += 1,
                _ => fig.other += 1,
            }
        }
    }
    println!(
        "mutation campaign: {} verified pairs, {} mutants ({} more did not parse): {} refuted, {} verified and equivalent on random inputs, {} verified and not run concretely, {} unknown, {} other; random testing also found a difference for {} refuted and {} unknown mutants; {:.1} s",
        fig.pairs,
        fig.mutants,
        fig.invalid,
        fig.refuted,
        fig.verified_equivalent,
        fig.verified_untested,
        fig.unknown,
        fig.other,
        fig.refuted_and_differs,
        fig.unknown_and_differs,
        start.elapsed().as_secs_f64()
    );
    assert!(fig.mutants > 50, "too few mutants: {fig:?}");
    assert!(
        failures.is_empty(),
        "mutants verified although random testing finds a difference:\n{}",
        failures.join("\n")
    );
}
