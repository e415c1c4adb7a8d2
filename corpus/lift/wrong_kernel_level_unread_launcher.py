# expect: refuted
# formula: y[i] = x[i] * 2 + bias
# The kernel-level claim refuted: the kernel adds the bias twice. The launcher is not read (its
# block size comes from another package); the counterexample is at the kernel's own
# parameters.
import torch
import triton
import triton.language as tl
from some_package.tuning import pick_block


@triton.jit
def scale_bias_kernel(x_ptr, y_ptr, bias, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, x * 2 + bias + bias, mask=mask)


def scale_bias(x, bias):
    y = torch.empty_like(x)
    n = x.numel()
    block = pick_block(n)
    scale_bias_kernel[(triton.cdiv(n, block),)](x, y, bias, n, BLOCK=block)
    return y
