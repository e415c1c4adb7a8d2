# expect: refuted
# formula: stats[i, j] = where(j == 0, sum(k < n, x[i, k]) / n, where(j == 1, sum(k < n, x[i, k] * x[i, k]) / n, stats[i, j]))
# kernel_level_row_stats_columns.py with the mean square stored one column late (`base + 2`
# for `base + 1`). The by-cases formula says column 1 holds the mean square and column 2
# keeps its value: the store at column 2 writes the mean square there instead (refuted,
# replayed; under a formula over every column it would have held).
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
    tl.store(base + 2, squares / n)
