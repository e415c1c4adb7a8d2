# expect: verified
# kernel_level_row_loss_modes.py with the per-row store moved one element along (`+ 1`): the
# kernel-level claim proves no coverage, so a formula `out[i, j]` over a free `j` would hold of
# this store as of the right one (session 20: `unknown`, naming the pinned index). Since
# session 26 a store that writes a dimension only at a constant is synthesized by cases over
# that index, every other element kept as it was: the formula says the sum lands in column 1,
# which is what this kernel does (verified; `--expect` with `j == 0` is refuted, replayed).
import triton
import triton.language as tl


@triton.jit
def row_sq_err_moved(a_ptr, b_ptr, out_ptr, stride, out_stride, n,
               PER_ELEMENT: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for s in range(0, n, BLOCK):
        c = s + tl.arange(0, BLOCK)
        m = c < n
        a = tl.load(a_ptr + row * stride + c, mask=m, other=0.0)
        b = tl.load(b_ptr + row * stride + c, mask=m, other=0.0)
        if PER_ELEMENT:
            tl.store(out_ptr + row * out_stride + c, (a - b) * (a - b), mask=m)
        else:
            acc += (a - b) * (a - b)
    if not PER_ELEMENT:
        tl.store(out_ptr + row * out_stride + 1, tl.sum(acc, axis=0))
