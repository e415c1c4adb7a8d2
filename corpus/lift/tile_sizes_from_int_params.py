# expect: verified
# formula: out[i, j] = x[i, j] * w[j]
# Tile sizes the caller chooses (keyword-only `int` parameters with defaults, as Liger's mHC
# launchers take `block_n: int = 32`), passed positionally to constexprs used as
# `tl.arange`'s extents: Triton compiles the kernel only for powers of two there, so each is
# a block-size symbol and the claim holds for every tile size, not only the defaults.
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
    grid = (triton.cdiv(M, tile_rows), triton.cdiv(N, tile_cols))
    scale_columns_kernel[grid](x, w, out, M, N, tile_rows, tile_cols)
    return out
