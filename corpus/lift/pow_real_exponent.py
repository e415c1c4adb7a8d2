# expect: verified
# formula: y[i] = pow(x[i], p)
# `libdevice.pow` with an exponent that is a runtime float: the real power, an uninterpreted
# function of both operands (named in the verdict; bounded by intervals where the base is
# positive when replayed).
import torch
import triton
import triton.language as tl
from triton.language.extra.cuda import libdevice


@triton.jit
def power_kernel(x_ptr, y_ptr, p, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0)
    tl.store(y_ptr + offs, libdevice.pow(x, p), mask=mask)


def power(x, p: float):
    y = torch.empty_like(x)
    n = x.numel()
    power_kernel[(triton.cdiv(n, 128),)](x, y, p, n, BLOCK=128)
    return y
