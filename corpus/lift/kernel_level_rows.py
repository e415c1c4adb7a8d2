# expect: verified
# formula: Y[i, j] = X[i, j] * W[j] + eps
# Liger-style rows with strides of the kernel's own, and a launcher the reader cannot follow
# (its output comes from a helper of another package): the kernel-level claim over rows.
# `X[i, j]` is `X_ptr[i * X_row_stride + j]`, one program per row; `n_cols <= X_row_stride`
# and `n_cols <= Y_row_stride` (rows do not overlap), accesses in bounds and no two programs
# storing to one element are the claim's stated preconditions.
import triton
import triton.language as tl
from some_package.buffers import output_like


@triton.jit
def scale_rows(Y_ptr, Y_row_stride, X_ptr, X_row_stride, W_ptr, n_cols, eps, BLOCK_SIZE: tl.constexpr):
    row_idx = tl.program_id(0).to(tl.int64)
    col_offsets = tl.arange(0, BLOCK_SIZE)
    mask = col_offsets < n_cols
    w = tl.load(W_ptr + col_offsets, mask=mask, other=0.0)
    row_X_ptr = X_ptr + row_idx * X_row_stride
    Y_ptr += row_idx * Y_row_stride
    x = tl.load(row_X_ptr + col_offsets, mask=mask, other=0.0)
    tl.store(Y_ptr + col_offsets, x * w + eps, mask=mask)


def scale(x, w, eps=1e-6):
    y = output_like(x)
    scale_rows[(x.shape[0],)](y, y.stride(0), x, x.stride(0), w, x.shape[1], eps, BLOCK_SIZE=128)
    return y
