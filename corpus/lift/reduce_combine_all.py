# expect: verified
# torch.all over each row as FlagGems writes it: `tl.reduce` of the conditions `x != 0` with a
# combine function returning `a and b`, recognised as a conjunction (the least of the
# conditions as 0 or 1 is positive). The synthesized formula takes the minimum over the
# tile's lanes, padding lanes loading 1 (true); that it equals the minimum over the row's
# `n_cols` elements is not derived (a minimum, unlike a sum, has no zero padding), so the
# header states no formula of its own.
import torch
import triton
import triton.language as tl


@triton.jit
def reduce_all(a, b):
    return a and b


@triton.jit
def row_all_kernel(x_ptr, out_ptr, n_cols, stride_row, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + row * stride_row + cols, mask=cols < n_cols, other=1.0)
    tl.store(out_ptr + row, tl.reduce(x != 0, axis=0, combine_fn=reduce_all))


def row_all(x: torch.Tensor) -> torch.Tensor:
    n_rows, n_cols = x.shape
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    out = torch.empty(n_rows, device=x.device, dtype=torch.bool)
    row_all_kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK_SIZE=BLOCK_SIZE)
    return out
