# expect: refuted
# formula: out[j] = sum(i, exp(x[i, j] - max(i2, x[i2, j])))
# col_sum_exp_online_lanes.py with its guard on the old maximum (`m == -inf`) instead of the
# new one: the first tile that gives a lane a finite value is dropped from its sum.
import torch
import triton
import triton.language as tl


@triton.jit
def col_sum_exp_kernel(x_ptr, out_ptr, n_rows, n_cols, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    cols = tl.program_id(0) * BLOCK_C + tl.arange(0, BLOCK_C)
    m = tl.full([BLOCK_R, BLOCK_C], float("-inf"), dtype=tl.float32)
    s = tl.zeros([BLOCK_R, BLOCK_C], dtype=tl.float32)
    for r0 in range(0, n_rows, BLOCK_R):
        rows = r0 + tl.arange(0, BLOCK_R)
        keep = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
        x = tl.load(x_ptr + rows[:, None] * n_cols + cols[None, :], mask=keep, other=-float("inf"))
        m_new = tl.maximum(m, x)
        none = m == float("-inf")
        s = tl.where(none, s, s * tl.exp(m - m_new) + tl.exp(x - m_new))
        m = m_new
    top = tl.max(m, axis=0)
    total = tl.sum(s * tl.exp(m - top[None, :]), axis=0)
    tl.store(out_ptr + cols, total, mask=cols < n_cols)


def col_sum_exp(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty(n_cols, device=x.device, dtype=x.dtype)
    grid = (triton.cdiv(n_cols, 32),)
    col_sum_exp_kernel[grid](x, out, n_rows, n_cols, BLOCK_R=16, BLOCK_C=32)
    return out
