//! Launcher and kernel idioms a new user writes (issue 11, "kernels that are not in the
//! corpus"): each is read generally, or gives `unknown` naming the construct and its LINE:COL,
//! or a diagnostic with a position; never a panic and never a silently ignored construct.

use report::Verdict;

/// An elementwise kernel `y = f(x)` with `BODY` as the stored value and `LAUNCH` as the
/// launcher's body (after `def run(x):`).
fn file(body: &str, launch: &str) -> String {
    format!(
        "import torch\nimport triton\nimport triton.language as tl\n\n\n@triton.jit\n\
         def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr = 128):\n    \
         offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n    m = offs < n\n    \
         x = tl.load(x_ptr + offs, mask=m, other=0.0)\n    \
         tl.store(y_ptr + offs, {body}, mask=m)\n\n\ndef run(x):\n{launch}"
    )
}

const LAUNCH: &str = "    y = torch.empty_like(x)\n    n = x.numel()\n    \
                      k[(triton.cdiv(n, 128),)](x, y, n)\n    return y\n";

fn lift(src: &str) -> Vec<lift::KernelResult> {
    lift::lift_file("k.py", src, &Default::default()).unwrap_or_else(|d| panic!("{d:?}"))
}

fn unknown_reason(src: &str) -> String {
    match &lift(src)[0].verdict {
        Verdict::Unknown { reason } => reason.clone(),
        other => panic!("expected unknown, got {other:?}"),
    }
}

fn verified_formula(src: &str) -> String {
    let r = lift(src);
    assert!(
        matches!(r[0].verdict, Verdict::Verified { .. }),
        "{:?}",
        r[0].verdict
    );
    r[0].formula.clone().unwrap()
}

#[test]
fn functions_are_read_only_where_triton_3_2_has_them() {
    // `tanh` is a libdevice function; `tl.tanh` does not exist in Triton 3.2. Triton 2.x's
    // `tl.math` was libdevice: `tl.math.tanh` is that one function.
    let r = unknown_reason(&file("tl.tanh(x)", LAUNCH));
    assert_eq!(
        r,
        "unsupported construct tl.tanh (Triton 3.2 has it as tl.math.tanh, libdevice.tanh) at 11:28"
    );
    assert!(verified_formula(&file("tl.math.tanh(x)", LAUNCH)).contains("tanh(x[i])"));
    let r = unknown_reason(&file("tl.math.sigmoid(x)", LAUNCH));
    assert!(
        r.starts_with("unsupported construct tl.math.sigmoid (Triton 3.2 has it as tl.sigmoid)"),
        "{r}"
    );
    assert!(
        verified_formula(&file("tl.extra.cuda.libdevice.tanh(x)", LAUNCH)).contains("tanh(x[i])")
    );
    assert_eq!(
        verified_formula(&file("tl.fma(x, x, 1.0)", LAUNCH)),
        "y[i] = x[i] * x[i] + 1"
    );
    assert_eq!(
        verified_formula(&file("tl.math.div_rn(x, 2.0)", LAUNCH)),
        "y[i] = 0.5 * x[i]"
    );
}

#[test]
fn keywords_that_could_change_values_are_unknown() {
    let r = unknown_reason(&file(
        "tl.load(x_ptr + offs, mask=m, other=0.0, is_fast=True)",
        LAUNCH,
    ));
    assert!(
        r.starts_with("unsupported construct keyword `is_fast` of tl.load at 11:"),
        "{r}"
    );
    // Hints only: read and ignored.
    verified_formula(&file(
        "tl.load(x_ptr + offs, mask=m, other=0.0, cache_modifier=\".cg\", eviction_policy=\"evict_last\", volatile=True)",
        LAUNCH,
    ));
    // `tl.clamp` with bounds known at run time: `min <= max` (undefined otherwise in Triton)
    // is the verdict's stated precondition.
    let r = lift(&file("tl.clamp(x, x - 1.0, x + 1.0)", LAUNCH));
    let Verdict::Verified { assumptions } = &r[0].verdict else {
        panic!("{:?}", r[0].verdict)
    };
    assert!(
        assumptions
            .iter()
            .any(|a| a.contains("the bounds of `tl.clamp` at 11:") && a.contains("min <= max")),
        "{assumptions:?}"
    );
    let r = unknown_reason(&file("tl.clamp(x, 2.0, 1.0)", LAUNCH));
    assert!(r.contains("min > max"), "{r}");
    assert_eq!(
        verified_formula(&file("tl.clamp(x, -1.0, 1.0)", LAUNCH)),
        "y[i] = min(max(x[i], -1), 1)"
    );
}

