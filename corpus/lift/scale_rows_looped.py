# expect: verified
# formula: y[i, j] = x[i, j] * w[j]
# One program per row of any length; a loop over the row's tiles that only stores (the
# normalizing pass of a looped norm): each tile scaled by the matching tile of `w`.
import torch
import triton
import triton.language as tl


@triton.jit
def scale_rows_looped_kernel(X, W, Y, stride, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    X += row * stride
    Y += row * stride
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        mask = cols < N
        x = tl.load(X + cols, mask=mask, other=0.0)
        w = tl.load(W + cols, mask=mask)
        tl.store(Y + cols, x * w, mask=mask)


def scale_rows(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    y = torch.empty_like(x)
    M, N = x.shape
    (n_w,) = w.shape
    assert n_w == N
    scale_rows_looped_kernel[(M,)](x, w, y, x.stride(0), N, BLOCK=128)
    return y
