# expect: verified
# formula: dx[i, j] = y[i, j] * (dy[i, j] - sum(k, y[i, k] * dy[i, k]))
# FlagGems' softmax_backward_kernel_inner (ops/softmax.py) in its looped form: the column
# offsets and the element offsets are integer induction variables, `n_offsets += TILE_N` and
# `offsets += TILE_N` at the end of each iteration, read before their bumps (`x0 + t*s` in
# iteration t); a [TILE_M, TILE_N] accumulator summed along the row after the first loop,
# and a second loop that writes the gradient (the first loop loads masked lanes as 0: FlagGems
# loads them without `other=`, which sums undefined values into `scale`).
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_backward_offsets_kernel(
    out_ptr, out_grad_ptr, in_grad_ptr, M, N, TILE_M: tl.constexpr, TILE_N: tl.constexpr
):
    pid_m = tl.program_id(0)
    m_offsets = pid_m * TILE_M + tl.arange(0, TILE_M)
    scale = tl.zeros([TILE_M, TILE_N], dtype=tl.float32)
    n_offsets = tl.arange(0, TILE_N)
    offsets = m_offsets[:, None] * N + n_offsets
    for _ in range(0, N, TILE_N):
        mask = (m_offsets[:, None] < M) & (n_offsets < N)
        out_tile = tl.load(out_ptr + offsets, mask=mask, other=0.0)
        out_grad_tile = tl.load(out_grad_ptr + offsets, mask=mask, other=0.0)
        scale += out_tile * out_grad_tile
        n_offsets += TILE_N
        offsets += TILE_N
    scale = tl.sum(scale, 1)

    n_offsets = tl.arange(0, TILE_N)
    offsets = m_offsets[:, None] * N + n_offsets
    for _ in range(0, N, TILE_N):
        mask = (m_offsets[:, None] < M) & (n_offsets < N)
        out_tile = tl.load(out_ptr + offsets, mask=mask)
        out_grad_tile = tl.load(out_grad_ptr + offsets, mask=mask)
        in_grad_tile = out_tile * (out_grad_tile - scale[:, None])
        tl.store(in_grad_ptr + offsets, in_grad_tile, mask=mask)
        n_offsets += TILE_N
        offsets += TILE_N


def softmax_backward(y: torch.Tensor, dy: torch.Tensor) -> torch.Tensor:
    y = y.contiguous()
    dy = dy.contiguous()
    assert y.shape == dy.shape
    M, N = y.shape
    dx = torch.empty_like(y)
    softmax_backward_offsets_kernel[(triton.cdiv(M, 4),)](y, dy, dx, M, N, TILE_M=4, TILE_N=32)
    return dx
