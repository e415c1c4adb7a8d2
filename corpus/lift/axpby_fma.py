# expect: verified
# formula: out[i] = alpha * x[i] + beta * y[i]
# `alpha * x + beta * y` through `tl.fma`, with `@triton.jit(do_not_specialize=...)`; the
# launcher reads the strides tuple once (`x.stride()`) and indexes it.
import torch
import triton
import triton.language as tl


@triton.jit(do_not_specialize=["n"])
def axpby_kernel(x_ptr, y_ptr, out_ptr, alpha, beta, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, tl.fma(x, alpha, beta * y), mask=mask)


def axpby(alpha: float, x: torch.Tensor, beta: float, y: torch.Tensor):
    out = torch.empty_like(x)
    n = out.numel()
    axpby_kernel[(triton.cdiv(n, 1024),)](x, y, out, alpha, beta, n, BLOCK=1024)
    return out
