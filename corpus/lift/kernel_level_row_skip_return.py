# expect: verified
# formula: y[i, j] = where(labels[i] != ignore, x[i, j] * x[i, j] + 1, y[i, j])
# A kernel-level claim (no launcher): a program returns early when its row's label, loaded from
# memory, is `ignore`, and otherwise squares its row block. Only the rows kept are written; the
# synthesizer reads the store's guard on loaded data as a case, every other element keeping its
# contents: the synthesized formula is the one above.
import triton
import triton.language as tl


@triton.jit
def skip_ignored_rows(x_ptr, labels_ptr, y_ptr, ignore, row_stride, n_cols,
                      BLOCK: tl.constexpr):
    row = tl.program_id(0)
    label = tl.load(labels_ptr + row)
    if label == ignore:
        return
    cols = tl.arange(0, BLOCK)
    m = cols < n_cols
    x = tl.load(x_ptr + row * row_stride + cols, mask=m, other=0.0)
    tl.store(y_ptr + row * row_stride + cols, x * x + 1.0, mask=m)
