# expect: verified
# formula: S[i] = sum(k < min(n, BLOCK), X[i, k])
# A row sum of one tile per row, at the kernel level (no launcher): the mask `c < n` and the
# tile of `BLOCK` lanes both bound the sum, so it runs over the first `min(n, BLOCK)` columns
# (the synthesized range holds both bounds; it held only one of them before). `S_ptr + r` is
# a 1-D output.
import triton
import triton.language as tl


@triton.jit
def tile_row_sum(S_ptr, X_ptr, stride_x, n, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    v = tl.load(X_ptr + r * stride_x + c, mask=c < n, other=0.0)
    tl.store(S_ptr + r, tl.sum(v, axis=0))
