# expect: refuted
# formula: out[i] = x[i] * x[i]
# `libdevice.pow(x, 3)` where a square was meant.
import torch
import triton
import triton.language as tl
from triton.language.extra.cuda import libdevice


@triton.jit
def square_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, libdevice.pow(x, 3), mask=mask)


def square(x):
    out = torch.empty_like(x)
    n = x.numel()
    square_kernel[(triton.cdiv(n, 256),)](x, out, n, BLOCK=256)
    return out
