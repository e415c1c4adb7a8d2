# expect: refuted
# formula: y[i] = 2 * x[i]
# `ptrs <= end` lets the lane at `offs == n` through: a load and a store one past the end of
# `x` and `y` (the replay shows the access out of bounds).
import torch
import triton
import triton.language as tl


@triton.jit
def double_until_end(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    ptrs = x_ptr + offs
    end = x_ptr + n
    mask = ptrs <= end
    x = tl.load(ptrs, mask=mask)
    tl.store(y_ptr + offs, 2 * x, mask=mask)


def double(x):
    y = torch.empty_like(x)
    n = x.numel()
    double_until_end[(triton.cdiv(n, 64),)](x, y, n, BLOCK=64)
    return y
