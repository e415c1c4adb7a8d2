//! The command line: exit codes, diagnostics with positions, JSON Lines.

use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tensorproof"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("run tensorproof");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn verified_example_exits_zero() {
    let (code, out, _) = run(&["rules", "corpus/rules/examples/dyslice-to-slice.rule"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("verified"), "{out}");
    assert!(out.contains("assuming"), "{out}");
}

#[test]
fn refuted_example_exits_one_with_counterexample() {
    let (code, out, _) = run(&["rules", "corpus/rules/examples/dyslice-to-slice-wrong.rule"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("counterexample"), "{out}");
}

/// `--ftz` checks float types with subnormals flushed; floats print in decimal and hex.
/// `max(x, x) => x` holds in IEEE, not under FTZ: the max of a subnormal is flushed, the bare
/// input is not.
#[test]
fn ftz_option_flushes_float_types() {
    let rule = "corpus/rules/xla-float/max-same.rule";
    let (code, out, _) = run(&["rules", rule]);
    assert_eq!(code, 0, "{out}");
    let (code, out, _) = run(&["rules", "--ftz", rule]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("(ftz)"), "{out}");
    let (code, out, _) = run(&["rules", "corpus/rules/xla-float/sub-self.rule"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("lhs = nan (0x7fc00000)"), "{out}");
}

/// `--real-as f32` checks a rule over reals in IEEE: `A + 0 => A` fails at `A = -0`, and the
/// counterexample says how the two sides differ; the JSON record carries the kind. A type that
/// is not a float is a usage error.
#[test]
fn real_as_checks_reals_in_ieee_and_names_the_difference() {
    let rule = "corpus/rules/xla/add/rule02.rule";
    let (code, out, _) = run(&["rules", rule]);
    assert_eq!(code, 0, "{out}");
    let (code, out, _) = run(&["rules", "--real-as", "f32", rule]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("qualitative: zeros of opposite signs"),
        "{out}"
    );
    let (code, out, _) = run(&["rules", "--json", "--real-as", "f32", rule]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("\"kind\":\"float-value\""), "{out}");
    assert!(out.contains("\"kind\":\"sign-of-zero\""), "{out}");
    let (code, _, err) = run(&["rules", "--real-as", "int", rule]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn bad_input_exits_two_with_position_and_caret() {
    let dir = std::env::temp_dir().join(format!("tensorproof-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bad.rule");
    std::fs::write(
        &f,
        "rule \"r\" for int {\n  axes R\n  lhs add(A, 1)\n  rhs A\n}\n",
    )
    .unwrap();
    let (code, out, err) = run(&["rules", f.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert!(out.starts_with("error"), "{out}");
    assert!(
        err.contains("error: unknown tensor or scalar `A`") && err.contains("bad.rule:3:11"),
        "{err}"
    );
    assert!(err.contains("lhs add(A, 1)") && err.contains("^"), "{err}");
    let (code, out, _) = run(&["rules", "--json", f.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("\"verdict\":\"error\"")
            && out.contains("\"line\":3")
            && out.contains("\"column\":11"),
        "{out}"
    );
}

#[test]
fn json_lines_have_the_documented_fields() {
    let (code, out, _) = run(&["rules", "--json", "--quiet", "corpus/rules/examples"]);
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[2].contains("\"record\":\"summary\""), "{out}");
    for l in &lines[..2] {
        for field in [
            "\"file\":",
            "\"name\":",
            "\"verdict\":",
            "\"expected\":",
            "\"seconds\":",
            "\"schema\":1",
            "\"record\":\"result\"",
        ] {
            assert!(l.contains(field), "{field} missing in {l}");
        }
    }
    assert!(lines
        .iter()
        .any(|l| l.contains("\"verdict\":\"refuted\"") && l.contains("\"counterexample\":")));
}

#[test]
fn help_and_attached_option_values() {
    let (code, rules_help, _) = run(&["rules", "--help"]);
    assert_eq!(code, 0);
    assert!(
        rules_help.contains("Usage: tensorproof rules"),
        "{rules_help}"
    );
    assert!(rules_help.contains("--expectations") && rules_help.contains("--dump-smt"));
    assert!(rules_help.contains("Exit codes:"), "{rules_help}");
    let (code, mlir_help, _) = run(&["mlir", "--help"]);
    assert_eq!(code, 0);
    assert!(mlir_help.contains("--suite") && mlir_help.contains("--no-signed-zeros"));
    assert!(!rules_help.contains("--suite"), "{rules_help}");
    let (code, top, _) = run(&["--help"]);
    assert_eq!(code, 0);
    assert!(top.contains("rules") && top.contains("mlir") && top.contains("bench"));
    for v in ["--version", "-V"] {
        let (code, out, _) = run(&[v]);
        assert_eq!(code, 0);
        assert!(out.starts_with("tensorproof 0."), "{out}");
    }
    let (code, out, err) = run(&[
        "rules",
        "-j1",
        "--timeout=5",
        "--quiet",
        "corpus/rules/examples/dyslice-to-slice.rule",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("verified"), "{out}");
}

#[test]
fn unknown_options_are_errors() {
    let (code, _, err) = run(&["rules", "--frobnicate", "x.rule"]);
    assert_eq!(code, 2);
    assert!(err.contains("--frobnicate"), "{err}");
}

#[test]
fn mlir_exit_codes_and_counterexample() {
    let m = |n: &str| format!("corpus/mlir/{n}");
    let (code, out, _) = run(&["mlir", &m("addf-comm.src.mlir"), &m("addf-comm.tgt.mlir")]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("floats uninterpreted"), "{out}");
    let (code, out, _) = run(&[
        "mlir",
        &m("float-reassoc.src.mlir"),
        &m("float-reassoc.tgt.mlir"),
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("%a : f32 =") && out.contains("source ="),
        "{out}"
    );
    let (code, out, _) = run(&[
        "mlir",
        &m("reduce-last-write.src.mlir"),
        &m("reduce-last-write.tgt.mlir"),
        "--json",
    ]);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("\"verdict\":\"unknown\""), "{out}");
    let (code, _, err) = run(&["mlir", "Cargo.toml", &m("addf-comm.tgt.mlir")]);
    assert_eq!(code, 2);
    assert!(err.contains("Cargo.toml:1:"), "{err}");
}

#[test]
fn mlir_suite_meets_corpus_headers() {
    let (code, out, _) = run(&["mlir", "--suite", "corpus/mlir", "--quiet"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("soundness alarms: 0"), "{out}");
    assert!(out.contains("median:") && out.contains("max:"), "{out}");
    let (code, out, _) = run(&["mlir", "--suite", "corpus/mlir", "--json", "--jobs", "1"]);
    assert_eq!(code, 0, "{out}");
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("\"record\":\"result\""))
        .collect();
    assert!(lines.len() >= 20, "{out}");
    assert!(out
        .lines()
        .last()
        .unwrap()
        .contains("\"record\":\"summary\""));
    for l in lines {
        for key in ["\"test\":", "\"expected\":", "\"verdict\":", "\"seconds\":"] {
            assert!(l.contains(key), "{l}");
        }
    }
}

/// Copies the pair `corpus/mlir/{from}` into `dir` as `{name}.src.mlir`/`{name}.tgt.mlir`.
fn copy_pair(from: &str, dir: &Path, name: &str) {
    for side in ["src", "tgt"] {
        std::fs::copy(
            root().join(format!("corpus/mlir/{from}.{side}.mlir")),
            dir.join(format!("{name}.{side}.mlir")),
        )
        .unwrap();
    }
}

/// A manifest that contradicts a refutation is a soundness alarm: exit 1, loudly.
#[test]
fn mlir_suite_manifest_and_alarm() {
    let dir = std::env::temp_dir().join(format!("tensorproof-suite-{}", std::process::id()));
    let sub = dir.join("a");
    std::fs::create_dir_all(&sub).unwrap();
    for (name, from) in [("sub", "subf-swapped"), ("tr", "transpose-twice")] {
        copy_pair(from, &sub, name);
    }
    let manifest = "test,expected,expect_msg\na/sub,VERIFY,\na/tr,VERIFY,\n";
    std::fs::write(dir.join("manifest.csv"), manifest).unwrap();
    let (code, out, err) = run(&["mlir", "--suite", dir.to_str().unwrap(), "--quiet"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("SOUNDNESS ALARM") && err.contains("a/sub"),
        "{err}"
    );
    assert!(out.contains("counterexample"), "{out}");
    let manifest = "test,expected,expect_msg\na/sub,VERIFY-INCORRECT,\na/tr,VERIFY,\n";
    std::fs::write(dir.join("manifest.csv"), manifest).unwrap();
    let (code, out, err) = run(&["mlir", "--suite", dir.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let sub = out
        .lines()
        .find(|l| l.contains("\"test\":\"a/sub\""))
        .unwrap();
    for field in [
        "\"class\":\"VERIFY-INCORRECT\"",
        "\"expected\":\"refuted\"",
        "\"verdict\":\"refuted\"",
        "\"met\":true",
    ] {
        assert!(sub.contains(field), "{field}: {sub}");
    }
    let (code, _, _) = run(&["mlir", "--suite", dir.join("nope").to_str().unwrap()]);
    assert_eq!(code, 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--no-signed-zeros` also makes `x + +0.0` be `x` inside the encoding, but only where no
/// division (or external call) tells the signs of zeros apart: `1 / (x + +0.0)` against `1 / x`
/// stays refuted (`+inf` against `-inf` at `x = -0.0`), and would be a false "verified"
/// without that guard.
#[test]
fn mlir_no_signed_zeros_inside_only_where_signs_do_not_matter() {
    let m = |n: &str| format!("corpus/mlir/{n}");
    let (src, tgt) = (
        m("zero-sign-add-zero.src.mlir"),
        m("zero-sign-add-zero.tgt.mlir"),
    );
    let (code, out, _) = run(&["mlir", &src, &tgt, "--no-signed-zeros"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("verified"), "{out}");
    let (src, tgt) = (
        m("zero-sign-div-bad.src.mlir"),
        m("zero-sign-div-bad.tgt.mlir"),
    );
    let (code, out, _) = run(&["mlir", &src, &tgt, "--no-signed-zeros"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("source = inf, target = -inf"), "{out}");
}

/// `--no-signed-zeros` identifies `+0.0` and `-0.0` in results, names the assumption, and
/// identifies nothing else; the suite passes it for manifest rows run with `--use-neg-zero`.
#[test]
fn mlir_no_signed_zeros_both_ways() {
    let m = |n: &str| format!("corpus/mlir/{n}");
    let (src, tgt) = (m("neg-zero-pad.src.mlir"), m("neg-zero-pad.tgt.mlir"));
    let (code, out, _) = run(&["mlir", &src, &tgt]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("source = -0.0, target = 0.0"), "{out}");
    let (code, out, _) = run(&["mlir", &src, &tgt, "--no-signed-zeros"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("signed zeros not distinguished"), "{out}");
    let (bsrc, btgt) = (
        m("neg-zero-pad-bad.src.mlir"),
        m("neg-zero-pad-bad.tgt.mlir"),
    );
    let (code, out, _) = run(&["mlir", &bsrc, &btgt, "--no-signed-zeros"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("signed zeros not distinguished"), "{out}");

    let dir = std::env::temp_dir().join(format!("tensorproof-nsz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    copy_pair("neg-zero-pad", &dir, "nz");
    let manifest = "test,expected,args\nnz,VERIFY,--use-neg-zero\n";
    std::fs::write(dir.join("manifest.csv"), manifest).unwrap();
    let (code, out, err) = run(&["mlir", "--suite", dir.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("\"verdict\":\"verified\""), "{out}");
    std::fs::write(dir.join("manifest.csv"), "test,expected,args\nnz,VERIFY,\n").unwrap();
    let (code, _, err) = run(&["mlir", "--suite", dir.to_str().unwrap(), "--quiet"]);
    assert_eq!(code, 1, "{err}");
}

/// A refutation through an external function prints the interpretation the replay used.
#[test]
fn mlir_external_call_counterexample_shows_the_table() {
    let m = |n: &str| format!("corpus/mlir/{n}");
    let (code, out, _) = run(&[
        "mlir",
        &m("call-external-args-differ.src.mlir"),
        &m("call-external-args-differ.tgt.mlir"),
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("@g(any other arguments) = zeros"), "{out}");
    assert_eq!(out.matches("    @g(").count(), 3, "{out}");
}

/// `--use-fn-argument-dims`, on the command line and from a manifest's `args`: the result of
/// @g has the dims of its argument, so reading its dim instead of the argument's is correct;
/// without the flag it is refuted.
#[test]
fn mlir_fn_argument_dims_flag() {
    let dir = std::env::temp_dir().join(format!("tensorproof-fnargdims-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let body = |x: &str| {
        format!(
            "func.func private @g(tensor<?xf32>) -> tensor<?xf32>
func.func @f(%v: tensor<?xf32>) -> index {{
  %t = func.call @g(%v) : (tensor<?xf32>) -> tensor<?xf32>
  %c0 = arith.constant 0 : index
  %r = tensor.dim {x}, %c0 : tensor<?xf32>
  return %r : index
}}
"
        )
    };
    let (src, tgt) = (dir.join("p.src.mlir"), dir.join("p.tgt.mlir"));
    std::fs::write(&src, body("%v")).unwrap();
    std::fs::write(&tgt, body("%t")).unwrap();
    let (s, t) = (src.to_str().unwrap(), tgt.to_str().unwrap());
    let (code, out, _) = run(&["mlir", s, t]);
    assert_eq!(code, 1, "{out}");
    let (code, out, _) = run(&["mlir", s, t, "--use-fn-argument-dims=g@0"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("--use-fn-argument-dims"), "{out}");
    let (code, out, _) = run(&["mlir", s, t, "--use-fn-argument-dims=g"]);
    assert_eq!(code, 2, "{out}");
    let manifest = "test,expected,args\np,VERIFY,--use-fn-argument-dims=g@0\n";
    std::fs::write(dir.join("manifest.csv"), manifest).unwrap();
    let (code, out, err) = run(&["mlir", "--suite", dir.to_str().unwrap(), "--quiet"]);
    assert_eq!(code, 0, "{out}{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A fresh folder under the temp dir for one test.
fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("tensorproof-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run_env(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tensorproof"))
        .args(args)
        .envs(env.iter().copied())
        .current_dir(root())
        .output()
        .expect("run tensorproof");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// No option value panics or starts something unreasonable: each is an error, exit 2.
#[test]
fn option_values_are_checked() {
    let rule = "corpus/rules/examples/dyslice-to-slice.rule";
    for args in [
        vec!["rules", "--timeout", "inf", rule],
        vec!["rules", "--timeout", "1e30", rule],
        vec!["rules", "--timeout", "-1", rule],
        vec!["rules", "--timeout", "nan", rule],
        vec!["rules", "--budget", "inf", rule],
        vec!["rules", "--jobs", "100000", rule],
        vec!["rules", "--jobs", "0", rule],
        vec!["mlir", "--budget", "inf", "--suite", "corpus/mlir"],
        vec!["mlir", "--use-fn-argument-dims", "g", "a", "b"],
        vec!["mlir", "onlyone.mlir"],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(err.contains("error"), "{args:?}: {err}");
    }
}

/// One crashing job (an abort, a stack overflow, a panic) is that job's `error`; every other
/// job's verdict is still printed.
#[test]
fn a_crashing_job_is_only_that_jobs_error() {
    for kind in ["abort", "overflow", "panic"] {
        let spec = format!("{kind}:dyslice-to-slice-wrong");
        let (code, out, err) = run_env(
            &["rules", "--quiet", "corpus/rules/examples"],
            &[("TENSORPROOF_TEST_CRASH", &spec)],
        );
        assert_eq!(code, 2, "{kind}: {out}{err}");
        assert!(
            out.contains("error     corpus/rules/examples/dyslice-to-slice-wrong.rule"),
            "{kind}: {out}"
        );
        assert!(
            out.contains("verified  corpus/rules/examples/dyslice-to-slice.rule"),
            "{kind}: {out}"
        );
        let why = match kind {
            "abort" => "the checker crashed on this job",
            "overflow" => "stack overflow",
            _ => "internal error (a bug)",
        };
        assert!(err.contains(why), "{kind}: {err}");
    }
    let spec = "abort:transpose-twice";
    let (code, out, err) = run_env(
        &["mlir", "--suite", "corpus/mlir", "--quiet", "-j2"],
        &[("TENSORPROOF_TEST_CRASH", spec)],
    );
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.contains("error     transpose-twice"), "{out}");
    assert!(out.contains("verified  subf-swapped") || out.contains("refuted   subf-swapped"));
}

/// A `lift` job whose solver query ignored its interrupt (its worker ends itself with the
/// stuck exit code) is that function's `unknown`, and the next jobs get a fresh worker.
#[test]
fn a_stuck_solver_is_only_that_jobs_unknown() {
    let (code, out, err) = run_env(
        &[
            "lift",
            "--quiet",
            "-j1",
            "corpus/lift/abs.py",
            "corpus/lift/add_2d_tiles.py",
        ],
        &[("TENSORPROOF_TEST_CRASH", "stuck:abs.py")],
    );
    assert_eq!(code, 3, "{out}{err}");
    assert!(out.contains("unknown   corpus/lift/abs.py"), "{out}");
    assert!(
        out.contains("a Z3 query did not stop when interrupted"),
        "{out}"
    );
    assert!(
        out.contains("verified  corpus/lift/add_2d_tiles.py"),
        "{out}"
    );
}

/// Folders: a non-UTF-8 file is that file's error with a position; symlink loops are not
/// followed; a folder without rules is an error, not a silent success.
#[test]
fn folders_with_bad_files_links_and_nothing() {
    // The folder sits inside a scratch folder of its own, so that `up -> ..` leads to a
    // folder holding only it (not to the shared temp folder and whatever it holds).
    let outer = scratch("folders");
    let d = outer.join("inner");
    std::fs::create_dir_all(&d).unwrap();
    std::fs::copy(
        root().join("corpus/rules/examples/dyslice-to-slice.rule"),
        d.join("good.rule"),
    )
    .unwrap();
    std::fs::write(
        d.join("bad.rule"),
        b"// expect: verified\nrule \"r\" \xff\xfe {}\n",
    )
    .unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(".", d.join("self")).unwrap();
        std::os::unix::fs::symlink("..", d.join("up")).unwrap();
    }
    let (code, out, err) = run(&["rules", "--quiet", d.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}{err}");
    assert_eq!(out.matches("good.rule").count(), 1, "{out}");
    assert!(
        out.contains("verified") && out.contains("error     "),
        "{out}"
    );
    assert!(
        err.contains("not UTF-8") && err.contains("bad.rule:2:10"),
        "{err}"
    );
    let empty = scratch("empty");
    let (code, _, err) = run(&["rules", empty.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("no .rule files"), "{err}");
    let _ = std::fs::remove_dir_all(&outer);
    let _ = std::fs::remove_dir_all(&empty);
}

/// `bench --json` is JSON Lines only; expectations decide the exit code of `bench` and
/// `rules --expectations` (expected refutations are success), plain `rules` exits 1.
#[test]
fn bench_json_and_expectation_exit_codes() {
    let (code, out, _) = run(&["bench", "--json", "corpus/rules/examples"]);
    assert_eq!(code, 0, "{out}");
    for l in out.lines() {
        assert!(l.starts_with('{') && l.ends_with('}'), "not JSON: {l}");
    }
    assert!(out.lines().last().unwrap().contains("\"median_seconds\""));
    let (code, _, _) = run(&["rules", "--quiet", "corpus/rules/examples"]);
    assert_eq!(code, 1);
    let (code, _, _) = run(&[
        "rules",
        "--quiet",
        "--expectations",
        "corpus/rules/examples",
    ]);
    assert_eq!(code, 0);
}

/// `--dump-smt`: complete scripts (ending in `(check-sat)`), no file overwritten by another
/// job's.
#[test]
fn dump_smt_files_are_complete_and_distinct() {
    let d = scratch("dump");
    let (code, _, err) = run(&[
        "rules",
        "--quiet",
        "--dump-smt",
        d.to_str().unwrap(),
        "corpus/rules/examples",
    ]);
    assert_eq!(code, 1, "{err}");
    let files: Vec<_> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(files.len() > 2, "{files:?}");
    assert!(files.iter().any(|f| f.to_string_lossy().contains("wrong")));
    assert!(files.iter().any(|f| !f.to_string_lossy().contains("wrong")));
    for f in &files {
        let t = std::fs::read_to_string(f).unwrap();
        assert!(t.contains("(check-sat)"), "{}", f.display());
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// Budgets print as given (`0.5 s`, not `0 s`).
#[test]
fn budget_message_keeps_fractions() {
    let (_, out, err) = run(&[
        "rules",
        "--budget",
        "0.001",
        "--quiet",
        "corpus/rules/xla/dot/rule01.rule",
    ]);
    let all = format!("{out}{err}");
    assert!(all.contains("budget of 0.001 s"), "{all}");
}

/// A documented reading dispute is met, not an alarm, and its counterexample is printed with
/// the reason.
#[test]
fn mlir_suite_reading_disputes_are_met() {
    let dir = scratch("disputes");
    copy_pair("subf-swapped", &dir, "sub");
    std::fs::write(
        dir.join("manifest.csv"),
        "test,expected,expect_msg\nsub,VERIFY,\n",
    )
    .unwrap();
    let table = dir.join("disputes.csv");
    std::fs::write(
        &table,
        "test,verdict,reason\nsub,refuted,\"the reference reads it otherwise\"\n",
    )
    .unwrap();
    let (code, out, err) = run(&[
        "mlir",
        "--suite",
        dir.to_str().unwrap(),
        "--disputes",
        table.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("(reading dispute)"), "{out}");
    assert!(
        out.contains("dispute: the reference reads it otherwise"),
        "{out}"
    );
    assert!(out.contains("counterexample"), "{out}");
    assert!(out.contains("soundness alarms: 0"), "{out}");
    assert!(!err.contains("ALARM"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A real-size wrong pair (1x224x224x3) is refuted with a bounded counterexample in text and
/// in JSON; `--full-values` gives every element.
#[test]
fn real_size_counterexamples_are_bounded() {
    let pair = [
        "corpus/mlir/image-add-sub-bad.src.mlir",
        "corpus/mlir/image-add-sub-bad.tgt.mlir",
    ];
    let (code, out, _) = run(&["mlir", pair[0], pair[1]]);
    assert_eq!(code, 1, "{out}");
    assert!(out.len() < 4096, "{} bytes", out.len());
    let (code, out, _) = run(&["mlir", "--json", pair[0], pair[1]]);
    assert_eq!(code, 1);
    assert!(
        out.len() < 4096 && out.contains("\"others_total\":"),
        "{} bytes",
        out.len()
    );
    let (_, full, _) = run(&["mlir", "--json", "--full-values", pair[0], pair[1]]);
    assert!(
        full.len() > 150_528 && full.contains("\"data\":["),
        "{} bytes",
        full.len()
    );
}

/// `tensorproof lift`: a verified kernel, a refuted one (exit 1), JSON records with the
/// formula, bad input as a positioned error (exit 2).
#[test]
fn lift_verdicts_json_and_bad_input() {
    let (code, out, err) = run(&["lift", "corpus/lift/vector_add.py"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.starts_with("verified") && out.contains("x[i] + y[i]"),
        "{out}"
    );
    let (code, out, _) = run(&["lift", "corpus/lift/wrong_add_off_by_one.py"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("counterexample"), "{out}");
    let (code, out, _) = run(&[
        "lift",
        "--json",
        "--expectations",
        "corpus/lift/vector_add.py",
        "corpus/lift/wrong_add_off_by_one.py",
    ]);
    assert_eq!(code, 0, "{out}");
    let first = out.lines().next().unwrap();
    for field in [
        "\"kernel\":",
        "\"formula\":",
        "\"assumptions\":",
        "\"verdict\":\"verified\"",
        "\"met\":true",
    ] {
        assert!(first.contains(field), "{field}: {first}");
    }
    // --kernel: only the named function gets a record; a name no file defines is exit 2.
    let (code, out, _) = run(&[
        "lift",
        "--json",
        "--kernel",
        "_silu",
        "corpus/lift/activation_helpers.py",
    ]);
    let records: Vec<&str> = out.lines().filter(|l| l.contains("\"kernel\":")).collect();
    assert!(code == 0 && records.len() == 1, "{out}");
    assert!(records[0].contains("\"kernel\":\"_silu\""), "{out}");
    let (code, _, err) = run(&["lift", "--kernel", "nope", "corpus/lift/vector_add.py"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("`nope`"), "{err}");
    let d = scratch("lift");
    let f = d.join("bad.py");
    std::fs::write(&f, "def f(:\n    pass\n").unwrap();
    let (code, out, err) = run(&["lift", f.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("bad.py:1:") && err.contains('^'), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

/// `tensorproof halide`: the corpus suite meets its headers; a broken statement alone is
/// refuted with its witness kind (exit 1); a malformed statement is a positioned error (exit 2).
#[test]
fn halide_suite_single_case_and_bad_input() {
    let (code, out, err) = run(&["halide", "--suite", "corpus/halide", "--quiet"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("expectations met"), "{out}");
    let (code, out, _) = run(&[
        "halide",
        "--json",
        "corpus/halide/blur-tiled.spec",
        "corpus/halide/broken-tile-loop-short.stmt",
    ]);
    assert_eq!(code, 1, "{out}");
    let first = out.lines().next().unwrap();
    for field in [
        "\"case\":",
        "\"verdict\":\"refuted\"",
        "\"witness_kind\":\"unwritten\"",
        "\"witness\":",
        "\"seconds\":",
    ] {
        assert!(first.contains(field), "{field}: {first}");
    }
    let d = scratch("halide");
    let f = d.join("bad.stmt");
    std::fs::write(&f, "let x = (1 + \n").unwrap();
    let (code, out, err) = run(&[
        "halide",
        "corpus/halide/blur-tiled.spec",
        f.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("bad.stmt:") && err.contains('^'), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

/// `tensorproof halide --suite DIR` takes expectations from `DIR/manifest.json` over the
/// headers; a malformed manifest is an input error; `--runs N` reports medians and CPU time;
/// the corpus manifest agrees with the statements' headers (regenerate it with
/// `tools/halide_export.py --manifest corpus/halide`).
#[test]
fn halide_manifest_and_runs() {
    let d = scratch("halide-manifest");
    std::fs::copy(
        root().join("corpus/halide/blur-tiled.spec"),
        d.join("blur-tiled.spec"),
    )
    .unwrap();
    std::fs::copy(
        root().join("corpus/halide/broken-tile-loop-short.stmt"),
        d.join("broken.stmt"),
    )
    .unwrap();
    let dir = d.to_str().unwrap();
    // The header says `refuted unwritten`: met.
    let (code, out, err) = run(&["halide", "--suite", dir, "--quiet", "--runs", "2"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("benchmark: each case's median of 2 runs"),
        "{out}"
    );
    assert!(out.contains("CPU"), "{out}");
    // The manifest overrides it with another witness kind: not met (exit 3).
    let m = d.join("manifest.json");
    std::fs::write(
        &m,
        r#"{"cases": {"broken": {"expect": "refuted", "witness_kind": "out-of-bounds"}}}"#,
    )
    .unwrap();
    let (code, out, err) = run(&["halide", "--suite", dir, "--json", "--quiet"]);
    assert_eq!(code, 3, "{out}{err}");
    for field in [
        "\"expected\":\"refuted\"",
        "\"expected_witness_kind\":\"out-of-bounds\"",
        "\"met\":false",
        "\"cpu_seconds\":",
    ] {
        assert!(out.contains(field), "{field}: {out}");
    }
    std::fs::write(&m, r#"{"cases": {"broken": {"expect": "refutd"}}}"#).unwrap();
    let (code, _, err) = run(&["halide", "--suite", dir]);
    assert_eq!(code, 2);
    assert!(
        err.contains("manifest.json") && err.contains("not a verdict"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&d);

    let corpus = root().join("corpus/halide");
    let text = std::fs::read_to_string(corpus.join("manifest.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let cases = v["cases"].as_object().unwrap();
    let mut stmts = 0;
    for e in std::fs::read_dir(&corpus).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "stmt") {
            continue;
        }
        stmts += 1;
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&p).unwrap();
        let header = text
            .lines()
            .take_while(|l| l.starts_with('#'))
            .find_map(|l| l.trim_start_matches('#').trim().strip_prefix("expect:"))
            .map(|e| e.split_whitespace().collect::<Vec<_>>().join(" "));
        let c = &cases
            .get(&name)
            .unwrap_or_else(|| panic!("{name} is not in corpus/halide/manifest.json"));
        let listed = match c.get("witness_kind") {
            Some(k) => format!("{} {}", c["expect"].as_str().unwrap(), k.as_str().unwrap()),
            None => c["expect"].as_str().unwrap().to_string(),
        };
        assert_eq!(header.as_deref(), Some(listed.as_str()), "{name}");
    }
    assert_eq!(
        stmts,
        cases.len(),
        "manifest.json lists a case with no statement"
    );
}

/// `tensorproof halide PIPELINE.py --schedule NAME` lowers the module with Halide 21 (the
/// project's `.venv`) and checks what it printed; skipped with a notice without it.
#[test]
fn halide_pipeline_module() {
    let python = std::env::var_os("TENSORPROOF_PYTHON")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| root().join(".venv/bin/python"));
    let has_halide = Command::new(&python)
        .args(["-c", "import halide"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_halide {
        println!(
            "notice: no Python with halide at {}; the pipeline-module test is skipped",
            python.display()
        );
        return;
    }
    let py = python.to_string_lossy().to_string();
    let (code, out, err) = run_env(
        &[
            "halide",
            "corpus/halide/pipelines/brighten.py",
            "--schedule",
            "split",
        ],
        &[("TENSORPROOF_PYTHON", py.as_str())],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("verified  brighten-split"), "{out}");
    let (code, _, err) = run(&["halide", "corpus/halide/pipelines/nope.py"]);
    assert_eq!(code, 2);
    assert!(err.contains("no such file"), "{err}");
}

/// `bench --mlir DIR`: per pair the verdict against the folder's table (a wrong target must be
/// refuted without one), wall and CPU; the summary; JSON records; `--runs` allowed with it.
#[test]
fn bench_mlir_times_pairs_of_a_real_layout() {
    let dir = std::env::temp_dir().join(format!("tensorproof-bench-mlir-{}", std::process::id()));
    let program = dir.join("f16sum");
    std::fs::create_dir_all(&program).unwrap();
    let corpus = root().join("corpus/mlir");
    let copy = |from: &str, to: &str| {
        std::fs::copy(corpus.join(from), program.join(to)).unwrap();
    };
    copy("f16-emulated-sum-bad.src.mlir", "src.mlir");
    copy("f16-emulated-sum-bad.tgt.mlir", "wrong.mlir");
    copy("f16-emulated-sum-bad.src.mlir", "same.mlir");
    let d = dir.to_string_lossy().into_owned();
    let (code, out, err) = run(&["bench", "--mlir", "--runs", "2", "-q", &d]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("refuted   refuted   ") && out.contains("f16sum/wrong"),
        "{out}"
    );
    assert!(
        out.contains("verified  -         ") && out.contains("f16sum/same"),
        "{out}"
    );
    assert!(
        out.contains("pairs: 2 (refuted 1, verified 1)   runs each: 2")
            && out.contains("over 30 s: 0"),
        "{out}"
    );
    // A table's expectation that is not met is exit code 3 (an unknown is not an alarm).
    std::fs::write(dir.join("expectations.tsv"), "f16sum\tsame\tunknown\t\n").unwrap();
    let (code, out, _) = run(&["bench", "--mlir", "--runs", "1", "--json", &d]);
    assert_eq!(code, 3, "{out}");
    assert!(
        out.contains("\"bench-mlir\"")
            && out.contains("\"step\":\"same\"")
            && out.contains("\"max_cpu_seconds\""),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
