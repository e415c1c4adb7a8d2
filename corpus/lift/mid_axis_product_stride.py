# expect: verified
# formula: y[i, j, l] = alpha * x[i, j, l]
# A tensor of shape `[M, N, K]` addressed by hand, `pid_m * N * K + n * K + pid_k` (FlagGems'
# `log_softmax` backward style), with no launcher in the file: the kernel-level claim views
# `x` and `y` by the strides their addresses multiply by, here the product `N * K`, then
# `K`, then 1. The views' elements are apart (`x_dim1 * K <= N * K`, `x_dim2 <= K`), a stated
# precondition.
import triton
import triton.language as tl


@triton.jit
def mid_axis_scale(x_ptr, y_ptr, N, K, alpha, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    pid_k = tl.program_id(2)
    offs = pid_m * N * K + n * K + pid_k
    mask = n < N
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, x * alpha, mask=mask)
