# expect: refuted
# formula: RSTD[i] = rsqrt(sum(k < min(n_cols, BLOCK_SIZE), X[i, k] * X[i, k]) / n_cols + eps); Y[i, j] = X[i, j] * rsqrt(sum(k < min(n_cols, BLOCK_SIZE), X[i, k] * X[i, k]) / n_cols + eps)
# `kernel_level_rows_rstd.py` with the mean square taken over the block (`/ BLOCK_SIZE`)
# rather than the row's `n_cols`: wrong wherever the row is shorter than the block.
import triton
import triton.language as tl


@triton.jit
def rstd_rows(Y_ptr, Y_row_stride, X_ptr, X_row_stride, RSTD_ptr, RSTD_row_stride, n_cols, eps,
              BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    inside = cols < n_cols
    x = tl.load(X_ptr + row * X_row_stride + cols, mask=inside, other=0.0)
    r = tl.rsqrt(tl.sum(x * x, axis=0) / BLOCK_SIZE + eps)
    tl.store(RSTD_ptr + row * RSTD_row_stride, r)
    tl.store(Y_ptr + row * Y_row_stride + cols, x * r, mask=inside)
