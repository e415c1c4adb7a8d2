# expect: verified
# formula: Y[i, j] = X[i, j] * alpha
# Liger-Kernel style: the row pointers are bumped (`X_ptr += row_idx * X_row_stride`), the
# output is the first argument, and a float the caller passes scales the row.
import torch
import triton
import triton.language as tl


@triton.jit
def _scale_rows_kernel(Y_ptr, Y_row_stride, X_ptr, X_row_stride, n_cols, alpha, BLOCK_SIZE: tl.constexpr):
    row_idx = tl.program_id(0)
    Y_ptr += row_idx * Y_row_stride
    X_ptr += row_idx * X_row_stride
    col_offsets = tl.arange(0, BLOCK_SIZE)
    mask = col_offsets < n_cols
    X_row = tl.load(X_ptr + col_offsets, mask=mask, other=0)
    tl.store(Y_ptr + col_offsets, X_row * alpha, mask=mask)


def scale_rows(X, alpha):
    n_rows, n_cols = X.shape
    Y = torch.empty_like(X)
    BLOCK_SIZE = 2048
    assert n_cols <= BLOCK_SIZE, "one tile per row"
    _scale_rows_kernel[(n_rows,)](Y, Y.stride(0), X, X.stride(0), n_cols, alpha, BLOCK_SIZE=BLOCK_SIZE)
    return Y
