# expect: verified
# formula: c[i] = a[i] * (1 / (exp(-a[i]) + 1)) * b[i]
# Liger-Kernel style: a helper computes silu, the launcher is a plain function called from a
# `torch.autograd.Function`, tensors are flattened views, and the store converts to the
# output's element type.
import torch
import triton
import triton.language as tl


@triton.jit
def silu(x):
    return x * tl.sigmoid(x)


@triton.jit
def _swiglu_forward_kernel(a_ptr, b_ptr, c_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    program_id = tl.program_id(0).to(tl.int64)
    offsets = program_id * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    a_row = tl.load(a_ptr + offsets, mask=mask, other=0).to(tl.float32)
    b_row = tl.load(b_ptr + offsets, mask=mask, other=0)
    c_row = silu(a_row) * b_row
    tl.store(c_ptr + offsets, c_row.to(c_ptr.dtype.element_ty), mask=mask)


def swiglu_forward(a, b):
    a = a.view(-1)
    b = b.view(-1)
    c = torch.empty_like(a)
    n_elements = a.numel()
    BLOCK_SIZE = 1024
    grid = (triton.cdiv(n_elements, BLOCK_SIZE),)
    _swiglu_forward_kernel[grid](a, b, c, n_elements, BLOCK_SIZE=BLOCK_SIZE, num_warps=4)
    return c


class SwiGLUFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        c = swiglu_forward(a, b)
        ctx.save_for_backward(a, b)
        return c
