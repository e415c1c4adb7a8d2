# expect: verified
# formula: partial[i] = sum(k < BLOCK, where(BLOCK * i + k < n, x[BLOCK * i + k], 0))
# The first stage of a two-stage reduction (FlagGems' `sum_kernel_1`, `mean_kernel_1` style),
# no launcher in the file: each program stores one element, at `partial_ptr + pid`. That
# pointer is not a tensor of `n` elements like `x`, so the kernel is no 1-D pattern; the
# strided-views claim gives `partial` a length of its own, and the sum names its block.
import triton
import triton.language as tl


@triton.jit
def partial_sums(x_ptr, partial_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(partial_ptr + pid, tl.sum(x, axis=0))
