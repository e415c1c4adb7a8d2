# expect: verified
# formula: dst[i, j] = 2 * src[i, j]
# Block pointers (`tl.make_block_ptr` with `boundary_check`) and a 2-D grid, no launcher in
# the file: the kernel-level claim by the strided views the block pointers state (`src[i, j]`
# is `src[i * stride_sm + j]`). The shape, strides and offsets of a block pointer are
# integers, its `block_shape` sizes blocks (swept: nothing in the text fixes them).
import triton
import triton.language as tl


@triton.jit
def copy_scaled_2d(src, dst, M, N, stride_sm, stride_dm, BM: tl.constexpr, BN: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    s = tl.make_block_ptr(base=src, shape=(M, N), strides=(stride_sm, 1),
                          offsets=(pm * BM, pn * BN), block_shape=(BM, BN), order=(1, 0))
    d = tl.make_block_ptr(base=dst, shape=(M, N), strides=(stride_dm, 1),
                          offsets=(pm * BM, pn * BN), block_shape=(BM, BN), order=(1, 0))
    t = tl.load(s, boundary_check=(0, 1))
    tl.store(d, t * 2.0, boundary_check=(0, 1))
