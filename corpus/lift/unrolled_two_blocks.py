# expect: verified
# formula: out[i] = 3 * x[i]
# Each program handles two consecutive blocks in a loop with constant bounds (unrolled).
import torch
import triton
import triton.language as tl


@triton.jit
def triple_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr, PER_PROGRAM: tl.constexpr):
    pid = tl.program_id(0)
    for b in tl.static_range(PER_PROGRAM):
        offs = (pid * PER_PROGRAM + b) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask)
        tl.store(out_ptr + offs, x * 3, mask=mask)


def triple(x):
    out = torch.empty_like(x)
    n = x.numel()
    grid = (triton.cdiv(n, 2 * 64),)
    triple_kernel[grid](x, out, n, BLOCK=64, PER_PROGRAM=2)
    return out
