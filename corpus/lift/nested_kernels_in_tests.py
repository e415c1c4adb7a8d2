# expect: verified
# Triton functions that are not at the module's top level: a device function defined under a
# module-level `try`/`except` (a fallback copy for older Triton versions), and a kernel and
# its device function defined inside a pytest function. Each gets its own record; the nested
# kernel's launch inside the test is not read, so its claim is the kernel-level one.
import pytest
import torch
import triton
import triton.language as tl

try:
    from triton.language.extra import libdevice

    fast_expm1 = libdevice.expm1
except ImportError:

    @triton.jit
    def fast_expm1(x):
        return tl.exp(x) - 1.0


@pytest.mark.parametrize("n", [7, 1024])
def test_scaled_copy(n):
    @triton.jit
    def scale_add(x_ptr, y_ptr, out_ptr, n_elements, alpha, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        live = offs < n_elements
        x = tl.load(x_ptr + offs, mask=live)
        y = tl.load(y_ptr + offs, mask=live)
        tl.store(out_ptr + offs, alpha * x + y, mask=live)

    x = torch.randn(n, device="cuda")
    y = torch.randn(n, device="cuda")
    out = torch.empty_like(x)
    scale_add[(triton.cdiv(n, 128),)](x, y, out, n, 0.5, BLOCK=128)
    torch.testing.assert_close(out, 0.5 * x + y)
