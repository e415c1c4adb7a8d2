# expect: verified
# formula: out[i] = sum(k < B * L, x[k // L, i, k % L] * x[k // L, i, k % L])
# The sum of squares of each channel of a `[B, C, L]` tensor (a batch-norm statistic), one
# program per channel, looping over the `B * L` elements of the channel as one flat range:
# element `f` of the range is batch `f // L`, position `f % L` (FlagGems' weight-norm and
# instance-norm kernels split a flat column offset the same way). The read is the view
# `x[f // L, c, f % L]`.
import torch
import triton
import triton.language as tl


@triton.jit
def channel_sumsq_kernel(x_ptr, out_ptr, B, C, L, BLOCK: tl.constexpr):
    c = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, B * L, BLOCK):
        f = start + tl.arange(0, BLOCK)
        batch = f // L
        pos = f % L
        v = tl.load(x_ptr + batch * C * L + c * L + pos, mask=f < B * L, other=0.0)
        acc += v * v
    tl.store(out_ptr + c, tl.sum(acc, axis=0))


def channel_sumsq(x: torch.Tensor) -> torch.Tensor:
    B, C, L = x.shape
    x = x.contiguous()
    out = torch.empty((C,), dtype=torch.float32, device=x.device)
    channel_sumsq_kernel[(C,)](x, out, B, C, L, BLOCK=64)
    return out
