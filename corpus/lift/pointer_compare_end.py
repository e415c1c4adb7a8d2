# expect: verified
# formula: y[i] = 2 * x[i]
# Pointers into one buffer compare as their offsets: `ptrs < end` with `end = x_ptr + n` is
# `offs < n`. (Pointers into different buffers have no order here: unsupported.)
import torch
import triton
import triton.language as tl


@triton.jit
def double_until_end(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    ptrs = x_ptr + offs
    end = x_ptr + n
    mask = ptrs < end
    x = tl.load(ptrs, mask=mask)
    tl.store(y_ptr + offs, 2 * x, mask=mask)


def double(x):
    y = torch.empty_like(x)
    n = x.numel()
    double_until_end[(triton.cdiv(n, 64),)](x, y, n, BLOCK=64)
    return y
