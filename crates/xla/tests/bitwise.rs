//! Integer programs as JAX writes them: `jax.random` (threefry2x32 in a `while` loop with a
//! fixed trip count, unrolled; floats built from u32 bits by `bitcast-convert`), a hash-like
//! mix of shifts and xors, bit counts (`popcnt`, `count-leading-zeros`) and predicate logic.
//! The corpus pairs are checked by the corpus test; here edits that change their meaning are
//! refuted by a replayed counterexample.

mod common;
use common::edited;

#[test]
fn edited_bitwise_programs_are_refuted() {
    for (name, from, to) in [
        // murmur3's second shift by 12 instead of 13.
        ("hash_mix", "u32[] constant(13)", "u32[] constant(12)"),
        // Its first multiplier off by one.
        ("hash_mix", "constant(2246822507)", "constant(2246822508)"),
        // An arithmetic shift by an operand made logical (differs on negative values).
        (
            "hash_mix",
            "shift-right-arithmetic(%param_0.1, %convert_element_type.0)",
            "shift-right-logical(%param_0.1, %convert_element_type.0)",
        ),
        // `x << n ^ x >> n` with the shifts' operands swapped.
        (
            "hash_mix",
            "shift-left(%param_0.3, %param_1.6)",
            "shift-left(%param_1.6, %param_0.3)",
        ),
        // clz where popcnt was.
        (
            "bit_count",
            "popcnt(%param_0.6)",
            "count-leading-zeros(%param_0.6)",
        ),
        // `clz(b) > 2` made `>= 2`.
        ("bit_count", "direction=GT", "direction=GE"),
        // threefry's key-schedule parity constant 0x1BD11BDA off by one.
        (
            "threefry_uniform",
            "constant(466688986)",
            "constant(466688987)",
        ),
        // The float's exponent bits 0x3f800000 made 0x3f800001 (one ulp above [1, 2)).
        (
            "threefry_uniform",
            "constant(1065353216)",
            "constant(1065353217)",
        ),
        ("random_bits", "constant(466688986)", "constant(466688987)"),
    ] {
        let v = edited(name, from, to);
        assert_eq!(v.name(), "refuted", "{name}: {from} -> {to}: {v:?}");
    }
}
