# expect: verified
# formula: totals[j] = sum(k < n_rows, where(x[k, j] > 0, 1, 0))
# The number of positive entries of each column: each program owns `BLOCK_C` columns and
# walks the rows in tiles of `BLOCK_R`, adding every tile's int32 indicator into a
# two-dimensional int32 accumulator that it reduces over the rows once, after the loop
# (FlagGems' integer `sum` over a dimension keeps its `[BLOCK_M, BLOCK_N]` tile the same way,
# over columns). The accumulator starts as `tl.zeros(..., dtype=tl.int32)`: the loop's sum
# begins at an integer 0, so the tile sums and the loop's merge into one sum over the rows.
import torch
import triton
import triton.language as tl


@triton.jit
def column_positives_kernel(x_ptr, totals_ptr, n_rows, n_cols,
                         BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    cols = tl.program_id(0) * BLOCK_C + tl.arange(0, BLOCK_C)
    col_ok = cols < n_cols
    acc = tl.zeros((BLOCK_R, BLOCK_C), dtype=tl.int32)
    for r0 in range(0, n_rows, BLOCK_R):
        rows = r0 + tl.arange(0, BLOCK_R)
        ok = (rows[:, None] < n_rows) & col_ok[None, :]
        tile = tl.load(x_ptr + rows[:, None] * n_cols + cols[None, :], mask=ok, other=0.0)
        acc = acc + (tile > 0).to(tl.int32)
    tl.store(totals_ptr + cols, tl.sum(acc, axis=0), mask=col_ok)


def column_positives(x: torch.Tensor) -> torch.Tensor:
    n_rows, n_cols = x.shape
    x = x.contiguous()
    totals = torch.empty((n_cols,), dtype=torch.int32, device=x.device)
    grid = (triton.cdiv(n_cols, 32),)
    column_positives_kernel[grid](x, totals, n_rows, n_cols, BLOCK_R=16, BLOCK_C=32)
    return totals
