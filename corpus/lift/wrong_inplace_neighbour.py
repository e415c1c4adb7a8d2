# expect: unknown
# formula: x[i] = x[i] + where(i + 1 < n, x[i + 1], 0)
# In place, each element adds its right neighbour, which the next program may already have
# overwritten: programs race on the block edges. Not verified; not refuted either, since the
# replay runs programs in one order and cannot show the race (a later slice): unknown.
import torch
import triton
import triton.language as tl


@triton.jit
def smooth_kernel(x_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(x_ptr + offs, mask=mask)
    b = tl.load(x_ptr + offs + 1, mask=offs + 1 < n, other=0.0)
    tl.store(x_ptr + offs, a + b, mask=mask)


def smooth_(x):
    n = x.numel()
    smooth_kernel[(triton.cdiv(n, 128),)](x, n, BLOCK=128)
    return x
