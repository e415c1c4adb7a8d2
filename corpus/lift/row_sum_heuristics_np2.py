# expect: verified
# formula: out[i] = sum(k, x[i, k])
# Row sums with the tile size chosen by `@triton.heuristics` from the argument `N`
# (`triton.next_power_of_2(args["N"])`); masked lanes are zeroed by `tl.where` before the
# reduction; the output comes from `torch.empty((M,), device=..., dtype=...)`.
import torch
import triton
import triton.language as tl


@triton.heuristics({"BLOCK_N": lambda args: triton.next_power_of_2(args["N"])})
@triton.jit
def row_sum_kernel(X, Out, stride_xm, N, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < N
    x = tl.load(X + row * stride_xm + cols, mask=mask)
    x = tl.where(mask, x, 0.0)
    total = tl.sum(x, axis=0)
    tl.store(Out + row, total)


def row_sum(x):
    x = x.contiguous()
    M, N = x.shape
    out = torch.empty((M,), device=x.device, dtype=x.dtype)
    row_sum_kernel[(M,)](x, out, x.stride(0), N)
    return out
