# expect: refuted
# formula: y[i, j] = exp(x[i, j] - max(k, x[i, k])) / sum(k, exp(x[i, k] - max(k2, x[i, k2])))
# Online softmax that forgets to rescale the running sum when the maximum grows: `d` adds
# each tile's exponentials relative to the maximum so far, but the earlier tiles' terms stay
# relative to older, smaller maxima. Right when the row fits one tile, wrong as soon as a
# later tile raises the maximum.
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_online_kernel(Y, X, stride_x, stride_y, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    m = -float("inf")
    d = 0.0
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(X + row * stride_x + cols, mask=cols < n_cols, other=-float("inf"))
        m_new = tl.maximum(m, tl.max(x, axis=0))
        d = d + tl.sum(tl.exp(x - m_new), axis=0)
        m = m_new
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(X + row * stride_x + cols, mask=mask, other=-float("inf"))
        tl.store(Y + row * stride_y + cols, tl.exp(x - m) / d, mask=mask)


def softmax(x: torch.Tensor) -> torch.Tensor:
    n_rows, n_cols = x.shape
    y = torch.empty_like(x)
    softmax_online_kernel[(n_rows,)](y, x, x.stride(0), y.stride(0), n_cols, BLOCK=8)
    return y
