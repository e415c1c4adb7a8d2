# expect: verified
# formula: out[i] = sum(k, x[i, k])
# One program per row of any length: a loop over the row's tiles (FlagGems style) adds each
# masked tile into a block accumulator, which is summed once after the loop.
import torch
import triton
import triton.language as tl


@triton.jit
def row_sum_looped_kernel(X, Out, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, n_cols, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(X + row * n_cols + cols, mask=cols < n_cols, other=0.0)
        acc += x
    total = tl.sum(acc, axis=0)
    tl.store(Out + row, total)


def row_sum(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty(n_rows, device=x.device, dtype=x.dtype)
    row_sum_looped_kernel[(n_rows,)](x, out, n_cols, BLOCK=64)
    return out
