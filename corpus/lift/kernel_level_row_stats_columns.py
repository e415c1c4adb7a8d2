# expect: verified
# formula: stats[i, j] = where(j == 0, sum(k < n, x[i, k]) / n, where(j == 1, sum(k < n, x[i, k] * x[i, k]) / n, stats[i, j]))
# Per-row statistics written at constant columns of one output (`stats + row * stride + 0`
# and `+ 1`, a scalar each, like Liger's `poly_norm` backward writing `dW` at `+ 0/1/2`).
# The kernel-level claim proves no coverage, so the formula is by cases over the pinned
# column and keeps every other element as it was: a store moved along the column would
# write a value the formula does not give there (wrong_kernel_level_row_stats_column_moved.py).
import triton
import triton.language as tl


@triton.jit
def row_moments(x_ptr, stats_ptr, x_stride, stats_stride, n, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    total = 0.0
    squares = 0.0
    for start in range(0, n, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        v = tl.load(x_ptr + row * x_stride + cols, mask=cols < n, other=0.0)
        total += tl.sum(v, axis=0)
        squares += tl.sum(v * v, axis=0)
    base = stats_ptr + row * stats_stride
    tl.store(base, total / n)
    tl.store(base + 1, squares / n)
