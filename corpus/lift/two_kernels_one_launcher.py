# expect: verified
# formula: y[i] = 2 * x[i]; z[i] = y[i] + 1
# One host function launching two kernels; the formula defines both kernels' outputs, and
# each kernel is checked against the definitions of the outputs it writes.
import torch
import triton
import triton.language as tl


@triton.jit
def double_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, 2 * tl.load(x_ptr + offs, mask=mask), mask=mask)


@triton.jit
def inc_kernel(y_ptr, z_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(z_ptr + offs, tl.load(y_ptr + offs, mask=mask) + 1.0, mask=mask)


def double_then_inc(x):
    n = x.numel()
    y = torch.empty_like(x)
    z = torch.empty_like(x)
    grid = (triton.cdiv(n, 256),)
    double_kernel[grid](x, y, n, BLOCK=256)
    inc_kernel[grid](y, z, n, BLOCK=256)
    return z
