# expect: refuted
# formula: out[i] = sum(k, x[i, k])
# The tile loop runs `n_cols // BLOCK` times without masks: the last, partial tile of a row
# whose length is not a multiple of BLOCK is never added.
import torch
import triton
import triton.language as tl


@triton.jit
def row_sum_tiles_kernel(X, Out, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    total = 0.0
    for t in range(0, n_cols // BLOCK):
        cols = t * BLOCK + tl.arange(0, BLOCK)
        x = tl.load(X + row * n_cols + cols)
        total += tl.sum(x, axis=0)
    tl.store(Out + row, total)


def row_sum(x: torch.Tensor) -> torch.Tensor:
    n_rows, n_cols = x.shape
    out = torch.empty(n_rows, device=x.device, dtype=x.dtype)
    row_sum_tiles_kernel[(n_rows,)](x, out, n_cols, BLOCK=16)
    return out
