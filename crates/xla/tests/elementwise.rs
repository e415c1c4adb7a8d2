//! The elementwise ops real JAX programs emit beyond the arithmetic core: the rounding ops and
//! `sign` (exact IEEE), `is-finite`, `logistic` (as XLA:CPU's expander writes it), and
//! `log-plus-one`, `exponential-minus-one`, `sine`, `cosine`, `cbrt`, `atan2` (uninterpreted
//! with named facts). The corpus pairs (`quant_round`, `logsumexp`, `rounding_ops`, `rotary_table`)
//! edited so that their meaning changes are refuted by a replayed counterexample.

mod common;
use common::edited;

#[test]
fn edited_rounding_is_refuted() {
    for (name, from, to) in [
        // Ties to even made ties away from zero: 0.5 rounds to 1.
        (
            "quant_round",
            "f32[64]{0} round-nearest-even(",
            "f32[64]{0} round-nearest-afz(",
        ),
        ("rounding_ops", "f32[16]{0} floor(", "f32[16]{0} ceil("),
        (
            "rounding_ops",
            "f32[16]{0} ceil(",
            "f32[16]{0} round-nearest-even(",
        ),
        (
            "rounding_ops",
            "f32[16]{0} round-nearest-afz(",
            "f32[16]{0} round-nearest-even(",
        ),
        ("rounding_ops", "f32[16]{0} sign(", "f32[16]{0} negate("),
        // `is-finite` made `not`-of-it: the max kept where it is infinite.
        (
            "logsumexp",
            "select(%is_finite.0, %param_1.7, %broadcast.1)",
            "select(%is_finite.0, %broadcast.1, %param_1.7)",
        ),
    ] {
        let v = edited(name, from, to);
        assert_eq!(v.name(), "refuted", "{name}: {from} -> {to}: {v:?}");
    }
}

#[test]
fn edited_transcendentals_are_refuted() {
    for (name, from, to) in [
        (
            "rotary_table",
            "f32[8,8]{1,0} cosine(",
            "f32[8,8]{1,0} sine(",
        ),
        (
            "rounding_ops",
            "f32[16]{0} log-plus-one(",
            "f32[16]{0} log(",
        ),
        (
            "rounding_ops",
            "f32[16]{0} exponential-minus-one(",
            "f32[16]{0} exponential(",
        ),
        (
            "rounding_ops",
            "atan2(%param_0.1, %param_1.4)",
            "atan2(%param_1.4, %param_0.1)",
        ),
        ("rounding_ops", "f32[16]{0} cbrt(", "f32[16]{0} sqrt("),
        // The logistic expansion's `exp(-x)` made `exp(x)`.
        (
            "rounding_ops",
            "%exp.0 = f32[16]{0} exponential(%neg.0)",
            "%exp.0 = f32[16]{0} exponential(%param_0.1)",
        ),
    ] {
        let v = edited(name, from, to);
        assert_eq!(v.name(), "refuted", "{name}: {from} -> {to}: {v:?}");
    }
}
