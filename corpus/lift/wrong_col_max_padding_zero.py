# expect: refuted
# formula: out[j] = max(i, x[i, j])
# A column maximum (col_max_looped_rows.py) whose padding rows load 0 instead of -inf: wrong
# when a column is all negative and the row count is not a multiple of BLOCK_R (the 0 wins).
import torch
import triton
import triton.language as tl


@triton.jit
def col_max_kernel(x_ptr, out_ptr, n_rows, n_cols, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    cols = tl.program_id(0) * BLOCK_C + tl.arange(0, BLOCK_C)
    best = tl.full([BLOCK_R, BLOCK_C], float("-inf"), dtype=tl.float32)
    for r0 in range(0, n_rows, BLOCK_R):
        rows = r0 + tl.arange(0, BLOCK_R)
        keep = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
        tile = tl.load(x_ptr + rows[:, None] * n_cols + cols[None, :], mask=keep, other=0.0)
        best = tl.maximum(best, tile)
    tl.store(out_ptr + cols, tl.max(best, axis=0), mask=cols < n_cols)


def col_max(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty(n_cols, device=x.device, dtype=x.dtype)
    grid = (triton.cdiv(n_cols, 32),)
    col_max_kernel[grid](x, out, n_rows, n_cols, BLOCK_R=16, BLOCK_C=32)
    return out
