# expect: verified
# formula: out[i] = 0.5 * x[i] * (1 + tanh(0.7978845608 * (x[i] + 0.044715 * x[i] * x[i] * x[i])))
# GELU, tanh approximation (`approximate="tanh"`), with libdevice's tanh; the constant is
# sqrt(2/pi) as float32 code writes it.
import torch
import triton
import triton.language as tl
from triton.language.extra.cuda import libdevice


@triton.jit
def gelu_tanh_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    inner = 0.7978845608 * (x + 0.044715 * x * x * x)
    out = 0.5 * x * (1.0 + libdevice.tanh(inner))
    tl.store(out_ptr + offsets, out, mask=mask)


def gelu_tanh(x: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(x)
    n_elements = out.numel()
    grid = (triton.cdiv(n_elements, 1024),)
    gelu_tanh_kernel[grid](x, out, n_elements, BLOCK_SIZE=1024)
    return out
