# expect: verified
# formula: out[i, j] = 2 * x[i, j]
# One program per row of a 2-D tensor, the row's address from its stride, the columns in one
# masked tile; the launcher asserts that a row fits the tile.
import torch
import triton
import triton.language as tl


@triton.jit
def scale_rows_kernel(x_ptr, out_ptr, n_cols, x_row_stride, out_row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=mask, other=0.0)
    tl.store(out_ptr + row * out_row_stride + cols, x * 2.0, mask=mask)


def scale_rows(x: torch.Tensor):
    n_rows, n_cols = x.shape
    out = torch.empty_like(x)
    BLOCK = 1024
    assert n_cols <= BLOCK
    scale_rows_kernel[(n_rows,)](x, out, n_cols, x.stride(0), out.stride(0), BLOCK=BLOCK)
    return out
