# expect: refuted
# formula: band[i, j] = 3 * where(i < nvals, vals[i], 0)
# `kernel_level_band_place_sign_branch.py` adding the shift to each value
# it places: wrong for every band element.
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
    tl.store(band_ptr + r * ld + c, v * 3.0 + SHIFT, mask=(r < ld) & (c < ld))
