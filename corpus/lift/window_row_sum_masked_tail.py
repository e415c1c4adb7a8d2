# expect: verified
# formula: y[i] = sum(k < BLOCK, where(start + k < n_cols, x[i, start + k], 0))
# One block of `BLOCK` columns from column `start` of each row, summed, its tail past the row
# masked off (Liger-style rows, no launcher in the file). The sum runs over the whole block
# and the masked lanes add nothing: `where(start + k < n_cols, ..., 0)`, a condition of the
# reduction's own that is not its range.
import triton
import triton.language as tl


@triton.jit
def window_row_sum(x_ptr, y_ptr, n_cols, start, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    k = tl.arange(0, BLOCK)
    m = start + k < n_cols
    x = tl.load(x_ptr + row * stride + start + k, mask=m, other=0.0)
    tl.store(y_ptr + row, tl.sum(x, axis=0))
