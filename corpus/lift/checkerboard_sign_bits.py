# expect: verified
# formula: out[i, j] = x[i, j] * (1 - 2 * ((i ^ j) & 1))
# A checkerboard of signs from the bits of the row and column indices: `^` and `&` of integer
# blocks are Triton's fixed-width operators, exact on the model's mathematical integers where
# nothing wraps (`crate::ops::bitwise`); the formula language has them too.
import torch
import triton
import triton.language as tl


@triton.jit
def checkerboard_kernel(x_ptr, out_ptr, M, N, stride_xm, stride_om, BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    cols = tl.program_id(1) * BN + tl.arange(0, BN)
    inside = (rows[:, None] < M) & (cols[None, :] < N)
    parity = (rows[:, None] ^ cols[None, :]) & 1
    sign = (1 - 2 * parity).to(tl.float32)
    x = tl.load(x_ptr + rows[:, None] * stride_xm + cols[None, :], mask=inside, other=0.0)
    tl.store(out_ptr + rows[:, None] * stride_om + cols[None, :], x * sign, mask=inside)


def checkerboard(x):
    x = x.contiguous()
    M, N = x.shape
    out = torch.empty((M, N), device=x.device, dtype=x.dtype)
    grid = (triton.cdiv(M, 16), triton.cdiv(N, 32))
    checkerboard_kernel[grid](x, out, M, N, x.stride(0), out.stride(0), BM=16, BN=32)
    return out
