# expect: verified
# formula: out[i, j] = x[i, j] + bias[j]
# Several rows per program in a 2-D tile; the bias row is widened with `tl.broadcast_to`
# (numpy broadcasting to the tile's shape) and `tl.debug_barrier()` (a synchronisation of one
# program's threads) changes no value.
import torch
import triton
import triton.language as tl


@triton.jit
def add_bias_kernel(x_ptr, b_ptr, out_ptr, M, N, stride_m, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    x = tl.load(x_ptr + rows[:, None] * stride_m + cols[None, :], mask=mask, other=0.0)
    b = tl.load(b_ptr + cols, mask=cols < N, other=0.0)
    bb = tl.broadcast_to(b[None, :], (BLOCK_M, BLOCK_N))
    tl.debug_barrier()
    tl.store(out_ptr + rows[:, None] * stride_m + cols[None, :], x + bb, mask=mask)


def add_bias(x: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
    M, N = x.shape
    assert N <= 64
    assert bias.numel() == N
    out = torch.empty_like(x)
    grid = (triton.cdiv(M, 8),)
    add_bias_kernel[grid](x, bias, out, M, N, x.stride(0), BLOCK_M=8, BLOCK_N=64)
    return out
