# expect: verified
# formula: out[i] = sin(x[i]) * cos(x[i])
import torch
import triton
import triton.language as tl


@triton.jit
def sin_cos_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=1.0)
    y = tl.sin(x) * tl.cos(x)
    tl.store(out_ptr + offs, y, mask=mask)


def sin_cos(x):
    out = torch.empty_like(x)
    n = x.numel()
    sin_cos_kernel[(triton.cdiv(n, 512),)](x, out, n, BLOCK_SIZE=512)
    return out
