# expect: verified
# formula: y[i] = 3 * x[i]
# A block size assigned under an `if` of the launcher on the sizes: each path is its own case
# (it used to be read as its first value, 128). For n > 4096 the launch uses 1024 with a grid
# of n / 128 programs: disjoint tiles, the extra programs masked out.
import torch
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = o < n
    tl.store(y_ptr + o, tl.load(x_ptr + o, mask=m) * 3.0, mask=m)


def f(x):
    y = torch.empty_like(x)
    n = x.numel()
    BLOCK = 128
    if n > 4096:
        BLOCK = 1024
    k[(triton.cdiv(n, 128),)](x, y, n, BLOCK=BLOCK)
    return y
