# expect: verified
# formula: out[i] = sum(k, x[i, k] * x[i, k])
# The energy of each row (the sum of its squares) read one tile at a time with loads that
# give no `other=`: the lanes past the row's end hold whatever Triton leaves there, and the
# kernel replaces them by 0.0 with `tl.where` on the same condition before squaring. No
# stored value depends on an unspecified lane: the proof holds for every value they hold.
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
        v = tl.where(inside, v, 0.0)
        total += v * v
    tl.store(dst + r, tl.sum(total, axis=0))


def energies(x: torch.Tensor) -> torch.Tensor:
    rows, width = x.shape
    x = x.contiguous()
    out = torch.empty((rows,), dtype=torch.float32, device=x.device)
    row_energy[(rows,)](x, out, width, x.stride(0), TILE=32)
    return out
