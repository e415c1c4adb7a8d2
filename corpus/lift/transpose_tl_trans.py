# expect: verified
# formula: out[i, j] = x[j, i]
# A transpose in 2-D tiles with `tl.trans`: each program loads an [BLOCK_M, BLOCK_N] tile of
# `x`, swaps its axes in registers, and stores the [BLOCK_N, BLOCK_M] tile at the mirrored
# position of `out` (shape (N, M)); both accesses are masked on the tile's edges.
import torch
import triton
import triton.language as tl


@triton.jit
def trans_kernel(x_ptr, out_ptr, M, N, stride_xm, stride_xn, stride_on, stride_om,
                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    tile = tl.load(x_ptr + rm[:, None] * stride_xm + rn[None, :] * stride_xn,
                   mask=(rm[:, None] < M) & (rn[None, :] < N))
    out_mask = (rn[:, None] < N) & (rm[None, :] < M)
    tl.store(out_ptr + rn[:, None] * stride_on + rm[None, :] * stride_om, tl.trans(tile), mask=out_mask)


def transpose(x: torch.Tensor):
    M, N = x.shape
    out = torch.empty((N, M), device=x.device, dtype=x.dtype)
    grid = (triton.cdiv(M, 16), triton.cdiv(N, 8))
    trans_kernel[grid](x, out, M, N, x.stride(0), x.stride(1), out.stride(0), out.stride(1),
                       BLOCK_M=16, BLOCK_N=8)
    return out
