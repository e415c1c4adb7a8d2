# expect: verified
# formula: out[i] = gelu_tanh(x[i])
# FlagGems style: `@triton.jit` on a pointwise helper, the constant folded into
# `x * sqrt(2/pi) * (1 + 0.044715 * x * x)`, `from triton.language.extra import libdevice`,
# a heuristics lambda choosing the block from the size.
import torch
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def gelu_tanh_fn(x):
    return 0.5 * x * (1 + libdevice.tanh(x * 0.79788456 * (1 + 0.044715 * x * x)))


@triton.heuristics({"BLOCK": lambda args: 256})
@triton.jit
def gelu_tanh_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, gelu_tanh_fn(x.to(tl.float32)), mask=mask)


def gelu(x):
    out = torch.empty_like(x)
    n = x.numel()
    grid = lambda META: (triton.cdiv(n, META["BLOCK"]),)
    gelu_tanh_kernel[grid](x, out, n)
    return out
