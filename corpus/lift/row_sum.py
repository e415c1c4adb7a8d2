# expect: verified
# formula: out[i] = sum(k, x[i, k])
# One program per row; the row in one masked tile (`other=0.0` keeps the padding out of the
# sum), summed with `tl.sum(axis=0)` and stored as one scalar per row.
import torch
import triton
import triton.language as tl


@triton.jit
def row_sum_kernel(x_ptr, out_ptr, n_cols, stride_row, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + row * stride_row + cols, mask=cols < n_cols, other=0.0)
    total = tl.sum(x, axis=0)
    tl.store(out_ptr + row, total)


def row_sum(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    BLOCK_SIZE = 256
    assert n_cols <= BLOCK_SIZE
    out = torch.empty(n_rows, device=x.device, dtype=x.dtype)
    row_sum_kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK_SIZE=BLOCK_SIZE)
    return out
