# expect: verified
# formula: out[i, j] = x[j, i]
# A transpose over a 2-D grid of tiles (`tl.program_id(0)`, `tl.program_id(1)`), strides read
# from `x.stride()` as a tuple, the output from `torch.empty((N, M), ...)`.
import torch
import triton
import triton.language as tl


@triton.jit
def transpose_kernel(x_ptr, out_ptr, M, N, stride_xm, stride_xn, stride_om, stride_on,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    tile = tl.load(x_ptr + rm[:, None] * stride_xm + rn[None, :] * stride_xn, mask=mask)
    tl.store(out_ptr + rn[None, :] * stride_om + rm[:, None] * stride_on, tile, mask=mask)


def transpose(x):
    M, N = x.shape
    out = torch.empty((N, M), device=x.device, dtype=x.dtype)
    sx = x.stride()
    so = out.stride()
    grid = (triton.cdiv(M, 32), triton.cdiv(N, 16))
    transpose_kernel[grid](x, out, M, N, sx[0], sx[1], so[0], so[1], BLOCK_M=32, BLOCK_N=16)
    return out
