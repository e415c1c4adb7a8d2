# expect: verified
# formula: y[i, j] = sum(k < i + 1, x[k, j])
# synthesized: unknown
# differential: formula
# The running total down each column (torch.cumsum(x, dim=0)), one program per block of
# columns and one row per iteration: `total += row`, then the total so far is stored into
# that row, so the running sum is read after its update inside the loop. Synthesis drops
# the row-dependent bound (`sum(k, x[k, j])`), which the replay catches (unknown without the
# header's formula, which agrees with Triton's interpreter).
import torch
import triton
import triton.language as tl


@triton.jit
def col_running_total_kernel(x_ptr, y_ptr, n_rows, n_cols, BLOCK_C: tl.constexpr):
    cols = tl.program_id(0) * BLOCK_C + tl.arange(0, BLOCK_C)
    ok = cols < n_cols
    total = tl.zeros([BLOCK_C], dtype=tl.float32)
    for r in range(0, n_rows):
        total += tl.load(x_ptr + r * n_cols + cols, mask=ok, other=0.0)
        tl.store(y_ptr + r * n_cols + cols, total, mask=ok)


def col_running_total(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    y = torch.empty((n_rows, n_cols), device=x.device, dtype=x.dtype)
    col_running_total_kernel[(triton.cdiv(n_cols, 32),)](x, y, n_rows, n_cols, BLOCK_C=32)
    return y
