# expect: refuted
# formula: y[i] = where(i >= 1, x[i - 1], 0)
# Shift right by one with zero fill; the load's `other=` is 1.0 instead of 0.0, so y[0] is 1.
import torch
import triton
import triton.language as tl


@triton.jit
def shift_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    src = x_ptr + offs - 1
    x = tl.load(src, mask=(offs >= 1) & (offs < n), other=1.0)
    tl.store(y_ptr + offs, x, mask=offs < n)


def shift(x):
    y = torch.empty_like(x)
    n = x.numel()
    shift_kernel[(triton.cdiv(n, 128),)](x, y, n, BLOCK=128)
    return y
