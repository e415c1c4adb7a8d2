# expect: verified
# formula: out[i] = max(x[i], 0) * max(x[i], 0)
import torch
import triton
import triton.language as tl


@triton.jit
def square_relu_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    r = tl.maximum(x, 0.0)
    y = r * r
    tl.store(out_ptr + offs, y, mask=mask)


def square_relu(x):
    out = torch.empty_like(x)
    n = x.numel()
    grid = (triton.cdiv(n, 256),)
    square_relu_kernel[grid](x, out, n, BLOCK_SIZE=256)
    return out
