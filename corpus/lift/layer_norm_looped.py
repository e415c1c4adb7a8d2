# expect: verified
# formula: y[i, j] = (x[i, j] - sum(k, x[i, k]) / N) * (1 / sqrt(sum(k, (x[i, k] - sum(k, x[i, k]) / N) * (x[i, k] - sum(k, x[i, k]) / N)) / N + eps)) * w[j] + b[j]; mean[i] = sum(k, x[i, k]) / N; rstd[i] = 1 / sqrt(sum(k, (x[i, k] - sum(k, x[i, k]) / N) * (x[i, k] - sum(k, x[i, k]) / N)) / N + eps)
# Layer norm forward in the style of Triton's tutorial 05: one program per row, three loops
# over the row's tiles (the mean, the variance with the tail masked out of `x - mean`, then the
# normalization), and the row's mean and 1/std stored as scalars.
import torch
import triton
import triton.language as tl


@triton.jit
def layer_norm_fwd_kernel(X, Y, W, B, Mean, Rstd, stride, N, eps, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    Y += row * stride
    X += row * stride
    _mean = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        a = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        _mean += a
    mean = tl.sum(_mean, axis=0) / N
    _var = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        x = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        x = tl.where(cols < N, x - mean, 0.)
        _var += x * x
    var = tl.sum(_var, axis=0) / N
    rstd = 1 / tl.sqrt(var + eps)
    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        mask = cols < N
        w = tl.load(W + cols, mask=mask)
        b = tl.load(B + cols, mask=mask)
        x = tl.load(X + cols, mask=mask, other=0.).to(tl.float32)
        x_hat = (x - mean) * rstd
        y = x_hat * w + b
        tl.store(Y + cols, y, mask=mask)


def layer_norm(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor, eps: float = 1e-5):
    b = b.contiguous()
    w = w.contiguous()
    x = x.contiguous()
    y = torch.empty_like(x)
    M, N = x.shape
    (n_w,) = w.shape
    (n_b,) = b.shape
    assert n_w == N
    assert n_b == N
    mean = torch.empty((M,), dtype=torch.float32, device=x.device)
    rstd = torch.empty((M,), dtype=torch.float32, device=x.device)
    layer_norm_fwd_kernel[(M,)](x, y, w, b, mean, rstd, x.stride(0), N, eps, BLOCK_SIZE=128)
    return y, mean, rstd
