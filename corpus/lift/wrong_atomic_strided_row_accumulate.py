# expect: refuted
# formula: acc[i, j] = acc[i, j] + alpha * x[i, j]
# The accumulation reading `x` transposed (the row as the column's offset, the column by the
# row stride): off the diagonal, each element of `acc` gains another element of `x`.
import triton
import triton.language as tl


@triton.jit
def accumulate_scaled_rows(x_ptr, acc_ptr, n_cols, stride_x, stride_acc, alpha,
                           BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    keep = cols < n_cols
    x = tl.load(x_ptr + cols * stride_x + row, mask=keep, other=0.0)
    tl.atomic_add(acc_ptr + row * stride_acc + cols, alpha * x, mask=keep)
