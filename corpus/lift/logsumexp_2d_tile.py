# expect: verified
# formula: out[i] = max(k, x[i, k]) + log(sum(k, exp(x[i, k] - max(k2, x[i, k2]))))
# Row-wise log-sum-exp over a [BLOCK_M, BLOCK_N] tile (several rows per program, the
# `rows[:, None] < M` mask): padding columns load -inf (exp(-inf) = 0 adds nothing), and
# rows past M load -inf everywhere, so their max is -inf, `x - max` NaN, their sum and
# logarithm NaN: the store under `rows < M` must never write them (proved).
import torch
import triton
import triton.language as tl


@triton.jit
def logsumexp_rows_kernel(x_ptr, out_ptr, M, N, stride_m,
                          BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    x = tl.load(x_ptr + rows[:, None] * stride_m + cols[None, :], mask=mask,
                other=-float("inf"))
    m = tl.max(x, axis=1)
    s = tl.sum(tl.exp(x - m[:, None]), axis=1)
    tl.store(out_ptr + rows, m + tl.log(s), mask=rows < M)


def logsumexp_rows(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    M, N = x.shape
    out = torch.empty((M,), device=x.device, dtype=torch.float32)
    BLOCK_N = triton.next_power_of_2(N)
    grid = (triton.cdiv(M, 8),)
    logsumexp_rows_kernel[grid](x, out, M, N, x.stride(0), BLOCK_M=8, BLOCK_N=BLOCK_N)
    return out
