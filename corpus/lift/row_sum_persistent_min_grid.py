# expect: verified
# formula: out[i] = sum(k, x[i, k])
# A persistent row sum over a grid that depends on the sizes, `(min(n_rows, NUM_PROGRAMS),)`:
# the loop's step `tl.num_programs(0)` is a runtime value `P`, positive because the program
# `0 <= pid < P` exists (a premise proved, not assumed). Row `i` is written by program
# `i mod P` at iteration `i div P`; two programs never write one row (`pid + P*t`, with the
# monotonicity of `P*t`).
import torch
import triton
import triton.language as tl

NUM_PROGRAMS = 4


@triton.jit
def row_sum_persistent_kernel(X, Out, n_rows, n_cols, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    for row in tl.range(pid, n_rows, tl.num_programs(0)):
        x = tl.load(X + row * n_cols + cols, mask=cols < n_cols, other=0.0)
        tl.store(Out + row, tl.sum(x, axis=0))


def row_sum(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    BLOCK = 64
    assert n_cols <= BLOCK
    out = torch.empty(n_rows, device=x.device, dtype=x.dtype)
    row_sum_persistent_kernel[(min(n_rows, NUM_PROGRAMS),)](x, out, n_rows, n_cols, BLOCK=BLOCK)
    return out
