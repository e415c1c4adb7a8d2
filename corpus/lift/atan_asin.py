# expect: verified
# formula: out[i] = atan(x[i]) + asin(y[i])
# Inverse trigonometric functions of libdevice: real functions without a definition here,
# uninterpreted (the verdict names them), bounded by intervals in the concrete interpreter.
import torch
import triton
import triton.language as tl
from triton.language.extra.cuda import libdevice


@triton.jit
def atan_asin_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, libdevice.atan(x) + libdevice.asin(y), mask=mask)


def atan_asin(x, y):
    out = torch.empty_like(x)
    n = x.numel()
    atan_asin_kernel[(triton.cdiv(n, 256),)](x, y, out, n, BLOCK=256)
    return out
