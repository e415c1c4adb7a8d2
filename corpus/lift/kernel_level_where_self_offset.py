# expect: verified
# formula: y[i] = 2 * x[i]
# An offset name updated through a branch of its own `tl.where` (`src = tl.where(inside,
# src, 0)`): reading the kernel-level views opens that `tl.where` once (it used to open it
# again at every round, forever: FlagGems' randperm `radix_sortbykey_scatter_kernel`). No
# launcher: the kernel-level claim; the masked-off lanes' offset 0 is never used.
import triton
import triton.language as tl


@triton.jit
def clamp_gather_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    inside = offs < n
    src = offs
    src = tl.where(inside, src, 0)
    v = tl.load(x_ptr + src, mask=inside)
    tl.store(y_ptr + offs, v * 2.0, mask=inside)
