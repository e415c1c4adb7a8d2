# expect: verified
# formula: s[i] = sin(x[i]); c[i] = cos(x[i])
# One kernel writes two outputs and the launcher returns both as a tuple.
import torch
import triton
import triton.language as tl


@triton.jit
def sincos_kernel(x_ptr, sin_ptr, cos_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n_elements
    x = tl.load(x_ptr + offs, mask=m).to(tl.float32)
    tl.store(sin_ptr + offs, tl.sin(x), mask=m)
    tl.store(cos_ptr + offs, tl.cos(x), mask=m)


def sincos(x):
    s = torch.empty_like(x)
    c = torch.empty_like(x)
    n_elements = x.numel()
    sincos_kernel[(triton.cdiv(n_elements, 128),)](x, s, c, n_elements, BLOCK=128)
    return s, c
