# expect: refuted
# formula: out[i] = x[i] * 2
# No mask at all: the last program reads and writes past the end whenever n is not a multiple
# of the block.
import torch
import triton
import triton.language as tl


@triton.jit
def double_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, x * 2)


def double(x):
    out = torch.empty_like(x)
    n_elements = x.numel()
    grid = (triton.cdiv(n_elements, 1024),)
    double_kernel[grid](x, out, n_elements, BLOCK_SIZE=1024)
    return out
