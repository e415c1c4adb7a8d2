# expect: verified
# formula: dst[i, j] = sum(k < j + 1, src[i, k])
# synthesized: unknown
# differential: formula
# The running total of each row, one program per row (FlagGems' cumsum scans a flat tile
# per program; here a row tile with its own stride): `tl.cumsum` along the tile's axis is
# the inclusive prefix sum, lane `j` the sum of lanes `0..=j`; lanes past the row are loaded
# as 0 and not stored. Synthesis drops the lane-dependent bound (`sum(k, src[i, k])`), which
# the replay catches: `unknown` without the formula.
import torch
import triton
import triton.language as tl


@triton.jit
def row_running_total(src, dst, width, stride, W: tl.constexpr):
    r = tl.program_id(0)
    j = tl.arange(0, W)
    inside = j < width
    v = tl.load(src + r * stride + j, mask=inside, other=0.0)
    tl.store(dst + r * width + j, tl.cumsum(v, axis=0), mask=inside)


def running_totals(src: torch.Tensor) -> torch.Tensor:
    src = src.contiguous()
    rows, width = src.shape
    dst = torch.empty((rows, width), device=src.device, dtype=src.dtype)
    row_running_total[(rows,)](src, dst, width, src.stride(0), W=triton.next_power_of_2(width))
    return dst
