# expect: refuted
# formula: out[i] = max(k < 8, where((n_cols - k + 7) // 8 > 0, max(0, max(k2 < where(n_cols > 0, (n_cols + 7) // 8, 0), where(k + 8 * k2 < n_cols and 8 * k2 < n_cols, x[i, k + 8 * k2], -inf))), 0))
# row_max_zero_start_tiles.py with the tile loop starting at column 8: the first tile is
# never read, so a row whose maximum lies in its first 8 columns gets a smaller value.
import torch
import triton
import triton.language as tl


@triton.jit
def row_max_clipped_kernel(X, Out, stride_row, n_cols):
    row = tl.program_id(0)
    lanes = tl.arange(0, 8)
    best = tl.zeros([8], dtype=tl.float32)
    for start in range(8, n_cols, 8):
        cols = start + lanes
        v = tl.load(X + row * stride_row + cols, mask=cols < n_cols, other=-float("inf"))
        best = tl.maximum(best, v)
    tl.store(Out + row, tl.max(best, axis=0))


def row_max_clipped(x: torch.Tensor) -> torch.Tensor:
    n_rows, n_cols = x.shape
    out = torch.empty(n_rows, device=x.device, dtype=x.dtype)
    row_max_clipped_kernel[(n_rows,)](x, out, x.stride(0), n_cols)
    return out
