# expect: refuted
# formula: y[i, j] = exp(x[i, j] - max(k, x[i, k])) / sum(k, exp(x[i, k] - max(k2, x[i, k2])))
# Online softmax started from a running maximum of 0.0 instead of -inf and a sum of 1.0
# instead of 0.0. From -inf the start would not matter (1.0 * exp(-inf - m) is 0), and a
# maximum of 0.0 alone only shifts what is subtracted (softmax is the same over the reals),
# but together the initial 1.0 survives as exp(0 - m): an extra term in every row's sum.
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_online_kernel(Y, X, stride_x, stride_y, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    m = 0.0
    d = 1.0
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(X + row * stride_x + cols, mask=cols < n_cols, other=-float("inf"))
        m_new = tl.maximum(m, tl.max(x, axis=0))
        d = d * tl.exp(m - m_new) + tl.sum(tl.exp(x - m_new), axis=0)
        m = m_new
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(X + row * stride_x + cols, mask=mask, other=-float("inf"))
        tl.store(Y + row * stride_y + cols, tl.exp(x - m) / d, mask=mask)


def softmax(x: torch.Tensor) -> torch.Tensor:
    n_rows, n_cols = x.shape
    y = torch.empty_like(x)
    softmax_online_kernel[(n_rows,)](y, x, x.stride(0), y.stride(0), n_cols, BLOCK=64)
    return y
