# expect: verified
# formula: out[i, j] = where(keep[i] != 0, 2 * x[i, j], -x[i, j])
# A branch on a value loaded from memory (a per-row integer flag), with a column loop on each
# side: both sides store to `out`. The symbolic run takes both sides, each store under its
# side's guard; the synthesizer reads the two stores as cases of one formula (the later store
# under its guard over the earlier one), so the synthesized formula is the one above.
import torch
import triton
import triton.language as tl


@triton.jit
def row_flag_kernel(x_ptr, keep_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    keep = tl.load(keep_ptr + row)
    if keep != 0:
        for start in range(0, n_cols, BLOCK):
            cols = start + tl.arange(0, BLOCK)
            m = cols < n_cols
            x = tl.load(x_ptr + row * stride + cols, mask=m, other=0.0)
            tl.store(out_ptr + row * stride + cols, x * 2.0, mask=m)
    else:
        for start in range(0, n_cols, BLOCK):
            cols = start + tl.arange(0, BLOCK)
            m = cols < n_cols
            x = tl.load(x_ptr + row * stride + cols, mask=m, other=0.0)
            tl.store(out_ptr + row * stride + cols, -x, mask=m)


def row_flag(x: torch.Tensor, keep: torch.Tensor):
    x = x.contiguous()
    n_rows, n_cols = x.shape
    assert keep.shape == (n_rows,)
    out = torch.empty_like(x)
    row_flag_kernel[(n_rows,)](x, keep, out, n_cols, x.stride(0), BLOCK=16)
    return out
