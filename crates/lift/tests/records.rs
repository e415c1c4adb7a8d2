//! Every `@triton.jit` function of a file has a record: device functions lifted as formulas of
//! their arguments, kernels whose launcher is not read lifted at the kernel level, helpers
//! with pointers named, and one kernel's trouble never costs the others their records.

use lift::{KernelResult, Kind};
use std::path::Path;

fn lift_corpus(name: &str) -> Vec<KernelResult> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpus/lift")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    lift::lift_file(name, &text, &Default::default()).unwrap()
}

fn formula_of<'r>(rs: &'r [KernelResult], name: &str) -> &'r KernelResult {
    rs.iter()
        .find(|r| r.kernel == name)
        .unwrap_or_else(|| panic!("no record for {name}"))
}

#[test]
fn device_functions_are_formulas_of_their_arguments() {
    let rs = lift_corpus("device_functions.py");
    assert_eq!(rs.len(), 4, "{rs:#?}");
    for r in &rs {
        assert_eq!(r.kind, Kind::DeviceFunction, "{}", r.kernel);
        assert_eq!(
            r.verdict.name(),
            "verified",
            "{}: {:?}",
            r.kernel,
            r.verdict
        );
    }
    let silu = formula_of(&rs, "scaled_silu");
    assert_eq!(
        silu.formula.as_deref(),
        Some("scaled_silu(x) = x * sigmoid(2 * x)")
    );
    let pair = formula_of(&rs, "add_and_diff").formula.clone().unwrap();
    assert!(pair.contains("add_and_diff(a, b)[0] = a + b"), "{pair}");
    assert!(pair.contains("add_and_diff(a, b)[1] = a - b"), "{pair}");
    // A call of another device function is inlined into the formula.
    let times = formula_of(&rs, "silu_times").formula.clone().unwrap();
    assert!(times.starts_with("silu_times(x, y) = "), "{times}");
    assert!(times.contains("sigmoid(2 * x)"), "{times}");
    // The name bound to libdevice's erf is erf.
    let gelu = formula_of(&rs, "gelu_erf");
    let text = gelu.formula_raw.as_ref().or(gelu.formula.as_ref()).unwrap();
    assert!(text.contains("erf("), "{text}");
}

#[test]
fn an_unread_launcher_leaves_the_kernel_level_claim() {
    let rs = lift_corpus("kernel_level_unread_launcher.py");
    let [r] = &rs[..] else { panic!("{rs:#?}") };
    assert_eq!(r.verdict.name(), "verified", "{:?}", r.verdict);
    assert_eq!(r.launcher.as_deref(), Some("<kernel-level claim>"));
    let said = r.assumptions.join("\n");
    assert!(said.contains("the launcher not read"), "{said}");
    assert!(said.contains("at least `n_elements` elements"), "{said}");
    assert!(said.contains("a stated sweep"), "{said}");
}

#[test]
fn a_launcher_level_claim_without_a_formula_gives_way_to_a_kernel_level_proof() {
    let rs = lift_corpus("launcher_flat_output.py");
    let [r] = &rs[..] else { panic!("{rs:#?}") };
    assert_eq!(r.verdict.name(), "verified", "{:?}", r.verdict);
    assert_eq!(r.launcher.as_deref(), Some("<kernel-level claim>"));
    assert_eq!(r.formula.as_deref(), Some("out[i, j] = 3 * x[i, j]"));
    let said = r.assumptions.join("\n");
    assert!(
        said.contains("the launcher read, its own claim unknown (coverage of `out`"),
        "{said}"
    );
}

#[test]
fn a_helper_with_pointers_has_a_record_and_the_kernels_keep_theirs() {
    let src = "import triton\nimport triton.language as tl\n\n\n@triton.jit\n\
               def load_twice(p, offs, mask):\n    return tl.load(p + offs, mask=mask) * 2\n\n\n\
               @triton.jit\ndef k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):\n    \
               offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n    m = offs < n\n    \
               tl.store(y_ptr + offs, load_twice(x_ptr, offs, m) + tl.load(x_ptr + offs, mask=m), mask=m)\n";
    let rs = lift::lift_file("h.py", src, &Default::default()).unwrap();
    assert_eq!(rs.len(), 2, "{rs:#?}");
    let helper = formula_of(&rs, "load_twice");
    assert_eq!(helper.kind, Kind::Helper);
    assert_eq!(helper.verdict.name(), "unknown");
    let kernel = formula_of(&rs, "k");
    assert_eq!(kernel.kind, Kind::Kernel);
    assert_eq!(kernel.verdict.name(), "verified", "{:?}", kernel.verdict);
}

