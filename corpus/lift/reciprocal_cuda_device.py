# expect: verified
# formula: y[i] = 1 / x[i]
# Reciprocal launched inside `with torch.cuda.device(x.device):`, the output from
# `torch.empty((n,), device=x.device, dtype=x.dtype)` after `assert x.is_contiguous()`.
import torch
import triton
import triton.language as tl


@triton.jit
def _reciprocal_fwd(X, Y, N, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    m = cols < N
    x = tl.load(X + cols, mask=m, other=1.0, eviction_policy="evict_first")
    y = 1.0 / x.to(tl.float32)
    tl.store(Y + cols, y.to(Y.dtype.element_ty), mask=m)


def reciprocal(x: torch.Tensor) -> torch.Tensor:
    assert x.is_contiguous()
    n = x.numel()
    y = torch.empty((n,), device=x.device, dtype=x.dtype)
    with torch.cuda.device(x.device):
        _reciprocal_fwd[(triton.cdiv(n, 1024),)](x, y, n, BLOCK_SIZE=1024)
    return y
