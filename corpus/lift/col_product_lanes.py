# expect: verified
# formula: y[j] = product(i < n_rows, x[i, j])
# The product down each column, one program per block of columns and one row per iteration:
# `acc *= row` keeps a running product per lane, stored as it is (no reduction across lanes).
import torch
import triton
import triton.language as tl


@triton.jit
def col_prod_kernel(x_ptr, y_ptr, n_rows, n_cols, BLOCK_C: tl.constexpr):
    cols = tl.program_id(0) * BLOCK_C + tl.arange(0, BLOCK_C)
    ok = cols < n_cols
    acc = tl.full([BLOCK_C], 1.0, tl.float32)
    for r in range(0, n_rows):
        acc *= tl.load(x_ptr + r * n_cols + cols, mask=ok, other=1.0)
    tl.store(y_ptr + cols, acc, mask=ok)


def col_prod(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    y = torch.empty(n_cols, device=x.device, dtype=x.dtype)
    col_prod_kernel[(triton.cdiv(n_cols, 32),)](x, y, n_rows, n_cols, BLOCK_C=32)
    return y
