# expect: verified
# formula: c[i, j] = sum(k, a[i, k] * b[k, j])
# A matrix product through block pointers: one program per output tile on a 2-D grid, the
# operand tiles read through `tl.make_block_ptr` with `boundary_check` and zero padding (the
# K tail and the M/N edges), advanced by `tl.advance` once per K step, `tl.dot` accumulating,
# and the tile stored through a block pointer checked on both dimensions.
import torch
import triton
import triton.language as tl


@triton.jit
def matmul_bp_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                     stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    a_tile = tl.make_block_ptr(base=a_ptr, shape=(M, K), strides=(stride_am, stride_ak),
                               offsets=(pid_m * BLOCK_M, 0), block_shape=(BLOCK_M, BLOCK_K),
                               order=(1, 0))
    b_tile = tl.make_block_ptr(base=b_ptr, shape=(K, N), strides=(stride_bk, stride_bn),
                               offsets=(0, pid_n * BLOCK_N), block_shape=(BLOCK_K, BLOCK_N),
                               order=(1, 0))
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_tile, boundary_check=(0, 1), padding_option="zero")
        b = tl.load(b_tile, boundary_check=(0, 1), padding_option="zero")
        acc = tl.dot(a, b, acc)
        a_tile = tl.advance(a_tile, (0, BLOCK_K))
        b_tile = tl.advance(b_tile, (BLOCK_K, 0))
    c_tile = tl.make_block_ptr(base=c_ptr, shape=(M, N), strides=(stride_cm, stride_cn),
                               offsets=(pid_m * BLOCK_M, pid_n * BLOCK_N),
                               block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))
    tl.store(c_tile, acc, boundary_check=(0, 1))


def matmul(a, b):
    b = b.contiguous()
    a = a.contiguous()
    assert a.shape[1] == b.shape[0], "Incompatible dimensions"
    M, K = a.shape
    K, N = b.shape
    c = torch.empty((M, N), device=a.device, dtype=a.dtype)
    grid = (triton.cdiv(M, 16), triton.cdiv(N, 16))
    matmul_bp_kernel[grid](
        a, b, c, M, N, K,
        a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
        BLOCK_M=16, BLOCK_N=16, BLOCK_K=16,
    )
    return c
