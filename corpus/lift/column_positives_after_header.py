# expect: verified
# formula: totals[j] = sum(k < n_rows - 2, where(x[k + 2, j] > 0, 1, 0))
# The positive counts per column below a header block of `HEADER` rows: the row loop starts
# at `HEADER`, so the merged sum runs over `k + 2 < n_rows` through tiles whose number
# bounds it (`k // 4 <` the trip count). `k` reaches the tensor only through `k + 2`, so
# the synthesized sum states that range (`sum(k < 4 * ..., ...)`), which the tile bound
# gives; an empty sum when `n_rows <= 2`.
import torch
import triton
import triton.language as tl


@triton.jit
def column_positives_after_header_kernel(x_ptr, totals_ptr, n_rows, n_cols,
                                      HEADER: tl.constexpr, BLOCK_R: tl.constexpr,
                                      BLOCK_C: tl.constexpr):
    cols = tl.program_id(0) * BLOCK_C + tl.arange(0, BLOCK_C)
    col_ok = cols < n_cols
    acc = tl.zeros((BLOCK_R, BLOCK_C), dtype=tl.int32)
    for r0 in range(HEADER, n_rows, BLOCK_R):
        rows = r0 + tl.arange(0, BLOCK_R)
        ok = (rows[:, None] < n_rows) & col_ok[None, :]
        tile = tl.load(x_ptr + rows[:, None] * n_cols + cols[None, :], mask=ok, other=0.0)
        acc = acc + (tile > 0).to(tl.int32)
    tl.store(totals_ptr + cols, tl.sum(acc, axis=0), mask=col_ok)


def column_positives_after_header(x: torch.Tensor) -> torch.Tensor:
    n_rows, n_cols = x.shape
    x = x.contiguous()
    totals = torch.empty((n_cols,), dtype=torch.int32, device=x.device)
    grid = (triton.cdiv(n_cols, 32),)
    column_positives_after_header_kernel[grid](x, totals, n_rows, n_cols,
                                            HEADER=2, BLOCK_R=4, BLOCK_C=32)
    return totals
