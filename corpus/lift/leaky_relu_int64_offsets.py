# expect: verified
# formula: y[i] = leaky_relu(x[i], slope)
# Leaky ReLU with 64-bit offsets (`tl.program_id(0).to(tl.int64)`), the slope a float
# parameter, the tile size passed positionally as the last argument.
import torch
import triton
import triton.language as tl


@triton.jit
def leaky_kernel(x_ptr, y_ptr, n, slope, BLOCK: tl.constexpr):
    pid = tl.program_id(0).to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    y = tl.where(x >= 0.0, x, x * slope)
    tl.store(y_ptr + offs, y, mask=m)


def leaky_relu(x: torch.Tensor, slope: float = 0.01) -> torch.Tensor:
    x = x.contiguous()
    y = torch.empty_like(x)
    n = x.numel()
    leaky_kernel[(triton.cdiv(n, 512),)](x, y, n, slope, 512)
    return y
