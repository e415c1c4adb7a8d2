# expect: verified
# formula: out[i] = min(k, x[i, k])
# The minimum of each row with a fixed tile (`tl.min(x, 0)`, positional axis, keep_dims then
# indexed away by a scalar store of the kept dimension); masked lanes load `float('inf')`.
import torch
import triton
import triton.language as tl


@triton.jit
def row_min_kernel(X, Out, N, stride, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + pid * stride + offs, mask=offs < N, other=float('inf'))
    m = tl.min(x, 0, keep_dims=True)
    tl.store(Out + pid + tl.arange(0, 1), m)


def row_min(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    M, N = x.shape
    assert N <= 2048
    out = torch.empty(M, device=x.device, dtype=x.dtype)
    row_min_kernel[(M,)](x, out, N, x.stride(0), BLOCK=2048)
    return out
