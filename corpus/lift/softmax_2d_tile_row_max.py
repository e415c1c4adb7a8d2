# expect: unknown
# formula: y[i, j] = exp(x[i, j] - max(k, x[i, k])) / sum(k, exp(x[i, k] - max(k2, x[i, k2]))); p_max[i] = max(k, exp(x[i, k] - max(k2, x[i, k2])) / sum(k2, exp(x[i, k2] - max(k3, x[i, k3]))))
# The 2-D softmax tile of softmax_2d_tile.py that also stores each row's largest
# probability, `tl.max(y, axis=1)`. On rows past M, `y` is NaN (`-inf - -inf`), and a max
# over NaN lanes is what Triton's `propagate_nan` decides: the GPU's `maxnum` ignores them,
# the interpreter's `np.maximum` propagates them. Those rows are never stored, but the tool
# does not decide a max of a NaN: unknown, naming the store (a limit, not a fault).
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_rows_kernel(x_ptr, y_ptr, p_max_ptr, M, N, stride_xm, stride_ym,
                        BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows < M)[:, None] & (cols < N)[None, :]
    x = tl.load(x_ptr + rows[:, None] * stride_xm + cols[None, :], mask=mask,
                other=-float('inf'))
    num = tl.exp(x - tl.max(x, axis=1)[:, None])
    y = num / tl.sum(num, axis=1)[:, None]
    tl.store(y_ptr + rows[:, None] * stride_ym + cols[None, :], y, mask=mask)
    tl.store(p_max_ptr + rows, tl.max(y, axis=1), mask=rows < M)


def softmax_rows(x: torch.Tensor):
    M, N = x.shape
    y = torch.empty_like(x)
    p_max = torch.empty((M,), device=x.device, dtype=torch.float32)
    BLOCK_N = triton.next_power_of_2(N)
    grid = (triton.cdiv(M, 4),)
    softmax_rows_kernel[grid](x, y, p_max, M, N, x.stride(0), y.stride(0),
                              BLOCK_M=4, BLOCK_N=BLOCK_N)
    return y, p_max
