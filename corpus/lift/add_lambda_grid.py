# expect: verified
# formula: out[i] = a[i] + b[i]
# New-user style (tutorial 01 variant): output pointer first, grid as a lambda over META,
# `x.numel()`, constexpr by keyword, no type annotations on the launcher.
import torch
import triton
import triton.language as tl


@triton.jit
def add_kernel(out_ptr, a_ptr, b_ptr, numel, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK + tl.arange(0, BLOCK)
    m = offsets < numel
    a = tl.load(a_ptr + offsets, mask=m)
    b = tl.load(b_ptr + offsets, mask=m)
    tl.store(out_ptr + offsets, a + b, mask=m)


def add(a, b):
    out = torch.empty_like(a)
    numel = out.numel()
    grid = lambda meta: (triton.cdiv(numel, meta["BLOCK"]),)
    add_kernel[grid](out, a, b, numel, BLOCK=512)
    return out
