# expect: refuted
# formula: y[i, j] = 2 * x[i, j]
# The block size reaches the kernel from a launcher parameter annotated `int` (Liger's
# softmax backward passes `BLOCK_SIZE` so). Triton compiles `tl.arange(0, BLOCK_SIZE)` only
# for a power of two, so the launcher's `BLOCK_SIZE` is a block-size symbol (every value
# checked, replays at powers of two). Nothing ties it to `n_cols`: `scale_rows(x, 1)` on a
# row of 2 leaves `y[0, 1]` unwritten, a replayed refutation of the launcher as written.
import torch
import triton
import triton.language as tl


@triton.jit
def scale_rows_kernel(y_ptr, x_ptr, stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK_SIZE)
    mask = offs < n_cols
    x = tl.load(x_ptr + row * stride + offs, mask=mask, other=0.0)
    tl.store(y_ptr + row * stride + offs, 2 * x, mask=mask)


def scale_rows(x: torch.Tensor, BLOCK_SIZE: int):
    n_rows, n_cols = x.shape
    y = torch.empty_like(x)
    scale_rows_kernel[(n_rows,)](y, x, x.stride(0), n_cols, BLOCK_SIZE=BLOCK_SIZE)
    return y