#[test]
fn an_unread_assert_is_named_by_the_kernel_level_claim() {
    let rs = lift_corpus("assert_unread.py");
    let [r] = &rs[..] else { panic!("{rs:#?}") };
    assert_eq!(
        r.launcher.as_deref(),
        Some("<kernel-level claim>"),
        "{r:#?}"
    );
    let first = &r
        .assumptions
        .iter()
        .find(|a| a.contains("kernel-level claim"))
        .unwrap();
    assert!(first.contains("assert"), "{first}");
}

#[test]
fn rows_are_viewed_by_the_kernels_own_strides() {
    let rs = lift_corpus("kernel_level_rows.py");
    let [r] = &rs[..] else { panic!("{rs:#?}") };
    assert_eq!(r.verdict.name(), "verified", "{:?}", r.verdict);
    let said = r.assumptions.join("\n");
    assert!(
        said.contains("`X[i, j]` is `X_ptr[i * X_row_stride + j]`"),
        "{said}"
    );
    assert!(said.contains("`n_cols` <= `X_row_stride`"), "{said}");
}

#[test]
fn device_function_constexprs_and_argument_types_are_variants() {
    let rs = lift_corpus("device_variants.py");
    let clip = formula_of(&rs, "clip_or_abs");
    assert_eq!(clip.verdict.name(), "verified", "{:?}", clip.verdict);
    let forms: Vec<(&str, Option<&str>)> = clip
        .variants
        .iter()
        .map(|v| (v.assignment.as_str(), v.formula.as_deref()))
        .collect();
    assert_eq!(
        forms,
        vec![
            ("`SIGNED` = False", Some("clip_or_abs(x, lo) = abs(x)")),
            ("`SIGNED` = True", Some("clip_or_abs(x, lo) = max(x, lo)")),
        ]
    );
    // Each named type its own variant: integers get their largest value, floating-point
    // types infinity, which is no real (unknown, so the record is too).
    let largest = formula_of(&rs, "largest");
    assert_eq!(largest.verdict.name(), "unknown");
    let int8 = largest
        .variants
        .iter()
        .find(|v| v.assignment == "`dtype` = tl.int8")
        .expect("an int8 variant");
    assert_eq!(int8.verdict, "verified");
    assert_eq!(int8.formula.as_deref(), Some("largest() = 127"));
    // The argument's element type, queried in the body, splits the claim.
    let shifted = formula_of(&rs, "shifted");
    assert_eq!(shifted.verdict.name(), "verified", "{:?}", shifted.verdict);
    let float = &shifted.variants[0];
    assert_eq!(float.assignment, "`x`: float");
    assert_eq!(float.formula.as_deref(), Some("shifted(x) = x + 0.5"));
    assert!(shifted.variants.iter().any(
        |v| v.assignment == "`x`: int32" && v.formula.as_deref() == Some("shifted(x) = x + 1")
    ));
}

#[test]
fn the_launcher_level_claim_needs_the_text_to_fix_the_callers_layout() {
    let rs = lift_corpus("launcher_layouts.py");
    assert_eq!(rs.len(), 5, "{rs:#?}");
    for (kernel, launcher_level) in [
        ("twice_as_given", false),
        ("twice_made_contiguous", true),
        ("twice_asserted", true),
        ("twice_copied_if_needed", true),
        ("twice_like_the_original", false),
    ] {
        let r = formula_of(&rs, kernel);
        assert_eq!(r.verdict.name(), "verified", "{kernel}: {:?}", r.verdict);
        let said = r.assumptions.join("\n");
        let kernel_level = r.launcher.as_deref() == Some("<kernel-level claim>");
        assert_eq!(kernel_level, !launcher_level, "{kernel}: {said}");
        if !launcher_level {
            assert!(
                said.contains("nothing in the launcher fixes its layout"),
                "{kernel}: {said}"
            );
        }
    }
}

#[test]
fn the_launcher_level_claim_needs_the_text_to_relate_the_callers_shapes() {
    let rs = lift_corpus("launcher_shapes.py");
    assert_eq!(rs.len(), 3, "{rs:#?}");
    for (kernel, launcher_level, note) in [
        ("add_related_kernel", true, ""),
        (
            "add_unrelated_kernel",
            false,
            "which nothing in the launcher relates",
        ),
        (
            "add_out_given_kernel",
            false,
            "which nothing in the launcher checks",
        ),
    ] {
        let r = formula_of(&rs, kernel);
        assert_eq!(r.verdict.name(), "verified", "{kernel}: {:?}", r.verdict);
        let said = r.assumptions.join("\n");
        let kernel_level = r.launcher.as_deref() == Some("<kernel-level claim>");
        assert_eq!(kernel_level, !launcher_level, "{kernel}: {said}");
        assert!(said.contains(note), "{kernel}: {said}");
    }
}
