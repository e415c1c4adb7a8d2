# expect: refuted
# formula: out[i] = sum(k, x[i, k]) * sum(k, x[i, k])
# The square of a row sum, computed wrongly: each tile's sum is squared inside the loop, so
# the kernel adds squares of partial sums (right only for rows of one tile).
import torch
import triton
import triton.language as tl


@triton.jit
def square_of_sum_kernel(X, Out, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = 0.0
    for off in range(0, n_cols, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(X + row * n_cols + cols, mask=cols < n_cols, other=0.0)
        acc += tl.sum(x, axis=0) * tl.sum(x, axis=0)
    tl.store(Out + row, acc)


def square_of_sum(x: torch.Tensor) -> torch.Tensor:
    n_rows, n_cols = x.shape
    out = torch.empty(n_rows, device=x.device, dtype=x.dtype)
    square_of_sum_kernel[(n_rows,)](x, out, n_cols, BLOCK=4)
    return out
