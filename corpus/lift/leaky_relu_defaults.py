# expect: verified
# formula: y[i] = where(x[i] >= 0, x[i], 0.2 * x[i])
# A float parameter with a default in the kernel (`slope=0.2` not passed by the launcher)
# and the block size from an autotune-free `@triton.jit(do_not_specialize=...)`.
import torch
import triton
import triton.language as tl


@triton.jit(do_not_specialize=["n"])
def leaky_kernel(x_ptr, y_ptr, n, slope: tl.constexpr = 0.2, BLOCK: tl.constexpr = 256):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.where(x >= 0, x, slope * x), mask=mask)


def leaky(x):
    x = x.contiguous()
    y = torch.empty_like(x)
    n = x.numel()
    leaky_kernel[(triton.cdiv(n, 256),)](x, y, n)
    return y
