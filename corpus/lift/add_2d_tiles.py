# expect: verified
# formula: out[i, j] = x[i, j] + y[i, j]
# 2-D tiles on a 2-D grid: rows and columns from two program ids, broadcast with
# `[:, None]` and `[None, :]`, a mask on both edges.
import torch
import triton
import triton.language as tl


@triton.jit
def add2d_kernel(x_ptr, y_ptr, out_ptr, M, N, stride_xm, stride_ym, stride_om,
                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * stride_xm + rn[None, :], mask=mask, other=0.0)
    y = tl.load(y_ptr + rm[:, None] * stride_ym + rn[None, :], mask=mask, other=0.0)
    tl.store(out_ptr + rm[:, None] * stride_om + rn[None, :], x + y, mask=mask)


def add2d(x: torch.Tensor, y: torch.Tensor):
    M, N = x.shape
    out = torch.empty_like(x)
    grid = (triton.cdiv(M, 16), triton.cdiv(N, 32))
    add2d_kernel[grid](x, y, out, M, N, x.stride(0), y.stride(0), out.stride(0), BLOCK_M=16, BLOCK_N=32)
    return out
