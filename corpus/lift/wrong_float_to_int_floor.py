# expect: refuted
# formula: out[i] = floor(x[i])
# A conversion to int32 truncates toward zero; it is no floor: for a negative non-integer
# value (x = -1/2 gives 0, floor gives -1) the replay shows the difference.
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
