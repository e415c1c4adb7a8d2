# expect: verified
# formula: out[i, j] = inp[i, j] - sum(k < min(ncols, BLOCK), inp[i, k]) / ncols
# Rows centred on their mean, with no launcher, where both tensors step their columns by a
# stride of their own (`inp_ptr + r * s_ir + c * s_ic`): the kernel-level claim. A row of
# `s_ir` contiguous elements would read `Inp[i, j * s_ic]`, and a store at `c * s_oc` does not
# step its column by one; the pointers are strided views `out[i, j]` = `out_ptr[i * s_or + j *
# s_oc]` instead.
import triton
import triton.language as tl


@triton.jit
def center_rows(out_ptr, inp_ptr, s_or, s_oc, s_ir, s_ic, ncols, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    live = c < ncols
    v = tl.load(inp_ptr + r * s_ir + c * s_ic, mask=live, other=0.0)
    mu = tl.sum(v, axis=0) / ncols
    tl.store(out_ptr + r * s_or + c * s_oc, v - mu, mask=live)
