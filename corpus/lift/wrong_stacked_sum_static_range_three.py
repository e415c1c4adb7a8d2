# expect: refuted
# formula: out[i] = x[0, i] + x[1, i] + x[2, i] + x[3, i]
# The twin of stacked_sum_static_range.py that sums three of the four rows
# (`tl.static_range(3)`).
import triton
import triton.language as tl


@triton.jit
def sum_of_four(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for j in tl.static_range(3):
        acc += tl.load(x_ptr + j * n + offs, mask=offs < n, other=0.0)
    tl.store(out_ptr + offs, acc, mask=offs < n)
