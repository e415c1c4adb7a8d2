# expect: refuted
# formula: y[i, j] = sum(k < i + 1, x[k, j])
# A running total down each column (col_running_total_rows.py) that reads row `r` with the
# row count as its stride: wrong (and reading past `x`) once the input is not square.
import torch
import triton
import triton.language as tl


@triton.jit
def col_running_total_kernel(x_ptr, y_ptr, n_rows, n_cols, BLOCK_C: tl.constexpr):
    cols = tl.program_id(0) * BLOCK_C + tl.arange(0, BLOCK_C)
    ok = cols < n_cols
    total = tl.zeros([BLOCK_C], dtype=tl.float32)
    for r in range(0, n_rows):
        total += tl.load(x_ptr + r * n_rows + cols, mask=ok, other=0.0)
        tl.store(y_ptr + r * n_cols + cols, total, mask=ok)


def col_running_total(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    y = torch.empty((n_rows, n_cols), device=x.device, dtype=x.dtype)
    col_running_total_kernel[(triton.cdiv(n_cols, 32),)](x, y, n_rows, n_cols, BLOCK_C=32)
    return y
