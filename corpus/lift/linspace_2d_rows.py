# expect: verified
# formula: out[i, j] = base[i] + delta * j
# A ramp per row: each program writes one row, `base[row] + delta * col`, where the column
# comes from the lanes of a block stepped through the row. The stored value steps with the
# output's index, so the formula is written through it (`delta * j`), not through the program
# id and the lanes.
import torch
import triton
import triton.language as tl


@triton.jit
def ramp_rows(base_ptr, out_ptr, delta, n_cols, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    b = tl.load(base_ptr + row)
    for start in range(0, n_cols, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        vals = b + cols.to(tl.float32) * delta
        tl.store(out_ptr + row * n_cols + cols, vals, mask=cols < n_cols)


def ramp(base: torch.Tensor, delta: float, n_cols: int):
    assert base.is_contiguous()
    (n_rows,) = base.shape
    out = torch.empty((n_rows, n_cols), device=base.device, dtype=torch.float32)
    ramp_rows[(n_rows,)](base, out, delta, n_cols, BLOCK_N=64)
    return out
