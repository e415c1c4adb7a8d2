# expect: verified
# formula: out[i, j] = where(j % C == j // C, inp[i, j] + 1, inp[i, j])
# A batch of square matrices, each flattened into one row of `C * C` elements (FlagGems'
# `triu_batch` style): the row and column of an element are `j // C` and `j % C` of its
# flat index, and the formula says so in Triton's integer `//` and `%`. The diagonal gets 1
# added.
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
    y = tl.where(row == col, x + 1.0, x)
    tl.store(out + b * CC + f, y, mask=m)