#[test]
fn launcher_idioms_of_new_users() {
    for launch in [
        // `x.new_empty(x.shape)`, a grid lambda reading a kernel default through `meta`.
        "    y = x.new_empty(x.shape)\n    n = x.numel()\n    k[lambda meta: (triton.cdiv(n, meta[\"BLOCK\"]),)](x, y, n)\n    return y\n",
        // `torch.empty((n,), device=..., dtype=...)`, `with torch.cuda.device(...)`.
        "    assert x.is_contiguous()\n    n = x.numel()\n    y = torch.empty((n,), device=x.device, dtype=x.dtype)\n    with torch.cuda.device(x.device):\n        k[(triton.cdiv(n, 128),)](x, y, n)\n    return y\n",
        // `torch.empty_strided` with contiguous strides.
        "    n = x.numel()\n    y = torch.empty_strided((n,), (1,), device=x.device)\n    k[(triton.cdiv(n, 128),)](x, y, n)\n    return y\n",
        // A grid function the launcher defines; a shape tuple indexed.
        "    shape = x.shape\n    n = shape[0]\n    y = x.new_zeros(shape)\n\n    def grid(meta):\n        return (triton.cdiv(meta[\"n\"], meta[\"BLOCK\"]),)\n\n    k[grid](x, y, n)\n    return y\n",
    ] {
        assert_eq!(verified_formula(&file("x * 2.0", launch)), "y[i] = 2 * x[i]", "{launch}");
    }
    // Strides that are not the contiguous ones are not modelled: the launcher-level claim is
    // not made, and the kernel-level claim names what was not read.
    let r = lift(&file(
        "x",
        "    n = x.numel()\n    y = torch.empty_strided((n,), (2,))\n    k[(triton.cdiv(n, 128),)](x, y, n)\n    return y\n",
    ));
    assert_eq!(
        r[0].launcher.as_deref(),
        Some("<kernel-level claim>"),
        "{r:?}"
    );
    let said = r[0].assumptions.join("\n");
    assert!(
        said.contains("unsupported construct torch.empty_strided"),
        "{said}"
    );
}

#[test]
fn asserted_equal_shapes_and_row_views_keep_one_shape() {
    let src = "import torch\nimport triton\nimport triton.language as tl\n\n\n@triton.jit\n\
               def k(a_ptr, b_ptr, c_ptr, stride, n_cols, BLOCK: tl.constexpr):\n    \
               row = tl.program_id(0)\n    cols = tl.arange(0, BLOCK)\n    m = cols < n_cols\n    \
               a = tl.load(a_ptr + row * stride + cols, mask=m)\n    \
               b = tl.load(b_ptr + row * stride + cols, mask=m)\n    \
               tl.store(c_ptr + row * stride + cols, a - b, mask=m)\n\n\n\
               def sub(a, b):\n    assert a.shape == b.shape\n    \
               a = a.reshape(-1, a.shape[-1])\n    b = b.reshape(-1, b.shape[-1])\n    \
               c = torch.empty_like(a)\n    k[(a.shape[0],)](a, b, c, a.stride(0), a.shape[1], \
               BLOCK=triton.next_power_of_2(a.shape[1]))\n    return c\n";
    assert_eq!(verified_formula(src), "c[i, j] = a[i, j] - b[i, j]");
}

#[test]
fn unreadable_grids_are_named_with_a_position_for_that_kernel() {
    let src = file(
        "x",
        "    y = torch.empty_like(x)\n    n = x.numel()\n    k[lambda meta: (pick(n),)](x, y, n)\n    return y\n",
    );
    // Not the file's error: the kernel's record names the unread grid and where it is.
    let rs = lift::lift_file("k.py", &src, &Default::default()).unwrap();
    let [r] = &rs[..] else { panic!("{rs:?}") };
    let said = match &r.verdict {
        Verdict::Unknown { reason } => reason.clone(),
        _ => r.assumptions.join("\n"),
    };
    assert!(
        said.contains("cannot read the grid of the launch at 17:"),
        "{r:?}"
    );
}

#[test]
fn conditional_expressions_on_constexprs_select_a_branch() {
    assert_eq!(
        verified_formula(&file("x if BLOCK > 64 else -x", LAUNCH)),
        "y[i] = x[i]"
    );
    let r = unknown_reason(&file("x if n > 64 else -x", LAUNCH));
    assert_eq!(
        r,
        "unsupported construct conditional expression on a runtime condition at 11:28"
    );
}
