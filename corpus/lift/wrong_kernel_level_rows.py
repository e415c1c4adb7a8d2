# expect: refuted
# formula: Y[i, j] = X[i, j] * W[j] + eps
# The kernel-level rows claim refuted: the weight is read one column off (`W_ptr +
# col_offsets + 1`). (A row stepped by another pointer's stride is no refutation at the kernel
# level: the claim's view of that pointer is by the stride it is stepped by, and says so.)
import triton
import triton.language as tl
from some_package.buffers import output_like


@triton.jit
def scale_rows(Y_ptr, Y_row_stride, X_ptr, X_row_stride, W_ptr, n_cols, eps, BLOCK_SIZE: tl.constexpr):
    row_idx = tl.program_id(0).to(tl.int64)
    col_offsets = tl.arange(0, BLOCK_SIZE)
    mask = col_offsets < n_cols
    w = tl.load(W_ptr + col_offsets + 1, mask=mask, other=0.0)
    row_X_ptr = X_ptr + row_idx * X_row_stride
    Y_ptr += row_idx * Y_row_stride
    x = tl.load(row_X_ptr + col_offsets, mask=mask, other=0.0)
    tl.store(Y_ptr + col_offsets, x * w + eps, mask=mask)


def scale(x, w, eps=1e-6):
    y = output_like(x)
    scale_rows[(x.shape[0],)](y, y.stride(0), x, x.stride(0), w, x.shape[1], eps, BLOCK_SIZE=128)
    return y
