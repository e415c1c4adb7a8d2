# expect: refuted
# formula: y[i, j] = x[i, j] * rsqrt(sum(k, x[i, k] * x[i, k]) / N + eps) * weight[j]
# Wrong: the mean of squares divides by the tile width `BLOCK_N` instead of the row length
# `N` (right only when N is a power of two).
import torch
import triton
import triton.language as tl


@triton.jit
def rmsnorm_fwd(X, Y, W, stride_x, stride_y, N, eps, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK_N)
    in_row = offs < N
    x = tl.load(X + pid * stride_x + offs, mask=in_row, other=0.0).to(tl.float32)
    var = tl.sum(x * x, axis=0) / BLOCK_N
    r = tl.math.rsqrt(var + eps)
    w = tl.load(W + offs, mask=in_row, other=0.0).to(tl.float32)
    tl.store(Y + pid * stride_y + offs, (x * r * w).to(Y.dtype.element_ty), mask=in_row)


def rms_norm(x, weight, eps=1e-6):
    M, N = x.shape
    assert weight.shape[0] == N
    y = torch.empty_strided((M, N), (N, 1), device=x.device, dtype=x.dtype)
    BLOCK_N = triton.next_power_of_2(N)
    rmsnorm_fwd[(M,)](X=x, Y=y, W=weight, stride_x=x.stride(0), stride_y=y.stride(0), N=N, eps=eps, BLOCK_N=BLOCK_N)
    return y
