# expect: verified
# formula: y[i, j] = (x[i, j] - sum(k, x[i, k]) / N) * (1 / sqrt(sum(k, (x[i, k] - sum(k2, x[i, k2]) / N) * (x[i, k] - sum(k2, x[i, k2]) / N)) / N + eps)) * weight[j] + bias[j]; mean[i] = sum(k, x[i, k]) / N; rstd[i] = 1 / sqrt(sum(k, (x[i, k] - sum(k2, x[i, k2]) / N) * (x[i, k] - sum(k2, x[i, k2]) / N)) / N + eps)
# LayerNorm forward over a [BLOCK_M, BLOCK_N] tile: several rows per program, rows past M
# masked off with `rows[:, None] < M` (they load 0, so their mean is 0 and their rstd
# 1 / sqrt(eps), never stored), the weight and bias loaded once per program and broadcast
# over the rows, `mean` and `rstd` stored per row under `rows < M`.
import torch
import triton
import triton.language as tl


@triton.jit
def layer_norm_rows_kernel(X, Y, W, B, Mean, Rstd, M, N, stride, eps,
                           BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    row_ok = rows < M
    col_ok = cols < N
    mask = row_ok[:, None] & col_ok[None, :]
    offs = rows[:, None] * stride + cols[None, :]
    x = tl.load(X + offs, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=1) / N
    xc = tl.where(mask, x - mean[:, None], 0.0)
    var = tl.sum(xc * xc, axis=1) / N
    rstd = 1 / tl.sqrt(var + eps)
    tl.store(Mean + rows, mean, mask=row_ok)
    tl.store(Rstd + rows, rstd, mask=row_ok)
    w = tl.load(W + cols, mask=col_ok, other=0.0)
    b = tl.load(B + cols, mask=col_ok, other=0.0)
    y = xc * rstd[:, None] * w[None, :] + b[None, :]
    tl.store(Y + offs, y, mask=mask)


def layer_norm_rows(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, eps: float):
    bias = bias.contiguous()
    weight = weight.contiguous()
    x = x.contiguous()  # one row stride serves `x` and `y`
    M, N = x.shape
    assert weight.shape[0] == N
    assert bias.shape[0] == N
    y = torch.empty_like(x)
    mean = torch.empty((M,), dtype=torch.float32, device=x.device)
    rstd = torch.empty((M,), dtype=torch.float32, device=x.device)
    BLOCK_N = triton.next_power_of_2(N)
    BLOCK_M = 4
    grid = (triton.cdiv(M, BLOCK_M),)
    layer_norm_rows_kernel[grid](x, y, weight, bias, mean, rstd, M, N, x.stride(0), eps,
                                 BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N)
    return y, mean, rstd
