# expect: verified
# formula: y[i, j] = x[i, j] * rsqrt(sum(k, x[i, k] * x[i, k]) / N + eps) * weight[j]
# FlagGems-style RMS norm: `@triton.heuristics` computing the block from the row length,
# a `libdevice.rsqrt`, `tl.sum(x * x, axis=0) / N`, pointer bumps, the weight loaded with
# `other=0.0`. The launcher asserts `weight`'s shape: without the assert nothing relates it
# to `x`'s, and the verdict would be the kernel-level claim's.
import torch
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.heuristics({"BLOCK_N": lambda args: triton.next_power_of_2(args["N"])})
@triton.jit
def rms_norm_kernel(Y, X, W, y_stride_r, x_stride_r, N, eps, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    Y += pid * y_stride_r
    X += pid * x_stride_r
    cols = tl.arange(0, BLOCK_N)
    mask = cols < N
    x = tl.load(X + cols, mask=mask, other=0.0).to(tl.float32)
    var = tl.sum(x * x, axis=0) / N
    rrms = libdevice.rsqrt(var + eps)
    w = tl.load(W + cols, mask=mask, other=0.0)
    tl.store(Y + cols, (x * rrms) * w, mask=mask)


def rms_norm(x, weight, eps=1e-6):
    M, N = x.shape
    assert tuple(weight.shape) == (N,)
    x = x.contiguous()
    y = torch.empty_like(x)
    rms_norm_kernel[(M,)](y, x, weight.contiguous(), y.stride(0), x.stride(0), N, eps)
    return y
