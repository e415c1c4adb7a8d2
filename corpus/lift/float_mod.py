# expect: verified
# formula: out[i] = x[i] - floor(x[i] / y[i]) * y[i]
# `%` of floats is Triton's floor modulo, `x - floor(x / y) * y` (the result takes the
# divisor's sign, unlike C's `fmod`), through the one `floor` (uninterpreted symbolically,
# exact in the replay); division by zero is unspecified alike in kernel and formula.
import torch
import triton
import triton.language as tl


@triton.jit
def float_mod_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x % y, mask=mask)


def float_mod(x, y):
    out = torch.empty_like(x)
    n = x.numel()
    float_mod_kernel[(triton.cdiv(n, 128),)](x, y, out, n, BLOCK=128)
    return out
