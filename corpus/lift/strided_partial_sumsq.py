# expect: verified
# formula: partial[i, j] = sum(k < n_rows, where(k * programs + i < n_rows, x[k * programs + i, j] * x[k * programs + i, j], 0))
# Sums of squares per column, split over a fixed number of programs: program `p` takes rows
# p, p + P, p + 2P, ... (a grid-stride loop) and writes its partial sums to row `p` of
# `partial`; a second pass (not shown) adds the rows of `partial`. The value a program stores
# depends on its id through the loop's start and step, not through a column index. A
# second program axis tiles the columns.
import torch
import triton
import triton.language as tl


@triton.jit
def strided_partial_sumsq_kernel(x_ptr, partial_ptr, n_rows, n_cols, BLOCK_C: tl.constexpr):
    me = tl.program_id(0)
    step = tl.num_programs(0)
    c = tl.program_id(1) * BLOCK_C + tl.arange(0, BLOCK_C)
    in_row = c < n_cols
    total = tl.zeros([BLOCK_C], dtype=tl.float32)
    for r in range(me, n_rows, step):
        v = tl.load(x_ptr + r * n_cols + c, mask=in_row, other=0.0)
        total += v * v
    tl.store(partial_ptr + me * n_cols + c, total, mask=in_row)


def partial_sumsq(x: torch.Tensor, programs: int) -> torch.Tensor:
    assert x.is_contiguous()
    n_rows, n_cols = x.shape
    partial = torch.empty((programs, n_cols), dtype=torch.float32, device=x.device)
    strided_partial_sumsq_kernel[(programs, triton.cdiv(n_cols, 64))](x, partial, n_rows, n_cols, BLOCK_C=64)
    return partial
