# expect: refuted
# formula: out[i] = where(sum(k, where(x[i, k] < 0, 1, 0)) > 0, 1, 0)
# row_any_negative_looped.py with its padding loaded as -1.0: the padding lanes of the last
# tile count as negative, so a row of N columns (N no multiple of BLOCK_N) with no negative
# element reads as having one.
import torch
import triton
import triton.language as tl


@triton.jit
def either(a, b):
    return a | b


@triton.jit
def row_any_negative_kernel(X, Out, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)[:, None]
    found = tl.full([BLOCK_M, BLOCK_N], 0, tl.int1)
    for start in range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)[None, :]
        v = tl.load(X + rows * N + cols, mask=(rows < M) & (cols < N), other=-1.0)
        found |= v < 0
    tl.store(Out + rows, tl.reduce(found, 1, either)[:, None], mask=rows < M)


def row_any_negative(x):
    x = x.contiguous()
    M, N = x.shape
    out = torch.empty(M, device=x.device, dtype=torch.bool)
    row_any_negative_kernel[(triton.cdiv(M, 4),)](x, out, M, N, BLOCK_M=4, BLOCK_N=32)
    return out
