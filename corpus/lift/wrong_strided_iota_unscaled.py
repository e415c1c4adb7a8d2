# expect: refuted
# formula: y[i] = start + step * i
# strided_iota_int.py with the program's offset left unscaled by the step (`pid * BLOCK`):
# wrong from the second program on whenever the step is not 1.
import torch
import triton
import triton.language as tl


@triton.jit
def strided_iota_kernel(Y, n, start, step, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    lanes = tl.arange(0, BLOCK)
    value = start + lanes * step + pid * BLOCK
    keep = (pid * BLOCK + lanes < n) & (step >= 0) & (start >= 0)
    tl.store(Y + pid * BLOCK + lanes, value, mask=keep)


def strided_iota(n: int, start: int, step: int) -> torch.Tensor:
    y = torch.empty(n, dtype=torch.int64, device="cuda")
    strided_iota_kernel[(triton.cdiv(n, 256),)](y, n, start, step, BLOCK=256)
    return y
