# expect: verified
# formula: out[i] = 0
# torch.zeros: a store with no load; the length is an `int` argument of the launcher.
import torch
import triton
import triton.language as tl


@triton.jit
def zeros_kernel(out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    tl.store(out_ptr + offs, tl.zeros([BLOCK_SIZE], dtype=tl.float32), mask=offs < n)


def zeros(n: int) -> torch.Tensor:
    out = torch.empty(n, device="cuda", dtype=torch.float32)
    zeros_kernel[(triton.cdiv(n, 1024),)](out, n, BLOCK_SIZE=1024)
    return out
