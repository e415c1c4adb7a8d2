# expect: refuted
# formula: y[i] = x[i] + 1
# A branch on the element type whose branches compute different things: integers are
# incremented, floats doubled. `x.dtype.is_int()` of a loaded value is decided by the launch,
# not the text, so the claim is split by the element type of `x_ptr` (corpus/lift/
# eltype_variants.py): every integer variant is verified against `x + 1`, the floating-point
# variant refuted (the kernel doubles `-2` to `-4`), and the record names that variant.
import torch
import triton
import triton.language as tl


@triton.jit
def bump_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    if x.dtype.is_int():
        y = x + 1
    else:
        y = x * 2
    tl.store(y_ptr + offs, y, mask=mask)


def bump(x):
    y = torch.empty_like(x)
    n = x.numel()
    bump_kernel[(triton.cdiv(n, 128),)](x, y, n, BLOCK=128)
    return y
