# expect: refuted
# formula: y[i, j, l] = alpha * x[i, j, l]
# `mid_axis_product_stride.py` reading the next element along the last axis, cyclically
# (`(pid_k + 1) % K`): refuted where `K` is more than 1.
import triton
import triton.language as tl


@triton.jit
def mid_axis_scale(x_ptr, y_ptr, N, K, alpha, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    pid_k = tl.program_id(2)
    offs = pid_m * N * K + n * K + pid_k
    mask = n < N
    x = tl.load(x_ptr + pid_m * N * K + n * K + (pid_k + 1) % K, mask=mask)
    tl.store(y_ptr + offs, x * alpha, mask=mask)
