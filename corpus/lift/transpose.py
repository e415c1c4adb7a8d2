# expect: verified
# formula: out[i, j] = x[j, i]
# A transpose in 2-D tiles: the tile of `x` at (rows, cols) is read with its row stride and
# written to `out` (shape (N, M)) with the roles of rows and columns swapped.
import torch
import triton
import triton.language as tl


@triton.jit
def transpose_kernel(x_ptr, out_ptr, M, N, stride_xm, stride_on,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    tile = tl.load(x_ptr + rm[:, None] * stride_xm + rn[None, :], mask=mask)
    tl.store(out_ptr + rn[None, :] * stride_on + rm[:, None], tile, mask=mask)


def transpose(x: torch.Tensor):
    M, N = x.shape
    out = torch.empty((N, M), device=x.device, dtype=x.dtype)
    grid = (triton.cdiv(M, 32), triton.cdiv(N, 32))
    transpose_kernel[grid](x, out, M, N, x.stride(0), out.stride(0), BLOCK_M=32, BLOCK_N=32)
    return out
