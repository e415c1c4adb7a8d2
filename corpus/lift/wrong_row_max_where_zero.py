# expect: refuted
# formula: out[i] = max(k, x[i, k])
# Wrong: masked lanes are set to 0.0 by `tl.where` before the maximum, so a row of negative
# numbers shorter than the tile gets 0.
import torch
import triton
import triton.language as tl


@triton.heuristics({"BLOCK_N": lambda args: triton.next_power_of_2(args["N"])})
@triton.jit
def row_max_kernel(X, Out, stride_xm, N, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < N
    x = tl.load(X + row * stride_xm + cols, mask=mask, other=0.0)
    x = tl.where(mask, x, 0.0)
    tl.store(Out + row, tl.max(x, axis=0))


def row_max(x):
    M, N = x.shape
    out = torch.empty((M,), device=x.device, dtype=x.dtype)
    row_max_kernel[(M,)](x, out, x.stride(0), N)
    return out
