//! Real-size tensors: a 1x224x224x3 elementwise pair is refuted with a lazily replayed
//! counterexample (only the elements the differing output reads come from the model), and its
//! rendering is a summary of a few hundred bytes, compared with a snapshot
//! (`tests/snapshots/*.txt`; `UPDATE_SNAPSHOTS=1` rewrites them). Floats print as readers
//! expect.

use mlirsem::{CFloat, FTy};
use report::{Mismatch, Verdict};
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn snapshot(name: &str, text: &str) {
    let path = root().join("crates/mlirsem/tests/snapshots").join(name);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        text, want,
        "snapshot {name} (UPDATE_SNAPSHOTS=1 rewrites it)"
    );
}

#[test]
fn image_sized_pair_is_refuted_with_a_short_counterexample() {
    let read = |p: &str| std::fs::read_to_string(root().join("corpus/mlir").join(p)).unwrap();
    let src = mlir::parse(&read("image-add-sub-bad.src.mlir")).unwrap();
    let tgt = mlir::parse(&read("image-add-sub-bad.tgt.mlir")).unwrap();
    let results = mlirsem::check_pair(&src, &tgt, &mlirsem::Options::default());
    let Verdict::Refuted { counterexample } = &results[0].verdict else {
        panic!("{:?}", results[0].verdict);
    };
    let text = report::render_counterexample(counterexample);
    assert!(text.len() < 2048, "{} bytes", text.len());
    let Mismatch::Output { index, .. } = &counterexample.mismatch else {
        panic!("{:?}", counterexample.mismatch);
    };
    assert!(text.contains(&format!("{index:?}")), "{text}");
    assert!(text.contains("150528 elements"), "{text}");
    // The full data stays in the report (for JSON).
    assert_eq!(counterexample.inputs[0].data.len(), 150_528);
    snapshot("image-add-sub-bad.txt", &text);
}

#[test]
fn floats_print_as_readers_expect() {
    let f32s = [
        (f32::MIN, "-3.4028235e38"),
        (-0.0, "-0.0"),
        (0.0, "0.0"),
        (1.0, "1.0"),
        (0.1, "0.1"),
        (16777218.0, "16777218.0"),
        (1e-30, "1e-30"),
        (f32::INFINITY, "inf"),
        (f32::NEG_INFINITY, "-inf"),
        (f32::NAN, "nan"),
    ];
    for (x, want) in f32s {
        assert_eq!(CFloat::f32(x).to_string(), want);
    }
    assert_eq!(CFloat::f64(-2.5).to_string(), "-2.5");
    assert_eq!(CFloat::f64(1e300).to_string(), "1e300");
    let half = |ty, bits| CFloat { ty, bits }.to_string();
    assert_eq!(half(FTy::F16, 0x3c00), "1.0");
    assert_eq!(half(FTy::F16, 0xc000), "-2.0");
    assert_eq!(half(FTy::F16, 0x0001), "5.9604645e-8"); // shortest as an f32
    assert_eq!(half(FTy::F16, 0x7c00), "inf");
    assert_eq!(half(FTy::F16, 0x7e00), "nan");
    assert_eq!(half(FTy::BF16, 0x3f80), "1.0");
    assert_eq!(half(FTy::BF16, 0xff80), "-inf");
}
