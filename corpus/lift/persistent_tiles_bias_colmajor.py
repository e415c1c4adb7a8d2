# expect: verified
# formula: out[i, j] = x[i, j] + b[j]
# A persistent kernel: a fixed number of programs walks the 2-D tiles of `x` in a
# grid-stride loop over one flat tile id, taken apart column-major by `%` and `//` of the
# number of row tiles (`tl.cdiv(n_rows, BLOCK_M)`, itself a truncating division of a
# size), and adds a per-column bias to each tile. The tile id is the loop's variable
# `pid + k * programs`, not a program id, so the store's offset splits into the output's
# dimensions only once the sign cases of both divisions are dropped. The launch is the
# caller's (a kernel-level claim).
import triton
import triton.language as tl


@triton.jit
def persistent_bias_kernel(x_ptr, b_ptr, out_ptr, n_rows, n_cols, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    first = tl.program_id(0)
    programs = tl.num_programs(0)
    tiles_m = tl.cdiv(n_rows, BLOCK_M)
    tiles = tiles_m * tl.cdiv(n_cols, BLOCK_N)
    for tile in tl.range(first, tiles, programs):
        tile_m = tile % tiles_m
        tile_n = tile // tiles_m
        rows = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
        cols = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
        inside = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
        at = rows[:, None] * n_cols + cols[None, :]
        x = tl.load(x_ptr + at, mask=inside, other=0.0)
        b = tl.load(b_ptr + cols, mask=cols < n_cols, other=0.0)
        tl.store(out_ptr + at, x + b[None, :], mask=inside)

