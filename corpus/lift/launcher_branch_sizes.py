# expect: verified
# formula: y[i] = 3 * x[i]
# The block size and the grid chosen under an `if` on the sizes: each path is its own case,
# checked for the sizes that take it (`n > 4096` with 1024, else 128).
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
    if n > 4096:
        BLOCK = 1024
    else:
        BLOCK = 128
    k[(triton.cdiv(n, BLOCK),)](x, y, n, BLOCK=BLOCK)
    return y
