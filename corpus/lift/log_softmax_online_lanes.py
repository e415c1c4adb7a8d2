# expect: verified
# formula: out[i, j] = x[i, j] - max(k, x[i, k]) - log(sum(k, exp(x[i, k] - max(k2, x[i, k2]))))
# FlagGems' log_softmax_kernel (ops/log_softmax.py) on a 2-D input: [BLOCK_M, BLOCK_N] lanes of
# running maxima and sums carried over column tiles, the update kept off by
# `tl.where(m_new == -inf, z, ...)` where a lane has seen only masked (-inf) columns, reduced
# along the row after the loop; a second loop writes x - max - log(sum).
import torch
import triton
import triton.language as tl


@triton.jit
def log_softmax_lanes_kernel(x_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    m_offset = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    m = tl.full([BLOCK_M, BLOCK_N], value=float("-inf"), dtype=tl.float32)
    z = tl.full([BLOCK_M, BLOCK_N], value=0.0, dtype=tl.float32)
    for start_n in range(0, N, BLOCK_N):
        n_offset = start_n + tl.arange(0, BLOCK_N)
        offset = m_offset[:, None] * N + n_offset[None, :]
        mask = (m_offset[:, None] < M) & (n_offset[None, :] < N)
        inp = tl.load(x_ptr + offset, mask=mask, other=-float("inf"))
        m_new = tl.maximum(inp, m)
        all_neg_inf = m_new == float("-inf")
        z = tl.where(all_neg_inf, z, z * tl.exp(m - m_new) + tl.exp(inp - m_new))
        m = m_new
    m_reduced = tl.max(m, 1)
    z = tl.sum(z * tl.exp(m - m_reduced[:, None]), 1)
    m = m_reduced
    for start_n in range(0, N, BLOCK_N):
        n_offset = start_n + tl.arange(0, BLOCK_N)
        offset = m_offset[:, None] * N + n_offset[None, :]
        mask = (m_offset[:, None] < M) & (n_offset[None, :] < N)
        inp = tl.load(x_ptr + offset, mask=mask, other=-float("inf"))
        o = inp - m[:, None] - tl.log(z[:, None])
        tl.store(out_ptr + offset, o, mask=mask)


def log_softmax_lanes(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    M, N = x.shape
    out = torch.empty_like(x)
    log_softmax_lanes_kernel[(triton.cdiv(M, 4),)](x, out, M, N, BLOCK_M=4, BLOCK_N=32)
    return out
