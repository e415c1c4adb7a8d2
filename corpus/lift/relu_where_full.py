# expect: verified
# formula: out[i] = relu(x[i])
# `tl.where` with a scalar and a `tl.full` block, the block size a keyword of the launch.
import torch
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    zero = tl.full([BLOCK_SIZE], 0.0, dtype=tl.float32)
    y = tl.where(x > 0, x, zero)
    tl.store(out_ptr + offs, y, mask=mask)


def relu(x: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(x)
    n_elements = x.numel()
    relu_kernel[(triton.cdiv(n_elements, 128),)](x, out, n_elements, BLOCK_SIZE=128)
    return out
