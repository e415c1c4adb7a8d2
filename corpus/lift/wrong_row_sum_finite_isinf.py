# expect: refuted
# formula: out[i] = sum(j, where(isfinite(x[i, j]), x[i, j], 0))
# row_sum_finite_libdevice.py testing `isinf` where it means `isfinite`: every finite element is
# dropped from the sum.
import torch
import triton
import triton.language as tl
from triton.language.extra.cuda import libdevice


@triton.jit
def row_sum_finite_kernel(x_ptr, out_ptr, n_cols, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0)
    keep = libdevice.isinf(x.to(tl.float32))
    s = tl.sum(tl.where(keep, x, 0.0), axis=0)
    tl.store(out_ptr + row, s)


def row_sum_finite(x):
    x = x.contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty(n_rows, device=x.device, dtype=x.dtype)
    row_sum_finite_kernel[(n_rows,)](x, out, n_cols, BLOCK_N=triton.next_power_of_2(n_cols))
    return out
