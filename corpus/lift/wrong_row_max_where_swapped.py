# expect: refuted
# formula: out[i] = max(k, x[i, k])
# row_max_where_tiles.py with the selection's branches swapped, `tl.where(v > best, best,
# v)`: a running minimum of the tiles (with the -inf start, -inf), not the row's maximum.
import torch
import triton
import triton.language as tl


@triton.jit
def row_max_where_kernel(X, Out, stride_row, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    lanes = tl.arange(0, BLOCK)
    best = tl.full([BLOCK], float("-inf"), tl.float32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + lanes
        v = tl.load(X + row * stride_row + cols, mask=cols < n_cols, other=float("-inf"))
        best = tl.where(v > best, best, v)
    tl.store(Out + row, tl.max(best, axis=0))


def row_max(x):
    x = x.contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty(n_rows, device=x.device, dtype=x.dtype)
    row_max_where_kernel[(n_rows,)](x, out, x.stride(0), n_cols, BLOCK=64)
    return out
