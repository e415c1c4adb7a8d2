# expect: refuted
# formula: out[i] = max(k, x[i, k]) + log(sum(k, exp(x[i, k] - max(k2, x[i, k2]))))
# The row-wise log-sum-exp of logsumexp_2d_tile.py with an off-by-one column mask
# (`cols < N - 1`): the last column is dropped, and when N is 1 every lane of a stored row
# is -inf, its max -inf and `x - max` NaN, so the kernel stores NaN where the formula is
# finite (refuted with the replayed NaN).
import torch
import triton
import triton.language as tl


@triton.jit
def logsumexp_rows_kernel(x_ptr, out_ptr, M, N, stride_m,
                          BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < M) & (cols[None, :] < N - 1)
    x = tl.load(x_ptr + rows[:, None] * stride_m + cols[None, :], mask=mask,
                other=-float("inf"))
    m = tl.max(x, axis=1)
    s = tl.sum(tl.exp(x - m[:, None]), axis=1)
    tl.store(out_ptr + rows, m + tl.log(s), mask=rows < M)


def logsumexp_rows(x: torch.Tensor) -> torch.Tensor:
    M, N = x.shape
    out = torch.empty((M,), device=x.device, dtype=torch.float32)
    BLOCK_N = triton.next_power_of_2(N)
    grid = (triton.cdiv(M, 8),)
    logsumexp_rows_kernel[grid](x, out, M, N, x.stride(0), BLOCK_M=8, BLOCK_N=BLOCK_N)
    return out
