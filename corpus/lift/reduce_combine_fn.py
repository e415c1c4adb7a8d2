# expect: verified
# formula: out[i] = max(k, x[i, k]) + sum(k, x[i, k])
# `tl.reduce` with combine functions of the file: each is recognised by lifting it on two
# fresh values (`tl.maximum(a, b)`, and a sum written `b + a`), never by its name, and the
# reduction is then `tl.max` / `tl.sum` of the same block.
import torch
import triton
import triton.language as tl


@triton.jit
def _pick(a, b):
    return tl.maximum(a, b)


@triton.jit
def _combine_plus(a, b):
    s = b + a
    return s


@triton.jit
def row_max_plus_sum_kernel(x_ptr, out_ptr, n_cols, stride_row, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride_row + cols, mask=mask, other=-float("inf"))
    top = tl.reduce(x, 0, _pick)
    y = tl.load(x_ptr + row * stride_row + cols, mask=mask, other=0.0)
    total = tl.reduce(y, axis=0, combine_fn=_combine_plus)
    tl.store(out_ptr + row, top + total)


def row_max_plus_sum(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    out = torch.empty(n_rows, device=x.device, dtype=x.dtype)
    row_max_plus_sum_kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK_SIZE=BLOCK_SIZE)
    return out
