# expect: refuted
# formula: out[i, j] = x[i, j] * w[j]
# scale_rows_device_assert.py with the weight read one column late (`w_ptr + cols + 1`):
# the assertion on the strides does not hide it; the last column reads past `w`.
import torch
import triton
import triton.language as tl


@triton.jit
def scale_rows_late_weight_kernel(x_ptr, w_ptr, out_ptr, n_cols, row_stride, BLOCK_COLS: tl.constexpr):
    row = tl.program_id(0)
    tl.device_assert(row_stride >= n_cols, "rows of x overlap")
    cols = tl.arange(0, BLOCK_COLS)
    inside = cols < n_cols
    x = tl.load(x_ptr + row * row_stride + cols, mask=inside, other=0.0)
    w = tl.load(w_ptr + cols + 1, mask=inside, other=0.0)
    tl.store(out_ptr + row * n_cols + cols, x * w, mask=inside)


def scale_rows(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    x, w = x.contiguous(), w.contiguous()
    n_rows, n_cols = x.shape
    (n_w,) = w.shape
    assert n_w == n_cols
    out = torch.empty((n_rows, n_cols), device=x.device, dtype=x.dtype)
    block = triton.next_power_of_2(n_cols)
    scale_rows_late_weight_kernel[(n_rows,)](x, w, out, n_cols, x.stride(0), BLOCK_COLS=block)
    return out
