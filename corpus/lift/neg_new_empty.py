# expect: verified
# formula: out[i] = -x[i]
# Negation with the output allocated by `x.new_empty(x.shape)`, the input made contiguous
# first, loads cast up to float32 and the store cast back to the output's element type.
import torch
import triton
import triton.language as tl


@triton.jit
def neg_kernel(in_ptr, out_ptr, numel, BLOCK: tl.constexpr = 256):
    start = tl.program_id(axis=0) * BLOCK
    idx = start + tl.arange(0, BLOCK)
    valid = idx < numel
    v = tl.load(in_ptr + idx, mask=valid, other=0.0).to(tl.float32)
    tl.store(out_ptr + idx, (-v).to(out_ptr.dtype.element_ty), mask=valid)


def neg(x):
    x = x.contiguous()
    out = x.new_empty(x.shape)
    numel = x.numel()
    grid = lambda meta: (triton.cdiv(numel, meta["BLOCK"]),)
    neg_kernel[grid](x, out, numel)
    return out
