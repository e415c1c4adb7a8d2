# expect: refuted
# formula: y[i, j] = where(labels[i] != ignore, x[i, j] * x[i, j] + 1, y[i, j])
# The wrong twin of kernel_level_row_skip_return.py: the early return tests `label !=
# ignore`, so the kernel writes the ignored rows and keeps the others. Refuted with a replayed
# witness.
import triton
import triton.language as tl


@triton.jit
def skip_ignored_rows(x_ptr, labels_ptr, y_ptr, ignore, row_stride, n_cols,
                      BLOCK: tl.constexpr):
    row = tl.program_id(0)
    label = tl.load(labels_ptr + row)
    if label != ignore:
        return
    cols = tl.arange(0, BLOCK)
    m = cols < n_cols
    x = tl.load(x_ptr + row * row_stride + cols, mask=m, other=0.0)
    tl.store(y_ptr + row * row_stride + cols, x * x + 1.0, mask=m)
