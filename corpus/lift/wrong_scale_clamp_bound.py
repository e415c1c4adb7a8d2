# expect: refuted
# formula: y[i] = min(max(x[i] * s, 0), 0.5)
# A wrong expectation of a correct kernel: the clamp bound is 1, not 0.5. Refuted only by inputs
# whose scaled value lies in (0.5, 1].
import torch
import triton
import triton.language as tl


@triton.jit
def scale_clamp_kernel(x_ptr, y_ptr, s, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.minimum(tl.maximum(x * s, 0.0), 1.0)
    tl.store(y_ptr + offs, y, mask=mask)


def scale_clamp(x: torch.Tensor, s: float) -> torch.Tensor:
    y = torch.empty_like(x)
    n = x.numel()
    scale_clamp_kernel[(triton.cdiv(n, 1024),)](x, y, s, n, BLOCK=1024)
    return y
