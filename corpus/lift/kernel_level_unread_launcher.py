# expect: verified
# formula: y[i] = x[i] * 2 + bias
# A launcher the reader cannot follow (the block size comes from a function of another
# package): the kernel-level claim stands, stated for every `n_elements` and every number of
# programs, for each block size of a stated sweep, in bounds when `x` and `y` have at least
# `n_elements` elements; which elements are written is the launch's and is not claimed.
import torch
import triton
import triton.language as tl
from some_package.tuning import pick_block


@triton.jit
def scale_bias_kernel(x_ptr, y_ptr, bias, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, x * 2 + bias, mask=mask)


def scale_bias(x, bias):
    y = torch.empty_like(x)
    n = x.numel()
    block = pick_block(n)
    scale_bias_kernel[(triton.cdiv(n, block),)](x, y, bias, n, BLOCK=block)
    return y
