# expect: verified
# formula: y[i] = sum(k, a[i, k] * x[k])
# A matrix-vector product over row tiles: a loop over column tiles accumulates
# `tl.sum(a * x[None, :], axis=1)`; the launcher asserts the vector's length.
import torch
import triton
import triton.language as tl


@triton.jit
def matvec_kernel(a_ptr, x_ptr, y_ptr, M, N, stride_am, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    acc = tl.zeros([BLOCK_M], dtype=tl.float32)
    for start in range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        a = tl.load(a_ptr + rows[:, None] * stride_am + cols[None, :],
                    mask=(rows[:, None] < M) & (cols[None, :] < N), other=0.0)
        x = tl.load(x_ptr + cols, mask=cols < N, other=0.0)
        acc += tl.sum(a * x[None, :], axis=1)
    tl.store(y_ptr + rows, acc, mask=rows < M)


def matvec(a, x):
    x = x.contiguous()
    a = a.contiguous()
    M, N = a.shape
    assert x.shape[0] == N
    y = torch.empty((M,), device=a.device, dtype=torch.float32)
    matvec_kernel[(triton.cdiv(M, 16),)](a, x, y, M, N, a.stride(0), BLOCK_M=16, BLOCK_N=32)
    return y
