# expect: verified
# formula: y[i, j] = x[i, j] * w[j]
# A 1-D weight beside a 2-D input: the weight never takes the input's shape by invention;
# `assert X.shape[1] == W.shape[0]` relates its one size to the columns (before, `W` shared
# `X`'s 2-D shape, the assert forced rows == columns, and `w[i]` was verified too).
import torch
import triton
import triton.language as tl


@triton.jit
def scale_cols(X, W, Y, N, stride_x, stride_y, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < N
    x = tl.load(X + row * stride_x + cols, mask=m)
    w = tl.load(W + cols, mask=m)
    tl.store(Y + row * stride_y + cols, x * w, mask=m)


def scale(x, w):
    x_arg = x.reshape(-1, x.shape[-1])
    assert x_arg.shape[1] == w.shape[0]
    M, N = x_arg.shape
    y = torch.empty_like(x_arg)
    scale_cols[(M,)](x_arg, w, y, N, x_arg.stride(0), y.stride(0), BLOCK=triton.next_power_of_2(N))
    return y
