# expect: verified
# formula: out[i] = min(max(x[i], -1), 1)
# Hardtanh as `tl.clamp(x, -1.0, 1.0)` on a flattened view (`x.view(-1)`), FlagGems-style
# `@libentry()` above the autotuner.
import torch
import triton
import triton.language as tl


def libentry():
    def wrap(fn):
        return fn

    return wrap


@libentry()
@triton.autotune(configs=[triton.Config({"BLOCK": 256}), triton.Config({"BLOCK": 1024})], key=["n"])
@triton.jit
def hardtanh_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.clamp(x, -1.0, 1.0), mask=mask)


def hardtanh(x):
    flat = x.contiguous().view(-1)
    out = torch.empty_like(flat)
    n = flat.numel()
    hardtanh_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK"]),)](flat, out, n)
    return out.view_as(x)
