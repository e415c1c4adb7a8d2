# expect: verified
# formula: y[i, j] = x[i, j] * rsqrt(sum(k, x[i, k] * x[i, k]) / N + eps) * weight[j]
# RMSNorm whose output is `torch.empty_strided((M, N), (N, 1), ...)`; the kernel reads the
# sizes through keyword arguments, `tl.math.rsqrt`, and zeroes masked lanes with `tl.where`.
import torch
import triton
import triton.language as tl


@triton.jit
def rmsnorm_fwd(X, Y, W, stride_x, stride_y, N, eps, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK_N)
    in_row = offs < N
    x = tl.load(X + pid * stride_x + offs, mask=in_row, other=0.0).to(tl.float32)
    x = tl.where(in_row, x, 0.0)
    var = tl.sum(x * x, axis=0) / N
    r = tl.math.rsqrt(var + eps)
    w = tl.load(W + offs, mask=in_row, other=0.0).to(tl.float32)
    tl.store(Y + pid * stride_y + offs, (x * r * w).to(Y.dtype.element_ty), mask=in_row)


def rms_norm(x, weight, eps=1e-6):
    weight = weight.contiguous()
    x = x.contiguous()
    M, N = x.shape
    assert weight.shape[0] == N
    y = torch.empty_strided((M, N), (N, 1), device=x.device, dtype=x.dtype)
    BLOCK_N = triton.next_power_of_2(N)
    rmsnorm_fwd[(M,)](X=x, Y=y, W=weight, stride_x=x.stride(0), stride_y=y.stride(0), N=N, eps=eps, BLOCK_N=BLOCK_N)
    return y
