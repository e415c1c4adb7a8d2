# expect: refuted
# formula: partial[i] = sum(k < BLOCK, where(BLOCK * i + k < n, x[BLOCK * i + k], 0))
# `partial_sums_per_program.py` with the mask one element too long (`<=`): a program whose
# block passes `n` adds `x[n]`, refuted where `x` has that element.
import triton
import triton.language as tl


@triton.jit
def partial_sums(x_ptr, partial_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs <= n, other=0.0)
    tl.store(partial_ptr + pid, tl.sum(x, axis=0))
