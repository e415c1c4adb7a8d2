# expect: refuted
# formula: y[i] = 3 * x[i] + b[i]
# The kernel of `dtype_queries.py` with its mask off by one: the load past `x` is found
# through the type queries and the compile-time branches.
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
    mask = offs <= n
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
