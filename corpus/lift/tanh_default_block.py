# expect: verified
# formula: y[i] = tanh(x[i])
# libdevice's `tanh` (imported from `triton.language.extra`), a block size from the kernel's `tl.constexpr` default, a grid lambda over
# `meta`, and the launch by keywords.
import torch
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def tanh_kernel(x_ptr, y_ptr, n_elements, BLOCK_SIZE: tl.constexpr = 512):
    pid = tl.program_id(0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(y_ptr + offsets, libdevice.tanh(x.to(tl.float32)), mask=mask)


def tanh(x):
    y = torch.empty_like(x)
    n_elements = x.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta["BLOCK_SIZE"]),)
    tanh_kernel[grid](x_ptr=x, y_ptr=y, n_elements=n_elements)
    return y
