# expect: verified
# formula: y[i, j] = exp(x[i, j] - max(k, x[i, k])) / sum(k, exp(x[i, k] - max(k2, x[i, k2])))
# Softmax of several rows per program: a [BLOCK_M, BLOCK_N] tile whose rows past M are
# masked off entirely. Those rows load -inf everywhere, so their max is -inf and
# `x - max` is -inf - -inf = NaN there (and their sums and quotients NaN too); the store's
# mask keeps them out of `y`, which is proved: no NaN lane is stored
# (crates/lift/src/ext.rs).
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
    tl.store(y_ptr + rows[:, None] * stride_ym + cols[None, :], y, mask=mask)


def softmax_rows(x: torch.Tensor):
    x = x.contiguous()
    M, N = x.shape
    y = torch.empty_like(x)
    BLOCK_N = triton.next_power_of_2(N)
    BLOCK_M = 4
    grid = (triton.cdiv(M, BLOCK_M),)
    softmax_rows_kernel[grid](x, y, M, N, x.stride(0), y.stride(0),
                              BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N)
    return y
