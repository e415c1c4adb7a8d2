# expect: verified
# formula: y[i] = x[i] * 2
# What the launcher says of the layout of the caller's tensor `x`. A kernel reads memory, and
# a caller may pass a transposed or sliced tensor: the launcher-level claim (`y[i]` of the
# launcher's tensors) stands only where the text makes `x` contiguous (`x.contiguous()`,
# `assert x.is_contiguous()`, a branch that copies it when it is not); elsewhere the
# kernel-level claim stands (`y[i]` is `y_ptr[i]`), naming the tensor whose layout is not read.
# `records.rs` checks which claim each kernel gets.
import torch
import triton
import triton.language as tl


@triton.jit
def twice_as_given(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2, mask=mask)


@triton.jit
def twice_made_contiguous(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2, mask=mask)


@triton.jit
def twice_asserted(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2, mask=mask)


@triton.jit
def twice_copied_if_needed(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2, mask=mask)


@triton.jit
def twice_like_the_original(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2, mask=mask)


def as_given(x):
    y = torch.empty_like(x)
    n = x.numel()
    twice_as_given[(triton.cdiv(n, 256),)](x, y, n, BLOCK=256)
    return y


def made_contiguous(x):
    x = x.contiguous()
    y = torch.empty_like(x)
    n = x.numel()
    twice_made_contiguous[(triton.cdiv(n, 256),)](x, y, n, BLOCK=256)
    return y


def asserted(x):
    assert x.is_contiguous(), "x must be contiguous"
    y = torch.empty_like(x)
    n = x.numel()
    twice_asserted[(triton.cdiv(n, 256),)](x, y, n, BLOCK=256)
    return y


def copied_if_needed(x):
    if not x.is_contiguous():
        x = x.contiguous()
    y = torch.empty_like(x)
    n = x.numel()
    twice_copied_if_needed[(triton.cdiv(n, 256),)](x, y, n, BLOCK=256)
    return y


def like_the_original(x):
    xc = x.contiguous()
    # `empty_like` keeps the strides of a dense `x`: `y` may be transposed.
    y = torch.empty_like(x)
    n = xc.numel()
    twice_like_the_original[(triton.cdiv(n, 256),)](xc, y, n, BLOCK=256)
    return y
