# expect: verified
# formula: y[i] = abs(x[i])
# Each program handles `UNROLL` consecutive blocks in a `tl.static_range` loop.
import torch
import triton
import triton.language as tl


@triton.jit
def abs_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr, UNROLL: tl.constexpr = 4):
    base = tl.program_id(0) * BLOCK * UNROLL
    for u in tl.static_range(UNROLL):
        offs = base + u * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        v = tl.load(x_ptr + offs, mask=mask, other=0.0)
        tl.store(y_ptr + offs, tl.abs(v), mask=mask)


def abs_(x):
    y = torch.empty_like(x)
    n = x.numel()
    BLOCK = 128
    UNROLL = 4
    abs_kernel[(triton.cdiv(n, BLOCK * UNROLL),)](x, y, n, BLOCK=BLOCK, UNROLL=UNROLL)
    return y
