# expect: verified
# formula: y[i, j] = x[i, j] - max(k, x[i, k]) - log(sum(k, exp(x[i, k] - max(k2, x[i, k2]))))
# Online log_softmax: the running maximum and the rescaled sum of one pass over a row of any
# length (written `tl.maximum(m, ...)` in place, the sum rescaled before the add), then
# `x - m - log(d)` tile by tile.
import torch
import triton
import triton.language as tl


@triton.jit
def log_softmax_online_kernel(X, Y, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    m = -float("inf")
    d = 0.0
    for off in range(0, n_cols, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(X + row * n_cols + cols, mask=cols < n_cols, other=-float("inf"))
        m_old = m
        m = tl.maximum(m, tl.max(x, axis=0))
        d = tl.sum(tl.exp(x - m), axis=0) + d * tl.exp(m_old - m)
    log_d = tl.log(d)
    for off in range(0, n_cols, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(X + row * n_cols + cols, mask=mask, other=0.0)
        tl.store(Y + row * n_cols + cols, x - m - log_d, mask=mask)


def log_softmax(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    y = torch.empty_like(x)
    log_softmax_online_kernel[(n_rows,)](x, y, n_cols, BLOCK=16)
    return y
