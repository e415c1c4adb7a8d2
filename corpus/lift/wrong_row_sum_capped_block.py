# expect: refuted
# formula: out[i] = sum(k, x[i, k])
# Wrong: the tile width is capped (`min(triton.next_power_of_2(n_cols), 1024)`) but the kernel
# sums a single tile, so rows longer than 1024 lose their tail.
import torch
import triton
import triton.language as tl


@triton.jit
def row_sum_kernel(x_ptr, out_ptr, stride_row, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride_row + cols, mask=cols < n_cols, other=0.0)
    tl.store(out_ptr + row, tl.sum(x, axis=0))


def row_sum(x):
    n_rows, n_cols = x.shape
    out = torch.empty((n_rows,), dtype=torch.float32, device=x.device)
    row_sum_kernel[(n_rows,)](x, out, x.stride(0), n_cols, BLOCK=min(triton.next_power_of_2(n_cols), 1024))
    return out
