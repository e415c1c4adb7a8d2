# expect: verified
# formula: z[i] = x[i] + y[i]
# Block size chosen by autotune: checked for every configuration.
import torch
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({'BLOCK': 128}, num_warps=4),
        triton.Config({'BLOCK': 1024}, num_warps=8),
    ],
    key=['n'],
)
@triton.jit
def add_autotuned_kernel(x_ptr, y_ptr, z_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(z_ptr + offs, tl.load(x_ptr + offs, mask=m) + tl.load(y_ptr + offs, mask=m), mask=m)


def add(x, y):
    z = torch.empty_like(x)
    n = z.numel()
    grid = lambda META: (triton.cdiv(n, META['BLOCK']),)
    add_autotuned_kernel[grid](x, y, z, n)
    return z
