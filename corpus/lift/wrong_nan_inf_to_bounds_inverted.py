# expect: refuted
# formula: out[i] = where(x[i] == -inf, lo, where(x[i] == inf, hi, where(isnan(x[i]), 0, x[i])))
# nan_inf_to_bounds.py with its NaN test inverted (`x == x`): every ordinary value becomes 0.
import torch
import triton
import triton.language as tl


@triton.jit
def nan_inf_to_bounds_kernel(x_ptr, out_ptr, n, lo, hi, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.where(x == x, 0.0, x)
    y = tl.where(x == float("inf"), hi, y)
    y = tl.where(x == -float("inf"), lo, y)
    tl.store(out_ptr + offs, y, mask=mask)


def nan_inf_to_bounds(x, lo, hi):
    out = torch.empty_like(x)
    n = x.numel()
    grid = (triton.cdiv(n, 128),)
    nan_inf_to_bounds_kernel[grid](x, out, n, lo, hi, BLOCK=128)
    return out
