# expect: verified
# formula: out[i] = max(k, x[i, k])
# The maximum of each row (torch.amax(x, dim=1)), one program per row, the row in one tile
# whose size the launcher computes (`triton.next_power_of_2`); masked lanes load `-inf`,
# so they never win.
import torch
import triton
import triton.language as tl


@triton.jit
def row_max_kernel(x_ptr, out_ptr, n_cols, stride_row, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + row * stride_row + cols, mask=cols < n_cols, other=-float("inf"))
    tl.store(out_ptr + row, tl.max(x, axis=0))


def row_max(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    out = torch.empty(n_rows, device=x.device, dtype=x.dtype)
    row_max_kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK_SIZE=BLOCK_SIZE)
    return out
