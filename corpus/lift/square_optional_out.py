# expect: verified
# formula: out[i] = x[i] * x[i]
# An optional output (`out: Optional[torch.Tensor] = None`, allocated when None), an
# accumulator of the pointer's element type (`tl.zeros(..., dtype=x_ptr.dtype.element_ty)`),
# a `tl.static_assert` on the tile, and `num_warps` from a helper function.
import torch
import triton
import triton.language as tl
from typing import Optional


@triton.jit
def sq_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    tl.static_assert(BLOCK % 16 == 0)
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.)
    acc = tl.zeros([BLOCK], dtype=x_ptr.dtype.element_ty)
    acc += x * x
    tl.store(out_ptr + offs, acc, mask=m)


def get_num_warps(block):
    return 4 if block <= 1024 else 8


def square(x: torch.Tensor, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is None:
        out = torch.empty_like(x)
    n = x.numel()
    BLOCK = 256
    sq_kernel[(triton.cdiv(n, BLOCK),)](x, out, n, BLOCK=BLOCK, num_warps=get_num_warps(BLOCK))
    return out
