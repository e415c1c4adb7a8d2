# expect: refuted
# formula: Y[i, j] = where(j - i <= width and i - j <= width, X[i, j], 0)
# `band_mask_strided_tiles.py` with 1 added to the kept elements: refuted with a replayed
# counterexample inside the band.
import triton
import triton.language as tl


@triton.jit
def band_kernel(X_ptr, Y_ptr, n_rows, n_cols, stride, width, BM: tl.constexpr, BN: tl.constexpr):
    r = tl.program_id(0) * BM + tl.arange(0, BM)[:, None]
    c = tl.program_id(1) * BN + tl.arange(0, BN)[None, :]
    inside = (r < n_rows) & (c < n_cols)
    x = tl.load(X_ptr + r * stride + c, mask=inside, other=0.0)
    keep = (c - r <= width) & (r - c <= width)
    tl.store(Y_ptr + r * stride + c, tl.where(keep, x + 1.0, 0.0), mask=inside)
