# expect: verified
# formula: out[i] = x[i] + y[i]
# What the launcher says of how the caller's tensors' shapes relate. The model reads two
# caller's tensors with one shape only where the text relates them (`assert x.shape ==
# y.shape`); where nothing does (`add_unrelated`: a caller may pass a shorter `y`), or where
# the caller may give the output (`out=None`), the kernel-level claim is what is verified
# (in bounds when each has `n` elements). `records.rs` checks which claim each kernel gets.
import torch
import triton
import triton.language as tl


@triton.jit
def add_related_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(x_ptr + offs, mask=mask)
    b = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, a + b, mask=mask)


@triton.jit
def add_unrelated_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(x_ptr + offs, mask=mask)
    b = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, a + b, mask=mask)


@triton.jit
def add_out_given_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(x_ptr + offs, mask=mask)
    b = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, a + b, mask=mask)


def add_related(x, y):
    assert x.shape == y.shape
    x, y = x.contiguous(), y.contiguous()
    out = torch.empty_like(x)
    n = out.numel()
    add_related_kernel[(triton.cdiv(n, 128),)](x, y, out, n, BLOCK=128)
    return out


def add_unrelated(x, y):
    x, y = x.contiguous(), y.contiguous()
    out = torch.empty_like(x)
    n = out.numel()
    add_unrelated_kernel[(triton.cdiv(n, 128),)](x, y, out, n, BLOCK=128)
    return out


def add_out_given(x, y, out=None):
    assert x.shape == y.shape
    x, y = x.contiguous(), y.contiguous()
    if out is None:
        out = torch.empty_like(x)
    n = x.numel()
    add_out_given_kernel[(triton.cdiv(n, 128),)](x, y, out, n, BLOCK=128)
    return out
