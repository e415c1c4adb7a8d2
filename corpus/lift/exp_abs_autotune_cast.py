# expect: verified
# formula: y[i] = exp(abs(x[i]))
# `@triton.autotune` with `key=`, `tl.cast`, an eviction hint, `.to(y_ptr.dtype.element_ty)`.
import torch
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK": 128}, num_warps=4), triton.Config({"BLOCK": 256}, num_warps=8)],
    key=["n"],
)
@triton.jit
def exp_abs_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0, eviction_policy="evict_first")
    y = tl.exp(tl.cast(tl.abs(x), tl.float32)).to(y_ptr.dtype.element_ty)
    tl.store(y_ptr + offs, y, mask=mask)


def exp_abs(x):
    y = torch.empty_like(x)
    n = x.numel()
    grid = lambda META: (triton.cdiv(n, META["BLOCK"]),)
    exp_abs_kernel[grid](x, y, n)
    return y
