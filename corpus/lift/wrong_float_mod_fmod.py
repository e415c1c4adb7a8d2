# expect: refuted
# formula: out[i] = where(x[i] < 0, -1, 1) * (abs(x[i]) - floor(abs(x[i]) / abs(y[i])) * abs(y[i]))
# C's `fmod` (the result takes the dividend's sign) is not Triton's float `%`: for x = -1/2,
# y = 3/2 Triton gives 1, `fmod` gives -1/2.
import torch
import triton
import triton.language as tl


@triton.jit
def float_mod_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x % y, mask=mask)


def float_mod(x, y):
    out = torch.empty_like(x)
    n = x.numel()
    float_mod_kernel[(triton.cdiv(n, 128),)](x, y, out, n, BLOCK=128)
    return out
