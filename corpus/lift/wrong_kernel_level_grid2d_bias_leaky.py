# expect: refuted
# formula: y[i, j] = leaky_relu(x[i, j] + b[j], slope)
# The twin of kernel_level_grid2d_bias_leaky.py with the two branches of the leaky ReLU
# swapped (`tl.where(h >= 0, h * slope, h)`): the kernel-level claim of the expected formula
# is refuted by values (an element whose sum is negative).
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"BLOCK_N": 32}, num_warps=4)], key=["N"])
@triton.jit
def bias_leaky_rows(x_ptr, b_ptr, y_ptr, N, stride_xm, stride_xn, stride_ym, slope,
                    BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    tile = tl.program_id(1)
    cols = tile * BLOCK_N + tl.arange(0, BLOCK_N)
    inside = cols < N
    x = tl.load(x_ptr + row * stride_xm + cols * stride_xn, mask=inside, other=0.0)
    b = tl.load(b_ptr + cols, mask=inside, other=0.0)
    h = x + b
    out = tl.where(h >= 0, h * slope, h)
    tl.store(y_ptr + row * stride_ym + cols, out, mask=inside)
