# expect: refuted
# formula: out[b] = sum(i, sum(k, x[b, i, k]))
# batch_sum_nested_loops.py with the outer loop starting at row 1: the first row of each
# matrix is left out of the sum. Refuted by the bounded check, replayed.
import torch
import triton
import triton.language as tl


@triton.jit
def wrong_batch_sum_kernel(X, Out, M, N, BLOCK: tl.constexpr):
    b = tl.program_id(0)
    acc = 0.0
    for i in range(1, M):
        for off in range(0, N, BLOCK):
            cols = off + tl.arange(0, BLOCK)
            x = tl.load(X + b * M * N + i * N + cols, mask=cols < N, other=0.0)
            acc += tl.sum(x, axis=0)
    tl.store(Out + b, acc)


def batch_sum(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    B, M, N = x.shape
    out = torch.empty(B, device=x.device, dtype=x.dtype)
    wrong_batch_sum_kernel[(B,)](x, out, M, N, BLOCK=32)
    return out
