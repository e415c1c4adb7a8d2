# expect: refuted
# formula: out[i, j] = x[i, j] * w[j]
# `tile_sizes_from_int_params.py` with the grid's column count from the row tile size: with
# the defaults (32 rows, 64 columns) every column is still covered, but a caller's
# `tile_rows=1, tile_cols=1` leaves columns unwritten. Refuted at powers of two the replay
# chooses for the tile sizes, never at the defaults alone.
import torch
import triton
import triton.language as tl


@triton.jit
def scale_columns_kernel(x_ptr, w_ptr, out_ptr, M, N, TR: tl.constexpr, TC: tl.constexpr):
    r = tl.program_id(0) * TR + tl.arange(0, TR)
    c = tl.program_id(1) * TC + tl.arange(0, TC)
    keep = (r[:, None] < M) & (c[None, :] < N)
    w = tl.load(w_ptr + c, mask=c < N, other=0.0)
    x = tl.load(x_ptr + r[:, None] * N + c[None, :], mask=keep, other=0.0)
    tl.store(out_ptr + r[:, None] * N + c[None, :], x * w[None, :], mask=keep)


def scale_columns(x, w, *, tile_rows: int = 32, tile_cols: int = 64):
    x, w = x.contiguous(), w.contiguous()
    M, N = x.shape
    assert w.shape == (N,)
    out = torch.empty((M, N), device=x.device, dtype=x.dtype)
    grid = (triton.cdiv(M, tile_rows), triton.cdiv(N, 2 * tile_cols) + triton.cdiv(N, 4 * tile_rows))
    scale_columns_kernel[grid](x, w, out, M, N, tile_rows, tile_cols)
    return out
