# expect: verified
# formula: y[i, j] = 0.5 * x[i, j]
# Launcher idioms: `*batch, N = x.shape`, `x.reshape(-1, N)`, `*x2.stride()`,
# `math.ceil(a / b)`, `max` of sizes, `x.dim()`, `n += 0`, a `with` device guard, and an
# `if` on the device (a condition on no size: both paths read, each its own case).
import math

import torch
import triton
import triton.language as tl


@triton.jit
def half_rows(x_ptr, y_ptr, sx0, sx1, M, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < N
    v = tl.load(x_ptr + row * sx0 + cols * sx1, mask=m)
    tl.store(y_ptr + row * N + cols, v * 0.5, mask=m)


def half(x):
    x = x.contiguous()
    assert x.dim() == 2
    *batch, N = x.shape
    x2 = x.reshape(-1, N)
    M = x2.shape[0]
    y = torch.empty_like(x2)
    BLOCK = triton.next_power_of_2(N)
    rows = math.ceil(max(M, 1) / 1)
    rows += 0
    if x.is_cuda:
        warps = 4
    else:
        warps = 8
    with torch.cuda.device(x.device):
        half_rows[(rows,)](x2, y, *x2.stride(), M, N, BLOCK=BLOCK, num_warps=warps)
    return y
