# expect: verified
# A Liger-style row kernel whose behaviour hangs on constexprs that nothing in the file
# fixes: no launcher, no default, no autotune list. `HAS_BIAS` only selects code (a flag:
# each of False and True is checked, each with a formula of its own), `ACT` is compared with
# the literals 0 and 1 (each checked), `scale` multiplies values (a real scalar of any value)
# and `n_cols` bounds the mask (an integer of any value). The block size is swept.
import triton
import triton.language as tl


@triton.jit
def scaled_rows(x_ptr, b_ptr, y_ptr, row_stride, scale: tl.constexpr, n_cols: tl.constexpr,
                HAS_BIAS: tl.constexpr, ACT: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    v = tl.load(x_ptr + row * row_stride + cols, mask=mask, other=0.0) * scale
    if HAS_BIAS:
        v = v + tl.load(b_ptr + cols, mask=mask, other=0.0)
    if ACT == 1:
        v = tl.maximum(v, 0.0)
    tl.store(y_ptr + row * row_stride + cols, v, mask=mask)
