# expect: verified
# formula: out[i] = x[i] + abs(i - 5) + max(i, 3) - min(i, 3) + where(m[i] != 0 and x[i] > 0, 1, 0)
# (synthesis writes the integer `abs`, `max` and `min` of a lane index as `where`s, and `^`
# of conditions by De Morgan's laws; both formulas verify)
# Integer ops on integer blocks stay integers: `tl.abs`, `tl.maximum` and `tl.minimum` of
# lane indices; `^` of conditions; `tl.zeros_like` (zeros of its input's shape and type) and
# `tl.float32(v)` (a dtype called on a value converts it).
import torch
import triton
import triton.language as tl


@triton.jit
def int_ops_kernel(x_ptr, m_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    keep = tl.load(m_ptr + offs, mask=mask, other=0).to(tl.int1)
    acc = tl.zeros_like(x) + tl.float32(0.0)
    d = tl.abs(offs - 5) + tl.maximum(offs, 3) - tl.minimum(offs, 3)
    flip = keep ^ (x <= 0)
    both = flip & keep
    y = acc + x + d + both.to(tl.float32)
    tl.store(out_ptr + offs, y, mask=mask)


def int_ops(x, m):
    out = torch.empty_like(x)
    n = x.numel()
    grid = (triton.cdiv(n, 256),)
    int_ops_kernel[grid](x, m, out, n, BLOCK_SIZE=256)
    return out
