# expect: verified
# formula: out[i] = where(x[i] < 0, -floor(-x[i]), floor(x[i]))
# `x.to(tl.int32)` of a float truncates toward zero: `floor(x)` at or above 0, `-floor(-x)`
# below, through the one `floor` (uninterpreted symbolically, exact in the replay). That the
# value fits in int32 is an assumption the verdict names, with the conversion's position.
import torch
import triton
import triton.language as tl


@triton.jit
def trunc_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = x.to(tl.int32).to(tl.float32)
    tl.store(out_ptr + offs, y, mask=mask)


def trunc(x):
    out = torch.empty_like(x)
    n = x.numel()
    grid = (triton.cdiv(n, 256),)
    trunc_kernel[grid](x, out, n, BLOCK_SIZE=256)
    return out
