# expect: refuted
# formula: out[i] = x[i] - i
# `~offs` is `-offs - 1` (two's complement), not `-offs`: refuted at any element.
import torch
import triton
import triton.language as tl


@triton.jit
def invert_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = x + (~offs)
    tl.store(out_ptr + offs, y, mask=mask)


def invert(x):
    out = torch.empty_like(x)
    n = x.numel()
    grid = (triton.cdiv(n, 256),)
    invert_kernel[grid](x, out, n, BLOCK_SIZE=256)
    return out
