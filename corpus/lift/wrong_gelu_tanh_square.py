# expect: refuted
# formula: y[i] = gelu_tanh(x[i])
# Wrong: the cubic term written as `x * x` (a square) in a Liger-style tanh GELU; the
# intended formula is gelu_tanh, refuted with a replayed value.
import torch
import triton
import triton.language as tl
from triton.language.extra.cuda import libdevice as cuda_libdevice


@triton.jit
def _gelu_tanh_fwd(X, Y, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    x = tl.load(X + offs, mask=mask, other=0.0).to(tl.float32)
    sqrt_2_over_pi = 0.7978845608028654
    x_cubed = x * x * x
    tanh_arg = sqrt_2_over_pi * (x + 0.044715 * x * x)
    tanh_result = tl.extra.cuda.libdevice.tanh(tanh_arg)
    y = 0.5 * x * (1 + tanh_result)
    tl.store(Y + offs, y, mask=mask)


def gelu_tanh(x):
    y = torch.empty_like(x)
    n_elements = x.numel()
    BLOCK_SIZE = 1024
    _gelu_tanh_fwd[(triton.cdiv(n_elements, BLOCK_SIZE),)](x, y, n_elements, BLOCK_SIZE=BLOCK_SIZE, num_warps=4)
    return y
