# expect: verified
# A squared-error kernel with no launcher whose flag `PER_ELEMENT` (nothing fixes it: each
# of False and True is checked) either stores each element's error or adds them into a tile
# accumulator inside the loop's `if` and stores one value per row at the row's start. In the
# reduction mode `out_ptr` is addressed only at `row * out_stride`, so the kernel-level claim
# views it as `out[i]` (one element per row) and pins the written index: the store is no
# longer read as a row `out[i, j]` with a free `j`.
import triton
import triton.language as tl


@triton.jit
def row_sq_err(a_ptr, b_ptr, out_ptr, stride, out_stride, n,
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
        tl.store(out_ptr + row * out_stride, tl.sum(acc, axis=0))
