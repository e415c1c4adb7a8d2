# expect: verified
# formula: z[i, j] = x[i, j] + y[i, j]
# The launcher asserts the output's shape (`assert tuple(z.shape) == (M, N)`): read as
# facts, so `z` has M rows (it was ignored, `z` got one row, and this correct kernel was
# refuted).
import torch
import triton
import triton.language as tl


@triton.jit
def add2d_kernel(x_ptr, y_ptr, z_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < N
    a = tl.load(x_ptr + row * N + cols, mask=m)
    b = tl.load(y_ptr + row * N + cols, mask=m)
    tl.store(z_ptr + row * N + cols, a + b, mask=m)


def add2d(x, y, z):
    M, N = x.shape
    assert x.shape == y.shape
    assert tuple(z.shape) == (M, N)
    assert x.is_contiguous() and y.is_contiguous() and z.is_contiguous() and x.is_cuda
    add2d_kernel[(M,)](x, y, z, N, BLOCK=triton.next_power_of_2(N))
    return z
