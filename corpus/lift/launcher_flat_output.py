# expect: verified
# formula: out[i, j] = x[i, j] * 3
# The launcher allocates the output flat (`n_rows * n_cols` elements) and the kernel writes it
# row by row. Over the launcher's tensors no formula is synthesized (a 1-D `out` indexed by a
# row and a column: the value depends on the row other than through `out`'s one index), so the
# launcher-level claim is `unknown`; the kernel-level claim, over the kernel's own views
# (`out[i, j]` is `out_ptr[i * row_stride + j]`), is proved, and it is the verdict, its first
# assumption saying why (`the launcher read, its own claim unknown (...)`).
import torch
import triton
import triton.language as tl


@triton.jit
def triple_rows(x_ptr, out_ptr, row_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    v = tl.load(x_ptr + row * row_stride + cols, mask=mask)
    tl.store(out_ptr + row * row_stride + cols, v * 3, mask=mask)


def triple(x: torch.Tensor):
    assert x.is_contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty(n_rows * n_cols, device=x.device, dtype=x.dtype)
    triple_rows[(n_rows,)](x, out, x.stride(0), n_cols, BLOCK=triton.next_power_of_2(n_cols))
    return out
