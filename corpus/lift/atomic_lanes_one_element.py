# expect: unknown
# formula: out[i] = out[i] + sum(k, x[i, k])
# Every lane of a row adds into the same element (`+ 0 * cols`): right, but the model sums
# only over programs, so the obligation that no two lanes add into one element fails, and
# the replay (which accumulates like the hardware) agrees with the formula: unknown.
import torch
import triton
import triton.language as tl


@triton.jit
def row_sum_kernel(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0)
    tl.atomic_add(out_ptr + row + 0 * cols, x, mask=mask)


def row_sum(x: torch.Tensor, out: torch.Tensor):
    n_rows, n_cols = x.shape
    assert tuple(out.shape) == (n_rows,)
    row_sum_kernel[(n_rows,)](x, out, n_cols, BLOCK=triton.next_power_of_2(n_cols))
    return out
