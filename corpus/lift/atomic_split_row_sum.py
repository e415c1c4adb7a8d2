# expect: verified
# Split-K row sums on a grid of two axes: program (row, chunk) adds its chunk's sum into
# `out[row]`. The offset does not read axis 1, so the adds of every chunk of a row are summed.
import torch
import triton
import triton.language as tl


@triton.jit
def split_row_sum_kernel(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    chunk = tl.program_id(1)
    cols = chunk * BLOCK + tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0)
    tl.atomic_add(out_ptr + row, tl.sum(x), scope="gpu")


def split_row_sum(x: torch.Tensor, out: torch.Tensor):
    out = out.contiguous()
    x = x.contiguous()
    n_rows, n_cols = x.shape
    assert tuple(out.shape) == (n_rows,)
    grid = (n_rows, triton.cdiv(n_cols, 64))
    split_row_sum_kernel[grid](x, out, n_cols, BLOCK=64)
    return out
