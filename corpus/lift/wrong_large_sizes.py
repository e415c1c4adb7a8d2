# expect: refuted
# formula: out[i] = x[i]
# A copy that silently zeroes every element from index 5000 on: wrong only for sizes beyond
# the small ones a bounded check tries, so the solver finds the size and the replay confirms.
import torch
import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, tl.where(offs < 5000, x, 0.0), mask=mask)


def copy(x):
    out = torch.empty_like(x)
    n = x.numel()
    copy_kernel[(triton.cdiv(n, 256),)](x, out, n, BLOCK=256)
    return out
