# expect: verified
# formula: out[i] = sum(k, x[i, k])
# One program per row; the loop runs over tile numbers (`tl.cdiv` of the row length) and adds
# each masked tile's `tl.sum` into a scalar accumulator.
import torch
import triton
import triton.language as tl


@triton.jit
def row_sum_tiles_kernel(X, Out, n_cols, stride_row, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    total = 0.0
    for t in tl.range(0, tl.cdiv(n_cols, BLOCK), num_stages=2):
        cols = t * BLOCK + tl.arange(0, BLOCK)
        x = tl.load(X + row * stride_row + cols, mask=cols < n_cols, other=0.0)
        total += tl.sum(x, axis=0)
    tl.store(Out + row, total)


def row_sum(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty(n_rows, device=x.device, dtype=x.dtype)
    row_sum_tiles_kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK=32)
    return out
