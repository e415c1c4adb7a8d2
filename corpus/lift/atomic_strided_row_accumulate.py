# expect: verified
# formula: acc[i, j] = acc[i, j] + alpha * x[i, j]
# A gradient-style accumulation: each program of a 2-D grid takes a chunk of a row and adds
# `alpha * x` into `acc` with `tl.atomic_add`, at an address that multiplies the row by a
# stride parameter of its own. No launcher: the kernel-level claim, where the factors of an
# atomic's address are integers (strides) as those of loads and stores are.
import triton
import triton.language as tl


@triton.jit
def accumulate_scaled_rows(x_ptr, acc_ptr, n_cols, stride_x, stride_acc, alpha,
                           BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    keep = cols < n_cols
    x = tl.load(x_ptr + row * stride_x + cols, mask=keep, other=0.0)
    tl.atomic_add(acc_ptr + row * stride_acc + cols, alpha * x, mask=keep)
