# expect: refuted
# formula: S[i] = sum(k < n, X[i, k])
# `kernel_level_row_sum_block.py` claimed to sum the whole row: one tile of `BLOCK` lanes sums
# only the first `BLOCK` columns, which a row longer than the swept block shows.
import triton
import triton.language as tl


@triton.jit
def tile_row_sum(S_ptr, X_ptr, stride_x, n, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    v = tl.load(X_ptr + r * stride_x + c, mask=c < n, other=0.0)
    tl.store(S_ptr + r, tl.sum(v, axis=0))
