# expect: refuted
# formula: out[i] = 2 * x[i]
# A runtime `if` on the program id: the first program forgets to double.
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
        y = x
    tl.store(out_ptr + offs, y, mask=mask)


def twice(x):
    out = torch.empty_like(x)
    n = x.numel()
    twice_kernel[(triton.cdiv(n, 64),)](x, out, n, BLOCK=64)
    return out
