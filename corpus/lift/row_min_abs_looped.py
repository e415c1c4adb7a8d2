# expect: verified
# formula: out[i] = min(k, abs(x[i, k]))
# The smallest magnitude of each row (torch.amin(x.abs(), dim=1)), written as a running
# minimum over column tiles with the operands of tl.minimum the other way round; padding
# loads +inf.
import torch
import triton
import triton.language as tl


@triton.jit
def row_min_abs_kernel(X, Out, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)[:, None]
    acc = tl.full([BLOCK_M, BLOCK_N], float("inf"), tl.float32)
    for start in tl.range(0, N, BLOCK_N):
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
