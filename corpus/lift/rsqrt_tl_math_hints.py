# expect: verified
# formula: out[i] = rsqrt(x[i])
# `tl.math.rsqrt` with cache and eviction hints on the load and the store.
import torch
import triton
import triton.language as tl


@triton.jit
def rsqrt_kernel(x_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0, cache_modifier=".cg", eviction_policy="evict_last")
    tl.store(out_ptr + offs, tl.math.rsqrt(x), mask=mask, cache_modifier=".wb", eviction_policy="evict_first")


def rsqrt(x):
    x = x.contiguous()
    out = torch.empty_like(x)
    n = out.numel()
    grid = (triton.cdiv(n, 256),)
    rsqrt_kernel[grid](x, out, n, BLOCK_SIZE=256)
    return out
