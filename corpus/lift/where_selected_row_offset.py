# expect: verified
# formula: out[i, j] = src[i, j] * gain[gain_stride * i + j]
# A row kernel whose gain row is chosen by `tl.where` on a constexpr flag: one shared row
# (`SHARED`) or a row per program. The stride `gain_stride` reaches an address only through
# the `tl.where`, so it is an integer by that use (Triton rejects a pointer plus a float),
# not a real scalar. The launcher is not read (its output comes from another package): the
# kernel-level claim at `SHARED`'s default (the differential has no launcher to run).
import triton
import triton.language as tl
from some_package.buffers import output_like


@triton.jit
def scale_by_gain_rows(out_ptr, out_stride, src_ptr, src_stride, gain_ptr, gain_stride, n_cols,
                       BLOCK: tl.constexpr, SHARED: tl.constexpr = False):
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    keep = cols < n_cols
    gain_row = gain_ptr + tl.where(SHARED, 0 * gain_stride, row * gain_stride)
    g = tl.load(gain_row + cols, mask=keep, other=0.0)
    v = tl.load(src_ptr + row * src_stride + cols, mask=keep, other=0.0)
    tl.store(out_ptr + row * out_stride + cols, v * g, mask=keep)


def scale_by_gain(src, gain):
    out = output_like(src)
    shared = gain.shape[0] == 1
    scale_by_gain_rows[(src.shape[0],)](out, out.stride(0), src, src.stride(0), gain, gain.stride(0),
                                       src.shape[1], SHARED=shared, BLOCK=128)
    return out
