# expect: verified
# formula: s[i] = a[i] + b[i]; d[i] = a[i] - b[i]
# A helper kernel returning a tuple, unpacked by the caller; two outputs.
import torch
import triton
import triton.language as tl


@triton.jit
def _sum_and_diff(a, b):
    return a + b, a - b


@triton.jit
def sum_diff_kernel(a_ptr, b_ptr, s_ptr, d_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs, mask=mask)
    s, d = _sum_and_diff(a, b)
    tl.store(s_ptr + offs, s, mask=mask)
    tl.store(d_ptr + offs, d, mask=mask)


def sum_diff(a, b):
    s = torch.empty_like(a)
    d = torch.empty_like(a)
    n = a.numel()
    sum_diff_kernel[(triton.cdiv(n, 128),)](a, b, s, d, n, BLOCK=128)
    return s, d
