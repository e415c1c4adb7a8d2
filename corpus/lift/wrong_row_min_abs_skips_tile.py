# expect: refuted
# formula: out[i] = min(k, abs(x[i, k]))
# row_min_abs_looped.py with its loop starting at the second tile: the first BLOCK_N
# columns never take part (wrong for any row longer than a tile whose minimum is there).
import torch
import triton
import triton.language as tl


@triton.jit
def row_min_abs_kernel(X, Out, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)[:, None]
    acc = tl.full([BLOCK_M, BLOCK_N], float("inf"), tl.float32)
    for start in tl.range(BLOCK_N, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)[None, :]
        v = tl.load(X + rows * N + cols, mask=(rows < M) & (cols < N), other=float("inf"))
        acc = tl.minimum(tl.abs(v), acc)
    tl.store(Out + rows, tl.min(acc, axis=1)[:, None], mask=rows < M)


def row_min_abs(x):
    x = x.contiguous()
    M, N = x.shape
    out = torch.empty(M, device=x.device, dtype=x.dtype)
    row_min_abs_kernel[(triton.cdiv(M, 4),)](x, out, M, N, BLOCK_M=4, BLOCK_N=64)
    return out
