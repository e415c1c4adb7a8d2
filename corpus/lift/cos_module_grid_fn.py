# expect: verified
# formula: out[i] = cos(x[i])
# The grid is a module-level function of the launch's arguments, `meta["n"]` and
# `meta["BLOCK"]`; the block size comes from a module constant.
import torch
import triton
import triton.language as tl

BLOCK_COS = 512


def _grid(meta):
    return (triton.cdiv(meta["n"], meta["BLOCK"]),)


@triton.jit
def cos_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, tl.cos(x), mask=mask)


def cos(x):
    out = torch.empty(x.shape, dtype=x.dtype, device=x.device)
    cos_kernel[_grid](x, out, x.numel(), BLOCK=BLOCK_COS)
    return out
