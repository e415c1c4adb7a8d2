# expect: refuted
# formula: dst[i, j] = sum(k < j + 1, src[i, k])
# row_running_total_exclusive_cumsum.py turned into an exclusive scan by mistake (`tl.cumsum(v) - v`,
# the running total before each element): every lane misses its own element.
import torch
import triton
import triton.language as tl


@triton.jit
def row_running_total_exclusive(src, dst, width, stride, W: tl.constexpr):
    r = tl.program_id(0)
    j = tl.arange(0, W)
    inside = j < width
    v = tl.load(src + r * stride + j, mask=inside, other=0.0)
    tl.store(dst + r * width + j, tl.cumsum(v, axis=0) - v, mask=inside)


def running_totals(src: torch.Tensor) -> torch.Tensor:
    src = src.contiguous()
    rows, width = src.shape
    dst = torch.empty((rows, width), device=src.device, dtype=src.dtype)
    row_running_total_exclusive[(rows,)](src, dst, width, src.stride(0), W=triton.next_power_of_2(width))
    return dst
