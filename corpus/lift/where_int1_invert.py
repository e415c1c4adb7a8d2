# expect: verified
# formula: out[i] = where(m[i] != 0, 0, x[i]) + where(m[i] != 0 and x[i] > 0, 1, 0)
# A mask loaded from memory converted with `.to(tl.int1)` (`m != 0`), negated with `~`
# (logical not on a condition), combined with `&`; `~` of an integer block is its bitwise
# complement (`-offs - 1`, checked by `wrong_invert_int.py`).
import torch
import triton
import triton.language as tl


@triton.jit
def masked_fill_kernel(x_ptr, m_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    keep = tl.load(m_ptr + offs, mask=mask, other=0).to(tl.int1)
    y = tl.where(~keep, x, 0.0)
    pos = keep & (x > 0)
    y = y + pos.to(tl.float32)
    tl.store(out_ptr + offs, y, mask=mask)


def masked_fill(x, m):
    out = torch.empty_like(x)
    n = x.numel()
    grid = (triton.cdiv(n, 256),)
    masked_fill_kernel[grid](x, m, out, n, BLOCK_SIZE=256)
    return out
