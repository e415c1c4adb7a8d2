# expect: verified
# formula: out[i] = x[0, i] + x[1, i] + x[2, i] + x[3, i]
# Four rows of `n` elements summed by a `tl.static_range` loop, the rows reached by `j * n`
# (a pointer stepped by a multiple of the size), no launcher in the file: not the 1-D
# pattern (whose tensors have `n` elements) but the strided view `x[j, i]` of
# `x_ptr[j * n + i]`.
import triton
import triton.language as tl


@triton.jit
def sum_of_four(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for j in tl.static_range(4):
        acc += tl.load(x_ptr + j * n + offs, mask=offs < n, other=0.0)
    tl.store(out_ptr + offs, acc, mask=offs < n)
