# expect: verified
# formula: out[i] = product(k < n_cols, x[i, k])
# `tl.reduce` whose combine function multiplies: a product over the row's lanes, the lanes
# past the row's end loaded as 1 (the product's identity) taking no part.
import torch
import triton
import triton.language as tl


@triton.jit
def reduce_mul(a, b):
    return a * b


@triton.jit
def row_prod_kernel(x_ptr, out_ptr, n_cols, stride_row, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + row * stride_row + cols, mask=cols < n_cols, other=1.0)
    tl.store(out_ptr + row, tl.reduce(x, axis=0, combine_fn=reduce_mul))


def row_prod(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    out = torch.empty(n_rows, device=x.device, dtype=x.dtype)
    row_prod_kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK_SIZE=BLOCK_SIZE)
    return out
