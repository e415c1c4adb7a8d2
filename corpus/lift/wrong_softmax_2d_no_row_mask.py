# expect: refuted
# formula: y[i, j] = exp(x[i, j] - max(k, x[i, k])) / sum(k, exp(x[i, k] - max(k2, x[i, k2])))
# The 2-D softmax tile of softmax_2d_tile.py whose store mask forgets the rows: the loads
# mask rows past M (which hold -inf - -inf = NaN after the max subtraction), but the store
# writes those NaN rows too, past the end of `y` whenever M is not a multiple of BLOCK_M.
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_rows_kernel(x_ptr, y_ptr, M, N, stride_xm, stride_ym,
                        BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows < M)[:, None] & (cols < N)[None, :]
    x = tl.load(x_ptr + rows[:, None] * stride_xm + cols[None, :], mask=mask,
                other=-float('inf'))
    z = x - tl.max(x, axis=1)[:, None]
    num = tl.exp(z)
    den = tl.sum(num, axis=1)
    y = num / den[:, None]
    tl.store(y_ptr + rows[:, None] * stride_ym + cols[None, :], y,
             mask=(cols < N)[None, :])


def softmax_rows(x: torch.Tensor):
    M, N = x.shape
    y = torch.empty_like(x)
    BLOCK_N = triton.next_power_of_2(N)
    BLOCK_M = 4
    grid = (triton.cdiv(M, BLOCK_M),)
    softmax_rows_kernel[grid](x, y, M, N, x.stride(0), y.stride(0),
                              BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N)
    return y
