# expect: refuted
# formula: out[j] = out[j] + sum(k, x[k, j] * w[k])
# The weighted column sums with tiles that step by one column less than their width: each
# tile's last column is the next tile's first, so that column is added twice.
import torch
import triton
import triton.language as tl


@triton.jit
def weighted_col_sums_kernel(x_ptr, w_ptr, out_ptr, n_cols, TILE: tl.constexpr):
    row = tl.program_id(0)
    scale = tl.load(w_ptr + row)
    for start in range(0, n_cols, TILE - 1):
        cols = start + tl.arange(0, TILE)
        inside = cols < n_cols
        vals = tl.load(x_ptr + row * n_cols + cols, mask=inside, other=0.0)
        tl.atomic_add(out_ptr + cols, vals * scale, mask=inside)


def weighted_col_sums(x: torch.Tensor, w: torch.Tensor, out: torch.Tensor):
    x = x.contiguous()
    w = w.contiguous()
    n_rows, n_cols = x.shape
    assert tuple(w.shape) == (n_rows,)
    assert tuple(out.shape) == (n_cols,)
    assert out.is_contiguous()
    weighted_col_sums_kernel[(n_rows,)](x, w, out, n_cols, TILE=32)
    return out
