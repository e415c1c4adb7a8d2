# expect: refuted
# formula: y[i, j] = x[i, j] * rsqrt(sum(k, x[i, k] * x[i, k]) / n + eps)
# The wrong twin of rms_norm_eps_full.py: epsilon is added after the square root.
# RMS normalisation whose epsilon is a float constexpr made a 0-d float32 block by
# `tl.full((), eps, tl.float32)` before it is added (a fill value, not a block size: the
# constexpr stays a real of any value); strides are constexprs too.
import torch
import triton
import triton.language as tl


@triton.jit
def rms_rows(y, y_stride: tl.constexpr, x, x_stride: tl.constexpr, n: tl.constexpr,
             eps: tl.constexpr, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    v = tl.load(x + r * x_stride + c, mask=c < n, other=0.0).to(tl.float32)
    e = tl.full((), eps, tl.float32)
    scale = 1.0 / (tl.sqrt(tl.sum(v * v, axis=0) / n) + e)
    tl.store(y + r * y_stride + c, v * scale, mask=c < n)


def rms(x, eps=1e-6):
    x = x.contiguous()
    rows, n = x.shape
    y = torch.empty_like(x)
    rms_rows[(rows,)](y, y.stride(0), x, x.stride(0), n, eps, BLOCK=triton.next_power_of_2(n))
    return y
