# expect: verified
# formula: out[i, j] = x[i, j] * sigmoid(x[i, j]) * x[i, j + H]
# silu_and_mul (vLLM/FlagGems style): the input's two halves `x[:, :H]` and `x[:, H:]` by a
# pointer offset of `H` within each row; a 2-D grid of rows by column blocks.
import torch
import triton
import triton.language as tl


@triton.jit
def silu_and_mul_kernel(x_ptr, out_ptr, H, stride_x, stride_out, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = cols < H
    gate = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0).to(tl.float32)
    up = tl.load(x_ptr + row * stride_x + H + cols, mask=mask, other=0.0)
    out = gate * tl.sigmoid(gate) * up
    tl.store(out_ptr + row * stride_out + cols, out, mask=mask)


def silu_and_mul(x: torch.Tensor) -> torch.Tensor:
    M, two_h = x.shape
    H = two_h // 2
    out = torch.empty((M, H), device=x.device, dtype=x.dtype)
    grid = (M, triton.cdiv(H, 256))
    silu_and_mul_kernel[grid](x, out, H, x.stride(0), out.stride(0), BLOCK=256)
    return out
