# expect: verified
# formula: y[i, j] = (x[i, j] - sum(k, x[i, k]) / N) * (1 / sqrt(sum(k, (x[i, k] - sum(k2, x[i, k2]) / N) * (x[i, k] - sum(k2, x[i, k2]) / N)) / N + eps)) * weight[j] + bias[j]; mean[i] = sum(k, x[i, k]) / N; rstd[i] = 1 / sqrt(sum(k, (x[i, k] - sum(k2, x[i, k2]) / N) * (x[i, k] - sum(k2, x[i, k2]) / N)) / N + eps)
# LayerNorm forward as in Triton tutorial 05, for rows that fit one tile: one program per row,
# three outputs (the normalized row, and each row's mean and reciprocal standard deviation
# stored as scalars), the centred values masked to 0 outside the row before the variance.
import torch
import triton
import triton.language as tl


@triton.jit
def _layer_norm_fwd(X, Y, W, B, Mean, Rstd, stride, N, eps, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    Y += row * stride
    X += row * stride
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < N
    x = tl.load(X + cols, mask=mask, other=0.).to(tl.float32)
    mean = tl.sum(x, axis=0) / N
    xc = tl.where(mask, x - mean, 0.)
    var = tl.sum(xc * xc, axis=0) / N
    rstd = 1 / tl.sqrt(var + eps)
    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)
    w = tl.load(W + cols, mask=mask)
    b = tl.load(B + cols, mask=mask)
    y = xc * rstd * w + b
    tl.store(Y + cols, y, mask=mask)


def layer_norm(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, eps: float):
    bias = bias.contiguous()
    weight = weight.contiguous()
    x = x.contiguous()
    M, N = x.shape
    assert weight.shape[0] == N
    assert bias.shape[0] == N
    y = torch.empty_like(x)
    mean = torch.empty((M,), dtype=torch.float32, device=x.device)
    rstd = torch.empty((M,), dtype=torch.float32, device=x.device)
    BLOCK_SIZE = triton.next_power_of_2(N)
    _layer_norm_fwd[(M,)](x, y, weight, bias, mean, rstd, x.stride(0), N, eps,
                          BLOCK_SIZE=BLOCK_SIZE)
    return y, mean, rstd
