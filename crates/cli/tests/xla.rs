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
    let cos = dir.join("cos.hlo");
    std::fs::write(
        &cos,
        "HloModule m\n\nENTRY e {\n  x = f32[4]{0} parameter(0)\n  ROOT y = f32[4]{0} cosine(x)\n}\n",
    )
    .unwrap();
    let c = cos.to_string_lossy().into_owned();
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
