# expect: refuted
# formula: out[i, j] = inp[i, j] - sum(k < min(ncols, BLOCK), inp[i, k]) / ncols
# `kernel_level_centered_rows_col_stride.py` dividing the row's sum by the block
# (`/ BLOCK`) rather than the row's length: wrong wherever the row is shorter than the block.
import triton
import triton.language as tl


@triton.jit
def center_rows(out_ptr, inp_ptr, s_or, s_oc, s_ir, s_ic, ncols, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    live = c < ncols
    v = tl.load(inp_ptr + r * s_ir + c * s_ic, mask=live, other=0.0)
    mu = tl.sum(v, axis=0) / BLOCK
    tl.store(out_ptr + r * s_or + c * s_oc, v - mu, mask=live)
