# expect: verified
# formula: out[i] = where(x[i] > 0, x[i], x[i] * alpha)
# A file with a kernel and no launcher: the kernel-level claim of the 1-D pattern (named in the
# verdict): the tensors are named after the pointers without `_ptr`, each at least `n` elements
# long as a stated precondition, the float parameter symbolic.
import triton
import triton.language as tl


@triton.jit
def leaky_kernel(x_ptr, out_ptr, n, alpha, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.where(x > 0, x, x * alpha), mask=mask)
