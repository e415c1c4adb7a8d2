# expect: refuted
# formula: out[i, j] = where(j % C == j // C, inp[i, j] + 1, inp[i, j])
# `flat_batch_index_divmod.py` with the row taken as `f % C` and the column as `f // C`
# swapped into `f // C == f % C + 1`: the sub-diagonal gets the 1, refuted at a size the
# replay shows.
import triton
import triton.language as tl


@triton.jit
def add_eye_kernel(inp, out, batch, CC, C, BB: tl.constexpr, BF: tl.constexpr):
    b = tl.program_id(0) * BB + tl.arange(0, BB)[:, None]
    f = tl.program_id(1) * BF + tl.arange(0, BF)[None, :]
    m = (b < batch) & (f < CC)
    x = tl.load(inp + b * CC + f, mask=m, other=0.0)
    row = f // C
    col = f % C
    y = tl.where(row == col + 1, x + 1.0, x)
    tl.store(out + b * CC + f, y, mask=m)
