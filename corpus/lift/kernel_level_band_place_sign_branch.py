# expect: verified
# formula: band[i, j] = 3 * where(i < nvals, vals[i], 0)
# Values placed on a band of a square matrix (`band[k, k + SHIFT]` above the diagonal,
# `band[k - SHIFT, k]` below it), the side chosen by a branch on the sign of an integer
# constexpr that nothing fixes. The kernel-level claim takes such a constexpr as an integer of
# at least 1, so the store's offset `r * ld + c` is that of its branch `SHIFT > -1`: the split
# drops the other case, and the value obligation proves that the split index addresses the
# store's element.
import triton
import triton.language as tl


@triton.jit
def band_place(vals_ptr, band_ptr, nvals, ld, SHIFT: tl.constexpr, BLOCK: tl.constexpr):
    k = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    if SHIFT > -1:
        r = k
        c = k + SHIFT
    else:
        r = k - SHIFT
        c = k
    v = tl.load(vals_ptr + k, mask=k < nvals, other=0.0)
    tl.store(band_ptr + r * ld + c, v * 3.0, mask=(r < ld) & (c < ld))
