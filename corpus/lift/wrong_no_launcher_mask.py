# expect: unknown
# formula: out[i] = where(x[i] > 0, x[i], x[i] * alpha)
# A file with a kernel and no launcher whose mask lets one lane past `n`. Nothing in the text
# says how long `x` is, so no shape is assumed: the kernel-level claim states `x` at least `n`
# elements long as a precondition, and an access past it is `unknown` ("the precondition that
# bounds it is not derived"), never refuted at a length the model made up.
import triton
import triton.language as tl


@triton.jit
def leaky_kernel(x_ptr, out_ptr, n, alpha, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n + 1
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.where(x > 0, x, x * alpha), mask=mask)
