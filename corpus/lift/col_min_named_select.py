# expect: verified
# formula: out[j] = min(i, x[i, j])
# The minimum of each column (torch.amin(x, dim=0)), one program per block of columns,
# stepping a row pointer through the rows one at a time: the comparison is named before the
# update (`smaller = row < low`, then `low = tl.where(smaller, row, low)`), the style of
# FlagGems' running maxima. Columns past the end are masked at the load and the store.
import torch
import triton
import triton.language as tl


@triton.jit
def col_min_kernel(x_ptr, out_ptr, n_rows, n_cols, BLOCK_C: tl.constexpr):
    cols = tl.program_id(0) * BLOCK_C + tl.arange(0, BLOCK_C)
    in_cols = cols < n_cols
    low = tl.full([BLOCK_C], float("inf"), dtype=tl.float32)
    ptr = x_ptr + cols
    for _ in range(0, n_rows):
        row = tl.load(ptr, mask=in_cols, other=0.0)
        smaller = row < low
        low = tl.where(smaller, row, low)
        ptr += n_cols
    tl.store(out_ptr + cols, low, mask=in_cols)


def col_min(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty(n_cols, device=x.device, dtype=x.dtype)
    col_min_kernel[(triton.cdiv(n_cols, 16),)](x, out, n_rows, n_cols, BLOCK_C=16)
    return out
