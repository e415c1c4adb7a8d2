# expect: verified
# formula: y[i, j] = exp2(1.4426950408889634 * (x[i, j] - max(k, x[i, k]))) / sum(k, exp2(1.4426950408889634 * (x[i, k] - max(k2, x[i, k2]))))
# Softmax through exp2 with log2(e) folded in (a FlagGems idiom), the padding set to -inf by
# `tl.where` after a load with `other=0.0`: -inf times a positive constant stays -inf, and
# exp2(-inf) is 0.
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(X, Y, N, stride_xm, stride_ym, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < N
    x = tl.load(X + row * stride_xm + cols, mask=mask, other=0.0)
    x = tl.where(mask, x, float("-inf"))
    m = tl.max(x, axis=0)
    e = tl.exp2((x - m) * 1.4426950408889634)
    s = tl.sum(e, axis=0)
    tl.store(Y + row * stride_ym + cols, e / s, mask=mask)


def softmax(x):
    x = x.contiguous()
    M, N = x.shape
    y = torch.empty_like(x)
    BLOCK_N = triton.next_power_of_2(N)
    softmax_kernel[(M,)](x, y, N, x.stride(0), y.stride(0), BLOCK_N=BLOCK_N)
    return y
