# expect: verified
# formula: out[i] = x[i] * x[i] / y[i]
# `tl.fdiv` of a square (`x * x`: Triton 3.2 has no `**` on blocks), `other=1.0` so the
# masked lanes divide by 1.
import torch
import triton
import triton.language as tl


@triton.jit
def sq_div_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    valid = i < n
    x = tl.load(x_ptr + i, mask=valid, other=1.0)
    y = tl.load(y_ptr + i, mask=valid, other=1.0)
    tl.store(out_ptr + i, tl.fdiv(x * x, y), mask=valid)


def sq_div(x, y):
    out = torch.empty_like(x)
    n = x.numel()
    BLOCK = 256
    sq_div_kernel[(triton.cdiv(n, BLOCK),)](x, y, out, n, BLOCK=BLOCK)
    return out
