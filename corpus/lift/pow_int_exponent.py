# expect: verified
# formula: out[i] = 0.5 * x[i] * (1 + tanh(0.79788456 * x[i] * (1 + 0.044715 * x[i] * x[i])))
# GELU (tanh form) as FlagGems writes it, with `libdevice.pow(x, 2)`: a power with a constant
# integer exponent is the product of that many factors (`tl.math.tanh`, Triton 2.x's spelling
# of libdevice's `tanh`, is read too: crates/lift/tests/front_idioms.rs; Triton 3.2's
# interpreter lacks it, so this file spells it `libdevice.tanh`).
import torch
import triton
import triton.language as tl
from triton.language.extra.cuda import libdevice


@triton.jit
def gelu_tanh_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    inner = 0.79788456 * x * (1 + 0.044715 * libdevice.pow(x, 2))
    y = 0.5 * x * (1 + libdevice.tanh(inner))
    tl.store(out_ptr + offs, y, mask=mask)


def gelu_tanh(x):
    out = torch.empty_like(x)
    n = x.numel()
    gelu_tanh_kernel[(triton.cdiv(n, 256),)](x, out, n, BLOCK=256)
    return out
