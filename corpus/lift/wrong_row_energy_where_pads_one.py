# expect: refuted
# formula: out[i] = sum(k, x[i, k] * x[i, k])
# The wrong twin of row_energy_where_unfilled_tile.py: the unfilled lanes are replaced by
# 1.0 instead of 0.0, so each row's energy counts one per lane past its end in the last
# tile. The formula is the right one; refuted with a replayed row shorter than the tile.
import torch
import triton
import triton.language as tl


@triton.jit
def row_energy(src, dst, width, pitch, TILE: tl.constexpr):
    r = tl.program_id(0)
    total = tl.zeros((TILE,), dtype=tl.float32)
    for c0 in range(0, width, TILE):
        c = c0 + tl.arange(0, TILE)
        inside = c < width
        v = tl.load(src + r * pitch + c, mask=inside)
        v = tl.where(inside, v, 1.0)
        total += v * v
    tl.store(dst + r, tl.sum(total, axis=0))


def energies(x: torch.Tensor) -> torch.Tensor:
    rows, width = x.shape
    x = x.contiguous()
    out = torch.empty((rows,), dtype=torch.float32, device=x.device)
    row_energy[(rows,)](x, out, width, x.stride(0), TILE=32)
    return out
