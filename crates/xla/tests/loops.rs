//! HLO `while` loops with a trip count the module fixes, unrolled (`corpus/xla/fori`,
//! `scan_cumsum`): edits that change the trip count or the carried values are refuted.

mod common;
use common::edited;

#[test]
fn edited_loops_are_refuted() {
    for (name, from, to) in [
        // Three iterations instead of four.
        (
            "fori",
            "%constant.23 = s32[] constant(4)",
            "%constant.23 = s32[] constant(3)",
        ),
        // The counter starts at 1.
        (
            "fori",
            "%constant.2 = s32[] constant(0)",
            "%constant.2 = s32[] constant(1)",
        ),
        // The carried accumulator halved by 0.25.
        (
            "fori",
            "%constant.1 = f32[] constant(0.5)",
            "%constant.1 = f32[] constant(0.25)",
        ),
        // The scan runs over 5 rows: the last row of the output is never written.
        (
            "scan_cumsum",
            "%constant.40 = s32[] constant(6)",
            "%constant.40 = s32[] constant(5)",
        ),
    ] {
        let v = edited(name, from, to);
        assert_eq!(v.name(), "refuted", "{name}: {from} -> {to}: {v:?}");
    }
}

#[test]
fn a_counter_stepping_by_two_runs_half_the_iterations() {
    // The loop's condition is evaluated after each step (`loops.rs`), so a counter stepping by
    // 2 is read as it runs: two iterations instead of four, a different value.
    let v = edited(
        "fori",
        "%constant.7 = s32[] constant(1)",
        "%constant.7 = s32[] constant(2)",
    );
    assert_eq!(v.name(), "refuted", "{v:?}");
}
