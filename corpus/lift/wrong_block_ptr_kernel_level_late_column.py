# expect: refuted
# formula: dst[i, j] = 2 * src[i, j]
# The block-pointer twin of block_ptr_kernel_level.py whose load starts one column late
# (`offsets=(pm * BM, pn * BN + 1)`): `dst[i, j]` gets `2 * src[i, j + 1]`.
import triton
import triton.language as tl


@triton.jit
def copy_scaled_2d(src, dst, M, N, stride_sm, stride_dm, BM: tl.constexpr, BN: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    s = tl.make_block_ptr(base=src, shape=(M, N), strides=(stride_sm, 1),
                          offsets=(pm * BM, pn * BN + 1), block_shape=(BM, BN), order=(1, 0))
    d = tl.make_block_ptr(base=dst, shape=(M, N), strides=(stride_dm, 1),
                          offsets=(pm * BM, pn * BN), block_shape=(BM, BN), order=(1, 0))
    t = tl.load(s, boundary_check=(0, 1))
    tl.store(d, t * 2.0, boundary_check=(0, 1))
