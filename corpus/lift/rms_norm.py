# expect: verified
# formula: y[i, j] = x[i, j] * rsqrt(sum(k, x[i, k] * x[i, k]) / N + eps) * w[j]
# RMSNorm forward in the Liger-Kernel style, one row per program, the row in one tile of
# `triton.next_power_of_2(N)` lanes; the launcher checks the weight's length, so the weight
# is a 1-D tensor of its own.
import torch
import triton
import triton.language as tl


@triton.jit
def _rms_norm_forward_kernel(Y_ptr, Y_row_stride, X_ptr, X_row_stride, W_ptr, n_cols, eps,
                             BLOCK_SIZE: tl.constexpr):
    row_idx = tl.program_id(0)
    col_offsets = tl.arange(0, BLOCK_SIZE)
    mask = col_offsets < n_cols
    Y_ptr += row_idx * Y_row_stride
    X_ptr += row_idx * X_row_stride
    X_row = tl.load(X_ptr + col_offsets, mask=mask, other=0).to(tl.float32)
    W_row = tl.load(W_ptr + col_offsets, mask=mask, other=0)
    mean_square = tl.sum(X_row * X_row, axis=0) / n_cols
    rstd = tl.rsqrt(mean_square + eps)
    Y_row = X_row * rstd * W_row
    tl.store(Y_ptr + col_offsets, Y_row, mask=mask)


def rms_norm_forward(x: torch.Tensor, w: torch.Tensor, eps: float) -> torch.Tensor:
    w = w.contiguous()
    x = x.contiguous()
    M, N = x.shape
    assert w.shape[0] == N, "Incompatible hidden size dimension"
    BLOCK_SIZE = triton.next_power_of_2(N)
    y = torch.empty_like(x)
    _rms_norm_forward_kernel[(M,)](y, y.stride(0), x, x.stride(0), w, N, eps,
                                   BLOCK_SIZE=BLOCK_SIZE, num_warps=4)
    return y
