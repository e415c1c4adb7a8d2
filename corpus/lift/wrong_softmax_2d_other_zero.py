# expect: refuted
# formula: y[i, j] = exp(x[i, j] - max(k, x[i, k])) / sum(k, exp(x[i, k] - max(k2, x[i, k2])))
# A 2-D softmax tile (several rows per program, `rows[:, None] < M` masks) whose load pads
# with `other=0.0` instead of -inf: the padding columns take part in each row's max (a row
# of negative values gets max 0) and add exp(0 - max) to its sum. Wrong only when N is not
# a power of two (BLOCK_N = next_power_of_2(N) leaves no padding otherwise).
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_rows_kernel(x_ptr, y_ptr, M, N, stride_xm, stride_ym,
                        BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    x = tl.load(x_ptr + rows[:, None] * stride_xm + cols[None, :], mask=mask, other=0.0)
    x_max = tl.max(x, axis=1)
    num = tl.exp(x - x_max[:, None])
    den = tl.sum(num, axis=1)
    tl.store(y_ptr + rows[:, None] * stride_ym + cols[None, :], num / den[:, None], mask=mask)


def softmax_rows(x: torch.Tensor):
    M, N = x.shape
    y = torch.empty_like(x)
    BLOCK_N = triton.next_power_of_2(N)
    grid = (triton.cdiv(M, 2),)
    softmax_rows_kernel[grid](x, y, M, N, x.stride(0), y.stride(0), BLOCK_M=2, BLOCK_N=BLOCK_N)
    return y
