# expect: refuted
# formula: out[i] = where(sum(k, where(x[i, k] > 0, 0, 1)) <= 0, 1, 0)
# row_all_positive_looped.py with its loop starting at the second tile (`range(BLOCK_N, N,
# BLOCK_N)`): the first BLOCK_N columns are never tested, so a row whose non-positive element
# lies there reads as all positive.
import torch
import triton
import triton.language as tl


@triton.jit
def both(a, b):
    return a and b


@triton.jit
def row_all_positive_kernel(X, Out, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)[:, None]
    ok = tl.full([BLOCK_M, BLOCK_N], 1, dtype=tl.int1)
    for start in tl.range(BLOCK_N, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)[None, :]
        v = tl.load(X + rows * N + cols, mask=(rows < M) & (cols < N), other=1.0)
        ok &= v > 0
    tl.store(Out + rows, tl.reduce(ok, axis=1, combine_fn=both)[:, None], mask=rows < M)


def row_all_positive(x):
    x = x.contiguous()
    M, N = x.shape
    out = torch.empty(M, device=x.device, dtype=torch.bool)
    row_all_positive_kernel[(triton.cdiv(M, 4),)](x, out, M, N, BLOCK_M=4, BLOCK_N=32)
    return out
