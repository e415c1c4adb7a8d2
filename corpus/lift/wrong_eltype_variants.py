# expect: refuted
# formula: y[i] = max(x[i], 0) + 1
# corpus/lift/eltype_variants.py with its integer branch wrong (a floor of 1 instead of 0):
# the floating-point variant is verified, the `int32` variant refuted by a replayed
# counterexample (an element 0 gives 2, not 1), and the record names the variant.
import torch
import triton
import triton.language as tl


@triton.jit
def relu_plus_one(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    if x_ptr.dtype.element_ty.is_floating():
        y = tl.maximum(x, 0.0) + 1.0
    else:
        y = tl.maximum(x, 1).to(tl.int32) + 1
    tl.store(y_ptr + offs, y, mask=mask)


def relu_plus_one_launch(x):
    y = torch.empty_like(x)
    n = x.numel()
    relu_plus_one[(triton.cdiv(n, 256),)](x, y, n, BLOCK=256)
    return y
