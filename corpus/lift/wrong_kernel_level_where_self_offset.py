# expect: refuted
# formula: y[i] = 2 * x[i]
# Wrong on purpose: the masked-in lanes read `x` backwards (`n - 1 - src`), through the
# `tl.where` that updates `src` from itself.
# An offset name updated through a branch of its own `tl.where`; no launcher: the
# kernel-level claim.
import triton
import triton.language as tl


@triton.jit
def clamp_gather_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    inside = offs < n
    src = offs
    src = tl.where(inside, n - 1 - src, 0)
    v = tl.load(x_ptr + src, mask=inside)
    tl.store(y_ptr + offs, v * 2.0, mask=inside)
