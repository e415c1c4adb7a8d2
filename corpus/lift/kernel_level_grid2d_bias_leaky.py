# expect: verified
# formula: y[i, j] = leaky_relu(x[i, j] + b[j], slope)
# A 2-D grid over rows and column tiles, both strides of `x` parameters of their own, a
# per-column bias and a leaky ReLU by `tl.where`, block sizes fixed by an autotune
# configuration, no launcher in the file: the kernel-level claim by strided views
# (`x[i, j]` is `x_ptr[i * stride_xm + j * stride_xn]`). `--differential` launches the
# kernel itself from the record's `launches` and compares every element it stores.
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
    out = tl.where(h > 0, h, h * slope)
    tl.store(y_ptr + row * stride_ym + cols, out, mask=inside)
