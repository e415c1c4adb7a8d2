# expect: refuted
# formula: y[i] = min(max(x[i], lo[i]), hi[i])
# clamp_elementwise_bounds.py with the lower bound passed twice (`tl.clamp(val, lo, lo)`):
# every element becomes its lower bound, whatever it was.
import torch
import triton
import triton.language as tl


@triton.jit
def clip_to_band_low_twice(x_ptr, lo_ptr, hi_ptr, y_ptr, numel, TILE: tl.constexpr):
    start = tl.program_id(axis=0) * TILE
    idx = start + tl.arange(0, TILE)
    live = idx < numel
    lo = tl.load(lo_ptr + idx, mask=live)
    hi = tl.load(hi_ptr + idx, mask=live)
    val = tl.load(x_ptr + idx, mask=live)
    tl.store(y_ptr + idx, tl.clamp(val, lo, lo), mask=live)


def band_clip(x: torch.Tensor, lo: torch.Tensor, hi: torch.Tensor) -> torch.Tensor:
    assert x.shape == lo.shape
    assert x.shape == hi.shape
    x, lo, hi = x.contiguous(), lo.contiguous(), hi.contiguous()
    y = torch.empty_like(x)
    numel = x.numel()
    clip_to_band_low_twice[(triton.cdiv(numel, 128),)](x, lo, hi, y, numel, TILE=128)
    return y
