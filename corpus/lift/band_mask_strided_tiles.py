# expect: verified
# formula: Y[i, j] = where(j - i <= width and i - j <= width, X[i, j], 0)
# A band mask over 2-D tiles with a row stride of the kernel's own and no launcher in the
# file: the kernel-level claim by strided views. `X[i, j]` is `X_ptr[i * stride + j]`; the
# views' rows do not overlap (`X_dim1 <= stride`, `Y_dim1 <= stride`), a stated
# precondition: without it `X[0, stride]` and `X[1, 0]` would be one address under two
# names. The tiles' program ids run along two axes.
import triton
import triton.language as tl


@triton.jit
def band_kernel(X_ptr, Y_ptr, n_rows, n_cols, stride, width, BM: tl.constexpr, BN: tl.constexpr):
    r = tl.program_id(0) * BM + tl.arange(0, BM)[:, None]
    c = tl.program_id(1) * BN + tl.arange(0, BN)[None, :]
    inside = (r < n_rows) & (c < n_cols)
    x = tl.load(X_ptr + r * stride + c, mask=inside, other=0.0)
    keep = (c - r <= width) & (r - c <= width)
    tl.store(Y_ptr + r * stride + c, tl.where(keep, x, 0.0), mask=inside)
