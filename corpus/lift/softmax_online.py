# expect: verified
# formula: y[i, j] = exp(x[i, j] - max(k, x[i, k])) / sum(k, exp(x[i, k] - max(k2, x[i, k2])))
# Online softmax over a row of any length (the Liger-Kernel / FlagGems idiom): one program
# per row; a first loop over the row's tiles keeps a running maximum `m` and a running sum
# `d` of exponentials, rescaled by exp(m_old - m_new) whenever the maximum grows; a second
# loop writes exp(x - m) / d tile by tile. Masked lanes load -inf: exp(-inf) adds 0.
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
        d = d * tl.exp(m - m_new) + tl.sum(tl.exp(x - m_new), axis=0)
        m = m_new
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(X + row * stride_x + cols, mask=mask, other=-float("inf"))
        tl.store(Y + row * stride_y + cols, tl.exp(x - m) / d, mask=mask)


def softmax(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    y = torch.empty_like(x)
    softmax_online_kernel[(n_rows,)](y, x, x.stride(0), y.stride(0), n_cols, BLOCK=64)
    return y
