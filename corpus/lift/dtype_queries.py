# expect: refuted
# formula: y[i] = 3 * x[i] + b[i]
# Type queries as dtypes: a compute type chosen on the input's element type, `.to(x.dtype)`
# (exactly the identity), `.cast(x.dtype)` of a sum, `.cast(y_ptr.type.element_ty)` before the
# store (what the store does), `tl.zeros(..., dtype=x.dtype)`; an optional bias tested with
# `is not None`, a mode tested with `in`, a `name: tl.constexpr = ...` local. The comparisons
# of `x_ptr`'s element type split the claim into variants (corpus/lift/eltype_variants.py):
# every floating-point one is verified, but with `x_ptr` holding `int32` the sum is cast back
# to `int32` and truncated (`x = 1`, `b = -0.5` gives 2, not 2.5): refuted for that variant.
import torch
import triton
import triton.language as tl


@triton.jit
def scale_bias_kernel(x_ptr, b_ptr, y_ptr, n, MODE: tl.constexpr, BLOCK: tl.constexpr):
    if tl.constexpr(x_ptr.dtype.element_ty == tl.float16) or tl.constexpr(
        x_ptr.dtype.element_ty == tl.bfloat16
    ):
        cdtype = tl.float32
    else:
        cdtype = x_ptr.dtype.element_ty
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(cdtype)
    x = x.to(x.dtype)
    acc = tl.zeros([BLOCK], dtype=x.dtype)
    factor: tl.constexpr = 3
    if MODE in ("scale", "affine"):
        acc += x * factor
    else:
        acc += x
    if b_ptr is not None:
        acc += tl.load(b_ptr + offs, mask=mask, other=0.0)
    y = acc.cast(x.dtype)
    tl.store(y_ptr + offs, y.cast(y_ptr.type.element_ty), mask=mask)


def scale_bias(x, b):
    y = torch.empty_like(x)
    n = x.numel()
    scale_bias_kernel[(triton.cdiv(n, 256),)](x, b, y, n, MODE="affine", BLOCK=256)
    return y
