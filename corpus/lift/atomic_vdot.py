# expect: verified
# The dot product of FlagGems' `vdot`: each program adds its block's partial sum into the one
# element of `out` with `tl.atomic_add`. Over every program the element gains the whole sum
# (atomic adds commute over the reals); its contents before the kernel stay in the formula.
import torch
import triton
import triton.language as tl


@triton.jit
def vdot_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    tl.atomic_add(out_ptr, tl.sum(x * y))


def vdot(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor):
    out = out.contiguous()
    y = y.contiguous()
    x = x.contiguous()
    assert tuple(out.shape) == (1,)
    assert x.shape == y.shape
    n = x.numel()
    grid = (triton.cdiv(n, 256),)
    vdot_kernel[grid](x, y, out, n, BLOCK=256)
    return out
