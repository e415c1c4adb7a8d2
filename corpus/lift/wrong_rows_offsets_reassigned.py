# expect: refuted
# formula: dst[i, j] = scale * src[i, j]
# Wrong on purpose: the store is one column late.
# One name holds two different offsets: first the source row's (by `src_stride`), then the
# destination row's (by `dst_stride`). No launcher: the kernel-level claim, over views of
# the pointers by the strides each address multiplies by, where `at` is read at each address
# by its last assignment before it.
import triton
import triton.language as tl


@triton.jit
def wrong_scale_rows_kernel(src, dst, src_stride, dst_stride, n_cols, scale, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    inside = c < n_cols
    at = r * src_stride + c
    v = tl.load(src + at, mask=inside)
    at = r * dst_stride + c + 1
    tl.store(dst + at, v * scale, mask=inside)
