# expect: refuted
# formula: dx[i, j] = y[i, j] * (dy[i, j] - sum(k, y[i, k] * dy[i, k]))
# softmax_backward_offsets.py with the column offsets of the first loop never bumped: the
# mask stays that of the first tile, so a row longer than a tile but not a multiple of it
# reads its last tile past the row's end (the next row's elements, past the buffer on the
# last row). Refuted by the bounded check, replayed.
import torch
import triton
import triton.language as tl


@triton.jit
def wrong_softmax_backward_offsets_kernel(
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
    wrong_softmax_backward_offsets_kernel[(triton.cdiv(M, 4),)](y, dy, dx, M, N, TILE_M=4, TILE_N=32)
    return dx
