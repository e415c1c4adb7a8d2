# expect: refuted
# formula: y[i, j] = 2 * x[i, j]
# The block size reaches the kernel from a launcher parameter annotated `int` (Liger's
# softmax backward passes `BLOCK_SIZE` so): a value known only at run time, so
# `tl.arange(0, BLOCK_SIZE)` is unknown, naming `BLOCK_SIZE` (Triton needs a compile-time
# constant there; the launcher's value is not read as one).
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
