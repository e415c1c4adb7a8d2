# expect: verified
# formula: out[i, j] = weight[ids[i], j]
# An embedding lookup: each program reads one token id and copies that row of the table. The
# id is used as an address offset, so `ids` holds integers (named in the verdict); the read of
# `weight` at a loaded index is a gather, whose index in range is the kernel-level claim's
# stated precondition (the launcher is not in the file). `weight` is stepped by its own stride
# `weight_stride` (not as the program's row), so the claim takes strided views:
# `weight[i, j]` is `weight_ptr[i * weight_stride + j]`, read at row `ids[i]`.
import triton
import triton.language as tl


@triton.jit
def embedding_rows(out_ptr, ids_ptr, weight_ptr, out_stride, weight_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    token = tl.load(ids_ptr + row)
    vals = tl.load(weight_ptr + token * weight_stride + cols, mask=mask)
    tl.store(out_ptr + row * out_stride + cols, vals, mask=mask)
