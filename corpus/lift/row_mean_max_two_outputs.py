# expect: verified
# formula: mean[i] = sum(k, x[i, k]) / n_cols; mx[i] = max(k, x[i, k])
# One row per program writes two statistics of the row (its mean and its maximum); the
# launcher allocates both with `x.new_empty((n_rows,))` and returns them as a tuple.
import torch
import triton
import triton.language as tl


@triton.jit
def row_stats_kernel(x_ptr, mean_ptr, max_ptr, stride, n_cols, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    valid = cols < n_cols
    x = tl.load(x_ptr + r * stride + cols, mask=valid, other=0.0).to(tl.float32)
    tl.store(mean_ptr + r, tl.sum(x, axis=0) / n_cols)
    xm = tl.where(valid, x, float("-inf"))
    tl.store(max_ptr + r, tl.max(xm, axis=0))


def row_stats(x):
    x = x.contiguous()
    n_rows, n_cols = x.shape
    mean = x.new_empty((n_rows,))
    mx = x.new_empty((n_rows,))
    row_stats_kernel[(n_rows,)](x, mean, mx, x.stride(0), n_cols, BLOCK=triton.next_power_of_2(n_cols))
    return mean, mx
