# expect: refuted
# formula: out[i, j] = weight[i, j]
# The formula of a copy of row `i` is not the embedding: the row read is the loaded id
# `ids[i]`, and the replay shows a difference where an id is not its own row.
import triton.language as tl


@triton.jit
def embedding_rows(out_ptr, ids_ptr, weight_ptr, out_stride, weight_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    token = tl.load(ids_ptr + row)
    vals = tl.load(weight_ptr + token * weight_stride + cols, mask=mask)
    tl.store(out_ptr + row * out_stride + cols, vals, mask=mask)
