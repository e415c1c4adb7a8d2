# expect: verified
# formula: out[i] = sum(k < n_cols, x[i, k])
# A row sum whose loop counts its tiles with `triton.cdiv` inside the kernel (Triton runs the
# Python helper on the kernel's values: `(n_cols + BLOCK - 1) // BLOCK`).
import torch
import triton
import triton.language as tl


@triton.jit
def row_sum_tiles(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    num_tiles = triton.cdiv(n_cols, BLOCK)
    for t in range(num_tiles):
        cols = t * BLOCK + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=0.0)
    tl.store(out_ptr + row, tl.sum(acc, axis=0))


def row_sum(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty((n_rows,), device=x.device, dtype=x.dtype)
    row_sum_tiles[(n_rows,)](x, out, n_cols, BLOCK=128)
    return out
