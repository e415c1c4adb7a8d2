# expect: verified
# formula: out[i] = pow(x[i], e)
# `libdevice.pow(x, e)` with an exponent known only at run time: the real power, an
# uninterpreted function of both operands (constant integer exponents are products).
import torch
import triton
import triton.language as tl
from triton.language.extra.cuda import libdevice


@triton.jit
def pow_kernel(x_ptr, out_ptr, e, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0)
    tl.store(out_ptr + offs, libdevice.pow(x, e), mask=mask)


def pow_(x, e):
    out = torch.empty_like(x)
    n = x.numel()
    pow_kernel[(triton.cdiv(n, 256),)](x, out, e, n, BLOCK=256)
    return out
