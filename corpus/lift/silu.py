# expect: verified
# formula: out[i] = x[i] * sigmoid(x[i])
# SiLU (swish) in the FlagGems pointwise style: computed in float32 and converted back.
import torch
import triton
import triton.language as tl


@triton.jit
def silu_kernel(X, Out, n, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(X + offs, mask=m, other=0.0).to(tl.float32)
    y = x / (1.0 + tl.exp(-x))
    tl.store(Out + offs, y, mask=m)


def silu(x: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(x)
    n = x.numel()
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)
    silu_kernel[grid](x, out, n, BLOCK=1024)
    return out
