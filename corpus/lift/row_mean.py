# expect: verified
# formula: out[i] = sum(k, x[i, k]) / n_cols
# The mean of each row: a masked tile summed, then divided by the row length.
import torch
import triton
import triton.language as tl


@triton.jit
def row_mean_kernel(x_ptr, out_ptr, n_cols, stride_row, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride_row + cols, mask=cols < n_cols, other=0.0)
    mean = tl.sum(x, axis=0) / n_cols
    tl.store(out_ptr + row, mean)


def row_mean(x):
    x = x.contiguous()
    n_rows, n_cols = x.shape
    assert n_cols <= 512
    out = torch.empty((n_rows,), device=x.device, dtype=torch.float32)
    row_mean_kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK=512)
    return out
