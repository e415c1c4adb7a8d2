# expect: verified
# Atomic adds into distinct elements (each lane of each program its own): the same as
# `out[i] = out[i] + v`, a read-modify-write in place.
import torch
import triton
import triton.language as tl


@triton.jit
def axpy_atomic_kernel(x_ptr, out_ptr, alpha, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.atomic_add(out_ptr + offs, alpha * x, mask=mask, sem="relaxed")


def axpy_atomic(x: torch.Tensor, out: torch.Tensor, alpha: float):
    n = x.numel()
    grid = (triton.cdiv(n, 128),)
    axpy_atomic_kernel[grid](x, out, alpha, n, BLOCK=128)
    return out
