# expect: refuted
# formula: y[i, j] = max(scale * x[i, j], 0)
# The kernel of corpus/lift/kernel_level_flags.py against a formula that holds for one flag
# assignment only (`HAS_BIAS` = False, `ACT` = 1): every assignment is checked against the
# stated formula, and at `HAS_BIAS` = True the bias makes the kernel disagree; the
# counterexample is replayed at that assignment.
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
