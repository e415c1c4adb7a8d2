# expect: verified
# formula: out[i] = where(sum(k, where(x[i, k] > 0, 0, 1)) <= 0, 1, 0)
# Whether every element of each row is positive (torch.all(x > 0, dim=1)), written as a
# running conjunction over column tiles, `ok &= v > 0` (FlagGems' all_kernel_dim writes
# `_all = _all and (a != 0)`), reduced by a combine function returning `a and b`. Padding
# loads 1.0, which is positive, so it takes no part.
# A conjunction holds where its count of failing conditions is 0: one count over the
# iterations and the tile's lanes (session 22).
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
    for start in tl.range(0, N, BLOCK_N):
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
