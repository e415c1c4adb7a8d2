# expect: verified
# formula: out[b] = sum(i, sum(k, x[b, i, k]))
# The sum of each matrix of a batch (FlagGems' batch_norm / instance_norm backward, Liger's
# group_norm style): a scalar accumulator added to inside a loop over columns nested in a
# loop over rows, both over runtime ranges. The outer loop's iteration adds what the inner
# loop leaves in the accumulator from 0.
import torch
import triton
import triton.language as tl


@triton.jit
def batch_sum_kernel(X, Out, M, N, BLOCK: tl.constexpr):
    b = tl.program_id(0)
    acc = 0.0
    for i in range(0, M):
        for off in range(0, N, BLOCK):
            cols = off + tl.arange(0, BLOCK)
            x = tl.load(X + b * M * N + i * N + cols, mask=cols < N, other=0.0)
            acc += tl.sum(x, axis=0)
    tl.store(Out + b, acc)


def batch_sum(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    B, M, N = x.shape
    out = torch.empty(B, device=x.device, dtype=x.dtype)
    batch_sum_kernel[(B,)](x, out, M, N, BLOCK=32)
    return out
