# expect: verified
# formula: out[i, j] = x[i, j] + bias[j]
# A bias added to every row over a 2-D grid (rows on axis 0, column tiles on axis 1); the
# launcher asserts the bias length and passes the block size positionally.
import torch
import triton
import triton.language as tl


@triton.jit
def add_bias_kernel(x_ptr, b_ptr, out_ptr, n_cols, stride_x, stride_out, BLOCK_N: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0)
    b = tl.load(b_ptr + cols, mask=mask, other=0.0)
    tl.store(out_ptr + row * stride_out + cols, x + b, mask=mask)


def add_bias(x: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
    n_rows, n_cols = x.shape
    assert bias.numel() == n_cols
    out = torch.empty_like(x)
    BLOCK_N = 64
    add_bias_kernel[(n_rows, triton.cdiv(n_cols, BLOCK_N))](x, bias, out, n_cols, x.stride(0), out.stride(0), BLOCK_N)
    return out
