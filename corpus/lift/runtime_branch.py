# expect: verified
# formula: out[i] = 2 * x[i]
# Synthesized without the formula, the kernel-level claim writes the program id through the
# output index: `where(i // BLOCK > 0, x[i] + x[i], 2 * x[i])`, verified too.
# A runtime `if` on the program id: both branches double, differently.
import torch
import triton
import triton.language as tl


@triton.jit
def twice_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    if pid > 0:
        y = x + x
    else:
        y = 2.0 * x
    tl.store(out_ptr + offs, y, mask=mask)


def twice(x):
    out = torch.empty_like(x)
    n = x.numel()
    twice_kernel[(triton.cdiv(n, 64),)](x, out, n, BLOCK=64)
    return out
