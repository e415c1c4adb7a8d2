# expect: verified
# formula: x[i] = x[i] + alpha * y[i]
# In place (`x.add_(y, alpha=...)`): `x` is read and written; each element is read by the program
# that then writes it. On the right of the formula, `x` is its value before the kernel.
import torch
import triton
import triton.language as tl


@triton.jit
def add_inplace_kernel(x_ptr, y_ptr, alpha, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(x_ptr + offs, x + alpha * y, mask=mask)


def add_(x: torch.Tensor, y: torch.Tensor, alpha: float = 1.0):
    n_elements = x.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta["BLOCK_SIZE"]),)
    add_inplace_kernel[grid](x, y, alpha, n_elements, BLOCK_SIZE=256)
    return x
