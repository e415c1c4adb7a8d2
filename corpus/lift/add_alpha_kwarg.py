# expect: verified
# formula: out[i] = x[i] + alpha * y[i]
# `x + alpha * y` with a float keyword parameter and its default in the launcher.
import torch
import triton
import triton.language as tl


@triton.jit
def add_alpha_kernel(x_ptr, y_ptr, out_ptr, alpha, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, x + alpha * y, mask=mask)


def add(x: torch.Tensor, y: torch.Tensor, *, alpha: float = 1.0) -> torch.Tensor:
    assert x.shape == y.shape
    out = torch.empty_like(x)
    n = out.numel()
    add_alpha_kernel[(triton.cdiv(n, 256),)](x, y, out, alpha, n, BLOCK=256)
    return out
