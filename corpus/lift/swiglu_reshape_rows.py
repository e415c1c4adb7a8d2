# expect: verified
# formula: c[i, j] = silu(a[i, j]) * b[i, j]
# SwiGLU over rows: the launcher makes the inputs contiguous, flattens the leading dimensions with
# `a.contiguous().reshape(-1, a.shape[-1])`, loops over the columns in tiles and computes the sigmoid in
# float32 by hand; the store casts back to the output's element type.
import torch
import triton
import triton.language as tl


@triton.jit
def _swiglu_rows(a_ptr, b_ptr, c_ptr, row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    a_ptr += row * row_stride
    b_ptr += row * row_stride
    c_ptr += row * row_stride
    for start in range(0, n_cols, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        mask = cols < n_cols
        a = tl.load(a_ptr + cols, mask=mask, other=0.0).to(tl.float32)
        b = tl.load(b_ptr + cols, mask=mask, other=0.0)
        silu_a = a / (1.0 + tl.exp(-a))
        tl.store(c_ptr + cols, (silu_a * b).to(c_ptr.dtype.element_ty), mask=mask)


def swiglu(a, b):
    shape = a.shape
    a = a.contiguous().reshape(-1, a.shape[-1])
    b = b.contiguous().reshape(-1, b.shape[-1])
    n_rows, n_cols = a.shape
    c = torch.empty_like(a)
    _swiglu_rows[(n_rows,)](a, b, c, c.stride(-2), n_cols, BLOCK_SIZE=128)
    return c.view(*shape)
