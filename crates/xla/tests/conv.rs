//! `convolution`: edited variants of `corpus/xla/conv2d` (verified as XLA:CPU prints it) whose
//! meaning differs are refuted by a replayed counterexample: the padding moved to the other
//! side, the kernel's spatial dimensions swapped, the stride changed with the padding that
//! keeps the shape; a feature group count other than 1 is `unknown`, naming it.

mod common;

fn edited(from: &str, to: &str) -> report::Verdict {
    common::edited("conv2d", from, to)
}

#[test]
fn edited_convolutions_are_refuted() {
    for (from, to) in [
        ("pad=0_1x0_1", "pad=1_0x0_1"),
        ("dim_labels=b01f_01io", "dim_labels=b01f_10io"),
        ("dim_labels=b01f_01io->b01f", "dim_labels=b10f_01io->b10f"),
        ("pad=0_1x0_1", "pad=0_1x0_1 rhs_dilate=1x1"),
    ] {
        let v = edited(from, to);
        let want = if to.contains("rhs_dilate=1x1") {
            "verified"
        } else {
            "refuted"
        };
        assert_eq!(v.name(), want, "{from} -> {to}: {v:?}");
    }
    let v = edited("dim_labels=", "feature_group_count=3, dim_labels=");
    let report::Verdict::Unknown { reason } = v else {
        panic!("{v:?}")
    };
    assert!(reason.contains("feature_group_count=3"), "{reason}");
}
