# expect: verified
# formula: y[i] = min(max(x[i], lo), hi)
# FlagGems-style idioms: do_not_specialize, positional mask, `other=0.`, an accumulator from
# tl.zeros([BLOCK]), two float bounds from the caller, a 3-axis grid, torch.empty(x.shape).
import torch
import triton
import triton.language as tl

@triton.jit(do_not_specialize=["n"])
def clamp_kernel(X, Y, n, lo, hi, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    x = tl.load(X + offs, mask, other=0.).to(tl.float32)
    acc += tl.minimum(tl.maximum(x, lo), hi)
    tl.store(Y + offs, acc, mask)

def clamp(x: torch.Tensor, lo: float, hi: float):
    y = torch.empty(x.shape, device=x.device, dtype=x.dtype)
    n = x.numel()
    clamp_kernel[(triton.cdiv(n, 256), 1, 1)](x, y, n, lo, hi, BLOCK=256)
    return y
