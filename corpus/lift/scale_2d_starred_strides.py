# expect: verified
# formula: out[i, j] = alpha * x[i, j]
# A 2-D grid read with `tl.program_id(axis=1)`, strides passed as `*x.stride()`, masks
# combined with `&`, a float scalar argument.
import torch
import triton
import triton.language as tl


@triton.jit
def scale2d_kernel(x_ptr, out_ptr, alpha, M, N, stride_xm, stride_xn, stride_om, stride_on,
                   BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(axis=0)
    pid_n = tl.program_id(axis=1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    x = tl.load(x_ptr + offs_m[:, None] * stride_xm + offs_n[None, :] * stride_xn, mask=mask)
    tl.store(out_ptr + offs_m[:, None] * stride_om + offs_n[None, :] * stride_on, alpha * x,
             mask=mask)


def scale2d(x, alpha):
    M, N = x.shape
    out = torch.empty_like(x)
    grid = (triton.cdiv(M, 16), triton.cdiv(N, 16))
    scale2d_kernel[grid](x, out, alpha, M, N, *x.stride(), *out.stride(), BLOCK_M=16, BLOCK_N=16)
    return out
