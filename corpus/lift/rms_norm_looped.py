# expect: verified
# formula: y[i, j] = x[i, j] * rsqrt(sum(k, x[i, k] * x[i, k]) / N + eps) * w[j]
# RMS norm over rows of any length (Liger / FlagGems style): one program per row, a first loop
# over the row's tiles accumulating squares in a block, their mean, and a second loop that
# scales each tile by `rsqrt(mean + eps)` and the weight.
import torch
import triton
import triton.language as tl


@triton.jit
def rms_norm_kernel(X, W, Y, stride, N, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    X += row * stride
    Y += row * stride
    _sq = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(X + cols, mask=cols < N, other=0.0).to(tl.float32)
        _sq += x * x
    rstd = tl.rsqrt(tl.sum(_sq, axis=0) / N + eps)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        mask = cols < N
        x = tl.load(X + cols, mask=mask, other=0.0).to(tl.float32)
        w = tl.load(W + cols, mask=mask)
        tl.store(Y + cols, x * rstd * w, mask=mask)


def rms_norm(x: torch.Tensor, w: torch.Tensor, eps: float = 1e-6) -> torch.Tensor:
    w = w.contiguous()
    x = x.contiguous()
    y = torch.empty_like(x)
    M, N = x.shape
    (n_w,) = w.shape
    assert n_w == N
    rms_norm_kernel[(M,)](x, w, y, x.stride(0), N, eps, BLOCK=256)
    return y
