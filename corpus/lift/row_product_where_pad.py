# expect: verified
# formula: out[i] = product(k < n_cols, x[i, k])
# The product of each row (torch.prod(x, dim=1)), one program per row, a loop over the row
# in chunks: a [CHUNK] running product taken lane by lane (`running = running * ...`), the
# lanes past the row's end padded by a `where` with 1 (the load itself pads with 0), then
# folded by `tl.reduce` with a combine function that multiplies (operands swapped).
import torch
import triton
import triton.language as tl


@triton.jit
def _times(a, b):
    return b * a


@triton.jit
def row_prod_kernel(x_ptr, out_ptr, n_cols, CHUNK: tl.constexpr):
    row = tl.program_id(0)
    lanes = tl.arange(0, CHUNK)
    running = tl.full([CHUNK], 1.0, dtype=tl.float32)
    for c0 in tl.range(0, n_cols, CHUNK):
        idx = c0 + lanes
        inside = idx < n_cols
        v = tl.load(x_ptr + row * n_cols + idx, mask=inside, other=0.0)
        running = running * tl.where(inside, v, 1.0)
    tl.store(out_ptr + row, tl.reduce(running, 0, _times))


def row_prod(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty(n_rows, device=x.device, dtype=x.dtype)
    row_prod_kernel[(n_rows,)](x, out, n_cols, CHUNK=64)
    return out
