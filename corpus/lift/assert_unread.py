# expect: verified
# formula: y[i] = 2 * x[i]
# An assert the model cannot read (a function not in the file, given a tensor): the
# launcher-level claim is not made (the assert is never skipped), and the kernel-level claim
# stands, naming the unread assert and its position in its first assumption.
import torch
import triton
import triton.language as tl


@triton.jit
def double_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = o < n
    tl.store(y_ptr + o, tl.load(x_ptr + o, mask=m) * 2.0, mask=m)


def double(x):
    assert check_layout(x), "unsupported layout"
    y = torch.empty_like(x)
    n = x.numel()
    double_kernel[(triton.cdiv(n, 256),)](x, y, n, BLOCK=256)
    return y
