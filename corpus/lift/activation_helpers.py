# expect: verified
# formula: y[i] = where(x[i] > 0, x[i], 0.2 * x[i]) * scale
# An activation chosen by a string constexpr, computed by an inlined `@triton.jit` helper that
# returns a value, then scaled by a float the launcher receives; early `return` on an
# out-of-range program; hints and an int64 program id.
import torch
import triton
import triton.language as tl


@triton.jit
def _leaky(x, slope):
    return tl.where(x > 0, x, slope * x)


@triton.jit
def _silu(x):
    return x * tl.sigmoid(x)


@triton.jit
def act_kernel(X, Y, N, scale, ACTIVATION: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0).to(tl.int64)
    if pid * BLOCK_N >= N:
        return
    cols = pid * BLOCK_N + tl.arange(0, BLOCK_N)
    cols = tl.max_contiguous(tl.multiple_of(cols, BLOCK_N), BLOCK_N)
    mask = cols < N
    x = tl.load(X + cols, mask=mask, other=0.0).to(tl.float32)
    if ACTIVATION == "leaky":
        y = _leaky(x, 0.2)
    elif ACTIVATION == "silu":
        y = _silu(x)
    else:
        y = x
    tl.store(Y + cols, y * scale, mask=mask)


def activation(x: torch.Tensor, scale: float, activation: str = "leaky"):
    x = x.contiguous()
    y = torch.empty_like(x)
    N = x.numel()
    BLOCK_N = 512
    grid = (triton.cdiv(N, BLOCK_N),)
    act_kernel[grid](x, y, N, scale, ACTIVATION="leaky", BLOCK_N=BLOCK_N)
    return y
