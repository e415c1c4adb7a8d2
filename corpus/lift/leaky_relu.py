# expect: verified
# formula: out[i] = where(x[i] >= 0, x[i], x[i] * negative_slope)
import torch
import triton
import triton.language as tl


@triton.jit
def leaky_relu_kernel(x_ptr, out_ptr, n_elements, negative_slope, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.where(x >= 0, x, x * negative_slope)
    tl.store(out_ptr + offs, y, mask=mask)


def leaky_relu(x: torch.Tensor, negative_slope: float = 0.01):
    out = torch.empty_like(x)
    n = x.numel()
    grid = (triton.cdiv(n, 256),)
    leaky_relu_kernel[grid](x, out, n, negative_slope, BLOCK_SIZE=256)
    return out
