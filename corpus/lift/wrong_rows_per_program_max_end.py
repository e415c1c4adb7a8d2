# expect: refuted
# formula: y[i, j] = 2 * x[i, j]
# rows_per_program_min_end.py with `max` where the run's end should be clipped by `min`: the
# last program runs past the last row (an out-of-bounds load).
import math

import torch
import triton
import triton.language as tl


@triton.jit
def double_rows_kernel(X, Y, n_rows, n_cols, rows_per_program: tl.constexpr, BLOCK: tl.constexpr):
    block = tl.program_id(0).to(tl.int64)
    first = block * rows_per_program
    last = max((block + 1) * rows_per_program, n_rows)
    cols = tl.arange(0, BLOCK)
    for r in range(first, last):
        x = tl.load(X + r * n_cols + cols, mask=cols < n_cols, other=0.0)
        tl.store(Y + r * n_cols + cols, 2 * x, mask=cols < n_cols)


def double_rows(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    y = torch.empty_like(x)
    programs = 8
    rows_per_program = math.ceil(n_rows / programs)
    BLOCK = triton.next_power_of_2(n_cols)
    double_rows_kernel[(programs,)](x, y, n_rows, n_cols, rows_per_program, BLOCK=BLOCK)
    return y
