# expect: refuted
# formula: out[i] = max(k, x[i, k])
# A row maximum whose combine function, named `_max`, computes the minimum: the function is
# read by what it computes, so the reduction is a minimum, and the claimed maximum is refuted.
import torch
import triton
import triton.language as tl


@triton.jit
def _max(a, b):
    return tl.minimum(a, b)


@triton.jit
def row_max_kernel(x_ptr, out_ptr, n_cols, stride_row, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + row * stride_row + cols, mask=cols < n_cols, other=-float("inf"))
    tl.store(out_ptr + row, tl.reduce(x, axis=0, combine_fn=_max))


def row_max(x: torch.Tensor) -> torch.Tensor:
    n_rows, n_cols = x.shape
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    out = torch.empty(n_rows, device=x.device, dtype=x.dtype)
    row_max_kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK_SIZE=BLOCK_SIZE)
    return out
