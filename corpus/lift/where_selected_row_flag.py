# expect: verified
# where_selected_row_offset.py with no default for `SHARED`: a constexpr used only as
# `tl.where`'s condition selects values by its truth, as `if SHARED:` would, so it is a flag
# (False and True each checked, each with its own formula), not a real scalar of any value.
import triton
import triton.language as tl
from some_package.buffers import output_like


@triton.jit
def scale_by_gain_rows(out_ptr, out_stride, src_ptr, src_stride, gain_ptr, gain_stride, n_cols,
                       BLOCK: tl.constexpr, SHARED: tl.constexpr):
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
