# expect: verified
# formula: out[i] = silu(x[i])
# The FlagGems pointwise style: the launcher splits `n` into `num_tiles` tiles, launches
# `num_ctas = min(num_tiles, MAX_GRID)` programs and passes `tiles_per_cta = cdiv(num_tiles,
# num_ctas)`; program `pid` handles tiles `pid + j*num_ctas` for `j < tiles_per_cta`, masked
# past `n` (the last sweep's extra tiles are fully masked).
import torch
import triton
import triton.language as tl

MAX_GRID = 65536


@triton.jit
def silu_kernel(x_ptr, out_ptr, n, tiles_per_cta, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    num_ctas = tl.num_programs(0)
    for j in range(0, tiles_per_cta):
        tile_id = pid + j * num_ctas
        offsets = tile_id * BLOCK + tl.arange(0, BLOCK)
        mask = offsets < n
        x = tl.load(x_ptr + offsets, mask=mask).to(tl.float32)
        y = x / (1.0 + tl.exp(-x))
        tl.store(out_ptr + offsets, y, mask=mask)


def silu(x):
    out = torch.empty_like(x)
    n = x.numel()
    BLOCK = 512
    num_tiles = triton.cdiv(n, BLOCK)
    num_ctas = min(num_tiles, MAX_GRID)
    tiles_per_cta = triton.cdiv(num_tiles, num_ctas)
    silu_kernel[(num_ctas,)](x, out, n, tiles_per_cta, BLOCK=BLOCK)
    return out
