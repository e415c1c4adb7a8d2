# expect: verified
# formula: out[i] = x[i] * scale[0]
# The scale is a one-element tensor loaded once (`tl.load(scale_ptr)`), as quantization
# kernels do; the launcher asserts it has one element.
import torch
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, scale_ptr, out_ptr, n, BLOCK: tl.constexpr):
    s = tl.load(scale_ptr)
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) * s, mask=m)


def scale(x, scale):
    assert scale.numel() == 1
    out = torch.empty_like(x)
    n = x.numel()
    scale_kernel[(triton.cdiv(n, 256),)](x, scale, out, n, BLOCK=256)
    return out
