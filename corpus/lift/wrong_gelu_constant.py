# expect: refuted
# formula: out[i] = 0.5 * x[i] * (1 + erf(x[i] * 0.7071067811865476))
# A wrong constant inside erf. Refuted by a replay: the concrete interpreter bounds erf by
# intervals, and the kernel's and the formula's intervals are apart at x = -2.
import torch
import triton
import triton.language as tl
from triton.language.extra.cuda import libdevice


@triton.jit
def gelu_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=1.0)
    y = 0.5 * x * (1.0 + libdevice.erf(x * 0.5))
    tl.store(out_ptr + offs, y, mask=mask)


def gelu(x):
    out = torch.empty_like(x)
    n = x.numel()
    gelu_kernel[(triton.cdiv(n, 512),)](x, out, n, BLOCK_SIZE=512)
    return out
