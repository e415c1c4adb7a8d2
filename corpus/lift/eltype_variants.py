# expect: verified
# formula: y[i] = max(x[i], 0) + 1
# A ReLU-plus-one whose code depends on the element type of its input: a floating-point
# input takes `tl.maximum` with a float zero, an integer one with an integer zero and a
# conversion to `int32`. Which branch runs is decided at compile time from the launch (the
# torch tensor's dtype), not from the text: the claim is split into variants, one per class
# of element types the body tells apart (`x_ptr`: float, int32, int64, ...), each checked
# against the formula; integer variants load integers.
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
        y = tl.maximum(x, 0).to(tl.int32) + 1
    tl.store(y_ptr + offs, y, mask=mask)


def relu_plus_one_launch(x):
    y = torch.empty_like(x)
    n = x.numel()
    relu_plus_one[(triton.cdiv(n, 256),)](x, y, n, BLOCK=256)
    return y
