# expect: verified
# formula: out[i] = where(x[i] / y[i] >= 0, floor(x[i] / y[i]), ceil(x[i] / y[i]))
# Division rounding toward zero as FlagGems' `trunc_div` writes it: `tl.floor` of a
# non-negative quotient, `tl.ceil` of a negative one. `floor` is a real function without
# axioms here (uninterpreted, named in the verdict); `ceil(q)` is `-floor(-q)`, one definition.
import torch
import triton
import triton.language as tl


@triton.jit
def trunc_div_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=1.0)
    q = x / y
    r = tl.where(q >= 0, tl.floor(q), tl.math.ceil(q))
    tl.store(out_ptr + offs, r, mask=mask)


def trunc_div(x, y):
    out = torch.empty_like(x)
    n = x.numel()
    trunc_div_kernel[(triton.cdiv(n, 256),)](x, y, out, n, BLOCK=256)
    return out
