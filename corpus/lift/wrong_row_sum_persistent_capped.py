# expect: refuted
# formula: out[i] = sum(k, x[i, k])
# The persistent row sum over `(min(n_rows, NUM_PROGRAMS),)` programs, with the rows swept
# capped at a constexpr `MAX_ROWS = 500` (a limit copied from another launcher): rows from 500 on are never
# written. Too large for the bounded check's sizes; the coverage obligation's model (500 rows
# and more) is replayed.
import torch
import triton
import triton.language as tl

NUM_PROGRAMS = 4
MAX_ROWS = 500


@triton.jit
def row_sum_persistent_kernel(X, Out, n_rows, n_cols, BLOCK: tl.constexpr,
                              MAX_ROWS: tl.constexpr):
    pid = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    for row in tl.range(pid, min(n_rows, MAX_ROWS), tl.num_programs(0)):
        x = tl.load(X + row * n_cols + cols, mask=cols < n_cols, other=0.0)
        tl.store(Out + row, tl.sum(x, axis=0))


def row_sum(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    BLOCK = 64
    assert n_cols <= BLOCK
    out = torch.empty(n_rows, device=x.device, dtype=x.dtype)
    row_sum_persistent_kernel[(min(n_rows, NUM_PROGRAMS),)](x, out, n_rows, n_cols, BLOCK=BLOCK,
                                                            MAX_ROWS=MAX_ROWS)
    return out
