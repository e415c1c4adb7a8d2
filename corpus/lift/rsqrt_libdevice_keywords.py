# expect: verified
# formula: out[i] = rsqrt(x[i])
# `triton.language.extra.libdevice` spelled out in full, a kernel with an untyped block
# parameter passed by keyword, and a keyword launch of the pointers.
import torch
import triton
import triton.language as tl
import triton.language.extra.libdevice


@triton.jit
def rsqrt_kernel(in_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(in_ptr + offsets, mask=mask, other=1.0)
    y = triton.language.extra.libdevice.rsqrt(x)
    tl.store(out_ptr + offsets, y, mask=mask)


def rsqrt(x):
    out = torch.empty_like(x)
    n_elements = x.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta["BLOCK_SIZE"]),)
    rsqrt_kernel[grid](in_ptr=x, out_ptr=out, n_elements=n_elements, BLOCK_SIZE=1024)
    return out
