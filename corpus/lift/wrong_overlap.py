# expect: refuted
# formula: out[i] = x[i] + 1
# Programs step by half a block: neighbouring programs write the same elements.
import torch
import triton
import triton.language as tl


@triton.jit
def inc_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * (BLOCK // 2) + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + 1, mask=mask)


def inc(x):
    out = torch.empty_like(x)
    n = x.numel()
    inc_kernel[(triton.cdiv(n, 64),)](x, out, n, BLOCK=64)
    return out
