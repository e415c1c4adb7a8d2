# expect: verified
# formula: y[i] = x[i] * sigmoid(1.702 * x[i])
# A tutorial-style elementwise kernel whose launcher has a parameter with a default
# (`BLOCK_SIZE=1024`): no call site is read, so the default is its value (named in the
# verdict), passed positionally as the kernel's constexpr.
import torch
import triton
import triton.language as tl


@triton.jit
def quick_gelu_kernel(x_ptr, y_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = x * tl.sigmoid(1.702 * x)
    tl.store(y_ptr + offsets, y, mask=mask)


def quick_gelu(x, y, BLOCK_SIZE=1024):
    n_elements = x.numel()
    grid = (triton.cdiv(n_elements, BLOCK_SIZE),)
    quick_gelu_kernel[grid](x, y, n_elements, BLOCK_SIZE)
    return y
