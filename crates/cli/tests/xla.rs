//! `tensorproof xla`: exit codes and output of the command on corpus pairs and bad input.

use std::path::PathBuf;
use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = Command::new(env!("CARGO_BIN_EXE_tensorproof"))
        .args(args)
        .current_dir(root)
        .env("TENSORPROOF_PYTHON", "/nonexistent/python")
        .output()
        .expect("run tensorproof");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn pair(name: &str) -> [String; 3] {
    [
        "xla".into(),
        format!("corpus/xla/{name}.before.hlo"),
        format!("corpus/xla/{name}.after.hlo"),
    ]
}

#[test]
fn verdicts_and_exit_codes() {
    let refuted = pair("div_div_a");
    let (code, out, _) = run(&refuted.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("before = 1e20 (0x60ad78ec), after = inf (0x7f800000)"),
        "{out}"
    );
    let verified = pair("pow2");
    let (code, out, _) = run(&verified.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("verified") && out.contains("assuming IEEE 754"),
        "{out}"
    );
    // An op without a meaning yet: unknown, exit 3.
    let dir = std::env::temp_dir().join(format!("tp-xla-unknown-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tan = dir.join("tan.hlo");
    std::fs::write(
        &tan,
        "HloModule m\n\nENTRY e {\n  x = f32[4]{0} parameter(0)\n  ROOT y = f32[4]{0} tan(x)\n}\n",
    )
    .unwrap();
    let c = tan.to_string_lossy().into_owned();
    let (code, out, _) = run(&["xla", &c, &c]);
    assert_eq!(code, 3, "{out}");
    let _ = std::fs::remove_dir_all(&dir);
    let mut json = refuted.to_vec();
    json.push("--json".into());
    let (code, out, _) = run(&json.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 1);
    assert!(
        out.contains("\"verdict\":\"refuted\"") && out.contains("\"optimized\""),
        "{out}"
    );
}

#[test]
fn bad_input_is_a_diagnostic_with_exit_two() {
    let dir = std::env::temp_dir().join(format!("tp-xla-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.hlo");
    std::fs::write(
        &bad,
        "HloModule m\n\nENTRY e {\n  x = f32[4]{0} parameter(0)\n  ROOT y = f32[4]{0} add(x, \n}\n",
    )
    .unwrap();
    let b = bad.to_string_lossy().into_owned();
    let (code, _, err) = run(&["xla", &b, "corpus/xla/pow2.after.hlo"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("bad.hlo:5:") && err.contains('^'), "{err}");
    // A JAX model without a Python environment: a clear error, exit 2.
    let (code, _, err) = run(&["xla", "corpus/xla/pow2.py"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("jax"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `bench --xla`: per program its verdict against the `# expect:` header and its times; the
/// corpus median and max; JSON records; exit 0 when every expectation holds.
#[test]
fn bench_times_pairs_against_their_expectations() {
    let (code, out, err) = run(&[
        "bench",
        "--xla",
        "--runs",
        "2",
        "-q",
        "corpus/xla/pow2.before.hlo",
        "corpus/xla/div_div_a.py",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("verified  verified  corpus/xla/pow2"), "{out}");
    assert!(
        out.contains("refuted   refuted   corpus/xla/div_div_a"),
        "{out}"
    );
    assert!(
        out.contains("programs: 2   runs each: 2   wall: median") && out.contains("over 30 s: 0"),
        "{out}"
    );
    let (code, out, _) = run(&[
        "bench",
        "--xla",
        "--runs",
        "1",
        "--json",
        "corpus/xla/pow2.before.hlo",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("\"bench-xla\"") && out.contains("\"max_cpu_seconds\""),
        "{out}"
    );
    // --runs needs --lift or --xla; --real-as conflicts with both.
    let (code, _, _) = run(&["bench", "--runs", "2"]);
    assert_eq!(code, 2);
}

/// `xla MODEL.py --passes --json` where a Python with jax 0.7.1 exists: the pair record, a
/// `pass-step` record per step not verified, a `passes` summary naming algsimp's step.
#[test]
fn passes_as_json_lines() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let python = std::env::var_os("TENSORPROOF_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join(".venv/bin/python"));
    let has_jax = Command::new(&python)
        .args(["-c", "import jax; assert jax.__version__ == '0.7.1'"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_jax {
        println!("notice: no Python with jax==0.7.1; skipped");
        return;
    }
    let out = Command::new(env!("CARGO_BIN_EXE_tensorproof"))
        .args(["xla", "corpus/xla/div_div_a.py", "--passes", "--json"])
        .current_dir(&root)
        .env("TENSORPROOF_PYTHON", &python)
        .output()
        .expect("run tensorproof");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l:?}")))
        .collect();
    assert_eq!(records[0]["record"], "pair", "{text}");
    assert!(records.iter().any(|r| r["record"] == "pass-step"), "{text}");
    let last = records.last().unwrap();
    assert_eq!(last["record"], "passes", "{text}");
    let first = last["first_refuted"].as_str().unwrap_or_default();
    assert!(first.contains("algsimp"), "{text}");
}
