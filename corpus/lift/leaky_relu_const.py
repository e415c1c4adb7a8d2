# expect: verified
# formula: out[i] = where(x[i] > 0, x[i], 0.01 * x[i])
import torch
import triton
import triton.language as tl


@triton.jit
def leaky_relu_const_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.where(x > 0, x, 0.01 * x)
    tl.store(out_ptr + offs, y, mask=mask)


def leaky_relu(x):
    out = torch.empty_like(x)
    n = x.numel()
    grid = (triton.cdiv(n, 256),)
    leaky_relu_const_kernel[grid](x, out, n, BLOCK_SIZE=256)
    return out
