# expect: unknown
# formula: x[i, j] = 2 * x[i, j]
# Unknown by design: the loop steps by half a tile, so an iteration loads elements the one
# before it already doubled in place (Triton's result then depends on the iteration order).
# Loads are modelled as reading the initial contents, which holds only when no iteration
# reads what another wrote: that obligation is violated here, so no verdict (and no
# refutation: a replay reads the initial contents too).
import torch
import triton
import triton.language as tl


@triton.jit
def double_rows_overlapping_kernel(X, n, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    for off in range(0, n, BLOCK // 2):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(X + row * n + cols, mask=cols < n, other=0.0)
        tl.store(X + row * n + cols, 2 * x, mask=cols < n)


def double_rows(x: torch.Tensor):
    n_rows, n = x.shape
    double_rows_overlapping_kernel[(n_rows,)](x, n, BLOCK=4)
