# expect: unknown
# formula: y[i] = 2 * x[i]
# `ptrs < end` compares two pointers. Triton 3.2's front end rejects it ("invalid operands of
# type pointer<fp32> and pointer<fp32>", checked in its CPU interpreter): the kernel cannot
# run, so nothing is claimed of it.
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
