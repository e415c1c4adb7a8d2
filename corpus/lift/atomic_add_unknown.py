# expect: unknown
# formula: out[i] = x[i]
# The launcher zeroes `out` (`torch.zeros_like`), which the model does not read: an atomic add
# keeps the element's initial contents (`out[i] = out[i] + x[i]` is verified), and a replay
# against `out[i] = x[i]` with other initial contents is no run of this launcher: unknown,
# never refuted.
import torch
import triton
import triton.language as tl


@triton.jit
def accumulate_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.atomic_add(out_ptr + offs, x, mask=mask)


def accumulate(x):
    out = torch.zeros_like(x)
    n = x.numel()
    grid = (triton.cdiv(n, 256),)
    accumulate_kernel[grid](x, out, n, BLOCK_SIZE=256)
    return out
