# expect: refuted
# formula: out[i] = where(x[i] >= 0, floor(x[i]), ceil(x[i]))
# Rounding toward zero written with `tl.floor` in both branches: a negative non-integer
# rounds down. Refuted by a replay (floor is exact in the concrete interpreter).
import torch
import triton
import triton.language as tl


@triton.jit
def trunc_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    r = tl.where(x >= 0, tl.floor(x), tl.floor(x))
    tl.store(out_ptr + offs, r, mask=mask)


def trunc(x):
    out = torch.empty_like(x)
    n = x.numel()
    trunc_kernel[(triton.cdiv(n, 256),)](x, out, n, BLOCK=256)
    return out
