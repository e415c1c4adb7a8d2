# expect: refuted
# formula: out[i] = alpha * x[i] + y[i]
# The wrong twin of nested_kernels_in_tests.py: the kernel defined inside the test subtracts
# `y`. Refuted by its kernel-level claim (any `n_elements`, any program count).
import pytest
import torch
import triton
import triton.language as tl

@pytest.mark.parametrize("n", [7, 1024])
def test_scaled_copy(n):
    @triton.jit
    def scale_add(x_ptr, y_ptr, out_ptr, n_elements, alpha, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        live = offs < n_elements
        x = tl.load(x_ptr + offs, mask=live)
        y = tl.load(y_ptr + offs, mask=live)
        tl.store(out_ptr + offs, alpha * x - y, mask=live)

    x = torch.randn(n, device="cuda")
    y = torch.randn(n, device="cuda")
    out = torch.empty_like(x)
    scale_add[(triton.cdiv(n, 128),)](x, y, out, n, 0.5, BLOCK=128)
    torch.testing.assert_close(out, 0.5 * x + y)
