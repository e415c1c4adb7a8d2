# expect: verified
# formula: out[i] = x[i] * x[i]
# `@triton.heuristics` decides from the size whether the block divides it; the kernel skips
# the mask when it does. Both branches are checked, each under its condition.
import torch
import triton
import triton.language as tl


@triton.heuristics({"EVEN": lambda args: args["n"] % args["BLOCK"] == 0})
@triton.jit
def square_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    if EVEN:
        x = tl.load(x_ptr + offs)
        tl.store(out_ptr + offs, x * x)
    else:
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask)
        tl.store(out_ptr + offs, x * x, mask=mask)


def square(x):
    out = torch.empty_like(x)
    n = x.numel()
    square_kernel[(triton.cdiv(n, 128),)](x, out, n, BLOCK=128)
    return out
