# expect: refuted
# formula: out[i] = x[i]
# The first k elements, k an integer the caller passes; the launcher does not check that it fits: a read past the end of x.
import torch
import triton
import triton.language as tl

@triton.jit
def head_kernel(x_ptr, out_ptr, k, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < k
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)

def head(x: torch.Tensor, k: int):
    out = torch.empty(k, device=x.device)
    head_kernel[(triton.cdiv(k, 128),)](x, out, k, BLOCK=128)
    return out
