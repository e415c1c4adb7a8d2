# expect: refuted
# formula: out[i, j] = alpha * x[i, j]
# Wrong: the two strides swapped in the load (a transposed read), in the style of a 2-D
# grid with `*x.stride()`: refuted on a non-square input (a read past the end, or a wrong value).
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
    x = tl.load(x_ptr + offs_m[:, None] * stride_xn + offs_n[None, :] * stride_xm, mask=mask)
    tl.store(out_ptr + offs_m[:, None] * stride_om + offs_n[None, :] * stride_on, alpha * x,
             mask=mask)


def scale2d(x, alpha):
    M, N = x.shape
    out = torch.empty_like(x)
    grid = (triton.cdiv(M, 16), triton.cdiv(N, 16))
    scale2d_kernel[grid](x, out, alpha, M, N, *x.stride(), *out.stride(), BLOCK_M=16, BLOCK_N=16)
    return out
