# expect: verified
# formula: out[j] = max(i, x[i, j])
# The maximum of each column (torch.amax(x, dim=0)), one program per block of columns, a
# loop over the rows in steps of BLOCK_R: a [BLOCK_R, BLOCK_C] running maximum taken lane by
# lane (`tl.maximum`), reduced over its rows after the loop. Rows past the end load -inf.
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
        tile = tl.load(x_ptr + rows[:, None] * n_cols + cols[None, :], mask=keep, other=float("-inf"))
        best = tl.maximum(best, tile)
    tl.store(out_ptr + cols, tl.max(best, axis=0), mask=cols < n_cols)


def col_max(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty(n_cols, device=x.device, dtype=x.dtype)
    grid = (triton.cdiv(n_cols, 32),)
    col_max_kernel[grid](x, out, n_rows, n_cols, BLOCK_R=16, BLOCK_C=32)
    return out
