# expect: verified
# formula: y[i] = start + step * i
# An integer arange (torch.arange(start, start + n * step, step) of integers): each lane's
# value is its own output index times a runtime step, written through the program's offset
# `pid * BLOCK * step` and the lane's `lanes * step` separately (`start` and `step` are
# integers by their comparisons in the mask).
import torch
import triton
import triton.language as tl


@triton.jit
def strided_iota_kernel(Y, n, start, step, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    lanes = tl.arange(0, BLOCK)
    value = start + lanes * step + pid * BLOCK * step
    keep = (pid * BLOCK + lanes < n) & (step >= 0) & (start >= 0)
    tl.store(Y + pid * BLOCK + lanes, value, mask=keep)


def strided_iota(n: int, start: int, step: int) -> torch.Tensor:
    y = torch.empty(n, dtype=torch.int64, device="cuda")
    strided_iota_kernel[(triton.cdiv(n, 256),)](y, n, start, step, BLOCK=256)
    return y
