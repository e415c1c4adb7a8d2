# expect: verified
# formula: out[i, j] = silu(gate[i, j]) * up[i, j]
# Liger-style SwiGLU over rows: one program per row, pointer bumps by the row stride,
# a single tile per row of `triton.next_power_of_2(n_cols)` lanes, `tl.sigmoid`; one row
# stride for the three tensors, so the launcher makes its inputs contiguous.
import torch
import triton
import triton.language as tl


@triton.jit
def _swiglu_row(gate_ptr, up_ptr, out_ptr, stride, n_cols: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    gate_ptr += row * stride
    up_ptr += row * stride
    out_ptr += row * stride
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    g = tl.load(gate_ptr + cols, mask=mask, other=0).to(tl.float32)
    u = tl.load(up_ptr + cols, mask=mask, other=0)
    tl.store(out_ptr + cols, g * tl.sigmoid(g) * u, mask=mask)


def swiglu(gate, up):
    gate = gate.contiguous()
    up = up.contiguous()
    n_rows, n_cols = gate.shape
    out = torch.empty_like(gate)
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    _swiglu_row[(n_rows,)](gate, up, out, out.stride(0), n_cols=n_cols, BLOCK_SIZE=BLOCK_SIZE)
    return out
