# expect: verified
# formula: out[i, j] = x[i, j] + y[i, j]
# A 2-D elementwise sum through block pointers: one program per BLOCK_M x BLOCK_N tile
# (`tl.make_block_ptr` with the tensor's shape and strides, the tile's offsets), loads with
# `boundary_check=(0, 1)` and zero padding, a store checked the same way.
import torch
import triton
import triton.language as tl


@triton.jit
def add_tile_kernel(x_ptr, y_ptr, out_ptr, M, N, sxm, sxn, sym, syn, som, son,
                    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    x_block = tl.make_block_ptr(base=x_ptr, shape=(M, N), strides=(sxm, sxn),
                                offsets=(pid_m * BLOCK_M, pid_n * BLOCK_N),
                                block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))
    y_block = tl.make_block_ptr(y_ptr, (M, N), (sym, syn),
                                (pid_m * BLOCK_M, pid_n * BLOCK_N), (BLOCK_M, BLOCK_N), (1, 0))
    o_block = tl.make_block_ptr(out_ptr, (M, N), (som, son),
                                (pid_m * BLOCK_M, 0), (BLOCK_M, BLOCK_N), (1, 0))
    o_block = tl.advance(o_block, (0, pid_n * BLOCK_N))
    x = tl.load(x_block, boundary_check=(0, 1), padding_option="zero")
    y = tl.load(y_block, boundary_check=(0, 1), padding_option="zero")
    tl.store(o_block, x + y, boundary_check=(0, 1))


def add_tiles(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    y = y.contiguous()
    x = x.contiguous()
    M, N = x.shape
    assert x.shape == y.shape
    out = torch.empty_like(x)
    grid = (triton.cdiv(M, 16), triton.cdiv(N, 32))
    add_tile_kernel[grid](x, y, out, M, N, x.stride(0), x.stride(1), y.stride(0), y.stride(1),
                          out.stride(0), out.stride(1), BLOCK_M=16, BLOCK_N=32)
    return out
