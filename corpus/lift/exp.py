# expect: verified
# formula: out[i] = exp(x[i])
import torch
import triton
import triton.language as tl


@triton.jit
def exp_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.exp(x)
    tl.store(out_ptr + offs, y, mask=mask)


def exp(x):
    out = torch.empty_like(x)
    n = x.numel()
    grid = (triton.cdiv(n, 256),)
    exp_kernel[grid](x, out, n, BLOCK_SIZE=256)
    return out
