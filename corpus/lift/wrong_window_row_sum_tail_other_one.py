# expect: refuted
# formula: y[i] = sum(k < BLOCK, where(start + k < n_cols, x[i, start + k], 0))
# `window_row_sum_masked_tail.py` with the masked-off lanes loading 1 (`other=1.0`): they
# add to the sum, refuted where the block passes the row's end.
import triton
import triton.language as tl


@triton.jit
def window_row_sum(x_ptr, y_ptr, n_cols, start, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    k = tl.arange(0, BLOCK)
    m = start + k < n_cols
    x = tl.load(x_ptr + row * stride + start + k, mask=m, other=1.0)
    tl.store(y_ptr + row, tl.sum(x, axis=0))
